"""Every level (issue 16): legal choices over many random positions, hidden information never
changes a choice, and hard searches only real choices."""

from __future__ import annotations

import pytest

from fcm.bots import BOT_NAMES, make_bot
from fcm.bots.search import HardBot
from fcm.core.actions import ChooseReserve
from fcm.core.engine import apply, apply_in_place, current_actors, legal_actions
from fcm.core.rng import Rng
from fcm.core.state import GameState, Phase
from fcm.core.views import view
from fcm.games import new_game


def random_positions(count: int, seed: int) -> list[tuple[GameState, int]]:
    """Positions from games between random bots, 2-5 players, sampled along the game."""
    rng = Rng(seed)
    out: list[tuple[GameState, int]] = []
    game = 0
    while len(out) < count:
        game += 1
        players = 2 + game % 4
        state = new_game(players, seed * 100 + game)
        bots = [make_bot("random", game * 10 + i) for i in range(players)]
        for _ in range(400 + rng.below(400)):
            if state.turn.phase is Phase.GAME_OVER:
                break
            seat = current_actors(state)[0]
            legal = legal_actions(state, seat)
            if len(legal) > 1 and rng.below(6) == 0:
                out.append((state.clone(), seat))
            state, _ = apply(state, seat, bots[seat].choose(view(state, seat), seat, legal))
    return out[:count]


def played_positions(count: int, seed: int) -> list[tuple[GameState, int]]:
    """Positions from whole games between mixed seats (random, easy, medium), 2-5 players,
    sampled all along the game (the late game too, which random play rarely reaches)."""
    rng = Rng(seed)
    levels = ("random", "easy", "medium")
    out: list[tuple[GameState, int]] = []
    game = 0
    while len(out) < count:
        game += 1
        players = 2 + game % 4
        state = new_game(players, seed * 100 + game)
        bots = [make_bot(levels[(game + i) % 3], game * 10 + i) for i in range(players)]
        while state.turn.phase is not Phase.GAME_OVER and state.round <= 25:
            seat = current_actors(state)[0]
            legal = legal_actions(state, seat)
            if len(legal) > 1 and rng.below(3) == 0:
                out.append((state.clone(), seat))
            apply_in_place(state, seat, bots[seat].choose(view(state, seat), seat, legal))
    return out[:count]


@pytest.fixture(scope="module")
def thousands() -> list[tuple[GameState, int]]:
    return random_positions(1000, 1) + played_positions(2000, 1)


@pytest.mark.parametrize("name", ["random", "easy", "medium"])
def test_never_an_illegal_action_over_thousands_of_positions(name, thousands):
    for i, (state, seat) in enumerate(thousands):
        bot = make_bot(name, i)
        action = bot.choose(view(state, seat), seat, legal_actions(state, seat))
        apply(state, seat, action)  # raises on an illegal action


def test_hard_never_chooses_an_illegal_action():
    for i, (state, seat) in enumerate(random_positions(60, 2) + played_positions(120, 2)):
        bot = make_bot("hard", i, rollouts=2)
        action = bot.choose(view(state, seat), seat, legal_actions(state, seat))
        apply(state, seat, action)


def _hide_differently(state: GameState, seat: int) -> GameState:
    """The same position with everything ``seat`` cannot see changed: other seats' reserve
    cards (while secret), their secret drafts, the chance state."""
    other = state.clone()
    other.rng = state.rng * 31 + 7
    for p in other.players:
        if p.seat != seat and other.bank_breaks == 0 and p.reserve is not None:
            p.reserve = 100 if p.reserve != 100 else 300
    for s in other.turn.drafts:
        if s != seat:
            other.turn.drafts[s] = [*reversed(other.turn.drafts[s]), "waitress"]
    return other


