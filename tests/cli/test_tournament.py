"""`fcm tournament` (issue 16, item 4): seat-rotated games, one JSON line per game, win rates
with intervals and openskill ratings."""

from __future__ import annotations

import json

import pytest

from fcm import tournament
from fcm.cli.main import main


def test_rotations_put_every_bot_in_every_seat_equally_often():
    rots = tournament.rotations(["hard", "medium", "medium", "medium"])
    assert rots == [
        ("hard", "medium", "medium", "medium"),
        ("medium", "medium", "medium", "hard"),
        ("medium", "medium", "hard", "medium"),
        ("medium", "hard", "medium", "medium"),
    ]
    for seat in range(4):
        assert sum(r[seat] == "hard" for r in rots) == 1
    assert tournament.rotations(["easy", "easy"]) == [("easy", "easy")]


def test_every_rotation_plays_the_same_seeds():
    specs = tournament.specs(["easy", "random"], games=5, seed=10)
    # 5 games round up to 3 seeds x 2 rotations
    assert [(s.seed, s.bots) for s in specs] == [
        (10, ("easy", "random")), (10, ("random", "easy")),
        (11, ("easy", "random")), (11, ("random", "easy")),
        (12, ("easy", "random")), (12, ("random", "easy")),
    ]


def test_wilson_interval():
    lo, hi = tournament.wilson(80, 100)
    assert lo == pytest.approx(0.711, abs=1e-3) and hi == pytest.approx(0.867, abs=1e-3)
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_wins_head_to_head_and_ratings():
    lines = [
        {"seed": 1, "bots": ["a", "b"], "ranking": [0, 1], "cash": [100, 10], "rounds": 12,
         "seconds": 1.0},
        {"seed": 1, "bots": ["b", "a"], "ranking": [1, 0], "cash": [20, 90], "rounds": 14,
         "seconds": 1.0},
        {"seed": 2, "bots": ["a", "b"], "ranking": [1, 0], "cash": [5, 50], "rounds": 16,
         "seconds": 1.0},
    ]
    s = tournament.summarise(lines)
    by = {b.name: b for b in s.bots}
    assert (by["a"].wins, by["a"].seats, by["b"].wins) == (2, 3, 1)
    assert by["a"].cash == pytest.approx(65.0)
    assert s.ahead["a"]["b"] == (2, 3) and s.ahead["b"]["a"] == (1, 3)
    assert by["a"].mu > by["b"].mu  # a won more often
    assert (s.rounds_mean, s.rounds_min, s.rounds_max) == (14.0, 12, 16)
    assert s.wins_by_seat == [1, 2]
    text = tournament.format_summary(s)
    assert "| a | 3 | 2 | 66.7" in text and "rating" in text


def test_tournament_command_writes_one_line_per_game(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    code = main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "4",
                 "--seed", "3", "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "4 games, 2 players, seat-rotated" in text
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 4
    for line in lines:
        assert {"seed", "bots", "ranking", "cash", "rounds", "seconds", "openings"} <= set(line)
        assert sorted(line["ranking"]) == [0, 1]
        # one opening per seat: first food cooked + first campaign type (or none)
        assert len(line["openings"]) == 2
        for opening in line["openings"]:
            food, campaign = opening.split("+")
            assert food in {"burger", "pizza", "none"}
            assert campaign in {"billboard", "mailbox", "airplane", "radio", "none"}
    assert "Openings (first food + first campaign, share of seats):" in text
    assert "Games per final round:" in text and "Ends:" in text
    assert sorted((x["seed"], tuple(x["bots"])) for x in lines) == [
        (3, ("easy", "random")), (3, ("random", "easy")),
        (4, ("easy", "random")), (4, ("random", "easy")),
    ]
    # the same seed and seats give the same game
    again = tmp_path / "again.jsonl"
    main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "4",
          "--seed", "3", "--out", str(again), "--jobs", "2"])
    key = lambda x: (x["seed"], x["bots"])  # noqa: E731
    assert sorted((key(x), x["final_hash"]) for x in lines) == sorted(
        (key(x), x["final_hash"]) for x in map(json.loads, again.read_text().splitlines())
    )


def test_tournament_rejects_unknown_bots_and_bad_counts(capsys):
    assert main(["tournament", "--players", "2", "--bots", "easy,grandmaster"]) == 2
    assert "unknown bot 'grandmaster'" in capsys.readouterr().out
    assert main(["tournament", "--players", "3", "--bots", "easy,random"]) == 2
    assert "names 2 bots for 3 players" in capsys.readouterr().out


def test_heuristic_is_an_alias_of_easy():
    from fcm.bots import canonical_bot_name, make_bot

    assert canonical_bot_name("heuristic") == "easy"
    assert type(make_bot("heuristic", 1)) is type(make_bot("easy", 1))


# -- issue 29, item 2: the tournament extra is checked first, results are kept as games finish --


def test_tournament_without_openskill_stops_before_any_game(tmp_path, capsys, monkeypatch):
    import sys

    played = []
    monkeypatch.setattr(tournament, "run_one", lambda spec: played.append(spec))
    # a None entry makes `import openskill.models` raise ImportError, as if not installed
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    out = tmp_path / "results.jsonl"
    code = main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "2",
                 "--out", str(out)])
    assert code == 2
    assert played == [] and not out.exists()
    err = " ".join(capsys.readouterr().out.split())
    assert "'tournament'" in err and "pip install 'food-chain-magnate[tournament]'" in err
    assert "openskill" in err


