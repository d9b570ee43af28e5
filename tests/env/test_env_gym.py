"""The Gymnasium single-agent wrapper (issue 29 item 8): one seat against bots, a slot head over
the legal actions with masks as MaskablePPO reads them, a round cap that truncates, scaled
observations; the same policy plays through PolicyBot; MaskablePPO trains on it; OpenSpiel's
MCTS plays as a bot through the turn-based conversion."""

from __future__ import annotations

import numpy as np
import pytest

import fcm
from fcm.bots import make_bot
from fcm.core.actions import Done
from fcm.env.encoding import BASE, encode
from fcm.env.gym_env import FcmGymEnv, PolicyBot, Slots, scale
from fcm.runner import play_game
from fcm.simulate import bot_seed


def test_slots_are_the_legal_actions_in_index_order_and_the_mask_says_which() -> None:
    env = FcmGymEnv(2, "random", seat=0, seed=4, board=False)
    obs, info = env.reset(seed=4)
    state = fcm.new_game(2, seed=4, options=fcm.Options(round_limit=60))
    want = sorted(encode(state, a) for a in fcm.legal_actions(state, 0))
    assert info["legal"] == want == [1, 2, 3]  # the three reserve cards
    assert env.action_masks().tolist() == [True] * 3 + [False] * 125
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    # the slot rows describe the candidates: in use, then the block's one-hot
    rows = obs[-128 * env.featurizer.slots.features :].reshape(128, -1)
    assert rows[:3, 0].tolist() == [1, 1, 1] and not rows[3:].any()
    assert rows[0, 1 + list(BASE.blocks).index("choose_reserve")] == 1
    with pytest.raises(ValueError, match="slot 3 holds no legal action"):
        env.step(3)
    assert env.action_masks().sum() == 3  # nothing changed


def test_a_big_legal_set_is_cut_to_evenly_spaced_slots_keeping_the_first() -> None:
    slots = Slots(BASE, top_k=4)
    legal = {i: Done() for i in (0, 10, 20, 30, 40, 50, 60)}
    assert slots.choose(legal) == [0, 20, 40, 60]
    assert slots.choose({5: Done(), 1: Done()}) == [1, 5]


def test_observation_is_scaled() -> None:
    assert scale(np.array([0.0, -3.0, 100.0])).tolist() == pytest.approx(
        [0.0, -np.log(4.0), np.log(101.0)]
    )


def _run_first_slot(env: FcmGymEnv, seed: int) -> tuple[float, bool, bool, dict, float]:
    env.reset(seed=seed)
    shaped = 0.0
    while True:
        _, r, term, trunc, info = env.step(0)
        if term or trunc:
            return r, term, trunc, info, shaped
        shaped += r


def test_the_round_cap_truncates_and_step_rewards_add_up_to_the_lead() -> None:
    env = FcmGymEnv(2, "easy", seat=1, round_limit=3, step_reward=True, board=False)
    r, term, trunc, info, shaped = _run_first_slot(env, 9)
    assert trunc and not term and info["end"] == "round_limit"
    assert env.state is not None and env.state.round == 3
    cash = [p.cash for p in env.state.players]
    lead = (cash[1] - cash[0]) / 100
    assert shaped + r - info["reward_at_cut"] == pytest.approx(lead)
    quiet = FcmGymEnv(2, "easy", seat=1, round_limit=3, reward_at_cut=False, board=False)
    r2, _, trunc2, info2, shaped2 = _run_first_slot(quiet, 9)
    assert trunc2 and r2 == 0.0 and shaped2 == 0.0
    assert info2["reward_at_cut"] == info["reward_at_cut"]


def test_every_seat_in_turn_and_policy_bot_plays_as_the_env() -> None:
    """seat=None rotates the learner's seat; PolicyBot with the same slot policy, in play_game
    against the same bot, plays the very same game (same final hash)."""
    env = FcmGymEnv(2, "easy", round_limit=4, board=False)
    seats = []
    for game in range(2):
        env.reset(seed=20 + game)
        seats.append(env.seat)
    assert seats == [0, 1]
    _run_first_slot(env, 20)  # the third episode: seat 0 again
    assert env.seat == 0 and env.state is not None
    first = PolicyBot(lambda obs, mask: 0, board=False)
    other = make_bot("easy", bot_seed(20, 1))
    played = play_game([first, other], 20, fcm.Options(round_limit=4)).state
    assert played.state_hash() == env.state.state_hash()


def test_maskable_ppo_trains_on_the_wrapper() -> None:
    pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = FcmGymEnv(2, "random", round_limit=3, board=False, step_reward=True)
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=1,
                        policy_kwargs={"net_arch": [16]}, device="cpu")
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs, _ = env.reset(seed=3)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]


def test_openspiel_mcts_plays_a_seat_through_the_turn_based_game() -> None:
    from fcm.env.spiel_mcts import OpenSpielMCTSBot, cash_of

    bot = OpenSpielMCTSBot(3, simulations=4, depth=5)
    result = play_game([bot, make_bot("random", 1)], 5, fcm.Options(round_limit=2))
    assert fcm.is_over(result.state) and result.state.round == 2
    assert any(seat == 0 for seat, _ in result.record.actions)

    class Fake:
        def __str__(self) -> str:
            return "round 4 working cash $12 $-3 $0 hash 00"

    assert cash_of(Fake()) == [12, -3, 0]
