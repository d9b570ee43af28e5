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

:func:`observe`, :func:`observe_flat` and :func:`legal_mask` return new arrays. An
:class:`Observer` (what the environments use) returns read-only views of per-seat buffers that
it updates incrementally, valid until it observes that seat again: copy them to keep them.
Both give exactly the same numbers (tests/env/test_env_observation.py checks them against a
plain square-by-square build over whole games).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from fcm.core.actions import Action
from fcm.core.company import board_of
from fcm.core.engine import current_actors, legal_actions
from fcm.core.geometry import Board
from fcm.core.state import WORK_STEPS, GameState, Phase, Player
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
    action_codes,
    code_of,
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


# -- the layout of the flat buffer and of the board's plane groups -----------------------------
_SQ = HEIGHT * WIDTH
_NB = PLANES * _SQ  # board floats
_NPL = MAX_PLAYERS * PLAYER_FEATURES  # player floats
_H0, _H1 = _P["house"], _P[f"demand_{GOODS[-1].value}"] + 1  # houses, gardens, demand
_R0, _E0, _CS = _P["restaurant_0"], _P["entrance_0"], _P["coming_soon"]
_C0, _C1 = _P["campaign_radio"], _P["advert_eternal"] + 1  # campaign planes shared by seats
_O0 = _P["advert_owner_0"]
_S0, _S1 = _GF["supply"], _GF["hires_left"]  # globals that change rarely: supplies, milestones


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


def _house_planes(view: GameState) -> np.ndarray:
    """Planes ``house`` .. ``demand_beer`` (the same for every seat)."""
    sec = np.zeros((_H1 - _H0, HEIGHT, WIDTH), dtype=np.float32)
    for h in view.houses.values():
        r, c = h.cell
        sec[0, r : r + 2, c : c + 2] = 1.0
        sec[1, r : r + 2, c : c + 2] = float(h.number)
        for gr, gc in h.garden:
            sec[2, gr, gc] = 1.0
        for good in h.demand:
            sec[3 + _GOOD[good], r : r + 2, c : c + 2] += 1.0
    return sec


def _restaurant_planes(view: GameState) -> np.ndarray:
    """Restaurants by *absolute* owner (0..4), entrances by owner (5..9), Coming Soon, drive-in;
    each seat takes the owner planes in its relative order."""
    sec = np.zeros((2 * MAX_PLAYERS + 2, HEIGHT, WIDTH), dtype=np.float32)
    for rest in view.restaurants:
        r, c = rest.cell
        sec[rest.owner, r : r + 2, c : c + 2] = 1.0
        dr, dc = _CORNER_OFFSET[str(rest.entrance)]
        sec[MAX_PLAYERS + rest.owner, r + dr, c + dc] = 1.0
        if not rest.open:
            sec[2 * MAX_PLAYERS, r : r + 2, c : c + 2] = 1.0
        if rest.drive_in:
            sec[2 * MAX_PLAYERS + 1, r : r + 2, c : c + 2] = 1.0
    return sec


def _campaign_planes(view: GameState, board: Board) -> np.ndarray:
    """Planes ``campaign_radio`` .. ``advert_eternal`` then campaigns by absolute owner."""
    shared = _C1 - _C0
    sec = np.zeros((shared + MAX_PLAYERS, HEIGHT, WIDTH), dtype=np.float32)
    catalog = view.rules.catalog
    for camp in view.campaigns.values():
        if camp.kind is CampaignType.AIRPLANE and camp.edge is not None:
            assert camp.first is not None
            cells = board.airplane_cells(camp.edge, camp.first, catalog.campaigns[camp.number].span)
        else:
            cells = frozenset(camp.cells)
        rows = np.fromiter((x[0] for x in cells), dtype=np.intp, count=len(cells))
        cols = np.fromiter((x[1] for x in cells), dtype=np.intp, count=len(cells))
        sec[_CTYPE[camp.kind], rows, cols] += 1.0
        sec[len(CAMPAIGN_TYPES) + _GOOD[camp.good], rows, cols] += 1.0
        sec[_P["advert_remaining"] - _C0, rows, cols] += float(camp.remaining)
        if camp.eternal:
            sec[_P["advert_eternal"] - _C0, rows, cols] += 1.0
        sec[shared + camp.owner, rows, cols] += 1.0
    return sec


