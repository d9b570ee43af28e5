"""The JSON shapes :mod:`fcm.presentation` sends the browser, as TypedDicts.

They are the presentation's side of the browser contract: mypy checks that the presentation
builds exactly these keys, and ``python -m fcm.server.typegen`` writes them (with the HTTP
API's pydantic models, :mod:`fcm.server.schemas`) as the TypeScript types the browser's
JSDoc names (``src/fcm/server/web/js/types.d.ts``), so a renamed field fails ``tsc`` in
``make lint``. ``Cell`` is ``[row, col]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NotRequired, Required, TypedDict

Cell = list[int]


# -- the board picture and the catalog (static_info: fixed for a game) -----------------------


class RoadNode(TypedDict):
    cell: Cell
    axis: str
    links: str  # the directions it connects to, of "nesw"


class TilePlacement(TypedDict):
    row: int
    col: int
    letter: str
    rotation: int


class SupplierOut(TypedDict):
    cell: Cell
    good: str


class BoardPicture(TypedDict):
    height: int
    width: int
    tile_rows: int
    tile_cols: int
    tiles: list[TilePlacement]
    squares: list[str]  # a row's square kinds: . r x H s l b
    roads: list[RoadNode]
    bridges: list[Cell]
    suppliers: list[SupplierOut]
    printed_houses: dict[str, list[Cell]]


class EmployeeInfo(TypedDict):
    name: str
    category: str
    colour: str
    description: str
    entry_level: bool
    salary: bool
    salary_dollars: int
    unique: bool
    slots: int
    is_manager: bool


class MilestoneInfo(TypedDict):
    name: str
    claim_when: str
    effect: str


class CampaignLook(TypedDict):
    """How a campaign kind is drawn: its icon, and whether it lies beside the board."""

    icon: str
    beside_board: bool


class CampaignInfo(CampaignLook):
    type: str
    name: str
    height: int
    width: int
    span: int
    rule: str
    reach: str


class ReserveCard(TypedDict):
    money: int
    ceo_slots: int
    base_price: NotRequired[int]


class GlossaryEntry(TypedDict):
    term: str
    text: str


class Catalog(TypedDict):
    employees: dict[str, EmployeeInfo]
    milestones: dict[str, MilestoneInfo]
    campaigns: dict[str, CampaignInfo]
    reserve_cards: list[ReserveCard]
    goods: list[str]
    good_names: dict[str, str]
    campaign_names: dict[str, str]
    phase_names: dict[str, str]
    end_reasons: dict[str, str]  # the engine's end-of-game reasons in the reader's language
    glossary: list[GlossaryEntry]
    map_tiles: dict[str, str]  # a module's map tile -> its rules help (letter order)
    texts: dict[str, Any]  # the modules' templates (fcm.texts.browser_texts)
    lang: str


class StaticInfo(TypedDict):
    board: BoardPicture
    catalog: Catalog


# -- the position (present) ---------------------------------------------------------------


class StructureEntry(TypedDict):
    card: str
    reports: list[str]


class BusyMarketeer(TypedDict):
    number: int
    marketeer: str


class MilestoneClaim(TypedDict):
    id: str
    round: int


class Draft(TypedDict):
    kind: Literal["work", "fire"]
    cards: Sequence[str]
    in_hand: NotRequired[list[str]]
    fits: NotRequired[bool]
    structure: NotRequired[list[StructureEntry] | None]
    warning: NotRequired[str | None]
    salary_after: NotRequired[int]


class ChainOut(TypedDict):
    seat: int
    cash: int
    price: int
    turn_position: int | None
    structure: list[StructureEntry]
    at_work: list[str]
    open_slots: int
    beach: list[str]
    hand: list[str]
    busy: list[BusyMarketeer]
    stock: dict[str, int]
    milestones: list[MilestoneClaim]
    reserve: int | None  # None when hidden from the viewer
    restaurants_left: int
    salary_due: int
    waitresses: int
    draft: NotRequired[Draft]


class HouseChain(TypedDict):
    seat: int
    price: int | None
    distance: int | None
    adjust: int
    total: int | None
    restaurant: int | None
    missing: list[str]
    status: str  # connected, not_connected or no_open_restaurant
    can_serve: bool


class HouseOut(TypedDict):
    number: int
    cell: Cell
    cells: list[Cell]  # the footprint: size x size squares
    printed: bool
    garden: list[Cell]
    demand: list[str]
    capacity: int | None  # None: no cap (a module's kind of house)
    size: int
    chains: list[HouseChain]
    kind: NotRequired[str]  # a module's kind of house
    label: NotRequired[str]  # its printed name (pi, 9 3/4)


class RestaurantOut(TypedDict):
    owner: int
    number: int
    cell: Cell
    cells: list[Cell]
    entrance: str
    entrances: list[Cell]
    open: bool
    drive_in: bool


class PieceOut(TypedDict):
    """A module's piece on the map: its kind, its squares, what the square becomes for the
    geometry (the browser's style: r road, x bridge, # neither, . empty), its mark and the
    chain it belongs to (None: nobody's; drawn in that chain's colour and shape)."""

    kind: str
    cells: list[Cell]
    square: str
    label: str
    owner: int | None


class CampaignOut(TypedDict):
    number: int
    kind: str
    owner: int
    good: str
    marketeer: str
    remaining: int
    eternal: bool
    cells: list[Cell]
    edge: str | None
    first: int | None
    span: int
    reaches: list[int]
    icon: str
    more_goods: NotRequired[list[str]]  # what it advertises after its good (a module's rule)


class DraftCampaign(TypedDict):
    marketeer: str
    number: int
    type: str
    cells: list[Cell] | None
    edge: str | None
    first: int | None
    span: int
    icon: str
    eternal: NotRequired[bool]
    claims_first_billboard: NotRequired[bool]


class AirplaneSpot(TypedDict):
    edge: str
    first: int
    span: int


class ActionOut(TypedDict, total=False):
    """A legal action annotated with what it would occupy, reach or cost."""

    action: Required[dict[str, Any]]  # the engine's JSON form, sent back as is
    label: Required[str]
    text: Required[str]
    key: Required[str]  # the action's canonical text (fcm.presentation.action_key)
    anchor: Cell
    cells: list[Cell]
    entrances: list[Cell]
    garden: list[Cell]
    airplane: AirplaneSpot
    reaches: list[int]
    amount: int
    route: list[Cell]
    flight: list[Cell]
    drawn: dict[str, Any]
    salary_before: int
    salary_after: int
    card_salary: int
    salary_notes: list[str]
    cash_before: int
    cash_after: int
    reserve_card: int  # a reserve choice: its card's index in the catalog's reserve_cards
    placement: bool  # a module's placement on the map: clicked on its ``anchor`` like the base's
    placing: str  # what that placement places ("a coffee shop")


class Presentation(TypedDict):
    round: int
    phase: str
    stage: str
    step: str | None
    acting: int | None
    hires_left: int | None
    actors: list[int]
    turn_order: list[int]
    ceo_slots: int
    bank: int
    bank_breaks: int
    supply: dict[str, int]
    milestones_available: list[str]
    campaign_supply: list[int]
    house_supply: list[int]
    gardens_left: int
    chains: list[ChainOut]
    houses: list[HouseOut]
    restaurants: list[RestaurantOut]
    pieces: list[PieceOut]
    campaigns: list[CampaignOut]
    draft_campaign: DraftCampaign | None
    ranking: list[int]
    end_reason: str | None
    actions: list[ActionOut]
    kinds: list[str]
    campaign_types: list[str]
    lang: str
    map_tiles: int  # tiles on the map: more than the board picture's when the map grew
    paying_goods: NotRequired[list[str]]  # Payday: the items chosen so far to pay salaries with
    why_not_done: NotRequired[str]


# -- Dinnertime's events with routes (dinnertime_routes) --------------------------------------


class GameEvent(TypedDict, total=False):
    """An engine event as the browser gets it: its ``kind`` and the kind's own fields (the
    Dinnertime's sales also carry ``route``, ``route_from``, ``route_to`` and ``bank_after``)."""

    kind: Required[str]
    route: list[Cell]
    route_from: Cell
    route_to: Cell
    bank_after: int


# -- the presentation endpoint's answer (GET /api/games/{id}/presentation) --------------------


class PresentationAnswer(Presentation):
    """The position for the token's seat at ``version``; ``static`` when asked for."""

    game: str
    seat: int | None
    version: int
    static: NotRequired[StaticInfo]


# Shapes whose objects carry more fields than the ones named (an event's own fields).
OPEN_SHAPES = ("GameEvent",)
