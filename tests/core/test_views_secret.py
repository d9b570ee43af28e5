"""The seed is hidden information until the game is over (issue 10 #4): with the seed and the
public actions a player could compute every random outcome to come."""

from __future__ import annotations

import fcm
from fcm.core.state import Phase
from fcm.games import new_game_with_events


def test_no_view_holds_the_seed_before_the_game_is_over() -> None:
    state = fcm.new_game(players=3, seed=12345)
    assert state.seed == 12345
    for seat in (0, 1, 2, None):
        v = fcm.view(state, seat)
        assert v.seed == 0 and v.rng == 0
        assert "12345" not in str(v.to_dict()["seed"])


def test_the_seed_is_shown_once_the_game_is_over() -> None:
    state = fcm.new_game(players=2, seed=777)
    state.turn.phase = Phase.GAME_OVER
    assert fcm.view(state, 0).seed == 777 and fcm.view(state, None).seed == 777


def test_the_game_created_event_does_not_carry_the_seed() -> None:
    _, events = new_game_with_events(2, 4242)
    created = [e for e in events if e.kind == "game_created"]
    assert len(created) == 1
    assert "seed" not in created[0].to_json()
    assert "4242" not in str(created[0].to_json())
