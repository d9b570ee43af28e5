"""What the browser draws and cannot work out without the rules, derived from the engine.

Pure functions over a *view* (:func:`fcm.view`): they never see hidden information and never
decide legality; every fact comes from the engine's own queries (``fcm.core.company``, the board
geometry, the Dinnertime and Marketing resolvers) so the UI holds no second copy of any rule.

- :func:`static_info`: the board picture (squares, tiles, roads and their links, bridges,
  suppliers) and the card/milestone/campaign catalog. Fixed for a game.
- :func:`present`: the position as the UI draws it: pieces, each chain's org chart (one legal
  seating, :func:`fcm.core.company.seat_structure`), item price, open slots and salary; per
  house and per chain the price + distance (or why that chain cannot serve it); the viewer's
  secret draft with the overfill verdict; and the viewer's legal actions annotated with what
  each would occupy, reach or cost.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from fcm.core.actions import (
    Action,
    AddGarden,
    ChooseAdvert,
    ChooseReserve,
    ChooseTurnOrder,
    Cook,
    Done,
    Fire,
    GetDrinks,
    Hire,
    MoveRestaurant,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    SendToWork,
    StartCampaign,
    ThrowAway,
    Train,
    module_action,
)
from fcm.core.company import (
    BASE_SALARY,
    board_of,
    ceo_slots_of,
    house_capacity,
    open_slots,
    restaurant_cells,
    salary_due,
    salary_each,
    seat_structure,
    structure_fits,
    unit_price,
    waived_marketeers,
)
from fcm.core.engine import apply, current_actors
from fcm.core.errors import FcmError, Reason
from fcm.core.events import EventKind
from fcm.core.extensions import advertised
from fcm.core.geometry import HOLE, campaign_cells, restaurant_entrances
from fcm.core.phases import dinnertime as _dinnertime
from fcm.core.phases import payday as _payday
from fcm.core.phases.marketing import houses_reached
from fcm.core.phases.setup_phase import reserve_choices
from fcm.core.phases.working import campaigns as _campaigns_step
from fcm.core.phases.working.common import STEP_TITLES
from fcm.core.phases.working.goods import drink_route
from fcm.core.ruleset import Ruleset
from fcm.core.state import Campaign, GameState, Phase, Piece
from fcm.core.types import CampaignType, Cell, EmployeeId, Good, MilestoneId, Seat
from fcm.i18n import DEFAULT_LOCALE, join, messages, money, t
from fcm.payloads import (
    ActionJson,
    ActionOut,
    BoardPicture,
    BusyMarketeer,
    CampaignInfo,
    CampaignLook,
    CampaignOut,
    Catalog,
    ChainOut,
    Draft,
    DraftCampaign,
    EmployeeInfo,
    HouseChain,
    HouseOut,
    MilestoneInfo,
    PieceOut,
    Presentation,
    ReserveCard,
    RestaurantOut,
    RoadNode,
    StaticInfo,
    StructureEntry,
    TilePlacement,
)
from fcm.report import END_REASONS
from fcm.report import name as _named
from fcm.report import reason as _end_reason
from fcm.rulesets import base_ruleset
from fcm.texts import browser_texts, campaign_kinds, glossary

__all__ = [
    "PHASE_NAMES",
    "action_key",
    "board_picture",
    "catalog_info",
    "explain_error",
    "present",
    "seat_name",
    "static_info",
]

def phase_names(lang: str = DEFAULT_LOCALE) -> dict[str, str]:
    """Each phase by its name in ``lang`` (``phase.<id>`` in the catalog)."""
    return {ph.value: t(f"phase.{ph.value}", lang) for ph in Phase}


PHASE_NAMES: dict[str, str] = phase_names()

DONE = Done()

_DIRS = {(-1, 0): "n", (0, 1): "e", (1, 0): "s", (0, -1): "w"}


def action_key(action: dict[str, Any]) -> str:
    """The canonical text of an action's JSON form (sorted keys, no spaces): the key the
    browser uses to match an annotation to one of the server's legal actions."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _cell(c: Cell) -> list[int]:
    return [c[0], c[1]]


def _cells(cs: Any) -> list[list[int]]:
    return [_cell(c) for c in cs]


def _name(card: EmployeeId, state: GameState, lang: str = DEFAULT_LOCALE) -> str:
    """A card by its name in ``lang`` (a module card the catalog lacks: its printed name)."""
    named = _named(lang, "card", card)
    if named != card:
        return named
    e = state.rules.catalog.employees.get(card)
    return e.name if e is not None else card


def _good(g: Any, lang: str) -> str:
    return _named(lang, "good", getattr(g, "value", g))


def seat_name(
    seat: int, kind: str = "human", name: str | None = None, bot: str | None = None,
    lang: str = DEFAULT_LOCALE,
) -> str:
    """A seat as the table calls it: its given name, else "Player N" / "Bot N (level)"
    (counting from 1; the browser's ``seatName`` says the same)."""
    if name:
        return name
    if kind == "bot":
        return t("seat.bot", lang, n=seat + 1, level=bot or "bot")
    return t("seat.player", lang, n=seat + 1)


# -- errors in the game's words ---------------------------------------------------------------

