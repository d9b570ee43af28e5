"""Coffee (ketchup.md 4): baristas make coffee, coffee shops sell it along each house's route.

- Cards: Barista Trainee (entry, no salary, 1 coffee), Barista (salary, 2), Lead Barista (1x,
  salary, 5); career Barista Trainee -> Barista -> Lead Barista. They make coffee in the food
  and drinks step like any cook (their catalog ``food``). One extra Luxuries Manager (0.2).
- Coffee (``ids.COFFEE``) is neither food nor a drink and is never marketed (goods as data);
  it is never frozen: all of it is thrown away when Clean up begins (``Moment.CLEANUP_START``).
- Coffee shops (``ids.COFFEE_SHOP``, a board piece; owners in ``module_data``): 1x1, on an empty
  square next to a road, on a tile with no coffee shop of any chain. Training a Barista Trainee
  into a Barista or a Barista into the Lead Barista lets the trainer's chain place one right
  away (``Extensions.decisions``; optional, 19.1 row 8) within road range 2 of its own open
  restaurants or coffee shops (19.3; switch ``coffee_shop_range_any_chain``: anybody's). With
  all three on the map, it may move one instead. A shop starts the range of every card
  (``Extensions.origins``). It is no restaurant.
- Dinnertime (``Extensions.on_the_way``): after a house eats, it walks a shortest route to the
  winner (any of its open restaurants at the winning distance) and buys 1 coffee at each
  coffee shop or open restaurant entrance it passes of a chain with coffee, never at its
  destination; among shortest routes the one selling most is taken; tied routes sell only where
  all agree (``route.py``; switch ``coffee_routes_simple``: no road square entered twice). Paid
  at the seller's unit price, doubled by a garden; Dinnertime income (the CFO counts it);
  every seller's coffee goes through the sale lines (a park's x2, ketchup.md 2: the winner's
  own coffee too), the winner's marked ``again`` (its once-a-house lines, a Fry Chef's +$10,
  came with the meal).
- First coffee sold: each first seller places one coffee shop in that round's Clean up, in turn
  order, anywhere (one per tile still holds) (``Extensions.cleanup_decisions``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, NamedTuple

from fcm.core import milestones
from fcm.core.actions import DONE, Action, Done
from fcm.core.company import board_of, occupied_squares
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import (
    Decision,
    Extensions,
    Moment,
    Notice,
    SeatDecision,
    Trained,
    Trip,
)
from fcm.core.geometry import Board, RestaurantSpot, RoadNode, restaurant_entrances
from fcm.core.state import GameState, Piece, WorkingTurn
from fcm.core.types import Cell, Corner, Seat, tile_of
from fcm.modules._actions import square
from fcm.modules._data import add_after_cut, add_cards_from, add_milestones_from, module_file
from fcm.modules.coffee import ids
from fcm.modules.coffee.actions import ACTIONS, MoveCoffeeShop, PlaceCoffeeShop
from fcm.modules.coffee.events import COFFEE_SHOP_PLACED, COFFEE_SOLD, EVENTS, CoffeeSale
from fcm.modules.coffee.route import shortest_walks
from fcm.rulesets import Module, known_modules

ID = "coffee"
RANGE_ANY_CHAIN = "coffee_shop_range_any_chain"  # 19.3: any chain's locations start the range
SIMPLE_ROUTES = "coffee_routes_simple"  # 19.3: a route never enters a road square twice
RULE = "Coffee, ketchup.md 4"
# Training along these edges lets the chain place a coffee shop (4 "Coffee shops").
PLACING = frozenset({(ids.BARISTA_TRAINEE, ids.BARISTA), (ids.BARISTA, ids.LEAD_BARISTA)})


@cache
def _data_file() -> Any:
    """The module's data (read once; its users copy what they change)."""
    return module_file(__name__, "coffee.json")


def setup() -> dict[str, Any]:
    setup_of: dict[str, Any] = _data_file()["setup"]
    return setup_of


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    data = _data_file()
    add_cards_from(raw, data["employees"])
    add_milestones_from(raw, data["milestones"])
    add_after_cut(raw, ID, setup()["extra_after_cut"])


# -- the shops ------------------------------------------------------------------------------------


