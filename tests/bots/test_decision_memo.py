"""What the bots keep between their questions in a game with modules (issue 25 item 4: a game
with every module at most 1.5x the base game's time) must never change a choice: the memo of a
decision lives only while the bot decides on that view, the Restructuring plan only while the
seat's draft of that phase grows, and the houses a bot weighs for several placements at once
are those the rules reach for each."""

from __future__ import annotations

from fcm.bots import advice
from fcm.bots.heuristic import HeuristicBot, campaign_probe
from fcm.core.actions import PlaceCampaign
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.phases.marketing import houses_reached, houses_reached_by
from fcm.core.state import GameState, Options, Phase
from fcm.core.types import Good
from fcm.core.views import view
from fcm.games import new_game
from fcm.rulesets import module_problem, playable_modules

SEED = 3


def every_module() -> frozenset[str]:
    """Every module less one side of an exclusion (a set the rules allow)."""
    mods = frozenset(playable_modules())
    return next(mods - {m} for m in sorted(mods) if module_problem(mods - {m}) is None)


def module_game() -> GameState:
    return new_game(4, SEED, Options(modules=every_module(), round_limit=6))


def test_memo_keeps_a_value_only_while_deciding_on_that_view() -> None:
    state = module_game()
    a, b = view(state, 0), view(state, 0)
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    assert advice.memo(a, "k", make) == 1 and advice.memo(a, "k", make) == 2  # not deciding
    with advice.deciding(a):
        assert advice.memo(a, "k", make) == 3
        assert advice.memo(a, "k", make) == 3  # kept for this decision
        assert advice.memo(b, "k", make) == 4  # another view (even equal) is not the one
        with advice.deciding(b):  # a bot asking another bot: its own decision, its own memo
            assert advice.memo(b, "k", make) == 5
            assert advice.memo(a, "k", make) == 6
        assert advice.memo(a, "k", make) == 3
    assert advice.memo(a, "k", make) == 7  # the decision is over


def test_restructuring_plan_kept_per_phase_chooses_as_a_fresh_bot() -> None:
    """One bot plays every Restructuring of the game (its plan kept while the seat's draft
    grows); a new bot asked on every view must choose the same card each time, round after
    round (a plan kept past its phase would send last round's cards)."""
    state = module_game()
    kept = [HeuristicBot(SEED * 10 + s) for s in range(4)]
    compared = rounds = 0
    while not state.ranking and state.round <= 6:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        action = kept[seat].choose(view(state, seat), seat, legal)
        if state.turn.phase is Phase.RESTRUCTURING and len(legal) > 1:
            assert HeuristicBot(SEED * 10 + seat).choose(view(state, seat), seat, legal) == action
            compared += 1
            rounds = max(rounds, state.round)
        apply_in_place(state, seat, action)
    assert compared > 20 and rounds >= 4


def test_houses_reached_by_several_placements_are_each_campaigns_reach() -> None:
    """Marketing's reach (excerpt 000 "Phase 6"), asked for every legal placement of a tile at
    once, equals the houses each campaign alone reaches, in house order."""
    state = module_game()
    checked = 0
    while not state.ranking and checked < 3:
        seat = current_actors(state)[0]
        legal = legal_actions(state, seat)
        places = [a for a in legal if isinstance(a, PlaceCampaign)]
        working = state.turn.working
        if places and working is not None and working.draft is not None:
            tile = state.rules.catalog.campaigns[working.draft.number]
            probes = [campaign_probe(state, seat, tile, a, Good.BURGER) for a in places]
            assert houses_reached_by(state, probes) == [houses_reached(state, p) for p in probes]
            assert any(houses_reached(state, p) for p in probes)
            checked += 1
        apply_in_place(state, seat, HeuristicBot(seat).choose(view(state, seat), seat, legal))
    assert checked == 3
