"""Undo: one's own last action, while nobody else has acted and nothing hidden was revealed."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import RESTRUCTURING, Game, create
from tests.server.test_api import error

RESERVE = {"type": "choose_reserve", "money": 300}


def undo(g: Game, seat: int, version: int | None = None):  # type: ignore[no-untyped-def]
    if version is None:
        version = g.state(seat)["version"]
    return g.post(seat, {"version": version}, path="undo")


def test_undo_own_last_action(client: TestClient) -> None:
    g = create(client, players=3, seed=2)
    start = {s: g.state(s) for s in (0, 1, None)}
    g.play(0, RESERVE)
    r = undo(g, 0)
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["undone"] is True and back["events"] == [{"kind": "action_undone", "seat": 0}]
    assert back["view"] == start[0]["view"] and back["actors"] == [0, 1, 2]
    for s in (1, None):
        now = g.state(s)
        assert now["view"] == start[s]["view"]
        assert now["version"] == start[s]["version"] + 2  # versions never go back
    # the seat decides again, differently
    again = g.play(0, {"type": "choose_reserve", "money": 100})
    assert again["view"]["players"][0]["reserve"] == 100


def test_no_undo_once_someone_else_acted(client: TestClient) -> None:
    g = create(client, players=3, seed=2)
    g.play(0, RESERVE)
    g.play(1, RESERVE)
    before = g.state(0)
    msg = error(undo(g, 0), 409, "undo/not_your_last_action")
    assert "nobody else" in msg
    error(undo(g, 2), 409, "undo/not_your_last_action")
    assert g.state(0) == before
    error(undo(g, 1, version=0), 409, "action/stale_version")
    r = g.client.post(f"/api/games/{g.id}/undo", headers=g.auth(g.spectator),
                      json={"version": 2})
    error(r, 403, "auth/spectator")


def test_nothing_to_undo_at_the_start(client: TestClient) -> None:
    g = create(client, players=2, seed=2)
    error(undo(g, 0), 409, "undo/not_your_last_action")


def test_undo_of_a_secret_step_is_secret_too(client: TestClient) -> None:
    g = create(client, players=2, scenario=RESTRUCTURING)
    other = g.state(1)
    g.play(0, {"type": "send_to_work", "employee": "waitress"})
    r = undo(g, 0)
    assert r.status_code == 200, r.text
    assert r.json()["view"]["drafts"]["0"] == []
    assert g.state(1) == other  # seat 1 saw neither the step nor its undo


def test_no_undo_after_a_reveal(client: TestClient) -> None:
    g = create(client, players=2, scenario=RESTRUCTURING)
    g.play(0, {"type": "send_to_work", "employee": "waitress"})
    g.play(0, {"type": "done"})
    g.play(1, {"type": "send_to_work", "employee": "errand_boy"})
    # seat 1's commit is the last one: it reveals both structures
    done = g.play(1, {"type": "done"})
    assert done["phase"] == "order_of_business"
    msg = error(undo(g, 1), 409, "undo/revealed")
    assert "secret choices" in msg
    assert g.state(1) == {**done, "events": []}


def test_several_undos_go_back_step_by_step_to_the_last_other_action(client: TestClient) -> None:
    """Issue 13: undo several of one's own steps (each one a server undo), until another
    seat's action or a reveal stands in the way."""
    g = create(client, players=2, scenario=RESTRUCTURING)
    start = g.state(0)
    g.play(0, {"type": "send_to_work", "employee": "waitress"})
    g.play(0, {"type": "send_to_work", "employee": "trainer"})
    for _ in range(2):
        assert undo(g, 0).status_code == 200
    back = g.state(0)
    assert back["view"] == start["view"] and back["legal"] == start["legal"]
    error(undo(g, 0), 409, "undo/not_your_last_action")
