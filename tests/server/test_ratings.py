"""Ratings and history (issue 14 #4): a rated game updates the ratings of the accounts that
played it (openskill's Plackett-Luce, by the final ranking), exactly once; profiles show
games, wins and the rating's history; the archive lists finished games with their replays.
The games are finished by the turn timer's bot (time injected, nothing sleeps)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fcm.server import create_app
from fcm.server.ratings import Ratings
from tests.server.conftest import Game, settings_for
from tests.server.test_notify import Acct, FakeTime

RESERVE = {"type": "choose_reserve", "money": 300}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> str:
    return db_url if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.fixture
def fake() -> FakeTime:
    return FakeTime()


@pytest.fixture
def tclient(url: str, fake: FakeTime) -> Iterator[TestClient]:
    # short games with a chosen seed: rated only with the tests' switch (issue 28 item 6)
    s = settings_for(url, clock_interval=0.0, notify_interval=0.0, rated_test_rules=True)
    with TestClient(create_app(s, now=fake)) as c:
        yield c


def create_as(a: Acct, **body: Any) -> Game:
    """A game made by an account (a rated game is)."""
    r = a.request("POST", "/api/games", json=body)
    assert r.status_code == 201, r.text
    return Game(a.client, r.json())


def finish(c: TestClient, g: Game, fake: FakeTime) -> dict[str, Any]:
    """Nobody moves: the clock's bot takes every seat over and plays the game to its end."""
    state: Any = c.app.state  # type: ignore[attr-defined]
    for _ in range(300):
        st = g.state(None)
        if st["status"] == "over":
            break
        fake.t += 301
        c.portal.call(state.clocks.idle)
        c.portal.call(state.clocks.tick)
    c.portal.call(state.clocks.idle)
    c.portal.call(state.ratings.idle)
    assert st["status"] == "over"
    return st


def game_for(c: TestClient, accounts: list[Acct], rated: bool = True) -> Game:
    g = create_as(accounts[0], players=len(accounts), seed=11, options={"round_limit": 1},
                  table={"rated": rated},
                  clock={"limit": "5m", "fallback": "bot_takeover", "bot": "random"})
    for seat, a in enumerate(accounts):
        a.claim(g, seat)
    return g


def test_a_rated_game_rates_its_accounts_once_by_the_final_ranking(
    tclient: TestClient, fake: FakeTime
) -> None:
    from openskill.models import PlackettLuce

    ann, bob, cid = Acct(tclient, "ann"), Acct(tclient, "bob"), Acct(tclient, "cid")
    g = game_for(tclient, [ann, bob, cid])
    assert g.state(None)["table"]["rated"] is True  # (the seat links are revoked)
    finish(tclient, g, fake)
    live = tclient.portal.call(tclient.app.state.service.get, g.id)  # type: ignore[attr-defined]
    ranking = list(live.state.ranking)
    accounts = [ann, bob, cid]
    # the expected ratings: openskill itself, from fresh ratings and this ranking
    model = PlackettLuce()
    new = model.rate([[model.rating()] for _ in accounts],
                     ranks=[ranking.index(s) for s in range(3)])
    for seat, a in enumerate(accounts):
        p = tclient.get(f"/api/players/{a.name}").json()
        assert p["rated_games"] == 1 and p["finished_games"] == 1
        assert p["wins"] == int(ranking[0] == seat)
        assert p["rating"]["mu"] == pytest.approx(new[seat][0].mu)
        assert p["rating"]["sigma"] == pytest.approx(new[seat][0].sigma)
        assert p["rating"]["ordinal"] == pytest.approx(new[seat][0].mu - 3 * new[seat][0].sigma)
        (h,) = p["history"]
        assert h["place"] == ranking.index(seat) + 1 and h["players"] == 3
    first, last = (tclient.get(f"/api/players/{accounts[s].name}").json()
                   for s in (ranking[0], ranking[-1]))
    assert first["rating"]["ordinal"] > last["rating"]["ordinal"]
    # once: again in this process, and in another "process" (a second Ratings)
    assert tclient.portal.call(tclient.app.state.ratings.rate, live) is False  # type: ignore[attr-defined]
    other = Ratings(tclient.app.state.service)  # type: ignore[attr-defined]
    assert tclient.portal.call(other.rate, live) is False
    assert len(tclient.get(f"/api/players/{ann.name}").json()["history"]) == 1
    # the archive: the account's finished games with their replays
    r = ann.request("GET", "/api/account/archive")
    assert r.status_code == 200, r.text
    (a,) = r.json()["games"]
    assert a["game"] == g.id and a["seat"] == 0 and a["rated"] is True
    assert a["replay"] == f"#/replay/{g.id}/0" and a["place"] == ranking.index(0) + 1
    assert tclient.get("/api/account/archive").status_code == 401


def test_an_unrated_game_changes_no_rating_but_is_in_the_archive(
    tclient: TestClient, fake: FakeTime
) -> None:
    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    g = game_for(tclient, [ann, bob], rated=False)
    finish(tclient, g, fake)
    p = tclient.get(f"/api/players/{ann.name}").json()
    assert p["rated_games"] == 0 and p["history"] == [] and p["rating"]["ordinal"] == 0
    assert p["finished_games"] == 1
    (a,) = ann.request("GET", "/api/account/archive").json()["games"]
    assert a["game"] == g.id and a["rated"] is False


def test_a_rated_game_with_one_account_rates_nobody(tclient: TestClient, fake: FakeTime) -> None:
    ann = Acct(tclient, "ann")
    g = create_as(ann, players=2, seed=11, options={"round_limit": 1}, table={"rated": True},
                  clock={"limit": "5m", "fallback": "bot_takeover", "bot": "random"})
    ann.claim(g, 0)  # seat 1 stays a guest
    finish(tclient, g, fake)
    assert tclient.get(f"/api/players/{ann.name}").json()["rated_games"] == 0


def test_rated_games_allow_no_hints_and_bad_options_create_nothing(tclient: TestClient) -> None:
    for table, code in [({"rated": True, "hints": True}, "game/invalid"),
                        ({"rated": "yes"}, "request/invalid")]:
        r = tclient.post("/api/games", json={"players": 2, "table": table})
        assert r.status_code == 422 and r.json()["error"]["code"] == code, r.text
    r = tclient.get("/api/players/nobody-here")
    assert r.status_code == 404 and r.json()["error"]["code"] == "account/not_found"


def test_a_branch_of_a_rated_game_is_never_rated(tclient: TestClient, fake: FakeTime) -> None:
    from fcm.server.ratings import rated

    ann, bob = Acct(tclient, "ann"), Acct(tclient, "bob")
    g = game_for(tclient, [ann, bob])
    finish(tclient, g, fake)
    r = ann.request("POST", f"/api/games/{g.id}/branch", json={"step": 3})
    assert r.status_code in (200, 201), r.text
    service = tclient.app.state.service  # type: ignore[attr-defined]
    branch = tclient.portal.call(service.get, r.json()["game"])
    assert branch.info.table.get("rated") and not rated(branch)
    assert rated(tclient.portal.call(service.get, g.id))
