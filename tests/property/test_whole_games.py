"""Randomised whole games (fcm.verify): invariants after every action, save/load, replay, views.

Seeded games between random and heuristic bots (2-5 players, normal and introductory): after
every action money and cards are conserved, goods never negative, demand caps hold, 1x cards
stay unique; save/load at a random point gives an identical state; the legal actions from the
acting seat's view equal those from the full state; every game ends; replay from seed + actions
gives the identical final hash. ``make soak`` runs 100,000 games through ``fcm verify``.
"""

from __future__ import annotations

import pytest

from fcm.bots import make_bot
from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.core.state import Options
from fcm.record import GameRecord
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game
from fcm.verify import check_game, config_for


@pytest.mark.parametrize("seed", range(1, 201))
def test_random_games_keep_every_invariant(seed):
    check = check_game(seed, "random")
    assert check.rounds <= SIMULATION_ROUND_LIMIT


@pytest.mark.parametrize("seed", range(1001, 1031))
def test_heuristic_games_keep_every_invariant_and_end_by_the_bank(seed):
    check = check_game(seed, "heuristic")
    assert check.end_reason != ROUND_LIMIT_REASON


@pytest.mark.parametrize("seed", range(2001, 2031))
def test_mixed_games_keep_every_invariant(seed):
    check_game(seed, "mixed")


def test_configs_cover_every_player_count_and_the_intro_game():
    configs = [config_for(seed) for seed in range(1, 21)]
    assert {players for players, _, _ in configs} == {2, 3, 4, 5}
    assert any(intro for _, intro, _ in configs)
    assert all(len(names) == players for players, _, names in configs)


def test_checked_replay_of_a_saved_game_matches():
    bots = [make_bot("random", 1), make_bot("random", 2)]
    result = play_game(bots, 5, Options(round_limit=SIMULATION_ROUND_LIMIT))
    again = GameRecord.loads(result.record.dumps()).replay(check=True)
    assert again.state_hash() == result.state.state_hash() == result.record.final_hash
