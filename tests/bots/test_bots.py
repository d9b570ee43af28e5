"""Bots (issue: bots and simulation): deterministic, legal, never mutating, and the heuristic
bot plays a real game."""

from __future__ import annotations

import pytest

from fcm.bots import BOT_NAMES, make_bot
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import Options
from fcm.core.views import view
from fcm.games import new_game
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

CAPPED = Options(round_limit=SIMULATION_ROUND_LIMIT)  # bot games: the simulation cap


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_are_deterministic(name):
    def run():
        # no wall-clock cut (think far off): only the rollout budget decides, on any machine
        bots = [make_bot(name, 7, rollouts=2, think=600.0),
                make_bot(name, 8, rollouts=2, think=600.0)]
        return play_game(bots, 11, CAPPED).state.state_hash()

    assert run() == run()


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_choose_a_legal_action_without_mutating_the_view(name):
    state = new_game(3, seed=2)
    bot = make_bot(name, 1, rollouts=2)
    for _ in range(60):
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        seen = view(state, seat)
        before = seen.canonical_json()
        action = bot.choose(seen, seat, legal)
        assert seen.canonical_json() == before
        assert action in legal
        from fcm.core.engine import apply

        state, _ = apply(state, seat, action)


def test_unknown_bot_name():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_heuristic_beats_random_in_at_least_95_percent_of_two_player_games():
    games = 60
    wins = 0
    for seed in range(1, games + 1):
        heuristic_seat = seed % 2  # both seats
        names = ["random", "random"]
        names[heuristic_seat] = "heuristic"
        bots = [make_bot(n, seed * 10 + i) for i, n in enumerate(names)]
        result = play_game(bots, seed, CAPPED)
        wins += result.state.ranking[0] == heuristic_seat
    assert wins >= 0.95 * games, f"heuristic won {wins} of {games}"


def test_four_heuristic_bots_end_by_the_second_bank_break_like_people():
    """Four heuristic bots end by the second bank break in roughly 12-25 rounds."""
    rounds = []
    for seed in range(1, 11):
        result = play_game([make_bot("heuristic", seed * 10 + i) for i in range(4)], seed, CAPPED)
        assert result.state.bank_breaks == 2, result.state.end_reason
        rounds.append(result.state.round)
    assert sum(12 <= r <= 25 for r in rounds) >= 9, rounds


def test_a_bot_that_never_looks_is_given_no_view_and_plays_the_same_game():
    """The random bot says ``reads_view = False``: the game loop passes NO_VIEW instead of its
    view (the cost of a view per decision, issue 11 item 7), and the game is the one it plays
    when it is given every view."""
    from fcm.bots.base import reads_view
    from fcm.bots.random_bot import RandomBot
    from fcm.core.state import Options
    from fcm.runner import play_game

    class Looking(RandomBot):
        reads_view = True

        def choose(self, view, seat, legal):  # type: ignore[no-untyped-def]
            assert view is not None and view.rng == 0  # a redacted view
            return super().choose(view, seat, legal)

    class Blind(RandomBot):
        def choose(self, view, seat, legal):  # type: ignore[no-untyped-def]
            assert view is None
            return super().choose(view, seat, legal)

    assert not reads_view(RandomBot(1)) and reads_view(Looking(1))
    opts = Options(round_limit=8)
    blind = play_game([Blind(s) for s in range(3)], 5, opts)
    looking = play_game([Looking(s) for s in range(3)], 5, opts)
    assert blind.record.final_hash == looking.record.final_hash
    assert blind.record.actions == looking.record.actions
