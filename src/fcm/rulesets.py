"""Where a game's ruleset comes from: the registry of rulesets and expansion modules.

The engine (``fcm.core``) is handed a :class:`~fcm.core.ruleset.Ruleset` and never looks one
up. This module, above it, assembles rulesets: the base game's from the JSON files of
``fcm.data``, a variant's from the factory registered under its id (:func:`register_ruleset`),
and the base game with expansion modules from the base data changed by each module
(``fcm.modules`` registers them with :func:`register_module` when ``fcm`` is imported). Each is
built once; :func:`rules_for` resolves what a game's :class:`~fcm.core.state.Options` name
(``ruleset`` and ``modules``), and ``fcm.games`` passes the result to the engine.

A ruleset built here pickles as its id and modules and unpickles to this cache's object (see
``Ruleset.rebuild``), so states cross process boundaries (multiprocessing, Ray); a variant's id
must be registered in the receiving process too (the modules are, by importing ``fcm``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from fcm.core.actions import ActionType
from fcm.core.errors import ScenarioError
from fcm.core.events import ModuleEventKind
from fcm.core.extensions import (
    NO_EXTENSIONS,
    Extensions,
    HouseKind,
    ModuleKey,
    PieceKind,
    merge,
)
from fcm.core.ruleset import BASE, Ruleset, build_ruleset
from fcm.core.state import Options
from fcm.core.types import Good, MilestoneId
from fcm.data import load_catalog, load_raw, parse_catalog

__all__ = [
    "Module",
    "ModuleInfo",
    "base_ruleset",
    "check_modules",
    "check_players",
    "get_ruleset",
    "known_modules",
    "known_rulesets",
    "module_problem",
    "most_players",
    "options_from_dict",
    "playable_modules",
    "player_counts",
    "players_problem",
    "register_module",
    "register_module_info",
    "register_ruleset",
    "rules_for",
    "unregister_module",
]

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
        raise ScenarioError(f"options: unknown ruleset {id!r} (known: {known_rulesets()})")
    built = _BUILT[id] = _rebuilt_by_id(factory(), id, chosen)
    return built


def base_ruleset() -> Ruleset:
    """The base game, from the JSON files shipped in ``fcm.data`` (read and checked once)."""
    built = _BUILT.get(BASE)
    if built is None:
        built = _BUILT[BASE] = _rebuilt_by_id(build_ruleset(BASE, load_catalog()), BASE, ())
    return built


def rules_for(options: Options) -> Ruleset:
    """The ruleset a game's options name (``ruleset`` and ``modules``).

    Raises:
        ScenarioError: as :func:`get_ruleset`.
    """
    check_switches(options)
    return get_ruleset(options.ruleset, options.modules)


def check_switches(options: Options) -> None:
    """Refuse a module switch that no module of the game declares (naming its module when
    another module declares it).

    Raises:
        ScenarioError: code ``options/switches``.
    """
    for name in sorted(options.switches):
        owners = [m for m, mod in _MODULES.items() if name in mod.switches]
        if not owners:
            raise ScenarioError(f"options: unknown switch {name!r}", code="options/switches")
        if not set(owners) & options.modules:
            raise ScenarioError(
                f"options: switch {name!r} belongs to module {owners[0]!r}, which is not played",
                code="options/switches",
            )


def options_from_dict(data: dict[str, Any]) -> Options:
    """:meth:`Options.from_dict`, with the modules checked together (:func:`check_modules`):
    the options a saved game or a new table names, refused before any game starts.

    Raises:
        ScenarioError: a bad switch, or modules that cannot be played together (names them).
    """
    options = Options.from_dict(data)
    check_modules(options.modules)
    check_switches(options)
    return options


def _rebuilt_by_id(rules: Ruleset, id: str, modules: Iterable[str]) -> Ruleset:
    """``rules``, able to pickle as the call that gets it from this cache again."""
    return replace(rules, rebuild=partial(get_ruleset, id, tuple(sorted(modules))))


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
    goods: tuple[Good, ...] = ()  # goods the module adds (defined with Good.define_good)
    switches: tuple[str, ...] = ()  # its rule switches (``Options.switches``), each off by default
    actions: tuple[ActionType, ...] = ()  # its action types (codec, notation): its rulesets'
    keys: tuple[ModuleKey, ...] = ()  # what it keeps on records of the state (saves, scenarios)
    events: tuple[ModuleEventKind, ...] = ()  # its event kinds (``define_event``)
    # fields it adds to events of the base game's kinds, a TypedDict (each optional) per kind:
    # the browser's types (fcm.server.typegen) and the payload checks read them
    event_fields: Mapping[str, type] = field(default_factory=dict)
    pieces: tuple[PieceKind, ...] = ()  # kinds of piece it places on the map (board overlay)
    houses: tuple[HouseKind, ...] = ()  # kinds of house it adds (footprint, order, demand)
    # player counts its data adds to the setups, each with the rule that allows it
    players: Mapping[int, str] = field(default_factory=dict)


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


def unregister_module(id: str) -> None:
    """Forget a module registered by :func:`register_module` (tests register test-only
    modules and remove them again)."""
    _MODULES.pop(id, None)
    _MODULE_INFO.pop(id, None)
    for key in [k for k in _BUILT if "+" in k]:
        del _BUILT[key]


def known_modules() -> dict[str, ModuleInfo]:
    """Every module id the rules reference lists, by id."""
    return dict(sorted(_MODULE_INFO.items()))


def playable_modules() -> dict[str, Module]:
    """The modules this engine implements, by id."""
    return dict(sorted(_MODULES.items()))


def with_requirements(modules: Iterable[str]) -> frozenset[str]:
    """The modules with every module they need, and those need (e.g. Six Players brings New
    Districts, ketchup.md 17)."""
    out = set(modules)
    while more := {n for m in out if m in _MODULE_INFO for n in _MODULE_INFO[m].requires} - out:
        out |= more
    return frozenset(out)


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
        raise ScenarioError(problem, code="options/modules")


def player_counts(modules: Iterable[str] = ()) -> tuple[int, ...]:
    """The player counts a game of the base ruleset with ``modules`` sets up (2 to 5 for the
    base game; a module's data may add one).

    Raises:
        ScenarioError: as :func:`get_ruleset`.
    """
    return tuple(get_ruleset(BASE, modules).catalog.setups)


def most_players() -> int:
    """The most seats any playable set of modules sets up (5, or 6 with Six Players): the
    bound a table is checked against before its modules are."""
    return max([*base_ruleset().catalog.setups, *(n for m in _MODULES.values() for n in m.players)])


def players_problem(players: int, modules: Iterable[str] = ()) -> str | None:
    """Why ``players`` cannot play with these modules (naming the module and the rule that
    would allow the count), or None."""
    chosen = frozenset(modules)
    counts = player_counts(chosen)
    if players in counts:
        return None
    text = f"Food Chain Magnate is for {min(counts)} to {max(counts)} players"
    if chosen:
        text += f" with modules {sorted(chosen)}"
    text = f"options: {text}, not {players}"
    for m, mod in _MODULES.items():
        if players in mod.players and m not in chosen:
            return f"{text}: {players} players need module {m!r} ({mod.players[players]})"
    return text


def check_players(players: int, modules: Iterable[str] = ()) -> None:
    """Raise :class:`~fcm.core.errors.ScenarioError` (code ``options/players``) when
    ``players`` cannot play with these modules, naming the module and rule that allow it."""
    problem = players_problem(players, modules)
    if problem is not None:
        raise ScenarioError(problem, code="options/players")


def _with_modules(id: str, modules: frozenset[str]) -> Ruleset:
    key = f"{id}+{','.join(sorted(modules))}"
    built = _BUILT.get(key)
    if built is not None:
        return built
    check_modules(modules)
    if id != BASE:
        raise ScenarioError(
            f"options: modules are played on the base ruleset, not {id!r}", code="options/modules"
        )
    raw = load_raw()
    chosen = [_MODULES[m] for m in sorted(modules)]
    for module in chosen:
        module.data(raw, modules)
    expiry: dict[MilestoneId, int] = {}
    for module in chosen:
        expiry.update(module.milestone_expiry)
    built = _BUILT[key] = _rebuilt_by_id(
        build_ruleset(
            key,
            parse_catalog(raw),
            modules=modules,
            extensions=merge((m.info.id, m.extensions) for m in chosen),
            milestone_expiry=expiry,
            goods=[g for m in chosen for g in m.goods],
            pieces=[k for m in chosen for k in m.pieces],
            houses=[k for m in chosen for k in m.houses],
            actions=[a for m in chosen for a in m.actions],
            keys=[k for m in chosen for k in m.keys],
        ),
        id,
        modules,
    )
    return built
