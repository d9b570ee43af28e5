"""Several players behind one address (issue 26 #8: a shared network, a reverse proxy): the
request rate limit counts a signed-in session's requests per account, not per address, so six
accounts playing at once from one address get no 429; one account flooding still does, and
anonymous requests (and made-up cookies) stay limited per address."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import create, settings_for
from tests.server.procs import Server
from tests.server.test_notify import Acct

RESERVE = {"type": "choose_reserve", "money": 300}


def test_six_accounts_behind_one_address_play_without_429_and_a_flood_is_still_limited(
    db_url: str
) -> None:
    # 1 request a second after a burst of 30: each account's play below fits its own
    # allowance, while the six together (150 requests) are far over one address's
    settings = settings_for(db_url, rate_per_second=1.0, rate_burst=30)
    with TestClient(create_app(settings)) as client:  # every request from one address
        players = []
        for i in range(6):
            acct = Acct(client, f"p{i}")
            g = create(client, players=2, seed=i + 1)
            acct.claim(g, 0)
            players.append((acct, g))
        codes = []
        for _ in range(5):  # each: the state, the presentation, the chat, the clock, the log
            for acct, g in players:
                for path in ("", "/presentation", "/chat", "/clock", "/log"):
                    codes.append(acct.request("GET", f"/api/games/{g.id}{path}").status_code)
        for acct, g in players:  # and an action each, from its cookie
            r = acct.request("POST", f"/api/games/{g.id}/actions",
                             json={"version": 0, "action": RESERVE})
            codes.append(r.status_code)
        assert len(codes) == 156 and set(codes) == {200}, sorted(set(codes))

        flooder, g = players[0]
        flood = [flooder.request("GET", f"/api/games/{g.id}").status_code for _ in range(20)]
        assert 429 in flood  # one account flooding is still limited...
        other, g2 = players[1]
        assert other.request("GET", f"/api/games/{g2.id}").status_code == 200  # ...alone

        anonymous = [client.get("/api/health").status_code for _ in range(40)]
        assert 429 in anonymous  # no session: per address, as before
        fake = [client.get("/api/health", headers={"cookie": f"fcm_session=made-up{i}"}
                           ).status_code for i in range(3)]
        assert set(fake) == {429}  # a made-up cookie shares its address's bucket


@pytest.mark.parametrize("proxy", ["127.0.0.1", "192.0.2.99"])
def test_forwarded_addresses_count_only_from_the_configured_proxy(
    tmp_path: Path, proxy: str
) -> None:
    """Behind the proxy (docs/hosting.md): ``X-Forwarded-For`` names the client only when the
    connection comes from ``FORWARDED_ALLOW_IPS``; from anywhere else it is ignored, so a
    client cannot choose its own address and with it a fresh allowance."""
    srv = Server(f"sqlite:///{tmp_path}/fcm.sqlite3", tmp_path / "server.log",
                 rate_per_second="0.01", rate_burst="5")
    srv.env["FORWARDED_ALLOW_IPS"] = proxy  # the tests connect from 127.0.0.1
    srv.start()
    try:
        def get(client: str) -> int:
            return srv.http.get("/api/health", headers={"x-forwarded-for": client}).status_code

        codes = [get("203.0.113.1") for _ in range(6)]  # (start-up's health checks took some)
        assert codes[-1] == 429, codes
        trusted = proxy == "127.0.0.1"
        assert get("203.0.113.2") == (200 if trusted else 429)
    finally:
        srv.close()
