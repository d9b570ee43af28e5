"""fcm simulate --ray (issue 12, item 5): the games spread over a local Ray instance end in the
same final hashes as the local run. One small run: Ray's startup takes seconds."""

from __future__ import annotations

import json
from pathlib import Path

from fcm.cli.main import main
from fcm.simulate import simulate


def test_simulate_on_a_local_ray_instance_matches_the_local_run(tmp_path: Path) -> None:
    out = tmp_path / "ray.jsonl"
    code = main(
        [
            "simulate",
            "--players",
            "2",
            "--games",
            "6",
            "--bots",
            "heuristic,random",
            "--seed",
            "40",
            "--ray",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    on_ray = [json.loads(line) for line in out.read_text().splitlines()]
    local = list(simulate(2, 6, ["heuristic", "random"], 40))
    assert [x["seed"] for x in on_ray] == list(range(40, 46))
    assert {x["seed"]: x["final_hash"] for x in on_ray} == {
        x["seed"]: x["final_hash"] for x in local
    }
    assert {x["seed"]: x["ranking"] for x in on_ray} == {x["seed"]: x["ranking"] for x in local}


def test_address_without_ray_is_refused() -> None:
    assert main(["simulate", "--games", "1", "--address", "auto"]) == 2


def test_tournament_on_a_local_ray_instance_matches_the_local_run(tmp_path: Path) -> None:
    """fcm tournament --ray: the seat-rotated games on a local Ray instance (started by the
    command) write the same JSON lines as the local run, apart from the seconds taken."""
    args = ["tournament", "--players", "2", "--bots", "easy,random", "--games", "4"]
    args += ["--seed", "50", "--round-limit", "20"]
    on_ray, local = tmp_path / "ray.jsonl", tmp_path / "local.jsonl"
    assert main([*args, "--ray", "--out", str(on_ray)]) == 0
    assert main([*args, "--out", str(local)]) == 0

    def lines(path: Path) -> list[dict[str, object]]:
        out = [json.loads(line) for line in path.read_text().splitlines()]
        for line in out:
            del line["seconds"]
        return out

    got, want = lines(on_ray), lines(local)
    assert len(want) == 4 and {x["seed"] for x in want} == {50, 51}
    assert got == want


def test_tournament_address_without_ray_is_refused() -> None:
    assert main(["tournament", "--games", "1", "--address", "auto"]) == 2
