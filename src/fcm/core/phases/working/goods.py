"""Step 5 of a Working 9–5 turn: prep food and drinks (excerpt "Working 9–5", "Prep food and
drinks"; facts.md E.2).

Kitchen cards make their whole amount of one food (all or nothing; gaining is optional). Buyers:
an Errand Boy takes 1 drink of any kind; a Cart Operator (road range 2) or Truck Driver (road
range 3) drives a road route from an entrance of one of your open restaurants and must collect
from every supplier next to it; a Zeppelin Pilot flies up to 4 tiles from the tile of an
entrance, never entering a tile twice, and collects from every supplier on each tile it enters.
Each supplier gives each buyer drinks once. "First errand boy played" adds 1 drink per source
for every buyer; "First cart operator played" adds 1 range to carts, trucks and zeppelins. The
route is given by the set of suppliers it passes: every distinct achievable set is offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from fcm.core import milestones
from fcm.core.actions import Action, Cook, GetDrinks
from fcm.core.company import board_of
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog, SupplierVisit
from fcm.core.extensions import seat_rules
from fcm.core.geometry import restaurant_entrances
from fcm.core.state import GameState, WorkingTurn, WorkStep
from fcm.core.types import BASE_GOODS, DRINKS, Cell, EmployeeId, Good, MilestoneId, tile_of

from .common import jcell, jcells, open_spots, rule, unused_of, use_card

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_COOKED: Final = EventKind.COOKED
_DRINKS_COLLECTED: Final = EventKind.DRINKS_COLLECTED
_FOOD_AND_DRINKS: Final = WorkStep.FOOD_AND_DRINKS

DRINK_ORDER: tuple[Good, ...] = tuple(g for g in BASE_GOODS if g in DRINKS)
PRODUCED: dict[Good, MilestoneId] = {
    Good.BURGER: MilestoneId.FIRST_BURGER_PRODUCED,
    Good.PIZZA: MilestoneId.FIRST_PIZZA_PRODUCED,
}
MORE_DRINKS = MilestoneId.FIRST_ERRAND_BOY
MORE_RANGE = MilestoneId.FIRST_CART_OPERATOR


def _rule(text: str) -> str:
    return rule(_FOOD_AND_DRINKS, text)


def per_source(state: GameState, seat: int, buyer: EmployeeId) -> int:
    bonus = 1 if state.players[seat].has(MORE_DRINKS) else 0
    each = state.rules.catalog.employees[buyer].drinks_per_source + bonus
    if state.rules.extensions.seat_rules:
        each *= seat_rules(state, seat).drinks_factor.get(buyer, 1)
    return each


def buyer_range(state: GameState, seat: int, buyer: EmployeeId) -> int:
    spec = state.rules.catalog.employees[buyer]
    assert spec.range is not None
    return spec.range + (1 if state.players[seat].has(MORE_RANGE) else 0)


def supplier_sets(state: GameState, seat: int, buyer: EmployeeId) -> list[tuple[Cell, ...]]:
    """Every distinct set of suppliers a route of this buyer can collect from, sorted."""
    board = board_of(state)
    spec = state.rules.catalog.employees[buyer]
    spots = open_spots(state, seat)
    reach = buyer_range(state, seat, buyer)
    found: set[frozenset[Cell]] = set()
    if spec.range_kind == "road":
        found.update(
            board.road_route_supplier_sets(
                spots, reach, whole_range=state.options.carts_use_whole_range
            )
        )
    elif spec.range_kind == "air":
        starts = {
            tile_of(entrance)
            for cell, corner, drive_in in spots
            for entrance in restaurant_entrances(cell, corner, drive_in)
        }
        for tile in sorted(starts):
            found.update(board.zeppelin_supplier_sets(tile, reach))
    return sorted(tuple(sorted(s)) for s in found)


def options(state: GameState, turn: WorkingTurn) -> list[Action]:
    return list(iter_options(state, turn))


def iter_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """:func:`options` one at a time (a step-skip check stops at the first)."""
    for card in unused_of(turn, state.rules.kitchen | state.rules.drink_buyers):
        spec = state.rules.catalog.employees[card]
        if spec.food:
            for good in spec.food:
                yield Cook(card, good)
        elif spec.range_kind is None:
            for good in DRINK_ORDER:
                yield GetDrinks(card, good=good)
        else:
            for s in supplier_sets(state, turn.seat, card):
                yield GetDrinks(card, suppliers=s)


def resolve_route(state: GameState, turn: WorkingTurn, action: GetDrinks) -> GetDrinks | str:
    """A buyer's action with its route drawn: the action with the suppliers that route passes
    filled in, or why the route is refused (naming the rule). Whether those suppliers make a
    legal choice is then the legal actions' question."""
    spec = state.rules.catalog.employees.get(action.employee)
    if spec is None or spec.range_kind is None or action.good is not None:
        return _rule(Reason(
            "drinks.not_a_driver",
            "only a Cart Operator, Truck Driver or Zeppelin Pilot drives a route (an Errand Boy "
            "names the drink)",
        ))
    if action.employee not in turn.unused:
        return _rule(Reason("drinks.none_left",
                            f"no {action.employee} at work is left to collect drinks this turn",
                            card=action.employee))
    board = board_of(state)
    spots = open_spots(state, turn.seat)
    reach = buyer_range(state, turn.seat, action.employee)
    if spec.range_kind == "road":
        passed, problem = board.check_road_route(
            spots, action.route, reach, whole_range=state.options.carts_use_whole_range
        )
        what = "a road route (excerpt 002 'Collecting drinks'; facts.md D.1)"
    else:
        starts = {
            tile_of(entrance)
            for cell, corner, drive_in in spots
            for entrance in restaurant_entrances(cell, corner, drive_in)
        }
        passed, problem = board.check_zeppelin_route(starts, action.route, reach)
        what = "a Zeppelin flight (excerpt 002 'Collecting drinks'; facts.md D.1)"
    if problem is not None:
        # the geometry's reason, typed: the road's or the flight's rule, named in its code
        return _rule(Reason(problem.code, f"{what}: {problem}", **problem.params))
    collected = tuple(sorted(passed))
    if not collected:
        return _rule(Reason(
            "drinks.road_passes_none" if spec.range_kind == "road" else "drinks.flight_passes_none",
            f"{what}: this route passes no supplier, so there is nothing to collect"))
    if action.suppliers and tuple(sorted(action.suppliers)) != collected:
        return _rule(Reason(
            "drinks.every_supplier",
            "you must collect from every supplier next to the route: this route passes "
            + ", ".join(jcell_text(c) for c in collected),
            cells=[f"{r},{c}" for r, c in collected],
        ))
    return GetDrinks(action.employee, suppliers=collected, route=action.route)


