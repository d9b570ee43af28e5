"""The lessons in the player's language (issue 27 item 2: "the tutorial and lessons"): every
lesson's title, summary and coach texts come from the catalogs (``lesson.<id>.*``; a module's
lesson from its module's own catalog), so a German or Chinese player reads them in their
language; the tutorial's and the lessons' seats and positions are named in it too."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from fcm import lessons, tutorial
from fcm.i18n import LOCALES, t

ALL = lessons.all_lessons()


def test_the_lessons_hold_no_text_of_their_own() -> None:
    for data in ALL:
        assert "title" not in data and "summary" not in data, data["id"]
        for step in data["steps"]:
            assert "title" not in step and "text" not in step, (data["id"], step["id"])
            assert step.get("ack") in (None, "start", "done", "continue", "finish")


def test_every_lesson_reads_in_every_language() -> None:
    for data in ALL:
        english = lessons.script(data, "en")
        for lang in LOCALES:
            script = lessons.script(data, lang)
            listed = lessons.summary(data, lang)
            assert listed["title"] == script["title"] and listed["summary"], (lang, data["id"])
            assert [s["id"] for s in script["steps"]] == [s["id"] for s in data["steps"]]
            for step, en in zip(script["steps"], english["steps"], strict=True):
                assert step["title"] and step["text"], (lang, data["id"], step["id"])
                assert bool(step.get("ack")) == bool(en.get("ack"))
                if lang != "en":
                    assert step["text"] != en["text"], (lang, data["id"], step["id"])


def test_a_german_lesson_is_german() -> None:
    careers = lessons.script(lessons.lesson("careers"), "de")
    assert careers["title"] == "Einstellen und schulen"
    hire = careers["steps"][1]
    assert hire["title"] == "Einstellen"
    # the glossary's names: Kitchen Trainee, Marketing Trainee; the beach
    assert "Küchen-Trainee" in hire["text"] and "Marketing-Trainee" in hire["text"]
    assert "Strand" in hire["text"]
    assert careers["steps"][0]["ack"] == "Los geht's"
    # a module's lesson, from the module's catalog: Sushi Cook is the glossary's Sushi-Koch
    sushi = lessons.script(lessons.lesson("sushi"), "de")
    assert "Sushi-Koch" in sushi["steps"][1]["text"]
    assert t("card.sushi_cook", "de") == "Sushi-Koch"
    assert lessons.seats_of(lessons.lesson("bank"), "de")[1]["name"] == "Gegner (leichter Bot)"
    scenario = lessons.scenario_of(lessons.lesson("bank"), "de")
    assert scenario is not None and scenario["description"] == "Lektion: Die Bank und die Reserve"
    assert lessons.scenario_of(lessons.lesson("first-game"), "de") is None


def test_the_tutorials_seats_and_position_are_named_in_the_players_language() -> None:
    assert [s["name"] for s in tutorial.seats("en")] == ["You", "Rival (easy bot)"]
    assert [s["name"] for s in tutorial.seats("zh-Hans")] == ["你", "对手（简单机器人）"]
    assert tutorial.scenario("fr")["description"].startswith("Le tutoriel")
    assert tutorial.SCENARIO["description"] == "tutorial.description"  # a message id


def test_the_server_sends_the_lessons_in_the_requests_language(tmp_path: Path) -> None:
    from fcm.server.app import create_app
    from tests.server.conftest import settings_for

    with TestClient(create_app(settings_for(f"sqlite:///{tmp_path / 'fcm.db'}"))) as client:
        listed = client.get("/api/lessons", headers={"accept-language": "de-DE"}).json()
        by_id = {x["id"]: x for x in listed["lessons"]}
        assert by_id["careers"]["title"] == "Einstellen und schulen"
        assert by_id["sushi"]["summary"] == "Häuser mit Garten bevorzugen Sushi."
        script = client.get("/api/lessons/dinnertime?lang=es").json()
        assert script["steps"][0]["title"] == "Dos casas quieren hamburguesas"
        assert script["steps"][0]["ack"] == "Empezar"
        made = client.post("/api/lessons/careers?lang=de").json()
        assert [s["name"] for s in made["seats"]] == ["Du", "Gegner (leichter Bot)"]
        made = client.post("/api/tutorial", headers={"accept-language": "fr"}).json()
        assert [s["name"] for s in made["seats"]] == ["Toi", "Rival (bot facile)"]
