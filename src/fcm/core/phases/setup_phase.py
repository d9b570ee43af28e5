"""Setup decisions (facts.md C; setup.json "first_restaurant_placement").

1. Bank reserve card: every player secretly and simultaneously picks one of +$100 (2 CEO slots),
   +$200 (3) or +$300 (4). Not in the introductory game.
2. First restaurants: from the last player in turn order back to the first, each places one
   restaurant or passes; then, if anyone passed, a second pass in turn order in which everyone
   who has not placed must place. A restaurant covers 4 empty squares, its entrance corner is
   next to a road, and (at setup only) its entrance may not be on a tile that already holds
   another restaurant's entrance. Setup restaurants are open.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fcm.core.actions import DONE, Action, ChooseReserve, Done, PlaceRestaurant
from fcm.core.catalog import ReserveCard
from fcm.core.company import board_of, occupied_squares
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.state import GameState, Phase, Player, Restaurant
from fcm.core.types import Seat, corner_cell, tile_of


def begin(state: GameState, log: EventLog) -> None:
    if state.turn.phase is Phase.SETUP_RESERVE:
        state.turn.pending = list(range(state.num_players))
    else:
        state.turn.setup_passed = []
        state.turn.setup_second_pass = False
        state.turn.index = 0


def _placing_order(state: GameState) -> list[Seat]:
    if state.turn.setup_second_pass:
        return [s for s in state.turn_order if s in state.turn.setup_passed]
    return list(reversed(state.turn_order))


def actors(state: GameState) -> list[Seat]:
    if state.turn.phase is Phase.SETUP_RESERVE:
        return list(state.turn.pending)
    order = _placing_order(state)
    if state.turn.index < len(order):
        return [order[state.turn.index]]
    return []


def first_restaurant_placements(state: GameState) -> list[PlaceRestaurant]:
    board = board_of(state)
    entrance_tiles = {tile_of(corner_cell(r.cell, r.entrance)) for r in state.restaurants}
    return [
        PlaceRestaurant(cell, corner)
        for cell, corner in board.legal_restaurant_placements(
            occupied_squares(state), forbidden_entrance_tiles=entrance_tiles
        )
    ]


def reserve_choices(state: GameState) -> list[tuple[ReserveCard, Action]]:
    """Each reserve card of the game with the action that chooses it (a module's cards that
    carry more than their money: its own action, ``Extensions.reserve_cards``)."""
    cards = state.rules.catalog.reserve_cards
    point = state.rules.extensions.reserve_cards
    if not point:
        return [(card, ChooseReserve(card.money)) for card in cards]
    return [(card, point[0].choose(card)) for card in cards]


def reserve_card(state: GameState, player: Player) -> ReserveCard | None:
    """The reserve card ``player`` holds (None: none chosen yet, or hidden in a view)."""
    if player.reserve is None:
        return None
    point = state.rules.extensions.reserve_cards
    if point:
        return point[0].held(state, player)
    return next((c for c in state.rules.catalog.reserve_cards if c.money == player.reserve), None)


def legal(state: GameState, seat: Seat) -> list[Action]:
    if state.turn.phase is Phase.SETUP_RESERVE:
        return [action for _, action in reserve_choices(state)]
    out: list[Action] = list(first_restaurant_placements(state))
    if not state.turn.setup_second_pass or not out:
        out.append(DONE)  # pass (the second pass must place when it can)
    return out


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    if state.turn.phase is Phase.SETUP_RESERVE:
        point = state.rules.extensions.reserve_cards
        if point:  # a module's cards
            return point[0].why(state)
        return Reason("setup.choose_reserve", "choose one reserve card: 100, 200 or 300")
    if isinstance(action, PlaceRestaurant):
        return Reason(
            "setup.first_restaurant",
            "a first restaurant needs 4 empty squares, its entrance next to a road and not on a "
            "tile with another restaurant's entrance (facts.md C)",
        )
    if isinstance(action, Done):
        return Reason("setup.second_pass",
                      "in the second pass every player who passed must place a restaurant")
    return None


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    if state.turn.phase is Phase.SETUP_RESERVE:
        assert isinstance(action, ChooseReserve)
        p = state.players[seat]
        p.reserve = action.money
        point = state.rules.extensions.reserve_cards
        more: Mapping[str, Any] = {}
        if point:  # what a module's card carries besides its money
            card = next(c for c, a in reserve_choices(state) if a == action)
            more = point[0].give(p, card)
        state.turn.pending.remove(seat)
        log.add(EventKind.RESERVE_CHOSEN, seat=seat)
        log.add(EventKind.RESERVE_CARD, visible_to=(seat,), seat=seat, money=action.money, **more)
        return
    if isinstance(action, PlaceRestaurant):
        p = state.players[seat]
        state.restaurants.append(
            Restaurant(seat, p.restaurants_placed, action.cell, action.entrance, open=True)
        )
        p.restaurants_placed += 1
        log.add(
            EventKind.RESTAURANT_PLACED,
            seat=seat,
            cell=list(action.cell),
            entrance=action.entrance.value,
            open=True,
            by="setup",
        )
    elif not state.turn.setup_second_pass:
        state.turn.setup_passed.append(seat)
        log.add(EventKind.RESTAURANT_PASSED, seat=seat)
    state.turn.index += 1
    turn = state.turn
    if not turn.setup_second_pass and turn.index >= state.num_players and turn.setup_passed:
        state.turn.setup_second_pass = True
        state.turn.index = 0


def finish(state: GameState, log: EventLog) -> Phase:
    if state.turn.phase is Phase.SETUP_RESERVE:
        return Phase.SETUP_RESTAURANTS
    return Phase.RESTRUCTURING
