"""Starting and loading games by what their options name: the public entry points.

The engine's own functions (``fcm.core.setup.new_game``, ``fcm.core.scenario.load_scenario``,
``fcm.core.state.state_from_dict``) are handed the ruleset; these resolve it first from the
options (``Options.ruleset`` and ``Options.modules``, :func:`fcm.rulesets.rules_for`) and are the
ones ``fcm.new_game``, ``fcm.load_scenario`` and ``fcm.state_from_dict`` name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fcm.core import scenario, setup, state
from fcm.core.events import Event
from fcm.core.state import GameState, Options
from fcm.rulesets import check_players, module_problem, rules_for

__all__ = [
    "load_scenario",
    "load_scenario_with_events",
    "new_game",
    "new_game_with_events",
    "state_from_dict",
]


def new_game(
    players: int,
    seed: int,
    options: Options | None = None,
    *,
    tiles: Sequence[Sequence[tuple[str, int]]] | None = None,
) -> GameState:
    """A new game at its first decision (:func:`fcm.core.setup.new_game`, with the ruleset
    the options name).

    Raises:
        ValueError: an unknown tile.
        ScenarioError: the options name an unknown ruleset or modules that cannot be played
            together, or a player count their ruleset does not set up (naming the module and
            rule that would: 6 players need Six Players, ketchup.md 17).
    """
    return new_game_with_events(players, seed, options, tiles=tiles)[0]


def new_game_with_events(
    players: int,
    seed: int,
    options: Options | None = None,
    *,
    tiles: Sequence[Sequence[tuple[str, int]]] | None = None,
) -> tuple[GameState, list[Event]]:
    opts = options or Options()
    rules = rules_for(opts)
    check_players(players, opts.modules)
    return setup.new_game_with_events(players, seed, options, rules=rules, tiles=tiles)


def load_scenario(data: dict[str, Any]) -> GameState:
    """Build the position a scenario describes and enter its phase (docs/scenarios.md).

    Raises:
        ScenarioError: a malformed or impossible scenario (names the field).
    """
    return load_scenario_with_events(data)[0]


def load_scenario_with_events(data: dict[str, Any]) -> tuple[GameState, list[Event]]:
    _check_scenario_players(data)
    return scenario.load_scenario_with_events(data, rules_for)


def _check_scenario_players(data: dict[str, Any]) -> None:
    """A scenario's player count its modules do not set up, refused naming the module and rule
    that would (the engine's own check names the field only)."""
    if not isinstance(data, dict):
        return
    players, mods = data.get("players"), data.get("modules", [])
    opts = data.get("options")
    more = opts.get("modules", []) if isinstance(opts, dict) else []
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or players < 2
        or not isinstance(mods, list)
        or not isinstance(more, list)
        or not all(isinstance(m, str) for m in [*mods, *more])
        or module_problem([*mods, *more]) is not None
    ):
        return  # the engine refuses it, naming the field
    check_players(players, [*mods, *more])


def state_from_dict(d: dict[str, Any]) -> GameState:
    """Inverse of :meth:`GameState.to_dict`, playing the ruleset its options name.

    Raises:
        ScenarioError: when a field is missing or malformed (names the field).
    """
    return state.state_from_dict(d, rules_for)
