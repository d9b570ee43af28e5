"""Six Players (ketchup.md 17, 0.2, 19.1 row 6): a sixth chain, the 4 x 6 map with New
Districts, three copies of each 1x card, six of each milestone; 6 seats refused without it.

Map of the Dinnertime test (tiles A-X unturned, 4 x 6): house 2 covers (3,0)-(4,1) on tile A;
a restaurant at (0,0) se is at distance 0 from it, one at (13,28) sw on the far corner tile R
many tile borders away.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.helpers import dinner, make_state, served, start_phase

import fcm
from fcm.core.actions import ChooseTurnOrder
from fcm.core.company import open_slots
from fcm.core.errors import ScenarioError
from fcm.core.state import Phase
from fcm.core.types import Good
from fcm.rulesets import get_ruleset, player_counts
from fcm.verify import check_game

SIX = frozenset({"new_districts", "six_players"})
NEW_TILES = set("UVWXY")
TILES_4X6 = [[[c, 0] for c in row] for row in ("ABCDEF", "GHIJKL", "MNOPQR", "STUVWX")]


def six(seed: int = 1, *more: str, **options: Any) -> fcm.GameState:
    return fcm.new_game(6, seed, fcm.Options(modules=SIX | set(more), **options))


def test_ketchup_17_six_players_play_on_a_4x6_map_drawn_from_the_25_tiles() -> None:
    """17: 4 x 6 tiles (24) of the 20 base tiles and New Districts' 5, one left over; so at
    least four of U-Y lie on every six-player map."""
    for seed in range(1, 9):
        s = six(seed)
        assert [len(row) for row in s.tiles] == [6, 6, 6, 6]
        letters = [t for row in s.tiles for t, _ in row]
        assert len(set(letters)) == 24 and set(letters) <= set("ABCDEFGHIJKLMNOPQRST") | NEW_TILES
        assert len(NEW_TILES & set(letters)) >= 4
        assert len(s.players) == 6 and sorted(s.turn_order) == list(range(6))


def test_ketchup_17_with_lobbyists_tile_z_joins_the_pool_of_26() -> None:
    """17 with 2: tile Z (optional, kept in the pool as Lobbyists plays it) makes 26 tiles."""
    rules = get_ruleset("base", SIX | {"lobbyists"})
    assert len(rules.catalog.tiles) == 26 and "Z" in rules.catalog.tiles
    s = six(3, "lobbyists")
    assert len({t for row in s.tiles for t, _ in row}) == 24


def test_ketchup_17_bank_300_intro_450_and_no_billboard_removed() -> None:
    """17 (from the base formulas): $50 a player, $75 in the introductory game, and every
    billboard in play (the 5-player rule)."""
    assert six(1).bank == 300
    assert six(1, introductory=True).bank == 450
    assert six(1).campaign_supply == list(range(1, 17))


def test_ketchup_17_three_copies_of_each_1x_card_and_of_a_modules_1x_card() -> None:
    """17 / 19.1 row 6 (KX2): 3 copies of each 1x card at 6 players; 0.2: the modules' 1x
    cards likewise (the Kimchi Master), and the extra Luxuries Manager after the cut (4)."""
    s = six(1, "kimchi")
    unique = {str(e): s.supply[e] for e, t in s.rules.catalog.employees.items()
              if t.unique and e != "ceo"}
    assert unique.pop("luxuries_manager") == 4
    assert len(unique) == 10 and set(unique.values()) == {3}
    assert "cfo" in unique and "kimchi_master" in unique


def test_ketchup_17_six_copies_of_each_milestone_base_set_and_new_milestones() -> None:
    """17: the extra base milestone copies give 6 of each (copies never limit a claim); the
    New Milestones set and the module milestones too."""
    base = six(1).rules.catalog.milestones
    assert len(base) == 18 and {m.copies for m in base.values()} == {6}
    assert get_ruleset("base").catalog.milestones["first_hire_3"].copies == 3  # base unchanged
    new = get_ruleset("base", SIX | {"new_milestones", "ketchup"}).catalog.milestones
    assert len(new) == 18 and {m.copies for m in new.values()} == {6}


def test_ketchup_17_the_turn_order_track_has_six_positions() -> None:
    """17: the 6-player turn-order track: in Order of Business the first chooser (most open
    slots) picks any of 6 positions."""
    s = make_state(6, [[(t, 0) for t, _ in row] for row in TILES_4X6], modules=SIX,
                   turn_order=[5, 4, 3, 2, 1, 0])
    s.players[5].at_work = ["management_trainee"]
    s.turn.phase = Phase.RESTRUCTURING
    start_phase(s, Phase.ORDER_OF_BUSINESS)
    assert open_slots(s, 5) == 4 and fcm.current_actors(s) == [5]
    assert fcm.legal_actions(s, 5) == [ChooseTurnOrder(p) for p in range(1, 7)]
    s, _ = fcm.apply(s, 5, ChooseTurnOrder(6))
    while s.turn.phase is Phase.ORDER_OF_BUSINESS:
        seat = fcm.current_actors(s)[0]
        s, _ = fcm.apply(s, seat, fcm.legal_actions(s, seat)[0])
    assert s.turn_order[5] == 5 and sorted(s.turn_order) == list(range(6))


def test_ketchup_17_the_sixth_chain_sells_at_dinnertime() -> None:
    """17: the sixth chain (seat 5) is a chain like the others: its restaurant at distance 0
    from house 2 beats seat 0's far one and earns $10 for the burger."""
    s = fcm.load_scenario({
        "players": 6, "tiles": TILES_4X6, "modules": sorted(SIX), "phase": "restructuring",
        "companies": [{"stock": {"burger": 1}}, {}, {}, {}, {}, {"stock": {"burger": 1}}],
        "restaurants": [{"owner": 5, "cell": [0, 0], "entrance": "se"},
                        {"owner": 0, "cell": [13, 28], "entrance": "sw"}],
        "houses": [{"number": 2, "demand": ["burger"]}],
    })
    d = served(dinner(s), 2)
    assert d["winner"] == 5 and d["amount"] == 10
    assert s.players[5].cash == 10 and s.players[5].stock[Good.BURGER] == 0
    assert s.players[0].stock[Good.BURGER] == 1


