"""Benchmarks for the rules engine: ``python -m bench`` runs every registered one.

A benchmark is a function returning :class:`Row` s, registered with :func:`register`; add a
module under ``bench/`` and list it in ``MODULES`` (``bench/__main__.py``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

BenchFn = Callable[[], list["Row"]]


@dataclass(frozen=True)
class Row:
    """One measured figure: the benchmark, what was measured, the median and its unit."""

    benchmark: str
    case: str
    value: float
    unit: str
    note: str = ""


BENCHMARKS: dict[str, BenchFn] = {}
# Tables a benchmark prints after the common one (e.g. ``compare``'s pass/fail table).
REPORTS: list[str] = []


def register(name: str) -> Callable[[BenchFn], BenchFn]:
    """Register a benchmark function under ``name`` (the first column of the table)."""

    def deco(fn: BenchFn) -> BenchFn:
        if name in BENCHMARKS:
            raise ValueError(f"benchmark {name!r} registered twice")
        BENCHMARKS[name] = fn
        return fn

    return deco


def median_seconds(fn: Callable[[], object], repeat: int = 7, number: int = 1) -> float:
    """Median over ``repeat`` runs of the seconds one call of ``fn`` takes (``number`` calls
    per run)."""
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)