def shops(state: GameState, seat: Seat | None = None) -> list[tuple[Seat, Cell]]:
    """The coffee shops on the map (``seat``: that chain's), in placement order."""
    out = [(int(s), (int(r), int(c))) for s, r, c in state.module_data.get(ID, {}).get("shops", [])]
    return out if seat is None else [x for x in out if x[0] == seat]


def regrid(state: GameState, rows: int, cols: int) -> None:
    """The map grew north or west (``fcm.core.regrid``): the listed shops move with their
    pieces."""
    listed = state.module_data.get(ID, {}).get("shops")
    if listed:
        state.module_data[ID]["shops"] = [[s, r + rows, c + cols] for s, r, c in listed]


def _shop_spot(cell: Cell) -> RestaurantSpot:
    # a 1x1 shop with entrances on all four sides: its own square is the entrance square
    return (cell, Corner.NW, False)


def origins(state: GameState, seat: Seat, spots: list[RestaurantSpot]) -> list[RestaurantSpot]:
    """A coffee shop starts the range of every card (4)."""
    own = shops(state, seat)
    return spots + [_shop_spot(cell) for _, cell in own] if own else spots


def _range_spots(state: GameState, seat: Seat, moving: Cell | None) -> list[RestaurantSpot]:
    """Where a training's shop range starts: the chain's open restaurants and coffee shops
    (19.3; switch: every chain's), not the shop being moved."""
    anyone = RANGE_ANY_CHAIN in state.options.switches
    spots = [
        (r.cell, r.entrance, r.drive_in)
        for r in state.restaurants
        if r.open and (anyone or r.owner == seat)
    ]
    spots += [
        _shop_spot(cell)
        for owner, cell in shops(state)
        if (anyone or owner == seat) and cell != moving
    ]
    return spots


def shop_squares(
    state: GameState, seat: Seat, *, ranged: bool, moving: Cell | None = None
) -> list[Cell]:
    """The squares a coffee shop of ``seat`` may go on (4): empty, next to a road, on a tile
    with no coffee shop (the one being moved aside), within road range 2 when ``ranged``."""
    board = board_of(state)
    taken_tiles = {tile_of(cell) for _, cell in shops(state) if cell != moving}
    occupied = occupied_squares(state)
    if ranged:
        candidates: Any = board.squares_in_road_range(
            _range_spots(state, seat, moving), int(setup()["shop_range"])
        )
    else:
        candidates = (
            (r, c) for r in range(board.height) for c in range(board.width)
        )
    out = []
    for cell in candidates:
        if (
            tile_of(cell) not in taken_tiles
            and board.is_blank(cell)
            and cell not in occupied
            and _next_to_road(board, cell)
        ):
            out.append(cell)
    return sorted(out)


def _next_to_road(board: Board, cell: Cell) -> bool:
    r, c = cell
    return any(board.is_road(n) for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)))


def shop_options(state: GameState, seat: Seat, *, ranged: bool) -> list[Action]:
    """A placement (or, with all of the chain's shops on the map, a move) for each legal
    square."""
    own = shops(state, seat)
    if len(own) < int(setup()["shops_per_chain"]):
        return [PlaceCoffeeShop(cell) for cell in shop_squares(state, seat, ranged=ranged)]
    return [
        MoveCoffeeShop(origin, cell)
        for _, origin in own
        for cell in shop_squares(state, seat, ranged=ranged, moving=origin)
        if cell != origin
    ]


