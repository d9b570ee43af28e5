"""Events: what happened and why, as structured records.

An event has a ``kind`` (an :class:`EventKind`, a stable tag such as ``"house_served"``), a
JSON-able ``data`` payload and ``visible_to``: ``None`` for everyone, or the seats that may see it
(secret choices). The UI and the command line render them; the Dinnertime events are complete
enough to explain every sale (candidates, prices, distances, why each chain lost, every payment).

Every kind has a typed record of its fields (a ``TypedDict`` below, listed in
:data:`EVENT_FIELDS`). :meth:`EventLog.add` is overloaded per kind, so mypy refuses an event
emitted with a wrong, missing or mistyped field; ``tests/core/test_events.py`` checks every
emitted event against the registry at run time, and that the CLI report and the browser render
every kind. The data stays a plain dict: ``Event.to_json`` is ``{"kind": ..., **data}``.

An expansion module brings its own kinds: it defines a :class:`ModuleEventKind` with its record
(:func:`define_event`) and emits it with :meth:`EventLog.emit`; the report and the browser render
it from the template its ``texts.py`` registers (``ModuleTexts.events``), without knowing it.
"""


from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict, Unpack, overload

from fcm.core.types import EmployeeId, GameId, MilestoneId, OpenId, Seat


class EventKind(GameId):
    """Every kind of event the engine emits."""

    BANK_BROKEN = "bank_broken"
    CAMPAIGN_ENDED = "campaign_ended"
    CAMPAIGN_LAUNCHED = "campaign_launched"
    CAMPAIGN_PIECE_REMOVED = "campaign_piece_removed"
    CAMPAIGN_PLACED = "campaign_placed"
    CAMPAIGN_RAN = "campaign_ran"
    CAMPAIGN_STARTED = "campaign_started"
    CANNOT_PAY = "cannot_pay"
    CARD_SENT_TO_WORK = "card_sent_to_work"
    CARDS_TO_HAND = "cards_to_hand"
    CFO_BONUS = "cfo_bonus"
    CFO_FIRED_FIRST_100 = "cfo_fired_first_100"
    COOKED = "cooked"
    DINNERTIME_EARNINGS = "dinnertime_earnings"
    DINNERTIME_NO_DEMAND = "dinnertime_no_demand"
    DINNERTIME_PRICES = "dinnertime_prices"
    DINNERTIME_STARTED = "dinnertime_started"
    DRINKS_COLLECTED = "drinks_collected"
    DRIVE_IN_REMOVED = "drive_in_removed"
    DRIVE_INS = "drive_ins"
    EMPLOYEES_FIRED = "employees_fired"
    FIRE_CHOSEN = "fire_chosen"
    FIRED_TO_PAY = "fired_to_pay"
    FIRING_COMMITTED = "firing_committed"
    FREEZER_KEPT = "freezer_kept"
    FREEZER_OVER_CAPACITY = "freezer_over_capacity"
    GAME_CREATED = "game_created"
    GAME_OVER = "game_over"
    GARDEN_ADDED = "garden_added"
    GOOD_THROWN_AWAY = "good_thrown_away"
    GOODS_DISCARDED = "goods_discarded"
    HIRE_DISCOUNTS = "hire_discounts"
    HIRED = "hired"
    HOUSE_PLACED = "house_placed"
    HOUSE_SERVED = "house_served"
    HOUSE_STAYS_HOME = "house_stays_home"
    MILESTONE_CLAIMED = "milestone_claimed"
    MILESTONE_GIFT = "milestone_gift"
    MILESTONE_REMOVED = "milestone_removed"
    ORDER_OF_BUSINESS = "order_of_business"
    PAID_FROM_BOX = "paid_from_box"
    PHASE_STARTED = "phase_started"
    RESERVE_CARD = "reserve_card"
    RESERVE_CHOSEN = "reserve_chosen"
    RESTAURANT_MOVED = "restaurant_moved"
    RESTAURANT_OPENED = "restaurant_opened"
    RESTAURANT_PASSED = "restaurant_passed"
    RESTAURANT_PLACED = "restaurant_placed"
    ROUND_STARTED = "round_started"
    SALARIES_PAID = "salaries_paid"
    SCENARIO_LOADED = "scenario_loaded"
    STEP_ENDED = "step_ended"
    STEP_SKIPPED = "step_skipped"
    STRUCTURE_COMMITTED = "structure_committed"
    STRUCTURE_REVEALED = "structure_revealed"
    TRAINED = "trained"
    TURN_ENDED = "turn_ended"
    TURN_ORDER = "turn_order"
    TURN_ORDER_CHOSEN = "turn_order_chosen"
    TURN_STARTED = "turn_started"
    WAITRESS_INCOME = "waitress_income"


