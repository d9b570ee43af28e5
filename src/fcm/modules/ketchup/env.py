"""Ketchup (ketchup.md 8) in the research environment: who made each house's demand, as board
planes after the base planes (``demand_by_0`` .. ``demand_by_4``, by relative seat)."""

from __future__ import annotations

from typing import Any

import numpy as np

from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.env.encoding import encoding_for, max_seats
from fcm.env.extensions import BoardPlanes, EnvBlocks, register_env

ID = "ketchup"


def _key(view: GameState) -> Any:
    by = view.module_data.get(ID, {}).get("demand_by", {})
    return tuple(sorted((h, tuple(seats)) for h, seats in by.items()))


def _build(view: GameState, key: Any) -> np.ndarray:
    """By absolute seat, the houses with demand that seat's campaigns made."""
    enc = encoding_for(view.rules)  # its grid: 20 x 25, or a larger map's
    sec = np.zeros((max_seats(view.rules), enc.height, enc.width), dtype=np.float32)
    for number, seats in key:
        house = view.houses.get(int(number))
        if house is None:
            continue
        r, c = house.cell
        for s in seats:
            sec[s, r : r + 2, c : c + 2] = 1.0
    return sec


def _names(rules: Ruleset) -> tuple[tuple[str, str], ...]:
    return tuple(
        (
            f"demand_by_{k}",
            f"Ketchup: 1 on a house with demand made by relative seat {k}'s campaigns",
        )
        for k in range(max_seats(rules))
    )


PLANES = BoardPlanes(
    names=_names,
    key=_key,
    build=_build,
    by_seat=True,
)

register_env(ID, EnvBlocks(planes=PLANES))
