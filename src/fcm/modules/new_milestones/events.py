"""The event kinds New Milestones emits (ketchup.md 3), each with its record
(``fcm.core.events.define_event``); ``texts.py`` gives the report and the browser their
templates."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from fcm.core.events import define_event
from fcm.core.types import MilestoneId, Seat


class MilestoneIncome(TypedDict):
    """Money a milestone pays outside Dinnertime (First marketeer used: $5 per demand token a
    campaign places in Marketing, ketchup.md 3)."""

    seat: Seat
    milestone: MilestoneId
    amount: int
    campaign: int
    house: int
    tokens: int


class MilestoneCampaign(TypedDict):
    """A campaign a milestone gives, placed by no marketeer (ketchup.md 3: First pizza sold's
    radios at the end of Dinnertime, First new restaurant's free mailbox). ``number`` None:
    none was placed, ``why`` says why (no tile left, no legal square, declined)."""

    seat: Seat
    milestone: MilestoneId
    number: int | None
    campaign_type: str
    good: str | None
    cells: list[list[int]]
    duration: int
    eternal: bool
    house: NotRequired[int]  # First pizza sold: the house whose pizza purchase it is for
    restaurant: NotRequired[int]  # First new restaurant: the new restaurant
    why: NotRequired[str]


class MoneyLeftGame(TypedDict):
    """Money leaving the bank for good (First discount manager used: $100 at the end of
    Restructuring for a chain whose price cards at work discount by $3 or more, ketchup.md 3)."""

    seat: Seat
    milestone: MilestoneId
    discount: int
    amount: int
    bank: int


class CampaignKeys(TypedDict, total=False):
    """The campaign keys written into ``campaign_launched`` and ``campaign_ran``
    (``ModuleKey.in_events``): a two-good airplane's second good (ketchup.md 3)."""

    second_good: str


# the base game's events it adds fields to (``Module.event_fields``)
EVENT_FIELDS = {"campaign_launched": CampaignKeys, "campaign_ran": CampaignKeys}

MILESTONE_INCOME = define_event("milestone_income", MilestoneIncome)
MILESTONE_CAMPAIGN = define_event("milestone_campaign", MilestoneCampaign)
MONEY_LEFT_GAME = define_event("money_left_game", MoneyLeftGame)

EVENTS = (MILESTONE_INCOME, MILESTONE_CAMPAIGN, MONEY_LEFT_GAME)
