"""A module is a unit (issue 24 item 5): no module id, and no id a module owns (its cards,
milestones, campaign kinds, options), appears as code or strings outside the module's own
package in the places listed in ``SCANNED``; they reach the module through the generic points
(fcm.bots.advice, fcm.env.extensions, fcm.texts; docs/modules.md, "Satellites: bots, env,
report, UI"). Comments and docstrings are not code; ``ketchup.md`` (the rules file) is a name."""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from dataclasses import fields
from pathlib import Path

import pytest

import fcm
from fcm.rulesets import playable_modules
from fcm.texts import all_texts

ROOT = Path(__file__).parents[1]
DATA = ROOT / "src" / "fcm" / "data" / "ketchup"

# Where no module may be named (a directory: every .py and .js file under it). One line each.
SCANNED: tuple[str, ...] = (
    "src/fcm/core",
    "src/fcm/env",
    "src/fcm/bots",
    "src/fcm/presentation.py",
    "src/fcm/report.py",
    "src/fcm/server/web/js",
)
ALLOWED = ("ketchup.md",)  # the rules file's name, not the module


def module_ids() -> set[str]:
    return {m["id"] for m in json.loads((DATA / "modules.json").read_text())["modules"]}


def owned_ids() -> set[str]:
    """Every module's id and the ids it owns: cards, milestones, campaign kinds, options."""
    ids = module_ids()
    for name in ("employees.json", "milestones.json"):
        for record in json.loads((DATA / name).read_text())[name.split(".")[0]]:
            ids.add(record["id"])
    setup = json.loads((DATA / "setup.json").read_text())
    for part in setup.values():
        if isinstance(part, dict):
            ids.update(c["type"] for c in part.get("campaigns", []))
    options = {f.name for f in fields(fcm.Options)}
    ids.update(o for o in options if any(o.startswith(m) for m in module_ids()))
    ids.update(o for t in all_texts() for o in t.options)
    ids.update(s for m in playable_modules().values() for s in m.switches)
    return ids


def ids_of(module: str) -> set[str]:
    """One module's id and the ids it owns (its cards, milestones, campaign kinds, goods and
    options), from the data files and its ruleset contribution."""
    from fcm.rulesets import playable_modules

    ids = {module}
    for name in ("employees.json", "milestones.json"):
        for record in json.loads((DATA / name).read_text())[name.split(".")[0]]:
            if record["module"] == module:
                ids.add(record["id"])
    part = json.loads((DATA / "setup.json").read_text()).get(module, {})
    ids.update(c["type"] for c in part.get("campaigns", []))
    ids.update(o.name for o in fields(fcm.Options) if o.name.startswith(module))
    ids.update(str(g) for g in playable_modules()[module].goods)
    return ids


# Modules kept out of the rules engine's core too: every playable one (issue 24), one line each.
CORE_CLEAN: tuple[str, ...] = (
    "coffee",
    "fry_chefs",
    "gourmet_food_critics",
    "hard_choices",
    "ketchup",
    "kimchi",
    "lobbyists",
    "mass_marketeers",
    "movie_stars",
    "new_districts",
    "new_milestones",
    "night_shift_managers",
    "noodles",
    "reserve_prices",
    "rural_marketeers",
    "six_players",
    "sushi",
)
CORE: tuple[str, ...] = ("src/fcm/core", "src/fcm/rules_help.py", "src/fcm/texts.py")


def _pattern(ids: set[str]) -> re.Pattern[str]:
    # the id as written in data and JSON, or as an enum member (EmployeeId.FRY_CHEF)
    words = sorted({*ids, *(i.upper() for i in ids)}, key=len, reverse=True)
    alternatives = "|".join(map(re.escape, words))
    return re.compile(r"(?<![A-Za-z0-9_])(" + alternatives + r")(?![A-Za-z0-9_])")


def python_code(text: str) -> str:
    """The file with comments and docstrings blanked (lines kept)."""
    docs: set[tuple[int, int]] = set()
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            docs.add((node.lineno, node.col_offset))
    lines = text.splitlines(keepends=True)
    out = [list(line) for line in lines]
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docs):
            (r0, c0), (r1, c1) = tok.start, tok.end
            for r in range(r0, r1 + 1):
                row = out[r - 1]
                lo = c0 if r == r0 else 0
                hi = c1 if r == r1 else len(row)
                for c in range(lo, hi):
                    if row[c] != "\n":
                        row[c] = " "
    return "".join("".join(row) for row in out)