def drink_route(state: GameState, seat: int, action: GetDrinks) -> tuple[Cell, ...] | None:
    """One route (road squares) or flight (tiles) that passes exactly ``action.suppliers``, to
    draw a legal choice; ``None`` when there is none (or the buyer names a drink)."""
    spec = state.rules.catalog.employees.get(action.employee)
    if spec is None or spec.range_kind is None or not action.suppliers:
        return None
    board = board_of(state)
    spots = open_spots(state, seat)
    reach = buyer_range(state, seat, action.employee)
    if spec.range_kind == "road":
        return board.road_route_for(
            spots, action.suppliers, reach, whole_range=state.options.carts_use_whole_range
        )
    starts = {
        tile_of(entrance)
        for cell, corner, drive_in in spots
        for entrance in restaurant_entrances(cell, corner, drive_in)
    }
    return board.zeppelin_route_for(starts, action.suppliers, reach)


def jcell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def apply(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    seat = turn.seat
    p = state.players[seat]
    if isinstance(action, Cook):
        amount = state.rules.catalog.employees[action.employee].food_amount
        p.stock[action.good] += amount
        use_card(turn, action.employee)
        log.add(
            _COOKED,
            seat=seat,
            employee=action.employee,
            good=action.good.value,
            amount=amount,
        )
        produced = PRODUCED.get(action.good)  # a module's food claims no base milestone
        if produced is not None:
            milestones.claim(state, seat, produced, log)
        return
    assert isinstance(action, GetDrinks)
    if action.route and not action.suppliers:  # replayed as sent: the route names them
        resolved = resolve_route(state, turn, action)
        assert not isinstance(resolved, str), resolved
        action = resolved
    # A route always collects (one passing no supplier is refused): the buyer is used, and a
    # milestone it claims already counts for this haul (First cart operator used).
    milestones.card_used(state, seat, action.employee, log)
    each = per_source(state, seat, action.employee)
    use_card(turn, action.employee)
    if action.good is not None:
        p.stock[action.good] += each
        log.add(
            _DRINKS_COLLECTED,
            seat=seat,
            employee=action.employee,
            total={action.good.value: each},
            suppliers=[],
        )
        return
    board = board_of(state)
    total: dict[str, int] = {}
    detail: list[SupplierVisit] = []
    for cell in action.suppliers:
        good = board.suppliers[cell]
        p.stock[good] += each
        total[good.value] = total.get(good.value, 0) + each
        detail.append({"cell": jcell(cell), "good": good.value, "amount": each})
    if action.route:  # drawn by the player: shown as drawn
        log.add(
            _DRINKS_COLLECTED,
            seat=seat,
            employee=action.employee,
            total=total,
            suppliers=detail,
            route=jcells(action.route),
        )
        return
    log.add(
        _DRINKS_COLLECTED,
        seat=seat,
        employee=action.employee,
        total=total,
        suppliers=detail,
    )


def explain(state: GameState, turn: WorkingTurn, action: Action) -> str:
    if isinstance(action, Cook):
        spec = state.rules.catalog.employees.get(action.employee)
        if spec is None or not spec.food:
            return _rule(Reason("cook.not_a_cook", f"{action.employee} is not a kitchen employee",
                                card=action.employee))
        if action.employee not in turn.unused:
            return _rule(Reason("cook.none_left",
                                f"no {action.employee} at work is left to cook this turn",
                                card=action.employee))
        foods = " or ".join(g.value for g in spec.food)
        return _rule(Reason("cook.makes_only",
                            f"a {action.employee} makes {spec.food_amount} {foods}, nothing else",
                            card=action.employee, amount=spec.food_amount,
                            goods=[g.value for g in spec.food]))
    assert isinstance(action, GetDrinks)
    spec = state.rules.catalog.employees.get(action.employee)
    if spec is None or not spec.drinks_per_source:
        return _rule(Reason("drinks.not_a_buyer", f"{action.employee} does not collect drinks",
                            card=action.employee))
    if action.employee not in turn.unused:
        return _rule(Reason("drinks.none_left",
                            f"no {action.employee} at work is left to collect drinks this turn",
                            card=action.employee))
    if spec.range_kind is None:
        return _rule(Reason(
            "drinks.any_kind",
            f"a {action.employee} takes 1 drink of any kind (name the drink, no route)",
            card=action.employee))
    reach = buyer_range(state, turn.seat, action.employee)
    if spec.range_kind == "air":
        return _rule(Reason(
            "drinks.no_flight",
            f"a {action.employee} collects from every supplier on each tile it enters, flying up "
            f"to {reach} tiles from the tile of an "
            "entrance of one of your open restaurants, never entering a tile twice: no flight "
            "collects exactly these suppliers",
            card=action.employee, range=reach,
        ))
    return _rule(Reason(
        "drinks.no_route",
        f"a {action.employee} drives a road route of range "
        f"{reach} from an entrance of one of your open "
        "restaurants and must collect from every supplier next to it: no route collects "
        "exactly these suppliers",
        card=action.employee, range=reach,
    ))
