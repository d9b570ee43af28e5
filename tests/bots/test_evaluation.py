"""The hard bot's learned evaluation (issue 30 item 1): fitted deterministically on self-play
positions, read from the packaged weights, and ranking a clearly better position higher."""

from __future__ import annotations

import json

import pytest
from bench.train_eval import game_positions, positions, train

from fcm.bots import evaluation
from fcm.bots.evaluation import FEATURES, Model, evaluate, features, fit
from fcm.bots.medium import MediumBot
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState, Phase
from fcm.core.types import MilestoneId
from fcm.core.views import view
from fcm.games import new_game


def _restructuring(seed: int, round_: int) -> GameState:
    """A 2-player medium self-play position at the Restructuring of ``round_``."""
    state = new_game(2, seed)
    bots = [MediumBot(seed * 10 + i) for i in range(2)]
    while not (state.turn.phase is Phase.RESTRUCTURING and state.round == round_):
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        apply_in_place(state, seat, bots[seat].choose(view(state, seat), seat, legal))
    return state


def test_training_on_a_tiny_set_is_deterministic() -> None:
    """Two games' positions, fitted twice: the same weights; training from the same seed
    twice: the same file."""
    data = game_positions(3) + game_positions(4)
    assert data and all(len(x) == len(FEATURES) for x, _ in data)
    x, y = [r[0] for r in data], [r[1] for r in data]
    assert fit(x, y) == fit(x, y)
    assert positions(2, 5) == positions(2, 5)
    assert train(2, 5) == train(2, 5)
    w = train(2, 5)
    assert w["positions"] == len(positions(2, 5)) and w["features"] == list(FEATURES)


def test_the_fit_recovers_a_linear_margin() -> None:
    """A label that is exactly 2 x the cash difference + 10: the fit predicts it."""
    data = game_positions(3) + game_positions(6)
    x = [r[0] for r in data]
    cash = FEATURES.index("d_cash")
    y = [2 * row[cash] + 10 for row in x]
    model = Model(fit(x, y, ridge=1e-6))
    for row, target in zip(x[:20], y[:20], strict=True):
        assert model.predict(row) == pytest.approx(target, abs=0.5)


def test_a_clearly_better_position_is_ranked_higher() -> None:
    """The packaged weights: the same position with $60 more and First to train for seat 0
    is worth more to seat 0 and less to its rival."""
    state = _restructuring(3, 4)
    better = state.clone()
    better.players[0].cash += 60
    better.players[0].milestones[MilestoneId("first_train")] = 2
    assert evaluate(better, 0) > evaluate(state, 0) + 10
    assert evaluate(better, 1) < evaluate(state, 1) - 10


def test_weights_for_other_features_are_refused(tmp_path) -> None:
    weights = json.loads(evaluation.WEIGHTS_FILE.read_text())
    assert weights["features"] == list(FEATURES) and weights["positions"] > 10_000
    weights["features"] = weights["features"][:-1]
    with pytest.raises(ValueError, match="eval_weights.json.*retrain"):
        Model(weights)


def test_features_are_differences_to_the_rival_ahead() -> None:
    state = _restructuring(5, 3)
    a, b = features(state, 0), features(state, 1)
    cash = FEATURES.index("d_cash")
    assert a[cash] == state.players[0].cash - state.players[1].cash == -b[cash]
