"""The baseline leaderboard (issue 29 item 9): seat-rotated line-ups at 2 and 4 players, one
result line per game as run_one writes them, and the tables of docs/research.md from them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench.leaderboard import Match, main, play, schedule

ENTRANTS = ["random", "easy", "medium", "hard", "mcts"]


def test_every_pair_and_every_window_in_every_rotation() -> None:
    two = schedule(ENTRANTS, 2, 2, 1, windows=False)
    assert len(two) == 10 * 2 * 2  # pairs x rotations x seeds
    assert ("easy", "random") in {m.bots for m in two} and ("random", "easy") in {
        m.bots for m in two
    }
    four = schedule(ENTRANTS, 4, 1, 100, windows=True)
    assert len(four) == 5 * 4 and {m.seed for m in four} == {100}
    for name in ENTRANTS:  # every entrant in every seat equally often
        seats = [m.bots.index(name) for m in four if name in m.bots]
        assert sorted(seats) == sorted(list(range(4)) * (len(seats) // 4))


def test_a_game_line_and_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = play(Match(7, ("easy", "random"), None))
    assert line["bots"] == ["easy", "random"] and sorted(line["ranking"]) == [0, 1]
    other = play(Match(7, ("random", "easy"), None))
    out = tmp_path / "lb.jsonl"
    out.write_text("\n".join(json.dumps(x) for x in (line, other)) + "\n")
    assert main(["--report", str(out)]) == 0
    text = capsys.readouterr().out
    assert "**2 players**: 2 games" in text
    assert "| easy | 2 |" in text and "| random | 2 |" in text


def test_ppo_needs_its_model() -> None:
    with pytest.raises(ValueError, match="--ppo PATH"):
        play(Match(1, ("ppo", "random"), None))


def test_the_saved_learner_plays_a_legal_move() -> None:
    """examples/models/ppo_fcm.zip (the leaderboard's ppo) loads and picks from the legal set."""
    pytest.importorskip("sb3_contrib")
    from bench.leaderboard import make_entrant

    import fcm

    model = Path(__file__).resolve().parents[1] / "examples" / "models" / "ppo_fcm.zip"
    bot = make_entrant("ppo", 1, str(model))
    state = fcm.new_game(2, seed=3, options=fcm.Options(round_limit=60))
    legal = fcm.legal_actions(state, 0)
    assert bot.choose(fcm.view(state, 0), 0, legal) in legal
