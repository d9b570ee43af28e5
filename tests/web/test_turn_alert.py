"""Issue 26 item 12: when it becomes your turn in a game open in another tab, a sound and a
browser notification (the Notifications API), by the player's choice: nothing until the
player turns the alerts on, nothing while the tab is in view, nothing on the first load."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.ui import wait_until

pytestmark = pytest.mark.browser

# The browser's Notification and AudioContext, recorded; the tab's visibility set by the test.
SPIES = """
  window.notified = [];
  window.beeps = 0;
  window.tabHidden = false;
  Object.defineProperty(document, "hidden", { get: () => window.tabHidden });
  class FakeNotification {
    constructor(title, opts) { window.notified.push({ title, body: opts && opts.body }); }
    close() {}
  }
  FakeNotification.permission = "default";
  FakeNotification.requestPermission = async () => {
    FakeNotification.permission = "granted";
    return "granted";
  };
  window.Notification = FakeNotification;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() { window.beeps += 1; return super.createOscillator(); }
  };
"""


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_your_turn_sounds_and_notifies_in_a_background_tab_by_choice(
    browser: Any, server: str, artifacts: Any, width: int, height: int
) -> None:
    made = httpx.post(f"{server}/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
    game, (t0, t1) = made["game"], [s["token"] for s in made["seats"]]
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_init_script(SPIES)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/#/join/{game}/{t0}")
    page.wait_for_selector("[data-test=decision][data-kinds*=choose_reserve]")
    toggle = page.locator("[data-test=turn-alerts]")
    assert toggle.get_attribute("data-on") == "0"  # off until the player chooses
    page.locator("button[data-type=choose_reserve]").first.click()
    wait_until(lambda: not httpx.get(f"{server}/api/games/{game}",
                                     headers=auth(t0)).json()["your_turn"], "Ann's reserve card")

    def bob_plays_until_ann_decides() -> None:
        for _ in range(20):
            st = httpx.get(f"{server}/api/games/{game}", headers=auth(t1)).json()
            if 0 in st["actors"] or not st["your_turn"]:
                return
            httpx.post(f"{server}/api/games/{game}/actions", headers=auth(t1), json={
                "version": st["version"], "action": st["legal"][-1]}).raise_for_status()

    # alerts off, tab hidden: Bob's move makes it Ann's turn, and nothing sounds
    page.evaluate("window.tabHidden = true")
    bob_plays_until_ann_decides()
    page.wait_for_selector("[data-test=your-turn]")
    assert page.evaluate("window.notified") == [] and page.evaluate("window.beeps") == 0
    # Ann turns the alerts on (the browser asks her permission) and plays
    page.evaluate("window.tabHidden = false")
    toggle.click()
    page.wait_for_selector("[data-test=turn-alerts][data-on='1']")
    assert page.evaluate("Notification.permission") == "granted"
    page.screenshot(path=str(artifacts / f"turn-alert-{width}.png"))
    # she plays on (from another device: the API) until the decision is Bob's
    for _ in range(20):
        st = httpx.get(f"{server}/api/games/{game}", headers=auth(t0)).json()
        if not st["your_turn"]:
            break
        httpx.post(f"{server}/api/games/{game}/actions", headers=auth(t0), json={
            "version": st["version"], "action": st["legal"][-1]}).raise_for_status()
    page.wait_for_function("() => !document.querySelector('[data-test=your-turn]')")
    # in another tab now: Bob's move makes it her turn: a sound and a notification
    page.evaluate("window.tabHidden = true")
    bob_plays_until_ann_decides()
    page.wait_for_function("() => window.notified.length === 1")
    note = page.evaluate("window.notified[0]")
    assert note["title"] == "Your turn: Food Chain Magnate" and game in note["body"]
    assert page.evaluate("window.beeps") >= 1
    ctx.close()
    assert not errors, errors