def _player_row(
    buf: np.ndarray, mv: memoryview[float], base: int, p: Player, key: tuple[Any, ...]
) -> None:
    """Write one row of ``players`` (PLAYER_FIELDS) at ``base`` from ``p`` and the flow parts
    of its ``key`` (see Observer._update). Scalars go through ``mv`` (a memoryview of ``buf``:
    far cheaper per number than numpy item assignment)."""
    busy, draft, pos, pending, acting, waitresses = key[9:]
    buf[base : base + PLAYER_FEATURES] = 0.0
    mv[base + _PF["present"]] = 1.0
    mv[base + _PF["cash"]] = p.cash
    mv[base + _PF["reserve"] + _RESERVE.get(p.reserve or 0, 3)] = 1.0
    if pos is not None:
        mv[base + _PF["turn_order"] + pos] = 1.0
    for at, cards in (
        (base + _PF["hand"], p.hand),
        (base + _PF["at_work"], p.at_work),
        (base + _PF["beach"], p.beach),
        (base + _PF["busy"], busy),
        (base + _PF["draft"], draft),
    ):
        for card in cards:
            mv[at + _EMP[card]] += 1.0
    at = base + _PF["stock"]
    for good, amount in p.stock.items():
        mv[at + _GOOD[good]] = amount
    at = base + _PF["milestones"]
    for m in p.milestones:
        mv[at + _MILE[m]] = 1.0
    mv[base + _PF["restaurants_placed"]] = p.restaurants_placed
    mv[base + _PF["pending"]] = 1.0 if pending else 0.0
    mv[base + _PF["acting"]] = 1.0 if acting else 0.0
    mv[base + _PF["waitresses"]] = waitresses
    mv[base + _PF["hire_discounts"]] = p.hire_discounts


def _rare_globals(buf: np.ndarray, mv: memoryview[float], view: GameState) -> None:
    """Globals ``supply`` .. ``milestones_this_round`` (they change only now and then)."""
    g = _NB + _NPL
    buf[g + _S0 : g + _S1] = 0.0
    at = g + _GF["supply"]
    for card, left in view.supply.items():
        mv[at + _EMP[card]] = left
    at = g + _GF["house_supply"]
    for number in view.house_supply:
        mv[at + _HOUSE[number]] = 1.0
    at = g + _GF["campaign_supply"] - 1
    for number in view.campaign_supply:
        mv[at + number] = 1.0
    at = g + _GF["milestones_available"]
    for m in view.milestones_available:
        mv[at + _MILE[m]] = 1.0
    at = g + _GF["milestones_this_round"]
    for m in view.milestones_this_round:
        mv[at + _MILE[m]] = 1.0


