"""Reading the expansion's data files (``fcm/data/ketchup/``) and adding them to the base data.

A module's ``data`` function receives the decoded JSON of the base data files (a fresh copy,
keyed by file name as :func:`fcm.data.load_raw` returns it) and changes it in place; the
catalog loader then checks the result exactly as it checks the base game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fcm.core.state import GameState


@cache
def _text(name: str) -> str:
    # Through the fcm package: importing fcm.data would load the base catalog at import.
    return resources.files("fcm").joinpath("data", "ketchup", name).read_text(encoding="utf-8")


def module_file(package: str, name: str) -> Any:
    """The decoded JSON of a data file a module keeps in its own package (a fresh copy)."""
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def facts_reader(package: str) -> Callable[[], dict[str, Any]]:
    """A module's ``facts()``: the decoded ``data.json`` of its own package (a fresh copy each
    call; a module that only reads them may ``functools.cache`` the reader)."""

    def facts() -> dict[str, Any]:
        data: dict[str, Any] = module_file(package, "data.json")
        return data

    return facts


def ketchup_file(name: str) -> Any:
    """The decoded JSON of ``fcm/data/ketchup/<name>`` (a fresh copy)."""
    return json.loads(_text(name))


@cache
def base_milestone_ids() -> frozenset[str]:
    """The base game's milestones (``fcm/data/milestones.json``), which New Milestones replaces."""
    text = resources.files("fcm").joinpath("data", "milestones.json").read_text(encoding="utf-8")
    return frozenset(m["id"] for m in json.loads(text)["milestones"])


def setup_of(module: str) -> Any:
    """The module's entry in ``ketchup/setup.json``."""
    return ketchup_file("setup.json")[module]


@cache
def setup_number(module: str, key: str) -> int:
    """A number of the module's entry in ``ketchup/setup.json`` (read once: the rules ask for
    some on every call)."""
    value = setup_of(module)[key]
    if not isinstance(value, int):
        raise TypeError(f"setup.json: {module}.{key} is no number: {value!r}")
    return value


def _link(spec: dict[str, Any], key: str, other: str) -> None:
    if other not in spec.get(key, []):
        spec[key] = [*spec.get(key, []), other]


def add_cards(raw: dict[str, Any], module: str) -> None:
    """Add the module's employee cards, with their career edges to cards in play (both sides,
    as the replacement base cards of ketchup.md 0.2 print them). An edge to a card of a module
    not played is dropped; a card of a module added later links back to this one (modules
    are added in id order, so either side may list the edge)."""
    cards = [c for c in ketchup_file("employees.json")["employees"] if c.pop("module") == module]
    add_cards_from(raw, cards)


def add_cards_from(raw: dict[str, Any], cards: list[dict[str, Any]]) -> None:
    """:func:`add_cards` for cards a module transcribes in its own package."""
    emp = raw["employees.json"]
    by_id = {e["id"]: e for e in emp["employees"]}
    for card in cards:
        card = dict(card)
        for key, back in (("trained_from", "trains_into"), ("trains_into", "trained_from")):
            card[key] = [c for c in card.get(key, []) if c in by_id]
            for other in card[key]:
                _link(by_id[other], back, card["id"])
            if not card[key]:
                del card[key]
        emp["employees"].append(card)
        by_id[card["id"]] = card
        emp["total_cards"] += card["box_count"]
        if card["entry_level"]:
            emp["entry_level_types"].append(card["id"])
        if card.get("unique"):
            emp["unique_types"].append(card["id"])


def add_after_cut(
    raw: dict[str, Any], module: str, extras: dict[str, int] | None = None
) -> None:
    """The copies the module's ``extra_after_cut`` (``extras`` when its own package holds
    them) adds to the supply after the 1x cut: one extra Luxuries Manager with Kimchi, Sushi,
    Noodles or Coffee, however many of them are played (ketchup.md 0.2)."""
    emp = raw["employees.json"]
    by_id = {e["id"]: e for e in emp["employees"]}
    if extras is None:
        extras = setup_of(module)["extra_after_cut"]
    for card, extra in extras.items():
        spec = by_id[card]
        if spec.get("after_cut", 0) < extra:
            added = extra - spec.get("after_cut", 0)
            spec["after_cut"] = extra
            spec["box_count"] += added
            emp["total_cards"] += added


def add_milestones(raw: dict[str, Any], module: str) -> None:
    """Add the module's milestones (with the base set or New Milestones, ketchup.md 3)."""
    ms = [m for m in ketchup_file("milestones.json")["milestones"] if m.pop("module") == module]
    add_milestones_from(raw, ms)


def add_milestones_from(raw: dict[str, Any], given: list[dict[str, Any]]) -> None:
    """:func:`add_milestones` for milestones a module transcribes in its own package."""
    ms = raw["milestones.json"]
    for m in given:
        m = dict(m)
        m.pop("remove_after_round", None)  # the module's milestone_expiry, not catalog data
        ms["milestones"].append(m)
        ms["total_copies"] += m["copies"]


def add_tiles(raw: dict[str, Any], tiles: Iterable[dict[str, Any]]) -> None:
    """Add a module's map tiles (records in the ``tiles.json`` format, with ``houses`` for a
    tile printing several houses or a house of a module's kind) to the tile pool: a random map
    draws from every tile of the catalog (ketchup.md 1: the new tiles are only candidates).
    Their printed houses join ``setup.json``'s ``printed_houses``."""
    pool = raw["tiles.json"]["tiles"]
    printed = raw["setup.json"]["printed_houses"]
    for tile in tiles:
        pool.append(json.loads(json.dumps(tile)))  # a copy: the catalog owns what it reads
        printed.extend(h["number"] for h in tile.get("houses", []))
    pool.sort(key=lambda t: t["letter"])


def cards_and_cut(module: str) -> Callable[[dict[str, Any], frozenset[str]], None]:
    """The ``Module.data`` of a module whose data is its cards (:func:`add_cards`) and its
    copies after the cut (:func:`add_after_cut`), nothing else: Kimchi, Sushi, Noodles."""

    def data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
        add_cards(raw, module)
        add_after_cut(raw, module)  # one extra Luxuries Manager, however many add it (0.2)

    return data


def own_data(state: GameState, module: str) -> dict[str, Any]:
    """The module's own record in the state (``module_data``), made when first written."""
    data: dict[str, Any] = state.module_data.setdefault(module, {})
    return data
