"""Reserve Prices' lesson (ketchup.md 14): the reserve cards set the base price."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("reserve_prices", [{
    "id": "reserve-prices", "title": "Reserve Prices",
    "summary": "The reserve cards set the base price when the bank breaks.",
    "scenario": position("Lesson: Reserve Prices", "working", [
        {"cash": 10, "at_work": ["burger_cook"], "reserve": 200, "reserve_price": 20},
        {"cash": 10, "reserve": 200, "reserve_price": 5},
    ], bank=15, houses=[{"number": 2, "demand": ["burger", "burger"]},
                        {"number": 4, "demand": ["burger"]}], modules=["reserve_prices"],
        working={"seat": 0, "step": "food_and_drinks"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "A price on the reserve",
         "text": "With Reserve Prices every reserve card adds $200, and each shows a base "
         "price: $5, $10 or $20. You chose $20 in secret, your rival $5. The bank holds "
         "only $15.", "ack": "Start"},
        {"id": "cook", "phase": "working", "title": "Cook",
         "text": "Cook 3 burgers: Dinnertime will break the bank.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "burger"}],
         "do": [act(type="cook", employee="burger_cook", good="burger")]},
        {"id": "break", "phase": "dinnertime", "title": "The new base price",
         "text": "The bank broke: $200 a player went in, the CEOs keep their slots, and the "
         "price on most cards is everyone's base price from now on. One $20 against one $5 "
         "is a tie, and a tie goes to $20.",
         "highlight": "button[data-tab=results]",
         "expect": [{"kind": "bank_broken", "number": 1, "base_price": 20}], "ack": "Done"},
    ],
}])