def js_code(text: str) -> str:
    """The file with ``//`` and ``/* */`` comments blanked (strings and template literals,
    nested ``${...}`` included, are code)."""
    out = list(text)
    i, n = 0, len(text)
    stack: list[str] = []  # "t": inside a template literal; "e": inside its ${...}; "{": a brace
    mode = "code"
    while i < n:
        ch = text[i]
        if mode == "template":
            if ch == "\\":
                i += 2
                continue
            if ch == "`":
                mode = "code"
            elif text.startswith("${", i):
                stack.append("e")
                mode = "code"
                i += 2
                continue
            i += 1
            continue
        if ch in "'\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        elif ch == "`":
            mode = "template"
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [c if c == "\n" else " " for c in text[i:j]]
            i = j
        elif ch == "{":
            stack.append("{")
            i += 1
        elif ch == "}":
            if stack and stack.pop() == "e":
                mode = "template"
            i += 1
        else:
            i += 1
    return "".join(out)


def files() -> list[Path]:
    out: list[Path] = []
    for entry in SCANNED:
        path = ROOT / entry
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in (".py", ".js"))
        else:
            out.append(path)
    return out


def leaks(path: Path, pattern: re.Pattern[str]) -> list[str]:
    text = path.read_text(encoding="utf-8")
    code = python_code(text) if path.suffix == ".py" else js_code(text)
    for allowed in ALLOWED:
        code = code.replace(allowed, " " * len(allowed))
    found = []
    for number, line in enumerate(code.splitlines(), 1):
        for m in pattern.finditer(line):
            found.append(f"{path.relative_to(ROOT)}:{number}: {m.group(1)}")
    return found


def test_the_scanned_paths_exist_and_the_ids_are_known() -> None:
    assert all((ROOT / p).exists() for p in SCANNED)
    ids = owned_ids()
    assert len(module_ids()) == 17
    # a card, a milestone, a campaign kind and an option of a module each count
    assert {"fry_chef", "first_waitress_used", "gourmet_guide", "fry_chefs_food_only"} <= ids


@pytest.mark.parametrize("entry", SCANNED)
def test_no_module_id_outside_the_modules(entry: str) -> None:
    pattern = _pattern(owned_ids())
    found = [
        leak
        for path in files()
        if str(path.relative_to(ROOT)).startswith(entry)
        for leak in leaks(path, pattern)
    ]
    assert not found, "module ids outside src/fcm/modules:\n" + "\n".join(found)


def test_the_scan_finds_a_leak_in_code_and_strings_not_in_comments(tmp_path: Path) -> None:
    pattern = _pattern(owned_ids())
    py = tmp_path / "x.py"
    py.write_text(
        '"""Fry Chefs: fry_chef (a docstring)."""\n'
        "# E.FRY_CHEF in a comment\n"
        "A = E.FRY_CHEF\n"
        'B = "new_milestones"\n'
        'C = "rules in ketchup.md"\n'
    )
    js = tmp_path / "x.js"
    js.write_text(
        "// gourmet_guide in a comment\n"
        "/* reserve_prices\n   in a block */\n"
        "const a = `${x ? `${y}` : \"\"} and gourmet_guide`; // movie_stars\n"
        'const b = { url: "http://x" }; const c = e.reserve_prices;\n'
    )

    def found(path: Path) -> list[str]:
        code = python_code(path.read_text()) if path.suffix == ".py" else js_code(path.read_text())
        for allowed in ALLOWED:
            code = code.replace(allowed, " " * len(allowed))
        return [
            f"{n}:{m.group(1)}"
            for n, line in enumerate(code.splitlines(), 1)
            for m in pattern.finditer(line)
        ]

    assert found(py) == ["3:FRY_CHEF", "4:new_milestones"]
    assert found(js) == ["4:gourmet_guide", "5:reserve_prices"]


def test_every_playable_module_is_kept_out_of_the_core() -> None:
    assert set(CORE_CLEAN) == set(playable_modules())


@pytest.mark.parametrize("module", CORE_CLEAN)
def test_a_module_stays_out_of_the_core_and_the_satellites(module: str) -> None:
    """Kimchi (ketchup.md 5), and every other playable module: neither its id nor its cards,
    milestones, campaign kinds, goods or options are named in the engine's core, the rules
    help, the texts registry or any scanned satellite."""
    ids = ids_of(module)
    assert {"kimchi", "kimchi_master"} <= ids_of("kimchi")
    pattern = _pattern(ids)
    paths: list[Path] = list(files())
    for entry in CORE:
        path = ROOT / entry
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    found = [leak for path in paths for leak in leaks(path, pattern)]
    assert not found, f"{module} ids outside src/fcm/modules:\n" + "\n".join(found)


def module_records() -> set[str]:
    """What modules keep and bring as their own records (issue 24): the keys they keep on
    records of the state (``Module.keys``), their action types' tags and the fields the types
    that extend a base game action add to it."""
    from fcm.core.actions import ACTION_TYPES

    base_fields = {f.name for cls in ACTION_TYPES.values() for f in fields(cls)}
    names: set[str] = set()
    for m in playable_modules().values():
        names.update(k.name for k in m.keys)
        for spec in m.actions:
            names.add(spec.cls.type)
            extends = [b for b in spec.cls.__mro__[1:] if b in ACTION_TYPES.values()]
            if extends:  # a field added to a base action (a new action's own words may be any)
                names.update(f.name for f in fields(spec.cls) if f.name not in base_fields)
    return names


# Where a module's field names (its keys, the fields its action types add) may not be read by
# name: the report and the browser write them through the texts registry and the presentation.
FIELDS_CLEAN: tuple[str, ...] = (
    "src/fcm/report.py",
    "src/fcm/presentation.py",
    "src/fcm/server/web/js",
)


