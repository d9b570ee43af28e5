"""The bank and breaking it (excerpt 004 "Breaking the bank"; facts.md E.8, E.10; conventions.md
#3). Map: tests.helpers.SMALL_MAP, restaurants at distance 0 from house 2 / house 4."""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import add_restaurant, kinds, make_state, play, start_phase

from fcm.core import bank
from fcm.core.actions import Done
from fcm.core.events import Event, EventLog
from fcm.core.phases import dinnertime
from fcm.core.state import GameState, Phase
from fcm.core.types import Good

B = Good.BURGER


def dinner(state: GameState) -> tuple[Phase, list[Event]]:
    state.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.begin(state, log)
    nxt = dinnertime.finish(state, log)
    return nxt, list(log)


def sale_position(players: int = 2, **options: Any) -> GameState:
    """Seat 0 sells 3 burgers to house 2 for $30; seat 1 has a Waitress ($3)."""
    s = make_state(players, **options)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[B] = 3
    s.houses[2].demand = [B, B, B]
    s.players[1].at_work = ["waitress"]
    s.waitresses_this_round = {1: 1}
    return s


def test_excerpt_004_first_break_refills_with_reserve_cards_and_pays_the_rest() -> None:
    s = sale_position(3)
    for seat, money in enumerate((100, 200, 200)):
        s.players[seat].reserve = money
    s.bank = 20
    s.players[2].cash = 130  # starting bank $150 for 3 players, $130 earned earlier
    start = bank.conserved_total(s)
    assert start == 150
    nxt, ev = dinner(s)
    (broken,) = kinds(ev, "bank_broken")
    assert broken.data == {
        "number": 1,
        "final": False,
        "introductory": False,
        "reserve_cards": {"0": 100, "1": 200, "2": 200},
        "added": 500,
        "ceo_slots": 3,  # 2, 3, 3: three shown most often
        "bank": 500,
        "paying_seat": 0,
        "still_owed": 10,
    }
    assert s.players[0].cash == 30 and s.players[1].cash == 3
    assert s.bank == 500 - 10 - 3
    assert s.reserve_added == 500 and s.bank_breaks == 1 and s.ceo_slots == 3
    assert bank.conserved_total(s) == start
    assert nxt is Phase.PAYDAY  # Dinnertime goes on and so does the game


@pytest.mark.parametrize(
    ("reserves", "slots"),
    [((100, 300), 4), ((100, 100, 300), 2), ((100, 200, 300), 4), ((200, 200), 3),
     ((100, 100, 200, 200, 300), 3)],
)
def test_excerpt_004_ceo_slots_most_frequent_tie_goes_to_highest(
    reserves: tuple[int, ...], slots: int
) -> None:
    s = sale_position(len(reserves))
    for seat, money in enumerate(reserves):
        s.players[seat].reserve = money
    s.bank = 5
    dinner(s)
    assert s.bank_breaks == 1
    assert s.ceo_slots == slots
    assert s.reserve_added == sum(reserves)
    assert bank.majority_slots(list(reserves), s.rules) == slots


def test_conventions_3_bank_breaks_when_it_reaches_exactly_zero() -> None:
    s = sale_position()
    s.players[0].reserve, s.players[1].reserve = 100, 300
    s.bank = 30  # exactly the sale
    dinner(s)
    assert s.bank_breaks == 1
    assert s.bank == 400 - 3  # refilled, then the Waitress is paid
    assert s.players[0].cash == 30 and s.players[1].cash == 3


def test_option_bank_breaks_only_when_it_cannot_pay_in_full() -> None:
    s = sale_position(bank_breaks_when_short=True)
    s.players[0].reserve, s.players[1].reserve = 100, 300
    s.bank = 30
    _, ev = dinner(s)
    (broken,) = kinds(ev, "bank_broken")
    # $30 empties the bank without a break; the $3 Waitress payment breaks it
    assert broken.data["paying_seat"] == 1 and broken.data["still_owed"] == 3
    assert s.bank == 400 - 3
    assert s.players[1].cash == 3


def test_excerpt_004_second_break_pays_from_the_box_and_ends_the_game() -> None:
    s = sale_position()
    s.bank_breaks = 1
    s.reserve_added = 600
    s.ceo_slots = 4
    s.bank = 5
    s.players[1].cash = 695  # 100 + 600 - 5 in play
    s.players[0].at_work = ["burger_cook"]  # a salary that must never be paid
    start = bank.conserved_total(s)
    events = start_phase(s, Phase.DINNERTIME)
    (broken,) = kinds(events, "bank_broken")
    assert broken.data["number"] == 2 and broken.data["final"] is True
    assert broken.data["added"] == 0 and broken.data["still_owed"] == 25
    box = [(e.data["seat"], e.data["amount"]) for e in kinds(events, "paid_from_box")]
    assert box == [(0, 25), (1, 3)]
    assert s.bank == 0 and s.box_paid == 28
    assert s.players[0].cash == 30 and s.players[1].cash == 698
    assert bank.conserved_total(s) == start
    # the game ends after Dinnertime: no Payday, Marketing or Clean up
    assert s.turn.phase is Phase.GAME_OVER
    assert s.end_reason == "the bank broke for the second time"
    assert s.ranking == [1, 0]
    assert s.players[0].stock[B] == 0 and s.players[0].at_work == ["burger_cook"]
    assert not kinds(events, "phase_started")[1:]  # only Dinnertime started
    assert kinds(events, "game_over")[0].data["cash"] == {"0": 30, "1": 698}


