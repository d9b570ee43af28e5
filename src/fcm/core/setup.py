"""Game setup (facts.md C): the only place where chance is consumed.

The seed decides the map (tiles and rotations) and the initial turn order; the PRNG state is
kept in the game state, so a seed plus the action list replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fcm.core.company import board_of
from fcm.core.engine import advance, enter_phase
from fcm.core.events import Event, EventKind, EventLog
from fcm.core.extensions import Moment, run_moment
from fcm.core.geometry import random_placements
from fcm.core.rng import Rng
from fcm.core.state import GameState, House, Options, Phase, Player

if TYPE_CHECKING:
    from fcm.core.catalog import Catalog
    from fcm.core.ruleset import Ruleset

MIN_PLAYERS = 2
MAX_PLAYERS = 5  # the base game's; a ruleset's own are its catalog's setups


def new_game(
    players: int,
    seed: int,
    options: Options | None = None,
    *,
    rules: Ruleset,
    tiles: Sequence[Sequence[tuple[str, int]]] | None = None,
) -> GameState:
    """A new game at its first decision.

    Args:
        players: a count the ruleset sets up (2 to 5; a module may add one).
        seed: decides the map and the initial turn order.
        options: rules options (introductory game, rules alternatives).
        rules: the ruleset the options name (``fcm.new_game`` resolves it).
        tiles: an explicit map as ``[tile_row][tile_col] = (letter, rotation)``; random if None.

    Raises:
        ValueError: a player count the ruleset does not set up, an unknown tile, or a
            ruleset whose modules are not the options' ones.
    """
    return new_game_with_events(players, seed, options, rules=rules, tiles=tiles)[0]


def new_game_with_events(
    players: int,
    seed: int,
    options: Options | None = None,
    *,
    rules: Ruleset,
    tiles: Sequence[Sequence[tuple[str, int]]] | None = None,
) -> tuple[GameState, list[Event]]:
    counts = rules.catalog.setups
    if players not in counts:
        raise ValueError(
            f"Food Chain Magnate is for {min(counts)} to {max(counts)} players, not {players}"
        )
    opts = (options or Options()).resolved()
    if rules.modules != opts.modules:  # the hooks played must be the ones the game saves
        raise ValueError(
            f"ruleset {rules.id!r} plays modules {sorted(rules.modules)}, "
            f"the options name {sorted(opts.modules)}"
        )
    catalog = rules.catalog
    setup = catalog.setups[players]
    rng = Rng(seed)
    if tiles is None:
        layout = _random_layout(setup.tile_rows, setup.tile_cols, rng, tuple(catalog.tiles))
        if opts.introductory and opts.introductory_all_drinks:
            # facts.md 9.1 #13 (DLX): the introductory map shows all three drink suppliers;
            # draw again (from the same PRNG) until it does.
            while not _all_drinks(layout, catalog):
                layout = _random_layout(
                    setup.tile_rows, setup.tile_cols, rng, tuple(catalog.tiles)
                )
    else:
        layout = [[(str(t), int(k) % 4) for t, k in row] for row in tiles]
    removed = set(setup.billboards_removed)
    state = GameState(
        options=opts,
        seed=seed,
        rng=0,
        tiles=layout,
        players=[Player(seat=s, stock=dict.fromkeys(rules.goods, 0)) for s in range(players)],
        supply=catalog.supply_for(players),
        bank=setup.bank_intro if opts.introductory else setup.bank,
        campaign_supply=sorted(n for n in catalog.campaigns if n not in removed),
        house_supply=list(catalog.placeable_houses),
        gardens_left=catalog.garden_tiles,
        milestones_available=list(catalog.milestones) if opts.uses_milestones else [],
        ceo_slots=catalog.ceo_start_slots,
        rules=rules,
    )
    board = board_of(state)
    kinds = {n: k for t in catalog.tiles.values() for n, k in t.houses}  # a module's tiles
    for number, cells in sorted(board.printed_houses.items()):
        state.houses[number] = House(
            number=number,
            cell=min(cells),
            printed=True,
            garden=board.printed_gardens.get(number, ()),  # a module tile's printed garden
            kind=kinds.get(number, ""),
            size=3 if len(cells) == 9 else 2,
        )
    order = list(range(players))
    rng.shuffle(order)
    state.turn_order = order
    state.rng = rng.state
    log = EventLog()
    run_moment(state, Moment.SETUP, log)
    # No seed in the event: it gives every random outcome to come (the record keeps it).
    log.add(EventKind.GAME_CREATED, players=players, turn_order=list(order), tiles=layout)
    # The introductory game has no reserve cards (facts.md E.10).
    enter_phase(state, Phase.SETUP_RESTAURANTS if opts.introductory else Phase.SETUP_RESERVE, log)
    advance(state, log)
    return state, list(log)


def _random_layout(
    rows: int, cols: int, rng: Rng, letters: tuple[str, ...]
) -> list[list[tuple[str, int]]]:
    return [
        [(p.letter, p.rotation) for p in row]
        for row in random_placements(rows, cols, rng.next_u64(), letters)
    ]


def _all_drinks(layout: Sequence[Sequence[tuple[str, int]]], catalog: Catalog) -> bool:
    """Whether the map prints a soda, a lemonade and a beer supplier (facts.md D encoding)."""
    printed = {
        ch for row in layout for letter, _ in row for ch in "".join(catalog.tiles[letter].grid)
    }
    return {"s", "l", "b"} <= printed
