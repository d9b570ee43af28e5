"""Night Shift Managers (ketchup.md 10; 0.2 salaried entry-level cards)."""

from __future__ import annotations

from tests.helpers import add_restaurant, make_state, start_phase

from fcm.core.actions import (
    ArrangeStructure,
    ChooseAdvert,
    Done,
    Hire,
    PlaceCampaign,
    StartCampaign,
    Train,
)
from fcm.core.company import salaried_cards, salary_due, structure_fits, unit_price
from fcm.core.engine import apply, legal_actions
from fcm.core.errors import IllegalActionError
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Good

NSM = frozenset({"night_shift_managers"})
N = "night_shift_manager"


def working(s: GameState, at_work: list[str], beach: list[str] = ()) -> GameState:
    s.players[0].at_work = sorted(at_work)
    s.players[0].beach = sorted(beach)
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    return s


def test_ketchup_10_a_recruiting_girl_hires_twice_the_ceo_once() -> None:
    s = working(make_state(modules=NSM), [N, "recruiting_girl"])
    assert s.turn.working is not None and s.turn.working.hires_left == 1 + 2
    s = working(make_state(modules=NSM), ["recruiting_girl"])
    assert s.turn.working is not None and s.turn.working.hires_left == 2


def test_ketchup_10_a_trainer_trains_twice_but_never_the_same_card_twice() -> None:
    s = working(make_state(modules=NSM), [N, "trainer"], ["errand_boy", "kitchen_trainee"])
    assert s.turn.working is not None
    assert [t.card for t in s.turn.working.trainers] == ["trainer", "trainer"]
    s.turn.working.step = WorkStep.TRAIN
    s, _ = apply(s, 0, Train("trainer", "kitchen_trainee", "burger_cook"))
    again = [a for a in legal_actions(s, 0) if isinstance(a, Train) and a.fresh]
    assert again == []  # the day shift trained it: the night shift may not (no stacking)
    s, _ = apply(s, 0, Train("trainer", "errand_boy", "cart_operator"))
    assert s.turn.working is not None and all(t.left == 0 for t in s.turn.working.trainers)


def test_ketchup_10_salaried_cards_and_the_ceo_work_once() -> None:
    s = working(make_state(modules=NSM), [N, "trainer", "coach"])
    assert s.turn.working is not None
    assert sorted(t.card for t in s.turn.working.trainers) == ["coach", "trainer", "trainer"]


def test_ketchup_10_a_pricing_manager_lowers_the_price_by_2() -> None:
    s = make_state(modules=NSM)
    s.players[0].at_work = [N, "pricing_manager"]
    assert unit_price(s, 0) == 8
    s.players[0].at_work = [N, "discount_manager"]  # salaried: once
    assert unit_price(s, 0) == 7


def test_ketchup_10_a_waitress_earns_double_and_counts_two_for_ties() -> None:
    from fcm.core.events import EventLog
    from fcm.core.phases import dinnertime, restructuring

    s = make_state(modules=NSM)
    s.players[0].hand = [N, "waitress"]
    s.turn.drafts = {0: [N, "waitress"], 1: []}
    restructuring.finish(s, EventLog())
    assert s.waitresses_this_round[0] == 2
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (0, 3), "sw")
    s.players[1].at_work = ["waitress"]
    s.waitresses_this_round[1] = 1
    for p in s.players:
        p.stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.BURGER]
    s.turn_order = [1, 0]
    s.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.finish(s, log)
    (served,) = [e.data for e in log if e.kind == "house_served"]
    assert served["winner"] == 0 and served["decided_by"] == "waitresses"
    (tips,) = [e.data for e in log if e.kind == "waitress_income" and e.data["seat"] == 0]
    assert tips["waitresses"] == 2 and tips["amount"] == 2 * 5  # First waitress played: $5


