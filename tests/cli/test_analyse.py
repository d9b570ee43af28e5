"""`fcm analyse` (issue 16, item 5): hard's reading of a saved position."""

from __future__ import annotations

from fcm.cli.main import main
from fcm.core.state import Phase
from fcm.record import GameRecord


def test_analyse_lists_candidate_moves_with_values(tmp_path, capsys):
    game = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "4", "--bots", "medium",
                 "--save", str(game)]) == 0
    capsys.readouterr()
    record = GameRecord.loads(game.read_text())
    state = record.initial_state()[0]
    at = None
    for i, after, _ in record.steps(check=False, start=state):
        if after.turn.phase is Phase.WORKING and after.round == 3:
            at = i + 1
            break
    assert at is not None
    assert main(["analyse", str(game), "--at", str(at), "--rollouts", "6"]) == 0
    out = capsys.readouterr().out
    assert "round 3, working" in out and "value ($ lead)" in out
    assert "yes" in out  # medium's proposal is marked
    # issue 30 item 6: the best move, its value and the plan behind it, in one line
    line = next(x for x in out.splitlines() if x.startswith("best: "))
    assert "$ lead" in line and "samples" in line and "; plan (4 samples of each): " in line
    assert "played in the game" in out


def test_analyse_rejects_a_position_outside_the_game(tmp_path, capsys):
    game = tmp_path / "game.json"
    main(["play", "--players", "2", "--seed", "5", "--bots", "random", "--save", str(game)])
    capsys.readouterr()
    assert main(["analyse", str(game), "--at", "999999"]) == 2
    assert "--at must be between" in capsys.readouterr().out
