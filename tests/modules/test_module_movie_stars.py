"""Movie Stars (ketchup.md 15; 19.3: a star is not a waitress)."""

from __future__ import annotations

from tests.helpers import add_restaurant, dinner, make_state, served, start_phase

from fcm.core.actions import Train
from fcm.core.engine import current_actors, legal_actions
from fcm.core.phases.working.staff import Staff, train_step
from fcm.core.state import GameState, Phase, WorkStep
from fcm.core.types import Good
from fcm.report import dinnertime_report

STARS = frozenset({"movie_stars"})



def tie(s: GameState) -> None:
    add_restaurant(s, 0, (0, 0), "se")  # distance 0 to house 2
    add_restaurant(s, 1, (0, 3), "sw")  # distance 0 to house 2
    for p in s.players:
        p.stock[Good.BURGER] = 1
    s.houses[2].demand = [Good.BURGER]


def test_ketchup_15_a_star_wins_the_tie_before_the_waitresses() -> None:
    s = make_state(modules=STARS)
    tie(s)
    s.players[0].at_work = ["waitress", "waitress"]
    s.players[1].at_work = ["d_movie_star"]
    ev = dinner(s)
    d = served(ev, 2)
    assert d["winner"] == 1 and d["decided_by"] == "movie_star"
    loser = next(c for c in d["chains"] if c["seat"] == 0)
    assert loser["outcome"] == "tie_lost_movie_star"
    assert "tie broken by a movie star" in dinnertime_report(ev)


def test_ketchup_15_b_beats_c_beats_d() -> None:
    s = make_state(modules=STARS)
    tie(s)
    s.players[0].at_work = ["c_movie_star"]
    s.players[1].at_work = ["b_movie_star"]
    assert served(dinner(s), 2)["winner"] == 1
    s = make_state(modules=STARS)
    tie(s)
    s.players[0].at_work = ["c_movie_star"]
    s.players[1].at_work = ["d_movie_star"]
    assert served(dinner(s), 2)["winner"] == 0


def test_ketchup_15_no_star_the_waitresses_then_turn_order_decide_as_before() -> None:
    s = make_state(modules=STARS)
    tie(s)
    s.players[1].at_work = ["waitress"]
    d = served(dinner(s), 2)
    assert d["winner"] == 1 and d["decided_by"] == "waitresses"


def test_ketchup_15_a_star_earns_nothing_and_is_not_a_waitress() -> None:
    s = make_state(modules=STARS)
    s.players[0].at_work = ["b_movie_star"]
    ev = dinner(s)
    assert not [e for e in ev if e.kind == "waitress_income"]
    assert s.players[0].cash == 0


def test_ketchup_15_stars_choose_the_turn_order_first_b_then_c() -> None:
    s = make_state(3, modules=STARS)
    s.players[0].at_work = ["management_trainee", "waitress"]  # most open slots otherwise
    s.players[1].at_work = ["c_movie_star"]
    s.players[2].at_work = ["b_movie_star"]
    start_phase(s, Phase.ORDER_OF_BUSINESS)
    assert s.turn.order_choosers[:2] == [2, 1]
    assert current_actors(s) == [2]


def test_ketchup_15_a_waitress_trains_into_any_star_but_one_star_per_player() -> None:
    s = make_state(modules=STARS)
    s.players[0].at_work = ["coach"]
    s.players[0].beach = ["waitress", "waitress"]
    start_phase(s, Phase.WORKING)
    assert s.turn.working is not None and s.turn.working.seat == 0
    s.turn.working.step = WorkStep.TRAIN
    into = {a.into for a in legal_actions(s, 0) if isinstance(a, Train)}
    assert {"b_movie_star", "c_movie_star", "d_movie_star"} <= into
    staff = Staff.of(s, s.turn.working)
    once = train_step(staff, Train("coach", "waitress", "b_movie_star"))
    assert isinstance(once, Staff)
    twice = train_step(once, Train("coach", "waitress", "c_movie_star"))
    assert isinstance(twice, str) and "movie star cards are one 1x type" in twice


def test_ketchup_19_1_row_10_option_stars_by_player_count() -> None:
    for players, stars in ((2, {"b_movie_star"}), (4, {"b_movie_star", "c_movie_star"})):
        s = make_state(players, modules=STARS, switches=frozenset({"movie_stars_by_player_count"}))
        s.players[0].at_work = ["trainer"]
        s.players[0].beach = ["waitress"]
        start_phase(s, Phase.WORKING)
        assert s.turn.working is not None and s.turn.working.seat == 0
        s.turn.working.step = WorkStep.TRAIN
        into = {a.into for a in legal_actions(s, 0) if isinstance(a, Train)}
        assert into == stars
    assert make_state(5, modules=STARS).options.to_dict().get("movie_stars_by_player_count") is None
