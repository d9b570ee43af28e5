"""Turn timers (issue 14 #2): a limit per decision chosen at creation, the fallback when it
runs out (a bot plays the decision, or takes the seat), deadlines in the database that survive
a restart, one process acting per deadline, and pausing by every human seat's consent. Time
is injected: nothing here sleeps to let a clock run."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from fcm.server.clock import LIMITS
from tests.server.conftest import Game, create, run_async, settings_for
from tests.server.procs import Server

RESERVE = {"type": "choose_reserve", "money": 300}


class FakeTime:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


def app_with(url: str, now: FakeTime) -> Any:
    return create_app(settings_for(url, clock_interval=0.0), now=now)


@pytest.fixture
def tclient(db_url: str, fake: FakeTime) -> Iterator[TestClient]:
    with TestClient(app_with(db_url, fake)) as c:
        yield c


def clocks(c: TestClient) -> Any:
    return c.app.state.clocks  # type: ignore[attr-defined]


def settle(c: TestClient) -> None:
    """Let the deadline bookkeeping of the changes so far reach the database."""
    c.portal.call(clocks(c).idle)  # type: ignore[union-attr]


def tick(c: TestClient) -> int:
    settle(c)
    taken: int = c.portal.call(clocks(c).tick)  # type: ignore[union-attr]
    settle(c)
    return taken


def clock_of(g: Game, seat: int | None = 0) -> dict[str, Any]:
    r = g.client.get(f"/api/games/{g.id}/clock", headers=g.auth(g.token(seat)))
    assert r.status_code == 200, r.text
    return dict(r.json())


def timed(c: TestClient, limit: str = "5m", fallback: str = "bot_move",
          players: int = 2) -> Game:
    return create(c, players=players, seed=7,
                  clock={"limit": limit, "fallback": fallback, "bot": "random"})


def test_every_limit_of_the_issue_is_offered() -> None:
    assert LIMITS == {
        "5m": 300, "10m": 600, "20m": 1200, "1h": 3600, "12h": 43200, "1d": 86400,
        "2d": 172800, "3d": 259200, "5d": 432000, "none": None,
    }


def test_the_clock_shows_each_deciding_seats_time_left(tclient: TestClient,
                                                        fake: FakeTime) -> None:
    g = timed(tclient, "10m")
    settle(tclient)
    st = clock_of(g)
    assert st["limit"] == "10m" and st["seconds"] == 600 and st["fallback"] == "bot_move"
    # at the start both seats choose their reserve card (simultaneously)
    assert [d["seat"] for d in st["deadlines"]] == [0, 1]
    assert all(d["left"] == 600 for d in st["deadlines"])
    fake.t += 100
    assert [d["left"] for d in clock_of(g, None)["deadlines"]] == [500, 500]
    g.play(0, RESERVE)
    settle(tclient)
    st = clock_of(g)
    assert [d["seat"] for d in st["deadlines"]] == [1]  # seat 0's decision is over
    assert tick(tclient) == 0  # nothing due yet


def test_an_untimed_game_has_no_clock(tclient: TestClient) -> None:
    g = create(tclient, players=2, clock={"limit": "none"})
    assert clock_of(g)["limit"] == "none"
    r = g.post(0, {"pause": True}, path="pause")
    assert r.status_code == 409 and r.json()["error"]["code"] == "clock/none"
    g2 = create(tclient, players=2)
    assert clock_of(g2)["seconds"] is None


def test_a_bad_clock_is_refused_and_creates_nothing(tclient: TestClient) -> None:
    for bad in ({"limit": "7m"}, {"limit": "5m", "fallback": "resign"}, {"limit": 300}):
        r = tclient.post("/api/games", json={"players": 2, "clock": bad})
        assert r.status_code == 422, r.text
        assert r.json()["error"]["code"] == "request/invalid"


def test_when_time_runs_out_a_bot_plays_that_decision(tclient: TestClient,
                                                      fake: FakeTime) -> None:
    g = timed(tclient, "5m", "bot_move")
    g.play(0, RESERVE)
    fake.t += 299
    assert tick(tclient) == 0
    assert g.state(1)["your_turn"]
    fake.t += 2
    assert tick(tclient) == 1
    s1 = g.state(1)
    assert not s1["your_turn"]  # the bot chose seat 1's reserve card
    log = g.client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[1])).json()
    assert [e["seat"] for e in log["entries"][1:]][-1] == 1
    assert tick(tclient) == 0  # acted on once
    # the next decision of seat 1 is its own again (a bot played only that decision)
    settle(tclient)
    st = clock_of(g)
    for d in st["deadlines"]:
        assert d["left"] == 300  # fresh deadlines for the next decision
    assert st["taken_over"] == []


def test_bot_takeover_plays_the_seat_for_the_rest_of_the_game(tclient: TestClient,
                                                              fake: FakeTime) -> None:
    g = timed(tclient, "5m", "bot_takeover")
    g.play(0, RESERVE)
    fake.t += 301
    assert tick(tclient) == 1
    assert clock_of(g)["taken_over"] == [1]
    # from now on every decision of seat 1 is due at once (no time passes) and the bot plays
    # it; seat 0 keeps its own time
    for _ in range(40):
        st = g.state(0)
        if 1 not in st["actors"] and st["your_turn"]:
            break
        if not st["your_turn"]:
            break
        tick(tclient)
    st = g.state(0)
    assert 1 not in st["actors"]
    left = {d["seat"]: d["left"] for d in clock_of(g)["deadlines"]}
    assert 1 not in left and all(v > 0 for v in left.values())
    taken = tclient.portal.call(clocks(tclient).timeouts, g.id)  # type: ignore[union-attr]
    assert taken and {t["seat"] for t in taken} == {1}
    assert {t["fallback"] for t in taken} == {"bot_takeover"}


def test_a_taken_over_seat_outrun_by_other_seats_is_not_held_up(
    tclient: TestClient, fake: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a phase where seats decide at once, other seats' moves can outdate the bot's move
    again and again; the taken-over seat must still move on at once, not wait for a lease to
    end (a whole game with every module stalled on it in Restructuring)."""
    from fcm.server.match import BotMoveOutdated, MatchService

    g = timed(tclient, "5m", "bot_takeover")
    g.play(0, RESERVE)
    commit = MatchService._commit
    outrun = {"left": 6}

    async def outdated_first(self: Any, *args: Any, **kw: Any) -> Any:
        if outrun["left"]:
            outrun["left"] -= 1
            raise BotMoveOutdated
        return await commit(self, *args, **kw)

    monkeypatch.setattr(MatchService, "_commit", outdated_first)
    fake.t += 301
    for _ in range(3):  # no time passes: only the ticks
        tick(tclient)
    assert outrun["left"] == 0
    assert 1 not in g.state(0)["actors"]