_NOT_LEGAL = re.compile(r"^'[^']*' is not legal in [^:]*?(?:\([^)]*\))?: ")
_SEATS = re.compile(r"seat\(s\) \[([0-9, ]*)\]")
_SEAT = re.compile(r"\bseat (\d+)\b")
_TURN_STEP = re.compile(r"\(seat (\d+), step ([a-z_]+)\)")
_ROUND_PHASE = re.compile(r"\bround (\d+), ([a-z_]+)\b")
_IDENT = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def explain_error(
    message: str, rules: Ruleset | None = None, names: Mapping[int, str] | None = None,
    lang: str = DEFAULT_LOCALE, code: str | None = None,
    reason: Reason | Mapping[str, Any] | None = None,
) -> str:
    """An engine message (which names the rule) said in the game's words: card, milestone,
    phase and step names instead of ids, chain names instead of seat numbers, and without
    the repeated action text. The reason itself is kept word for word.

    In another language: the error's kind (``code``) in that language, then the reason: a
    typed one (``reason``: the engine's :class:`~fcm.core.errors.Reason`, or its JSON form
    ``{"code", "params"}``) from the catalog's ``why.<code>``; else the engine's English words
    (the reasons not typed yet)."""
    english = _explain_english(message, rules, names)
    if lang == DEFAULT_LOCALE:
        return english
    key = f"error.{code}" if code and f"error.{code}" in messages(DEFAULT_LOCALE) else \
        "error.action/illegal"
    typed = _reason_text(reason, rules, lang, names)
    if typed is not None:
        return t("error.with_reason", lang, error=t(key, lang), reason=typed)
    return t("error.with_rule", lang, error=t(key, lang), rule=english)


def reason_json(reason: Reason | None) -> dict[str, Any] | None:
    """A typed reason as the API sends it: ``{"code", "params"}`` (None: an untyped one)."""
    if not isinstance(reason, Reason):
        return None
    # a reason inside (a module's rule) goes as {code, params} too
    return {"code": reason.code,
            "params": {k: reason_json(v) if isinstance(v, Reason) else v
                       for k, v in reason.params.items()}}


def _reason_text(
    reason: Reason | Mapping[str, Any] | None, rules: Ruleset | None, lang: str,
    names: Mapping[int, str] | None = None,
) -> str | None:
    """A typed reason in ``lang``, its parameters named in the game's words (None: no such
    message)."""
    if isinstance(reason, Reason):
        code, params = reason.code, dict(reason.params)
    elif isinstance(reason, Mapping) and isinstance(reason.get("code"), str):
        code, params = reason["code"], dict(reason.get("params") or {})
    else:
        return None
    key = f"why.{code}"
    if key not in messages(DEFAULT_LOCALE):
        return None
    step = params.pop("in_step", None)  # a Working 9–5 step's rule: the step named first
    text = t(key, lang, **{k: _reason_param(k, v, rules, lang, names)
                           for k, v in params.items()})
    if step is None:
        return text
    return t("why.in_step", lang, step=_reason_param("step", step, rules, lang), text=text)


# a typed reason's parameters by name: what each names (a list names several of the same)
_PARAM_KIND = {"card": "card", "cards": "card", "trainer": "card", "into": "card",
               "good": "good", "goods": "good", "step": "step",
               "now": "step", "order": "step", "prices": "money", "rule": "rule",
               "kind": "campaign", "kinds": "campaign", "seats": "seat", "phase": "phase",
               "top": "card",
               "group": "unique_group", "shape": "tile_shape", "shapes": "tile_shape"}


def _reason_param(key: str, value: Any, rules: Ruleset | None, lang: str,
                  names: Mapping[int, str] | None = None) -> Any:
    kind = _PARAM_KIND.get(key)
    if isinstance(value, Reason) or (isinstance(value, Mapping) and "code" in value):
        # a reason inside a reason (a module's rule): typed too (its JSON form from the API)
        inner = _reason_text(value, rules, lang, names)
        return inner if inner is not None else player_text(str(value))
    if isinstance(value, list | tuple):
        return join(lang, [str(_reason_param(key, v, rules, lang, names)) for v in value])
    if kind == "seat":  # a chain by its name at this table, else "Player N"
        return names[value] if names and value in names else t("seat.player", lang, n=value + 1)
    if kind == "phase":
        return t(f"phase.{value}", lang) if f"phase.{value}" in messages(DEFAULT_LOCALE) \
            else value
    if kind == "card":
        return _card_name(str(value), rules, lang)
    if kind == "good":
        return _good(value, lang)
    if kind == "step":
        return t(f"step.{value}", lang) if f"step.{value}" in messages(DEFAULT_LOCALE) else value
    if kind == "campaign":  # a campaign tile's kind: billboard, mailbox, radio, airplane
        named = f"campaign.{value}"
        return t(named, lang) if named in messages(DEFAULT_LOCALE) else value
    if kind in ("unique_group", "tile_shape"):  # a module's: the movie stars, a road's shape
        named = f"{kind}.{value}"
        return t(named, lang) if named in messages(DEFAULT_LOCALE) else value
    if kind == "money":
        return money(lang, int(value))
    if kind == "rule":  # a rule's source, for the project's readers: the rule's name only
        return player_text(str(value)).strip(" ,;")
    return value


def _card_name(card: str, rules: Ruleset | None, lang: str) -> str:
    named = _named(lang, "card", card)
    if named != card:
        return named
    e = (rules or base_ruleset()).catalog.employees.get(EmployeeId(card))
    return e.name if e is not None else card


