"""The hard bot's search (issue 16): successive halving over common determinizations,
restaurant placement searched, the bank-aware value of a truncated rollout, and a rollout
budget whose safety counts CPU time (the same move on a loaded machine)."""

from __future__ import annotations

import pytest

import fcm.bots.search as search
from fcm.bots.medium import MediumBot
from fcm.bots.search import HardBot, LearnedHardBot, value
from fcm.core.actions import ChooseReserve, Hire, PlaceRestaurant
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId
from fcm.core.views import view
from fcm.games import new_game


def _setup_restaurants(players: int, seed: int) -> tuple[GameState, int]:
    state = new_game(players, seed)
    while state.turn.phase is Phase.SETUP_RESERVE:
        seat = current_actors(state)[0]
        apply_in_place(state, seat, ChooseReserve(200))
    return state, current_actors(state)[0]


def _working(players: int, seed: int, rounds: int) -> tuple[GameState, int]:
    """A medium self-play position at a Working decision with several candidates."""
    state = new_game(players, seed)
    bots = [MediumBot(seed * 10 + i) for i in range(players)]
    while True:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        if (
            state.turn.phase is Phase.WORKING
            and state.round >= rounds
            and len(HardBot(1).candidates(view(state, seat), seat, legal, legal[0])) >= 4
        ):
            return state, seat
        apply_in_place(state, seat, bots[seat].choose(view(state, seat), seat, legal))


def test_setup_restaurant_candidates_are_distinct_squares_with_medium_first(monkeypatch):
    monkeypatch.setattr(search, "SEARCH_RESTAURANTS", True)
    state, seat = _setup_restaurants(3, 4)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = HardBot(2)
    proposal = bot.medium.choose(v, seat, legal)
    cands = bot.candidates(v, seat, legal, proposal)
    assert isinstance(proposal, PlaceRestaurant) and cands[0] == proposal
    assert 2 <= len(cands) <= search.SETUP_CANDIDATES
    assert all(isinstance(a, PlaceRestaurant) and a in legal for a in cands)
    assert len({a.cell for a in cands}) == len(cands)  # one entrance per square


def test_restaurant_placement_is_searched_and_legal(monkeypatch):
    monkeypatch.setattr(search, "SEARCH_RESTAURANTS", True)
    state, seat = _setup_restaurants(2, 7)
    bot = HardBot(3, rollouts=6)
    legal = legal_actions(state, seat)
    action = bot.choose(view(state, seat), seat, legal)
    assert action in legal and bot.stats["rollouts"] >= 2


def test_successive_halving_keeps_medium_and_gives_the_best_more_draws(monkeypatch):
    monkeypatch.setattr(search, "HALVING", True)
    monkeypatch.setattr(search, "FIRST_SAMPLES", 2)
    state, seat = _working(2, 3, 2)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = HardBot(1, rollouts=24)
    cands = bot.candidates(v, seat, legal, bot.medium.choose(v, seat, legal))
    means, counts = bot.evaluate(v, seat, cands)
    assert counts[0] == max(counts)  # medium's proposal is never cut
    assert min(counts) == 2 and max(counts) > 2  # the others got 2, the survivors more
    assert sum(counts) == bot.stats["rollouts"] >= 24
    # every survivor played the same draws, so their means compare like for like
    assert sorted(set(counts))[-1] == counts[0]
    # determinism: the same seed and view give the same reading
    again = HardBot(1, rollouts=24).evaluate(v, seat, cands)
    assert again == (means, counts)


def test_a_rollout_budget_stops_on_cpu_time_not_wall_time(monkeypatch):
    """The safety of a rollout budget counts CPU seconds: a machine busy with other work
    (wall time passing faster) does not change the move."""
    state, seat = _working(2, 3, 2)
    v, legal = view(state, seat), legal_actions(state, seat)
    cands = HardBot(1).candidates(v, seat, legal, legal[0])
    ref = HardBot(1, rollouts=10).evaluate(v, seat, cands)
    clock = iter(range(0, 10**6, 100))  # wall time leaps 100 s per reading
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(clock)))
    assert HardBot(1, rollouts=10).evaluate(v, seat, cands) == ref
    # a seconds budget is wall time (the server's clock): it stops after one draw
    _, counts = HardBot(1, think=1.0).evaluate(v, seat, cands)
    assert max(counts) == 1


