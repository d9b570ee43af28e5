"""The served JSON against the browser's types (issue 26 item 13): every payload of a few real
games (the base game, the introductory game and a game with modules) is checked, key by key,
against the Python types ``python -m fcm.server.typegen`` writes into ``types.d.ts``
(fcm.server.schemas, fcm.payloads, the engine's event records and action classes). A key the
server sends that its type does not declare fails here, so the browser's types cannot fall
behind what it actually gets; a key they declare as required and the server leaves out fails
too. And the keys the page reads from the state message (the table's lesson and tutorial, the
seats' names and bots, an undo's event) survive the routes' response models."""

from __future__ import annotations

import dataclasses
import random
import time
import types
import typing
from collections.abc import Mapping, Sequence
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from fcm import payloads
from fcm.server import schemas
from tests.server.conftest import Game, create


def _problems(value: Any, tp: Any, at: str) -> list[str]:
    """Where ``value`` (decoded JSON) does not have the type ``tp``, by path."""
    origin = get_origin(tp)
    if tp is Any or tp is object:
        return []
    if origin is Annotated:
        sent = [m.tp for m in tp.__metadata__ if isinstance(m, schemas.Sent)]
        return _problems(value, sent[0] if sent else get_args(tp)[0], at)
    if tp is None or tp is type(None):
        return [] if value is None else [f"{at}: {value!r} is not null"]
    if origin in (Required, NotRequired):
        return _problems(value, get_args(tp)[0], at)
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{at}: {value!r} not in {get_args(tp)}"]
    if origin in (Union, types.UnionType):
        found = [_problems(value, a, at) for a in get_args(tp)]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin in (list, tuple, Sequence):
        if not isinstance(value, list):
            return [f"{at}: {value!r} is not a list"]
        args = get_args(tp)
        if origin is tuple and Ellipsis not in args and len(set(args)) > 1:
            if len(value) != len(args):
                return [f"{at}: {value!r} is not a {len(args)}-tuple"]
            return [p for i, (v, a) in enumerate(zip(value, args, strict=True))
                    for p in _problems(v, a, f"{at}[{i}]")]
        return [p for i, v in enumerate(value) for p in _problems(v, args[0], f"{at}[{i}]")]
    if origin in (dict, Mapping):
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not an object"]
        return [p for k, v in value.items() for p in _problems(v, get_args(tp)[1], f"{at}.{k}")]
    if tp is payloads.GameEvent:
        return _event(value, at)
    if tp is payloads.ActionJson:
        return _action(value, at)
    if isinstance(tp, type) and typing.is_typeddict(tp):
        return _record(value, tp, at)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        fields = {n: (f.is_required(), Annotated[f.annotation, *f.metadata] if f.metadata
                      else f.annotation) for n, f in tp.model_fields.items()}
        return _keys(value, fields, at)
    if isinstance(tp, type):
        if issubclass(tp, bool):
            ok = isinstance(value, bool)
        elif issubclass(tp, int | float):
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            ok = ok and (issubclass(tp, float) or isinstance(value, int))
        elif issubclass(tp, str):
            ok = isinstance(value, str)
        else:
            raise TypeError(f"no check for {tp!r}")
        return [] if ok else [f"{at}: {value!r} is not {tp.__name__}"]
    raise TypeError(f"no check for {tp!r}")


