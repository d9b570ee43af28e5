"""Observations: what one seat may see, as numpy tensors (docs/research.md lists every plane).

Built from that seat's :func:`fcm.view` only, never from the full state, so hidden information
(other seats' reserve cards before the first bank break, the cards others are sending to work or
firing before everyone has committed, the generator state) cannot reach it.

Seats are *relative*: player row 0 and owner plane 0 are the observing seat, row ``k`` the seat
``(seat + k) % players``. Numbers are the game's own (dollars, cards, rounds), unscaled.

- ``board``: ``float32[PLANES, 20, 25]``, the map on the 5-player grid (smaller maps in the
  top-left corner; ``in_map`` tells which squares exist);
- ``players``: ``float32[5, PLAYER_FEATURES]`` (rows past the player count are 0; 5 is the
  most seats the ruleset sets up: ``Layout.seats``);
- ``globals``: ``float32[GLOBAL_FEATURES]``;
- ``action_mask``: ``int8[NUM_ACTIONS]``, 1 for each legal action of the seat (all 0 when it
  is not its decision).

``flat(obs)`` concatenates board, players and globals (``OBS_SIZE`` floats) in that order.

:func:`observe`, :func:`observe_flat` and :func:`legal_mask` return new arrays. An
:class:`Observer` (what the environments use) returns read-only views of per-seat buffers that
it updates incrementally, valid until it observes that seat again: copy them to keep them.
Both give exactly the same numbers (tests/env/test_env_observation.py checks them against a
plain square-by-square build over whole games).

**Expansion modules**: the layout is sized from the game's ruleset (:func:`layout_of`, a
:class:`Layout` per set of modules): the per-card vectors follow the encoding's employee cards,
the milestones the ruleset's, the reserve one-hot its reserve cards, the campaign-tile vectors
its tile numbers, the goods, Working 9-5 steps, house tiles and seats its ruleset's (a
module's step, good or house tile is encoded without editing this package), and each kind of
house or of map piece a module adds gets a plane; modules with state of their own add board
planes and global features at the end of their group, registered by their package
(:mod:`fcm.env.extensions`; docs/research.md lists them). With no module it is exactly the
base layout (the module-level ``BOARD_PLANES``, ``PLAYER_FIELDS``, ``GLOBAL_FIELDS``,
``OBS_SIZE``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from fcm.core.actions import Action
from fcm.core.company import board_of, house_order
from fcm.core.engine import current_actors, legal_actions
from fcm.core.geometry import Board
from fcm.core.phases.setup_phase import reserve_card
from fcm.core.ruleset import Ruleset
from fcm.core.state import WORK_STEPS, GameState, Phase
from fcm.core.types import CampaignType, Cell, EmployeeId, MilestoneId, Seat
from fcm.env.encoding import (
    BASE,
    GOODS,
    HEIGHT,
    WIDTH,
    Encoding,
    action_codes,
    code_of,
    encoding_for,
)
from fcm.env.extensions import BoardPlanes, GlobalFields, env_blocks

MAX_PLAYERS = 5  # the base game's most seats (a layout's own: ``Layout.seats``)
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
_CORNER_OFFSET = {"nw": (0, 0), "ne": (0, 1), "sw": (1, 0), "se": (1, 1)}
_CTYPE = {t: i for i, t in enumerate(CAMPAIGN_TYPES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_STEP = {s: i for i, s in enumerate(WORK_STEPS)}  # the base game's (a layout's own: ``step``)


def _offsets(fields: Sequence[tuple[str, int, str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    off = 0
    for name, n, _ in fields:
        out[name] = off
        off += n
    return out


class Layout:
    """Where every number of an observation lies, for one ruleset (docs/research.md).
    ``rules``: the game's ruleset, whose modules' planes and features (fcm.env.extensions) come
    after the base ones; ``None`` for the base layout."""

    def __init__(
        self,
        encoding: Encoding = BASE,
        milestones: tuple[MilestoneId, ...] = MILESTONES,
        rules: Ruleset | None = None,
    ) -> None:
        self.encoding = enc = encoding
        self.modules = enc.modules
        blocks = env_blocks(enc.modules) if rules is not None else ()
        # the modules' planes and globals, each with where it starts
        self.module_planes: tuple[BoardPlanes, ...] = tuple(
            b.planes for b in blocks if b.planes is not None
        )
        module_globals = tuple(b.globals for b in blocks if b.globals is not None)
        # each module's plane names (a module may size them from the ruleset, e.g. by seat)
        self.module_plane_names: tuple[tuple[tuple[str, str], ...], ...] = tuple(
            p.names(rules) if callable(p.names) else p.names  # type: ignore[arg-type]
            for p in self.module_planes
        )
        self.employees, self.milestones = enc.employees, milestones
        ne, nm, ng = len(enc.employees), len(milestones), len(enc.goods)
        # the ruleset's vocabularies: most seats, marketable goods (demand, adverts), Working
        # 9-5 steps, house tiles, kinds of house and of map piece (the base game has none)
        self.seats = seats = enc.seats
        self.marketable = goods = enc.marketable
        self.good = {g: i for i, g in enumerate(goods)}
        self.steps = (
            tuple(r.step for r in rules.work_steps) if rules is not None else WORK_STEPS
        )
        self.step = {s: i for i, s in enumerate(self.steps)}
        self.house = dict(enc.placeable_index)
        # a kind of house without squares (the rural area) has no plane: its features are its
        # module's globals
        self.house_kinds = (
            tuple(k for k, kind in rules.house_kinds.items() if kind.size)
            if rules is not None else ()
        )
        self.piece_kinds = tuple(rules.piece_kinds) if rules is not None else ()
        self.board_planes: tuple[tuple[str, str], ...] = (
            ("in_map", "1 on the squares of this map"),
            ("road", "1 on road squares (bridges included)"),
            ("bridge", "1 on bridges"),
            ("supplier_soda", "1 on a soda supplier"),
            ("supplier_lemonade", "1 on a lemonade supplier"),
            ("supplier_beer", "1 on a beer supplier"),
            ("house", "1 on the 4 squares of a house"),
            ("house_number", "the house's number on its squares (lower numbers are served first)"),
            ("garden", "1 on garden squares (that house's demand cap is 5)"),
            *(
                (f"demand_{g.value}", f"demand tokens of {g.value} on the house's squares")
                for g in goods
            ),
            *(
                (f"restaurant_{k}", f"1 on restaurants of relative seat {k}")
                for k in range(seats)
            ),
            *(
                (f"entrance_{k}", f"1 on entrance squares of relative seat {k}")
                for k in range(seats)
            ),
            ("coming_soon", "1 on restaurants that are not open yet"),
            ("drive_in", "1 on restaurants with a drive-in (entrances at all 4 corners)"),
            *(
                (f"campaign_{t.value}", f"{t.value} campaigns on (airplanes: reaching) the square")
                for t in CAMPAIGN_TYPES
            ),
            *((f"advert_{g.value}", f"campaigns advertising {g.value} here") for g in goods),
            ("advert_remaining", "remaining duration of the campaigns here (summed)"),
            ("advert_eternal", "campaigns here that never run out"),
            *(
                (f"advert_owner_{k}", f"campaigns of relative seat {k} here")
                for k in range(seats)
            ),
            *((f"house_kind_{k}", f"1 on a house of kind {k}") for k in self.house_kinds),
            *(
                (f"piece_{k}", f"1 on a square with a piece of kind {k}" + (
                    "" if rules is None or rules.piece_kinds[k].square
                    else " beside it (the piece lies beside the map)"))
                for k in self.piece_kinds
            ),
            *(named for names in self.module_plane_names for named in names),
        )
        nres = len(enc.reserves)
        reserves = ", ".join(f"${m}" + (f"/${p}" if p else "") for m, p in enc.reserves)
        self.player_fields: tuple[tuple[str, int, str], ...] = (
            ("present", 1, "1 if this seat is in the game"),
            ("cash", 1, "dollars"),
            ("reserve", nres + 1, f"reserve card one-hot: {reserves}, unknown (hidden or none)"),
            ("turn_order", seats, "one-hot position in the current turn order"),
            ("hand", ne, "cards in hand (between rounds), per employee type (EMPLOYEES order)"),
            ("at_work", ne, "cards at work, per type (the CEO is implied)"),
            ("beach", ne, "cards on the beach, per type"),
            ("busy", ne, "busy marketeers (on a running campaign), per type"),
            (
                "draft",
                ne,
                "cards this seat is sending to work / firing, not yet committed (own only)",
            ),
            ("stock", ng, "goods in stock (GOODS order)"),
            ("milestones", nm, "milestones held (MILESTONES order)"),
            ("restaurants_placed", 1, "restaurants placed (max 3)"),
            ("pending", 1, "1 while this seat owes a decision in a secret simultaneous step"),
            ("acting", 1, "1 if this seat may act now"),
            ("waitresses", 1, "waitresses counted this round"),
            ("hire_discounts", 1, "unused Recruiting Manager / HR Director discounts"),
        )
        ncamp = len(enc.campaign_numbers)
        self.global_fields: tuple[tuple[str, int, str], ...] = (
            ("players", seats - 1, f"one-hot player count 2..{seats}"),
            ("bank", 1, "dollars in the bank"),
            ("round", 1, "the round number"),
            ("bank_breaks", 1, "times the bank broke (0..2)"),
            ("reserve_added", 1, "dollars the first break added"),
            ("ceo_slots", 1, "CEO slots for everyone (set at the first break)"),
            ("gardens_left", 1, "garden tiles left"),
            ("phase", len(PHASES), "one-hot phase (fcm.Phase order)"),
            ("stage", len(STAGES), "one-hot Payday stage: firing, cannot_pay"),
            (
                "work_step",
                len(self.steps),
                "one-hot Working 9-5 step (0 outside Working 9-5)",
            ),
            ("working_seat", seats, "one-hot relative seat whose Working 9-5 turn it is"),
            ("supply", ne, "cards left in the supply per type (may be negative while training)"),
            ("house_supply", len(self.house), "1 for each house tile still in the supply"),
            ("campaign_supply", ncamp, "1 for each campaign tile still available"),
            ("milestones_available", nm, "1 for each milestone still to be claimed"),
            ("milestones_this_round", nm, "1 for each milestone claimed this round"),
            ("hires_left", 1, "hires left in this Working 9-5 turn"),
            ("hires_made", 1, "hires made in this turn"),
            (
                "discount_hires",
                1,
                "of the hires left, those from Recruiting Managers / HR Director",
            ),
            ("training_left", len(enc.trainers), "training steps left per trainer type"),
            ("fresh", 1, "beach cards trained this turn"),
            ("unused", ne, "cards at work whose action this turn is unused, per type"),
            (
                "draft_marketeer",
                len(enc.marketeers),
                "one-hot marketeer of the campaign being launched",
            ),
            ("draft_number", ncamp, "one-hot tile of the campaign being launched"),
            ("draft_placed", 1, "1 once that campaign is placed (its advert comes next)"),
            (
                "new_order",
                seats * seats,
                "[position][relative seat] in Order of Business",
            ),
            ("setup_second_pass", 1, "1 in the second pass of first-restaurant placement"),
        )
        base_globals = sum(n for _, n, _ in self.global_fields)
        # (fields, first feature, size) of each module's globals
        self.module_globals: tuple[tuple[GlobalFields, int, int], ...] = ()
        for fields in module_globals:
            more = fields.fields(rules) if rules is not None else ()
            size = sum(n for _, n, _ in more)
            if more:
                self.module_globals += ((fields, base_globals, size),)
            self.global_fields += more
            base_globals += size
        self.P = {name: i for i, (name, _) in enumerate(self.board_planes)}
        self.PF, self.GF = _offsets(self.player_fields), _offsets(self.global_fields)
        self.PLANES = len(self.board_planes)
        self.PLAYER_FEATURES = sum(n for _, n, _ in self.player_fields)
        self.GLOBAL_FEATURES = sum(n for _, n, _ in self.global_fields)
        # the grid of squares: the encoding's (the ruleset's largest map; the base 20 x 25)
        self.H, self.W = enc.height, enc.width
        self.SQ = enc.height * enc.width
        self.NB = self.PLANES * self.SQ
        self.NPL = seats * self.PLAYER_FEATURES
        self.OBS_SIZE = self.NB + self.NPL + self.GLOBAL_FEATURES
        self.emp = dict(enc.emp)
        self.mile = {m: i for i, m in enumerate(milestones)}
        self.reserve: dict[tuple[int | None, int | None], int] = {
            (m, price): i for (m, price), i in enc.reserve.items()
        }
        self.nres = nres
        self.mark = dict(enc.marketeer)
        self.trainer = dict(enc.trainer)
        self.number = dict(enc.number)
        P = self.P
        self.H0, self.H1 = P["house"], P[f"demand_{goods[-1].value}"] + 1
        self.R0, self.E0, self.CS = P["restaurant_0"], P["entrance_0"], P["coming_soon"]
        self.C0, self.C1 = P["campaign_radio"], P["advert_eternal"] + 1
        self.O0 = P["advert_owner_0"]
        # the planes of house kinds and piece kinds (K0 .. K1; none in the base game)
        self.K0 = P["advert_owner_0"] + seats
        self.K1 = self.K0 + len(self.house_kinds) + len(self.piece_kinds)
        # the first plane of each module's planes
        self.module_plane_at = tuple(P[names[0][0]] for names in self.module_plane_names)
        self.S0, self.S1 = self.GF["supply"], self.GF["hires_left"]

    def plane(self, name: str) -> int:
        """The index of a board plane by name."""
        return self.P[name]

    def player_field(self, name: str) -> slice:
        for fname, n, _ in self.player_fields:
            if fname == name:
                return slice(self.PF[name], self.PF[name] + n)
        raise KeyError(name)

    def global_field(self, name: str) -> slice:
        for fname, n, _ in self.global_fields:
            if fname == name:
                return slice(self.GF[name], self.GF[name] + n)
        raise KeyError(name)


BASE_LAYOUT = Layout()
_LAYOUTS: dict[tuple[str, frozenset[str]], Layout] = {}


def layout_for(rules: Ruleset) -> Layout:
    """The observation layout of games played with ``rules`` (one per set of modules)."""
    key = (rules.id, rules.modules)
    lay = _LAYOUTS.get(key)
    if lay is None:
        if not rules.modules:
            lay = BASE_LAYOUT
        else:
            cat = rules.catalog
            milestones = MILESTONES + tuple(
                m for m in MilestoneId.known() if m in cat.milestones and m not in MILESTONES
            )
            lay = Layout(encoding_for(rules), milestones, rules)
        _LAYOUTS[key] = lay
    return lay


def layout_of(state: GameState) -> Layout:
    """The observation layout of this game (its ruleset's)."""
    return layout_for(state.rules)


# The base game's layout, by the names of version 1 (docs/research.md; tests and examples).
BOARD_PLANES = BASE_LAYOUT.board_planes
PLAYER_FIELDS = BASE_LAYOUT.player_fields
GLOBAL_FIELDS = BASE_LAYOUT.global_fields
PLANES = BASE_LAYOUT.PLANES
PLAYER_FEATURES = BASE_LAYOUT.PLAYER_FEATURES
GLOBAL_FEATURES = BASE_LAYOUT.GLOBAL_FEATURES
OBS_SIZE = BASE_LAYOUT.OBS_SIZE
EMPLOYEES = BASE.employees
NE, NM, NG = len(EMPLOYEES), len(MILESTONES), len(GOODS)


@lru_cache(maxsize=64)
def _static_planes(
    board: Board, planes_count: int, height: int = HEIGHT, width: int = WIDTH
) -> np.ndarray:
    """The printed map: squares, roads, bridges, suppliers (the same all game)."""
    P = BASE_LAYOUT.P  # these planes lie in the same place in every layout
    planes = np.zeros((planes_count, height, width), dtype=np.float32)
    if board.height > height or board.width > width:
        raise ValueError(f"a {board.height} x {board.width} map is larger than the encoding grid")
    planes[P["in_map"], : board.height, : board.width] = 1.0
    for r in range(board.height):
        for c in range(board.width):
            if not board.full and not board.in_map((r, c)):  # a gap of a map that grew
                planes[P["in_map"], r, c] = 0.0
            if board.is_road((r, c)):
                planes[P["road"], r, c] = 1.0
                if board.is_bridge((r, c)):
                    planes[P["bridge"], r, c] = 1.0
    for (r, c), good in board.suppliers.items():
        planes[DRINK_PLANE[str(good)], r, c] = 1.0
    planes.setflags(write=False)
    return planes


def _house_planes(L: Layout, view: GameState) -> np.ndarray:
    """Planes ``house`` .. ``demand_beer`` (the same for every seat)."""
    sec = np.zeros((L.H1 - L.H0, L.H, L.W), dtype=np.float32)
    good = L.good
    order = house_order(view)  # a module's kind: its place in house order (π: 3.14)
    for h in view.houses.values():
        r, c = h.cell
        k = h.size  # 2, or a module's house kind's footprint (a 3x3 apartment)
        sec[0, r : r + k, c : c + k] = 1.0
        sec[1, r : r + k, c : c + k] = float(order(h))
        for gr, gc in h.garden:
            sec[2, gr, gc] = 1.0
        for g in h.demand:
            sec[3 + good[g], r : r + k, c : c + k] += 1.0
    return sec


def _kind_planes(L: Layout, key: tuple[Any, ...]) -> np.ndarray:
    """Planes ``house_kind_*`` then ``piece_*``: the houses of each kind a module adds, the
    pieces modules placed on the map (none without them)."""
    houses, pieces = key
    sec = np.zeros((L.K1 - L.K0, L.H, L.W), dtype=np.float32)
    nh = len(L.house_kinds)
    for kind, cells in houses:
        for r, c in cells:
            sec[L.house_kinds.index(kind), r, c] = 1.0
    for kind, (r, c) in pieces:  # a piece beside the map comes on the square it touches
        sec[nh + L.piece_kinds.index(kind), r, c] = 1.0
    return sec


def _beside(board: Board, cell: Cell) -> Cell:
    """The map's square a piece stands on, or for a piece beside the map (a freeway) the
    map's square it lies beside."""
    r, c = cell
    return (min(max(r, 0), board.height - 1), min(max(c, 0), board.width - 1))


def _restaurant_planes(
    view: GameState, seats: int, height: int = HEIGHT, width: int = WIDTH
) -> np.ndarray:
    """Restaurants by *absolute* owner (0..4: ``seats``), entrances by owner (5..9), Coming
    Soon, drive-in; each seat takes the owner planes in its relative order."""
    sec = np.zeros((2 * seats + 2, height, width), dtype=np.float32)
    for rest in view.restaurants:
        r, c = rest.cell
        sec[rest.owner, r : r + 2, c : c + 2] = 1.0
        dr, dc = _CORNER_OFFSET[str(rest.entrance)]
        sec[seats + rest.owner, r + dr, c + dc] = 1.0
        if not rest.open:
            sec[2 * seats, r : r + 2, c : c + 2] = 1.0
        if rest.drive_in:
            sec[2 * seats + 1, r : r + 2, c : c + 2] = 1.0
    return sec


def _campaign_planes(L: Layout, view: GameState, board: Board) -> np.ndarray:
    """Planes ``campaign_radio`` .. ``advert_eternal`` then campaigns by absolute owner (a
    campaign beside the board has no square)."""
    shared = L.C1 - L.C0
    sec = np.zeros((shared + L.seats, L.H, L.W), dtype=np.float32)
    catalog = view.rules.catalog
    for camp in view.campaigns.values():
        if camp.kind.beside_board:
            continue
        if camp.kind is CampaignType.AIRPLANE and camp.edge is not None:
            assert camp.first is not None
            cells = board.airplane_cells(camp.edge, camp.first, catalog.campaigns[camp.number].span)
        else:
            cells = frozenset(camp.cells)
        rows = np.fromiter((x[0] for x in cells), dtype=np.intp, count=len(cells))
        cols = np.fromiter((x[1] for x in cells), dtype=np.intp, count=len(cells))
        sec[_CTYPE[camp.kind], rows, cols] += 1.0
        sec[len(CAMPAIGN_TYPES) + L.good[camp.good], rows, cols] += 1.0
        sec[L.P["advert_remaining"] - L.C0, rows, cols] += float(camp.remaining)
        if camp.eternal:
            sec[L.P["advert_eternal"] - L.C0, rows, cols] += 1.0
        sec[shared + camp.owner, rows, cols] += 1.0
    return sec


def _cards_part(L: Layout, key: tuple[tuple[EmployeeId, ...], ...]) -> np.ndarray:
    """Fields ``hand`` .. ``draft`` of a player row (5 per-card vectors)."""
    ne = len(L.employees)
    out = np.zeros(5 * ne, dtype=np.float32)
    emp = L.emp
    for k, cards in enumerate(key):
        for card in cards:
            out[k * ne + emp[card]] += 1.0
    return out


def _rare_globals(L: Layout, buf: np.ndarray, mv: memoryview[float], view: GameState) -> None:
    """Globals ``supply`` .. ``milestones_this_round`` (they change only now and then)."""
    g = L.NB + L.NPL
    GF = L.GF
    buf[g + L.S0 : g + L.S1] = 0.0
    at = g + GF["supply"]
    emp = L.emp
    for card, left in view.supply.items():
        mv[at + emp[card]] = left
    at = g + GF["house_supply"]
    for number in view.house_supply:
        mv[at + L.house[number]] = 1.0
    at = g + GF["campaign_supply"]
    num = L.number
    for number in view.campaign_supply:
        mv[at + num[number]] = 1.0
    at = g + GF["milestones_available"]
    mile = L.mile
    for m in view.milestones_available:
        mv[at + mile[m]] = 1.0
    at = g + GF["milestones_this_round"]
    for m in view.milestones_this_round:
        mv[at + mile[m]] = 1.0


class _Section:
    """A built plane group and the content it was built from."""

    __slots__ = ("busy", "key", "planes")

    def __init__(
        self,
        key: object,
        planes: np.ndarray,
        busy: dict[Seat, tuple[EmployeeId, ...]] | None = None,
    ):
        self.key = key
        self.planes = planes
        self.busy = busy or {}


_NO_SECTION = _Section(None, np.zeros(0, np.float32), {})
_MEMO = 4096  # card parts and rare globals remembered (then forgotten all at once)
_FEW = 32  # masks with fewer changes are written number by number (cheaper than numpy indexing)
_UNSET = object()


class _Row:
    """What one player row of a seat's buffer shows now (the buffer starts all zero)."""

    __slots__ = ("cards", "cash", "flags", "milestones", "pos", "reserve", "stock")

    def __init__(self) -> None:
        self.cash: object = _UNSET
        self.reserve: int | None = None  # the one-hot index set, if any
        self.pos: int | None = None
        self.cards: object = None
        self.stock: object = None
        self.milestones: tuple[MilestoneId, ...] = ()
        self.flags: object = None  # (restaurants, pending, acting, waitresses, discounts)


class _SeatBuffers:
    """One seat's preallocated observation and mask, and what each part was last built from."""

    def __init__(self, L: Layout, seat: Seat, n: int, board: Board) -> None:
        self.L = L
        self.seat, self.n, self.board_geo = seat, n, board
        self.rel = [(s - seat) % n for s in range(n)]
        self.perm = np.array([(seat + k) % n for k in range(n)], dtype=np.intp)
        self.buf = np.zeros(L.OBS_SIZE, dtype=np.float32)
        self.mv: memoryview[float] = self.buf.data.cast("B").cast("f")
        nb, npl = L.NB, L.NPL
        self.board = self.buf[:nb].reshape(L.PLANES, L.H, L.W)
        self.board[: L.H0] = _static_planes(board, L.PLANES, L.H, L.W)[: L.H0]
        self.houses = self.restaurants = self.campaigns = self.kinds = _NO_SECTION
        # per module: the planes section last copied, the key its globals were written for
        self.module_planes = [_NO_SECTION for _ in L.module_planes]
        self.module_globals: list[object] = [_UNSET for _ in L.module_globals]
        self.rows = [_Row() for _ in range(n)]
        self.rare: tuple[Any, ...] | None = None
        g = nb + npl
        self.mv[g + L.GF["players"] + n - 2] = 1.0
        # flow globals last written (None: all zero)
        self.head: object = None
        self.phase: int | None = None
        self.stage: int | None = None
        self.work: object = None
        self.new_order: object = None
        self.second_pass = False
        self.mask = np.zeros(L.encoding.num_actions, dtype=np.int8)
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
            "board": ro[:nb].reshape(L.PLANES, L.H, L.W),
            "players": ro[nb : nb + npl].reshape(L.seats, L.PLAYER_FEATURES),
            "globals": ro[nb + npl :],
        }


