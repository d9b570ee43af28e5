"""Phase 2, Order of Business (excerpt 000 "Phase 2"; facts.md E.1).

Players choose a free position on the turn order track, the one with the most open slots first
(First airplane campaign counts 2 more); ties go to the player earlier in the previous turn
order. The last chooser takes the last free position without a decision.
"""

from __future__ import annotations

from typing import Final

from fcm.core.actions import Action, ChooseTurnOrder, turn_order_of
from fcm.core.company import open_slots
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import table_rules
from fcm.core.state import GameState, Phase
from fcm.core.types import Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_ORDER_OF_BUSINESS: Final = EventKind.ORDER_OF_BUSINESS
_TURN_ORDER: Final = EventKind.TURN_ORDER
_TURN_ORDER_CHOSEN: Final = EventKind.TURN_ORDER_CHOSEN
_WORKING: Final = Phase.WORKING


def begin(state: GameState, log: EventLog) -> None:
    previous = {s: i for i, s in enumerate(state.turn_order)}
    slots = {s: open_slots(state, s) for s in range(state.num_players)}
    state.turn.order_choosers = sorted(slots, key=lambda s: (-slots[s], previous[s]))
    first: list[Seat] = []
    if state.rules.extensions.table_rules:
        first += table_rules(state).choose_first
    if first:
        rest = [s for s in state.turn.order_choosers if s not in first]
        state.turn.order_choosers = first + rest
    state.turn.new_order = [None] * state.num_players
    log.add(
        _ORDER_OF_BUSINESS,
        open_slots={str(s): n for s, n in slots.items()},
        choosing_order=list(state.turn.order_choosers),
    )


def _free_positions(state: GameState) -> list[int]:
    return [i + 1 for i, s in enumerate(state.turn.new_order) if s is None]


def actors(state: GameState) -> list[Seat]:
    if len(state.turn.order_choosers) > 1:
        return [state.turn.order_choosers[0]]
    return []


def legal(state: GameState, seat: Seat) -> list[Action]:
    return [turn_order_of(pos) for pos in _free_positions(state)]


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    if isinstance(action, ChooseTurnOrder):
        return Reason("order.position_taken",
                      f"position {action.position} is not free; free: {_free_positions(state)}",
                      position=action.position, free=_free_positions(state))
    return Reason("order.choose_free", "in Order of Business you choose a free turn order position")


def _take(state: GameState, seat: Seat, position: int, log: EventLog) -> None:
    state.turn.new_order[position - 1] = seat
    state.turn.order_choosers.remove(seat)
    log.add(_TURN_ORDER_CHOSEN, seat=seat, position=position)


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    assert isinstance(action, ChooseTurnOrder)
    _take(state, seat, action.position, log)


def finish(state: GameState, log: EventLog) -> Phase:
    if state.turn.order_choosers:
        _take(state, state.turn.order_choosers[0], _free_positions(state)[0], log)
    state.turn_order = [s for s in state.turn.new_order if s is not None]
    state.turn.new_order = []
    log.add(_TURN_ORDER, order=list(state.turn_order))
    return _WORKING
