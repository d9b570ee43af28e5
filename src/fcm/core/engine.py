"""The engine: who decides, what is legal, and applying actions.

Each phase's rules come from the state's ruleset (``state.rules.phases``, one
:class:`~fcm.core.ruleset.PhaseRules` per phase), so a variant can replace a phase.

One legal-action generator per phase serves everything: validation in :func:`apply`, bots, the
UI and the research environment. :func:`apply` is the validating path (pure: the input state is
never touched); :func:`apply_in_place` is the fast unchecked path for bots and replays that
already hold a legal action. Both run the same rules code.
"""

from __future__ import annotations

from typing import Final

from fcm.core.actions import Action
from fcm.core.errors import GameOverError, IllegalActionError, NotYourTurnError, Reason
from fcm.core.events import Event, EventKind, EventLog
from fcm.core.state import GameState, Phase
from fcm.core.types import Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_CLEANUP: Final = Phase.CLEANUP
_EVENTKIND_GAME_OVER: Final = EventKind.GAME_OVER
_PHASE_STARTED: Final = EventKind.PHASE_STARTED
_RESTRUCTURING: Final = Phase.RESTRUCTURING
_ROUND_STARTED: Final = EventKind.ROUND_STARTED
_WORKING: Final = Phase.WORKING

# Said in results whenever the simulation cap (Options.round_limit), not a rule, ended a game.
ROUND_LIMIT_REASON = "round limit reached (a simulation cap, not a rule of the game)"
# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python 3.11).
GAME_OVER: Final = Phase.GAME_OVER


def current_actors(state: GameState) -> list[Seat]:
    """The seats that must decide now: one in turn-order phases, several in simultaneous
    secret decisions (reserve card, Restructuring, Payday firing), none when the game is over."""
    if state.turn.phase is GAME_OVER:
        return []
    actors: list[Seat] = state.rules.phases[state.turn.phase].actors(state)
    return actors



def is_over(state: GameState) -> bool:
    return state.turn.phase is GAME_OVER


def legal_actions(state: GameState, seat: Seat) -> list[Action]:
    """Every legal action of ``seat`` now, in a deterministic order (empty if it may not act)."""
    if seat not in current_actors(state):
        return []
    actions: list[Action] = state.rules.phases[state.turn.phase].legal(state, seat)
    return actions


def is_legal(state: GameState, seat: Seat, action: Action) -> bool:
    if action in legal_actions(state, seat):
        return True
    try:
        _checked(state, seat, action)
    except IllegalActionError:
        return False
    return True


def check_action(state: GameState, seat: Seat, action: Action) -> None:
    """Raise the error that explains why ``action`` is not legal for ``seat`` now.

    Raises:
        GameOverError: the game has ended.
        NotYourTurnError: ``seat`` may not act now.
        IllegalActionError: the action is not among the legal ones (the message names the
            phase, the step and the rule).
    """
    _checked(state, seat, action)


def _checked(state: GameState, seat: Seat, action: Action) -> Action:
    """:func:`check_action`, returning the action as the rules apply it: a drawn action (a drink
    route, an org chart) is the phase rules' ``resolve_drawn`` question."""
    if state.turn.phase is GAME_OVER:
        raise GameOverError("the game is over: no action is legal",
                            reason=Reason("game_over", "the game is over: no action is legal"))
    if not 0 <= seat < state.num_players:
        raise NotYourTurnError(
            f"there is no seat {seat} in this {state.num_players}-player game",
            reason=Reason("no_such_seat",
                          f"there is no seat {seat} in this {state.num_players}-player game",
                          seat=seat, players=state.num_players))
    actors = current_actors(state)
    if seat not in actors:
        # the reason, typed: who the game waits for, in which round and phase (the page names
        # the seats and the phase in the reader's language)
        raise NotYourTurnError(
            f"seat {seat} may not act now: {_where(state)} waits for seat(s) {actors}",
            reason=Reason("not_your_turn", f"round {state.round}, {state.turn.phase.value} "
                          f"waits for seat(s) {actors}",
                          round=state.round, phase=state.turn.phase.value,
                          seats=sorted(actors)),
        )
    legal = legal_actions(state, seat)
    if action in legal:
        return action
    rules = state.rules.phases[state.turn.phase]
    drawn = rules.resolve_drawn(state, seat, action, legal)
    if isinstance(drawn, Action):
        return drawn
    reason = drawn or rules.why_illegal(state, seat, action)
    if reason is None:
        kinds = sorted({a.type for a in legal})
        reason = Reason("legal_types", f"legal action types now: {', '.join(kinds)}",
                        types=kinds)
    raise IllegalActionError(f"'{action}' is not legal in {_where(state)}: {reason}",
                             reason=reason if isinstance(reason, Reason) else None)


def _where(state: GameState) -> str:
    where = f"round {state.round}, {state.turn.phase.value}"
    if state.turn.phase is _WORKING and state.turn.working is not None:
        where += f" (seat {state.turn.working.seat}, step {state.turn.working.step.value})"
    return where


def apply(state: GameState, seat: Seat, action: Action) -> tuple[GameState, list[Event]]:
    """Validate and apply; return the new state and the events. ``state`` is never changed.

    Raises:
        GameOverError, NotYourTurnError, IllegalActionError: see :func:`check_action`.
    """
    applied = _checked(state, seat, action)
    new = state.clone()
    events = apply_in_place(new, seat, applied)
    return new, events


def apply_in_place(state: GameState, seat: Seat, action: Action) -> list[Event]:
    """The fast path: apply an action known to be legal, mutating ``state``."""
    log = EventLog()
    state.rules.phases[state.turn.phase].act(state, seat, action, log)
    advance(state, log)
    return log


def advance(state: GameState, log: EventLog) -> None:
    """Resolve phases that need no decision until someone must decide or the game is over."""
    while state.turn.phase is not GAME_OVER and not current_actors(state):
        nxt: Phase = state.rules.phases[state.turn.phase].finish(state, log)
        enter_phase(state, nxt, log)


def enter_phase(state: GameState, phase: Phase, log: EventLog) -> None:
    if phase is _RESTRUCTURING and state.turn.phase is _CLEANUP:
        limit = state.options.round_limit
        if limit is not None and state.round >= limit:
            end_game(state, log, reason=ROUND_LIMIT_REASON)
            return
        state.round += 1
        log.add(_ROUND_STARTED, round=state.round)
    state.turn.phase = phase
    if phase is GAME_OVER:
        if not state.ranking:
            end_game(state, log, reason=state.end_reason or "game over")
        return
    log.add(_PHASE_STARTED, phase=phase.value, round=state.round)
    state.rules.phases[phase].begin(state, log)


def end_game(state: GameState, log: EventLog, *, reason: str) -> None:
    """Game end and ranking (facts.md E.9): most cash wins; ties by earlier turn order."""
    state.turn.phase = GAME_OVER
    state.end_reason = reason
    order = {s: i for i, s in enumerate(state.turn_order)}
    state.ranking = sorted(
        range(state.num_players), key=lambda s: (-state.players[s].cash, order.get(s, s))
    )
    state.turn.pending.clear()
    state.turn.working = None
    log.add(
        _EVENTKIND_GAME_OVER,
        reason=reason,
        ranking=list(state.ranking),
        cash={str(s): state.players[s].cash for s in range(state.num_players)},
    )
