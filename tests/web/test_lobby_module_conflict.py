"""The lobby shows the one exclusion among the playable modules (ketchup.md 0.2: New Milestones
and Hard Choices) as a conflict, and the server refuses the pair naming both modules (issue 15
item 3 of the lobby)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.browser


def test_new_milestones_and_hard_choices_are_shown_as_a_conflict_and_refused(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    page.select_option("[data-test=players]", "2")
    nm = "input[data-module=new_milestones]"
    hc = "input[data-module=hard_choices]"
    page.wait_for_selector(nm)  # the modules come from the options route, after the page
    assert "The 17 new milestones replace the base set" in page.inner_text(".modules")
    page.check(nm)
    assert page.is_disabled(hc)
    assert "excludes New milestones" in page.inner_text("[data-conflict=hard_choices]")
    page.uncheck(nm)
    assert not page.is_disabled(hc)
    page.check(hc)
    assert page.is_disabled(nm)
    assert "excludes Hard choices" in page.inner_text("[data-conflict=new_milestones]")
    # The server decides, whatever a client sends: the pair is refused with both names.
    r = httpx.post(
        f"{server}/api/games",
        json={"players": 2, "options": {"modules": ["new_milestones", "hard_choices"]}},
    )
    assert r.status_code == 422, r.text
    assert "'hard_choices' and 'new_milestones' exclude each other" in r.json()["error"]["message"]
    # Alone, New Milestones makes a game whose milestones are the new set.
    page.uncheck(hc)
    page.check(nm)
    page.click("[data-test=create]")
    page.wait_for_selector("[data-test=created]:not(.hidden)")
    invite = page.input_value("[data-test=invite-0]")
    game, token = invite.split("/#/join/")[1].split("/")[:2]
    r = httpx.get(f"{server}/api/games/{game}", headers={"authorization": f"Bearer {token}"})
    assert r.json()["view"]["options"]["modules"] == ["new_milestones"]
    assert "first_marketeer_used" in r.json()["view"]["milestones_available"]