def _flow_globals(
    buf: np.ndarray, mv: memoryview[float], view: GameState, rel: Sequence[int]
) -> None:
    """The other globals (they change at almost every step)."""
    g = _NB + _NPL
    buf[g : g + _S0] = 0.0
    buf[g + _S1 :] = 0.0
    mv[g + _GF["players"] + view.num_players - 2] = 1.0
    mv[g + _GF["bank"]] = view.bank
    mv[g + _GF["round"]] = view.round
    mv[g + _GF["bank_breaks"]] = view.bank_breaks
    mv[g + _GF["reserve_added"]] = view.reserve_added
    mv[g + _GF["ceo_slots"]] = view.ceo_slots
    mv[g + _GF["gardens_left"]] = view.gardens_left
    mv[g + _GF["phase"] + _PHASE[view.turn.phase]] = 1.0
    if view.turn.stage in STAGES:
        mv[g + _GF["stage"] + STAGES.index(view.turn.stage)] = 1.0
    turn = view.turn.working
    if turn is not None:
        mv[g + _GF["work_step"] + _STEP[turn.step]] = 1.0
        mv[g + _GF["working_seat"] + rel[turn.seat]] = 1.0
        mv[g + _GF["hires_left"]] = turn.hires_left
        mv[g + _GF["hires_made"]] = turn.hires_made
        mv[g + _GF["discount_hires"]] = turn.discount_hires
        at = g + _GF["training_left"]
        for t in turn.trainers:
            mv[at + _TRAINER[t.card]] += t.left
        mv[g + _GF["fresh"]] = len(turn.fresh)
        at = g + _GF["unused"]
        for card in turn.unused:
            mv[at + _EMP[card]] += 1.0
        if turn.draft is not None:
            mv[g + _GF["draft_marketeer"] + _MARK[turn.draft.marketeer]] = 1.0
            mv[g + _GF["draft_number"] + turn.draft.number - 1] = 1.0
            placed = turn.draft.cells is not None or turn.draft.edge is not None
            mv[g + _GF["draft_placed"]] = 1.0 if placed else 0.0
    at = g + _GF["new_order"]
    for pos, s in enumerate(view.turn.new_order):
        if s is not None:
            mv[at + pos * MAX_PLAYERS + rel[s]] = 1.0
    mv[g + _GF["setup_second_pass"]] = 1.0 if view.turn.setup_second_pass else 0.0


class _Section:
    """A built plane group and the content it was built from."""

    __slots__ = ("busy", "key", "planes")

    def __init__(self, key: object, planes: np.ndarray, busy: dict[Seat, tuple[EmployeeId, ...]]):
        self.key = key
        self.planes = planes
        self.busy = busy


_NO_SECTION = _Section(None, np.zeros(0, np.float32), {})
_ROW_MEMO = 4096  # player rows remembered (then forgotten all at once)
_FEW = 32  # masks with fewer changes are written number by number (cheaper than numpy indexing)


class _SeatBuffers:
    """One seat's preallocated observation and mask, and what each part was last built from."""

    def __init__(self, seat: Seat, n: int, board: Board) -> None:
        self.seat, self.n, self.board_geo = seat, n, board
        self.rel = [(s - seat) % n for s in range(n)]
        self.perm = np.array([(seat + k) % n for k in range(n)], dtype=np.intp)
        self.buf = np.zeros(OBS_SIZE, dtype=np.float32)
        self.mv: memoryview[float] = self.buf.data.cast("B").cast("f")
        self.board = self.buf[:_NB].reshape(PLANES, HEIGHT, WIDTH)
        self.players = self.buf[_NB : _NB + _NPL].reshape(MAX_PLAYERS, PLAYER_FEATURES)
        self.globals = self.buf[_NB + _NPL :]
        self.board[:_H0] = _static_planes(board)[:_H0]
        self.houses = self.restaurants = self.campaigns = _NO_SECTION
        # per seat: (cash, reserve, hand, at_work, beach, stock, milestones, restaurants,
        # discounts, busy, draft, turn-order position, pending, acting, waitresses)
        self.rows: list[tuple[Any, ...] | None] = [None] * n
        self.rare: tuple[Any, ...] | None = None
        self.mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self.mask_mv: memoryview[int] = self.mask.data
        self.mask_on: list[int] = []
        self.legal: dict[int, Action] = {}
        ro = self.buf.view()
        ro.flags.writeable = False
        self.flat_ro = ro
        mo = self.mask.view()
        mo.flags.writeable = False
        self.mask_ro = mo
        self.obs_ro = {
            "board": ro[:_NB].reshape(PLANES, HEIGHT, WIDTH),
            "players": ro[_NB : _NB + _NPL].reshape(MAX_PLAYERS, PLAYER_FEATURES),
            "globals": ro[_NB + _NPL :],
        }


