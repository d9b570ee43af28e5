"""Kimchi outside the rules engine (ketchup.md 5 and 0.2; docs/modules.md, "Satellites"): the
Dinnertime report says when a house bought its order plus one kimchi and why, the browser gets
kimchi's look, the glossary and the freezer's refusal, and the easy and medium bots hire a
Kimchi Master, keep her at work and keep kimchi in a freezer only alone.

Positions as in test_module_kimchi.py (tests.helpers.SMALL_MAP; house 2 at distance 0 from a
restaurant at (0,0) se, 1 from one at (3,5) nw).
"""

from __future__ import annotations

import pytest
from tests.helpers import current_actors, legal_actions, make_state, play, start_phase
from tests.modules.test_module_kimchi import BEER, KIMCHI_ON, B, P, dinner, two_chains

import fcm
from fcm.bots import make_bot
from fcm.bots.advice import advice_for, work_priority
from fcm.bots.heuristic import WORK_PRIORITY, pack_structure
from fcm.core.actions import Done, Hire, ThrowAway
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId
from fcm.modules.kimchi import bots as kimchi_bots
from fcm.modules.kimchi.ids import KIMCHI, KIMCHI_MASTER
from fcm.presentation import catalog_info, present
from fcm.report import dinnertime_report, event_line
from fcm.texts import bought, order_text, orders

E = EmployeeId


def kx_example() -> list:
    """ketchup.md 5's example: house 2 wants burger + pizza; seat 1 (kimchi, score 11) beats
    seat 0 (no kimchi, score 10) and earns 3 x $10."""
    s = two_chains()
    s.players[0].stock.update({B: 1, P: 1})
    s.players[1].stock.update({B: 1, P: 1, KIMCHI: 2})
    s.houses[2].demand = [B, P]
    return dinner(s)


# -- report --------------------------------------------------------------------------------------


def test_ketchup_5_the_dinnertime_report_says_the_house_bought_its_order_plus_one_kimchi() -> None:
    """ketchup.md 5: the kimchi chain wins whatever its price and sells one kimchi on top; the
    report (``fcm replay --dinnertime N``) names what was bought, why, and the 3 items paid."""
    text = dinnertime_report(kx_example())
    assert (
        "House 2 wants burger, pizza:\n"
        "  The house buys burger + pizza + kimchi: a chain with kimchi wins whatever its price "
        "(Kimchi).\n"
        "  Player 1: missing kimchi\n"
        "  Player 2: price $10 + distance 1 = $11 -- wins\n"
        "  -> Player 2 serves it from restaurant #1 (the only chain that can serve).\n"
        "  Player 2 is paid: 3 x $10 = $30; total $30.\n"
    ) in text


def test_ketchup_5_the_log_line_of_a_kimchi_sale_and_of_the_kimchi_made() -> None:
    """ketchup.md 5: the house_served line (``fcm replay --log``) ends with what was bought;
    the Master's kimchi in Clean up is a ``cooked`` line."""
    (served,) = [e for e in kx_example() if e.kind == "house_served"]
    assert event_line(served) == (
        "House 2 wants burger, pizza: Player 2 serves it from restaurant #1 (the only chain "
        "that can serve); 3 x $10 = $30; total $30. The house buys burger + pizza + kimchi: a "
        "chain with kimchi wins whatever its price (Kimchi)."
    )
    s = make_state(modules=KIMCHI_ON)
    s.turn.phase = Phase.MARKETING
    s.players[0].at_work = [KIMCHI_MASTER]
    (made,) = [e for e in start_phase(s, Phase.CLEANUP) if e.kind == "cooked"]
    assert event_line(made) == "Player 1: Kimchi Master makes 1 kimchi."  # the card by its name


def test_a_base_sale_reads_as_before() -> None:
    """No ``order`` in the event: no added sentence (the base game's text stays as it was)."""
    s = two_chains()
    s.players[0].stock.update({B: 1})
    s.houses[2].demand = [B]
    (served,) = [e for e in dinner(s) if e.kind == "house_served"]
    assert "order" not in served.data and order_text(served.data, str) is None
    assert event_line(served).endswith("; 1 x $10 = $10; total $10.")


def test_an_order_tier_reads_by_its_parts_and_the_demand_comes_first() -> None:
    """A tier joined with ``+`` (kimchi on top of another module's order, ketchup.md 5's
    combined priority) reads as its known parts; an unknown tier is named; the items bought
    list the demand first, in its order."""
    assert bought(["pizza", "burger"], ["burger", "kimchi", "pizza"]) == [
        "pizza",
        "burger",
        "kimchi",
    ]
    data = {"order": "kimchi+other", "demand": ["burger"], "sold": ["burger", "kimchi"]}
    assert order_text(data, str) == "buys burger + kimchi: " + orders()["kimchi"]
    data = {"order": "other", "demand": ["burger"], "sold": ["burger", "burger"]}
    assert order_text(data, str) == "buys burger + burger (other)"


# -- browser: catalog, presentation --------------------------------------------------------------


def test_ketchup_0_2_the_catalog_of_a_kimchi_game_lists_kimchi_its_look_and_glossary() -> None:
    """ketchup.md 0.2: kimchi is a new good; the browser draws it from the module's texts and
    the rules tab explains it only in a game with the module."""
    info = catalog_info(fcm.new_game(2, 1, fcm.Options(modules=KIMCHI_ON)).rules)
    assert info["goods"][-1] == "kimchi"
    assert info["texts"]["goods"]["kimchi"] == {
        "label": "Kimchi",
        "short": "K",
        "fill": "#9f1239",
        "text": "#fff",
    }
    assert info["texts"]["orders"]["kimchi"].startswith("a chain with kimchi wins")
    terms = {g["term"]: g["text"] for g in info["glossary"]}
    assert "keeps nothing else" in terms["Kimchi"] and "Kimchi Master" in terms["Kimchi"]
    base = catalog_info()
    assert "kimchi" not in base["goods"] and "Kimchi" not in {g["term"] for g in base["glossary"]}