class Observer:
    """Observations built incrementally, for any games and seats (one observer per thread).

    The map's printed planes are built once per board; houses, restaurants and campaigns are
    rebuilt only when what they show changed (compared with a snapshot of that content, so
    the result is exactly a from-scratch build), once for all seats, each seat then taking the
    owner planes in its own order. Each seat's buffer remembers what every part of its player
    rows and globals shows, and writes only the numbers that changed. Everything is read from
    the seat's view passed in.

    The arrays returned are **read-only views of per-seat buffers, valid until this observer
    observes the same seat again**: copy them to keep them (``observe`` at module level does).
    """

    def __init__(self) -> None:
        self._seats: dict[Seat, _SeatBuffers] = {}
        self._tiles: object = None
        self._options: object = None
        self._rules: object = None
        self._board: Board | None = None
        self._layout = BASE_LAYOUT
        self._codes: dict[Action, int] = {}
        self._houses = self._restaurants = self._campaigns = self._kinds = _NO_SECTION
        self._module_planes: dict[BoardPlanes, _Section] = {}
        # per-card parts of player rows and the rare globals, by their content (the same
        # content shows the same numbers to every seat)
        self._cards: dict[tuple[Any, ...], np.ndarray] = {}
        self._rare: dict[tuple[Any, ...], np.ndarray] = {}

    def _board_of(self, view: GameState) -> Board:
        if (
            view.tiles is not self._tiles
            or view.options is not self._options
            or view.rules is not self._rules
        ):
            self._board = board_of(view)
            self._tiles, self._options, self._rules = view.tiles, view.options, view.rules
            layout = layout_for(view.rules)
            if layout is not self._layout:  # the sections' sizes are the layout's
                self._houses = self._restaurants = self._campaigns = self._kinds = _NO_SECTION
                self._module_planes.clear()
            self._layout = layout
            self._codes = action_codes(self._board, self._layout.encoding)
            self._cards.clear()
            self._rare.clear()
        assert self._board is not None
        return self._board

    def layout(self, view: GameState) -> Layout:
        self._board_of(view)
        return self._layout

    def _seat(self, view: GameState, seat: Seat) -> _SeatBuffers:
        board = self._board_of(view)
        sb = self._seats.get(seat)
        if (
            sb is None
            or sb.board_geo is not board
            or sb.n != view.num_players
            or sb.L is not self._layout
        ):
            sb = self._seats[seat] = _SeatBuffers(self._layout, seat, view.num_players, board)
        return sb

    def _update(self, view: GameState, seat: Seat) -> _SeatBuffers:
        sb = self._seat(view, seat)
        L = sb.L
        n = sb.n
        planes = sb.board
        perm = sb.perm
        mv = sb.mv
        buf = sb.buf

        key: object = [(h.number, h.cell, h.garden, *h.demand) for h in view.houses.values()]
        if key != self._houses.key:
            self._houses = _Section(key, _house_planes(L, view))
        if sb.houses is not self._houses:
            planes[L.H0 : L.H1] = self._houses.planes
            sb.houses = self._houses

        key = [(r.owner, r.cell, r.entrance, r.open, r.drive_in) for r in view.restaurants]
        if key != self._restaurants.key:
            self._restaurants = _Section(key, _restaurant_planes(view, L.seats, L.H, L.W))
        if sb.restaurants is not self._restaurants:
            sec = self._restaurants.planes
            planes[L.R0 : L.R0 + n] = sec[perm]
            planes[L.E0 : L.E0 + n] = sec[perm + L.seats]
            planes[L.CS : L.CS + 2] = sec[2 * L.seats :]
            sb.restaurants = self._restaurants

        if L.K1 > L.K0:
            key = (
                tuple((h.kind, h.cells) for h in view.houses.values() if h.kind and h.size),
                tuple((p.kind, _beside(sb.board_geo, p.cell)) for p in view.pieces),
            )
            if key != self._kinds.key:
                self._kinds = _Section(key, _kind_planes(L, key))
            if sb.kinds is not self._kinds:
                planes[L.K0 : L.K1] = self._kinds.planes
                sb.kinds = self._kinds

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
                _campaign_planes(L, view, sb.board_geo),
                {s: tuple(cards) for s, cards in busy.items()},
            )
        camps = self._campaigns
        if sb.campaigns is not camps:
            c0, c1 = L.C0, L.C1
            planes[c0:c1] = camps.planes[: c1 - c0]
            planes[L.O0 : L.O0 + n] = camps.planes[perm + (c1 - c0)]
            sb.campaigns = camps

        for i, mp in enumerate(L.module_planes):
            key = mp.key(view)
            section = self._module_planes.get(mp, _NO_SECTION)
            if key != section.key:
                section = self._module_planes[mp] = _Section(key, mp.build(view, key))
            if sb.module_planes[i] is not section:
                at = L.module_plane_at[i]
                if mp.by_seat:
                    planes[at : at + n] = section.planes[perm]
                else:
                    planes[at : at + len(L.module_plane_names[i])] = section.planes
                sb.module_planes[i] = section

        self._players(view, sb, camps)

        key = (
            tuple(view.supply.items()),
            tuple(view.house_supply),
            tuple(view.campaign_supply),
            tuple(view.milestones_available),
            tuple(view.milestones_this_round),
        )
        if key != sb.rare:
            g = L.NB + L.NPL
            part = self._rare.get(key)
            if part is None:
                _rare_globals(L, buf, mv, view)
                if len(self._rare) >= _MEMO:
                    self._rare.clear()
                self._rare[key] = buf[g + L.S0 : g + L.S1].copy()
            else:
                buf[g + L.S0 : g + L.S1] = part
            sb.rare = key
        self._flow(view, sb)
        return sb

    def _players(self, view: GameState, sb: _SeatBuffers, camps: _Section) -> None:
        """The player rows: each part written only when what it shows changed."""
        L = sb.L
        mv = sb.mv
        buf = sb.buf
        PF = L.PF
        o_cash, o_res, o_pos = PF["cash"], PF["reserve"], PF["turn_order"]
        module_cards = bool(view.rules.extensions.reserve_cards)
        o_cards, o_stock, o_mile = PF["hand"], PF["stock"], PF["milestones"]
        o_flags = PF["restaurants_placed"]
        ncards = 5 * len(L.employees)
        actors = current_actors(view)
        order = view.turn_order
        drafts = view.turn.drafts
        pending = view.turn.pending
        waitresses = view.waitresses_this_round
        busy = camps.busy
        rel = sb.rel
        rows = sb.rows
        for p in view.players:
            s = p.seat
            slot = rel[s]
            row = rows[slot]
            base = L.NB + slot * L.PLAYER_FEATURES
            if row.cash is _UNSET:
                mv[base + PF["present"]] = 1.0
            if p.cash != row.cash:
                mv[base + o_cash] = p.cash
                row.cash = p.cash
            if module_cards:  # a module's card: the one the chain holds, its money and price
                card = reserve_card(view, p)
                r = L.nres if card is None else L.reserve.get((card.money, card.base_price), L.nres)
            else:
                r = L.reserve.get((p.reserve, None), L.nres)
            if r != row.reserve:
                if row.reserve is not None:
                    mv[base + o_res + row.reserve] = 0.0
                mv[base + o_res + r] = 1.0
                row.reserve = r
            pos = order.index(s) if s in order else None
            if pos != row.pos:
                if row.pos is not None:
                    mv[base + o_pos + row.pos] = 0.0
                if pos is not None:
                    mv[base + o_pos + pos] = 1.0
                row.pos = pos
            cards = (
                tuple(p.hand),
                tuple(p.at_work),
                tuple(p.beach),
                busy.get(s, ()),
                tuple(drafts.get(s, ())),
            )
            if cards != row.cards:
                part = self._cards.get(cards)
                if part is None:
                    if len(self._cards) >= _MEMO:
                        self._cards.clear()
                    part = self._cards[cards] = _cards_part(L, cards)
                buf[base + o_cards : base + o_cards + ncards] = part
                row.cards = cards
            stock = tuple(p.stock.items())
            if stock != row.stock:
                at = base + o_stock
                goods = L.encoding.good_index
                for i in range(len(goods)):
                    mv[at + i] = 0.0
                for good, amount in stock:
                    mv[at + goods[good]] = amount
                row.stock = stock
            miles = tuple(p.milestones)
            if miles != row.milestones:
                at = base + o_mile
                mile = L.mile
                for m in row.milestones:
                    mv[at + mile[m]] = 0.0
                for m in miles:
                    mv[at + mile[m]] = 1.0
                row.milestones = miles
            flags = (
                p.restaurants_placed,
                s in pending,
                s in actors,
                waitresses.get(s, 0),
                p.hire_discounts,
            )
            if flags != row.flags:
                at = base + o_flags  # restaurants_placed, pending, acting, waitresses, discounts
                mv[at] = flags[0]
                mv[at + 1] = 1.0 if flags[1] else 0.0
                mv[at + 2] = 1.0 if flags[2] else 0.0
                mv[at + 3] = flags[3]
                mv[at + 4] = flags[4]
                row.flags = flags

    def _flow(self, view: GameState, sb: _SeatBuffers) -> None:
        """The other globals (they change at almost every step): each part written only when
        what it shows changed."""
        L = sb.L
        mv = sb.mv
        buf = sb.buf
        GF = L.GF
        g = L.NB + L.NPL
        head = (
            view.bank,
            view.round,
            view.bank_breaks,
            view.reserve_added,
            view.ceo_slots,
            view.gardens_left,
        )
        if head != sb.head:
            at = g + GF["bank"]  # bank .. gardens_left, in this order
            for i, v in enumerate(head):
                mv[at + i] = v
            sb.head = head
        turn = view.turn
        ph = _PHASE[turn.phase]
        if ph != sb.phase:
            if sb.phase is not None:
                mv[g + GF["phase"] + sb.phase] = 0.0
            mv[g + GF["phase"] + ph] = 1.0
            sb.phase = ph
        st = STAGES.index(turn.stage) if turn.stage in STAGES else None
        if st != sb.stage:
            if sb.stage is not None:
                mv[g + GF["stage"] + sb.stage] = 0.0
            if st is not None:
                mv[g + GF["stage"] + st] = 1.0
            sb.stage = st
        w = turn.working
        if w is None:
            work: object = None
        else:
            d = w.draft
            work = (
                w.step,
                w.seat,
                w.hires_left,
                w.hires_made,
                w.discount_hires,
                tuple((t.card, t.left) for t in w.trainers),
                len(w.fresh),
                tuple(w.unused),
                None
                if d is None
                else (d.marketeer, d.number, d.cells is not None or d.edge is not None),
            )
        if work != sb.work:
            a0 = g + GF["work_step"]
            buf[a0 : g + L.S0] = 0.0  # work_step, working_seat
            buf[g + L.S1 : g + GF["new_order"]] = 0.0  # hires_left .. draft_placed
            if w is not None:
                mv[a0 + L.step[w.step]] = 1.0
                mv[g + GF["working_seat"] + sb.rel[w.seat]] = 1.0
                mv[g + GF["hires_left"]] = w.hires_left
                mv[g + GF["hires_made"]] = w.hires_made
                mv[g + GF["discount_hires"]] = w.discount_hires
                at = g + GF["training_left"]
                trainer = L.trainer
                for t in w.trainers:
                    mv[at + trainer[t.card]] += t.left
                mv[g + GF["fresh"]] = len(w.fresh)
                at = g + GF["unused"]
                emp = L.emp
                for card in w.unused:
                    mv[at + emp[card]] += 1.0
                if w.draft is not None:
                    mv[g + GF["draft_marketeer"] + L.mark[w.draft.marketeer]] = 1.0
                    mv[g + GF["draft_number"] + L.number[w.draft.number]] = 1.0
                    placed = w.draft.cells is not None or w.draft.edge is not None
                    mv[g + GF["draft_placed"]] = 1.0 if placed else 0.0
            sb.work = work
        new_order = tuple(turn.new_order)
        if new_order != sb.new_order:
            at = g + GF["new_order"]
            seats = L.seats
            buf[at : at + seats * seats] = 0.0
            rel = sb.rel
            for pos, s in enumerate(new_order):
                if s is not None:
                    mv[at + pos * seats + rel[s]] = 1.0
            sb.new_order = new_order
        if turn.setup_second_pass != sb.second_pass:
            mv[g + GF["setup_second_pass"]] = 1.0 if turn.setup_second_pass else 0.0
            sb.second_pass = turn.setup_second_pass
        for i, (fields, at, size) in enumerate(L.module_globals):
            key = fields.key(view)
            if key != sb.module_globals[i]:
                out = buf[g + at : g + at + size]
                out[:] = 0.0
                fields.write(view, out, key, sb.rel)
                sb.module_globals[i] = key

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
        """``seat``'s read-only legal-action mask (``int8[num_actions]``)."""
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
    """``int8[num_actions]``: 1 at the index of every legal action of ``seat`` (new array)."""
    return _OBSERVER.mask(state, seat).copy()


def flat(obs: dict[str, Any]) -> np.ndarray:
    """board, players and globals as one ``float32[OBS_SIZE]`` vector."""
    return np.concatenate((obs["board"].ravel(), obs["players"].ravel(), obs["globals"]))


def plane(name: str, layout: Layout = BASE_LAYOUT) -> int:
    """The index of a board plane by name."""
    return layout.plane(name)


def player_field(name: str, layout: Layout = BASE_LAYOUT) -> slice:
    return layout.player_field(name)


def global_field(name: str, layout: Layout = BASE_LAYOUT) -> slice:
    return layout.global_field(name)
