"""Hot-seat play: two human seats in one browser. The pass-the-device screen shows nothing
secret, and each seat's page shows only what that seat may see (reserve cards, the cards
another seat is sending to work). Also: an illegal click shows the engine's reason, and the
page reconnects after a lost WebSocket and after a reload."""

from __future__ import annotations

import time
from typing import Any

import pytest

import fcm
from fcm.core.company import board_of
from fcm.presentation import explain_error, seat_name
from tests.web.test_play import create_from_lobby, generic_move
from tests.web.ui import UI

pytestmark = pytest.mark.browser


def current_seat(page: Any, ui: UI | None = None, game: str | None = None) -> int | None:
    """The seat the page shows once it has settled (None: the pass screen is up). With ``ui``
    and ``game``, a seat counts only when it is that seat's decision (the page may still show
    the previous seat for a moment before handing over)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if page.locator("[data-test=pass-screen]").count():
            return None
        screen = page.locator(".game-screen")
        if screen.count():
            try:
                raw = screen.get_attribute("data-seat", timeout=500)
            except Exception:  # replaced while reading: look again
                raw = None
            if raw is not None:
                seat = int(raw)
                if ui is None or game is None or ui.server_state(game, seat)["your_turn"]:
                    return seat
        page.wait_for_timeout(50)
    raise AssertionError("the page did not settle on a seat or the pass screen")


def pass_screen_is_blank(page: Any, seat: int) -> None:
    screen = page.locator("[data-test=pass-screen]")
    screen.wait_for()
    assert screen.get_attribute("data-seat") == str(seat)
    text = page.locator("body").inner_text()
    assert "$" not in text and "Reserve" not in text, text
    # nothing of the previous seat is left in the page, visible or not
    assert page.locator(".game-screen, .company, [data-test=decision], svg").count() == 0


def test_hotseat_hides_secrets(page: Any, server: str) -> None:
    ui = UI(page, server)
    game = create_from_lobby(page, server, None, seed=3, seats=["human", "human"])

    # -- reserve cards: secret, with a blank screen between the players -------------------------
    pass_screen_is_blank(page, 0)
    page.locator("[data-test=pass-ready]").click()
    ui.wait_my_turn(game, 0)
    assert page.locator("[data-test=reserve-1]").get_attribute("data-reserve") == "hidden"
    ui.click_key({"type": "choose_reserve", "money": 300})
    pass_screen_is_blank(page, 1)
    page.locator("[data-test=pass-ready]").click()
    ui.wait_my_turn(game, 1)
    assert page.locator("[data-test=reserve-0]").get_attribute("data-reserve") == "hidden"
    assert "$300" not in page.locator("[data-test=companies], .companies").inner_text()
    ui.click_key({"type": "choose_reserve", "money": 100})

    # -- first restaurants; an illegal click first: the engine says why ------------------------
    placer = ui.server_state(game, 0)["actors"][0]
    if placer != 1:  # the last in turn order places first: maybe the same seat goes on
        pass_screen_is_blank(page, placer)
        page.locator("[data-test=pass-ready]").click()
    seat = current_seat(page, ui, game)
    assert seat == placer
    assert seat is not None
    st = ui.wait_my_turn(game, seat)
    assert page.locator("[data-test=reserve-0]").get_attribute("data-reserve") == (
        "300" if seat == 0 else "hidden"
    )
    state = fcm.state_from_dict(st["view"])
    board = board_of(state)
    road = next(
        (r, c) for r in range(board.height) for c in range(board.width) if board.is_road((r, c))
    )
    first = fcm.action_from_json(st["legal"][0])
    assert isinstance(first, fcm.PlaceRestaurant)
    try:
        fcm.check_action(state, seat, fcm.PlaceRestaurant(road, first.entrance))
    except fcm.IllegalActionError as exc:
        expected = exc.message
    else:
        raise AssertionError("a restaurant on a road square should be illegal")
    ui.click_square(road)
    message = page.locator("[data-test=error-message]")
    message.wait_for()
    # the rule in the game's words (issue 13): names, no ids, no error code
    names = {x["seat"]: seat_name(x["seat"], x["kind"], x["name"], x["bot"]) for x in st["seats"]}
    assert message.inner_text() == explain_error(expected, None, names)
    assert "action/illegal" not in page.locator("[data-test=error]").inner_text()
    assert ui.server_state(game, seat)["version"] == st["version"]  # nothing changed
    ui.place()

    # -- play on to round 2's Restructuring ---------------------------------------------------
    while True:
        seat, st = take_turn_until(
            ui, game, lambda s: s["phase"] == "restructuring" and s["round"] == 2
        )
        if seat is not None:
            break

    # the first seat sends a card to work secretly and commits
    mine = st["view"]["players"][seat]["hand"]
    assert mine, "a hired card is in the hand"
    ui.click_key({"type": "send_to_work", "employee": mine[0]})
    page.wait_for_selector(f"[data-test=draft-structure] [data-card={mine[0]}]")
    ui.click_done()
    other = 1 - seat
    pass_screen_is_blank(page, other)
    assert mine[0].replace("_", " ") not in page.locator("body").inner_text().lower()
    page.locator("[data-test=pass-ready]").click()
    ui.wait_my_turn(game, other)
    # the other seat's page shows no trace of the first seat's choice
    assert page.locator(f"[data-test=atwork-{seat}]").get_attribute("data-cards") == ""
    pres = ui.http.get(
        f"/api/games/{game}/presentation",
        headers={"authorization": f"Bearer {ui.token(game, other)}"},
    ).json()
    assert "draft" not in pres["chains"][seat]

    # -- a stale version (the page missed a change): 409, the page reloads the state --------------
    version = page.locator("[data-test=decision]").get_attribute("data-version")
    page.evaluate("window.fcmScreen.msg.version -= 1")
    hand = ui.server_state(game, other)["view"]["players"][other]["hand"]
    ui.click_key({"type": "send_to_work", "employee": hand[0]})
    error = page.locator("[data-test=error]")
    error.wait_for()
    assert "The game changed" in error.inner_text()
    assert error.locator("[data-code]").get_attribute("data-code") == "action/stale_version"
    assert ui.server_state(game, other)["version"] == int(version)  # nothing was applied
    page.wait_for_function("window.fcmScreen.msg.version === " + version)

    # -- a lost connection and a reload both come back to the same position ----------------------
    version = page.locator("[data-test=decision]").get_attribute("data-version")
    page.evaluate("window.fcmScreen.ws.close()")
    page.wait_for_selector("[data-test=connection][data-state=live]")
    page.reload()
    pass_screen_is_blank(page, other)
    page.locator("[data-test=pass-ready]").click()
    ui.wait_my_turn(game, other)
    assert page.locator("[data-test=decision]").get_attribute("data-version") == version
    page.wait_for_selector("[data-test=connection][data-state=live]")

    # -- the lobby lists the game and says whose turn it is ------------------------------------
    page.goto(server + "/#/")
    row = page.locator(f"tr[data-game='{game}']")
    row.wait_for()
    assert "Your turn" in row.locator("[data-test=whose-turn]").inner_text()


def take_turn_until(ui: UI, game: str, stop: Any) -> tuple[int | None, dict[str, Any]]:
    """Take one turn; return (seat, state) instead when ``stop(state)`` holds at a decision."""
    page = ui.page
    seat = current_seat(page, ui, game)
    while seat is None:
        page.locator("[data-test=pass-ready]").click()
        seat = current_seat(page, ui, game)
    st = ui.wait_my_turn(game, seat)
    if stop(st):
        return seat, st
    kinds = ui.kinds()
    if "hire" in kinds:
        ui.click_type("hire")
    elif "fire" in kinds:
        ui.click_done()
    else:
        generic_move(ui, kinds)
    return None, st
