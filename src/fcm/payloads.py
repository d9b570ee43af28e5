"""The JSON shapes :mod:`fcm.presentation` sends the browser, as TypedDicts.

They are the presentation's side of the browser contract: mypy checks that the presentation
builds exactly these keys, and ``python -m fcm.server.typegen`` writes them (with the HTTP
API's pydantic models, :mod:`fcm.server.schemas`) as the TypeScript types the browser's
JSDoc names (``src/fcm/server/web/js/types.d.ts``), so a renamed field fails ``tsc`` in
``make lint``. ``Cell`` is ``[row, col]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, NotRequired, Required, TypedDict

if TYPE_CHECKING:
    from fcm.core.actions import Action

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


class ActionJson(TypedDict):
    """An action in the engine's JSON form (``Action.to_json``), sent back as is. In
    ``types.d.ts`` the union of every action type's own shape, the base game's and the
    modules' (:func:`action_records`)."""

    type: str


class ActionOut(TypedDict, total=False):
    """A legal action annotated with what it would occupy, reach or cost."""

    action: Required[ActionJson]  # the engine's JSON form, sent back as is
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
    drawn: ActionJson  # the get_drinks action with its drawn route
    salary_before: int
    salary_after: int
    card_salary: int
    salary_notes: list[str]
    cash_before: int
    cash_after: int
    reserve_card: int  # a reserve choice: its card's index in the catalog's reserve_cards
    placement: bool  # a module's placement on the map: clicked on its ``anchor`` like the base's
    placing: str  # what that placement places ("a shop")
    paying_good: str  # a salary paid with an item (Payday's goods payment): the item's good
    shown_as: str  # a module's action whose buttons join this base action type's section
    intro: str  # the sentence its section opens with (a module's action)


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
    """An event as the browser gets it: its ``kind`` and the kind's own fields (the
    Dinnertime's sales also carry ``route``, ``route_from``, ``route_to`` and ``bank_after``).
    In ``types.d.ts`` the union of every kind's own shape (:func:`event_records`)."""

    kind: Required[str]
    route: list[Cell]
    route_from: Cell
    route_to: Cell
    bank_after: int


# -- the game state message (fcm.server.schemas.StateOut): seats, table, actions, events -------


class SeatPublic(TypedDict):
    """A seat as everyone may know it (``fcm.server.match.seats_public``)."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None


class TablePublic(TypedDict):
    """The table options in effect (``GameService.table_public``): the tutorial's and a
    lesson's games say so (the page shows the coach)."""

    bot_pause_ms: int
    hints: bool
    rated: bool
    tutorial: NotRequired[bool]
    lesson: NotRequired[str]  # the lesson's id (fcm.lessons)


def action_records() -> dict[str, type[Action]]:
    """Every action type's class by its JSON tag, the base game's then the modules' (their
    dataclass fields are the JSON's, ``Action.written_only_when_given`` left out when empty)."""
    from fcm.core.actions import ACTION_TYPES
    from fcm.rulesets import playable_modules

    return {**ACTION_TYPES, **{t.cls.type: t.cls for m in playable_modules().values()
                               for t in m.actions}}


# The events the server adds to an engine's (not in the game record's registry).


class TimerBotMove(TypedDict):
    """The first event of a move the turn timer's bot made for a human seat."""

    seat: int
    bot: str


class ActionUndone(TypedDict):
    seat: int


class GameClosed(TypedDict):
    pass


class GameRewound(TypedDict):
    to: str  # the vote's kind: start, round or turn
    round: int
    seat: int


SERVER_EVENTS: dict[str, type] = {
    "timer_bot_move": TimerBotMove,
    "action_undone": ActionUndone,
    "game_closed": GameClosed,
    "game_rewound": GameRewound,
}


class DinnerRoute(TypedDict, total=False):
    """A sale's road and the bank after it (``fcm.presentation.dinnertime_routes``)."""

    route: list[Cell]
    route_from: Cell
    route_to: Cell
    bank_after: int


class BankAfter(TypedDict, total=False):
    bank_after: int


