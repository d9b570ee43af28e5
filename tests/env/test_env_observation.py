"""Observations (issue 12, item 2): a seat's view as numpy tensors, every plane documented, and
nothing a seat may not see reaches it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from tests.env.reference_observation import observe_reference

import fcm
from fcm.bots import make_bot
from fcm.core.state import GameState, Phase
from fcm.env import observation as O
from fcm.env.encoding import NUM_ACTIONS, encode


def obs_of(state: GameState, seat: int) -> dict[str, np.ndarray]:
    return O.observe(fcm.view(state, seat), seat)


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def advance_to(phase: Phase, seed: int, players: int = 3) -> GameState:
    """Heuristic bots play until ``phase`` starts with every seat deciding."""
    bots = [make_bot("heuristic", seed * 10 + i) for i in range(players)]
    state = fcm.new_game(players, seed=seed)
    while not fcm.is_over(state):
        actors = fcm.current_actors(state)
        if state.turn.phase is phase and len(actors) == players and state.round > 1:
            return state
        seat = actors[0]
        legal = fcm.legal_actions(state, seat)
        fcm.apply_in_place(state, seat, bots[seat].choose(fcm.view(state, seat), seat, legal))
    raise AssertionError(f"no {phase} with all seats deciding from seed {seed}")


def test_shapes_and_documented_planes() -> None:
    state = fcm.new_game(4, seed=1)
    obs = obs_of(state, 0)
    assert obs["board"].shape == (O.PLANES, 20, 25) and obs["board"].dtype == np.float32
    assert obs["players"].shape == (5, O.PLAYER_FEATURES)
    assert obs["globals"].shape == (O.GLOBAL_FEATURES,)
    assert obs["action_mask"].shape == (NUM_ACTIONS,) and obs["action_mask"].dtype == np.int8
    assert O.flat(obs).shape == (O.OBS_SIZE,)
    doc = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    for name, what in O.BOARD_PLANES:
        assert what and f"`{name}`" in doc, name
    for name, _, what in (*O.PLAYER_FIELDS, *O.GLOBAL_FIELDS):
        assert what and f"`{name}`" in doc, name


def test_reserve_card_is_secret_until_the_first_break() -> None:
    """facts.md B / views: another seat's reserve card is hidden: two games that differ only in
    seat 0's secret reserve choice look identical to seats 1 and 2, and different to seat 0."""
    base = fcm.new_game(3, seed=5)
    a, b = base.clone(), base.clone()
    fcm.apply_in_place(a, 0, fcm.ChooseReserve(100))
    fcm.apply_in_place(b, 0, fcm.ChooseReserve(300))
    assert a.state_hash() != b.state_hash()
    for seat in (1, 2):
        assert same(obs_of(a, seat), obs_of(b, seat))
    assert not same(obs_of(a, 0), obs_of(b, 0))
    row = obs_of(a, 0)["players"][0, O.player_field("reserve")]
    assert row.tolist() == [1, 0, 0, 0]  # own card known: $100


def test_cards_sent_to_work_are_secret_until_everyone_commits() -> None:
    """Views: during Restructuring the cards another seat is sending to work are hidden (also
    after it has committed, until the reveal)."""
    for seed in (2, 3):
        state = advance_to(Phase.RESTRUCTURING, seed)
        work = [a for a in fcm.legal_actions(state, 0) if isinstance(a, fcm.SendToWork)]
        assert work
        a, b = state.clone(), state.clone()
        fcm.apply_in_place(a, 0, work[0])
        assert a.state_hash() != b.state_hash()
        for seat in (1, 2):  # one card chosen vs none yet
            assert same(obs_of(a, seat), obs_of(b, seat))
        fcm.apply_in_place(a, 0, fcm.Done())
        fcm.apply_in_place(b, 0, fcm.Done())  # both committed, not yet revealed
        assert a.turn.phase is Phase.RESTRUCTURING and a.state_hash() != b.state_hash()
        for seat in (1, 2):
            assert same(obs_of(a, seat), obs_of(b, seat))
        assert not same(obs_of(a, 0), obs_of(b, 0))


def test_generator_state_is_never_observed() -> None:
    state = fcm.new_game(2, seed=9)
    other = state.clone()
    other.rng ^= 0xDEADBEEF
    assert same(obs_of(state, 0), obs_of(other, 0))


