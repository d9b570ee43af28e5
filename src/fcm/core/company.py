"""Derived facts about a company and the board: structure, slots, prices, salaries, occupancy.

These are pure queries over the state, shared by the phases and by the views; no phase
recomputes them its own way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from fcm.core.errors import InvariantError
from fcm.core.extensions import BASE_TABLE, seat_rules, table_rules
from fcm.core.geometry import Board, Overlay
from fcm.core.state import GameState, House
from fcm.core.types import Cell, EmployeeId, MilestoneId, Seat

if TYPE_CHECKING:
    from fcm.core.ruleset import Ruleset

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_FIRST_AIRPLANE: Final = MilestoneId.FIRST_AIRPLANE
_FIRST_BILLBOARD: Final = MilestoneId.FIRST_BILLBOARD
_FIRST_LOWER_PRICES: Final = MilestoneId.FIRST_LOWER_PRICES
_FIRST_TRAIN: Final = MilestoneId.FIRST_TRAIN


@lru_cache(maxsize=64)
def _board(
    key: tuple[tuple[tuple[str, int], ...], ...],
    rules: Ruleset,
    midpoints_only: bool,
    overlay: Overlay = (),
) -> Board:
    return Board.build(
        [list(row) for row in key],
        rules.catalog.tiles,
        midpoints_only=midpoints_only,
        overlay=overlay,
    )


def board_of(state: GameState) -> Board:
    """The board of this game: the printed tiles (built once per tile layout and rules option,
    cached) with the pieces modules placed on it (the overlay; a board per overlay, cached
    too). A game without pieces (every base game) gets the printed board, as always."""
    if state.pieces:
        return _board(
            tuple(tuple(row) for row in state.tiles),
            state.rules,
            state.options.roads_meet_at_midpoints,
            overlay_of(state),
        )
    return _board(
        tuple(tuple(row) for row in state.tiles),
        state.rules,
        state.options.roads_meet_at_midpoints,
    )


def overlay_of(state: GameState) -> Overlay:
    """The squares the game's pieces change, as the geometry reads them.

    Raises:
        InvariantError: a piece of a kind this game's ruleset does not know.
    """
    kinds = state.rules.piece_kinds
    out = {}
    for piece in state.pieces:
        kind = kinds.get(piece.kind)
        if kind is None:
            raise InvariantError(
                f"pieces: {piece.kind!r} is no kind of piece of this game "
                f"(known: {sorted(kinds)})"
            )
        if kind.square:  # "": a piece beside the map changes no square
            out[piece.cell] = kind.square  # a later piece on a square covers an earlier one
    return tuple(sorted(out.items()))


# -- structure -----------------------------------------------------------------------------------


def structure_fits(cards: Iterable[EmployeeId], ceo_slots: int, rules: Ruleset) -> bool:
    """Restructuring (excerpt 000, facts.md A.3): do these cards fit a legal pyramid?

    Managers may only sit in CEO slots; everyone else in a free CEO slot or a manager's slot.
    ``rules``: the game's ruleset (``state.rules``).
    """
    employees = rules.catalog.employees
    managers = 0
    manager_slots = 0
    others = 0
    for card in cards:
        e = employees[card]
        if e.is_manager:
            managers += 1
            manager_slots += e.slots
        else:
            others += 1
    if managers > ceo_slots:
        return False
    return others <= (ceo_slots - managers) + manager_slots


def ceo_slots_of(state: GameState, seat: Seat) -> int:
    """A player's CEO slots: the game's count (``state.ceo_slots``), or a module's own count
    for this player (First burger sold: 4, ketchup.md 3)."""
    if state.rules.extensions.seat_rules:
        slots = seat_rules(state, seat).ceo_slots
        if slots is not None:
            return slots
    return state.ceo_slots


def open_slots(state: GameState, seat: Seat) -> int:
    """Order of Business: empty slots on the CEO and managers at work (+2 with First airplane).

    Every card at work fills exactly one slot, so the count does not depend on the seating.
    """
    p = state.players[seat]
    employees = state.rules.catalog.employees
    total = ceo_slots_of(state, seat) + sum(employees[c].slots for c in p.at_work)
    free = total - len(p.at_work)
    if p.has(_FIRST_AIRPLANE):
        free += 2
    return free


def seat_structure(
    cards: Iterable[EmployeeId], ceo_slots: int, rules: Ruleset
) -> list[tuple[EmployeeId, list[EmployeeId]]]:
    """One legal seating of the cards at work, for display: ``[(card under CEO, [reports])]``.

    Managers take CEO slots first; the others fill managers' slots, then free CEO slots.
    """
    employees = rules.catalog.employees
    cards = sorted(cards)
    managers = sorted(
        (c for c in cards if employees[c].is_manager),
        key=lambda c: -employees[c].slots,
    )
    others = [c for c in cards if not employees[c].is_manager]
    seated: list[tuple[EmployeeId, list[EmployeeId]]] = [(m, []) for m in managers]
    for card in others:
        for m, reports in seated:
            if employees[m].is_manager and len(reports) < employees[m].slots:
                reports.append(card)
                break
        else:
            seated.append((card, []))
    return seated


# -- ownership ------------------------------------------------------------------------------


def cards_in_play(state: GameState) -> Counter[EmployeeId]:
    """Every non-CEO card owned by anyone (hand, at work, beach, busy): the box less the
    supply."""
    cards: Counter[EmployeeId] = Counter()
    for p in state.players:
        cards.update(p.hand)
        cards.update(p.at_work)
        cards.update(p.beach)
    cards.update(c.marketeer for c in state.campaigns.values() if c.marketeer)
    return cards


def owned_cards(state: GameState, seat: Seat) -> Counter[EmployeeId]:
    """Every non-CEO card a player owns: hand, at work, beach, busy, trained this turn."""
    p = state.players[seat]
    owned: Counter[EmployeeId] = Counter(p.hand)
    owned.update(p.at_work)
    owned.update(p.beach)
    owned.update(state.busy_marketeers(seat))
    return owned




# -- shifts ---------------------------------------------------------------------------------------


def shifts(state: GameState, seat: Seat, card: EmployeeId) -> int:
    """How many times a card at work acts this round: once, or more with a module's extra
    shifts (Night Shift Managers, ketchup.md 10: every salary-free card works twice)."""
    folds = state.rules.extensions.shifts
    if not folds:
        return 1
    n = 1
    for fold in folds:
        n = fold(state, seat, card, n)
    return n


def at_work_count(state: GameState, seat: Seat, card: EmployeeId) -> int:
    """Cards of this type at work, each counted once per shift."""
    n = state.players[seat].at_work.count(card)
    return n * shifts(state, seat, card) if n else 0


# -- prices and salaries --------------------------------------------------------------------------


def unit_price(state: GameState, seat: Seat) -> int:
    """Dinnertime item price: $10, each Pricing Manager -$1, each Discount Manager -$3,
    Luxuries Manager +$10, First to lower prices -$1 (excerpt 004 "Item price"). No floor
    (conventions.md #20)."""
    p = state.players[seat]
    base = table_rules(state).base_price if state.rules.extensions.table_rules else BASE_PRICE
    employees = state.rules.catalog.employees
    if state.rules.extensions.shifts:  # a price card on a second shift changes the price again
        price = base + sum(employees[c].price_modifier * shifts(state, seat, c) for c in p.at_work)
    else:
        price = base + sum(employees[c].price_modifier for c in p.at_work)
    if p.has(_FIRST_LOWER_PRICES):
        price -= 1
    return price


# The salaried marketeers of the base game: the rulebook's list (ketchup.md 19.1 row 18, option
# first_billboard_waives_named_marketeers).
MARKETEER_SALARIES_WAIVED = frozenset(
    {EmployeeId.CAMPAIGN_MANAGER, EmployeeId.BRAND_MANAGER, EmployeeId.BRAND_DIRECTOR}
)


def waived_marketeers(state: GameState) -> frozenset[EmployeeId]:
    """Cards whose salary First billboard placed waives: every marketing card ("no salaries
    for marketeers", ketchup.md 19.1 row 18), or the rulebook's list with the option."""
    if state.options.first_billboard_waives_named_marketeers:
        return MARKETEER_SALARIES_WAIVED
    return state.rules.marketing_cards


def salaried_cards(state: GameState, seat: Seat) -> list[EmployeeId]:
    """Cards a player pays $5 for at Payday: at work, on the beach and busy (facts.md E.4),
    less marketeers with First billboard placed ("no salaries for marketeers": every marketing
    card, ketchup.md 19.1 row 18; in the base game the salaried ones are the Campaign Manager,
    Brand Manager and Brand Director)."""
    p = state.players[seat]
    waived = p.has(_FIRST_BILLBOARD)
    marketing = waived_marketeers(state)
    out = []
    free = list(seat_rules(state, seat).salary_free) if state.rules.extensions.seat_rules else []
    for card in [*p.at_work, *p.beach, *state.busy_marketeers(seat)]:
        if not state.rules.catalog.employees[card].salary:
            continue
        if waived and card in marketing:
            continue
        if card in free:
            free.remove(card)
            continue
        out.append(card)
    return out


def salary_due(state: GameState, seat: Seat) -> int:
    """Payday total after all mandatory discounts, never below $0 (facts.md E.4)."""
    return salary_for(state, seat, salaried_cards(state, seat))


BASE_SALARY = 5  # per salaried card at Payday (facts.md E.4)
BASE_PRICE = BASE_TABLE.base_price  # the unit price before card modifiers ($10)


def salary_each(state: GameState, seat: Seat) -> int:
    """One card's salary: $5, or a module's ($3 with First waitress used, ketchup.md 3)."""
    if not state.rules.extensions.seat_rules:
        return BASE_SALARY
    each = seat_rules(state, seat).salary_each
    return BASE_SALARY if each is None else each


def salary_for(state: GameState, seat: Seat, salaried: list[EmployeeId]) -> int:
    """:func:`salary_due` given the chain's :func:`salaried_cards`."""
    p = state.players[seat]
    gross = salary_each(state, seat) * len(salaried)
    discount = 5 * p.hire_discounts
    if p.has(_FIRST_TRAIN):
        discount += 15
    return max(0, gross - discount)


# -- occupancy -----------------------------------------------------------------------------


def restaurant_cells(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))


