"""Fixtures for the web UI tests: a real server (uvicorn on 127.0.0.1, temporary SQLite) and a
headless Chromium driven by Playwright.

The browser tests skip, saying why, when Debian's ``chromium`` (``/usr/bin/chromium``) or the
``playwright`` package is missing; CI installs both (``apt-get install -y chromium``).
"""

from __future__ import annotations

import functools
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("FCM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real browser (skips without chromium)")


def browser_skip_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (Debian: apt-get install -y chromium); CI installs it"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "the server dependencies (fastapi, uvicorn) are not installed"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real game server with the UI, on 127.0.0.1 and a temporary SQLite database."""
    yield from run_server(tmp_path_factory)


@pytest.fixture(scope="session")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Another such server that also plays the test-only game modules (tests/web/extra_modules.py:
    map pieces, 3x3 apartments)."""
    yield from run_server(tmp_path_factory, "tests.web.extra_modules")


def run_server(tmp_path_factory: pytest.TempPathFactory, *more: str) -> Iterator[str]:
    reason = browser_skip_reason()
    if reason:
        if os.environ.get("FCM_REQUIRE_BROWSER"):  # CI installs chromium: never skip there
            pytest.fail(reason)
        pytest.skip(reason)
    import httpx

    port = free_port()
    db = tmp_path_factory.mktemp("web") / "fcm.sqlite3"
    log = open(db.parent / "server.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.web.serve", str(port), f"sqlite:///{db}", *more],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"},
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # slow starts on a loaded machine
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            raise RuntimeError(
                "the test server did not start:\n" + (db.parent / "server.log").read_text()
            )
        time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(autouse=True)
def patient_http(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests' own requests (``httpx.get`` and friends) wait up to 60 s for an answer, not
    httpx's 5 s: a server on a loaded machine answers late, not never (creating a game timed
    out so under load)."""
    try:
        import httpx
    except ImportError:
        return
    for name in ("get", "post", "put", "patch", "delete"):
        monkeypatch.setattr(httpx, name, functools.partial(getattr(httpx, name), timeout=60))


@pytest.fixture(scope="session")
def browser(server: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.stash[FAILED] = rep.failed


FAILED = pytest.StashKey[bool]()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context (its own localStorage) and page; JavaScript errors fail the
    test; a failing test leaves a screenshot in test-artifacts/."""
    context = browser.new_context(viewport={"width": 1500, "height": 950})
    pg = context.new_page()
    pg.set_default_timeout(60_000)  # generous: a loaded machine; passing tests never wait it
    errors: list[str] = []
    posted: list[str] = []
    pg.on(
        "request", lambda r: posted.append(f"{r.url} {r.post_data}") if r.method == "POST" else None
    )
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "409" not in m.text and "422" not in m.text
            else None
        ),
    )
    try:
        yield pg
        if request.node.stash.get(FAILED, False):
            ARTIFACTS.mkdir(exist_ok=True)
            pg.screenshot(path=str(ARTIFACTS / f"failure-{request.node.name}.png"))
            (ARTIFACTS / f"failure-{request.node.name}.txt").write_text("\n".join(posted))
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


from tests.server.sinks import sinks  # noqa: E402, F401  (the SMTP sink and webhook receiver)