def test_ketchup_10_a_marketing_trainee_launches_two_billboards_and_stays_on_the_longer() -> None:
    s = make_state(modules=NSM, milestones=False)  # no First billboard: both finite
    add_restaurant(s, 0, (0, 0), "se")
    s = working(s, [N, "marketing_trainee"])
    assert s.turn.working is not None
    while s.turn.working.step is not WorkStep.CAMPAIGNS:
        s, _ = apply(s, 0, Done())
        assert s.turn.working is not None
    for duration in (1, 2):
        start = next(a for a in legal_actions(s, 0) if isinstance(a, StartCampaign))
        s, _ = apply(s, 0, start)
        place = next(a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign))
        s, _ = apply(s, 0, place)
        s, _ = apply(s, 0, ChooseAdvert(Good.BURGER, duration))
    mine = sorted(s.campaigns.values(), key=lambda c: c.remaining)
    assert [(c.remaining, c.marketeer) for c in mine] == [(1, ""), (2, "marketing_trainee")]
    assert s.busy_marketeers(0) == ["marketing_trainee"]  # one card, busy until both end


def test_ketchup_10_a_0_slot_manager_in_a_ceo_slot_with_nobody_under_it() -> None:
    s = make_state(modules=NSM)
    assert structure_fits([N, "waitress", "errand_boy"], 3, s.rules)
    assert not structure_fits([N, "waitress", "errand_boy", "trainer"], 3, s.rules)
    s.players[0].hand = [N, "waitress"]
    start_phase(s, Phase.RESTRUCTURING)
    try:
        apply(s, 0, ArrangeStructure(((N, ("waitress",)),)))
    except IllegalActionError as exc:
        assert "0 slots" in str(exc)
    else:
        raise AssertionError("a card under a Night Shift Manager was accepted")


def test_ketchup_0_2_a_salaried_entry_level_card_is_hired_and_paid_the_same_round() -> None:
    s = working(make_state(modules=NSM), [])
    assert Hire(N) in legal_actions(s, 0)
    s, _ = apply(s, 0, Hire(N))
    assert salaried_cards(s, 0) == [N] and salary_due(s, 0) == 5


def test_ketchup_0_2_a_1x_entry_level_card_is_hired_once_per_player() -> None:
    from tests.helpers import assert_illegal

    s = working(make_state(modules=NSM), [N, "recruiting_girl"])
    assert Hire(N) not in legal_actions(s, 0)  # the one at work is yours
    assert_illegal(s, 0, Hire(N), "1x card", "already own")
    s = working(make_state(modules=NSM), ["recruiting_girl"])
    s, _ = apply(s, 0, Hire(N))
    assert Hire(N) not in legal_actions(s, 0)  # the one on the beach too


def test_ketchup_10_a_scenario_at_dinnertime_counts_a_night_shift_waitress_twice() -> None:
    """ketchup.md 10: with a Night Shift Manager at work a Waitress "earns double and counts as
    two waitresses for ties". A position loaded at Dinnertime counts her as Restructuring does:
    seat 0 (one Waitress, on two shifts) beats seat 1 (one Waitress, first in turn order) on
    the tie for house 2 and earns 2 x $3 tips."""
    from fcm.games import load_scenario_with_events

    s, events = load_scenario_with_events({
        "players": 2,
        "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "modules": ["night_shift_managers"],
        "phase": "dinnertime",
        "turn_order": [1, 0],
        "companies": [
            {"at_work": [N, "waitress"], "stock": {"burger": 1}},
            {"at_work": ["waitress"], "stock": {"burger": 1}},
        ],
        "restaurants": [
            {"owner": 0, "cell": [0, 0], "entrance": "se"},
            {"owner": 1, "cell": [0, 3], "entrance": "sw"},
        ],
        "houses": [{"number": 2, "demand": ["burger"]}],
    })
    assert s.waitresses_this_round == {0: 2, 1: 1}
    (served,) = [e.data for e in events if e.kind == "house_served"]
    assert served["winner"] == 0 and served["decided_by"] == "waitresses"
    (tips,) = [e.data for e in events if e.kind == "waitress_income" and e.data["seat"] == 0]
    assert tips["waitresses"] == 2 and tips["amount"] == 2 * 3
