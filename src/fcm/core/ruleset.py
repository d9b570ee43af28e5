"""The ruleset: the game's data and the rules a variant may change, passed in.

A :class:`Ruleset` bundles what the engine reads about the game it plays: the catalog (employee
cards, milestones, map tiles, campaign tiles, setup tables, from ``fcm.data``), the tables derived
from it once (entry-level cards, trainers, kitchen cards, ...), the expansion modules'
contributions to the extension points (``fcm.core.extensions``) and the phase rules: one
:class:`PhaseRules` per phase. Every state carries its ruleset (``state.rules``, shared by clones
and views, never serialised); games name theirs by id in :class:`~fcm.core.state.Options`
(``Options(ruleset="...")``; the base game's ``"base"`` is left out of the saved options, so
saved games and state hashes are those of before), and loading a state resolves the id again.

Layering: ``fcm.data`` sits above ``fcm.core`` (it builds core's id enums into its records);
core never imports it at module level. The only way core reaches the shipped data is
:func:`base_ruleset`, which imports the loader when first called. A variant or an expansion
registers its own ruleset with :func:`register_ruleset` (its own catalog, e.g. from
``fcm.data.parse_catalog`` of modified JSON, and any phase it replaces). ``docs/engine.md``
shows one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from fcm.core.extensions import NO_EXTENSIONS, Extensions, merge
from fcm.core.types import BASE_GOODS, EmployeeId, Good, MilestoneId

if TYPE_CHECKING:
    from fcm.core.actions import Action
    from fcm.core.events import EventLog
    from fcm.core.state import GameState, Phase
    from fcm.core.types import Seat
    from fcm.data.catalog import Catalog, EmployeeType

BASE = "base"


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

    def has_module(self, module: str) -> bool:
        return module in self.modules

    def employee(self, card: EmployeeId) -> EmployeeType:
        return self.catalog.employees[card]

    def __repr__(self) -> str:
        return f"Ruleset({self.id!r})"


def default_phases() -> dict[Phase, PhaseRules]:
    """The base game's phase modules."""
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
) -> Ruleset:
    """A ruleset from a catalog; ``phases`` replaces some of the base game's phase rules;
    ``modules``, ``extensions``, ``milestone_expiry`` and ``goods`` (after the base game's)
    are what expansion modules add."""
    all_goods = (*BASE_GOODS, *(g for g in goods if g not in BASE_GOODS))
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
        extensions=extensions or NO_EXTENSIONS,
        milestone_expiry=MappingProxyType(dict(milestone_expiry or {})),
        goods=all_goods,
        marketable=tuple(g for g in all_goods if g.info.marketable),
    )


_FACTORIES: dict[str, Callable[[], Ruleset]] = {}
_BUILT: dict[str, Ruleset] = {}


def register_ruleset(id: str, factory: Callable[[], Ruleset]) -> None:
    """Make ``Options(ruleset=id)`` resolve to ``factory()`` (built once, on first use)."""
    _FACTORIES[id] = factory
    _BUILT.pop(id, None)


def known_rulesets() -> list[str]:
    return sorted({BASE, *_FACTORIES})


def get_ruleset(id: str, modules: Iterable[str] = ()) -> Ruleset:
    """The ruleset registered as ``id``, with the expansion ``modules`` (docs/modules.md).

    Raises:
        ScenarioError: no ruleset has that id; a module is unknown, needs another or excludes
            another of the set (the message names them).
    """
    chosen = frozenset(modules)
    if chosen:
        return _with_modules(id, chosen)
    built = _BUILT.get(id)
    if built is not None:
        return built
    if id == BASE:
        return base_ruleset()
    factory = _FACTORIES.get(id)
    if factory is None:
        from fcm.core.errors import ScenarioError

        raise ScenarioError(f"options: unknown ruleset {id!r} (known: {known_rulesets()})")
    built = _BUILT[id] = factory()
    return built


def base_ruleset() -> Ruleset:
    """The base game, from the JSON files shipped in ``fcm.data`` (read and checked once)."""
    built = _BUILT.get(BASE)
    if built is None:
        from fcm.data import load_catalog  # the one place core reaches the shipped data

        built = _BUILT[BASE] = build_ruleset(BASE, load_catalog())
    return built


