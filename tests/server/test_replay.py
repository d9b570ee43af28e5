"""Replay and what-if branches (issue #13, fcm.server.replay): every step is rebuilt exactly
from the start and the action log; while a game runs a player replays only what it saw (its
own view, never another seat's secret step); a finished game replays whole; a branch is a new
sandbox game at the very position, and only a finished game can be branched."""

from __future__ import annotations

from typing import Any

import fcm
from fcm.bots import make_bot
from fcm.core.views import view
from fcm.presentation import present
from tests.server.conftest import Game, create

# Round 5 with the bank nearly empty after its first break: the Waitress's income at this
# Dinnertime breaks it for the last time, so the game is over after ten actions.
ENDGAME: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 5,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "bank": 2,
    "bank_breaks": 1,
    "ceo_slots": 3,
    "companies": [
        {"hand": ["waitress", "trainer"], "reserve": 300},
        {"hand": ["kitchen_trainee"], "reserve": 100},
    ],
    "restaurants": [
        {"owner": 0, "cell": [0, 0], "entrance": "se"},
        {"owner": 1, "cell": [8, 8], "entrance": "nw"},
    ],
}


def get(game: Game, seat: int, path: str) -> Any:
    r = game.client.get(f"/api/games/{game.id}/{path}", headers=game.auth(game.tokens[seat]))
    assert r.status_code == 200, r.text
    return r.json()


def play_one(game: Game, bots: list[Any]) -> bool:
    """One decision by the easy bot for whoever decides (both seats are humans); False at the
    end."""
    for seat in (0, 1):
        st = game.state(seat)
        if st["status"] == "over":
            return False
        if st["your_turn"]:
            legal = [fcm.action_from_json(a) for a in st["legal"]]
            a = bots[seat].choose(fcm.state_from_dict(st["view"]), seat, legal)
            game.play(seat, a.to_json())
            return True
    raise AssertionError("nobody decides")


def test_replay_of_a_live_game_shows_each_seat_only_its_own_views(client: Any) -> None:
    game = create(client, players=2, scenario=ENDGAME)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    for _ in range(4):  # seat 0 sends two cards to work (secret) and commits; seat 1 sends one
        play_one(game, bots)
    mine, theirs = get(game, 0, "replay"), get(game, 1, "replay")
    assert not mine["finished"]
    # seat 0: the start and its three actions; seat 1 saw seat 0's commit, not its secret
    # sends to work, and its own send
    assert len(mine["steps"]) == 4 and len(theirs["steps"]) == 3
    for step in range(len(theirs["steps"])):
        shown = get(game, 1, f"replay/{step}")
        p0 = shown["presentation"]["chains"][0]
        assert "draft" not in p0 and p0["at_work"] == []  # nothing of seat 0's secret choice
        for e in shown["events"]:
            assert e.get("visible_to") in (None, [1]), e
    # the last step is what seat 1 sees now
    assert shown["presentation"]["chains"] == get(game, 1, "presentation")["chains"]
    own = get(game, 0, "replay/2")
    assert own["presentation"]["chains"][0]["draft"]["cards"]  # my own secret, as I saw it
    # no branch of a running game: it would show the brancher everyone's secrets
    r = client.post(f"/api/games/{game.id}/branch", json={"step": 1},
                    headers=game.auth(game.tokens[1]))
    assert r.status_code == 409 and r.json()["error"]["code"] == "branch/game_in_progress"


def test_replay_of_a_finished_game_is_exact_and_a_branch_starts_there(client: Any) -> None:
    game = create(client, players=2, scenario=ENDGAME)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while play_one(game, bots):
        pass
    record = client.get(f"/api/games/{game.id}/record", headers=game.auth(game.tokens[0])).json()
    from fcm.record import GameRecord

    rec = GameRecord.from_json(record)
    index = get(game, 1, "replay")
    assert index["finished"] and len(index["steps"]) == len(rec.actions) + 1
    assert index["steps"][-1]["phase"] in ("dinnertime", "payday", "game_over", "working")
    # every step is the position after that many actions, whole (the game is over)
    state = rec.initial_state()[0]
    for k, (seat, action) in enumerate(rec.actions, start=1):
        state, _ = fcm.apply(state, seat, action)
        if k in (3, 7, len(rec.actions)):
            shown = get(game, 1, f"replay/{k}")
            assert shown["presentation"] == present(state, 1, [])
            assert shown["actor"] == seat
    assert client.get(f"/api/games/{game.id}/replay/99",
                      headers=game.auth(game.tokens[0])).status_code == 404

    # what if: a sandbox game from step 5, the same seats, every human seat to the brancher
    r = client.post(f"/api/games/{game.id}/branch", json={"step": 5},
                    headers=game.auth(game.tokens[1]))
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["branch_of"] == game.id and made["game"] != game.id
    branch = Game(client, {"game": made["game"], "seats": made["seats"],
                           "spectator": made["spectator"]})
    at5 = rec.initial_state()[0]
    for seat, action in rec.actions[:5]:
        at5, _ = fcm.apply(at5, seat, action)
    for seat in (0, 1):
        st = branch.state(seat)
        assert st["status"] == "active"
        assert st["view"] == view(at5, seat).to_dict() | {"seed": st["view"]["seed"]}
    assert get(branch, 0, "replay")["branch_of"] == game.id
    # the branch plays on by itself
    assert play_one(branch, bots)


def test_a_branch_start_cannot_be_smuggled_in_as_a_scenario(client: Any) -> None:
    state = fcm.new_game(players=2, seed=1)
    body = {"players": 2, "scenario": {"format": "fcm-branch/1", "players": 2,
                                       "description": "x", "state": state.to_dict()}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and r.json()["error"]["code"] == "scenario/invalid"


# Lobbyists (ketchup.md 2): seat 0's Lobbyist builds a road and claims First lobbyist used.
GROWING: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "modules": ["lobbyists"],
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
    "round": 2,
    "phase": "working",
    "turn_order": [0, 1],
    "companies": [{"reserve": 300, "at_work": ["lobbyist"]}, {"reserve": 100}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "working": {"seat": 0, "step": "lobbyists"},
}


def test_replay_steps_after_the_map_grew_bring_that_maps_picture(client: Any) -> None:
    """ketchup.md 2 "First lobbyist used": the extra tile north of the map renumbers its
    squares; the replay step after it brings the grown map's picture (the page draws the map
    of the step shown, not the start's), the steps before it none."""
    game = create(client, players=2, scenario=GROWING, options={"modules": ["lobbyists"]})
    game.play(0, {"type": "build_road", "cells": [[0, 3], [1, 3]]})
    game.play(0, {"type": "place_map_tile", "letter": "C", "rotation": 0, "row": -1, "col": 0})
    steps = get(game, 0, "replay")["steps"]
    assert len(steps) == 3
    start, built, grown = (get(game, 0, f"replay/{i}") for i in range(3))
    assert start["static"]["board"]["tile_rows"] == 2 and "board" not in built
    board = grown["board"]
    assert (board["tile_rows"], board["tile_cols"], board["height"]) == (3, 2, 15)
    assert {(t["row"], t["col"], t["letter"]) for t in board["tiles"]} == {
        (0, 0, "C"), (1, 0, "A"), (1, 1, "B"), (2, 0, "R"), (2, 1, "T")}
    assert grown["presentation"]["map_tiles"] == 5
    # the pieces are drawn where the grown map has them: 5 rows down
    cells = sorted(tuple(p["cells"][0]) for p in grown["presentation"]["pieces"])
    assert cells[0] == (5, 3)
