"""The game's fixed facts (cards, milestones, tiles, setup), read from this package's JSON files.

``CATALOG`` is the checked, immutable catalog every other part of the engine uses.
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
