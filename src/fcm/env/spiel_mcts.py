"""OpenSpiel's MCTS as a bot: ``OpenSpielMCTSBot`` plays a seat of an ``fcm`` game by running
``open_spiel.python.algorithms.mcts.MCTSBot`` on the game ``python_fcm`` made sequential by
``pyspiel.convert_to_turn_based`` (docs/research.md, "OpenSpiel MCTS").

At each decision with more than one legal action the bot

1. draws a *determinization* of its view (a full position consistent with what its seat sees:
   the others' hidden reserve cards drawn as the hard bot draws them, fresh chance), so the
   search never reads a secret;
2. builds the OpenSpiel game from that position (a ``python_fcm`` game whose initial state is
   it) and converts it to turn-based: a simultaneous decision becomes one seat after another
   (the earlier seats of an unfinished secret decision are given random legal moves: their real
   ones are hidden);
3. runs ``simulations`` MCTS iterations (UCT, ``uct_c``) whose leaves are valued by
   :class:`CashRolloutEvaluator`: ``depth`` uniformly random moves, then each seat's cash lead
   over its best rival squashed to ``tanh(lead / 50)`` (the game's rank reward at a real end):
   rollouts to the end of a game are hundreds of moves, far too slow to run per leaf.

Needs the extra ``rl`` (open-spiel).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from fcm.env._deps import require

require("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

from fcm.bots.search import HardBot  # noqa: E402
from fcm.core.actions import Action  # noqa: E402
from fcm.core.company import board_of  # noqa: E402
from fcm.core.rng import Rng  # noqa: E402
from fcm.core.state import GameState  # noqa: E402
from fcm.core.types import Seat  # noqa: E402
from fcm.env.encoding import action_codes, code_of, encoding_of  # noqa: E402
from fcm.env.openspiel import FcmGame, FcmState  # noqa: E402

SIMULATIONS = 8
DEPTH = 20
UCT_C = 2.0
CASH_SCALE = 50.0  # dollars of lead worth tanh(1) of a win
_CASH = re.compile(r"cash ((?:\$-?\d+ ?)+)")


class _PositionGame(FcmGame):
    """``python_fcm`` whose initial state is a given engine position (after the setup)."""

    def __init__(self, position: GameState) -> None:
        options = position.options
        super().__init__(
            {
                "players": position.num_players,
                "round_limit": options.round_limit or 0,
                "modules": "+".join(sorted(options.modules)),
            }
        )
        self.position = position

    def new_initial_state(self) -> FcmState:
        state = _PositionState(self)
        state._box.state = self.position.clone()  # the setup's chance nodes are behind us
        return state


class _PositionState(FcmState):
    """A ``python_fcm`` state whose copy (what every MCTS simulation starts with) clones the
    engine state and nothing else: the generic deep copy also copied the memo of legal
    actions and the encoding, four times the cost of the position itself."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _PositionState:
        new = _PositionState(self.get_game())
        assert self.fcm is not None
        new._box.state = self.fcm.clone()
        new.own_moves = [list(m) for m in self.own_moves]
        return new


def cash_of(state: Any) -> list[int] | None:
    """Every seat's cash, read from the state's string (the turn-based wrapper shows the
    ``python_fcm`` state's string, ``... cash $a $b ...``, and exposes nothing else of it)."""
    m = _CASH.search(str(state))
    return None if m is None else [int(c[1:]) for c in m.group(1).split()]


class CashRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: ``depth`` random moves, then the returns at a real end, else each seat's
    ``tanh(cash lead over its best rival / CASH_SCALE)``; the prior is uniform."""

    def __init__(self, depth: int = DEPTH, random_state: np.random.RandomState | None = None):
        self.depth = depth
        self._rng = random_state or np.random.RandomState()

    def evaluate(self, state: Any) -> np.ndarray:
        working = state.clone()
        for _ in range(self.depth):
            if working.is_terminal():
                break
            if working.is_chance_node():
                outcomes, probs = zip(*working.chance_outcomes(), strict=True)
                working.apply_action(int(self._rng.choice(outcomes, p=probs)))
            else:
                working.apply_action(int(self._rng.choice(working.legal_actions())))
        if working.is_terminal():
            return np.array(working.returns())
        cash = cash_of(working)
        if cash is None:  # pragma: no cover - the string always has the cash
            return np.zeros(len(working.returns()))
        leads = [c - max(cash[:s] + cash[s + 1 :]) for s, c in enumerate(cash)]
        return np.array([math.tanh(x / CASH_SCALE) for x in leads])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielMCTSBot:
    """A bot (the :class:`fcm.bots.Bot` protocol) that decides by OpenSpiel's MCTS on a
    determinization of its view (see the module doc). Deterministic for a seed."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        simulations: int = SIMULATIONS,
        depth: int = DEPTH,
        uct_c: float = UCT_C,
    ) -> None:
        self.seed = seed
        self.simulations, self.depth, self.uct_c = simulations, depth, uct_c
        self._rng = Rng(seed)
        self._np = np.random.RandomState(seed % 2**32)
        self._sampler = HardBot(seed)  # only its determinize()

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        position = self._sampler.determinize(view, seat, self._rng)
        game = pyspiel.convert_to_turn_based(_PositionGame(position))
        state = game.new_initial_state()
        # earlier seats of a secret decision still open: random legal moves (theirs are hidden)
        while state.current_player() != seat:
            if state.is_terminal() or state.current_player() < 0:
                raise RuntimeError(f"seat {seat} is not to move in the searched position")
            state.apply_action(int(self._np.choice(state.legal_actions())))
        bot = mcts.MCTSBot(
            game,
            self.uct_c,
            self.simulations,
            CashRolloutEvaluator(self.depth, self._np),
            solve=False,
            random_state=self._np,
        )
        index = int(bot.step(state))
        codes = action_codes(board_of(view), encoding_of(view))
        for a in legal:
            if code_of(codes, view, a) == index:
                return a
        raise RuntimeError(f"MCTS chose index {index}, which is not among the legal actions")
