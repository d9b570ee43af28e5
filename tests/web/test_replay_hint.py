"""Issue #13 (small gaps): the Hint is offered in the replay viewer of a finished game, for the
position of the step shown (the hard bot's reading, computed on the server)."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.web.test_botplay import create, join

pytestmark = pytest.mark.browser


def test_the_hint_at_the_step_shown_in_the_replay(page: Any, server: str) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    made = create(server, seats=bots, seed=4, options={"round_limit": 1})
    token = made["spectator"]["token"]
    deadline = time.monotonic() + 30
    while httpx.get(f"{server}/api/games/{made['game']}",
                    headers={"authorization": f"Bearer {token}"}).json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    join(page, server, made, seat=None)
    page.goto(f"{server}/#/replay/{made['game']}/spectator")
    page.wait_for_selector("[data-test=replay][data-shown='0']")
    for step in (1, 2, 3):
        page.click("[data-test=next-step]")
        page.wait_for_selector(f"[data-test=replay][data-shown='{step}']")
    box = page.locator("[data-test=hint-box]")
    assert box.is_visible()
    assert page.locator("[data-test=hint-at]").input_value() == "3"  # the step shown
    page.click("[data-test=hint-box] [data-test=hint]")
    result = page.locator("[data-test=hint-result]")
    result.wait_for()
    assert "After 3 of" in result.text_content()
    # another step: the old answer is gone, the position is the new one
    page.click("[data-test=next-step]")
    page.wait_for_selector("[data-test=replay][data-shown='4']")
    assert result.count() == 0
    assert page.locator("[data-test=hint-at]").input_value() == "4"
