"""The ruleset: the game's data and the rules a variant may change, passed in.

A :class:`Ruleset` bundles what the engine reads about the game it plays: the catalog (employee
cards, milestones, map tiles, campaign tiles, setup tables: :mod:`fcm.core.catalog` records), the
tables derived from it once (entry-level cards, trainers, kitchen cards, ...), the expansion
modules' contributions to the extension points (:mod:`fcm.core.extensions`) and the phase rules:
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
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from fcm.core.extensions import (
    NO_EXTENSIONS,
    Extensions,
    HouseKind,
    ModuleKey,
    PieceKind,
    WorkStepRules,
    ordered_steps,
    with_step_actions,
)
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
from fcm.core.state import Phase, WorkStep
from fcm.core.types import BASE, BASE_GOODS, EmployeeId, Good, MilestoneId

if TYPE_CHECKING:
    from fcm.core.actions import Action, ActionType
    from fcm.core.catalog import Catalog, EmployeeType
    from fcm.core.events import EventLog
    from fcm.core.state import GameState, Options
    from fcm.core.types import Seat

__all__ = [
    "BASE",
    "PhaseRules",
    "RulesFor",
    "Ruleset",
    "build_ruleset",
    "default_phases",
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
    # Expansion modules (docs/modules.md): their ids, their contributions to the extension
    # points, and milestones removed unclaimed in the Clean up of a round (Hard Choices, New
    # Milestones).
    modules: frozenset[str] = frozenset()
    extensions: Extensions = NO_EXTENSIONS
    milestone_expiry: Mapping[MilestoneId, int] = field(default_factory=dict)
    # The goods of this game, in order (a player's stock lists them so), and those a campaign
    # may advertise.
    goods: tuple[Good, ...] = BASE_GOODS
    marketable: tuple[Good, ...] = BASE_GOODS
    # The steps of a Working 9-5 turn in order (the base game's, with the modules' inserted),
    # and derived from them: each step's rules, its place, the step each action type is of.
    work_steps: tuple[WorkStepRules, ...] = working.BASE_STEPS
    step_rules: Mapping[WorkStep, WorkStepRules] = field(default_factory=dict)
    step_index: Mapping[WorkStep, int] = field(default_factory=dict)
    step_of_action: Mapping[str, WorkStep] = field(default_factory=dict)
    # The kinds of piece modules place on the map during a game (the board overlay), by id.
    piece_kinds: Mapping[str, PieceKind] = field(default_factory=dict)
    # The kinds of house modules add (``House.kind``; "" is the base game's house), by id.
    house_kinds: Mapping[str, HouseKind] = field(default_factory=dict)
    # The modules' action types by tag (the JSON codec of this ruleset), and the older JSON
    # forms they are read from: base tag -> (marker field, type).
    action_types: Mapping[str, ActionType] = field(default_factory=dict)
    action_reads: Mapping[str, tuple[tuple[str, ActionType], ...]] = field(default_factory=dict)
    # The keys modules keep on records of the state (``extras`` slots), by record then name.
    module_keys: Mapping[str, Mapping[str, ModuleKey]] = field(default_factory=dict)
    # Of them, the campaign keys written into a campaign's events.
    campaign_event_keys: tuple[str, ...] = ()
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
    extensions: Extensions | None = None,
    milestone_expiry: Mapping[MilestoneId, int] | None = None,
    goods: Iterable[Good] = (),
    pieces: Iterable[PieceKind] = (),
    houses: Iterable[HouseKind] = (),
    actions: Iterable[ActionType] = (),
    keys: Iterable[ModuleKey] = (),
) -> Ruleset:
    """A ruleset from a catalog; ``phases`` replaces some of the base game's phase rules;
    ``modules``, ``extensions``, ``milestone_expiry``, ``goods`` (after the base game's),
    ``pieces`` (kinds of piece placed on the map) and ``houses`` (kinds of house) are what
    expansion modules add, with ``actions`` (their action types) and ``keys`` (what they keep
    on records of the state).

    Raises:
        ValueError: two action types or two keys of one record share a name.
    """
    all_goods = (*BASE_GOODS, *(g for g in goods if g not in BASE_GOODS))
    ext = extensions or NO_EXTENSIONS
    steps = ordered_steps(working.BASE_STEPS, ext.work_steps) if ext.work_steps else (
        working.BASE_STEPS
    )
    if ext.step_actions:
        steps = with_step_actions(steps, ext.step_actions)
    action_types: dict[str, ActionType] = {}
    reads: dict[str, list[tuple[str, ActionType]]] = {}
    for spec in actions:
        if spec.cls.type in action_types:
            raise ValueError(f"two modules' action types are tagged {spec.cls.type!r}")
        action_types[spec.cls.type] = spec
        for tag, marker in spec.reads:
            reads.setdefault(tag, []).append((marker, spec))
    module_keys: dict[str, dict[str, ModuleKey]] = {}
    for key in keys:
        if key.name in module_keys.setdefault(key.record, {}):
            raise ValueError(f"two modules keep {key.record} key {key.name!r}")
        module_keys[key.record][key.name] = key
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
        extensions=ext,
        milestone_expiry=MappingProxyType(dict(milestone_expiry or {})),
        goods=all_goods,
        marketable=tuple(g for g in all_goods if g.info.marketable),
        work_steps=steps,
        # plain dicts (read-only by convention): looked up on every Working 9-5 action
        step_rules={r.step: r for r in steps},
        step_index={r.step: i for i, r in enumerate(steps)},
        step_of_action={a: r.step for r in steps for a in r.actions},
        piece_kinds=MappingProxyType({k.id: k for k in pieces}),
        house_kinds=MappingProxyType({k.id: k for k in houses}),
        action_types=MappingProxyType(action_types),
        action_reads=MappingProxyType({t: tuple(r) for t, r in reads.items()}),
        module_keys=MappingProxyType(
            {r: MappingProxyType(k) for r, k in module_keys.items()}
        ),
        campaign_event_keys=tuple(
            k.name for k in module_keys.get("campaign", {}).values() if k.in_events
        ),
    )
