"""The Dinnertime report (fcm.report): stable text explaining every sale and payment."""

from __future__ import annotations

from fcm.core.events import Event
from fcm.core.types import Good
from fcm.report import dinnertime_report
from tests.helpers import add_restaurant, dinner, make_state

B, P, S = Good.BURGER, Good.PIZZA, Good.SODA



def competition_with_first_break() -> list[Event]:
    """Excerpt 004: price + distance, garden, milestone bonus, first break, CFO."""
    s = make_state(3, turn_order=[2, 0, 1])
    s.players[0].reserve, s.players[1].reserve, s.players[2].reserve = 100, 300, 200
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (8, 8), "nw")
    add_restaurant(s, 2, (3, 5), "nw")
    s.players[0].at_work = ["waitress"]
    s.players[1].at_work = ["discount_manager", "waitress", "cfo"]
    s.waitresses_this_round = {0: 1, 1: 1, 2: 0}
    s.players[0].stock[B] = 3
    s.players[1].stock[B] = 3
    s.players[2].stock[S] = 3
    s.players[2].stock[B] = 1
    s.houses[2].garden = ((5, 0), (5, 1))
    s.houses[2].demand = [B, B]
    s.houses[4].demand = [B, S]
    s.players[1].milestones["first_burger_marketed"] = 1
    s.bank = 20
    return dinner(s)


def ties_and_roads() -> list[Event]:
    """Tile A over tile K turned: two road networks."""
    s = make_state(3, milestones=False, tiles=[[("A", 0)], [("K", 2)]])
    add_restaurant(s, 0, (0, 0), "se")
    add_restaurant(s, 1, (0, 3), "sw")
    add_restaurant(s, 2, (5, 0), "sw")
    s.players[1].at_work = ["waitress"]
    s.waitresses_this_round = {1: 1}
    for seat in range(3):
        s.players[seat].stock[P] = 2
    s.houses[2].demand = [P]
    s.houses[18].demand = [P, P, B]
    return dinner(s)


def final_break_with_box() -> list[Event]:
    s = make_state(2)
    s.round = 5
    s.bank_breaks = 1
    s.bank = 1
    s.players[0].milestones = {"first_100": 3}
    s.players[0].at_work = ["waitress"]
    return dinner(s)


def test_report_competition_with_first_break() -> None:
    text = dinnertime_report(competition_with_first_break(), names={0: "A", 1: "B", 2: "C"})
    assert text == COMPETITION


def test_report_ties_roads_and_a_house_that_stays_home() -> None:
    assert dinnertime_report(ties_and_roads()) == TIES


def test_report_final_break_paid_from_the_box() -> None:
    assert dinnertime_report(final_break_with_box()) == FINAL


def test_report_reads_json_events_and_ignores_other_kinds() -> None:
    events = competition_with_first_break()
    as_json = [{"kind": "phase_started", "phase": "dinnertime"}] + [e.to_json() for e in events]
    assert dinnertime_report(as_json, names={0: "A", 1: "B", 2: "C"}) == COMPETITION
    assert dinnertime_report([]) == ""


COMPETITION = "".join(
    [
        "Dinnertime, round 1 (bank $20).\n",
        "B claims First to lower prices.\n",
        "Item prices: C $10, A $10, B $6.\n",
        "House 2 (garden) wants burger, burger:\n",
        "  C: missing burger\n",
        "  A: price $10 + distance 0 = $10 -- higher price + distance\n",
        "  B: price $6 + distance 1 = $7 -- wins\n",
        "  -> B serves it from restaurant #1 (lowest price + distance).\n",
        "  B is paid: 2 x $6 = $12; garden doubles +$12; First burger marketed 2 x $5 = "
        "+$10; total $34.\n",
        "The bank breaks (first time) while paying B, $14 still owed. Reserve cards: A "
        "$100, B $300, C $200; the bank gets $600 (now $600); CEO slots become 4.\n",
        "B claims First to have $20.\n",
        "House 4 wants burger, soda:\n",
        "  C: price $10 + distance 0 = $10 -- wins\n",
        "  A: missing soda\n",
        "  B: missing soda\n",
        "  -> C serves it from restaurant #1 (the only chain that can serve).\n",
        "  C is paid: 2 x $10 = $20; total $20.\n",
        "C claims First to have $20.\n",
        "Waitresses: A 1 x $3 = $3.\n",
        "Waitresses: B 1 x $3 = $3.\n",
        "CFO: B 50% of $37 earned, rounded up = +$19.\n",
        "Dinnertime earnings: C +$20 (cash $20), A +$3 (cash $3), B +$56 (cash $56). Bank $541.\n",
    ]
)
TIES = "".join(
    [
        "Dinnertime, round 1 (bank $150).\n",
        "Item prices: Player 1 $10, Player 2 $10, Player 3 $10.\n",
        "House 2 wants pizza:\n",
        "  Player 1: price $10 + distance 0 = $10, 0 Waitresses -- tie lost on Waitresses\n",
        "  Player 2: price $10 + distance 0 = $10, 1 Waitress -- wins\n",
        "  Player 3: not connected by road\n",
        "  -> Player 2 serves it from restaurant #1 (tie broken by more Waitresses).\n",
        "  Player 2 is paid: 1 x $10 = $10; total $10.\n",
        "House 18 wants pizza, pizza, burger: stays home (no chain can serve it).\n",
        "  Player 1: not connected by road\n",
        "  Player 2: not connected by road\n",
        "  Player 3: missing burger\n",
        "Waitresses: Player 2 1 x $3 = $3.\n",
        "Dinnertime earnings: Player 1 +$0 (cash $0), Player 2 +$13 (cash $13), Player 3 +$0 "
        "(cash $0). Bank $137.\n",
    ]
)
FINAL = "".join(
    [
        "Dinnertime, round 5 (bank $1).\n",
        "Item prices: Player 1 $10, Player 2 $10.\n",
        "No house has demand: nobody eats out.\n",
        "Waitresses: Player 1 1 x $3 = $3.\n",
        "The bank breaks (second time) while paying Player 1, $2 still owed. No refill: "
        "the rest is paid from the box.\n",
        "  Player 1 takes $2 from the box (waitresses).\n",
        "CFO (First to have $100): Player 1 50% of $3 earned, rounded up = +$2.\n",
        "  Player 1 takes $2 from the box (cfo).\n",
        "Dinnertime earnings: Player 1 +$5 (cash $5), Player 2 +$0 (cash $0). Bank $0.\n",
        "The game ends after this Dinnertime.\n",
    ]
)