def why_not(state: GameState, seat: Seat, action: Action, *, ranged: bool) -> str | None:
    """Why a placement is refused, naming the rule (None: not a placement)."""
    if not isinstance(action, PlaceCoffeeShop | MoveCoffeeShop):
        return None
    cell = action.cell
    moving = action.origin if isinstance(action, MoveCoffeeShop) else None
    own = shops(state, seat)
    full = len(own) >= int(setup()["shops_per_chain"])
    if isinstance(action, PlaceCoffeeShop) and full:
        return Reason("coffee.all_placed",
                      f"{RULE}: all three of your coffee shops are on the map: move one instead")
    if isinstance(action, MoveCoffeeShop) and not full:
        return Reason("coffee.move_when_all",
                      f"{RULE}: a coffee shop is moved only when all three of yours are on the map")
    if moving is not None and (seat, moving) not in own:
        return Reason("coffee.no_shop_there",
                      f"{RULE}: you have no coffee shop on {moving[0]},{moving[1]} to move",
                      at=square(moving))
    board = board_of(state)
    if not board.in_map(cell):
        return Reason("coffee.off_map", f"{RULE}: square {cell[0]},{cell[1]} is not on the map",
                      at=square(cell))
    if any(tile_of(c) == tile_of(cell) for _, c in shops(state) if c != moving):
        return Reason(
            "coffee.one_per_tile",
            f"{RULE}: that tile already has a coffee shop (one per tile, of any chain)")
    if not board.is_blank(cell) or cell in occupied_squares(state):
        return Reason("coffee.empty_square", f"{RULE}: a coffee shop goes on an empty square")
    if not _next_to_road(board, cell):
        return Reason("coffee.next_to_road", f"{RULE}: a coffee shop goes next to a road")
    if ranged:
        whose = "any" if RANGE_ANY_CHAIN in state.options.switches else "your"
        return Reason(
            f"coffee.range_{whose}",
            f"{RULE}: after a training a coffee shop goes within road range 2 of {whose} "
            "restaurant or coffee shop",
        )
    return Reason("coffee.not_there", f"{RULE}: no coffee shop may go there")


def _place(state: GameState, seat: Seat, action: Action, by_milestone: bool, log: EventLog) -> None:
    data = state.module_data.setdefault(ID, {})
    listed = data.setdefault("shops", [])
    event: dict[str, Any] = {"seat": seat}
    if isinstance(action, MoveCoffeeShop):
        ox, oy = action.origin
        listed.remove([seat, ox, oy])
        state.pieces.remove(Piece(ids.COFFEE_SHOP.id, action.origin))
        event["origin"] = [[ox, oy]]
    assert isinstance(action, PlaceCoffeeShop | MoveCoffeeShop)
    r, c = action.cell
    listed.append([seat, r, c])
    state.pieces.append(Piece(ids.COFFEE_SHOP.id, action.cell))
    event["cells"] = [[r, c]]
    if by_milestone:
        event["milestone"] = ids.FIRST_COFFEE_SOLD.value
    log.emit(COFFEE_SHOP_PLACED, **event)


def _none_placed(
    state: GameState, seat: Seat, by_milestone: bool, why: str, log: EventLog
) -> None:
    event: dict[str, Any] = {"seat": seat, "cells": [], why: True}
    if by_milestone:
        event["milestone"] = ids.FIRST_COFFEE_SOLD.value
    log.emit(COFFEE_SHOP_PLACED, **event)


def _drop(state: GameState, key: str) -> None:
    data = state.module_data.get(ID, {})
    data.pop(key, None)
    if not data:
        state.module_data.pop(ID, None)


# -- after a training (Working 9-5) ---------------------------------------------------------------


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    """A training along the barista line lets the chain place a coffee shop right away (4)."""
    if not isinstance(notice, Trained) or (notice.employee, notice.into) not in PLACING:
        return
    if shop_options(state, notice.seat, ranged=True):
        state.module_data.setdefault(ID, {})["placing"] = notice.seat
    else:
        _none_placed(state, notice.seat, False, "no_square", log)


def placing_options(state: GameState, turn: WorkingTurn) -> list[Action] | None:
    if state.module_data.get(ID, {}).get("placing") != turn.seat:
        return None
    return shop_options(state, turn.seat, ranged=True)


def placing_act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> bool:
    if state.module_data.get(ID, {}).get("placing") != turn.seat:
        return False
    if not isinstance(action, PlaceCoffeeShop | MoveCoffeeShop | Done):
        return False
    _drop(state, "placing")
    if isinstance(action, Done):
        _none_placed(state, turn.seat, False, "declined", log)
    else:
        _place(state, turn.seat, action, False, log)
    return True


PLACING_DECISION = Decision(
    placing_options,
    placing_act,
    pending_why=Reason(
        "coffee.place_first",
        f"Working 9–5: first place the coffee shop your barista training allows, within road "
        f"range 2 of your restaurant or coffee shop, or decline it (done) ({RULE})"
    ),
    explain=lambda state, turn, action: why_not(state, turn.seat, action, ranged=True),
    outside_why={
        PlaceCoffeeShop.type: Reason(
            "coffee.place_after_training",
            f"Working 9–5: a coffee shop is placed only right after training a Barista Trainee "
            f"into a Barista or a Barista into the Lead Barista ({RULE})"
        ),
        MoveCoffeeShop.type: Reason(
            "coffee.move_after_training",
            f"Working 9–5: a coffee shop is moved only right after training a Barista Trainee "
            f"into a Barista or a Barista into the Lead Barista ({RULE})"
        ),
    },
)


