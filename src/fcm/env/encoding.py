"""The action encoding: engine actions <-> integers ``0 .. num_actions - 1`` (version 2).

One fixed index space for every player count (the largest map, 5 players, is 20 x 25 squares).
It is a concatenation of *blocks*, one per kind of action, each the product of the action's
fields, always in this order (docs/research.md lists every block with its offset and size):

=====================  ===================================================================
block                  fields (index order, last field fastest)
=====================  ===================================================================
done                   -
choose_reserve         money (100, 200, 300)
place_restaurant       employee (none = setup, local_manager, regional_manager), square, corner
move_restaurant        restaurant (0..2), square, corner
send_to_work           employee (33 types, ``EMPLOYEES``)
choose_turn_order      position (1..5: the most seats the ruleset sets up)
hire                   employee
train                  trainer (trainer, coach, guru), training edge (``TRAIN_EDGES``), fresh
start_campaign         marketeer (``MARKETEERS``), campaign tile number (1..16)
place_campaign         square, orientation (none, horizontal, vertical)
place_airplane         map edge (n, e, s, w), first row/column (0..24)
choose_advert          good (``GOODS``: the marketable goods), duration (1..5)
cook                   kitchen employee (``KITCHEN``), food (burger, pizza: the foods cooked)
get_drink              errand boy, drink (soda, lemonade, beer: the drinks)
drive_route            buyer (cart_operator, truck_driver, zeppelin_pilot), supplier set
place_house            house tile (1, 3, 6, 9, 11, 14, 17, 19), square, garden side
add_garden             house number (1..19: up to the highest), garden side
fire                   employee
throw_away             good
=====================  ===================================================================

An expansion module with actions of its own appends its blocks after these
(:mod:`fcm.env.extensions`, registered from the module's package; docs/research.md lists them).

A square is ``row * 25 + col``. A garden side is where the 2x1 garden lies against the 2x2
house: 0 north, 1 east, 2 south, 3 west. A buyer's route is given by the set of suppliers it
collects from (as the engine does); the set is a 13-bit mask over ``SUPPLIERS``, the 13 drink
suppliers printed on the tiles, named by tile letter and drink (each tile is in the box once), so
the bit of a supplier does not depend on where its tile lies or how it is turned.

The mapping is fixed: it depends on the position only to read the map (where each supplier lies)
and, for ``add_garden``, where the house is; both are public, so a seat's view is enough.
Changing any of it is a new ``VERSION``.

**Expansion modules** (version 2): the fields' vocabularies are sized from the game's ruleset
(:func:`encoding_of`, an :class:`Encoding` per set of modules). Each vocabulary is the base
game's (the tuples below, in this order) followed by what the modules add, in the id enums'
order: employee cards (``EmployeeId``), trainers, training edges (by the index of the card
trained, then of the card it becomes), marketeers, kitchen cards; the reserve cards are the
ruleset's (by money, then base price: Reserve Prices' three $200 cards), campaign tile numbers
run to the highest the ruleset has (a module's tiles after the base 16), durations to the
longest a marketeer may choose; the goods (stock, throw-aways), the marketable goods (adverts),
the foods its kitchen cards cook, the drinks, the house tiles, house numbers and turn-order
positions (the most seats the catalog sets up) likewise, so a module that adds a good, a
cooked food or a house tile is encoded without editing this file. With no module the
encoding is exactly version 1 (``BASE``, the module-level ``BLOCKS`` and ``NUM_ACTIONS``);
with modules every block after the first grown one moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from fcm.core.actions import (
    Action,
    AddGarden,
    ChooseAdvert,
    ChooseReserve,
    ChooseTurnOrder,
    Cook,
    Done,
    Fire,
    GetDrinks,
    Hire,
    MoveRestaurant,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    SendToWork,
    StartCampaign,
    ThrowAway,
    Train,
)
from fcm.core.company import board_of
from fcm.core.engine import legal_actions
from fcm.core.geometry import Board
from fcm.core.phases.setup_phase import reserve_choices
from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState
from fcm.core.types import Cell, Corner, Edge, EmployeeId, Good, Orientation, Seat
from fcm.env.extensions import ActionBlocks, env_blocks

VERSION = 2

HEIGHT = 20  # squares: the 5-player map is 4 x 5 tiles (a ruleset's own: ``Encoding.height``)
WIDTH = 25
SQUARES = HEIGHT * WIDTH
TILE = 5  # squares a side of a map tile

# The vocabularies are frozen here (not read from the data files) so that the indices never move
# silently; tests check that they cover the catalog.
EMPLOYEES: tuple[EmployeeId, ...] = (
    EmployeeId.CEO,
    EmployeeId.MANAGEMENT_TRAINEE,
    EmployeeId.JUNIOR_VICE_PRESIDENT,
    EmployeeId.VICE_PRESIDENT,
    EmployeeId.SENIOR_VICE_PRESIDENT,
    EmployeeId.EXECUTIVE_VICE_PRESIDENT,
    EmployeeId.WAITRESS,
    EmployeeId.NEW_BUSINESS_DEVELOPER,
    EmployeeId.CFO,
    EmployeeId.LOCAL_MANAGER,
    EmployeeId.REGIONAL_MANAGER,
    EmployeeId.PRICING_MANAGER,
    EmployeeId.DISCOUNT_MANAGER,
    EmployeeId.LUXURIES_MANAGER,
    EmployeeId.RECRUITING_GIRL,
    EmployeeId.RECRUITING_MANAGER,
    EmployeeId.HR_DIRECTOR,
    EmployeeId.TRAINER,
    EmployeeId.COACH,
    EmployeeId.GURU,
    EmployeeId.ERRAND_BOY,
    EmployeeId.CART_OPERATOR,
    EmployeeId.TRUCK_DRIVER,
    EmployeeId.ZEPPELIN_PILOT,
    EmployeeId.MARKETING_TRAINEE,
    EmployeeId.CAMPAIGN_MANAGER,
    EmployeeId.BRAND_MANAGER,
    EmployeeId.BRAND_DIRECTOR,
    EmployeeId.KITCHEN_TRAINEE,
    EmployeeId.BURGER_COOK,
    EmployeeId.BURGER_CHEF,
    EmployeeId.PIZZA_COOK,
    EmployeeId.PIZZA_CHEF,
)
GOODS: tuple[Good, ...] = (Good.BURGER, Good.PIZZA, Good.SODA, Good.LEMONADE, Good.BEER)
FOODS: tuple[Good, ...] = (Good.BURGER, Good.PIZZA)
DRINKS: tuple[Good, ...] = (Good.SODA, Good.LEMONADE, Good.BEER)
CORNERS: tuple[Corner, ...] = (Corner.NW, Corner.NE, Corner.SW, Corner.SE)
EDGES: tuple[Edge, ...] = (Edge.N, Edge.E, Edge.S, Edge.W)
ORIENTATIONS: tuple[Orientation | None, ...] = (None, Orientation.HORIZONTAL, Orientation.VERTICAL)
RESERVES: tuple[int, ...] = (100, 200, 300)
PLACERS: tuple[EmployeeId | None, ...] = (
    None,
    EmployeeId.LOCAL_MANAGER,
    EmployeeId.REGIONAL_MANAGER,
)
TRAINERS: tuple[EmployeeId, ...] = (EmployeeId.TRAINER, EmployeeId.COACH, EmployeeId.GURU)
TRAIN_EDGES: tuple[tuple[EmployeeId, EmployeeId], ...] = (
    (EmployeeId.MANAGEMENT_TRAINEE, EmployeeId.JUNIOR_VICE_PRESIDENT),
    (EmployeeId.MANAGEMENT_TRAINEE, EmployeeId.NEW_BUSINESS_DEVELOPER),
    (EmployeeId.MANAGEMENT_TRAINEE, EmployeeId.LUXURIES_MANAGER),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.VICE_PRESIDENT),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.LOCAL_MANAGER),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.DISCOUNT_MANAGER),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.RECRUITING_MANAGER),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.COACH),
    (EmployeeId.VICE_PRESIDENT, EmployeeId.SENIOR_VICE_PRESIDENT),
    (EmployeeId.VICE_PRESIDENT, EmployeeId.REGIONAL_MANAGER),
    (EmployeeId.VICE_PRESIDENT, EmployeeId.GURU),
    (EmployeeId.SENIOR_VICE_PRESIDENT, EmployeeId.EXECUTIVE_VICE_PRESIDENT),
    (EmployeeId.SENIOR_VICE_PRESIDENT, EmployeeId.CFO),
    (EmployeeId.SENIOR_VICE_PRESIDENT, EmployeeId.HR_DIRECTOR),
    (EmployeeId.ERRAND_BOY, EmployeeId.CART_OPERATOR),
    (EmployeeId.CART_OPERATOR, EmployeeId.TRUCK_DRIVER),
    (EmployeeId.TRUCK_DRIVER, EmployeeId.ZEPPELIN_PILOT),
    (EmployeeId.MARKETING_TRAINEE, EmployeeId.CAMPAIGN_MANAGER),
    (EmployeeId.CAMPAIGN_MANAGER, EmployeeId.BRAND_MANAGER),
    (EmployeeId.BRAND_MANAGER, EmployeeId.BRAND_DIRECTOR),
    (EmployeeId.KITCHEN_TRAINEE, EmployeeId.BURGER_COOK),
    (EmployeeId.KITCHEN_TRAINEE, EmployeeId.PIZZA_COOK),
    (EmployeeId.BURGER_COOK, EmployeeId.BURGER_CHEF),
    (EmployeeId.PIZZA_COOK, EmployeeId.PIZZA_CHEF),
)
MARKETEERS: tuple[EmployeeId, ...] = (
    EmployeeId.MARKETING_TRAINEE,
    EmployeeId.CAMPAIGN_MANAGER,
    EmployeeId.BRAND_MANAGER,
    EmployeeId.BRAND_DIRECTOR,
)
CAMPAIGN_NUMBERS: tuple[int, ...] = tuple(range(1, 17))
MAX_DURATION = 5
KITCHEN: tuple[EmployeeId, ...] = (
    EmployeeId.KITCHEN_TRAINEE,
    EmployeeId.BURGER_COOK,
    EmployeeId.BURGER_CHEF,
    EmployeeId.PIZZA_COOK,
    EmployeeId.PIZZA_CHEF,
)
ERRAND: tuple[EmployeeId, ...] = (EmployeeId.ERRAND_BOY,)
ROUTE_BUYERS: tuple[EmployeeId, ...] = (
    EmployeeId.CART_OPERATOR,
    EmployeeId.TRUCK_DRIVER,
    EmployeeId.ZEPPELIN_PILOT,
)
SUPPLIERS: tuple[tuple[str, Good], ...] = (
    ("E", Good.BEER),
    ("L", Good.LEMONADE),
    ("M", Good.LEMONADE),
    ("M", Good.SODA),
    ("N", Good.BEER),
    ("O", Good.BEER),
    ("P", Good.LEMONADE),
    ("P", Good.BEER),
    ("Q", Good.SODA),
    ("R", Good.SODA),
    ("S", Good.SODA),
    ("S", Good.BEER),
    ("T", Good.LEMONADE),
)
PLACEABLE_HOUSES: tuple[int, ...] = (1, 3, 6, 9, 11, 14, 17, 19)
HOUSE_NUMBERS: tuple[int, ...] = tuple(range(1, 20))
SIDES = 4
MAX_POSITIONS = 5


@dataclass(frozen=True, slots=True)
class Block:
    """A contiguous range of indices for one kind of action."""

    name: str
    offset: int
    dims: tuple[int, ...]  # the size of each field, in index order

    @property
    def size(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n

    def index(self, *fields: int) -> int:
        i = 0
        for f, d in zip(fields, self.dims, strict=True):
            if not 0 <= f < d:
                raise ValueError(f"{self.name}: field value {f} outside 0..{d - 1}")
            i = i * d + f
        return self.offset + i

    def fields(self, index: int) -> tuple[int, ...]:
        i = index - self.offset
        out = []
        for d in reversed(self.dims):
            i, f = divmod(i, d)
            out.append(f)
        return tuple(reversed(out))


Reserve = tuple[int, int | None]  # a reserve card: (money, base price or None)
BASE_RESERVES: tuple[Reserve, ...] = tuple((m, None) for m in RESERVES)


class Encoding:
    """One index space: the vocabularies of a ruleset and the blocks sized from them."""

    def __init__(
        self,
        *,
        modules: frozenset[str] = frozenset(),
        employees: tuple[EmployeeId, ...] = EMPLOYEES,
        reserves: tuple[Reserve, ...] = BASE_RESERVES,
        trainers: tuple[EmployeeId, ...] = TRAINERS,
        train_edges: tuple[tuple[EmployeeId, EmployeeId], ...] = TRAIN_EDGES,
        marketeers: tuple[EmployeeId, ...] = MARKETEERS,
        campaign_numbers: tuple[int, ...] = CAMPAIGN_NUMBERS,
        max_duration: int = MAX_DURATION,
        kitchen: tuple[EmployeeId, ...] = KITCHEN,
        errand: tuple[EmployeeId, ...] = ERRAND,
        route_buyers: tuple[EmployeeId, ...] = ROUTE_BUYERS,
        goods: tuple[Good, ...] = GOODS,
        suppliers: tuple[tuple[str, Good], ...] = SUPPLIERS,
        marketable: tuple[Good, ...] = GOODS,
        foods: tuple[Good, ...] = FOODS,
        drinks: tuple[Good, ...] = DRINKS,
        placeable_houses: tuple[int, ...] = PLACEABLE_HOUSES,
        house_numbers: tuple[int, ...] = HOUSE_NUMBERS,
        seats: int = MAX_POSITIONS,
        height: int = HEIGHT,
        width: int = WIDTH,
    ) -> None:
        self.modules = modules
        # the grid of squares: the ruleset's largest map (the base game's 20 x 25; a module's
        # player count may set up a larger one, e.g. 6 players' 20 x 30)
        self.height, self.width = height, width
        self.squares = squares = height * width
        # the drink suppliers of the ruleset's tiles (a module's tile may print several of a
        # drink: one entry each) and its printed and placeable house numbers
        self.suppliers, self.house_numbers = suppliers, house_numbers
        # every good of the game (a module's after the base game's): stocks, throw-aways
        self.goods = goods
        self.good_index = {g: i for i, g in enumerate(goods)}
        # those a campaign may advertise, the foods kitchen cards cook, the drinks
        self.marketable, self.foods, self.drinks = marketable, foods, drinks
        self.advert_index = {g: i for i, g in enumerate(marketable)}
        self.food_index = {g: i for i, g in enumerate(foods)}
        self.drink_index = {g: i for i, g in enumerate(drinks)}
        # the house tiles of the supply, every house number, the most seats (turn positions)
        self.placeable_houses, self.house_numbers = placeable_houses, house_numbers
        self.seats = seats
        self.placeable_index = {n: i for i, n in enumerate(placeable_houses)}
        self.house_index = {n: i for i, n in enumerate(house_numbers)}
        self.employees, self.reserves, self.trainers = employees, reserves, trainers
        self.train_edges, self.marketeers = train_edges, marketeers
        self.campaign_numbers, self.max_duration = campaign_numbers, max_duration
        self.kitchen, self.errand, self.route_buyers = kitchen, errand, route_buyers
        dims: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("done", ()),
            ("choose_reserve", (len(reserves),)),
            ("place_restaurant", (len(PLACERS), squares, len(CORNERS))),
            ("move_restaurant", (3, squares, len(CORNERS))),
            ("send_to_work", (len(employees),)),
            ("choose_turn_order", (seats,)),
            ("hire", (len(employees),)),
            ("train", (len(trainers), len(train_edges), 2)),
            ("start_campaign", (len(marketeers), len(campaign_numbers))),
            ("place_campaign", (squares, len(ORIENTATIONS))),
            ("place_airplane", (len(EDGES), max(height, width))),
            ("choose_advert", (len(marketable), max_duration)),
            ("cook", (len(kitchen), len(foods))),
            ("get_drink", (len(errand), len(drinks))),
            ("drive_route", (len(route_buyers), 1 << len(suppliers))),
            ("place_house", (len(placeable_houses), squares, SIDES)),
            ("add_garden", (len(house_numbers), SIDES)),
            ("fire", (len(employees),)),
            ("throw_away", (len(goods),)),
        )
        # the modules' own actions, after every base block
        self.codecs: tuple[ActionBlocks, ...] = tuple(
            b.actions for b in env_blocks(modules) if b.actions is not None
        )
        owner: dict[str, ActionBlocks] = {}
        for codec in self.codecs:
            more = codec.blocks(self)
            owner.update((name, codec) for name, _ in more)
            dims += more
        self.owner = owner
        self.blocks: dict[str, Block] = {}
        offset = 0
        for name, d in dims:
            self.blocks[name] = Block(name, offset, d)
            offset += self.blocks[name].size
        self.num_actions = offset
        self.by_offset: tuple[Block, ...] = tuple(self.blocks.values())
        self.emp = {e: i for i, e in enumerate(employees)}
        self.reserve = {r: i for i, r in enumerate(reserves)}
        self.trainer = {t: i for i, t in enumerate(trainers)}
        self.train_edge = {e: i for i, e in enumerate(train_edges)}
        self.marketeer = {m: i for i, m in enumerate(marketeers)}
        self.number = {n: i for i, n in enumerate(campaign_numbers)}
        self.kitchen_of = {k: i for i, k in enumerate(kitchen)}
        self.errand_of = {k: i for i, k in enumerate(errand)}
        self.route_of = {k: i for i, k in enumerate(route_buyers)}

    def square(self, cell: Cell) -> int:
        """A square's index on this encoding's grid: ``row * width + col``."""
        return square(cell, self.height, self.width)

    def cell_of(self, index: int) -> Cell:
        return divmod(index, self.width)

    def __repr__(self) -> str:
        return f"Encoding(v{VERSION}, modules={sorted(self.modules)}, {self.num_actions} actions)"

    # -- encode --------------------------------------------------------------------------------

    def encode(self, state: GameState, action: Action) -> int:
        """The index of ``action`` in this position (``state`` may be a seat's view)."""
        try:
            return self._encode(state, action)
        except KeyError as exc:
            raise EncodingError(
                f"{action!r}: {exc} is not in encoding version {VERSION} {self.modules_text}"
            ) from None

    @property
    def modules_text(self) -> str:
        return f"(modules: {', '.join(sorted(self.modules))})" if self.modules else "(base game)"

    def _encode(self, state: GameState, a: Action) -> int:
        B = self.blocks
        for codec in self.codecs:
            code = codec.encode(self, state, a)
            if code is not None:
                return code
        match a:
            case Done():
                return B["done"].offset
            case ChooseReserve(money=m):
                if state.rules.extensions.reserve_cards:  # a module's card: money and price
                    card = next(c for c, choice in reserve_choices(state) if choice == a)
                    return B["choose_reserve"].index(self.reserve[(m, card.base_price)])
                return B["choose_reserve"].index(self.reserve[(m, None)])
            case PlaceRestaurant(cell=cell, entrance=e, employee=emp):
                return B["place_restaurant"].index(_PLACER[emp], self.square(cell), _CORNER[e])
            case MoveRestaurant(restaurant=n, cell=cell, entrance=e):
                return B["move_restaurant"].index(n, self.square(cell), _CORNER[e])
            case SendToWork(employee=e):
                return B["send_to_work"].index(self.emp[e])
            case ChooseTurnOrder(position=p):
                return B["choose_turn_order"].index(p - 1)
            case Hire(employee=e):
                return B["hire"].index(self.emp[e])
            case Train(trainer=t, employee=e, into=i, fresh=f) if a == Train(t, e, i, f):
                return B["train"].index(self.trainer[t], self.train_edge[(e, i)], int(f))
            case StartCampaign(marketeer=m, number=n):
                return B["start_campaign"].index(self.marketeer[m], self.number[n])
            case PlaceCampaign(cell=cell, orientation=o, edge=None, first=None):
                assert cell is not None
                return B["place_campaign"].index(self.square(cell), _ORIENT[o])
            case PlaceCampaign(cell=None, edge=edge, first=first):
                assert edge is not None and first is not None
                return B["place_airplane"].index(_EDGE[edge], first)
            case ChooseAdvert(good=g, duration=d) if a == ChooseAdvert(g, d):
                # (an action a module extends, with its fields set, is only the module's)
                return B["choose_advert"].index(self.advert_index[g], d - 1)
            case Cook(employee=e, good=g):
                return B["cook"].index(self.kitchen_of[e], self.food_index[g])
            case GetDrinks(employee=e, good=g, suppliers=()) if g is not None:
                return B["get_drink"].index(self.errand_of[e], self.drink_index[g])
            case GetDrinks(employee=e, good=None, suppliers=sup):
                bits = map_index(state, self.suppliers).bit_of
                mask = 0
                for cell in sup:
                    mask |= 1 << bits[cell]
                return B["drive_route"].index(self.route_of[e], mask)
            case PlaceHouse(number=n, cell=cell, garden=g):
                return B["place_house"].index(
                    self.placeable_index[n], self.square(cell), garden_side(cell, g)
                )
            case AddGarden(house=h, garden=g):
                return B["add_garden"].index(
                    self.house_index[h], garden_side(state.houses[h].cell, g)
                )
            case Fire(employee=e):
                return B["fire"].index(self.emp[e])
            case ThrowAway(good=g):
                return B["throw_away"].index(self.good_index[g])
        raise EncodingError(f"{a!r} has no index in encoding version {VERSION}")

    # -- decode --------------------------------------------------------------------------------

    def block_of(self, index: int) -> Block:
        if not 0 <= index < self.num_actions:
            raise EncodingError(f"action index {index} outside 0..{self.num_actions - 1}")
        blocks = self.by_offset
        lo, hi = 0, len(blocks) - 1
        while lo < hi:  # the last block whose offset is <= index
            mid = (lo + hi + 1) // 2
            if blocks[mid].offset <= index:
                lo = mid
            else:
                hi = mid - 1
        return blocks[lo]

    def decode(self, state: GameState, index: int) -> Action:
        """The action with this index in this position (the inverse of :meth:`encode`)."""
        block = self.block_of(index)
        f = block.fields(index)
        codec = self.owner.get(block.name)
        if codec is not None:
            return codec.decode(self, state, block.name, f)
        match block.name:
            case "done":
                return Done()
            case "choose_reserve":
                money, price = self.reserves[f[0]]
                if price is None:
                    return ChooseReserve(money)
                return next(  # a module's card (its own action type)
                    choice for c, choice in reserve_choices(state)
                    if (c.money, c.base_price) == (money, price)
                )
            case "place_restaurant":
                return PlaceRestaurant(self.cell_of(f[1]), CORNERS[f[2]], PLACERS[f[0]])
            case "move_restaurant":
                return MoveRestaurant(f[0], self.cell_of(f[1]), CORNERS[f[2]])
            case "send_to_work":
                return SendToWork(self.employees[f[0]])
            case "choose_turn_order":
                return ChooseTurnOrder(f[0] + 1)
            case "hire":
                return Hire(self.employees[f[0]])
            case "train":
                employee, into = self.train_edges[f[1]]
                return Train(self.trainers[f[0]], employee, into, bool(f[2]))
            case "start_campaign":
                return StartCampaign(self.marketeers[f[0]], self.campaign_numbers[f[1]])
            case "place_campaign":
                return PlaceCampaign(cell=self.cell_of(f[0]), orientation=ORIENTATIONS[f[1]])
            case "place_airplane":
                return PlaceCampaign(edge=EDGES[f[0]], first=f[1])
            case "choose_advert":
                return ChooseAdvert(self.marketable[f[0]], f[1] + 1)
            case "cook":
                return Cook(self.kitchen[f[0]], self.foods[f[1]])
            case "get_drink":
                return GetDrinks(self.errand[f[0]], good=self.drinks[f[1]])
            case "drive_route":
                where = map_index(state, self.suppliers).cell_of_bit
                bits = [b for b in range(len(self.suppliers)) if f[1] >> b & 1]
                missing = [self.suppliers[b] for b in bits if b not in where]
                if missing or not bits:
                    raise EncodingError(f"index {index}: supplier(s) {missing} are not on this map")
                buyer = self.route_buyers[f[0]]
                return GetDrinks(buyer, suppliers=tuple(sorted(where[b] for b in bits)))
            case "place_house":
                cell = self.cell_of(f[1])
                return PlaceHouse(self.placeable_houses[f[0]], cell, garden_cells(cell, f[2]))
            case "add_garden":
                number = self.house_numbers[f[0]]
                house = state.houses.get(number)
                if house is None:
                    raise EncodingError(f"index {index}: there is no house #{number} on the map")
                return AddGarden(number, garden_cells(house.cell, f[1]))
            case "fire":
                return Fire(self.employees[f[0]])
            case "throw_away":
                return ThrowAway(self.goods[f[0]])
        raise EncodingError(f"index {index}: unknown block {block.name}")  # pragma: no cover

    def describe(self, index: int) -> str:
        """The block and field values of an index, without a position (docs and debugging)."""
        block = self.block_of(index)
        return f"{block.name}{list(block.fields(index))}"


BASE = Encoding()
BLOCKS: dict[str, Block] = BASE.blocks
NUM_ACTIONS: int = BASE.num_actions

_CORNER = {c: i for i, c in enumerate(CORNERS)}
_EDGE = {e: i for i, e in enumerate(EDGES)}
_ORIENT = {o: i for i, o in enumerate(ORIENTATIONS)}
_PLACER = {p: i for i, p in enumerate(PLACERS)}


def _extend(base: tuple[EmployeeId, ...], have: frozenset[EmployeeId]) -> tuple[EmployeeId, ...]:
    """``base`` then the cards of ``have`` it lacks, in ``EmployeeId`` order."""
    return base + tuple(e for e in EmployeeId.known() if e in have and e not in base)


def _first(base: tuple[Good, ...], have: Sequence[Good]) -> tuple[Good, ...]:
    """The goods of ``have``: those of ``base`` in its order, then the others in ``have``'s
    (the ruleset's order: a module's goods after the base game's)."""
    return tuple(g for g in base if g in have) + tuple(g for g in have if g not in base)


def max_seats(rules: Ruleset) -> int:
    """The most seats a game of ``rules`` may have: its catalog's largest setup (the base
    game's 5; a module's player count may add one: 6)."""
    return max(rules.catalog.setups)


_ENCODINGS: dict[tuple[str, frozenset[str]], Encoding] = {}


def encoding_for(rules: Ruleset) -> Encoding:
    """The encoding of games played with ``rules`` (one per ruleset id and set of modules)."""
    key = (rules.id, rules.modules)
    enc = _ENCODINGS.get(key)
    if enc is not None:
        return enc
    if not rules.modules:
        enc = BASE
    else:
        cat = rules.catalog
        employees = _extend(EMPLOYEES, frozenset(cat.employees))
        order = {e: i for i, e in enumerate(employees)}
        extra_edges = sorted(
            (
                (e, into)
                for e, t in cat.employees.items()
                for into in t.trains_into
                if (e, into) not in TRAIN_EDGES
            ),
            key=lambda x: (order[x[0]], order[x[1]]),
        )
        buyers = rules.drink_buyers - set(ERRAND) - set(ROUTE_BUYERS)
        base_letters = {letter for letter, _ in SUPPLIERS}
        more_tiles = sorted(t for t in cat.tiles if t > "T" and t not in base_letters)
        drinks = {"s": Good.SODA, "l": Good.LEMONADE, "b": Good.BEER}
        cooked = {g for k in rules.kitchen for g in cat.employees[k].food}
        houses = cat.placeable_houses
        enc = Encoding(
            modules=rules.modules,
            goods=tuple(rules.goods),
            marketable=_first(GOODS, rules.marketable),
            foods=_first(FOODS, [g for g in rules.goods if g in cooked]),
            drinks=_first(DRINKS, [g for g in rules.goods if g.is_drink]),
            placeable_houses=tuple(n for n in PLACEABLE_HOUSES if n in houses)
            + tuple(sorted(n for n in houses if n not in PLACEABLE_HOUSES)),
            seats=max_seats(rules),
            height=grid_of(rules)[0],
            width=grid_of(rules)[1],
            employees=employees,
            reserves=tuple(
                sorted(
                    ((c.money, c.base_price) for c in cat.reserve_cards),
                    key=lambda r: (r[0], r[1] or 0),
                )
            ),
            trainers=_extend(TRAINERS, rules.trainers),
            train_edges=TRAIN_EDGES + tuple(extra_edges),
            marketeers=_extend(MARKETEERS, rules.marketeers),
            campaign_numbers=tuple(range(1, max(max(cat.campaigns), len(CAMPAIGN_NUMBERS)) + 1)),
            max_duration=max(MAX_DURATION, *(t.max_duration for t in cat.employees.values())),
            kitchen=_extend(KITCHEN, rules.kitchen),
            errand=_extend(
                ERRAND, frozenset(b for b in buyers if cat.employees[b].range_kind is None)
            ),
            route_buyers=_extend(
                ROUTE_BUYERS,
                frozenset(b for b in buyers if cat.employees[b].range_kind is not None),
            ),
            # a module's map tiles: their suppliers and houses after the base game's
            suppliers=SUPPLIERS + tuple(
                (t, drinks[ch]) for t in more_tiles for ch in "".join(cat.tiles[t].grid)
                if ch in drinks
            ),
            # the printed and placeable houses after the base game's (a module's tiles' too)
            house_numbers=HOUSE_NUMBERS
            + tuple(sorted({*houses, *cat.printed_houses} - set(HOUSE_NUMBERS))),
        )
    _ENCODINGS[key] = enc
    return enc


def encoding_of(state: GameState) -> Encoding:
    """The encoding of this game (from its ruleset; a seat's view has the same)."""
    return encoding_for(state.rules)


class EncodingError(ValueError):
    """An action or index outside the encoding (or not meaningful in this position)."""


def square(cell: Cell, height: int = HEIGHT, width: int = WIDTH) -> int:
    """A square's index on a grid (the base game's 20 x 25 unless given: ``Encoding.square``
    uses its ruleset's)."""
    r, c = cell
    if not (0 <= r < height and 0 <= c < width):
        raise EncodingError(f"square {cell} lies outside the {height} x {width} encoding grid")
    return r * width + c


def cell_of(index: int, width: int = WIDTH) -> Cell:
    return divmod(index, width)


def grid_of(rules: Ruleset) -> tuple[int, int]:
    """The squares high and wide of the largest map ``rules`` sets up, at least the base
    game's 20 x 25 (so a ruleset with no larger map keeps the base grid). A module that grows
    the map (``Extensions.map_growth``: a module's extra tiles) adds room for every tile it
    may add, in either direction: squares are numbered from the grown map's top-left, so a
    map grown by ``g`` tiles fits ``g`` tile rows and ``g`` tile columns more than it was set
    up with, wherever they went."""
    cat = rules.catalog
    growth = rules.extensions.map_growth

    def grows(players: int, tiles: int) -> int:
        left = max(0, len(cat.tiles) - tiles)
        return min(left, sum(fn(players, left) for fn in growth)) if growth else 0

    setups = cat.setups.values()
    return (
        max(HEIGHT, *(TILE * (s.tile_rows + grows(s.players, s.tiles_used)) for s in setups)),
        max(WIDTH, *(TILE * (s.tile_cols + grows(s.players, s.tiles_used)) for s in setups)),
    )


def garden_cells(house: Cell, side: int) -> tuple[Cell, Cell]:
    """The garden squares on ``side`` (0 N, 1 E, 2 S, 3 W) of a house at top-left ``house``."""
    r, c = house
    match side:
        case 0:
            return ((r - 1, c), (r - 1, c + 1))
        case 1:
            return ((r, c + 2), (r + 1, c + 2))
        case 2:
            return ((r + 2, c), (r + 2, c + 1))
        case 3:
            return ((r, c - 1), (r + 1, c - 1))
    raise EncodingError(f"garden side {side} is not 0..3")


def garden_side(house: Cell, garden: Sequence[Cell]) -> int:
    got = tuple(sorted(garden))
    for side in range(SIDES):
        if garden_cells(house, side) == got:
            return side
    raise EncodingError(f"garden {list(garden)} is not a 2x1 side of the house at {house}")


@dataclass(frozen=True, slots=True)
class MapIndex:
    """The map-dependent part: supplier squares <-> supplier bits."""

    bit_of: dict[Cell, int]
    cell_of_bit: dict[int, Cell]


@lru_cache(maxsize=256)
def _map_index(board: Board, suppliers: tuple[tuple[str, Good], ...]) -> MapIndex:
    bits: dict[tuple[str, Good], list[int]] = {}
    for i, key in enumerate(suppliers):
        bits.setdefault(key, []).append(i)
    taken: dict[tuple[str, Good], int] = {}
    bit_of: dict[Cell, int] = {}
    for cell, good in sorted(board.suppliers.items()):
        letter = board.tile_at((cell[0] // 5, cell[1] // 5)).letter
        key = (letter, Good(good))
        if key not in bits:
            raise EncodingError(f"supplier {key} is not in encoding version {VERSION}")
        # several of one drink on a tile (a module's): in the board's square order
        k = taken[key] = taken.get(key, -1) + 1
        if k >= len(bits[key]):
            raise EncodingError(f"tile {letter} is on the map twice: the encoding needs each once")
        bit_of[cell] = bits[key][k]
    return MapIndex(bit_of, {b: c for c, b in bit_of.items()})


def map_index(state: GameState, suppliers: tuple[tuple[str, Good], ...] = SUPPLIERS) -> MapIndex:
    return _map_index(board_of(state), suppliers)


# -- the module-level functions: the game's own encoding ------------------------------------------


def encode(state: GameState, action: Action) -> int:
    """The index of ``action`` in this position (``state`` may be a seat's view), in the
    encoding of the game's ruleset."""
    return encoding_of(state).encode(state, action)


def decode(state: GameState, index: int) -> Action:
    """The action with this index in this position (the inverse of :func:`encode`)."""
    return encoding_of(state).decode(state, index)


def block_of(index: int, encoding: Encoding = BASE) -> Block:
    return encoding.block_of(index)


def describe(index: int, encoding: Encoding = BASE) -> str:
    """The block and field values of an index, without a position (for docs and debugging)."""
    return encoding.describe(index)


# -- the legal set -------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def action_codes(board: Board, encoding: Encoding = BASE) -> dict[Action, int]:
    """A memo of action -> index for one board and encoding: every action but ``add_garden``
    (which reads where its house lies) encodes the same in every position on that board."""
    return {}


def code_of(codes: dict[Action, int], state: GameState, action: Action) -> int:
    """:func:`encode` through the memo ``codes`` (``action_codes`` of the state's board)."""
    try:
        i = codes.get(action)
    except TypeError:  # a hand-built action with a list field is not hashable
        return encode(state, action)
    if i is None:
        i = encode(state, action)
        if not isinstance(action, AddGarden):
            codes[action] = i
    return i


def legal_indices(state: GameState, seat: Seat) -> list[int]:
    """The indices of ``seat``'s legal actions, in the generator's order."""
    codes = action_codes(board_of(state), encoding_of(state))
    return [code_of(codes, state, a) for a in legal_actions(state, seat)]


def legal_index_map(state: GameState, seat: Seat) -> dict[int, Action]:
    """index -> legal action (what an environment keeps to apply a chosen index fast)."""
    codes = action_codes(board_of(state), encoding_of(state))
    return {code_of(codes, state, a): a for a in legal_actions(state, seat)}