# -- the fields of each kind ---------------------------------------------------------------


class BankBroken(TypedDict):
    number: int
    final: bool
    introductory: bool
    reserve_cards: dict[str, int]
    added: int
    ceo_slots: int
    bank: int
    paying_seat: Seat
    still_owed: int
    # and, after a module's first break, the fields its ``BreakChange.details`` name


class CampaignEnded(TypedDict):
    number: int
    owner: Seat
    marketeer: str


class CampaignLaunched(TypedDict):
    seat: Seat
    number: int
    campaign_type: str
    marketeer: EmployeeId
    good: str
    duration: int
    eternal: bool
    cells: list[list[int]]
    edge: str | None
    first: int | None
    # then a module's campaign keys written into events (``ModuleKey.in_events``)


class CampaignPieceRemoved(TypedDict):
    number: int
    remaining: int


class CampaignPlaced(TypedDict):
    seat: Seat
    number: int
    cells: NotRequired[list[list[int]]]
    orientation: NotRequired[str | None]
    edge: NotRequired[str]
    first: NotRequired[int | None]


class CampaignHouse(TypedDict):
    """A house a campaign reached: the tokens it placed there, the house's demand after them
    and its capacity (None: uncapped)."""

    house: int
    placed: int
    demand: list[str]
    capacity: int | None


class CampaignRan(TypedDict):
    number: int
    type: str
    owner: Seat
    good: str
    per_house: int
    houses: list[CampaignHouse]
    eternal: bool
    # Mass Marketeers (ketchup.md 11): the number of this pass when Marketing runs several
    # (1 = the first); absent when there is one pass.
    marketing_pass: NotRequired[int]
    passes: NotRequired[int]
    # and a module's campaign keys written into events (``ModuleKey.in_events``)


class CampaignStarted(TypedDict):
    seat: Seat
    marketeer: EmployeeId
    number: int
    campaign_type: str


class CannotPay(TypedDict):
    seat: Seat
    due: int
    cash: int


class CardSentToWork(TypedDict):
    seat: Seat
    employee: EmployeeId


class CardsToHand(TypedDict):
    seat: Seat
    employees: list[EmployeeId]


class CfoBonus(TypedDict):
    seat: Seat
    source: str
    earned: int
    amount: int
    cash: int


class CfoFiredFirst100(TypedDict):
    seat: Seat


class Cooked(TypedDict):
    seat: Seat
    employee: EmployeeId
    good: str
    amount: int


class DinnertimeEarnings(TypedDict):
    earned: dict[str, int]
    cash: dict[str, int]
    bank: int
    game_ends: bool


class DinnertimeNoDemand(TypedDict):
    pass


class DinnertimePrices(TypedDict):
    prices: dict[str, int]
    turn_order: list[Seat]


class DinnertimeStarted(TypedDict):
    round: int
    bank: int


class SupplierVisit(TypedDict):
    """A drinks supplier a buyer collected from: its square, its drink, how many."""

    cell: list[int]
    good: str
    amount: int


class DrinksCollected(TypedDict):
    seat: Seat
    employee: EmployeeId
    total: dict[str, int]
    suppliers: list[SupplierVisit]
    route: NotRequired[list[list[int]]]  # as the player drew it (road squares or tiles)


