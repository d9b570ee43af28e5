"""Extension points: the few places where expansion modules reach the rules (docs/modules.md).

A module contributes functions to named points. Most points *fold* a value through every
contribution in a declared priority (lower first, ties by module id): the rule a phase asks
about starts from the base game's value (``NO_SEAT_RULES``, ``BASE_TABLE``, ...) and each
module may change it. The other points are *moments* of the round (:class:`Moment`), where
modules act, and *notices* of what the rules just did (:data:`Notice`), which modules react to.

A base game has no contribution at all, and every caller tests the point's tuple before
folding, so the base game runs the code paths it always ran.

The points, and where the rules read them:

=================  ==============================================================
``at``             moments: setup, end of Restructuring, end of Dinnertime, Clean up
``react``          a card was used or trained, a house was sold to, demand was placed
``seat_rules``     one chain's rules (:class:`SeatRules`): CEO slots, salaries, freezer, ...
``table_rules``    the game's rules (:class:`TableRules`): unit price, unavailable cards, ...
``first_break``    what the first bank break adds (:class:`BreakChange`)
``shifts``         how often a card at work acts this round
``offer``          Dinnertime: a chain's terms for one house (:class:`Offer`)
``orders``         Dinnertime: what a house will buy, best first (:class:`Order`)
``sale``           Dinnertime: the payment lines of a sale
``on_the_way``     Dinnertime: what a house buys on its way to the chain it ate at (:class:`Trip`)
``origins``        Working 9-5: the places a chain's ranges start from besides its restaurants
``launch``         Working 9-5: a campaign launch's rules (:class:`LaunchRules`)
``reach``          Marketing: the houses a module's campaign kind reaches
``decisions``      Working 9-5: a decision a module owes the current player (:class:`Decision`)
``work_steps``     Working 9-5: a step a module inserts after another (:class:`StepInsert`)
``step_actions``   Working 9-5: a module's own actions within a step (:class:`StepActions`)
``advertised``     Marketing: the goods a campaign places on a house, in order
``payday_goods``   Payday: the action that pays a salary with one item (:class:`GoodsPayment`)
``cleanup_decisions`` Clean up: a module's decision owed in turn order (:class:`SeatDecision`)
``reserve_cards``  setup: a module's reserve cards, what they carry besides their money
``redact``         views: blank a module's secrets
``distances``      Dinnertime: a house's distances measured otherwise than from its squares
``regrid``         the map grew north or west: move the squares a module keeps
``map_growth``     the research encoding: how many tiles a module may add to the map
=================  ==============================================================
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from fcm.core.types import CampaignType, Cell, EmployeeId, Good, Seat

if TYPE_CHECKING:
    from fcm.core.actions import Action
    from fcm.core.catalog import ReserveCard
    from fcm.core.events import EventLog
    from fcm.core.geometry import Board, RestaurantSpot
    from fcm.core.state import Campaign, GameState, House, Player, WorkingTurn, WorkStep


class Moment(StrEnum):
    """A point of the round where modules act (``Extensions.at``)."""

    SETUP = "setup"  # the state is built, before the first decision
    CLEANUP_START = "cleanup_start"  # Clean up, before goods are thrown away or kept
    RESTRUCTURING_END = "restructuring_end"  # every structure is revealed
    DINNERTIME_END = "dinnertime_end"  # after the CFO, before the bank's end-of-game check
    CLEANUP_DISCARDED = "cleanup_discarded"  # Clean up: goods thrown away or kept in freezers


# -- notices: what the rules just did ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardUsed:
    """A card at work performed one of its printed functions: a marketeer placed a campaign, a
    trainer trained, a Recruiting Girl hired, a buyer collected, a New Business Developer placed
    a house, a Local/Regional Manager a new restaurant, a Waitress earned tips, a Discount
    Manager's price applied in Dinnertime."""

    seat: Seat
    card: EmployeeId


@dataclass(frozen=True, slots=True)
class HouseSold:
    """A chain sold ``goods`` to a house (before the house's demand is discarded; a module's
    order may sell other goods than the demand)."""

    seat: Seat
    house: House
    goods: Counter[Good]


@dataclass(frozen=True, slots=True)
class DemandPlaced:
    """Marketing: a campaign put ``placed`` demand tokens on a house (0: it was full)."""

    campaign: Campaign
    house: House
    placed: int


