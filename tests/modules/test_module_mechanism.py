"""The expansion-module mechanism (docs/modules.md; ketchup.md 0.2, 0.4; issue 15 item 1).

``Options.modules`` names modules of ketchup-components.json; a set is checked for requirements
and exclusions, each refusal naming the modules; the ruleset is built from the base data and the
chosen modules' contributions; with no module on, the base game is exactly as before.
"""

from __future__ import annotations

import json
import pathlib

import pytest
from tests.helpers import make_state

import fcm
from fcm.core.errors import ScenarioError
from fcm.core.state import Options
from fcm.games import load_scenario, state_from_dict
from fcm.rulesets import (
    ModuleInfo,
    check_modules,
    get_ruleset,
    known_modules,
    options_from_dict,
    playable_modules,
    register_module_info,
    unregister_module,
)

SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "fcm"


def test_ketchup_0_4_every_module_id_of_the_expansion_is_known() -> None:
    assert set(known_modules()) == {
        "new_districts", "lobbyists", "new_milestones", "coffee", "kimchi", "sushi", "noodles",
        "ketchup", "fry_chefs", "night_shift_managers", "mass_marketeers", "rural_marketeers",
        "gourmet_food_critics", "movie_stars", "reserve_prices", "hard_choices", "six_players",
    }  # fmt: skip
    assert set(playable_modules()) <= set(known_modules())


def test_ketchup_0_2_new_milestones_and_hard_choices_exclude_each_other_naming_both() -> None:
    with pytest.raises(ScenarioError) as info:
        check_modules({"hard_choices", "new_milestones"})
    assert info.value.code == "options/modules"
    assert "'hard_choices' and 'new_milestones' exclude each other" in str(info.value)
    with pytest.raises(ScenarioError, match="exclude each other"):
        fcm.new_game(2, 1, Options(modules=frozenset({"new_milestones", "hard_choices"})))


def test_ketchup_0_2_six_players_needs_new_districts_naming_both() -> None:
    with pytest.raises(ScenarioError, match="module 'six_players' needs module 'new_districts'"):
        check_modules({"six_players"})


def test_an_unknown_module_is_refused_by_name() -> None:
    with pytest.raises(ScenarioError, match=r"unknown module\(s\) \['mustard'\]"):
        options_from_dict({"modules": ["ketchup", "mustard"]})


def test_a_module_not_implemented_yet_is_refused_by_name() -> None:
    """Every module of the expansion plays now (issue 25); a module the rules reference
    would list but nobody wrote is still refused by name."""
    assert set(known_modules()) == set(playable_modules())
    register_module_info(ModuleInfo("unwritten", "Unwritten", "a module nobody wrote"))
    try:
        with pytest.raises(ScenarioError, match=r"\['unwritten'\] .* not implemented"):
            check_modules({"unwritten"})
    finally:
        unregister_module("unwritten")


def test_no_module_the_base_game_is_saved_and_hashed_as_before() -> None:
    base = fcm.new_game(3, 7)
    same = fcm.new_game(3, 7, Options(modules=frozenset()))
    assert base.state_hash() == same.state_hash()
    assert "modules" not in base.to_dict()["options"]
    assert "module_data" not in base.to_dict()
    assert base.rules is get_ruleset("base")
    assert not base.rules.extensions.offer and not base.rules.milestone_expiry


def test_a_module_game_saves_its_modules_and_loads_the_same_ruleset() -> None:
    opts = Options(modules=frozenset({"ketchup", "fry_chefs"}))
    state = fcm.new_game(2, 3, opts)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["options"]["modules"] == ["fry_chefs", "ketchup"]
    again = state_from_dict(data)
    assert again.rules is state.rules
    assert again.state_hash() == state.state_hash()
    assert "fry_chef" in state.rules.catalog.employees
    assert "fry_chef" not in fcm.new_game(2, 3).rules.catalog.employees


def test_a_module_adds_only_its_own_cards_and_career_paths() -> None:
    rules = get_ruleset("base", {"fry_chefs"})
    emp = rules.catalog.employees
    assert emp["burger_cook"].trains_into == ("burger_chef", "fry_chef")
    assert emp["pizza_cook"].trains_into == ("pizza_chef", "fry_chef")
    assert emp["fry_chef"].trained_from == ("burger_cook", "pizza_cook")  # no sushi/noodle cook
    assert "b_movie_star" not in emp and emp["waitress"].trains_into == ()


def test_the_scenario_format_has_a_modules_field() -> None:
    state = load_scenario(
        {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
         "modules": ["movie_stars"], "companies": [{"hand": ["b_movie_star"]}]}
    )  # fmt: skip
    assert state.options.modules == frozenset({"movie_stars"})
    assert state.players[0].hand == ["b_movie_star"]
    with pytest.raises(ScenarioError, match="unknown employee 'b_movie_star'"):
        load_scenario(
            {"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
             "companies": [{"hand": ["b_movie_star"]}]}
        )  # fmt: skip


def test_the_engine_never_imports_the_modules_package() -> None:
    for path in (SRC / "core").rglob("*.py"):
        text = path.read_text()
        assert "import fcm.modules" not in text and "from fcm.modules" not in text, path


def test_make_state_takes_modules() -> None:
    s = make_state(modules=frozenset({"hard_choices"}))
    assert s.rules.has_module("hard_choices")


def test_the_cli_takes_modules_and_names_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    from fcm.cli.main import main

    assert main(["verify", "--games", "1", "--modules", "ketchup,fry_chefs"]) == 0
    assert "every invariant held" in capsys.readouterr().out
    assert main(["play", "--players", "2", "--modules", "hard_choices,new_milestones"]) != 0
    assert "exclude each other" in capsys.readouterr().out
