"""What-if branches (issue 13, small gaps): a branch keeps the game's table options, and its
saved game is its whole history (the game it came from up to the branch point, then its own
actions), which ``fcm replay --verify`` reads and replays to the branch's final position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fcm.bots import make_bot
from fcm.cli.main import main
from fcm.record import GameRecord
from tests.server.conftest import Game, create
from tests.server.test_replay import ENDGAME, play_one

TABLE = {"bot_pause_ms": 1234, "hints": True}


def finished(client: Any) -> Game:
    g = create(client, players=2, scenario=ENDGAME, table=TABLE)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while play_one(g, bots):
        pass
    return g


def branch_of(g: Game, step: int, seat: int = 0) -> Game:
    r = g.client.post(f"/api/games/{g.id}/branch", json={"step": step},
                      headers=g.auth(g.tokens[seat]))
    assert r.status_code == 201, r.text
    made = r.json()
    return Game(g.client, {"game": made["game"], "seats": made["seats"],
                           "spectator": made["spectator"]})


def test_a_branch_keeps_the_table_options(client: Any) -> None:
    g = finished(client)
    assert g.state(0)["table"] == {**TABLE, "rated": False}
    b = branch_of(g, 3)
    assert b.state(0)["table"] == b.state(1)["table"] == {**TABLE, "rated": False}


def test_a_branch_saved_game_replays_with_fcm_replay(client: Any, tmp_path: Path,
                                                     capsys: Any) -> None:
    g = finished(client)
    parent = GameRecord.from_json(
        client.get(f"/api/games/{g.id}/record", headers=g.auth(g.tokens[0])).json())
    b = branch_of(g, 4)
    bots = [make_bot("easy", 7), make_bot("easy", 8)]  # other choices from the branch point
    while play_one(b, bots):
        pass
    r = client.get(f"/api/games/{b.id}/record", headers=b.auth(b.tokens[1]))
    assert r.status_code == 200, r.text
    saved = r.json()
    rec = GameRecord.from_json(saved)
    assert rec.actions[:4] == parent.actions[:4]  # the history up to the branch point
    assert len(rec.actions) > 4
    assert rec.replay(check=True).state_hash() == rec.final_hash
    path = tmp_path / "branch.json"
    path.write_text(json.dumps(saved))
    assert main(["replay", str(path), "--verify"]) == 0
    assert "final hash matches the saved game" in capsys.readouterr().out
    # a branch of the branch: its history goes back through both
    bb = branch_of(b, 6, seat=1)
    while play_one(bb, bots):
        pass
    again = GameRecord.from_json(
        client.get(f"/api/games/{bb.id}/record", headers=bb.auth(bb.tokens[0])).json())
    assert again.actions[:10] == rec.actions[:10]  # 4 of the game's, then 6 of the branch's
    assert again.replay(check=True).state_hash() == again.final_hash