def freezer_position(stock: dict) -> GameState:
    """Clean up of round 3, seat 0 holding First to throw away (a freezer) and ``stock``."""
    s = make_state(modules=KIMCHI_ON)
    s.round = 3
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 2}
    s.players[0].stock.update(stock)
    start_phase(s, Phase.CLEANUP)
    assert current_actors(s) == [0]
    return s


def test_ketchup_5_the_browser_says_why_the_freezer_may_not_keep_kimchi_with_beer() -> None:
    """ketchup.md 5: if any kimchi is frozen nothing else may be; the decision panel shows the
    engine's reason (``why_not_done``), not "over capacity"."""
    s = freezer_position({KIMCHI: 2, BEER: 1})
    pres = present(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert pres["why_not_done"] == (
        "A freezer that keeps kimchi keeps nothing else (Kimchi): throw the rest "
        "away, or the kimchi"
    )
    alone = freezer_position({KIMCHI: 2})
    assert "why_not_done" not in present(fcm.view(alone, 0), 0, legal_actions(alone, 0))


# -- bots ----------------------------------------------------------------------------------------


def hire_position(round_: int, cash: int, hires: int = 1, cook: bool = True) -> GameState:
    """Working 9-5's hire step of seat 0 (first in turn order), round ``round_``."""
    s = make_state(modules=KIMCHI_ON)
    s.round = round_
    p = s.players[0]
    p.cash = cash
    p.hand = [E.BURGER_COOK] if cook else [E.WAITRESS]
    p.at_work = [E.RECRUITING_GIRL] if hires > 1 else []
    s.turn.phase = Phase.ORDER_OF_BUSINESS
    start_phase(s, Phase.WORKING)
    assert current_actors(s) == [0] and Hire(KIMCHI_MASTER) in legal_actions(s, 0)
    return s


@pytest.mark.parametrize("bot", ["easy", "medium"])
def test_ketchup_0_2_the_bots_hire_a_kimchi_master_when_they_cook_and_can_pay_her(bot: str) -> None:
    """ketchup.md 0.2 and 5: the Master is hired directly and costs $5 every Payday; the bots
    take her once they own a card that cooks and the cash covers the salaries with room."""
    s = hire_position(round_=4, cash=50)
    assert make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0)) == Hire(KIMCHI_MASTER)


def test_the_kimchi_hire_waits_for_food_cash_and_a_spare_early_hire() -> None:
    legal = lambda s: legal_actions(s, 0)  # noqa: E731
    ask = lambda s: kimchi_bots.hire(fcm.view(s, 0), 0, legal(s))  # noqa: E731
    assert ask(hire_position(round_=4, cash=50)) == Hire(KIMCHI_MASTER)
    assert ask(hire_position(round_=4, cash=50, cook=False)) is None  # nothing to put it on
    assert ask(hire_position(round_=4, cash=10)) is None  # no $5 + margin
    assert ask(hire_position(round_=2, cash=50)) is None  # the turn's only hire, early
    assert ask(hire_position(round_=2, cash=50, hires=2)) == Hire(KIMCHI_MASTER)


def test_ketchup_5_the_bots_put_the_master_to_work_after_the_cooks() -> None:
    """ketchup.md 5: she makes kimchi only at work; with three CEO slots and a cook, she works
    before a marketing or recruiting card (before the advice she never did: unlisted cards
    come last)."""
    s = make_state(modules=KIMCHI_ON)
    s.players[0].hand = [E.BURGER_COOK, KIMCHI_MASTER, E.MARKETING_TRAINEE, E.RECRUITING_GIRL]
    prio = {**WORK_PRIORITY, **work_priority(s, 0)}
    work = pack_structure(s.rules, s.players[0].hand, 3, prio)
    assert sorted(work) == sorted([E.BURGER_COOK, KIMCHI_MASTER, E.MARKETING_TRAINEE])
    s.players[0].hand = [KIMCHI_MASTER, E.MARKETING_TRAINEE]  # nothing cooks yet
    assert work_priority(s, 0)[KIMCHI_MASTER] == 50


@pytest.mark.parametrize("bot", ["easy", "medium"])
def test_ketchup_5_the_bots_freeze_kimchi_only_when_nothing_else_is_kept(bot: str) -> None:
    """ketchup.md 5: a freezer that keeps kimchi keeps nothing else; the bots throw the kimchi
    away (the Master makes a fresh one after the freezer), and keep kimchi alone."""
    s = freezer_position({KIMCHI: 1, BEER: 1, B: 1})
    chosen = make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0))
    assert chosen == ThrowAway(KIMCHI)
    s, _ = play(s, 0, chosen)
    assert make_bot(bot, 1).choose(fcm.view(s, 0), 0, legal_actions(s, 0)) == Done()
    alone = freezer_position({KIMCHI: 2})
    assert make_bot(bot, 1).choose(fcm.view(alone, 0), 0, legal_actions(alone, 0)) == Done()


def test_the_kimchi_advice_is_registered_for_kimchi_games_only() -> None:
    assert kimchi_bots.ADVICE in advice_for({"kimchi"})
    assert kimchi_bots.ADVICE not in advice_for({"fry_chefs"})