def _keys(value: Any, fields: dict[str, tuple[bool, Any]], at: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{at}: {value!r} is not an object"]
    out = [f"{at}.{k}: sent, but its type does not declare it" for k in value if k not in fields]
    out += [f"{at}.{k}: declared required, not sent" for k, (req, _) in fields.items()
            if req and k not in value]
    for k, v in value.items():
        if k in fields:
            out += _problems(v, fields[k][1], f"{at}.{k}")
    return out


def _hints(tp: type) -> dict[str, tuple[bool, Any]]:
    total = getattr(tp, "__total__", True)
    out = {}
    for name, hint in get_type_hints(tp, include_extras=True).items():
        marked = get_origin(hint)
        out[name] = (marked is Required or (marked is not NotRequired and total), hint)
    return out


def _record(value: Any, tp: type, at: str) -> list[str]:
    return _keys(value, _hints(tp), at)


def _event(value: Any, at: str) -> list[str]:
    if not isinstance(value, dict) or value.get("kind") not in payloads.event_records():
        return [f"{at}: {value!r} is no kind of event the types know"]
    kind = value["kind"]
    fields = {"kind": (True, str), **_hints(payloads.event_records()[kind]),
              "visible_to": (False, list[int])}
    for (of, name), tp in payloads.EVENT_FIELD_TYPES.items():
        if of == kind:
            fields[name] = (fields[name][0], tp)
    extras = payloads.EVENT_EXTRAS.get(kind)
    if extras is not None:
        fields.update(_hints(extras))
    for _, record in payloads.module_event_fields().get(kind, []):
        fields.update(_hints(record))
    return _keys(value, fields, f"{at}<{kind}>")


def _action(value: Any, at: str) -> list[str]:
    if not isinstance(value, dict) or value.get("type") not in payloads.action_records():
        return [f"{at}: {value!r} is no action type the types know"]
    cls = payloads.action_records()[value["type"]]
    hints = get_type_hints(cls)
    fields: dict[str, tuple[bool, Any]] = {"type": (True, str)}
    for f in dataclasses.fields(cls):
        fields[f.name] = (f.name not in cls.written_only_when_given, hints[f.name])
    return _keys(value, fields, f"{at}<{value['type']}>")


def check(value: Any, tp: Any, what: str) -> None:
    problems = _problems(value, tp, what)
    assert not problems, "\n".join(problems[:20])


# -- the checker itself ----------------------------------------------------------------------


def test_the_checker_refuses_an_undeclared_key_a_missing_one_and_a_wrong_type():
    seat = {"seat": 0, "kind": "human", "bot": None, "name": None}
    check(seat, payloads.SeatPublic, "seat")
    assert _problems({**seat, "token": "x"}, payloads.SeatPublic, "seat") == [
        "seat.token: sent, but its type does not declare it"]
    assert _problems({k: v for k, v in seat.items() if k != "name"}, payloads.SeatPublic,
                     "seat") == ["seat.name: declared required, not sent"]
    assert _problems({**seat, "kind": "robot"}, payloads.SeatPublic, "seat")
    event = {"kind": "turn_started", "seat": 1, "round": 2, "phase": "working"}
    assert _problems(event, payloads.GameEvent, "e")[0].startswith("e<turn_started>.round")
    assert _problems({"kind": "no_such_event"}, payloads.GameEvent, "e")
    assert _problems({"type": "hire", "employee": "waitress", "why": 1}, payloads.ActionJson,
                     "a") == ["a<hire>.why: sent, but its type does not declare it"]
    check({"type": "choose_reserve", "money": 100}, payloads.ActionJson, "a")  # price: optional


# -- real games ------------------------------------------------------------------------------


def _play(client: TestClient, g: Game, seed: int, steps: int) -> int:
    """Random legal moves by the human seats through the HTTP API (the bots play theirs on
    the server), each answer checked; the presentation (with its static part once) checked as
    the page asks for it. Returns the number of human moves."""
    rng = random.Random(seed)
    humans = sorted(g.tokens)
    state = {s: g.state(s) for s in humans}
    for s in humans:
        check(state[s], schemas.StateOut, f"state[{s}]")
    pres = client.get(f"/api/games/{g.id}/presentation?static=true",
                      headers=g.auth(g.tokens[humans[0]]))
    check(pres.json(), payloads.PresentationAnswer, "presentation")
    made = 0
    deadline = time.monotonic() + 240
    while made < steps and time.monotonic() < deadline:
        spectator = g.state(None)
        check(spectator, schemas.StateOut, "spectator")
        if spectator["status"] == "over":
            break
        seat = next((s for s in humans if state[s]["legal"]), None)
        if seat is None:  # a bot's turn
            time.sleep(0.02)
            state = {s: g.state(s) for s in humans}
            continue
        r = g.act(seat, rng.choice(state[seat]["legal"]), state[seat]["version"])
        if r.status_code == 409:  # a bot moved first
            state = {s: g.state(s) for s in humans}
            continue
        assert r.status_code == 200, r.text
        check(r.json(), schemas.StateOut, f"answer {made}")
        made += 1
        state = {s: g.state(s) for s in humans}
        if made % 7 == 0:
            p = client.get(f"/api/games/{g.id}/presentation", headers=g.auth(g.tokens[seat]))
            check(p.json(), payloads.PresentationAnswer, f"presentation {made}")
    return made


def _check_log_and_dinners(client: TestClient, g: Game) -> set[str]:
    """The log and every Dinnertime checked; returns the kinds of event seen."""
    kinds: set[str] = set()
    for token in (g.spectator, g.tokens[0]):
        log = client.get(f"/api/games/{g.id}/log", headers=g.auth(token)).json()
        check(log, schemas.LogOut, "log")
        kinds |= {e["kind"] for entry in log["entries"] for e in entry["events"]}
    for n in range(1, g.state(None)["round"] + 1):
        d = client.get(f"/api/games/{g.id}/dinnertime/{n}", headers=g.auth(g.spectator))
        if d.status_code == 200:
            check(d.json(), schemas.DinnertimeOut, f"dinnertime {n}")
    return kinds


HUMAN = {"kind": "human"}
EASY = {"kind": "bot", "bot": "easy"}
MODULES = ["coffee", "reserve_prices", "new_milestones", "new_districts", "lobbyists", "kimchi",
           "fry_chefs"]


# A random human seat covers the legal actions; the easy bots sell (random play seldom does),
# so the Dinnertimes carry their sales, routes and payments.
@pytest.mark.parametrize(
    ("options", "seats", "seed"),
    [
        ({"round_limit": 8}, [HUMAN, EASY], 12),
        ({"introductory": True, "round_limit": 8}, [HUMAN, HUMAN, EASY], 4),
        ({"round_limit": 8, "modules": MODULES}, [HUMAN, EASY, EASY], 7),
    ],
    ids=["base", "intro", "modules"],
)
def test_every_payload_of_a_game_has_exactly_the_keys_its_type_declares(
    client: TestClient, whole_games: None, options: dict[str, Any], seats: list[Any], seed: int
) -> None:
    g = create(client, seats=seats, seed=seed, options=options, table={"bot_pause_ms": 0})
    made = _play(client, g, seed, steps=3000)
    assert made > 20 and g.state(None)["status"] == "over"
    kinds = _check_log_and_dinners(client, g)
    assert {"house_served", "hired", "phase_started", "dinnertime_earnings"} <= kinds
    games = client.get(f"/api/games?token={g.tokens[0]}").json()
    check(games, schemas.GameListOut, "games")


def test_an_undo_answers_its_event_and_the_seats_their_names(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}],
               seed=3, table={"bot_pause_ms": 0, "hints": True})
    s = g.state(0)
    assert s["legal"]
    action = next(a for a in s["legal"] if a["type"] == "choose_reserve")
    g.act(0, action, s["version"])
    undone = g.post(0, {"version": g.state(0)["version"]}, path="undo")
    assert undone.status_code == 200, undone.text
    body = undone.json()
    check(body, schemas.StateOut, "undo")
    # the keys the page reads: the undo's event and flag, the seats' names and bots, the table
    assert body["undone"] is True
    assert {"kind": "action_undone", "seat": 0} in body["events"]
    assert body["seats"] == [{"seat": 0, "kind": "human", "bot": None, "name": "Ann"},
                             {"seat": 1, "kind": "human", "bot": None, "name": None}]
    assert body["table"] == {"bot_pause_ms": 0, "hints": True, "rated": False}
    bot = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    for listed in (bot.state(0)["seats"],
                   client.get(f"/api/games?token={bot.tokens[0]}").json()["games"][0]["seats"]):
        assert listed[1] == {"seat": 1, "kind": "bot", "bot": "random", "name": None}


