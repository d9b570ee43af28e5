"""Gourmet Food Critics (ketchup.md 13) in the research environment: the guides lie beside the
board, so they are global features (``gourmet_guides``): per guide tile (by number) in play,
owner (relative seat one-hot), good one-hot (GOODS order), remaining rounds, eternal."""

from __future__ import annotations

from typing import Any

from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.env.encoding import GOODS
from fcm.env.extensions import EnvBlocks, Fields, GlobalFields, register_env
from fcm.env.observation import MAX_PLAYERS
from fcm.modules.gourmet_food_critics import ids

ID = "gourmet_food_critics"
GUIDE_FEATURES = 3 + 2 * MAX_PLAYERS  # in play, owner one-hot, good one-hot, remaining, eternal
_GOOD = {g: i for i, g in enumerate(GOODS)}


def guides(rules: Ruleset) -> tuple[int, ...]:
    """The guide tiles' numbers (17-20)."""
    tiles = rules.catalog.campaigns.items()
    return tuple(sorted(n for n, t in tiles if t.type is ids.GOURMET_GUIDE))


def _fields(rules: Ruleset) -> Fields:
    n = len(guides(rules))
    if not n:
        return ()
    return (
        (
            "gourmet_guides",
            GUIDE_FEATURES * n,
            "Gourmet Food Critics: per guide tile (by number): in play, owner "
            "(relative seat one-hot), good one-hot (GOODS order), remaining rounds, eternal",
        ),
    )


def _key(view: GameState) -> Any:
    return tuple(
        (c.number, c.owner, _GOOD[c.good], c.remaining, c.eternal)
        for c in view.campaigns.values()
        if c.kind is ids.GOURMET_GUIDE
    )


def _write(view: GameState, out: Any, key: Any, rel: list[int]) -> None:
    index = {n: i for i, n in enumerate(guides(view.rules))}
    for number, owner, good, remaining, eternal in key:
        o = index[number] * GUIDE_FEATURES
        out[o] = 1.0
        out[o + 1 + rel[owner]] = 1.0
        out[o + 1 + MAX_PLAYERS + good] = 1.0
        out[o + 1 + 2 * MAX_PLAYERS] = remaining
        out[o + 2 + 2 * MAX_PLAYERS] = 1.0 if eternal else 0.0


register_env(ID, EnvBlocks(order=20, globals=GlobalFields(_fields, _key, _write)))
