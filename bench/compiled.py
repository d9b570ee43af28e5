"""An optional build of the hot engine modules with mypyc (issue 11, item 7): ``make compiled``.

It copies ``src/`` to ``build/compiled/src``, compiles the modules in :data:`MODULES` there (mypyc
comes with the pinned mypy; it needs a C compiler and the Python headers) and checks that the
pinned seeded games end in their pinned final hashes with the compiled code. Use it with
``PYTHONPATH=build/compiled/src``; ``python -m bench compare`` then measures it as a third
column. The build records a digest of the sources it was made from, and is only used while
``src/`` is unchanged (a stale build is never measured or imported by the benchmarks).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEST = ROOT / "build" / "compiled"
STAMP = DEST / "SOURCES"

# Modules mypyc compiles as they are. Left out: actions (dataclass hierarchy with defaults),
# errors and events (subclass builtins), the geometry board (its immutability guard), and the
# cold ones (scenario, record, invariants).
MODULES: tuple[str, ...] = (
    "fcm/core/bank.py",
    "fcm/core/company.py",
    "fcm/core/engine.py",
    "fcm/core/milestones.py",
    "fcm/core/phases/cleanup.py",
    "fcm/core/phases/dinnertime.py",
    "fcm/core/phases/marketing.py",
    "fcm/core/phases/order_of_business.py",
    "fcm/core/phases/payday.py",
    "fcm/core/phases/restructuring.py",
    "fcm/core/phases/setup_phase.py",
    "fcm/core/phases/working/__init__.py",
    "fcm/core/phases/working/building.py",
    "fcm/core/phases/working/campaigns.py",
    "fcm/core/phases/working/common.py",
    "fcm/core/phases/working/goods.py",
    "fcm/core/phases/working/staff.py",
    "fcm/core/rng.py",
    "fcm/core/state.py",
    "fcm/core/views.py",
)


def sources_digest(src: Path = ROOT / "src") -> str:
    """A digest of every Python source and data file under ``src``."""
    h = hashlib.sha256()
    for path in sorted(src.rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(src)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def fresh_build() -> Path | None:
    """``build/compiled/src`` if it was built from the current sources, else None."""
    if STAMP.exists() and STAMP.read_text().strip() == sources_digest():
        return DEST / "src"
    return None


def build() -> Path:
    """Copy the sources, compile :data:`MODULES`, check the pinned hashes; the compiled src."""
    if shutil.which(os.environ.get("CC", "cc")) is None:
        raise SystemExit("make compiled needs a C compiler (cc) and the Python headers")
    digest = sources_digest()
    if DEST.exists():
        shutil.rmtree(DEST)
    src = DEST / "src"
    shutil.copytree(
        ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    )
    # mypyc fails on any note, and the research extras' overrides in pyproject.toml (pyspiel,
    # pettingzoo) are unused by these modules: warn_unused_configs would note them.
    subprocess.run(
        [sys.executable, "-m", "mypyc", "--no-warn-unused-configs", *MODULES], cwd=src, check=True
    )
    shutil.rmtree(src / "build", ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=str(src))
    check = [
        sys.executable, "-c",
        "import fcm.core.state as s, sys; sys.exit(not s.__file__.endswith('.so'))",
    ]
    if subprocess.run(check, cwd=ROOT, env=env).returncode:
        raise SystemExit("the compiled modules are not the ones imported")
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/property/test_pinned_hashes.py"],
        cwd=ROOT, env=env, check=True,
    )
    STAMP.write_text(digest + "\n")
    return src


if __name__ == "__main__":
    where = build()
    print(f"compiled engine in {where.relative_to(ROOT)}: use PYTHONPATH={where.relative_to(ROOT)}")
