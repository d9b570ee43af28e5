"""``python -m fcm.modules.census``: what each expansion module plugs into, and what it weighs.

Read from the registries and the assembled rulesets, not from a list kept by hand:

1. **Extension points**: every point of the ruleset (the fields of
   :class:`fcm.core.extensions.Extensions`), every record a module brings
   (:class:`fcm.rulesets.Module`: actions, events, scenario keys, switches, ...), what its
   data adds to the assembled ruleset (cards, milestones, campaign tiles, goods, reserve cards,
   setups for more players, Working 9-5 steps), and the satellites' registries (texts for the
   report and the browser, bot advice, research-environment blocks, lessons), each with the
   modules registering into it.
2. **Lines per module**: inside ``src/fcm/modules/<id>/``: Python lines (all, and code: neither
   blank nor a comment nor a docstring), its data files (``*.json``) and catalogs
   (``locale/*.po``); its transcription in ``src/fcm/data/ketchup/`` (its records, dumped as
   the files write them); its section of the generated ``src/fcm/modules/payloads.d.ts``; and
   the lines outside ``src/fcm/modules`` that name it (its id, cards, milestones, campaign
   kinds, goods, switches): in the paths tests/test_module_ids.py keeps clean (the engine's
   core, the bots, the research environment, the presentation, the report, the browser's JS;
   0 is the rule) and elsewhere in ``src/fcm`` (the CLI's examples, the core catalogs' texts).

Markdown tables on standard output (docs/modules.md quotes them).
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

from fcm.core.extensions import Extensions
from fcm.rulesets import Module, base_ruleset, get_ruleset, playable_modules

SRC = Path(__file__).resolve().parents[1]  # src/fcm
MODULES = SRC / "modules"
KETCHUP = SRC / "data" / "ketchup"
# where no module may be named (tests/test_module_ids.py's SCANNED)
CLEAN = ("core", "env", "bots", "presentation.py", "report.py", "server/web/js")
# the module's own records the Module record holds (besides ``extensions``)
RECORDS = ("actions", "events", "event_fields", "keys", "switches", "goods", "pieces",
           "houses", "players", "milestone_expiry")


# -- 1. the extension points -----------------------------------------------------------------


def _point_users(name: str) -> list[str]:
    """The modules contributing to ``Extensions.<name>`` in the order the point runs them
    (priority, then id), each with its priority there when not 0."""
    out = []
    ranked = sorted(playable_modules().items(),
                    key=lambda mm: (mm[1].extensions.priority.get(name, 0), mm[0]))
    for mid, m in ranked:
        if getattr(m.extensions, name):
            rank = m.extensions.priority.get(name, 0)
            out.append(f"{mid} ({rank})" if rank else mid)
    return out


def _record_users(name: str) -> list[str]:
    return [mid for mid, m in sorted(playable_modules().items()) if getattr(m, name)]


def _alone(mid: str) -> tuple[Any, Any]:
    """The ruleset with the module (and what it requires) and the one without it."""
    needs = set(playable_modules()[mid].info.requires)
    without = get_ruleset("base", needs) if needs else base_ruleset()
    return get_ruleset("base", needs | {mid}), without


def _data_points() -> dict[str, list[str]]:
    """What each module's data adds to the assembled ruleset, by what it adds."""
    found: dict[str, list[str]] = {}

    def add(point: str, mid: str, added: Iterable[Any]) -> None:
        if list(added):
            found.setdefault(point, []).append(mid)

    for mid in sorted(playable_modules()):
        with_it, without = _alone(mid)
        cat, base = with_it.catalog, without.catalog
        add("cards (employees.json)", mid, set(cat.employees) - set(base.employees))
        changed = [e for e in base.employees
                   if e in cat.employees and cat.employees[e] != base.employees[e]]
        add("base cards changed (counts, career edges)", mid, changed)
        add("milestones (milestones.json)", mid, set(cat.milestones) ^ set(base.milestones))
        add("campaign tiles", mid, set(cat.campaigns) - set(base.campaigns))
        add("reserve cards", mid, [cat.reserve_cards] if cat.reserve_cards != base.reserve_cards
            else [])
        add("setups for more players", mid, set(cat.setups) - set(base.setups))
        add("goods (the vocabulary)", mid, set(with_it.goods) - set(without.goods))
        add("Working 9-5 steps", mid,
            {s.step for s in with_it.work_steps} - {s.step for s in without.work_steps})
        add("map tiles", mid, set(cat.tiles) - set(base.tiles))
    return found


