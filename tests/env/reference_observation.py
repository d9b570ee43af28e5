"""The observation as first written: a plain from-scratch build, square by square, kept as
the test oracle for the cached, incremental builder of :mod:`fcm.env.observation` (which must
give exactly these arrays)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from fcm.core.company import board_of
from fcm.core.engine import current_actors
from fcm.core.geometry import Board
from fcm.core.phases.setup_phase import reserve_card
from fcm.core.state import GameState
from fcm.core.types import CampaignType, EmployeeId, Seat
from fcm.env.encoding import GOODS, HEIGHT, PLACEABLE_HOUSES, WIDTH
from fcm.env.observation import (
    _CORNER_OFFSET,
    _CTYPE,
    _PHASE,
    _STEP,
    DRINK_PLANE,
    MAX_PLAYERS,
    STAGES,
    Layout,
    layout_of,
)
from fcm.modules.gourmet_food_critics.ids import GOURMET_GUIDE

_GOOD = {g: i for i, g in enumerate(GOODS)}
# the modules' blocks are checked here against their own packages' (fcm/modules/<id>/env.py)
GUIDE_FEATURES = 3 + 2 * MAX_PLAYERS
_HOUSE = {n: i for i, n in enumerate(PLACEABLE_HOUSES)}


@lru_cache(maxsize=64)
def _static_planes(board: Board, L: Layout) -> np.ndarray:
    """The printed map: squares, roads, bridges, suppliers (the same all game)."""
    _P = L.P
    planes = np.zeros((L.PLANES, HEIGHT, WIDTH), dtype=np.float32)
    if board.height > HEIGHT or board.width > WIDTH:
        raise ValueError(f"a {board.height} x {board.width} map is larger than the encoding grid")
    planes[_P["in_map"], : board.height, : board.width] = 1.0
    for r in range(board.height):
        for c in range(board.width):
            if board.is_road((r, c)):
                planes[_P["road"], r, c] = 1.0
                if board.is_bridge((r, c)):
                    planes[_P["bridge"], r, c] = 1.0
    for (r, c), good in board.suppliers.items():
        planes[DRINK_PLANE[str(good)], r, c] = 1.0
    planes.setflags(write=False)
    return planes


def _counts(L: Layout, row: np.ndarray, base: int, cards: Sequence[EmployeeId]) -> None:
    for card in cards:
        row[base + L.emp[card]] += 1.0


def observe_reference(view: GameState, seat: Seat, *, mask: bool = True) -> dict[str, np.ndarray]:
    """The observation of ``seat`` from its view (``fcm.view(state, seat)``)."""
    n = view.num_players
    rel = [(s - seat) % n for s in range(n)]
    board = board_of(view)
    L = layout_of(view)
    _P, _PF, _GF, _EMP, _MILE = L.P, L.PF, L.GF, L.emp, L.mile
    planes = _static_planes(board, L).copy()

    for h in view.houses.values():
        r, c = h.cell
        planes[_P["house"], r : r + 2, c : c + 2] = 1.0
        planes[_P["house_number"], r : r + 2, c : c + 2] = float(h.number)
        for gr, gc in h.garden:
            planes[_P["garden"], gr, gc] = 1.0
        for good in h.demand:
            planes[_P["demand_burger"] + _GOOD[good], r : r + 2, c : c + 2] += 1.0
    for rest in view.restaurants:
        r, c = rest.cell
        k = rel[rest.owner]
        planes[_P["restaurant_0"] + k, r : r + 2, c : c + 2] = 1.0
        dr, dc = _CORNER_OFFSET[str(rest.entrance)]
        planes[_P["entrance_0"] + k, r + dr, c + dc] = 1.0
        if not rest.open:
            planes[_P["coming_soon"], r : r + 2, c : c + 2] = 1.0
        if rest.drive_in:
            planes[_P["drive_in"], r : r + 2, c : c + 2] = 1.0
    for camp in view.campaigns.values():
        if camp.kind is GOURMET_GUIDE:  # beside the board: no square
            continue
        if camp.kind is CampaignType.AIRPLANE and camp.edge is not None:
            assert camp.first is not None
            span = view.rules.catalog.campaigns[camp.number].span
            cells = board.airplane_cells(camp.edge, camp.first, span)
        else:
            cells = frozenset(camp.cells)
        rows = np.fromiter((x[0] for x in cells), dtype=np.intp, count=len(cells))
        cols = np.fromiter((x[1] for x in cells), dtype=np.intp, count=len(cells))
        planes[_P["campaign_radio"] + _CTYPE[camp.kind], rows, cols] += 1.0
        planes[_P["advert_burger"] + _GOOD[camp.good], rows, cols] += 1.0
        planes[_P["advert_remaining"], rows, cols] += float(camp.remaining)
        if camp.eternal:
            planes[_P["advert_eternal"], rows, cols] += 1.0
        planes[_P["advert_owner_0"] + rel[camp.owner], rows, cols] += 1.0

    if "ketchup" in L.modules:
        for number, seats in view.module_data.get("ketchup", {}).get("demand_by", {}).items():
            house = view.houses.get(int(number))
            if house is not None:
                r, c = house.cell
                for s in seats:
                    planes[_P["demand_by_0"] + rel[s], r : r + 2, c : c + 2] = 1.0

    players = np.zeros((MAX_PLAYERS, L.PLAYER_FEATURES), dtype=np.float32)
    actors = current_actors(view)
    order_pos = {s: i for i, s in enumerate(view.turn_order)}
    busy: dict[int, list[EmployeeId]] = {}
    for camp in view.campaigns.values():
        if camp.marketeer:
            busy.setdefault(camp.owner, []).append(camp.marketeer)
    for p in view.players:
        row = players[rel[p.seat]]
        row[_PF["present"]] = 1.0
        row[_PF["cash"]] = p.cash
        card = reserve_card(view, p)  # a module's card carries more than its money
        held = None if card is None else (card.money, card.base_price)
        row[_PF["reserve"] + L.reserve.get(held, L.nres)] = 1.0
        if p.seat in order_pos:
            row[_PF["turn_order"] + order_pos[p.seat]] = 1.0
        _counts(L, row, _PF["hand"], p.hand)
        _counts(L, row, _PF["at_work"], p.at_work)
        _counts(L, row, _PF["beach"], p.beach)
        _counts(L, row, _PF["busy"], busy.get(p.seat, []))
        _counts(L, row, _PF["draft"], view.turn.drafts.get(p.seat, []))
        for good, amount in p.stock.items():
            row[_PF["stock"] + _GOOD[good]] = amount
        for m in p.milestones:
            row[_PF["milestones"] + _MILE[m]] = 1.0
        row[_PF["restaurants_placed"]] = p.restaurants_placed
        row[_PF["pending"]] = 1.0 if p.seat in view.turn.pending else 0.0
        row[_PF["acting"]] = 1.0 if p.seat in actors else 0.0
        row[_PF["waitresses"]] = view.waitresses_this_round.get(p.seat, 0)
        row[_PF["hire_discounts"]] = p.hire_discounts

    gl = np.zeros(L.GLOBAL_FEATURES, dtype=np.float32)
    gl[_GF["players"] + n - 2] = 1.0
    gl[_GF["bank"]] = view.bank
    gl[_GF["round"]] = view.round
    gl[_GF["bank_breaks"]] = view.bank_breaks
    gl[_GF["reserve_added"]] = view.reserve_added
    gl[_GF["ceo_slots"]] = view.ceo_slots
    gl[_GF["gardens_left"]] = view.gardens_left
    gl[_GF["phase"] + _PHASE[view.turn.phase]] = 1.0
    if view.turn.stage in STAGES:
        gl[_GF["stage"] + STAGES.index(view.turn.stage)] = 1.0
    for card, left in view.supply.items():
        gl[_GF["supply"] + _EMP[card]] = left
    for number in view.house_supply:
        gl[_GF["house_supply"] + _HOUSE[number]] = 1.0
    for number in view.campaign_supply:
        gl[_GF["campaign_supply"] + L.number[number]] = 1.0
    for m in view.milestones_available:
        gl[_GF["milestones_available"] + _MILE[m]] = 1.0
    for m in view.milestones_this_round:
        gl[_GF["milestones_this_round"] + _MILE[m]] = 1.0
    turn = view.turn.working
    if turn is not None:
        gl[_GF["work_step"] + _STEP[turn.step]] = 1.0
        gl[_GF["working_seat"] + rel[turn.seat]] = 1.0
        gl[_GF["hires_left"]] = turn.hires_left
        gl[_GF["hires_made"]] = turn.hires_made
        gl[_GF["discount_hires"]] = turn.discount_hires
        for t in turn.trainers:
            gl[_GF["training_left"] + L.trainer[t.card]] += t.left
        gl[_GF["fresh"]] = len(turn.fresh)
        for card in turn.unused:
            gl[_GF["unused"] + _EMP[card]] += 1.0
        if turn.draft is not None:
            gl[_GF["draft_marketeer"] + L.mark[turn.draft.marketeer]] = 1.0
            gl[_GF["draft_number"] + L.number[turn.draft.number]] = 1.0
            placed = turn.draft.cells is not None or turn.draft.edge is not None
            gl[_GF["draft_placed"]] = 1.0 if placed else 0.0
    for pos, s in enumerate(view.turn.new_order):
        if s is not None:
            gl[_GF["new_order"] + pos * MAX_PLAYERS + rel[s]] = 1.0
    gl[_GF["setup_second_pass"]] = 1.0 if view.turn.setup_second_pass else 0.0
    if "reserve_prices" in L.modules:
        gl[_GF["base_price"]] = view.module_data.get("reserve_prices", {}).get("base_price") or 0
    for camp in view.campaigns.values():
        if camp.kind is GOURMET_GUIDE:
            tiles = view.rules.catalog.campaigns.items()
            guides = sorted(n for n, t in tiles if t.type == camp.kind)
            at = _GF["gourmet_guides"] + guides.index(camp.number) * GUIDE_FEATURES
            gl[at] = 1.0
            gl[at + 1 + rel[camp.owner]] = 1.0
            gl[at + 1 + MAX_PLAYERS + _GOOD[camp.good]] = 1.0
            gl[at + 1 + 2 * MAX_PLAYERS] = camp.remaining
            gl[at + 2 + 2 * MAX_PLAYERS] = 1.0 if camp.eternal else 0.0

    out: dict[str, np.ndarray] = {"board": planes, "players": players, "globals": gl}
    if mask:
        out["action_mask"] = legal_mask_reference(view, seat)
    return out


def legal_mask_reference(view: GameState, seat: Seat) -> np.ndarray:
    """The mask through the plain encoder, one action at a time (no memo)."""
    from fcm.core.engine import legal_actions
    from fcm.env.encoding import encode, encoding_of

    m = np.zeros(encoding_of(view).num_actions, dtype=np.int8)
    for a in legal_actions(view, seat):
        m[encode(view, a)] = 1
    return m
