"""Text pictures of positions for the terminal: the board with pieces, and company summaries."""

from __future__ import annotations

from fcm.core.company import board_of, open_slots, unit_price
from fcm.core.geometry import render_board
from fcm.core.state import GameState
from fcm.core.types import Cell, corner_cell

CHAIN_LETTERS = "ABCDEF"  # a letter a seat: up to six (a module may add the sixth)


def board_overlay(state: GameState) -> dict[Cell, str]:
    """One character per square for every piece placed during play.

    Houses show their number on their top squares. Restaurants: the chain's letter (lower case
    while Coming Soon), the entrance square as ``*``; placed houses ``h`` with gardens ``g``;
    campaigns by their number's last digit.
    """
    overlay: dict[Cell, str] = {}
    for house in state.houses.values():
        if not house.printed:
            for cell in house.cells:
                overlay[cell] = "h"
        for cell in house.garden:
            overlay[cell] = "g"
        # the house number on its top squares, e.g. "12" or "4"
        for cell, digit in zip(house.cells, str(house.number), strict=False):
            overlay[cell] = digit
    for camp in state.campaigns.values():
        for cell in camp.cells:
            overlay[cell] = str(camp.number % 10)
    for r in state.restaurants:
        letter = CHAIN_LETTERS[r.owner]
        ch = letter if r.open else letter.lower()
        row, col = r.cell
        for cell in ((row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1)):
            overlay[cell] = ch
        overlay[corner_cell(r.cell, r.entrance)] = "*"
    return overlay


def render_position(state: GameState, *, coords: bool = True) -> str:
    board = board_of(state)
    return render_board(board, board_overlay(state), coords=coords)


def render_companies(state: GameState) -> str:
    lines = [
        f"Round {state.round}, {state.turn.phase.value}; bank ${state.bank}; "
        f"turn order {' '.join(CHAIN_LETTERS[s] for s in state.turn_order)}"
    ]
    for p in state.players:
        stock = ", ".join(f"{n} {g.value}" for g, n in p.stock.items() if n) or "none"
        lines.append(
            f"  {CHAIN_LETTERS[p.seat]} (seat {p.seat}): ${p.cash};"
            f" price ${unit_price(state, p.seat)};"
            f" open slots {open_slots(state, p.seat)}; stock {stock}"
        )
        if p.at_work:
            lines.append(f"      at work: {', '.join(p.at_work)}")
        if p.beach:
            lines.append(f"      beach: {', '.join(p.beach)}")
        if p.hand:
            lines.append(f"      hand: {', '.join(p.hand)}")
        busy = state.busy_marketeers(p.seat)
        if busy:
            lines.append(f"      busy: {', '.join(busy)}")
        if p.milestones:
            lines.append(f"      milestones: {', '.join(sorted(p.milestones))}")
    demand = [
        f"{h.number}:{'/'.join(g.value for g in h.demand)}"
        for h in sorted(state.houses.values(), key=lambda h: h.number)
        if h.demand
    ]
    if demand:
        lines.append("  demand: " + "  ".join(demand))
    return "\n".join(lines)
