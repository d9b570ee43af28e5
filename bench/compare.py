"""Today's engine against a baseline commit, side by side in one run (issue 11, item 7).

``python -m bench compare`` (part of ``make bench``) extracts the baseline's ``src/`` from git
into a temporary folder and plays the same seeded games with it and with the current code, each
in its own subprocess, alternating the two so that the load of a shared machine falls on both
alike; each game counts with its fastest run. It prints the figures, the ratio current /
baseline and whether the final state hashes agree (they must, unless play was changed on purpose
since the baseline).

Times are CPU seconds of the playing process (``time.process_time``), which other jobs on a
shared machine disturb far less than wall time. When ``make compiled`` has built the mypyc
variant from the current sources (``bench/compiled.py``), it is measured as a third side.

``FCM_BENCH_BASELINE`` names another baseline (any commit); ``FCM_BENCH_REPEATS`` sets how many
alternations are measured (default 5).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from bench import Row, register
from bench.compiled import fresh_build

# The engine as it was when the speed work of issue 11 started.
BASELINE = "73c0a7716847d659fa57bc27986ea60575ce059e"
ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(1, 6)
# (label, bot, players, figure): the two targets, at most 0.4x of the baseline.
CASES: tuple[tuple[str, str, int, str], ...] = (
    ("random bots, 4 players", "random", 4, "ms per round"),
    ("heuristic (easy) bots, 4 players", "heuristic", 4, "ms per game"),
)
TARGET = 0.4


def measure(bot: str, players: int, seeds: range) -> dict[str, object]:
    """Play the seeded games with whichever ``fcm`` is importable; time and hash them."""
    from fcm.bots import make_bot
    from fcm.core.state import Options
    from fcm.runner import play_game

    seconds: list[float] = []
    rounds: list[int] = []
    hashes: list[str] = []
    for seed in seeds:
        bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
        start = time.process_time()
        result = play_game(bots, seed, Options())
        seconds.append(time.process_time() - start)
        rounds.append(result.state.round)
        hashes.append(result.state.state_hash())
    return {"seconds": seconds, "rounds": rounds, "hashes": hashes}


def _figure(runs: list[dict[str, object]], figure: str) -> float:
    """Each game's fastest run over the repeats (the least disturbed by other load), then the
    figure: ms per round over all games, or the median game's ms."""
    columns: list[list[float]] = [r["seconds"] for r in runs]  # type: ignore[misc]
    per_game = [min(times) for times in zip(*columns, strict=True)]
    rounds: list[int] = runs[0]["rounds"]  # type: ignore[assignment]
    if figure == "ms per round":
        return sum(per_game) * 1000 / sum(rounds)
    return statistics.median(per_game) * 1000


def _worker(argv: list[str]) -> int:
    """``python -m bench.compare --worker SRC BOT PLAYERS``: one side's figures as JSON."""
    src, bot, players = argv[0], argv[1], int(argv[2])
    import fcm

    where = Path(fcm.__file__).resolve()
    if Path(src).resolve() not in where.parents:  # pragma: no cover - a broken environment
        raise SystemExit(f"imported fcm from {where}, not from {src}")
    measure(bot, players, range(100, 101))  # warm up: imports, board caches
    print(json.dumps(measure(bot, players, SEEDS)))
    return 0


def _extract(commit: str, into: Path) -> Path:
    """The baseline's ``src/`` (from ``git archive``), unpacked under ``into``."""
    archive = into / "baseline.tar"
    with archive.open("wb") as out:
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src"],
            stdout=out,
            check=True,
        )
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
            tar.extractall(into, filter="data")
        else:  # pragma: no cover - our own repository's archive
            tar.extractall(into)
    return into / "src"


def _run_side(src: Path, bot: str, players: int) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), str(ROOT)]))
    out = subprocess.run(
        [sys.executable, "-m", "bench.compare", "--worker", str(src), bot, str(players)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def compare(baseline: str | None = None, repeats: int | None = None) -> list[Row]:
    commit = baseline or os.environ.get("FCM_BENCH_BASELINE", BASELINE)
    repeats = repeats or int(os.environ.get("FCM_BENCH_REPEATS", "5"))
    short = commit[:7]
    rows: list[Row] = []
    tmp = Path(tempfile.mkdtemp(prefix="fcm-bench-"))
    try:
        sides = {"baseline": _extract(commit, tmp), "current": ROOT / "src"}
        compiled = fresh_build()
        if compiled is not None:
            sides["compiled"] = compiled
        for label, bot, players, figure in CASES:
            runs: dict[str, list[dict[str, object]]] = {side: [] for side in sides}
            for _ in range(repeats):
                for side, src in sides.items():
                    runs[side].append(_run_side(src, bot, players))
            value = {side: _figure(got, figure) for side, got in runs.items()}
            games = f"{len(SEEDS)} games x {repeats}"
            rows.append(Row("compare", f"{label}: {figure}, baseline {short}",
                            value["baseline"], "ms", games))
            for side in sides:
                if side == "baseline":
                    continue
                same = runs["baseline"][0]["hashes"] == runs[side][0]["hashes"]
                ratio = value[side] / value["baseline"]
                verdict = "met" if ratio <= TARGET else "MISSED"
                rows += [
                    Row("compare", f"{label}: {figure}, {side}", value[side], "ms", games),
                    Row("compare", f"{label}: {side} / baseline", ratio * 100, "%",
                        f"target <= {TARGET * 100:.0f}% {verdict}; final hashes "
                        + ("equal" if same else "DIFFER")),
                ]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


@register("compare")
def compare_rows() -> list[Row]:
    return compare()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        raise SystemExit(_worker(sys.argv[2:]))
    from bench.__main__ import format_table

    print(format_table(compare()))
