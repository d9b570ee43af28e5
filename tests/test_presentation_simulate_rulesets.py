"""The presentation layer and the simulator read the game's own ruleset, not the base game's:
a module's salary (ketchup.md 3, First waitress used: $3 per salaried card) and a module's
campaign tiles (ketchup.md 13, Gourmet Food Critics: guides 17-20)."""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm import simulate
from fcm.core.actions import StartCampaign
from fcm.core.engine import legal_actions
from fcm.core.state import Options, Phase, WorkStep
from fcm.modules.new_milestones import ids as nm
from fcm.presentation import present
from tests.helpers import make_state, start_phase


def test_ketchup_3_a_training_shows_the_3_dollar_salary_of_first_waitress_used() -> None:
    """ketchup.md 3, First waitress used: "Your salaries are $3 per salaried employee". Training
    a Kitchen Trainee into a Burger Cook (salaried) shows a $3 card salary and a total $3
    higher."""
    s = make_state(modules=frozenset({"new_milestones"}))
    s.players[0].at_work = ["trainer"]
    s.players[0].beach = ["kitchen_trainee"]
    s.players[0].milestones[nm.FIRST_WAITRESS_USED] = 1
    s.round = 2
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.TRAIN
    shown = present(fcm.view(s, 0), 0, legal_actions(s, 0))
    train = next(a for a in shown["actions"] if a["action"].get("into") == "burger_cook")
    assert train["card_salary"] == 3
    assert (train["salary_before"], train["salary_after"]) == (0, 3)


def test_ketchup_13_simulate_names_a_gourmet_guide_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    """ketchup.md 13: a gourmet guide (campaign tiles 17-20) exists only in a game with Gourmet
    Food Critics. A game whose first campaign is guide 17 reports the opening
    "<food>+gourmet_guide" (the base catalog has no tile 17)."""
    real = simulate.play_game

    def play(bots: Any, seed: int, options: Options, on_step: Any = None) -> Any:
        start = fcm.new_game(2, seed, options)
        on_step(start, 0, StartCampaign("gourmet_food_critic", 17))  # seat 0's first launch
        return real(bots, seed, options, on_step=on_step)

    monkeypatch.setattr(simulate, "play_game", play)
    options = Options(modules=frozenset({"gourmet_food_critics"}), round_limit=2)
    line = simulate.run_one(simulate.GameSpec(5, ("random", "random"), options.to_dict()))
    assert line["openings"][0].endswith("+gourmet_guide")


def test_ketchup_19_3_the_goods_choice_is_shown_with_the_cash_left_to_pay() -> None:
    """ketchup.md 19.3, First beer sold: the Payday choice of goods is shown as actions with
    the cash still owed before and after the item ($10 due: $10, then $5), and the items
    already given."""
    from fcm.core.actions import Done
    from fcm.core.engine import apply, current_actors
    from fcm.core.types import Good
    from fcm.modules.new_milestones.actions import PaySalary

    s = make_state(modules=frozenset({"new_milestones"}))
    s.players[0].at_work = ["coach", "burger_chef"]  # 2 x $5
    s.players[0].cash = 30
    s.players[0].stock[Good.BEER] = 2
    s.players[0].milestones[nm.FIRST_BEER_SOLD] = 1
    start_phase(s, Phase.PAYDAY)
    for seat in (0, 1):
        if seat in current_actors(s):
            s, _ = apply(s, seat, Done())
    shown = present(fcm.view(s, 0), 0, legal_actions(s, 0))
    (beer,) = [a for a in shown["actions"] if a["action"] == PaySalary(Good.BEER).to_json()]
    assert beer["label"] == "Pay a salary with beer"
    assert (beer["cash_before"], beer["cash_after"]) == (10, 5)
    assert beer["paying_good"] == "beer"  # the decision panel's item, not the module's field
    s, _ = apply(s, 0, PaySalary(Good.BEER))
    shown = present(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert shown["paying_goods"] == ["beer"] and shown["stage"] == "paying"


def test_ketchup_3_1_a_training_at_work_is_shown_as_a_training_with_its_own_sentence() -> None:
    """ketchup.md 3.1, First lemonade sold: a card at work trains into one of its colour. The
    browser knows no module's action type (issue 24): the presentation says that such a step
    joins the trainings' section (``shown_as``) under the module's sentence (``intro``), in
    the page's language; the base game's training carries neither."""
    from fcm.modules.new_milestones.actions import TrainAtWork

    s = make_state(modules=frozenset({"new_milestones"}))
    s.players[0].at_work = ["trainer", "errand_boy"]
    s.players[0].beach = ["kitchen_trainee"]
    s.players[0].milestones[nm.FIRST_LEMONADE_SOLD] = 1
    s.round = 2
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None
    s.turn.working.step = WorkStep.TRAIN
    legal = legal_actions(s, 0)
    shown = present(fcm.view(s, 0), 0, legal)
    (cart,) = [a for a in shown["actions"] if a["action"]["type"] == TrainAtWork.type]
    assert cart["action"]["into"] == "cart_operator"
    assert cart["shown_as"] == "train" and cart["intro"].startswith("Train an employee at work")
    base = [a for a in shown["actions"] if a["action"]["type"] == "train"]
    assert base and not any("shown_as" in a or "intro" in a for a in base)
    french = present(fcm.view(s, 0), 0, legal, lang="fr")
    (cart_fr,) = [a for a in french["actions"] if a["action"]["type"] == TrainAtWork.type]
    assert cart_fr["intro"].startswith("Forme un employé au travail")
