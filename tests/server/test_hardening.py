"""Issue 10, "Hardening the server": one test (at least) per item, each failing on the server
as it was before (durable commits, secrets kept, every hostile input a clean 4xx)."""

from __future__ import annotations

import logging
import secrets
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fcm.server import Settings, create_app
from tests.server.conftest import RESTRUCTURING, Game, create, run_async, settings_for
from tests.server.procs import Server

RESERVE_300 = {"type": "choose_reserve", "money": 300}


def error(r: Any, status: int, code: str) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"]["code"] == code, body
    return str(body["error"]["message"])


# -- 1. durable commits by default; never serve what the database lost ------------------------


def test_sqlite_commits_are_durable_by_default(db_url: str) -> None:
    assert Settings().unsafe_async_commit is False
    with TestClient(create_app(settings_for(db_url))) as client:
        store = client.app.state.service.store  # type: ignore[attr-defined]
        for db in (store._db, store._wdb):  # the readers' and the group-commit writer's
            assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        g = create(client, players=2, seed=1)
        assert g.play(0, RESERVE_300)["version"] == 1


def test_unsafe_async_commit_is_an_explicit_option(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FCM_UNSAFE_ASYNC_COMMIT", "1")
    s = Settings.from_env(database_url=db_url)
    assert s.unsafe_async_commit is True
    with TestClient(create_app(s)) as client:
        store = client.app.state.service.store  # type: ignore[attr-defined]
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert store._wdb is None


def test_sqlite_group_commit_keeps_each_write_apart(db_url: str) -> None:
    """Concurrent writes share one commit; a lost compare-and-set rolls back only itself."""
    import asyncio

    from fcm.server.storage import ActionRow, Conflict, GameInfo, Head, SeatSpec, open_store

    async def run() -> None:
        store = open_store(db_url)
        await store.open()
        try:
            ids = [f"g{i}" for i in range(20)]
            for gid in ids:
                info = GameInfo(gid, 2, 1, {}, [SeatSpec(), SeatSpec()],
                                head=Head(0, 0, [0, 0, 0], "active"))
                await store.create_game(info, [(gid + "t", 0)])
            rows = [ActionRow(1, 0, {"type": "done"}, [], [True, True, True]) for _ in ids]
            results = await asyncio.gather(
                *(store.append(gid, 0, row, [1, 1, 1], "active")
                  for gid, row in zip(ids, rows, strict=True)),
                store.append(ids[0], 7, rows[0], [1, 1, 1], "active"),  # stale: a conflict
                return_exceptions=True,
            )
            assert all(isinstance(h, Head) and h.version == 1 for h in results[:-1])
            assert isinstance(results[-1], Conflict)
            for gid in ids:
                assert len(await store.actions(gid)) == 1
        finally:
            await store.close()

    run_async(run())


def test_postgres_commits_are_durable_by_default(pg_url: str) -> None:

    from fcm.server.storage import open_store

    async def setting(**kw: Any) -> str:
        store = open_store(pg_url, **kw)
        await store.open()
        try:
            async with store._pool.connection() as conn:  # type: ignore[attr-defined]
                cur = await conn.execute("SHOW synchronous_commit")
                row = await cur.fetchone()
                return str(row[0])
        finally:
            await store.close()

    assert run_async(setting()) == "on"
    assert run_async(setting(durable=False)) == "off"


def _lose_last_commit(path: str, game_id: str) -> None:
    """What a database that lost an acknowledged commit looks like: the game back at its
    creation (behind the server's back)."""
    db = sqlite3.connect(path)
    with db:
        db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
        db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
        db.execute(
            "UPDATE games SET version = 0, revision = 0, seen = '[0, 0, 0]', status = 'active'"
            " WHERE id = ?", (game_id,),
        )
    db.close()


def test_after_the_database_lost_commits_the_store_is_served_and_no_version_is_reused(
    db_url: str,
) -> None:
    path = db_url[len("sqlite:///"):]
    with TestClient(create_app(settings_for(db_url))) as client:
        g = create(client, players=2, seed=1)
        first = g.play(0, RESERVE_300)
        assert first["version"] == 1 and 0 not in first["actors"]
        _lose_last_commit(path, g.id)
        client.portal.call(client.app.state.service.on_store_gap)  # type: ignore[union-attr,attr-defined]
        now = g.state(0)
        assert 0 in now["actors"]  # the database's position, not the lost one in memory
        assert now["version"] > 1  # version 1 named the lost position: never given again
        again = g.play(0, {"type": "choose_reserve", "money": 100})
        assert again["version"] == now["version"] + 1
        assert again["view"]["players"][0]["reserve"] == 100


def test_a_write_that_hits_a_database_loss_reloads_instead_of_serving_memory(
    db_url: str,
) -> None:
    """Without a gap notice: the next action's compare-and-set finds the store behind."""
    path = db_url[len("sqlite:///"):]
    with TestClient(create_app(settings_for(db_url))) as client:
        g = create(client, players=2, seed=1)
        g.play(0, RESERVE_300)
        _lose_last_commit(path, g.id)
        r = g.act(1, RESERVE_300, version=0)  # seat 1 saw nothing: its version was 0
        assert r.status_code in (200, 409), r.text
        s0 = g.state(0)
        assert 0 in s0["actors"] and s0["version"] > 1


# -- 2. no token in any log line ---------------------------------------------------------------


def test_redact_covers_urls_headers_and_links() -> None:
    from fcm.server.logs import redact

    t = secrets.token_urlsafe(24)
    for text in (
        f'127.0.0.1:5 - "WebSocket /api/games/abc/ws?token={t}" [accepted]',
        f"GET /api/games?token=a&token={t} HTTP/1.1",
        f"(b'authorization', b'Bearer {t}')",
        f"http://h/#/join/abc/{t}",
    ):
        assert t not in redact(text)


def test_no_token_in_any_logger_at_any_level(caplog: pytest.LogCaptureFixture) -> None:
    create_app(Settings(database_url="sqlite:///:memory:"))  # installs the redaction
    t = secrets.token_urlsafe(24)
    with caplog.at_level(1):
        logging.getLogger("uvicorn.error").info(
            '%s - "WebSocket %s" [accepted]', "127.0.0.1:1", f"/api/games/x/ws?token={t}"
        )
        logging.getLogger("some.child.logger").debug("scope=%s", {"query_string": f"token={t}"})
        try:
            raise ValueError(f"bad url /x?token={t}")
        except ValueError:
            logging.getLogger("fcm.server").exception("failed")
    assert caplog.records
    assert t not in caplog.text
    for r in caplog.records:
        assert t not in r.getMessage() and t not in (r.exc_text or "")


def test_a_real_server_logs_no_token_even_at_trace_level(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", log, log_level="trace").start()
    try:
        data = server.create(players=2, seed=1)
        gid, token = data["game"], data["seats"][0]["token"]
        with server.ws(gid, token) as ws:
            ws.recv(timeout=10)
        server.http.get(f"/api/games/{gid}?token={token}")
        server.http.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
        server.http.get(f"/api/games/{gid}/ws?token={token}")  # a plain GET of the ws route
    finally:
        server.close()
    text = log.read_text()
    assert "WebSocket" in text and "token=" in text  # the lines are there...
    for d in data["seats"]:
        if d["token"]:
            assert d["token"] not in text  # ...without the tokens
    assert data["spectator"]["token"] not in text


# -- 3. made-up bearer tokens count against the address -----------------------------------------


def test_made_up_bearer_tokens_share_their_address_bucket(db_url: str) -> None:
    s = settings_for(db_url, rate_per_second=0.01, rate_burst=5)
    with TestClient(create_app(s)) as client:
        codes = [
            client.post("/api/games", json={"players": 2},
                        headers={"Authorization": f"Bearer {secrets.token_urlsafe(12)}"}
                        ).status_code
            for _ in range(8)
        ]
        assert codes[:5] == [201] * 5
        assert codes[5:] == [429] * 3


def test_a_known_token_keeps_its_own_bucket(db_url: str) -> None:
    s = settings_for(db_url, rate_per_second=0.01, rate_burst=4)
    with TestClient(create_app(s)) as client:
        g = create(client, players=2, seed=1)
        assert client.get(f"/api/games/{g.id}", headers=g.auth(g.tokens[0])).status_code == 200
        for _ in range(3):
            client.get("/api/health")  # the address's bucket is used up now
        assert client.get("/api/health").status_code == 429
        assert client.get(f"/api/games/{g.id}", headers=g.auth(g.tokens[0])).status_code == 200


# -- 4. the seed stays secret until the game is over ----------------------------------------


def test_no_view_log_or_push_holds_the_seed(client: TestClient) -> None:
    seed = 987_654_321_987
    g = create(client, players=2, seed=seed)
    texts = [str(g.state(s)) for s in (0, 1, None)]
    for tok in (g.tokens[0], g.spectator):
        texts.append(client.get(f"/api/games/{g.id}/log", headers=g.auth(tok)).text)
        texts.append(client.get(f"/api/games/{g.id}/presentation?static=true",
                                headers=g.auth(tok)).text)
    with client.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[1]}") as ws:
        texts.append(ws.receive_text())
        g.play(0, RESERVE_300)
        g.play(1, RESERVE_300)
        texts.append(ws.receive_text())
    for text in texts:
        assert str(seed) not in text
    assert g.state(0)["view"]["seed"] == 0
    created = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.spectator)).json()
    assert "seed" not in created["entries"][0]["events"][0]