def test_bank_horizon_counts_income_only_for_the_rounds_the_bank_lasts(monkeypatch):
    """Value of a truncated rollout: the game ends at the second bank break, so with the
    bank nearly empty after the first break a forecast income counts for one round, not
    HORIZON_ROUNDS."""
    state, seat = _working(2, 5, 4)
    monkeypatch.setattr(search, "forecast", lambda st, s: 50.0 if s == seat else 0.0)
    cash_lead = state.players[seat].cash - state.players[1 - seat].cash
    monkeypatch.setattr(search, "BANK_HORIZON", True)
    state.bank_breaks, state.bank = 1, 20
    assert value(state, seat, MediumBot(1)) == pytest.approx(cash_lead + 50)
    state.bank = 10_000  # a full bank: the whole horizon
    assert value(state, seat, MediumBot(1)) == pytest.approx(
        cash_lead + search.HORIZON_ROUNDS * 50
    )
    monkeypatch.setattr(search, "BANK_HORIZON", False)
    state.bank = 20
    assert value(state, seat, MediumBot(1)) == pytest.approx(
        cash_lead + search.HORIZON_ROUNDS * 50
    )


def test_four_player_working_rollouts_play_two_rounds_one_draw_per_candidate(monkeypatch):
    """At 4 players a Working decision's rollouts reach the Restructuring two rounds on (a card
    hired now works only next round), with one draw per candidate by default; 2 players play
    three rounds with DEFAULT_ROLLOUTS; 3 players one round."""
    state, seat = _working(4, 2, 3)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = HardBot(1)
    cands = bot.candidates(v, seat, legal, bot.medium.choose(v, seat, legal))
    seen: list[int] = []
    real = HardBot.rollout

    def spy(self, st, s, action, policy, rounds=1, others=None):
        seen.append(rounds)
        out = real(self, st, s, action, policy, rounds, others)
        # the rollout stopped at the Restructuring two rounds on (or the game ended)
        assert st.turn.phase is Phase.GAME_OVER or (
            st.turn.phase is Phase.RESTRUCTURING and st.round == v.round + 2)
        return out

    monkeypatch.setattr(HardBot, "rollout", spy)
    _, counts = bot.evaluate(v, seat, cands)
    assert seen and set(seen) == {search.WORK_HORIZON[4]} == {2}
    assert counts == [1] * len(cands) and len(cands) == search.ROLLOUTS_BY_PLAYERS[4]
    # an explicit budget is kept as given
    seen.clear()
    _, counts = HardBot(1, rollouts=2 * len(cands)).evaluate(v, seat, cands)
    assert counts == [2] * len(cands)
    # 2 players: three rounds, DEFAULT_ROLLOUTS; 3 players: one round
    monkeypatch.setattr(HardBot, "rollout", lambda self, st, s, a, p, rounds=1, others=None: (
        seen.append(rounds), 0.0)[1])
    for players, horizon in ((2, 3), (3, 1)):
        state2, seat2 = _working(players, 3, 2)
        v2, legal2 = view(state2, seat2), legal_actions(state2, seat2)
        seen.clear()
        c2 = HardBot(1).candidates(v2, seat2, legal2, legal2[0])
        _, counts2 = HardBot(1).evaluate(v2, seat2, c2)
        assert set(seen) == {horizon} and sum(counts2) >= search.DEFAULT_ROLLOUTS


def test_hidden_reserve_cards_are_drawn_from_the_games_own_cards() -> None:
    """ketchup.md 14 (Reserve Prices): every reserve card is $200 with a base price; hard's
    determinization must draw a rival's secret card from those (it drew a base $100 card, and
    the first bank break of a rollout then failed on it)."""
    from fcm.core.rng import Rng
    from fcm.core.state import Options
    from fcm.modules.reserve_prices import price_of

    state = new_game(3, 5, Options(modules=frozenset({"reserve_prices"})))
    for seat in range(3):
        card = next(a for a in legal_actions(state, seat) if isinstance(a, ChooseReserve))
        apply_in_place(state, seat, card)
    seen = view(state, 0)
    assert seen.players[1].reserve is None  # secret
    cards = {(c.money, c.base_price) for c in state.rules.catalog.reserve_cards}
    bot = HardBot(1)
    for k in range(20):
        guess = bot.determinize(seen, 0, Rng(k + 1))
        for p in guess.players[1:]:
            assert (p.reserve, price_of(p)) in cards
    # the base game keeps its prior (100 / 200 / 300, the same draws as before)
    base = new_game(3, 5)
    for seat in range(3):
        apply_in_place(base, seat, ChooseReserve(300))
    guess = bot.determinize(view(base, 0), 0, Rng(7))
    assert {p.reserve for p in guess.players[1:]} <= {100, 200, 300}
    assert all(price_of(p) is None for p in guess.players)


