"""Issue #13 item 2 in the browser: the replay viewer from the game-over screen (slider, steps,
rounds, the events of each step, the board as it was) and a what-if branch from it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import fcm
from fcm.bots import make_bot
from tests.server.test_replay import ENDGAME

pytestmark = pytest.mark.browser


def finish(server: str, game: str, tokens: dict[int, str]) -> None:
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    for _ in range(200):
        moved = False
        for seat, token in tokens.items():
            auth = {"authorization": f"Bearer {token}"}
            st = httpx.get(f"{server}/api/games/{game}", headers=auth).json()
            if st["status"] == "over":
                return
            if st["your_turn"]:
                legal = [fcm.action_from_json(a) for a in st["legal"]]
                a = bots[seat].choose(fcm.state_from_dict(st["view"]), seat, legal)
                body = {"version": st["version"], "action": a.to_json()}
                r = httpx.post(f"{server}/api/games/{game}/actions", headers=auth, json=body)
                assert r.status_code == 200, r.text
                moved = True
                break
        assert moved
    raise AssertionError("the game did not end")


def test_replay_from_game_over_and_a_branch(page: Any, server: str) -> None:
    made = httpx.post(f"{server}/api/games", json={"players": 2, "scenario": ENDGAME}).json()
    game = made["game"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    finish(server, game, tokens)
    page.goto(f"{server}/#/join/{game}/{tokens[0]}")
    page.click("[data-test=open-replay]")
    screen = page.locator("[data-test=replay][data-shown='0']")
    screen.wait_for()
    total = int(page.locator("[data-test=replay-slider]").get_attribute("max"))
    assert total == 10
    page.click("[data-test=next-step]")
    page.wait_for_selector("[data-test=replay][data-shown='1']")
    assert "Step 1 of 10" in page.locator("[data-test=replay-label]").inner_text()
    assert page.locator("[data-test=replay-events] li").count() >= 1
    # the slider jumps anywhere; the board is drawn as it was there
    page.evaluate("""() => { const s = document.querySelector('[data-test=replay-slider]');
        s.value = '10'; s.dispatchEvent(new Event('input')); }""")
    page.wait_for_selector("[data-test=replay][data-shown='10']")
    assert page.locator("g.restaurant").count() == 2
    page.click("[data-test=prev-round]")
    page.wait_for_selector("[data-test=replay][data-shown='0']")  # one round: back to its start
    page.click("[data-test=next-round]")
    page.wait_for_selector("[data-test=replay][data-shown='10']")
    # what if: a sandbox game from step 4, every human seat here (hot-seat)
    page.evaluate("""() => { const s = document.querySelector('[data-test=replay-slider]');
        s.value = '4'; s.dispatchEvent(new Event('input')); }""")
    page.wait_for_selector("[data-test=replay][data-shown='4']")
    page.click("[data-test=branch]")
    page.wait_for_selector("[data-test=pass-screen]")
    branch = page.evaluate("location.hash").split("/")[2]
    assert branch != game
    stored = page.evaluate("JSON.parse(localStorage.getItem('fcm.games.v1'))")
    assert stored[branch]["branch_of"] == game and set(stored[branch]["tokens"]) == {"0", "1"}
    page.click("[data-test=pass-ready]")
    page.wait_for_selector("[data-test=branch-badge]")


def test_the_replay_draws_the_map_of_each_step_after_it_grew(page: Any, server: str) -> None:
    """ketchup.md 2 "First lobbyist used": after the extra tile north of the map the replay
    draws the grown map (five tiles, 15 squares high), and stepping back draws the start's
    four again, with the pieces where each map has them."""
    from tests.server.test_replay import GROWING

    made = httpx.post(f"{server}/api/games", json={
        "players": 2, "scenario": GROWING, "options": {"modules": ["lobbyists"]}}).json()
    game = made["game"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    auth = {"authorization": f"Bearer {tokens[0]}"}
    for version, action in enumerate([
        {"type": "build_road", "cells": [[0, 3], [1, 3]]},
        {"type": "place_map_tile", "letter": "C", "rotation": 0, "row": -1, "col": 0},
    ]):
        st = httpx.get(f"{server}/api/games/{game}", headers=auth).json()
        r = httpx.post(f"{server}/api/games/{game}/actions", headers=auth,
                       json={"version": st["version"], "action": action})
        assert r.status_code == 200, (version, r.text)
    page.goto(f"{server}/#/join/{game}/{tokens[0]}")
    page.wait_for_selector("[data-test=phase]")
    page.goto(f"{server}/#/replay/{game}/0")
    page.wait_for_selector("[data-test=replay][data-shown='2'][data-map-tiles='5']")
    height = ("() => Number(document.querySelector('svg.board-svg g.ground > rect')"
              ".getAttribute('height'))")
    tall = page.evaluate(height)
    page.click("[data-test=prev-step]")
    page.wait_for_selector("[data-test=replay][data-shown='1'][data-map-tiles='4']")
    assert tall > page.evaluate(height)  # five rows of squares fewer
    page.click("[data-test=next-step]")
    page.wait_for_selector("[data-test=replay][data-shown='2'][data-map-tiles='5']")
    assert page.evaluate(height) == tall
