"""Reserve Prices (ketchup.md 14) in the research environment: the base unit price the first
break set, as a global feature (``base_price``; the reserve cards are the ruleset's)."""

from __future__ import annotations

from typing import Any

from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.env.extensions import EnvBlocks, Fields, GlobalFields, register_env

ID = "reserve_prices"


def _fields(rules: Ruleset) -> Fields:
    what = "Reserve Prices: the base unit price the first break set (0 before)"
    return (("base_price", 1, what),)


def _key(view: GameState) -> Any:
    return view.module_data.get(ID, {}).get("base_price") or 0


def _write(view: GameState, out: Any, key: Any, rel: list[int]) -> None:
    out[0] = key


# before the Gourmet Food Critics' guides (the order the encoding published)
register_env(ID, EnvBlocks(order=10, globals=GlobalFields(_fields, _key, _write)))