@dataclass(frozen=True, slots=True)
class Trained:
    """Working 9-5: a chain trained ``employee`` into ``into`` (one step, on the beach or, with
    a module's rule, at work)."""

    seat: Seat
    employee: EmployeeId
    into: EmployeeId


Notice = CardUsed | HouseSold | DemandPlaced | Trained


# -- folded values ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FreezerLimit:
    """What a freezer may keep of one good: at most ``most`` items, and with ``alone`` only
    when it keeps nothing else. ``rule`` names the rule (for the refusal)."""

    good: Good
    most: int
    alone: bool
    rule: str


@dataclass(frozen=True, slots=True)
class SeatRules:
    """What modules change for one chain. The defaults are the base game's."""

    ceo_slots: int | None = None  # the CEO's own slot count (None: the game's)
    freezer: bool = False  # keeps goods in Clean up (besides First to throw away)
    salary_each: int | None = None  # per salaried card (None: $5)
    salary_free: tuple[EmployeeId, ...] = ()  # cards whose salary is never paid
    pays_with_goods: bool = False  # may pay salaries with goods (GoodsPayment), 1 item each
    never_fire: bool = False  # what cannot be paid is waived instead of firing
    stacking: bool = False  # several trainers may train one card (besides First to pay $20)
    drinks_factor: Mapping[EmployeeId, int] = field(default_factory=dict)  # buyer -> x drinks
    freezer_limits: tuple[FreezerLimit, ...] = ()  # what a freezer may keep of some goods


NO_SEAT_RULES = SeatRules()


@dataclass(frozen=True, slots=True)
class TableRules:
    """What modules change for the whole table. The defaults are the base game's."""

    base_price: int = 10  # the unit price before card modifiers (excerpt 004 "Item price")
    unavailable: frozenset[EmployeeId] = frozenset()  # cards no one may hire or train into
    marketing_passes: int = 1  # complete passes of every campaign in Marketing
    choose_first: tuple[Seat, ...] = ()  # Order of Business: seats choosing before all others


BASE_TABLE = TableRules()


@dataclass(frozen=True, slots=True)
class BreakChange:
    """What the first bank break adds and gives the CEOs, instead of the reserve cards' sum
    and majority."""

    added: int
    ceo_slots: int | None  # None: the CEOs keep their slots
    details: Mapping[str, Any] = field(default_factory=dict)  # more bank_broken event fields


@dataclass(frozen=True, slots=True)
class Offer:
    """A chain's Dinnertime terms besides price + distance: ``adjust`` is added to the total
    (negative: better) and ``ties`` are compared, lowest first, before the Waitress count;
    ``tie_names`` names each (the event's ``decided_by`` and ``tie_lost_<name>``)."""

    adjust: int = 0
    ties: tuple[int, ...] = ()
    tie_names: tuple[str, ...] = ()


NO_OFFER = Offer()


@dataclass(frozen=True, slots=True)
class Order:
    """What a house buys from one chain in Dinnertime: ``goods`` (the whole order, all or
    nothing), ``extra`` of them on top of the house's demand (sold, paid, but no demand token
    stands for them), and the ``tier`` the module names it by (``"order"``: the demand)."""

    goods: Counter[Good]
    tier: str = "order"
    extra: tuple[Good, ...] = ()


@dataclass(frozen=True, slots=True)
class Trip:
    """Dinnertime: ``house`` just bought from ``seat``, whose nearest open restaurants are
    ``distance`` tile borders away (its demand is sold; the house may buy more on its way,
    ``Extensions.on_the_way``). ``prices``: each chain's unit price this Dinnertime."""

    seat: Seat
    house: House
    distance: int
    prices: Mapping[Seat, int]


@dataclass(frozen=True, slots=True)
class LaunchRules:
    """A campaign launch's rules (Working 9-5) a module may change: ``eternal`` (besides
    First billboard), ``why`` the module made it eternal (a ``Reason`` naming its rule, for a
    refused duration; empty: the rules' own wording) and ``bound`` (this marketeer's next tile
    must be of this type, good and duration)."""

    eternal: bool = False
    bound: tuple[CampaignType, Good, int] | None = None
    why: str = ""


