"""The game's fixed facts: employee cards, milestones, map tiles and setup tables.

The facts live in the JSON files next to this module (``employees.json``, ``milestones.json``,
``tiles.json``, ``setup.json``). :func:`load_catalog` reads them once, checks every field and every
cross-reference, and returns an immutable :class:`Catalog`. Any problem raises :class:`DataError`
naming the file and the field. The records themselves are core's (``fcm.core.catalog``): this
package sits above the engine and builds them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import NoReturn, TypeVar

from fcm.core.catalog import (
    CEO_ID,
    CampaignTileDef,
    Catalog,
    EmployeeType,
    MilestoneType,
    PlayerCountSetup,
    ReserveCard,
    TileDef,
)
from fcm.core.geometry.tiles import printed_house_cells
from fcm.core.types import CampaignType, EmployeeId, Good, MilestoneId, OpenId

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

EMPLOYEES_FILE = "employees.json"
MILESTONES_FILE = "milestones.json"
TILES_FILE = "tiles.json"
SETUP_FILE = "setup.json"
DATA_FILES: tuple[str, ...] = (EMPLOYEES_FILE, MILESTONES_FILE, TILES_FILE, SETUP_FILE)

CATEGORIES: frozenset[str] = frozenset(
    {
        "ceo",
        "management",
        "waitress",
        "new_business",
        "finance",
        "restaurants",
        "pricing",
        "recruiting",
        "training",
        "drinks",
        "marketing",
        "kitchen",
    }
)
COLOURS: frozenset[str] = frozenset(
    {
        "none",
        "black",
        "purple",
        "red",
        "salmon",
        "grey",
        "light_green",
        "blue",
        "olive_green",
        "green",  # the expansion's kitchen green (ketchup.md 3.1)
        "teal",
    }
)
RANGE_KINDS: frozenset[str] = frozenset({"road", "air", "unlimited"})
TILE_SQUARES: frozenset[str] = frozenset(".rxHGslbP")  # G, P: a printed garden, park
TILE_SIZE = 5

def _campaign_rank(kind: CampaignType) -> int:
    """Campaign tiles are numbered by kind: the base game's in its order (radio, airplane,
    mailbox, billboard), then the modules' kinds in the order they are defined."""
    return CampaignType.known().index(kind)

