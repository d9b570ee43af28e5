"""The game state: plain data, cheap to clone, exactly serialisable.

Layout follows the split between the *turn flow* (``state.turn``, a :class:`TurnFlow`: phase,
stage, whose decision, per-phase progress) and *game content* (round, turn order, board pieces,
bank, companies). Nothing here holds a callable or an open resource; the static board geometry
is rebuilt from the tile placements and cached.

Cards of one employee type are identical, so a company's cards are kept as sorted lists of
type ids per place: ``hand`` (between rounds), ``at_work`` (the structure, CEO implied),
``beach``; busy marketeers are recorded on their campaign.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from fcm.core.errors import ScenarioError
from fcm.core.types import (
    BASE,
    BASE_GOODS,
    EMPLOYEE_IDS,
    MILESTONE_IDS,
    CampaignType,
    Cell,
    Corner,
    Edge,
    EmployeeId,
    Good,
    MilestoneId,
    OpenId,
    Seat,
)

if TYPE_CHECKING:
    from fcm.core.ruleset import Ruleset, RulesFor

SCHEMA_VERSION = 1
_T = TypeVar("_T")


class Phase(StrEnum):
    SETUP_RESERVE = "setup_reserve"
    SETUP_RESTAURANTS = "setup_restaurants"
    RESTRUCTURING = "restructuring"
    ORDER_OF_BUSINESS = "order_of_business"
    WORKING = "working"
    DINNERTIME = "dinnertime"
    PAYDAY = "payday"
    MARKETING = "marketing"
    CLEANUP = "cleanup"
    GAME_OVER = "game_over"


class Stage(StrEnum):
    """A phase's sub-stage, when it has several (Payday: excerpt "Payday", facts.md E.4)."""

    NONE = ""
    FIRING = "firing"  # every chain secretly chooses whom to fire
    PAYING = "paying"  # salaries are paid in turn order
    CANNOT_PAY = "cannot_pay"  # one chain cannot pay: it fires until it can


class WorkStep(OpenId):
    """A step of a Working 9-5 turn (excerpt "Working 9-5"): an open vocabulary. The base
    game's are constants here, in their order (:data:`WORK_STEPS`); the order a game plays is
    its ruleset's (``Ruleset.work_steps``), where a module may insert its own step."""

    __slots__ = ()

    HIRE: ClassVar[WorkStep]
    TRAIN: ClassVar[WorkStep]
    DRIVE_INS: ClassVar[WorkStep]
    CAMPAIGNS: ClassVar[WorkStep]
    FOOD_AND_DRINKS: ClassVar[WorkStep]
    HOUSES: ClassVar[WorkStep]
    RESTAURANTS: ClassVar[WorkStep]


WorkStep._define_members()

WORK_STEPS: tuple[WorkStep, ...] = WorkStep.known()  # the base game's order


_LATER_SWITCHES = frozenset(
    {
        "roads_meet_at_midpoints",
        "carts_use_whole_range",
        "payday_firing_in_turn_order",
        "introductory_all_drinks",
        "first_billboard_waives_named_marketeers",
    }
)


