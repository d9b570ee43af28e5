"""Ids and kinds shared by every part of the rules engine.

Coordinates follow the project conventions: a square is ``(row, col)``, 0-based from the
top-left square of the map; a tile is 5x5 squares; distances count tile borders crossed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

Cell: TypeAlias = tuple[int, int]
"""A square of the map, ``(row, col)``."""

Seat: TypeAlias = int
"""A player, 0-based in the order the game was created (not the turn order)."""

TILE_SIZE = 5

BASE = "base"
"""The base game's ruleset id (``Options.ruleset``; ``fcm.core.ruleset``)."""


class GameId(StrEnum):
    """Base of the id enums: a member is its id string (JSON, hashing, ordering, ``==``), and
    its ``repr`` is the string's, so messages read as before (``'waitress'``)."""

    def __repr__(self) -> str:
        return str.__repr__(self.value)


class EmployeeId(GameId):
    """An employee card type. Every id any ruleset may use; a ruleset's data says which exist
    (``fcm.core.ruleset``)."""

    CEO = "ceo"
    MANAGEMENT_TRAINEE = "management_trainee"
    JUNIOR_VICE_PRESIDENT = "junior_vice_president"
    VICE_PRESIDENT = "vice_president"
    SENIOR_VICE_PRESIDENT = "senior_vice_president"
    EXECUTIVE_VICE_PRESIDENT = "executive_vice_president"
    WAITRESS = "waitress"
    NEW_BUSINESS_DEVELOPER = "new_business_developer"
    CFO = "cfo"
    LOCAL_MANAGER = "local_manager"
    REGIONAL_MANAGER = "regional_manager"
    PRICING_MANAGER = "pricing_manager"
    DISCOUNT_MANAGER = "discount_manager"
    LUXURIES_MANAGER = "luxuries_manager"
    RECRUITING_GIRL = "recruiting_girl"
    RECRUITING_MANAGER = "recruiting_manager"
    HR_DIRECTOR = "hr_director"
    TRAINER = "trainer"
    COACH = "coach"
    GURU = "guru"
    ERRAND_BOY = "errand_boy"
    CART_OPERATOR = "cart_operator"
    TRUCK_DRIVER = "truck_driver"
    ZEPPELIN_PILOT = "zeppelin_pilot"
    MARKETING_TRAINEE = "marketing_trainee"
    CAMPAIGN_MANAGER = "campaign_manager"
    BRAND_MANAGER = "brand_manager"
    BRAND_DIRECTOR = "brand_director"
    KITCHEN_TRAINEE = "kitchen_trainee"
    BURGER_COOK = "burger_cook"
    BURGER_CHEF = "burger_chef"
    PIZZA_COOK = "pizza_cook"
    PIZZA_CHEF = "pizza_chef"
    # The Ketchup Mechanism & Other Ideas (fcm.modules; present only when a module adds them):
    FRY_CHEF = "fry_chef"
    MASS_MARKETEER = "mass_marketeer"
    GOURMET_FOOD_CRITIC = "gourmet_food_critic"
    NIGHT_SHIFT_MANAGER = "night_shift_manager"
    B_MOVIE_STAR = "b_movie_star"
    C_MOVIE_STAR = "c_movie_star"
    D_MOVIE_STAR = "d_movie_star"


