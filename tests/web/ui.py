"""Driving the browser UI like a player: helpers shared by the browser tests.

Every decision is taken by clicking what the page shows (buttons of the decision panel, squares
of the map); the server is only read, to check that the page shows the truth.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

PASSWORD = "a long password"


class FileClock:
    """The time a test server reads from a file (its ``test_clock_file``): tests move it on,
    never sleep."""

    def __init__(self, path: Path, start: float | None = None) -> None:
        self.path, self.t = path, time.time() if start is None else start
        self.path.write_text(str(self.t))

    def advance(self, seconds: float) -> None:
        self.t += seconds
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(str(self.t))
        tmp.replace(self.path)  # atomically: the server never reads half a file


def clocked_server(tmp: Path) -> Iterator[tuple[Any, FileClock]]:
    """A server of its own whose clock is a :class:`FileClock` (timer tests), bots without
    pauses; closed after the caller's tests."""
    from tests.server.procs import Server

    clock = FileClock(tmp / "now")
    srv = Server(f"sqlite:///{tmp}/fcm.sqlite3", tmp / "server.log", clock_interval="0.05",
                 test_clock_file=str(clock.path), bot_think_ms="200", bot_delay_ms="0")
    srv.start()
    try:
        yield srv, clock
    finally:
        srv.close()


def sign_up(page: Any, base: str, name: str) -> None:
    """Open the lobby and sign up a new account ``name``."""
    page.goto(base + "/")
    page.fill("[data-test=account-name]", name)
    page.fill("[data-test=account-password]", PASSWORD)
    page.click("[data-test=signup]")
    page.wait_for_selector(f"[data-test=account-user]:text('{name}')")


def wait_until(pred: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
    """Poll ``pred`` until it gives something true (returned), or fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        got = pred()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


PLACEMENT = {"place_restaurant", "move_restaurant", "place_house", "add_garden", "place_campaign"}


class UI:
    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)

    # -- reading the server ---------------------------------------------------------------------

    def tokens(self) -> dict[str, Any]:
        raw = self.page.evaluate("localStorage.getItem('fcm.games.v1')")
        return json.loads(raw or "{}")

    def token(self, game: str, seat: int) -> str:
        return str(self.tokens()[game]["tokens"][str(seat)])

    def server_state(self, game: str, seat: int) -> dict[str, Any]:
        r = self.http.get(
            f"/api/games/{game}", headers={"authorization": f"Bearer {self.token(game, seat)}"}
        )
        r.raise_for_status()
        return dict(r.json())

    def presentation(self, game: str, seat: int) -> dict[str, Any]:
        r = self.http.get(
            f"/api/games/{game}/presentation",
            headers={"authorization": f"Bearer {self.token(game, seat)}"},
        )
        r.raise_for_status()
        return dict(r.json())

    # -- waiting for the page -------------------------------------------------------------------

    def decision(self) -> Any:
        return self.page.locator("[data-test=decision]")

    def wait_my_turn(self, game: str, seat: int, timeout: float = 60.0) -> dict[str, Any]:
        """Wait until the server says it is ``seat``'s decision and the page shows that very
        version with its choices; returns the server state."""
        deadline = time.monotonic() + timeout
        while True:
            st = self.server_state(game, seat)
            if st["status"] == "over":
                return st
            if st["your_turn"]:
                d = self.decision()
                if (
                    d.count()
                    and d.get_attribute("data-version") == str(st["version"])
                    and d.get_attribute("data-kinds")
                ):
                    return st
            assert time.monotonic() < deadline, (
                f"timed out waiting for seat {seat}'s turn: {st['phase']} {st['actors']}"
            )
            time.sleep(0.05)

    def kinds(self) -> list[str]:
        raw = self.decision().get_attribute("data-kinds") or ""
        return [k for k in raw.split(",") if k]

    # -- clicking -------------------------------------------------------------------------------

    def send(self, locator: Any) -> None:
        """Click something that sends an action, and wait until the page has the answer: a new
        version drawn, an error shown, or the pass-the-device screen (hot-seat)."""
        before = self.decision().get_attribute("data-version")
        locator.click()
        self.page.wait_for_function(
            """(before) => {
                const d = document.querySelector("[data-test=decision]");
                if (!d || d.dataset.version !== before) return true;
                const e = document.querySelector("[data-test=error]");
                return e !== null && !e.classList.contains("hidden");
            }""",
            arg=before,
        )

    def click_key(self, action: dict[str, Any]) -> None:
        key = json.dumps(action, sort_keys=True, separators=(",", ":"))
        self.send(self.decision().locator(f'button[data-key="{_css(key)}"]').first)

    def click_type(self, type_: str, index: int = 0) -> None:
        self.send(self.decision().locator(f'button[data-type="{type_}"]').nth(index))

    def click_done(self) -> None:
        self.send(self.decision().locator("[data-test=done]"))

    def anchors(self) -> list[tuple[int, int]]:
        cells = self.page.locator("[data-hl-anchor]").evaluate_all(
            "els => els.map(e => e.dataset.hlAnchor)"
        )
        return [tuple(int(x) for x in c.split(",")) for c in cells]  # type: ignore[misc]

    def edge_slots(self) -> list[str]:
        return list(
            self.page.locator("[data-hl-edge]").evaluate_all(
                "els => els.map(e => e.dataset.hlEdge)"
            )
        )

    def click_square(self, cell: tuple[int, int]) -> None:
        self.page.locator(f'[data-sq="{cell[0]},{cell[1]}"]').click()

    def place(self, cell: tuple[int, int] | None = None, variant: int = 0) -> None:
        """Click a highlighted square (default: the first), pick a variant, confirm."""
        if cell is None:
            anchors = self.anchors()
            if anchors:
                cell = anchors[0]
        if cell is not None:
            self.click_square(cell)
        else:
            slot = self.edge_slots()[0]
            self.page.locator(f'[data-edge="{slot}"]').click()
        variants = self.decision().locator("button[data-variant]")
        if variants.count() > 1:
            variants.nth(variant).click()
        self.send(self.decision().locator("[data-test=confirm]"))


def _css(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
