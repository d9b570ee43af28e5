"""Phase 5, Payday (excerpt 000 "Phase 5"; facts.md E.4; conventions.md #6, #9).

1. Automatic: a chain that claimed First to have $100 this round fires its CFO (conventions.md
   #6: "an owned CFO is fired at that Payday").
2. Firing, secret and simultaneous (conventions.md #9; option ``payday_firing_in_turn_order``,
   facts.md 9.1 #9: one chain at a time in turn order, each firing revealed at its commit):
   every chain with cards at work or on the beach chooses cards to fire (``Fire(employee)``,
   any card at work or on the beach; busy marketeers cannot be fired voluntarily) and commits
   with ``Done()``. The choices are kept in ``state.turn.drafts`` until everyone has committed, then
   revealed; fired cards return to the supply.
3. Salaries, in turn order: ``company.salary_due`` ($5 per salaried card at work, on the beach
   and busy; less $5 per unused Recruiting Manager / HR Director hire, $15 with First to train
   someone, no marketeer salaries with First billboard placed; never below $0), paid to the bank.
4. A chain that cannot pay (``state.turn.stage == "cannot_pay"``, only that chain acts) fires
   salaried cards one at a time (``Fire``) until it can pay; a busy marketeer only when no other
   salaried card is left (its campaign stays and runs on without a marketeer). Then it pays.
5. First to pay $20 or more in salaries: claimed when the amount actually paid is >= $20.

Salaries in goods (a module's, ``SeatRules.pays_with_goods``: First beer sold, ketchup.md 3, 3.1,
19.3): before it pays, a chain that may pay with goods and holds some decides, in turn order,
how many salaries its goods pay and with which items. The module's action (its
``GoodsPayment``) gives one item from its stock for one salary (the module's turn key,
``GoodsPayment.key``, lists those given; at most one a salaried card, and no more than the
salaries the discounts leave); ``Done`` pays the rest in cash.
``Done`` is refused while the cash does not cover the rest and an item still could: what the
chain cannot pay is paid with goods before anyone is fired (or, with ``never_fire``, before
anything is waived). Otherwise the choice is open: a chain may pay with goods that Clean up
would discard and keep its cash.

The introductory game has no Payday (Dinnertime goes straight to Marketing); if entered anyway it
does nothing.
"""

from __future__ import annotations

from typing import Final

from fcm.core import bank, milestones
from fcm.core.actions import DONE, Action, Fire, fire_of
from fcm.core.company import salaried_cards, salary_due, salary_each, salary_for
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog, SalariesPaid
from fcm.core.extensions import GoodsPayment, seat_rules
from fcm.core.state import GameState, Phase, Stage
from fcm.core.types import EmployeeId, Good, MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_CANNOT_PAY: Final = EventKind.CANNOT_PAY
_CFO: Final = EmployeeId.CFO
_CFO_FIRED_FIRST_100: Final = EventKind.CFO_FIRED_FIRST_100
_EMPLOYEES_FIRED: Final = EventKind.EMPLOYEES_FIRED
_FIRED_TO_PAY: Final = EventKind.FIRED_TO_PAY
_FIRE_CHOSEN: Final = EventKind.FIRE_CHOSEN
_FIRING_COMMITTED: Final = EventKind.FIRING_COMMITTED
_FIRST_100: Final = MilestoneId.FIRST_100
_FIRST_BILLBOARD: Final = MilestoneId.FIRST_BILLBOARD
_FIRST_PAY_20: Final = MilestoneId.FIRST_PAY_20
_FIRST_TRAIN: Final = MilestoneId.FIRST_TRAIN
_MARKETING: Final = Phase.MARKETING
_NONE: Final = Stage.NONE
_SALARIES_PAID: Final = EventKind.SALARIES_PAID

FIRING = Stage.FIRING
PAYING = Stage.PAYING
CANNOT_PAY = Stage.CANNOT_PAY
PAY_MILESTONE_AMOUNT = 20
_NO_GOODS: Final[list[Good]] = []  # no item chosen to pay salaries with (never changed)


def begin(state: GameState, log: EventLog) -> None:
    state.turn.pending = []
    state.turn.drafts = {}
    state.turn.index = 0
    if state.turn.extras:
        _forget_goods(state)
    if state.options.introductory:
        state.turn.stage = _NONE
        return
    for p in state.players:
        if p.milestones.get(_FIRST_100) == state.round:
            for place in (p.at_work, p.beach):
                if _CFO in place:
                    place.remove(_CFO)
                    state.supply[_CFO] = state.supply.get(_CFO, 0) + 1
                    log.add(_CFO_FIRED_FIRST_100, seat=p.seat)
                    break
    state.turn.stage = FIRING
    state.turn.drafts = {p.seat: [] for p in state.players if p.at_work or p.beach}
    state.turn.pending = [s for s in _order(state) if s in state.turn.drafts]
    if not state.turn.pending:
        _progress(state, log)


