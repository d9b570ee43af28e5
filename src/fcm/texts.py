"""The texts an expansion module brings to the report and the browser (docs/modules.md,
"Satellites: bots, env, report, UI").

A module registers one :class:`ModuleTexts` from its own package (``fcm/modules/<id>/texts.py``,
imported the first time texts are asked for). The CLI report (:mod:`fcm.report`) and the
browser render them without knowing the module: the server sends them with the game's catalog
(:func:`fcm.presentation.catalog_info`) and the lobby's options (``/api/web/options``).

A template is a string rendered the same way here (:func:`render`) and by ``render`` in
``web/js/format.js``: ``{field}`` is a field of the event (or payment line), ``{field|filter}``
passes it through a filter: ``money`` ($5, -$5), ``signed`` (+$5, -$5), ``seat`` (the chain's
name), ``seat_money`` (a seat -> dollars mapping: "Player 1 $5, Player 2 $10"),
``plural:one:many`` (``one`` when the field is 1, else ``many``), ``milestone`` (its name; the
report writes the id) and ``cells`` (squares: "r,c r,c").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CampaignKind:
    """How a module's campaign kind is drawn: ``icon`` (a few letters on the tile and badges);
    ``beside_board``: the tile lies beside the board (no square; listed with its company)."""

    icon: str
    beside_board: bool = False


@dataclass(frozen=True, slots=True)
class GoodLook:
    """How the browser draws a module's good: ``label`` (its name), ``short`` (a letter or two
    on the chip and the board's token), ``fill`` and ``text`` (CSS colours)."""

    label: str
    short: str
    fill: str
    text: str = "#fff"


@dataclass(frozen=True, slots=True)
class ModuleTexts:
    """``options``: option name -> (label, one-line help) for the lobby. ``sale_lines``: a
    Dinnertime payment line kind the module adds -> template. ``variants``: event kind ->
    (field, template) pairs: an event of that kind whose data has the field reads so (for a
    bank break: the text of the refill). ``campaign_kinds``: campaign kind -> display.
    ``milestones``: milestone id -> name, for a module milestone claimed in Dinnertime (the
    Dinnertime report names it). ``outcomes`` / ``decided``: a chain's outcome at a house and
    how the house's chain was chosen, for the values a module's Dinnertime rule adds.
    ``orders``: the tier of an order a module ranks (a house_served event's ``order``) -> why
    the house bought it (the report writes "The house buys <sold>: <why>."; a tier joined with
    ``+`` reads as its parts' texts). ``goods``: how the browser draws the module's goods.
    ``glossary``: terms for the rules tab of a game with the module. ``events``: a module's
    own event kind (``fcm.core.events.define_event``) -> its template (``variants`` of that
    kind are tried first)."""

    options: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    sale_lines: Mapping[str, str] = field(default_factory=dict)
    variants: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    campaign_kinds: Mapping[str, CampaignKind] = field(default_factory=dict)
    milestones: Mapping[str, str] = field(default_factory=dict)
    outcomes: Mapping[str, str] = field(default_factory=dict)
    decided: Mapping[str, str] = field(default_factory=dict)
    orders: Mapping[str, str] = field(default_factory=dict)
    goods: Mapping[str, GoodLook] = field(default_factory=dict)
    glossary: tuple[tuple[str, str], ...] = ()
    events: Mapping[str, str] = field(default_factory=dict)


_TEXTS: dict[str, ModuleTexts] = {}
_ALL: list[ModuleTexts] = []


def register_texts(module: str, texts: ModuleTexts) -> None:
    """Register ``module``'s texts (called by ``fcm/modules/<id>/texts.py`` on import)."""
    _TEXTS[module] = texts
    _ALL.clear()


def all_texts() -> tuple[ModuleTexts, ...]:
    """The texts of every playable module (events and saved games carry no module list, so
    the report knows them all), in module id order."""
    if not _ALL:
        from fcm.modules import load_satellite
        from fcm.rulesets import playable_modules

        modules = sorted(playable_modules())
        load_satellite("texts", modules)
        _ALL.extend(_TEXTS[m] for m in modules if m in _TEXTS)
    return tuple(_ALL)