def _explain_english(
    message: str, rules: Ruleset | None = None, names: Mapping[int, str] | None = None
) -> str:
    catalog = (rules or base_ruleset()).catalog

    def who(seat: int) -> str:
        return names[seat] if names and seat in names else f"Player {seat + 1}"

    words: dict[str, str] = dict(PHASE_NAMES)
    steps = {r.step.value: r.title for r in (rules or base_ruleset()).work_steps}
    words.update({st.value: t for st, t in STEP_TITLES.items()})
    words.update(steps)
    words.update({m.id: m.name for m in catalog.milestones.values()})
    words.update({e.id: e.name for e in catalog.employees.values()})
    text = _NOT_LEGAL.sub("", message, count=1)
    text = _TURN_STEP.sub(
        lambda m: f"({who(int(m.group(1)))}'s turn, {steps[m.group(2)]})"
        if m.group(2) in steps
        else m.group(0),
        text,
    )
    text = _ROUND_PHASE.sub(
        lambda m: f"round {m.group(1)}, {words.get(m.group(2), m.group(2))}", text
    )
    text = _SEATS.sub(
        lambda m: ", ".join(who(int(x)) for x in m.group(1).split(",") if x.strip()) or "nobody",
        text,
    )
    text = _SEAT.sub(lambda m: who(int(m.group(1))), text)
    text = _IDENT.sub(lambda m: words.get(m.group(0), m.group(0)), text)
    # single-word card ids ("waitress", "trainer"): their names, where written as ids
    for e in catalog.employees.values():
        if "_" not in e.id and e.id != e.name:
            text = re.sub(rf"(?<![\w'-]){re.escape(e.id)}(?![\w'-])", e.name, text)
    text = player_text(text)
    return text[:1].upper() + text[1:]


# The rules texts name their sources ("(facts.md C)", "(done) (<file>.md 3)", "[M]"): for
# the project's readers and the CLI, not for a player. A source is any markdown file named.
_REF_ALONE = re.compile(r"\s*\(\w[\w-]*\.md\b[^()]*\)")
# (up to a colon: "Shops, ketchup.md 4: a shop goes next to a road" keeps its reason)
_REF_AFTER = re.compile(r"[,;]\s*\w[\w-]*\.md\b[^(),;:]*")
_CERTAINTY = re.compile(r"\s*\[(?:L|M|H|L-M|M-H|L-H)\]")


def player_text(text: str) -> str:
    """A rules text without its source references (what the page shows a player)."""
    return _CERTAINTY.sub("", _REF_AFTER.sub("", _REF_ALONE.sub("", text)))


# -- static -------------------------------------------------------------------------------------


def board_picture(state: GameState) -> BoardPicture:
    """The printed map: square kinds (``. r x H s l b``; ``" "`` off the map, in a place of
    the layout without a tile), tile placements, road links per road
    node (the directions it connects to, from the board's road graph), bridges, suppliers and
    printed houses."""
    board = board_of(state)
    squares = [
        "".join(board.square_kind((r, c)) for c in range(board.width)) for r in range(board.height)
    ]
    roads: list[RoadNode] = []
    for node in board.road_nodes:
        links = set()
        for other, _cost in board.road_neighbours(node):
            d = (other.cell[0] - node.cell[0], other.cell[1] - node.cell[1])
            if d in _DIRS:
                links.add(_DIRS[d])
        roads.append(
            {
                "cell": _cell(node.cell),
                "axis": node.axis.value,
                "links": "".join(x for x in "nesw" if x in links),
            }
        )
    tiles: list[TilePlacement] = [
        {"row": tr, "col": tc, "letter": letter, "rotation": rot}
        for tr, row in enumerate(state.tiles)
        for tc, (letter, rot) in enumerate(row)
        if letter != HOLE  # a place without a tile (a map that is no rectangle)
    ]
    return {
        "height": board.height,
        "width": board.width,
        "tile_rows": len(state.tiles),
        "tile_cols": len(state.tiles[0]) if state.tiles else 0,
        "tiles": tiles,
        "squares": squares,
        "roads": roads,
        "bridges": [
            _cell((r, c))
            for r in range(board.height)
            for c in range(board.width)
            if board.is_bridge((r, c))
        ],
        "suppliers": [
            {"cell": _cell(c), "good": g.value} for c, g in sorted(board.suppliers.items())
        ],
        "printed_houses": {
            str(n): _cells(cells) for n, cells in sorted(board.printed_houses.items())
        },
    }


# The base game's campaign kinds as the board labels them; a module's kinds come with its texts.
CAMPAIGN_ICONS = {"billboard": "BB", "mailbox": "MB", "radio": "RA", "airplane": "AIR"}


def campaign_kind(kind: str) -> CampaignLook:
    """How a campaign kind is drawn: its icon, and whether it lies beside the board."""
    module_kind = campaign_kinds().get(kind)
    if module_kind is not None:
        return {"icon": module_kind.icon, "beside_board": module_kind.beside_board}
    return {"icon": CAMPAIGN_ICONS.get(kind, ""), "beside_board": False}


def _text_or(lang: str, key: str, default: str) -> str:
    """A catalog text, or the catalog data's own (English) text for an id no catalog has
    (a module card or milestone whose module brings no catalog of its own yet)."""
    return t(key, lang) if key in messages(DEFAULT_LOCALE) else default


