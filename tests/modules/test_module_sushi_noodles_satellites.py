"""Sushi and Noodles outside the rules engine (ketchup.md 6, 7, 0.2; docs/modules.md,
"Satellites"): the Dinnertime report says why a house bought sushi or noodles, the browser's
catalog and the lobby know the modules from the registry, the research encoding is sized from
the ruleset, and the easy and medium bots train and work the new cooks.

Positions as in test_module_sushi.py (tests.helpers.SMALL_MAP; house 2 at distance 0 from seat
0's restaurant, 1 from seat 1's; a garden on request).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from tests.helpers import dinner, legal_actions, make_state, start_phase
from tests.modules.test_module_sushi import GARDEN, SODA, B, two_chains

import fcm
from fcm.bots import make_bot
from fcm.bots.advice import advice_for, work_priority
from fcm.bots.heuristic import WORK_PRIORITY, pack_structure
from fcm.core.actions import Hire, Train
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import EmployeeId, Good
from fcm.modules.noodles import bots as noodle_bots
from fcm.modules.noodles.ids import NOODLE_CHEF, NOODLE_COOK, NOODLES
from fcm.modules.sushi import bots as sushi_bots
from fcm.modules.sushi.ids import SUSHI, SUSHI_CHEF, SUSHI_COOK
from fcm.presentation import catalog_info
from fcm.report import dinnertime_report
from fcm.rulesets import get_ruleset

E = EmployeeId
BOTH = frozenset({"sushi", "noodles"})


# -- report --------------------------------------------------------------------------------------


def test_ketchup_6_7_the_dinnertime_report_says_why_the_house_bought_sushi_or_noodles() -> None:
    """ketchup.md 6 and 7: ``fcm replay --dinnertime N`` names what was bought and why."""
    s = two_chains(BOTH)
    s.players[1].stock.update({SUSHI: 2})
    s.players[0].stock.update({NOODLES: 1})
    s.houses[2].demand = [B, SODA]
    s.houses[4].demand = [SODA]
    text = dinnertime_report(dinner(s))
    assert (
        "House 2 (garden) wants burger, soda:\n"
        "  The house buys sushi + sushi: a house with a garden buys sushi, one per demand "
        "token, from a chain that has enough, whatever its price (Sushi).\n"
    ) in text
    assert (
        "  The house buys noodles: no chain could sell the order itself, so the house eats "
        "noodles, one per demand token (Noodles).\n"
    ) in text


# -- browser, lobby, env -------------------------------------------------------------------------


def test_ketchup_0_2_the_catalog_lists_sushi_and_noodles_their_look_and_glossary() -> None:
    info = catalog_info(fcm.new_game(2, 1, fcm.Options(modules=BOTH)).rules)
    assert info["goods"][-2:] == ["noodles", "sushi"]
    assert info["texts"]["goods"]["sushi"]["label"] == "Sushi"
    assert info["texts"]["goods"]["noodles"]["label"] == "Noodles"
    terms = {g["term"]: g["text"] for g in info["glossary"]}
    assert "garden" in terms["Sushi"] and "no chain can sell" in terms["Noodles"]
    base = catalog_info()
    assert not {"Sushi", "Noodles"} & {g["term"] for g in base["glossary"]}


def test_the_lobby_offers_sushi_and_noodles_from_the_module_registry(tmp_path: Path) -> None:
    """The lobby's checkboxes come from the registry (``/api/web/options``): the two modules
    are offered with their descriptions, no lobby code names them."""
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from fcm.server import Settings, create_app
    from fcm.server.web import mount_web

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/fcm.sqlite3"))
    mount_web(app)
    with TestClient(app) as client:
        offered = {m["id"]: m for m in client.get("/api/web/options").json()["modules"]}
    assert offered["sushi"]["description"].startswith("Sushi cooks")
    assert offered["noodles"]["description"].startswith("Noodle cooks")


def test_the_research_encoding_is_sized_from_the_ruleset() -> None:
    """The env's goods and cards come from the ruleset: the new goods and cards are in it."""
    pytest.importorskip("numpy")
    from fcm.env.encoding import encoding_for

    enc = encoding_for(get_ruleset("base", ("noodles", "sushi")))
    base = encoding_for(get_ruleset("base", ()))
    assert set(enc.goods) - set(base.goods) == {SUSHI, NOODLES}
    assert {SUSHI_COOK, SUSHI_CHEF, NOODLE_COOK} <= set(enc.employees)


