"""Readable text for a Dinnertime: which house ate where and why, and every payment.

Pure formatting of the events that :mod:`fcm.core.phases.dinnertime` and :mod:`fcm.core.bank`
log (``Event`` objects or their JSON form); events of other kinds are ignored, so a whole
``apply`` result can be passed in. The text is stable (tests compare it verbatim).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fcm.core.events import Event, EventKind
from fcm.core.types import EmployeeId, MilestoneId
from fcm.texts import (
    decided,
    event_text,
    milestone_names,
    order_text,
    outcomes,
    render,
    sale_lines,
    variant,
)

MILESTONE_NAMES: dict[str, str] = {
    MilestoneId.FIRST_LOWER_PRICES: "First to lower prices",
    MilestoneId.FIRST_20: "First to have $20",
    MilestoneId.FIRST_100: "First to have $100",
    MilestoneId.FIRST_BURGER_MARKETED: "First burger marketed",
    MilestoneId.FIRST_PIZZA_MARKETED: "First pizza marketed",
    MilestoneId.FIRST_DRINK_MARKETED: "First drink marketed",
}
"""The milestones a Dinnertime report names (claimed in Dinnertime or paying there); the
modules' come with their texts (:func:`fcm.texts.milestone_names`)."""


def _milestone_names() -> dict[str, str]:
    return {**MILESTONE_NAMES, **milestone_names()}

_OUTCOMES: dict[str, str] = {
    "no_open_restaurant": "no open restaurant",
    "not_connected": "not connected by road",
    "higher_total": "higher price + distance",
    "tie_lost_waitresses": "tie lost on Waitresses",
    "tie_lost_turn_order": "tie lost on turn order",
}

_DECIDED: dict[str, str] = {
    "only_candidate": "the only chain that can serve",
    "lowest_total": "lowest price + distance",
    "waitresses": "tie broken by more Waitresses",
    "turn_order": "tie broken by turn order",
}
# (the modules' outcomes and deciders come with their texts: fcm.texts)


def _outcomes() -> dict[str, str]:
    return {**_OUTCOMES, **outcomes()}


def _decided(by: str) -> str:
    return {**_DECIDED, **decided()}[by]


def _money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def _signed(n: int) -> str:
    return f"-${-n}" if n < 0 else f"+${n}"


def _namer(names: Mapping[int, str] | None) -> Any:
    """Seat -> chain name; players count from 1 at the table (seat 0 is "Player 1")."""

    def who(seat: int) -> str:
        return names[seat] if names and seat in names else f"Player {seat + 1}"

    return who


def _restaurant(n: int) -> str:
    """A restaurant by its number as the board shows it (the engine counts from 0)."""
    return f"restaurant #{n + 1}"