def module_fields() -> set[str]:
    """The keys modules keep on records and the fields their action types add to a base
    action (their tags are not fields: the decision panel still has sections of its own for
    some module action types)."""
    from fcm.core.actions import ACTION_TYPES

    base_fields = {f.name for cls in ACTION_TYPES.values() for f in fields(cls)}
    names: set[str] = set()
    for m in playable_modules().values():
        names.update(k.name for k in m.keys)
        for spec in m.actions:
            if any(b in ACTION_TYPES.values() for b in spec.cls.__mro__[1:]):
                names.update(f.name for f in fields(spec.cls) if f.name not in base_fields)
    return names


def test_module_fields_stay_out_of_the_report_and_the_browser() -> None:
    """Issue 24: the report and the browser read no module's field by name (New Milestones'
    two-good airplane was ``second_good`` in report.py, format.js and board.js; its salaries
    in goods ``salary_goods`` in the presentation and decisions.js; Reserve Prices' price
    ``price`` in decisions.js): the goods a campaign advertises come from the texts
    registry's ``campaign_goods`` and the presentation's ``more_goods``. Nor any module's action
    type: the decision panel shows them from the presentation's generic data (a training at
    work as a training, ``shown_as``; its sentence, ``intro``; a salary paid with an item,
    ``paying_good``), no longer by their tags (``train_at_work``, ``choose_two_goods``,
    ``pay_salary`` in decisions.js)."""
    names = module_fields() | module_records()
    assert {"second_good", "salary_goods", "reserve_price", "reward", "train_at_work",
            "choose_two_goods", "pay_salary"} <= names
    pattern = _pattern(names)
    paths: list[Path] = []
    for entry in FIELDS_CLEAN:
        path = ROOT / entry
        paths += sorted(p for p in path.rglob("*") if p.suffix in (".py", ".js")) \
            if path.is_dir() else [path]
    found = [leak for path in paths for leak in leaks(path, pattern)]
    assert not found, "module fields named in the report or the browser:\n" + "\n".join(found)


def test_module_records_stay_out_of_the_core() -> None:
    """A module's records are its own (issue 24: New Milestones' two-good airplane, its
    rewarded campaigns and its training at work left core's ``Campaign``, ``WorkingTurn``,
    ``ChooseAdvert`` and ``Train``): no key a module keeps, no tag of its action types and no
    field they add is named in the engine's core, the rules help or the texts registry."""
    names = module_records()
    assert {"second_good", "reward", "trained_at_work", "train_at_work",
            "choose_two_goods", "free_mailbox", "pay_salary", "salary_goods",
            "reserve_price", "choose_reserve_price"} <= names  # fmt: skip
    pattern = _pattern(names)
    paths: list[Path] = []
    for entry in CORE:
        path = ROOT / entry
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    found = [leak for path in paths for leak in leaks(path, pattern)]
    assert not found, "module records named in the core:\n" + "\n".join(found)


# Module words as the project's pre-stop check greps them (case-insensitive, parts of words):
# anywhere in the scanned paths, comments, docstrings and generated declarations included. The
# modules' generated payload types live in src/fcm/modules/payloads.d.ts (fcm.server.typegen).
WORDS = re.compile(
    r"new_milestones|fry_chef|night_shift|movie_star|gourmet|reserve_price|hard_choices"
    r"|mass_market|kimchi|sushi|noodle|coffee|lobbyist|new_districts|rural_market|six_players",
    re.IGNORECASE,
)


def every_file(entry: str) -> list[Path]:
    """Every text file under a scanned path (as ``grep -r`` reads it; caches left out)."""
    path = ROOT / entry
    if not path.is_dir():
        return [path]
    return sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_the_words_name_every_playable_module() -> None:
    """A module added later is named in :data:`WORDS` too (by its id, or a word of it)."""
    missing = [m for m in playable_modules() if m != "ketchup" and not WORDS.search(m)]
    assert not missing, f"add {missing} to WORDS"


@pytest.mark.parametrize("entry", SCANNED)
def test_no_module_word_anywhere_in_the_scanned_paths(entry: str) -> None:
    """Issue 24: not even a comment, a docstring or a generated type of the browser's names a
    module in the scanned paths (the words a module's step or tile has are generic)."""
    found = []
    for path in every_file(entry):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # (no binary file is scanned by the check either)
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{number}: {m.group(0)}"
                      for m in WORDS.finditer(line)]
    assert not found, "module words in " + entry + ":\n" + "\n".join(found)


def test_the_generated_module_types_sit_outside_the_scanned_paths() -> None:
    """The modules' payload declarations are generated outside every scanned path (so the
    word scan above reads all of the browser's own files and none of the modules')."""
    from fcm.server import typegen

    generated = typegen.MODULES_OUT.resolve()
    assert generated.exists() and WORDS.search(generated.read_text())
    for entry in SCANNED:
        assert not generated.is_relative_to((ROOT / entry).resolve()), entry
