"""Observations: what one seat may see, as numpy tensors (docs/research.md lists every plane).

Built from that seat's :func:`fcm.view` only, never from the full state, so hidden information
(other seats' reserve cards before the first bank break, the cards others are sending to work or
firing before everyone has committed, the generator state) cannot reach it.

Seats are *relative*: player row 0 and owner plane 0 are the observing seat, row ``k`` the seat
``(seat + k) % players``. Numbers are the game's own (dollars, cards, rounds), unscaled.

- ``board``: ``float32[PLANES, 20, 25]``, the map on the 5-player grid (smaller maps in the
  top-left corner; ``in_map`` tells which squares exist);
- ``players``: ``float32[5, PLAYER_FEATURES]`` (rows past the player count are 0);
- ``globals``: ``float32[GLOBAL_FEATURES]``;
- ``action_mask``: ``int8[NUM_ACTIONS]``, 1 for each legal action of the seat (all 0 when it
  is not its decision).

``flat(obs)`` concatenates board, players and globals (``OBS_SIZE`` floats) in that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from fcm.core.company import board_of
from fcm.core.engine import current_actors
from fcm.core.geometry import Board
from fcm.core.state import WORK_STEPS, GameState, Phase
from fcm.core.types import CampaignType, EmployeeId, MilestoneId, Seat
from fcm.env.encoding import (
    CAMPAIGN_NUMBERS,
    EMPLOYEES,
    GOODS,
    HEIGHT,
    MARKETEERS,
    NUM_ACTIONS,
    PLACEABLE_HOUSES,
    TRAINERS,
    WIDTH,
    legal_indices,
)

MAX_PLAYERS = 5
DRINK_PLANE = {"soda": 3, "lemonade": 4, "beer": 5}
CAMPAIGN_TYPES: tuple[CampaignType, ...] = (
    CampaignType.RADIO,
    CampaignType.AIRPLANE,
    CampaignType.MAILBOX,
    CampaignType.BILLBOARD,
)
MILESTONES: tuple[MilestoneId, ...] = (
    MilestoneId.FIRST_BILLBOARD,
    MilestoneId.FIRST_TRAIN,
    MilestoneId.FIRST_HIRE_3,
    MilestoneId.FIRST_BURGER_MARKETED,
    MilestoneId.FIRST_PIZZA_MARKETED,
    MilestoneId.FIRST_DRINK_MARKETED,
    MilestoneId.FIRST_ERRAND_BOY,
    MilestoneId.FIRST_20,
    MilestoneId.FIRST_BURGER_PRODUCED,
    MilestoneId.FIRST_PIZZA_PRODUCED,
    MilestoneId.FIRST_WAITRESS,
    MilestoneId.FIRST_THROW_AWAY,
    MilestoneId.FIRST_LOWER_PRICES,
    MilestoneId.FIRST_CART_OPERATOR,
    MilestoneId.FIRST_AIRPLANE,
    MilestoneId.FIRST_RADIO,
    MilestoneId.FIRST_100,
    MilestoneId.FIRST_PAY_20,
)
PHASES: tuple[Phase, ...] = tuple(Phase)
STAGES: tuple[str, ...] = ("firing", "cannot_pay")
NE, NM, NG = len(EMPLOYEES), len(MILESTONES), len(GOODS)

# -- the map planes, in order (name, what a square holds) ------------------------------------
BOARD_PLANES: tuple[tuple[str, str], ...] = (
    ("in_map", "1 on the squares of this map"),
    ("road", "1 on road squares (bridges included)"),
    ("bridge", "1 on bridges"),
    ("supplier_soda", "1 on a soda supplier"),
    ("supplier_lemonade", "1 on a lemonade supplier"),
    ("supplier_beer", "1 on a beer supplier"),
    ("house", "1 on the 4 squares of a house"),
    ("house_number", "the house's number on its squares (lower numbers are served first)"),
    ("garden", "1 on garden squares (that house's demand cap is 5)"),
    *((f"demand_{g.value}", f"demand tokens of {g.value} on the house's squares") for g in GOODS),
    *((f"restaurant_{k}", f"1 on restaurants of relative seat {k}") for k in range(MAX_PLAYERS)),
    *((f"entrance_{k}", f"1 on entrance squares of relative seat {k}") for k in range(MAX_PLAYERS)),
    ("coming_soon", "1 on restaurants that are not open yet"),
    ("drive_in", "1 on restaurants with a drive-in (entrances at all 4 corners)"),
    *(
        (f"campaign_{t.value}", f"{t.value} campaigns on (airplanes: reaching) the square")
        for t in CAMPAIGN_TYPES
    ),
    *((f"advert_{g.value}", f"campaigns advertising {g.value} here") for g in GOODS),
    ("advert_remaining", "remaining duration of the campaigns here (summed)"),
    ("advert_eternal", "campaigns here that never run out"),
    *((f"advert_owner_{k}", f"campaigns of relative seat {k} here") for k in range(MAX_PLAYERS)),
)
PLANES = len(BOARD_PLANES)
_P = {name: i for i, (name, _) in enumerate(BOARD_PLANES)}

# -- per-player features (one row per relative seat) ------------------------------------------
PLAYER_FIELDS: tuple[tuple[str, int, str], ...] = (
    ("present", 1, "1 if this seat is in the game"),
    ("cash", 1, "dollars"),
    ("reserve", 4, "reserve card one-hot: $100, $200, $300, unknown (hidden or none)"),
    ("turn_order", MAX_PLAYERS, "one-hot position in the current turn order"),
    ("hand", NE, "cards in hand (between rounds), per employee type (EMPLOYEES order)"),
    ("at_work", NE, "cards at work, per type (the CEO is implied)"),
    ("beach", NE, "cards on the beach, per type"),
    ("busy", NE, "busy marketeers (on a running campaign), per type"),
    ("draft", NE, "cards this seat is sending to work / firing, not yet committed (own only)"),
    ("stock", NG, "goods in stock (GOODS order)"),
    ("milestones", NM, "milestones held (MILESTONES order)"),
    ("restaurants_placed", 1, "restaurants placed (max 3)"),
    ("pending", 1, "1 while this seat owes a decision in a secret simultaneous step"),
    ("acting", 1, "1 if this seat may act now"),
    ("waitresses", 1, "waitresses counted this round"),
    ("hire_discounts", 1, "unused Recruiting Manager / HR Director discounts"),
)
PLAYER_FEATURES = sum(n for _, n, _ in PLAYER_FIELDS)
_PF: dict[str, int] = {}
_off = 0
for _name, _n, _ in PLAYER_FIELDS:
    _PF[_name] = _off
    _off += _n

# -- global features -------------------------------------------------------------------------
GLOBAL_FIELDS: tuple[tuple[str, int, str], ...] = (
    ("players", 4, "one-hot player count 2..5"),
    ("bank", 1, "dollars in the bank"),
    ("round", 1, "the round number"),
    ("bank_breaks", 1, "times the bank broke (0..2)"),
    ("reserve_added", 1, "dollars the first break added"),
    ("ceo_slots", 1, "CEO slots for everyone (set at the first break)"),
    ("gardens_left", 1, "garden tiles left"),
    ("phase", len(PHASES), "one-hot phase (fcm.Phase order)"),
    ("stage", len(STAGES), "one-hot Payday stage: firing, cannot_pay"),
    ("work_step", len(WORK_STEPS), "one-hot Working 9-5 step (0 outside Working 9-5)"),
    ("working_seat", MAX_PLAYERS, "one-hot relative seat whose Working 9-5 turn it is"),
    ("supply", NE, "cards left in the supply per type (may be negative while training)"),
    ("house_supply", len(PLACEABLE_HOUSES), "1 for each house tile still in the supply"),
    ("campaign_supply", len(CAMPAIGN_NUMBERS), "1 for each campaign tile still available"),
    ("milestones_available", NM, "1 for each milestone still to be claimed"),
    ("milestones_this_round", NM, "1 for each milestone claimed this round"),
    ("hires_left", 1, "hires left in this Working 9-5 turn"),
    ("hires_made", 1, "hires made in this turn"),
    ("discount_hires", 1, "of the hires left, those from Recruiting Managers / HR Director"),
    ("training_left", len(TRAINERS), "training steps left per trainer type"),
    ("fresh", 1, "beach cards trained this turn"),
    ("unused", NE, "cards at work whose action this turn is unused, per type"),
    ("draft_marketeer", len(MARKETEERS), "one-hot marketeer of the campaign being launched"),
    ("draft_number", len(CAMPAIGN_NUMBERS), "one-hot tile of the campaign being launched"),
    ("draft_placed", 1, "1 once that campaign is placed (its advert comes next)"),
    (
        "new_order",
        MAX_PLAYERS * MAX_PLAYERS,
        "[position][relative seat] in Order of Business",
    ),
    ("setup_second_pass", 1, "1 in the second pass of first-restaurant placement"),
)
GLOBAL_FEATURES = sum(n for _, n, _ in GLOBAL_FIELDS)
_GF: dict[str, int] = {}
_off = 0
for _name, _n, _ in GLOBAL_FIELDS:
    _GF[_name] = _off
    _off += _n

OBS_SIZE = PLANES * HEIGHT * WIDTH + MAX_PLAYERS * PLAYER_FEATURES + GLOBAL_FEATURES

_EMP = {e: i for i, e in enumerate(EMPLOYEES)}
_MILE = {m: i for i, m in enumerate(MILESTONES)}
_GOOD = {g: i for i, g in enumerate(GOODS)}
_CTYPE = {t: i for i, t in enumerate(CAMPAIGN_TYPES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_STEP = {s: i for i, s in enumerate(WORK_STEPS)}
_HOUSE = {n: i for i, n in enumerate(PLACEABLE_HOUSES)}
_MARK = {m: i for i, m in enumerate(MARKETEERS)}
_TRAINER = {t: i for i, t in enumerate(TRAINERS)}
_RESERVE = {100: 0, 200: 1, 300: 2}
_CORNER_OFFSET = {"nw": (0, 0), "ne": (0, 1), "sw": (1, 0), "se": (1, 1)}


@lru_cache(maxsize=64)
def _static_planes(board: Board) -> np.ndarray:
    """The printed map: squares, roads, bridges, suppliers (the same all game)."""
    planes = np.zeros((PLANES, HEIGHT, WIDTH), dtype=np.float32)
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


def _counts(row: np.ndarray, base: int, cards: Sequence[EmployeeId]) -> None:
    for card in cards:
        row[base + _EMP[card]] += 1.0


def observe(view: GameState, seat: Seat, *, mask: bool = True) -> dict[str, np.ndarray]:
    """The observation of ``seat`` from its view (``fcm.view(state, seat)``)."""
    n = view.num_players
    rel = [(s - seat) % n for s in range(n)]
    board = board_of(view)
    planes = _static_planes(board).copy()

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
        if camp.kind is CampaignType.AIRPLANE and camp.edge is not None:
            from fcm.data import CATALOG

            assert camp.first is not None
            cells = board.airplane_cells(camp.edge, camp.first, CATALOG.campaigns[camp.number].span)
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

    players = np.zeros((MAX_PLAYERS, PLAYER_FEATURES), dtype=np.float32)
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
        row[_PF["reserve"] + _RESERVE.get(p.reserve or 0, 3)] = 1.0
        if p.seat in order_pos:
            row[_PF["turn_order"] + order_pos[p.seat]] = 1.0
        _counts(row, _PF["hand"], p.hand)
        _counts(row, _PF["at_work"], p.at_work)
        _counts(row, _PF["beach"], p.beach)
        _counts(row, _PF["busy"], busy.get(p.seat, []))
        _counts(row, _PF["draft"], view.turn.drafts.get(p.seat, []))
        for good, amount in p.stock.items():
            row[_PF["stock"] + _GOOD[good]] = amount
        for m in p.milestones:
            row[_PF["milestones"] + _MILE[m]] = 1.0
        row[_PF["restaurants_placed"]] = p.restaurants_placed
        row[_PF["pending"]] = 1.0 if p.seat in view.turn.pending else 0.0
        row[_PF["acting"]] = 1.0 if p.seat in actors else 0.0
        row[_PF["waitresses"]] = view.waitresses_this_round.get(p.seat, 0)
        row[_PF["hire_discounts"]] = p.hire_discounts

    gl = np.zeros(GLOBAL_FEATURES, dtype=np.float32)
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
        gl[_GF["campaign_supply"] + number - 1] = 1.0
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
            gl[_GF["training_left"] + _TRAINER[t.card]] += t.left
        gl[_GF["fresh"]] = len(turn.fresh)
        for card in turn.unused:
            gl[_GF["unused"] + _EMP[card]] += 1.0
        if turn.draft is not None:
            gl[_GF["draft_marketeer"] + _MARK[turn.draft.marketeer]] = 1.0
            gl[_GF["draft_number"] + turn.draft.number - 1] = 1.0
            placed = turn.draft.cells is not None or turn.draft.edge is not None
            gl[_GF["draft_placed"]] = 1.0 if placed else 0.0
    for pos, s in enumerate(view.turn.new_order):
        if s is not None:
            gl[_GF["new_order"] + pos * MAX_PLAYERS + rel[s]] = 1.0
    gl[_GF["setup_second_pass"]] = 1.0 if view.turn.setup_second_pass else 0.0

    out: dict[str, np.ndarray] = {"board": planes, "players": players, "globals": gl}
    if mask:
        out["action_mask"] = legal_mask(view, seat)
    return out


def legal_mask(state: GameState, seat: Seat) -> np.ndarray:
    """``int8[NUM_ACTIONS]``: 1 at the index of every legal action of ``seat``."""
    m = np.zeros(NUM_ACTIONS, dtype=np.int8)
    idx = legal_indices(state, seat)
    if idx:
        m[idx] = 1
    return m


def flat(obs: dict[str, Any]) -> np.ndarray:
    """board, players and globals as one ``float32[OBS_SIZE]`` vector."""
    return np.concatenate((obs["board"].ravel(), obs["players"].ravel(), obs["globals"]))


def plane(name: str) -> int:
    """The index of a board plane by name."""
    return _P[name]


def player_field(name: str) -> slice:
    for fname, n, _ in PLAYER_FIELDS:
        if fname == name:
            return slice(_PF[name], _PF[name] + n)
    raise KeyError(name)


def global_field(name: str) -> slice:
    for fname, n, _ in GLOBAL_FIELDS:
        if fname == name:
            return slice(_GF[name], _GF[name] + n)
    raise KeyError(name)