@pytest.mark.parametrize("name", BOT_NAMES)
def test_what_a_seat_cannot_see_never_changes_its_choice(name):
    checked = 0
    for i, (state, seat) in enumerate(random_positions(40, 3)):
        other = _hide_differently(state, seat)
        if other.canonical_json() == state.canonical_json():
            continue
        checked += 1
        legal = legal_actions(state, seat)
        assert legal == legal_actions(other, seat)
        kw = {"rollouts": 2, "think": 600.0} if name == "hard" else {}  # no wall-clock cut
        a = make_bot(name, i, **kw).choose(view(state, seat), seat, legal)
        b = make_bot(name, i, **kw).choose(view(other, seat), seat, legal)
        assert a == b
    assert checked >= 10


def test_hard_is_deterministic_for_a_seed_with_a_rollout_budget():
    positions = random_positions(15, 4)
    for i, (state, seat) in enumerate(positions):
        legal = legal_actions(state, seat)
        # (a wall-clock budget far off: the safety cap of a default decision, 2 s, could
        # cut one of the two searches short on a loaded machine)
        a = HardBot(i, rollouts=6, think=600.0).choose(view(state, seat), seat, legal)
        b = HardBot(i, rollouts=6, think=600.0).choose(view(state, seat), seat, legal)
        assert a == b


def test_hard_thinks_only_when_there_is_a_real_choice():
    bot = HardBot(1, rollouts=50)
    state = new_game(2, 5)
    seat = current_actors(state)[0]
    legal = [ChooseReserve(200)]
    assert bot.choose(view(state, seat), seat, legal) == ChooseReserve(200)
    assert bot.stats["rollouts"] == 0


def test_hard_determinizes_hidden_reserves_from_its_view_only():
    """Determinization fills the others' secret reserve cards from the prior (never from the
    true state): the sampled state keeps every visible field of the view."""
    state = new_game(3, 2)
    while state.turn.phase is Phase.SETUP_RESERVE:
        seat = current_actors(state)[0]
        state, _ = apply(state, seat, ChooseReserve(300))
    seat = current_actors(state)[0]
    v = view(state, seat)
    assert all(p.reserve is None for p in v.players if p.seat != seat)
    sampled = HardBot(1).determinize(v, seat, Rng(3))
    assert all(p.reserve in (100, 200, 300) for p in sampled.players)
    assert sampled.players[seat].reserve == 300
    seen = {HardBot(1).determinize(v, seat, Rng(k)).players[(seat + 1) % 3].reserve
            for k in range(30)}
    assert len(seen) >= 2  # drawn, not copied from the true state (all $300)
    assert sampled.houses.keys() == v.houses.keys() and sampled.round == v.round


def test_hard_searches_working_choices_and_counts_its_rollouts():
    bot = HardBot(3, rollouts=12)
    for state, seat in random_positions(30, 5):
        if state.turn.phase is Phase.WORKING:
            bot.choose(view(state, seat), seat, legal_actions(state, seat))
    assert bot.stats["rollouts"] > 0


def test_hard_default_budget_is_a_rollout_count_with_a_time_safety():
    """Issue 16: a reproducible default (a rollout count, the same move for a seed and view);
    ``--think S`` is a seconds budget instead; the server's per-seat budget caps the count."""
    from fcm.bots.search import DEFAULT_ROLLOUTS

    assert (HardBot(1).rollouts, HardBot(1).think) == (DEFAULT_ROLLOUTS, None)
    assert (HardBot(1, think=0.5).rollouts, HardBot(1, think=0.5).think) == (None, 0.5)
    served = HardBot(1)
    served.think_ms = 2000
    assert (served.rollouts, served.think) == (DEFAULT_ROLLOUTS, 2.0)
    state, seat = next(
        (s, seat) for s, seat in random_positions(40, 6) if s.turn.phase is Phase.WORKING
        and len(HardBot(1).candidates(view(s, seat), seat, legal_actions(s, seat),
                                      legal_actions(s, seat)[0])) > 1
    )
    bot = HardBot(1)
    bot.choose(view(state, seat), seat, legal_actions(state, seat))
    assert 0 < bot.stats["rollouts"] <= DEFAULT_ROLLOUTS + 4  # whole determinizations
