"""Ids and kinds shared by every part of the rules engine.

Coordinates follow the project conventions: a square is ``(row, col)``, 0-based from the
top-left square of the map; a tile is 5x5 squares; distances count tile borders crossed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias, cast

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


class OpenId(str):
    """Base of the open vocabularies (cards, milestones, goods): an id is its string (JSON,
    hashing, ordering, ``==``), one instance per id (``is`` compares as with an enum), and
    expansion modules add ids with :meth:`define` in their own packages. ``Cls(text)`` finds a
    defined id (ValueError otherwise); which ids a game has is its ruleset's data.
    """

    __slots__ = ()
    _known: ClassVar[dict[str, Any]]

    def __init_subclass__(cls) -> None:
        cls._known = {}

    def __new__(cls, id: str) -> Self:
        known = cls._known.get(id)
        if known is None:
            raise ValueError(f"{id!r} is not a valid {cls.__name__}")
        return cast(Self, known)

    @classmethod
    def define(cls, id: str) -> Self:
        """The id ``id`` of this vocabulary, defined on first use."""
        known = cls._known.get(id)
        if known is None:
            known = cls._known[id] = str.__new__(cls, id)
        return cast(Self, known)

    @classmethod
    def known(cls) -> tuple[Self, ...]:
        """Every id defined so far, in the order defined (the base game's first)."""
        return tuple(cls._known.values())

    @classmethod
    def _define_members(cls) -> None:
        """Define the class's declared constants (``CEO: ClassVar[EmployeeId]`` is ``"ceo"``)."""
        for name, kind in cls.__annotations__.items():
            if name.isupper() and "ClassVar" in str(kind):
                setattr(cls, name, cls.define(name.lower()))

    def __repr__(self) -> str:
        return str.__repr__(str(self))

    def __reduce__(self) -> tuple[type[Self], tuple[str]]:
        return (type(self), (str(self),))

    if TYPE_CHECKING:

        @property
        def value(self) -> str: ...

    else:  # the plain string; a property of the C function (no Python frame: read per item)
        value = property(str.__str__)


class EmployeeId(OpenId):
    """An employee card type. The base game's are constants here; expansion modules define
    their own; a ruleset's data says which exist (``fcm.core.ruleset``)."""

    __slots__ = ()

    CEO: ClassVar[EmployeeId]
    MANAGEMENT_TRAINEE: ClassVar[EmployeeId]
    JUNIOR_VICE_PRESIDENT: ClassVar[EmployeeId]
    VICE_PRESIDENT: ClassVar[EmployeeId]
    SENIOR_VICE_PRESIDENT: ClassVar[EmployeeId]
    EXECUTIVE_VICE_PRESIDENT: ClassVar[EmployeeId]
    WAITRESS: ClassVar[EmployeeId]
    NEW_BUSINESS_DEVELOPER: ClassVar[EmployeeId]
    CFO: ClassVar[EmployeeId]
    LOCAL_MANAGER: ClassVar[EmployeeId]
    REGIONAL_MANAGER: ClassVar[EmployeeId]
    PRICING_MANAGER: ClassVar[EmployeeId]
    DISCOUNT_MANAGER: ClassVar[EmployeeId]
    LUXURIES_MANAGER: ClassVar[EmployeeId]
    RECRUITING_GIRL: ClassVar[EmployeeId]
    RECRUITING_MANAGER: ClassVar[EmployeeId]
    HR_DIRECTOR: ClassVar[EmployeeId]
    TRAINER: ClassVar[EmployeeId]
    COACH: ClassVar[EmployeeId]
    GURU: ClassVar[EmployeeId]
    ERRAND_BOY: ClassVar[EmployeeId]
    CART_OPERATOR: ClassVar[EmployeeId]
    TRUCK_DRIVER: ClassVar[EmployeeId]
    ZEPPELIN_PILOT: ClassVar[EmployeeId]
    MARKETING_TRAINEE: ClassVar[EmployeeId]
    CAMPAIGN_MANAGER: ClassVar[EmployeeId]
    BRAND_MANAGER: ClassVar[EmployeeId]
    BRAND_DIRECTOR: ClassVar[EmployeeId]
    KITCHEN_TRAINEE: ClassVar[EmployeeId]
    BURGER_COOK: ClassVar[EmployeeId]
    BURGER_CHEF: ClassVar[EmployeeId]
    PIZZA_COOK: ClassVar[EmployeeId]
    PIZZA_CHEF: ClassVar[EmployeeId]


EmployeeId._define_members()


class MilestoneId(OpenId):
    """A milestone (the base game's; expansion modules define their own)."""

    __slots__ = ()

    FIRST_BILLBOARD: ClassVar[MilestoneId]
    FIRST_TRAIN: ClassVar[MilestoneId]
    FIRST_HIRE_3: ClassVar[MilestoneId]
    FIRST_BURGER_MARKETED: ClassVar[MilestoneId]
    FIRST_PIZZA_MARKETED: ClassVar[MilestoneId]
    FIRST_DRINK_MARKETED: ClassVar[MilestoneId]
    FIRST_ERRAND_BOY: ClassVar[MilestoneId]
    FIRST_20: ClassVar[MilestoneId]
    FIRST_BURGER_PRODUCED: ClassVar[MilestoneId]
    FIRST_PIZZA_PRODUCED: ClassVar[MilestoneId]
    FIRST_WAITRESS: ClassVar[MilestoneId]
    FIRST_THROW_AWAY: ClassVar[MilestoneId]
    FIRST_LOWER_PRICES: ClassVar[MilestoneId]
    FIRST_CART_OPERATOR: ClassVar[MilestoneId]
    FIRST_AIRPLANE: ClassVar[MilestoneId]
    FIRST_RADIO: ClassVar[MilestoneId]
    FIRST_100: ClassVar[MilestoneId]
    FIRST_PAY_20: ClassVar[MilestoneId]


MilestoneId._define_members()


class Good(OpenId):
    """A good. What a good *is* (food, drink, marketable) is data given when it is
    defined (:meth:`define_good`); which goods a game has is its ruleset's ``goods``."""

    __slots__ = ()
    _info: ClassVar[dict[str, GoodInfo]] = {}

    BURGER: ClassVar[Good]
    PIZZA: ClassVar[Good]
    SODA: ClassVar[Good]
    LEMONADE: ClassVar[Good]
    BEER: ClassVar[Good]

    @classmethod
    def define_good(cls, info: GoodInfo) -> Good:
        """The good of ``info.id`` (again with the same data: the same good)."""
        known = cls._info.get(info.id)
        if known is not None and known != info:
            raise ValueError(f"good {info.id!r} is defined already, differently")
        cls._info[info.id] = info
        return cls.define(info.id)

    @property
    def info(self) -> GoodInfo:
        return Good._info[self]

    @property
    def is_drink(self) -> bool:
        return Good._info[self].drink

    @property
    def is_food(self) -> bool:
        return Good._info[self].food


@dataclass(frozen=True, slots=True)
class GoodInfo:
    """What a good is: food or drink (for milestones, bonuses and payment rules) and whether a
    campaign may advertise it. What a freezer may keep of it is a module's rule
    (``SeatRules.freezer_limits``)."""

    id: str
    food: bool = False
    drink: bool = False
    marketable: bool = True


Good.BURGER = Good.define_good(GoodInfo("burger", food=True))
Good.PIZZA = Good.define_good(GoodInfo("pizza", food=True))
Good.SODA = Good.define_good(GoodInfo("soda", drink=True))
Good.LEMONADE = Good.define_good(GoodInfo("lemonade", drink=True))
Good.BEER = Good.define_good(GoodInfo("beer", drink=True))

BASE_GOODS: tuple[Good, ...] = (Good.BURGER, Good.PIZZA, Good.SODA, Good.LEMONADE, Good.BEER)
"""The base game's goods, in their order (saved stocks list them so)."""
FOODS: frozenset[Good] = frozenset({Good.BURGER, Good.PIZZA})
DRINKS: frozenset[Good] = frozenset({Good.SODA, Good.LEMONADE, Good.BEER})


class CampaignType(OpenId):
    """A kind of campaign tile: the base game's four; a module may define more, e.g. one placed
    beside the board (no square, no range: which houses it reaches is that module's
    ``Extensions.reach``)."""

    __slots__ = ()
    _beside: ClassVar[set[str]] = set()

    RADIO: ClassVar[CampaignType]
    AIRPLANE: ClassVar[CampaignType]
    MAILBOX: ClassVar[CampaignType]
    BILLBOARD: ClassVar[CampaignType]

    @classmethod
    def define_kind(cls, id: str, *, beside_board: bool = False) -> CampaignType:
        """The campaign kind ``id`` (``beside_board``: it has no square on the map)."""
        if beside_board:
            cls._beside.add(id)
        return cls.define(id)

    @property
    def beside_board(self) -> bool:
        return self in CampaignType._beside


CampaignType._define_members()


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


EMPLOYEE_IDS: dict[str, EmployeeId] = EmployeeId._known
"""Id string -> member: a plain dict lookup, cheaper than ``EmployeeId(text)`` when loading."""

MILESTONE_IDS: dict[str, MilestoneId] = MilestoneId._known