@dataclass(slots=True)
class Options:
    """Rules configuration. Every switch is off by default (the excerpts' reading)."""

    introductory: bool = False
    # Milestones are used unless the introductory game is played (facts.md E.10); ``True`` with
    # ``introductory`` is the recommended second game. ``None`` resolves at setup.
    milestones: bool | None = None
    # conventions.md / facts.md 9.1 alternatives, each off by default:
    local_manager_any_road: bool = False  # 9.1 #1: RB - entrance on any road, range still 3
    airplanes_may_not_overlap: bool = False  # 9.1 #2: DLX - airplane tokens may not overlap
    bank_breaks_when_short: bool = False  # 9.1 #3: RB - breaks only when it cannot pay in full
    first_100_at_end_of_dinnertime: bool = False  # 9.1 #6: RB - $100 checked after Dinnertime
    roads_meet_at_midpoints: bool = False  # 9.1 #7: old ruling - tiles' roads join at midpoints
    carts_use_whole_range: bool = False  # 9.1 #8: ruling - a cart/truck drives its full range
    payday_firing_in_turn_order: bool = False  # 9.1 #9: ruling - fire in turn order, openly
    introductory_all_drinks: bool = False  # 9.1 #13: DLX - intro map shows all three drinks
    # ketchup.md 19.1 #18 (matters with the modules' marketing cards): RB - CM, BM, BD only
    first_billboard_waives_named_marketeers: bool = False
    # Not a rule of the game: a simulation cap (``fcm simulate``/``verify`` set it) that ends a
    # game after this many rounds; ``None`` in real games.
    round_limit: int | None = None
    # The data and rules played (fcm.rulesets resolves the id); the base game's is left out of
    # to_dict, so saved games and hashes of base games are those of before rulesets existed.
    ruleset: str = BASE
    # Expansion modules played (ids of The Ketchup Mechanism, docs/modules.md); written only
    # when some are on, so base games are saved and hashed as before.
    modules: frozenset[str] = frozenset()
    # The modules' own rule switches that are on (each module declares its switches; they are
    # saved flat among the others, by name, and checked by what resolves the modules).
    switches: frozenset[str] = frozenset()

    @property
    def uses_milestones(self) -> bool:
        return (not self.introductory) if self.milestones is None else self.milestones

    def resolved(self) -> Options:
        """A copy with every default decided (what a game stores)."""
        data = self.to_dict()
        data["milestones"] = self.uses_milestones
        data["modules"] = self.modules
        return Options.from_dict(data)

    def to_dict(self, *, complete: bool = False) -> dict[str, Any]:
        """The options as saved. Switches added after the first saved games are written only
        when on (and the base ruleset is left out), so the files and state hashes of games that
        do not use them stay as they were; ``complete`` lists every switch (what a form
        offers)."""
        out: dict[str, Any] = {
            name: getattr(self, name)
            for name in (f.name for f in fields(self))
            if name != "switches"
            and (complete or name not in _LATER_SWITCHES or getattr(self, name))
        }
        out.update(dict.fromkeys(sorted(self.switches), True))
        if out["ruleset"] == BASE:  # a form offers switches; the ruleset is chosen elsewhere
            del out["ruleset"]
        if self.modules:
            out["modules"] = sorted(self.modules)
        else:
            out.pop("modules", None)  # chosen with their own checkboxes, never a switch
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """The options of this saved form, each checked alone; whether the ruleset and modules
        they name exist and go together, and whether a module switch belongs to one of them, is
        for what resolves them (``fcm.rulesets``). A name that is no field is a module switch:
        on (True) it is kept in ``switches``, off it is dropped."""
        known = {f.name for f in fields(cls)} - {"switches"}
        switches = set()
        for name in set(data) - known:
            if data[name] is not True and data[name] is not False:
                raise ScenarioError(f"options: unknown switch {name!r} (value {data[name]!r})")
            if data[name]:
                switches.add(name)
        data = {k: v for k, v in data.items() if k in known}
        for name, value in data.items():
            if name == "round_limit":
                ok = value is None or (
                    isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000
                )
            elif name == "milestones":
                ok = value is None or isinstance(value, bool)
            elif name == "ruleset":
                ok = isinstance(value, str) and bool(value)
            elif name == "modules":
                ok = isinstance(value, (list, tuple, set, frozenset)) and all(
                    isinstance(m, str) for m in value
                )
            else:
                ok = isinstance(value, bool)
            if not ok:
                raise ScenarioError(f"options: {name!r} has a bad value {value!r}")
        if "modules" in data:
            data = {**data, "modules": frozenset(data["modules"])}
        return cls(**data, switches=frozenset(switches))


