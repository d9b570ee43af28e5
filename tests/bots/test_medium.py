"""The medium bot's plan elements (issue 16, item 2), each on a built position.

Positions are scenarios (docs/scenarios.md) on the 2-player example map."""

from __future__ import annotations

from typing import Any

from fcm.bots.medium import MediumBot
from fcm.core.actions import ChooseReserve, Done, Fire, SendToWork
from fcm.core.engine import current_actors, legal_actions
from fcm.core.scenario import load_scenario
from fcm.core.setup import new_game
from fcm.core.state import GameState, Phase
from fcm.core.types import Good
from fcm.core.views import view

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def position(**fields: Any) -> GameState:
    data: dict[str, Any] = {"format": "fcm-scenario/1", "players": 2, "tiles": TILES}
    data.update(fields)
    return load_scenario(data)


def choose(state: GameState, seat: int) -> Any:
    return MediumBot(1).choose(view(state, seat), seat, legal_actions(state, seat))


def test_payday_fires_only_the_salaried_card_it_cannot_pay():
    """Salaries planned against Payday (facts.md E.4: only salaried cards cost $5): with $5
    for two salaried cooks it fires one cook, never the free waitress or trainee."""
    state = position(
        phase="payday",
        companies=[
            {"cash": 5, "beach": ["burger_cook", "burger_cook", "waitress", "kitchen_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert state.turn.phase is Phase.PAYDAY and 0 in current_actors(state)
    action = choose(state, 0)
    assert action == Fire("burger_cook")


def test_payday_fires_nothing_it_can_pay_and_never_a_free_card():
    state = position(
        phase="payday",
        companies=[
            {"cash": 50, "at_work": ["burger_cook"], "beach": ["waitress", "kitchen_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert choose(state, 0) == Done()


def test_reserve_card_follows_the_plan_and_is_not_a_constant():
    """The reserve card by plan (strategy.md 2.3): different maps and seats give different
    cards; never always $300."""
    chosen = set()
    for seed in range(1, 13):
        state = new_game(2, seed)
        seat = current_actors(state)[0]
        a = choose(state, seat)
        assert isinstance(a, ChooseReserve)
        chosen.add(a.money)
    assert len(chosen) >= 2, chosen


def test_food_is_chosen_against_the_rivals_kitchen():
    """Which food: a rival with pizza cooks makes medium plan burgers."""
    state = position(
        companies=[{"cash": 10, "hand": ["kitchen_trainee"]},
                   {"cash": 10, "hand": ["pizza_cook", "pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.BURGER
    state = position(
        companies=[{"cash": 10, "hand": ["kitchen_trainee"]},
                   {"cash": 10, "hand": ["burger_cook", "burger_chef"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.PIZZA


def test_a_company_that_cooks_keeps_its_food():
    state = position(
        companies=[{"cash": 10, "hand": ["pizza_cook"]}, {"cash": 10, "hand": ["pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.PIZZA


def _sent(state: GameState, seat: int) -> list[str]:
    """Play seat's whole Restructuring with medium; the cards it sent to work."""
    sent = []
    bot = MediumBot(1)
    from fcm.core.engine import apply

    while state.turn.phase is Phase.RESTRUCTURING and seat in current_actors(state):
        a = bot.choose(view(state, seat), seat, legal_actions(state, seat))
        if isinstance(a, SendToWork):
            sent.append(a.employee)
        state, _ = apply(state, seat, a)
        if a == Done():
            break
    return sent


def test_luxuries_manager_stays_home_when_houses_are_contested():
    """Luxuries only where no rival is within reach (strategy.md 3.5): two restaurants side by
    side contest every house, so the Luxuries Manager stays home and the Pricing Manager works."""
    state = position(
        round=5,
        companies=[{"cash": 40, "hand": ["luxuries_manager", "pricing_manager", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [0, 3], "entrance": "sw"}],
    )
    sent = _sent(state, 0)
    assert "luxuries_manager" not in sent
    assert "pricing_manager" in sent and "waitress" in sent


def test_keeps_the_trainee_on_the_beach_for_the_trainer():
    """Training plan: a trainer at work trains only cards on the beach, so the kitchen trainee
    it will train into a cook stays off the structure."""
    state = position(
        round=4,
        companies=[{"cash": 40, "hand": ["trainer", "kitchen_trainee", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = _sent(state, 0)
    assert "trainer" in sent and "kitchen_trainee" not in sent


def test_round_one_hire_races_a_milestone():
    """Milestones that pay: the first hire is the card of the plan's opening race (First
    billboard's Marketing Trainee, First waitress, or First to lower prices)."""
    from fcm.bots import make_bot
    from fcm.core.actions import Hire
    from fcm.core.engine import apply

    hires = set()
    for seed in range(1, 9):
        state = new_game(2, seed)
        bots = [make_bot("medium", seed * 10 + i) for i in range(2)]
        while state.round == 1:
            seat = current_actors(state)[0]
            a = bots[seat].choose(view(state, seat), seat, legal_actions(state, seat))
            if isinstance(a, Hire):
                hires.add(a.employee)
            state, _ = apply(state, seat, a)
    assert hires <= {"marketing_trainee", "waitress", "pricing_manager"}
    assert hires, "medium hired nothing in round 1"


def test_local_manager_works_while_it_can_place_a_restaurant():
    """More restaurants (strategy.md 3.6): a Local Manager in hand is put to work ahead of the
    trainer when the structure is short of seats."""
    state = position(
        round=8,
        companies=[{"cash": 60, "hand": ["local_manager", "trainer", "waitress", "burger_cook"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = _sent(state, 0)
    assert "local_manager" in sent
    assert "trainer" not in sent  # nothing left to train: the seat goes to the manager


def test_no_campaign_that_only_feeds_a_rival():
    """Marketing where it pays: with its restaurant far from every house and a rival next to
    them, medium launches no campaign rather than create the rival's demand."""
    from fcm.core.actions import StartCampaign

    state = position(
        round=3,
        phase="working",
        companies=[{"cash": 10, "at_work": ["marketing_trainee"]}, {"cash": 10}],
        restaurants=[{"owner": 0, "cell": [8, 8], "entrance": "se"},
                     {"owner": 1, "cell": [0, 0], "entrance": "se"}],
    )
    bot = MediumBot(1)
    from fcm.core.engine import apply

    while state.turn.phase is Phase.WORKING and 0 in current_actors(state):
        legal = legal_actions(state, 0)
        a = bot.choose(view(state, 0), 0, legal)
        if any(isinstance(x, StartCampaign) for x in legal):
            break
        state, _ = apply(state, 0, a)
    legal = legal_actions(state, 0)
    if any(isinstance(x, StartCampaign) for x in legal):
        from fcm.bots.medium import win_chances

        chances = win_chances(view(state, 0), 0)
        choice = bot.choose(view(state, 0), 0, legal)
        if all(c == 0.0 for c in chances.values()):
            assert choice == Done()
