"""The ruleset is passed in, not imported: every state carries its ruleset (resolved above core,
tests/core/test_layering), and a variant with other data or another phase takes effect (and
saved games of it replay), while base games stay byte-identical (tests/core/test_golden_games)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.helpers import make_state, start_phase

import fcm
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.errors import ScenarioError
from fcm.core.events import EventKind, EventLog
from fcm.core.phases import marketing
from fcm.core.ruleset import BASE, PhaseRules, Ruleset, build_ruleset
from fcm.core.state import GameState, Options, Phase
from fcm.data import load_raw, parse_catalog
from fcm.games import state_from_dict
from fcm.record import GameRecord
from fcm.rulesets import base_ruleset, get_ruleset, register_ruleset


def test_the_phase_modules_are_the_base_rulesets_phase_rules():
    rules = base_ruleset()
    assert rules is get_ruleset(BASE)
    assert set(rules.phases) == set(Phase) - {Phase.GAME_OVER}
    assert rules.phases[Phase.MARKETING] is marketing
    assert fcm.new_game(players=3, seed=1).rules is rules


def test_base_games_keep_their_saved_form():
    assert "ruleset" not in Options().to_dict()
    assert Options.from_dict(Options().to_dict()).ruleset == BASE
    state = fcm.new_game(players=2, seed=4)
    assert "ruleset" not in state.to_dict()["options"]
    assert state_from_dict(json.loads(state.canonical_json())).rules is base_ruleset()


def test_the_engine_refuses_a_ruleset_that_is_not_the_one_the_options_name():
    """Core is handed the ruleset (fcm.games resolves it): one playing other modules than the
    options save would replay differently, so setup refuses it, naming both."""
    from fcm.core.setup import new_game

    with_modules = get_ruleset(BASE, {"fry_chefs"})
    with pytest.raises(ValueError, match=r"plays modules \['fry_chefs'\], the options name \[\]"):
        new_game(2, 1, Options(), rules=with_modules)
    assert new_game(2, 1, Options(), rules=base_ruleset()) == fcm.new_game(2, 1)


def test_an_unknown_ruleset_is_refused_naming_it():
    with pytest.raises(ScenarioError, match="unknown ruleset 'ketchup'"):
        fcm.new_game(players=2, seed=1, options=Options(ruleset="ketchup"))


# -- a variant with different data ---------------------------------------------------------------


def _variant_catalog(**changes: Any) -> Any:
    raw: dict[str, Any] = load_raw()
    ceo = next(e for e in raw["employees.json"]["employees"] if e["id"] == "ceo")
    ceo["hires"] = changes.get("ceo_hires", 1)
    raw["setup.json"]["garden_tiles"] = changes.get("garden_tiles", 8)
    return parse_catalog(raw)


def _play_to(state: GameState, phase: Phase) -> GameState:
    """Take the first legal action until ``phase`` begins."""
    while state.turn.phase is not phase:
        seat = current_actors(state)[0]
        apply_in_place(state, seat, legal_actions(state, seat)[0])
    return state


def test_a_variant_with_two_ceo_hires_and_four_gardens_takes_effect():
    register_ruleset(
        "test_two_hires",
        lambda: build_ruleset("test_two_hires", _variant_catalog(ceo_hires=2, garden_tiles=4)),
    )
    variant = fcm.new_game(players=3, seed=5, options=Options(ruleset="test_two_hires"))
    base = fcm.new_game(players=3, seed=5)
    assert variant.rules.id == "test_two_hires" and variant.rules.catalog is not base.rules.catalog
    assert (variant.gardens_left, base.gardens_left) == (4, 8)
    # Working 9-5 of round 1: only the CEO is at work, so its hires are the turn's hires.
    assert _play_to(variant, Phase.WORKING).turn.working.hires_left == 2
    assert _play_to(base, Phase.WORKING).turn.working.hires_left == 1


def test_a_variant_game_saves_loads_and_replays_with_its_ruleset():
    register_ruleset(
        "test_replay", lambda: build_ruleset("test_replay", _variant_catalog(ceo_hires=2))
    )
    from fcm.bots import make_bot
    from fcm.runner import play_game

    result = play_game(
        [make_bot("random", 1), make_bot("random", 2)], 9, Options(ruleset="test_replay")
    )
    state = result.state
    assert state.to_dict()["options"]["ruleset"] == "test_replay"
    loaded = state_from_dict(json.loads(state.canonical_json()))
    assert loaded.rules is get_ruleset("test_replay")
    assert loaded.state_hash() == state.state_hash()
    record = GameRecord.loads(result.record.dumps())
    assert record.replay().state_hash() == result.record.final_hash


# -- a variant with a different rule ----------------------------------------------------------


class NoMarketing:
    """A variant's Marketing: campaigns place no demand (the phase only moves on)."""

    def __init__(self) -> None:
        self.rounds: list[int] = []

    def begin(self, state: GameState, log: EventLog) -> None:
        self.rounds.append(state.round)

    def actors(self, state: GameState) -> list[int]:
        return []

    def legal(self, state: GameState, seat: int) -> list[fcm.Action]:
        return []

    def why_illegal(self, state: GameState, seat: int, action: fcm.Action) -> str | None:
        return "nobody decides in this variant's Marketing"

    def resolve_drawn(
        self, state: GameState, seat: int, action: fcm.Action, legal: list[fcm.Action]
    ) -> fcm.Action | str | None:
        return None

    def act(self, state: GameState, seat: int, action: fcm.Action, log: EventLog) -> None:
        raise AssertionError("no actions")

    def finish(self, state: GameState, log: EventLog) -> Phase:
        return Phase.CLEANUP


