"""The message catalogs (issue 27 items 1, 2 and 5; fcm.i18n, fcm.i18n_check): every language
has the same placeholders as English, the complete ones every message, the code no id English
lacks; plural forms, money and language choice come from Babel's CLDR data."""

from __future__ import annotations

import re

import pytest

from fcm.i18n import (
    COMPLETE,
    DEFAULT_LOCALE,
    LOCALES,
    browser_catalog,
    messages,
    money,
    negotiate,
    normalise,
    plural_categories,
    signed,
    t,
)
from fcm.i18n_check import check_language, main, unknown_code_ids
from fcm.rulesets import get_ruleset, playable_modules, with_requirements
from tests.i18n.test_played_games_languages import english_words


@pytest.mark.parametrize("lang", [x for x in LOCALES if x != "en"])
def test_every_translation_has_englishs_placeholders(lang: str) -> None:
    report = check_language(lang)
    assert report.mismatched == []
    assert report.unused == []
    if lang in COMPLETE:
        assert report.missing == [], f"{lang} is declared complete"


def test_the_code_uses_no_id_english_lacks() -> None:
    assert unknown_code_ids() == []


def test_each_languages_glossary_is_the_catalogs() -> None:
    """The glossary per language (src/fcm/locale/glossary) is made from the catalogs, so every
    screen and the glossary use the same word; a stale one fails the check."""
    from fcm.i18n_check import glossary_text, stale_glossaries

    assert stale_glossaries() == []
    assert "| `waitress` | Waitress | Kellnerin |" in glossary_text("de")


def test_the_check_fails_on_a_placeholder_mismatch(tmp_path, monkeypatch) -> None:
    """The check is not a formality: a German message whose placeholder differs fails it."""
    import fcm.i18n as i18n

    real = i18n.catalog_files

    def patched(lang: str):
        files = real(lang)
        if lang != "de":
            return files
        bad = tmp_path / "de.po"
        bad.write_text('msgid "lobby.play_as"\nmsgstr "Als {sitz} spielen"\n', encoding="utf-8")
        return [*files, bad]

    monkeypatch.setattr("fcm.i18n_check.catalog_files", patched)
    assert "lobby.play_as" in " ".join(check_language("de").mismatched)
    assert main([]) == 1


def test_plural_forms_follow_each_languages_cldr_rules() -> None:
    assert plural_categories("de") == {"one", "other"}
    assert plural_categories("zh-Hans") == {"other"}
    assert "many" in plural_categories("fr")
    assert t("lobby.n_players", "en", count=1) == "1 player"
    assert t("lobby.n_players", "en", count=3) == "3 players"
    assert t("profile.wins", "de", count=1) == "1 Sieg"
    assert t("profile.wins", "de", count=0) == "0 Siege"


def test_money_is_written_as_each_language_writes_it() -> None:
    assert (money("en", 5), money("en", -5), signed("en", 12)) == ("$5", "-$5", "+$12")
    assert (money("de", 5), money("de", -5), signed("de", 12)) == ("5 $", "-5 $", "+12 $")
    assert money("en", 1250) == "$1250"  # the report's sums stay ungrouped, as before


@pytest.mark.parametrize(("header", "lang"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("fr-CA", "fr"),
    ("es-419,es;q=0.9", "es"),
    ("zh-CN,zh;q=0.9", "zh-Hans"),
    ("zh-TW", "en"),  # traditional Chinese is not offered
    ("pt-BR, de;q=0.5", "de"),
    ("en;q=0.1, de;q=0.9", "de"),
    ("", "en"),
    (None, "en"),
    ("no-cache", "en"),  # CLDR's likely subtag no_Latn_NO is a locale babel lacks (fuzzed: a 500)
    ("nb, fr;q=0.5", "fr"),
])
def test_accept_language_picks_the_best_offered_language(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang


def test_normalise_maps_tags_to_the_offered_locales() -> None:
    assert [normalise(x) for x in ("de-AT", "zh", "zh-Hans-CN", "xx", None)] == [
        "de", "zh-Hans", "zh-Hans", "en", "en"]


def test_the_browser_catalog_has_every_english_id_in_every_language() -> None:
    english = browser_catalog("en")["messages"]
    for lang in LOCALES:
        cat = browser_catalog(lang)
        assert cat["lang"] == lang
        assert set(english) <= set(cat["messages"])
        assert [x["id"] for x in cat["locales"]] == list(LOCALES)
    assert browser_catalog("de")["messages"]["lobby.new_game"] == "Neues Spiel"


@pytest.mark.parametrize("module", ["base", *sorted(playable_modules())])
def test_every_card_and_milestone_of_a_playable_module_has_its_names(module: str) -> None:
    """Issue 27: "card, milestone and campaign names" in every language. A card or milestone a
    module adds reads from its catalog (``card.<id>``, ``.description``; ``milestone.<id>``,
    ``.claim_when``, ``.effect``), never from the English data; the check then asks every
    language for them."""
    catalog = get_ruleset("base", [] if module == "base" else with_requirements([module])).catalog
    english = messages(DEFAULT_LOCALE)
    wanted = [f"card.{e.id}{part}" for e in catalog.employees.values()
              for part in ("", ".description")]
    wanted += [f"milestone.{m.id}{part}" for m in catalog.milestones.values()
               for part in ("", ".claim_when", ".effect")]
    assert [k for k in wanted if k not in english] == []
    for lang in LOCALES:
        if lang != DEFAULT_LOCALE:
            assert [k for k in wanted if k not in messages(lang)] == [], lang


def test_french_says_tu_to_the_player_everywhere() -> None:
    """One form of address per language (the glossary's note): French says "tu" to the
    player, as the lessons do; no message says "vous", "votre" or "vos"."""
    vous = re.compile(r"\b(vous|votre|vos)\b", re.IGNORECASE)
    assert [k for k, v in messages("fr").items() if vous.search(v)] == []


@pytest.mark.parametrize("lang", [x for x in LOCALES if x != DEFAULT_LOCALE])
def test_no_message_is_left_in_english(lang: str) -> None:
    """A message identical to English is a name the language keeps (CEO, Kimchi, Chat), never
    English words (German's "You" for fmt.whose_you was one)."""
    english = messages(DEFAULT_LOCALE)
    left = [k for k, v in messages(lang).items()
            if v == english.get(k) and english_words(_PLACEHOLDER.sub("", v))]
    assert left == []


_PLACEHOLDER = re.compile(r"\{[^}]*\}")