@dataclass(slots=True)
class Restaurant:
    owner: Seat
    number: int  # 0..2 within the chain
    cell: Cell  # top-left square of the 2x2
    entrance: Corner
    open: bool = True  # False: Coming Soon
    drive_in: bool = False  # this round only (removed in Clean up)


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece a module placed on the map during the game (a road, a park, roadworks, ...):
    its ``kind`` (one of the ruleset's ``piece_kinds``) on square ``cell``. Together they are
    the board overlay: the geometry answers over the printed board and these (``board_of``)."""

    kind: str
    cell: Cell


@dataclass(slots=True)
class House:
    number: int
    cell: Cell  # top-left square of the 2x2
    printed: bool
    garden: tuple[Cell, ...] = ()
    demand: list[Good] = field(default_factory=list)
    # A module's house kind (the ruleset's ``house_kinds``: footprint, order, demand cap and
    # multiplier); "" is the base game's 2x2 house. Saved only when set.
    kind: str = ""
    size: int = 2  # the footprint's side (the kind's)

    @property
    def cells(self) -> tuple[Cell, ...]:
        r, c = self.cell
        if self.size != 2:
            return tuple((r + i, c + j) for i in range(self.size) for j in range(self.size))
        return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))

    @property
    def footprint(self) -> tuple[Cell, ...]:
        """House and garden squares: a garden is part of its house."""
        if self.size == 2:  # the base game's house, without a second call (a hot path)
            r, c = self.cell
            return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1), *self.garden)
        return self.cells + self.garden

    @property
    def capacity(self) -> int:
        return 5 if self.garden else 3


@dataclass(slots=True)
class Campaign:
    number: int
    kind: CampaignType
    owner: Seat
    good: Good
    marketeer: EmployeeId | Literal[""]  # the busy card ("" once fired at Payday: it runs on)
    remaining: int  # duration pieces left
    eternal: bool
    placed_round: int
    cells: tuple[Cell, ...] = ()  # empty for airplanes
    edge: Edge | None = None  # airplanes only
    first: int | None = None  # airplanes only: first row (e/w) or column (n/s)
    # What modules keep on the campaign (``ModuleKey``s of record "campaign"): plain JSON,
    # saved flat after the fields above, only when set.
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Player:
    seat: Seat
    cash: int = 0
    hand: list[EmployeeId] = field(default_factory=list)
    at_work: list[EmployeeId] = field(default_factory=list)
    beach: list[EmployeeId] = field(default_factory=list)
    stock: dict[Good, int] = field(default_factory=lambda: dict.fromkeys(BASE_GOODS, 0))
    milestones: dict[MilestoneId, int] = field(default_factory=dict)  # -> round claimed
    reserve: int | None = None  # chosen reserve card (its money); secret until the first break
    restaurants_placed: int = 0
    hire_discounts: int = 0  # unused Recruiting Manager / HR Director actions this round
    # What modules keep per chain (``ModuleKey``s of record "player"): plain JSON, saved flat
    # after the fields above, only when set (a base game's players save as they always did).
    extras: dict[str, Any] = field(default_factory=dict)

    def has(self, milestone: MilestoneId) -> bool:
        return milestone in self.milestones

    def has_before(self, milestone: MilestoneId, round_: int) -> bool:
        """Held since a round before ``round_`` (effects that start "next round")."""
        return self.milestones.get(milestone, round_) < round_


@dataclass(slots=True)
class TrainerUse:
    """One training card at work this turn and what it has done."""

    card: EmployeeId
    left: int


@dataclass(slots=True)
class FreshCard:
    """A beach card trained this turn (it may only be trained on by the same trainer)."""

    card: EmployeeId
    trainer: int  # index into WorkingTurn.trainers


@dataclass(slots=True)
class CampaignDraft:
    """A campaign being launched in steps: tile and marketeer, then where, then what."""

    marketeer: EmployeeId
    number: int
    cells: tuple[Cell, ...] | None = None
    edge: Edge | None = None
    first: int | None = None


@dataclass(slots=True)
class WorkingTurn:
    """Progress of the current player's Working 9-5 turn."""

    seat: Seat
    step: WorkStep = WorkStep.HIRE
    hires_left: int = 0
    hires_made: int = 0
    discount_hires: int = 0  # of hires_left, how many come from Recruiting Managers / HR
    trainers: list[TrainerUse] = field(default_factory=list)
    fresh: list[FreshCard] = field(default_factory=list)
    unused: list[EmployeeId] = field(default_factory=list)  # cards at work whose action is unused
    draft: CampaignDraft | None = None
    # What modules keep for this turn (``ModuleKey``s of record "working"): plain JSON, saved
    # flat after the fields above, only when set.
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class TurnFlow:
    """The turn flow: the phase (and its stage), whose decision it is and how far it has got.

    One record (``state.turn``), cloned in one call. It is saved flat, at the top level of
    :meth:`GameState.to_dict` under the names the fields had before they were grouped, so saved
    games, the views sent to the browser and state hashes are unchanged."""

    phase: Phase = Phase.SETUP_RESERVE
    stage: Stage = Stage.NONE  # a phase's sub-stage, when it has several (e.g. Payday)
    index: int = 0  # into turn_order: the player acting in turn-order phases
    pending: list[Seat] = field(default_factory=list)  # seats that still owe a decision
    drafts: dict[Seat, list[EmployeeId]] = field(default_factory=dict)  # secret per-seat choices
    order_choosers: list[Seat] = field(default_factory=list)  # Order of Business queue
    new_order: list[Seat | None] = field(default_factory=list)
    setup_passed: list[Seat] = field(default_factory=list)
    setup_second_pass: bool = False
    working: WorkingTurn | None = None  # the current Working 9-5 turn
    # What modules keep on the turn (``ModuleKey``s of record "turn", e.g. the goods a chain
    # chose to pay salaries with): plain JSON, saved flat after the fields above, only when set.
    extras: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> TurnFlow:
        return TurnFlow(
            phase=self.phase,
            stage=self.stage,
            index=self.index,
            pending=list(self.pending),
            drafts={s: list(d) for s, d in self.drafts.items()},
            order_choosers=list(self.order_choosers),
            new_order=list(self.new_order),
            setup_passed=list(self.setup_passed),
            setup_second_pass=self.setup_second_pass,
            working=_clone_working(self.working),
            extras=_copy_data(self.extras) if self.extras else {},
        )

    def shallow_copy(self) -> TurnFlow:
        """A new record sharing every part with this one (for views: read-only)."""
        return _copy_turn(self)

    def to_dict(self) -> dict[str, Any]:
        """The fields as saved: flat in the state's dict, under their historical names."""
        out: dict[str, Any] = {
            "phase": self.phase.value,
            "stage": self.stage,
            "pending": list(self.pending),
            "drafts": {str(s): list(d) for s, d in sorted(self.drafts.items())},
            "order_choosers": list(self.order_choosers),
            "new_order": list(self.new_order),
            "setup_passed": list(self.setup_passed),
            "setup_second_pass": self.setup_second_pass,
            "working": _working_to_dict(self.working),
            "turn_index": self.index,
        }
        if self.extras:  # a module's keys: base games save as before
            out.update(_copy_data(self.extras))
        return out

    @classmethod
    def from_dict(
        cls,
        d: dict[str, Any],
        keys: Mapping[str, object] | None = None,
        own: Mapping[str, object] | None = None,
    ) -> TurnFlow:
        """Inverse of :meth:`to_dict`; ``d`` is the state's (flat) dict, ``keys`` what modules
        keep on the Working 9-5 turn (``ModuleKey``s of record "working"), ``own`` on the turn
        (record "turn")."""
        return cls(
            phase=Phase(d["phase"]),
            stage=Stage(d["stage"]),
            index=int(d["turn_index"]),
            pending=[int(s) for s in d["pending"]],
            drafts={int(s): _employees(v) for s, v in d["drafts"].items()},
            order_choosers=[int(s) for s in d["order_choosers"]],
            new_order=[None if s is None else int(s) for s in d["new_order"]],
            setup_passed=[int(s) for s in d["setup_passed"]],
            setup_second_pass=bool(d["setup_second_pass"]),
            working=_working_from_dict(d["working"], keys or {}),
            extras=_extras(d, own or {}),
        )


@dataclass(slots=True)
class GameState:
    """The whole game. Mutate only through the engine (``fcm.core.engine``)."""

    options: Options
    seed: int
    rng: int
    tiles: list[list[tuple[str, int]]]  # [tile_row][tile_col] -> (letter, rotation)
    players: list[Player]
    supply: dict[EmployeeId, int]
    bank: int
    round: int = 1
    turn: TurnFlow = field(default_factory=TurnFlow)  # phase, whose decision, its progress
    turn_order: list[Seat] = field(default_factory=list)
    houses: dict[int, House] = field(default_factory=dict)
    restaurants: list[Restaurant] = field(default_factory=list)
    campaigns: dict[int, Campaign] = field(default_factory=dict)
    campaign_supply: list[int] = field(default_factory=list)
    house_supply: list[int] = field(default_factory=list)
    gardens_left: int = 8
    milestones_available: list[MilestoneId] = field(default_factory=list)
    milestones_this_round: list[MilestoneId] = field(default_factory=list)
    ceo_slots: int = 3
    bank_breaks: int = 0
    reserve_added: int = 0  # money put into the bank by the first break
    # money paid from outside the bank after the second break (IOUs), less money that left the
    # game (First discount manager used, ketchup.md 3)
    box_paid: int = 0
    waitresses_this_round: dict[Seat, int] = field(default_factory=dict)
    ranking: list[Seat] = field(default_factory=list)  # final ranking, best first
    end_reason: str = ""
    # Expansion modules' own state (docs/modules.md): plain JSON data per module id; empty in
    # the base game (and then not saved, so base hashes stay as they were).
    module_data: dict[str, Any] = field(default_factory=dict)
    # Pieces modules placed on the map (the board overlay); none in the base game (and then
    # not saved).
    pieces: list[Piece] = field(default_factory=list)
    # The ruleset the options name, given by whoever builds the state (fcm.rulesets resolves the
    # id): shared by clones and views, never serialised (pickled by its registry key).
    rules: Ruleset = field(kw_only=True, repr=False, compare=False)

    # -- derived, cheap queries -------------------------------------------------------------

    def player(self, seat: Seat) -> Player:
        return self.players[seat]

    @property
    def num_players(self) -> int:
        return len(self.players)

    def restaurants_of(self, seat: Seat) -> list[Restaurant]:
        return [r for r in self.restaurants if r.owner == seat]

    def busy_marketeers(self, seat: Seat) -> list[EmployeeId]:
        return sorted(
            c.marketeer for c in self.campaigns.values() if c.owner == seat and c.marketeer
        )

    # -- copying and serialisation ------------------------------------------------------------

    def clone(self) -> GameState:
        """A deep copy, written by hand for speed (immutable parts are shared)."""
        return GameState(
            options=self.options,
            seed=self.seed,
            rng=self.rng,
            tiles=self.tiles,
            players=[_clone_player(p) for p in self.players],
            supply=dict(self.supply),
            bank=self.bank,
            round=self.round,
            turn=self.turn.clone(),
            turn_order=list(self.turn_order),
            houses={
                n: House(h.number, h.cell, h.printed, h.garden, list(h.demand), h.kind, h.size)
                for n, h in self.houses.items()
            },
            restaurants=[
                Restaurant(r.owner, r.number, r.cell, r.entrance, r.open, r.drive_in)
                for r in self.restaurants
            ],
            campaigns={
                n: Campaign(
                    c.number,
                    c.kind,
                    c.owner,
                    c.good,
                    c.marketeer,
                    c.remaining,
                    c.eternal,
                    c.placed_round,
                    c.cells,
                    c.edge,
                    c.first,
                    _copy_data(c.extras) if c.extras else {},
                )
                for n, c in self.campaigns.items()
            },
            campaign_supply=list(self.campaign_supply),
            house_supply=list(self.house_supply),
            gardens_left=self.gardens_left,
            milestones_available=list(self.milestones_available),
            milestones_this_round=list(self.milestones_this_round),
            ceo_slots=self.ceo_slots,
            bank_breaks=self.bank_breaks,
            reserve_added=self.reserve_added,
            box_paid=self.box_paid,
            waitresses_this_round=dict(self.waitresses_this_round),
            ranking=list(self.ranking),
            end_reason=self.end_reason,
            module_data=_copy_data(self.module_data) if self.module_data else {},
            pieces=list(self.pieces) if self.pieces else [],
            rules=self.rules,
        )

    def shallow_copy(self) -> GameState:
        """A new state object sharing every part with this one (for views: read-only)."""
        return _copy_state(self)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-able data (see :func:`state_from_dict`)."""
        out = self._to_dict()
        if self.module_data:
            out["module_data"] = _copy_data(self.module_data)
        if self.pieces:
            out["pieces"] = [{"kind": p.kind, "cell": list(p.cell)} for p in self.pieces]
        return out

    def _to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "rng": self.rng,
            "tiles": [[[t, k] for t, k in row] for row in self.tiles],
            "players": [_player_to_dict(p) for p in self.players],
            "supply": dict(self.supply),
            "bank": self.bank,
            "round": self.round,
            "turn_order": list(self.turn_order),
            "houses": [_house_to_dict(h) for h in sorted(self.houses.values(), key=_num)],
            "restaurants": [_restaurant_to_dict(r) for r in self.restaurants],
            "campaigns": [_campaign_to_dict(c) for c in sorted(self.campaigns.values(), key=_num)],
            "campaign_supply": list(self.campaign_supply),
            "house_supply": list(self.house_supply),
            "gardens_left": self.gardens_left,
            "milestones_available": list(self.milestones_available),
            "milestones_this_round": list(self.milestones_this_round),
            "ceo_slots": self.ceo_slots,
            "bank_breaks": self.bank_breaks,
            "reserve_added": self.reserve_added,
            "box_paid": self.box_paid,
            "waitresses_this_round": {
                str(s): n for s, n in sorted(self.waitresses_this_round.items())
            },
            "ranking": list(self.ranking),
            "end_reason": self.end_reason,
            **self.turn.to_dict(),
        }

    def canonical_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def state_hash(self) -> str:
        """A short canonical hash: equal states have equal hashes."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()[:16]


def _shallow_copier(cls: type[_T]) -> Callable[[_T], _T]:
    """A function making a new ``cls`` object that shares every field with its argument.

    Generated, one assignment per field of the dataclass (so a new field is never missed): a
    third of the time of ``cls(*fields)``, which parses arguments and evaluates defaults. Views
    make one state, one turn record and up to four player copies per bot decision."""
    body = "".join(f"    n.{f.name} = s.{f.name}\n" for f in fields(cls))  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec(f"def copy(s):\n    n = new(cls)\n{body}    return n\n", namespace)
    copy: Callable[[_T], _T] = namespace["copy"]
    return copy


_copy_state = _shallow_copier(GameState)
_copy_turn = _shallow_copier(TurnFlow)
shallow_player = _shallow_copier(Player)
"""A new player object sharing every part with its argument (for views: read-only)."""


def _copy_data(x: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars)."""
    if isinstance(x, dict):
        return {k: _copy_data(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy_data(v) for v in x]
    return x


def _num(x: House | Campaign) -> int:
    return x.number


def _clone_player(p: Player) -> Player:
    return Player(
        seat=p.seat,
        cash=p.cash,
        hand=list(p.hand),
        at_work=list(p.at_work),
        beach=list(p.beach),
        stock=dict(p.stock),
        milestones=dict(p.milestones),
        reserve=p.reserve,
        restaurants_placed=p.restaurants_placed,
        hire_discounts=p.hire_discounts,
        extras=_copy_data(p.extras) if p.extras else {},
    )


def _clone_working(w: WorkingTurn | None) -> WorkingTurn | None:
    if w is None:
        return None
    d = w.draft
    return WorkingTurn(
        seat=w.seat,
        step=w.step,
        hires_left=w.hires_left,
        hires_made=w.hires_made,
        discount_hires=w.discount_hires,
        trainers=[TrainerUse(t.card, t.left) for t in w.trainers],
        fresh=[FreshCard(f.card, f.trainer) for f in w.fresh],
        unused=list(w.unused),
        draft=None if d is None else CampaignDraft(d.marketeer, d.number, d.cells, d.edge, d.first),
        extras=_copy_data(w.extras) if w.extras else {},
    )


# -- to/from plain data ----------------------------------------------------------------------


def _cell(x: Any) -> Cell:
    return (int(x[0]), int(x[1]))


def _employees(ids: Any) -> list[EmployeeId]:
    return [EMPLOYEE_IDS[e] for e in ids]  # KeyError: not an employee type


def _player_to_dict(p: Player) -> dict[str, Any]:
    out = _player_fields(p)
    if p.extras:
        out.update(_copy_data(p.extras))
    return out


def _player_fields(p: Player) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "cash": p.cash,
        "hand": list(p.hand),
        "at_work": list(p.at_work),
        "beach": list(p.beach),
        "stock": {g.value: n for g, n in p.stock.items()},
        "milestones": dict(sorted(p.milestones.items())),
        "reserve": p.reserve,
        "restaurants_placed": p.restaurants_placed,
        "hire_discounts": p.hire_discounts,
    }


def _player_from_dict(d: dict[str, Any], keys: Mapping[str, object]) -> Player:
    return Player(
        seat=int(d["seat"]),
        cash=int(d["cash"]),
        hand=_employees(d["hand"]),
        at_work=_employees(d["at_work"]),
        beach=_employees(d["beach"]),
        stock={Good(g): int(n) for g, n in d["stock"].items()},
        milestones={MILESTONE_IDS[m]: int(r) for m, r in d["milestones"].items()},
        reserve=d["reserve"],
        restaurants_placed=int(d["restaurants_placed"]),
        hire_discounts=int(d["hire_discounts"]),
        extras=_extras(d, keys),
    )


def _extras(d: dict[str, Any], keys: Mapping[str, object]) -> dict[str, Any]:
    """The modules' keys of a saved record (``ModuleKey``), as saved."""
    if not keys:
        return {}
    return {k: _copy_data(v) for k, v in d.items() if k in keys}


def _house_to_dict(h: House) -> dict[str, Any]:
    out = {
        "number": h.number,
        "cell": list(h.cell),
        "printed": h.printed,
        "garden": [list(c) for c in h.garden],
        "demand": [g.value for g in h.demand],
    }
    if h.kind:  # a module's kind: base games save as before
        out["kind"] = h.kind
        out["size"] = h.size
    return out


def _house_from_dict(d: dict[str, Any]) -> House:
    return House(
        number=int(d["number"]),
        cell=_cell(d["cell"]),
        printed=bool(d["printed"]),
        garden=tuple(_cell(c) for c in d["garden"]),
        demand=[Good(g) for g in d["demand"]],
        kind=str(d.get("kind", "")),
        size=int(d.get("size", 2)),
    )


def _restaurant_to_dict(r: Restaurant) -> dict[str, Any]:
    return {
        "owner": r.owner,
        "number": r.number,
        "cell": list(r.cell),
        "entrance": r.entrance.value,
        "open": r.open,
        "drive_in": r.drive_in,
    }


def _restaurant_from_dict(d: dict[str, Any]) -> Restaurant:
    return Restaurant(
        owner=int(d["owner"]),
        number=int(d["number"]),
        cell=_cell(d["cell"]),
        entrance=Corner(d["entrance"]),
        open=bool(d["open"]),
        drive_in=bool(d["drive_in"]),
    )


def _campaign_to_dict(c: Campaign) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": c.number,
        "kind": c.kind.value,
        "owner": c.owner,
        "good": c.good.value,
        "marketeer": c.marketeer,
        "remaining": c.remaining,
        "eternal": c.eternal,
        "placed_round": c.placed_round,
        "cells": [list(x) for x in c.cells],
        "edge": None if c.edge is None else c.edge.value,
        "first": c.first,
    }
    if c.extras:  # a module's keys: every other saved game stays as it was
        out.update(_copy_data(c.extras))
    return out


