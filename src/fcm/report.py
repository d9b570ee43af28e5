"""Readable text for a Dinnertime: which house ate where and why, and every payment.

Pure formatting of the events that :mod:`fcm.core.phases.dinnertime` and :mod:`fcm.core.bank`
log (``Event`` objects or their JSON form); events of other kinds are ignored, so a whole
``apply`` result can be passed in. The text is stable (tests compare it verbatim) and comes
from the message catalog of the language asked for (:mod:`fcm.i18n`, English by default).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from fcm.core.engine import ROUND_LIMIT_REASON
from fcm.core.events import Event, EventKind
from fcm.core.types import EmployeeId, MilestoneId
from fcm.i18n import DEFAULT_LOCALE, join, messages, money, signed, t
from fcm.texts import (
    campaign_goods,
    dinner_events,
    event_text,
    house_name,
    milestone_names,
    order_text,
    reason_text,
    render_sale_line,
    variant_text,
)

DINNER_MILESTONES: frozenset[str] = frozenset({
    MilestoneId.FIRST_LOWER_PRICES,
    MilestoneId.FIRST_20,
    MilestoneId.FIRST_100,
    MilestoneId.FIRST_BURGER_MARKETED,
    MilestoneId.FIRST_PIZZA_MARKETED,
    MilestoneId.FIRST_DRINK_MARKETED,
})
"""The milestones a Dinnertime report names (claimed in Dinnertime or paying there); the
modules' come with their texts (:func:`fcm.texts.milestone_names`)."""

Who = Callable[[int], str]


def name(lang: str, kind: str, ident: Any) -> str:
    """A card, milestone, good, phase... by its name in ``lang`` (``kind.id`` in the catalog);
    an id the catalog does not know reads as itself."""
    key = f"{kind}.{ident}"
    if key in messages(lang) or key in messages(DEFAULT_LOCALE):
        return t(key, lang)
    return str(ident)


def names(lang: str, kind: str, idents: Iterable[Any]) -> str:
    return join(lang, [name(lang, kind, i) for i in idents])


def _namer(seat_names: Mapping[int, str] | None, lang: str = DEFAULT_LOCALE) -> Who:
    """Seat -> chain name; players count from 1 at the table (seat 0 is "Player 1")."""

    def who(seat: int) -> str:
        if seat_names and seat in seat_names:
            return seat_names[seat]
        return t("seat.player", lang, n=seat + 1)

    return who


def _restaurant(lang: str, n: int) -> str:
    """A restaurant by its number as the board shows it (the engine counts from 0)."""
    return t("report.restaurant", lang, n=n + 1)


_HOUSE_REASON = re.compile(r"^house (\d+)$")
# the engine's end-of-game reasons (GameState.end_reason) -> their messages
END_REASONS = {
    "the bank broke (introductory game)": "reason.bank_broke_intro",
    "the bank broke for the second time": "reason.bank_broke_twice",
    ROUND_LIMIT_REASON: "reason.round_limit",
    "game over": "reason.game_over",
}


def reason(lang: str, why: Any, who: Who | None = None) -> str:
    """Why money moved or a milestone was claimed, as the engine logs it (a code, a milestone
    or card id, ``house N``, a module's reason: :func:`fcm.texts.reason_text`)."""
    text = str(why)
    if text in END_REASONS:
        return t(END_REASONS[text], lang)
    if (m := _HOUSE_REASON.match(text)) is not None:
        if (named := house_name(int(m.group(1)))) is not None:
            return t(named.name, lang)
        return t("reason.house", lang, n=int(m.group(1)))
    for kind in ("reason", "milestone", "card"):
        key = f"{kind}.{text}"
        if key in messages(DEFAULT_LOCALE):
            return t(key, lang)
    module = reason_text(text, who or _namer(None, lang), lang)
    return text if module is None else module


