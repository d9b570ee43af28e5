"""``examples/train_policy.py`` runs as docs/research.md shows it (issue 29 item 4): small
numbers here, the same code path; its evaluation games end (they are capped at the env's
default round limit, as random bots alone may play for thousands of rounds)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_train_policy_example_runs_to_its_table() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_policy.py"),
         "--games", "1", "--epochs", "1", "--eval-games", "2"],
        capture_output=True, text=True, timeout=300, env=env,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    assert "epoch 1:" in text
    assert "2 games, 4 players: the seat under test against 3 random bots" in text
    rows = [line.split() for line in text.splitlines() if line.startswith(("policy", "random"))]
    assert len(rows) == 2
    for row in rows:
        games_capped = int(row[-1])
        assert 0 <= games_capped <= 2