class SaleLine(TypedDict):
    """A payment line of a sale (``house_served``'s ``lines``; the engine's
    ``Extensions.sale`` lets a module add its own): the base game's items (count x price),
    garden and milestone bonus (milestone, good, count); a module's bonus per item (count x
    each) or multiplier."""

    kind: str
    amount: int
    count: NotRequired[int]
    price: NotRequired[int]
    milestone: NotRequired[str]
    good: NotRequired[str]
    each: NotRequired[int]
    multiplier: NotRequired[int]


# Fields an event's record leaves open (a module may add to them): their type for the browser.
EVENT_FIELD_TYPES: dict[tuple[str, str], Any] = {("house_served", "lines"): list[SaleLine]}


# Fields an event of a kind may carry beyond its record (each optional); a module's fields on
# a base game's event are the module's (``Module.event_fields``: :func:`module_event_fields`).
EVENT_EXTRAS: dict[str, type] = {
    "house_served": DinnerRoute,
    "waitress_income": BankAfter,
    "cfo_bonus": BankAfter,
    "bank_broken": BankAfter,
}


def module_event_fields() -> dict[str, list[tuple[str, type]]]:
    """By kind of event, the fields modules add to it: (module id, its TypedDict), by id."""
    from fcm.rulesets import playable_modules

    out: dict[str, list[tuple[str, type]]] = {}
    for mid, m in sorted(playable_modules().items()):
        for kind, record in m.event_fields.items():
            out.setdefault(kind, []).append((mid, record))
    return out


def event_records() -> dict[str, type]:
    """The record (a TypedDict of its fields, ``kind`` aside) of every kind of event the
    browser may get: the engine's, the modules' and the server's own."""
    from fcm.core.events import EVENT_FIELDS, MODULE_EVENT_FIELDS

    return {**{str(k): v for k, v in EVENT_FIELDS.items()},
            **{str(k): v for k, v in MODULE_EVENT_FIELDS.items()}, **SERVER_EVENTS}


class LogEntry(TypedDict):
    """One entry of a game's log (``GET /api/games/{id}/log``): entry 0 is the game's start,
    then one per action the reader may know of (the action itself only for their own)."""

    n: int
    seat: int | None
    action: ActionJson | None
    events: list[GameEvent]


# -- the presentation endpoint's answer (GET /api/games/{id}/presentation) --------------------


class PresentationAnswer(Presentation):
    """The position for the token's seat at ``version``; ``static`` when asked for."""

    game: str
    seat: int | None
    version: int
    static: NotRequired[StaticInfo]


# -- the hint (GET /api/games/{id}/hint, fcm.server.hints) ---------------------------------------


class HintCandidate(TypedDict):
    """A move hard read: its mean value (dollars of lead over the best rival some rounds on),
    the determinizations it got, whether it is medium's choice, and its label."""

    action: ActionJson
    value: float
    samples: int
    medium: bool
    label: str


class PlanReason(TypedDict):
    """One part of the plan behind the best move (fcm.bots.explain): its catalog message id,
    its parameters, and its text in the reader's language."""

    code: str
    params: dict[str, Any]
    text: str


class HintPlan(TypedDict):
    """The plan behind the best move, read from rollouts of the seat's view: the best move's
    value and samples, the move it is compared with (medium's choice, else the next one) and
    its edge over it, the samples of each read, and the plan's parts and whole text."""

    value: float
    samples: int
    against: ActionJson | None
    against_label: str | None
    against_medium: bool
    edge: float | None
    draws: int
    reasons: list[PlanReason]
    text: str


class HintAnswer(TypedDict):
    """Hard's reading of one decision: the moves it considered (best first), the plan behind
    the best, and, in a finished game, the move played there."""

    game: str
    seat: int
    at: int
    total: int
    round: int
    phase: str
    over: bool
    candidates: list[HintCandidate]
    plan: HintPlan | None
    played: ActionJson | None
    played_label: str | None


# Shapes written in types.d.ts as the union of their records' shapes, one per ``kind`` or
# ``type`` (fcm.server.typegen).
UNIONS = ("GameEvent", "ActionJson")
