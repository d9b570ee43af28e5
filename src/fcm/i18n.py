"""The localisation layer (issue 27, docs/translating.md): every text a player reads comes from
a message catalog keyed by a message id, for one of :data:`LOCALES`.

Catalogs are gettext ``.po`` files read with Babel (``fcm/locale/<lang>.po``, and a module's own
``fcm/modules/<id>/locale/<lang>.po`` registered by its ``texts.py``); no build step, so a fresh
clone runs as it is. A message is a template: ``{field}`` is a parameter, ``{field|money}`` /
``{field|signed}`` / ``{field|number}`` format it for the language. A message that depends on
a count has one entry per CLDR plural category, ``id[one]``, ``id[other]`` (``id[many]``...):
:func:`t` picks the category with Babel's plural rules for ``count``; the browser does the same
with ``Intl.PluralRules`` (``web/js/i18n.js``). Nothing here knows a rule of the game.

English is the reference: a message missing in another language falls back to English (and
``fcm.i18n_check`` lists it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALES: tuple[str, ...] = ("en", "de", "es", "fr", "zh-Hans")
DEFAULT_LOCALE = "en"
# The languages whose catalogs must hold every message (fcm.i18n_check fails otherwise); the
# others are being translated and fall back to English where they have a gap.
COMPLETE: frozenset[str] = frozenset(LOCALES)
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_EXTRA_DIRS: list[Path] = []  # the modules' catalogs (register_catalog)
_FIELD = re.compile(r"\{(\w+)(?:\|(\w+))?\}")
PLURAL = re.compile(r"^(.*)\[(zero|one|two|few|many|other)\]$")


def register_catalog(directory: Path) -> None:
    """Add a module's catalogs (``directory/<lang>.po``) to every language's messages."""
    if directory not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(directory)
        messages.cache_clear()


def babel_locale(lang: str) -> Locale:
    return Locale.parse(lang.replace("-", "_"))


def locale_name(lang: str) -> str:
    """The language's name in itself (the switcher's label), from CLDR."""
    name = babel_locale(lang).get_display_name(babel_locale(lang)) or lang
    return name[:1].upper() + name[1:]


def read_catalog(path: Path) -> dict[str, str]:
    """One ``.po`` file as id -> text (untranslated and fuzzy entries left out)."""
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f)
    return {
        str(m.id): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


def catalog_files(lang: str) -> list[Path]:
    """The files of ``lang``'s catalog: the shared one, then each registered module's."""
    _load_modules()
    return [LOCALE_DIR / f"{lang}.po", *(d / f"{lang}.po" for d in _EXTRA_DIRS)]


@cache
def messages(lang: str) -> dict[str, str]:
    """Every message of ``lang`` (its own only: no English fallback)."""
    out: dict[str, str] = {}
    for path in catalog_files(lang):
        out.update(read_catalog(path))
    return out


def _load_modules() -> None:
    # the modules register their catalogs when their texts are imported (fcm.texts)
    from fcm.texts import all_texts

    all_texts()


def normalise(lang: str | None) -> str:
    """A supported locale for ``lang`` (``de-AT`` -> ``de``, ``zh-CN`` -> ``zh-Hans``), else
    English."""
    if not lang:
        return DEFAULT_LOCALE
    found = _match(lang)
    return found or DEFAULT_LOCALE


def _match(tag: str) -> str | None:
    if tag in LOCALES:
        return tag
    try:
        loc = Locale.parse(tag.strip().replace("_", "-"), sep="-")
    except (ValueError, UnknownLocaleError):
        return None
    script = loc.script or _likely_script(loc)
    for lang in LOCALES:
        want = babel_locale(lang)
        if loc.language == want.language and (want.script is None or script == want.script):
            return lang
    return None


def _likely_script(loc: Locale) -> str | None:
    """The script a tag without one means (CLDR likely subtags: ``zh`` is Simplified)."""
    likely = get_global("likely_subtags")
    for key in (f"{loc.language}_{loc.territory}" if loc.territory else None, loc.language):
        if key and key in likely:
            try:
                return Locale.parse(likely[key]).script
            except (ValueError, UnknownLocaleError):  # CLDR names locales babel lacks (no_Latn_NO)
                return None
    return None


def negotiate(accept_language: str | None) -> str:
    """The best supported locale for an ``Accept-Language`` header (q-values honoured)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if tag and tag != "*" and q > 0:
            ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        found = _match(tag)
        if found:
            return found
    return DEFAULT_LOCALE


