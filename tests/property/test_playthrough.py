"""Generic playthrough checks over random games (as OpenSpiel's playthrough tests do).

Along seeded random games (2-5 players, normal and introductory, capped at a few rounds):
- applying an action on a clone gives the same state and events as applying it in place, and
  the validating ``apply`` never touches its input;
- every legal action's notation is unique within its position and parses back to the action
  (``fcm.parse_action``), and its JSON form round-trips; so do the drawn actions no list holds:
  a drink route of every legal supplier choice (``drink_route``) and an org chart of the hand;
- two states that differ only in what a seat may not see (other seats' reserve cards before the
  first break, their secret Restructuring / Payday drafts, the PRNG) give that seat equal views.
"""

from __future__ import annotations

import pytest

import fcm
from fcm.core.actions import Action, ArrangeStructure, GetDrinks, action_from_json, notation
from fcm.core.company import seat_structure
from fcm.core.engine import (
    apply,
    apply_in_place,
    check_action,
    current_actors,
    is_over,
    legal_actions,
)
from fcm.core.errors import AmbiguousActionError, NoSuchActionError
from fcm.core.phases.working.goods import drink_route
from fcm.core.rng import Rng
from fcm.core.state import GameState, Options, Phase
from fcm.core.views import reserves_visible_to, view
from fcm.games import new_game

ROUNDS = 6


def _games() -> list[tuple[int, int, bool]]:
    return [(seed, 2 + seed % 4, seed % 5 == 0) for seed in range(1, 13)]


def _hidden_twin(state: GameState, seat: int, rng: Rng) -> GameState:
    """``state`` with everything ``seat`` may not see changed."""
    twin = state.clone()
    twin.rng = rng.next_u64()
    if not reserves_visible_to(state, seat):
        for p in twin.players:
            if p.seat != seat:
                p.reserve = {None: 100, 100: 200, 200: 300, 300: 100}[p.reserve]
    for other in twin.turn.drafts:
        if other != seat:
            twin.turn.drafts[other] = sorted([*twin.turn.drafts[other], "waitress"])
    return twin


def _drawn(state: GameState, seat: int, legal: list[Action]) -> list[Action]:
    """The drawn actions of this position: each listed drink choice with a route drawn (with
    and without its suppliers named), and an org chart of the hand at Restructuring."""
    out: list[Action] = []
    for a in legal:
        if isinstance(a, GetDrinks) and a.suppliers:
            route = drink_route(state, seat, a)
            assert route, f"no route draws the legal choice {a}"
            out += [GetDrinks(a.employee, suppliers=a.suppliers, route=route),
                    GetDrinks(a.employee, route=route)]
    if state.turn.phase is Phase.RESTRUCTURING and not state.turn.drafts.get(seat):
        employees = state.rules.catalog.employees
        seated = seat_structure(state.players[seat].hand, state.ceo_slots, state.rules)
        out.append(ArrangeStructure(tuple(
            (top, tuple(under[: employees[top].slots]))
            for top, under in seated[: state.ceo_slots]
        )))
    return out


@pytest.mark.parametrize(("seed", "players", "intro"), _games())
def test_playthrough_generic_checks(seed: int, players: int, intro: bool) -> None:
    rng = Rng(seed)
    state = new_game(players, seed, Options(introductory=intro, round_limit=ROUNDS))
    steps = 0
    drawn = {"get_drinks": 0, "arrange_structure": 0}
    while not is_over(state):
        actors = current_actors(state)
        seat = actors[rng.below(len(actors))]
        legal = legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        # notation unique and parseable; JSON round trip
        texts = [notation(a) for a in legal]
        assert len(set(texts)) == len(texts), "two legal actions read the same"
        sample = legal if len(legal) <= 12 else [legal[rng.below(len(legal))] for _ in range(12)]
        for action in sample:
            assert fcm.parse_action(state, seat, notation(action)) == action
            assert action_from_json(action.to_json()) == action
        for action in _drawn(state, seat, legal):
            check_action(state, seat, action)
            assert fcm.parse_action(state, seat, str(action)) == action
            assert action_from_json(action.to_json()) == action
            drawn[action.type] += 1
        # views: what a seat may not see never shows in its view
        for s in range(players):
            twin = _hidden_twin(state, s, rng)
            assert view(twin, s).canonical_json() == view(state, s).canonical_json()
        # apply on a clone == apply in place; apply leaves its input alone
        action = legal[rng.below(len(legal))]
        before = state.canonical_json()
        checked, events = apply(state, seat, action)
        assert state.canonical_json() == before
        events_in_place = apply_in_place(state, seat, action)
        assert state.canonical_json() == checked.canonical_json()
        assert [e.to_json() for e in events_in_place] == [e.to_json() for e in events]
        steps += 1
    assert steps > 10
    assert drawn["arrange_structure"] > 0


def test_parse_action_resolves_against_the_legal_actions() -> None:
    """The parser takes the notation (case and spacing free) or a unique start of it, and
    names the problem otherwise."""
    state = new_game(2, 1)  # both seats choose a reserve card
    assert fcm.parse_action(state, 0, "reserve $200") == fcm.ChooseReserve(200)
    assert fcm.parse_action(state, 0, "  RESERVE   $300 ") == fcm.ChooseReserve(300)
    with pytest.raises(AmbiguousActionError, match="'reserve' matches 3 legal actions"):
        fcm.parse_action(state, 0, "reserve")
    with pytest.raises(NoSuchActionError, match="start with: 'reserve'"):
        fcm.parse_action(state, 0, "hire waitress")
    with pytest.raises(NoSuchActionError, match="reserve \\$400"):
        fcm.parse_action(state, 0, "reserve $400")


def test_parse_action_reads_drawn_routes_and_charts() -> None:
    """A drawn action is read in full and checked by the rules (excerpt 000 "Phase 1": the
    pyramid; excerpt 002 "Collecting drinks"): an illegal one names the rule, a prefix of
    several listed actions is still ambiguous."""
    from tests.helpers import make_state, start_phase

    state = make_state()
    state.players[0].hand = ["errand_boy", "management_trainee", "waitress"]
    start_phase(state, Phase.RESTRUCTURING)
    chart = fcm.ArrangeStructure((("management_trainee", ("waitress",)), ("errand_boy", ())))
    assert fcm.parse_action(state, 0, str(chart)) == chart
    assert fcm.parse_action(state, 0, "STRUCTURE management_trainee over waitress ;errand_boy"
                            ) == chart
    with pytest.raises(NoSuchActionError, match="only managers have cards under them"):
        fcm.parse_action(state, 0, "structure waitress over errand_boy")
    with pytest.raises(NoSuchActionError, match="'cook' is not an employee type"):
        fcm.parse_action(state, 0, "structure cook")
    with pytest.raises(AmbiguousActionError, match="'work' matches 3 legal actions"):
        fcm.parse_action(state, 0, "work")