# -- bots ----------------------------------------------------------------------------------------


def train_position(modules: frozenset[str], garden: bool, cash: int = 60) -> GameState:
    """Seat 0's train step: a Trainer at work, a Burger Cook owned, a Kitchen Trainee on the
    beach; house 2 with a garden if ``garden``."""
    s = make_state(modules=modules)
    s.round = 4
    if garden:
        s.houses[2].garden = GARDEN
    p = s.players[0]
    p.cash = cash
    p.at_work = ["trainer"]
    p.hand = [E.BURGER_COOK]
    p.beach = [E.KITCHEN_TRAINEE]
    s.turn.phase = Phase.ORDER_OF_BUSINESS
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = WorkStep.TRAIN
    return s


@pytest.mark.parametrize("bot", ["easy", "medium"])
def test_ketchup_6_the_bots_train_a_kitchen_trainee_into_a_sushi_cook_for_a_garden(
    bot: str,
) -> None:
    """ketchup.md 6 and 0.2: with a garden house on the map a chain that already cooks its
    food trains a Kitchen Trainee into a Sushi Cook."""
    s = train_position(frozenset({"sushi"}), garden=True)
    chosen = make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert chosen == Train("trainer", E.KITCHEN_TRAINEE, SUSHI_COOK)


def test_the_sushi_advice_waits_for_a_garden_food_and_cash() -> None:
    ask = lambda s: sushi_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0))  # noqa: E731
    assert ask(train_position(frozenset({"sushi"}), garden=False)) is None
    assert ask(train_position(frozenset({"sushi"}), garden=True, cash=5)) is None
    s = train_position(frozenset({"sushi"}), garden=True)
    s.players[0].hand = []  # nothing cooks yet: the trainee's first cook is the main food
    assert ask(s) is None


def test_ketchup_6_a_sushi_cook_becomes_the_sushi_chef() -> None:
    s = train_position(frozenset({"sushi"}), garden=True)
    s.players[0].beach = [SUSHI_COOK]
    assert sushi_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0)) == Train(
        "trainer", SUSHI_COOK, SUSHI_CHEF
    )


@pytest.mark.parametrize("bot", ["easy", "medium"])
def test_ketchup_7_the_bots_train_a_kitchen_trainee_into_a_noodle_cook(bot: str) -> None:
    """ketchup.md 7: noodles sell to houses no chain can serve, whatever they want: a chain
    that cooks burgers, with two houses wanting lemonade it cannot fetch, takes one Noodle
    Cook; with one such house, or a second cook, it does not."""
    s = train_position(frozenset({"noodles"}), garden=False)
    s.houses[2].demand = [Good.LEMONADE]
    s.houses[4].demand = [B, Good.LEMONADE]
    chosen = make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert chosen == Train("trainer", E.KITCHEN_TRAINEE, NOODLE_COOK)
    s.players[0].hand.append(NOODLE_COOK)  # one is enough
    assert noodle_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0)) is None
    s = train_position(frozenset({"noodles"}), garden=False)
    s.houses[2].demand = [Good.LEMONADE]
    s.houses[4].demand = [B]  # the chain makes burgers
    assert noodle_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0)) is None


def test_the_bots_hire_a_kitchen_trainee_for_the_new_cook() -> None:
    """ketchup.md 0.2: the any-cook Kitchen Trainee is the way to a Sushi or Noodle Cook; the
    advice hires one (from round 4, or with a second hire) when the chain cooks."""
    s = make_state(modules=frozenset({"noodles"}))
    s.round = 4
    s.players[0].cash = 60
    s.players[0].hand = [E.BURGER_COOK]
    s.houses[2].demand = [Good.BEER]
    s.houses[4].demand = [Good.PIZZA]
    s.turn.phase = Phase.ORDER_OF_BUSINESS
    start_phase(s, Phase.WORKING)
    legal = legal_actions(s, 0)
    assert noodle_bots.hire(fcm.view(s, 0), 0, legal) == Hire(E.KITCHEN_TRAINEE)
    s.round = 2
    assert noodle_bots.hire(fcm.view(s, 0), 0, legal) is None