class Observer:
    """Observations built incrementally, for any games and seats (one observer per thread).

    The map's printed planes are built once per board; houses, restaurants and campaigns are
    rebuilt only when what they show changed (compared with a snapshot of that content, so
    the result is exactly a from-scratch build), once for all seats, each seat then taking the
    owner planes in its own order; each player row only when that player's record changed.
    Everything is read from the seat's view passed in.

    The arrays returned are **read-only views of per-seat buffers, valid until this observer
    observes the same seat again**: copy them to keep them (``observe`` at module level does).
    """

    def __init__(self) -> None:
        self._seats: dict[Seat, _SeatBuffers] = {}
        self._tiles: object = None
        self._options: object = None
        self._board: Board | None = None
        self._codes: dict[Action, int] = {}
        self._houses = self._restaurants = self._campaigns = _NO_SECTION
        # player rows by their key (the same row content shows the same numbers to every seat)
        self._rows: dict[tuple[Any, ...], np.ndarray] = {}
        self._rare: dict[tuple[Any, ...], np.ndarray] = {}  # the same for the rare globals

    def _board_of(self, view: GameState) -> Board:
        if view.tiles is not self._tiles or view.options is not self._options:
            self._board = board_of(view)
            self._tiles, self._options = view.tiles, view.options
            self._codes = action_codes(self._board)
        assert self._board is not None
        return self._board

    def _seat(self, view: GameState, seat: Seat) -> _SeatBuffers:
        board = self._board_of(view)
        sb = self._seats.get(seat)
        if sb is None or sb.board_geo is not board or sb.n != view.num_players:
            sb = self._seats[seat] = _SeatBuffers(seat, view.num_players, board)
        return sb

    def _update(self, view: GameState, seat: Seat) -> _SeatBuffers:
        sb = self._seat(view, seat)
        n = sb.n
        planes = sb.board
        perm = sb.perm

        key: object = [(h.number, h.cell, h.garden, *h.demand) for h in view.houses.values()]
        if key != self._houses.key:
            self._houses = _Section(key, _house_planes(view), {})
        if sb.houses is not self._houses:
            planes[_H0:_H1] = self._houses.planes
            sb.houses = self._houses

        key = [(r.owner, r.cell, r.entrance, r.open, r.drive_in) for r in view.restaurants]
        if key != self._restaurants.key:
            self._restaurants = _Section(key, _restaurant_planes(view), {})
        if sb.restaurants is not self._restaurants:
            sec = self._restaurants.planes
            planes[_R0 : _R0 + n] = sec[perm]
            planes[_E0 : _E0 + n] = sec[perm + MAX_PLAYERS]
            planes[_CS : _CS + 2] = sec[2 * MAX_PLAYERS :]
            sb.restaurants = self._restaurants

        key = [
            (
                c.number,
                c.kind,
                c.owner,
                c.good,
                c.marketeer,
                c.remaining,
                c.eternal,
                c.cells,
                c.edge,
                c.first,
            )
            for c in view.campaigns.values()
        ]
        if key != self._campaigns.key:
            busy: dict[Seat, list[EmployeeId]] = {}
            for camp in view.campaigns.values():
                if camp.marketeer:
                    busy.setdefault(camp.owner, []).append(camp.marketeer)
            self._campaigns = _Section(
                key,
                _campaign_planes(view, sb.board_geo),
                {s: tuple(cards) for s, cards in busy.items()},
            )
        camps = self._campaigns
        if sb.campaigns is not camps:
            planes[_C0:_C1] = camps.planes[: _C1 - _C0]
            planes[_O0 : _O0 + n] = camps.planes[perm + (_C1 - _C0)]
            sb.campaigns = camps

        actors = current_actors(view)
        order = view.turn_order
        drafts = view.turn.drafts
        pending = view.turn.pending
        waitresses = view.waitresses_this_round
        rows = sb.rows
        for p in view.players:
            s = p.seat
            key = (
                p.cash,
                p.reserve,
                tuple(p.hand),
                tuple(p.at_work),
                tuple(p.beach),
                tuple(p.stock.items()),
                tuple(p.milestones),
                p.restaurants_placed,
                p.hire_discounts,
                camps.busy.get(s, ()),
                tuple(drafts.get(s, ())),
                order.index(s) if s in order else None,
                s in pending,
                s in actors,
                waitresses.get(s, 0),
            )
            if key != rows[s]:
                at = _NB + sb.rel[s] * PLAYER_FEATURES
                row = self._rows.get(key)
                if row is None:  # first seen by any seat: build it, keep it for the others
                    _player_row(sb.buf, sb.mv, at, p, key)
                    if len(self._rows) >= _ROW_MEMO:
                        self._rows.clear()
                    self._rows[key] = sb.buf[at : at + PLAYER_FEATURES].copy()
                else:
                    sb.buf[at : at + PLAYER_FEATURES] = row
                rows[s] = key

        key = (
            tuple(view.supply.items()),
            tuple(view.house_supply),
            tuple(view.campaign_supply),
            tuple(view.milestones_available),
            tuple(view.milestones_this_round),
        )
        if key != sb.rare:
            g = _NB + _NPL
            part = self._rare.get(key)
            if part is None:
                _rare_globals(sb.buf, sb.mv, view)
                if len(self._rare) >= _ROW_MEMO:
                    self._rare.clear()
                self._rare[key] = sb.buf[g + _S0 : g + _S1].copy()
            else:
                sb.buf[g + _S0 : g + _S1] = part
            sb.rare = key
        _flow_globals(sb.buf, sb.mv, view, sb.rel)
        return sb

    # -- what callers use ----------------------------------------------------------------------

    def observe(self, view: GameState, seat: Seat, *, mask: bool = True) -> dict[str, np.ndarray]:
        """``board``, ``players``, ``globals`` (and ``action_mask``): read-only, valid until
        this observer observes ``seat`` again."""
        sb = self._update(view, seat)
        out: dict[str, np.ndarray] = dict(sb.obs_ro)
        if mask:
            self.legal(view, seat)
            out["action_mask"] = sb.mask_ro
        return out

    def flat(self, view: GameState, seat: Seat) -> np.ndarray:
        """The observation as one read-only ``float32[OBS_SIZE]`` (see :func:`flat`)."""
        return self._update(view, seat).flat_ro

    def legal(self, view: GameState, seat: Seat) -> dict[int, Action]:
        """index -> legal action of ``seat`` (generator order); updates its mask."""
        sb = self._seat(view, seat)
        codes = self._codes
        legal: dict[int, Action] = {}
        for a in legal_actions(view, seat):
            legal[code_of(codes, view, a)] = a
        off, on = sb.mask_on, list(legal)
        if len(off) < _FEW:
            mv = sb.mask_mv
            for i in off:
                mv[i] = 0
        else:
            sb.mask[off] = 0
        if len(on) < _FEW:
            mv = sb.mask_mv
            for i in on:
                mv[i] = 1
        else:
            sb.mask[on] = 1
        sb.mask_on = on
        sb.legal = legal
        return legal

    def mask(self, view: GameState, seat: Seat) -> np.ndarray:
        """``seat``'s read-only ``int8[NUM_ACTIONS]`` legal-action mask."""
        self.legal(view, seat)
        return self._seats[seat].mask_ro

    def mask_of(self, seat: Seat) -> np.ndarray:
        """The mask of ``seat``'s last :meth:`legal` call (read-only)."""
        return self._seats[seat].mask_ro


_OBSERVER = Observer()


def observe(view: GameState, seat: Seat, *, mask: bool = True) -> dict[str, np.ndarray]:
    """The observation of ``seat`` from its view (``fcm.view(state, seat)``): new arrays."""
    return {k: v.copy() for k, v in _OBSERVER.observe(view, seat, mask=mask).items()}


def observe_flat(view: GameState, seat: Seat) -> np.ndarray:
    """``flat(observe(view, seat))`` without building the dict: a new array."""
    return _OBSERVER.flat(view, seat).copy()


def legal_mask(state: GameState, seat: Seat) -> np.ndarray:
    """``int8[NUM_ACTIONS]``: 1 at the index of every legal action of ``seat`` (new array)."""
    return _OBSERVER.mask(state, seat).copy()


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