def catalog_info(rules: Ruleset | None = None, lang: str = DEFAULT_LOCALE) -> Catalog:
    """Names and card facts for display (the UI never reasons with them); ``rules``: the
    game's ruleset (the base game's when not given); ``lang``: the language of the texts."""
    catalog = (rules or base_ruleset()).catalog
    employees: dict[str, EmployeeInfo] = {
        e.id: {
            "name": _text_or(lang, f"card.{e.id}", e.name),
            "category": e.category,
            "colour": e.colour,
            "description": player_text(_text_or(lang, f"card.{e.id}.description", e.description)),
            "entry_level": e.entry_level,
            "salary": e.salary,
            "salary_dollars": BASE_SALARY if e.salary else 0,  # the base game's; modules vary it
            "unique": e.unique,
            "slots": e.slots,
            "is_manager": e.is_manager,
        }
        for e in catalog.employees.values()
    }
    milestones: dict[str, MilestoneInfo] = {
        m.id: {
            "name": _text_or(lang, f"milestone.{m.id}", m.name),
            "claim_when": player_text(
                _text_or(lang, f"milestone.{m.id}.claim_when", m.claim_when)),
            "effect": player_text(_text_or(lang, f"milestone.{m.id}.effect", m.effect)),
        }
        for m in catalog.milestones.values()
    }
    from fcm.rules_help import campaign_reach, campaign_rule, glossary_terms

    campaigns: dict[str, CampaignInfo] = {
        str(c.number): {
            "type": c.type.value,
            "name": c.type.value.replace("_", " "),  # "big tile": a player's word, no id
            "height": c.height,
            "width": c.width,
            "span": c.span,
            "rule": player_text(campaign_rule(c.type.value, lang)),
            "reach": player_text(campaign_reach(c.type.value, lang)),
            **campaign_kind(c.type.value),
        }
        for c in catalog.campaigns.values()
    }
    return {
        "employees": employees,
        "milestones": milestones,
        "campaigns": campaigns,
        "reserve_cards": [_reserve_card(r.money, r.ceo_slots, r.base_price)
                          for r in catalog.reserve_cards],
        "goods": [g.value for g in (rules or base_ruleset()).goods],
        "good_names": {g.value: _good(g, lang) for g in (rules or base_ruleset()).goods},
        "campaign_names": {c.type.value: _named(lang, "campaign", c.type.value)
                           for c in catalog.campaigns.values()},
        "phase_names": phase_names(lang),
        # the engine's end-of-game reasons (its own words) in the reader's language, for the
        # browser's game log (fcm.report.reason)
        "end_reasons": {k: _end_reason(lang, k) for k in END_REASONS},
        "glossary": [  # the base game's terms, then the game's modules' (fcm.texts)
            {"term": term, "text": player_text(d)}
            for term, d in [*glossary_terms(lang),
                            *glossary((rules or base_ruleset()).modules, lang)]
        ],
        # the rules help of the modules' map tiles (``tile.<letter>``: a module's catalog)
        "map_tiles": {letter: player_text(t(f"tile.{letter}", lang))
                      for letter in sorted(catalog.tiles) if f"tile.{letter}" in messages("en")},
        "texts": browser_texts(lang),  # the modules' templates (fcm.texts)
        "lang": lang,
    }


def _reserve_card(money: int, ceo_slots: int, base_price: int | None) -> ReserveCard:
    out: ReserveCard = {"money": money, "ceo_slots": ceo_slots}
    if base_price is not None:  # a module's card that also sets the base unit price
        out["base_price"] = base_price
    return out


def static_info(state: GameState, lang: str = DEFAULT_LOCALE) -> StaticInfo:
    return {"board": board_picture(state), "catalog": catalog_info(state.rules, lang)}


# -- the position -------------------------------------------------------------------------------


def _structure(cards: list[EmployeeId], ceo_slots: int, rules: Ruleset) -> list[StructureEntry]:
    return [
        {"card": card, "reports": list(reports)}
        for card, reports in seat_structure(cards, ceo_slots, rules)
    ]


def _chain(state: GameState, seat: Seat, viewer: Seat | None,
           lang: str = DEFAULT_LOCALE) -> ChainOut:
    p = state.players[seat]
    busy: list[BusyMarketeer] = [
        {"number": c.number, "marketeer": c.marketeer}
        for c in sorted(state.campaigns.values(), key=lambda c: c.number)
        if c.owner == seat and c.marketeer
    ]
    out: ChainOut = {
        "seat": seat,
        "cash": p.cash,
        "price": unit_price(state, seat),
        "turn_position": (state.turn_order.index(seat) + 1) if seat in state.turn_order else None,
        "structure": _structure(p.at_work, ceo_slots_of(state, seat), state.rules),
        "at_work": list(p.at_work),
        "open_slots": open_slots(state, seat),
        "beach": list(p.beach),
        "hand": list(p.hand),
        "busy": busy,
        "stock": {g.value: n for g, n in p.stock.items()},
        "milestones": [
            {"id": m, "round": r} for m, r in sorted(p.milestones.items(), key=lambda x: x[1])
        ],
        "reserve": p.reserve,  # None when hidden from the viewer (the view blanks it)
        "restaurants_left": state.rules.catalog.restaurants_per_player - p.restaurants_placed,
        "salary_due": salary_due(state, seat),
        "waitresses": _dinnertime.waitresses(state, seat),
    }
    draft = state.turn.drafts.get(seat)
    secret = state.turn.phase in (Phase.RESTRUCTURING, Phase.PAYDAY)
    if viewer == seat and draft is not None and secret:
        out["draft"] = _draft(state, seat, list(draft), lang)
    return out


