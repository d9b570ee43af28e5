"""Moderation in the browser (issue 28), on a 390x844 phone and by the keyboard: a player
reports a chat message from the game's chat; the administrator (granted by ``fcm admin
grant``) finds it on #/admin, hides the message (it vanishes from the player's chat),
suspends its author (who can no longer log in) and closes the abandoned game."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.procs import Server
from tests.web.ui import PASSWORD, wait_until

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def site(tmp_path: Path, server: str) -> Iterator[Server]:  # (server: skips without chromium)
    srv = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log")
    srv.start()
    try:
        yield srv
    finally:
        srv.close()


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide at {PHONE['width']} px"


def test_report_a_message_then_hide_suspend_and_close_from_the_admin_page(
    browser: Any, site: Server
) -> None:
    boss, bob = (f"{who}{secrets.token_hex(3)}" for who in ("boss", "bob"))
    http = {name: httpx.Client(base_url=site.base, timeout=30) for name in (boss, bob)}
    csrf = {name: c.post("/api/account/signup", json={"name": name, "password": PASSWORD}
                         ).json()["csrf"] for name, c in http.items()}
    subprocess.run([sys.executable, "-c", "from fcm.cli.main import main; raise SystemExit(main())",
                    "admin", "grant", boss, "--database-url", site.database_url], check=True)
    game = site.create(players=2, seed=5)
    gid, token = game["game"], game["seats"][0]["token"]
    r = http[bob].post(f"/api/games/{gid}/claim", headers={
        "x-csrf-token": csrf[bob], "authorization": f"Bearer {game['seats'][1]['token']}"})
    assert r.status_code == 200, r.text
    for text in ("good luck", "you are all idiots"):
        r = http[bob].post(f"/api/games/{gid}/chat", json={"text": text},
                           headers={"x-csrf-token": csrf[bob]})
        assert r.status_code == 201, r.text

    # the player (seat 0, by its invitation link) reports message 2 by the keyboard
    player = browser.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))
    player.goto(f"{site.base}/#/join/{gid}/{token}")
    player.locator("[data-test=chat] summary").click()
    rude = player.locator("[data-test=chat-messages] li[data-seq='2']")
    rude.wait_for()
    rude.locator("[data-test=chat-report]").focus()
    player.keyboard.press("Enter")
    reason = rude.locator("[data-test=chat-report-reason]")
    assert reason.evaluate("e => e === document.activeElement")
    player.keyboard.type("insults the table")
    player.keyboard.press("Enter")
    rude.locator("[data-test=chat-reported]").wait_for()

    # the administrator's page, on a phone too
    admin = browser.new_context(viewport=PHONE).new_page()
    admin.on("pageerror", lambda e: errors.append(str(e)))
    admin.goto(site.base + "/")
    admin.fill("[data-test=account-name]", boss)
    admin.fill("[data-test=account-password]", PASSWORD)
    admin.press("[data-test=account-password]", "Enter")
    admin.locator("[data-test=admin-link]").click()
    report = admin.locator("[data-test=report]").first
    report.wait_for()
    assert report.locator("[data-test=report-text]").inner_text() == "you are all idiots"
    assert report.locator("[data-test=report-reason]").inner_text() == "insults the table"
    no_sideways_scroll(admin)
    report.locator("[data-test=report-hide]").focus()
    admin.keyboard.press("Enter")
    wait_until(lambda: "hidden" in admin.inner_text("[data-test=admin-status]"), "hidden")
    # gone from the player's chat at its next read, and from the API's answer
    player.locator("[data-test=chat-messages] li[data-seq='2']").wait_for(state="detached")
    assert player.locator("[data-test=chat-messages] li").count() == 1
    read = site.http.get(f"/api/games/{gid}/chat", headers={"authorization": f"Bearer {token}"})
    assert "idiots" not in read.text and read.json()["hidden"] == [2]

    admin.locator("[data-test=report] [data-test=report-suspend]").first.click()
    wait_until(lambda: "suspended" in admin.inner_text("[data-test=admin-status]"), "suspended")
    r = httpx.post(f"{site.base}/api/account/login", json={"name": bob, "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/suspended"
    assert http[bob].get("/api/account").json()["account"] is None  # its session ended

    admin.fill("[data-test=idle-days]", "0")
    admin.press("[data-test=idle-days]", "Enter")
    admin.locator(f"[data-test=idle-games] [data-game='{gid}'] [data-test=close-game]").click()
    wait_until(lambda: "closed" in admin.inner_text("[data-test=admin-status]"), "closed")
    assert site.state(gid, token)["status"] == "closed"
    admin.locator("[data-test=report-resolve]").first.click()
    wait_until(lambda: "done" in admin.inner_text("[data-test=admin-status]"), "done")
    no_sideways_scroll(admin)

    # an account that is not an administrator is refused the page
    other = browser.new_context(viewport=PHONE).new_page()
    other.goto(site.base + "/#/admin")
    other.locator("[data-test=admin-refused]").wait_for()
    assert not errors, errors
    for p in (player, admin, other):
        p.context.close()
    for c in http.values():
        c.close()