_AIRPLANE_SPANS: frozenset[int] = frozenset({1, 3, 5})


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent.

    ``file`` is the data file's name, ``field`` the path of the offending value inside it (for
    example ``employees[3].slots``), ``problem`` what is wrong with it.
    """

    def __init__(self, file: str, field: str, problem: str) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        super().__init__(f"{file}: {field}: {problem}")

    def __reduce__(self) -> tuple[type[DataError], tuple[str, str, str]]:
        return (type(self), (self.file, self.field, self.problem))


# --------------------------------------------------------------------------------------------
# Reading and checking

_E = TypeVar("_E", bound=StrEnum | OpenId)
_REQUIRED = object()


def _describe(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else None
    return text if text is not None else type(value).__name__


class _Node:
    """A JSON value with the file and path it came from, and typed accessors that check it."""

    __slots__ = ("file", "path", "value")

    def __init__(self, file: str, path: str, value: object) -> None:
        self.file = file
        self.path = path
        self.value = value

    def fail(self, problem: str) -> NoReturn:
        raise DataError(self.file, self.path or "(top level)", problem)

    def at(self, key: str | int, value: object) -> _Node:
        if isinstance(key, int):
            return _Node(self.file, f"{self.path}[{key}]", value)
        return _Node(self.file, f"{self.path}.{key}" if self.path else key, value)

    def _dict(self) -> dict[str, object]:
        if not isinstance(self.value, dict):
            self.fail(f"expected an object, got {_describe(self.value)}")
        return self.value

    def keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        """Check that every required key is there and no unknown key is."""
        data = self._dict()
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in required:
            if key not in data:
                self.at(key, None).fail("missing")
        for key in data:
            if key not in allowed:
                self.at(key, data[key]).fail("unknown field")

    def get(self, key: str, default: object = _REQUIRED) -> _Node:
        data = self._dict()
        if key in data:
            return self.at(key, data[key])
        if default is _REQUIRED:
            self.at(key, None).fail("missing")
        return self.at(key, default)

    def items(self) -> list[_Node]:
        if not isinstance(self.value, list):
            self.fail(f"expected a list, got {_describe(self.value)}")
        return [self.at(i, v) for i, v in enumerate(self.value)]

    def as_int(self, minimum: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"expected an integer, got {_describe(value)}")
        if minimum is not None and value < minimum:
            self.fail(f"must be at least {minimum}, got {value}")
        return value

    def as_opt_int(self, minimum: int | None = None) -> int | None:
        return None if self.value is None else self.as_int(minimum)

    def as_bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail(f"expected true or false, got {_describe(self.value)}")
        return self.value

    def as_str(self) -> str:
        if not isinstance(self.value, str):
            self.fail(f"expected a string, got {_describe(self.value)}")
        if not self.value.strip():
            self.fail("must not be empty")
        return self.value

    def as_choice(self, choices: Iterable[str]) -> str:
        value = self.as_str()
        options = sorted(choices)
        if value not in options:
            self.fail(f"{value!r} is not one of {', '.join(options)}")
        return value

    def as_opt_choice(self, choices: Iterable[str]) -> str | None:
        return None if self.value is None else self.as_choice(choices)

    def as_good(self) -> Good:
        return Good(self.as_choice(g.value for g in Good.known()))

    def as_enum(self, enum: type[_E]) -> _E:
        members: Iterable[_E] = enum.known() if issubclass(enum, OpenId) else enum
        return enum(self.as_choice(m.value for m in members))

    def as_ident(self) -> str:
        value = self.as_str()
        if not (value.replace("_", "").isalnum() and value.isascii() and value == value.lower()):
            self.fail(f"{value!r} is not a lower-case snake_case id")
        return value

    def int_list(self, minimum: int | None = None, *, distinct: bool = True) -> tuple[int, ...]:
        values: list[int] = []
        for node in self.items():
            value = node.as_int(minimum)
            if distinct and value in values:
                node.fail(f"{value} is listed twice")
            values.append(value)
        return tuple(values)

    def ident_list(self) -> tuple[str, ...]:
        values: list[str] = []
        for node in self.items():
            value = node.as_ident()
            if value in values:
                node.fail(f"{value!r} is listed twice")
            values.append(value)
        return tuple(values)

    def enum_list(self, enum: type[_E]) -> tuple[_E, ...]:
        values: list[_E] = []
        for node in self.items():
            value = node.as_enum(enum)
            if value in values:
                node.fail(f"{value.value!r} is listed twice")
            values.append(value)
        return tuple(values)


# --- employees ------------------------------------------------------------------------------

_EMPLOYEE_REQUIRED = (
    "id",
    "name",
    "category",
    "colour",
    "description",
    "entry_level",
    "salary",
    "box_count",
)
_EMPLOYEE_OPTIONAL = (
    "unique",
    "slots",
    "is_manager",
    "range_kind",
    "range",
    "trains_into",
    "trained_from",
    "hires",
    "hire_discount",
    "trains",
    "price_modifier",
    "food",
    "food_amount",
    "drinks_per_source",
    "campaign_types",
    "max_duration",
    "mandatory",
    "unique_group",
    "after_cut",
)


def _parse_employee(node: _Node) -> EmployeeType:
    node.keys(_EMPLOYEE_REQUIRED, _EMPLOYEE_OPTIONAL)
    category = node.get("category").as_choice(CATEGORIES)
    is_manager = node.get("is_manager", False).as_bool()
    slots = node.get("slots", 0).as_int(0)
    if is_manager and "slots" not in node._dict():
        node.get("slots").fail("a manager needs its slots (0 for the Night Shift Manager)")
    if not is_manager and category != "ceo" and slots != 0:
        node.get("slots").fail("only managers and the CEO have slots")
    if is_manager and category != "management":
        node.get("is_manager").fail("managers must be in category 'management'")

    range_kind = node.get("range_kind", None).as_opt_choice(RANGE_KINDS)
    range_node = node.get("range", None)
    range_value = range_node.as_opt_int(1)
    if range_kind in ("road", "air") and range_value is None:
        range_node.fail(f"a {range_kind} range needs a number of tile borders")
    if range_kind not in ("road", "air") and range_value is not None:
        range_node.fail("only road and air ranges have a number")

    hires = node.get("hires", 0).as_int(0)
    hire_discount = node.get("hire_discount", False).as_bool()
    if hire_discount and hires == 0:
        node.get("hire_discount").fail("a hire discount needs hires")

    food_node = node.get("food", [])
    food = tuple(n.as_good() for n in food_node.items())
    if len(set(food)) != len(food):
        food_node.fail("a food is listed twice")
    for good in food:  # a kitchen makes food, or a module's good that is no drink either
        if good.is_drink:
            food_node.fail(f"{good.value!r} is a drink: drinks are collected, not made")
    food_amount = node.get("food_amount", 0).as_int(0)
    if bool(food) != (food_amount > 0):
        node.get("food_amount", 0).fail("food and food_amount must be given together")

    campaign_types = node.get("campaign_types", []).enum_list(CampaignType)
    max_duration = node.get("max_duration", 0).as_int(0)
    if bool(campaign_types) != (max_duration > 0):
        node.get("max_duration", 0).fail("campaign_types and max_duration must be given together")

    return EmployeeType(
        id=node.get("id").as_enum(EmployeeId),
        name=node.get("name").as_str(),
        category=category,
        description=node.get("description").as_str(),
        entry_level=node.get("entry_level").as_bool(),
        salary=node.get("salary").as_bool(),
        unique=node.get("unique", False).as_bool(),
        slots=slots,
        is_manager=is_manager,
        range_kind=range_kind,
        range=range_value,
        trains_into=node.get("trains_into", []).enum_list(EmployeeId),
        trained_from=node.get("trained_from", []).enum_list(EmployeeId),
        box_count=node.get("box_count").as_int(1),
        hires=hires,
        hire_discount=hire_discount,
        trains=node.get("trains", 0).as_int(0),
        price_modifier=node.get("price_modifier", 0).as_int(),
        food=food,
        food_amount=food_amount,
        drinks_per_source=node.get("drinks_per_source", 0).as_int(0),
        campaign_types=campaign_types,
        max_duration=max_duration,
        mandatory=node.get("mandatory", False).as_bool(),
        colour=node.get("colour").as_choice(COLOURS),
        unique_group=None
        if node.get("unique_group", None).value is None
        else node.get("unique_group").as_ident(),
        after_cut=node.get("after_cut", 0).as_int(0),
    )


def _check_acyclic(root: _Node, employees: Mapping[EmployeeId, EmployeeType]) -> None:
    state: dict[EmployeeId, int] = {}  # 1 = on the current path, 2 = done

    def visit(eid: EmployeeId, path: tuple[str, ...]) -> None:
        if state.get(eid) == 2:
            return
        if state.get(eid) == 1:
            root.fail(f"the career tree has a cycle: {' -> '.join((*path, eid))}")
        state[eid] = 1
        for nxt in employees[eid].trains_into:
            visit(nxt, (*path, eid))
        state[eid] = 2

    for eid in employees:
        visit(eid, ())


def _parse_employees(raw: object) -> dict[EmployeeId, EmployeeType]:
    """Read and check ``employees.json`` on its own (cross-file checks are in parse_catalog)."""
    root = _Node(EMPLOYEES_FILE, "", raw)
    root.keys(("total_cards", "entry_level_types", "unique_types", "employees"), ("about",))
    nodes = root.get("employees").items()
    employees: dict[EmployeeId, EmployeeType] = {}
    for node in nodes:
        emp = _parse_employee(node)
        if emp.id in employees:
            node.get("id").fail(f"duplicate id {emp.id!r}")
        employees[emp.id] = emp

    ceos = [e for e in employees.values() if e.category == "ceo"]
    if len(ceos) != 1 or ceos[0].id != CEO_ID:
        root.get("employees").fail(f"need exactly one employee {CEO_ID!r} in category 'ceo'")
    for node, emp in zip(nodes, employees.values(), strict=True):
        if emp.is_ceo:
            if emp.entry_level or emp.unique or emp.trains_into or emp.trained_from:
                node.fail("the CEO cannot be entry-level, 1x or part of the career tree")
            if emp.slots < 1 or emp.hires < 1:
                node.fail("the CEO needs slots and a hire")
            continue
        for key, targets, back in (
            ("trains_into", emp.trains_into, "trained_from"),
            ("trained_from", emp.trained_from, "trains_into"),
        ):
            for i, other_id in enumerate(targets):
                where = node.get(key).at(i, other_id)
                other = employees.get(other_id)
                if other is None:
                    where.fail(f"unknown employee {other_id!r}")
                if other.is_ceo or other_id == emp.id:
                    where.fail(f"{other_id!r} cannot be part of the career tree here")
                mirror = other.trained_from if key == "trains_into" else other.trains_into
                if emp.id not in mirror:
                    where.fail(f"{other_id!r} does not list {emp.id!r} in its {back}")
        if emp.entry_level and emp.trained_from:
            node.get("trained_from").fail("an entry-level card cannot be trained from another")
        if not emp.entry_level and not emp.trained_from:
            node.get("entry_level").fail("a card that is not entry-level must be trainable into")
    _check_acyclic(root.get("employees"), employees)

    for key, flag in (("entry_level_types", "entry_level"), ("unique_types", "unique")):
        list_node = root.get(key)
        listed = list_node.enum_list(EmployeeId)
        for i, eid in enumerate(listed):
            if eid not in employees:
                list_node.at(i, eid).fail(f"unknown employee {eid!r}")
        flagged = {e.id for e in employees.values() if getattr(e, flag)}
        if set(listed) != flagged:
            list_node.fail(
                f"does not match the employees marked {flag}: "
                f"listed only {sorted(set(listed) - flagged)}, "
                f"marked only {sorted(flagged - set(listed))}"
            )

    total_node = root.get("total_cards")
    total = total_node.as_int(1)
    counted = sum(e.box_count for e in employees.values() if not e.is_ceo)
    if counted != total:
        total_node.fail(f"is {total} but the box counts of the non-CEO cards add up to {counted}")
    return employees


# --- milestones -----------------------------------------------------------------------------


def _parse_milestones(raw: object) -> dict[MilestoneId, MilestoneType]:
    root = _Node(MILESTONES_FILE, "", raw)
    root.keys(("total_copies", "milestones"), ("about",))
    milestones: dict[MilestoneId, MilestoneType] = {}
    for node in root.get("milestones").items():
        node.keys(("id", "name", "claim_when", "effect", "effect_starts", "copies"))
        milestone = MilestoneType(
            id=node.get("id").as_enum(MilestoneId),
            name=node.get("name").as_str(),
            claim_when=node.get("claim_when").as_str(),
            effect=node.get("effect").as_str(),
            effect_starts=node.get("effect_starts").as_str(),
            copies=node.get("copies").as_int(1),
        )
        if milestone.id in milestones:
            node.get("id").fail(f"duplicate id {milestone.id!r}")
        milestones[milestone.id] = milestone
    total_node = root.get("total_copies")
    total = total_node.as_int(1)
    counted = sum(m.copies for m in milestones.values())
    if counted != total:
        total_node.fail(f"is {total} but the milestone copies add up to {counted}")
    return milestones


# --- tiles ----------------------------------------------------------------------------------


def _parse_tile(node: _Node) -> TileDef:
    node.keys(("letter", "house", "grid"), ("houses",))
    letter_node = node.get("letter")
    letter = letter_node.as_str()
    if len(letter) != 1 or not ("A" <= letter <= "Z"):
        letter_node.fail(f"{letter!r} is not a capital letter")
    grid_node = node.get("grid")
    rows: list[str] = []
    for row_node in grid_node.items():
        row = row_node.as_str()
        if len(row) != TILE_SIZE:
            row_node.fail(f"must have {TILE_SIZE} squares, got {len(row)}")
        for ch in row:
            if ch not in TILE_SQUARES:
                row_node.fail(f"unknown square {ch!r} (known: {''.join(sorted(TILE_SQUARES))})")
        rows.append(row)
    if len(rows) != TILE_SIZE:
        grid_node.fail(f"must have {TILE_SIZE} rows, got {len(rows)}")
    grid = tuple(rows)

    house_node = node.get("house")
    house = house_node.as_opt_int(1)
    houses: list[tuple[int, str]] = []
    # a module's tile: several houses, or a house of a module's kind (in reading order)
    for h in node.get("houses", []).items():
        if house is not None:
            house_node.fail("give either 'house' or 'houses'")
        h.keys(("number",), ("kind",))
        kind = h.get("kind", None)
        houses.append((h.get("number").as_int(1), "" if kind.value is None else kind.as_str()))
    numbers = [n for n, _ in houses] or ([] if house is None else [house])
    if house is None and not houses and "H" in "".join(grid):
        house_node.fail("the grid shows a house but no house number is given")
    if house is not None:  # a base tile's one 2x2 house
        squares = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "H"]
        if len(squares) != 4:
            grid_node.fail(f"a printed house needs 4 'H' squares, found {len(squares)}")
    try:
        found = printed_house_cells(grid, numbers, letter)
    except ValueError as e:
        grid_node.fail(str(e))
    if house is not None and len(found[house][0]) != 4:
        grid_node.fail("the 'H' squares do not form a 2x2 house")

    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != "x":
                continue
            around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            if not all(0 <= rr < TILE_SIZE and 0 <= cc < TILE_SIZE for rr, cc in around) or any(
                grid[rr][cc] not in "rx" for rr, cc in around
            ):
                grid_node.fail(f"bridge at [{r}, {c}] needs road on all four sides")
    return TileDef(
        letter=letter, grid=grid, house_number=house if house is not None else None,
        houses=tuple(houses),
    )


def _parse_tiles(raw: object) -> dict[str, TileDef]:
    root = _Node(TILES_FILE, "", raw)
    root.keys(("tiles",), ("about",))
    tiles: dict[str, TileDef] = {}
    houses: dict[int, str] = {}
    for node in root.get("tiles").items():
        tile = _parse_tile(node)
        if tile.letter in tiles:
            node.get("letter").fail(f"duplicate tile {tile.letter!r}")
        for number in tile.house_numbers:
            if number in houses:
                node.get("house").fail(f"house {number} is also on tile {houses[number]}")
            houses[number] = tile.letter
        tiles[tile.letter] = tile
    # the base box's A, B, C, ...; a module's tiles (docs/modules.md) follow with later letters
    base = [t for t in tiles if t <= "T"]
    if base != [chr(ord("A") + i) for i in range(len(base))] or list(tiles)[: len(base)] != base:
        root.get("tiles").fail(f"letters must run A, B, C, ... in order, got {''.join(tiles)}")
    return tiles


# --- setup ----------------------------------------------------------------------------------

_SETUP_KEYS = (
    "bank_per_player",
    "bank_per_player_intro",
    "player_counts",
    "campaigns",
    "reserve_cards",
    "placeable_houses",
    "printed_houses",
    "garden_tiles",
    "restaurants_per_player",
    "ceo_start_slots",
    "freezer_capacity",
)


@dataclass(frozen=True, slots=True)
class _Setup:
    campaigns: dict[int, CampaignTileDef]
    setups: dict[int, PlayerCountSetup]
    reserve_cards: tuple[ReserveCard, ...]
    placeable_houses: tuple[int, ...]
    printed_houses: tuple[int, ...]
    garden_tiles: int
    restaurants_per_player: int
    ceo_start_slots: int
    freezer_capacity: int


def _parse_campaign(node: _Node) -> CampaignTileDef:
    node.keys(("number", "type", "height", "width"))
    camp = CampaignTileDef(
        number=node.get("number").as_int(1),
        type=node.get("type").as_enum(CampaignType),
        height=node.get("height").as_int(1),
        width=node.get("width").as_int(1),
    )
    if camp.type is CampaignType.AIRPLANE:
        if camp.height != 1:
            node.get("height").fail("an airplane has height 1 (its width is its span)")
        if camp.width not in _AIRPLANE_SPANS:
            node.get("width").fail(f"an airplane spans 1, 3 or 5 squares, got {camp.width}")
    return camp


def _parse_setup(raw: object) -> _Setup:
    root = _Node(SETUP_FILE, "", raw)
    root.keys(_SETUP_KEYS, ("about",))

    campaigns: dict[int, CampaignTileDef] = {}
    campaigns_node = root.get("campaigns")
    for node in campaigns_node.items():
        camp = _parse_campaign(node)
        if camp.number != len(campaigns) + 1:
            node.get("number").fail("campaigns must be numbered 1, 2, 3, ... in order")
        if campaigns:
            previous = campaigns[camp.number - 1].type
            if _campaign_rank(camp.type) < _campaign_rank(previous):
                node.get("type").fail(
                    "campaign types must run radio, airplane, mailbox, billboard by number"
                )
        campaigns[camp.number] = camp
    if not campaigns:
        campaigns_node.fail("no campaigns")

    per_player = root.get("bank_per_player").as_int(1)
    per_player_intro = root.get("bank_per_player_intro").as_int(1)
    setups: dict[int, PlayerCountSetup] = {}
    for node in root.get("player_counts").items():
        node.keys(
            (
                "players",
                "tile_rows",
                "tile_cols",
                "bank",
                "bank_intro",
                "unique_copies",
                "billboards_removed",
            )
        )
        removed_node = node.get("billboards_removed")
        setup = PlayerCountSetup(
            players=node.get("players").as_int(2),
            tile_rows=node.get("tile_rows").as_int(1),
            tile_cols=node.get("tile_cols").as_int(1),
            bank=node.get("bank").as_int(1),
            bank_intro=node.get("bank_intro").as_int(1),
            unique_copies=node.get("unique_copies").as_int(1),
            billboards_removed=removed_node.int_list(1),
        )
        if setup.players in setups:
            node.get("players").fail(f"{setup.players} players is listed twice")
        if setup.bank != per_player * setup.players:
            node.get("bank").fail(
                f"must be bank_per_player x players = {per_player * setup.players}"
            )
        if setup.bank_intro != per_player_intro * setup.players:
            node.get("bank_intro").fail(
                f"must be bank_per_player_intro x players = {per_player_intro * setup.players}"
            )
        for i, number in enumerate(setup.billboards_removed):
            camp_or_none = campaigns.get(number)
            if camp_or_none is None or camp_or_none.type is not CampaignType.BILLBOARD:
                removed_node.at(i, number).fail(f"campaign {number} is not a billboard")
        setups[setup.players] = setup
    if not setups:
        root.get("player_counts").fail("no player counts")

    reserve_cards: list[ReserveCard] = []
    for node in root.get("reserve_cards").items():
        node.keys(("money", "ceo_slots"), ("base_price",))
        reserve_cards.append(
            ReserveCard(
                money=node.get("money").as_int(1),
                ceo_slots=node.get("ceo_slots").as_int(1),
                base_price=node.get("base_price", None).as_opt_int(1),
            )
        )
    if not reserve_cards:
        root.get("reserve_cards").fail("no reserve cards")

    placeable = root.get("placeable_houses").int_list(1)
    printed_node = root.get("printed_houses")
    printed = printed_node.int_list(1)
    both = set(placeable) & set(printed)
    if both:
        printed_node.fail(f"houses {sorted(both)} are also placeable")
    # the base box's houses run 1..N; a module's tiles print higher numbers (21, 22, 25, ...)
    numbers = sorted(n for n in (*placeable, *printed) if n <= max(placeable, default=0))
    if numbers != list(range(1, len(numbers) + 1)) or len(set(printed)) != len(printed):
        printed_node.fail("printed and placeable houses together must be numbered 1..N")

    return _Setup(
        campaigns=campaigns,
        setups=setups,
        reserve_cards=tuple(reserve_cards),
        placeable_houses=placeable,
        printed_houses=printed,
        garden_tiles=root.get("garden_tiles").as_int(0),
        restaurants_per_player=root.get("restaurants_per_player").as_int(1),
        ceo_start_slots=root.get("ceo_start_slots").as_int(1),
        freezer_capacity=root.get("freezer_capacity").as_int(0),
    )


# --- the whole catalog ----------------------------------------------------------------------


def parse_catalog(raw: Mapping[str, object]) -> Catalog:
    """Build a :class:`Catalog` from the decoded JSON of every data file, keyed by file name."""
    for name in DATA_FILES:
        if name not in raw:
            raise DataError(name, "(file)", "missing")
    employees = _parse_employees(raw[EMPLOYEES_FILE])
    milestones = _parse_milestones(raw[MILESTONES_FILE])
    tiles = _parse_tiles(raw[TILES_FILE])
    setup = _parse_setup(raw[SETUP_FILE])

    setup_root = _Node(SETUP_FILE, "", raw[SETUP_FILE])
    emp_root = _Node(EMPLOYEES_FILE, "", raw[EMPLOYEES_FILE])

    # Printed houses on the tiles are exactly the ones setup.json lists.
    on_tiles = sorted(n for t in tiles.values() for n in t.house_numbers)
    if on_tiles != sorted(setup.printed_houses):
        setup_root.get("printed_houses").fail(
            f"tiles.json prints houses {on_tiles}, not {sorted(setup.printed_houses)}"
        )
    # The map of every player count fits in the box's tiles.
    for i, node in enumerate(setup_root.get("player_counts").items()):
        count = list(setup.setups.values())[i]
        if count.tiles_used > len(tiles):
            node.fail(f"needs {count.tiles_used} tiles but tiles.json has {len(tiles)}")
    # The CEO card and the setup agree on the starting slots.
    ceo = employees[CEO_ID]
    if ceo.slots != setup.ceo_start_slots:
        setup_root.get("ceo_start_slots").fail(
            f"is {setup.ceo_start_slots} but the CEO card in employees.json has {ceo.slots}"
        )
    # The box holds enough copies of every 1x card for every player count.
    most = max(s.unique_copies for s in setup.setups.values())
    for node in emp_root.get("employees").items():
        emp = employees[node.get("id").as_enum(EmployeeId)]
        if emp.unique and emp.unique_group is None and emp.box_count < most:
            node.get("box_count").fail(
                f"the box needs {most} copies for setup.json's largest player count"
            )
    # Marketeers only name campaign types that exist.
    types_in_play = {c.type for c in setup.campaigns.values()}
    for node in emp_root.get("employees").items():
        emp = employees[node.get("id").as_enum(EmployeeId)]
        missing = [t.value for t in emp.campaign_types if t not in types_in_play]
        if missing:
            node.get("campaign_types").fail(f"setup.json has no campaign of type {missing}")

    return Catalog(
        employees=MappingProxyType(employees),
        milestones=MappingProxyType(milestones),
        tiles=MappingProxyType(tiles),
        campaigns=MappingProxyType(setup.campaigns),
        setups=MappingProxyType(dict(sorted(setup.setups.items()))),
        reserve_cards=setup.reserve_cards,
        placeable_houses=setup.placeable_houses,
        printed_houses=setup.printed_houses,
        garden_tiles=setup.garden_tiles,
        restaurants_per_player=setup.restaurants_per_player,
        ceo_start_slots=setup.ceo_start_slots,
        freezer_capacity=setup.freezer_capacity,
    )


class _DuplicateKeyError(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def load_raw() -> dict[str, object]:
    """The decoded JSON of every data file, keyed by file name (a fresh copy on every call)."""
    raw: dict[str, object] = {}
    package = resources.files(__package__ or "fcm.data")
    for name in DATA_FILES:
        try:
            text = package.joinpath(name).read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(name, "(file)", f"cannot be read: {exc}") from exc
        try:
            raw[name] = json.loads(text, object_pairs_hook=_no_duplicates)
        except _DuplicateKeyError as exc:
            raise DataError(name, "(file)", f"key {exc.args[0]!r} appears twice") from exc
        except json.JSONDecodeError as exc:
            raise DataError(name, f"line {exc.lineno}", f"invalid JSON: {exc.msg}") from exc
    return raw


@cache
def load_catalog() -> Catalog:
    """The game's catalog, read and checked once."""
    return parse_catalog(load_raw())