def plural_category(lang: str, count: int) -> str:
    return babel_locale(lang).plural_form(count)


def plural_categories(lang: str) -> set[str]:
    """The CLDR plural categories ``lang`` distinguishes (``other`` always)."""
    return {*babel_locale(lang).plural_form.tags, "other"}


def lookup(lang: str, msg_id: str, count: int | None = None) -> str:
    """The text of ``msg_id`` in ``lang`` (English when missing there)."""
    for catalog in (messages(lang), messages(DEFAULT_LOCALE)):
        if count is not None:
            cat = plural_category(lang if catalog is messages(lang) else DEFAULT_LOCALE, count)
            for key in (f"{msg_id}[{cat}]", f"{msg_id}[other]"):
                if key in catalog:
                    return catalog[key]
        if msg_id in catalog:
            return catalog[msg_id]
    raise KeyError(f"no message {msg_id!r} in the catalog")


def number(lang: str, n: int | float) -> str:
    """A number in ``lang``'s digits (no grouping: the game's sums are small)."""
    return format_decimal(n, locale=babel_locale(lang), group_separator=False)


def money(lang: str, n: int) -> str:
    """Game dollars: ``$5`` / ``-$5`` in English, ``5 $`` / ``-5 $`` in German..."""
    key = "fmt.money_negative" if n < 0 else "fmt.money"
    return lookup(lang, key).format(n=number(lang, abs(n)))


def signed(lang: str, n: int) -> str:
    """Money with its sign always shown (``+$5``, ``-$5``)."""
    if n < 0:
        return money(lang, n)
    return lookup(lang, "fmt.money_positive").format(n=number(lang, n))


def fill(lang: str, text: str, params: Mapping[str, Any]) -> str:
    """``text`` with its ``{field}`` / ``{field|filter}`` placeholders filled."""

    def one(m: re.Match[str]) -> str:
        name, flt = m.group(1), m.group(2)
        v = params[name]
        match flt:
            case None:
                return number(lang, v) if isinstance(v, int) and not isinstance(v, bool) \
                    else str(v)
            case "money":
                return money(lang, int(v))
            case "signed":
                return signed(lang, int(v))
            case "number":
                return number(lang, v)
        raise ValueError(f"message {text!r}: unknown filter {flt!r}")

    return _FIELD.sub(one, text)


def t(msg_id: str, lang: str = DEFAULT_LOCALE, /, count: int | None = None,
      **params: Any) -> str:
    """The message ``msg_id`` in ``lang`` with ``params`` filled in; ``count`` picks the plural
    form (and is a parameter too)."""
    if count is not None:
        params["count"] = count
    return fill(lang, lookup(lang, msg_id, count), params)


def join(lang: str, items: Iterable[str]) -> str:
    """Items joined by the language's list separator (``, `` / ``、``)."""
    return lookup(lang, "fmt.list_separator").join(items)


def placeholders(text: str) -> set[str]:
    """The placeholders of a message, with their filters (``amount|money``)."""
    return {m.group(0)[1:-1] for m in _FIELD.finditer(text)}


def browser_catalog(lang: str) -> dict[str, Any]:
    """What ``web/js/i18n.js`` needs: the messages (English filling the gaps) and the
    language's tag for ``Intl``."""
    lang = normalise(lang)
    merged = {**messages(DEFAULT_LOCALE), **messages(lang)}
    return {
        "lang": lang,
        "locales": [{"id": x, "name": locale_name(x)} for x in LOCALES],
        "messages": merged,
    }