def test_the_bots_put_the_new_cooks_to_work_after_the_main_cooks() -> None:
    s = make_state(modules=BOTH)
    s.players[0].hand = [E.BURGER_COOK, SUSHI_COOK, NOODLE_COOK, E.MARKETING_TRAINEE]
    prio = {**WORK_PRIORITY, **work_priority(s, 0)}
    work = pack_structure(s.rules, s.players[0].hand, 3, prio)
    assert sorted(work) == sorted([E.BURGER_COOK, SUSHI_COOK, NOODLE_COOK])


def test_the_advice_is_registered_for_its_modules_only() -> None:
    assert sushi_bots.ADVICE in advice_for({"sushi"})
    assert noodle_bots.ADVICE in advice_for({"noodles"})
    assert sushi_bots.ADVICE not in advice_for({"noodles", "kimchi"})


def test_ketchup_7_a_waiting_kitchen_trainee_does_not_hide_the_houses_noodles_are_for() -> None:
    """ketchup.md 7 and 0.2: a Kitchen Trainee on the beach is no pizza cook yet. A chain that
    cooks burgers, with two houses wanting pizza, trains it into a Noodle Cook (before, the
    trainee counted as a pizza maker, so the advice never saw those houses: in 20 medium
    games 28 trainees were hired for a Noodle Cook and none became one)."""
    s = train_position(frozenset({"noodles"}), garden=False)
    s.houses[2].demand = [Good.PIZZA]
    s.houses[4].demand = [Good.PIZZA, Good.PIZZA]
    assert noodle_bots.unserved(fcm.view(s, 0), 0) == 2
    assert noodle_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0)) == Train(
        "trainer", E.KITCHEN_TRAINEE, NOODLE_COOK
    )


def chef_position(tokens: list[list[Good]]) -> GameState:
    """Seat 0: a Noodle Cook on the beach, a Trainer at work, a Burger Cook; houses 2 and 4
    with these demands."""
    s = train_position(frozenset({"noodles"}), garden=False)
    s.players[0].beach = [NOODLE_COOK]
    s.houses[2].demand, s.houses[4].demand = tokens
    return s


@pytest.mark.parametrize("bot", ["easy", "medium"])
def test_ketchup_7_the_noodle_cook_becomes_the_noodle_chef_when_stuck_demand_exceeds_6(
    bot: str,
) -> None:
    """ketchup.md 7: the Noodle Chef makes 16 noodles, the cook 6. With 7 demand tokens on
    houses the chain cannot serve (lemonade it cannot fetch, pizza it does not cook) the cook
    becomes the chef; with 6 or fewer the cook's noodles are enough."""
    L, P = Good.LEMONADE, Good.PIZZA
    s = chef_position([[L, L, P], [P, P, L, L]])
    chosen = make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert chosen == Train("trainer", NOODLE_COOK, NOODLE_CHEF)
    s = chef_position([[L, L, P], [P, P, L]])
    assert noodle_bots.train(fcm.view(s, 0), 0, legal_actions(s, 0)) is None


def test_ketchup_7_the_cook_waits_on_the_beach_for_the_trainer_when_the_chef_is_wanted() -> None:
    """Only a card on the beach is trained: while the Noodle Chef is wanted, Restructuring
    keeps the Noodle Cook on the beach and sends the trainer to work (before, the cook always
    worked and no Noodle Chef was trained in 20 medium games)."""
    L, P = Good.LEMONADE, Good.PIZZA
    s = chef_position([[L, L, P], [P, P, L, L]])
    s.players[0].hand = [E.BURGER_COOK, NOODLE_COOK, E.TRAINER]
    prio = noodle_bots.work_priority(fcm.view(s, 0), 0)
    assert prio[NOODLE_COOK] == 0 and prio[E.TRAINER] == 85
    work = pack_structure(s.rules, s.players[0].hand, 3, {**WORK_PRIORITY, **prio})
    assert NOODLE_COOK not in work and E.TRAINER in work
    s.houses[4].demand = [P]  # 4 tokens: the cook's 6 noodles are enough, it works
    assert noodle_bots.work_priority(fcm.view(s, 0), 0)[NOODLE_COOK] == noodle_bots.COOK_WORKS