# -- First coffee sold (Clean up) -----------------------------------------------------------------


def owes(state: GameState) -> list[Seat]:
    owed = state.module_data.get(ID, {}).get("owed", [])
    order = {s: i for i, s in enumerate(state.turn_order)}
    return sorted((int(s) for s in owed), key=lambda s: order.get(s, len(order) + s))


def owed_options(state: GameState, seat: Seat) -> list[Action]:
    return shop_options(state, seat, ranged=False) or [DONE]


def owed_act(state: GameState, seat: Seat, action: Action, log: EventLog) -> bool:
    if not isinstance(action, PlaceCoffeeShop | MoveCoffeeShop | Done):
        return False
    owed = state.module_data[ID]["owed"]
    owed.remove(seat)
    if not owed:
        _drop(state, "owed")
    if isinstance(action, Done):
        _none_placed(state, seat, True, "no_square", log)
    else:
        _place(state, seat, action, True, log)
    return True


MILESTONE_DECISION = SeatDecision(
    owes,
    owed_options,
    owed_act,
    why=Reason(
        "coffee.milestone_first",
        f"Clean up: First coffee sold: first place your coffee shop anywhere (one per tile), "
        f"in turn order ({RULE})"
    ),
    explain=lambda state, seat, action: why_not(state, seat, action, ranged=False),
)


def throw_away(state: GameState, log: EventLog) -> None:
    """Coffee is never frozen: all of it goes when Clean up begins (4)."""
    for p in state.players:
        n = p.stock.get(ids.COFFEE, 0)
        if n:
            p.stock[ids.COFFEE] = 0
            log.add(EventKind.GOODS_DISCARDED, seat=p.seat, goods=[ids.COFFEE.value] * n)


# -- Dinnertime -----------------------------------------------------------------------------------


class Location(NamedTuple):
    """A place that sells coffee: a coffee shop or a restaurant entrance of a chain with coffee."""

    seat: Seat
    place: str  # "shop" | "restaurant"
    cell: Cell  # the shop's square, the restaurant's top-left
    number: int  # the restaurant's number (-1: a shop)
    entrances: tuple[Cell, ...]


def _locations(state: GameState, stock: Counter[Seat]) -> list[Location]:
    out = [
        Location(r.owner, "restaurant", r.cell, r.number,
                 restaurant_entrances(r.cell, r.entrance, r.drive_in))
        for r in state.restaurants
        if r.open and stock[r.owner]
    ]
    out += [
        Location(seat, "shop", cell, -1, (cell,))
        for seat, cell in shops(state)
        if stock[seat]
    ]
    return out


def _nodes_next_to(board: Board, entrances: tuple[Cell, ...]) -> set[RoadNode]:
    nodes: set[RoadNode] = set()
    for cell in entrances:
        nodes.update(n for n, _ in board.entrance_starts(cell, Corner.NW))
    return nodes


