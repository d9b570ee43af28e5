"""The action encoding (issue 12, item 1): a fixed, versioned mapping between engine actions and
0..NUM_ACTIONS-1; every legal action in every position has exactly one index, and
``decode(encode(a)) == a``."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import fcm
from fcm.bots import make_bot
from fcm.core.state import GameState
from fcm.core.types import Corner
from fcm.env import encoding as E
from fcm.env.observation import legal_mask
from fcm.modules.reserve_prices.actions import ChooseReservePrice
from fcm.rulesets import base_ruleset


def check_position(state: GameState, seat: int, seen: Counter[str]) -> None:
    """Every legal action of ``seat`` has a distinct index that decodes back to it (computed
    from the seat's view), and the mask has exactly one 1 per legal action."""
    legal = fcm.legal_actions(state, seat)
    v = fcm.view(state, seat)
    enc = E.encoding_of(v)
    assert enc is E.encoding_of(state)
    idx = [E.encode(v, a) for a in legal]
    assert len(set(idx)) == len(idx), "two legal actions share an index"
    for a, i in zip(legal, idx, strict=True):
        assert 0 <= i < enc.num_actions
        assert E.decode(v, i) == a, (a, i)
        seen[enc.block_of(i).name] += 1
    mask = legal_mask(v, seat)
    assert mask.shape == (enc.num_actions,)
    assert int(mask.sum()) == len(legal)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(idx)


def test_vocabularies_cover_the_catalog() -> None:
    """The frozen vocabularies of version 1 are exactly the game's cards, edges and tiles."""
    catalog = base_ruleset().catalog
    assert set(E.EMPLOYEES) == set(catalog.employees)
    edges = {(e.id, into) for e in catalog.employees.values() for into in e.trains_into}
    assert set(E.TRAIN_EDGES) == edges
    assert set(E.TRAINERS) == {e.id for e in catalog.employees.values() if e.trains}
    assert set(E.MARKETEERS) == {e.id for e in catalog.employees.values() if e.campaign_types}
    assert max(e.max_duration for e in catalog.employees.values()) == E.MAX_DURATION
    assert set(E.KITCHEN) == {e.id for e in catalog.employees.values() if e.food}
    buyers = {e.id: e.range_kind for e in catalog.employees.values() if e.drinks_per_source}
    assert set(E.ERRAND) == {b for b, k in buyers.items() if k is None}
    assert set(E.ROUTE_BUYERS) == {b for b, k in buyers.items() if k is not None}
    assert tuple(sorted(catalog.campaigns)) == E.CAMPAIGN_NUMBERS
    assert tuple(sorted(catalog.placeable_houses)) == E.PLACEABLE_HOUSES
    assert set(E.HOUSE_NUMBERS) >= set(catalog.printed_houses) | set(catalog.placeable_houses)
    assert tuple(r.money for r in catalog.reserve_cards) == E.RESERVES
    tiles = json.loads((Path(fcm.__file__).parent / "data" / "tiles.json").read_text())
    drinks = {"s": "soda", "l": "lemonade", "b": "beer"}
    printed = [
        (t["letter"], drinks[ch])
        for t in tiles["tiles"]
        for row in t["grid"]
        for ch in row
        if ch in drinks
    ]
    assert sorted((letter, str(g)) for letter, g in E.SUPPLIERS) == sorted(printed)
    biggest = max(catalog.setups.values(), key=lambda s: s.tile_rows * s.tile_cols)
    assert (biggest.tile_rows * 5, biggest.tile_cols * 5) == (E.HEIGHT, E.WIDTH)


def test_base_layout_is_pinned() -> None:
    """The base game's blocks (version 2 keeps version 1's layout when no module is on): a
    change here is a new VERSION (docs/research.md)."""
    assert E.VERSION == 2
    assert E.encoding_of(fcm.new_game(3, seed=1)) is E.BASE
    assert E.NUM_ACTIONS == 54611
    assert E.BLOCKS["place_restaurant"].offset == 4
    assert E.BLOCKS["drive_route"].size == 3 * 8192
    assert E.describe(0) == "done[]"
    assert sum(b.size for b in E.BLOCKS.values()) == E.NUM_ACTIONS
    ends = [b.offset + b.size for b in E.BLOCKS.values()]
    assert [b.offset for b in E.BLOCKS.values()][1:] == ends[:-1]


def test_every_index_of_a_block_decodes_to_its_block() -> None:
    state = fcm.new_game(5, seed=3)
    for block in E.BLOCKS.values():
        for i in (block.offset, block.offset + block.size - 1):
            assert E.block_of(i) is block
    assert E.decode(state, E.BLOCKS["hire"].offset + 1) == fcm.Hire("management_trainee")
    with pytest.raises(E.EncodingError):
        E.decode(state, E.NUM_ACTIONS)
    with pytest.raises(E.EncodingError):
        E.encode(state, fcm.PlaceRestaurant((30, 0), Corner.NW))


def test_round_trip_over_thousands_of_positions_from_random_and_heuristic_games() -> None:
    """Positions from 24 seeded games (2-5 players; random and heuristic bots, capped at 700
    actions each): every legal action of every actor round-trips and the mask counts match."""
    seen: Counter[str] = Counter()
    positions = 0
    for g in range(24):
        players = 2 + g % 4
        bots = [
            make_bot("heuristic" if (g + i) % 3 == 0 else "random", 97 * g + i)
            for i in range(players)
        ]
        state = fcm.new_game(players, seed=1000 + g)
        for _ in range(700):
            if fcm.is_over(state):
                break
            actors = fcm.current_actors(state)
            for seat in actors:
                check_position(state, seat, seen)
                positions += 1
            seat = actors[0]
            legal = fcm.legal_actions(state, seat)
            fcm.apply_in_place(state, seat, bots[seat].choose(fcm.view(state, seat), seat, legal))
    assert positions > 5000
    common = {
        "done",
        "choose_reserve",
        "place_restaurant",
        "send_to_work",
        "choose_turn_order",
        "hire",
        "place_campaign",
        "choose_advert",
        "cook",
        "get_drink",
        "fire",
    }
    assert common <= set(seen), seen


def _working_scenario(
    seed: int, modules: frozenset[str] = frozenset(), extra: tuple[str, ...] = ()
) -> GameState:
    """Seat 0 starts a Working 9-5 turn with every kind of acting card at work, on a real
    5-player map (so the corners of the 20 x 25 grid are used)."""
    tiles = [[[t, k] for t, k in row] for row in fcm.new_game(5, seed=seed).tiles]
    rng = random.Random(seed)
    base = fcm.new_game(5, seed=seed)
    from fcm.core.company import board_of

    board = board_of(base)
    spots = board.legal_restaurant_placements(set())
    c1, e1 = rng.choice(spots)
    first = {(c1[0] + dr, c1[1] + dc) for dr in (0, 1) for dc in (0, 1)}
    c2, e2 = rng.choice(board.legal_restaurant_placements(first))
    work = [
        "regional_manager",
        "local_manager",
        "brand_director",
        "brand_manager",
        "campaign_manager",
        "new_business_developer",
        "zeppelin_pilot",
        "truck_driver",
        "cart_operator",
        "errand_boy",
        "coach",
        "guru",
        "trainer",
        "kitchen_trainee",
        "burger_chef",
        "pizza_cook",
        *extra,
    ]
    data: dict[str, object] = {
        "players": 5,
        "tiles": tiles,
        "phase": "working",
        "companies": [
            {
                "cash": 50,
                "at_work": work,
                "beach": [
                    "management_trainee",
                    "junior_vice_president",
                    "vice_president",
                    "marketing_trainee",
                    "kitchen_trainee",
                    "errand_boy",
                ],
                "stock": {"burger": 2},
            },
        ],
        "restaurants": [
            {"owner": 0, "cell": list(c1), "entrance": str(e1)},
            {"owner": 1, "cell": list(c2), "entrance": str(e2)},
        ],
    }
    if modules:
        data["modules"] = sorted(modules)
    return fcm.load_scenario(data)


def test_round_trip_over_full_working_turns_with_every_card() -> None:
    """Random walks through Working 9-5 turns that can do everything (hire, train, campaigns of
    every type including airplanes, drinks by route, houses and gardens, restaurants placed and
    moved): every position round-trips."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        state = _working_scenario(seed)
        rng = random.Random(seed)
        while state.turn.working is not None and state.turn.working.seat == 0:
            check_position(state, 0, seen)
            legal = fcm.legal_actions(state, 0)
            pick = [a for a in legal if not isinstance(a, fcm.Done)] or legal
            fcm.apply_in_place(state, 0, rng.choice(pick))
    every = {
        "hire",
        "train",
        "start_campaign",
        "place_campaign",
        "place_airplane",
        "choose_advert",
        "cook",
        "get_drink",
        "drive_route",
        "place_house",
        "add_garden",
        "place_restaurant",
        "move_restaurant",
    }
    assert every <= set(seen), every - set(seen)


ALL_MODULES = frozenset(
    {
        "fry_chefs",
        "gourmet_food_critics",
        "hard_choices",
        "ketchup",
        "mass_marketeers",
        "movie_stars",
        "night_shift_managers",
        "reserve_prices",
    }
)


def module_game(players: int, seed: int, modules: frozenset[str]) -> GameState:
    return fcm.new_game(players, seed=seed, options=fcm.Options(modules=modules))


def test_module_vocabularies_cover_the_ruleset_and_keep_the_base_prefix() -> None:
    """Issue 15 item 3: with modules the vocabularies are the base game's followed by the
    modules' cards, edges, tiles and reserve cards (ketchup.md 13-15), sized from the ruleset."""
    state = module_game(4, 1, ALL_MODULES)
    rules, enc = state.rules, E.encoding_of(state)
    assert enc is not E.BASE and enc.modules == ALL_MODULES and E.encoding_of(state) is enc
    cat = rules.catalog
    assert set(enc.employees) == set(cat.employees)
    assert enc.employees[: len(E.EMPLOYEES)] == E.EMPLOYEES
    assert "fry_chef" in enc.employees and "b_movie_star" in enc.employees
    edges = {(e.id, into) for e in cat.employees.values() for into in e.trains_into}
    assert set(enc.train_edges) == edges
    assert enc.train_edges[: len(E.TRAIN_EDGES)] == E.TRAIN_EDGES
    assert "gourmet_food_critic" in enc.marketeers
    assert enc.campaign_numbers == tuple(range(1, 21))  # gourmet guides 17-20
    assert enc.reserves == ((200, 5), (200, 10), (200, 20))  # Reserve Prices (ketchup.md 14)
    assert enc.num_actions > E.NUM_ACTIONS
    assert sum(b.size for b in enc.blocks.values()) == enc.num_actions
    assert E.decode(state, enc.blocks["choose_reserve"].offset + 2) == ChooseReservePrice(200, 20)


@pytest.mark.parametrize(
    "modules",
    [
        ALL_MODULES,
        frozenset({"gourmet_food_critics", "reserve_prices"}),
        frozenset({"movie_stars", "fry_chefs", "ketchup"}),
        (ALL_MODULES - {"hard_choices"}) | {"new_milestones"},  # they exclude each other
    ],
    ids=lambda m: "+".join(sorted(m)),
)
def test_round_trip_with_modules(modules: frozenset[str]) -> None:
    """Issue 15 item 3: over random and heuristic games with expansion modules, every legal
    action of every actor round-trips through the game's encoding and the mask counts match."""
    seen: Counter[str] = Counter()
    positions = 0
    for g in range(6):
        players = 2 + g % 4
        bots = [
            make_bot("heuristic" if (g + i) % 2 == 0 else "random", 31 * g + i)
            for i in range(players)
        ]
        state = module_game(players, 2000 + g, modules)
        for _ in range(900):
            if fcm.is_over(state):
                break
            actors = fcm.current_actors(state)
            for seat in actors:
                check_position(state, seat, seen)
                positions += 1
            seat = actors[0]
            legal = fcm.legal_actions(state, seat)
            fcm.apply_in_place(state, seat, bots[seat].choose(fcm.view(state, seat), seat, legal))
    assert positions > 1000
    assert {"choose_reserve", "hire", "train", "start_campaign", "choose_advert"} <= set(seen)


def test_round_trip_over_working_turns_with_module_cards() -> None:
    """Working 9-5 turns with the modules' cards at work (a Gourmet Food Critic launching
    gourmet guides, ketchup.md 13; a Mass Marketeer, a Night Shift Manager, a Fry Chef, a movie
    star; trainers that can train into them): every position round-trips in the game's
    encoding, and a gourmet guide (tile 17-20) is started."""
    seen: Counter[str] = Counter()
    guides = 0
    extra = ("gourmet_food_critic", "mass_marketeer", "night_shift_manager", "fry_chef")
    for seed in range(6):
        state = _working_scenario(seed, ALL_MODULES, (*extra, "b_movie_star"))
        enc = E.encoding_of(state)
        assert enc.modules == ALL_MODULES
        rng = random.Random(seed)
        while state.turn.working is not None and state.turn.working.seat == 0:
            check_position(state, 0, seen)
            legal = fcm.legal_actions(state, 0)
            guides += sum(isinstance(a, fcm.StartCampaign) and a.number > 16 for a in legal)
            pick = [a for a in legal if not isinstance(a, fcm.Done)] or legal
            fcm.apply_in_place(state, 0, rng.choice(pick))
    assert guides > 0
    assert {"hire", "train", "start_campaign", "choose_advert", "place_campaign"} <= set(seen)
