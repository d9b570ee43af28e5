"""A learned evaluation of a position for the hard bot (issue 30 item 1).

``evaluate(state, seat)`` estimates the final cash margin of ``seat`` over its best rival, in
dollars, from hand-built features of the position: for the seat and the rival ahead of it
(by cash plus three rounds of forecast income) their cash, forecast net income, salaries,
staff, restaurants, kitchen, price, campaigns and each milestone held, taken as differences
(seat minus rival), some of them also multiplied by an estimate of the rounds left (money
lasts longer the more rounds there are to earn it in). The weights are a ridge regression
fitted on positions of self-play games between cheap bots (``fcm.bots.train_eval``), each
labelled with the game's final margin; they live in ``eval_weights.json`` beside this module
and are read once. Inference is pure Python (a dot product over about 60 numbers): the bot
needs no numpy at play time; fitting does (the ``rl`` extra).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from fcm.core.company import owned_cards, salary_due, unit_price
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId, MilestoneId, Seat

WEIGHTS_FILE = Path(__file__).with_name("eval_weights.json")
# The base game's milestones, one feature each (a module's own milestones are not features).
MILESTONES = (
    "first_billboard", "first_train", "first_hire_3", "first_burger_marketed",
    "first_pizza_marketed", "first_drink_marketed", "first_errand_boy", "first_20",
    "first_burger_produced", "first_pizza_produced", "first_waitress", "first_throw_away",
    "first_lower_prices", "first_cart_operator", "first_airplane", "first_radio", "first_100",
    "first_pay_20",
)
# Per-seat numbers, differenced seat minus rival.
# Only what earns or costs money: counts of cards a chain owns (trainers, managers, all
# cards) predicted the result in self-play, but a search maximizing them hired trainer after
# trainer (correlation, not cause: strong chains own more); their worth shows in the forecast
# income, the salaries and the milestones.
SEAT_FEATURES = (
    "cash", "forecast", "salary", "restaurants", "kitchen", "price", "campaigns", "cfo",
    *MILESTONES,
)
# Differences also multiplied by the rounds left (their worth grows with the game's length).
TIMED = ("forecast", "salary", "kitchen", "restaurants", "price", "campaigns",
         "first_train", "first_waitress", "first_lower_prices", "first_100", "cfo")
CONTEXT = ("round", "rounds_left", "bank_broken", "players")
FEATURES = (
    *(f"d_{f}" for f in SEAT_FEATURES),
    *(f"t_{f}" for f in TIMED),
    *CONTEXT,
)
FORECAST_ROUNDS = 3  # rounds of forecast income that rank the rivals


def seat_features(state: GameState, seat: Seat) -> dict[str, float]:
    """The per-seat numbers of ``SEAT_FEATURES`` (read from what ``state`` shows)."""
    from fcm.bots.search import forecast

    p = state.players[seat]
    employees = state.rules.catalog.employees
    owned = owned_cards(state, seat)
    kitchen = sum(employees[c].food_amount * n for c, n in owned.items() if employees[c].food)
    campaigns = [c for c in state.campaigns.values() if c.owner == seat]
    out: dict[str, float] = {
        "cash": float(p.cash),
        "forecast": forecast(state, seat),
        "salary": float(salary_due(state, seat)),
        "restaurants": float(len(state.restaurants_of(seat))),
        "kitchen": float(kitchen),
        "price": float(unit_price(state, seat)),
        "campaigns": float(len(campaigns)),
        "cfo": float(owned[EmployeeId.CFO]),
    }
    for m in MILESTONES:
        out[m] = 1.0 if MilestoneId(m) in p.milestones else 0.0
    return out


def rounds_left(state: GameState, income: Sequence[float]) -> float:
    """Rounds the bank is expected to last: its money (plus the reserve cards before the first
    break) over the chains' income a round, 0 at the game's end, at most 15."""
    if state.turn.phase is Phase.GAME_OVER:
        return 0.0
    left = float(state.bank)
    if state.bank_breaks == 0:
        left += sum(p.reserve or 0 for p in state.players)
    per_round = max(20.0, sum(max(0.0, i) for i in income))
    return min(15.0, left / per_round)


def features(state: GameState, seat: Seat) -> list[float]:
    """The model's inputs for ``seat`` in ``FEATURES`` order: differences to the rival ahead
    (by cash plus forecast income), timed differences and the game's context."""
    rows = [seat_features(state, s) for s in range(state.num_players)]
    worth = [r["cash"] + FORECAST_ROUNDS * r["forecast"] for r in rows]
    rival = max((s for s in range(state.num_players) if s != seat), key=lambda s: worth[s])
    mine, theirs = rows[seat], rows[rival]
    left = rounds_left(state, [r["forecast"] for r in rows])
    diff = {f: mine[f] - theirs[f] for f in SEAT_FEATURES}
    return [
        *(diff[f] for f in SEAT_FEATURES),
        *(diff[f] * left for f in TIMED),
        float(state.round), left, float(state.bank_breaks > 0), float(state.num_players),
    ]


