"""The command line at a six-player table (ketchup.md 17, Six Players): ``--players 6`` with
the module plays and saves whole games that replay exactly; without it the count is refused
naming the module and the rule."""

from __future__ import annotations

from fcm.cli.main import main
from fcm.record import GameRecord

MODULES = "new_districts,six_players,coffee,kimchi"


def test_ketchup_17_simulate_and_play_six_players_with_the_module(tmp_path, capsys) -> None:
    saved = tmp_path / "games"
    assert main(["simulate", "--players", "6", "--games", "2", "--modules", MODULES,
                 "--seed", "3", "--jobs", "1", "--save-dir", str(saved)]) == 0
    assert "the bank broke for the second time: 2" in capsys.readouterr().out
    game = tmp_path / "six.json"
    assert main(["play", "--players", "6", "--seed", "4", "--modules", MODULES,
                 "--save", str(game)]) == 0
    out = capsys.readouterr().out
    assert " F " in out  # the sixth chain's letter in the results table
    record = GameRecord.loads(game.read_text())
    assert record.replay(check=False).num_players == 6
    assert main(["replay", str(game), "--verify"]) == 0
    assert "final hash matches" in capsys.readouterr().out


def test_ketchup_17_six_players_without_the_module_are_refused_by_name(capsys) -> None:
    assert main(["map", "--players", "6", "--seed", "2"]) == 2
    out = capsys.readouterr().out.replace("\n", "")
    assert "6 players need module 'six_players' (ketchup.md 17)" in out
    assert main(["simulate", "--players", "6", "--games", "1", "--modules", "new_districts",
                 "--jobs", "1"]) == 2