class MilestoneId(GameId):
    """A milestone."""

    FIRST_BILLBOARD = "first_billboard"
    FIRST_TRAIN = "first_train"
    FIRST_HIRE_3 = "first_hire_3"
    FIRST_BURGER_MARKETED = "first_burger_marketed"
    FIRST_PIZZA_MARKETED = "first_pizza_marketed"
    FIRST_DRINK_MARKETED = "first_drink_marketed"
    FIRST_ERRAND_BOY = "first_errand_boy"
    FIRST_20 = "first_20"
    FIRST_BURGER_PRODUCED = "first_burger_produced"
    FIRST_PIZZA_PRODUCED = "first_pizza_produced"
    FIRST_WAITRESS = "first_waitress"
    FIRST_THROW_AWAY = "first_throw_away"
    FIRST_LOWER_PRICES = "first_lower_prices"
    FIRST_CART_OPERATOR = "first_cart_operator"
    FIRST_AIRPLANE = "first_airplane"
    FIRST_RADIO = "first_radio"
    FIRST_100 = "first_100"
    FIRST_PAY_20 = "first_pay_20"
    # Module milestones (The Ketchup Mechanism & Other Ideas):
    SOMEONE_SELLS_YOUR_DEMAND = "someone_sells_your_demand"
    # New Milestones (ketchup.md 3), which replace the base set:
    FIRST_MARKETEER_USED = "first_marketeer_used"
    FIRST_MARKETING_TRAINEE_USED = "first_marketing_trainee_used"
    FIRST_CAMPAIGN_MANAGER_USED = "first_campaign_manager_used"
    FIRST_BRAND_MANAGER_USED = "first_brand_manager_used"
    FIRST_BRAND_DIRECTOR_USED = "first_brand_director_used"
    FIRST_BURGER_SOLD = "first_burger_sold"
    FIRST_PIZZA_SOLD = "first_pizza_sold"
    FIRST_LEMONADE_SOLD = "first_lemonade_sold"
    FIRST_BEER_SOLD = "first_beer_sold"
    FIRST_SODA_SOLD = "first_soda_sold"
    FIRST_RECRUITING_GIRL_USED = "first_recruiting_girl_used"
    FIRST_TRAINER_USED = "first_trainer_used"
    FIRST_DISCOUNT_MANAGER_USED = "first_discount_manager_used"
    FIRST_HOUSE_BUILT = "first_house_built"
    FIRST_NEW_RESTAURANT = "first_new_restaurant"
    FIRST_WAITRESS_USED = "first_waitress_used"
    FIRST_CART_OPERATOR_USED = "first_cart_operator_used"


class Good(StrEnum):
    BURGER = "burger"
    PIZZA = "pizza"
    SODA = "soda"
    LEMONADE = "lemonade"
    BEER = "beer"

    @property
    def is_drink(self) -> bool:
        return self in DRINKS

    @property
    def is_food(self) -> bool:
        return self in FOODS


FOODS: frozenset[Good] = frozenset({Good.BURGER, Good.PIZZA})
DRINKS: frozenset[Good] = frozenset({Good.SODA, Good.LEMONADE, Good.BEER})


class CampaignType(StrEnum):
    RADIO = "radio"
    AIRPLANE = "airplane"
    MAILBOX = "mailbox"
    BILLBOARD = "billboard"
    GOURMET_GUIDE = "gourmet_guide"  # Gourmet Food Critics (ketchup.md 13): beside the board


OFF_BOARD_CAMPAIGNS: frozenset[CampaignType] = frozenset({CampaignType.GOURMET_GUIDE})
"""Campaign types placed beside the board: no square, no range (ketchup.md 13)."""


class Corner(StrEnum):
    """The entrance corner of a 2x2 restaurant."""

    NW = "nw"
    NE = "ne"
    SW = "sw"
    SE = "se"


class Edge(StrEnum):
    """A side of the map (airplanes) or of a tile."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"


class Orientation(StrEnum):
    """The long side of a non-square campaign tile."""

    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"


def tile_of(cell: Cell) -> tuple[int, int]:
    """The ``(tile_row, tile_col)`` a square lies on."""
    return (cell[0] // TILE_SIZE, cell[1] // TILE_SIZE)


_CORNER_OFFSETS: dict[Corner, tuple[int, int]] = {
    Corner.NW: (0, 0),
    Corner.NE: (0, 1),
    Corner.SW: (1, 0),
    Corner.SE: (1, 1),
}


def corner_cell(top_left: Cell, corner: Corner) -> Cell:
    """The square of a 2x2 footprint at ``corner``."""
    dr, dc = _CORNER_OFFSETS[corner]
    return (top_left[0] + dr, top_left[1] + dc)


def square_cells(top_left: Cell, height: int, width: int) -> tuple[Cell, ...]:
    """The squares of a ``height`` x ``width`` rectangle, row by row."""
    r, c = top_left
    return tuple((r + dr, c + dc) for dr in range(height) for dc in range(width))


def orthogonal_neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four squares sharing a side with ``cell`` (may lie off the map)."""
    r, c = cell
    return ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))


EMPLOYEE_IDS: dict[str, EmployeeId] = {e.value: e for e in EmployeeId}
"""Id string -> member: a plain dict lookup, cheaper than ``EmployeeId(text)`` when loading."""

MILESTONE_IDS: dict[str, MilestoneId] = {m.value: m for m in MilestoneId}
