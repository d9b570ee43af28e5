"""Real server processes: SIGKILL in the middle of a game and restart (the game, bots
included, resumes exactly), and several processes sharing one database with WebSocket
clients on each."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import check_bot_moves, stored_record, stored_secret
from tests.server.procs import Server, recv, recv_until

BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for s in started:
        s.close()


def play_humans(
    server: Server, game: dict[str, Any], rng: random.Random, max_actions: int,
    timeout: float = 60,
) -> int:
    """Scripted human clients: each picks a random legal action when it must decide."""
    tokens = {s["seat"]: s["token"] for s in game["seats"] if s["token"]}
    done = 0
    deadline = time.monotonic() + timeout
    while done < max_actions and time.monotonic() < deadline:
        moved = False
        for token in tokens.values():
            s = server.state(game["game"], token)
            if s["status"] == "over":
                return done
            if s["legal"]:
                r = server.act(game["game"], token, s["version"], rng.choice(s["legal"]))
                assert r.status_code in (200, 409), r.text
                done += r.status_code == 200
                moved = True
        if not moved:
            time.sleep(0.01)
    return done


def stored_count(url: str, game_id: str) -> int:
    """How many actions of the game the database holds (read-only: a frozen server may hold
    the write lock)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(f"file:{url[len('sqlite:///'):]}?mode=ro",
                                            uri=True)) as db:
        (n,) = db.execute("SELECT count(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
    return int(n)


@pytest.mark.parametrize("length", ["opening", "whole"])
def test_sigkill_mid_game_resumes_exactly(
    tmp_path: Path, servers: list[Server], length: str, request: pytest.FixtureRequest
) -> None:
    if length == "whole":
        request.getfixturevalue("whole_games")
    url = f"sqlite:///{tmp_path}/kill.sqlite3"
    log = tmp_path / "server.log"
    a = Server(url, log, bot_delay_ms=400).start()
    servers.append(a)
    game = a.create(seats=[{"kind": "human"}, {"kind": "human"}, BOT], seed=77,
                    options={"round_limit": 4})
    gid = game["game"]
    tokens = {s["seat"]: s["token"] for s in game["seats"] if s["token"]}
    rng = random.Random(1)
    play_humans(a, game, rng, max_actions=3 if length == "opening" else 40)
    # kill while the bot's next answer may be pending (its delay). What the clients saw and
    # what is stored must be one moment: A is frozen (SIGSTOP) before it is killed, and a bot
    # move that landed while the views were read (a loaded machine) means: look again
    while True:
        count = stored_count(url, gid)
        before_views = {seat: a.state(gid, t) for seat, t in tokens.items()}
        a.freeze()
        if stored_count(url, gid) == count:
            break
        a.thaw()
    stored = stored_record(url, gid)
    a.kill()
    assert stored_record(url, gid).actions == stored.actions  # everything acknowledged is kept
    before_hash = stored.replay().state_hash()

    # B's bot pause outlasts the comparison: its pending move never lands before it is done
    b = Server(url, log, bot_delay_ms=600_000).start()
    servers.append(b)
    for seat, t in tokens.items():
        now = b.state(gid, t)
        assert (now["version"], now["view"]) == (before_views[seat]["version"],
                                                 before_views[seat]["view"])
    assert stored_record(url, gid).replay().state_hash() == before_hash
    # the bots go on by themselves, exactly as if nothing had happened
    b.kill()
    c = Server(url, log, bot_delay_ms=0).start()
    servers.append(c)
    # (a generous deadline: the loop ends as soon as the game does)
    play_humans(c, game, rng, max_actions=10 if length == "opening" else 10_000, timeout=600)
    final = stored_record(url, gid)
    assert final.actions[: len(stored.actions)] == stored.actions
    assert check_bot_moves(final, {2: "random"}, stored_secret(url, gid)) > 0
    if length == "whole":
        assert c.state(gid, tokens[0])["status"] == "over"
        r = c.http.get(f"/api/games/{gid}/record",
                       headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 200
        from fcm.record import GameRecord

        saved = GameRecord.from_json(r.json())
        assert saved.actions == final.actions
        if saved.replay().state_hash() != saved.final_hash:  # pragma: no cover - diagnostics
            import json
            import sqlite3

            db = sqlite3.connect(url[len("sqlite:///"):])
            snaps = dict(db.execute("SELECT version, state FROM snapshots WHERE game_id = ?",
                                    (gid,)).fetchall())
            state = saved.initial_state()[0]
            for i, _, st in saved.steps(start=state):
                if i + 1 in snaps:
                    stored = json.loads(snaps[i + 1])
                    keys = [k for k in stored if stored[k] != st.to_dict()[k]]
                    assert not keys, f"snapshot {i + 1} differs from the replay in {keys}"
        assert saved.replay().state_hash() == saved.final_hash


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_processes_share_one_database(
    tmp_path: Path, servers: list[Server], backend: str, request: pytest.FixtureRequest
) -> None:
    url = (
        f"sqlite:///{tmp_path}/shared.sqlite3" if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    a = Server(url, tmp_path / "a.log").start()
    b = Server(url, tmp_path / "b.log").start()
    servers += [a, b]
    game = a.create(players=2, seed=3)
    gid = game["game"]
    t0, t1 = game["seats"][0]["token"], game["seats"][1]["token"]
    spectator = game["spectator"]["token"]
    with a.ws(gid, t0) as ws0, b.ws(gid, t1) as ws1, b.ws(gid, spectator) as wss:
        assert recv(ws0)["version"] == recv(ws1)["version"] == recv(wss)["version"] == 0
        # seat 0 acts on process A; the clients on process B hear of it
        r = a.act(gid, t0, 0, {"type": "choose_reserve", "money": 300})
        assert r.status_code == 200, r.text
        m1 = recv_until(ws1, lambda m: m["type"] == "state")
        assert m1["version"] == 1 and m1["actors"] == [1]
        assert m1["view"]["players"][0]["reserve"] is None
        assert recv_until(wss, lambda m: m["type"] == "state")["version"] == 1
        assert recv_until(ws0, lambda m: m["type"] == "state")["version"] == 1
        # seat 1 acts on process B; the client on A hears of it
        r = b.act(gid, t1, 1, {"type": "choose_reserve", "money": 100})
        assert r.status_code == 200, r.text
        m0 = recv_until(ws0, lambda m: m["type"] == "state" and m["version"] == 2)
        assert m0["phase"] == "setup_restaurants"
        # a stale version is refused on either process
        r = a.act(gid, t1, 1, {"type": "done"})
        assert r.status_code == 409 and r.json()["error"]["code"] == "action/stale_version"
        # whoever must place now may do it through either process
        for server, token in ((a, t0), (b, t1)):
            s = server.state(gid, token)
            if s["legal"]:
                assert server.act(gid, token, s["version"], s["legal"][0]).status_code == 200
                break
        m = recv_until(wss, lambda m: m["type"] == "state" and m["version"] == 3)
        assert m["phase"] == "setup_restaurants"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_processes_racing_for_bot_moves_never_make_one_twice(
    tmp_path: Path, servers: list[Server], backend: str, request: pytest.FixtureRequest
) -> None:
    """Both processes hold the game and both bot workers try every bot move: the storage's
    compare-and-set keeps exactly one, and each is the bot's own choice at its position."""
    url = (
        f"sqlite:///{tmp_path}/bots.sqlite3" if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    a = Server(url, tmp_path / "a.log").start()
    b = Server(url, tmp_path / "b.log").start()
    servers += [a, b]
    game = a.create(seats=[{"kind": "human"}, BOT, BOT], seed=8, options={"round_limit": 2})
    gid, token = game["game"], game["seats"][0]["token"]
    rng = random.Random(3)
    a.state(gid, token), b.state(gid, token)  # both processes now hold the game
    moves, deadline = 0, time.monotonic() + 60
    while moves < 15 and time.monotonic() < deadline:
        server = (a, b)[moves % 2]
        s = server.state(gid, token)
        if s["status"] == "over":
            break
        if not s["legal"]:
            time.sleep(0.02)
            continue
        r = server.act(gid, token, s["version"], rng.choice(s["legal"]))
        assert r.status_code in (200, 409), r.text
        moves += r.status_code == 200
    record = stored_record(url, gid)
    assert check_bot_moves(record, {1: "random", 2: "random"}, stored_secret(url, gid)) > 0
    record.replay()  # every stored action is legal where it stands
