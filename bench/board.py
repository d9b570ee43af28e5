"""Board geometry benchmarks: build + precompute per map size, query and enumeration times."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from bench import Row, median_seconds, register
from fcm.core.geometry import (
    Board,
    clear_board_cache,
    random_placements,
    restaurant_entrances,
)
from fcm.core.types import Cell
from fcm.rulesets import base_ruleset

SEEDS = range(15)


def _build_ms(players: int) -> float:
    setup = base_ruleset().catalog.setups[players]
    times: list[float] = []
    for seed in SEEDS:
        layout = random_placements(setup.tile_rows, setup.tile_cols, seed)
        clear_board_cache()
        start = time.perf_counter()
        Board.build(layout, base_ruleset().catalog.tiles)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2] * 1e3


@register("board")
def board_rows() -> list[Row]:
    """Build times for 2-5 player maps, then queries on one 5-player map."""
    rows: list[Row] = []
    for players in (2, 3, 4, 5):
        setup = base_ruleset().catalog.setups[players]
        rows.append(
            Row(
                "board",
                f"build + precompute, {players} players",
                _build_ms(players),
                "ms",
                f"{setup.tile_rows}x{setup.tile_cols} tiles, median of {len(SEEDS)} seeds",
            )
        )

    board = Board.build(random_placements(4, 5, 1), base_ruleset().catalog.tiles)
    houses = list(board.printed_houses.values())
    spots = board.legal_restaurant_placements(set())
    picked = spots[:: max(1, len(spots) // 10)][:10]
    plain = [restaurant_entrances(tl, k) for tl, k in picked]
    drive = [restaurant_entrances(tl, k, True) for tl, k in picked]
    pairs = len(houses) * len(picked)

    def distances(entrances: list[tuple[Cell, ...]]) -> None:
        for house in houses:
            for e in entrances:
                board.distance_house_to_restaurant(house, e)

    for label, ents in (("entrance", plain), ("drive-in", drive)):
        per = median_seconds(functools.partial(distances, ents), repeat=9) / pairs * 1e6
        rows.append(Row("board", f"distance house -> restaurant ({label})", per, "us", "5p map"))

    occupied: set[Cell] = set()
    for (r, c), _ in picked[:3]:
        occupied.update({(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)})
    enumerations: dict[str, Callable[[], list[Any]]] = {
        "legal restaurant placements": lambda: board.legal_restaurant_placements(occupied),
        "legal house placements": lambda: board.legal_house_placements(occupied),
        "legal campaign placements 1x1": lambda: board.legal_campaign_placements(1, 1, occupied),
        "legal campaign placements 2x2": lambda: board.legal_campaign_placements(2, 2, occupied),
        "legal campaign placements 3x2": lambda: board.legal_campaign_placements(3, 2, occupied),
    }
    for label, enumerate_fn in enumerations.items():
        count = len(enumerate_fn())
        per = median_seconds(enumerate_fn) * 1e6
        rows.append(Row("board", label, per, "us", f"{count} results"))

    spot = (picked[0][0], picked[0][1], False)
    queries: dict[str, Callable[[], object]] = {
        "reachable roads, range 3": lambda: board.reachable_roads([spot], 3),
        "cart routes, range 2": lambda: board.road_route_supplier_sets([spot], 2),
        "truck routes, range 3": lambda: board.road_route_supplier_sets([spot], 3),
        "zeppelin flights, range 4": lambda: board.zeppelin_supplier_sets((1, 2), 4),
    }
    for label, fn in queries.items():
        rows.append(Row("board", label, median_seconds(fn) * 1e6, "us", "5p map"))
    return rows
