"""The Dinnertime order with several modules (ketchup.md 18, as far as these modules reach):
score = unit price (reserve base price + modifiers) + distance - 1 (Ketchup); lowest wins;
ties: movie star rank, then Waitresses at work (Night Shift x2), then turn order; payment
+ $10 per Fry Chef; the Ketchup milestone at the very end."""

from __future__ import annotations

from tests.helpers import add_restaurant, dinner, make_state, served

from fcm.core.state import GameState
from fcm.core.types import Good
from fcm.modules.ketchup import ids as ketchup_ids

ALL = frozenset(
    {"ketchup", "fry_chefs", "movie_stars", "night_shift_managers", "reserve_prices"}
)


def position() -> GameState:
    s = make_state(3, modules=ALL, turn_order=[0, 1, 2])
    add_restaurant(s, 0, (0, 0), "se")  # distance 0 to house 2
    add_restaurant(s, 1, (0, 3), "sw")  # distance 0
    add_restaurant(s, 2, (3, 5), "nw")  # distance 1, Ketchup -1: also 10
    for p in s.players:
        p.stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.BURGER]
    s.players[2].milestones[ketchup_ids.SOMEONE_SELLS_YOUR_DEMAND] = 1
    s.round = 2
    return s


def dinner_at(s: GameState) -> dict:
    """The only ``house_served`` event of a whole Dinnertime (house 2's)."""
    ev = dinner(s)
    assert [e.data["house"] for e in ev if e.kind == "house_served"] == [2]
    return served(ev, 2)


def test_ketchup_18_a_star_beats_night_shift_waitresses_on_a_ketchup_tie() -> None:
    s = position()
    s.players[0].at_work = ["night_shift_manager", "waitress"]
    s.waitresses_this_round = {0: 2, 1: 0, 2: 0}
    s.players[2].at_work = ["d_movie_star", "fry_chef"]
    d = dinner_at(s)
    assert [c["total"] for c in d["chains"]] == [10, 10, 10]
    assert d["winner"] == 2 and d["decided_by"] == "movie_star"
    assert d["amount"] == 10 + 10  # one burger + one Fry Chef


def test_ketchup_18_without_a_star_night_shift_waitresses_then_turn_order() -> None:
    s = position()
    s.players[0].at_work = ["waitress"]
    s.players[1].at_work = ["night_shift_manager", "waitress"]
    s.waitresses_this_round = {0: 1, 1: 2, 2: 1}
    s.players[2].at_work = ["waitress"]
    d = dinner_at(s)
    assert d["winner"] == 1 and d["decided_by"] == "waitresses"
