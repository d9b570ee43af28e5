"""CPU instructions of the same seeded games on a baseline commit and on the current code.

``python -m bench.instructions`` counts, under valgrind (``--tool=callgrind``), the instructions
that ``python -m bench compare``'s games take: 5 seeded 4-player games per workload (random bots,
easy bots), 60-round cap, played by ``bench.compare.measure``. Instruction counts do not move with
the load of a shared machine the way CPU time does, so a change of a fraction of a percent shows.

Each side runs in its own process: imports and a warm-up game first, then the 5 games called
through ``sys.call_tracing`` (which only calls them: no tracer is set), and callgrind collects
only inside that C function (``--collect-atstart=no --toggle-collect=sys_call_tracing``), so
imports, the warm-up and valgrind's start-up are left out. ``PYTHONHASHSEED=0`` fixes set and
dict-of-str ordering, so a side counts the same run after run. The table also says whether
both sides ended the games in the same final states (the end reason's wording aside, as in
``bench compare``).

``--baseline COMMIT`` (default f85a779, the engine before the module rework of issue 24),
``--bots random,heuristic``, ``--src PATH`` (another source tree as the current side). Needs
valgrind; a few CPU minutes per side and workload.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.compare import ROOT, SEEDS, _extract, measure

BASELINE = "f85a779"
PLAYERS = 4
COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def _worker(argv: list[str]) -> int:
    """``python -m bench.instructions --worker BOT PLAYERS``: the warm-up game, then the seeded
    games inside ``sys.call_tracing`` (what callgrind counts); prints their final states as
    JSON."""
    bot, players = argv[0], int(argv[1])
    measure(bot, players, range(100, 101))  # imports, board caches
    states: list[str] = sys.call_tracing(measure, (bot, players, SEEDS))["states"]
    print(json.dumps(states))
    return 0


def games(src: Path, bot: str, players: int) -> tuple[int, list[str]]:
    """Instructions of the seeded games under callgrind, with their final states."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), str(ROOT)]),
               PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory(prefix="fcm-callgrind-") as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
             "--collect-atstart=no", "--toggle-collect=sys_call_tracing",
             sys.executable, "-m", "bench.instructions", "--worker", bot, str(players)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True,
        )
    states: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return collected(out.stderr), states


def collected(stderr: str) -> int:
    """The instructions callgrind collected, from its closing lines (``==pid== Collected : N``).

    Raises:
        SystemExit: no such line (valgrind's output changed, or it failed).
    """
    found = COLLECTED.findall(stderr)
    if not found:
        raise SystemExit(f"no 'Collected' line in valgrind's output:\n{stderr[-2000:]}")
    return int(found[-1])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--src", default=str(ROOT / "src"))
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed")
        return 2
    tmp = Path(tempfile.mkdtemp(prefix="fcm-bench-"))
    try:
        base_src = _extract(args.baseline, tmp)
        print(f"instructions (callgrind) of {len(SEEDS)} seeded {PLAYERS}-player games, "
              f"60-round cap, after imports and a warm-up game; baseline {args.baseline}")
        for bot in args.bots.split(","):
            base, base_states = games(base_src, bot, PLAYERS)
            cur, cur_states = games(Path(args.src), bot, PLAYERS)
            same = sum(a == b for a, b in zip(base_states, cur_states, strict=True))
            print(f"{bot:>10}: baseline {base / 1e6:,.1f} M, current {cur / 1e6:,.1f} M, "
                  f"ratio {cur / base:.4f}x, same final states {same}/{len(base_states)}",
                  flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        raise SystemExit(_worker(sys.argv[2:]))
    raise SystemExit(main(sys.argv[1:]))
