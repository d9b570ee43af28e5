"""Rewind by consent (fcm.server.rewind, issue 13 item 3): back to the start of a turn or a
round once every human seat agrees; the vote ends when one declines and expires when a human
seat acts; every refusal is a clear 4xx that changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Game, create
from tests.server.test_api import error


def rewind(g: Game, seat: int | None) -> dict[str, Any]:
    r = g.client.get(f"/api/games/{g.id}/rewind", headers=g.auth(g.token(seat)))
    assert r.status_code == 200, r.text
    return r.json()


def propose(g: Game, seat: int, to: int, version: int | None = None) -> Any:
    if version is None:
        version = g.state(seat)["version"]
    return g.post(seat, {"version": version, "to": to}, path="rewind")


def vote(g: Game, seat: int, vote_id: str, accept: bool) -> Any:
    return g.post(seat, {"vote": vote_id, "accept": accept}, path="rewind/vote")


def play_until(g: Game, pred: Any, limit: int = 200) -> dict[str, Any]:
    """Play the first legal action of whoever must decide until ``pred(state)``."""
    for _ in range(limit):
        st = g.state(0)
        if pred(st):
            return st
        seat = st["actors"][0]
        g.play(seat, g.state(seat)["legal"][0])
    raise AssertionError("the position was not reached")


def working_turn_of_second_seat(g: Game) -> dict[str, Any]:
    """Into round 1's Working 9-5 turns: the first seat's turn is over (a turn point)."""
    return play_until(g, lambda st: st["phase"] == "working"
                      and any(p["kind"] == "turn" for p in rewind(g, 0)["points"][1:]))


def test_rewind_to_a_turn_start_once_both_humans_agree(client: TestClient) -> None:
    g = create(client, players=2, seed=2)
    working_turn_of_second_seat(g)
    play_until(g, lambda st: len([p for p in rewind(g, 0)["points"]
                                  if p["kind"] == "turn"]) >= 2)
    info = rewind(g, 1)
    assert info["humans"] == [0, 1] and info["vote"] is None
    assert info["points"][0] == {"to": 0, "kind": "start", "round": 1, "seat": None}
    first_turn = next(p for p in info["points"] if p["kind"] == "turn")
    # the position at that point, as the log rebuilds it, is what the game goes back to
    views_then = {}
    for s in (0, 1, None):
        r = client.get(f"/api/games/{g.id}/replay", headers=g.auth(g.token(s)))
        steps = r.json()["steps"]
        step = next(x["step"] for x in steps if x["version"] == first_turn["to"])
        views_then[s] = step
    before = {s: g.state(s) for s in (0, 1, None)}
    r = propose(g, 0, first_turn["to"])
    assert r.status_code == 200, r.text
    open_vote = r.json()["vote"]
    assert open_vote["status"] == "open" and open_vote["accepted"] == [0]
    assert open_vote["waiting_for"] == [1] and open_vote["kind"] == "turn"
    assert {s: g.state(s) for s in (0, 1, None)} == before  # asking changes nothing
    r = vote(g, 1, open_vote["id"], True)
    assert r.status_code == 200, r.text
    assert r.json()["vote"]["status"] == "done"
    after = g.state(0)
    assert after["phase"] == "working" and after["round"] == 1
    assert after["actors"] == [first_turn["seat"]]
    for s in (0, 1, None):
        now = g.state(s)
        assert now["version"] > before[s]["version"]  # versions never go back
    # the log now ends at the point: the game goes on from there
    log = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0])).json()
    assert log["total"] == views_then[0] + 1
    seat = after["actors"][0]
    g.play(seat, g.state(seat)["legal"][0])


def test_a_decline_ends_the_vote_and_nothing_changes(client: TestClient) -> None:
    g = create(client, players=2, seed=2)
    working_turn_of_second_seat(g)
    before = {s: g.state(s) for s in (0, 1)}
    r = propose(g, 1, 0)
    assert r.status_code == 200, r.text
    vid = r.json()["vote"]["id"]
    r = vote(g, 0, vid, False)
    assert r.status_code == 200, r.text
    assert r.json()["vote"]["status"] == "declined" and r.json()["vote"]["declined_by"] == 0
    assert {s: g.state(s) for s in (0, 1)} == before
    msg = error(vote(g, 1, vid, True), 409, "rewind/no_vote")
    assert "no longer open" in msg


def test_the_vote_expires_when_a_human_seat_acts(client: TestClient) -> None:
    g = create(client, players=2, seed=2)
    st = working_turn_of_second_seat(g)
    vid = propose(g, 0, 0).json()["vote"]["id"]
    seat = st["actors"][0]
    g.play(seat, g.state(seat)["legal"][0])
    assert rewind(g, 0)["vote"]["status"] == "expired"
    error(vote(g, 1, vid, True), 409, "rewind/no_vote")
    # a new vote may be asked then
    r = propose(g, 1, 0)
    assert r.status_code == 200 and r.json()["vote"]["status"] == "open"


def test_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    g = create(client, players=2, seed=2)
    working_turn_of_second_seat(g)
    before = {s: g.state(s) for s in (0, 1, None)}
    error(propose(g, 0, 10_000), 422, "rewind/not_a_point")
    turn = next(p for p in rewind(g, 0)["points"] if p["kind"] == "turn")
    error(propose(g, 0, turn["to"] + 1 if turn["to"] + 1 not in
                  {p["to"] for p in rewind(g, 0)["points"]} else 10_001), 422,
          "rewind/not_a_point")
    error(propose(g, 0, 0, version=0), 409, "action/stale_version")
    r = g.client.post(f"/api/games/{g.id}/rewind", headers=g.auth(g.spectator),
                      json={"version": before[None]["version"], "to": 0})
    error(r, 403, "auth/spectator")
    r = g.post(0, {"version": 1, "to": -1}, path="rewind")
    error(r, 422, "request/invalid")
    error(vote(g, 0, "nope", True), 409, "rewind/no_vote")
    vid = propose(g, 0, 0).json()["vote"]["id"]
    error(propose(g, 1, 0), 409, "rewind/vote_open")
    r = g.client.post(f"/api/games/{g.id}/rewind/vote", headers=g.auth(g.spectator),
                      json={"vote": vid, "accept": True})
    error(r, 403, "auth/spectator")
    assert {s: g.state(s) for s in (0, 1, None)} == before
    assert rewind(g, None)["vote"]["status"] == "open"  # everyone sees the vote


def test_alone_against_bots_a_rewind_needs_only_you(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
               seed=3, table={"bot_pause_ms": 0})
    for _ in range(100):  # the human plays its first legal action; the bot plays itself
        if any(p["kind"] == "turn" for p in rewind(g, 0)["points"]):
            break
        st = g.wait(lambda s: s["your_turn"] or s["status"] == "over", seat=0)
        assert st["status"] == "active"
        g.play(0, st["legal"][0])
    info = rewind(g, 0)
    assert info["humans"] == [0]
    for _ in range(20):  # the bot may move (and our version with it) while we ask
        r = propose(g, 0, 0)
        if r.status_code != 409:
            break
    assert r.status_code == 200, r.text
    assert r.json()["vote"]["status"] == "done"  # nobody else to ask
    back = g.state(0)
    assert back["round"] == 1 and back["phase"] == "setup_reserve"
    log = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0])).json()
    assert log["total"] <= 2  # the start (a bot may have decided again already)


def test_no_rewind_once_the_game_is_over(client: TestClient) -> None:
    from fcm.bots import make_bot
    from tests.server.test_replay import ENDGAME, play_one

    g = create(client, players=2, scenario=ENDGAME)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while play_one(g, bots):
        pass
    info = rewind(g, 0)
    assert info["can_rewind"] is False and info["points"] == []
    error(propose(g, 0, 0), 409, "rewind/game_over")
