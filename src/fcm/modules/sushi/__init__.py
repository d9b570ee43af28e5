"""Sushi (ketchup.md 6): sushi cooks, and houses with a garden that prefer sushi.

- The Sushi Cook (salaried, makes 2) and the Sushi Chef (1x, salaried, makes 5) cook sushi in
  the food step like any cook (their catalog ``food``). Career: Kitchen Trainee -> Sushi Cook
  -> Sushi Chef (the "any cook" Kitchen Trainee of 0.2); Sushi Cook -> Fry Chef with Fry Chefs.
- Dinnertime (``Extensions.orders``): a house with a garden first looks for chains that can
  sell it one sushi per demand token, food and drink tokens alike; among them the normal
  comparison decides, and such a chain wins whatever its price. All or nothing: sushi
  replaces the whole order (never mixed with other goods). Only if none can does the house buy
  as usual. Houses without a garden never want sushi. Paid like any item (the garden doubles
  it); the demand tokens go with the sushi; no +$5 bonus (sushi is no burger, pizza or drink).
- With Kimchi the combined priority of 5 holds: this fold puts the sushi order first
  (priority 10), Noodles appends its own after the order, and Kimchi (priority 100) puts a
  kimchi on top of each, first.
- Sushi is food, cannot be marketed and may be frozen (with Kimchi's freezer rule, a freezer
  that keeps kimchi keeps no sushi).
- Setup: one extra Luxuries Manager after the 1x cut (0.2), however many food modules.
"""

from __future__ import annotations

from collections import Counter

from fcm.core.extensions import Extensions, Order
from fcm.core.state import GameState, House
from fcm.modules._data import cards_and_cut
from fcm.modules.sushi.ids import SUSHI
from fcm.rulesets import Module, known_modules

ID = "sushi"
TIER = "sushi"  # the name of the sushi order, in the Dinnertime report


def orders(state: GameState, house: House, ranked: tuple[Order, ...]) -> tuple[Order, ...]:
    """A house with a garden wants one sushi per demand token before anything else (6)."""
    if not house.garden:
        return ranked
    return (Order(Counter({SUSHI: len(house.demand)}), TIER), *ranked)


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=cards_and_cut(ID),
        extensions=Extensions(orders=(orders,), priority={"orders": 10}),
        goods=(SUSHI,),
    )