def test_stored_game_created_events_lose_their_seed_on_the_way_out(db_url: str) -> None:
    path = db_url[len("sqlite:///"):]
    with TestClient(create_app(settings_for(db_url))) as client:
        g = create(client, players=2, seed=4242)
    db = sqlite3.connect(path)  # a game stored by the older server: its event had the seed
    with db:
        db.execute("UPDATE games SET initial_events = ? WHERE id = ?",
                   ('[{"kind": "game_created", "players": 2, "seed": 4242}]', g.id))
    db.close()
    with TestClient(create_app(settings_for(db_url))) as client:
        r = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.tokens[0]))
        assert r.status_code == 200 and "4242" not in r.text


# -- 5. slow clients are timed out ----------------------------------------------------------


def _read_all(sock: socket.socket, limit: float) -> tuple[bytes, float]:
    """Everything until the server closes (or ``limit`` s pass); and when it closed."""
    sock.settimeout(0.2)
    got, start = b"", time.monotonic()
    while time.monotonic() - start < limit:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        if not chunk:
            return got, time.monotonic() - start
        got += chunk
    return got, float("inf")


def test_slow_headers_and_slow_bodies_are_cut_off(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log",
                    header_timeout=0.5, body_timeout=0.5).start()
    try:
        # slow headers: a byte every 0.1 s never completes the head
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            start = time.monotonic()
            closed = False
            sock.settimeout(0.1)
            while time.monotonic() - start < 15:
                try:
                    sock.sendall(b"X")
                    data = sock.recv(4096)
                except (TimeoutError, BlockingIOError):
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
                    break
                if not data or data.startswith(b"HTTP/1.1 408"):
                    closed = True
                    break
            assert closed and time.monotonic() - start < 10  # bounded (was: never)
        # a connection that sends nothing
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            _, when = _read_all(sock, 15)
            assert when < 10
        # a slow body: 10 of the 100 bytes announced
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\ncontent-type: application/json"
                         b"\r\ncontent-length: 100\r\n\r\n{\"players\"")
            got, when = _read_all(sock, 15)
            assert got.startswith(b"HTTP/1.1 408") and b"request/timeout" in got
            assert when < 10
        # a normal request on a keep-alive connection still works after a pause
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            sock.settimeout(5)
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
    finally:
        server.close()