class DriveInRemoved(TypedDict):
    seat: Seat
    restaurant: int


class DriveIns(TypedDict):
    seat: Seat
    restaurants: list[int]


class EmployeesFired(TypedDict):
    seat: Seat
    employees: list[EmployeeId]


class FireChosen(TypedDict):
    seat: Seat
    employee: EmployeeId


class FiredToPay(TypedDict):
    seat: Seat
    employee: EmployeeId
    campaign: int | None
    due: int
    cash: int


class FiringCommitted(TypedDict):
    seat: Seat


class FreezerKept(TypedDict):
    seat: Seat
    goods: list[str]


class FreezerOverCapacity(TypedDict):
    seat: Seat
    items: int
    capacity: int


class GameCreated(TypedDict):
    players: int  # no seed: it gives every random outcome to come (the saved game has it)
    turn_order: list[Seat]
    tiles: list[list[tuple[str, int]]]


class GameOver(TypedDict):
    reason: str
    ranking: list[Seat]
    cash: dict[str, int]


class GardenAdded(TypedDict):
    seat: Seat
    house: int
    garden: list[list[int]]


class GoodThrownAway(TypedDict):
    seat: Seat
    good: str
    left: int


class GoodsDiscarded(TypedDict):
    seat: Seat
    goods: list[str]


class HireDiscounts(TypedDict):
    seat: Seat
    discounts: int


class Hired(TypedDict):
    seat: Seat
    employee: EmployeeId
    hires_left: int
    pile: int


class HousePlaced(TypedDict):
    seat: Seat
    number: int
    cell: list[int]
    garden: list[list[int]]


class ChainAtHouse(TypedDict):
    """One chain's standing for a house (``ChainStanding.to_json``): its nearest connected open
    restaurant, price + distance, what it lacks, its Waitresses and the outcome; a module's
    score change (``adjust``) and tie keys (``ties``) when it has any."""

    seat: Seat
    price: int
    restaurant: int | None
    distance: int | None
    total: int | None
    missing: list[str]
    waitresses: int
    outcome: str
    adjust: NotRequired[int]
    ties: NotRequired[list[int]]


class HouseServed(TypedDict):
    house: int
    demand: list[str]
    garden: bool
    chains: list[ChainAtHouse]
    winner: Seat
    restaurant: int
    distance: int
    price: int
    decided_by: str
    lines: list[dict[str, Any]]
    amount: int
    cash: int
    # A module's order the house bought instead of its demand alone (``Extensions.orders``):
    # its name and every item sold.
    order: NotRequired[str]
    sold: NotRequired[list[str]]


class HouseStaysHome(TypedDict):
    house: int
    demand: list[str]
    garden: bool
    chains: list[ChainAtHouse]


class MilestoneClaimed(TypedDict):
    seat: Seat
    milestone: MilestoneId
    round: int
    reason: NotRequired[str]  # why, when the claim is not obvious (module milestones)


class MilestoneGift(TypedDict):
    seat: Seat
    milestone: MilestoneId
    employee: EmployeeId
    count: int








class MilestoneRemoved(TypedDict):
    milestone: MilestoneId
    # "remove after turn N" (Hard Choices, ketchup.md 16): the round it expired in.
    expired_after_round: NotRequired[int]


class OrderOfBusiness(TypedDict):
    open_slots: dict[str, int]
    choosing_order: list[Seat]


class PaidFromBox(TypedDict):
    seat: Seat
    amount: int
    reason: str


class PhaseStarted(TypedDict):
    phase: str
    round: int


class ReserveCard(TypedDict):
    seat: Seat
    money: int
    base_price: NotRequired[int]  # Reserve Prices (ketchup.md 14)


class ReserveChosen(TypedDict):
    seat: Seat


class RestaurantMoved(TypedDict):
    seat: Seat
    number: int
    from_cell: list[int]
    from_entrance: str
    cell: list[int]
    entrance: str
    drive_in: bool


