"""The lobby's rules options reach the engine (issue 10 #11): the introductory game with
milestones, and a full game without them, can be created from the page."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("introductory", "milestones"), [(True, "true"), (False, "false")])
def test_milestones_from_the_lobby(
    page: Any, server: str, introductory: bool, milestones: str
) -> None:
    page.goto(server + "/")
    page.select_option("[data-test=players]", "2")
    page.fill("[data-test=seat-name-0]", "Ann")
    if introductory:
        page.check("input[data-option=introductory]")
    page.select_option("select[data-option=milestones]", milestones)
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    r = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    options = r.json()["view"]["options"]
    assert options["introductory"] is introductory
    assert options["milestones"] is (milestones == "true")
