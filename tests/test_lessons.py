"""The lesson library holds against the engine (issue 26 item 10): every lesson, concept and
module alike, is walked from its position through the engine with the easy bot on the other
seats. Each step waiting for the player's move is not done before the player makes it (the
step's reference play, ``do``), and is done right after; ack steps are done once pressed. The
guided game is played to its end with the easy bot in the player's seat too, and every one of
its steps comes up. The matching is the page's (tutorial.js ``progress``)."""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm import lessons, tutorial
from fcm.bots import make_bot
from fcm.games import load_scenario_with_events
from fcm.record import GameRecord
from fcm.rulesets import playable_modules

ME = 0
ALL = lessons.all_lessons()


def done_upto(steps: list[dict[str, Any]], events: list[dict[str, Any]],
              acked: set[str]) -> int:
    """How many steps are done (the page's reading: tutorial.js progress)."""
    at = 0
    for i, step in enumerate(steps):
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
    return len(steps)


def start(data: dict[str, Any]) -> tuple[fcm.GameState, list[dict[str, Any]]]:
    if data["scenario"] is None:
        state, evs = GameRecord(players=data["players"], seed=7).initial_state()
        return state, [e.to_json() for e in evs]
    state, loaded = load_scenario_with_events(data["scenario"])
    return state, [e.to_json() for e in loaded]


def others(state: fcm.GameState, bots: dict[int, Any], events: list[dict[str, Any]],
           until_me: bool = True) -> fcm.GameState:
    while not fcm.is_over(state):
        actors = fcm.current_actors(state)
        if until_me and ME in actors:
            return state
        seat = actors[0]
        action = bots[seat].choose(fcm.view(state, seat), seat, fcm.legal_actions(state, seat))
        state, evs = fcm.apply(state, seat, action)
        events.extend(e.to_json() for e in evs)
    return state


@pytest.mark.parametrize("data", [x for x in ALL if not x.get("auto")], ids=lambda x: x["id"])
@pytest.mark.parametrize("seed", range(3))
def test_every_lesson_can_be_played_through(data: dict[str, Any], seed: int) -> None:
    steps = data["steps"]
    assert 3 <= len(steps) <= 6, "a lesson is 3 to 6 steps"
    state, events = start(data)
    bots = {s: make_bot("easy", seed + s) for s in range(1, len(state.players))}
    acked: set[str] = set()
    for i, step in enumerate(steps):
        assert step.get("expect") or step.get("ack"), step["id"]
        state = others(state, bots, events)
        assert done_upto(steps, events, acked) == i, (step["id"], "done before the player acted")
        for raw in step.get("do", []):
            action = fcm.action_from_json(raw, state.rules)
            legal = fcm.legal_actions(state, ME)
            assert action in legal, (step["id"], raw, [a.to_json() for a in legal][:20])
            state, evs = fcm.apply(state, ME, action)
            events.extend(e.to_json() for e in evs)
            state = others(state, bots, events)
        if step.get("expect") and not step.get("do"):
            # a step that waits on the game alone: play on (the player passes, e.g. Payday)
            for _ in range(20):
                if done_upto(steps, events, acked | {step["id"]}) > i or fcm.is_over(state):
                    break
                legal = fcm.legal_actions(state, ME)
                done = [a for a in legal if a.to_json().get("type") == "done"]
                assert done, (step["id"], "the position waits for a move the lesson gives not")
                state, evs = fcm.apply(state, ME, done[0])
                events.extend(e.to_json() for e in evs)
                state = others(state, bots, events)
        if step.get("ack"):
            acked.add(step["id"])
        assert done_upto(steps, events, acked) == i + 1, (step["id"], events[-8:])


@pytest.mark.parametrize("seed", range(2))
def test_the_guided_game_comes_up_step_by_step(seed: int) -> None:
    data = lessons.lesson("first-game")
    assert data is not None and data["auto"]
    state, events = start(data)
    bots = {s: make_bot("easy", seed + s) for s in range(len(state.players))}
    state = others(state, bots, events, until_me=False)
    acked = {s["id"] for s in data["steps"]}
    assert fcm.is_over(state)
    assert done_upto(data["steps"], events, acked) == len(data["steps"])


def test_every_module_with_a_lesson_registers_it_from_its_package() -> None:
    """A module lesson names its module, plays with it on, and sits after the concepts."""
    modules = [x for x in ALL if x["kind"] == "module"]
    assert {x["module"] for x in modules} == set(playable_modules()), "one lesson per module"
    for x in modules:
        assert x["module"] in playable_modules()
        assert x["module"] in (x["scenario"] or {}).get("modules", []), x["id"]
    ids = [x["id"] for x in ALL]
    assert len(ids) == len(set(ids))
    kinds = {x["kind"] for x in ALL}
    assert {"concept", "game"} <= kinds


def test_the_script_leaves_out_the_reference_play() -> None:
    for x in ALL:
        s = lessons.script(x)
        assert all("do" not in step for step in s["steps"])
        assert [st["id"] for st in s["steps"]] == [st["id"] for st in x["steps"]]


def test_the_lessons_over_http(tmp_path: Any) -> None:
    """GET /api/lessons lists every lesson; POST /api/lessons/{id} starts its position with
    the easy bot and the table's ``lesson``; GET /api/lessons/{id} answers its coach."""
    pytest.importorskip("fastapi", reason="the server extra is not installed")
    from fastapi.testclient import TestClient

    from fcm.server import create_app
    from tests.server.conftest import settings_for

    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path}/fcm.sqlite3"))) as c:
        listed = c.get("/api/lessons").json()["lessons"]
        assert [x["id"] for x in listed] == [x["id"] for x in ALL]
        assert {"careers", "structure", "marketing", "dinnertime", "milestones", "bank",
                "first-game"} <= {x["id"] for x in listed}
        assert all(x["title"] and x["summary"] and x["steps"] >= 3 for x in listed)
        script = c.get("/api/lessons/dinnertime").json()
        assert [s["id"] for s in script["steps"]] == [
            s["id"] for s in lessons.DINNERTIME["steps"]]
        assert c.get("/api/lessons/nothing").status_code == 404
        assert c.post("/api/lessons/nothing").status_code == 404
        for lesson_id, phase in (("dinnertime", "working"), ("first-game", "setup_reserve")):
            made = c.post(f"/api/lessons/{lesson_id}")
            assert made.status_code == 201, made.text
            body = made.json()
            st = c.get(f"/api/games/{body['game']}",
                       headers={"authorization": f"Bearer {body['token']}"}).json()
            assert st["seat"] == 0 and st["phase"] == phase
            assert st["table"]["lesson"] == lesson_id
            assert [s["kind"] for s in st["seats"]] == ["human", "bot"]
        # a create request cannot make a lesson game
        other = c.post("/api/games", json={"players": 2, "table": {"lesson": "bank"}})
        assert other.status_code == 422
