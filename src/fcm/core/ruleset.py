"""The ruleset: the game's data and the rule hooks a variant may change, passed in.

A :class:`Ruleset` bundles what the engine reads about the game it plays: the catalog (employee
cards, milestones, map tiles, campaign tiles, setup tables, from ``fcm.data``), the tables derived
from it once (entry-level cards, trainers, kitchen cards, ...) and the rule hooks: one
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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from fcm.core.types import EmployeeId

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
    trainers: frozenset[EmployeeId] = frozenset()
    kitchen: frozenset[EmployeeId] = frozenset()
    drink_buyers: frozenset[EmployeeId] = frozenset()
    marketeers: frozenset[EmployeeId] = frozenset()
    acting_cards: frozenset[EmployeeId] = frozenset()  # their own action comes in steps 4-7
    local_range: int = 3  # the Local Manager's road range
    reserve_slots: Mapping[int, int] = field(default_factory=dict)

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
    id: str, catalog: Catalog, phases: Mapping[Phase, PhaseRules] | None = None
) -> Ruleset:
    """A ruleset from a catalog; ``phases`` replaces some of the base game's phase rules."""
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
        trainers=frozenset(e.id for e in employees if e.trains),
        kitchen=kitchen,
        drink_buyers=buyers,
        marketeers=marketeers,
        acting_cards=marketeers | kitchen | buyers | (placers & set(catalog.employees)),
        local_range=(local.range if local is not None else None) or 3,
        reserve_slots=MappingProxyType({r.money: r.ceo_slots for r in catalog.reserve_cards}),
    )


_FACTORIES: dict[str, Callable[[], Ruleset]] = {}
_BUILT: dict[str, Ruleset] = {}


def register_ruleset(id: str, factory: Callable[[], Ruleset]) -> None:
    """Make ``Options(ruleset=id)`` resolve to ``factory()`` (built once, on first use)."""
    _FACTORIES[id] = factory
    _BUILT.pop(id, None)


def known_rulesets() -> list[str]:
    return sorted({BASE, *_FACTORIES})


def get_ruleset(id: str) -> Ruleset:
    """The ruleset registered as ``id``.

    Raises:
        ScenarioError: no ruleset has that id.
    """
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
