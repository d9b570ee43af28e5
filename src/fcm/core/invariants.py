"""Whole-state invariants: what must hold after every action of every game.

Used by the randomised whole-game tests and available to any caller that wants to check a state
(for example after loading one from a file). A failure is a bug: :class:`InvariantError`.
"""

from __future__ import annotations

from collections import Counter

from fcm.core.company import cards_in_play, house_capacity
from fcm.core.errors import InvariantError
from fcm.core.state import GameState, Phase


def starting_money(state: GameState) -> int:
    """The bank at setup for this game's player count and options."""
    setup = state.rules.catalog.setups[state.num_players]
    return setup.bank_intro if state.options.introductory else setup.bank


def check_invariants(state: GameState, money: int | None = None) -> None:
    """Raise :class:`InvariantError` naming the first broken invariant.

    ``money``: the total that bank plus players must hold less what was added from outside
    (reserve refill, IOUs); default: the starting bank of a fresh game.
    """
    base = starting_money(state) if money is None else money
    cash = sum(p.cash for p in state.players)
    if state.bank + cash != base + state.reserve_added + state.box_paid:
        raise InvariantError(
            f"money: bank {state.bank} + players {cash} != start {base} + reserve "
            f"{state.reserve_added} + outside {state.box_paid}"
        )
    if state.bank < 0:
        raise InvariantError(f"money: the bank holds {state.bank}")

    box = state.rules.catalog.supply_for(state.num_players)
    in_play = cards_in_play(state)
    mid_training = state.turn.phase is Phase.WORKING and state.turn.working is not None
    for card, total in box.items():
        if state.supply.get(card, 0) + in_play[card] != total:
            raise InvariantError(
                f"cards: {card} supply {state.supply.get(card)} + in play {in_play[card]} "
                f"!= box {total}"
            )
        if state.supply.get(card, 0) < 0 and not mid_training:
            raise InvariantError(f"cards: {card} supply is {state.supply[card]}")
    for p in state.players:
        owned = Counter([*p.hand, *p.at_work, *p.beach, *state.busy_marketeers(p.seat)])
        groups: Counter[str] = Counter()
        for card, n in owned.items():
            spec = state.rules.catalog.employees[card]
            if spec.unique and n > 1:
                raise InvariantError(f"cards: seat {p.seat} owns {n} copies of 1x card {card}")
            if spec.unique_group is not None:
                groups[spec.unique_group] += n
        for group, n in groups.items():
            if n > 1:
                raise InvariantError(f"cards: seat {p.seat} owns {n} cards of 1x group {group}")
        if p.hand and (p.at_work or p.beach):
            raise InvariantError(f"cards: seat {p.seat} has cards in hand and in play at once")
        for good, n in p.stock.items():
            if n < 0:
                raise InvariantError(f"goods: seat {p.seat} holds {n} {good.value}")
        if p.restaurants_placed > state.rules.catalog.restaurants_per_player:
            raise InvariantError(f"restaurants: seat {p.seat} placed {p.restaurants_placed}")
    for h in state.houses.values():
        cap = house_capacity(state, h)  # a module's kind may have none
        if cap is not None and len(h.demand) > cap:
            raise InvariantError(f"demand: house {h.number} holds {len(h.demand)} > {cap}")
    numbers = [c.number for c in state.campaigns.values()]
    if set(numbers) & set(state.campaign_supply):
        raise InvariantError("campaigns: a tile is both on the board and in the supply")
    # a module's kind of house is never one of the house tiles
    placed = sum(1 for h in state.houses.values() if not h.printed and not h.kind)
    if len(state.house_supply) + placed != len(
        state.rules.catalog.placeable_houses
    ):
        raise InvariantError("houses: placed + supply != the 8 house tiles")
