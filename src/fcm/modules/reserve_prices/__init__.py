"""Reserve Prices (ketchup.md 14): alternate reserve cards set the base unit price.

Each player secretly chooses one of three cards, each "+$200" with a base price of $5, $10 or
$20 (``ChooseReservePrice(200, price)``, kept as the chain's ``reserve_price``; the price is as
secret as the card). At the first bank break
the bank gets $200 per player, the CEOs keep their slots, and the base unit price for the rest
of the game is the price shown on most cards; a tie goes to $20 over $10 and $5, and $5 over
$10. Card modifiers apply on top. The new price applies from the next Dinnertime (19.3: sales
already made in the Dinnertime of the break keep their price; prices are fixed at its start).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypedDict

from fcm.core.catalog import ReserveCard
from fcm.core.errors import Reason, ScenarioError
from fcm.core.extensions import BreakChange, Extensions, ModuleKey, ReserveCards, TableRules
from fcm.core.state import GameState, Player
from fcm.modules._data import setup_of
from fcm.modules.reserve_prices.actions import ACTIONS, ChooseReservePrice
from fcm.rulesets import Module, known_modules

ID = "reserve_prices"
KEY = "reserve_price"  # a chain's key: the base unit price its reserve card shows
DEFAULT_PRICE = 10  # a scenario's chain that names no price holds the $10 card


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    setup = raw["setup.json"]
    slots = {c["money"]: c["ceo_slots"] for c in setup["reserve_cards"]}
    setup["reserve_cards"] = [
        # CEO slots never change with these cards; the number is the base card's, unused.
        {**card, "ceo_slots": slots.get(card["money"], 3)}
        for card in setup_of(ID)["reserve_cards"]
    ]


def majority_price(prices: list[int]) -> int:
    """The price on most cards; ties: $20 beats $10 and $5, $5 beats $10 (ketchup.md 14)."""
    preference: list[int] = setup_of(ID)["price_preference"]
    counts = Counter(prices)
    return max(counts, key=lambda p: (counts[p], -preference.index(p)))


class FirstBreak(TypedDict, total=False):
    """What the first ``bank_broken`` event adds (``BreakChange.details``): each chain's card
    (its base price by seat) and the base price they set (ketchup.md 14)."""

    reserve_prices: dict[str, int]
    base_price: int


def first_break(state: GameState) -> BreakChange:
    prices = {p.seat: int(p.extras[KEY]) for p in state.players if KEY in p.extras}
    base = majority_price(list(prices.values())) if prices else None
    if base is not None:
        state.module_data.setdefault(ID, {})["base_price"] = base
    per_player: int = setup_of(ID)["first_break_per_player"]
    return BreakChange(
        added=per_player * state.num_players,
        ceo_slots=None,
        details={}
        if base is None
        else {
            "reserve_prices": {str(s): n for s, n in sorted(prices.items())},
            "base_price": base,
        },
    )


def base_price(state: GameState) -> int | None:
    price = state.module_data.get(ID, {}).get("base_price")
    return None if price is None else int(price)


def table(state: GameState, rules: TableRules) -> TableRules:
    price = base_price(state)
    return rules if price is None else replace(rules, base_price=price)


def price_of(player: Player) -> int | None:
    """The base unit price on the reserve card ``player`` holds (None: none, or hidden)."""
    price = player.extras.get(KEY)
    return None if price is None else int(price)


def _choose(card: ReserveCard) -> ChooseReservePrice:
    assert card.base_price is not None  # every card of this module shows one
    return ChooseReservePrice(card.money, card.base_price)


def _give(player: Player, card: ReserveCard) -> dict[str, Any]:
    player.extras[KEY] = card.base_price
    return {"base_price": card.base_price}


def _held(state: GameState, player: Player) -> ReserveCard | None:
    price = price_of(player)
    cards = state.rules.catalog.reserve_cards
    return None if price is None else next((c for c in cards if c.base_price == price), None)


def _why(state: GameState) -> str:
    cards = state.rules.catalog.reserve_cards
    prices = ", ".join(f"${c.base_price}" for c in cards)
    return Reason("setup.choose_reserve_price",
                  f"choose one reserve card: $200 with a base price of {prices} (ketchup.md 14)",
                  prices=[c.base_price for c in cards])


def _default(state: GameState) -> ReserveCard:
    cards = state.rules.catalog.reserve_cards
    return next((c for c in cards if c.base_price == DEFAULT_PRICE), cards[0])


def _parse_price(where: str, raw: Any, record: Mapping[str, Any], state: GameState) -> int:
    """A scenario company's ``reserve_price``: the base price of one of the cards."""
    prices = sorted(c.base_price for c in state.rules.catalog.reserve_cards
                    if c.base_price is not None)
    if raw not in prices or isinstance(raw, bool):
        raise ScenarioError(f"scenario {where}.{KEY}: must be one of {prices} (ketchup.md 14)")
    return int(raw)


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=_data,
        extensions=Extensions(
            first_break=(lambda state, change: first_break(state),),
            table_rules=(table,),
            reserve_cards=(ReserveCards(_choose, _give, _held, _why, _default, secret=(KEY,)),),
        ),
        actions=ACTIONS,
        keys=(ModuleKey("player", KEY, _parse_price),),
        event_fields={"bank_broken": FirstBreak},
    )
