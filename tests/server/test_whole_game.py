"""Two people play a whole game through the HTTP API, with WebSocket pushes; then the saved
game replays to the same final state, and every Dinnertime can be explained. (Runs as soon as
the engine plays whole games.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.record import GameRecord
from tests.server.conftest import create


# Random clients: the simulation round cap (not a rule) keeps the game short.
@pytest.mark.parametrize(
    "options",
    [{"round_limit": 60}, {"introductory": True, "round_limit": 60}],
    ids=["full", "intro"],
)
def test_two_scripted_clients_play_a_whole_game(
    client: TestClient, whole_games: None, options: dict[str, Any]
) -> None:
    g = create(client, players=2, seed=12, options=options)
    rng = random.Random(5)
    pushed: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    with (
        client.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[0]}") as ws0,
        client.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[1]}") as ws1,
    ):
        sockets = {0: ws0, 1: ws1}
        latest = {seat: ws.receive_json() for seat, ws in sockets.items()}
        actions = 0
        while latest[0]["status"] != "over":
            seat = next(s for s in (0, 1) if latest[s]["legal"])
            r = g.act(seat, rng.choice(latest[seat]["legal"]), latest[seat]["version"])
            assert r.status_code == 200, r.text
            actions += 1
            assert actions < 20_000
            # each client is pushed its new state when it can see the change
            mine = sockets[seat].receive_json()
            assert mine["version"] == r.json()["version"]
            pushed[seat].append(mine)
            other = 1 - seat
            fresh = g.state(other)
            if fresh["version"] != latest[other]["version"]:
                latest[other] = sockets[other].receive_json()
                assert latest[other]["version"] == fresh["version"]
                assert latest[other]["view"] == fresh["view"]
                pushed[other].append(latest[other])
            latest[seat] = r.json()
    assert g.state(1)["status"] == "over" and pushed[0] and pushed[1]
    ranking = g.state(None)["view"]["ranking"]
    assert sorted(ranking) == [0, 1]
    # the saved game replays to the same final state
    r = client.get(f"/api/games/{g.id}/record", headers=g.auth(g.tokens[1]))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = GameRecord.from_json(r.json())
    assert len(record.actions) == actions
    assert record.replay().state_hash() == record.final_hash
    # the log and the Dinnertime explanation of every round
    log = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.spectator)).json()
    assert log["total"] >= 2
    rounds = g.state(None)["round"]
    explained = 0
    for n in range(1, rounds + 1):
        d = client.get(f"/api/games/{g.id}/dinnertime/{n}", headers=g.auth(g.spectator))
        if d.status_code == 200:
            body = d.json()
            assert body["round"] == n and isinstance(body["events"], list)
            assert body["text"] is None or isinstance(body["text"], str)
            explained += 1
    assert explained >= 1
