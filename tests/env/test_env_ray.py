"""fcm simulate --ray (issue 12, item 5): the games spread over a local Ray instance end in the
same final hashes as the local run. One small run: Ray's startup takes seconds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.env.ray_head import SRC, Head, free_port, ray_head

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


# -- issue 29 item 3: Ray on real clusters --------------------------------------------------------
# Every run is a subprocess with a hard timeout (a Ray that hangs fails the test, never blocks the
# suite; a process of its own also keeps Ray's per-process token and connection state apart).

CLI = "import sys; from fcm.cli.main import main; sys.exit(main(sys.argv[1:]))"


def fcm_cli(args: list[str], env: dict[str, str], timeout: float) -> tuple[int, str, float]:
    """Exit code, output (stdout and stderr) and seconds of one ``fcm`` command."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    full = {**clean, "PYTHONPATH": SRC, "RAY_USAGE_STATS_ENABLED": "0", "COLUMNS": "200", **env}
    start = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-c", CLI, *args],
        env=full,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return out.returncode, out.stdout + out.stderr, time.monotonic() - start


SIMULATE = ["simulate", "--players", "2", "--games", "4", "--bots", "heuristic,random"]
SIMULATE += ["--seed", "60", "--ray"]


def final_hashes(path: Path) -> dict[int, str]:
    return {x["seed"]: x["final_hash"] for x in map(json.loads, path.read_text().splitlines())}


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    with ray_head() as h:
        yield h


def test_without_address_a_new_local_instance_even_with_a_stale_registration(
    tmp_path: Path,
) -> None:
    """RAY_ADDRESS names a cluster that is gone (a stale registration): without --address the
    run starts a local instance of its own (it used to try to join the registered one and
    hang), and plays the games."""
    out = tmp_path / "local.jsonl"
    stale = {"RAY_ADDRESS": f"127.0.0.1:{free_port()}"}
    code, text, _ = fcm_cli([*SIMULATE, "--out", str(out)], stale, timeout=300)
    assert code == 0, text
    local = list(simulate(2, 4, ["heuristic", "random"], 60))
    assert final_hashes(out) == {x["seed"]: x["final_hash"] for x in local}


def test_address_host_port_with_token_authentication(head: Head, tmp_path: Path) -> None:
    """--address HOST:PORT on a head node with token authentication: the token in the
    environment is enough (RAY_AUTH_MODE=token follows from it); same results as locally."""
    out = tmp_path / "head.jsonl"
    env = {"RAY_AUTH_TOKEN": head.token}
    code, text, _ = fcm_cli([*SIMULATE, "--address", head.address, "--out", str(out)], env, 300)
    assert code == 0, text
    local = list(simulate(2, 4, ["heuristic", "random"], 60))
    assert final_hashes(out) == {x["seed"]: x["final_hash"] for x in local}


def test_tournament_through_ray_client(head: Head, tmp_path: Path) -> None:
    """--address ray://HOST:PORT (Ray Client, ray[client] of the extra ray) with the token:
    fcm tournament writes the same lines as the local run."""
    args = ["tournament", "--players", "2", "--bots", "easy,random", "--games", "2"]
    args += ["--seed", "70", "--round-limit", "10"]
    on_ray, local = tmp_path / "ray.jsonl", tmp_path / "local.jsonl"
    env = head.env()
    for _ in range(2):  # a loaded machine can time out the head's start of a client server
        code, text, _ = fcm_cli(
            [*args, "--ray", "--address", head.client, "--out", str(on_ray)], env, 300
        )
        if "Starting Ray client server failed" not in text:
            break
    assert code == 0, text
    assert main([*args, "--out", str(local)]) == 0

    def lines(path: Path) -> list[dict[str, object]]:
        out = [json.loads(line) for line in path.read_text().splitlines()]
        for line in out:
            del line["seconds"]
        return out

    assert lines(on_ray) == lines(local) and len(lines(local)) == 2


def test_a_wrong_token_fails_with_a_clear_message(head: Head) -> None:
    code, text, seconds = fcm_cli(
        [*SIMULATE, "--address", head.address], {"RAY_AUTH_TOKEN": "0" * 32}, timeout=120
    )
    assert code == 2
    assert f"could not join the Ray cluster at {head.address}" in text
    assert "RAY_AUTH_MODE=token" in text and "Traceback" not in text
    assert seconds < 90


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_a_dead_address_fails_at_once(scheme: str) -> None:
    """Nothing listens at the address: exit code 2 and a message naming it, in seconds (Ray
    alone retries for a minute, or hangs on a stale registration)."""
    dead = f"{scheme}127.0.0.1:{free_port()}"
    code, text, seconds = fcm_cli([*SIMULATE, "--address", dead], {}, timeout=120)
    assert code == 2 and "answers at 127.0.0.1:" in text and "Traceback" not in text
    assert seconds < 30


def test_an_address_that_is_not_one_is_refused() -> None:
    code, text, _ = fcm_cli([*SIMULATE, "--address", "nowhere"], {}, timeout=120)
    assert code == 2 and "give HOST:PORT" in text
