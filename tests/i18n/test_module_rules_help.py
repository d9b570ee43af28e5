"""Issue 25 item 2 ("the rules help: every new card, tile and milestone"): every card, map tile
and milestone a playable module adds has its rules-help entry in each of the five languages,
in the module's own catalog (``fcm/modules/<id>/locale``): a card its name and what it does
(``card.<id>``, ``card.<id>.description``), a milestone its name, when it is claimed and its
effect (``milestone.<id>``, ``.claim_when``, ``.effect``), a map tile what it prints
(``tile.<letter>``). The Rules tab shows them (``fcm.presentation.catalog_info``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import fcm.modules
from fcm.i18n import LOCALES, read_catalog
from fcm.rulesets import get_ruleset, playable_modules, with_requirements

BASE = get_ruleset("base", frozenset()).catalog


def entries(module: str) -> list[str]:
    """The message ids of the rules-help entries of what ``module`` adds to the base game."""
    mods = with_requirements({module})  # what it needs has its own entries
    cat = get_ruleset("base", mods).catalog
    before = get_ruleset("base", mods - {module}).catalog
    ids = [f"card.{c}{s}" for c in sorted(set(cat.employees) - set(before.employees))
           for s in ("", ".description")]
    ids += [f"milestone.{m}{s}" for m in sorted(set(cat.milestones) - set(before.milestones))
            for s in ("", ".claim_when", ".effect")]
    ids += [f"tile.{t}" for t in sorted(set(cat.tiles) - set(before.tiles))]
    return ids


@pytest.mark.parametrize("module", sorted(playable_modules()))
def test_every_card_tile_and_milestone_of_a_module_has_rules_help_in_five_languages(
    module: str,
) -> None:
    folder = Path(fcm.modules.__file__).parent / module / "locale"
    for lang in LOCALES:
        own = read_catalog(folder / f"{lang}.po")
        missing = [k for k in entries(module) if not own.get(k, "").strip()]
        assert not missing, f"{module}: no rules help in {lang} for {missing}"


def test_the_rules_tab_shows_a_modules_map_tiles_and_cards_in_the_readers_language() -> None:
    """The catalog the browser gets: tile Z's help, the Lobbyist's and First lobbyist used's."""
    from fcm.presentation import catalog_info

    rules = get_ruleset("base", frozenset({"lobbyists", "new_districts"}))
    de = catalog_info(rules, "de")
    assert set(de["map_tiles"]) == set("UVWXYZ")
    assert "Park" in de["map_tiles"]["Z"]
    assert "Straßenreichweite 2" in de["employees"]["lobbyist"]["description"]
    assert de["milestones"]["first_lobbyist_used"]["effect"].startswith("Sofort")
    assert catalog_info(get_ruleset("base", frozenset()), "en")["map_tiles"] == {}
