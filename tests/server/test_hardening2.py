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
