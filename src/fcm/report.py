"""Readable text for a Dinnertime: which house ate where and why, and every payment.

Pure formatting of the events that :mod:`fcm.core.phases.dinnertime` and :mod:`fcm.core.bank`
log (``Event`` objects or their JSON form); events of other kinds are ignored, so a whole
``apply`` result can be passed in. The text is stable (tests compare it verbatim).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fcm.core.events import Event
from fcm.core.types import EmployeeId, MilestoneId

MILESTONE_NAMES: dict[str, str] = {
    MilestoneId.FIRST_LOWER_PRICES: "First to lower prices",
    MilestoneId.FIRST_20: "First to have $20",
    MilestoneId.FIRST_100: "First to have $100",
    MilestoneId.FIRST_BURGER_MARKETED: "First burger marketed",
    MilestoneId.FIRST_PIZZA_MARKETED: "First pizza marketed",
    MilestoneId.FIRST_DRINK_MARKETED: "First drink marketed",
}

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


def _money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def _signed(n: int) -> str:
    return f"-${-n}" if n < 0 else f"+${n}"


def _kind_data(event: Event | Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    if isinstance(event, Event):
        return event.kind, event.data
    return str(event["kind"]), event


def dinnertime_report(
    events: Iterable[Event | Mapping[str, Any]], names: Mapping[int, str] | None = None
) -> str:
    """The Dinnertime events as text, one line per fact; ``names`` maps seats to chain names
    (default ``seat N``)."""

    def who(seat: int) -> str:
        return names[seat] if names and seat in names else f"seat {seat}"

    lines: list[str] = []
    for event in events:
        kind, d = _kind_data(event)
        if kind == "dinnertime_started":
            lines.append(f"Dinnertime, round {d['round']} (bank {_money(d['bank'])}).")
        elif kind == "dinnertime_prices":
            prices = ", ".join(f"{who(int(s))} {_money(p)}" for s, p in d["prices"].items())
            lines.append(f"Item prices: {prices}.")
        elif kind == "milestone_claimed" and d["milestone"] in MILESTONE_NAMES:
            lines.append(f"{who(d['seat'])} claims {MILESTONE_NAMES[d['milestone']]}.")
        elif kind == "dinnertime_no_demand":
            lines.append("No house has demand: nobody eats out.")
        elif kind == "house_stays_home":
            lines.append(_house_head(d) + ": stays home (no chain can serve it).")
            lines.extend(_chain_lines(d, who))
        elif kind == "house_served":
            lines.append(_house_head(d) + ":")
            lines.extend(_chain_lines(d, who))
            lines.append(
                f"  -> {who(d['winner'])} serves it from restaurant {d['restaurant']} "
                f"({_DECIDED[d['decided_by']]})."
            )
            lines.append(f"  {who(d['winner'])} is paid: " + _payment(d) + ".")
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
        text = (
            f"price {_money(c['price'])} + distance {c['distance']} = {_money(c['total'])}"
        )
        if tie_total is not None and c["total"] == tie_total:
            text += f", {_waitresses(c['waitresses'])}"
        if outcome in _OUTCOMES:
            text += f" -- {_OUTCOMES[outcome]}"
        elif outcome == "winner":
            text += " -- wins"
        out.append(head + text)
    return out


def _payment(d: Mapping[str, Any]) -> str:
    parts: list[str] = []
    for line in d["lines"]:
        if line["kind"] == "items":
            parts.append(
                f"{line['count']} x {_money(line['price'])} = {_money(line['amount'])}"
            )
        elif line["kind"] == "garden":
            parts.append(f"garden doubles {_signed(line['amount'])}")
        elif line["kind"] == "bonus":
            name = MILESTONE_NAMES.get(line["milestone"], line["milestone"])
            parts.append(f"{name} {line['count']} x $5 = {_signed(line['amount'])}")
    return "; ".join(parts) + f"; total {_money(d['amount'])}"


def _bank_line(d: Mapping[str, Any], who: Any) -> str:
    ordinal = {1: "first", 2: "second"}.get(d["number"], f"#{d['number']}")
    text = f"The bank breaks ({ordinal} time) while paying {who(d['paying_seat'])}"
    if d["still_owed"]:
        text += f", {_money(d['still_owed'])} still owed"
    if not d["final"]:
        cards = ", ".join(f"{who(int(s))} ${m}" for s, m in d["reserve_cards"].items())
        return (
            text + f". Reserve cards: {cards}; the bank gets {_money(d['added'])} "
            f"(now {_money(d['bank'])}); CEO slots become {d['ceo_slots']}."
        )
    if d.get("introductory"):
        return text + ". Introductory game: no refill, the rest is paid from the box."
    return text + ". No refill: the rest is paid from the box."
