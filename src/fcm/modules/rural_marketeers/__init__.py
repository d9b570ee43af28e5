"""Rural Marketeers (ketchup.md 12): the rural area that eats last, giant billboards, freeways.

- The Rural Marketeer (6, salaried, blue) is trained from the (replacement) Marketing Trainee
  and is a marketeer for every rule. In the campaign step it places a giant billboard (four
  tiles numbered after every other, one per side n, e, s, w of the rural area tile: a free
  tile is a free side) beside
  the board with one good: no square, no range, always eternal (``Extensions.launch``), so
  the marketeer stays busy for the rest of the game. No other card places one.
- The rural area is a house of its own kind (``HouseKind`` ``rural_area``, number 100) with
  no squares: no base campaign reaches it, it never gets a garden or a park, it has no demand
  cap, and house order puts it after every house. Each Marketing (every pass) each giant
  billboard puts 2 demand of its good on it (``Extensions.reach``, ``per_campaign`` 2); the
  billboards run after the numbered campaigns (their numbers follow).
- Dinnertime: it is served last, as a house, all or nothing, x1; its distance is counted from
  its nearest freeway (``Extensions.distances``: the tile of the edge road square a freeway
  touches counts 0, as for a house on it). Without a freeway nobody can sell to it. Its turn
  is reported (``rural_area_turn``).
- First rural marketeer used: every player placing a giant billboard in the round it is first
  claimed may place a freeway right away (a ``Decision``: ``PlaceFreeway`` or ``Done``) on a
  square just outside the map beside an edge road square, not where an airplane lies; three
  in all. A freeway is a piece beside the map (``state.pieces``); no airplane is placed over
  it later.

State: the freeways are pieces; ``module_data["rural_marketeers"]["owed"]``: the seat owed a
freeway placement this Working 9-5 turn.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fcm.core import milestones
from fcm.core.actions import Action, Done
from fcm.core.company import board_of
from fcm.core.errors import Reason
from fcm.core.events import EventLog
from fcm.core.extensions import (
    CardUsed,
    Decision,
    Extensions,
    HouseKind,
    HouseSold,
    LaunchRules,
    Moment,
    Notice,
    PieceKind,
)
from fcm.core.geometry import Board
from fcm.core.state import Campaign, GameState, House, Piece, WorkingTurn
from fcm.core.types import CampaignType, Cell, EmployeeId, Seat
from fcm.modules._data import add_cards_from, facts_reader
from fcm.modules.rural_marketeers.actions import ACTIONS, PlaceFreeway
from fcm.modules.rural_marketeers.events import EVENTS, FREEWAY_PLACED, RURAL_AREA_TURN
from fcm.modules.rural_marketeers.ids import (
    FIRST_RURAL_MARKETEER_USED,
    FREEWAY,
    GIANT_BILLBOARD,
    RURAL_AREA,
    RURAL_MARKETEER,
)
from fcm.rulesets import Module, known_modules

ID = "rural_marketeers"
RULE = "Rural Marketeers (ketchup.md 12)"


# the module's facts (``data.json`` of this package), read once
facts = cache(facts_reader(__name__))


RURAL_NUMBER: int = facts()["rural_area"]["number"]
ETERNAL = Reason(
    "rural_marketeers.eternal",
    f"{RULE}: a giant billboard is always eternal: a single counter (duration 1), and its "
    "Rural Marketeer stays busy for the rest of the game",
)
FREEWAYS: int = facts()["freeways"]


def billboards(state: GameState) -> list[int]:
    """The giant billboard tiles of this game, in side order (n, e, s, w)."""
    tiles = state.rules.catalog.campaigns
    return sorted(n for n, t in tiles.items() if t.type is GIANT_BILLBOARD)


def side_of(state: GameState, number: int) -> str:
    """The rural area's side a giant billboard tile sits on (n, e, s, w)."""
    return str(facts()["sides"][billboards(state).index(number)])


def label(number: int) -> str:
    """The rural area's mark on the board ("R")."""
    return "R"


RURAL_KIND = HouseKind(
    RURAL_AREA,
    size=0,  # beside the map: no squares
    cap=None,  # no maximum (12)
    garden_cap=None,
    per_campaign=facts()["rural_area"]["tokens_per_campaign"],
    order=lambda number: float("inf"),  # always eats last (12, 18 step 6)
    no_garden="ketchup.md 12: the rural area never gets a garden",
    label=label,
)


# -- the rural area ------------------------------------------------------------------------------


