"""Steps 1 and 2 of a Working 9–5 turn: hire and train employees (excerpt "Working 9–5").

Hire: the CEO gives 1 hire, a Recruiting Girl 1, a Recruiting Manager 2 and an HR Director 4;
each hire takes an entry-level card from the supply to the beach. Unused Recruiting Manager / HR
Director actions become $5 Payday discounts (plain hires are used first).

Train: each Trainer, Coach and Guru at work gives 1, 2 or 3 training steps on beach cards. A card
trained this turn may only be trained on by the trainer that trained it (a Coach or Guru using
more of its own actions), unless the player has "First to pay $20 or more in salaries". No 1x type
you already own; no CFO once you have "First to have $100".

"Only the final card must be available": supply counts may go below 0 while hiring and training,
but every count must be back at 0 or more before the Train step ends. An action that makes a pile
short is only offered when the remaining training can still cover it, and while a pile is short
only training that card on is offered, so a turn can never get stuck.

Which trainer card does a step is not part of the action (cards of one type are identical); the
engine keeps one valid assignment of this turn's training chains to the trainer cards and
re-assigns them when needed (e.g. a Coach that trained two cards one step each and an unused
Coach can still train one of those cards a second step: the unused Coach "did" that card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from fcm.core import milestones
from fcm.core.actions import Hire, Train, hire_of
from fcm.core.company import owned_cards
from fcm.core.errors import Reason
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import Trained, notify, seat_rules, table_rules
from fcm.core.state import FreshCard, GameState, TrainerUse, WorkingTurn, WorkStep
from fcm.core.types import EmployeeId, MilestoneId

from .common import add_card, rule

if TYPE_CHECKING:
    from fcm.core.ruleset import Ruleset

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_HIRE: Final = WorkStep.HIRE
_HIRED: Final = EventKind.HIRED
_HIRE_DISCOUNTS: Final = EventKind.HIRE_DISCOUNTS
_RECRUITING_GIRL: Final = EmployeeId.RECRUITING_GIRL
_TRAIN: Final = WorkStep.TRAIN
_TRAINED: Final = EventKind.TRAINED

HIRE_3 = MilestoneId.FIRST_HIRE_3
FIRST_TRAIN = MilestoneId.FIRST_TRAIN
STACKING = MilestoneId.FIRST_PAY_20
NO_CFO = MilestoneId.FIRST_100
CFO = EmployeeId.CFO


def _hire(step: str) -> str:
    return rule(_HIRE, step)


def _train(step: str) -> str:
    return rule(_TRAIN, step)


# -- the training picture ----------------------------------------------------------------------


@dataclass(slots=True)
class Staff:
    """What hiring and training look at, as a small value the look-ahead can copy.

    ``units`` mirrors ``WorkingTurn.trainers`` (card, actions left) and ``fresh`` mirrors
    ``WorkingTurn.fresh`` (card, index of the trainer unit that trained it).
    """

    supply: dict[EmployeeId, int]
    beach: Counter[EmployeeId]
    owned: Counter[EmployeeId]
    units: list[tuple[EmployeeId, int]]
    fresh: list[tuple[EmployeeId, int]]
    stacking: bool
    no_cfo: bool
    rules: Ruleset
    unavailable: frozenset[EmployeeId] = frozenset()  # not in play at this count (modules)

    @classmethod
    def of(cls, state: GameState, turn: WorkingTurn) -> Staff:
        p = state.players[turn.seat]
        return cls(
            supply=dict(state.supply),
            beach=Counter(p.beach),
            owned=owned_cards(state, turn.seat),
            units=[(t.card, t.left) for t in turn.trainers],
            fresh=[(f.card, f.trainer) for f in turn.fresh],
            # First to pay $20: effect from the next round on (milestone table: "next turn").
            stacking=p.has_before(STACKING, state.round)
            or (bool(state.rules.extensions.seat_rules) and seat_rules(state, turn.seat).stacking),
            no_cfo=p.has(NO_CFO),
            rules=state.rules,
            unavailable=_unavailable(state),
        )

    def copy(self) -> Staff:
        return Staff(
            dict(self.supply),
            Counter(self.beach),
            Counter(self.owned),
            list(self.units),
            list(self.fresh),
            self.stacking,
            self.no_cfo,
            self.rules,
            self.unavailable,
        )

    def key(self) -> tuple[object, ...]:
        return (
            tuple(sorted(self.supply.items())),
            tuple(sorted((+self.beach).items())),
            tuple(self.units),
            tuple(self.fresh),
        )

    def short(self) -> dict[EmployeeId, int]:
        """Piles below 0: cards taken that the turn still has to train on."""
        return {card: -n for card, n in sorted(self.supply.items()) if n < 0}

    def actions_left(self) -> int:
        return sum(left for _, left in self.units)

    def fresh_count(self, card: EmployeeId) -> int:
        return sum(1 for c, _ in self.fresh if c == card)

    def write_back(self, state: GameState, turn: WorkingTurn) -> None:
        p = state.players[turn.seat]
        state.supply = dict(self.supply)
        p.beach = sorted((+self.beach).elements())
        turn.trainers = [TrainerUse(card, left) for card, left in self.units]
        turn.fresh = [FreshCard(card, unit) for card, unit in self.fresh]


def _unavailable(state: GameState) -> frozenset[EmployeeId]:
    if not state.rules.extensions.table_rules:
        return frozenset()
    return table_rules(state).unavailable


def hired(staff: Staff, card: EmployeeId) -> Staff:
    out = staff.copy()
    out.supply[card] = out.supply.get(card, 0) - 1
    out.beach[card] += 1
    out.owned[card] += 1
    return out


# -- trainer assignment --------------------------------------------------------------------------


def _pack(lengths: list[int], units: int, cap: int) -> list[int] | None:
    """Assign training chains (their lengths) to ``units`` trainer cards of ``cap`` actions each;
    the first assignment found (longest chains first, lowest unit first), or None."""
    order = sorted(range(len(lengths)), key=lambda i: (-lengths[i], i))
    loads = [0] * units
    assign = [-1] * len(lengths)

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for u in range(units):
            if loads[u] + lengths[i] <= cap:
                loads[u] += lengths[i]
                assign[i] = u
                if place(k + 1):
                    return True
                loads[u] -= lengths[i]
        return False

    return assign if place(0) else None


def _chains(staff: Staff, trainer: EmployeeId) -> list[tuple[int, int]] | None:
    """This turn's chains by cards of type ``trainer``: (index in ``fresh``, steps so far).

    None when the steps per chain cannot be told from the bookkeeping (only possible with
    several 3-action trainers, which the base game's 1x Guru rules out).
    """
    cap = staff.rules.catalog.employees[trainer].trains
    out: list[tuple[int, int]] = []
    for u, (card, left) in enumerate(staff.units):
        if card != trainer:
            continue
        mine = [i for i, (_, unit) in enumerate(staff.fresh) if unit == u]
        used = cap - left
        if len(mine) == 1:
            out.append((mine[0], used))
        elif len(mine) == used:
            out.extend((i, 1) for i in mine)
        else:
            return None
    return out


def _assign(staff: Staff, trainer: EmployeeId, grow: int) -> dict[int, int] | None:
    """A valid assignment of the ``trainer`` chains after one more step on chain ``fresh[grow]``
    (``grow == len(fresh)``: a new chain): fresh index -> trainer unit, or None if none fits.
    """
    units = [u for u, (card, _) in enumerate(staff.units) if card == trainer]
    cap = staff.rules.catalog.employees[trainer].trains
    chains = _chains(staff, trainer)
    if chains is None:
        # Bookkeeping too ambiguous to re-assign: keep every chain on the card that did it.
        if grow < len(staff.fresh):
            unit = staff.fresh[grow][1]
            return {grow: unit} if staff.units[unit][1] > 0 else None
        free = [u for u in units if staff.units[u][1] > 0]
        if not free:
            return None
        return {grow: min(free, key=lambda u: (staff.units[u][1], u))}
    ids = [i for i, _ in chains]
    lengths = [n + (1 if i == grow else 0) for i, n in chains]
    if grow == len(staff.fresh):
        ids.append(grow)
        lengths.append(1)
    packed = _pack(lengths, len(units), cap)
    if packed is None:
        return None
    return {i: units[pos] for i, pos in zip(ids, packed, strict=True)}


def _take_step(
    staff: Staff, out: Staff, trainer: EmployeeId, grow: int, where: dict[int, int]
) -> None:
    """Record one step on chain ``grow`` in ``out`` with the trainer assignment ``where``."""
    chains = _chains(staff, trainer)
    if chains is None:
        unit = where[grow]
        out.units[unit] = (trainer, staff.units[unit][1] - 1)
        return
    cap = staff.rules.catalog.employees[trainer].trains
    lengths = dict(chains)
    lengths[grow] = lengths.get(grow, 0) + 1
    loads = {u: 0 for u, (card, _) in enumerate(staff.units) if card == trainer}
    for i, unit in where.items():
        loads[unit] += lengths[i]
        out.fresh[i] = (out.fresh[i][0], unit)
    for unit, load in loads.items():
        out.units[unit] = (trainer, cap - load)


def _used_up(trainer: EmployeeId) -> Reason:
    return Reason("train.used_up", f"every {trainer} at work has used its Train actions",
                  trainer=trainer)


def train_step(staff: Staff, action: Train) -> Staff | str:
    """One training step on ``staff`` by the card rules (piles are checked separately); the new
    picture, or why the step is not allowed."""
    t, card, into = action.trainer, action.employee, action.into
    if t not in staff.rules.trainers or all(c != t for c, _ in staff.units):
        return _train(Reason("train.no_trainer", f"no {t} at work gives Train actions this turn",
                             trainer=t))
    if staff.beach[card] <= 0:
        return _train(Reason(
            "train.not_on_beach",
            f"there is no {card} on your beach to train (only beach cards train)", card=card))
    spec = staff.rules.catalog.employees[card]
    if into not in spec.trains_into:
        if not spec.trains_into:
            return _train(Reason("train.into_nothing",
                                 f"one training step turns a {card} into nothing, not {into}",
                                 card=card, into=into))
        allowed = ", ".join(spec.trains_into)
        return _train(Reason("train.not_into",
                             f"one training step turns a {card} into {allowed}, not {into}",
                             card=card, cards=list(spec.trains_into), into=into))
    target = staff.rules.catalog.employees[into]
    if into in staff.unavailable:
        return _train(Reason(
            "train.not_in_play",
            f"{into} is not in play at this player count (a module's rule option)", into=into))
    if target.unique and staff.owned[into] > 0:
        return _train(Reason("train.unique_owned",
                             f"you can't train into a 1x type you already own ({into})",
                             into=into))
    if target.unique_group is not None:
        employees = staff.rules.catalog.employees
        owned = [
            c
            for c, n in staff.owned.items()
            if n > 0 and c != card and employees[c].unique_group == target.unique_group
        ]
        if owned:
            return _train(Reason(
                "train.unique_group",
                f"the {target.unique_group.replace('_', ' ')} cards are one 1x type: you already "
                f"own {owned[0]} (ketchup.md 15)",
                group=target.unique_group, card=owned[0],
            ))
    if into == CFO and staff.no_cfo:
        return _train(Reason("train.no_cfo", "with First to have $100 you may never train a CFO"))
    fresh_idx = [i for i, (c, _) in enumerate(staff.fresh) if c == card]
    if action.fresh and not fresh_idx:
        return _train(Reason("train.none_fresh", f"no {card} on your beach was trained this turn",
                             card=card))
    if not action.fresh and staff.beach[card] - len(fresh_idx) <= 0:
        return _train(Reason(
            "train.all_fresh",
            f"every {card} on your beach was trained this turn: continue with fresh=true",
            card=card))
    out = staff.copy()
    if staff.stacking:
        # First to pay $20: trainers may be stacked, so any card with an action left will do.
        free = [u for u, (c, left) in enumerate(staff.units) if c == t and left > 0]
        if not free:
            return _train(_used_up(t))
        unit = min(free, key=lambda u: (staff.units[u][1], u))
        out.units[unit] = (t, staff.units[unit][1] - 1)
        grow = fresh_idx[0] if action.fresh else len(out.fresh)
        if not action.fresh:
            out.fresh.append((into, unit))
        out.fresh[grow] = (into, unit)
    else:
        where = None
        if action.fresh:
            mine = [i for i in fresh_idx if staff.units[staff.fresh[i][1]][0] == t]
            if not mine:
                return _train(Reason(
                    "train.other_trainer",
                    f"this {card} was trained this turn by another trainer: different trainers "
                    "may not train the same employee in one turn (unless you have First to pay "
                    "$20 or more in salaries)",
                    card=card,
                ))
            for grow in mine:
                where = _assign(staff, t, grow)
                if where is not None:
                    break
            if where is None:
                cap = staff.rules.catalog.employees[t].trains
                if all(left == 0 for c, left in staff.units if c == t):
                    return _train(_used_up(t))
                return _train(Reason(
                    "train.at_most",
                    f"one {t} may train the same person at most {cap} step(s), and different "
                    "trainers may not train the same employee in one turn (unless you have "
                    "First to pay $20 or more in salaries)",
                    trainer=t, steps=cap,
                ))
        else:
            grow = len(staff.fresh)
            where = _assign(staff, t, grow)
            if where is None:
                return _train(_used_up(t))
            out.fresh.append((into, where[grow]))
        _take_step(staff, out, t, grow, where)
        out.fresh[grow] = (into, where[grow])
    out.supply[into] = out.supply.get(into, 0) - 1
    out.supply[card] = out.supply.get(card, 0) + 1
    out.beach[card] -= 1
    out.beach[into] += 1
    out.owned[card] -= 1
    out.owned[into] += 1
    return out


def _candidates(staff: Staff, only: set[EmployeeId] | None) -> list[Train]:
    """Every syntactically possible training step (card rules and piles not yet checked)."""
    out: list[Train] = []
    trainers = sorted({c for c, left in staff.units if left > 0})
    for card in sorted(c for c, n in staff.beach.items() if n > 0):
        if only is not None and card not in only:
            continue
        children = staff.rules.catalog.employees[card].trains_into
        if not children:
            continue
        fresh_here = staff.fresh_count(card)
        variants = [
            v for v in (False, True) if (fresh_here if v else staff.beach[card] - fresh_here) > 0
        ]
        for t in trainers:
            for fresh in variants:
                for into in children:
                    out.append(Train(t, card, into, fresh))
    return out


def resolvable(staff: Staff, memo: dict[tuple[object, ...], bool] | None = None) -> bool:
    """Can the training still left this turn bring every short pile back to 0 or more?

    Only steps on cards of a short type are tried: any other step never helps (an exchange
    argument: the supply a step returns is only useful once some chain ends on that type, and
    then that type is short itself).
    """
    short = staff.short()
    if not short:
        return True
    if sum(short.values()) > staff.actions_left():
        return False  # each step covers at most one missing card
    memo = {} if memo is None else memo
    key = staff.key()
    if key in memo:
        return memo[key]
    memo[key] = False
    for action in _candidates(staff, set(short)):
        nxt = train_step(staff, action)
        if isinstance(nxt, Staff) and resolvable(nxt, memo):
            memo[key] = True
            break
    return memo[key]


# -- Hire ------------------------------------------------------------------------------------


def hire_options(state: GameState, turn: WorkingTurn) -> list[Hire]:
    """Every legal hire: an entry-level type whose card is available, or whose pile is empty
    but the card can still be trained on this turn ("only the final card must be available")."""
    return list(iter_hire_options(state, turn))


def iter_hire_options(state: GameState, turn: WorkingTurn) -> Iterator[Hire]:
    """:func:`hire_options` one at a time (a step-skip check stops at the first)."""
    if turn.hires_left <= 0:
        return
    nothing_short = min(state.supply.values(), default=0) >= 0
    staff: Staff | None = None
    owned: Counter[EmployeeId] | None = None
    unavailable = _unavailable(state)
    for card in state.rules.entry_level:
        if card in unavailable:
            continue
        if card in state.rules.unique_entry:
            # An entry-level 1x card (Night Shift Manager, ketchup.md 0.2): one per player.
            owned = owned if owned is not None else owned_cards(state, turn.seat)
            if owned[card] > 0:
                continue
        if nothing_short and state.supply.get(card, 0) > 0:
            yield hire_of(card)  # no pile goes short: nothing to look ahead for
            continue
        staff = staff or Staff.of(state, turn)
        after = hired(staff, card)
        if after.short() and not resolvable(after):
            continue
        yield hire_of(card)


def apply_hire(state: GameState, turn: WorkingTurn, action: Hire, log: EventLog) -> None:
    p = state.players[turn.seat]
    state.supply[action.employee] = state.supply.get(action.employee, 0) - 1
    add_card(p.beach, action.employee)
    turn.hires_left -= 1
    turn.hires_made += 1
    log.add(
        _HIRED,
        seat=turn.seat,
        employee=action.employee,
        hires_left=turn.hires_left,
        pile=state.supply[action.employee],
    )
    if turn.hires_made >= 3:
        milestones.claim(state, turn.seat, HIRE_3, log)
    if state.rules.extensions.react and _RECRUITING_GIRL in p.at_work:
        # Hires are not told apart by the card that makes them: with a Recruiting Girl at work
        # any plain hire may be hers (New Milestones, ketchup.md 3).
        milestones.card_used(state, turn.seat, _RECRUITING_GIRL, log)


def end_hire(state: GameState, turn: WorkingTurn, log: EventLog) -> None:
    """Unused Recruiting Manager / HR Director actions become mandatory $5 Payday discounts;
    plain (CEO, Recruiting Girl) hires are used first."""
    p = state.players[turn.seat]
    p.hire_discounts = min(turn.discount_hires, turn.hires_left)
    if p.hire_discounts:
        log.add(_HIRE_DISCOUNTS, seat=turn.seat, discounts=p.hire_discounts)


def explain_hire(state: GameState, turn: WorkingTurn, action: Hire) -> str:
    card = action.employee
    spec = state.rules.catalog.employees.get(card)
    if spec is None:
        return _hire(Reason("hire.no_such_card", f"there is no employee type {card!r}",
                            card=card))
    if not spec.entry_level:
        return _hire(Reason("hire.not_entry_level",
                            f"only entry-level employees can be hired ({card} is not)",
                            card=card))
    if spec.unique and owned_cards(state, turn.seat)[card] > 0:
        return _hire(Reason("hire.unique_owned",
                            f"{card} is a 1x card and you already own one (ketchup.md 0.2)",
                            card=card))
    if turn.hires_left <= 0:
        return _hire(Reason(
            "hire.none_left",
            "you have no hire left this turn (CEO 1, Recruiting Girl 1, Recruiting "
            "Manager 2, HR Director 4)",
        ))
    return _hire(Reason(
        "hire.pile_empty",
        f"employee cards are limited: no {card} is left, and this turn's training can't turn it "
        "into an available card (only the final card must be available)",
        card=card,
    ))


# -- Train -----------------------------------------------------------------------------------


def train_options(state: GameState, turn: WorkingTurn) -> list[Train]:
    return list(iter_train_options(state, turn))


def iter_train_options(state: GameState, turn: WorkingTurn) -> Iterator[Train]:
    """:func:`train_options` one at a time (a step-skip check stops at the first)."""
    if all(t.left <= 0 for t in turn.trainers):
        return  # no Train action left: no candidate (see _candidates), no picture needed
    staff = Staff.of(state, turn)
    short = staff.short()
    for action in _candidates(staff, set(short) if short else None):
        nxt = train_step(staff, action)
        if isinstance(nxt, str):
            continue
        if nxt.short() and not resolvable(nxt):
            continue
        yield action


def apply_train(state: GameState, turn: WorkingTurn, action: Train, log: EventLog) -> None:
    staff = Staff.of(state, turn)
    nxt = train_step(staff, action)
    assert isinstance(nxt, Staff), nxt
    nxt.write_back(state, turn)
    log.add(
        _TRAINED,
        seat=turn.seat,
        trainer=action.trainer,
        employee=action.employee,
        into=action.into,
        fresh=action.fresh,
        short={card: n for card, n in nxt.short().items()},
    )
    milestones.claim(state, turn.seat, FIRST_TRAIN, log)
    milestones.card_used(state, turn.seat, action.trainer, log)
    if state.rules.extensions.react:
        notify(state, Trained(turn.seat, action.employee, action.into), log)


def train_blocker(state: GameState, turn: WorkingTurn) -> str | None:
    """Why the Train step may not end yet (a pile is short), or None."""
    if min(state.supply.values(), default=0) >= 0:
        return None  # nothing short (the usual case): no training picture needed
    short = Staff.of(state, turn).short()
    cards = ", ".join(f"{card} ({n})" for card, n in short.items())
    return _train(Reason(
        "train.short_at_end",
        f"employee cards are limited and only the final card must be available: you took "
        f"cards that are not in the supply ({cards}); train them on before ending the step",
        cards=list(short),
    ))


def explain_train(state: GameState, turn: WorkingTurn, action: Train) -> str:
    staff = Staff.of(state, turn)
    short = staff.short()
    employees = state.rules.catalog.employees
    if action.employee not in employees or action.into not in employees:
        return _train(Reason("train.unknown_card", f"unknown employee type in {action}",
                             action=str(action)))
    nxt = train_step(staff, action)
    if isinstance(nxt, str):
        return nxt
    if short and action.employee not in short:
        cards = ", ".join(short)
        return _train(Reason(
            "train.short_first",
            f"only the final card must be available: first train on the card(s) taken from an "
            f"empty pile ({cards})",
            cards=list(short),
        ))
    return _train(Reason(
        "train.pile_empty",
        f"employee cards are limited: no {action.into} is left, and the training left this "
        "turn can't turn it into an available card",
        card=action.into,
    ))