def test_hidden_differences_over_many_positions() -> None:
    """Random games: whatever is hidden (other seats' reserves before the first break, their
    drafts, the generator) is scrambled; every seat's observation stays the same."""
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = fcm.new_game(2 + seed % 4, seed=seed)
        for _ in range(300):
            if fcm.is_over(state):
                break
            for seat in range(state.num_players):
                other = state.clone()
                other.rng += 1
                for p in other.players:
                    if p.seat != seat and not fcm.core.views.reserves_visible_to(state, seat):
                        p.reserve = 300 if p.reserve != 300 else 100
                for s in other.turn.drafts:
                    if s != seat:
                        other.turn.drafts[s] = [*other.turn.drafts[s], "waitress"]
                assert same(obs_of(state, seat), obs_of(other, seat))
                checked += 1
            seat = fcm.current_actors(state)[0]
            fcm.apply_in_place(state, seat, rng.choice(fcm.legal_actions(state, seat)))
    assert checked > 1500


def test_concrete_planes_and_vectors() -> None:
    """A scenario position: seat 1's restaurant, a house with demand, a billboard and the cash
    appear where the documentation says, relative to the observing seat."""
    data = {
        "players": 2,
        "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
        "phase": "working",
        "companies": [{"cash": 12}, {"cash": 30, "stock": {"pizza": 2}}],
        "restaurants": [{"owner": 1, "cell": [0, 0], "entrance": "se"}],
        "houses": [{"number": 2, "demand": ["burger", "pizza"]}],
        "campaigns": [
            {
                "number": 7,
                "owner": 0,
                "good": "pizza",
                "cell": [8, 0],
                "remaining": 2,
                "marketeer": "campaign_manager",
            }
        ],
    }
    state = fcm.load_scenario(data)
    obs = obs_of(state, 0)
    board = obs["board"]
    assert board[O.plane("in_map")].sum() == 100  # a 2 x 2 tile map
    assert board[O.plane("restaurant_1"), 0:2, 0:2].sum() == 4
    assert board[O.plane("restaurant_0")].sum() == 0
    assert board[O.plane("entrance_1"), 1, 1] == 1
    house = state.houses[2].cell
    assert board[O.plane("demand_pizza"), house[0], house[1]] == 1
    assert board[O.plane("house_number"), house[0], house[1]] == 2
    assert board[O.plane("campaign_mailbox")].sum() == 4  # a 2x2 mailbox
    assert board[O.plane("advert_pizza"), 8, 0] == 1
    assert board[O.plane("advert_remaining"), 9, 1] == 2
    assert board[O.plane("advert_owner_0")].sum() == 4
    players = obs["players"]
    assert players[0, O.player_field("cash")][0] == 12
    assert players[1, O.player_field("cash")][0] == 30
    assert players[1, O.player_field("stock")].tolist() == [0, 2, 0, 0, 0]
    assert players[0, O.player_field("busy")].sum() == 1
    # Seen from seat 1, the same restaurant is its own (relative seat 0).
    assert obs_of(state, 1)["board"][O.plane("restaurant_0"), 0:2, 0:2].sum() == 4
    glob = obs["globals"]
    assert glob[O.global_field("phase")][list(Phase).index(state.turn.phase)] == 1
    seat = fcm.current_actors(state)[0]
    mask = obs_of(state, seat)["action_mask"]
    assert mask.sum() == len(fcm.legal_actions(state, seat))
    assert all(mask[encode(state, a)] for a in fcm.legal_actions(state, seat))


def test_research_doc_example_runs_and_tables_match_the_code() -> None:
    """docs/research.md: the worked example runs as written, and its reference tables are the
    ones the code generates."""
    import doctest

    from fcm.env.reference import action_table, module_tables, observation_tables

    path = Path(__file__).parents[2] / "docs" / "research.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted > 10 and result.failed == 0
    text = path.read_text()
    assert action_table() in text and observation_tables() in text
    assert module_tables() in text


def _check_against_the_reference(observer: O.Observer, state: GameState) -> int:
    checked = 0
    for seat in range(state.num_players):
        v = fcm.view(state, seat)
        got, want = observer.observe(v, seat), observe_reference(v, seat)
        assert got.keys() == want.keys()
        for key in want:
            assert np.array_equal(got[key], want[key]), (state.round, state.turn.phase, seat, key)
        assert np.array_equal(observer.flat(v, seat), O.flat(want))
        checked += 1
    return checked