def _draft(state: GameState, seat: Seat, draft: list[EmployeeId],
           lang: str = DEFAULT_LOCALE) -> Draft:
    """The viewer's own secret choice in progress (the view blanks the others')."""
    if state.turn.phase is Phase.RESTRUCTURING:
        slots = ceo_slots_of(state, seat)
        fits = structure_fits(draft, slots, state.rules)
        hand = Counter(state.players[seat].hand)
        hand.subtract(draft)
        return {
            "kind": "work",
            "cards": draft,
            "in_hand": sorted(hand.elements()),
            "fits": fits,
            "structure": _structure(draft, slots, state.rules) if fits else None,
            "warning": None
            if fits
            else t("present.overfull", lang, count=len(draft), slots=slots),
        }
    return {"kind": "fire", "cards": draft, "salary_after": _salary_without(state, seat, draft)}


def _salary_without(state: GameState, seat: Seat, cards: list[EmployeeId]) -> int:
    """Payday salary if these cards (from work or the beach) were gone."""
    s = state.clone()
    p = s.players[seat]
    for card in cards:
        for place in (p.at_work, p.beach):
            if card in place:
                place.remove(card)
                break
    return salary_due(s, seat)


def _houses(state: GameState) -> list[HouseOut]:
    board = board_of(state)
    order = [s for s in state.turn_order if 0 <= s < state.num_players]
    order += [s for s in range(state.num_players) if s not in order]
    out: list[HouseOut] = []
    for house in sorted(state.houses.values(), key=lambda h: h.number):
        need = Counter(house.demand)
        chains: list[HouseChain] = []
        for seat in order:
            e = _dinnertime.chain_entry(state, board, house, seat, unit_price(state, seat), need)
            chains.append(
                {
                    "seat": seat,
                    "price": e.price,
                    "distance": e.distance,
                    # a module's term in the total (a milestone's -$1): price + distance + adjust
                    "adjust": e.adjust,
                    "total": e.total,
                    "restaurant": e.restaurant,
                    "missing": list(e.missing) if house.demand else [],
                    # connected (price + distance apply), not_connected or no_open_restaurant
                    "status": str(e.outcome) if e.distance is None else "connected",
                    "can_serve": bool(house.demand) and e.can_serve,
                }
            )
        out.append(
            {
                "number": house.number,
                "cell": _cell(house.cell),
                "cells": _cells(house.cells),
                "printed": house.printed,
                "garden": _cells(house.garden),
                "demand": [g.value for g in house.demand],
                "capacity": house_capacity(state, house),  # None: no cap (a module's kind)
                "size": house.size,
                "chains": chains,
            }
        )
        if house.kind:  # a module's kind and its printed name
            kind = state.rules.house_kinds[house.kind]
            out[-1]["kind"] = house.kind
            out[-1]["label"] = kind.label(house.number) if kind.label else str(house.number)
    return out


