"""The research encoding sizes its closed lists from the game's ruleset (issue 24, leftover of
item 1: the Working 9-5 steps, goods, house kinds and piece kinds are open vocabularies of the
ruleset, and Six Players, ketchup.md 17, will raise the most seats): a module that adds a step,
a good, a kind of house or piece, or a player count is encoded without editing ``fcm.env``.
Test-only modules prove it; the base game's layout is pinned elsewhere (test_env_encoding,
test_env_module_pins) and stays as it was."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import fcm
from fcm.core.actions import Cook, StartCampaign
from fcm.core.extensions import Extensions, HouseKind, PieceKind, StepInsert, WorkStepRules
from fcm.core.state import WORK_STEPS, WorkStep
from fcm.core.types import Good, GoodInfo
from fcm.env.encoding import BASE, decode, encode, encoding_for
from fcm.env.observation import BASE_LAYOUT, layout_for, observe
from fcm.modules.noodles.ids import NOODLE_COOK, NOODLES
from fcm.rulesets import Module, ModuleInfo, get_ruleset, register_module, unregister_module

LOBBYING = WorkStep.define("test_env_lobbying")
# a marketable good a test module adds (no card makes it: it only needs its own bits)
CIDER = Good.define_good(GoodInfo("test_env_cider", drink=True))


def _six_players(raw: dict[str, Any], modules: frozenset[str]) -> None:
    """A sixth seat, as Six Players (ketchup.md 17) adds one: the 5-player setup again."""
    counts = raw["setup.json"]["player_counts"]
    six = copy.deepcopy(next(c for c in counts if c["players"] == 5))
    six["players"] = 6
    six["bank"] = 6 * raw["setup.json"]["bank_per_player"]
    six["bank_intro"] = 6 * raw["setup.json"]["bank_per_player_intro"]
    counts.append(six)


TEST_MODULE = Module(
    info=ModuleInfo("test_env_vocab", "Test vocabularies", "a step, a good, kinds, a seat"),
    data=_six_players,
    extensions=Extensions(
        work_steps=(StepInsert(WorkStep.HOUSES, WorkStepRules(LOBBYING, "Lobby")),)
    ),
    goods=(CIDER,),
    houses=(HouseKind("test_env_apartment", size=3),),
    pieces=(PieceKind("test_env_road", "r"),),
)


@pytest.fixture
def vocab() -> Iterator[None]:
    register_module(TEST_MODULE)
    yield
    unregister_module("test_env_vocab")


def _scenario(**more: Any) -> fcm.GameState:
    return fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]], "round": 2,
        "modules": ["test_env_vocab"], "phase": "working", "turn_order": [0, 1],
        "companies": [{"reserve": 300}, {"reserve": 100}],
        **more,
    })


def test_a_modules_step_widens_the_step_one_hot_and_sets_its_own_bit(vocab):
    """Working 9-5: the module's step comes right after the houses step (its StepInsert), so
    its bit is the 7th of 8 and the restaurants step moves to the 8th."""
    lay = layout_for(get_ruleset("base", ["test_env_vocab"]))
    assert len(BASE_LAYOUT.steps) == 7 and BASE_LAYOUT.steps == WORK_STEPS
    assert lay.steps == (*WORK_STEPS[:6], LOBBYING, WORK_STEPS[6])
    field = lay.global_field("work_step")
    assert field.stop - field.start == 8
    for step, bit in ((LOBBYING, 6), (WorkStep.RESTAURANTS, 7), (WorkStep.HIRE, 0)):
        s = _scenario(working={"seat": 0, "step": "hire"})
        assert s.turn.working is not None
        s.turn.working.step = step  # (the test step has no decision: play would pass it)
        got = observe(fcm.view(s, 0), 0, mask=False)["globals"][field]
        assert list(np.flatnonzero(got)) == [bit], step


def test_a_modules_marketable_good_gets_stock_advert_and_demand_places(vocab):
    rules = get_ruleset("base", ["test_env_vocab"])
    enc, lay = encoding_for(rules), layout_for(rules)
    assert enc.marketable[-1] is CIDER and enc.blocks["choose_advert"].dims[0] == 6
    assert enc.drinks[-1] is CIDER and enc.blocks["get_drink"].dims[1] == 4
    assert lay.player_field("stock").stop - lay.player_field("stock").start == 6
    assert "demand_test_env_cider" in lay.P and "advert_test_env_cider" in lay.P
    s = _scenario(
        phase="restructuring", houses=[{"number": 2, "demand": ["test_env_cider"]}]
    )
    board = observe(fcm.view(s, 0), 0, mask=False)["board"]
    r, c = s.houses[2].cell
    assert board[lay.plane("demand_test_env_cider"), r, c] == 1.0
    assert board[lay.plane("demand_burger"), r, c] == 0.0


def test_a_modules_house_and_piece_kinds_get_planes_and_a_large_house_its_squares(vocab):
    lay = layout_for(get_ruleset("base", ["test_env_vocab"]))
    assert lay.plane("house_kind_test_env_apartment") == lay.plane("advert_owner_0") + 6
    s = _scenario(
        phase="restructuring",
        houses=[{"number": 101, "kind": "test_env_apartment", "cell": [3, 3]}],
        pieces=[{"kind": "test_env_road", "cell": [3, 9]}],
    )
    board = observe(fcm.view(s, 0), 0, mask=False)["board"]
    apartment = board[lay.plane("house_kind_test_env_apartment")]
    assert {tuple(x) for x in np.argwhere(apartment)} == set(s.houses[101].cells)
    assert board[lay.plane("house"), 5, 5] == 1.0  # the 3x3 footprint's far corner
    assert list(map(tuple, np.argwhere(board[lay.plane("piece_test_env_road")]))) == [(3, 9)]


def test_the_most_seats_of_the_ruleset_size_the_seat_blocks(vocab):
    """A ruleset that sets up 6 players: 6 player rows, 6 owner planes, 6 turn positions."""
    rules = get_ruleset("base", ["test_env_vocab"])
    enc, lay = encoding_for(rules), layout_for(rules)
    assert (BASE.seats, BASE_LAYOUT.seats, enc.seats, lay.seats) == (5, 5, 6, 6)
    assert enc.blocks["choose_turn_order"].dims == (6,)
    assert "restaurant_5" in lay.P and "advert_owner_5" in lay.P
    field = lay.global_field("new_order")
    assert field.stop - field.start == 36
    assert lay.global_field("players").stop - lay.global_field("players").start == 5
    obs = observe(fcm.view(_scenario(phase="restructuring"), 1), 1, mask=False)
    assert obs["players"].shape == (6, lay.PLAYER_FEATURES)
    # a module's by-seat planes follow (Ketchup's demand_by_k, ketchup.md 8)
    with_ketchup = layout_for(get_ruleset("base", ["test_env_vocab", "ketchup"]))
    assert "demand_by_5" in with_ketchup.P and "demand_by_6" not in with_ketchup.P


def test_a_noodle_cooks_cook_has_an_index_and_comes_back():
    """Noodles (ketchup.md 13): a Noodle Cook cooks noodles in the food step; the ``cook``
    block's foods are the foods the game's kitchen cards cook (before: no index at all)."""
    s = fcm.load_scenario({
        "players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]], "round": 2,
        "modules": ["noodles"], "phase": "working", "turn_order": [0, 1],
        "companies": [{"reserve": 300, "at_work": ["noodle_cook"]}, {"reserve": 100}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        "working": {"seat": 0, "step": "food_and_drinks"},
    })
    cook = Cook(NOODLE_COOK, NOODLES)
    assert cook in fcm.legal_actions(s, 0)
    i = encode(s, cook)
    assert decode(s, i) == cook
    block = encoding_for(s.rules).blocks["cook"]
    assert block.offset <= i < block.offset + block.size
    assert encoding_for(s.rules).foods == (Good.BURGER, Good.PIZZA, NOODLES)
    assert encode(s, StartCampaign("marketing_trainee", 1)) != i