def _registry_points() -> dict[str, list[str]]:
    """The satellites' registries (each module's ``texts.py``, ``bots.py``, ``env.py``,
    ``lessons.py``), and which of their fields each module fills."""
    from fcm.bots import advice
    from fcm.env import extensions as env
    from fcm.lessons import _MODULE_LESSONS
    from fcm.modules import load_satellite
    from fcm.texts import _TEXTS

    mods = sorted(playable_modules())
    for satellite in ("texts", "bots", "env", "lessons"):
        load_satellite(satellite, mods)
    found: dict[str, list[str]] = {}
    for label, registry, skip in (
        ("texts (fcm.texts.ModuleTexts)", _TEXTS, {"catalog"}),
        ("bot advice (fcm.bots.advice.Advice)", advice._ADVICE, {"order"}),
        ("env blocks (fcm.env.extensions.EnvBlocks)", env._BLOCKS, {"order"}),
    ):
        found[label] = [m for m in mods if m in registry]
        for mid in found[label]:
            record = registry[mid]
            for f in fields(record):
                if f.name not in skip and getattr(record, f.name):
                    found.setdefault(f"  {label.split(' (')[0]}: {f.name}", []).append(mid)
    found["lessons (fcm.lessons.register_lessons)"] = [m for m in mods if _MODULE_LESSONS.get(m)]
    return found


def extension_points() -> list[tuple[str, list[str]]]:
    """(point, modules) for every extension point, the unused ones too (an empty list)."""
    rows: list[tuple[str, list[str]]] = []
    for f in fields(Extensions):
        if f.name != "priority":
            rows.append((f"Extensions.{f.name}", _point_users(f.name)))
    rows.append(("Module.data (changes the base data files)", sorted(playable_modules())))
    for name in RECORDS:
        rows.append((f"Module.{name}", _record_users(name)))
    rows += [(f"ruleset data: {k}", v) for k, v in sorted(_data_points().items())]
    rows += list(_registry_points().items())
    return rows


# -- 2. lines per module ---------------------------------------------------------------------


def code_lines(text: str) -> int:
    """Lines holding code: neither blank, nor only a comment, nor part of a docstring."""
    docs: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docs.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    lines: set[int] = set()
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENDMARKER)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in skip:
            lines.update(r for r in range(tok.start[0], tok.end[0] + 1) if r not in docs)
    return len(lines)


def owned_words(mid: str, module: Module) -> set[str]:
    """The module's id and the ids it owns: cards, milestones, campaign kinds, goods, switches
    and the action types and event kinds it brings."""
    with_it, without = _alone(mid)
    words = {mid, *module.switches, *(str(g) for g in module.goods)}
    words |= {str(e) for e in set(with_it.catalog.employees) - set(without.catalog.employees)}
    words |= {str(m) for m in set(with_it.catalog.milestones) - set(without.catalog.milestones)}
    words |= {str(c.type) for n, c in with_it.catalog.campaigns.items()
              if n not in without.catalog.campaigns}
    words -= {str(c.type) for c in without.catalog.campaigns.values()}
    words |= {t.cls.type for t in module.actions} | {str(k) for k in module.events}
    return words


# the expansion's name and its rules and data files, not the Ketchup module
_EXPANSION = re.compile(r"ketchup\.md|ketchup-[\w.-]+|data/ketchup|The Ketchup Mechanism", re.I)


def _pattern(words: Iterable[str]) -> re.Pattern[str]:
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(r"(?<![A-Za-z0-9_])(" + alternatives + r")(?![A-Za-z0-9_])", re.I)


