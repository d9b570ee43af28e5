"""The records of the game's fixed facts: employee cards, milestones, map tiles, campaign
tiles and setup tables, bundled in a :class:`Catalog`.

Core reads a game's facts from its ruleset (``state.rules.catalog``); ``fcm.data`` reads the
JSON files, checks them and builds these records (``fcm.data.load_catalog``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from fcm.core.types import CampaignType, EmployeeId, Good, MilestoneId

__all__ = [
    "CampaignTileDef",
    "Catalog",
    "EmployeeType",
    "MilestoneType",
    "PlayerCountSetup",
    "ReserveCard",
    "TileDef",
]

CEO_ID = EmployeeId.CEO


@dataclass(frozen=True, slots=True)
class EmployeeType:
    """One kind of employee card."""

    id: EmployeeId
    name: str
    category: str
    description: str
    entry_level: bool
    salary: bool
    unique: bool
    """A "1x" card: a player owns at most one, and the supply depends on the player count."""
    slots: int
    """Employees that may report to this card (0 for non-managers; the CEO's starting 3)."""
    is_manager: bool
    """A black management card (may only sit in a CEO slot). False for the CEO."""
    range_kind: str | None
    """``"road"``, ``"air"``, ``"unlimited"`` or None."""
    range: int | None
    """Tile borders for road or air range, None otherwise."""
    trains_into: tuple[EmployeeId, ...]
    trained_from: tuple[EmployeeId, ...]
    box_count: int
    hires: int
    hire_discount: bool
    """Unused hires become mandatory $5 salary discounts."""
    trains: int
    price_modifier: int
    food: tuple[Good, ...]
    """Goods it may make (one kind per use)."""
    food_amount: int
    drinks_per_source: int
    campaign_types: tuple[CampaignType, ...]
    max_duration: int
    mandatory: bool
    colour: str
    unique_group: str | None = None
    """1x types of which a player owns only one together (the movie stars, ketchup.md 15)."""
    after_cut: int = 0
    """Of ``box_count``, copies added to the supply after the 1x cut (ketchup.md 0.2: the
    extra Luxuries Manager of the food modules)."""

    @property
    def is_ceo(self) -> bool:
        return self.id == CEO_ID

    def copies_in_supply(self, players: int, unique_copies: int) -> int:
        """Copies laid out in the supply at setup.

        ``unique_copies`` is the player count's copies of each 1x card (see
        :attr:`PlayerCountSetup.unique_copies`). The CEO is never part of the supply: 0.
        """
        del players  # the count only matters through unique_copies
        if self.is_ceo:
            return 0
        if self.unique:
            return min(unique_copies, self.box_count - self.after_cut) + self.after_cut
        return self.box_count


@dataclass(frozen=True, slots=True)
class MilestoneType:
    id: MilestoneId
    name: str
    claim_when: str
    effect: str
    effect_starts: str
    copies: int


@dataclass(frozen=True, slots=True)
class TileDef:
    """A 5x5 map tile as printed; see ``tiles.json`` for the square letters."""

    letter: str
    grid: tuple[str, ...]
    house_number: int | None
    # a module's tile (docs/modules.md "Map tiles"): its printed houses in reading order of
    # their top-left squares, each with its house kind ("" a base house), e.g. two houses on
    # one tile or an apartment; a base tile has its one ``house_number``
    houses: tuple[tuple[int, str], ...] = ()

    def square(self, row: int, col: int) -> str:
        return self.grid[row][col]

    @property
    def house_numbers(self) -> tuple[int, ...]:
        """The numbers of the printed houses, in reading order of their top-left squares."""
        if self.houses:
            return tuple(n for n, _ in self.houses)
        return () if self.house_number is None else (self.house_number,)


@dataclass(frozen=True, slots=True)
class CampaignTileDef:
    """A campaign tile. Airplanes: height 1 and width = the squares of map edge they cover."""

    number: int
    type: CampaignType
    height: int
    width: int

    @property
    def span(self) -> int:
        """Squares of the map edge an airplane lines up with (its width); else the long side."""
        return max(self.height, self.width)

    @property
    def is_square(self) -> bool:
        return self.height == self.width

    @property
    def long_side(self) -> int:
        return max(self.height, self.width)

    @property
    def short_side(self) -> int:
        return min(self.height, self.width)


@dataclass(frozen=True, slots=True)
class ReserveCard:
    money: int
    ceo_slots: int
    base_price: int | None = None  # Reserve Prices (ketchup.md 14): the card's base unit price


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    players: int
    tile_rows: int
    tile_cols: int
    bank: int
    bank_intro: int
    unique_copies: int
    billboards_removed: tuple[int, ...]

    @property
    def tiles_used(self) -> int:
        return self.tile_rows * self.tile_cols


def _training_steps(
    employees: Mapping[EmployeeId, EmployeeType],
) -> dict[tuple[EmployeeId, EmployeeId], int]:
    steps: dict[tuple[EmployeeId, EmployeeId], int] = {}
    for src in employees:
        seen = {src: 0}
        queue = deque([src])
        while queue:
            here = queue.popleft()
            for nxt in employees[here].trains_into:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        for dst, n in seen.items():
            steps[(src, dst)] = n
    return steps


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every fixed fact of the base game."""

    employees: Mapping[EmployeeId, EmployeeType]
    milestones: Mapping[MilestoneId, MilestoneType]
    tiles: Mapping[str, TileDef]
    campaigns: Mapping[int, CampaignTileDef]
    setups: Mapping[int, PlayerCountSetup]
    reserve_cards: tuple[ReserveCard, ...]
    placeable_houses: tuple[int, ...]
    printed_houses: tuple[int, ...]
    garden_tiles: int
    restaurants_per_player: int
    ceo_start_slots: int
    freezer_capacity: int
    _steps: Mapping[tuple[EmployeeId, EmployeeId], int] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_steps", MappingProxyType(_training_steps(self.employees)))

    def employee(self, id: EmployeeId | str) -> EmployeeType:
        try:
            return self.employees[id]  # type: ignore[index]  # a str id looks up alike
        except KeyError:
            raise KeyError(f"unknown employee type {id!r}") from None

    def setup(self, players: int) -> PlayerCountSetup:
        try:
            return self.setups[players]
        except KeyError:
            known = ", ".join(str(n) for n in self.setups)
            raise KeyError(f"no setup for {players} players (known: {known})") from None

    def supply_for(self, players: int) -> dict[EmployeeId, int]:
        """Starting supply of every employee type except the CEO."""
        unique_copies = self.setup(players).unique_copies
        return {
            e.id: e.copies_in_supply(players, unique_copies)
            for e in self.employees.values()
            if not e.is_ceo
        }

    def steps_between(self, src: EmployeeId, dst: EmployeeId) -> int | None:
        """Training steps from ``src`` to ``dst`` along the career tree (0 if the same type).

        None if ``dst`` cannot be reached from ``src``.
        """
        self.employee(src)
        self.employee(dst)
        return self._steps.get((src, dst))
