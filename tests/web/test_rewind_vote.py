"""Issue #13 item 3 in the browser: one player asks to rewind to the start of a turn, the
other agrees (or declines) from their own device; at 390x844, 768x1024 and 1440x900."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.test_phone import device, no_sideways_scroll  # noqa: F401  (a fixture)

pytestmark = pytest.mark.browser


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def game_with_a_finished_turn(server: str) -> tuple[str, dict[int, str], dict[str, Any]]:
    """Two humans, played over HTTP (first legal action) until a Working 9-5 turn is over."""
    made = httpx.post(f"{server}/api/games", json={"players": 2, "seed": 2}).json()
    game = made["game"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    for _ in range(200):
        info = httpx.get(f"{server}/api/games/{game}/rewind", headers=auth(tokens[0])).json()
        turns = [p for p in info["points"] if p["kind"] == "turn"]
        if turns:
            return game, tokens, turns[-1]
        st = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[0])).json()
        seat = st["actors"][0]
        mine = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[seat])).json()
        r = httpx.post(f"{server}/api/games/{game}/actions", headers=auth(tokens[seat]),
                       json={"version": mine["version"], "action": mine["legal"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError("no Working 9-5 turn was finished")


def open_seat(pg: Any, server: str, game: str, token: str, seat: int) -> None:
    pg.goto(f"{server}/#/join/{game}/{token}")
    pg.wait_for_selector(f".game-screen[data-seat='{seat}']")


def ask(pg: Any, point: dict[str, Any]) -> None:
    pg.locator("[data-test=rewind-open]").click()
    pg.locator("[data-test=rewind-point]").select_option(str(point["to"]))
    pg.locator("[data-test=rewind-ask]").click()
    pg.wait_for_selector("[data-test=rewind-vote]")


@pytest.mark.parametrize(("asker", "other"), [((390, 844), (1440, 900)),
                                              ((1440, 900), (768, 1024))])
def test_a_rewind_happens_when_the_other_player_agrees(
    device: Any, server: str, asker: tuple[int, int], other: tuple[int, int]  # noqa: F811
) -> None:
    game, tokens, point = game_with_a_finished_turn(server)
    before = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[0])).json()
    p0, p1 = device(*asker), device(*other)
    open_seat(p0, server, game, tokens[0], 0)
    open_seat(p1, server, game, tokens[1], 1)
    ask(p0, point)
    assert "Waiting for" in p0.locator("[data-test=rewind-vote]").inner_text()
    assert p0.locator("[data-test=rewind-accept]").count() == 0  # asking is agreeing
    vote = p1.locator("[data-test=rewind-vote]")
    vote.wait_for()  # the other device learns of the request
    assert "asks to go back to the start of" in vote.inner_text()
    no_sideways_scroll(p1)
    p1.locator("[data-test=rewind-accept]").click()
    for pg in (p0, p1):
        pg.wait_for_function(
            "() => (document.querySelector('[data-test=notice-text]') || {}).textContent"
            "?.includes('Everyone agreed')")
    after = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[0])).json()
    assert after["version"] > before["version"]
    assert after["phase"] == "working" and after["actors"] == [point["seat"]]
    # the page shows the position it went back to
    p0.wait_for_function(
        "(v) => Number(document.querySelector('[data-test=decision]').dataset.version) >= v",
        arg=after["version"])


def test_a_declined_rewind_changes_nothing(device: Any, server: str) -> None:  # noqa: F811
    game, tokens, point = game_with_a_finished_turn(server)
    before = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[1])).json()
    p0, p1 = device(768, 1024), device(390, 844)
    open_seat(p0, server, game, tokens[0], 0)
    open_seat(p1, server, game, tokens[1], 1)
    ask(p1, point)
    p0.locator("[data-test=rewind-decline]").click()
    p1.wait_for_function(
        "() => (document.querySelector('[data-test=notice-text]') || {}).textContent"
        "?.includes('declined')")
    after = httpx.get(f"{server}/api/games/{game}", headers=auth(tokens[1])).json()
    assert after["version"] == before["version"] and after["view"] == before["view"]
