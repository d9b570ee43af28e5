"""The New Districts map tiles (ketchup.md 1; ketchup-components.json), transcribed in the
``tiles.json`` format the catalog reads: ``H`` is a printed house square (a 2x2 house, or a
3x3 apartment building: ketchup-components' ``A`` squares), ``G`` a printed garden square,
and ``houses`` names the printed houses in reading order of their top-left squares."""

from __future__ import annotations

from typing import Any

from fcm.modules.new_districts.ids import APARTMENT, NINE_AND_THREE_QUARTERS, PI

TILES: tuple[dict[str, Any], ...] = (
    # U: three separate lemonade suppliers on one ring road
    {"letter": "U", "house": None, "grid": [".rrr.", "rr.rr", "rl.lr", "rrlrr", ".rrr."]},
    # V: houses 22 (north) and 21 (south) beside one straight W-E road
    {
        "letter": "V", "house": None, "houses": [{"number": 22}, {"number": 21}],
        "grid": ["..HH.", "..HH.", "rrrrr", ".HH..", ".HH.."],
    },
    # W: house 25 with its printed garden; the road ends against the house
    {
        "letter": "W", "house": None, "houses": [{"number": 25}],
        "grid": [".....", "HH...", "HHrrr", "GG...", "....."],
    },
    # X: apartment π with four road stubs that touch it but do not connect through it
    {
        "letter": "X", "house": None, "houses": [{"number": PI, "kind": APARTMENT}],
        "grid": ["..r..", ".HHH.", "rHHHr", ".HHH.", "..r.."],
    },
    # Y: apartment 9¾ with one road round three sides
    {
        "letter": "Y", "house": None,
        "houses": [{"number": NINE_AND_THREE_QUARTERS, "kind": APARTMENT}],
        "grid": ["rrrrr", "rHHHr", "rHHHr", "rHHH.", "rrr.."],
    },
)
