"""Coffee (ketchup.md 4) in the research environment: its two decisions are action blocks
after the base blocks, and the coffee shops are board planes by relative seat.

=====================  ===================================================================
place_coffee_shop      square (a coffee shop after a training or First coffee sold)
move_coffee_shop       the chain's shop (its placement order, 0..2), square
=====================  ===================================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fcm.core.actions import Action
from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.env.encoding import Encoding, encoding_for, max_seats
from fcm.env.extensions import ActionBlocks, BoardPlanes, Dims, EnvBlocks, register_env
from fcm.modules.coffee import ID, owes, setup, shops
from fcm.modules.coffee.actions import MoveCoffeeShop, PlaceCoffeeShop


def _blocks(enc: Encoding) -> Dims:
    per_chain = int(setup()["shops_per_chain"])
    n = enc.squares  # the ruleset's grid (20 x 25; larger with a larger map)
    return (("place_coffee_shop", (n,)), ("move_coffee_shop", (per_chain, n)))


def _own(state: GameState) -> list[Any]:
    seat = state.turn.working.seat if state.turn.working is not None else None
    if seat is None:  # Clean up: the seat that owes the shop
        owed = owes(state)
        seat = owed[0] if owed else None
    return [cell for _, cell in shops(state, seat)] if seat is not None else []


def _encode(enc: Encoding, state: GameState, a: Action) -> int | None:
    B = enc.blocks
    match a:
        case PlaceCoffeeShop(cell=cell):
            return B["place_coffee_shop"].index(enc.square(cell))
        case MoveCoffeeShop(origin=origin, cell=cell):
            return B["move_coffee_shop"].index(_own(state).index(origin), enc.square(cell))
    return None


def _decode(enc: Encoding, state: GameState, block: str, f: tuple[int, ...]) -> Action:
    if block == "place_coffee_shop":
        return PlaceCoffeeShop(enc.cell_of(f[0]))
    return MoveCoffeeShop(_own(state)[f[0]], enc.cell_of(f[1]))


def _key(view: GameState) -> Any:
    return tuple(shops(view))


def _build(view: GameState, key: Any) -> np.ndarray:
    """By absolute seat, 1 on that seat's coffee shops."""
    enc = encoding_for(view.rules)
    sec = np.zeros((max_seats(view.rules), enc.height, enc.width), dtype=np.float32)
    for seat, (r, c) in key:
        sec[seat, r, c] = 1.0
    return sec


def _names(rules: Ruleset) -> tuple[tuple[str, str], ...]:
    """A plane a seat: the ruleset's most seats (5; 6 at a six-player table)."""
    return tuple(
        (f"coffee_shop_{k}", f"Coffee: 1 on a coffee shop of relative seat {k}")
        for k in range(max_seats(rules))
    )


PLANES = BoardPlanes(
    names=_names,
    key=_key,
    build=_build,
    by_seat=True,
)

register_env(
    ID, EnvBlocks(order=30, actions=ActionBlocks(_blocks, _encode, _decode), planes=PLANES)
)