def test_pausing_needs_every_human_seat_and_keeps_the_time_left(tclient: TestClient,
                                                                fake: FakeTime) -> None:
    g = timed(tclient, "5m")
    g.play(0, RESERVE)
    settle(tclient)
    fake.t += 100
    r = g.post(1, {"pause": True}, path="pause")
    assert r.status_code == 200 and r.json()["paused"] is False
    assert r.json()["pause_votes"] == [1]
    fake.t += 100  # the clock still runs: one seat is not enough
    r = g.post(0, {"pause": True}, path="pause")
    assert r.json()["paused"] is True
    assert [d["left"] for d in r.json()["deadlines"]] == [100]
    fake.t += 10 * 86400
    assert tick(tclient) == 0  # paused: nothing runs out
    assert g.state(1)["your_turn"]
    r = g.post(1, {"pause": False}, path="pause")
    assert r.json()["paused"] is False and r.json()["pause_votes"] == []
    assert [d["left"] for d in r.json()["deadlines"]] == [100]
    fake.t += 99
    assert tick(tclient) == 0
    fake.t += 2
    assert tick(tclient) == 1
    spectator = g.client.post(f"/api/games/{g.id}/pause", json={"pause": True},
                              headers=g.auth(g.spectator))
    assert spectator.status_code == 403


