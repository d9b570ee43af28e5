"""The reference tables of docs/research.md, generated from the encodings themselves
(``python -m fcm.env.reference``), so the documentation can be checked against the code."""

from __future__ import annotations

from fcm.env.encoding import BLOCKS, NUM_ACTIONS, VERSION
from fcm.env.observation import (
    BOARD_PLANES,
    GLOBAL_FIELDS,
    OBS_SIZE,
    PLAYER_FIELDS,
    global_field,
    player_field,
)


def action_table() -> str:
    lines = [
        f"Action encoding version {VERSION}: {NUM_ACTIONS} indices.",
        "",
        "| block | offset | size | field sizes |",
        "|---|---|---|---|",
    ]
    for b in BLOCKS.values():
        dims = " x ".join(str(d) for d in b.dims) or "-"
        lines.append(f"| `{b.name}` | {b.offset} | {b.size} | {dims} |")
    return "\n".join(lines)


def observation_tables() -> str:
    lines = [f"Flat observation: {OBS_SIZE} floats.", "", "| plane | name | a square holds |"]
    lines.append("|---|---|---|")
    for i, (name, what) in enumerate(BOARD_PLANES):
        lines.append(f"| {i} | `{name}` | {what} |")
    lines += ["", "| player features | name | what |", "|---|---|---|"]
    for name, _, what in PLAYER_FIELDS:
        s = player_field(name)
        lines.append(f"| {s.start}..{s.stop - 1} | `{name}` | {what} |")
    lines += ["", "| global features | name | what |", "|---|---|---|"]
    for name, _, what in GLOBAL_FIELDS:
        s = global_field(name)
        lines.append(f"| {s.start}..{s.stop - 1} | `{name}` | {what} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(action_table())
    print()
    print(observation_tables())
