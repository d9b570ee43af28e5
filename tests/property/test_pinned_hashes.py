"""Final state hashes of a few seeded bot games, pinned (issue 11, item 7: every speed-up leaves
them identical).

An optimisation of the engine, the views or the geometry never changes one of these. A change
that is meant to change play (a rules fix, a new ``Options`` field, which is part of the hash, or
a bot's strategy) re-pins the affected games and says why in its commit.
"""

from __future__ import annotations

import pytest

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

# (seat bots, seed, introductory) -> (final hash, rounds, actions). The random games end at the
# simulation cap: re-pinned when that end reason came to say "(a simulation cap, not a rule of
# the game)"; same rounds and actions, and the same hash with the old wording.
PINNED: list[tuple[tuple[str, ...], int, bool, tuple[str, int, int]]] = [
    (("random",) * 2, 1, False, ("67c2a37c3976f06d", 60, 548)),
    (("random",) * 4, 2, False, ("b267d33a248085ec", 60, 1267)),
    (("random",) * 5, 3, True, ("e84c98a480a3b92a", 60, 2775)),
    (("heuristic",) * 3, 4, False, ("c8d32f4172f4b8cf", 12, 437)),
    (("heuristic",) * 4, 5, False, ("55fd42e22b04ec5f", 15, 858)),
    (("heuristic", "random", "heuristic", "random"), 6, False, ("15c792da201acccf", 16, 598)),
]


@pytest.mark.parametrize(("names", "seed", "intro", "expected"), PINNED)
def test_seeded_games_end_in_their_pinned_state(names, seed, intro, expected):
    bots = [make_bot(name, seed * 10 + i) for i, name in enumerate(names)]
    # bot games under the simulation cap (Options.round_limit; off in real games)
    result = play_game(bots, seed, Options(introductory=intro, round_limit=SIMULATION_ROUND_LIMIT))
    got = (result.state.state_hash(), result.state.round, len(result.record.actions))
    assert got == expected
