"""``python -m bench [name ...]``: run the registered benchmarks and print a table."""

from __future__ import annotations

import importlib
import sys

from bench import BENCHMARKS, REPORTS, Row

MODULES = ["bench.board", "bench.engine", "bench.compare", "bench.load", "bench.env", "bench.bots",
           "bench.modules"]


def format_table(rows: list[Row]) -> str:
    """The rows as an aligned plain-text table."""
    header = ("benchmark", "case", "median", "unit", "note")
    cells = [header] + [(r.benchmark, r.case, f"{r.value:,.1f}", r.unit, r.note) for r in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    out = []
    for n, line in enumerate(cells):
        parts = [
            text.rjust(widths[i]) if i == 2 else text.ljust(widths[i])
            for i, text in enumerate(line)
        ]
        out.append("  ".join(parts).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str]) -> int:
    for module in MODULES:
        importlib.import_module(module)
    wanted = argv or list(BENCHMARKS)
    unknown = [name for name in wanted if name not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
        return 2
    rows: list[Row] = []
    for name in wanted:
        rows.extend(BENCHMARKS[name]())
    print(format_table(rows))
    for report in REPORTS:
        print()
        print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
