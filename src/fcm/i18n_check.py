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
        if cat is None and k not in plain and k not in plural:
            report.unused.append(k)
        elif cat is not None and (base not in plural or cat not in wanted):
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


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
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
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