def _campaign_from_dict(d: dict[str, Any], keys: Mapping[str, object]) -> Campaign:
    return Campaign(
        number=int(d["number"]),
        kind=CampaignType(d["kind"]),
        owner=int(d["owner"]),
        good=Good(d["good"]),
        marketeer="" if d["marketeer"] == "" else EMPLOYEE_IDS[d["marketeer"]],
        remaining=int(d["remaining"]),
        eternal=bool(d["eternal"]),
        placed_round=int(d["placed_round"]),
        cells=tuple(_cell(x) for x in d["cells"]),
        edge=None if d["edge"] is None else Edge(d["edge"]),
        first=None if d["first"] is None else int(d["first"]),
        extras=_extras(d, keys),
    )


def _working_to_dict(w: WorkingTurn | None) -> dict[str, Any] | None:
    if w is None:
        return None
    d = w.draft
    out: dict[str, Any] = {
        "seat": w.seat,
        "step": w.step.value,
        "hires_left": w.hires_left,
        "hires_made": w.hires_made,
        "discount_hires": w.discount_hires,
        "trainers": [[t.card, t.left] for t in w.trainers],
        "fresh": [[f.card, f.trainer] for f in w.fresh],
        "unused": list(w.unused),
        "draft": None
        if d is None
        else {
            "marketeer": d.marketeer,
            "number": d.number,
            "cells": None if d.cells is None else [list(x) for x in d.cells],
            "edge": None if d.edge is None else d.edge.value,
            "first": d.first,
        },
    }
    if w.extras:  # a module's keys: every other saved game stays as it was
        out.update(_copy_data(w.extras))
    return out


