"""Working 9–5 under random play: the phase never gets stuck and its invariants hold.

Random companies (any cards at work and on the beach, thin or empty piles, training milestones)
on random maps are played with random legal actions. Checked after every action: the acting
seat always has a legal action; ``legal`` lists no action twice; every listed action applies;
piles are short (below 0) only during hiring and training ("only the final card must be
available", excerpt 002); the phase ends in Dinnertime with every pile at 0 or more.
"""

from __future__ import annotations

import random

import pytest
from tests.helpers import add_restaurant, make_state, start_phase

from fcm.core.actions import Done
from fcm.core.company import board_of, occupied_squares
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.geometry import random_placements
from fcm.core.state import GameState, Phase, WorkStep
from fcm.rulesets import base_ruleset

pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")

CARDS = sorted(e for e in base_ruleset().catalog.employees if e != "ceo")
MILESTONES = [
    "first_pay_20",
    "first_100",
    "first_errand_boy",
    "first_cart_operator",
    "first_billboard",
]


def random_position(rng: random.Random) -> GameState:
    tiles = [
        [(p.letter, p.rotation) for p in row]
        for row in random_placements(2, 3, rng.randrange(1 << 30))
    ]
    state = make_state(
        players=3,
        tiles=tiles,
        turn_order=rng.sample(range(3), 3),
        airplanes_may_not_overlap=rng.random() < 0.3,
        local_manager_any_road=rng.random() < 0.3,
    )
    board = board_of(state)
    for p in state.players:
        for _ in range(rng.choice([1, 1, 2])):
            spots = board.legal_restaurant_placements(occupied_squares(state))
            cell, corner = rng.choice(spots)
            add_restaurant(state, p.seat, cell, corner, open=rng.random() < 0.85)
        p.at_work = sorted(rng.choices(CARDS, k=rng.randrange(0, 8)))
        p.beach = sorted(rng.choices(CARDS, k=rng.randrange(0, 5)))
        p.milestones = {m: 0 for m in MILESTONES if rng.random() < 0.2}
    state.round = 2
    for card in state.supply:
        roll = rng.random()
        if roll < 0.25:
            state.supply[card] = 0
        elif roll < 0.4:
            state.supply[card] = 1
    if rng.random() < 0.3:
        state.milestones_available = []
    return state


@pytest.mark.parametrize("seed", range(100))
def test_random_play_never_gets_stuck(seed: int) -> None:
    rng = random.Random(seed)
    state = random_position(rng)
    start_phase(state, Phase.WORKING)
    for _ in range(400):
        if state.turn.phase is not Phase.WORKING:
            break
        turn = state.turn.working
        assert turn is not None
        if turn.step not in (WorkStep.HIRE, WorkStep.TRAIN):
            assert min(state.supply.values()) >= 0
        (seat,) = current_actors(state)
        legal = legal_actions(state, seat)
        assert legal, f"seat {seat} is stuck at {turn.step}"
        assert len(set(legal)) == len(legal)
        # prefer doing things over passing, so long chains get explored
        doing = [a for a in legal if not isinstance(a, Done)]
        action = rng.choice(doing) if doing and rng.random() < 0.85 else rng.choice(legal)
        apply_in_place(state, seat, action)
    assert state.turn.phase is Phase.DINNERTIME
    assert min(state.supply.values()) >= 0
    assert all(p.hire_discounts >= 0 for p in state.players)
