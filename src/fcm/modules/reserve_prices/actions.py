"""The reserve card Reserve Prices brings (ketchup.md 14): +$200 with a base unit price, chosen
by its own action type (``Module.actions``). It was once the base ``choose_reserve`` with a
``price`` (``{"type": "choose_reserve", "money": 200, "price": 20}``); ``ActionType.reads``
keeps such saved games loading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fcm.core.actions import ActionType, ChooseReserve


@dataclass(frozen=True, slots=True)
class ChooseReservePrice(ChooseReserve):
    """Secretly choose a reserve card of ``money`` showing the base unit price
    ``reserve_price`` (ketchup.md 14; the price is as secret as the card)."""

    type: ClassVar[str] = "choose_reserve_price"
    reserve_price: int


def _label(a: ChooseReservePrice, lang: str) -> str:
    """The button in ``lang`` (the catalogs load only when a page asks)."""
    from fcm.i18n import money, t

    return t("action.reserve_price", lang, money=money(lang, a.money),
             price=money(lang, a.reserve_price))


ACTIONS = (
    ActionType(
        ChooseReservePrice,
        fields={"money": "int", "reserve_price": "int"},
        notation=lambda a: f"reserve ${a.money} base price ${a.reserve_price}",
        label=_label,
        reads=(("choose_reserve", "price"),),
        renamed={"price": "reserve_price"},
    ),
)