def test_deadlines_survive_a_restart(db_url: str, fake: FakeTime) -> None:
    with TestClient(app_with(db_url, fake)) as c:
        g = timed(c, "1h")
        g.play(0, RESERVE)
        settle(c)
        data = g.data
    fake.t += 3601
    with TestClient(app_with(db_url, fake)) as c:  # a new server process, same database
        assert tick(c) == 1
        assert not Game(c, data).state(1)["your_turn"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_server_processes_act_once_on_one_deadline(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two real server processes on one database, both ticking every 20 ms with the time in
    a file: the deadline is taken by exactly one of them, and the bot's move is made once."""
    url = f"sqlite:///{tmp_path}/fcm.sqlite3" if backend == "sqlite" \
        else request.getfixturevalue("pg_url")
    clock_file = tmp_path / "now"
    clock_file.write_text(str(time.time()))
    env = {"clock_interval": "0.02", "test_clock_file": str(clock_file)}
    a = Server(url, tmp_path / "a.log", **env).start()
    b = Server(url, tmp_path / "b.log", **env).start()
    try:
        game = a.create(players=2, seed=3, clock={"limit": "5m", "fallback": "bot_move",
                                                  "bot": "random"})
        gid = game["game"]
        t0, t1 = game["seats"][0]["token"], game["seats"][1]["token"]
        s = a.state(gid, t0)
        r = a.act(gid, t0, s["version"], RESERVE)
        assert r.status_code == 200, r.text
        for _ in range(200):  # b learns of the game and its deadline
            if b.http.get(f"/api/games/{gid}/clock", headers={"authorization": f"Bearer {t1}"}
                          ).json()["deadlines"]:
                break
            time.sleep(0.02)
        clock_file.write_text(str(time.time() + 301))
        deadline = time.monotonic() + 20
        while b.state(gid, t1)["your_turn"]:
            assert time.monotonic() < deadline, "the deadline was never acted on"
            time.sleep(0.05)
        time.sleep(0.5)  # both keep ticking: neither may act again
        log = a.http.get(f"/api/games/{gid}/log", headers={"authorization": f"Bearer {t1}"})
        seats = [e["seat"] for e in log.json()["entries"][1:]]
        assert seats[:2] == [0, 1], seats  # seat 0's choice, then the bot's for seat 1
    finally:
        a.close()
        b.close()

    from fcm.server.storage import open_store

    async def taken() -> list[Any]:
        store = open_store(url)
        await store.open()
        try:
            return await store.transact(lambda tx: list(tx.execute(
                "SELECT seat, due_at, owner FROM timeouts WHERE game_id = ?", (gid,)
            ).fetchall()), write=False)
        finally:
            await store.close()

    rows = run_async(taken())
    assert len(rows) == 1, rows  # one process took the deadline, once
    assert json.dumps(rows[0][0]) == "1"


def test_a_timer_bots_move_is_marked_as_the_bots_and_is_not_the_players_to_undo(
    tclient: TestClient, fake: FakeTime
) -> None:
    """Issue 26 item 2: the log says the bot played the timed-out decision (a
    ``timer_bot_move`` mark first in its events, seen by whoever sees the move), and the seat's
    own undo does not take it back as if the player had made it."""
    g = timed(tclient, "5m", "bot_move")
    g.play(0, RESERVE)
    fake.t += 301
    assert tick(tclient) == 1
    log = g.client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[1])).json()
    last = log["entries"][-1]
    assert last["seat"] == 1
    assert last["events"][0] == {"kind": "timer_bot_move", "seat": 1, "bot": "random",
                                 **({"visible_to": last["events"][0]["visible_to"]}
                                    if "visible_to" in last["events"][0] else {})}
    # seat 0's own move carries no mark
    log0 = g.client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0])).json()
    mine = [e for e in log0["entries"][1:] if e["seat"] == 0]
    assert mine and all(ev["kind"] != "timer_bot_move" for e in mine for ev in e["events"])
    # a secret step's mark is as secret as the step: a viewer who sees the entry sees its mark
    for e in log0["entries"][1:]:
        if e["seat"] == 1:
            assert e["events"][0]["kind"] == "timer_bot_move"
    st = g.state(1)
    r = g.post(1, {"version": st["version"]}, path="undo")
    assert r.status_code == 409 and r.json()["error"]["code"] == "undo/not_your_last_action"


def test_a_player_takes_back_the_seat_a_bot_took_over(tclient: TestClient,
                                                      fake: FakeTime) -> None:
    """Issue 26 item 2: after ``bot_takeover``, ``POST /reclaim`` gives the seat back to its
    player: off the taken-over list, its next decisions with the whole time again."""
    g = timed(tclient, "5m", "bot_takeover")
    g.play(0, RESERVE)
    fake.t += 301
    assert tick(tclient) == 1
    assert clock_of(g)["taken_over"] == [1]
    r = g.post(0, None, path="reclaim")  # seat 0 was never taken over
    assert r.status_code == 409 and r.json()["error"]["code"] == "clock/not_taken_over"
    r = g.client.post(f"/api/games/{g.id}/reclaim", headers=g.auth(g.spectator))
    assert r.status_code == 403
    r = g.post(1, None, path="reclaim")
    assert r.status_code == 200, r.text
    assert r.json()["taken_over"] == []
    settle(tclient)
    # play seat 0 until seat 1 decides again: the decision is its player's, 5 minutes long
    for _ in range(40):
        st = g.state(1)
        if st["your_turn"] or st["status"] != "active":
            break
        s0 = g.state(0)
        assert s0["your_turn"], s0["actors"]
        g.play(0, s0["legal"][-1])
        settle(tclient)
    assert g.state(1)["your_turn"]
    left = {d["seat"]: d["left"] for d in clock_of(g)["deadlines"]}
    assert left[1] == 300
    assert tick(tclient) == 0  # nothing due: the bot no longer plays it
    assert g.state(1)["your_turn"]
