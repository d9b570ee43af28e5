"""``bench.plans`` (issue 16's scripted human plans) and its calibration bot
``bench.heuristic_v0`` (the heuristic as it was when issue 16 was filed): both legal through the
validating ``apply``, the calibration bot keeps the faults the issue names, and each plan plays
its script. No timing and no win rate is asserted here (those are measured by
``python -m bench.plans``)."""

from __future__ import annotations

from typing import Any

import pytest
from bench.heuristic_v0 import HeuristicV0Bot
from bench.plans import PLANS, PlanBot, opponent

from fcm.bots.heuristic import HeuristicBot
from fcm.core.actions import ChooseReserve, Done, Fire, Hire, SendToWork
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.state import GameState, Options
from fcm.core.views import view
from fcm.games import load_scenario, new_game
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def position(**fields: Any) -> GameState:
    data: dict[str, Any] = {"format": "fcm-scenario/1", "players": 2, "tiles": TILES}
    data.update(fields)
    return load_scenario(data)


def test_calibration_bot_takes_the_300_reserve_card():
    """Issue 16: "every bot took the $300 reserve card" (the calibration bot keeps it)."""
    for seed in (1, 2, 3):
        state = new_game(2, seed)
        seat = current_actors(state)[0]
        action = HeuristicV0Bot(seed).choose(view(state, seat), seat, legal_actions(state, seat))
        assert action == ChooseReserve(300)


def test_calibration_bot_fires_an_unsalaried_trainee_when_it_cannot_pay():
    """Issue 16: "bots that could not pay one salary fired their unsalaried trainees with it"
    (the old firing choice: the lowest work priority first, salaried or not)."""
    state = position(
        phase="payday",
        companies=[
            {"cash": 0, "beach": ["burger_cook", "kitchen_trainee", "marketing_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    action = HeuristicV0Bot(1).choose(view(state, 0), 0, legal_actions(state, 0))
    assert action == Fire("kitchen_trainee")


def test_opponent_names_the_calibration_bot_or_a_level():
    assert isinstance(opponent("heuristic-v0", 3), HeuristicV0Bot)
    assert opponent("easy", 3).name in ("easy", "heuristic")


@pytest.mark.parametrize("plan", sorted(PLANS))
def test_every_plan_and_the_calibration_bot_play_legally(plan: str):
    """Every action of a plan and of the calibration bot goes through the validating path
    (``checked``) for a whole game, with both seats taken in turn."""
    for seat in (0, 1):
        bots: list[Any] = [PlanBot(plan, 7), PlanBot(plan, 8)]
        bots[seat] = HeuristicV0Bot(9)
        options = Options(round_limit=SIMULATION_ROUND_LIMIT)
        result = play_game(bots, 5 + seat, options, checked=True)
        assert result.state.ranking


def test_each_plan_hires_the_first_card_of_its_script():
    """A plan follows its script: its first hire (round 1, the CEO's one hire) is the first
    entry of its hire list."""
    for plan, script in PLANS.items():
        hires: list[str] = []

        def on_step(state: GameState, seat: int, action: object, hires: list[str] = hires) -> None:
            if seat == 0 and isinstance(action, Hire):
                hires.append(action.employee)

        play_game([PlanBot(plan, 1), HeuristicV0Bot(2)], 3, Options(round_limit=2),
                  on_step=on_step)
        first = script["hires"][0][0]  # type: ignore[index]
        assert hires and hires[0] == first, (plan, hires)


def restructure(state: GameState, bot: PlanBot, seat: int = 0) -> list[str]:
    """The cards ``bot`` sends to work this Restructuring (through the validating apply)."""
    sent: list[str] = []
    while True:
        action = bot.choose(view(state, seat), seat, legal_actions(state, seat))
        if not isinstance(action, SendToWork):
            return sent
        sent.append(action.employee)
        state, _ = apply(state, seat, action)


def test_a_plan_seats_its_trainer_and_keeps_the_card_it_trains_on_the_beach():
    """burger-rush trains kitchen trainees into Burger Cooks first: with three CEO slots, the
    trainer works and one kitchen trainee waits on the beach to be trained (the easy bot's
    priorities would seat both trainees and leave the trainer home)."""
    state = position(
        round=4,
        phase="restructuring",
        companies=[
            {"cash": 50, "hand": ["trainer", "kitchen_trainee", "kitchen_trainee",
                                  "marketing_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = restructure(state, PlanBot("burger-rush", 1))
    assert sorted(sent) == ["kitchen_trainee", "marketing_trainee", "trainer"]


def test_a_plan_trains_into_a_salaried_card_only_when_payday_is_covered():
    """With $0 and two salaried cooks, a plan does not hold a trainee back for a third salary
    (it could not pay it): the trainer stays home and both trainees work."""
    state = position(
        round=6,
        phase="restructuring",
        companies=[
            {"cash": 0, "hand": ["trainer", "kitchen_trainee", "burger_cook", "burger_cook"],
             "beach": []},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = restructure(state, PlanBot("burger-rush", 1))
    assert "trainer" not in sent and sent.count("burger_cook") == 2


def test_a_plan_keeps_the_cards_it_can_pay_at_payday():
    """A plan fires nothing it can pay: $15 pays three cooks (the easy bot, whose choice it
    would inherit, fires an idle cook when salaries take most of its cash)."""
    state = position(
        phase="payday",
        companies=[
            {"cash": 15, "beach": ["burger_cook", "burger_cook", "burger_cook"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    legal = legal_actions(state, 0)
    assert PlanBot("burger-rush", 1).choose(view(state, 0), 0, legal) == Done()
    assert HeuristicBot(1).choose(view(state, 0), 0, legal) == Fire("burger_cook")