def test_round_one_hire_candidates_include_the_trainer_race():
    """Strategy guide 2.1: the round-1 trainer is what First to train in round 2 needs. Hard's
    hire candidates come in the order strong openings race (trainer first), not the legal
    order, whose first hires (errand boy, kitchen trainee, ...) left the trainer out."""
    state = new_game(2, 3)
    while state.turn.phase is not Phase.WORKING:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        apply_in_place(state, seat, MediumBot(seat).choose(view(state, seat), seat, legal))
    seat = current_actors(state)[0]
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = LearnedHardBot(1)
    cands = bot.candidates(v, seat, legal, bot.medium.choose(v, seat, legal))
    hired = [a.employee for a in cands if isinstance(a, Hire)]
    assert EmployeeId.TRAINER in hired and EmployeeId.WAITRESS in hired
    assert len(cands) <= search.MAX_CANDIDATES


def test_rollouts_model_the_rival_by_more_than_one_policy():
    """Issue 30 item 1: rivals in the rollouts are not all medium. Over draws, the rival of a
    2-player game is played by medium (no entry), medium's plan played cheaply and the
    styles' build lists."""
    from fcm.bots.ismcts import StyleBot
    from fcm.core.rng import Rng

    state, seat = _working(2, 3, 2)
    v = view(state, seat)
    bot = LearnedHardBot(1)
    rng = Rng(5)
    kinds = set()
    for k in range(40):
        models = bot.rival_models(v, seat, rng, k)
        assert seat not in models
        rival = models.get(1 - seat)
        assert rival is None or isinstance(rival, StyleBot)
        kinds.add("medium" if rival is None else tuple(rival.hire_plan))
    assert len(kinds) >= 3 and "medium" in kinds


def test_truncated_rollouts_are_scored_by_the_learned_evaluation(monkeypatch):
    """A Working decision's rollouts stop before the game's end and are scored by
    fcm.bots.evaluation (the learned model), not the hand-made value; with ``learned`` off,
    by the hand-made value."""
    state, seat = _working(2, 3, 2)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = LearnedHardBot(1, rollouts=4)
    cands = bot.candidates(v, seat, legal, bot.medium.choose(v, seat, legal))[:2]
    monkeypatch.setattr(search, "evaluate", lambda st, s: 123.0)
    monkeypatch.setattr(search, "value", lambda st, s, p: -7.0)
    means, counts = bot.evaluate(v, seat, cands)
    assert means == [123.0, 123.0] and counts == [2, 2]

    class Hand(HardBot):
        learned = False

    assert Hand(1, rollouts=4).evaluate(v, seat, cands)[0] == [-7.0, -7.0]


def test_fast_rollouts_play_no_seat_by_medium(monkeypatch):
    """Issue 30 item 1: hard_fast's rollouts use a cheap policy in every seat (medium's plan
    with the easy bot's tactics, the rivals' models), so medium decides nothing inside them;
    the truncated position is scored by the learned evaluation."""
    from fcm.bots.search import FastHardBot

    state, seat = _working(2, 3, 2)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = FastHardBot(1, rollouts=6)
    cands = bot.candidates(v, seat, legal, bot.medium.choose(v, seat, legal))[:3]
    calls = []
    monkeypatch.setattr(MediumBot, "choose", lambda self, *a: calls.append(a) or a[2][0])
    _, counts = bot.evaluate(v, seat, cands)
    assert calls == [] and counts == [2, 2, 2] and bot.stats["steps"] > 6 * 20


def test_fast_rollouts_pair_every_candidate_on_the_same_draws_and_models():
    """Common random numbers: each rollout gets fresh models with the draw's seeds, so the same
    move played twice on a draw scores the same (a model's generator is not carried over from
    the previous candidate's rollout)."""
    from fcm.bots.search import FastHardBot

    state, seat = _working(2, 3, 2)
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = FastHardBot(1, rollouts=6)
    move = bot.medium.choose(v, seat, legal)
    means, _ = bot.evaluate(v, seat, [move, move, move])
    assert means[0] == means[1] == means[2]


def test_fast_models_the_rival_by_several_policies_and_its_own_seat_by_its_plan():
    """Rivals are drawn per determinization from four models (medium's plan for the rival,
    the easy build list, a First-to-train style, a price-war style); the searching seat always
    plays medium's plan for it."""
    from fcm.bots.ismcts import StyleBot
    from fcm.bots.search import FastHardBot
    from fcm.core.rng import Rng

    state, seat = _working(2, 3, 2)
    v = view(state, seat)
    bot = FastHardBot(1)
    bot._plans = {s: bot.medium.plan(v, s) for s in range(2)}
    rng = Rng(5)
    rivals = set()
    for k in range(40):
        models = bot.rival_models(v, seat, rng, k).fresh()  # type: ignore[attr-defined]
        own, rival = models[seat], models[1 - seat]
        assert isinstance(own, StyleBot) and own.hire_plan == bot._plans[seat].hires
        assert isinstance(rival, StyleBot)
        rivals.add(tuple(rival.hire_plan))
    assert len(rivals) >= 3
