"""Coffee's lesson (ketchup.md 4): a barista's training places a coffee shop, and a house
buys coffee on its way to another chain."""

from __future__ import annotations

from fcm.lessons import D, act, position, register_lessons

register_lessons("coffee", [{
    "id": "coffee", "title": "Coffee", "summary": "Coffee shops sell to houses passing by.",
    "scenario": position("Lesson: Coffee", "working", [
        {"cash": 10, "at_work": ["barista", "trainer"], "beach": ["barista_trainee"]},
        {"cash": 10, "stock": {"burger": 3}},
    ], houses=[{"number": 2, "demand": ["burger"]}], modules=["coffee"],
        pieces=[{"kind": "coffee_shop", "cell": [6, 8]}],
        module_data={"coffee": {"shops": [[0, 6, 8]]}},
        working={"seat": 0, "step": "train"}),
    "steps": [
        {"id": "welcome", "phase": "working", "title": "Coffee",
         "text": "House 2 wants a burger: only your rival has one, so it will eat there. On "
         "its way it buys 1 coffee at every coffee shop or restaurant it passes of a chain "
         "with coffee. You own the coffee shop near your rival's restaurant.", "ack": "Start"},
        {"id": "train", "phase": "working", "title": "Train a barista",
         "text": "Train your Barista Trainee into a Barista: that lets you place a coffee "
         "shop right away.",
         "highlight": f"{D} button[data-type=train]",
         "expect": [{"kind": "trained", "seat": "me", "into": "barista"}],
         "do": [act(type="train", trainer="trainer", employee="barista_trainee",
                    into="barista")]},
        {"id": "shop", "phase": "working", "title": "Place a coffee shop",
         "text": "Pick a square: empty, next to a road, within 2 tile borders of your "
         "restaurant or coffee shop by road, on a tile with no coffee shop yet.",
         "highlight": "[data-hl-anchor], [data-test=confirm]",
         "expect": [{"kind": "coffee_shop_placed", "seat": "me"}],
         "do": [act(type="place_coffee_shop", cell=[1, 1])]},
        {"id": "cook", "phase": "working", "title": "Make coffee",
         "text": "Your Barista at work makes 2 coffee: make it.",
         "highlight": f"{D} button[data-type=cook]",
         "expect": [{"kind": "cooked", "seat": "me", "good": "coffee"}],
         "do": [act(type="cook", employee="barista", good="coffee")]},
        {"id": "sold", "phase": "dinnertime", "title": "Coffee on the way",
         "text": "House 2 ate at your rival's and bought coffee at your shop on its way, "
         "paid at your price. Coffee is never marketed, frozen or counted as a drink.",
         "highlight": "[data-test=dinner-show], button[data-tab=results]",
         "expect": [{"kind": "coffee_sold", "house": 2}],
         "ack": "Done"},
    ],
}])