def _kind_data(event: Event | Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    if isinstance(event, Event):
        return event.kind, event.data
    return str(event["kind"]), event


def _seat_money(lang: str, d: Mapping[str, Any], who: Who, sign: bool = False) -> str:
    fmt = signed if sign else money
    return join(lang, [t("report.seat_amount", lang, seat=who(int(s)), amount=fmt(lang, n))
                       for s, n in d.items()])


def dinnertime_report(
    events: Iterable[Event | Mapping[str, Any]], names: Mapping[int, str] | None = None,
    lang: str = DEFAULT_LOCALE,
) -> str:
    """The Dinnertime events as text, one line per fact; ``names`` maps seats to chain names
    (default ``Player N``, counting from 1 as the table does); ``lang``: the language."""
    who = _namer(names, lang)
    claimed_here = DINNER_MILESTONES | set(milestone_names())
    module_events = dinner_events()  # a module's own Dinnertime events (fcm.texts)
    lines: list[str] = []
    for event in events:
        kind, d = _kind_data(event)
        if kind in module_events:
            if (text := event_text(kind, d, who, lang)) is not None:
                lines.append(text)
        elif kind == "dinnertime_started":
            lines.append(t("report.dinner.start", lang, round=d["round"],
                           bank=money(lang, d["bank"])))
        elif kind == "dinnertime_prices":
            lines.append(t("report.dinner.prices", lang,
                           prices=_seat_money(lang, d["prices"], who)))
        elif kind == "milestone_claimed" and d["milestone"] in claimed_here:
            lines.append(_claim(lang, d, who))
        elif kind == "dinnertime_no_demand":
            lines.append(t("report.dinner.no_demand", lang))
        elif kind == "house_stays_home":
            lines.append(t("report.dinner.stays_home", lang, house=_house_head(lang, d)))
            lines.extend(_chain_lines(lang, d, who))
        elif kind == "house_served":
            lines.append(t("report.dinner.house", lang, house=_house_head(lang, d)))
            if (bought := order_text(d, who, lang)) is not None:  # a module's order (fcm.texts)
                lines.append("  " + t("report.dinner.house_buys", lang, bought=bought))
            lines.extend(_chain_lines(lang, d, who))
            lines.append("  " + t("report.dinner.served", lang, winner=who(d["winner"]),
                                  restaurant=_restaurant(lang, d["restaurant"]),
                                  why=_decided(lang, d["decided_by"])))
            lines.append("  " + t("report.dinner.paid", lang, winner=who(d["winner"]),
                                  payment=_payment(lang, d, who)))
        elif kind == "waitress_income":
            lines.append(_waitress_line(lang, d, who))
        elif kind == "cfo_bonus":
            lines.append(t("report.dinner.cfo" if d["source"] == EmployeeId.CFO
                           else "report.dinner.cfo_first_100", lang, seat=who(d["seat"]),
                           earned=money(lang, d["earned"]), amount=signed(lang, d["amount"])))
        elif kind == "bank_broken":
            lines.append(_bank_line(lang, d, who))
        elif kind == "paid_from_box":
            lines.append("  " + _box_line(lang, d, who))
        elif kind == "dinnertime_earnings":
            earned = join(lang, [
                t("report.dinner.earned_one", lang, seat=who(int(s)), amount=signed(lang, n),
                  cash=money(lang, d["cash"][s]))
                for s, n in d["earned"].items()
            ])
            lines.append(t("report.dinner.earnings", lang, earned=earned,
                           bank=money(lang, d["bank"])))
            if d.get("game_ends"):
                lines.append(t("report.dinner.game_ends", lang))
    return "\n".join(lines) + ("\n" if lines else "")


def _claim(lang: str, d: Mapping[str, Any], who: Who) -> str:
    milestone = name(lang, "milestone", d["milestone"])
    if d.get("reason"):
        return t("report.claims_because", lang, seat=who(d["seat"]), milestone=milestone,
                 reason=reason(lang, d["reason"], who))
    return t("report.claims", lang, seat=who(d["seat"]), milestone=milestone)


def _waitress_line(lang: str, d: Mapping[str, Any], who: Who) -> str:
    return t("report.dinner.waitresses", lang, seat=who(d["seat"]), count=d["waitresses"],
             each=money(lang, d["each"]), amount=money(lang, d["amount"]))


def _box_line(lang: str, d: Mapping[str, Any], who: Who) -> str:
    return t("report.box", lang, seat=who(d["seat"]), amount=money(lang, d["amount"]),
             reason=reason(lang, d["reason"]))


def _house_head(lang: str, d: Mapping[str, Any]) -> str:
    if (named := house_name(d["house"])) is not None:  # a module's house, e.g. the rural area
        return t(named.wants, lang, demand=names(lang, "good", d["demand"]))
    return t("report.house_garden" if d["garden"] else "report.house", lang, n=d["house"],
             demand=names(lang, "good", d["demand"]))


_STARS = {0: "B", 1: "C", 2: "D"}


def _decided(lang: str, by: str) -> str:
    return t(f"decided.{by}", lang)


def _chain_lines(lang: str, d: Mapping[str, Any], who: Who) -> list[str]:
    out: list[str] = []
    tie_total = None
    if d.get("decided_by") in ("waitresses", "turn_order"):
        tie_total = next(c["total"] for c in d["chains"] if c["outcome"] == "winner")
    for c in d["chains"]:
        outcome = c["outcome"]
        seat = who(c["seat"])
        if outcome in ("no_open_restaurant", "not_connected"):
            out.append("  " + t("report.chain", lang, seat=seat,
                                text=t(f"outcome.{outcome}", lang)))
            continue
        if outcome == "missing_items":
            out.append("  " + t("report.chain", lang, seat=seat, text=t(
                "report.chain.missing", lang, items=names(lang, "good", c["missing"]))))
            continue
        adjust = c.get("adjust", 0)
        price, dist, total = money(lang, c["price"]), c["distance"], money(lang, c["total"])
        if adjust < 0:
            text = t("report.chain.total_minus", lang, price=price, distance=dist,
                     adjust=-adjust, total=total)
        elif adjust > 0:
            text = t("report.chain.total_plus", lang, price=price, distance=dist,
                     adjust=adjust, total=total)
        else:
            text = t("report.chain.total", lang, price=price, distance=dist, total=total)
        if c.get("ties") and tie_total is not None and c["total"] == tie_total:
            rank = _STARS.get(c["ties"][0])
            text += t("report.chain.star_rank", lang, rank=rank) if rank else t(
                "report.chain.star_none", lang)
        if tie_total is not None and c["total"] == tie_total:
            text += t("report.chain.waitresses", lang, count=c["waitresses"])
        if f"outcome.{outcome}" in messages(DEFAULT_LOCALE):
            text += t("report.chain.outcome", lang, outcome=t(f"outcome.{outcome}", lang))
        elif outcome == "winner":
            text += t("report.chain.wins", lang)
        out.append("  " + t("report.chain", lang, seat=seat, text=text))
    return out


def _payment(lang: str, d: Mapping[str, Any], who: Who) -> str:
    parts: list[str] = []
    for line in d["lines"]:
        if line["kind"] == "items":
            parts.append(t("report.pay.items", lang, n=line["count"],
                           price=money(lang, line["price"]), amount=money(lang, line["amount"])))
        elif line["kind"] == "garden":
            parts.append(t("report.pay.garden", lang, amount=signed(lang, line["amount"])))
        elif line["kind"] == "bonus":
            parts.append(t("report.pay.bonus", lang,
                           milestone=name(lang, "milestone", line["milestone"]),
                           n=line["count"], each=money(lang, 5),
                           amount=signed(lang, line["amount"])))
        elif (text := render_sale_line(line, who, lang)) is not None:  # a module's line
            parts.append(text)
    parts.append(t("report.pay.total", lang, amount=money(lang, d["amount"])))
    return t("report.pay.separator", lang).join(parts)


def _bank_line(lang: str, d: Mapping[str, Any], who: Who) -> str:
    key = {1: "report.bank.first", 2: "report.bank.second"}.get(d["number"], "report.bank.nth")
    text = t(key, lang, n=d["number"], seat=who(d["paying_seat"]))
    if d["still_owed"]:
        text += t("report.bank.still_owed", lang, amount=money(lang, d["still_owed"]))
    if not d["final"] and (module := variant_text("bank_broken", d, who, lang)) is not None:
        return text + t("report.bank.then", lang, text=module)
    if not d["final"]:
        cards = join(lang, [t("report.seat_amount", lang, seat=who(int(s)), amount=money(lang, m))
                            for s, m in d["reserve_cards"].items()])
        return text + t("report.bank.refill", lang, cards=cards, added=money(lang, d["added"]),
                        bank=money(lang, d["bank"]), slots=d["ceo_slots"])
    if d.get("introductory"):
        return text + t("report.bank.no_refill_intro", lang)
    return text + t("report.bank.no_refill", lang)


# -- one line per event (``fcm replay --log``) -----------------------------------------------


def _cells(cells: Iterable[Any]) -> str:
    return " ".join(f"{c[0]},{c[1]}" for c in cells)


def _cards(lang: str, ids: Iterable[Any]) -> str:
    return names(lang, "card", ids) or t("report.none", lang)


def _goods(lang: str, ids: Iterable[Any]) -> str:
    return names(lang, "good", ids) or t("report.none", lang)


_Line = Callable[[str, Mapping[str, Any], Who], str]


def _restaurant_placed(lang: str, d: Mapping[str, Any], w: Who) -> str:
    text = t("log.restaurant_placed", lang, seat=w(d["seat"]), cell=_cells([d["cell"]]),
             entrance=d["entrance"])
    if not d["open"]:
        text += t("log.coming_soon", lang)
    if d.get("drive_in"):
        text += t("log.with_drive_in", lang)
    return text + t("log.by", lang, by=name(lang, "card", d["by"]) if d["by"] != "setup"
                    else t("log.by_setup", lang))


def _structure(lang: str, d: Mapping[str, Any], w: Who) -> str:
    if d["overfull"]:
        return t("log.structure_overfull", lang, seat=w(d["seat"]), cards=_cards(lang, d["tried"]))
    return t("log.structure", lang, seat=w(d["seat"]), cards=_cards(lang, ["ceo", *d["at_work"]]),
             beach=_cards(lang, d["beach"]))


def _launched(lang: str, d: Mapping[str, Any], w: Who) -> str:
    goods = name(lang, "good", d["good"])
    for more in campaign_goods():  # a module's campaign that advertises more goods
        if more in d:
            goods = t("log.good_and", lang, first=goods, second=name(lang, "good", d[more]))
    length = t("log.eternal", lang) if d["eternal"] else t("log.rounds", lang, count=d["duration"])
    return t("log.campaign_launched", lang, seat=w(d["seat"]), number=d["number"],
             type=name(lang, "campaign", d["campaign_type"]), goods=goods, length=length)


def _salaries(lang: str, d: Mapping[str, Any], w: Who) -> str:
    text = t("log.salaries_paid", lang, seat=w(d["seat"]), amount=money(lang, d["amount"]),
             salaried=d["salaried"])
    if d.get("goods"):
        text += t("log.salaries_goods", lang, count=len(d["goods"]), goods=_goods(lang, d["goods"]))
    if d.get("waived"):
        text += t("log.salaries_waived", lang, amount=money(lang, d["waived"]))
    return text + t("log.end", lang)


def _campaign_ran(lang: str, d: Mapping[str, Any], w: Who) -> str:
    text = t("log.campaign_ran", lang, number=d["number"], owner=w(d["owner"]),
             type=name(lang, "campaign", d["type"]), good=name(lang, "good", d["good"]))
    if "passes" in d:
        text += t("log.marketing_pass", lang, n=d["marketing_pass"], of=d["passes"])
    placed = join(lang, [_placed_demand(lang, h["house"], h["placed"])
                         for h in d["houses"] if h["placed"]])
    return t("log.campaign_ran_result", lang, head=text,
             result=placed or t("log.no_demand_placed", lang))


def _placed_demand(lang: str, house: int, n: int) -> str:
    if (named := house_name(house)) is not None:
        return t(named.placed, lang, n=n)
    return t("log.house_placed_demand", lang, house=house, n=n)


def _game_over(lang: str, d: Mapping[str, Any], w: Who) -> str:
    ranking = join(lang, [
        t("log.rank", lang, n=i + 1, seat=w(s), cash=money(lang, d["cash"][str(s)]))
        for i, s in enumerate(d["ranking"])
    ])
    return t("log.game_over", lang, reason=reason(lang, d["reason"]), ranking=ranking)


def _served(lang: str, d: Mapping[str, Any], w: Who) -> str:
    text = t("log.house_served", lang, house=_house_head(lang, d), winner=w(d["winner"]),
             restaurant=_restaurant(lang, d["restaurant"]), why=_decided(lang, d["decided_by"]),
             payment=_payment(lang, d, w))
    if (bought := order_text(d, w, lang)) is not None:
        text += " " + t("report.dinner.house_buys", lang, bought=bought)
    return text


def _placed(lang: str, d: Mapping[str, Any], w: Who) -> str:
    if "edge" in d:
        return t("log.campaign_placed_edge", lang, seat=w(d["seat"]), number=d["number"],
                 edge=d["edge"], first=d["first"])
    return t("log.campaign_placed", lang, seat=w(d["seat"]), number=d["number"],
             cells=_cells(d["cells"]))


def _reserve_card(lang: str, d: Mapping[str, Any], w: Who) -> str:
    if "base_price" in d:
        return t("log.reserve_card_price", lang, seat=w(d["seat"]), money=money(lang, d["money"]),
                 price=money(lang, d["base_price"]))
    return t("log.reserve_card", lang, seat=w(d["seat"]), money=money(lang, d["money"]))


def _removed(lang: str, d: Mapping[str, Any], w: Who) -> str:
    milestone = name(lang, "milestone", d["milestone"])
    if "expired_after_round" in d:
        return t("log.milestone_expired", lang, milestone=milestone,
                 round=d["expired_after_round"])
    return t("log.milestone_removed", lang, milestone=milestone)


def _drinks(lang: str, d: Mapping[str, Any], w: Who) -> str:
    got = join(lang, [t("log.amount_of", lang, n=n, good=name(lang, "good", g))
                      for g, n in d["total"].items()])
    return t("log.drinks", lang, seat=w(d["seat"]), card=name(lang, "card", d["employee"]),
             goods=got or t("log.nothing", lang))


def _line(msg: str, **fields: str) -> _Line:
    """A line whose parameters are the event's fields (``seat``/``owner``: the chain's name;
    ``card``/``good``/``milestone``/``step``/``phase``: by name; ``money``: game dollars)."""

    def line(lang: str, d: Mapping[str, Any], w: Who) -> str:
        params: dict[str, Any] = {}
        for param, spec in fields.items():
            how, _, key = spec.partition(":")
            v = d[key or param]
            if how == "seat":
                params[param] = w(int(v))
            elif how == "money":
                params[param] = money(lang, int(v))
            elif how == "cards":
                params[param] = _cards(lang, v)
            elif how == "goods":
                params[param] = _goods(lang, v)
            elif how == "seats":
                params[param] = join(lang, [w(int(s)) for s in v])
            elif how == "restaurant":
                params[param] = _restaurant(lang, int(v))
            elif how == "restaurants":
                params[param] = join(lang, [_restaurant(lang, int(n)) for n in v])
            elif how == "cell":
                params[param] = _cells([v])
            elif how == "reason":
                params[param] = reason(lang, v)
            elif how == "count":
                params["count"] = int(v)
            elif how == "raw":
                params[param] = v
            else:  # a name kind: card, good, milestone, step, phase, campaign
                params[param] = name(lang, how, v)
        count = params.pop("count", None)
        return t(msg, lang, count=count, **params)

    return line


EVENT_LINES: dict[EventKind, _Line] = {
    EventKind.GAME_CREATED: _line("log.game_created", players="raw", order="seats:turn_order"),
    EventKind.SCENARIO_LOADED: _line("log.scenario_loaded", description="raw"),
    EventKind.ROUND_STARTED: _line("log.round_started", round="raw"),
    EventKind.PHASE_STARTED: _line("log.phase_started", phase="phase", round="raw"),
    EventKind.RESERVE_CHOSEN: _line("log.reserve_chosen", seat="seat"),
    EventKind.RESERVE_CARD: _reserve_card,
    EventKind.RESTAURANT_PLACED: _restaurant_placed,
    EventKind.RESTAURANT_PASSED: _line("log.restaurant_passed", seat="seat"),
    EventKind.RESTAURANT_MOVED: _line("log.restaurant_moved", seat="seat",
                                      restaurant="restaurant:number", source="cell:from_cell",
                                      cell="cell", entrance="raw"),
    EventKind.RESTAURANT_OPENED: _line("log.restaurant_opened", seat="seat",
                                       restaurant="restaurant"),
    EventKind.CARD_SENT_TO_WORK: _line("log.sent_to_work", seat="seat", card="card:employee"),
    EventKind.STRUCTURE_COMMITTED: _line("log.structure_committed", seat="seat"),
    EventKind.STRUCTURE_REVEALED: _structure,
    EventKind.ORDER_OF_BUSINESS: lambda lang, d, w: t(
        "log.open_slots", lang, slots=join(lang, [
            t("report.seat_amount", lang, seat=w(int(s)), amount=n)
            for s, n in d["open_slots"].items()])),
    EventKind.TURN_ORDER_CHOSEN: _line("log.turn_order_chosen", seat="seat", position="raw"),
    EventKind.TURN_ORDER: _line("log.turn_order", order="seats"),
    EventKind.TURN_STARTED: _line("log.turn_started", seat="seat", count="count:hires"),
    EventKind.HIRED: _line("log.hired", seat="seat", card="card:employee"),
    EventKind.HIRE_DISCOUNTS: _line("log.hire_discounts", seat="seat", count="count:discounts"),
    EventKind.TRAINED: _line("log.trained", seat="seat", card="card:employee", into="card",
                             trainer="card"),
    EventKind.DRIVE_INS: _line("log.drive_ins", seat="seat", restaurants="restaurants"),
    EventKind.CAMPAIGN_STARTED: _line("log.campaign_started", seat="seat", number="raw",
                                      type="campaign:campaign_type", card="card:marketeer"),
    EventKind.CAMPAIGN_PLACED: _placed,
    EventKind.CAMPAIGN_LAUNCHED: _launched,
    EventKind.COOKED: _line("log.cooked", seat="seat", card="card:employee", count="count:amount",
                            good="good"),
    EventKind.DRINKS_COLLECTED: _drinks,
    EventKind.HOUSE_PLACED: _line("log.house_placed", seat="seat", number="raw", cell="cell"),
    EventKind.GARDEN_ADDED: _line("log.garden_added", seat="seat", house="raw"),
    EventKind.STEP_ENDED: _line("log.step_ended", seat="seat", step="step", by="reason"),
    EventKind.STEP_SKIPPED: _line("log.step_skipped", seat="seat", step="step", by="reason"),
    EventKind.TURN_ENDED: _line("log.turn_ended", seat="seat"),
    EventKind.MILESTONE_CLAIMED: lambda lang, d, w: _claim(lang, d, w),
    EventKind.MILESTONE_GIFT: _line("log.milestone_gift", seat="seat", count="count",
                                    card="card:employee", milestone="milestone"),
    EventKind.MILESTONE_REMOVED: _removed,
    EventKind.DINNERTIME_STARTED: lambda lang, d, w: t(
        "report.dinner.start", lang, round=d["round"], bank=money(lang, d["bank"])),
    EventKind.DINNERTIME_PRICES: lambda lang, d, w: t(
        "report.dinner.prices", lang, prices=_seat_money(lang, d["prices"], w)),
    EventKind.DINNERTIME_NO_DEMAND: lambda lang, d, w: t("report.dinner.no_demand", lang),
    EventKind.HOUSE_SERVED: _served,
    EventKind.HOUSE_STAYS_HOME: lambda lang, d, w: t(
        "log.house_stays_home", lang, house=_house_head(lang, d)),
    EventKind.WAITRESS_INCOME: lambda lang, d, w: _waitress_line(lang, d, w),
    EventKind.CFO_BONUS: lambda lang, d, w: t(
        "log.cfo_bonus", lang, source=reason(lang, d["source"]), seat=w(d["seat"]),
        amount=signed(lang, d["amount"])),
    EventKind.DINNERTIME_EARNINGS: lambda lang, d, w: t(
        "log.earnings", lang, earned=_seat_money(lang, d["earned"], w, sign=True),
        bank=money(lang, d["bank"])),
    EventKind.BANK_BROKEN: lambda lang, d, w: _bank_line(lang, d, w),
    EventKind.PAID_FROM_BOX: lambda lang, d, w: _box_line(lang, d, w),
    EventKind.FIRE_CHOSEN: _line("log.fire_chosen", seat="seat", card="card:employee"),
    EventKind.FIRING_COMMITTED: _line("log.firing_committed", seat="seat"),
    EventKind.EMPLOYEES_FIRED: _line("log.fired", seat="seat", cards="cards:employees"),
    EventKind.CFO_FIRED_FIRST_100: _line("log.cfo_fired_first_100", seat="seat"),
    EventKind.CANNOT_PAY: _line("log.cannot_pay", seat="seat", due="money", cash="money"),
    EventKind.FIRED_TO_PAY: _line("log.fired_to_pay", seat="seat", card="card:employee",
                                  due="money"),
    EventKind.SALARIES_PAID: _salaries,
    EventKind.CAMPAIGN_RAN: _campaign_ran,
    EventKind.CAMPAIGN_PIECE_REMOVED: _line("log.campaign_piece_removed", number="raw",
                                            count="count:remaining"),
    EventKind.CAMPAIGN_ENDED: _line("log.campaign_ended", number="raw", owner="seat"),
    EventKind.GOODS_DISCARDED: _line("log.goods_discarded", seat="seat", goods="goods"),
    EventKind.FREEZER_KEPT: _line("log.freezer_kept", seat="seat", goods="goods"),
    EventKind.FREEZER_OVER_CAPACITY: _line("log.freezer_over_capacity", seat="seat",
                                           count="count:items", capacity="raw"),
    EventKind.GOOD_THROWN_AWAY: _line("log.good_thrown_away", seat="seat", good="good"),
    EventKind.CARDS_TO_HAND: _line("log.cards_to_hand", seat="seat", cards="cards:employees"),
    EventKind.DRIVE_IN_REMOVED: _line("log.drive_in_removed", seat="seat",
                                      restaurant="restaurant"),
    EventKind.GAME_OVER: _game_over,
}
"""A readable line for every kind (tests check that none is missing)."""


def event_line(event: Event | Mapping[str, Any], names: Mapping[int, str] | None = None,
               lang: str = DEFAULT_LOCALE) -> str:
    """One readable line for any event (``fcm replay --log``), in ``lang``."""
    who = _namer(names, lang)
    kind, d = _kind_data(event)
    line = EVENT_LINES.get(EventKind(kind)) if kind in EventKind._value2member_map_ else None
    if line is not None:
        return line(lang, d, who)
    text = event_text(kind, d, who, lang)  # a module's kind: its template
    return text if text is not None else f"{kind}: {d}"
