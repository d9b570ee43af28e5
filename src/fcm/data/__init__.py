"""The game's fixed facts (cards, milestones, tiles, setup), read from this package's JSON files.

:func:`load_catalog` is the base game's checked, immutable catalog (the same object as
``fcm.rulesets.base_ruleset().catalog``). This package sits above ``fcm.core``: it builds core's
records (``fcm.core.catalog``); the engine never imports it and reads a game's data from its
ruleset (``state.rules``). Importing it reads no file.
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

__all__ = [
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
