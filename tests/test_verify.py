"""``fcm verify`` (``make soak``) counts every game it was asked for: a game that fails is an
error, never a shorter run."""

from __future__ import annotations

from typing import Any

import pytest

from fcm import verify


def test_a_game_failing_with_stop_iteration_stops_the_run_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A StopIteration escaping a game (a bare ``next()``) once ended the soak after 20 of
    2,500 games, reporting success: map() took it for the end of the games."""
    real = verify.check_game

    def failing(seed: int, *rest: Any) -> Any:
        if seed == 3:
            raise StopIteration
        return real(seed, *rest)

    monkeypatch.setattr(verify, "check_game", failing)
    with pytest.raises(RuntimeError):
        list(verify.check_games(4, 1, "random"))
    assert len(list(verify.check_games(2, 1, "random"))) == 2
