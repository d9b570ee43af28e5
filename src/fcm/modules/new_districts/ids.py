"""The ids New Districts adds (ketchup.md 0.4, 1): its map tiles, its house kind and the
numbers of its printed houses."""

from __future__ import annotations

TILES = ("U", "V", "W", "X", "Y")  # the five tiles of the pool (Z is the Lobbyists')

APARTMENT = "apartment"  # the house kind of the 3x3 apartment buildings

# House numbers are whole numbers in the game state; an apartment's number is its place in
# the house order (π = 3.14, 9¾ = 9.75) times 100, and its label is the printed one.
PI = 314
NINE_AND_THREE_QUARTERS = 975
LABELS = {PI: "π", NINE_AND_THREE_QUARTERS: "9¾"}