class RestaurantOpened(TypedDict):
    seat: Seat
    restaurant: int
    cell: list[int]


class RestaurantPassed(TypedDict):
    seat: Seat


class RestaurantPlaced(TypedDict):
    seat: Seat
    number: NotRequired[int]
    cell: list[int]
    entrance: str
    open: bool
    drive_in: NotRequired[bool]
    by: str


class RoundStarted(TypedDict):
    round: int


class SalariesPaid(TypedDict):
    seat: Seat
    salaried: int
    gross: int
    hire_discounts: int
    first_train: bool
    first_billboard: bool
    amount: int
    cash: int
    # New Milestones (ketchup.md 3): salaries paid in goods (First beer sold) and left unpaid
    # (First trainer used).
    goods: NotRequired[list[str]]
    waived: NotRequired[int]


class ScenarioLoaded(TypedDict):
    description: str
    round: int  # where play starts: a scenario may start inside a phase, with no
    phase: str  # phase_started to say so


class StepEnded(TypedDict):
    seat: Seat
    step: str
    by: str


class StepSkipped(TypedDict):
    seat: Seat
    step: str
    by: str


class StructureCommitted(TypedDict):
    seat: Seat


class StructureRevealed(TypedDict):
    seat: Seat
    at_work: list[EmployeeId]
    beach: list[EmployeeId]
    overfull: bool
    tried: list[EmployeeId]


class Trained(TypedDict):
    seat: Seat
    trainer: EmployeeId
    employee: EmployeeId
    into: EmployeeId
    fresh: bool
    short: dict[str, int]  # the supply piles left short, by card (made up by more training)


class TurnEnded(TypedDict):
    seat: Seat


class TurnOrder(TypedDict):
    order: list[Seat]


class TurnOrderChosen(TypedDict):
    seat: Seat
    position: int


class TurnStarted(TypedDict):
    seat: Seat
    hires: int
    discount_hires: int


class WaitressIncome(TypedDict):
    seat: Seat
    waitresses: int
    each: int
    amount: int
    cash: int