def _working_from_dict(
    d: dict[str, Any] | None, keys: Mapping[str, object]
) -> WorkingTurn | None:
    if d is None:
        return None
    dr = d["draft"]
    draft = None
    if dr is not None:
        draft = CampaignDraft(
            marketeer=EMPLOYEE_IDS[dr["marketeer"]],
            number=int(dr["number"]),
            cells=None if dr["cells"] is None else tuple(_cell(x) for x in dr["cells"]),
            edge=None if dr["edge"] is None else Edge(dr["edge"]),
            first=dr["first"],
        )
    return WorkingTurn(
        seat=int(d["seat"]),
        step=WorkStep(d["step"]),
        hires_left=int(d["hires_left"]),
        hires_made=int(d["hires_made"]),
        discount_hires=int(d["discount_hires"]),
        trainers=[TrainerUse(EMPLOYEE_IDS[c], int(n)) for c, n in d["trainers"]],
        fresh=[FreshCard(EMPLOYEE_IDS[c], int(t)) for c, t in d["fresh"]],
        unused=_employees(d["unused"]),
        draft=draft,
        extras=_extras(d, keys),
    )


def state_from_dict(d: dict[str, Any], rules_for: RulesFor) -> GameState:
    """Inverse of :meth:`GameState.to_dict`; ``rules_for`` gives the ruleset the saved options
    name (``fcm.rulesets.rules_for``; ``fcm.state_from_dict`` passes it).

    Raises:
        ScenarioError: when a field is missing or malformed (names the field), or the options
            name no ruleset ``rules_for`` knows.
    """
    if d.get("schema") != SCHEMA_VERSION:
        raise ScenarioError(f"state: schema must be {SCHEMA_VERSION}, got {d.get('schema')!r}")
    try:
        options = Options.from_dict(d["options"])
        rules = rules_for(options)
        keys = rules.module_keys
        return GameState(
            options=options,
            seed=int(d["seed"]),
            rng=int(d["rng"]),
            tiles=[[(str(t), int(k)) for t, k in row] for row in d["tiles"]],
            players=[_player_from_dict(p, keys.get("player", {})) for p in d["players"]],
            supply={EMPLOYEE_IDS[k]: int(v) for k, v in d["supply"].items()},
            bank=int(d["bank"]),
            round=int(d["round"]),
            turn=TurnFlow.from_dict(d, keys.get("working"), keys.get("turn")),
            turn_order=[int(s) for s in d["turn_order"]],
            houses={h["number"]: _house_from_dict(h) for h in d["houses"]},
            restaurants=[_restaurant_from_dict(r) for r in d["restaurants"]],
            campaigns={
                c["number"]: _campaign_from_dict(c, keys.get("campaign", {}))
                for c in d["campaigns"]
            },
            campaign_supply=[int(x) for x in d["campaign_supply"]],
            house_supply=[int(x) for x in d["house_supply"]],
            gardens_left=int(d["gardens_left"]),
            milestones_available=[MILESTONE_IDS[m] for m in d["milestones_available"]],
            milestones_this_round=[MILESTONE_IDS[m] for m in d["milestones_this_round"]],
            ceo_slots=int(d["ceo_slots"]),
            bank_breaks=int(d["bank_breaks"]),
            reserve_added=int(d["reserve_added"]),
            box_paid=int(d["box_paid"]),
            waitresses_this_round={int(s): int(n) for s, n in d["waitresses_this_round"].items()},
            ranking=[int(s) for s in d["ranking"]],
            end_reason=str(d["end_reason"]),
            module_data=_copy_data(dict(d.get("module_data", {}))),
            pieces=[Piece(str(p["kind"]), (int(p["cell"][0]), int(p["cell"][1])))
                    for p in d.get("pieces", [])],
            rules=rules,
        )
    except ScenarioError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"state: missing or malformed field: {exc!r}") from exc
