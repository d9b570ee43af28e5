"""The information-set search (issue 30 item 1): determinizations drawn from the view only,
progressive widening over the legal actions past medium's choice, paired edges, several rival
models, and the budget."""

from __future__ import annotations

import pytest

import fcm.bots.ismcts as ismcts
from fcm.bots.ismcts import IsmctsBot, Node, StyleBot
from fcm.bots.medium import MediumBot
from fcm.core.actions import ChooseReserve, Hire
from fcm.core.company import owned_cards
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.rng import Rng
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId
from fcm.core.views import view
from fcm.games import new_game


def _first_hire(players: int = 2, seed: int = 3) -> tuple[GameState, int]:
    """Round 1's first Working decision (the CEO's one hire), reserves chosen."""
    state = new_game(players, seed)
    bots = [MediumBot(i) for i in range(players)]
    while True:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        if state.turn.phase is Phase.WORKING and any(isinstance(a, Hire) for a in legal):
            return state, seat
        pick = ChooseReserve(300) if isinstance(legal[0], ChooseReserve) else None
        apply_in_place(state, seat, pick or bots[seat].choose(view(state, seat), seat, legal))


def test_determinization_never_uses_a_card_the_seat_cannot_see():
    """views.py: a rival's reserve card is hidden before the first bank break. Two games that
    differ only in that card give the seat the same view, hence the same determinizations,
    and no draw is the true card's impossible stand-in."""
    state, seat = _first_hire()
    rival = 1 - seat
    assert state.players[rival].reserve == 300
    other = state.clone()
    other.players[rival].reserve = 100
    marked = state.clone()
    marked.players[rival].reserve = 12345  # no such card: it may never appear in a draw
    bot = IsmctsBot(1)
    draws = []
    for s in (state, other, marked):
        rng = Rng(7)
        draws.append([bot.determinize(view(s, seat), seat, rng) for _ in range(20)])
    got = [[d.players[rival].reserve for d in ds] for ds in draws]
    assert got[0] == got[1] == got[2]
    assert 12345 not in got[2] and set(got[0]) <= {100, 200, 300}
    # the chance state is drawn afresh, never the game's
    assert all(d.rng != state.rng for d in draws[0])


def test_search_widens_past_medium_and_finds_a_winning_move_medium_ranks_low(monkeypatch):
    """Progressive widening over the legal set: when the evaluation says the last hire in the
    prior's order wins $500 more, the search reaches it and plays it, although medium does
    not propose it."""
    state, seat = _first_hire()
    v, legal = view(state, seat), legal_actions(state, seat)
    bot = IsmctsBot(1, rollouts=300)
    proposal = MediumBot(1).choose(v, seat, legal)
    order = bot.prior_order(v, seat, legal, proposal)
    target = [a for a in order if isinstance(a, Hire)][-1]
    assert target != proposal and order.index(target) >= 4
    card = target.employee  # type: ignore[attr-defined]

    def fake_value(st: GameState, s: int, policy: object) -> float:
        return 500.0 if owned_cards(st, s)[card] else 0.0

    monkeypatch.setattr(ismcts, "position_value", fake_value)
    monkeypatch.setattr(IsmctsBot, "_rollout", staticmethod(lambda st, pol, r: 0))
    assert bot.choose(v, seat, legal) == target
    assert bot.paired_edges(proposal)[target][0] == pytest.approx(500.0)
    # with a flat evaluation nothing beats medium's choice by the margin: medium's is played
    monkeypatch.setattr(ismcts, "position_value", lambda st, s, p: 0.0)
    assert IsmctsBot(1, rollouts=300).choose(v, seat, legal) == proposal


def test_rivals_are_modelled_by_more_than_one_policy(monkeypatch):
    """Each batch draws a model per rival (the styles and medium's plan for it); the seat
    itself always plays on by medium's plan."""
    state, seat = _first_hire()
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    real = IsmctsBot._policy

    def spy(style: str, sd: int, plan: object) -> object:
        policy = real(style, sd, plan)
        spy.last.append(style)  # type: ignore[attr-defined]
        return policy

    spy.last = []  # type: ignore[attr-defined]
    monkeypatch.setattr(IsmctsBot, "_policy", staticmethod(spy))
    monkeypatch.setattr(IsmctsBot, "_rollout", staticmethod(lambda st, pol, r: 0))
    bot = IsmctsBot(2, rollouts=60)
    bot.choose(view(state, seat), seat, legal_actions(state, seat))
    styles = spy.last  # type: ignore[attr-defined]
    for i, style in enumerate(styles):
        seen[i % 2].add(style)
    assert seen[seat] == {"medium"}
    assert len(seen[1 - seat]) >= 2


def test_rollout_styles_play_legally_and_cheaply():
    """The rollout policies pick legal actions; a style's build list is its own."""
    state, seat = _first_hire()
    trainer = ismcts.rollout_policy("trainer", 1)
    assert isinstance(trainer, StyleBot)
    legal = legal_actions(state, seat)
    assert trainer.choose(state, seat, legal) == Hire(EmployeeId.TRAINER)
    played = state.clone()
    steps = IsmctsBot._rollout(played, {s: ismcts.rollout_policy("easy", s)
                                        for s in range(2)}, 2)
    # two rounds on: round 3's Restructuring, where the value is taken
    assert steps > 10 and played.round == 3 and played.turn.phase is Phase.RESTRUCTURING


def test_a_deadline_stops_the_search(monkeypatch):
    """``think`` is a wall-clock deadline (the server's): with none left, one iteration."""
    state, seat = _first_hire()
    bot = IsmctsBot(1, think=0.0)
    root = bot.search(view(state, seat), seat, legal_actions(state, seat),
                      legal_actions(state, seat)[0])
    assert isinstance(root, Node) and bot.stats["rollouts"] == 1


def test_a_style_sends_the_same_structure_as_the_easy_bot():
    """StyleBot packs a Restructuring's structure once per hand (cached): every card it sends
    is the one the easy bot's packing sends, over two rounds of play."""
    from fcm.bots.heuristic import HeuristicBot

    state, _ = _first_hire()
    played = state.clone()
    style = {s: ismcts.rollout_policy("easy", s) for s in range(2)}
    compared = 0
    while played.round < 4 and played.turn.phase is not Phase.GAME_OVER:
        s = current_actors(played)[0]
        legal = legal_actions(played, s)
        a = style[s].choose(played, s, legal)
        if played.turn.phase is Phase.RESTRUCTURING and len(legal) > 1:
            assert a == HeuristicBot(s)._restructure(played, s, legal)
            compared += 1
        apply_in_place(played, s, a)
    assert compared >= 4