def test_incremental_observations_equal_a_from_scratch_build() -> None:
    """The Observer's cached, incremental tensors and mask equal the plain square-by-square
    build (tests/env/reference_observation.py) at positions from whole games played in place,
    as an environment does: two games by the easy bot to their end (bank breaks, reserve
    cards revealed) and random games of 2 to 5 players to the simulation round cap. Between the
    checks the observer sees only the acting seat, so its caches run several steps behind."""
    observer = O.Observer()
    checked = 0
    games: list[tuple[int, int, str]] = [(3, 21, "heuristic"), (4, 22, "heuristic")]
    games += [(n, 30 + n, "random") for n in (2, 3, 4, 5)]
    for players, seed, bot in games:
        rng = random.Random(seed)
        bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
        options = fcm.Options(round_limit=None if bot == "heuristic" else 8)
        state = fcm.new_game(players, seed, options)
        step = 0
        while not fcm.is_over(state):
            seat = fcm.current_actors(state)[0]
            v = fcm.view(state, seat)
            observer.observe(v, seat)
            if step % (5 if bot == "heuristic" else 2) == 0:
                checked += _check_against_the_reference(observer, state)
            legal = fcm.legal_actions(state, seat)
            action = bots[seat].choose(v, seat, legal) if bot != "random" else rng.choice(legal)
            fcm.apply_in_place(state, seat, action)
            step += 1
        checked += _check_against_the_reference(observer, state)
    assert checked > 1500


def test_one_observer_over_interleaved_games() -> None:
    """Positions of different games (different maps, player counts) through one observer give
    the same arrays as fresh observers: nothing of one game stays in the other's buffers."""
    shared = O.Observer()
    states = [fcm.new_game(n, seed=n) for n in (2, 4, 4)]
    states[2] = fcm.new_game(4, seed=4, tiles=[list(r) for r in states[1].tiles])
    rng = random.Random(1)
    for _ in range(150):
        for state in states:
            if fcm.is_over(state):
                continue
            seat = fcm.current_actors(state)[0]
            v = fcm.view(state, seat)
            assert same(shared.observe(v, seat), O.Observer().observe(v, seat))
            fcm.apply_in_place(state, seat, rng.choice(fcm.legal_actions(state, seat)))


def test_observer_arrays_are_read_only_and_module_arrays_are_copies() -> None:
    """An Observer's arrays are views of its buffers (read-only, so no caller can corrupt what
    the next step reuses); the module-level functions return new arrays."""
    state = fcm.new_game(3, seed=2)
    v = fcm.view(state, 0)
    observer = O.Observer()
    obs = observer.observe(v, 0)
    for arr in (*obs.values(), observer.flat(v, 0), observer.mask(v, 0)):
        assert not arr.flags.writeable
        with pytest.raises(ValueError):
            arr[..., 0] = 5
    a, b = O.observe(v, 0), O.observe(v, 0)
    a["board"][0, 0, 0] = 7.0
    a["action_mask"][0] = 1
    assert b["board"][0, 0, 0] == 1.0 and a["board"].flags.writeable
    assert same(O.observe(v, 0), b)
    assert np.array_equal(O.observe_flat(v, 0), O.flat(b))


# -- expansion modules (issue 15 item 3) ------------------------------------------------------

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


def test_module_layout_is_sized_from_the_ruleset_and_documented() -> None:
    """With modules the per-card vectors follow the ruleset's cards, the reserve one-hot its
    reserve cards, the campaign vectors its tiles; Ketchup, Reserve Prices and Gourmet Food
    Critics add their own planes and fields; every name is in docs/research.md."""
    state = fcm.new_game(4, seed=1, options=fcm.Options(modules=ALL_MODULES))
    L = O.layout_of(state)
    assert L is not O.BASE_LAYOUT and O.layout_of(fcm.new_game(4, seed=1)) is O.BASE_LAYOUT
    cards = len(state.rules.catalog.employees)
    assert L.player_field("hand").stop - L.player_field("hand").start == cards
    assert L.player_field("reserve").stop - L.player_field("reserve").start == 4  # 3 cards + ?
    assert L.global_field("campaign_supply").stop - L.global_field("campaign_supply").start == 20
    assert "someone_sells_your_demand" in L.milestones
    obs = obs_of(state, 0)
    assert obs["board"].shape == (L.PLANES, 20, 25) and L.PLANES == O.PLANES + 5
    assert obs["players"].shape == (5, L.PLAYER_FEATURES)
    assert obs["globals"].shape == (L.GLOBAL_FEATURES,)
    assert obs["action_mask"].shape == (L.encoding.num_actions,)
    assert O.flat(obs).shape == (L.OBS_SIZE,)
    doc = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    for name, what in L.board_planes:
        assert what and f"`{name}`" in doc, name
    for name, _, what in (*L.player_fields, *L.global_fields):
        assert what and f"`{name}`" in doc, name


