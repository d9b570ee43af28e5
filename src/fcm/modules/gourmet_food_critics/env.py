"""Gourmet Food Critics (ketchup.md 13) in the research environment: the guides lie beside the
board, so they are global features (``gourmet_guides``): per guide tile (by number) in play,
owner (relative seat one-hot, the ruleset's most seats), good one-hot (its marketable goods),
remaining rounds, eternal."""

from __future__ import annotations

from typing import Any

from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.env.encoding import encoding_for
from fcm.env.extensions import EnvBlocks, Fields, GlobalFields, register_env
from fcm.modules.gourmet_food_critics import ids

ID = "gourmet_food_critics"


def _sizes(rules: Ruleset) -> tuple[int, int]:
    """(seats, goods) of the owner and good one-hots: the most seats, the marketable goods."""
    enc = encoding_for(rules)
    return enc.seats, len(enc.marketable)


def guide_features(rules: Ruleset) -> int:
    """in play, owner one-hot, good one-hot, remaining, eternal (13 with 5 seats, 5 goods)"""
    seats, goods = _sizes(rules)
    return 3 + seats + goods


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
            guide_features(rules) * n,
            "Gourmet Food Critics: per guide tile (by number): in play, owner "
            "(relative seat one-hot), good one-hot (GOODS order), remaining rounds, eternal",
        ),
    )


def _key(view: GameState) -> Any:
    good = encoding_for(view.rules).advert_index
    return tuple(
        (c.number, c.owner, good[c.good], c.remaining, c.eternal)
        for c in view.campaigns.values()
        if c.kind is ids.GOURMET_GUIDE
    )


def _write(view: GameState, out: Any, key: Any, rel: list[int]) -> None:
    index = {n: i for i, n in enumerate(guides(view.rules))}
    seats, goods = _sizes(view.rules)
    size = 3 + seats + goods
    for number, owner, good, remaining, eternal in key:
        o = index[number] * size
        out[o] = 1.0
        out[o + 1 + rel[owner]] = 1.0
        out[o + 1 + seats + good] = 1.0
        out[o + 1 + seats + goods] = remaining
        out[o + 2 + seats + goods] = 1.0 if eternal else 0.0


register_env(ID, EnvBlocks(order=20, globals=GlobalFields(_fields, _key, _write)))