EVENT_FIELDS: dict[EventKind, type[Any]] = {
    EventKind.BANK_BROKEN: BankBroken,
    EventKind.CAMPAIGN_ENDED: CampaignEnded,
    EventKind.CAMPAIGN_LAUNCHED: CampaignLaunched,
    EventKind.CAMPAIGN_PIECE_REMOVED: CampaignPieceRemoved,
    EventKind.CAMPAIGN_PLACED: CampaignPlaced,
    EventKind.CAMPAIGN_RAN: CampaignRan,
    EventKind.CAMPAIGN_STARTED: CampaignStarted,
    EventKind.CANNOT_PAY: CannotPay,
    EventKind.CARD_SENT_TO_WORK: CardSentToWork,
    EventKind.CARDS_TO_HAND: CardsToHand,
    EventKind.CFO_BONUS: CfoBonus,
    EventKind.CFO_FIRED_FIRST_100: CfoFiredFirst100,
    EventKind.COOKED: Cooked,
    EventKind.DINNERTIME_EARNINGS: DinnertimeEarnings,
    EventKind.DINNERTIME_NO_DEMAND: DinnertimeNoDemand,
    EventKind.DINNERTIME_PRICES: DinnertimePrices,
    EventKind.DINNERTIME_STARTED: DinnertimeStarted,
    EventKind.DRINKS_COLLECTED: DrinksCollected,
    EventKind.DRIVE_IN_REMOVED: DriveInRemoved,
    EventKind.DRIVE_INS: DriveIns,
    EventKind.EMPLOYEES_FIRED: EmployeesFired,
    EventKind.FIRE_CHOSEN: FireChosen,
    EventKind.FIRED_TO_PAY: FiredToPay,
    EventKind.FIRING_COMMITTED: FiringCommitted,
    EventKind.FREEZER_KEPT: FreezerKept,
    EventKind.FREEZER_OVER_CAPACITY: FreezerOverCapacity,
    EventKind.GAME_CREATED: GameCreated,
    EventKind.GAME_OVER: GameOver,
    EventKind.GARDEN_ADDED: GardenAdded,
    EventKind.GOOD_THROWN_AWAY: GoodThrownAway,
    EventKind.GOODS_DISCARDED: GoodsDiscarded,
    EventKind.HIRE_DISCOUNTS: HireDiscounts,
    EventKind.HIRED: Hired,
    EventKind.HOUSE_PLACED: HousePlaced,
    EventKind.HOUSE_SERVED: HouseServed,
    EventKind.HOUSE_STAYS_HOME: HouseStaysHome,
    EventKind.MILESTONE_CLAIMED: MilestoneClaimed,
    EventKind.MILESTONE_GIFT: MilestoneGift,
    EventKind.MILESTONE_REMOVED: MilestoneRemoved,
    EventKind.ORDER_OF_BUSINESS: OrderOfBusiness,
    EventKind.PAID_FROM_BOX: PaidFromBox,
    EventKind.PHASE_STARTED: PhaseStarted,
    EventKind.RESERVE_CARD: ReserveCard,
    EventKind.RESERVE_CHOSEN: ReserveChosen,
    EventKind.RESTAURANT_MOVED: RestaurantMoved,
    EventKind.RESTAURANT_OPENED: RestaurantOpened,
    EventKind.RESTAURANT_PASSED: RestaurantPassed,
    EventKind.RESTAURANT_PLACED: RestaurantPlaced,
    EventKind.ROUND_STARTED: RoundStarted,
    EventKind.SALARIES_PAID: SalariesPaid,
    EventKind.SCENARIO_LOADED: ScenarioLoaded,
    EventKind.STEP_ENDED: StepEnded,
    EventKind.STEP_SKIPPED: StepSkipped,
    EventKind.STRUCTURE_COMMITTED: StructureCommitted,
    EventKind.STRUCTURE_REVEALED: StructureRevealed,
    EventKind.TRAINED: Trained,
    EventKind.TURN_ENDED: TurnEnded,
    EventKind.TURN_ORDER: TurnOrder,
    EventKind.TURN_ORDER_CHOSEN: TurnOrderChosen,
    EventKind.TURN_STARTED: TurnStarted,
    EventKind.WAITRESS_INCOME: WaitressIncome,
}
"""The record of every kind: its ``__required_keys__`` and ``__optional_keys__``."""


class ModuleEventKind(OpenId):
    """A kind of event an expansion module emits (an open vocabulary: :func:`define_event`)."""

    __slots__ = ()


MODULE_EVENT_FIELDS: dict[ModuleEventKind, type[Any]] = {}
"""The record of every module kind (a ``TypedDict``), as :data:`EVENT_FIELDS` for the base."""


def define_event(kind: str, record: type[Any]) -> ModuleEventKind:
    """Define a module's event kind ``kind`` with its record (a ``TypedDict`` of its fields).

    Raises:
        ValueError: ``kind`` is a base game's kind.
    """
    if kind in EventKind._value2member_map_:  # a module never redefines a base kind
        raise ValueError(f"event kind {kind!r} is the base game's")
    defined = ModuleEventKind.define(kind)
    MODULE_EVENT_FIELDS[defined] = record
    return defined


def event_fields(kind: str) -> type[Any] | None:
    """The record of any kind, the base game's or a module's (None: unknown)."""
    if kind in EventKind._value2member_map_:
        return EVENT_FIELDS[EventKind(kind)]
    try:
        return MODULE_EVENT_FIELDS.get(ModuleEventKind(kind))
    except ValueError:
        return None


