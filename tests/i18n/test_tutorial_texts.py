"""The tutorial's coach in the player's language (issue 27 item 2: "the tutorial and
lessons"): its steps' titles, texts and buttons come from the catalogs (tutorial.step.<id>.*),
so a German or Chinese player reads the whole round's coaching in their language; the script
itself holds no English."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from fcm import tutorial
from fcm.i18n import LOCALES, t


def test_every_step_reads_its_texts_from_the_catalogs() -> None:
    for step in tutorial.STEPS:
        assert "title" not in step and "text" not in step, step["id"]  # no English in the script
        assert step.get("ack") in (None, True), step["id"]
    english = tutorial.script("en")["steps"]
    assert english[0]["title"] == "Welcome to Food Chain Magnate"
    assert english[0]["ack"] == "Start"
    for lang in LOCALES:
        steps = tutorial.script(lang)["steps"]
        assert [s["id"] for s in steps] == [s["id"] for s in tutorial.STEPS]
        for step, en in zip(steps, english, strict=True):
            assert step["title"] and step["text"], (lang, step["id"])
            assert bool(step.get("ack")) == bool(en.get("ack"))
            if lang != "en":
                assert step["text"] != en["text"], (lang, step["id"])
    german = tutorial.script("de")["steps"]
    assert german[0]["title"] == "Willkommen bei Food Chain Magnate"
    assert "Küchen-Trainee" in german[2]["text"]  # the glossary's name for Kitchen Trainee
    assert tutorial.script("zh-Hans")["steps"][-1]["ack"] == t(
        "tutorial.step.cleanup.ack", "zh-Hans") == "完成教程"


def test_the_server_sends_the_coach_in_the_requests_language(tmp_path: Path) -> None:
    from fcm.server.app import create_app
    from tests.server.conftest import settings_for

    db = f"sqlite:///{tmp_path / 'fcm.db'}"
    with TestClient(create_app(settings_for(db))) as client:
        de = client.get("/api/tutorial", headers={"accept-language": "de-DE,de;q=0.9"}).json()
        fr = client.get("/api/tutorial?lang=fr").json()
    assert de["steps"][0]["title"] == "Willkommen bei Food Chain Magnate"
    assert fr["steps"][0]["ack"] == "Commencer"
