"""Fuzzing the HTTP API from its OpenAPI description (schemathesis; issue 10): valid and
invalid requests for every operation, half of them aimed at a real game with a real seat
token, and not one may get a server error (5xx) or an error body of another shape.

Bounded for CI: ``FCM_FUZZ_EXAMPLES`` cases per operation and mode (default 30; about a
minute for the whole API on a 2-core machine). Set it higher for a longer hunt.

And signed in (issue 28): the account, lobby, player, admin and seat-claiming operations
with an administrator's session cookie and CSRF token, as the browser sends them
(``FCM_FUZZ_SESSION_EXAMPLES`` cases per operation, default 20: under a minute).
"""

from __future__ import annotations

import itertools
import os
import tempfile
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from fcm.server import create_app  # noqa: E402
from tests.server.conftest import RESTRUCTURING, settings_for  # noqa: E402

EXAMPLES = int(os.environ.get("FCM_FUZZ_EXAMPLES", "30"))

_DB = tempfile.mkdtemp(prefix="fcm-fuzz-")
APP = create_app(settings_for(f"sqlite:///{_DB}/fuzz.sqlite3", rate_per_second=1e6,
                              rate_burst=10**6))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)

_targets: list[tuple[str, str]] = []  # (game id, seat token) of real games
_turn = itertools.count()


def _real_games() -> list[tuple[str, str]]:
    if not _targets:
        from schemathesis.python import asgi

        with asgi.get_client(APP) as client:
            for body in ({"players": 2, "seed": 1},
                         {"seats": [{"kind": "human"}, {"kind": "human"}],
                          "scenario": RESTRUCTURING}):
                data = client.post("/api/games", json=body).json()
                _targets.append((data["game"], data["seats"][0]["token"]))
    return _targets


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,  # the same cases on every run (CI); FCM_FUZZ_EXAMPLES widens them
    database=None,
)
def test_no_request_gets_a_server_error(case: Any) -> None:
    headers: dict[str, str] = {}
    n = next(_turn)
    if n % 2 == 0:  # aimed at a real game, with a valid seat token
        game, token = _real_games()[(n // 2) % 2]
        if case.path_parameters and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = game
        headers["Authorization"] = f"Bearer {token}"
    response = case.call(headers=headers)
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:500]}"
    )
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]


# -- signed in: a session cookie and its CSRF token, as the browser sends them ---------------
# The account, lobby, player, admin and seat-claiming operations, fuzzed as an administrator
# whose account plays seat 0 of a real game and sits in an open lobby game, with the path's
# ids often replaced by real ones (so the fuzzer reaches past the 404s).

SESSION_EXAMPLES = int(os.environ.get("FCM_FUZZ_SESSION_EXAMPLES", "20"))
SIGNED_IN = (r"^/api/(account|lobby|admin|players)"
             r"|^/api/games/\{game_id\}/(claim|rematch|room|chat)")
_me: dict[str, str] = {}


def _new_session(account_id: str) -> tuple[str, str]:
    """A session for the account, written straight into the database (a fuzzed sign-up,
    log-out or account deletion may end the current one; logging in again could meet the
    log-in failure limit the fuzzer's wrong passwords filled)."""
    import hashlib
    import secrets
    import sqlite3
    import time

    sid, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    with sqlite3.connect(f"{_DB}/fuzz.sqlite3") as db:
        db.execute("INSERT INTO sessions (hash, account_id, csrf, created_at, expires_at)"
                   " VALUES (?, ?, ?, ?, ?)", (hashlib.sha256(sid.encode()).hexdigest(),
                                              account_id, csrf, time.time(), time.time() + 3600))
    return sid, csrf


def _session_alive(sid: str) -> bool:
    import hashlib
    import sqlite3

    with sqlite3.connect(f"{_DB}/fuzz.sqlite3") as db:
        return db.execute("SELECT 1 FROM sessions WHERE hash = ?",
                          (hashlib.sha256(sid.encode()).hexdigest(),)).fetchone() is not None


def _signed_in() -> dict[str, str]:
    """The administrator's session (made once; renewed whenever a case ended it)."""
    if not _me:
        from schemathesis.python import asgi

        with asgi.get_client(APP) as client:  # (once: it starts and stops the app)
            _set_up(client)
    elif not _session_alive(_me["sid"]):
        _me["sid"], _me["csrf"] = _new_session(_me["admin_id"])
    return {"cookie": f"fcm_session={_me['sid']}", "x-csrf-token": _me["csrf"]}


def _set_up(client: Any) -> None:
    """Two accounts (the administrator, another to act on), a real game whose seat 0 the
    administrator claimed, with a chat message, and an open lobby game."""
    from fcm.server.moderation import set_admin
    from fcm.server.storage import open_store
    from tests.server.conftest import run_async
    from tests.server.test_notify import PASSWORD

    if not _me:
        for who in ("admin", "target"):
            r = client.post("/api/account/signup",
                            json={"name": f"fuzz-{who}", "password": PASSWORD})
            assert r.status_code == 201, r.text
            _me[f"{who}_id"], _me[f"{who}_name"] = r.json()["account"]["id"], f"fuzz-{who}"
            client.cookies.clear()

        async def grant() -> None:
            store = open_store(f"sqlite:///{_DB}/fuzz.sqlite3")
            await store.open()
            try:
                await set_admin(store, _me["admin_name"], True)
            finally:
                await store.close()

        run_async(grant())
        _me["sid"], _me["csrf"] = _new_session(_me["admin_id"])
        auth = {"cookie": f"fcm_session={_me['sid']}", "x-csrf-token": _me["csrf"]}
        game = client.post("/api/games", json={"players": 2, "seed": 2}).json()
        _me["game"] = game["game"]
        r = client.post(f"/api/games/{game['game']}/claim", headers={
            **auth, "authorization": f"Bearer {game['seats'][0]['token']}"})
        assert r.status_code == 200, r.text
        assert client.post(f"/api/games/{_me['game']}/chat", json={"text": "hi"},
                           headers=auth).status_code == 201
        r = client.post("/api/lobby", headers=auth,
                        json={"seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        _me["open_id"] = r.json()["id"]


@schema.include(path_regex=SIGNED_IN).parametrize()
@settings(
    max_examples=SESSION_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
def test_no_signed_in_request_gets_a_server_error(case: Any) -> None:
    headers = _signed_in()
    n = next(_turn)
    params = case.path_parameters or {}
    if n % 3 != 2:  # mostly aimed at real things: the game, the open game, another account
        for key, value in (("game_id", _me["game"]), ("open_id", _me["open_id"]),
                           ("name", _me["target_name"])):
            if key in params:
                params[key] = value
    response = case.call(headers=headers)
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:500]}"
    )
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"} and body["error"]["code"] and body["error"]["message"]