def occupied_squares(
    state: GameState, *, ignore_restaurant: tuple[Seat, int] | None = None
) -> set[Cell]:
    """Squares taken by pieces placed during play (the board's own roads, houses and
    suppliers are known to the board)."""
    taken: set[Cell] = set()
    for r in state.restaurants:
        if ignore_restaurant is not None and (r.owner, r.number) == ignore_restaurant:
            continue
        taken.update(restaurant_cells(r.cell))
    for h in state.houses.values():
        if not h.printed:
            taken.update(h.cells)
        taken.update(h.garden)
    for camp in state.campaigns.values():
        taken.update(camp.cells)
    return taken


# -- houses --------------------------------------------------------------------------------------


def _number(house: House) -> float:
    return house.number


def house_order(state: GameState) -> Callable[[House], float]:
    """The key of house order (Marketing, Dinnertime): a house's number, or its kind's order
    key (a module's kind: New Districts' apartments are numbered π and 9¾)."""
    kinds = state.rules.house_kinds
    if not kinds:
        return _number

    def key(house: House) -> float:
        kind = kinds.get(house.kind) if house.kind else None
        if kind is None or kind.order is None:
            return house.number
        return kind.order(house.number)

    return key


def demand_room(state: GameState, house: House, per_house: int) -> int:
    """How many demand tokens one campaign may place on ``house`` now: ``per_house`` (times
    its kind's multiplier), within its cap (a module's kind may have none)."""
    if not house.kind:
        return max(0, min(per_house, house.capacity - len(house.demand)))
    kind = state.rules.house_kinds[house.kind]
    cap = kind.garden_cap if house.garden else kind.cap
    want = per_house * kind.per_campaign
    return want if cap is None else max(0, min(want, cap - len(house.demand)))


def house_capacity(state: GameState, house: House) -> int | None:
    """The demand ``house`` holds (None: no cap, a module's kind)."""
    if not house.kind:
        return house.capacity
    kind = state.rules.house_kinds[house.kind]
    return kind.garden_cap if house.garden else kind.cap
