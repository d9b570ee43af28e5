"""Generic playthrough checks over random games (as OpenSpiel's playthrough tests do).

Along seeded random games (2-5 players, normal and introductory, capped at a few rounds):
- applying an action on a clone gives the same state and events as applying it in place, and
  the validating ``apply`` never touches its input;
- every legal action's notation is unique within its position and parses back to the action
  (``fcm.parse_action``), and its JSON form round-trips;
- two states that differ only in what a seat may not see (other seats' reserve cards before the
  first break, their secret Restructuring / Payday drafts, the PRNG) give that seat equal views.
"""

from __future__ import annotations

import pytest

import fcm
from fcm.core.actions import action_from_json, notation
from fcm.core.engine import apply, apply_in_place, current_actors, is_over, legal_actions
from fcm.core.errors import AmbiguousActionError, NoSuchActionError
from fcm.core.rng import Rng
from fcm.core.setup import new_game
from fcm.core.state import GameState, Options
from fcm.core.views import reserves_visible_to, view

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


@pytest.mark.parametrize(("seed", "players", "intro"), _games())
def test_playthrough_generic_checks(seed: int, players: int, intro: bool) -> None:
    rng = Rng(seed)
    state = new_game(players, seed, Options(introductory=intro, round_limit=ROUNDS))
    steps = 0
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