def _beside(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def dinnertime_routes(state: GameState, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Dinnertime's events with, on each sale, ``route``: the road squares of one shortest road
    route from the house to the restaurant that served it (the geometry's own query), for the
    browser to show the goods travelling. Left out when the board no longer holds that house or
    restaurant, or when the route's distance is not the sale's (never a route that disagrees)."""
    board = board_of(state)
    houses = {h.number: h for h in state.houses.values()}
    spots = {(r.owner, r.number): r for r in state.restaurants}
    out = []
    for e in events:
        if e.get("kind") == "house_served":
            house = houses.get(e.get("house", -1))
            r = spots.get((e.get("winner", -1), e.get("restaurant", -1)))
            if house is not None and r is not None:
                found = board.house_route(
                    house.footprint, restaurant_entrances(r.cell, r.entrance, r.drive_in)
                )
                if found is not None and found[1] == e.get("distance"):
                    route = found[0]
                    doors = restaurant_entrances(r.cell, r.entrance, r.drive_in)
                    # where the goods leave (the entrance) and arrive (the house's square)
                    door = next((c for c in doors if _beside(c, route[-1])), None)
                    home = next((c for c in house.footprint if _beside(c, route[0])), None)
                    e = {**e, "route": _cells(route)}
                    if door is not None and home is not None:
                        e["route_from"], e["route_to"] = _cell(door), _cell(home)
        out.append(e)
    return _with_bank(out)


_PAYMENTS = ("house_served", "waitress_income", "cfo_bonus")


def _with_bank(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each payment (and bank break) of a Dinnertime with ``bank_after``: the bank once that
    payment is made, breaks included, so the browser shows the bank going down. Followed from
    the Dinnertime's start and checked against the bank at its end (``dinnertime_earnings``):
    when they disagree (a module's payment it does not know), no event gets the figure."""
    start = next((e for e in events if e.get("kind") == "dinnertime_started"), None)
    end = next((e for e in events if e.get("kind") == "dinnertime_earnings"), None)
    if start is None or end is None:
        return events
    bank, final, last = start["bank"], False, None
    after: dict[int, int] = {}
    for i, e in enumerate(events):
        kind = e.get("kind")
        if kind in _PAYMENTS:
            if not final:  # after the final break the box pays (paid_from_box)
                bank -= e["amount"]
            after[i], last = bank, i
        elif kind == "bank_broken":
            final = final or bool(e.get("final"))
            # the bank paid what it had, broke, then paid the rest (not after the final one)
            bank = e["bank"] - (0 if e.get("final") else e.get("still_owed", 0))
            after[i] = bank
            if last is not None:
                after[last] = bank
    if bank != end["bank"] or any(v < 0 for v in after.values()):
        return events
    return [{**e, "bank_after": after[i]} if i in after else e for i, e in enumerate(events)]


def _restaurants(state: GameState) -> list[RestaurantOut]:
    return [
        {
            "owner": r.owner,
            "number": r.number,
            "cell": _cell(r.cell),
            "cells": _cells(restaurant_cells(r.cell)),
            "entrance": r.entrance.value,
            "entrances": _cells(restaurant_entrances(r.cell, r.entrance, r.drive_in)),
            "open": r.open,
            "drive_in": r.drive_in,
        }
        for r in state.restaurants
    ]


def _pieces(state: GameState) -> list[PieceOut]:
    """The modules' pieces on the map (the board overlay), drawn by what the square becomes
    and the kind's own mark, with its owner when the kind has one (``PieceKind.owner``); a
    later piece on a square covers an earlier one (``overlay_of``)."""
    kinds = state.rules.piece_kinds
    top = {p.cell: p for p in state.pieces}

    def owner(p: Piece) -> int | None:
        of = kinds[p.kind].owner
        return None if of is None else of(state, p.cell)

    return [
        {"kind": p.kind, "cells": [_cell(p.cell)], "square": kinds[p.kind].square,
         "label": kinds[p.kind].label, "owner": owner(p)}
        for cell, p in sorted(top.items())
    ]


def _campaigns(state: GameState) -> list[CampaignOut]:
    board = board_of(state)
    out: list[CampaignOut] = []
    for c in sorted(state.campaigns.values(), key=lambda c: c.number):
        entry: CampaignOut = {
            "number": c.number,
            "kind": c.kind.value,
            "owner": c.owner,
            "good": c.good.value,
            "marketeer": c.marketeer,
            "remaining": c.remaining,
            "eternal": c.eternal,
            "cells": _cells(c.cells),
            "edge": None if c.edge is None else c.edge.value,
            "first": c.first,
            "span": state.rules.catalog.campaigns[c.number].span,
            "reaches": [h.number for h in houses_reached(state, c, board)],
            "icon": campaign_kind(c.kind.value)["icon"],
        }
        for key in state.rules.campaign_event_keys:  # a module's keys shown with the campaign
            if key in c.extras:
                cast(dict[str, Any], entry)[key] = c.extras[key]
        if state.rules.extensions.advertised:  # goods placed after its good (e.g. two goods)
            more = advertised(state, c)[1:]
            if more:
                entry["more_goods"] = [g.value for g in more]
        out.append(entry)
    return out


# -- annotated legal actions ----------------------------------------------------------------


def _label(state: GameState, a: Action, lang: str = DEFAULT_LOCALE) -> str:
    """A legal action as its button says it, in ``lang``."""

    def card(e: EmployeeId) -> str:
        return _name(e, state, lang)

    def at(c: Cell) -> str:
        return f"{c[0]},{c[1]}"

    module = module_action(a)  # a module's action: its own label (its type may extend a base one)
    if module is not None:
        return str(a) if module.label is None else module.label(a, lang)
    match a:
        case Done():
            return t("action.done", lang)
        case ChooseReserve(money=m):
            return t("action.reserve", lang, money=money(lang, m))
        case PlaceRestaurant(cell=c, entrance=e):
            return t("action.place_restaurant", lang, cell=at(c), entrance=e.value.upper())
        case MoveRestaurant(restaurant=n, cell=c, entrance=e):
            return t("action.move_restaurant", lang, n=n, cell=at(c), entrance=e.value.upper())
        case SendToWork(employee=e):
            return t("action.send_to_work", lang, card=card(e))
        case ChooseTurnOrder(position=p):
            return t("action.position", lang, n=p)
        case Hire(employee=e):
            return t("action.hire", lang, card=card(e))
        case Train(trainer=tr, employee=e, into=i, fresh=f):
            more = t("action.train_continued", lang) if f else ""
            return t("action.train", lang, card=card(e), into=card(i), trainer=card(tr),
                     more=more)
        case StartCampaign(marketeer=m, number=n):
            kind = state.rules.catalog.campaigns[n].type.value
            return t("action.start_campaign", lang, number=n,
                     type=_named(lang, "campaign", kind), card=card(m))
        case PlaceCampaign(cell=c, orientation=o, edge=e, first=f):
            if e is not None:
                return t("action.airplane", lang, edge=e.value.upper(), first=f)
            assert c is not None
            if o:
                return t("action.place_campaign_turned", lang, cell=at(c), orientation=o.value)
            return t("action.place_campaign", lang, cell=at(c))
        case ChooseAdvert(good=g, duration=d):
            return t("action.advert", lang, goods=_good(g, lang), count=d)
        case Cook(employee=e, good=g):
            return t("action.cook", lang, card=card(e), good=_good(g, lang))
        case GetDrinks(employee=e, good=g, suppliers=s):
            if g is not None:
                return t("action.get_drink", lang, card=card(e), good=_good(g, lang))
            return t("action.drink_route", lang, card=card(e),
                     route=join(lang, [at(x) for x in s]))
        case PlaceHouse(number=n, cell=c):
            return t("action.place_house", lang, number=n, cell=at(c))
        case AddGarden(house=h):
            return t("action.add_garden", lang, house=h)
        case Fire(employee=e):
            return t("action.fire", lang, card=card(e))
        case ThrowAway(good=g):
            return t("action.throw_away", lang, good=_good(g, lang))
    return str(a)


def _salary_notes(state: GameState, seat: Seat, card: EmployeeId,
                  lang: str = DEFAULT_LOCALE) -> list[str]:
    """Why a salaried card may not raise the Payday total: the discounts and waivers that
    ``salary_due`` applies, by their game names (facts.md E.4)."""
    p = state.players[seat]
    notes = []
    if p.has(MilestoneId.FIRST_BILLBOARD) and card in waived_marketeers(state):
        notes.append(t("present.salary.no_salary_with", lang,
                       milestone=_named(lang, "milestone", MilestoneId.FIRST_BILLBOARD)))
    if p.has(MilestoneId.FIRST_TRAIN):
        notes.append(t("present.salary.off", lang,
                       milestone=_named(lang, "milestone", MilestoneId.FIRST_TRAIN),
                       amount=money(lang, 15)))
    if p.hire_discounts:
        notes.append(t("present.salary.recruiting", lang, amount=money(lang, 5 * p.hire_discounts)))
    if notes and salary_due(state, seat) == 0:
        notes.append(t("present.salary.floor", lang, amount=money(lang, 0)))
    return notes


def _annotate(state: GameState, seat: Seat, a: Action, salary_now: int,
              lang: str = DEFAULT_LOCALE) -> ActionOut:
    out: ActionOut = {"action": cast(ActionJson, a.to_json()), "label": _label(state, a, lang),
                      "text": str(a), "key": action_key(a.to_json())}
    if isinstance(a, ChooseReserve):  # which card of the catalog's (a module's carry more)
        out["reserve_card"] = next(
            i for i, (_, choice) in enumerate(reserve_choices(state)) if choice == a
        )
    elif isinstance(a, PlaceRestaurant | MoveRestaurant):
        out["anchor"] = _cell(a.cell)
        out["cells"] = _cells(restaurant_cells(a.cell))
        out["entrances"] = _cells(restaurant_entrances(a.cell, a.entrance))
    elif isinstance(a, PlaceHouse):
        out["anchor"] = _cell(a.cell)
        r, c = a.cell
        out["cells"] = _cells(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
        out["garden"] = _cells(a.garden)
    elif isinstance(a, AddGarden):
        out["anchor"] = _cell(min(a.garden))
        out["cells"] = _cells(a.garden)
        out["garden"] = _cells(a.garden)
    elif isinstance(a, PlaceCampaign):
        draft = state.turn.working.draft if state.turn.working is not None else None
        if draft is not None:
            tile = state.rules.catalog.campaigns[draft.number]
            if a.edge is not None and a.first is not None:
                out["airplane"] = {"edge": a.edge.value, "first": a.first, "span": tile.span}
                cells: tuple[Cell, ...] = ()
            else:
                assert a.cell is not None
                cells = campaign_cells(a.cell, tile.height, tile.width, a.orientation)
                out["anchor"] = _cell(a.cell)
                out["cells"] = _cells(cells)
            probe = Campaign(
                draft.number,
                tile.type,
                seat,
                Good.BURGER,
                draft.marketeer,
                1,
                False,
                state.round,
                cells,
                a.edge,
                a.first,
            )
            out["reaches"] = [h.number for h in houses_reached(state, probe)]
    elif isinstance(a, StartCampaign):
        tile = state.rules.catalog.campaigns[a.number]
        if campaign_kind(tile.type.value)["beside_board"]:
            # a tile beside the board (no square to choose): the houses it would reach now,
            # so the page can warn when that is none (a tile for garden houses with none)
            probe = Campaign(a.number, tile.type, seat, Good.BURGER, a.marketeer, 1, False,
                             state.round)
            out["reaches"] = [h.number for h in houses_reached(state, probe)]
    elif isinstance(a, Cook):
        # how much it makes: the engine's own count (a module may change it), from a copy
        try:
            _after, cooked = apply(state, seat, a)
        except (FcmError, AssertionError, KeyError, ValueError):
            pass
        else:
            made = [e for e in cooked if e.kind is EventKind.COOKED]
            if made:
                out["amount"] = sum(int(e.data["amount"]) for e in made)
    elif isinstance(a, GetDrinks) and a.suppliers:
        out["cells"] = _cells(a.suppliers)
        # One way to drive (or fly) it, from the geometry, to draw and to send as drawn.
        drawn = drink_route(state, seat, a)
        if drawn:
            road = state.rules.catalog.employees[a.employee].range_kind == "road"
            out["route" if road else "flight"] = (
                _cells(drawn)
            )
            out["drawn"] = cast(
                ActionJson, GetDrinks(a.employee, suppliers=a.suppliers, route=drawn).to_json()
            )
    elif isinstance(a, Hire | Train):
        # The salary consequence, by the engine itself: apply to a copy of the view.
        try:
            after, _ = apply(state, seat, a)
        except (FcmError, AssertionError, KeyError, ValueError):
            pass
        else:
            out["salary_before"] = salary_now
            out["salary_after"] = salary_due(after, seat)
            into = a.employee if isinstance(a, Hire) else a.into
            # the game's salary per card ($3 with First waitress used, ketchup.md 3)
            paid = state.rules.catalog.employees[into].salary
            out["card_salary"] = salary_each(state, seat) if paid else 0
            out["salary_notes"] = _salary_notes(after, seat, into, lang)
    elif (item := _payday.goods_item(state, a)) is not None:
        # salaries in goods (a module's): the item, the cash still owed before and after it
        before = _payday.cash_due(state, seat)
        out["paying_good"] = item.value
        out["cash_before"] = before
        out["cash_after"] = max(0, before - salary_each(state, seat))
    elif isinstance(a, Fire):
        fired = list(state.turn.drafts.get(seat, []))
        out["salary_after"] = _salary_without(state, seat, [*fired, a.employee])
        out["salary_before"] = _salary_without(state, seat, fired)
    module = module_action(a)
    if module is not None and module.shown_as:  # its buttons join a base action's section
        out["shown_as"] = module.shown_as
    if module is not None and module.intro is not None:
        out["intro"] = module.intro(lang)
    if module is not None and module.placement:
        # a module's placement on the map: its squares, clicked like the base placements
        spots: list[Cell] = []
        for f in module.placement:  # a "cell" field is one square, a "cells" field a tile's
            value = getattr(a, f)
            spots.extend(value if module.fields[f] == "cells" else [value])
        out["anchor"] = _cell(spots[0])
        out["cells"] = _cells(spots)
        out["placement"] = True
        if module.placing is not None:
            out["placing"] = module.placing(lang)
    return out


def present(
    state: GameState, viewer: Seat | None, legal: list[Action] | None = None,
    lang: str = DEFAULT_LOCALE,
) -> Presentation:
    """The position as ``viewer`` sees it, ready to draw. ``state`` must be the viewer's view
    (``fcm.view(state, viewer)``); ``legal`` the viewer's legal actions (annotated); ``lang``
    the language of its texts (labels, warnings, reasons)."""
    working = state.turn.working
    draft_campaign: DraftCampaign | None = None
    if working is not None and working.draft is not None:
        d = working.draft
        draft: DraftCampaign = {
            "marketeer": d.marketeer,
            "number": d.number,
            "type": state.rules.catalog.campaigns[d.number].type.value,
            "cells": None if d.cells is None else _cells(d.cells),
            "edge": None if d.edge is None else d.edge.value,
            "first": d.first,
            "span": state.rules.catalog.campaigns[d.number].span,
            "icon": campaign_kind(state.rules.catalog.campaigns[d.number].type.value)["icon"],
        }
        if working.seat is not None:
            # The engine's verdict (First billboard placed): the advert choice says "eternal",
            # not "1 round", and whether placing this one claims the milestone.
            seat_ = working.seat
            draft["eternal"] = _campaigns_step.eternal(state, seat_, d.number)
            draft["claims_first_billboard"] = draft["eternal"] and not (
                state.players[seat_].has(MilestoneId.FIRST_BILLBOARD)
            )
        draft_campaign = draft
    why_not_done = None
    freezer = legal and any(isinstance(a, ThrowAway) for a in legal)
    if freezer and viewer is not None and DONE not in (legal or ()):
        # why the freezer may not keep what the chain holds: the engine's refusal of Done
        # (over capacity, or a module's limit such as a good it keeps only alone)
        try:
            apply(state, viewer, DONE)
        except FcmError as exc:
            why_not_done = explain_error(
                exc.message, state.rules, lang=lang, code=exc.code, reason=exc.reason
            )
    actions: list[ActionOut] = []
    if legal and viewer is not None:
        salary_now = salary_due(state, viewer)
        actions = [_annotate(state, viewer, a, salary_now, lang) for a in legal]
    out: Presentation = {
        "round": state.round,
        "phase": state.turn.phase.value,
        "stage": state.turn.stage,
        "step": None if working is None else working.step.value,
        "acting": None if working is None else working.seat,
        "hires_left": None if working is None else working.hires_left,
        "actors": current_actors(state),
        "turn_order": list(state.turn_order),
        "ceo_slots": state.ceo_slots,
        "bank": state.bank,
        "bank_breaks": state.bank_breaks,
        "supply": {card: n for card, n in state.supply.items()},
        "milestones_available": list(state.milestones_available),
        "campaign_supply": list(state.campaign_supply),
        "house_supply": list(state.house_supply),
        "gardens_left": state.gardens_left,
        "chains": [_chain(state, s, viewer, lang) for s in range(state.num_players)],
        "houses": _houses(state),
        "restaurants": _restaurants(state),
        "pieces": _pieces(state),
        "campaigns": _campaigns(state),
        "draft_campaign": draft_campaign,
        "ranking": list(state.ranking),
        "end_reason": state.end_reason,
        "actions": actions,
        "kinds": sorted({a.type for a in legal or []}),
        "campaign_types": [
            t.value
            for t in CampaignType.known()
            if any(c.type is t for c in state.rules.catalog.campaigns.values())
        ],
        "lang": lang,
        # a map that grows (a module's extra tile) needs its picture again (static_info)
        "map_tiles": sum(letter != HOLE for row in state.tiles for letter, _ in row),
    }
    chosen = _payday.chosen_goods(state)
    if chosen:  # the goods the paying chain has chosen to pay salaries with (a module's rule)
        out["paying_goods"] = [g.value for g in chosen]
    if why_not_done is not None:
        out["why_not_done"] = why_not_done
    return out
