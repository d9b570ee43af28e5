"""Metrics in the Prometheus format and the health probes (issue 28, Running a site), on both
databases: requests by route (never a game id or a token), game changes, games by status,
WebSockets, bot and hint queues, the turn timers' lag."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from fcm.server import create_app
from tests.server.conftest import create, settings_for

RESERVE = {"type": "choose_reserve", "money": 300}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


def scrape(c: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def test_metrics_count_requests_changes_games_and_sockets(url: str) -> None:
    with TestClient(create_app(settings_for(url))) as c:
        g = create(c, players=2, seed=3)
        g.play(0, RESERVE)
        before = scrape(c)
        with c.websocket_connect(f"/api/games/{g.id}/ws?token={g.tokens[1]}") as ws:
            ws.receive_json()
            g.play(1, RESERVE)
            ws.receive_json()
            m = scrape(c)
            assert m[("fcm_websockets", ())] == 1
        key = ("fcm_http_requests_total", (("method", "POST"),
                                           ("route", "/api/games/{game_id}/actions"),
                                           ("status", "200")))
        assert m[key] == before[key] + 1 == 2
        assert m[("fcm_game_changes_total", ())] >= before[("fcm_game_changes_total", ())] + 1
        assert m[("fcm_games", (("status", "active"),))] >= 1
        assert ("fcm_bot_queue", ()) in m and ("fcm_timer_lag_seconds", ()) in m
        assert m[("fcm_think_waiting", (("job", "hint"),))] == 0
        text = c.get("/metrics").text
        assert g.id not in text and all(t not in text for t in g.tokens.values())
        assert c.get("/api/health/live").json() == {"ok": True}
        ready = c.get("/api/health/ready")
        assert ready.status_code == 200 and ready.json()["ok"] is True
