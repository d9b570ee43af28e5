"""Fuzzing the HTTP API from its OpenAPI description (schemathesis; issue 10): valid and
invalid requests for every operation, half of them aimed at a real game with a real seat
token, and not one may get a server error (5xx) or an error body of another shape.

Bounded for CI: ``FCM_FUZZ_EXAMPLES`` cases per operation and mode (default 30; about a
minute for the whole API on a 2-core machine). Set it higher for a longer hunt.
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