# -- expansion modules -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ModuleInfo:
    """An expansion module as the rules reference lists it (``ketchup-components.json``)."""

    id: str
    name: str
    description: str
    requires: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Module:
    """What an expansion module contributes (docs/modules.md): ``data`` changes the decoded
    JSON of the base data files in place (a fresh copy; it also sees every module chosen), and
    ``extensions`` its contributions to the extension points (``fcm.core.extensions``).
    ``milestone_expiry``: milestones removed if still unclaimed in the
    Clean up of that round."""

    info: ModuleInfo
    data: Callable[[dict[str, Any], frozenset[str]], None]
    extensions: Extensions = NO_EXTENSIONS
    milestone_expiry: Mapping[MilestoneId, int] = field(default_factory=dict)
    goods: tuple[Good, ...] = ()  # goods the module adds (defined with Good.define)


_MODULE_INFO: dict[str, ModuleInfo] = {}
_MODULES: dict[str, Module] = {}


def register_module_info(info: ModuleInfo) -> None:
    """Make a module id known (one the rules reference lists, implemented or not)."""
    _MODULE_INFO[info.id] = info


def register_module(module: Module) -> None:
    """Make a module playable: ``Options(modules={module.info.id})``."""
    _MODULE_INFO[module.info.id] = module.info
    _MODULES[module.info.id] = module
    for key in [k for k in _BUILT if "+" in k]:
        del _BUILT[key]


def known_modules() -> dict[str, ModuleInfo]:
    """Every module id the rules reference lists, by id."""
    return dict(sorted(_MODULE_INFO.items()))


def playable_modules() -> dict[str, Module]:
    """The modules this engine implements, by id."""
    return dict(sorted(_MODULES.items()))


def module_problem(modules: Iterable[str]) -> str | None:
    """Why this set of modules cannot be played together (naming the modules), or None."""
    chosen = sorted(set(modules))
    unknown = [m for m in chosen if m not in _MODULE_INFO]
    if unknown:
        return (
            f"options: unknown module(s) {unknown} (known: {sorted(_MODULE_INFO)})"
        )
    for m in chosen:
        info = _MODULE_INFO[m]
        for other in info.conflicts:
            if other in chosen:
                return f"options: modules {m!r} and {other!r} exclude each other"
        for need in info.requires:
            if need not in chosen:
                return f"options: module {m!r} needs module {need!r}"
    for m in chosen:  # exclusions declared on one side only still bind both
        for other in chosen:
            if m in _MODULE_INFO[other].conflicts:
                return f"options: modules {other!r} and {m!r} exclude each other"
    missing = [m for m in chosen if m not in _MODULES]
    if missing:
        return (
            f"options: module(s) {missing} of The Ketchup Mechanism are not implemented yet "
            f"(playable: {sorted(_MODULES)})"
        )
    return None


def check_modules(modules: Iterable[str]) -> None:
    """Raise :class:`~fcm.core.errors.ScenarioError` naming the modules when the set cannot be
    played."""
    problem = module_problem(modules)
    if problem is not None:
        from fcm.core.errors import ScenarioError

        raise ScenarioError(problem, code="options/modules")


def _with_modules(id: str, modules: frozenset[str]) -> Ruleset:
    key = f"{id}+{','.join(sorted(modules))}"
    built = _BUILT.get(key)
    if built is not None:
        return built
    check_modules(modules)
    if id != BASE:
        from fcm.core.errors import ScenarioError

        raise ScenarioError(
            f"options: modules are played on the base ruleset, not {id!r}", code="options/modules"
        )
    from fcm.data import load_raw, parse_catalog  # as base_ruleset: the shipped data

    raw = load_raw()
    chosen = [_MODULES[m] for m in sorted(modules)]
    for module in chosen:
        module.data(raw, modules)
    expiry: dict[MilestoneId, int] = {}
    for module in chosen:
        expiry.update(module.milestone_expiry)
    built = _BUILT[key] = build_ruleset(
        key,
        parse_catalog(raw),
        modules=modules,
        extensions=merge((m.info.id, m.extensions) for m in chosen),
        milestone_expiry=expiry,
        goods=[g for m in chosen for g in m.goods],
    )
    return built
