"""Steps 6 and 7 of a Working 9–5 turn: houses and gardens, then restaurants (excerpt
"Working 9–5"; facts.md E.2).

New Business Developer: place a house tile with its garden (any number still in the supply; the
2x2 house and 2x1 garden form a 2x3 rectangle on empty squares, some square next to a road,
anywhere), or add a garden to a house without one (empty squares, a 2x3 rectangle with it).

Local Manager: a new restaurant with a Coming Soon sign, its entrance next to a road square the
manager reached within road range 3 from an entrance of one of your open restaurants
(conventions.md #1; option ``local_manager_any_road``: the entrance next to any road, some square
of the restaurant next to a reached road). Regional Manager: a new restaurant anywhere, open at
once with a drive-in; or move one of your open restaurants anywhere (its own squares count as
free; it stays open and keeps its drive-in; turning in place is a move to the same squares with
another entrance). At most 3 restaurants per chain. A restaurant covers 4 empty squares.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from fcm.core import milestones
from fcm.core.actions import Action, AddGarden, MoveRestaurant, PlaceHouse, PlaceRestaurant
from fcm.core.company import board_of, occupied_squares
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.state import GameState, House, Restaurant, WorkingTurn, WorkStep
from fcm.core.types import Cell, Corner, EmployeeId

from .common import jcell, jcells, open_spots, rule, unused_of, use_card

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_GARDEN_ADDED: Final = EventKind.GARDEN_ADDED
_HOUSES: Final = WorkStep.HOUSES
_HOUSE_PLACED: Final = EventKind.HOUSE_PLACED
_RESTAURANTS: Final = WorkStep.RESTAURANTS
_RESTAURANT_MOVED: Final = EventKind.RESTAURANT_MOVED
_RESTAURANT_PLACED: Final = EventKind.RESTAURANT_PLACED

# annotated: mypyc (make compiled) cannot infer these through the import cycle
DEVELOPER: EmployeeId = EmployeeId.NEW_BUSINESS_DEVELOPER
LOCAL: EmployeeId = EmployeeId.LOCAL_MANAGER
REGIONAL: EmployeeId = EmployeeId.REGIONAL_MANAGER
PLACERS = frozenset({LOCAL, REGIONAL})


def _houses(text: str) -> str:
    return rule(_HOUSES, text)


def _restaurants(text: str) -> str:
    return rule(_RESTAURANTS, text)


# -- houses and gardens ---------------------------------------------------------------------


def house_options(state: GameState, turn: WorkingTurn) -> list[Action]:
    return list(iter_house_options(state, turn))


def iter_house_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """:func:`house_options` one at a time (a step-skip check stops at the first)."""
    if DEVELOPER not in turn.unused:
        return
    board = board_of(state)
    occupied = occupied_squares(state)
    numbers = sorted(state.house_supply)
    if numbers:
        first = numbers[0]
        spots = []
        for cell, garden in board.iter_house_placements(occupied):
            spots.append((cell, garden))
            yield PlaceHouse(first, cell, tuple(sorted(garden)))
        for number in numbers[1:]:
            for cell, garden in spots:
                yield PlaceHouse(number, cell, tuple(sorted(garden)))
    if state.gardens_left > 0:
        kinds = state.rules.house_kinds
        for number, house in sorted(state.houses.items()):
            if house.garden or (house.kind and kinds[house.kind].no_garden):
                continue
            for garden in board.legal_garden_placements(house.cells, occupied):
                yield AddGarden(number, tuple(sorted(garden)))


def apply_house(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    use_card(turn, DEVELOPER)
    if isinstance(action, PlaceHouse):
        state.house_supply.remove(action.number)
        state.houses[action.number] = House(action.number, action.cell, False, action.garden)
        log.add(
            _HOUSE_PLACED,
            seat=turn.seat,
            number=action.number,
            cell=jcell(action.cell),
            garden=jcells(action.garden),
        )
        milestones.card_used(state, turn.seat, DEVELOPER, log)  # a house, not a garden
        return
    assert isinstance(action, AddGarden)
    state.houses[action.house].garden = action.garden
    state.gardens_left -= 1
    log.add(
        _GARDEN_ADDED, seat=turn.seat, house=action.house, garden=jcells(action.garden)
    )


def explain_house(state: GameState, turn: WorkingTurn, action: Action) -> str:
    if DEVELOPER not in turn.unused:
        return _houses(Reason("houses.developer_only",
                          "only a New Business Developer at work places a house or a "
                          "garden (once)"))
    if isinstance(action, PlaceHouse):
        if action.number not in state.house_supply:
            return _houses(Reason("houses.not_in_supply",
                                  f"house #{action.number} is not in the supply",
                                  house=action.number))
        return _houses(Reason(
            "houses.house_spot",
            "a house comes with its garden: the 2x2 house and 2x1 garden form a 2x3 rectangle on "
            "empty squares, with an edge next to a road"
        ))
    assert isinstance(action, AddGarden)
    house = state.houses.get(action.house)
    if house is None:
        return _houses(Reason("houses.no_such_house",
                              f"there is no house #{action.house} on the map",
                              house=action.house))
    if house.kind and state.rules.house_kinds[house.kind].no_garden:
        rule = state.rules.house_kinds[house.kind].no_garden  # a module's (typed) reason
        return _houses(Reason("houses.never_garden",
                              f"house #{action.house} never gets a garden: {rule}",
                              house=action.house, rule=rule))
    if house.garden:
        return _houses(Reason("houses.has_garden", f"house #{action.house} already has a garden",
                              house=action.house))
    if state.gardens_left <= 0:
        return _houses(Reason("houses.no_garden_left", "no garden is left in the supply"))
    return _houses(Reason(
        "houses.garden_spot",
        "a garden goes on 2 empty squares making a 2 x 3 rectangle with the house"))


# -- restaurants --------------------------------------------------------------------------------


def _local_spots(state: GameState, seat: int) -> Iterator[tuple[Cell, Corner]]:
    # The step from the reached road onto an entrance on another tile counts 1 (facts.md D.1).
    return board_of(state).iter_restaurant_placements_in_road_range(
        open_spots(state, seat),
        state.rules.local_range,
        occupied_squares(state),
        any_road=state.options.local_manager_any_road,
    )


def restaurant_options(state: GameState, turn: WorkingTurn) -> list[Action]:
    return list(iter_restaurant_options(state, turn))


def iter_restaurant_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """:func:`restaurant_options` one at a time (a step-skip check stops at the first)."""
    seat = turn.seat
    managers = unused_of(turn, PLACERS)
    if not managers:
        return
    board = board_of(state)
    room = state.players[seat].restaurants_placed < state.rules.catalog.restaurants_per_player
    if LOCAL in managers and room:
        for cell, corner in _local_spots(state, seat):
            yield PlaceRestaurant(cell, corner, LOCAL)
    if REGIONAL in managers:
        if room:
            for cell, corner in board.iter_restaurant_placements(occupied_squares(state)):
                yield PlaceRestaurant(cell, corner, REGIONAL)
        for r in state.restaurants_of(seat):
            if not r.open:
                continue
            free = occupied_squares(state, ignore_restaurant=(seat, r.number))
            for cell, corner in board.iter_restaurant_placements(free):
                if (cell, corner) != (r.cell, r.entrance):
                    yield MoveRestaurant(r.number, cell, corner)


def apply_restaurant(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    seat = turn.seat
    p = state.players[seat]
    if isinstance(action, PlaceRestaurant):
        assert action.employee is not None
        use_card(turn, action.employee)
        regional = action.employee == REGIONAL
        # Regional: open at once with a drive-in; Local: Coming Soon until Clean up.
        r = Restaurant(
            seat,
            p.restaurants_placed,
            action.cell,
            action.entrance,
            open=regional,
            drive_in=regional,
        )
        p.restaurants_placed += 1
        state.restaurants.append(r)
        log.add(
            _RESTAURANT_PLACED,
            seat=seat,
            number=r.number,
            cell=jcell(r.cell),
            entrance=r.entrance.value,
            open=r.open,
            drive_in=r.drive_in,
            by=action.employee,
        )
        milestones.card_used(state, seat, action.employee, log)
        return
    assert isinstance(action, MoveRestaurant)
    use_card(turn, REGIONAL)
    moved = next(r for r in state.restaurants if r.owner == seat and r.number == action.restaurant)
    before, entrance = moved.cell, moved.entrance
    moved.cell, moved.entrance = action.cell, action.entrance
    log.add(
        _RESTAURANT_MOVED,
        seat=seat,
        number=moved.number,
        from_cell=jcell(before),
        from_entrance=entrance.value,
        cell=jcell(moved.cell),
        entrance=moved.entrance.value,
        drive_in=moved.drive_in,
    )


def explain_restaurant(state: GameState, turn: WorkingTurn, action: Action) -> str:
    seat = turn.seat
    room = state.players[seat].restaurants_placed < state.rules.catalog.restaurants_per_player
    if isinstance(action, PlaceRestaurant):
        who = action.employee
        if who not in (LOCAL, REGIONAL):
            return _restaurants(Reason(
                "restaurants.placer", "a new restaurant is placed by a Local or Regional Manager"))
        if who not in turn.unused:
            return _restaurants(Reason(
                "restaurants.none_left",
                f"no {who} at work is left to place a restaurant this turn", card=who))
        if not room:
            return _restaurants(Reason(
                "restaurants.all_placed",
                f"you have {state.rules.catalog.restaurants_per_player} restaurants: if all are "
                "on the map "
                "you can't place another",
                restaurants=state.rules.catalog.restaurants_per_player,
            ))
        if who == LOCAL:
            return _restaurants(Reason(
                "restaurants.local_spot",
                "a Local Manager places a new restaurant on 4 empty squares within road range 3 "
                "of one of your open restaurants' entrances, with its entrance on a road the "
                "manager reached"
            ))
        return _restaurants(Reason(
            "restaurants.spot",
            "a new restaurant covers only empty squares, with its entrance next to a road"
        ))
    assert isinstance(action, MoveRestaurant)
    if REGIONAL not in turn.unused:
        return _restaurants(Reason(
            "restaurants.mover", "only a Regional Manager at work moves a restaurant (once)"))
    mine = [r for r in state.restaurants_of(seat) if r.number == action.restaurant]
    if not mine:
        return _restaurants(Reason("restaurants.no_such",
                                   f"you have no restaurant #{action.restaurant}",
                                   number=action.restaurant))
    if not mine[0].open:
        return _restaurants(Reason(
            "restaurants.move_open", "a Regional Manager moves one of your open restaurants"))
    if (action.cell, action.entrance) == (mine[0].cell, mine[0].entrance):
        return _restaurants(Reason("restaurants.already_there", "the restaurant is already there"))
    return _restaurants(Reason(
        "restaurants.move_spot",
        "a moved restaurant covers only empty squares (its own count as free), with its entrance "
        "next to a road"
    ))
