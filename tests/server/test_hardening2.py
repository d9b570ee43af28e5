"""Hardening II (issue 28): the probes of a hostile or careless client against the surfaces
that landed since the first hardening round, one test per numbered item of the issue."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import RESTRUCTURING, Game, create, settings_for

# -- 1. secret steps are never counted in what a seat receives -----------------------------------


def _numbers(g: Game, seat: int) -> dict[str, Any]:
    """Every number seat ``seat`` receives that could count actions: its version, its live
    hint's ``at``/``total``, its rewind points and its replay's step versions."""
    c, h = g.client, g.auth(g.token(seat))
    hint = c.get(f"/api/games/{g.id}/hint", headers=h)
    assert hint.status_code == 200, hint.text
    rewind = c.get(f"/api/games/{g.id}/rewind", headers=h).json()
    replay = c.get(f"/api/games/{g.id}/replay", headers=h).json()
    last = replay["steps"][-1]["step"]
    step = c.get(f"/api/games/{g.id}/replay/{last}", headers=h).json()
    return {"version": g.state(seat)["version"],
            "hint": (hint.json()["at"], hint.json()["total"]),
            "points": rewind["points"],
            "replay": [(s["step"], s["version"]) for s in replay["steps"]],
            "step": (step["step"], step["version"], step["total"])}


def test_another_seats_secret_steps_move_none_of_a_seats_numbers(db_url: str) -> None:
    """docs/server.md, Versions: "you never learn how many secret steps another seat took"
    (issue 28 item 1): the hint's at/total, the rewind points and the replay's versions
    counted log positions, so two secret Restructuring steps of seat 1 moved seat 0's."""
    s = settings_for(db_url, hint_think_ms=50, hint_every_ms=0)
    with TestClient(create_app(s)) as c:
        g = create(c, players=2, scenario=RESTRUCTURING, table={"hints": True})
        before = _numbers(g, 0)
        for card in ("kitchen_trainee", "errand_boy"):  # seat 1's secret steps
            g.play(1, {"type": "send_to_work", "employee": card})
        assert _numbers(g, 0) == before
        g.play(0, {"type": "send_to_work", "employee": "waitress"})  # seat 0's own step
        after = _numbers(g, 0)
        assert after["version"] == before["version"] + 1
        assert after["replay"][-1] == (1, 1) and after["step"] == (1, 1, 1)
        assert after["hint"] == (after["version"], after["version"])
        # seat 1 sees its own two steps in its own numbers, and a point before them
        mine = _numbers(g, 1)
        assert mine["replay"][-1] == (2, 2)
        assert [p["to"] for p in mine["points"]] == [0]


# -- 2, 7, 9, 13: passwords: no hashing for a refused sign-up, limits nobody can turn into a
# lock-out, deletion limited too, no common or name-derived password -------------------------

PASSWORD = "correct horse battery"


def _client(app: Any, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


def _signup(c: TestClient, name: str, password: str = PASSWORD) -> Any:
    return c.post("/api/account/signup", json={"name": name, "password": password})


def _login(c: TestClient, name: str, password: str = PASSWORD) -> int:
    c.cookies.clear()
    return c.post("/api/account/login", json={"name": name, "password": password}).status_code


def test_a_refused_sign_up_hashes_nothing_and_an_address_signs_up_boundedly(db_url: str) -> None:
    """Issue 28 item 2: a sign-up for a taken name was hashed first (200 ms of CPU each)."""
    with TestClient(create_app(settings_for(db_url))) as c:
        accounts = c.app.state.accounts  # type: ignore[attr-defined]
        hashed: list[str] = []
        real = accounts._ph

        class Counting:  # the hasher, counting its hashes
            def hash(self, pw: str) -> str:
                hashed.append(pw)
                return str(real.hash(pw))

            def verify(self, stored: str, pw: str) -> bool:
                return bool(real.verify(stored, pw))

        accounts._ph = Counting()
        accounts.limit_now = lambda: 1000.0
        assert _signup(c, "ann").status_code == 201 and len(hashed) == 1
        for name in ("ann", "ANN", "x", "bob"):  # taken, taken, a bad name, a weak password
            r = _signup(c, name, "password" if name == "bob" else PASSWORD)
            assert r.status_code in (409, 422), r.text
        assert len(hashed) == 1
        codes = [_signup(c, f"user{i}").status_code for i in range(31)]
        assert codes[:29] == [201] * 29 and codes[29:] == [429] * 2  # 30 from one address
        assert len(hashed) == 30
        assert _signup(_client(c.app, "198.51.100.7"), "someone").status_code == 201


def test_a_stranger_cannot_lock_the_owner_out(db_url: str) -> None:
    """Issue 28 item 7: five wrong passwords from anywhere gave the owner 429 everywhere."""
    with TestClient(create_app(settings_for(db_url))) as c:
        c.app.state.accounts.limit_now = lambda: 1000.0  # type: ignore[attr-defined]
        assert _signup(c, "ann").status_code == 201
        stranger = _client(c.app, "203.0.113.9")
        codes = [_login(stranger, "ann", f"guess {i}!") for i in range(8)]
        assert codes == [401] * 5 + [429] * 3  # the stranger locks out the stranger
        assert _login(stranger, "ann") == 429  # even with the right password now
        assert _login(c, "ann") == 200  # the owner, from an address that has not failed
        # many addresses guessing: the name's own limit (20) stops those that failed on it
        for i in range(5):
            guesser = _client(c.app, f"192.0.2.{i}")
            assert [_login(guesser, "ann", f"guess {i}{j}!") for j in range(3)] == [401] * 3
        assert _login(_client(c.app, "192.0.2.0"), "ann", "again!") == 429
        assert _login(_client(c.app, "192.0.2.99"), "ann", "fresh guess!") == 401
        assert _login(c, "ann") == 200  # the owner still logs in


def test_deleting_the_account_is_limited_like_a_log_in(db_url: str) -> None:
    """Issue 28 item 9: DELETE /api/account checked passwords without any limit."""
    with TestClient(create_app(settings_for(db_url))) as c:
        c.app.state.accounts.limit_now = lambda: 1000.0  # type: ignore[attr-defined]
        csrf = _signup(c, "ann").json()["csrf"]
        codes = [c.request("DELETE", "/api/account", json={"password": f"guess {i}!"},
                           headers={"x-csrf-token": csrf}).status_code for i in range(7)]
        assert codes == [403] * 5 + [429] * 2
        r = c.request("DELETE", "/api/account", json={"password": PASSWORD},
                      headers={"x-csrf-token": csrf})
        assert r.status_code == 429  # this address failed: it waits like a log-in would
        c.app.state.accounts.limit_now = lambda: 1031.0  # type: ignore[attr-defined]
        r = c.request("DELETE", "/api/account", json={"password": PASSWORD},
                      headers={"x-csrf-token": csrf})
        assert r.status_code == 204


def test_common_and_name_derived_passwords_are_refused(client: TestClient) -> None:
    """Issue 28 item 13: any 8 characters were a password (``password``, ``12345678``, the
    name itself)."""
    for name, password in [("ann", "password"), ("ann", "12345678"), ("annabelle", "annabelle"),
                           ("annabelle", "annabelle1"), ("bobby", "bobby-bobby-bobby"),
                           ("carol", "qwertyuiop"), ("dave", "iloveyou1")]:
        r = _signup(client, name, password)
        assert r.status_code == 422, (password, r.text)
        assert r.json()["error"]["code"] == "account/weak_password"
        assert "harder to guess" in r.json()["error"]["message"]
    assert _signup(client, "annabelle", "annabelle plays quiet river tables").status_code == 201
