"""'Why can't I do this?' over HTTP (fcm.server.why): the engine's reason for the token's seat,
the same text an attempt gets, and nothing is played."""

from __future__ import annotations

from typing import Any

from tests.core.test_rules_help import HIRING
from tests.server.conftest import create
from tests.server.test_api import error

HIRE_WAITRESS = {"type": "hire", "employee": "waitress"}


def test_why_answers_like_an_attempt_and_plays_nothing(client: Any) -> None:
    g = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}],
               scenario=HIRING)
    before = g.state(0)
    r = g.post(0, {"action": HIRE_WAITRESS}, path="why")
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["allowed"] is False and "no Waitress is left" in answer["text"]
    assert g.state(0) == before  # nothing was played
    tried = g.act(0, HIRE_WAITRESS)
    assert tried.status_code == 422 and tried.json()["error"]["text"] == answer["text"]
    ok = g.post(0, {"action": {"type": "hire", "employee": "errand_boy"}}, path="why").json()
    assert ok["allowed"] is True and g.state(0) == before
    card = client.get(f"/api/games/{g.id}/why/card/cfo", headers=g.auth(g.tokens[0])).json()
    assert "only entry-level employees can be hired (CFO is not)" in card["why_not"][0]["text"]


def test_why_refusals(client: Any) -> None:
    g = create(client, players=2, scenario=HIRING)
    error(g.post(0, {"action": {"type": "nope"}}, path="why"), 400, "action/invalid")
    r = client.post(f"/api/games/{g.id}/why", headers=g.auth(g.spectator),
                    json={"action": HIRE_WAITRESS})
    error(r, 403, "auth/spectator")
    r = client.get(f"/api/games/{g.id}/why/card/dragon", headers=g.auth(g.tokens[0]))
    error(r, 404, "why/no_such_card")
