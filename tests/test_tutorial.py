"""The tutorial's script holds against the engine (issue 13, the interactive tutorial): played
from its prepared position against the easy bot at many seeds, each coach step's expected events
happen exactly when the player does what the step asks, never before, and the round ends in round
4's Restructuring with the player free to go on. The facts the coach's texts state are checked on
the same play (facts.md A.3 hire/train, B milestones, Dinnertime "Getting paid", Payday)."""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm import tutorial
from fcm.bots import make_bot
from fcm.games import load_scenario_with_events

# What the player does at each step that waits for an action (the page's buttons send these).
PLAYER: dict[str, list[dict[str, Any]]] = {
    "restructure-manager": [{"type": "send_to_work", "employee": "management_trainee"}],
    "restructure-staff": [{"type": "send_to_work", "employee": e}
                          for e in ("kitchen_trainee", "marketing_trainee", "trainer")],
    "restructure-commit": [{"type": "done"}],
    "order": [{"type": "choose_turn_order", "position": 1}],
    "hire": [{"type": "hire", "employee": "kitchen_trainee"}],
    "train": [{"type": "train", "trainer": "trainer", "employee": "kitchen_trainee",
               "into": "burger_cook", "fresh": False}],
    "campaign": [{"type": "start_campaign", "marketeer": "marketing_trainee", "number": 14}],
    "place": [{"type": "place_campaign", "cell": [5, 0], "orientation": "vertical",
               "edge": None, "first": None}],
    "advert": [{"type": "choose_advert", "good": "burger", "duration": 1}],
    "cook": [{"type": "cook", "employee": "kitchen_trainee", "good": "burger"}],
    "payday": [{"type": "done"}],
}
ME = tutorial.HUMAN_SEAT


def done_upto(events: list[dict[str, Any]], acked: set[str]) -> int:
    """How many steps are done: the page's reading (tutorial.js), the same matching."""
    at = 0
    for i, step in enumerate(tutorial.STEPS):
        last = at
        for pattern in step.get("expect", []):
            hit = next((j for j in range(at, len(events))
                        if tutorial.matches(pattern, events[j], ME)), None)
            if hit is None:
                return i
            last = max(last, hit + 1)
        if step.get("ack") and step["id"] not in acked:
            return i
        at = last
    return len(tutorial.STEPS)


def bot_moves(state: fcm.GameState, bot: Any, events: list[dict[str, Any]]) -> fcm.GameState:
    while not fcm.is_over(state) and ME not in fcm.current_actors(state):
        seat = fcm.current_actors(state)[0]
        action = bot.choose(fcm.view(state, seat), seat, fcm.legal_actions(state, seat))
        state, evs = fcm.apply(state, seat, action)
        events.extend(e.to_json() for e in evs)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_script_holds_against_the_bot(seed: int) -> None:
    state, loaded = load_scenario_with_events(tutorial.SCENARIO)
    events = [e.to_json() for e in loaded]
    bot = make_bot("easy", seed)
    acked: set[str] = set()
    for i, step in enumerate(tutorial.STEPS):
        state = bot_moves(state, bot, events)
        assert done_upto(events, acked) == i, (step["id"], "done before the player acted")
        for raw in PLAYER.get(step["id"], []):
            action = fcm.action_from_json(raw, state.rules)
            assert action in fcm.legal_actions(state, ME), (step["id"], raw)
            state, evs = fcm.apply(state, ME, action)
            events.extend(e.to_json() for e in evs)
            state = bot_moves(state, bot, events)
        if step.get("expect"):
            assert done_upto(events, acked) >= i + (0 if step.get("ack") else 1), step["id"]
        if step.get("ack"):
            acked.add(step["id"])
        assert done_upto(events, acked) == i + 1, step["id"]
    # free play from here: the player decides round 4's Restructuring
    assert state.round == 4 and state.turn.phase.value == "restructuring"
    assert ME in fcm.current_actors(state)


