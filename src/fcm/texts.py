"""The texts an expansion module brings to the report and the browser (docs/modules.md,
"Satellites: bots, env, report, UI").

A module registers one :class:`ModuleTexts` from its own package (``fcm/modules/<id>/texts.py``,
imported the first time texts are asked for). The CLI report (:mod:`fcm.report`) and the
browser render them without knowing the module: the server sends them with the game's catalog
(:func:`fcm.presentation.catalog_info`) and the lobby's options (``/api/web/options``).

Every text is a message id of the module's own catalog (``fcm/modules/<id>/locale/<lang>.po``,
registered with ``catalog=``; :mod:`fcm.i18n`), resolved for the language asked for. A
message is a template: ``{field}`` is a field of the event (or payment line), ``{field|filter}``
passes it through a filter: ``money`` ($5, -$5), ``signed`` (+$5, -$5), ``seat`` (the chain's
name), ``seat_money`` (a seat -> dollars mapping: "Player 1 $5, Player 2 $10"), ``milestone``,
``good`` and ``campaign`` (their names) and ``cells`` (squares: "r,c r,c"). A message that
depends on a count has CLDR plural forms (``id[one]``, ``id[other]``) picked by ``count``.
The browser's ``render`` (``web/js/format.js``) reads the same templates, a count's forms
folded into its ``{count|plural:one:many}`` filter (:func:`browser_texts`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class CampaignKind:
    """How a module's campaign kind is drawn: ``icon`` (a few letters on the tile and badges);
    ``beside_board``: the tile lies beside the board (no square; listed with its company)."""

    icon: str
    beside_board: bool = False


@dataclass(frozen=True, slots=True)
class HouseName:
    """How the report names a module's house whose number is no name to a player (the rural
    area): message ids of ``name`` (within a sentence), ``wants`` (a Dinnertime heading,
    ``{demand}``) and ``placed`` (demand a campaign put on it, ``{n}``)."""

    name: str
    wants: str
    placed: str


@dataclass(frozen=True, slots=True)
class GoodLook:
    """How the browser draws a module's good: ``label`` (its name), ``short`` (a letter or two
    on the chip and the board's token), ``fill`` and ``text`` (CSS colours)."""

    label: str  # a message id
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
    ``glossary``: terms for the rules tab of a game with the module (term id, text id).
    ``events``: a module's own event kind (``fcm.core.events.define_event``) -> its message
    (``variants`` of that kind are tried first). ``reasons``: (pattern, message) pairs for
    the engine's English reasons in events (a milestone claim's ``reason``, a ``why`` field,
    rendered with the ``reason`` filter). ``dinner_events``: those of its event kinds the
    Dinnertime report writes (in event order). ``houses``: a house's number -> how the
    report names it (:class:`HouseName`; its number is the module's own). Every text is a
    message id of the module's catalog: ``catalog``, the folder of its ``<lang>.po`` files."""

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
    catalog: Path | None = None
    events: Mapping[str, str] = field(default_factory=dict)
    # fields of a campaign's events naming a further good it advertises, after its ``good``
    campaign_goods: tuple[str, ...] = ()
    # why a milestone was claimed or a module's piece was not placed, as the engine logs it (an
    # English text in the event's data, kept so saved games stay as they are): a regular
    # expression matching the whole text -> its message (named groups fill the message)
    reasons: tuple[tuple[str, str], ...] = ()
    dinner_events: tuple[str, ...] = ()
    houses: Mapping[int, HouseName] = field(default_factory=dict)


_TEXTS: dict[str, ModuleTexts] = {}
_ALL: list[ModuleTexts] = []


def register_texts(module: str, texts: ModuleTexts) -> None:
    """Register ``module``'s texts (called by ``fcm/modules/<id>/texts.py`` on import), and its
    catalog with :mod:`fcm.i18n`."""
    _TEXTS[module] = texts
    _ALL.clear()
    if texts.catalog is not None:
        from fcm.i18n import register_catalog

        register_catalog(texts.catalog)


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


def _t(msg_id: str, lang: str, **params: Any) -> str:
    from fcm.i18n import t

    return t(msg_id, lang, **params)


def _text(msg_id: str, lang: str) -> str:
    """A message's text unfilled (its placeholders are the template's fields)."""
    from fcm.i18n import lookup

    return lookup(lang, msg_id)


def option_texts(lang: str = "en") -> dict[str, tuple[str, str]]:
    return {k: (_text(label, lang), _text(help_, lang))
            for t in all_texts() for k, (label, help_) in t.options.items()}


def sale_line_ids() -> dict[str, str]:
    return {k: v for t in all_texts() for k, v in t.sale_lines.items()}


def sale_lines(lang: str = "en") -> dict[str, str]:
    """The payment lines' templates in the browser's form (:func:`browser_template`)."""
    return {k: browser_template(v, lang) for k, v in sale_line_ids().items()}


def variant_ids() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for t in all_texts():
        for kind, pairs in t.variants.items():
            out.setdefault(kind, []).extend(pairs)
    return out


def variants(lang: str = "en") -> dict[str, list[tuple[str, str]]]:
    return {k: [(f, browser_template(m, lang)) for f, m in v] for k, v in variant_ids().items()}


def variant(kind: str, data: Mapping[str, Any], lang: str = "en") -> str | None:
    """The template of a module's variant of this event, if its data has the field."""
    for key, msg in variant_ids().get(kind, ()):
        if key in data:
            return browser_template(msg, lang)
    return None


def milestone_names(lang: str = "en") -> dict[str, str]:
    return {k: _text(v, lang) for t in all_texts() for k, v in t.milestones.items()}


def reason_pattern(english: str) -> str:
    """The pattern of an engine's English reason written with ``{field}`` placeholders (the
    engine formats it with ``str.format``): the text itself, each field a named group."""
    out = re.escape(english)
    return re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", out)


def reason_templates(lang: str = "en") -> list[tuple[str, str]]:
    """The modules' reasons: (pattern, template in ``lang``), first match wins."""
    return [(pattern, _text(msg, lang)) for t in all_texts() for pattern, msg in t.reasons]


def reason_text(why: str, who: Callable[[int], str], lang: str = "en") -> str | None:
    """A module's reason logged in English, in ``lang`` (None: no module knows it)."""
    for pattern, template in reason_templates(lang):
        m = re.fullmatch(pattern, why)
        if m is not None:
            return render(template, m.groupdict(), who, lang)
    return None


def dinner_events() -> frozenset[str]:
    """The modules' event kinds the Dinnertime report writes."""
    return frozenset(k for t in all_texts() for k in t.dinner_events)


def event_templates(lang: str = "en") -> dict[str, str]:
    """The modules' event kinds -> their templates as the browser renders them."""
    return {k: browser_template(v, lang) for t in all_texts() for k, v in t.events.items()}


def event_text(kind: str, data: Mapping[str, Any], who: Callable[[int], str],
               lang: str = "en") -> str | None:
    """A module's event as its texts write it (a variant first), or None (no template)."""
    text = variant_text(kind, data, who, lang)
    if text is not None:
        return text
    msg = {k: v for t in all_texts() for k, v in t.events.items()}.get(kind)
    return None if msg is None else render_message(msg, data, who, lang)


def house_name(number: int) -> HouseName | None:
    """How the report names house ``number`` when a module names it (None: "House N")."""
    return next((t.houses[number] for t in all_texts() if number in t.houses), None)


def house_names(lang: str = "en") -> dict[str, str]:
    """The modules' named houses: number -> name (the browser's)."""
    return {str(n): _text(h.name, lang) for t in all_texts() for n, h in t.houses.items()}


def outcomes(lang: str = "en") -> dict[str, str]:
    return {k: _text(v, lang) for t in all_texts() for k, v in t.outcomes.items()}


def decided(lang: str = "en") -> dict[str, str]:
    return {k: _text(v, lang) for t in all_texts() for k, v in t.decided.items()}


def campaign_kinds() -> dict[str, CampaignKind]:
    return {k: v for t in all_texts() for k, v in t.campaign_kinds.items()}


def orders(lang: str = "en") -> dict[str, str]:
    return {k: _text(v, lang) for t in all_texts() for k, v in t.orders.items()}


def goods() -> dict[str, GoodLook]:
    return {k: v for t in all_texts() for k, v in t.goods.items()}


def glossary(modules: Iterable[str], lang: str = "en") -> list[tuple[str, str]]:
    """The glossary terms of these modules (a game's), in module id order."""
    all_texts()
    return [(_text(term, lang), _text(text, lang))
            for m in sorted(modules) if m in _TEXTS for term, text in _TEXTS[m].glossary]


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


def order_text(data: Mapping[str, Any], who: Callable[[int], str],
               lang: str = "en") -> str | None:
    """"buys <items>: <why>" for a house that bought a module's order (a house_served event
    with ``order``), else None. ``web/js/format.js`` writes the same (``orderText``)."""
    from fcm.i18n import lookup
    from fcm.report import name

    tier = data.get("order")
    if tier is None:
        return None
    items = " + ".join(name(lang, "good", g) for g in bought(data["demand"], data["sold"]))
    known = {k: v for t in all_texts() for k, v in t.orders.items()}
    why = [render(lookup(lang, known[part]), data, who, lang)
           for part in str(tier).split("+") if part in known]
    if why:
        return _t("texts.buys_because", lang, items=items, why="; ".join(why))
    return _t("texts.buys_tier", lang, items=items, tier=tier)


def render_sale_line(line: Mapping[str, Any], who: Callable[[int], str],
                     lang: str = "en") -> str | None:
    """A module's payment line in ``lang`` (None: no module adds this kind)."""
    msg = sale_line_ids().get(line["kind"])
    return None if msg is None else render_message(msg, line, who, lang)


def variant_text(kind: str, data: Mapping[str, Any], who: Callable[[int], str],
                 lang: str = "en") -> str | None:
    for key, msg in variant_ids().get(kind, ()):
        if key in data:
            return render_message(msg, data, who, lang)
    return None


def render_message(msg_id: str, data: Mapping[str, Any], who: Callable[[int], str],
                   lang: str = "en") -> str:
    """A module's message filled with an event's fields; a count's plural form by ``count``."""
    from fcm.i18n import lookup

    count = data.get("count")
    text = lookup(lang, msg_id, count if isinstance(count, int) and _plural(msg_id) else None)
    return render(text, data, who, lang)


def _plural(msg_id: str) -> bool:
    from fcm.i18n import DEFAULT_LOCALE, messages

    return f"{msg_id}[other]" in messages(DEFAULT_LOCALE)


def browser_template(msg_id: str, lang: str = "en") -> str:
    """A module's message as ``web/js/format.js`` renders it: a count's plural forms that differ
    in one run of words fold into ``{count|plural:one:other}`` (format.js picks ``one`` for 1);
    otherwise the ``other`` form. (The game page's JS reads this until it moves to i18n.js.)"""
    from fcm.i18n import lookup, messages, plural_categories

    if not _plural(msg_id):
        return lookup(lang, msg_id)
    other = lookup(lang, msg_id, 2)
    catalog = {**messages("en"), **messages(lang)}
    one = catalog.get(f"{msg_id}[one]")
    if one is None or "one" not in plural_categories(lang) or one == other:
        return other
    start = 0
    while start < min(len(one), len(other)) and one[start] == other[start]:
        start += 1
    while start > 0 and one[start - 1] not in " {":
        start -= 1  # whole words
    end = 0
    while end < min(len(one), len(other)) - start and one[-1 - end] == other[-1 - end]:
        end += 1
    while end > 0 and one[len(one) - end] not in " }":
        end -= 1
    a, b = one[start:len(one) - end], other[start:len(other) - end]
    if "{" in a + b or ":" in a + b or "}" in a + b:
        return other
    return f"{other[:start]}{{count|plural:{a}:{b}}}{other[len(other) - end:]}"


def campaign_goods() -> tuple[str, ...]:
    """The event fields naming goods a campaign advertises after its ``good`` (modules')."""
    return tuple(f for texts in all_texts() for f in texts.campaign_goods)


def browser_texts(lang: str = "en") -> dict[str, Any]:
    """What the browser renders module texts from (sent with the catalog), in ``lang``."""
    return {
        "sale_lines": sale_lines(lang),
        "variants": {k: [list(p) for p in v] for k, v in variants(lang).items()},
        "outcomes": outcomes(lang),
        "decided": decided(lang),
        "orders": orders(lang),
        "events": event_templates(lang),
        "campaign_goods": list(campaign_goods()),
        "houses": house_names(lang),  # a module's named house (the rural area)
        "reasons": [list(p) for p in reason_templates(lang)],
        "goods": {
            g: {"label": _text(v.label, lang), "short": v.short, "fill": v.fill, "text": v.text}
            for g, v in goods().items()
        },
    }


# -- rendering ----------------------------------------------------------------------------------

_FIELD = re.compile(r"\{(\w+)(?:\|(\w+)((?::[^:}]*)*))?\}")


def render(template: str, data: Mapping[str, Any], who: Callable[[int], str],
           lang: str = "en") -> str:
    """``template`` with the fields of ``data`` filled in (``who``: seat -> chain name)."""
    from fcm.i18n import join, money, number, signed

    def one(m: re.Match[str]) -> str:
        name, flt, args = m.group(1), m.group(2), (m.group(3) or "")[1:].split(":")
        v = data[name]
        match flt:
            case None:
                return number(lang, v) if isinstance(v, int) and not isinstance(v, bool) \
                    else str(v)
            case "money":
                return money(lang, int(v))
            case "signed":
                return signed(lang, int(v))
            case "seat":
                return who(int(v))
            case "seat_money":
                return join(lang, [f"{who(int(s))} {money(lang, n)}" for s, n in v.items()])
            case "plural":  # the browser's form (browser_template)
                return args[0] if v == 1 else args[1]
            case "milestone":
                from fcm.report import name as named

                return named(lang, "milestone", v)
            case "cells":
                return " ".join(f"{c[0]},{c[1]}" for c in v)
            case "reason":  # the engine's English reason: the report's (and modules') words
                from fcm.report import reason

                return reason(lang, v, who)
            case "good" | "campaign":
                from fcm.report import name as named

                return named(lang, flt, v)
        raise ValueError(f"template {template!r}: unknown filter {flt!r}")

    return _FIELD.sub(one, template)
