"""The `fcm` command line, run as a user would (in-process through main())."""

from __future__ import annotations

import json

from fcm.cli.main import main
from fcm.record import GameRecord


def test_map_renders_a_board(capsys):
    assert main(["map", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "2-player map, seed 3" in out
    assert out.count("\n") >= 15  # 3 tile rows of 5 squares, with headers


def test_play_save_replay_verify_and_dinnertime(tmp_path, capsys):
    game = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "4", "--save", str(game)]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out and "rank" in out
    record = GameRecord.loads(game.read_text())
    assert record.final_hash
    assert main(["replay", str(game), "--verify"]) == 0
    assert "final hash matches" in capsys.readouterr().out
    # explain a Dinnertime in which something was sold
    rounds = record.replay().round
    explained = ""
    for r in range(3, rounds + 1):
        main(["replay", str(game), "--dinnertime", str(r)])
        explained = capsys.readouterr().out
        if "serves it" in explained:
            break
    assert "Dinnertime, round" in explained and "serves it" in explained
    main(["replay", str(game), "--dinnertime", "all"])
    every = capsys.readouterr().out
    assert every.count("Dinnertime, round") >= rounds - 1
    assert main(["show", str(game), "--at", "40"]) == 0
    assert "Round" in capsys.readouterr().out


def test_replay_detects_a_tampered_hash(tmp_path, capsys):
    game = tmp_path / "game.json"
    main(["play", "--players", "2", "--seed", "5", "--bots", "random", "--save", str(game)])
    data = json.loads(game.read_text())
    data["final_hash"] = "0" * 16
    game.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(game)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_bad_files_give_clear_errors(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "error" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["replay", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().out
    bad.write_text(json.dumps({"format": "fcm-game/1", "players": 2, "seed": 1,
                               "actions": [{"seat": 0, "type": "fly"}]}))
    assert main(["replay", str(bad)]) == 2
    assert "actions[0]" in capsys.readouterr().out


def test_simulate_writes_results(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    saves = tmp_path / "games"
    code = main(["simulate", "--players", "2", "--games", "4", "--bots", "heuristic,random",
                 "--seed", "1", "--out", str(out), "--save-dir", str(saves)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "wins by heuristic" in printed
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["seed"] for x in lines] == [1, 2, 3, 4]
    for line in lines:
        assert set(line) >= {"seed", "bots", "ranking", "cash", "rounds", "final_hash"}
        replayed = GameRecord.loads((saves / f"game-{line['seed']}.json").read_text()).replay()
        assert replayed.state_hash() == line["final_hash"]


def test_replay_help_lists_the_languages_by_name() -> None:
    """``fcm replay --help`` names the catalogs (it listed the letters of one string)."""
    import contextlib
    import io

    from fcm.cli.main import build_parser

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        build_parser().parse_args(["replay", "--help"])
    text = " ".join(out.getvalue().split())
    assert "the report and the log: en, de, es, fr, zh-Hans" in text