NO_LAUNCH_RULES = LaunchRules()


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision a module owes the current Working 9-5 player (a milestone's reward).

    While ``options`` returns actions they are the turn's only ones besides ``Done`` (which
    declines it); ``act`` applies them and that ``Done``, returning True when it did.
    ``pending_why`` refuses any other action meanwhile; ``outside_why`` refuses the decision's
    own action types (by tag) when it is not owed."""

    options: Callable[[GameState, WorkingTurn], list[Action] | None]
    act: Callable[[GameState, WorkingTurn, Action, EventLog], bool]
    pending_why: str = ""
    outside_why: Mapping[str, str] = field(default_factory=dict)
    # why an action is refused while the decision is owed (None: ``pending_why``)
    explain: Callable[[GameState, WorkingTurn, Action], str | None] | None = None


@dataclass(frozen=True, slots=True)
class SeatDecision:
    """A decision a module owes a player outside Working 9-5 (Clean up), asked of one seat at a
    time in turn order: ``owes`` the seats that owe it now, first first; ``options`` the
    owing seat's actions (its only ones); ``act`` applies one, returning True when it did;
    ``why`` (or ``explain``) refuses any other action meanwhile."""

    owes: Callable[[GameState], list[Seat]]
    options: Callable[[GameState, Seat], list[Action]]
    act: Callable[[GameState, Seat, Action, EventLog], bool]
    why: str = ""
    explain: Callable[[GameState, Seat, Action], str | None] | None = None  # None: ``why``


@dataclass(frozen=True, slots=True)
class GoodsPayment:
    """How a chain that may pay salaries with goods (``SeatRules.pays_with_goods``) gives one
    item at Payday: the module's action for an item of a good (``action``), the item an
    action gives (``item``: None for any other action), the rule's name (refusals) and the
    module's key of record ``"turn"`` (a ``ModuleKey``) that lists the items the paying chain
    has chosen so far (``key``)."""

    action: Callable[[Good], Action]
    item: Callable[[Action], Good | None]
    rule: str
    key: str


@dataclass(frozen=True, slots=True)
class WorkStepRules:
    """One step of a Working 9-5 turn, as the ruleset orders them (``Ruleset.work_steps``).

    ``options`` lists its legal actions (None: an automatic step, ``auto`` acts instead);
    ``act`` applies one of them; ``explain`` says why another action of its ``actions`` (type
    tags) is refused; ``blocker`` why the step may not end yet (None: ``Done`` is legal);
    ``end`` acts when it ends (its mandatory effects)."""

    step: WorkStep
    title: str
    actions: tuple[str, ...] = ()
    options: Callable[[GameState, WorkingTurn], Iterator[Action]] | None = None
    act: Callable[[GameState, WorkingTurn, Action, EventLog], None] | None = None
    explain: Callable[[GameState, WorkingTurn, Action], str | None] | None = None
    blocker: Callable[[GameState, WorkingTurn], str | None] | None = None
    end: Callable[[GameState, WorkingTurn, EventLog], None] | None = None
    auto: Callable[[GameState, WorkingTurn, EventLog], None] | None = None


@dataclass(frozen=True, slots=True)
class StepActions:
    """A module's own actions within a step of the game (e.g. training a card at work in the
    Train step): ``options`` lists them after the step's own (only while ``options`` of the
    step is asked), ``act`` applies one, ``explain`` says why one is refused. ``actions`` are
    their type tags (``Module.actions``)."""

    step: WorkStep
    actions: tuple[str, ...]
    options: Callable[[GameState, WorkingTurn], Iterator[Action]]
    act: Callable[[GameState, WorkingTurn, Action, EventLog], None]
    explain: Callable[[GameState, WorkingTurn, Action], str | None]


def with_step_actions(
    steps: tuple[WorkStepRules, ...], extra: Iterable[StepActions]
) -> tuple[WorkStepRules, ...]:
    """The steps with the modules' own actions joined to theirs: a module's action types are
    then of that step, listed after the step's own and applied and explained by the module.

    Raises:
        ValueError: a module's actions name no step of the game.
    """
    by_step: dict[WorkStep, list[StepActions]] = {}
    for sa in extra:
        if all(r.step is not sa.step for r in steps):
            raise ValueError(f"Working 9-5: no step {sa.step!r} for the actions {sa.actions}")
        by_step.setdefault(sa.step, []).append(sa)
    return tuple(
        r if r.step not in by_step else _joined(r, tuple(by_step[r.step])) for r in steps
    )


def _joined(rules: WorkStepRules, extra: tuple[StepActions, ...]) -> WorkStepRules:
    own_options, own_act, own_explain = rules.options, rules.act, rules.explain
    owner = {tag: sa for sa in extra for tag in sa.actions}

    def options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
        if own_options is not None:
            yield from own_options(state, turn)
        for sa in extra:
            yield from sa.options(state, turn)

    def act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
        sa = owner.get(action.type)
        if sa is not None:
            sa.act(state, turn, action, log)
        elif own_act is not None:
            own_act(state, turn, action, log)

    def explain(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
        sa = owner.get(action.type)
        if sa is not None:
            return sa.explain(state, turn, action)
        return None if own_explain is None else own_explain(state, turn, action)

    return replace(
        rules,
        actions=(*rules.actions, *owner),
        options=options,
        act=act,
        explain=explain,
    )


@dataclass(frozen=True, slots=True)
class ReserveCards:
    """Setup 1 (facts.md C) with a module's reserve cards, which carry more than their money
    (``Player.reserve``, set by the rules). ``choose`` is the action that picks ``card`` (base:
    ``ChooseReserve`` of its money; the module's type extends it); ``give`` makes a chain hold
    ``card`` (in its ``Player.extras``) and returns the fields its secret ``reserve_card``
    event adds; ``held`` is the card a chain holds (None: none, or hidden in a view); ``why``
    refuses any other choice; ``default`` is the card a scenario's chain holds when it gives
    none; ``secret`` the player keys as secret as the card (blanked in views with it)."""

    choose: Callable[[ReserveCard], Action]
    give: Callable[[Player, ReserveCard], Mapping[str, Any]]
    held: Callable[[GameState, Player], ReserveCard | None]
    why: Callable[[GameState], str]
    default: Callable[[GameState], ReserveCard]
    secret: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ModuleKey:
    """A key a module keeps on a record of the state (``record``: ``"player"``, ``"campaign"``,
    ``"working"``, the current Working 9-5 turn, or ``"turn"``, the turn flow of any phase,
    saved at the state's top level), in its ``extras`` slot: plain JSON, saved
    flat among the record's fields only when set (so other games' saves and hashes stay as they
    were), read back from saves, and from scenarios through ``parse(where, raw, record, state)``
    (the value to keep, or :class:`~fcm.core.errors.ScenarioError` naming ``where``). With
    ``in_events`` a campaign's key is written into its ``campaign_launched`` and
    ``campaign_ran`` events."""

    record: str
    name: str
    parse: Callable[[str, Any, Mapping[str, Any], GameState], Any] | None = None
    in_events: bool = False


@dataclass(frozen=True, slots=True)
class StepInsert:
    """A module's Working 9-5 step, played right after the step ``after`` (e.g. a module's
    step between houses and restaurants)."""

    after: WorkStep
    rules: WorkStepRules


def ordered_steps(
    base: tuple[WorkStepRules, ...], inserts: Iterable[StepInsert]
) -> tuple[WorkStepRules, ...]:
    """The base steps with the modules' inserted, each right after its ``after`` step (those
    after one step in the merged order: priority, then module id).

    Raises:
        ValueError: an insert names no step of the game, or a step is there twice.
    """
    out = list(base)
    own = {id(r) for r in base}
    for insert in inserts:
        at = next((i for i, r in enumerate(out) if r.step is insert.after), None)
        if at is None:
            raise ValueError(f"Working 9-5: no step {insert.after!r} to insert after")
        while at + 1 < len(out) and id(out[at + 1]) not in own:  # after earlier inserts there
            at += 1
        out.insert(at + 1, insert.rules)
    steps = [r.step for r in out]
    if len(set(steps)) != len(steps):
        raise ValueError(f"Working 9-5: a step is there twice: {steps}")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PieceKind:
    """A kind of piece a module places on the map (``GameState.pieces``): ``square`` is what
    the square becomes for the geometry (``r`` a road, ``x`` a bridge, ``#`` neither road nor
    empty: a park, roadworks; ``.`` empty); ``label`` the short mark the board draws on it (the
    browser styles a piece by its ``square``, never by its module); ``owner`` the chain a piece
    on a square belongs to (None: nobody's), for the board's chain colour and shape. A piece
    beside the map (its square outside it) has ``square`` "": it changes no square."""

    id: str
    square: str
    label: str = ""
    owner: Callable[[GameState, Cell], Seat | None] | None = None


@dataclass(frozen=True, slots=True)
class HouseKind:
    """A kind of house a module adds (``House.kind``), e.g. New Districts' apartments (3x3,
    numbered π and 9¾, two demand tokens a campaign, no cap): ``size`` its footprint's side,
    ``cap`` / ``garden_cap`` the demand it holds (None: no cap), ``per_campaign`` the tokens
    each campaign places on it (times the radio's 2 with First radio), ``order`` its place in
    house order from its number (None: the number), ``no_garden`` the rule that keeps a garden
    off it ("": a New Business Developer may add one), ``label`` its printed name from its
    number (the board's; None: the number)."""

    id: str
    size: int = 2
    cap: int | None = 3
    garden_cap: int | None = 5
    per_campaign: int = 1
    order: Callable[[int], float] | None = None
    no_garden: str = ""
    label: Callable[[int], str] | None = None


# A payment line of the Dinnertime report: {"kind", "amount", ...}. A module's sale to a house
# besides its meal carries ``base`` (its amount at the unit price, before the garden) and
# ``again`` when the seller already sold that house its meal (once-a-house lines stay out).
SaleLine = dict[str, Any]


# -- the points ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Extensions:
    """A module's contributions, or (merged, :func:`merge`) a ruleset's.

    ``priority`` maps a point's name to the module's rank there (lower first, default 0);
    merging orders each point by (priority, module id) and drops it."""

    at: tuple[tuple[Moment, Callable[[GameState, EventLog], None]], ...] = ()
    react: tuple[Callable[[GameState, Notice, EventLog], None], ...] = ()
    seat_rules: tuple[Callable[[GameState, Seat, SeatRules], SeatRules], ...] = ()
    table_rules: tuple[Callable[[GameState, TableRules], TableRules], ...] = ()
    first_break: tuple[Callable[[GameState, BreakChange | None], BreakChange | None], ...] = ()
    shifts: tuple[Callable[[GameState, Seat, EmployeeId, int], int], ...] = ()
    offer: tuple[Callable[[GameState, Seat, Offer], Offer], ...] = ()
    orders: tuple[Callable[[GameState, House, tuple[Order, ...]], tuple[Order, ...]], ...] = ()
    sale: tuple[Callable[[GameState, Seat, House, list[SaleLine]], list[SaleLine]], ...] = ()
    # Dinnertime, after a house bought: what it buys on its way, as (seller, income) pairs the
    # phase pays as Dinnertime income (the CFO counts it); the module moves the goods and logs
    on_the_way: tuple[Callable[[GameState, Trip, EventLog], list[tuple[Seat, int]]], ...] = ()
    # Working 9-5: places besides the open restaurants that a chain's ranges start from
    origins: tuple[
        Callable[[GameState, Seat, list[RestaurantSpot]], list[RestaurantSpot]], ...
    ] = ()
    launch: tuple[
        Callable[
            [GameState, Seat, EmployeeId | None, CampaignType | None, LaunchRules], LaunchRules
        ],
        ...,
    ] = ()
    decisions: tuple[Decision, ...] = ()
    work_steps: tuple[StepInsert, ...] = ()  # steps a module inserts into Working 9-5
    step_actions: tuple[StepActions, ...] = ()  # a module's own actions within a step
    # Marketing: the goods a campaign places on each house it reaches, in order (base: its good)
    advertised: tuple[Callable[[GameState, Campaign, tuple[Good, ...]], tuple[Good, ...]], ...] = ()
    payday_goods: tuple[GoodsPayment, ...] = ()  # the first one names the items given
    cleanup_decisions: tuple[SeatDecision, ...] = ()  # Clean up: owed before the freezers
    # the houses a campaign reaches (None: not a kind of this module's), e.g. one beside the board
    reach: tuple[Callable[[GameState, Campaign, list[House]], list[House] | None], ...] = ()
    reserve_cards: tuple[ReserveCards, ...] = ()  # the first one's cards are the game's
    redact: tuple[Callable[[GameState, Seat | None], None], ...] = ()
    # Dinnertime: a house's distance to an entrance on every square when a module measures it
    # otherwise than from the house's squares (None: not such a house), e.g. a place beside
    # the map reached through pieces at its edge
    distances: tuple[Callable[[GameState, Board, House], tuple[int, ...] | None], ...] = ()
    # the map grew north or west (``fcm.core.regrid``): move the squares a module keeps in its
    # own records (``module_data``, extras) by these rows and columns
    regrid: tuple[Callable[[GameState, int, int], None], ...] = ()
    # how many tiles a module may add to a map at most, given the players and the tiles of
    # the pool left off the map (the research encoding's grid leaves room for them)
    map_growth: tuple[Callable[[int, int], int], ...] = ()
    priority: Mapping[str, int] = field(default_factory=dict)

    def moment(self, moment: Moment) -> tuple[Callable[[GameState, EventLog], None], ...]:
        """The contributions to one moment, in order."""
        return tuple(fn for m, fn in self.at if m is moment)


NO_EXTENSIONS = Extensions()

_POINTS = tuple(f.name for f in fields(Extensions) if f.name != "priority")


def merge(contributions: Iterable[tuple[str, Extensions]]) -> Extensions:
    """One :class:`Extensions` of every ``(module id, contributions)``: each point in the
    modules' declared priority there, ties by module id."""
    given = sorted(contributions, key=lambda mc: mc[0])
    merged: dict[str, Any] = {}
    for name in _POINTS:
        ranked = sorted(given, key=lambda mc: mc[1].priority.get(name, 0))  # stable: by id
        merged[name] = tuple(x for _, ext in ranked for x in getattr(ext, name))
    return Extensions(**merged)


# -- folding (the phases call these) -------------------------------------------------------------


def seat_rules(state: GameState, seat: Seat) -> SeatRules:
    """One chain's rules: the base game's, folded through the modules."""
    points = state.rules.extensions.seat_rules
    if not points:
        return NO_SEAT_RULES
    rules = NO_SEAT_RULES
    for fn in points:
        rules = fn(state, seat, rules)
    return rules


def table_rules(state: GameState) -> TableRules:
    """The table's rules: the base game's, folded through the modules."""
    points = state.rules.extensions.table_rules
    if not points:
        return BASE_TABLE
    rules = BASE_TABLE
    for fn in points:
        rules = fn(state, rules)
    return rules


def launch_rules(
    state: GameState, seat: Seat, marketeer: EmployeeId | None, kind: CampaignType | None
) -> LaunchRules:
    """A launch's rules for this marketeer and tile type, folded through the modules."""
    points = state.rules.extensions.launch
    if not points:
        return NO_LAUNCH_RULES
    rules = NO_LAUNCH_RULES
    for fn in points:
        rules = fn(state, seat, marketeer, kind, rules)
    return rules


def advertised(state: GameState, camp: Campaign) -> tuple[Good, ...]:
    """The goods a campaign places on each house it reaches, in order: its good, folded
    through the modules (e.g. a two-good airplane: good A, then good B)."""
    goods: tuple[Good, ...] = (camp.good,)
    for fn in state.rules.extensions.advertised:
        goods = fn(state, camp, goods)
    return goods


def notify(state: GameState, notice: Notice, log: EventLog) -> None:
    """Tell the modules what the rules just did."""
    for fn in state.rules.extensions.react:
        fn(state, notice, log)


def run_moment(state: GameState, moment: Moment, log: EventLog) -> None:
    """Let the modules act at a moment of the round."""
    if state.rules.extensions.at:
        for fn in state.rules.extensions.moment(moment):
            fn(state, log)


def house_distances(state: GameState, board: Board, house: House) -> tuple[int, ...]:
    """A house's Dinnertime distance to an entrance on every square (``Board.house_distances``
    from its squares, unless a module measures it otherwise: ``Extensions.distances``)."""
    for fn in state.rules.extensions.distances:
        table = fn(state, board, house)
        if table is not None:
            return table
    return board.house_distances(house.footprint)
