"""Bots think in worker processes (issue 16, "the server stays responsive while bots think"):
the server answers while a hard bot searches, a worker that dies or runs over its budget never
stops a game, and the per-game bot pause is scheduled on the loop, not slept."""

from __future__ import annotations

import logging
import os
import signal
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server import bot_jobs
from tests.server.conftest import (
    RESTRUCTURING,
    Game,
    check_bot_moves,
    create,
    settings_for,
    stored_record,
    stored_secret,
)


def wait_for_think(client: TestClient, older_than: float, timeout: float = 120.0) -> int:
    """The pid of a worker process whose job has run for ``older_than`` seconds."""
    pool = client.app.state.worker.pool  # type: ignore[attr-defined]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pid, began in list(pool.running.items()):
            if time.monotonic() - began >= older_than:
                return int(pid)
        time.sleep(0.02)
    raise AssertionError("no bot thought long enough")


def latency(client: TestClient, g: Game) -> float:
    t = time.monotonic()
    r = client.get(f"/api/games/{g.id}", headers=g.auth(g.spectator))
    assert r.status_code == 200
    assert client.get("/api/health").status_code == 200
    return time.monotonic() - t


def test_the_server_answers_while_a_hard_bot_thinks_and_survives_a_killed_worker(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    hard = {"kind": "bot", "bot": "hard", "think_ms": 2000}
    caplog.set_level(logging.WARNING, logger="fcm.server")
    with TestClient(create_app(settings_for(db_url))) as client:
        client.app.state.worker.job = bot_jobs.long_think_job  # type: ignore[attr-defined]
        g = create(client, seats=[hard, hard], seed=4)
        pool = client.app.state.worker.pool  # type: ignore[attr-defined]
        # With thinking in a thread of the server the loop waited for the GIL; on the loop
        # itself nothing would be answered at all; in a process the loop does not wait. So:
        # 8 requests in a row are answered while one and the same think (a second of CPU)
        # runs from before the first to after the last. A ratio, not a wall-clock bound:
        # on a loaded machine the think slows down as much as the requests do.
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, "no think lasted through 8 requests"
            before = dict(pool.running)
            if not before:
                time.sleep(0.01)
                continue
            for _ in range(8):
                latency(client, g)
            if any(pool.running.get(p) == b for p, b in before.items()):
                break  # that think was running before the 8 requests and still is

        pid = wait_for_think(client, 0.3)
        assert pid != os.getpid() and pid in pool.pids()
        # A worker killed mid-think: the bot is asked again in a fresh process.
        version = g.state(None)["version"]
        os.kill(pid, signal.SIGKILL)
        g.wait(lambda s: s["version"] >= version + 2, seat=None, timeout=120)
        assert pid not in pool.pids()
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "the worker process ended" in text
    assert g.spectator not in text and str(stored_secret(db_url, g.id)) not in text


def _bot_game(db_url: str, job: Any, bot: str, think_ms: int) -> tuple[Game, str]:
    with TestClient(create_app(settings_for(db_url))) as client:
        client.app.state.worker.job = job  # type: ignore[attr-defined]
        g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": bot,
                                                      "think_ms": think_ms}], seed=5)
        # generous deadlines: each failed think starts a fresh worker process (an interpreter
        # importing the bots), slow on a loaded machine
        s = g.wait(lambda s: s["actors"] == [0], timeout=120)
        assert s["view"]["players"][1]["reserve"] is None  # chosen, and still secret
        deadline = time.monotonic() + 240
        while bot_moves(g) < 2:  # the human plays its first legal action until then
            assert time.monotonic() < deadline
            s = g.state(0)
            if 0 in s["actors"]:
                g.play(0, s["legal"][0])
            time.sleep(0.05)
    return g, db_url


def bot_moves(g: Game) -> int:
    log = g.client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0])).json()
    return sum(1 for e in log["entries"][1:] if e["seat"] == 1)


def test_a_crashing_worker_falls_back_to_medium(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="fcm.server")
    g, _ = _bot_game(db_url, bot_jobs.crash_job, "hard", 500)
    record = stored_record(db_url, g.id)
    # The hard bot's worker died twice on every move: medium played them, as it would.
    assert check_bot_moves(record, {1: "medium"}, stored_secret(db_url, g.id)) >= 2
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "the worker process ended (exit code 3)" in text
    assert "medium decides this move instead" in text
    assert g.tokens[0] not in text


def test_a_think_over_budget_is_stopped_and_medium_decides(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="fcm.server")
    g, _ = _bot_game(db_url, bot_jobs.slow_job, "hard", 50)
    record = stored_record(db_url, g.id)
    moves = check_bot_moves(record, {1: "medium"}, stored_secret(db_url, g.id))
    assert moves >= 2
    # every move's think was stopped at its budget (0.575 s), never the 60 s the job takes,
    # and never asked again: medium decided at once
    text = [r.getMessage() for r in caplog.records]
    stopped = [m for m in text if "thought over 0.6 s; its worker was stopped" in m]
    assert len(stopped) >= moves, text
    assert not any("asking it again" in m for m in text), text


def test_the_worker_gets_the_seat_view_and_legal_actions_never_the_state() -> None:
    import fcm
    from fcm.games import load_scenario
    from fcm.server.bots import job_args

    state = load_scenario(RESTRUCTURING)
    name, _, sent, seat, legal, _ = job_args("hard", 1, state, 1, 100)
    assert (name, seat) == ("hard", 1)
    assert sent == fcm.view(state, 1).to_dict() != state.to_dict()
    # seat 0's reserve card and the chance state are secret from seat 1
    assert state.players[0].reserve == 300 and sent["players"][0]["reserve"] is None
    assert sent["rng"] == 0 != state.rng
    assert legal == [a.to_json() for a in fcm.legal_actions(state, 1)]


