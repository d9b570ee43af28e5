"""Coffee's lesson (ketchup.md 4): a barista's training places a coffee shop, and a house
buys coffee on its way to another chain."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("coffee", [{
    "id": "coffee", "scenario": position("working", [
        {"cash": 10, "at_work": ["barista", "trainer"], "beach": ["barista_trainee"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"]}], modules=["coffee"],
        pieces=[{"kind": "coffee_shop", "cell": [6, 8]}],
        module_data={"coffee": {"shops": [[0, 6, 8]]}},
        working={"seat": 0, "step": "train"}),
    "steps": [
        {"id": "welcome", "phase": "working", "ack": "start"},
        {"id": "train", "phase": "working", "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "trained", "seat": "me", "into": "barista"}],
         "do": [act(type="train", trainer="trainer", employee="barista_trainee",
                    into="barista")]},
        {"id": "shop", "phase": "working", "highlight": "[data-hl-anchor], [data-test=confirm]",
         "expect": [{"kind": "coffee_shop_placed", "seat": "me"}],
         "do": [act(type="place_coffee_shop", cell=[1, 1])]},
        {"id": "cook", "phase": "working", "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "coffee"}],
         "do": [act(type="cook", employee="barista", good="coffee")]},
        {"id": "sold", "phase": "dinnertime",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "coffee_sold", "house": 2}],
         "ack": "done"},
    ],
}])
