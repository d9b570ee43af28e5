"""Noodles (ketchup.md 7): noodle cooks, and houses that eat noodles when nobody can serve
them.

- The Noodle Cook (salaried, makes 6) and the Noodle Chef (1x, salaried, makes 16) cook
  noodles in the food step like any cook. Career: Kitchen Trainee -> Noodle Cook -> Noodle
  Chef (the "any cook" Kitchen Trainee of 0.2); Noodle Cook -> Fry Chef with Fry Chefs.
- Dinnertime (``Extensions.orders``): only when no chain can serve a house its order does it
  look for chains that can sell it one noodle per demand token (every house, with or without
  a garden); among them the normal comparison decides. All or nothing; paid like any item
  (the garden doubles it); the demand tokens go with the noodles; no +$5 bonus.
- With Sushi and Kimchi the combined priority of 5 holds: this fold appends the noodles order
  after the orders there are (priority 20: after Sushi's), and Kimchi (priority 100) puts a
  kimchi on top of each, first, so kimchi + noodles comes before the order without kimchi.
- Noodles are food, cannot be marketed and may be frozen (not with kimchi, 5).
- Setup: one extra Luxuries Manager after the 1x cut (0.2), however many food modules.
"""

from __future__ import annotations

from collections import Counter

from fcm.core.extensions import Extensions, Order
from fcm.core.state import GameState, House
from fcm.modules._data import cards_and_cut
from fcm.modules.noodles.ids import NOODLES
from fcm.rulesets import Module, known_modules

ID = "noodles"
TIER = "noodles"  # the name of the noodles order, in the Dinnertime report


def orders(state: GameState, house: House, ranked: tuple[Order, ...]) -> tuple[Order, ...]:
    """One noodle per demand token, after every other order (7)."""
    return (*ranked, Order(Counter({NOODLES: len(house.demand)}), TIER))


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=cards_and_cut(ID),
        extensions=Extensions(orders=(orders,), priority={"orders": 20}),
        goods=(NOODLES,),
    )
