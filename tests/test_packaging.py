"""The distribution installs by its own name (issue 29, item 1): ``python -m build`` makes an sdist
and a wheel (from the sdist), the wheel installs into a fresh virtual environment and its entry
point and the research environment run from there, and every extra resolves against the pinned
requirements.

Offline: the build runs without isolation (setuptools and build are pinned in
requirements-dev.txt) and the wheel installs with ``--no-deps``; its dependencies come from this
environment's site-packages, put on the fresh venv's path by a ``.pth`` file (a venv made from
this one with ``--system-site-packages`` would see the base interpreter's, not these).

About 15 s. Skip it locally with ``FCM_SKIP_PACKAGING=1``; under ``CI=true`` it always runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "food-chain-magnate"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

pytestmark = pytest.mark.skipif(
    os.environ.get("FCM_SKIP_PACKAGING") == "1" and os.environ.get("CI") != "true",
    reason="FCM_SKIP_PACKAGING=1 (runs under CI=true regardless)",
)


def _env() -> dict[str, str]:
    """The environment of the commands run in the fresh venv: none of this checkout's paths."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


def _run(cmd: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist and wheel of a copy of the checkout (the build writes egg-info next to the
    sources; the copy keeps it out of the worktree)."""
    work = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, work / name)
    shutil.copytree(
        ROOT / "src", work / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    out = work / "dist"
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), "."], work)
    return out


def test_project_is_named_for_the_index_not_fcm() -> None:
    # "fcm" on the public index is an unrelated 2013 package; the extras refer to our own name
    assert PROJECT["name"] == DISTRIBUTION
    dev = PROJECT["optional-dependencies"]["dev"]
    assert f"{DISTRIBUTION}[server,rl,sb3,ray,tournament]" in dev
    assert not any(req.startswith("fcm[") for req in dev)
    assert PROJECT["scripts"] == {"fcm": "fcm.cli.main:main"}


def test_sdist_and_wheel_hold_the_package_and_its_data(dist: Path) -> None:
    (sdist,) = dist.glob("food_chain_magnate-*.tar.gz")
    (wheel,) = dist.glob("food_chain_magnate-*-py3-none-any.whl")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "src/fcm/env/aec.py"} <= names
    with zipfile.ZipFile(wheel) as whl:
        files = set(whl.namelist())
        (meta,) = [n for n in files if n.endswith(".dist-info/METADATA")]
        metadata = whl.read(meta).decode()
    # package data the engine and the web app read at run time (pyproject's package-data)
    data = ("fcm/py.typed", "fcm/server/web/index.html", "fcm/server/migrations/script.py.mako")
    for path in data:
        assert path in files, path
    assert any(f.startswith("fcm/data/") and f.endswith(".json") for f in files)
    assert any(f.startswith("fcm/data/ketchup/") and f.endswith(".json") for f in files)
    assert f"Name: {DISTRIBUTION}\n" in metadata
    for extra in ("server", "tournament", "rl", "sb3", "ray", "dev"):
        assert f"Provides-Extra: {extra}\n" in metadata, extra


def test_wheel_installs_into_a_fresh_venv_and_runs(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("*.whl")
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path)
    py = venv / "bin" / "python"
    site = Path(
        _run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp_path)
        .stdout.strip()
    )
    # the pinned dependencies of this environment, behind the venv's own site-packages
    (site / "pinned-deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    _run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps",
         "--no-index", str(wheel)],
        tmp_path,
    )
    where = _run([str(py), "-c", "import fcm; print(fcm.__file__)"], tmp_path).stdout.strip()
    assert Path(where).is_relative_to(site), f"fcm imported from {where}, not the wheel"

    help_text = _run([str(venv / "bin" / "fcm"), "--help"], tmp_path).stdout
    for command in ("simulate", "tournament", "dataset", "serve"):
        assert command in help_text

    _run(
        [str(py), "-c",
         "import fcm.env, fcm.env.aec, fcm.env.openspiel, fcm\n"
         "env = fcm.env.aec_env(players=2, seed=1)\nenv.reset()\n"
         "obs = env.observe(env.agent_selection)\n"
         "assert obs['action_mask'].sum() > 0\n"
         "assert fcm.new_game(3, seed=2).num_players == 3\n"],
        tmp_path,
    )

    # every extra resolves against the pinned set (what `pip install NAME[extra]` would need)
    check = (
        "import importlib.metadata as md\n"
        "from packaging.requirements import Requirement\n"
        f"reqs = [Requirement(r) for r in md.requires({DISTRIBUTION!r})]\n"
        "missing = []\n"
        "for extra in ('', 'server', 'tournament', 'rl', 'sb3', 'ray'):\n"
        "    for r in reqs:\n"
        "        if r.name == 'food-chain-magnate':\n"
        "            continue\n"
        "        if r.marker and not r.marker.evaluate({'extra': extra}):\n"
        "            continue\n"
        "        try:\n"
        "            v = md.version(r.name)\n"
        "        except md.PackageNotFoundError:\n"
        "            missing.append((extra, str(r))); continue\n"
        "        if not r.specifier.contains(v, prereleases=True):\n"
        "            missing.append((extra, f'{r} (have {v})'))\n"
        "assert not missing, missing\n"
        "print(md.version('food-chain-magnate'))\n"
    )
    version = _run([str(py), "-c", check], tmp_path).stdout.strip()
    assert version == PROJECT["version"]
