"""``fcm replay GAME --dinnertime N --lang de`` (issue 27 item 3): the Dinnertime report of a
saved game in German, the same facts as in English (the same numbers line for line)."""

from __future__ import annotations

import re

import pytest

from fcm.cli.main import main


def _report(game: str, rnd: int, lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", game, "--dinnertime", str(rnd), "--lang", lang]) == 0
    return capsys.readouterr().out


def test_the_dinnertime_report_of_a_saved_game_in_german(tmp_path, capsys) -> None:
    game = str(tmp_path / "game.json")
    assert main(["play", "--players", "2", "--seed", "4", "--save", game]) == 0
    capsys.readouterr()
    for rnd in range(3, 20):  # a Dinnertime in which something was sold
        english = _report(game, rnd, "en", capsys)
        if "serves it" in english:
            break
    german = _report(game, rnd, "de", capsys)
    assert f"Abendessen, Runde {rnd}" in german
    assert "beliefert es aus Restaurant Nr." in german and "Stückpreise:" in german
    assert "nachgespielt" in german and "der End-Hash stimmt" in german
    for english_word in ("Dinnertime", "serves it", "wants", "price", "total", "replayed"):
        assert english_word not in german, english_word
    # the same facts: the same numbers in the same order (the console wraps lines its own way)
    assert re.findall(r"\d+", german) == re.findall(r"\d+", english)


def test_an_unknown_language_is_refused(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["replay", str(tmp_path / "x.json"), "--lang", "xx"])
    assert "no catalog for 'xx'" in capsys.readouterr().err