def test_ketchup_17_six_players_without_the_module_are_refused_naming_the_rule() -> None:
    """17: a sixth seat exists only with Six Players (new game, scenario, with other modules)."""
    rule = r"6 players need module 'six_players' \(ketchup.md 17\)"
    with pytest.raises(ScenarioError, match=rule) as err:
        fcm.new_game(6, 1)
    assert err.value.code == "options/players"
    with pytest.raises(ScenarioError, match=rule):
        fcm.new_game(6, 1, fcm.Options(modules=frozenset({"new_districts", "kimchi"})))
    with pytest.raises(ScenarioError, match=rule):
        fcm.load_scenario({"players": 6, "tiles": TILES_4X6, "modules": ["new_districts"]})
    with pytest.raises(ScenarioError, match="2 to 6 players .*, not 7"):
        fcm.new_game(7, 1, fcm.Options(modules=SIX))
    assert player_counts() == (2, 3, 4, 5) and player_counts(SIX) == (2, 3, 4, 5, 6)


def test_ketchup_0_2_six_players_need_new_districts() -> None:
    with pytest.raises(ScenarioError, match="module 'six_players' needs module 'new_districts'"):
        fcm.new_game(6, 1, fcm.Options(modules=frozenset({"six_players"})))


def test_ketchup_17_fewer_players_with_the_module_play_as_before() -> None:
    """17 adds a count: a 4-player game with Six Players has the 4-player map, bank and 1x
    copies (2 each)."""
    s = fcm.new_game(4, 1, fcm.Options(modules=SIX))
    assert [len(row) for row in s.tiles] == [4, 4, 4, 4] and s.bank == 200
    assert s.supply["cfo"] == 2


# Whole games at six seats (seed % 5 == 4 is a 6-player game for these sets, fcm.verify),
# every invariant after every action, save/load and exact replay.
WHOLE = [
    (SIX, 4),
    (SIX, 9),
    (SIX | {"lobbyists"}, 14),
    (SIX | {"coffee", "kimchi", "ketchup", "movie_stars", "reserve_prices"}, 19),
    (SIX | {"new_milestones", "sushi", "noodles", "fry_chefs", "night_shift_managers"}, 24),
    (SIX | {"hard_choices", "mass_marketeers", "gourmet_food_critics", "lobbyists"}, 29),
]


@pytest.mark.parametrize(("mods", "seed"), WHOLE, ids=[f"{len(m)}mods-{s}" for m, s in WHOLE])
def test_ketchup_17_whole_six_player_games_keep_invariants_and_replay(
    mods: frozenset[str], seed: int
) -> None:
    got = check_game(seed, "mixed", mods)
    assert got.players == 6 and got.end_reason


def test_ketchup_17_every_bot_level_plays_a_whole_six_player_game() -> None:
    """The bots at a six-player table: random, easy, medium and hard seats play a seeded game
    to its end (the second bank break), and the record replays to the same state."""
    from fcm.bots import make_bot
    from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

    names = ["hard", "medium", "easy", "random", "medium", "easy"]
    options = fcm.Options(modules=SIX, round_limit=SIMULATION_ROUND_LIMIT)
    result = play_game([make_bot(n, 70 + i) for i, n in enumerate(names)], 3, options)
    assert result.state.end_reason == "the bank broke for the second time"
    assert sorted(result.state.ranking) == list(range(6))
    assert result.record.replay(check=False).state_hash() == result.state.state_hash()
