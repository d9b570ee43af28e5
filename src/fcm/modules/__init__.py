"""The modules of "The Ketchup Mechanism & Other Ideas" (docs/modules.md).

A satellite of the rules engine: each module is one file here that contributes data (cards,
milestones, campaign tiles, setup changes, transcribed in ``fcm/data/ketchup/``) and rule hooks
(:class:`fcm.core.ruleset.Hooks`); ``Options(modules={...})`` builds the game's ruleset from the
base data and the chosen modules (:func:`fcm.rulesets.get_ruleset`). The engine never
imports this package; importing :mod:`fcm` registers it.
"""

from __future__ import annotations

from fcm.modules import (
    fry_chefs,
    gourmet_food_critics,
    hard_choices,
    ketchup,
    kimchi,
    mass_marketeers,
    movie_stars,
    new_milestones,
    night_shift_managers,
    reserve_prices,
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
    fry_chefs,
    gourmet_food_critics,
    hard_choices,
    ketchup,
    kimchi,
    mass_marketeers,
    movie_stars,
    new_milestones,
    night_shift_managers,
    reserve_prices,
)
for _mod in MODULES:
    register_module(_mod.module())

__all__ = ["MODULES"]