def option_texts() -> dict[str, tuple[str, str]]:
    return {k: v for t in all_texts() for k, v in t.options.items()}


def sale_lines() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.sale_lines.items()}


def variants() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for t in all_texts():
        for kind, pairs in t.variants.items():
            out.setdefault(kind, []).extend(pairs)
    return out


def variant(kind: str, data: Mapping[str, Any]) -> str | None:
    """The template of a module's variant of this event, if its data has the field."""
    for key, template in variants().get(kind, ()):
        if key in data:
            return template
    return None


def event_templates() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.events.items()}


def event_text(kind: str, data: Mapping[str, Any], who: Callable[[int], str]) -> str | None:
    """A module's event as its texts write it (a variant first), or None (no template)."""
    template = variant(kind, data) or event_templates().get(kind)
    return None if template is None else render(template, data, who)


def milestone_names() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.milestones.items()}


def outcomes() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.outcomes.items()}


def decided() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.decided.items()}


def campaign_kinds() -> dict[str, CampaignKind]:
    return {k: v for t in all_texts() for k, v in t.campaign_kinds.items()}


def orders() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.orders.items()}


def goods() -> dict[str, GoodLook]:
    return {k: v for t in all_texts() for k, v in t.goods.items()}


def glossary(modules: Iterable[str]) -> list[tuple[str, str]]:
    """The glossary terms of these modules (a game's), in module id order."""
    all_texts()
    return [term for m in sorted(modules) if m in _TEXTS for term in _TEXTS[m].glossary]


def bought(demand: Sequence[str], sold: Sequence[str]) -> list[str]:
    """What a house bought, its demand's items first (in its order), then the rest."""
    left = Counter(sold)
    out: list[str] = []
    for g in demand:
        if left[g]:
            out.append(g)
            left[g] -= 1
    for g in sold:
        if left[g]:
            out.append(g)
            left[g] -= 1
    return out


def order_text(data: Mapping[str, Any], who: Callable[[int], str]) -> str | None:
    """"buys <items>: <why>" for a house that bought a module's order (a house_served event
    with ``order``), else None. ``web/js/format.js`` writes the same (``orderText``)."""
    tier = data.get("order")
    if tier is None:
        return None
    items = " + ".join(bought(data["demand"], data["sold"]))
    known = orders()
    why = [render(known[part], data, who) for part in str(tier).split("+") if part in known]
    return f"buys {items}: " + "; ".join(why) if why else f"buys {items} ({tier})"


def browser_texts() -> dict[str, Any]:
    """What the browser renders module texts from (sent with the catalog)."""
    return {
        "sale_lines": sale_lines(),
        "variants": {k: [list(p) for p in v] for k, v in variants().items()},
        "outcomes": outcomes(),
        "decided": decided(),
        "orders": orders(),
        "events": event_templates(),
        "goods": {
            g: {"label": v.label, "short": v.short, "fill": v.fill, "text": v.text}
            for g, v in goods().items()
        },
    }


# -- rendering ----------------------------------------------------------------------------------

_FIELD = re.compile(r"\{(\w+)(?:\|(\w+)((?::[^:}]*)*))?\}")


def _money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def render(template: str, data: Mapping[str, Any], who: Callable[[int], str]) -> str:
    """``template`` with the fields of ``data`` filled in (``who``: seat -> chain name)."""

    def one(m: re.Match[str]) -> str:
        name, flt, args = m.group(1), m.group(2), (m.group(3) or "")[1:].split(":")
        v = data[name]
        match flt:
            case None:
                return str(v)
            case "money":
                return _money(int(v))
            case "signed":
                return _money(int(v)) if v < 0 else f"+${v}"
            case "seat":
                return who(int(v))
            case "seat_money":
                return ", ".join(f"{who(int(s))} {_money(n)}" for s, n in v.items())
            case "plural":
                return args[0] if v == 1 else args[1]
            case "milestone":
                return str(v)
            case "cells":
                return " ".join(f"{c[0]},{c[1]}" for c in v)
        raise ValueError(f"template {template!r}: unknown filter {flt!r}")

    return _FIELD.sub(one, template)