def rural_area(state: GameState) -> House | None:
    return state.houses.get(RURAL_NUMBER)


def freeways(state: GameState) -> list[Cell]:
    """The squares (outside the map) of the freeways placed, in placement order."""
    return [p.cell for p in state.pieces if p.kind == FREEWAY]


def setup(state: GameState, log: EventLog) -> None:
    """The rural area tile lies beside the board from the start (12)."""
    if RURAL_NUMBER not in state.houses:
        state.houses[RURAL_NUMBER] = House(
            RURAL_NUMBER, (0, 0), printed=True, kind=RURAL_AREA, size=0
        )


def reach(state: GameState, camp: Campaign, houses: list[House]) -> list[House] | None:
    """A giant billboard reaches the rural area only (12)."""
    if camp.kind is not GIANT_BILLBOARD:
        return None
    return [h for h in houses if h.kind == RURAL_AREA]


def launch(
    state: GameState,
    seat: Seat,
    marketeer: EmployeeId | None,
    kind: CampaignType | None,
    rules: LaunchRules,
) -> LaunchRules:
    """A giant billboard is always eternal (12)."""
    if kind is GIANT_BILLBOARD and not rules.why:
        from dataclasses import replace

        return replace(rules, eternal=True, why=ETERNAL)
    return rules


def distances(state: GameState, board: Board, house: House) -> tuple[int, ...] | None:
    """The rural area's distances: from its nearest freeway (12; -1 everywhere without one)."""
    if house.kind != RURAL_AREA:
        return None
    return board.edge_distances(freeways(state))


# -- freeways (First rural marketeer used) ---------------------------------------------------------


def _airplane_lines(state: GameState) -> set[Cell]:
    """The squares outside the map that an airplane lies beside."""
    board = board_of(state)
    h, w = board.height, board.width
    out: set[Cell] = set()
    for camp in state.campaigns.values():
        if camp.edge is None or camp.first is None:
            continue
        span = state.rules.catalog.campaigns[camp.number].span
        for x in range(camp.first, camp.first + span):
            edge = camp.edge.value
            out.add({"n": (-1, x), "s": (h, x), "w": (x, -1), "e": (x, w)}[edge])
    return out


def freeway_squares(state: GameState) -> list[Cell]:
    """Every square a freeway may go on now: outside the map beside an edge road square, not
    beside an airplane, not taken by another freeway (12)."""
    board = board_of(state)
    taken = set(freeways(state)) | _airplane_lines(state)
    return [cell for cell in board.edge_road_spots() if cell not in taken]


def why_not(state: GameState, action: Action) -> str | None:
    """Why a freeway may not go there, naming the rule (None: not a freeway)."""
    if not isinstance(action, PlaceFreeway):
        return None
    cell = action.cell
    if len(freeways(state)) >= FREEWAYS:
        return Reason("rural_marketeers.all_placed", f"{RULE}: all {FREEWAYS} freeways are placed",
                      count=FREEWAYS)
    if cell in freeways(state):
        return Reason("rural_marketeers.taken", f"{RULE}: a freeway is already there")
    if cell in _airplane_lines(state):
        return Reason("rural_marketeers.airplane",
                      f"{RULE}: a freeway may not go on an airplane's position")
    board = board_of(state)
    if board.in_map(cell):
        return Reason("rural_marketeers.on_map",
                      f"{RULE}: a freeway goes outside the map, beside a square at its edge")
    return Reason("rural_marketeers.no_road",
                  f"{RULE}: a freeway goes beside a map-edge square that is a road")


def _road_of(board: Board, cell: Cell) -> Cell:
    r, c = cell
    return (min(max(r, 0), board.height - 1), min(max(c, 0), board.width - 1))


def _owed(state: GameState) -> Seat | None:
    owed = state.module_data.get(ID, {}).get("owed")
    return None if owed is None else int(owed)


def _drop_owed(state: GameState) -> None:
    data = state.module_data.get(ID, {})
    data.pop("owed", None)
    if not data:
        state.module_data.pop(ID, None)