def big_sale(bank_money: int) -> GameState:
    """Reserve cards $100 + $100. Seat 0 ($20 an item) sells 5 burgers to house 2 (garden:
    $200) and 3 to house 4 ($60)."""
    s = sale_position()
    s.players[0].reserve, s.players[1].reserve = 100, 100
    s.players[0].at_work = ["luxuries_manager"]
    s.houses[2].garden = ((5, 0), (5, 1))
    s.houses[2].demand = [B] * 5
    s.houses[4].demand = [B] * 3
    s.players[0].stock[B] = 8
    s.bank = bank_money
    return s


def test_excerpt_004_first_and_second_break_in_one_dinnertime() -> None:
    s = big_sale(50)
    start = bank.conserved_total(s)
    nxt, ev = dinner(s)
    breaks = [(e.data["number"], e.data["still_owed"]) for e in kinds(ev, "bank_broken")]
    # house 2: $50, break 1 (+$200), $150 (bank $50); house 4: $50, break 2, $10 from the box;
    # the Waitress: $3 from the box
    assert breaks == [(1, 150), (2, 10)]
    assert [(e.data["seat"], e.data["amount"]) for e in kinds(ev, "paid_from_box")] == [
        (0, 10),
        (1, 3),
    ]
    assert s.bank == 0 and s.reserve_added == 200 and s.box_paid == 13
    assert s.players[0].cash == 260 and s.players[1].cash == 3
    assert bank.conserved_total(s) == start
    assert nxt is Phase.GAME_OVER


def test_excerpt_004_refill_too_small_breaks_twice_within_one_payment() -> None:
    s = big_sale(10)
    s.houses[4].demand = []
    s.players[0].milestones = {"first_burger_marketed": 1}  # house 2 pays $200 + $25
    start = bank.conserved_total(s)
    nxt, ev = dinner(s)
    breaks = [(e.data["number"], e.data["still_owed"]) for e in kinds(ev, "bank_broken")]
    assert breaks == [(1, 215), (2, 15)]
    assert s.box_paid == 15 + 3
    assert s.players[0].cash == 225
    assert bank.conserved_total(s) == start
    assert nxt is Phase.GAME_OVER


def test_facts_E10_introductory_game_ends_at_the_first_break() -> None:
    s = sale_position(introductory=True)
    assert s.bank == 150 and all(p.reserve is None for p in s.players)
    s.bank = 10
    start = bank.conserved_total(s)
    events = start_phase(s, Phase.DINNERTIME)
    (broken,) = kinds(events, "bank_broken")
    assert broken.data["final"] is True and broken.data["introductory"] is True
    assert s.reserve_added == 0 and s.ceo_slots == 3
    assert s.box_paid == 20 + 3
    assert s.players[0].cash == 30 and s.players[1].cash == 3
    assert s.turn.phase is Phase.GAME_OVER
    assert s.end_reason == "the bank broke (introductory game)"
    assert bank.conserved_total(s) == start


def test_bank_money_is_conserved_through_dinnertime_and_payday() -> None:
    s = sale_position()
    s.players[0].reserve, s.players[1].reserve = 200, 300
    s.players[0].at_work = ["burger_cook", "cfo"]
    s.bank = 12
    assert bank.conserved_total(s) == 100 - 88
    start = bank.conserved_total(s)
    start_phase(s, Phase.DINNERTIME)  # stops at Payday firing
    assert s.turn.phase is Phase.PAYDAY
    assert bank.conserved_total(s) == start
    assert s.players[0].cash == 30 + 15  # the CFO: half of $30
    s, _ = play(s, 0, Done())
    s, _ = play(s, 1, Done())
    assert bank.conserved_total(s) == start
    assert s.players[0].cash == 45 - 10  # burger cook and CFO salaries


def test_bank_payments_refuse_negative_amounts() -> None:
    s = make_state()
    log = EventLog()
    with pytest.raises(ValueError):
        bank.pay_player(s, 0, -1, log, reason="x")
    with pytest.raises(ValueError):
        bank.pay_bank(s, 0, -1, log, reason="x")
    bank.transfer(s, 0, -7, log, reason="negative price")
    assert s.players[0].cash == -7 and s.bank == 107
    bank.transfer(s, 0, 7, log, reason="refund")
    assert s.players[0].cash == 0 and s.bank == 100
    assert bank.conserved_total(s) == 100