# -- 6, 9, 10. hostile bodies are clean 4xx ---------------------------------------------------


@pytest.fixture
def game(client: TestClient) -> Game:
    return create(client, players=2, seed=1)


def _raw(game: Game, body: bytes, seat: int = 0, path: str = "actions") -> Any:
    return game.client.post(
        f"/api/games/{game.id}/{path}", content=body,
        headers={**game.auth(game.tokens[seat]), "content-type": "application/json"},
    )


@pytest.mark.parametrize("action", [
    {"type": "place_restaurant", "cell": None, "entrance": "nw"},
    {"type": "throw_away", "good": None},
    {"type": "cook", "employee": "cook", "good": None},
    {"type": "choose_reserve", "money": None},  # invalid, not illegal (#10)
])
def test_null_where_a_value_is_expected_is_an_invalid_action(
    game: Game, action: dict[str, Any]
) -> None:
    msg = error(game.post(0, {"version": 0, "action": action}), 400, "action/invalid")
    assert "null" in msg


@pytest.mark.parametrize("body", [
    b'{"version": 0, "action": {"type": "send_to_work", "employee": "\\ud800"}}',
    b'{"version": 0, "action": {"type": "choose_reserve", "money": 300}, "x": "\\udfff"}',
])
def test_a_lone_surrogate_is_malformed_json(game: Game, body: bytes) -> None:
    error(_raw(game, body), 400, "request/malformed_json")


def test_a_lone_surrogate_in_a_seat_name_is_malformed_json(client: TestClient) -> None:
    r = client.post("/api/games", content=b'{"seats": [{"name": "\\ud83d"}, {}]}',
                    headers={"content-type": "application/json"})
    error(r, 400, "request/malformed_json")


@pytest.mark.parametrize("body", [
    b'{"version": ' + b"9" * 5000 + b', "action": {"type": "done"}}',
    b'{"version": 0, "action": {"type": "done", "x": "\xff\xfe"}}',
    b'{"version": 0, "action": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",
    b'{"version": 0, "action": {"type": "done"}',
    b'{"version": NaN, "action": {"type": "done"}}',
])
def test_unparseable_bodies_get_the_malformed_json_error(game: Game, body: bytes) -> None:
    error(_raw(game, body), 400, "request/malformed_json")
    assert game.state(0)["version"] == 0