def test_what_the_coach_says_happens() -> None:
    """The texts' facts on the scripted play (bot seed 0): two Burger Cooks (trained, and the
    First burger produced gift), a $15 sale at house 2 ($10 + $5 First burger marketed), no
    salary after First to train someone's $15 discount, an eternal billboard (First billboard
    placed) that adds burger demand to house 2."""
    state, _ = load_scenario_with_events(tutorial.SCENARIO)
    events: list[dict[str, Any]] = []
    bot = make_bot("easy", 0)
    for step in tutorial.STEPS:
        state = bot_moves(state, bot, events)
        for raw in PLAYER.get(step["id"], []):
            state, evs = fcm.apply(state, ME, fcm.action_from_json(raw, state.rules))
            events.extend(e.to_json() for e in evs)
            state = bot_moves(state, bot, events)
    kinds = {(e["kind"], e.get("milestone")) for e in events if e.get("seat") == ME}
    for m in ("first_train", "first_billboard", "first_burger_marketed", "first_burger_produced"):
        assert ("milestone_claimed", m) in kinds
    served = next(e for e in events if e["kind"] == "house_served" and e["house"] == 2)
    assert served["winner"] == ME
    earned = next(e for e in events if e["kind"] == "dinnertime_earnings")
    assert earned["earned"][str(ME)] == 15
    paid = next(e for e in events if e["kind"] == "salaries_paid" and e["seat"] == ME)
    assert paid["gross"] == 10 and paid["amount"] == 0
    ran = next(e for e in events if e["kind"] == "campaign_ran" and e["number"] == 14)
    reached = {"house": 2, "placed": 1, "demand": ["burger"], "capacity": 3}
    assert ran["eternal"] and reached in ran["houses"]
    assert sorted(state.players[ME].hand).count("burger_cook") == 2


def test_matching() -> None:
    ev = {"kind": "campaign_placed", "seat": 0, "number": 14, "cells": [[5, 0], [6, 0]]}
    assert tutorial.matches({"kind": "campaign_placed", "seat": "me", "cells": {"has": [5, 0]}},
                            ev, 0)
    assert not tutorial.matches({"kind": "campaign_placed", "seat": "me"}, ev, 1)
    assert not tutorial.matches({"kind": "campaign_placed", "cells": {"has": [4, 0]}}, ev, 0)


def test_the_tutorial_over_http(tmp_path: Any) -> None:
    """POST /api/tutorial starts the prepared game with its easy bot and the tutorial table
    flag; GET /api/tutorial answers the script."""
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    from fastapi.testclient import TestClient

    from fcm.server import create_app
    from tests.server.conftest import settings_for

    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path}/fcm.sqlite3"))) as c:
        script = c.get("/api/tutorial").json()
        assert [s["id"] for s in script["steps"]] == [s["id"] for s in tutorial.STEPS]
        made = c.post("/api/tutorial")
        assert made.status_code == 201, made.text
        body = made.json()
        st = c.get(f"/api/games/{body['game']}",
                   headers={"authorization": f"Bearer {body['token']}"}).json()
        assert st["seat"] == 0 and st["round"] == 3 and st["phase"] == "restructuring"
        assert st["table"]["tutorial"] is True
        assert [s["kind"] for s in st["seats"]] == ["human", "bot"]
        # an ordinary game is no tutorial, and a client cannot make one by the create request
        other = c.post("/api/games", json={"players": 2, "table": {"tutorial": True}})
        assert other.status_code == 422


def test_rules_help_texts_come_from_the_catalog() -> None:
    """Issue 13 item 4: the page shows the glossary and each campaign tile's rule from the
    server's catalog (fcm.rules_help), never its own copy: every tile of the base game has
    the reach of its type (facts.md, Phase 6)."""
    from fcm.presentation import catalog_info
    from fcm.rules_help import CAMPAIGN_REACH

    info = catalog_info()
    assert {"term", "text"} <= set(info["glossary"][0])
    assert any(g["term"] == "Price + distance" for g in info["glossary"])
    for c in info["campaigns"].values():
        assert CAMPAIGN_REACH[c["type"]] in c["rule"], c
    assert "orthogonally next to" in info["campaigns"]["14"]["rule"]