def test_a_lesson_and_the_tutorial_keep_their_table_keys(client: TestClient) -> None:
    """The page shows the coach from ``table.lesson`` / ``table.tutorial`` (game.js): both
    survive the state route's response model, over HTTP and the WebSocket."""
    from fcm import lessons

    first = lessons.all_lessons()[0]["id"]
    made = client.post(f"/api/lessons/{first}")
    assert made.status_code == 201, made.text
    game, token = made.json()["game"], made.json()["token"]
    state = client.get(f"/api/games/{game}", headers=Game.auth(token)).json()
    check(state, schemas.StateOut, "lesson")
    assert state["table"]["lesson"] == first
    with client.websocket_connect(f"/api/games/{game}/ws?token={token}") as ws:
        pushed = ws.receive_json()
    assert pushed["table"]["lesson"] == first
    check(pushed, schemas.StateOut, "lesson push")
    made = client.post("/api/tutorial")
    assert made.status_code == 201, made.text
    state = client.get(f"/api/games/{made.json()['game']}",
                       headers=Game.auth(made.json()["token"])).json()
    check(state, schemas.StateOut, "tutorial")
    assert state["table"]["tutorial"] is True
    assert all(s["name"] for s in state["seats"])  # the tutorial's seats are named


def test_every_module_campaign_key_written_into_events_is_declared() -> None:
    """A module's campaign key with ``in_events`` lands in ``campaign_launched`` and
    ``campaign_ran`` (the page prints a two-good airplane's second good from it): the module
    declares it among the fields it adds to those events (``Module.event_fields``)."""
    from fcm.rulesets import playable_modules

    every: set[str] = set()
    for m in playable_modules().values():
        written = {k.name for k in m.keys if k.record == "campaign" and k.in_events}
        every |= written
        for kind in ("campaign_launched", "campaign_ran") if written else ():
            assert kind in m.event_fields, (m.info.id, kind)
            assert written <= set(get_type_hints(m.event_fields[kind])), (m.info.id, kind)
    assert every == {"second_good"}
    launched = {"kind": "campaign_launched", "seat": 0, "number": 12, "campaign_type": "airplane",
                "marketeer": "campaign_manager", "good": "burger", "duration": 2,
                "eternal": False, "cells": [], "edge": "n", "first": 3, "second_good": "soda"}
    check(launched, payloads.GameEvent, "launched")
