"""``python -m bench.instructions`` (bench/instructions.py): what it reads from valgrind and what
its worker plays. No count is asserted here (valgrind is not needed by the tests)."""

from __future__ import annotations

import json

import pytest
from bench import compare, instructions


def test_the_count_is_callgrinds_collected_line():
    stderr = "==7== Events    : Ir\n==7== Collected : 1515752185\n==7==\n==7== I   refs: 1"
    assert instructions.collected(stderr) == 1_515_752_185
    with pytest.raises(SystemExit, match="no 'Collected' line"):
        instructions.collected("valgrind: command not found")


def test_the_worker_plays_bench_compares_seeded_games(capsys):
    assert instructions._worker(["random", "2"]) == 0
    states = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert states == compare.measure("random", 2, compare.SEEDS)["states"]
    assert len(states) == len(compare.SEEDS)
