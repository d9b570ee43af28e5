"""The event kinds New Districts emits (ketchup.md 1), each with its record; ``texts.py``
gives the report and the browser their templates. They explain what an apartment does that a
house does not: two demand tokens for each one a campaign places, no demand cap, and a sale
that takes all of its (possibly many) tokens at the plain price."""

from __future__ import annotations

from typing import TypedDict

from fcm.core.events import define_event
from fcm.core.types import Seat


class ApartmentDemand(TypedDict):
    """Marketing: a campaign placed ``placed`` tokens of ``good`` on apartment ``house``
    (two for each one it places on a house, ketchup.md 1); ``demand`` its tokens now."""

    house: int
    label: str
    campaign: int
    good: str
    placed: int
    demand: int


class ApartmentServed(TypedDict):
    """Dinnertime: chain ``seat`` sold apartment ``house`` all ``items`` it wanted (no demand
    cap, all or nothing; no garden, so no x2)."""

    seat: Seat
    house: int
    label: str
    items: int


APARTMENT_DEMAND = define_event("apartment_demand", ApartmentDemand)
APARTMENT_SERVED = define_event("apartment_served", ApartmentServed)

EVENTS = (APARTMENT_DEMAND, APARTMENT_SERVED)
