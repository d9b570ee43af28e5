"""Coffee's texts (ketchup.md 4): its events (a coffee shop placed, moved, declined; coffee
sold on a house's route), the options' labels, how the browser draws coffee, and the rules
tab's entry. Every text is a message id of ``locale/<lang>.po``."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.coffee import RANGE_ANY_CHAIN, SIMPLE_ROUTES
from fcm.modules.coffee.ids import COFFEE
from fcm.texts import GoodLook, ModuleTexts, register_texts

_EVENT = "coffee.event."

register_texts(
    "coffee",
    ModuleTexts(
        options={
            RANGE_ANY_CHAIN: (
                "coffee.option.range_any_chain", "coffee.option.range_any_chain.help"
            ),
            SIMPLE_ROUTES: ("coffee.option.simple_routes", "coffee.option.simple_routes.help"),
        },
        events={
            "coffee_shop_placed": _EVENT + "coffee_shop_placed",
            "coffee_sold": _EVENT + "coffee_sold",
        },
        variants={
            "coffee_shop_placed": (
                ("declined", _EVENT + "coffee_shop_placed.declined"),
                ("no_square", _EVENT + "coffee_shop_placed.no_square"),
                ("origin", _EVENT + "coffee_shop_placed.origin"),
                ("milestone", _EVENT + "coffee_shop_placed.milestone"),
            ),
            "coffee_sold": (("skipped", _EVENT + "coffee_sold.skipped"),),
        },
        milestones={"first_coffee_sold": "milestone.first_coffee_sold"},
        goods={COFFEE.value: GoodLook("coffee.good_label", "Co", "#6f4e37")},
        glossary=(("coffee.glossary.term", "coffee.glossary.text"),),
        catalog=Path(__file__).parent / "locale",
    ),
)
