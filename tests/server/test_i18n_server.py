"""Each player's language on the server (issue 27 item 3): the browser's Accept-Language by
default, the fcm_lang cookie over it, the account's choice remembered (migration 0010) and
brought to a new browser at log-in; two players of one game each read their own language."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fcm.server import create_app
from tests.server.conftest import create, settings_for

PASSWORD = "correct horse battery"


def test_the_catalog_follows_accept_language_then_the_cookie(client: TestClient) -> None:
    de = client.get("/api/i18n", headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
    assert de.status_code == 200 and de.json()["lang"] == "de"
    assert de.json()["messages"]["lobby.new_game"] == "Neues Spiel"
    assert de.headers["content-language"] == "de"
    assert client.get("/api/i18n", headers={"accept-language": "zh-CN"}).json()["lang"] == "zh-Hans"
    assert client.get("/api/i18n").json()["lang"] == "en"
    client.cookies.set("fcm_lang", "fr")
    assert client.get("/api/i18n", headers={"accept-language": "de"}).json()["lang"] == "fr"
    assert client.get("/api/i18n?lang=es").json()["lang"] == "es"  # the switcher asks so
    page = client.get("/", headers={"accept-language": "de"})
    assert '<html lang="fr">' in page.text  # the cookie wins over the header


def test_the_page_itself_is_in_the_browsers_language(client: TestClient) -> None:
    page = client.get("/", headers={"accept-language": "de"})
    assert '<html lang="de">' in page.text and "Wird geladen…" in page.text


def test_each_player_reads_the_game_in_their_own_language(client: TestClient) -> None:
    game = create(client, players=2)
    labels = {}
    for seat, lang in ((0, "de"), (1, "en")):
        r = client.get(f"/api/games/{game.id}/presentation?static=true",
                       headers={**game.auth(game.tokens[seat]), "accept-language": lang})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["lang"] == lang
        labels[lang] = [a["label"] for a in body["actions"]]
        phases = body["static"]["catalog"]["phase_names"]
        assert phases["dinnertime"] == {"de": "Abendessen", "en": "Dinnertime"}[lang]
    assert any(x.startswith("Reservekarte") for x in labels["de"])
    assert any(x.startswith("Reserve card") for x in labels["en"])
    # the same seat asking in another language is not served the other's cached answer
    again = client.get(f"/api/games/{game.id}/presentation",
                       headers={**game.auth(game.tokens[0]), "accept-language": "en"}).json()
    assert any(a["label"].startswith("Reserve card") for a in again["actions"])


def test_an_illegal_move_is_explained_in_the_players_language(client: TestClient) -> None:
    game = create(client, players=2)
    r = client.post(f"/api/games/{game.id}/actions",
                    headers={**game.auth(game.tokens[0]), "accept-language": "de"},
                    json={"version": game.state(0)["version"],
                          "action": {"type": "hire", "employee": "waitress"}})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["text"].startswith("Dieser Zug ist jetzt nicht erlaubt.")


def test_the_accounts_language_is_remembered_and_follows_it(db_url: str) -> None:
    with TestClient(create_app(settings_for(db_url))) as first:
        r = first.post("/api/account/signup", json={"name": "anke", "password": PASSWORD})
        assert r.status_code == 201 and r.json()["account"]["lang"] is None
        csrf = r.json()["csrf"]
        bad = first.put("/api/account/lang", json={"lang": "xx"}, headers={"x-csrf-token": csrf})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "lang/unknown"
        r = first.put("/api/account/lang", json={"lang": "de"}, headers={"x-csrf-token": csrf})
        assert r.status_code == 200 and r.json()["account"]["lang"] == "de"
        assert "fcm_lang=de" in r.headers["set-cookie"]
        assert first.get("/api/account").json()["account"]["lang"] == "de"
    # another browser (no cookie, an English Accept-Language): the log-in brings German along
    with TestClient(create_app(settings_for(db_url))) as second:
        r = second.post("/api/account/login", json={"name": "anke", "password": PASSWORD})
        assert r.status_code == 200 and r.json()["account"]["lang"] == "de"
        assert second.cookies.get("fcm_lang") == "de"
        got = second.get("/api/i18n", headers={"accept-language": "en"}).json()
        assert got["lang"] == "de"
