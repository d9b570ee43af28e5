"""Shared helpers of the Working 9–5 steps: rule names, the acting player's pieces, card moves."""

from __future__ import annotations

from bisect import insort

from fcm.core.errors import Reason
from fcm.core.geometry import RestaurantSpot
from fcm.core.state import GameState, WorkingTurn, WorkStep
from fcm.core.types import Cell, EmployeeId, Seat

STEP_TITLES: dict[WorkStep, str] = {
    WorkStep.HIRE: "Hire employees",
    WorkStep.TRAIN: "Train employees",
    WorkStep.DRIVE_INS: "Open drive-ins",
    WorkStep.CAMPAIGNS: "Launch campaigns",
    WorkStep.FOOD_AND_DRINKS: "Prep food and drinks",
    WorkStep.HOUSES: "Place houses and gardens",
    WorkStep.RESTAURANTS: "Place or move restaurants",
}


def rule(step: WorkStep, text: str) -> str:
    """An explanation naming the excerpt's section ("Working 9–5", then the step's heading); a
    typed reason stays typed, the step a parameter (``in_step``: the catalog's why.in_step)."""
    english = f"Working 9–5 '{STEP_TITLES[step]}': {text}"
    if isinstance(text, Reason):
        return Reason(text.code, english, **text.params, in_step=step.value)
    return english


def turn_of(state: GameState) -> WorkingTurn:
    """The current player's turn (only called while a turn is running)."""
    assert state.turn.working is not None, "no Working 9–5 turn is running"
    return state.turn.working


def open_spots(state: GameState, seat: Seat) -> list[RestaurantSpot]:
    """The player's open restaurants as the geometry sees them. Range is counted from open
    restaurants only: Coming Soon ones do nothing until Clean up (conventions.md #11). A
    module may add other places ranges start from (``Extensions.origins``)."""
    spots = [(r.cell, r.entrance, r.drive_in) for r in state.restaurants_of(seat) if r.open]
    for fold in state.rules.extensions.origins:
        spots = fold(state, seat, spots)
    return spots


def unused_of(turn: WorkingTurn, cards: frozenset[EmployeeId]) -> list[EmployeeId]:
    """Distinct card types among ``cards`` whose action is still unused this turn, sorted."""
    return sorted({c for c in turn.unused if c in cards})


def use_card(turn: WorkingTurn, card: EmployeeId) -> None:
    """Each card at work acts once per turn."""
    turn.unused.remove(card)


def add_card(cards: list[EmployeeId], card: EmployeeId) -> None:
    """Card lists are kept sorted (state.py)."""
    insort(cards, card)


def jcell(cell: Cell) -> list[int]:
    """A square as JSON-able event data."""
    return [cell[0], cell[1]]


def jcells(cells: tuple[Cell, ...] | list[Cell]) -> list[list[int]]:
    return [jcell(c) for c in cells]
