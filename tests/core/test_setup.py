"""Setup (facts.md C) and the setup decisions: reserve cards and first restaurants."""

from __future__ import annotations

import pytest

from fcm.core.actions import ChooseReserve, Done, PlaceRestaurant
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.errors import IllegalActionError, NotYourTurnError, ScenarioError
from fcm.core.state import Options, Phase
from fcm.core.types import Corner, corner_cell, tile_of
from fcm.games import new_game
from fcm.rulesets import base_ruleset


@pytest.mark.parametrize(
    ("players", "bank", "intro_bank", "tiles", "unique"),
    [
        (2, 100, 150, (3, 3), 1),
        (3, 150, 225, (3, 4), 1),
        (4, 200, 300, (4, 4), 2),
        (5, 250, 375, (4, 5), 3),
    ],
)
def test_facts_c_setup_by_player_count(players, bank, intro_bank, tiles, unique):
    """facts.md C: map size, bank $50 ($75 intro) per player, 1x copies by player count."""
    state = new_game(players, seed=11)
    assert state.bank == bank
    assert (len(state.tiles), len(state.tiles[0])) == tiles
    assert new_game(players, seed=11, options=Options(introductory=True)).bank == intro_bank
    assert state.supply["cfo"] == unique
    assert state.supply["management_trainee"] == 18
    assert all(p.cash == 0 for p in state.players)
    assert state.ceo_slots == 3
    letters = [t for row in state.tiles for t, _ in row]
    assert len(set(letters)) == len(letters)


def test_facts_c_billboards_removed_by_player_count():
    """facts.md C: 2 players remove billboards #12, #15, #16; 4 players only #16."""
    assert new_game(2, seed=1).campaign_supply == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]
    assert 16 not in new_game(4, seed=1).campaign_supply
    assert len(new_game(5, seed=1).campaign_supply) == 16


def test_facts_c_printed_houses_from_the_map():
    state = new_game(5, seed=3)
    assert sorted(state.houses) == list(base_ruleset().catalog.printed_houses)
    assert all(h.printed and not h.demand for h in state.houses.values())


def test_seed_decides_map_and_turn_order():
    a, b = new_game(4, seed=42), new_game(4, seed=42)
    assert a.state_hash() == b.state_hash()
    assert new_game(4, seed=43).state_hash() != a.state_hash()


def test_facts_c_reserve_card_is_a_simultaneous_secret_choice():
    state = new_game(3, seed=2)
    assert state.turn.phase is Phase.SETUP_RESERVE
    assert current_actors(state) == [0, 1, 2]
    assert legal_actions(state, 1) == [ChooseReserve(100), ChooseReserve(200), ChooseReserve(300)]
    state, events = apply(state, 1, ChooseReserve(200))
    assert state.players[1].reserve == 200
    secret = [e for e in events if e.kind == "reserve_card"]
    assert secret and secret[0].visible_to == (1,)
    assert current_actors(state) == [0, 2]
    with pytest.raises(NotYourTurnError):
        apply(state, 1, ChooseReserve(300))


def test_intro_game_has_no_reserve_cards_and_no_milestones():
    """facts.md E.10: the introductory game uses no reserve cards and no milestones."""
    state = new_game(2, seed=2, options=Options(introductory=True))
    assert state.turn.phase is Phase.SETUP_RESTAURANTS
    assert state.milestones_available == []
    assert state.options.milestones is False  # the stored options are resolved


def test_intro_game_with_milestones_is_the_recommended_second_game():
    """facts.md E.10: "same changes but with milestones"."""
    state = new_game(2, seed=2, options=Options(introductory=True, milestones=True))
    assert len(state.milestones_available) == 18
    assert len(new_game(2, seed=2).milestones_available) == 18


def test_options_reject_bad_values():
    with pytest.raises(ScenarioError, match="'introductory' has a bad value"):
        Options.from_dict({"introductory": "yes"})
    with pytest.raises(ScenarioError, match="unknown switch 'turbo'"):
        Options.from_dict({"turbo": "yes"})
    # a name that is no field is a module's switch; what resolves the modules checks it
    assert Options.from_dict({"turbo": True}).switches == {"turbo"}
    assert Options.from_dict({"turbo": False}).switches == set()
    from fcm.rulesets import options_from_dict

    with pytest.raises(ScenarioError, match="unknown switch 'turbo'"):
        options_from_dict({"turbo": True})
    with pytest.raises(ScenarioError, match="belongs to module 'fry_chefs', which is not played"):
        options_from_dict({"fry_chefs_food_only": True})
    opts = options_from_dict({"fry_chefs_food_only": True, "modules": ["fry_chefs"]})
    assert opts.switches == {"fry_chefs_food_only"}
    saved = opts.resolved().to_dict()
    assert saved["fry_chefs_food_only"] is True and "switches" not in saved
    assert Options.from_dict(saved) == opts.resolved()


def _after_reserves(players: int, seed: int):
    state = new_game(players, seed=seed)
    for seat in range(players):
        state, _ = apply(state, seat, ChooseReserve(300))
    return state


def test_setup_first_restaurants_in_reverse_turn_order_with_pass_and_second_pass():
    """setup.json first_restaurant_placement: last player first, pass allowed, then a second
    pass in turn order where those who passed must place."""
    state = _after_reserves(3, seed=5)
    order = state.turn_order
    assert state.turn.phase is Phase.SETUP_RESTAURANTS
    assert current_actors(state) == [order[2]]
    state, _ = apply(state, order[2], Done())  # pass
    assert current_actors(state) == [order[1]]
    state, _ = apply(state, order[1], legal_actions(state, order[1])[0])
    assert current_actors(state) == [order[0]]
    state, _ = apply(state, order[0], Done())  # pass too
    # second pass, in turn order: order[0] first, then order[2]; passing is no longer legal
    assert current_actors(state) == [order[0]]
    assert Done() not in legal_actions(state, order[0])
    state, _ = apply(state, order[0], legal_actions(state, order[0])[0])
    assert current_actors(state) == [order[2]]
    state, _ = apply(state, order[2], legal_actions(state, order[2])[-1])
    assert state.turn.phase is not Phase.SETUP_RESTAURANTS
    assert sorted(r.owner for r in state.restaurants) == [0, 1, 2]
    assert all(r.open for r in state.restaurants)


def test_setup_entrance_not_on_a_tile_with_another_entrance():
    """facts.md C: at setup, the entrance may not be on a tile holding another entrance."""
    state = _after_reserves(2, seed=8)
    first = current_actors(state)[0]
    state, _ = apply(state, first, legal_actions(state, first)[0])
    placed = state.restaurants[0]
    taken = tile_of(corner_cell(placed.cell, placed.entrance))
    second = current_actors(state)[0]
    for action in legal_actions(state, second):
        if isinstance(action, PlaceRestaurant):
            assert tile_of(corner_cell(action.cell, action.entrance)) != taken
    # an otherwise legal spot on that tile is refused with a reason naming the rule
    illegal = PlaceRestaurant(placed.cell, Corner.NW)
    before = state.canonical_json()
    with pytest.raises(IllegalActionError, match="facts.md C"):
        apply(state, second, illegal)
    assert state.canonical_json() == before