def _none(state: GameState, seat: Seat, why: str, log: EventLog) -> None:
    """No freeway placed: ``why`` is "declined", "none_left" or "no_square"."""
    event: dict[str, Any] = {"seat": seat, "cells": [], "left": FREEWAYS - len(freeways(state))}
    if why != "no_square":
        event[why] = True
    log.emit(FREEWAY_PLACED, **event)


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    """A giant billboard claims First rural marketeer used (12), which owes a freeway; a sale
    to the rural area is its turn's report."""
    if isinstance(notice, CardUsed):
        if notice.card is not RURAL_MARKETEER:
            return
        if not milestones.claim(state, notice.seat, FIRST_RURAL_MARKETEER_USED, log):
            return
        if len(freeways(state)) >= FREEWAYS:
            _none(state, notice.seat, "none_left", log)
        elif not freeway_squares(state):
            _none(state, notice.seat, "no_square", log)
        else:
            state.module_data.setdefault(ID, {})["owed"] = notice.seat
    elif isinstance(notice, HouseSold) and notice.house.kind == RURAL_AREA:
        board = board_of(state)
        table = board.edge_distances(freeways(state))
        w = board.width
        best = min(
            (table[r * w + c]
             for rest in state.restaurants_of(notice.seat) if rest.open
             for r, c in _entrances(rest)
             if table[r * w + c] >= 0),
            default=-1,
        )
        log.emit(
            RURAL_AREA_TURN,
            house=notice.house.number,
            demand=[g.value for g in notice.house.demand],
            items=len(notice.house.demand),
            freeways=[list(c) for c in freeways(state)],
            seat=notice.seat,
            distance=best,
        )


def _entrances(rest: Any) -> tuple[Cell, ...]:
    from fcm.core.geometry import restaurant_entrances

    return restaurant_entrances(rest.cell, rest.entrance, rest.drive_in)


def stayed_home(state: GameState, log: EventLog) -> None:
    """End of Dinnertime: the rural area kept its demand (no freeway, or nobody could sell it
    everything): its turn is reported too."""
    house = rural_area(state)
    if house is None or not house.demand:
        return
    event: dict[str, Any] = {
        "house": house.number,
        "demand": [g.value for g in house.demand],
        "items": len(house.demand),
        "freeways": [list(c) for c in freeways(state)],
    }
    if not event["freeways"]:
        event["no_freeway"] = True
    log.emit(RURAL_AREA_TURN, **event)


def freeway_options(state: GameState, turn: WorkingTurn) -> list[Action] | None:
    if _owed(state) != turn.seat:
        return None
    return [PlaceFreeway(cell) for cell in freeway_squares(state)]


def freeway_act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> bool:
    if _owed(state) != turn.seat or not isinstance(action, PlaceFreeway | Done):
        return False
    if isinstance(action, Done):
        _drop_owed(state)
        _none(state, turn.seat, "declined", log)
        return True
    why = why_not(state, action) if action.cell not in freeway_squares(state) else None
    assert why is None, why
    _drop_owed(state)
    state.pieces.append(Piece(FREEWAY, action.cell))
    board = board_of(state)
    log.emit(
        FREEWAY_PLACED,
        seat=turn.seat,
        cells=[list(action.cell)],
        road=[list(_road_of(board, action.cell))],
        left=FREEWAYS - len(freeways(state)),
    )
    return True


def _explain(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    if isinstance(action, PlaceFreeway) and action.cell in freeway_squares(state):
        return None
    return why_not(state, action)


FREEWAY_DECISION = Decision(
    freeway_options,
    freeway_act,
    pending_why=Reason(
        "rural_marketeers.place_first",
        f"Working 9–5: first place the freeway First rural marketeer used gives you, beside a "
        f"map-edge road square, or decline it (done) ({RULE})",
    ),
    explain=_explain,
    outside_why={
        PlaceFreeway.type: Reason(
            "rural_marketeers.place_when",
            f"Working 9–5: a freeway is placed only right after your giant billboard claims "
            f"First rural marketeer used ({RULE})",
        ),
    },
)


def _add_data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    add_cards_from(raw, facts()["employees"])
    ms = raw["milestones.json"]
    for m in facts()["milestones"]:
        ms["milestones"].append(dict(m))
        ms["total_copies"] += m["copies"]
    tiles = raw["setup.json"]["campaigns"]
    for _ in facts()["sides"]:  # numbered after every other tile (0.4: they have none)
        tiles.append({"number": len(tiles) + 1, **facts()["campaigns"]})


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=_add_data,
        extensions=Extensions(
            at=((Moment.SETUP, setup), (Moment.DINNERTIME_END, stayed_home)),
            reach=(reach,),
            launch=(launch,),
            distances=(distances,),
            react=(react,),
            decisions=(FREEWAY_DECISION,),
        ),
        actions=ACTIONS,
        events=EVENTS,
        pieces=(PieceKind(FREEWAY, "", label="F"),),
        houses=(RURAL_KIND,),
    )