def test_a_variant_phase_replaces_the_base_games():
    hook = NoMarketing()
    rules: PhaseRules = hook  # mypy-style check that it satisfies the protocol
    register_ruleset(
        "test_no_marketing",
        lambda: build_ruleset(
            "test_no_marketing", base_ruleset().catalog, {Phase.MARKETING: rules}
        ),
    )
    from fcm.bots import make_bot
    from fcm.runner import play_game

    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2), make_bot("heuristic", 3)]
    result = play_game(bots, 12, Options(ruleset="test_no_marketing"), keep_events=True)
    kinds = {e.kind for e in result.events}
    assert EventKind.CAMPAIGN_LAUNCHED in kinds  # campaigns are placed ...
    assert EventKind.CAMPAIGN_RAN not in kinds  # ... but never run
    assert hook.rounds == list(range(1, len(hook.rounds) + 1)) and len(hook.rounds) > 3
    assert isinstance(get_ruleset("test_no_marketing"), Ruleset)


class OneLineCharts:
    """A variant's Restructuring: the base game's, except that an org chart as drawn may hold
    only one card under the CEO (the drawn-action hook found through the ruleset)."""

    def __init__(self) -> None:
        from fcm.core.phases import restructuring

        self.base = restructuring
        self.begin = restructuring.begin
        self.actors = restructuring.actors
        self.legal = restructuring.legal
        self.why_illegal = restructuring.why_illegal
        self.act = restructuring.act
        self.finish = restructuring.finish

    def resolve_drawn(
        self, state: GameState, seat: int, action: fcm.Action, legal: list[fcm.Action]
    ) -> fcm.Action | str | None:
        if isinstance(action, fcm.ArrangeStructure) and len(action.arrangement) > 1:
            return "this variant's CEO has one line on its chart"
        return self.base.resolve_drawn(state, seat, action, legal)


def test_a_variant_replaces_the_check_of_a_drawn_org_chart():
    """The engine asks the state's ruleset (its Restructuring's ``resolve_drawn``) whether an
    org chart as drawn is legal: a variant may change that check."""
    from fcm.core.engine import check_action
    from fcm.core.errors import IllegalActionError

    rules: PhaseRules = OneLineCharts()
    register_ruleset(
        "test_one_line_charts",
        lambda: build_ruleset(
            "test_one_line_charts", base_ruleset().catalog, {Phase.RESTRUCTURING: rules}
        ),
    )
    two = fcm.ArrangeStructure((("waitress", ()), ("errand_boy", ())))
    one = fcm.ArrangeStructure((("management_trainee", ("waitress", "errand_boy")),))
    states = {}
    for ruleset in (BASE, "test_one_line_charts"):
        state = make_state(ruleset=ruleset)  # round 1, Restructuring, nothing in hand
        state.players[0].hand = ["errand_boy", "management_trainee", "waitress"]
        start_phase(state, Phase.RESTRUCTURING)
        assert current_actors(state) == [0] and state.rules.id == ruleset
        states[ruleset] = state
    check_action(states[BASE], 0, two)  # the base game takes both charts
    check_action(states[BASE], 0, one)
    variant = states["test_one_line_charts"]
    check_action(variant, 0, one)
    with pytest.raises(IllegalActionError, match="one line on its chart"):
        check_action(variant, 0, two)
    after, _ = fcm.apply(variant, 0, one)
    assert after.players[0].at_work == ["errand_boy", "management_trainee", "waitress"]
