"""The modules of "The Ketchup Mechanism & Other Ideas" (docs/modules.md).

A satellite of the rules engine: each module is one package here (``fcm/modules/<id>/``,
named by its id) that contributes its ids (``ids.py``), data (cards, milestones, campaign
tiles, setup changes, transcribed in ``fcm/data/ketchup/``) and rules through the extension
points (:mod:`fcm.core.extensions`); ``Options(modules={...})`` builds the game's ruleset
from the base data and the chosen modules (:func:`fcm.rulesets.get_ruleset`). The engine never
imports this package; importing :mod:`fcm` registers it.

What a module tells the other satellites (bot advice, research-environment blocks, texts for
the report and the browser) lives in submodules of its package named after the satellite
(``bots.py``, ``env.py``, ``texts.py``), each registering into the registry that satellite owns;
:func:`load_satellite` imports them the first time a satellite asks (docs/modules.md,
"Satellites: bots, env, report, UI").
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from importlib.util import find_spec

from fcm.modules import (
    coffee,
    fry_chefs,
    gourmet_food_critics,
    hard_choices,
    ketchup,
    kimchi,
    lobbyists,
    mass_marketeers,
    movie_stars,
    new_districts,
    new_milestones,
    night_shift_managers,
    noodles,
    reserve_prices,
    rural_marketeers,
    six_players,
    sushi,
)
from fcm.modules._data import ketchup_file
from fcm.rulesets import ModuleInfo, register_module, register_module_info

# Every module of the rules reference is known (a refusal can name it); the ones with a file
# here are playable.
for _m in ketchup_file("modules.json")["modules"]:
    register_module_info(
        ModuleInfo(
            id=_m["id"],
            name=_m["name"],
            description=_m["description"],
            requires=tuple(_m["requires"]),
            conflicts=tuple(_m["conflicts"]),
        )
    )

MODULES = (
    coffee,
    fry_chefs,
    gourmet_food_critics,
    hard_choices,
    ketchup,
    kimchi,
    lobbyists,
    mass_marketeers,
    movie_stars,
    new_districts,
    new_milestones,
    night_shift_managers,
    noodles,
    reserve_prices,
    rural_marketeers,
    six_players,
    sushi,
)
for _mod in MODULES:
    register_module(_mod.module())

_LOADED: set[tuple[str, str]] = set()


def load_satellite(satellite: str, modules: Iterable[str]) -> None:
    """Import ``fcm.modules.<id>.<satellite>`` of each of ``modules`` that has one (once each):
    the import registers that module's contributions in the satellite's registry."""
    for module in sorted(modules):
        if (module, satellite) in _LOADED:
            continue
        name = f"{__name__}.{module}.{satellite}"
        if find_spec(f"{__name__}.{module}") is not None and find_spec(name) is not None:
            import_module(name)
        _LOADED.add((module, satellite))


__all__ = ["MODULES", "load_satellite"]
