"""The lobby offers the expansion modules (issue 15; docs/modules.md): a checkbox each with its
one-line description; the chosen set reaches the engine and the game is played with it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_modules_from_the_lobby(page: Any, server: str) -> None:
    options = httpx.get(f"{server}/api/web/options").json()
    offered = {m["id"]: m for m in options["modules"]}
    assert {"ketchup", "fry_chefs", "movie_stars"} <= set(offered)
    assert all(m["description"] for m in offered.values())
    page.goto(server + "/")
    page.select_option("[data-test=players]", "2")
    page.fill("[data-test=seat-name-0]", "Ann")
    assert page.locator("input[data-module]").count() == len(offered)
    assert "Someone sells your demand" in page.inner_text(".modules")
    page.check("input[data-module=ketchup]")
    page.check("input[data-module=fry_chefs]")
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    r = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    assert r.json()["view"]["options"]["modules"] == ["fry_chefs", "ketchup"]