@dataclass(slots=True)
class Event:
    """One event. Never changed once emitted; not ``frozen`` because a frozen dataclass is
    twice as slow to build, and every action emits several."""

    kind: EventKind | ModuleEventKind
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[Seat, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


_Secret = tuple[Seat, ...] | None


class EventLog(list[Event]):
    """The events of one ``apply`` call, in order."""

    @overload
    def add(
        self,
        kind: Literal[EventKind.BANK_BROKEN],
        visible_to: _Secret = None,
        **data: Unpack[BankBroken],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_ENDED],
        visible_to: _Secret = None,
        **data: Unpack[CampaignEnded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_LAUNCHED],
        visible_to: _Secret = None,
        **data: Unpack[CampaignLaunched],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_PIECE_REMOVED],
        visible_to: _Secret = None,
        **data: Unpack[CampaignPieceRemoved],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_PLACED],
        visible_to: _Secret = None,
        **data: Unpack[CampaignPlaced],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_RAN],
        visible_to: _Secret = None,
        **data: Unpack[CampaignRan],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CAMPAIGN_STARTED],
        visible_to: _Secret = None,
        **data: Unpack[CampaignStarted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CANNOT_PAY],
        visible_to: _Secret = None,
        **data: Unpack[CannotPay],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CARD_SENT_TO_WORK],
        visible_to: _Secret = None,
        **data: Unpack[CardSentToWork],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CARDS_TO_HAND],
        visible_to: _Secret = None,
        **data: Unpack[CardsToHand],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CFO_BONUS],
        visible_to: _Secret = None,
        **data: Unpack[CfoBonus],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.CFO_FIRED_FIRST_100],
        visible_to: _Secret = None,
        **data: Unpack[CfoFiredFirst100],
    ) -> None: ...

    @overload
    def add(
        self, kind: Literal[EventKind.COOKED], visible_to: _Secret = None, **data: Unpack[Cooked]
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DINNERTIME_EARNINGS],
        visible_to: _Secret = None,
        **data: Unpack[DinnertimeEarnings],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DINNERTIME_NO_DEMAND],
        visible_to: _Secret = None,
        **data: Unpack[DinnertimeNoDemand],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DINNERTIME_PRICES],
        visible_to: _Secret = None,
        **data: Unpack[DinnertimePrices],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DINNERTIME_STARTED],
        visible_to: _Secret = None,
        **data: Unpack[DinnertimeStarted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DRINKS_COLLECTED],
        visible_to: _Secret = None,
        **data: Unpack[DrinksCollected],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DRIVE_IN_REMOVED],
        visible_to: _Secret = None,
        **data: Unpack[DriveInRemoved],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.DRIVE_INS],
        visible_to: _Secret = None,
        **data: Unpack[DriveIns],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.EMPLOYEES_FIRED],
        visible_to: _Secret = None,
        **data: Unpack[EmployeesFired],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.FIRE_CHOSEN],
        visible_to: _Secret = None,
        **data: Unpack[FireChosen],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.FIRED_TO_PAY],
        visible_to: _Secret = None,
        **data: Unpack[FiredToPay],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.FIRING_COMMITTED],
        visible_to: _Secret = None,
        **data: Unpack[FiringCommitted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.FREEZER_KEPT],
        visible_to: _Secret = None,
        **data: Unpack[FreezerKept],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.FREEZER_OVER_CAPACITY],
        visible_to: _Secret = None,
        **data: Unpack[FreezerOverCapacity],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.GAME_CREATED],
        visible_to: _Secret = None,
        **data: Unpack[GameCreated],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.GAME_OVER],
        visible_to: _Secret = None,
        **data: Unpack[GameOver],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.GARDEN_ADDED],
        visible_to: _Secret = None,
        **data: Unpack[GardenAdded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.GOOD_THROWN_AWAY],
        visible_to: _Secret = None,
        **data: Unpack[GoodThrownAway],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.GOODS_DISCARDED],
        visible_to: _Secret = None,
        **data: Unpack[GoodsDiscarded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.HIRE_DISCOUNTS],
        visible_to: _Secret = None,
        **data: Unpack[HireDiscounts],
    ) -> None: ...

    @overload
    def add(
        self, kind: Literal[EventKind.HIRED], visible_to: _Secret = None, **data: Unpack[Hired]
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.HOUSE_PLACED],
        visible_to: _Secret = None,
        **data: Unpack[HousePlaced],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.HOUSE_SERVED],
        visible_to: _Secret = None,
        **data: Unpack[HouseServed],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.HOUSE_STAYS_HOME],
        visible_to: _Secret = None,
        **data: Unpack[HouseStaysHome],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.MILESTONE_CLAIMED],
        visible_to: _Secret = None,
        **data: Unpack[MilestoneClaimed],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.MILESTONE_GIFT],
        visible_to: _Secret = None,
        **data: Unpack[MilestoneGift],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.MILESTONE_REMOVED],
        visible_to: _Secret = None,
        **data: Unpack[MilestoneRemoved],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.ORDER_OF_BUSINESS],
        visible_to: _Secret = None,
        **data: Unpack[OrderOfBusiness],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.PAID_FROM_BOX],
        visible_to: _Secret = None,
        **data: Unpack[PaidFromBox],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.PHASE_STARTED],
        visible_to: _Secret = None,
        **data: Unpack[PhaseStarted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESERVE_CARD],
        visible_to: _Secret = None,
        **data: Unpack[ReserveCard],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESERVE_CHOSEN],
        visible_to: _Secret = None,
        **data: Unpack[ReserveChosen],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESTAURANT_MOVED],
        visible_to: _Secret = None,
        **data: Unpack[RestaurantMoved],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESTAURANT_OPENED],
        visible_to: _Secret = None,
        **data: Unpack[RestaurantOpened],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESTAURANT_PASSED],
        visible_to: _Secret = None,
        **data: Unpack[RestaurantPassed],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.RESTAURANT_PLACED],
        visible_to: _Secret = None,
        **data: Unpack[RestaurantPlaced],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.ROUND_STARTED],
        visible_to: _Secret = None,
        **data: Unpack[RoundStarted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.SALARIES_PAID],
        visible_to: _Secret = None,
        **data: Unpack[SalariesPaid],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.SCENARIO_LOADED],
        visible_to: _Secret = None,
        **data: Unpack[ScenarioLoaded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.STEP_ENDED],
        visible_to: _Secret = None,
        **data: Unpack[StepEnded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.STEP_SKIPPED],
        visible_to: _Secret = None,
        **data: Unpack[StepSkipped],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.STRUCTURE_COMMITTED],
        visible_to: _Secret = None,
        **data: Unpack[StructureCommitted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.STRUCTURE_REVEALED],
        visible_to: _Secret = None,
        **data: Unpack[StructureRevealed],
    ) -> None: ...

    @overload
    def add(
        self, kind: Literal[EventKind.TRAINED], visible_to: _Secret = None, **data: Unpack[Trained]
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.TURN_ENDED],
        visible_to: _Secret = None,
        **data: Unpack[TurnEnded],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.TURN_ORDER],
        visible_to: _Secret = None,
        **data: Unpack[TurnOrder],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.TURN_ORDER_CHOSEN],
        visible_to: _Secret = None,
        **data: Unpack[TurnOrderChosen],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.TURN_STARTED],
        visible_to: _Secret = None,
        **data: Unpack[TurnStarted],
    ) -> None: ...

    @overload
    def add(
        self,
        kind: Literal[EventKind.WAITRESS_INCOME],
        visible_to: _Secret = None,
        **data: Unpack[WaitressIncome],
    ) -> None: ...

    def add(self, kind: EventKind, visible_to: _Secret = None, **data: Any) -> None:
        self.append(Event(kind, data, visible_to))

    def emit(self, kind: ModuleEventKind, visible_to: _Secret = None, **data: Any) -> None:
        """A module's event (its fields are its record's, :func:`define_event`)."""
        self.append(Event(kind, data, visible_to))
