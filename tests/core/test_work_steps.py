"""The Working 9-5 steps are an ordered vocabulary of the ruleset (issue 24 item 1): the base
game's seven in their order (excerpt "Working 9–5"), and a module may insert its own step, as
the Lobbyists (ketchup.md 7) add one between houses and restaurants. A test-only module
(``test_lobby``) proves it: its step comes between the two, offers its action, and the
refusals name the game's order."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest

import fcm
from fcm.core.actions import DONE, Action, ActionType
from fcm.core.engine import apply, check_action, legal_actions
from fcm.core.errors import IllegalActionError
from fcm.core.events import EventLog
from fcm.core.extensions import Extensions, StepInsert, WorkStepRules
from fcm.core.state import WORK_STEPS, GameState, WorkingTurn, WorkStep
from fcm.rulesets import Module, ModuleInfo, base_ruleset, register_module, unregister_module

LOBBYING = WorkStep.define("test_lobbying")


@dataclass(frozen=True, slots=True)
class Lobby(Action):
    """The test module's action: lobby for house ``house``."""

    type: ClassVar[str] = "test_lobby"
    house: int


def _options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    if "test_lobby" not in state.module_data:
        yield from (Lobby(number) for number in sorted(state.houses))


def _act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    assert isinstance(action, Lobby)
    state.module_data["test_lobby"] = {"house": action.house, "seat": turn.seat}


def _explain(state: GameState, turn: WorkingTurn, action: Action) -> str:
    return "Working 9–5 'Lobby': one house a turn (test module)"


LOBBY_MODULE = Module(
    info=ModuleInfo("test_lobby", "Test lobby", "a step between houses and restaurants"),
    data=lambda raw, modules: None,
    extensions=Extensions(
        work_steps=(
            StepInsert(
                WorkStep.HOUSES,
                WorkStepRules(LOBBYING, "Lobby", (Lobby.type,), _options, _act, _explain),
            ),
        )
    ),
    actions=(ActionType(Lobby, fields={"house": "int"}, notation=lambda a: f"lobby {a.house}"),),
)


@pytest.fixture
def lobby() -> Iterator[None]:
    register_module(LOBBY_MODULE)
    yield
    unregister_module("test_lobby")


def _at_houses(modules: list[str]) -> GameState:
    return fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]], "round": 2,
        "modules": modules, "phase": "working", "turn_order": [0, 1],
        "companies": [{"reserve": 300, "at_work": ["new_business_developer"]},
                      {"reserve": 100}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        "working": {"seat": 0, "step": "houses"},
    })


def test_the_base_game_plays_its_seven_steps_in_the_excerpts_order():
    """Excerpt "Working 9–5": hire, train, drive-ins, campaigns, food and drinks, houses and
    gardens, restaurants."""
    rules = base_ruleset()
    assert [r.step for r in rules.work_steps] == list(WORK_STEPS) == [
        "hire", "train", "drive_ins", "campaigns", "food_and_drinks", "houses", "restaurants",
    ]
    assert [r.title for r in rules.work_steps][-2:] == [
        "Place houses and gardens", "Place or move restaurants",
    ]
    assert rules.step_of_action["place_house"] is WorkStep.HOUSES


def test_a_module_inserts_its_step_between_houses_and_restaurants(lobby):
    """ketchup.md 7 (Lobbyists' step between houses and restaurants), with a test module."""
    s = _at_houses(["test_lobby"])
    assert [r.step for r in s.rules.work_steps][-3:] == ["houses", LOBBYING, "restaurants"]
    assert s.rules.step_index[LOBBYING] == 6
    s, _ = apply(s, 0, DONE)  # no house: the developer adds nothing; houses ends
    assert s.turn.working is not None and s.turn.working.step is LOBBYING
    assert legal_actions(s, 0) == [Lobby(2), Lobby(4), DONE]
    with pytest.raises(IllegalActionError, match="'Place houses and gardens' is over"):
        check_action(s, 0, fcm.PlaceHouse(1, (0, 0), ()))
    s, ev = apply(s, 0, fcm.parse_action(s, 0, "lobby 4"))
    assert s.module_data["test_lobby"] == {"house": 4, "seat": 0}
    # its action taken, the step has nothing left; then restaurants (nothing to do either)
    assert [(e.kind, e.data.get("step")) for e in ev if e.kind.startswith("step_")] == [
        ("step_ended", "test_lobbying"), ("step_skipped", "restaurants"),
    ]
    assert s.turn.working is not None and s.turn.working.seat == 1
    assert fcm.action_from_json({"type": "test_lobby", "house": 2}, s.rules) == Lobby(2)


def test_without_the_module_no_step_is_inserted_and_its_action_is_refused():
    s = _at_houses([])
    assert [r.step for r in s.rules.work_steps] == list(WORK_STEPS)
    s, ev = apply(s, 0, DONE)
    assert [(e.kind, e.data.get("step")) for e in ev if e.kind.startswith("step_")] == [
        ("step_ended", "houses"), ("step_skipped", "restaurants"),
    ]
    register_module(LOBBY_MODULE)  # the codec knows the type; this game has no such step
    unregister_module("test_lobby")
    with pytest.raises(IllegalActionError, match="not an action of a Working 9–5 turn"):
        check_action(s, 1, Lobby(2))


def test_a_scenario_may_start_at_a_modules_step_of_that_game_only(lobby):
    raw = {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
           "phase": "working", "companies": [{"reserve": 300}, {"reserve": 100}],
           "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
           "working": {"seat": 0, "step": "test_lobbying"}}
    s = fcm.load_scenario({**raw, "modules": ["test_lobby"]})
    assert s.turn.working is not None and s.turn.working.step is LOBBYING
    with pytest.raises(fcm.ScenarioError, match="working.step: must be one of hire"):
        fcm.load_scenario(raw)
