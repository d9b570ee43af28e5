"""Gourmet Food Critics (ketchup.md 13).

The Gourmet Food Critic is trained from the (replacement) Marketing Trainee. In the campaign
step it places a gourmet guide (tiles 17-20) beside the board: no square, no range, 1 to 3
rounds of one good; it is busy while the guide runs. Each Marketing the guide puts 1 demand of
its good on every house with a garden (normal caps; after the base campaigns, by number). With
First billboard placed a guide launched later is eternal, as every later campaign is [M]; all
four guides are usable (19.1 row 24). The guide is a campaign kind defined beside the board
(``ids.GOURMET_GUIDE``); the module's ``Extensions.reach`` gives Marketing the houses with a
garden.
"""

from __future__ import annotations

from typing import Any

from fcm.core.extensions import Extensions
from fcm.core.state import Campaign, GameState, House
from fcm.modules._data import add_cards, setup_of
from fcm.modules.gourmet_food_critics import ids as ids  # defines its card ids
from fcm.rulesets import Module, known_modules

ID = "gourmet_food_critics"


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    add_cards(raw, ID)
    raw["setup.json"]["campaigns"].extend(setup_of(ID)["campaigns"])


def reach(state: GameState, camp: Campaign, houses: list[House]) -> list[House] | None:
    """ketchup.md 13: every house with a garden (not park-only houses or apartments)."""
    if camp.kind is not ids.GOURMET_GUIDE:
        return None
    return [h for h in houses if h.garden]


def module() -> Module:
    return Module(info=known_modules()[ID], data=_data, extensions=Extensions(reach=(reach,)))
