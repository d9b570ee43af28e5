"""The reference tables of docs/research.md, generated from the encodings themselves
(``python -m fcm.env.reference``), so the documentation can be checked against the code: the
base game's, then those of a game with every module of one set on (``ALL_MODULES``)."""

from __future__ import annotations

import fcm  # noqa: F401  (registers the modules)
from fcm.env.encoding import BASE, VERSION, Encoding, encoding_for
from fcm.env.observation import BASE_LAYOUT, Layout, layout_for
from fcm.rulesets import get_ruleset, module_problem, playable_modules


def _all_modules() -> tuple[str, ...]:
    """The largest set the tables show: every playable module in id order, each unless it
    cannot join the ones taken before it (an exclusion, e.g. ketchup.md 16)."""
    chosen: list[str] = []
    for m in playable_modules():
        if module_problem([*chosen, m]) is None:
            chosen.append(m)
    return tuple(chosen)


ALL_MODULES: tuple[str, ...] = _all_modules()


def action_table(enc: Encoding = BASE) -> str:
    lines = [
        f"Action encoding version {VERSION} {enc.modules_text}: {enc.num_actions} indices.",
        "",
        "| block | offset | size | field sizes |",
        "|---|---|---|---|",
    ]
    for b in enc.blocks.values():
        dims = " x ".join(str(d) for d in b.dims) or "-"
        lines.append(f"| `{b.name}` | {b.offset} | {b.size} | {dims} |")
    return "\n".join(lines)


def observation_tables(lay: Layout = BASE_LAYOUT) -> str:
    lines = [
        f"Flat observation {lay.encoding.modules_text}: {lay.OBS_SIZE} floats.",
        "",
        "| plane | name | a square holds |",
    ]
    lines.append("|---|---|---|")
    for i, (name, what) in enumerate(lay.board_planes):
        lines.append(f"| {i} | `{name}` | {what} |")
    lines += ["", "| player features | name | what |", "|---|---|---|"]
    for name, _, what in lay.player_fields:
        s = lay.player_field(name)
        lines.append(f"| {s.start}..{s.stop - 1} | `{name}` | {what} |")
    lines += ["", "| global features | name | what |", "|---|---|---|"]
    for name, _, what in lay.global_fields:
        s = lay.global_field(name)
        lines.append(f"| {s.start}..{s.stop - 1} | `{name}` | {what} |")
    return "\n".join(lines)


def module_tables() -> str:
    """The tables with every module of ``ALL_MODULES`` on, and the vocabularies they add."""
    rules = get_ruleset("base", ALL_MODULES)
    enc, lay = encoding_for(rules), layout_for(rules)

    def added(name: str, full: tuple[object, ...], base: tuple[object, ...]) -> str:
        extra = ", ".join(f"`{x}`" for x in full[len(base) :]) or "none"
        return f"| {name} | {len(base)} | {len(full)} | {extra} |"

    lines = [
        "| vocabulary | base | with these modules | added (at the end, in this order) |",
        "|---|---|---|---|",
        added("employees", enc.employees, BASE.employees),
        added("training edges", enc.train_edges, BASE.train_edges),
        added("marketeers", enc.marketeers, BASE.marketeers),
        added("campaign tiles", enc.campaign_numbers, BASE.campaign_numbers),
        added("milestones", lay.milestones, BASE_LAYOUT.milestones),
        added("drink suppliers", enc.suppliers, BASE.suppliers),
        added("house numbers", enc.house_numbers, BASE.house_numbers),
        added("foods cooked", enc.foods, BASE.foods),
        added("Working 9-5 steps", lay.steps, BASE_LAYOUT.steps),
        f"| seats | {BASE.seats} | {enc.seats} | "
        + (f"{enc.seats - BASE.seats} more (turn positions, player rows, seat planes) |"
           if enc.seats > BASE.seats else "none |"),
        f"| squares (rows x columns) | {BASE.height} x {BASE.width} | {enc.height} x {enc.width} | "
        + ("the largest map's (every square field, every plane) |"
           if (enc.height, enc.width) != (BASE.height, BASE.width) else "none |"),
        f"| reserve cards | {len(BASE.reserves)} | {len(enc.reserves)} | "
        + ", ".join(f"${m} base price ${p}" for m, p in enc.reserves)
        + " (instead of the base cards) |",
        "",
        action_table(enc),
        "",
        observation_tables(lay),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(action_table())
    print()
    print(observation_tables())
    print()
    print(module_tables())