def _files(root: Path, suffixes: tuple[str, ...] | None = None) -> Iterator[Path]:
    for p in sorted(root.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts and (
            suffixes is None or p.suffix in suffixes
        ):
            yield p


def _transcribed(mid: str) -> int:
    """Lines of the module's records in src/fcm/data/ketchup (as the files write them)."""
    total = 0
    for name in ("employees.json", "milestones.json"):
        key = name.split(".")[0]
        for record in json.loads((KETCHUP / name).read_text(encoding="utf-8"))[key]:
            if record.get("module") == mid:
                total += len(json.dumps(record, indent=1, ensure_ascii=False).splitlines())
    setup = json.loads((KETCHUP / "setup.json").read_text(encoding="utf-8"))
    if isinstance(setup.get(mid), dict):
        total += len(json.dumps(setup[mid], indent=1, ensure_ascii=False).splitlines()) + 1
    return total


def _generated(mid: str) -> int:
    """Lines of the module's section of the generated payload types."""
    path = MODULES / "payloads.d.ts"
    if not path.exists():
        return 0
    text = path.read_text(encoding="utf-8")
    head = f"// -- {mid} (src/fcm/modules/{mid}) --"
    if head not in text:
        return 0
    section = text.split(head, 1)[1].split("\n// -- ", 1)[0]
    return len(section.strip("\n").splitlines()) + 1


def _outside(pattern: re.Pattern[str]) -> tuple[int, int, list[str]]:
    """Lines outside src/fcm/modules naming the module: in the clean paths, and elsewhere in
    src/fcm (its transcription in data/ketchup left out), with the files of the latter."""
    clean = other = 0
    where: dict[str, int] = {}
    for path in _files(SRC):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(("modules/", "data/ketchup/")):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        hits = sum(1 for line in text.splitlines() if pattern.search(_EXPANSION.sub("", line)))
        if not hits:
            continue
        if any(rel == c or rel.startswith(c + "/") for c in CLEAN):
            clean += hits
        else:
            other += hits
            where[rel] = hits
    areas: dict[str, int] = {}
    for rel, hits in where.items():  # the core catalogs and glossaries summed, files by name
        area = ("core glossaries" if rel.startswith("locale/glossary/")
                else "core catalogs" if rel.startswith("locale/") else rel)
        areas[area] = areas.get(area, 0) + hits
    return clean, other, [f"{k} {v}" for k, v in sorted(areas.items())]


def module_lines() -> list[dict[str, Any]]:
    """Per module: the lines it adds inside src/fcm/modules/<id>/ and outside."""
    rows = []
    for mid, module in sorted(playable_modules().items()):
        package = MODULES / mid
        py = [p.read_text(encoding="utf-8") for p in _files(package, (".py",))]
        data = sum(len(p.read_text(encoding="utf-8").splitlines())
                   for p in _files(package, (".json",)))
        po = sum(len(p.read_text(encoding="utf-8").splitlines())
                 for p in _files(package, (".po",)))
        clean, other, where = _outside(_pattern(owned_words(mid, module)))
        rows.append({
            "module": mid,
            "python": sum(len(t.splitlines()) for t in py),
            "code": sum(code_lines(t) for t in py),
            "data": data,
            "catalogs": po,
            "transcribed": _transcribed(mid),
            "generated": _generated(mid),
            "outside_clean": clean,
            "outside_other": other,
            "where": where,
        })
    return rows


# -- output ----------------------------------------------------------------------------------


def report() -> str:
    out = ["## Extension points and the modules using them", "",
           "| point | modules |", "|---|---|"]
    for point, users in extension_points():
        out.append(f"| {point} | {', '.join(users) if users else '(none)'} |")
    out += ["", "## Lines per module", "",
            "Inside `src/fcm/modules/<id>/`: Python lines (all / code: no blank, comment or "
            "docstring line), data files (`*.json`), catalogs (`locale/*.po`, 5 languages). "
            "Outside: its records transcribed in `src/fcm/data/ketchup/`, its section of the "
            "generated `src/fcm/modules/payloads.d.ts`, and the lines naming it (its id, cards, "
            "milestones, campaign kinds, goods, switches, action types, event kinds) in the "
            "clean paths (core, bots, env, presentation, report, JS) and elsewhere in "
            "`src/fcm`.", "",
            "| module | Python (all / code) | data | catalogs | transcribed | generated types "
            "| naming it: clean paths | naming it: elsewhere |",
            "|---|---|---|---|---|---|---|---|"]
    rows = module_lines()
    for r in rows:
        elsewhere = f"{r['outside_other']} ({'; '.join(r['where'])})" if r["where"] else "0"
        out.append(f"| {r['module']} | {r['python']} / {r['code']} | {r['data']} "
                   f"| {r['catalogs']} | {r['transcribed']} | {r['generated']} "
                   f"| {r['outside_clean']} | {elsewhere} |")
    total = {k: sum(r[k] for r in rows) for k in ("python", "code", "data", "catalogs",
                                                  "transcribed", "generated", "outside_clean",
                                                  "outside_other")}
    out.append(f"| **all** | {total['python']} / {total['code']} | {total['data']} "
               f"| {total['catalogs']} | {total['transcribed']} | {total['generated']} "
               f"| {total['outside_clean']} | {total['outside_other']} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    sys.stdout.write(report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
