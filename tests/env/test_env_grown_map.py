"""The research encoding of a map that grew (ketchup.md 2 "First lobbyist used": one extra
tile per claimer, on any side of the map). The grid is sized from the ruleset with room for
every tile Lobbyists may add (``Extensions.map_growth``: one per seat while leftover tiles
last), so a grown map never raises EncodingError: squares are numbered from the grown map's
top-left, so a map grown by ``g`` tiles needs ``g`` tile rows and columns more, whichever side
they went to."""

from __future__ import annotations

from typing import Any

import pytest

import fcm
from fcm.core.engine import apply, legal_actions
from fcm.env.encoding import decode, encode, encoding_for
from fcm.env.observation import Observer, layout_for
from fcm.modules.lobbyists.actions import BuildRoad, PlaceMapTile
from fcm.rulesets import get_ruleset

ROW = [["A", 0], ["B", 0], ["D", 0], ["E", 0]]
TILES_4X4 = [ROW, [["R", 0], ["T", 0], ["F", 0], ["G", 0]],
             [["H", 0], ["I", 0], ["J", 0], ["K", 0]], [["L", 0], ["M", 0], ["N", 0], ["O", 0]]]


def claimed(players: int, tiles: list[Any], lobbyists: int = 1) -> fcm.GameState:
    """Seat 0 has just built a road (0, 3)-(1, 3) and claimed First lobbyist used."""
    s = fcm.load_scenario({
        "players": players, "tiles": tiles, "modules": ["lobbyists"], "phase": "working",
        "round": 2, "turn_order": list(range(players)),
        "companies": [{"reserve": 300, "at_work": ["lobbyist"] * lobbyists},
                      *({"reserve": 100} for _ in range(players - 1))],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        "working": {"seat": 0, "step": "lobbyists"},
    })
    s, _ = apply(s, 0, BuildRoad(((0, 3), (1, 3))))
    return s


def round_trips(s: fcm.GameState) -> int:
    """Every legal action of seat 0 has an index that decodes to it, the mask has them, and
    the observation's in_map plane holds the whole map."""
    seat = fcm.current_actors(s)[0]
    v = fcm.view(s, seat)
    legal = legal_actions(s, seat)
    o = Observer().observe(v, seat)
    assert {encode(v, a) for a in legal} == set(o["action_mask"].nonzero()[0])
    for a in legal:
        assert decode(v, encode(v, a)) == a
    squares = 25 * sum(t != "" for row in s.tiles for t, _ in row)
    assert o["board"][layout_for(s.rules).plane("in_map")].sum() == squares
    return len(legal)


def test_the_grid_leaves_room_for_every_extra_tile_of_lobbyists() -> None:
    """ketchup.md 2: up to one extra tile per seat (the pool's leftover tiles permitting):
    4 players on 4 x 4 tiles with 5 leftover may add 4 (40 x 40 squares); New Districts'
    tiles let 5 players add 5 to 4 x 5 (45 x 50); without Lobbyists the grid is the base
    game's 20 x 25."""
    enc = encoding_for(get_ruleset("base", ["lobbyists"]))
    assert (enc.height, enc.width) == (40, 40)
    assert enc.blocks["place_map_tile"].dims == (21, 4, 10 * 10)
    nd = encoding_for(get_ruleset("base", ["lobbyists", "new_districts"]))
    assert (nd.height, nd.width) == (45, 50)
    assert (encoding_for(get_ruleset("base", ["coffee"])).height, 25) == (20, 25)


@pytest.mark.parametrize("place", [(-1, 0), (0, -1), (0, 4), (4, 0)], ids=["n", "w", "e", "s"])
def test_a_map_grown_in_every_direction_encodes(place: tuple[int, int]) -> None:
    """ketchup.md 2: the extra tile north, west, east or south of a 4 x 4 map; the offer of
    every place encodes first, and after it every legal action round-trips."""
    s = claimed(4, TILES_4X4)
    assert round_trips(s) > 100
    s, _ = apply(s, 0, PlaceMapTile("C", 0, *place))
    assert sum(t == "C" for row in s.tiles for t, _ in row) == 1
    round_trips(s)


@pytest.mark.parametrize("step", [(-1, 0), (0, -1)], ids=["north", "west"])
def test_four_extra_tiles_the_same_way_still_encode(step: tuple[int, int]) -> None:
    """The largest growth of a 4-player game: each of four claimers (here seat 0 owing the
    tile again, as each same-turn claimer does) adds a tile north (or west) of the last: 8 x 4
    tiles, 40 squares high (wide), the grid's edge; every square and action still encodes."""
    s = claimed(4, TILES_4X4, lobbyists=2)  # its turn goes on after each tile
    for letter in "CPQS":
        s.module_data["lobbyists"]["map_tile"] = 0
        s, _ = apply(s, 0, PlaceMapTile(letter, 0, *step))
    assert (len(s.tiles), len(s.tiles[0])) == ((8, 4) if step[0] else (4, 8))
    assert s.restaurants[0].cell == ((20, 0) if step[0] else (0, 20))
    round_trips(s)
    enc = encoding_for(s.rules)
    far = (39, 0) if step[0] else (0, 39)
    assert enc.cell_of(enc.square(far)) == far