def _kind_data(event: Event | Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    if isinstance(event, Event):
        return event.kind, event.data
    return str(event["kind"]), event


def dinnertime_report(
    events: Iterable[Event | Mapping[str, Any]], names: Mapping[int, str] | None = None
) -> str:
    """The Dinnertime events as text, one line per fact; ``names`` maps seats to chain names
    (default ``Player N``, counting from 1 as the table does)."""
    who = _namer(names)

    lines: list[str] = []
    names_of = _milestone_names()
    for event in events:
        kind, d = _kind_data(event)
        if kind == "dinnertime_started":
            lines.append(f"Dinnertime, round {d['round']} (bank {_money(d['bank'])}).")
        elif kind == "dinnertime_prices":
            prices = ", ".join(f"{who(int(s))} {_money(p)}" for s, p in d["prices"].items())
            lines.append(f"Item prices: {prices}.")
        elif kind == "milestone_claimed" and d["milestone"] in names_of:
            reason = f" ({d['reason']})" if d.get("reason") else ""
            lines.append(f"{who(d['seat'])} claims {names_of[d['milestone']]}{reason}.")
        elif kind == "dinnertime_no_demand":
            lines.append("No house has demand: nobody eats out.")
        elif kind == "house_stays_home":
            lines.append(_house_head(d) + ": stays home (no chain can serve it).")
            lines.extend(_chain_lines(d, who))
        elif kind == "house_served":
            lines.append(_house_head(d) + ":")
            if (bought := order_text(d, who)) is not None:  # a module's order (fcm.texts)
                lines.append(f"  The house {bought}.")
            lines.extend(_chain_lines(d, who))
            lines.append(
                f"  -> {who(d['winner'])} serves it from {_restaurant(d['restaurant'])} "
                f"({_decided(d['decided_by'])})."
            )
            lines.append(f"  {who(d['winner'])} is paid: " + _payment(d, who) + ".")
        elif kind == "waitress_income":
            lines.append(
                f"Waitresses: {who(d['seat'])} {d['waitresses']} x ${d['each']} = "
                f"{_money(d['amount'])}."
            )
        elif kind == "cfo_bonus":
            source = "CFO" if d["source"] == EmployeeId.CFO else "CFO (First to have $100)"
            lines.append(
                f"{source}: {who(d['seat'])} 50% of {_money(d['earned'])} earned, rounded up = "
                f"{_signed(d['amount'])}."
            )
        elif kind == "bank_broken":
            lines.append(_bank_line(d, who))
        elif kind == "paid_from_box":
            lines.append(
                f"  {who(d['seat'])} takes {_money(d['amount'])} from the box ({d['reason']})."
            )
        elif kind == "dinnertime_earnings":
            earned = ", ".join(
                f"{who(int(s))} {_signed(n)} (cash {_money(d['cash'][s])})"
                for s, n in d["earned"].items()
            )
            lines.append(f"Dinnertime earnings: {earned}. Bank {_money(d['bank'])}.")
            if d.get("game_ends"):
                lines.append("The game ends after this Dinnertime.")
    return "\n".join(lines) + ("\n" if lines else "")


def _house_head(d: Mapping[str, Any]) -> str:
    garden = " (garden)" if d["garden"] else ""
    return f"House {d['house']}{garden} wants {', '.join(d['demand'])}"


_STARS = {0: "B", 1: "C", 2: "D"}


def _waitresses(n: int) -> str:
    return f"{n} Waitress" if n == 1 else f"{n} Waitresses"


def _chain_lines(d: Mapping[str, Any], who: Any) -> list[str]:
    out: list[str] = []
    tie_total = None
    if d.get("decided_by") in ("waitresses", "turn_order"):
        tie_total = next(c["total"] for c in d["chains"] if c["outcome"] == "winner")
    for c in d["chains"]:
        outcome = c["outcome"]
        head = f"  {who(c['seat'])}: "
        if outcome in ("no_open_restaurant", "not_connected"):
            out.append(head + _OUTCOMES[outcome])
            continue
        if outcome == "missing_items":
            out.append(head + "missing " + ", ".join(c["missing"]))
            continue
        adjust = c.get("adjust", 0)
        text = (
            f"price {_money(c['price'])} + distance {c['distance']}"
            + (f" {'-' if adjust < 0 else '+'} {abs(adjust)} (milestones)" if adjust else "")
            + f" = {_money(c['total'])}"
        )
        if c.get("ties") and tie_total is not None and c["total"] == tie_total:
            text += f", star rank {_STARS.get(c['ties'][0], 'none')}"
        if tie_total is not None and c["total"] == tie_total:
            text += f", {_waitresses(c['waitresses'])}"
        if outcome in (named := _outcomes()):
            text += f" -- {named[outcome]}"
        elif outcome == "winner":
            text += " -- wins"
        out.append(head + text)
    return out


def _payment(d: Mapping[str, Any], who: Any) -> str:
    parts: list[str] = []
    for line in d["lines"]:
        if line["kind"] == "items":
            parts.append(
                f"{line['count']} x {_money(line['price'])} = {_money(line['amount'])}"
            )
        elif line["kind"] == "garden":
            parts.append(f"garden doubles {_signed(line['amount'])}")
        elif line["kind"] == "bonus":
            name = _milestone_names().get(line["milestone"], line["milestone"])
            parts.append(f"{name} {line['count']} x $5 = {_signed(line['amount'])}")
        elif (template := sale_lines().get(line["kind"])) is not None:  # a module's line
            parts.append(render(template, line, who))
    return "; ".join(parts) + f"; total {_money(d['amount'])}"


def _bank_line(d: Mapping[str, Any], who: Any) -> str:
    ordinal = {1: "first", 2: "second"}.get(d["number"], f"#{d['number']}")
    text = f"The bank breaks ({ordinal} time) while paying {who(d['paying_seat'])}"
    if d["still_owed"]:
        text += f", {_money(d['still_owed'])} still owed"
    if not d["final"] and (template := variant("bank_broken", d)) is not None:  # a module's
        return text + ". " + render(template, d, who)
    if not d["final"]:
        cards = ", ".join(f"{who(int(s))} ${m}" for s, m in d["reserve_cards"].items())
        return (
            text + f". Reserve cards: {cards}; the bank gets {_money(d['added'])} "
            f"(now {_money(d['bank'])}); CEO slots become {d['ceo_slots']}."
        )
    if d.get("introductory"):
        return text + ". Introductory game: no refill, the rest is paid from the box."
    return text + ". No refill: the rest is paid from the box."


# -- one line per event (``fcm replay --log``) -----------------------------------------------


def _cells(cells: Iterable[Any]) -> str:
    return " ".join(f"{c[0]},{c[1]}" for c in cells)


def _seat_money(d: Mapping[str, Any], who: Any) -> str:
    return ", ".join(f"{who(int(s))} {_money(n)}" for s, n in d.items())


def _cards(ids: Iterable[Any]) -> str:
    return ", ".join(str(c) for c in ids) or "none"


_Line = Any  # Callable[[Mapping[str, Any], Callable[[int], str]], str]

EVENT_LINES: dict[EventKind, _Line] = {
    EventKind.GAME_CREATED: lambda d, w: (
        f"Game created: {d['players']} players, turn order "
        f"{', '.join(w(s) for s in d['turn_order'])}."
    ),
    EventKind.SCENARIO_LOADED: lambda d, w: f"Started from a scenario: {d['description']}.",
    EventKind.ROUND_STARTED: lambda d, w: f"=== Round {d['round']} ===",
    EventKind.PHASE_STARTED: lambda d, w: f"-- {d['phase']} (round {d['round']}) --",
    EventKind.RESERVE_CHOSEN: lambda d, w: f"{w(d['seat'])} chose a reserve card.",
    EventKind.RESERVE_CARD: lambda d, w: (
        f"{w(d['seat'])}'s reserve card: {_money(d['money'])}"
        + (f", base price {_money(d['base_price'])}." if "base_price" in d else ".")
    ),
    EventKind.RESTAURANT_PLACED: lambda d, w: (
        f"{w(d['seat'])} placed a restaurant at {_cells([d['cell']])} entrance {d['entrance']}"
        f"{'' if d['open'] else ' (Coming Soon)'}{' with a drive-in' if d.get('drive_in') else ''}"
        f" ({d['by']})."
    ),
    EventKind.RESTAURANT_PASSED: lambda d, w: f"{w(d['seat'])} passed.",
    EventKind.RESTAURANT_MOVED: lambda d, w: (
        f"{w(d['seat'])} moved {_restaurant(d['number'])} from {_cells([d['from_cell']])} to "
        f"{_cells([d['cell']])} entrance {d['entrance']}."
    ),
    EventKind.RESTAURANT_OPENED: lambda d, w: (
        f"{w(d['seat'])}'s {_restaurant(d['restaurant'])} opens."
    ),
    EventKind.CARD_SENT_TO_WORK: lambda d, w: f"{w(d['seat'])} sends {d['employee']} to work.",
    EventKind.STRUCTURE_COMMITTED: lambda d, w: f"{w(d['seat'])} committed a structure.",
    EventKind.STRUCTURE_REVEALED: lambda d, w: (
        f"{w(d['seat'])}: overfull structure ({_cards(d['tried'])}), only the CEO works."
        if d["overfull"]
        else f"{w(d['seat'])} at work: {_cards(['CEO', *d['at_work']])}; "
        f"beach {_cards(d['beach'])}."
    ),
    EventKind.ORDER_OF_BUSINESS: lambda d, w: (
        f"Open slots: {', '.join(f'{w(int(s))} {n}' for s, n in d['open_slots'].items())}."
    ),
    EventKind.TURN_ORDER_CHOSEN: lambda d, w: f"{w(d['seat'])} takes turn order {d['position']}.",
    EventKind.TURN_ORDER: lambda d, w: f"Turn order: {', '.join(w(s) for s in d['order'])}.",
    EventKind.TURN_STARTED: lambda d, w: f"{w(d['seat'])}'s turn: {d['hires']} hire(s).",
    EventKind.HIRED: lambda d, w: f"{w(d['seat'])} hires {d['employee']}.",
    EventKind.HIRE_DISCOUNTS: lambda d, w: (
        f"{w(d['seat'])}: {d['discounts']} unused recruiting action(s) = $5 off salaries each."
    ),
    EventKind.TRAINED: lambda d, w: (
        f"{w(d['seat'])} trains {d['employee']} into {d['into']} (by {d['trainer']})."
    ),
    EventKind.DRIVE_INS: lambda d, w: (
        f"{w(d['seat'])} opens drive-ins at "
        f"{', '.join(_restaurant(n) for n in d['restaurants'])}."
    ),
    EventKind.CAMPAIGN_STARTED: lambda d, w: (
        f"{w(d['seat'])} starts campaign #{d['number']} ({d['campaign_type']}) "
        f"with {d['marketeer']}."
    ),
    EventKind.CAMPAIGN_PLACED: lambda d, w: (
        f"{w(d['seat'])} places campaign #{d['number']} "
        + (
            f"along {d['edge']} from {d['first']}."
            if "edge" in d
            else f"at {_cells(d['cells'])}."
        )
    ),
    EventKind.CAMPAIGN_LAUNCHED: lambda d, w: (
        f"{w(d['seat'])} launches campaign #{d['number']} ({d['campaign_type']}) for "
        f"{d['good']}{' and ' + d['second_good'] if 'second_good' in d else ''}, "
        f"{'eternal' if d['eternal'] else str(d['duration']) + ' round(s)'}."
    ),
    EventKind.COOKED: lambda d, w: (
        f"{w(d['seat'])}: {d['employee']} makes {d['amount']} {d['good']}."
    ),
    EventKind.DRINKS_COLLECTED: lambda d, w: (
        f"{w(d['seat'])}: {d['employee']} collects "
        f"{', '.join(f'{n} {g}' for g, n in d['total'].items()) or 'nothing'}."
    ),
    EventKind.HOUSE_PLACED: lambda d, w: (
        f"{w(d['seat'])} places house {d['number']} at {_cells([d['cell']])} with a garden."
    ),
    EventKind.GARDEN_ADDED: lambda d, w: f"{w(d['seat'])} adds a garden to house {d['house']}.",
    EventKind.STEP_ENDED: lambda d, w: f"{w(d['seat'])} ends step {d['step']} ({d['by']}).",
    EventKind.STEP_SKIPPED: lambda d, w: f"{w(d['seat'])} skips step {d['step']} ({d['by']}).",
    EventKind.TURN_ENDED: lambda d, w: f"{w(d['seat'])}'s turn ends.",
    EventKind.MILESTONE_CLAIMED: lambda d, w: (
        f"{w(d['seat'])} claims {d['milestone']}"
        + (f" ({d['reason']})." if d.get("reason") else ".")
    ),
    EventKind.MILESTONE_GIFT: lambda d, w: (
        f"{w(d['seat'])} receives {d['count']} {d['employee']} ({d['milestone']})."
    ),
    EventKind.MILESTONE_REMOVED: lambda d, w: (
        f"Milestone {d['milestone']} is no longer available"
        + (
            f" (unclaimed after round {d['expired_after_round']})."
            if "expired_after_round" in d
            else "."
        )
    ),
    EventKind.DINNERTIME_STARTED: lambda d, w: (
        f"Dinnertime, round {d['round']} (bank {_money(d['bank'])})."
    ),
    EventKind.DINNERTIME_PRICES: lambda d, w: f"Item prices: {_seat_money(d['prices'], w)}.",
    EventKind.DINNERTIME_NO_DEMAND: lambda d, w: "No house has demand: nobody eats out.",
    EventKind.HOUSE_SERVED: lambda d, w: (
        f"{_house_head(d)}: {w(d['winner'])} serves it from {_restaurant(d['restaurant'])} "
        f"({_decided(d['decided_by'])}); {_payment(d, w)}."
        + (f" The house {bought}." if (bought := order_text(d, w)) is not None else "")
    ),
    EventKind.HOUSE_STAYS_HOME: lambda d, w: f"{_house_head(d)}: stays home.",
    EventKind.WAITRESS_INCOME: lambda d, w: (
        f"Waitresses: {w(d['seat'])} {d['waitresses']} x ${d['each']} = {_money(d['amount'])}."
    ),
    EventKind.CFO_BONUS: lambda d, w: (
        f"CFO bonus ({d['source']}): {w(d['seat'])} {_signed(d['amount'])}."
    ),
    EventKind.DINNERTIME_EARNINGS: lambda d, w: (
        f"Dinnertime earnings: {_seat_money(d['earned'], w)}. Bank {_money(d['bank'])}."
    ),
    EventKind.BANK_BROKEN: lambda d, w: _bank_line(d, w),
    EventKind.PAID_FROM_BOX: lambda d, w: (
        f"{w(d['seat'])} takes {_money(d['amount'])} from the box ({d['reason']})."
    ),
    EventKind.FIRE_CHOSEN: lambda d, w: f"{w(d['seat'])} marks {d['employee']} to be fired.",
    EventKind.FIRING_COMMITTED: lambda d, w: f"{w(d['seat'])} committed the firing.",
    EventKind.EMPLOYEES_FIRED: lambda d, w: f"{w(d['seat'])} fires {_cards(d['employees'])}.",
    EventKind.CFO_FIRED_FIRST_100: lambda d, w: (
        f"{w(d['seat'])} fires the CFO (First to have $100)."
    ),
    EventKind.CANNOT_PAY: lambda d, w: (
        f"{w(d['seat'])} cannot pay {_money(d['due'])} in salaries with {_money(d['cash'])}."
    ),
    EventKind.FIRED_TO_PAY: lambda d, w: (
        f"{w(d['seat'])} fires {d['employee']} to pay salaries ({_money(d['due'])} due)."
    ),
    EventKind.SALARIES_PAID: lambda d, w: (
        f"{w(d['seat'])} pays {_money(d['amount'])} in salaries ({d['salaried']} salaried)"
        + (f", {len(d['goods'])} in goods ({', '.join(d['goods'])})" if d.get("goods") else "")
        + (f", {_money(d['waived'])} left unpaid" if d.get("waived") else "")
        + "."
    ),
    EventKind.CAMPAIGN_RAN: lambda d, w: (
        f"Campaign #{d['number']} ({w(d['owner'])}, {d['type']}, {d['good']})"
        + (f", Marketing pass {d['marketing_pass']} of {d['passes']}" if "passes" in d else "")
        + ": "
        + (
            ", ".join(f"house {h['house']} +{h['placed']}" for h in d["houses"] if h["placed"])
            or "no demand placed"
        )
        + "."
    ),
    EventKind.CAMPAIGN_PIECE_REMOVED: lambda d, w: (
        f"Campaign #{d['number']}: {d['remaining']} round(s) left."
    ),
    EventKind.CAMPAIGN_ENDED: lambda d, w: f"Campaign #{d['number']} ({w(d['owner'])}) ends.",
    EventKind.GOODS_DISCARDED: lambda d, w: f"{w(d['seat'])} discards {_cards(d['goods'])}.",
    EventKind.FREEZER_KEPT: lambda d, w: f"{w(d['seat'])} keeps {_cards(d['goods'])} (freezer).",
    EventKind.FREEZER_OVER_CAPACITY: lambda d, w: (
        f"{w(d['seat'])} has {d['items']} items for a freezer of {d['capacity']}."
    ),
    EventKind.GOOD_THROWN_AWAY: lambda d, w: f"{w(d['seat'])} throws away {d['good']}.",
    EventKind.CARDS_TO_HAND: lambda d, w: f"{w(d['seat'])} takes {_cards(d['employees'])} to hand.",
    EventKind.DRIVE_IN_REMOVED: lambda d, w: (
        f"{w(d['seat'])}'s {_restaurant(d['restaurant'])} loses its drive-in."
    ),
    EventKind.GAME_OVER: lambda d, w: (
        f"Game over: {d['reason']}. Ranking: "
        + ", ".join(
            f"{i + 1}. {w(s)} {_money(d['cash'][str(s)])}" for i, s in enumerate(d["ranking"])
        )
        + "."
    ),
}
"""A readable line for every kind (tests check that none is missing)."""


def event_line(event: Event | Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """One readable line for any event (``fcm replay --log``)."""
    who = _namer(names)

    kind, d = _kind_data(event)
    line = EVENT_LINES.get(EventKind(kind)) if kind in EventKind._value2member_map_ else None
    if line is not None:
        return str(line(d, who))
    text = event_text(kind, d, who)  # a module's kind: its template
    return text if text is not None else f"{kind}: {d}"
