"""The ruleset: the game's data and the rule hooks a variant may change, passed in.

A :class:`Ruleset` bundles what the engine reads about the game it plays: the catalog (employee
cards, milestones, map tiles, campaign tiles, setup tables: :mod:`fcm.core.catalog` records), the
tables derived from it once (entry-level cards, trainers, kitchen cards, ...) and the rule hooks:
one :class:`PhaseRules` per phase. Every state carries its ruleset (``state.rules``, shared by
clones and views, never serialised); games name theirs by id in :class:`~fcm.core.state.Options`
(``Options(ruleset="...")``; the base game's ``"base"`` is left out of the saved options, so
saved games and state hashes are those of before).

Layering: this module is only the record and :func:`build_ruleset`. Core never resolves an id:
:mod:`fcm.rulesets` (above core) reads the shipped data (``fcm.data``), applies the expansion
modules (``fcm.modules``), keeps the registry of rulesets and hands the engine the object.
``docs/engine.md`` shows a variant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from fcm.core.phases import (
    cleanup,
    dinnertime,
    marketing,
    order_of_business,
    payday,
    restructuring,
    setup_phase,
    working,
)
from fcm.core.state import Phase
from fcm.core.types import BASE, CampaignType, EmployeeId, Good, MilestoneId

if TYPE_CHECKING:
    from fcm.core.actions import Action
    from fcm.core.catalog import Catalog, EmployeeType
    from fcm.core.events import EventLog
    from fcm.core.state import Campaign, CampaignDraft, GameState, House, Options, WorkingTurn
    from fcm.core.types import Seat

__all__ = [
    "BASE",
    "BreakChange",
    "Hooks",
    "PhaseRules",
    "RulesFor",
    "Ruleset",
    "build_ruleset",
    "default_phases",
    "merge_hooks",
]

class PhaseRules(Protocol):
    """What the engine asks of a phase (each module of ``fcm.core.phases`` is one)."""

    def begin(self, state: GameState, log: EventLog) -> None:
        """Set up the phase's bookkeeping when it starts."""

    def actors(self, state: GameState) -> list[Seat]:
        """Who must decide now (empty: nothing to decide)."""

    def legal(self, state: GameState, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` (the only legality)."""

    def why_illegal(self, state: GameState, seat: Seat, action: Action) -> str | None:
        """Why ``action`` is not legal, naming the rule (None: the generic message)."""

    def resolve_drawn(
        self, state: GameState, seat: Seat, action: Action, legal: list[Action]
    ) -> Action | str | None:
        """An action carrying what a player drew, which no list of legal actions holds (a drink
        route, an org chart): the action as the rules apply it, or why it is refused (naming the
        rule); None when it is no drawn action of this phase. ``legal``: the listed actions."""

    def act(self, state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
        """Apply an action already known to be legal."""

    def finish(self, state: GameState, log: EventLog) -> Phase:
        """Resolve what needs no decision and name the next phase."""


@dataclass(frozen=True, slots=True)
class BreakChange:
    """What a module changes at the first bank break (Reserve Prices, ketchup.md 14)."""

    added: int
    ceo_slots: int | None  # None: the CEOs keep their slots
    base_price: int | None = None
    prices: Mapping[Seat, int] = field(default_factory=dict)  # each reserve card's base price


@dataclass(frozen=True, slots=True)
class Hooks:
    """Rule hooks an expansion module sets (docs/modules.md). The base game sets none, and the
    phases call only the hooks a ruleset has, so a base game runs exactly as without them.

    Every hook is a tuple so that several modules combine: :func:`merge_hooks` concatenates
    them in module id order.
    """

    # Setup: after the state is built, before the first decision.
    setup: tuple[Callable[[GameState, EventLog], None], ...] = ()
    # Dinnertime: added to a chain's price + distance (negative: better).
    score: tuple[Callable[[GameState, Seat], int], ...] = ()
    # Dinnertime: a tie on price + distance goes first to the lowest of these keys (before the
    # Waitress count).
    tie_break: tuple[Callable[[GameState, Seat], int], ...] = ()
    # Dinnertime: extra payment lines for a sale (``{"kind", "amount", ...}``).
    sale_lines: tuple[Callable[[GameState, Seat, House], list[dict[str, Any]]], ...] = ()
    # Dinnertime: a chain sold to a house (called before its demand is discarded).
    sold: tuple[Callable[[GameState, Seat, House, EventLog], None], ...] = ()
    # Dinnertime: after the CFO, before the bank's end-of-game check.
    dinnertime_end: tuple[Callable[[GameState, EventLog], None], ...] = ()
    # Dinnertime: the base unit price before card modifiers ($10 in the base game).
    base_price: tuple[Callable[[GameState], int | None], ...] = ()
    # The first bank break: what is added and what the CEOs get, instead of the reserve
    # cards' sum and majority.
    first_break: tuple[Callable[[GameState], BreakChange | None], ...] = ()
    # Order of Business: seats that choose before everyone else, in this order.
    order_first: tuple[Callable[[GameState], list[Seat]], ...] = ()
    # Marketing: a campaign put ``placed`` demand tokens on a house.
    demand_placed: tuple[Callable[[GameState, Campaign, House, int, EventLog], None], ...] = ()
    # Marketing: extra complete passes of every campaign before duration pieces are removed.
    marketing_passes: tuple[Callable[[GameState], int], ...] = ()
    # Extra times a card at work acts this round (Night Shift Managers: salary-free cards work a
    # second shift): hires, training, actions, price changes and Waitresses count that often.
    shifts: tuple[Callable[[GameState, Seat, EmployeeId], int], ...] = ()
    # Cards a game may not take at all (not hired, not trained into): a module's rule option
    # (Movie Stars by player count, ketchup.md 19.1 row 10).
    unavailable: tuple[Callable[[GameState], frozenset[EmployeeId]], ...] = ()
    # A card at work performed one of its printed functions (New Milestones' "used", ketchup.md
    # 3): a marketeer placed a campaign, a trainer trained, a Recruiting Girl hired, a buyer
    # collected, a New Business Developer placed a house, a Local/Regional Manager a new
    # restaurant, a Waitress earned tips, a Discount Manager's price applied in Dinnertime.
    used: tuple[Callable[[GameState, Seat, EmployeeId, EventLog], None], ...] = ()
    # Working 9-5: is a campaign tile of this type placed now eternal (besides First billboard)?
    eternal: tuple[Callable[[GameState, Seat, CampaignType, EmployeeId | None], bool], ...] = ()
    # Restructuring and Order of Business: a player's own CEO slot count (None: the game's).
    ceo_slots: tuple[Callable[[GameState, Seat], int | None], ...] = ()
    # Clean up: a player keeps goods in a freezer (besides First to throw away).
    freezer: tuple[Callable[[GameState, Seat], bool], ...] = ()
    # Payday: the salary per salaried card (None: $5) and cards whose salary is never paid.
    salary_each: tuple[Callable[[GameState, Seat], int | None], ...] = ()
    salary_free: tuple[Callable[[GameState, Seat], list[EmployeeId]], ...] = ()
    # Working 9-5: several trainers may train one card this turn (besides First to pay $20).
    stacking: tuple[Callable[[GameState, Seat], bool], ...] = ()
    # Working 9-5: a buyer's drinks per supplier are multiplied by this (1: unchanged).
    drinks_factor: tuple[Callable[[GameState, Seat, EmployeeId], int], ...] = ()
    # Working 9-5: a marketeer's next launch is bound to this tile type, good and duration
    # (First campaign manager used: its second tile, ketchup.md 3); None: free.
    campaign_limit: tuple[
        Callable[[GameState, WorkingTurn, EmployeeId], tuple[CampaignType, Good, int] | None],
        ...,
    ] = ()
    # Working 9-5: the campaign being launched may carry two different goods (First brand
    # manager used: a two-good airplane, ketchup.md 3).
    two_goods: tuple[Callable[[GameState, WorkingTurn, CampaignDraft], bool], ...] = ()
    # Working 9-5: a module's decision the current player owes now (a milestone's reward,
    # ketchup.md 3): while one returns actions, they are the turn's only ones besides Done,
    # which declines it; ``pending_act`` applies them (and that Done), True when it did.
    pending_options: tuple[Callable[[GameState, WorkingTurn], list[Action] | None], ...] = ()
    pending_act: tuple[Callable[[GameState, WorkingTurn, Action, EventLog], bool], ...] = ()
    # Working 9-5: a player may train cards at work, into a card of the same colour (First
    # lemonade sold, ketchup.md 3).
    train_at_work: tuple[Callable[[GameState, Seat], bool], ...] = ()
    # Restructuring: after every structure is revealed.
    restructuring_end: tuple[Callable[[GameState, EventLog], None], ...] = ()
    # Payday: a chain may pay salaries it cannot pay in cash with goods, 1 item per salary
    # (First beer sold), and is never forced to fire: what it cannot pay is waived (First
    # trainer used; ketchup.md 3, 19.3).
    salary_goods: tuple[Callable[[GameState, Seat], bool], ...] = ()
    never_fire: tuple[Callable[[GameState, Seat], bool], ...] = ()
    # Views: blank a module's secrets in a view (the view's ``module_data`` is a copy).
    redact: tuple[Callable[[GameState, Seat | None], None], ...] = ()


def merge_hooks(hooks: Iterable[Hooks]) -> Hooks:
    """One :class:`Hooks` with every module's hooks, in the given order."""
    merged: dict[str, tuple[Any, ...]] = {f.name: () for f in fields(Hooks)}
    for h in hooks:
        for name in merged:
            merged[name] += getattr(h, name)
    return Hooks(**merged)


# How a game's options name its ruleset, resolved above core (``fcm.rulesets.rules_for``) and
# passed to what reads the options from data (a saved state, a scenario).
RulesFor = Callable[["Options"], "Ruleset"]


@dataclass(frozen=True, slots=True, eq=False)
class Ruleset:
    """A game's data and rules. Build one with :func:`build_ruleset`."""

    id: str
    catalog: Catalog
    phases: dict[Phase, PhaseRules]  # read-only by convention (tests swap a phase in)
    # Derived from the catalog once (the hot paths read these, never the JSON):
    entry_level: tuple[EmployeeId, ...] = ()
    unique_entry: frozenset[EmployeeId] = frozenset()  # entry-level 1x cards (expansion only)
    trainers: frozenset[EmployeeId] = frozenset()
    kitchen: frozenset[EmployeeId] = frozenset()
    drink_buyers: frozenset[EmployeeId] = frozenset()
    marketeers: frozenset[EmployeeId] = frozenset()
    acting_cards: frozenset[EmployeeId] = frozenset()  # their own action comes in steps 4-7
    local_range: int = 3  # the Local Manager's road range
    reserve_slots: Mapping[int, int] = field(default_factory=dict)
    # Cards whose salary First billboard placed waives ("no salaries for marketeers": every
    # marketing card; ketchup.md 19.1 row 18).
    marketing_cards: frozenset[EmployeeId] = frozenset()
    # Expansion modules (docs/modules.md): their ids, hooks, and milestones removed unclaimed in
    # the Clean up of a round (Hard Choices, New Milestones).
    modules: frozenset[str] = frozenset()
    hooks: Hooks = field(default_factory=Hooks)
    milestone_expiry: Mapping[MilestoneId, int] = field(default_factory=dict)
    # How the registry that built it gets it again (``fcm.rulesets`` sets it): pickling a ruleset
    # (a state, for multiprocessing or Ray) writes this call, and unpickling returns the
    # registry's cached object. None: built by hand, so it cannot be pickled.
    rebuild: Callable[[], Ruleset] | None = None

    def __reduce__(self) -> tuple[Callable[[], Ruleset], tuple[()]]:
        if self.rebuild is None:
            raise TypeError(
                f"ruleset {self.id!r} was built by hand (build_ruleset), not by fcm.rulesets: "
                "a state playing it cannot be pickled"
            )
        return (self.rebuild, ())

    def __copy__(self) -> Ruleset:
        return self  # shared, as by GameState.clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self

    def has_module(self, module: str) -> bool:
        return module in self.modules

    def employee(self, card: EmployeeId) -> EmployeeType:
        return self.catalog.employees[card]

    def __repr__(self) -> str:
        return f"Ruleset({self.id!r})"


def default_phases() -> dict[Phase, PhaseRules]:
    """The base game's phase modules."""
    return {
        Phase.SETUP_RESERVE: setup_phase,
        Phase.SETUP_RESTAURANTS: setup_phase,
        Phase.RESTRUCTURING: restructuring,
        Phase.ORDER_OF_BUSINESS: order_of_business,
        Phase.WORKING: working,
        Phase.DINNERTIME: dinnertime,
        Phase.PAYDAY: payday,
        Phase.MARKETING: marketing,
        Phase.CLEANUP: cleanup,
    }


def build_ruleset(
    id: str,
    catalog: Catalog,
    phases: Mapping[Phase, PhaseRules] | None = None,
    *,
    modules: Iterable[str] = (),
    hooks: Hooks | None = None,
    milestone_expiry: Mapping[MilestoneId, int] | None = None,
) -> Ruleset:
    """A ruleset from a catalog; ``phases`` replaces some of the base game's phase rules;
    ``modules``, ``hooks`` and ``milestone_expiry`` are what expansion modules add."""
    employees = catalog.employees.values()
    kitchen = frozenset(e.id for e in employees if e.food)
    buyers = frozenset(e.id for e in employees if e.drinks_per_source)
    marketeers = frozenset(e.id for e in employees if e.campaign_types)
    placers = {
        EmployeeId.NEW_BUSINESS_DEVELOPER,
        EmployeeId.LOCAL_MANAGER,
        EmployeeId.REGIONAL_MANAGER,
    }
    local = catalog.employees.get(EmployeeId.LOCAL_MANAGER)
    return Ruleset(
        id=id,
        catalog=catalog,
        phases={**default_phases(), **(phases or {})},
        entry_level=tuple(sorted(e.id for e in employees if e.entry_level)),
        unique_entry=frozenset(e.id for e in employees if e.entry_level and e.unique),
        trainers=frozenset(e.id for e in employees if e.trains),
        kitchen=kitchen,
        drink_buyers=buyers,
        marketeers=marketeers,
        acting_cards=marketeers | kitchen | buyers | (placers & set(catalog.employees)),
        local_range=(local.range if local is not None else None) or 3,
        reserve_slots=MappingProxyType({r.money: r.ceo_slots for r in catalog.reserve_cards}),
        marketing_cards=frozenset(e.id for e in employees if e.category == "marketing"),
        modules=frozenset(modules),
        hooks=hooks or Hooks(),
        milestone_expiry=MappingProxyType(dict(milestone_expiry or {})),
    )
