"""The game's fixed facts (cards, milestones, tiles, setup), read from this package's JSON files.

``CATALOG`` is the base game's checked, immutable catalog (the same object as
``fcm.core.ruleset.base_ruleset().catalog``). This package sits above ``fcm.core``: the engine
never imports it at module level and reads a game's data from its ruleset (``state.rules``).
"""

from fcm.data.catalog import (
    DATA_FILES,
    CampaignTileDef,
    Catalog,
    DataError,
    EmployeeType,
    MilestoneType,
    PlayerCountSetup,
    ReserveCard,
    TileDef,
    load_catalog,
    load_raw,
    parse_catalog,
)

CATALOG: Catalog = load_catalog()

__all__ = [
    "CATALOG",
    "DATA_FILES",
    "CampaignTileDef",
    "Catalog",
    "DataError",
    "EmployeeType",
    "MilestoneType",
    "PlayerCountSetup",
    "ReserveCard",
    "TileDef",
    "load_catalog",
    "load_raw",
    "parse_catalog",
]