def on_the_way(state: GameState, trip: Trip, log: EventLog) -> list[tuple[Seat, int]]:
    """The house buys 1 coffee at each coffee location on its shortest route (4 steps 2-5)."""
    stock: Counter[Seat] = Counter(
        {p.seat: p.stock.get(ids.COFFEE, 0) for p in state.players if p.stock.get(ids.COFFEE)}
    )
    if not stock:
        return []
    board = board_of(state)
    house = trip.house
    locations = _locations(state, stock)
    if not locations:
        return []
    bits: dict[RoadNode, int] = {}
    for i, loc in enumerate(locations):
        for node in _nodes_next_to(board, loc.entrances):
            bits[node] = bits.get(node, 0) | (1 << i)
    ends = []
    for r in state.restaurants:
        if r.owner != trip.seat or not r.open:
            continue
        excluded = 0
        for i, loc in enumerate(locations):
            if loc.place == "restaurant" and (loc.seat, loc.number) == (r.owner, r.number):
                excluded |= 1 << i  # never at its destination
        e: dict[RoadNode, int] = {}
        for cell in restaurant_entrances(r.cell, r.entrance, r.drive_in):
            for n, c in board.entrance_starts(cell, Corner.NW):
                e[n] = min(c, e.get(n, 2))
        ends.append((excluded, e))
    starts = dict(board.house_starts(house.footprint))
    found = shortest_walks(
        board, starts, ends, bits, simple=SIMPLE_ROUTES in state.options.switches
    )
    if found is None:
        return []
    distance, walks = found
    table = board.house_distances(house.footprint)

    def near(i: int) -> tuple[int, int]:
        ds = [table[r * board.width + c] for r, c in locations[i].entrances]
        return (min((d for d in ds if d >= 0), default=1 << 20), i)

    def sold(mask: int) -> frozenset[int]:
        """The locations that sell on a walk passing ``mask``: nearer the house first, while
        the chain has coffee (4)."""
        left = Counter(stock)
        out = []
        for i in sorted((i for i in range(len(locations)) if mask >> i & 1), key=near):
            if left[locations[i].seat] > 0:
                left[locations[i].seat] -= 1
                out.append(i)
        return frozenset(out)

    selling = {mask: sold(mask) for mask in walks}
    most = max((len(s) for s in selling.values()), default=0)
    if not most:
        return []
    best = [mask for mask in walks if len(selling[mask]) == most]
    sets = {selling[mask] for mask in best}
    agreed = frozenset.intersection(*sets)  # tied routes sell only where all agree (4 step 4)
    skipped = frozenset.union(*sets) - agreed
    shown = next((m for m in best if selling[m] == agreed), best[0])
    price_of = trip.prices
    factor = 2 if house.garden else 1
    sales: list[CoffeeSale] = []
    earned: dict[Seat, int] = {}
    for i in sorted(agreed, key=near):
        loc = locations[i]
        amount = price_of[loc.seat] * factor
        state.players[loc.seat].stock[ids.COFFEE] -= 1
        sales.append(
            CoffeeSale(seat=loc.seat, place=loc.place, cell=list(loc.cell), amount=amount)
        )
        earned[loc.seat] = earned.get(loc.seat, 0) + amount
    out: list[tuple[Seat, int]] = []
    for seat in [s for s in state.turn_order if s in earned]:
        amount = earned[seat]
        if state.rules.extensions.sale:  # e.g. a park (x2, ketchup.md 2), a Fry Chef
            # ``base``: at the unit price, before the garden (a park multiplies it too)
            base = sum(s["amount"] // factor for s in sales if s["seat"] == seat)
            coffee: dict[str, Any] = {"kind": "coffee", "amount": amount, "base": base}
            if seat == trip.seat:  # the winner's meal paid its once-a-house lines (Fry Chef)
                coffee["again"] = True
            lines: list[dict[str, Any]] = [coffee]
            for fold in state.rules.extensions.sale:
                lines = fold(state, seat, house, lines)
            amount = sum(line["amount"] for line in lines)
        out.append((seat, amount))
    event: dict[str, Any] = {
        "house": house.number,
        "winner": trip.seat,
        "distance": distance,
        "count": len(sales),
        "cells": [sale["cell"] for sale in sales],
        "sales": sales,
        "route": [list(c) for c in walks[shown]],
        "routes": len(sets),
        "amount": sum(a for _, a in out),
    }
    if skipped:
        event["skipped"] = [list(locations[i].cell) for i in sorted(skipped, key=near)]
    log.emit(COFFEE_SOLD, **event)
    for seat, _ in out:
        if milestones.claim(state, seat, ids.FIRST_COFFEE_SOLD, log):
            owed = state.module_data.setdefault(ID, {}).setdefault("owed", [])
            owed.append(seat)
    return out


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=_data,
        extensions=Extensions(
            at=((Moment.CLEANUP_START, throw_away),),
            react=(react,),
            decisions=(PLACING_DECISION,),
            cleanup_decisions=(MILESTONE_DECISION,),
            on_the_way=(on_the_way,),
            origins=(origins,),
            regrid=(regrid,),
        ),
        goods=(ids.COFFEE,),
        switches=(RANGE_ANY_CHAIN, SIMPLE_ROUTES),
        actions=ACTIONS,
        events=EVENTS,
        pieces=(ids.COFFEE_SHOP,),
    )