def actors(state: GameState) -> list[Seat]:
    if state.turn.stage == FIRING and state.options.payday_firing_in_turn_order:
        return state.turn.pending[:1]  # facts.md 9.1 #9 (designer ruling): one at a time, in order
    return list(state.turn.pending)


def _order(state: GameState) -> list[Seat]:
    order = [s for s in state.turn_order if 0 <= s < state.num_players]
    return order + [s for s in range(state.num_players) if s not in order]


def _fireable(state: GameState, seat: Seat) -> list[EmployeeId]:
    """Card types a chain may still choose to fire in the secret step."""
    p = state.players[seat]
    draft = state.turn.drafts.get(seat, [])
    owned = [*p.at_work, *p.beach]
    return sorted({c for c in owned if owned.count(c) > draft.count(c)})


def _must_fire_options(state: GameState, seat: Seat) -> list[EmployeeId]:
    """A chain that cannot pay: salaried cards at work or on the beach; busy marketeers only
    when none of those is left."""
    p = state.players[seat]
    busy = state.busy_marketeers(seat)
    salaried = salaried_cards(state, seat)
    free = [c for c in salaried if c in p.at_work or c in p.beach]
    if free:
        return sorted(set(free))
    return sorted({c for c in salaried if c in busy})


def legal(state: GameState, seat: Seat) -> list[Action]:
    if seat not in state.turn.pending:
        return []
    if state.turn.stage == FIRING:
        out: list[Action] = [fire_of(c) for c in _fireable(state, seat)]
        out.append(DONE)
        return out
    if state.turn.stage == CANNOT_PAY:
        return [fire_of(c) for c in _must_fire_options(state, seat)]
    if state.turn.stage == PAYING:  # salaries in goods: this chain decides what goods pay
        return _goods_options(state, seat)
    return []


def _goods_left(state: GameState, seat: Seat) -> list[Good]:
    """The food and drinks in stock (the freezer's too, ketchup.md 3.1; a good that is neither
    pays nothing); those chosen have left it."""
    stock = state.players[seat].stock
    return [
        g for g in state.rules.goods if stock.get(g, 0) > 0 and (g.is_food or g.is_drink)
    ]


