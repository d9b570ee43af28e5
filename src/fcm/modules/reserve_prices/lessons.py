"""Reserve Prices' lesson (ketchup.md 14): the reserve cards set the base price."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("reserve_prices", [{
    "id": "reserve-prices", "scenario": position("working", [
        {"cash": 10, "at_work": ["burger_cook"], "reserve": 200, "reserve_price": 20},
        {"cash": 10, "reserve": 200, "reserve_price": 5},
    ], bank=15, houses=[{"number": 2, "demand": ["burger", "burger"]},
                        {"number": 4, "demand": ["burger"]}], modules=["reserve_prices"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "break", "phase": "dinnertime", "highlight": "button[data-tab=results]",
         "expect": [{"kind": "bank_broken", "number": 1, "base_price": 20}], "ack": "done"},
    ],
}])
