"""Today's engine against a baseline commit, side by side in one run (issue 11, item 7).

``python -m bench compare`` (part of ``make bench``) extracts the baseline's ``src/`` from git
into a temporary folder and plays the same seeded games with it and with the current code, each
in its own subprocess, alternating the two so that the load of a shared machine falls on both
alike; each game counts with its fastest run. It prints a table: per workload the figures, the
ratio current / baseline, pass or fail against the target (at most 0.4x), and whether the two
played the same games.

The same games: both sides play with the 60-round simulation cap (the baseline's default, an
explicit option today), so the random bots, seeded alike, play the very same games on both
commits. The final *state hashes* cannot agree even then: the end reason of a capped game is now
worded as a simulation cap. So the table compares the final states without that wording (every
other field: board, cash, cards, ranking, round) and the outcome (rounds, ranking, cash, number
of actions); where even those differ, it says why (the easy bot's play changed under issue 16).

Times are CPU seconds of the playing process (``time.process_time``), which other jobs on a
shared machine disturb far less than wall time. When ``make compiled`` has built the mypyc
variant from the current sources (``bench/compiled.py``), it is measured as a third side, and
its final state hashes must equal the current code's.

``FCM_BENCH_BASELINE`` names another baseline (any commit); ``FCM_BENCH_REPEATS`` sets how many
alternations are measured (default 5).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import REPORTS, Row, register
from bench.compiled import fresh_build

# The engine as it was when the speed work of issue 11 started.
BASELINE = "73c0a7716847d659fa57bc27986ea60575ce059e"
ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(1, 6)
# The baseline's default Options.round_limit; today the cap is an explicit simulation option.
ROUND_LIMIT = 60
# (label, bot, players, figure): the two targets, at most 0.4x of the baseline.
CASES: tuple[tuple[str, str, int, str], ...] = (
    ("random bots, 4 players", "random", 4, "ms per round"),
    ("heuristic (easy) bots, 4 players", "heuristic", 4, "ms per game"),
)
TARGET = 0.4
# Why the two commits cannot agree, for the default baseline (another baseline: no reason given).
WHY_HASHES_DIFFER = "the end reason of a capped game is worded as a simulation cap since then"
WHY_PLAY_DIFFERS = {"heuristic": "the easy bot's play changed since (issue 16)"}


def measure(bot: str, players: int, seeds: range) -> dict[str, list[Any]]:
    """Play the seeded games with whichever ``fcm`` is importable; time them, hash the final
    states (whole, and without the end reason's wording) and keep the outcome."""
    import dataclasses

    from fcm.bots import make_bot
    from fcm.core.state import Options
    from fcm.runner import play_game

    names = {f.name for f in dataclasses.fields(Options)}
    options = Options(round_limit=ROUND_LIMIT) if "round_limit" in names else Options()
    out: dict[str, list[Any]] = {"seconds": [], "rounds": [], "hashes": [], "states": [],
                                 "outcomes": []}
    for seed in seeds:
        bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
        start = time.process_time()
        result = play_game(bots, seed, options)
        out["seconds"].append(time.process_time() - start)
        state = result.state
        out["rounds"].append(state.round)
        out["hashes"].append(state.state_hash())
        data = state.to_dict()
        data.pop("end_reason", None)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        out["states"].append(hashlib.sha256(text.encode()).hexdigest()[:16])
        out["outcomes"].append(
            [state.round, list(state.ranking), [p.cash for p in state.players],
             len(result.record.actions)]
        )
    return out


def _figure(runs: list[dict[str, list[Any]]], figure: str) -> float:
    """Each game's fastest run over the repeats (the least disturbed by other load), then the
    figure: ms per round over all games, or the median game's ms."""
    columns: list[list[float]] = [r["seconds"] for r in runs]
    per_game = [min(times) for times in zip(*columns, strict=True)]
    rounds: list[int] = runs[0]["rounds"]
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


def _run_side(src: Path, bot: str, players: int) -> dict[str, list[Any]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), str(ROOT)]))
    out = subprocess.run(
        [sys.executable, "-m", "bench.compare", "--worker", str(src), bot, str(players)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, list[Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@dataclass(frozen=True)
class Verdict:
    """One workload of one side against the baseline."""

    workload: str
    figure: str
    side: str
    baseline: float
    value: float
    same_hashes: int  # games whose final state hashes agree
    same_states: int  # games whose final states agree but for the end reason's wording
    same_outcomes: int  # games with the same rounds, ranking, cash and number of actions
    games: int
    why: str  # why the games differ, when known
    why_hashes: str  # why the hashes differ though the games are the same, when known

    @property
    def ratio(self) -> float:
        return self.value / self.baseline

    @property
    def passed(self) -> bool:
        return self.ratio <= TARGET

    def play(self) -> str:
        if self.same_outcomes == self.games:
            kind = "same games" if self.same_states == self.games else "same outcomes"
            return f"{kind} ({self.games}/{self.games})"
        text = f"different games ({self.games - self.same_outcomes}/{self.games})"
        return f"{text}: {self.why}" if self.why else text

    def hashes(self) -> str:
        if self.same_hashes == self.games:
            return "equal"
        if self.same_states == self.games and self.why_hashes:
            return f"differ: {self.why_hashes}"
        return f"differ ({self.games - self.same_hashes}/{self.games})"


def _count(a: list[Any], b: list[Any]) -> int:
    return sum(x == y for x, y in zip(a, b, strict=True))


def compare(baseline: str | None = None, repeats: int | None = None) -> list[Verdict]:
    """Every workload's figures for the current code (and the compiled build, when fresh)
    against ``baseline``."""
    commit = baseline or os.environ.get("FCM_BENCH_BASELINE", BASELINE)
    repeats = repeats or int(os.environ.get("FCM_BENCH_REPEATS", "5"))
    known = commit == BASELINE
    verdicts: list[Verdict] = []
    tmp = Path(tempfile.mkdtemp(prefix="fcm-bench-"))
    try:
        sides = {"baseline": _extract(commit, tmp), "current": ROOT / "src"}
        compiled = fresh_build()
        if compiled is not None:
            sides["compiled"] = compiled
        for label, bot, players, figure in CASES:
            runs: dict[str, list[dict[str, list[Any]]]] = {side: [] for side in sides}
            for _ in range(repeats):
                for side, src in sides.items():
                    runs[side].append(_run_side(src, bot, players))
            value = {side: _figure(got, figure) for side, got in runs.items()}
            base = runs["baseline"][0]
            for side in sides:
                if side == "baseline":
                    continue
                got = runs[side][0]
                # the compiled build must play exactly as the current code
                ref = runs["current"][0] if side == "compiled" else base
                verdicts.append(Verdict(
                    workload=label, figure=figure, side=side, baseline=value["baseline"],
                    value=value[side],
                    same_hashes=_count(ref["hashes"], got["hashes"]),
                    same_states=_count(ref["states"], got["states"]),
                    same_outcomes=_count(ref["outcomes"], got["outcomes"]),
                    games=len(SEEDS),
                    why=WHY_PLAY_DIFFERS.get(bot, "") if known and side != "compiled" else "",
                    why_hashes=WHY_HASHES_DIFFER if known and side != "compiled" else "",
                ))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return verdicts


def format_verdicts(verdicts: list[Verdict], repeats: int, commit: str) -> str:
    """The comparison as a table: figures, ratio, pass/fail against the target, same play."""
    header = ("workload", "side", "baseline", "this side", "ratio", "target", "result",
              "play vs reference", "final state hashes")
    cells = [header] + [
        (
            f"{v.workload}: {v.figure}",
            v.side,
            f"{v.baseline:,.2f} ms",
            f"{v.value:,.2f} ms",
            f"{v.ratio:.2f}x",
            f"<= {TARGET:.2f}x",
            "PASS" if v.passed else "FAIL",
            v.play(),
            v.hashes(),
        )
        for v in verdicts
    ]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    lines = [
        f"bench compare: baseline {commit[:7]}, {len(SEEDS)} seeded games x {repeats} "
        f"alternating repeats, CPU time, each game's fastest run, {ROUND_LIMIT}-round cap on "
        "both sides; the reference of 'play' and 'hashes' is the baseline (for the compiled "
        "build: the current code)"
    ]
    for n, line in enumerate(cells):
        lines.append("  ".join(text.ljust(widths[i]) for i, text in enumerate(line)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _rows(verdicts: list[Verdict]) -> list[Row]:
    rows: list[Row] = []
    for v in verdicts:
        if v.side == "current":
            rows.append(Row("compare", f"{v.workload}: {v.figure}, baseline", v.baseline, "ms"))
        rows += [
            Row("compare", f"{v.workload}: {v.figure}, {v.side}", v.value, "ms"),
            Row("compare", f"{v.workload}: {v.side} / baseline", v.ratio * 100, "%",
                f"target <= {TARGET * 100:.0f}%: {'PASS' if v.passed else 'FAIL'}; "
                f"{v.play()}; hashes {v.hashes()}"),
        ]
    return rows


@register("compare")
def compare_rows() -> list[Row]:
    commit = os.environ.get("FCM_BENCH_BASELINE", BASELINE)
    repeats = int(os.environ.get("FCM_BENCH_REPEATS", "5"))
    verdicts = compare(commit, repeats)
    REPORTS.append(format_verdicts(verdicts, repeats, commit))
    return _rows(verdicts)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        raise SystemExit(_worker(sys.argv[2:]))
    compare_rows()
    print(REPORTS[-1])