def test_incremental_observations_equal_the_reference_with_modules() -> None:
    """The Observer equals the plain build with expansion modules on, over whole random and
    heuristic games and over Working 9-5 turns that launch gourmet guides (ketchup.md 13),
    then on through Marketing (Ketchup's demand makers, ketchup.md 8)."""
    from tests.env.test_env_encoding import _working_scenario

    observer = O.Observer()
    checked = 0
    states = []
    other = (ALL_MODULES - {"hard_choices"}) | {"new_milestones"}  # they exclude each other
    for players, seed, bot, mods in (
        (3, 41, "heuristic", ALL_MODULES),
        (4, 42, "random", ALL_MODULES),
        (5, 43, "random", ALL_MODULES),
        (4, 44, "heuristic", other),
    ):
        state = fcm.new_game(players, seed, fcm.Options(modules=mods, round_limit=10))
        states.append((state, bot, seed))
    extra = ("gourmet_food_critic", "mass_marketeer", "fry_chef", "b_movie_star")
    for seed in range(3):
        states.append((_working_scenario(seed, ALL_MODULES, extra), "random", seed))
    guides = 0
    for state, bot, seed in states:
        rng = random.Random(seed)
        bots = [make_bot(bot, seed * 10 + i) for i in range(state.num_players)]
        step = 0
        while not fcm.is_over(state) and step < 1500:
            seat = fcm.current_actors(state)[0]
            v = fcm.view(state, seat)
            observer.observe(v, seat)
            if step % 3 == 0:
                checked += _check_against_the_reference(observer, state)
            guides += any(c.kind == "gourmet_guide" for c in state.campaigns.values())
            legal = fcm.legal_actions(state, seat)
            if bot == "random":
                pick = [a for a in legal if not isinstance(a, fcm.Done)] or legal
                action = rng.choice(pick if step % 4 else legal)
            else:
                action = bots[seat].choose(v, seat, legal)
            fcm.apply_in_place(state, seat, action)
            step += 1
        checked += _check_against_the_reference(observer, state)
    assert checked > 500 and guides > 0


def test_hidden_differences_with_modules() -> None:
    """With Reserve Prices the price on another seat's reserve card is as secret as the card
    (ketchup.md 14): scrambling it, the others' drafts and the generator leaves every seat's
    observation unchanged, over random games with every module of one set on."""
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        options = fcm.Options(modules=ALL_MODULES, round_limit=6)
        state = fcm.new_game(2 + seed % 4, seed=seed, options=options)
        for _ in range(250):
            if fcm.is_over(state):
                break
            for seat in range(state.num_players):
                other = state.clone()
                other.rng += 1
                for p in other.players:
                    hidden = not fcm.core.views.reserves_visible_to(state, seat)
                    if p.seat != seat and hidden and "reserve_price" in p.extras:  # its price
                        p.extras["reserve_price"] = 20 if p.extras["reserve_price"] != 20 else 5
                for s in other.turn.drafts:
                    if s != seat:
                        other.turn.drafts[s] = [*other.turn.drafts[s], "waitress"]
                assert same(obs_of(state, seat), obs_of(other, seat))
                checked += 1
            seat = fcm.current_actors(state)[0]
            fcm.apply_in_place(state, seat, rng.choice(fcm.legal_actions(state, seat)))
    assert checked > 800


def test_one_observer_over_base_and_module_games() -> None:
    """A base game and a module game through one observer: each gets its own layout and the
    same arrays as a fresh observer."""
    shared = O.Observer()
    states = [
        fcm.new_game(3, seed=7),
        fcm.new_game(3, seed=7, options=fcm.Options(modules=ALL_MODULES)),
    ]
    rng = random.Random(2)
    for _ in range(120):
        for state in states:
            if fcm.is_over(state):
                continue
            seat = fcm.current_actors(state)[0]
            v = fcm.view(state, seat)
            assert same(shared.observe(v, seat), O.Observer().observe(v, seat))
            fcm.apply_in_place(state, seat, rng.choice(fcm.legal_actions(state, seat)))