def _salaries_for_goods(state: GameState, seat: Seat) -> int:
    """How many more salaries goods may pay now: 0 without the module's rule or goods; else
    one item a salaried card, no more than the salaries the discounts leave (ketchup.md 3.1),
    less those already chosen."""
    if not state.rules.extensions.payday_goods or not seat_rules(state, seat).pays_with_goods:
        return 0
    if not _goods_left(state, seat):
        return 0
    salaried = salaried_cards(state, seat)
    due = salary_for(state, seat, salaried)
    cap = min(len(salaried), -(-due // salary_each(state, seat)))
    return max(0, cap - len(chosen_goods(state)))


def chosen_goods(state: GameState) -> list[Good]:
    """The items the paying chain has chosen so far to pay salaries with (kept in the turn
    record under the module's key, ``GoodsPayment.key``; none without such a module)."""
    points = state.rules.extensions.payday_goods
    if not points or not state.turn.extras:
        return []
    return [Good(g) for g in state.turn.extras.get(points[0].key, ())]


def _forget_goods(state: GameState) -> None:
    """The chosen items are paid (or Payday begins or ends): none is chosen."""
    if state.turn.extras and state.rules.extensions.payday_goods:
        state.turn.extras.pop(state.rules.extensions.payday_goods[0].key, None)


def _cash_due(state: GameState, seat: Seat, due: int) -> int:
    """What is left of salaries of ``due`` in cash after the goods chosen."""
    goods = chosen_goods(state)
    if not goods:
        return due
    return max(0, due - salary_each(state, seat) * len(goods))


def cash_due(state: GameState, seat: Seat) -> int:
    """The salaries ``seat`` still pays in cash, after the goods it has chosen so far."""
    return _cash_due(state, seat, salary_due(state, seat))


def _payment(state: GameState) -> GoodsPayment:
    return state.rules.extensions.payday_goods[0]


def goods_item(state: GameState, action: Action) -> Good | None:
    """The item ``action`` gives to pay a salary (None: it gives none)."""
    points = state.rules.extensions.payday_goods
    return points[0].item(action) if points else None


def _goods_options(state: GameState, seat: Seat) -> list[Action]:
    if seat not in state.turn.pending:
        return []
    out: list[Action] = []
    if _salaries_for_goods(state, seat):
        out = [_payment(state).action(g) for g in _goods_left(state, seat)]
    if not out or _payable(state, seat, cash_due(state, seat)):
        out.append(DONE)
    return out


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    if state.turn.stage == PAYING:
        return _why_not_goods(state, seat, action)
    if state.turn.stage == CANNOT_PAY:
        due = salary_due(state, seat)
        cash = state.players[seat].cash
        if isinstance(action, Fire):
            return Reason(
                "payday.fire_salaried",
                f"you owe ${due} in salaries and have ${cash}: fire a salaried card "
                f"({', '.join(_must_fire_options(state, seat))}); a busy marketeer only when no "
                "other salaried card is left (facts.md E.4)",
                due=due, cash=cash, cards=list(_must_fire_options(state, seat)),
            )
        return Reason("payday.must_fire",
                      f"you owe ${due} in salaries and have ${cash}: you must fire salaried cards",
                      due=due, cash=cash)
    if isinstance(action, Fire):
        return Reason(
            "payday.cannot_fire",
            f"'{action.employee}' is not a card you can still fire: choose among cards at work "
            "or on the beach (busy marketeers cannot be fired voluntarily)",
            card=action.employee,
        )
    return Reason("payday.fire_then_done",
                  "at Payday you may fire cards at work or on the beach, then commit with done")


def _why_not_goods(state: GameState, seat: Seat, action: Action) -> str:
    rule = _payment(state).rule
    if seat not in state.turn.pending:
        return Reason("payday.goods_turn",
                      "salaries are paid in turn order: it is another chain's turn to pay")
    item = goods_item(state, action)
    if item is not None:
        if not (item.is_food or item.is_drink):
            return Reason("payday.goods_not_food",
                          f"{rule}: only food and drinks pay salaries, {item.value} is neither",
                          good=item.value)
        if item not in _goods_left(state, seat):
            return Reason("payday.goods_none_left",
                          f"{rule}: you have no {item.value} left to pay with", good=item.value)
        return Reason(
            "payday.goods_too_many",
            f"{rule}: one item pays one salary, at most one a salaried card and no more than "
            "the salaries left after discounts; you have chosen "
            f"{len(chosen_goods(state))}",
            chosen=len(chosen_goods(state)),
        )
    rest = cash_due(state, seat)
    if isinstance(action, Fire):
        return Reason(
            "payday.goods_first",
            f"{rule}: you can pay with goods, so you do not fire now; choose goods or done")
    return Reason(
        "payday.goods_cash_short",
        f"{rule}: your cash (${state.players[seat].cash}) does not cover the ${rest} left, so "
        "goods pay what cash cannot: choose another item to pay with",
        cash=state.players[seat].cash, due=rest,
    )


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    if state.turn.stage == FIRING:
        if isinstance(action, Fire):
            state.turn.drafts[seat].append(action.employee)
            state.turn.drafts[seat].sort()
            log.add(_FIRE_CHOSEN, visible_to=(seat,), seat=seat, employee=action.employee)
            return
        state.turn.pending.remove(seat)
        log.add(_FIRING_COMMITTED, seat=seat)
        if state.options.payday_firing_in_turn_order:
            _reveal_one(state, seat, log)  # fired openly, before the next player decides
        if not state.turn.pending:
            _progress(state, log)
        return
    if state.turn.stage == PAYING:  # salaries in goods
        item = goods_item(state, action)
        if item is not None:  # the item leaves the stock at once
            state.players[seat].stock[item] -= 1
            key = _payment(state).key
            state.turn.extras[key] = [*state.turn.extras.get(key, ()), item.value]
            if _goods_options(state, seat) != [DONE]:
                return  # more to decide
        state.turn.pending = []
        if _settle(state, seat, log):
            _progress(state, log)
        return
    assert state.turn.stage == CANNOT_PAY and isinstance(action, Fire)
    _fire_for_salary(state, seat, action.employee, log)
    if _plan(state, seat, salary_due(state, seat)) is not None:
        state.turn.pending = []
        _pay(state, seat, log)
        state.turn.index += 1
        state.turn.stage = PAYING
        _progress(state, log)


def finish(state: GameState, log: EventLog) -> Phase:
    state.turn.stage = _NONE
    state.turn.pending = []
    state.turn.drafts = {}
    state.turn.index = 0
    if state.turn.extras:
        _forget_goods(state)
    return _MARKETING


# -- resolution --------------------------------------------------------------------------------


def _progress(state: GameState, log: EventLog) -> None:
    """Reveal the firings (once), then pay in turn order until someone cannot pay."""
    if state.turn.stage == FIRING:
        _reveal(state, log)
        state.turn.stage = PAYING
        state.turn.index = 0
    order = _order(state)
    goods = bool(state.rules.extensions.payday_goods)
    while state.turn.index < len(order):
        seat = order[state.turn.index]
        if goods and _salaries_for_goods(state, seat):
            state.turn.pending = [seat]  # it decides what its goods pay
            return
        if not _settle(state, seat, log):
            return
    state.turn.stage = _NONE
    state.turn.pending = []


def _settle(state: GameState, seat: Seat, log: EventLog) -> bool:
    """Pay ``seat``'s salaries and move on (True), or stop at its ``cannot_pay`` (False)."""
    due = salary_due(state, seat)
    if _plan(state, seat, due) is None:
        state.turn.stage = CANNOT_PAY
        state.turn.pending = [seat]
        log.add(_CANNOT_PAY, seat=seat, due=due, cash=state.players[seat].cash)
        return False
    _pay(state, seat, log)
    state.turn.index += 1
    return True


def _payable(state: GameState, seat: Seat, due: int) -> bool:
    """Whether the chain's cash covers salaries of ``due`` (nothing due is always payable,
    even by a chain in debt after a negative item price)."""
    return due == 0 or state.players[seat].cash >= due


# How salaries of ``due`` are paid: (cash, goods, waived); None: the chain must fire.
_Plan = tuple[int, list[Good], int]


def _plan(state: GameState, seat: Seat, due: int) -> _Plan | None:
    """The goods the chain chose pay their salaries (First beer sold), cash pays the rest;
    with First trainer used, what the cash cannot pay is waived instead of firing (paying
    whole salaries in cash as far as it goes; ketchup.md 3, 19.3)."""
    goods = chosen_goods(state) if state.turn.extras else _NO_GOODS
    rest = _cash_due(state, seat, due) if goods else due
    if _payable(state, seat, rest):
        return (rest, list(goods), 0)
    if state.rules.extensions.seat_rules and seat_rules(state, seat).never_fire:
        cash = max(state.players[seat].cash, 0)
        each = salary_each(state, seat)
        paid = min(rest, each * (cash // each))
        return (paid, list(goods), rest - paid)
    return None  # fire until the cash covers it


def _reveal(state: GameState, log: EventLog) -> None:
    for seat in _order(state):
        _reveal_one(state, seat, log)
    state.turn.drafts = {}


def _reveal_one(state: GameState, seat: Seat, log: EventLog) -> None:
    if seat not in state.turn.drafts:
        return
    fired = state.turn.drafts.pop(seat)
    p = state.players[seat]
    for card in fired:
        place = p.beach if card in p.beach else p.at_work
        place.remove(card)
        state.supply[card] = state.supply.get(card, 0) + 1
    log.add(_EMPLOYEES_FIRED, seat=seat, employees=sorted(fired))


def _fire_for_salary(state: GameState, seat: Seat, card: EmployeeId, log: EventLog) -> None:
    p = state.players[seat]
    if card in p.beach:
        p.beach.remove(card)
        campaign = None
    elif card in p.at_work:
        p.at_work.remove(card)
        campaign = None
    else:
        # A busy marketeer: the lowest-numbered campaign it runs loses it and runs on.
        camp = min(
            (c for c in state.campaigns.values() if c.owner == seat and c.marketeer == card),
            key=lambda c: c.number,
        )
        camp.marketeer = ""
        campaign = camp.number
    state.supply[card] = state.supply.get(card, 0) + 1
    log.add(
        _FIRED_TO_PAY, seat=seat, employee=card, campaign=campaign,
        due=salary_due(state, seat), cash=p.cash,
    )


def _pay(state: GameState, seat: Seat, log: EventLog) -> None:
    p = state.players[seat]
    cards = salaried_cards(state, seat)
    due = salary_for(state, seat, cards)
    plan = _plan(state, seat, due)
    assert plan is not None
    due, goods, waived = plan
    bank.pay_bank(state, seat, due, log, reason="salaries")
    if state.turn.extras:  # (the items chosen left the stock when chosen)
        _forget_goods(state)
    paid = SalariesPaid(
        seat=seat,
        salaried=len(cards),
        gross=salary_each(state, seat) * len(cards),
        hire_discounts=p.hire_discounts,
        first_train=p.has(_FIRST_TRAIN),
        first_billboard=p.has(_FIRST_BILLBOARD),
        amount=due,
        cash=p.cash,
    )
    if goods:
        paid["goods"] = [g.value for g in goods]
    if waived:
        paid["waived"] = waived
    log.add(_SALARIES_PAID, **paid)
    if due >= PAY_MILESTONE_AMOUNT:
        milestones.claim(state, seat, _FIRST_PAY_20, log)