# -- the bot pause ------------------------------------------------------------------------------


def bot_acted(g: Game) -> bool:
    return bool(g.state(0)["actors"] == [0])


def waiting_out_the_pause(client: TestClient, g: Game) -> bool:
    """Whether the game's bot has chosen and its move waits for the end of the pause."""
    live = client.portal.call(client.app.state.service.get, g.id)  # type: ignore[union-attr,attr-defined]
    return bool(live.bot_pending == live.head.revision)


def test_the_bot_pause_is_visible_and_does_not_hold_the_loop_or_a_worker(db_url: str) -> None:
    bot = {"kind": "bot", "bot": "random"}
    settings = settings_for(db_url, bot_workers=1)
    # Long pauses, and every check an order of events against them (never a wall-clock
    # bound on the work itself): a loaded machine slows the work, never the pause.
    pause = 5.0
    with TestClient(create_app(settings)) as client:
        t = time.monotonic()
        games = [create(client, seats=[{"kind": "human"}, bot], seed=i,
                        table={"bot_pause_ms": 5000}) for i in (1, 2)]
        assert games[0].state(0)["table"] == {"bot_pause_ms": 5000, "hints": False, "rated": False}
        # One bot worker task, and both bots' moves wait out their pauses at the same time:
        # scheduled on the loop, not slept (a sleeping worker would take up the second game
        # only once the first game's bot had moved)
        deadline = time.monotonic() + 30
        while not all(waiting_out_the_pause(client, g) for g in games):
            assert not any(bot_acted(g) for g in games), "the pauses did not run side by side"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        latency(client, games[0])  # meanwhile the server answers
        assert all(waiting_out_the_pause(client, g) for g in games)
        assert not any(bot_acted(g) for g in games)  # the bots' moves wait out the pause
        done: dict[int, float] = {}
        while len(done) < 2:
            assert time.monotonic() < deadline + 30
            for i, g in enumerate(games):
                if i not in done and bot_acted(g):
                    done[i] = time.monotonic() - t
            time.sleep(0.02)
        assert min(done.values()) >= pause - 0.05  # never before the end of the pause

        # no pause: the bot moves long before a game's 5 s pause ends (created after it)
        fast = create(client, seats=[{"kind": "human"}, bot], seed=3, table={"bot_pause_ms": 0})
        slow = create(client, seats=[{"kind": "human"}, bot], seed=4,
                      table={"bot_pause_ms": 5000})
        fast.wait(lambda s: s["actors"] == [0], seat=0, timeout=30)
        assert not bot_acted(slow)


def test_a_secret_bot_step_goes_without_a_pause(db_url: str) -> None:
    """Restructuring: a bot's cards sent to work are seen by nobody else; pausing before each
    would show nothing but make every human wait."""
    bot = {"kind": "bot", "bot": "easy"}  # easy always sends cards to work (random may not)
    with TestClient(create_app(settings_for(db_url))) as client:
        worker = client.app.state.worker  # type: ignore[attr-defined]
        paused: list[str] = []  # the moves that waited out the pause, by action type
        commit_later = worker._commit_later

        def counted(live: Any, seat: int, action: Any, revision: int) -> None:
            paused.append(action.to_json()["type"])
            commit_later(live, seat, action, revision)

        worker._commit_later = counted
        g = create(client, seats=[{"kind": "human"}, bot], scenario=RESTRUCTURING,
                   table={"bot_pause_ms": 1000})
        g.play(0, {"type": "done"})  # the human commits; the bot's steps follow
        g.wait(lambda s: s["phase"] != "restructuring", seat=0, timeout=60)
    steps = [a.to_json()["type"] for seat, a in stored_record(db_url, g.id).actions if seat == 1]
    # the bot's commit waited (everyone sees it); no card it sent to work did (nobody does)
    assert "done" in steps and paused[:1] == ["done"], (steps, paused)
    assert "send_to_work" in steps, steps  # else the next line would prove nothing
    assert "send_to_work" not in paused, (steps, paused)


@pytest.mark.parametrize(
    "table, code",
    [({"bot_pause_ms": -1}, "request/invalid"), ({"bot_pause_ms": 60_000}, "request/invalid"),
     ({"hints": "yes"}, "request/invalid"), ({"colour": 1}, "request/invalid")],
)
def test_bad_table_options_are_refused(client: TestClient, table: Any, code: str) -> None:
    r = client.post("/api/games", json={"players": 2, "table": table})
    assert r.status_code == 422 and r.json()["error"]["code"] == code


def test_table_options_are_stored_and_validated_by_the_service() -> None:
    from fcm.server.errors import ApiError
    from fcm.server.match import check_table

    assert check_table({"bot_pause_ms": 500, "hints": True}) == {"bot_pause_ms": 500,
                                                                 "hints": True}
    for bad in ({"bot_pause_ms": True}, {"bot_pause_ms": 5001}, {"x": 1}, {"hints": 1}):
        with pytest.raises(ApiError) as e:
            check_table(bad)
        assert e.value.status == 422 and e.value.code == "game/invalid"


def test_table_options_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url))) as client:
        g = create(client, players=2, table={"bot_pause_ms": 250, "hints": True, "rated": False})
    with TestClient(create_app(settings_for(db_url))) as client:
        g.client = client
        assert g.state(0)["table"] == {"bot_pause_ms": 250, "hints": True, "rated": False}
