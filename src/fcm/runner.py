"""Running whole games between bots: the loop shared by the CLI, simulation and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fcm.bots.base import NO_VIEW, Bot, reads_view
from fcm.core.engine import apply, apply_in_place, current_actors
from fcm.core.errors import InvariantError
from fcm.core.events import Event
from fcm.core.state import GameState, Options
from fcm.core.views import view
from fcm.games import new_game_with_events
from fcm.record import GameRecord

MAX_ACTIONS = 200_000
# What ``fcm simulate``, ``fcm play`` and ``fcm verify`` cap bot games at (Options.round_limit):
# a simulation setting so that games between weak bots end, not a rule of the game.
SIMULATION_ROUND_LIMIT = 60


@dataclass(slots=True)
class GameResult:
    record: GameRecord
    state: GameState
    events: list[Event] = field(default_factory=list)

    @property
    def ranking(self) -> list[int]:
        return self.state.ranking


def play_game(
    bots: Sequence[Bot],
    seed: int,
    options: Options | None = None,
    *,
    checked: bool = False,
    keep_events: bool = False,
    on_step: Callable[[GameState, int, object], None] | None = None,
) -> GameResult:
    """Play a whole game between ``bots`` (one per seat) from ``seed``.

    Bots see only their own view. ``checked`` validates every action through the safe path
    (slower); otherwise the fast in-place path applies the bot's choice, which is legal by
    construction because it was picked from the legal actions.
    """
    opts = options or Options()
    state, events = new_game_with_events(len(bots), seed, opts)
    record = GameRecord(players=len(bots), seed=seed, options=opts)
    all_events: list[Event] = list(events) if keep_events else []
    steps = 0
    sees = [reads_view(b) for b in bots]  # a bot that never looks is not given a view
    while not state.ranking:
        actors = current_actors(state)
        if not actors:
            raise InvariantError(f"no actor in phase {state.turn.phase} but the game is not over")
        for n, seat in enumerate(actors):
            if n and seat not in current_actors(state):  # an earlier seat's action moved on
                continue
            # ``seat`` is an actor: the phase's generator directly (legal_actions checks that)
            legal = state.rules.phases[state.turn.phase].legal(state, seat)
            if not legal:
                phase = state.turn.phase
                raise InvariantError(f"seat {seat} must act in {phase} but has no action")
            action = bots[seat].choose(view(state, seat) if sees[seat] else NO_VIEW, seat, legal)
            if checked:
                state, new_events = apply(state, seat, action)
            else:
                new_events = apply_in_place(state, seat, action)
            record.actions.append((seat, action))
            if keep_events:
                all_events.extend(new_events)
            if on_step is not None:
                on_step(state, seat, action)
            steps += 1
            if steps > MAX_ACTIONS:
                raise InvariantError(f"game from seed {seed} did not end in {MAX_ACTIONS} actions")
    record.final_hash = state.state_hash()
    return GameResult(record, state, all_events)
