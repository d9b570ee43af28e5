"""Reserve Prices' texts (ketchup.md 14): the first bank break sets the base unit price."""

from __future__ import annotations

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "reserve_prices",
    ModuleTexts(
        variants={
            "bank_broken": (
                (
                    "base_price",
                    "Reserve cards show base prices {reserve_prices|seat_money}: the base unit "
                    "price becomes {base_price|money} from the next Dinnertime; the bank gets "
                    "{added|money} (now {bank|money}); CEO slots stay {ceo_slots}.",
                ),
            )
        },
    ),
)
