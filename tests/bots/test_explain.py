"""Say why (issue 30 item 6): the plan behind hard's best move is read from rollouts of the
seat's view (the milestones it races, the salaries it saves, what it sells), not canned text,
and said in the reader's language."""

from __future__ import annotations

from collections import Counter

from fcm.bots.explain import Reason, Tally, explain, plan_text, reasons, say, tallies
from fcm.bots.medium import MediumBot
from fcm.bots.search import HardBot
from fcm.core.actions import Hire, PlaceRestaurant, StartCampaign
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState, Phase
from fcm.core.types import Corner
from fcm.core.types import EmployeeId as E
from fcm.core.views import view
from fcm.games import new_game


def _round_two_hire(seed: int = 4) -> tuple[GameState, int]:
    """Medium self-play (seeds 1, 2) to the first round-2 Working decision where a trainer
    may be hired: medium hires a marketing trainee there, and its readings race First to train
    with the trainer it already has."""
    state = new_game(2, seed=seed)
    bots = [MediumBot(1), MediumBot(2)]
    while True:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        if state.turn.phase is Phase.WORKING and state.round == 2 and Hire(E.TRAINER) in legal:
            return state, seat
        apply_in_place(state, seat, bots[seat].choose(view(state, seat), seat, legal))


def test_the_plan_is_what_the_best_moves_readings_do_that_the_others_do_not():
    state, seat = _round_two_hire()
    seen = view(state, seat)
    medium = MediumBot(seat + 1).choose(seen, seat, legal_actions(state, seat))
    assert medium == Hire(E.MARKETING_TRAINEE)
    # medium's hire read as the best move, against a second trainer
    rows = [(medium, 10.0, 4, True), (Hire(E.TRAINER), -5.0, 4, False)]
    bot = HardBot(1)
    found = explain(seen, seat, rows, bot, seed=1, draws=4)
    assert found is not None and found.edge == 15.0 and found.draws == 4
    best, other = tallies(seen, seat, [medium, Hire(E.TRAINER)], bot, draws=4, seed=1)
    assert best.milestones["first_train"] == [2, 2, 2, 2] and "first_train" not in other.milestones
    race = found.reasons[0]
    assert race == Reason("plan.race", {"milestone": "first_train", "round": 2, "count": 4,
                                         "draws": 4})
    earned = round((best.sales - other.sales) / 4)
    assert earned >= 5
    assert Reason("plan.earns", {"amount": earned, "round": best.end_round}) in found.reasons
    text = plan_text(found.reasons)
    assert text.startswith("race First to train someone (round 2 in 4 of 4 samples); ")
    assert f"earns about ${earned} more at Dinnertime by round {best.end_round}" in text
    assert plan_text(found.reasons, "de").startswith(
        "Wettlauf um Erster, der jemanden schult (Runde 2 in 4 von 4 Stichproben); ")


def test_salaries_saved_tips_and_houses_come_from_the_tallies():
    """The issue's example: racing First to train saves about $60 of salaries by round 6."""
    best = Tally(draws=4, salaries=40, sales=100, tips=24, end_round=6,
                 milestones={"first_train": [2, 2, 3, 2]}, served=Counter({7: 4, 3: 2}))
    other = Tally(draws=4, salaries=280, sales=100, tips=0, end_round=6,
                  milestones={"first_waitress": [3, 3, 3]}, served=Counter({3: 4}))
    got = reasons(best, other, Hire(E.TRAINER))
    assert got == [
        Reason("plan.race", {"milestone": "first_train", "round": 2, "count": 4, "draws": 4}),
        Reason("plan.gives_up", {"milestone": "first_waitress", "round": 3}),
        Reason("plan.saves_salaries", {"amount": 60, "round": 6}),
        Reason("plan.tips", {"amount": 6, "round": 6}),
        Reason("plan.serves", {"houses": [7]}),
    ]
    assert say(got[2]) == "saves about $60 of salaries by round 6"
    assert say(got[2], "fr") == "économise environ 60 $ de salaires d'ici la manche 6"
    assert say(got[4], "zh-Hans") == "向房屋 7 出售，另一步做不到"
    # the same tallies, nothing between them: the plan says so rather than inventing one
    assert reasons(other, other, Hire(E.WAITRESS)) == []


def test_a_campaign_names_the_demand_it_targets_and_a_restaurant_its_houses():
    # house 4 got the campaign's demand in one reading of three: not the plan's
    best = Tally(draws=3, end_round=5, marketed=Counter({12: 3, 4: 1}),
                 goods=Counter({"pizza": 3}), served=Counter({12: 3}))
    other = Tally(draws=3, end_round=5)
    got = reasons(best, other, StartCampaign(E.MARKETING_TRAINEE, 11))
    assert Reason("plan.markets", {"good": "pizza", "houses": [12]}) in got
    assert say(Reason("plan.markets", {"good": "pizza", "houses": [12, 4]}), "es") == \
        "crea demanda de pizza en las casas 12, 4"
    opened = reasons(best, other, PlaceRestaurant(cell=(3, 4), entrance=Corner.NW))
    assert Reason("plan.restaurant", {"row": 3, "col": 4, "houses": [12]}) in opened


def test_a_hint_out_of_time_says_so_rather_than_reading_half_a_draw():
    """The server's hint gives the plan a share of its budget: a reading that would run past
    it is dropped whole (the two moves are compared on the same draws or not at all)."""
    state, seat = _round_two_hire()
    seen = view(state, seat)
    rows = [(Hire(E.MARKETING_TRAINEE), 10.0, 4, True), (Hire(E.TRAINER), -5.0, 4, False)]
    found = explain(seen, seat, rows, HardBot(1), seed=1, deadline=0.0)
    assert found is not None and found.draws == 0
    assert found.reasons == (Reason("plan.no_time", {}),)
    assert say(found.reasons[0], "fr").startswith("le serveur n'a pas eu le temps")
