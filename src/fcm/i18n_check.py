"""The catalogs' check (docs/translating.md): ``python -m fcm.i18n_check`` (``make i18n-check``).

For every language it lists the message ids missing (English has them, the language does not),
the unused ones (the language has them, English does not), and the messages whose placeholders
differ from English's; and, for the code, the literal message ids it uses that English lacks.
A plural message (``id[one]``, ``id[other]``...) needs the CLDR categories of the language
(Babel's plural rules): German ``one`` and ``other``, Chinese ``other`` only.

Exit status 1 when a placeholder differs, the code uses an unknown id, or a language listed in
:data:`fcm.i18n.COMPLETE` misses a message; a language being translated may miss some (the
report counts them).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from fcm.i18n import (
    COMPLETE,
    DEFAULT_LOCALE,
    LOCALES,
    PLURAL,
    catalog_files,
    placeholders,
    plural_categories,
    read_catalog,
)

SRC = Path(__file__).resolve().parent
# a literal message id in the code: t("lobby.copy") in Python and JS, t("id", lang ...)
_PY_ID = re.compile(r"""\bt\(\s*["']([a-z][\w./-]*(?:\.[\w/-]+)+)["']""")
_JS_ID = _PY_ID


@dataclass
class Report:
    lang: str
    messages: int = 0
    required: int = 0
    missing: list[str] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.mismatched


def _merged(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in catalog_files(lang):
        out.update(read_catalog(path))
    return out


def _base(msg_id: str) -> tuple[str, str | None]:
    m = PLURAL.match(msg_id)
    return (m.group(1), m.group(2)) if m else (msg_id, None)


def check_language(lang: str, english: dict[str, str] | None = None) -> Report:
    english = english if english is not None else _merged(DEFAULT_LOCALE)
    theirs = _merged(lang)
    report = Report(lang, messages=len(theirs))
    # what English has: plain ids, and plural ids with their forms
    plain = {k for k in english if _base(k)[1] is None}
    plural: dict[str, dict[str, str]] = {}
    for k, v in english.items():
        base, cat = _base(k)
        if cat is not None:
            plural.setdefault(base, {})[cat] = v
    wanted = plural_categories(lang)
    report.required = len(plain) + len(plural) * len(wanted)
    for k in sorted(plain):
        if k not in theirs:
            report.missing.append(k)
        elif placeholders(theirs[k]) != placeholders(english[k]):
            report.mismatched.append(
                f"{k}: {sorted(placeholders(theirs[k]))} != {sorted(placeholders(english[k]))}")
    for base, forms in sorted(plural.items()):
        allowed = set().union(*(placeholders(v) for v in forms.values()))
        for cat in sorted(wanted):
            key = f"{base}[{cat}]"
            if key not in theirs:
                report.missing.append(key)
                continue
            mine = placeholders(theirs[key])
            # every form may leave the count unsaid ("a player"); none may add a placeholder
            if not mine <= allowed or (cat == "other" and mine != placeholders(forms["other"])):
                report.mismatched.append(f"{key}: {sorted(mine)} vs {sorted(allowed)}")
    for k in sorted(theirs):
        base, cat = _base(k)
        stray = k not in plain and k not in plural if cat is None else (
            base not in plural or cat not in wanted)
        if stray:
            report.unused.append(k)
    return report


def code_ids(roots: Iterable[Path] = (SRC,)) -> dict[str, str]:
    """Literal message ids the code passes to ``t`` -> the first file using each."""
    found: dict[str, str] = {}
    for root in roots:
        for path in sorted([*root.rglob("*.py"), *root.rglob("*.js")]):
            if path.name == "i18n_check.py":
                continue
            text = path.read_text(encoding="utf-8")
            for m in (_JS_ID if path.suffix == ".js" else _PY_ID).finditer(text):
                found.setdefault(m.group(1), str(path.relative_to(SRC)))
    return found


def unknown_code_ids() -> list[str]:
    """Literal ids the code uses that English lacks (plain or as a plural message)."""
    english = _merged(DEFAULT_LOCALE)
    bases = {_base(k)[0] for k in english}
    return [f"{i} ({where})" for i, where in sorted(code_ids().items()) if i not in bases]


# -- the glossaries (src/fcm/locale/glossary/<lang>.md) ---------------------------------------

GLOSSARY_DIR = SRC / "locale" / "glossary"
# The game's own words, by kind: each screen names them from these messages, so a glossary
# made from the catalogs is the one every screen uses.
GLOSSARY_KINDS = (
    ("Phases", "phase."), ("Working 9–5 steps", "step."), ("Goods", "good."),
    ("Campaigns", "campaign."), ("Cards", "card."), ("Milestones", "milestone."),
    ("Rules terms", "glossary."), ("Expansion modules", "module."),
)
GLOSSARY_NOTES = {
    "en": "The reference: the names printed on the English edition's cards and milestones.",
    "de": "Kartennamen: Die deutsch/englische Ausgabe druckt die Karten auf Englisch (Regeln "
          "und Spielhilfe auf Deutsch); hier bleiben die englischen Berufstitel (CEO, CFO, Vice "
          "President, die Manager), die übrigen Namen sind unsere Übersetzungen. Anrede: du.",
    "es": "Nombres de cartas: traducciones propias; pendientes de cotejar con la edición "
          "impresa en español, si existe. Se tutea al jugador (tú).",
    "fr": "Noms des cartes : traductions propres ; à vérifier sur l'édition française "
          "imprimée, si elle existe. Le joueur est tutoyé (« tu ») partout ; « vous » ne "
          "s'adresse qu'à plusieurs joueurs.",
    "zh-Hans": "卡牌名称为本项目的译名；如有已出版的简体中文版，应与其核对。",
}


def _is_term(key: str, prefix: str) -> bool:
    rest = key[len(prefix):]
    return key.startswith(prefix) and "." not in rest and "[" not in rest


def glossary_text(lang: str) -> str:
    """The glossary of ``lang``: every name of the game's words beside its English one."""
    english, theirs = _merged(DEFAULT_LOCALE), _merged(lang)
    lines = [f"# Glossary: {lang}", "", "Generated from the catalogs by "
             "`python -m fcm.i18n_check --glossary` (the check fails when it is stale); "
             "edit the `.po` files, not this file.", "", GLOSSARY_NOTES.get(lang, ""), ""]
    for title, prefix in GLOSSARY_KINDS:
        keys = sorted(k for k in english if _is_term(k, prefix))
        if not keys:
            continue
        lines += [f"## {title}", "", "| id | English | " + lang + " |", "|---|---|---|"]
        for k in keys:
            lines.append(f"| `{k[len(prefix):]}` | {english[k]} | {theirs.get(k, '—')} |")
        lines.append("")
    return "\n".join(lines)


def stale_glossaries() -> list[str]:
    return [lang for lang in LOCALES
            if not (GLOSSARY_DIR / f"{lang}.md").exists()
            or (GLOSSARY_DIR / f"{lang}.md").read_text(encoding="utf-8") != glossary_text(lang)]


def write_glossaries() -> None:
    GLOSSARY_DIR.mkdir(parents=True, exist_ok=True)
    for lang in LOCALES:
        (GLOSSARY_DIR / f"{lang}.md").write_text(glossary_text(lang), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if "--glossary" in args:
        write_glossaries()
        return 0
    verbose = "-v" in args
    english = _merged(DEFAULT_LOCALE)
    failed = False
    print(f"{DEFAULT_LOCALE}: {len(english)} messages (the reference)")
    unknown = unknown_code_ids()
    if unknown:
        failed = True
        print(f"  the code uses {len(unknown)} id(s) English lacks:")
        for line in unknown:
            print(f"    {line}")
    for lang in LOCALES:
        if lang == DEFAULT_LOCALE:
            continue
        r = check_language(lang, english)
        required = lang in COMPLETE
        done = 100.0 * (1 - len(r.missing) / max(1, r.required))
        print(f"{lang}: {r.messages} messages, {len(r.missing)} missing, {len(r.unused)} unused, "
              f"{len(r.mismatched)} placeholder mismatch(es); {done:.1f}% complete"
              + (" (must be complete)" if required else ""))
        for title, items in (("missing", r.missing), ("unused", r.unused),
                             ("placeholders", r.mismatched)):
            shown = items if verbose or title != "missing" else items[:10]
            for item in shown:
                print(f"  {title}: {item}")
            if len(shown) < len(items):
                print(f"  ... {len(items) - len(shown)} more missing (-v lists them all)")
        if r.mismatched or (required and r.missing):
            failed = True
    stale = stale_glossaries()
    if stale:
        failed = True
        print(f"stale glossaries (run python -m fcm.i18n_check --glossary): {', '.join(stale)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