def test_tournament_with_ray_checks_ray_before_any_game(tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setattr(tournament, "run_one", lambda spec: pytest.fail("a game was played"))
    monkeypatch.setitem(sys.modules, "ray", None)
    code = main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "2",
                 "--ray", "--out", str(tmp_path / "r.jsonl")])
    assert code == 2
    err = " ".join(capsys.readouterr().out.split())
    assert "pip install 'food-chain-magnate[ray]'" in err


def test_tournament_writes_each_game_as_it_finishes(tmp_path, capsys, monkeypatch):
    """A crash after two games leaves those two lines in --out (they used to be written only
    after the last game and the summary)."""
    real = tournament.run_one
    done = []

    def third_crashes(spec):
        if len(done) == 2:
            # the first two games are on disk before the third starts
            assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 2
            raise RuntimeError("worker died")
        done.append(spec)
        return real(spec)

    monkeypatch.setattr(tournament, "run_one", third_crashes)
    out = tmp_path / "results.jsonl"
    with pytest.raises(RuntimeError, match="worker died"):
        main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "4",
              "--seed", "3", "--round-limit", "20", "--out", str(out)])
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(x["seed"], x["bots"]) for x in lines] == [
        (s.seed, list(s.bots)) for s in done
    ]
    assert "the 2 finished games are in" in " ".join(capsys.readouterr().out.split())


def test_simulate_writes_each_game_as_it_finishes(tmp_path, monkeypatch):
    """`fcm simulate --out` shares the streamed writing: finished games survive a crash, and a
    finished run leaves the lines in seed order."""
    from fcm import simulate

    real = simulate.run_one
    done = []

    def second_crashes(spec):
        if len(done) == 1:
            raise RuntimeError("worker died")
        done.append(spec)
        return real(spec)

    monkeypatch.setattr(simulate, "run_one", second_crashes)
    out = tmp_path / "sim.jsonl"
    args = ["simulate", "--players", "2", "--games", "3", "--seed", "5", "--round-limit", "10",
            "--out", str(out)]
    with pytest.raises(RuntimeError, match="worker died"):
        main(args)
    assert [json.loads(x)["seed"] for x in out.read_text().splitlines()] == [5]

    monkeypatch.setattr(simulate, "run_one", real)
    assert main(args) == 0
    assert [json.loads(x)["seed"] for x in out.read_text().splitlines()] == [5, 6, 7]


def test_module_sets_parse_each_all_base_and_named_sets():
    """Issue 30 item 4: a tournament row per module set."""
    from fcm.rulesets import module_problem, playable_modules

    each = tournament.module_sets("each")
    assert each[0] == () and len(each) == len(playable_modules()) + 1
    assert {m for s in each for m in s} == set(playable_modules())
    # a module alone brings what it needs (Six Players: New Districts, ketchup.md 17), so every
    # row can be played
    assert ("new_districts", "six_players") in each
    assert all(module_problem(s) is None for s in each)
    assert tournament.module_sets("base; noodles+kimchi ;kimchi,noodles") == [
        (), ("kimchi", "noodles")
    ]
    (everything,) = tournament.module_sets("all")
    assert len(everything) > 5 and "noodles" in everything
    with pytest.raises(ValueError, match="no_such_module"):
        tournament.module_sets("ketchup;no_such_module")
    with pytest.raises(ValueError, match="names no set"):
        tournament.module_sets(" ; ")


def test_tournament_prints_a_row_per_module_set(tmp_path, capsys):
    out = tmp_path / "sets.jsonl"
    code = main(["tournament", "--players", "2", "--bots", "easy,random", "--games", "2",
                 "--seed", "3", "--module-sets", "base;kimchi", "--round-limit", "4",
                 "--out", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "easy against random" in text
    rows = [line for line in text.splitlines() if line.startswith("| base") or
            line.startswith("| kimchi")]
    assert [r.split("|")[1].strip() for r in rows] == ["base", "kimchi"]
    assert all(r.split("|")[2].strip() == "2" for r in rows)  # games per set
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [line["modules"] for line in lines] == [[], [], ["kimchi"], ["kimchi"]]
    row = tournament.module_row(("kimchi",), "easy", lines[2:])
    assert (row.games, row.seats) == (2, 2) and row.wins == sum(
        line["bots"][line["ranking"][0]] == "easy" for line in lines[2:]
    )


def test_module_rows_count_the_moves_that_play_a_modules_cards(tmp_path, capsys):
    """Issue 30 item 4: the bots use a module's cards through the advice it registers; the row
    shows how many of their moves play a module's part (a Barista trained, a coffee shop)."""
    from fcm.core.actions import Done, Hire, Train
    from fcm.core.state import Options
    from fcm.core.types import EmployeeId
    from fcm.games import new_game
    from fcm.modules.coffee.ids import BARISTA, BARISTA_TRAINEE
    from fcm.simulate import module_move

    state = new_game(2, seed=1, options=Options(modules=frozenset({"coffee"})))
    assert module_move(state, Hire(BARISTA_TRAINEE))
    assert not module_move(state, Hire(EmployeeId.WAITRESS))
    assert module_move(state, Train(EmployeeId.TRAINER, BARISTA_TRAINEE, BARISTA))
    assert not module_move(state, Done())
    assert main(["tournament", "--players", "2", "--bots", "medium,easy", "--games", "2",
                 "--seed", "3", "--module-sets", "coffee", "--jobs", "1"]) == 0
    row = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("| coffee"))
    mine, theirs = (float(v) for v in row.split("|")[7].split("/"))
    assert mine > 0 and theirs > 0
