"""fcm.env is an optional extra: without numpy, importing it fails with a message naming
``food-chain-magnate[rl]``, and the core never needs it."""

from __future__ import annotations

import subprocess
import sys

BLOCK_NUMPY = (
    "import sys, importlib.abc\n"
    "class Block(importlib.abc.MetaPathFinder):\n"
    "    def find_spec(self, name, path, target=None):\n"
    "        if name == 'numpy' or name.startswith('numpy.'):\n"
    "            raise ImportError('No module named numpy (blocked)')\n"
    "sys.meta_path.insert(0, Block())\n"
)


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK_NUMPY + code], capture_output=True, text=True, timeout=120
    )


def test_env_without_numpy_names_the_extra() -> None:
    out = run("import fcm.env\n")
    assert out.returncode != 0
    assert "pip install 'food-chain-magnate[rl]'" in out.stderr and "numpy" in out.stderr
    assert "MissingExtraError" in out.stderr


def test_core_and_bots_need_no_numpy() -> None:
    out = run(
        "import fcm\nfrom fcm.bots import make_bot\nfrom fcm.runner import play_game\n"
        "import fcm.cli.main\n"
        "r = play_game([make_bot('random', 1), make_bot('random', 2)], seed=1,\n"
        "              options=fcm.Options(round_limit=60))\n"
        "assert 'numpy' not in sys.modules\nprint('ok')\n"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_dataset_without_pyarrow_names_the_extra() -> None:
    code = BLOCK_NUMPY.replace("name == 'numpy' or name.startswith('numpy.')",
                               "name == 'pyarrow' or name.startswith('pyarrow.')")
    run_it = "from fcm.cli.main import main\nraise SystemExit(main(" + repr(
        ["dataset", "--bots", "random,random", "--out", "/nonexistent"]
    ) + "))\n"
    out = subprocess.run(
        [sys.executable, "-c", code + run_it], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 2, out.stderr
    text = " ".join(out.stdout.split())
    assert "comes with the optional extra 'rl'" in text and "pyarrow" in text
