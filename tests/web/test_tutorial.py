"""Issue #13, the interactive tutorial and rules help by tap, at 390x844, 768x1024 and 1440x900:
"Learn to play" in the lobby starts the scripted game against the bot; the coach points at the
control to use and moves on only when the engine's events say the player did it (a wrong square
leaves it where it is; one card of three sent shows "1 of 3"); the walk goes through Dinnertime,
Payday, Marketing and Clean up to free play in round 4. On the same game, the rules text of
cards (company view, supply), milestones (company view, milestone list) and campaign tiles
(supply, the board) opens by tap or click, "What can I do with it now?" is answered by the
engine, and the glossary comes from the server's catalog."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_phone import (  # noqa: F401
    VIEWPORTS,
    device,
    no_page_scroll,
    no_sideways_scroll,
)

pytestmark = pytest.mark.browser


class Walk:
    def __init__(self, pg: Any, touch: bool) -> None:
        self.pg = pg
        self.touch = touch

    def press(self, locator: Any) -> None:
        locator.wait_for()
        (locator.tap if self.touch else locator.click)()

    def coach(self) -> Any:
        return self.pg.locator("[data-test=coach]")

    def at(self, step: str, timeout: float = 30_000) -> None:
        self.pg.wait_for_selector(f"[data-test=coach][data-step='{step}']", timeout=timeout)

    def step(self) -> str | None:
        return self.coach().get_attribute("data-step")

    def target(self, css: str) -> Any:
        """The control the coach points at (it must be the one named)."""
        loc = self.pg.locator(f".coach-target{css}").first
        loc.wait_for(timeout=30_000)
        return loc

    def use(self, step: str, css: str, then: str) -> None:
        """At coach step ``step``, use the control it points at; the coach moves to ``then``.
        A bot's public move just before the press makes it stale (409, "decide again"): the
        page shows the new position and the control is used again."""
        self.at(step)
        for _ in range(5):
            self.press(self.target(css))
            self.pg.wait_for_function(
                """([then]) => {
                    const c = document.querySelector("[data-test=coach]");
                    if (c && c.dataset.step === then) return true;
                    const e = document.querySelector("[data-test=error-message]");
                    return !!e && e.dataset.code === "action/stale_version";
                }""", arg=[then], timeout=30_000)
            if self.step() == then:
                return
        self.at(then)

    def next(self, step: str, then: str | None) -> None:
        self.at(step)
        self.press(self.pg.locator("[data-test=coach-next].coach-target"))
        if then:
            self.at(then)

    def info(self, locator: Any, *texts: str) -> str:
        """Tap (or click) ``locator``: its rules text opens (the last one is closed first)."""
        close = self.pg.locator("[data-test=info-pop] button.close")
        if close.count():
            self.press(close)
        self.press(locator)
        pop = self.pg.locator("[data-test=info-pop]")
        pop.wait_for()
        body = str(pop.inner_text())
        for t in texts:
            assert t in body, (t, body)
        return body


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_the_tutorial_and_rules_help_by_tap(
    device: Any, server: str, width: int, height: int, artifacts: Any  # noqa: F811
) -> None:
    pg = device(width, height)
    w = Walk(pg, width < 1000)
    pg.goto(f"{server}/")
    w.press(pg.locator("[data-test=learn-to-play]"))
    pg.wait_for_selector(".game-screen[data-seat='0']")
    pg.wait_for_selector("[data-test=connection][data-state=live]")
    w.at("welcome")
    no_sideways_scroll(pg)
    pg.wait_for_selector("[data-test=chat]")
    no_page_scroll(pg)  # the coach and the decision fit in the side panel
    pg.screenshot(path=str(artifacts / f"tutorial-{width}x{height}.png"))

    w.next("welcome", "restructure-manager")
    # "Hide" folds the coach away with its pointer; "Show" brings both back
    w.target("[data-card=management_trainee]")
    w.press(pg.locator("[data-test=coach-hide]"))
    pg.wait_for_function("() => !document.querySelector('.coach-target')")
    w.press(pg.locator("[data-test=coach-hide]"))
    w.use("restructure-manager", "[data-card=management_trainee]", "restructure-staff")
    # one of the three cards: the step stays, and says how far it is
    w.press(w.target("[data-card=kitchen_trainee]"))
    pg.wait_for_selector("[data-test=coach-checks]:has-text('1 of 3 done')")
    assert w.step() == "restructure-staff"
    w.press(w.target("[data-card=marketing_trainee]"))
    pg.wait_for_selector("[data-test=coach-checks]:has-text('2 of 3 done')")
    w.use("restructure-staff", "[data-card=trainer]", "restructure-commit")
    w.use("restructure-commit", "[data-test=done]", "order")
    w.use("order", "[data-type=choose_turn_order]", "hire")
    w.use("hire", "[data-type=hire][data-key*=kitchen_trainee]", "train")
    w.use("train", "[data-type=train][data-key*=burger_cook]", "campaign")
    w.use("campaign", "[data-type=start_campaign]", "place")

    # a square that is not highlighted: the engine says why, and the coach does not move on
    w.target("[data-hl-anchor='5,0']")
    w.press(pg.locator("[data-sq='2,0']"))
    pg.wait_for_selector("[data-test=error]:not(.hidden) [data-test=error-message]")
    assert w.step() == "place"
    w.press(pg.locator("[data-sq='5,0']"))
    w.press(pg.locator("[data-test=decision] button[data-variant]").first)
    w.press(pg.locator("[data-test=confirm]"))
    w.at("advert")
    w.use("advert", "[data-type=choose_advert]", "cook")
    w.use("cook", "[data-type=cook][data-key*=burger]", "dinnertime")

    # Dinnertime: the walk-through and the coach's Continue once house 2 has eaten
    pg.wait_for_selector("[data-test=coach][data-step=dinnertime][data-state=ready]")
    no_sideways_scroll(pg)
    w.next("dinnertime", "payday")
    w.use("payday", "[data-test=done]", "marketing")
    pg.wait_for_selector("[data-test=coach][data-step=marketing][data-state=ready]")
    w.next("marketing", "cleanup")
    pg.wait_for_selector("[data-test=coach][data-step=cleanup][data-state=ready]")
    w.next("cleanup", None)
    pg.wait_for_selector("[data-test=coach].hidden", state="attached")
    # free play: round 4's Restructuring is mine to decide
    pg.wait_for_selector("[data-test=round][data-round='4']")
    pg.wait_for_selector(
        "[data-test=decision][data-phase=restructuring] button[data-type=send_to_work]")
    assert pg.locator("[data-test=cash-0]").get_attribute("data-cash") == "25"

    # -- rules help by tap or click, on this game ------------------------------------------
    if w.touch:
        pg.locator("[data-test=sheet-toggle]").tap()  # the panels fill the phone's screen
    pg.click("button[data-tab=companies]")
    w.info(pg.locator("[data-test=hand-0] [data-card=burger_cook]").first, "Burger Cook", "Salary")
    w.press(pg.locator("[data-test=why-card]"))
    pg.wait_for_selector("[data-test=why-card-answer]:has-text('You can now')")
    w.info(pg.locator("[data-test=milestones-0] [data-milestone=first_billboard]"),
           "First billboard", "Claimed when", "Effect")
    w.press(pg.locator("[data-test=info-pop] button.close"))
    pg.click("button[data-tab=supply]")
    w.info(pg.locator("[data-test=supply] [data-card=waitress]"), "Waitress", "No salary")
    w.press(pg.locator("[data-test=why-card]"))
    pg.wait_for_selector("[data-test=why-card-answer]:has-text('Not now')")
    w.info(pg.locator("[data-test=milestones-available] [data-milestone]").first, "Claimed when")
    w.info(pg.locator("[data-test=campaign-supply] [data-campaign-tile]").first,
           "Campaign #", "At each Marketing")
    w.press(pg.locator("[data-test=info-pop] button.close"))
    pg.click("button[data-tab=rules]")
    w.press(pg.locator("[data-rules=glossary] summary"))
    glossary = pg.locator("[data-test=glossary]").inner_text()
    assert "Price + distance" in glossary and "Open slots" in glossary
    no_sideways_scroll(pg)
    if w.touch:
        pg.locator("[data-test=sheet-toggle]").tap()  # the map again
    # the board's campaign tile: its state and its rules text
    w.press(pg.locator("[data-sq='5,0']"))
    tip = pg.locator("[data-test=tooltip]:not(.hidden)")
    tip.wait_for()
    assert "Campaign #14" in tip.inner_text() and "Reaches house 2" in tip.inner_text()
    assert "At each Marketing" in tip.locator("[data-test=campaign-rule]").inner_text()
