"""Phase 4, Dinnertime (excerpt 004 "Dinnertime"; excerpt 000 "Phase 4"; facts.md E.3, E.8).

Nobody decides anything: :func:`finish` runs :func:`resolve_dinnertime` and names the next
phase (Payday; Marketing in the introductory game, which has no Payday; the end of the game
after the final bank break).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, NamedTuple

from fcm.core import bank, milestones
from fcm.core.actions import Action
from fcm.core.company import at_work_count, board_of, house_order, unit_price
from fcm.core.errors import Reason
from fcm.core.events import ChainAtHouse, EventKind, EventLog, HouseServed
from fcm.core.extensions import (
    NO_OFFER,
    HouseSold,
    Moment,
    Offer,
    Order,
    Trip,
    house_distances,
    notify,
    run_moment,
)
from fcm.core.geometry import Board, restaurant_entrances
from fcm.core.state import GameState, House, Phase
from fcm.core.types import Cell, EmployeeId, Good, MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_BURGER: Final = Good.BURGER
_CFO: Final = EmployeeId.CFO
_CFO_BONUS: Final = EventKind.CFO_BONUS
_DINNERTIME_EARNINGS: Final = EventKind.DINNERTIME_EARNINGS
_DINNERTIME_NO_DEMAND: Final = EventKind.DINNERTIME_NO_DEMAND
_DINNERTIME_PRICES: Final = EventKind.DINNERTIME_PRICES
_DINNERTIME_STARTED: Final = EventKind.DINNERTIME_STARTED
_DISCOUNT_MANAGER: Final = EmployeeId.DISCOUNT_MANAGER
_FIRST_100: Final = MilestoneId.FIRST_100
_FIRST_LOWER_PRICES: Final = MilestoneId.FIRST_LOWER_PRICES
_FIRST_WAITRESS: Final = MilestoneId.FIRST_WAITRESS
_GAME_OVER: Final = Phase.GAME_OVER
_HOUSE_SERVED: Final = EventKind.HOUSE_SERVED
_HOUSE_STAYS_HOME: Final = EventKind.HOUSE_STAYS_HOME
_MARKETING: Final = Phase.MARKETING
_PAYDAY: Final = Phase.PAYDAY
_PIZZA: Final = Good.PIZZA
_WAITRESS: Final = EmployeeId.WAITRESS
_WAITRESS_INCOME: Final = EventKind.WAITRESS_INCOME

PRICE_CUTTERS = (EmployeeId.PRICING_MANAGER, EmployeeId.DISCOUNT_MANAGER)
BONUS_MILESTONES: dict[str, MilestoneId] = {
    "burger": MilestoneId.FIRST_BURGER_MARKETED,
    "pizza": MilestoneId.FIRST_PIZZA_MARKETED,
    "drink": MilestoneId.FIRST_DRINK_MARKETED,
}
BONUS_PER_ITEM = 5
WAITRESS_PAY = 3
WAITRESS_PAY_MILESTONE = 5
CASH_MILESTONES = ((20, MilestoneId.FIRST_20), (100, MilestoneId.FIRST_100))


class ChainOutcome(StrEnum):
    """How a chain fared for a house (the ``outcome`` of each chain in a ``house_*`` event)."""

    CANDIDATE = "candidate"  # can serve it; ranked before the event, so never in one
    WINNER = "winner"
    NO_OPEN_RESTAURANT = "no_open_restaurant"
    NOT_CONNECTED = "not_connected"
    MISSING_ITEMS = "missing_items"
    HIGHER_TOTAL = "higher_total"
    TIE_LOST_WAITRESSES = "tie_lost_waitresses"
    TIE_LOST_TURN_ORDER = "tie_lost_turn_order"
    # a tie lost on a module's tie key is "tie_lost_<its name>" (``Offer.tie_names``)


# Looked up once (see above).
_CANDIDATE: Final = ChainOutcome.CANDIDATE
_HIGHER_TOTAL: Final = ChainOutcome.HIGHER_TOTAL
_MISSING_ITEMS: Final = ChainOutcome.MISSING_ITEMS
_NOT_CONNECTED: Final = ChainOutcome.NOT_CONNECTED
_NO_OPEN_RESTAURANT: Final = ChainOutcome.NO_OPEN_RESTAURANT
_TIE_LOST_TURN_ORDER: Final = ChainOutcome.TIE_LOST_TURN_ORDER
_TIE_LOST_WAITRESSES: Final = ChainOutcome.TIE_LOST_WAITRESSES
_WINNER: Final = ChainOutcome.WINNER


class DecidedBy(StrEnum):
    """Why the winner got the house (``decided_by`` of a ``house_served`` event)."""

    ONLY_CANDIDATE = "only_candidate"
    LOWEST_TOTAL = "lowest_total"
    WAITRESSES = "waitresses"
    TURN_ORDER = "turn_order"
    # a tie broken by a module's tie key is decided by that key's name (``Offer.tie_names``)


class ChainStanding(NamedTuple):
    """One chain's standing for one house: its nearest connected open restaurant (None when it
    has none), the items it lacks, its Waitresses, and the outcome. A frozen record (a named
    tuple: built for every chain at every house, and cheaper to build than a frozen
    dataclass)."""

    seat: Seat
    price: int
    restaurant: int | None
    distance: int | None
    total: int | None  # price + distance
    missing: tuple[str, ...]
    waitresses: int
    outcome: ChainOutcome | str  # a module's lost tie: "tie_lost_<key name>"
    # Expansion modules (Extensions.offer): the score change included in total,
    # and the tie keys compared before the Waitresses (lower wins). Empty in the base game.
    adjust: int = 0
    ties: tuple[int, ...] = ()
    tie_names: tuple[str, ...] = ()  # what each tie key is (decided_by, the lost tie's outcome)

    @property
    def can_serve(self) -> bool:
        return self.outcome is _CANDIDATE

    def rank(self, position: int) -> tuple[int, tuple[int, ...], int, int]:
        """Lower wins: price + distance, then (modules) tie keys, then more Waitresses, then
        turn order."""
        assert self.total is not None
        return (self.total, self.ties, -self.waitresses, position)

    def to_json(self) -> ChainAtHouse:
        out: ChainAtHouse = {
            "seat": self.seat,
            "price": self.price,
            "restaurant": self.restaurant,
            "distance": self.distance,
            "total": self.total,
            "missing": list(self.missing),
            "waitresses": self.waitresses,
            "outcome": str(self.outcome),
        }
        if self.adjust:
            out["adjust"] = self.adjust
        if self.ties:
            out["ties"] = list(self.ties)
        return out


def begin(state: GameState, log: EventLog) -> None:
    """Nothing to set up: Dinnertime is resolved in :func:`finish`."""


def actors(state: GameState) -> list[Seat]:
    return []


def legal(state: GameState, seat: Seat) -> list[Action]:
    return []


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    return Reason("dinnertime.no_decisions", "nobody makes decisions in Dinnertime (excerpt 004)")


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    raise AssertionError("Dinnertime has no actions")  # pragma: no cover


def finish(state: GameState, log: EventLog) -> Phase:
    """Resolve Dinnertime, then: the game ends after the final bank break; else Payday
    (Marketing in the introductory game: it has no Payday, facts.md E.10)."""
    if resolve_dinnertime(state, log):
        final = bank.breaks_to_end(state)
        state.end_reason = (
            "the bank broke (introductory game)"
            if final == 1
            else "the bank broke for the second time"
        )
        return _GAME_OVER
    if state.options.introductory:
        return _MARKETING
    return _PAYDAY


@dataclass(slots=True)
class _Round:
    """What this Dinnertime has paid so far, per chain, and what stays fixed while it runs
    (turn order, open restaurants, Waitresses: nothing in Dinnertime changes them)."""

    prices: dict[Seat, int]
    order: list[Seat]
    spots: dict[Seat, list[_Spot]]
    waitresses: dict[Seat, int]
    earned: dict[Seat, int] = field(default_factory=dict)


def resolve_dinnertime(state: GameState, log: EventLog) -> bool:
    """Run one whole Dinnertime; return whether the game ends after it (final bank break).

    Rule order (excerpt 004, the founding text; facts.md E.3):

    1. First to lower prices is claimed at the start by every chain with a Pricing or Discount
       Manager at work (conventions.md #4); then each chain's item price is fixed
       (:func:`fcm.core.company.unit_price`: $10, -$1 per Pricing Manager, -$3 per Discount
       Manager, +$10 Luxuries Manager, -$1 with First to lower prices; no floor, #20).
    2. "Who eats where": houses one at a time, lowest number first. A house with no demand stays
       home. Candidates are the chains with an OPEN restaurant connected by road to the house
       (any distance; a drive-in has all 4 corners as entrances) whose stock holds every item
       of the order. None: the house stays home and keeps its demand. Exactly one: it eats
       there whatever the price. Several ("Competition"): lowest item price + distance (tile
       borders to the chain's nearest entrance) wins; ties: more Waitresses at work this round,
       then earlier in turn order. When no house has demand the loop is skipped.
    3. "Getting paid": price x items (x2 with a garden) + $5 per burger / pizza / drink (any)
       with First burger / pizza / drink marketed (not doubled); demand and goods are
       discarded. A negative total is paid to the bank (#20).
    4. "End of Dinnertime": Waitresses, $3 each ($5 with First waitress played), even without
       a sale; then the CFO (at work, or First to have $100 held since an earlier round):
       +50% of everything earned this Dinnertime, Waitress cash included, rounded up. A negative
       total is treated the same way (designer ruling, facts.md 9.2): ceil(total / 2), e.g.
       -$7 costs $3 more (rounding up is towards +infinity).
    5. First to have $20 / $100: claimed as soon as cash reaches the amount (conventions.md #5,
       #6); with ``Options.first_100_at_end_of_dinnertime`` $100 is checked after step 4.

    Every payment goes through :mod:`fcm.core.bank`, which breaks the bank.
    """
    board = board_of(state)
    order = _seat_order(state)
    log.add(_DINNERTIME_STARTED, round=state.round, bank=state.bank)
    for seat in order:
        p = state.players[seat]
        if any(card in PRICE_CUTTERS for card in p.at_work):
            milestones.claim(state, seat, _FIRST_LOWER_PRICES, log)
        if _DISCOUNT_MANAGER in p.at_work:  # its price applies (ketchup.md 3.1)
            milestones.card_used(state, seat, _DISCOUNT_MANAGER, log)
    rnd = _Round(
        prices={seat: unit_price(state, seat) for seat in order},
        order=order,
        spots={seat: _open_spots(state, seat) for seat in order},
        waitresses={seat: waitresses(state, seat) for seat in order},
    )
    rnd.earned = {seat: 0 for seat in order}
    log.add(
        _DINNERTIME_PRICES,
        prices={str(s): rnd.prices[s] for s in order},
        turn_order=list(order),
    )

    houses = sorted(
        state.houses.values(),
        key=house_order(state) if state.rules.house_kinds else lambda h: h.number,
    )
    if not any(h.demand for h in houses):
        log.add(_DINNERTIME_NO_DEMAND)
    else:
        for house in houses:
            if house.demand:
                _serve_house(state, board, house, rnd, log)

    for seat in order:
        _pay_waitresses(state, seat, rnd, log)
    for seat in order:
        _pay_cfo(state, seat, rnd, log)
    if state.options.first_100_at_end_of_dinnertime:
        for seat in order:
            if state.players[seat].cash >= 100:
                milestones.claim(state, seat, _FIRST_100, log)
    run_moment(state, Moment.DINNERTIME_END, log)
    log.add(
        _DINNERTIME_EARNINGS,
        earned={str(s): rnd.earned[s] for s in order},
        cash={str(s): state.players[s].cash for s in order},
        bank=state.bank,
        game_ends=bank.game_ends(state),
    )
    return bank.game_ends(state)


# -- who eats where ---------------------------------------------------------------------------


def _offer(state: GameState, seat: Seat) -> Offer:
    """A chain's terms besides price + distance, folded through the modules."""
    offer = NO_OFFER
    for fold in state.rules.extensions.offer:
        offer = fold(state, seat, offer)
    return offer


def _seat_order(state: GameState) -> list[Seat]:
    order = [s for s in state.turn_order if 0 <= s < state.num_players]
    order += [s for s in range(state.num_players) if s not in order]
    return order


def waitresses(state: GameState, seat: Seat) -> int:
    """Waitresses at work this round (recorded at Restructuring; the cards at work otherwise)."""
    if seat in state.waitresses_this_round:
        return state.waitresses_this_round[seat]
    return at_work_count(state, seat, _WAITRESS)


# An open restaurant as Dinnertime measures it: its number and its entrance squares.
_Spot = tuple[int, tuple[Cell, ...]]


def _open_spots(state: GameState, seat: Seat) -> list[_Spot]:
    return [
        (r.number, restaurant_entrances(r.cell, r.entrance, r.drive_in))
        for r in state.restaurants
        if r.owner == seat and r.open
    ]


def chain_entry(
    state: GameState, board: Board, house: House, seat: Seat, price: int, need: Counter[Good]
) -> ChainStanding:
    """One chain's standing for a house: nearest connected open restaurant, missing items."""
    return _standing(
        state,
        seat,
        price,
        _open_spots(state, seat),
        state.players[seat].stock,
        need,
        house_distances(state, board, house)
        if state.rules.extensions.distances
        else board.house_distances(house.footprint),
        board.width,
        waitresses(state, seat),
    )


def _standing(
    state: GameState,
    seat: Seat,
    price: int,
    spots: list[_Spot],
    stock: dict[Good, int],
    need: Counter[Good],
    distances: tuple[int, ...],
    width: int,
    waitress_count: int,
) -> ChainStanding:
    """:func:`chain_entry` from its parts; ``distances`` is the house's distance to an entrance
    on every square (``Board.house_distances``, -1 where no road connects)."""
    best: tuple[int, int] | None = None  # (distance, restaurant number), nearest first
    for number, entrances in spots:
        for r, c in entrances:
            d = distances[r * width + c]
            if d >= 0 and (best is None or (d, number) < best):
                best = (d, number)
    lacking: list[str] = []  # the items of the order that the chain's stock lacks
    for g, n in need.items():
        short = n - max(stock.get(g, 0), 0)
        if short > 0:
            lacking += [str(g)] * short
    missing = tuple(sorted(lacking))
    if not spots:
        outcome = _NO_OPEN_RESTAURANT
    elif best is None:
        outcome = _NOT_CONNECTED
    elif missing:
        outcome = _MISSING_ITEMS
    else:
        outcome = _CANDIDATE
    offer = _offer(state, seat) if state.rules.extensions.offer else NO_OFFER
    adjust = offer.adjust
    return ChainStanding(
        seat=seat,
        price=price,
        restaurant=None if best is None else best[1],
        distance=None if best is None else best[0],
        total=None if best is None else price + best[0] + adjust,
        missing=missing,
        waitresses=waitress_count,
        outcome=outcome,
        adjust=adjust,
        ties=offer.ties,
        tie_names=offer.tie_names,
    )


def _serve_house(
    state: GameState, board: Board, house: House, rnd: _Round, log: EventLog
) -> None:
    demand = list(house.demand)
    need = Counter(demand)
    order = rnd.order
    if state.rules.extensions.distances:  # a module's house measured otherwise
        distances = house_distances(state, board, house)
    else:
        distances = board.house_distances(house.footprint)
    width = board.width

    def standings_for(goods: Counter[Good]) -> list[ChainStanding]:
        return [
            _standing(
                state, s, rnd.prices[s], rnd.spots[s], state.players[s].stock, goods, distances,
                width, rnd.waitresses[s],
            )
            for s in order
        ]

    sold: Order | None = None  # a module's order the house buys (None: its demand)
    if state.rules.extensions.orders:
        standings, sold = _ranked_orders(state, house, need, standings_for)
    else:
        standings = standings_for(need)
    candidates = [c for c in standings if c.can_serve]
    demanded = [str(g) for g in demand]
    if not candidates:
        log.add(
            _HOUSE_STAYS_HOME,
            house=house.number,
            demand=demanded,
            garden=bool(house.garden),
            chains=[c.to_json() for c in standings],
        )
        return

    position = {s: i for i, s in enumerate(order)}
    winner = min(candidates, key=lambda c: c.rank(position[c.seat]))
    tied = [c for c in candidates if c.total == winner.total]
    decided_by: DecidedBy | str
    if len(candidates) == 1:
        decided_by = DecidedBy.ONLY_CANDIDATE
    elif len(tied) == 1:
        decided_by = DecidedBy.LOWEST_TOTAL
    elif all(c.ties > winner.ties for c in tied if c is not winner):
        decided_by = _tie_name(winner, tied)
    elif all(
        c.waitresses < winner.waitresses for c in tied if c is not winner and c.ties == winner.ties
    ):
        decided_by = DecidedBy.WAITRESSES
    else:
        decided_by = DecidedBy.TURN_ORDER
    chains = [_outcome(c, winner) if c.can_serve else c for c in standings]

    seat: Seat = winner.seat
    p = state.players[seat]
    price = rnd.prices[seat]
    goods = need if sold is None else sold.goods
    items = sum(goods.values())
    lines: list[dict[str, Any]] = [
        {"kind": "items", "count": items, "price": price, "amount": price * items}
    ]
    if house.garden:
        lines.append({"kind": "garden", "amount": price * items})
    counts = {  # the items sold: a module's order that replaces the demand earns no bonus
        "burger": goods[_BURGER],
        "pizza": goods[_PIZZA],
        "drink": sum(n for g, n in goods.items() if g.is_drink),
    }
    for good, milestone in BONUS_MILESTONES.items():
        if counts[good] and p.has(milestone):
            lines.append(
                {
                    "kind": "bonus",
                    "milestone": milestone,
                    "good": good,
                    "count": counts[good],
                    "amount": BONUS_PER_ITEM * counts[good],
                }
            )
    for sale in state.rules.extensions.sale:
        lines = sale(state, seat, house, lines)
    total = sum(line["amount"] for line in lines)
    for g, n in goods.items():
        p.stock[g] -= n
    if state.rules.extensions.react:
        notify(state, HouseSold(seat, house, goods), log)
    house.demand.clear()
    assert winner.restaurant is not None and winner.distance is not None
    served = HouseServed(
        house=house.number,
        demand=demanded,
        garden=bool(house.garden),
        chains=[c.to_json() for c in chains],
        winner=seat,
        restaurant=winner.restaurant,
        distance=winner.distance,
        price=price,
        decided_by=str(decided_by),
        lines=lines,
        amount=total,
        cash=p.cash + total,
    )
    if sold is not None:
        served["order"] = sold.tier
        served["sold"] = sorted(str(g) for g in sold.goods.elements())
    log.add(_HOUSE_SERVED, **served)
    _earn(state, seat, total, rnd, log, reason=f"house {house.number}")
    if state.rules.extensions.on_the_way:  # what it buys on its way there (ketchup.md 18.5)
        trip = Trip(seat, house, winner.distance, rnd.prices)
        for on_the_way in state.rules.extensions.on_the_way:
            for seller, amount in on_the_way(state, trip, log):
                _earn(state, seller, amount, rnd, log, reason=f"house {house.number}")


def _ranked_orders(
    state: GameState,
    house: House,
    need: Counter[Good],
    standings_for: Callable[[Counter[Good]], list[ChainStanding]],
) -> tuple[list[ChainStanding], Order | None]:
    """Modules' orders for a house, best first (``Extensions.orders``, ketchup.md 18 step 2):
    the first that some chain can deliver is bought, compared as usual among those chains;
    when none can, the chains' standings for the house's own demand say why."""
    orders: tuple[Order, ...] = (Order(need),)
    for fold in state.rules.extensions.orders:
        orders = fold(state, house, orders)
    base: list[ChainStanding] | None = None
    for order in orders:
        standings = standings_for(order.goods)
        if any(c.can_serve for c in standings):
            return standings, (None if order.tier == "order" else order)
        if order.tier == "order":
            base = standings
    return (base if base is not None else standings_for(need)), None


def _tie_name(winner: ChainStanding, others: list[ChainStanding]) -> str:
    """The name of the first module tie key on which the winner beat the others."""
    for i, name in enumerate(winner.tie_names):
        if any(c.ties[i] != winner.ties[i] for c in others if c is not winner):
            return name
    return winner.tie_names[0] if winner.tie_names else "ties"


def _outcome(c: ChainStanding, winner: ChainStanding) -> ChainStanding:
    """A candidate's outcome once the winner is known."""
    outcome: ChainOutcome | str
    if c is winner:
        outcome = _WINNER
    elif c.rank(0)[0] > winner.rank(0)[0]:
        outcome = _HIGHER_TOTAL
    elif c.ties > winner.ties:
        outcome = f"tie_lost_{_tie_name(winner, [c])}"
    elif c.waitresses < winner.waitresses:
        outcome = _TIE_LOST_WAITRESSES
    else:
        outcome = _TIE_LOST_TURN_ORDER
    return c._replace(outcome=outcome)


# -- getting paid --------------------------------------------------------------------------------


def _earn(
    state: GameState, seat: Seat, amount: int, rnd: _Round, log: EventLog, *, reason: str
) -> None:
    """Move Dinnertime income (or, when negative, a payment to the bank) and claim the cash
    milestones it reaches."""
    rnd.earned[seat] += amount
    bank.transfer(state, seat, amount, log, reason=reason)
    if amount > 0:
        cash = state.players[seat].cash
        for threshold, milestone in CASH_MILESTONES:
            if milestone == _FIRST_100 and state.options.first_100_at_end_of_dinnertime:
                continue
            if cash >= threshold:
                milestones.claim(state, seat, milestone, log)


def _pay_waitresses(state: GameState, seat: Seat, rnd: _Round, log: EventLog) -> None:
    n = waitresses(state, seat)
    if not n:
        return
    p = state.players[seat]
    each = WAITRESS_PAY_MILESTONE if p.has(_FIRST_WAITRESS) else WAITRESS_PAY
    amount = n * each
    log.add(
        _WAITRESS_INCOME, seat=seat, waitresses=n, each=each, amount=amount,
        cash=p.cash + amount,
    )
    _earn(state, seat, amount, rnd, log, reason="waitresses")
    milestones.card_used(state, seat, _WAITRESS, log)


def cfo_source(state: GameState, seat: Seat) -> str | None:
    """Why a chain gets the CFO bonus: ``"cfo"`` (one at work), ``"first_100"`` (held since an
    earlier round: the CEO acts as CFO), or ``None``. Never both."""
    p = state.players[seat]
    if _CFO in p.at_work:
        return _CFO
    if p.has_before(_FIRST_100, state.round):
        return _FIRST_100
    return None


def _pay_cfo(state: GameState, seat: Seat, rnd: _Round, log: EventLog) -> None:
    source = cfo_source(state, seat)
    if source is None:
        return
    earned = rnd.earned[seat]
    amount = -(-earned // 2)  # 50%, rounded up (towards +infinity, also when negative)
    p = state.players[seat]
    log.add(
        _CFO_BONUS, seat=seat, source=source, earned=earned, amount=amount,
        cash=p.cash + amount,
    )
    if amount:
        _earn(state, seat, amount, rnd, log, reason=_CFO)