@pytest.mark.parametrize("body", [
    {"version": "0", "action": RESERVE_300},
    {"version": True, "action": RESERVE_300},
    {"version": False, "action": RESERVE_300},
    {"version": 0.0, "action": RESERVE_300},
    {"version": 0, "action": RESERVE_300, "seat": "0"},
    {"version": 0, "action": RESERVE_300, "seat": False},
])
def test_the_request_wrapper_is_typed_strictly(game: Game, body: dict[str, Any]) -> None:
    error(game.post(0, body), 422, "request/invalid")
    assert game.state(0)["version"] == 0


def test_undo_and_create_are_typed_strictly(game: Game, client: TestClient) -> None:
    error(game.post(0, {"version": "0"}, path="undo"), 422, "request/invalid")
    error(client.post("/api/games", json={"players": "2"}), 422, "request/invalid")
    error(client.post("/api/games", json={"players": 2, "seed": "7"}), 422, "request/invalid")


# -- 7. stale pooled PostgreSQL connections ---------------------------------------------------


def test_terminated_postgres_connections_are_replaced_without_an_error(pg_url: str) -> None:
    import psycopg

    app_name = f"fcm_t_{secrets.token_hex(4)}"
    url = f"{pg_url}&application_name={app_name}"
    with TestClient(create_app(settings_for(url))) as client:
        g = create(client, players=2, seed=1)
        g.play(0, RESERVE_300)
        admin = pg_url.split("?")[0]
        with psycopg.connect(admin, autocommit=True) as conn:
            killed = conn.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = %s", (app_name,),
            ).fetchone()
            assert killed is not None and killed[0] >= 2
            for _ in range(50):  # until they are gone
                left = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE pid <> "
                                    "pg_backend_pid() AND application_name = %s AND "
                                    "backend_start < now() - interval '0.5 s'",
                                    (app_name,)).fetchone()
                if left is not None and left[0] == 0:
                    break
                time.sleep(0.05)
        for _ in range(4):  # reads on every (dead) pooled connection
            r = client.get(f"/api/games/{g.id}/log", headers=g.auth(g.spectator))
            assert r.status_code == 200, r.text
        assert g.play(1, RESERVE_300)["version"] >= 1  # and a write


# -- 8. a rate-limited WebSocket gets its close code ------------------------------------------


def test_a_rate_limited_websocket_is_told_and_closed_with_4429(db_url: str) -> None:
    s = settings_for(db_url, rate_per_second=0.01, rate_burst=3)
    with TestClient(create_app(s)) as client:
        g = create(client, players=2, seed=1)
        client.get("/api/health")
        client.get("/api/health")
        with client.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[0]}") as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"]["code"] == "request/rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4429


# -- 11. rules options are validated once, by the engine --------------------------------------


@pytest.mark.parametrize(("options", "milestones"), [
    ({"milestones": True}, True),
    ({"milestones": False}, False),
    ({"introductory": True, "milestones": True}, True),
    ({"introductory": True}, False),
    ({"milestones": None}, True),
])
def test_milestones_can_be_chosen(
    client: TestClient, options: dict[str, Any], milestones: bool
) -> None:
    g = create(client, players=2, seed=3, options=options)
    view = g.state(0)["view"]
    assert view["options"]["milestones"] is milestones
    assert bool(view["milestones_available"]) is milestones


def test_bad_options_are_named_by_the_engine(client: TestClient) -> None:
    r = client.post("/api/games", json={"players": 2, "options": {"round_limit": 0}})
    assert "round_limit" in error(r, 422, "game/invalid")
    r = client.post("/api/games", json={"players": 2, "options": {"milestones": "yes"}})
    assert "milestones" in error(r, 422, "game/invalid")


# -- 12. another seat's secret step does not change the work for my request ---------------


def test_another_seats_secret_step_leaves_my_answer_cached(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcm.server.match as match

    g = create(client, players=2, scenario=RESTRUCTURING)
    before = g.state(0)
    made = []
    real_view = match.view
    monkeypatch.setattr(match, "view", lambda s, seat: made.append(seat) or real_view(s, seat))
    g.play(1, {"type": "send_to_work", "employee": "kitchen_trainee"})  # secret for seat 0
    made.clear()
    after = g.state(0)
    assert made == []  # served as it was: no view or legal actions computed again
    assert after == before
    # and it is the right answer: seat 0's view of the new state is the same
    live = client.app.state.service.cached(g.id)  # type: ignore[attr-defined]
    assert real_view(live.state, 0).to_dict() == before["view"]
