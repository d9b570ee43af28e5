"""The bank: every payment between a player and the bank, and breaking the bank.

Every phase moves money to or from the bank through this module, so that money is conserved:

    bank + all players' cash == starting bank + ``state.reserve_added`` + ``state.box_paid``

at all times (:func:`conserved_total` is the left side minus the two additions).

Breaking the bank (excerpt 004 "Breaking the bank"; facts.md E.8; conventions.md default 3):

- By default the bank breaks when a payment makes it reach $0 (a payment it cannot make in full
  first empties it, which is reaching $0 too). With ``Options.bank_breaks_when_short`` it breaks
  only when it cannot pay a payment in full (ending at exactly $0 is then no break).
- First break: everyone's reserve card is revealed, their total is added to the bank
  (``state.reserve_added``), and every CEO's slot count becomes the slot number shown most often
  on them (100 -> 2, 200 -> 3, 300 -> 4; a tie goes to the highest number). The new count is in
  ``state.ceo_slots`` at once and so first matters at the next Restructuring. Whoever is still
  owed is paid from the refilled bank and Dinnertime goes on.
- Second break (first break in the introductory game, which has no reserve cards): no refill;
  everything still owed until the end of this Dinnertime comes from outside the bank (the box,
  or IOUs: ``state.box_paid``), and the game ends after Dinnertime (see :func:`game_ends`).

Only Dinnertime pays money out of the bank, so only Dinnertime can break it.

Money paid *to* the bank (salaries, a negative item price) is always taken in full: a player who
owes more than their cash goes below $0 (a debt, conventions.md #20 "it pays the bank"); the
phases that charge salaries never let that happen.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final, cast

from fcm.core.events import BankBroken, EventKind, EventLog
from fcm.core.state import GameState
from fcm.core.types import Seat

if TYPE_CHECKING:
    from fcm.core.ruleset import Ruleset

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_BANK_BROKEN: Final = EventKind.BANK_BROKEN
_PAID_FROM_BOX: Final = EventKind.PAID_FROM_BOX


def breaks_to_end(state: GameState) -> int:
    """How many bank breaks end the game: 1 in the introductory game, else 2."""
    return 1 if state.options.introductory else 2


def game_ends(state: GameState) -> bool:
    """Whether the final break has happened (the game ends after this Dinnertime)."""
    return state.bank_breaks >= breaks_to_end(state)


def conserved_total(state: GameState) -> int:
    """Bank plus every player's cash, less the money that entered the game later (reserve
    refill, box/IOUs). Constant for the whole game: it equals the starting bank when players
    start with $0."""
    cash = sum(p.cash for p in state.players)
    return state.bank + cash - state.reserve_added - state.box_paid


def pay_player(state: GameState, seat: Seat, amount: int, log: EventLog, *, reason: str) -> None:
    """The bank pays ``amount`` (>= 0) to ``seat``, breaking the bank as the rules say.

    After the final break the money comes from the box (``state.box_paid``); a ``paid_from_box``
    event records it.

    Raises:
        ValueError: for a negative amount (use :func:`pay_bank`).
    """
    if amount < 0:
        raise ValueError(f"the bank cannot pay a negative amount ({amount})")
    p = state.players[seat]
    owed = amount
    while owed > 0:
        if game_ends(state):
            p.cash += owed
            state.box_paid += owed
            log.add(_PAID_FROM_BOX, seat=seat, amount=owed, reason=reason)
            return
        if state.bank > owed or (state.bank == owed and state.options.bank_breaks_when_short):
            state.bank -= owed
            p.cash += owed
            return
        # The bank reaches $0 now (default), or cannot pay in full (either reading): it pays what
        # it has and breaks; the rest is paid after the break.
        part = state.bank
        state.bank = 0
        p.cash += part
        owed -= part
        break_bank(state, log, owed_seat=seat, still_owed=owed)


def pay_bank(state: GameState, seat: Seat, amount: int, log: EventLog, *, reason: str) -> None:
    """``seat`` pays ``amount`` (>= 0) to the bank, in full (cash may go below $0: see the
    module docstring).

    Raises:
        ValueError: for a negative amount (use :func:`pay_player`).
    """
    if amount < 0:
        raise ValueError(f"a player cannot pay the bank a negative amount ({amount})")
    state.players[seat].cash -= amount
    state.bank += amount


def remove(state: GameState, seat: Seat, amount: int, log: EventLog) -> int:
    """``amount`` leaves the bank for good, on ``seat``'s account (First discount manager used,
    ketchup.md 3); returns how much left. Reaching $0 breaks the bank as a payment does and
    the rest leaves the refilled bank; after the final break nothing is left to remove."""
    left = 0
    owed = amount
    while owed > 0 and not game_ends(state):
        part = min(owed, state.bank)
        state.bank -= part
        state.box_paid -= part  # out of the game: the conserved total shrinks with it
        left += part
        owed -= part
        if state.bank == 0 and not (owed == 0 and state.options.bank_breaks_when_short):
            break_bank(state, log, owed_seat=seat, still_owed=owed)
    return left


def transfer(state: GameState, seat: Seat, amount: int, log: EventLog, *, reason: str) -> None:
    """Positive ``amount``: the bank pays ``seat``; negative: ``seat`` pays the bank."""
    if amount >= 0:
        pay_player(state, seat, amount, log, reason=reason)
    else:
        pay_bank(state, seat, -amount, log, reason=reason)


def majority_slots(reserves: list[int], rules: Ruleset) -> int | None:
    """The CEO slot number shown most often on these reserve cards (by their money); a tie goes
    to the highest number. ``None`` when there are no cards. ``rules``: the game's."""
    slots_of = rules.reserve_slots
    counts: Counter[int] = Counter(slots_of[money] for money in reserves)
    if not counts:
        return None
    return max(counts, key=lambda slots: (counts[slots], slots))


def break_bank(state: GameState, log: EventLog, *, owed_seat: Seat, still_owed: int) -> None:
    """Break the bank once (see the module docstring); logs ``bank_broken``."""
    state.bank_breaks += 1
    number = state.bank_breaks
    final = game_ends(state)
    if final:
        log.add(
            _BANK_BROKEN,
            number=number,
            final=True,
            introductory=state.options.introductory,
            reserve_cards={},
            added=0,
            ceo_slots=state.ceo_slots,
            bank=state.bank,
            paying_seat=owed_seat,
            still_owed=still_owed,
        )
        return
    reserves = {p.seat: p.reserve for p in state.players if p.reserve is not None}
    added = sum(reserves.values())
    slots = majority_slots(list(reserves.values()), state.rules)
    change = None
    for fold in state.rules.extensions.first_break:
        change = fold(state, change)
    if change is not None:
        added, slots = change.added, change.ceo_slots
    state.bank += added
    state.reserve_added += added
    if slots is not None:
        state.ceo_slots = slots
    broken = BankBroken(
        number=number,
        final=False,
        introductory=False,
        reserve_cards={str(s): m for s, m in sorted(reserves.items())},
        added=added,
        ceo_slots=state.ceo_slots,
        bank=state.bank,
        paying_seat=owed_seat,
        still_owed=still_owed,
    )
    if change is not None and change.details:  # a module's fields (BreakChange.details)
        broken = cast(BankBroken, {**change.details, **broken})
    log.add(_BANK_BROKEN, **broken)
