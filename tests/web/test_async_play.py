"""Issue 14's browser test: two accounts play an asynchronous game across simulated days (the
server reads the time from a file the test moves; nothing waits for a real clock to run), a
timer runs out and the chosen fallback (a bot plays that decision) acts, and the
notifications arrive at the local SMTP sink and webhook receiver (tests/server/sinks.py).
The second account then opens the link of its e-mail in a browser that holds no token: the
game page plays from the session cookie."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.procs import Server
from tests.server.sinks import Sinks
from tests.web.ui import PASSWORD, UI, FileClock, sign_up, wait_until

pytestmark = pytest.mark.browser
DAY = 86400


@pytest.fixture
def online(tmp_path: Path, sinks: Sinks, server: str) -> Iterator[tuple[Server, FileClock]]:
    """A server of its own (``server``: the browser tests' checks have passed): the clock
    and the notifier look every 50 ms, the time comes from a file."""
    # 08:00 UTC today: the daily reminder (09:00 UTC) comes in an hour
    clock = FileClock(tmp_path / "now", time.time() // DAY * DAY + 8 * 3600)
    srv = Server(
        f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log",
        clock_interval="0.05", test_clock_file=str(clock.path), notify_interval="0.05",
        notify_turn_delay="60", smtp_host="127.0.0.1", smtp_port=str(sinks.smtp_port),
        notify_daily_hour="9", notify_webhooks="1", notify_allow_http="1", notify_allow_private="1",
        bot_think_ms="300",
    )
    srv.env["FCM_PUBLIC_ORIGIN"] = srv.base  # the links in the messages
    srv.start()
    try:
        yield srv, clock
    finally:
        srv.close()


def new_page(browser: Any, errors: list[str]) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def sign_up_with_notifications(page: Any, base: str, name: str, notify: dict[str, Any]) -> None:
    sign_up(page, base, name)
    page.click("summary:text('Notifications')")
    page.wait_for_selector("[data-test=notify-email]:not([disabled])")
    page.fill("[data-test=notify-email]", notify["email"])
    page.fill("[data-test=notify-webhook]", notify.get("webhook", ""))
    for key in ("on_turn", "on_end", "daily"):
        page.set_checked(f"[data-test=notify-{key}]", True)
    page.click("[data-test=notify-save]")
    page.wait_for_selector("[data-test=notify-status]:text('Saved.')")


def test_two_accounts_play_across_days_with_a_timer_and_notifications(
    browser: Any, online: tuple[Server, FileClock], sinks: Sinks
) -> None:
    srv, clock = online
    errors: list[str] = []
    ann, bob = f"ann{secrets.token_hex(3)}", f"bob{secrets.token_hex(3)}"
    mail = {ann: f"{ann}@example.test", bob: f"{bob}@example.test"}
    a = new_page(browser, errors)
    sign_up_with_notifications(a, srv.base, ann, {"email": mail[ann], "webhook": sinks.webhook_url})
    # ann creates a game for two people, 1 day per decision; a bot plays a late decision
    a.select_option("[data-test=players]", "2")
    a.select_option("[data-test=seat-kind-0]", "human")
    a.select_option("[data-test=seat-kind-1]", "human")
    a.select_option("[data-test=clock-limit]", "1d")
    a.select_option("[data-test=clock-fallback]", "bot_move")
    a.click("[data-test=create]")
    a.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = a.input_value("[data-test=invite-1]")
    game = invite.split("/#/join/")[1].split("/")[0]
    b = new_page(browser, errors)
    sign_up_with_notifications(b, srv.base, bob, {"email": mail[bob]})
    b.goto(invite)  # bob's invitation link: his account claims seat 1
    b.wait_for_url(re.compile(f"#/game/{game}/1$"))
    ua, ub = UI(a, srv.base), UI(b, srv.base)
    a.click("[data-test=play-seat-0]")
    ua.wait_my_turn(game, 0)
    ua.click_type("choose_reserve")
    wait_until(lambda: not ua.server_state(game, 0)["your_turn"], "ann's move")
    assert ub.server_state(game, 1)["actors"] == [1]

    def mails_to(name: str, subject: str) -> list[Any]:
        return [m for m in sinks.mails if m.to == [mail[name]] and subject in m.subject]

    # a minute later bob is told it is his turn (by e-mail: he gave no webhook)
    assert mails_to(bob, "your turn") == []
    clock.advance(61)
    wait_until(lambda: mails_to(bob, "your turn"), "bob's 'your turn' e-mail")
    (told,) = mails_to(bob, "your turn")
    link = re.search(r"Play: (\S+)", told.text)
    assert link and link.group(1) == f"{srv.base}/#/game/{game}"

    # 09:00 went by: the daily reminder tells bob the game waits for him; ann's, with nothing
    # waiting for her, is not sent
    clock.advance(3 * 3600)
    wait_until(lambda: mails_to(bob, "waiting for you"), "bob's daily reminder")
    (daily,) = mails_to(bob, "waiting for you")
    assert game in daily.text
    assert mails_to(ann, "waiting for you") == []

    # bob lets the day pass: the timer runs out and a bot chooses his reserve card
    clock.advance(DAY - 3 * 3600)
    log = wait_until(lambda: [e for e in srv.http.get(
        f"/api/games/{game}/log", headers={"authorization": f"Bearer {ua.token(game, 0)}"}
    ).json()["entries"][1:] if e["seat"] == 1], "the fallback bot's move")
    assert log, "seat 1 moved"
    st = ua.server_state(game, 0)
    assert st["version"] >= 2 and st["status"] == "active"
    actors = st["actors"]
    names = {0: ann, 1: bob}
    # the next decision: its seats are told a minute after it began (ann also by webhook)
    clock.advance(61)
    for seat in actors:
        wait_until(lambda seat=seat: len(mails_to(names[seat], "your turn")) >= 1 + (seat == 1),
             f"{names[seat]}'s next 'your turn'")
    if 0 in actors:
        wait_until(lambda: any(game in h["body"]["content"] for h in sinks.hooks), "ann's webhook")

    # bob, on another device with no token: he logs in and opens the link of his e-mail
    c = new_page(browser, errors)
    c.goto(srv.base + "/")
    c.fill("[data-test=account-name]", bob)
    c.fill("[data-test=account-password]", PASSWORD)
    c.click("[data-test=login]")
    c.wait_for_selector(f"[data-test=account-user]:text('{bob}')")
    assert "fcm.games.v1" not in (c.evaluate("JSON.stringify(Object.keys(localStorage))"))
    c.goto(link.group(1))
    c.wait_for_selector("[data-test=decision]")
    assert c.evaluate("window.fcmScreen.entry.cookie") is True
    s1 = httpx.get(f"{srv.base}/api/games/{game}", cookies=dict(
        (k["name"], k["value"]) for k in c.context.cookies())).json()
    assert s1["seat"] == 1
    if s1["your_turn"]:
        wait_until(lambda: c.locator("[data-test=decision]").get_attribute("data-version")
             == str(s1["version"]), "bob's decision on the cookie page")
    # the chat: bob says something that would be markup; ann's page shows it as text
    dialogs: list[str] = []
    a.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    evil = '<img src=x onerror="alert(1)"><b>bold</b>'
    c.click("[data-test=chat] summary")
    c.fill("[data-test=chat-input]", evil)
    c.click("[data-test=chat-send]")
    a.locator("[data-test=chat-messages] li").first.wait_for(state="attached")
    li = a.locator("[data-test=chat-messages] li").first
    assert li.locator("[data-test=chat-line]").text_content() == f"{bob}: {evil}"
    assert a.locator("[data-test=chat-messages] img, [data-test=chat-messages] b").count() == 0
    assert dialogs == []
    assert not errors, errors
    for m in sinks.mails:  # never a seat's link in a message
        assert "/join/" not in m.text and "token" not in m.text
    for p in (a, b, c):
        p.context.close()