class Model:
    """A linear model over standardized features: ``bias + sum(w * (x - mean) / scale)``."""

    def __init__(self, weights: dict[str, Any]) -> None:
        if list(weights["features"]) != list(FEATURES):
            raise ValueError(
                f"{WEIGHTS_FILE.name}: its features are not this module's FEATURES "
                "(retrain: python -m fcm.bots.train_eval)")
        self.bias = float(weights["bias"])
        self.mean = [float(x) for x in weights["mean"]]
        self.scale = [float(x) for x in weights["scale"]]
        self.w = [float(x) for x in weights["weights"]]
        # folded: value = bias' + sum(w' * x)
        self.coef = [w / s for w, s in zip(self.w, self.scale, strict=True)]
        self.offset = self.bias - sum(c * m for c, m in zip(self.coef, self.mean, strict=True))

    def predict(self, x: Sequence[float]) -> float:
        return self.offset + sum(c * v for c, v in zip(self.coef, x, strict=True))


@cache
def model() -> Model:
    """The packaged model (``eval_weights.json``), read once."""
    return Model(json.loads(WEIGHTS_FILE.read_text()))


def evaluate(state: GameState, seat: Seat, weights: Model | None = None) -> float:
    """The expected final cash margin of ``seat`` over its best rival, in dollars. At the
    game's end: the true margin, +-1000 for the win."""
    if state.turn.phase is Phase.GAME_OVER:
        lead = state.players[seat].cash - max(
            p.cash for p in state.players if p.seat != seat)
        return lead + (1000 if state.ranking and state.ranking[0] == seat else -1000)
    return (weights or model()).predict(features(state, seat))


def fit(x: Sequence[Sequence[float]], y: Sequence[float], ridge: float = 1.0,
        note: str = "") -> dict[str, Any]:
    """Ridge regression of ``y`` on standardized ``x`` (closed form: deterministic): the
    weights file's contents."""
    import numpy as np

    xa = np.asarray(x, dtype=np.float64)
    ya = np.asarray(y, dtype=np.float64)
    mean = xa.mean(axis=0)
    scale = xa.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (xa - mean) / scale
    bias = float(ya.mean())
    a = z.T @ z + ridge * len(ya) * 1e-3 * np.eye(z.shape[1])
    w = np.linalg.solve(a, z.T @ (ya - bias))
    pred = z @ w + bias
    r2 = 1.0 - float(((ya - pred) ** 2).sum()) / max(1e-9, float(((ya - bias) ** 2).sum()))
    return {
        "about": note or "fcm.bots.evaluation weights (python -m fcm.bots.train_eval)",
        "features": list(FEATURES),
        "bias": round(bias, 6),
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "weights": [round(float(v), 6) for v in w],
        "positions": len(ya),
        "r2": round(r2, 4),
    }
