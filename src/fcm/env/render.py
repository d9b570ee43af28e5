"""Pictures of a position for the environments' ``render()`` (docs/research.md).

:func:`board_rgb` rasterises the public position, one block of pixels per map square, in the
web app's colours (grass, roads, houses, gardens, drink suppliers, each chain's colour on its
restaurants, its entrances marked, campaigns as white squares, suppliers as blocks inside their
square). It is a schematic of the
observation's map planes, built from the spectator's view only (nothing hidden is drawn), not
the web app's SVG: no numbers, icons or demand tokens.
"""

from __future__ import annotations

import numpy as np

import fcm
from fcm.core.state import GameState
from fcm.env.observation import layout_of, observe

# The web app's colours (src/fcm/server/web/js/board.js, util.js).
OFF_MAP = (0xCB, 0xD5, 0xE1)
GRASS = (0xE7, 0xEE, 0xD3)
ROAD = (0x6B, 0x72, 0x80)
BRIDGE = (0xA8, 0xB0, 0xBC)
HOUSE = (0xFC, 0xD9, 0xA8)
GARDEN = (0x86, 0xEF, 0xAC)
CAMPAIGN = (0xFF, 0xFF, 0xFF)
ENTRANCE = (0xFE, 0xF0, 0x8A)
SUPPLIERS = {
    "supplier_soda": (0x25, 0x63, 0xEB),
    "supplier_lemonade": (0xFA, 0xCC, 0x15),
    "supplier_beer": (0xD9, 0x77, 0x06),
}
CHAINS = (
    (0xDC, 0x26, 0x26),
    (0x25, 0x63, 0xEB),
    (0x7C, 0x3A, 0xED),
    (0xEA, 0x58, 0x0C),
    (0x0F, 0x76, 0x6E),
    (0xA3, 0xE6, 0x35),  # the sixth chain (a six-player ruleset's), util.js's lime
)
CAMPAIGN_PLANES = ("campaign_radio", "campaign_mailbox", "campaign_billboard")


def board_rgb(state: GameState, square: int = 16) -> np.ndarray:
    """The map of ``state`` as seen by a spectator: ``uint8[rows * square, cols * square, 3]``
    (the map's own size: 2-player maps are smaller than 5-player ones)."""
    public = fcm.view(state, None)
    # Seat 0's perspective of the public view: relative seats are the seats themselves.
    board = observe(public, 0, mask=False)["board"]
    lay = layout_of(public)

    def on(name: str) -> np.ndarray:
        plane: np.ndarray = board[lay.plane(name)] > 0
        return plane

    in_map = on("in_map")
    rows = int(in_map.any(axis=1).sum())
    cols = int(in_map.any(axis=0).sum())
    img = np.empty((*board.shape[1:], 3), np.uint8)
    img[:] = OFF_MAP
    img[in_map] = GRASS
    layers = [("road", ROAD), ("bridge", BRIDGE), ("house", HOUSE), ("garden", GARDEN)]
    layers += [(name, CAMPAIGN) for name in CAMPAIGN_PLANES]
    layers += [(f"restaurant_{k}", CHAINS[k]) for k in range(lay.seats)]
    for name, colour in layers:
        img[on(name)] = colour
    big = np.repeat(np.repeat(img[:rows, :cols], square, axis=0), square, axis=1)

    def mark(name: str, colour: tuple[int, int, int], margin: int) -> None:
        lo, hi = margin, square - margin
        for r, c in zip(*np.nonzero(on(name)[:rows, :cols]), strict=True):
            big[r * square + lo : r * square + hi, c * square + lo : c * square + hi] = colour

    # a drink supplier: a disc-like block of its drink's colour (whole squares are chains')
    for name, colour in SUPPLIERS.items():
        mark(name, colour, square // 6)
    # an entrance: a marker in the middle of its square
    for k in range(lay.seats):
        mark(f"entrance_{k}", ENTRANCE, square // 3)
    # grid lines between squares, as the web app strokes them
    big[::square] = (big[::square] * 0.85).astype(np.uint8)
    big[:, ::square] = (big[:, ::square] * 0.85).astype(np.uint8)
    return big
