"""No player-visible English left in the converted presentation layer (issue 27 item 1): the
Python modules that write what a player reads, and the converted pages' JS, hold message ids,
never prose. A scan for string literals that read as English words; the few exceptions are
listed with why."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "fcm"
PYTHON = [
    "presentation.py", "report.py", "rules_help.py", "texts.py", "i18n.py",
    *sorted(str(p.relative_to(SRC)) for p in SRC.glob("modules/*/texts.py")),
    # the coach: the tutorial and the lessons (their texts are the catalogs' lesson.<id>.*)
    "tutorial.py", "lessons.py",
    *sorted(str(p.relative_to(SRC)) for p in SRC.glob("modules/*/lessons.py")),
]
JS_DIR = SRC / "server" / "web" / "js"
# every page's JS: the lobby's and the game page's (decisions, board, Dinnertime, results, log,
# chat, clock, replay, tutorial, lessons, admin...); a new file is scanned without listing it
JS = sorted(p.name for p in JS_DIR.glob("*.js"))
# Functions whose English is not a player's text: engine messages kept word for word (the
# engine's reasons are not yet typed codes: explain_error shows them as the rule's wording),
# and the checks of engine strings.
ALLOWED_FUNCTIONS = {"_explain_english"}
ALLOWED_STRINGS = {"Food Chain Magnate", "swatch big"}  # a class list reads like words
# two or more words of letters: prose (ids, templates' placeholders and CSS classes are not)
_PROSE = re.compile(r"[A-Za-z][a-z']+(?:[ ,;:]+[A-Za-z][a-z']+)+")


def _docstrings(tree: ast.AST) -> set[int]:
    """Docstrings, and the bare strings documenting a module attribute."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def _skipped(tree: ast.AST) -> set[int]:
    """Literals that are not shown: docstrings, error messages raised (developer-facing, with
    a code), the engine's own end reasons matched against, and allowed functions' bodies."""
    out = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in ALLOWED_FUNCTIONS:
            out |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Raise):
            out |= {id(n) for n in ast.walk(node)}
        # patterns matching the engine's (English) messages
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"compile", "sub", "match"}):
            out |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Dict):  # keys: the engine's strings looked up
            out |= {id(k) for k in node.keys if k is not None}
    return out


def python_prose(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _skipped(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and node.value not in ALLOWED_STRINGS
                and _PROSE.search(node.value) and " " in node.value.strip()):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return found


@pytest.mark.parametrize("name", PYTHON)
def test_python_presentation_holds_no_english_prose(name: str) -> None:
    assert python_prose(SRC / name) == []


_JS_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')
_NOT_TEXT = re.compile(r"(class|data-test|href|type|name|autocomplete|rel|src|role|method|"
                       r"credentials|accept|content-type)\s*:\s*$")
# CSS values and media queries (a border, a transform), not words a player reads
_CSS = re.compile(r"[\d}]px\b|#[0-9a-fA-F]{3,8}\b|^\(prefers-")


def js_prose(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = []
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        # comments, and a thrown Error's message (a developer's, never shown as a page's text)
        if stripped.startswith(("*", "/*", "//")) or "throw new Error(" in line:
            continue
        code = line.split("//")[0]
        for m in _JS_LITERAL.finditer(code):
            lit = m.group(1) if m.group(1) is not None else m.group(2)
            plain = re.sub(r"\$\{[^}]*\}", "", lit)
            if (plain in ALLOWED_STRINGS or not _PROSE.search(plain) or " " not in plain.strip()
                    or _NOT_TEXT.search(code[: m.start()]) or _CSS.search(lit)):
                continue
            found.append(f"{path.name}:{lineno}: {lit!r}")
    return found


@pytest.mark.parametrize("name", JS)
def test_converted_js_holds_no_english_prose(name: str) -> None:
    assert js_prose(JS_DIR / name) == []


def test_the_game_pages_js_is_scanned() -> None:
    """The game page's files are in the scan (issue 27: no English literal left in the JS)."""
    assert {"game.js", "decisions.js", "board.js", "dinner.js", "results.js", "format.js",
            "chat.js", "clock.js", "replay.js", "tutorial.js", "admin.js"} <= set(JS)


def test_the_scan_finds_prose(tmp_path: Path) -> None:
    """The scan is not a formality: it finds an English sentence put back into a page, and
    leaves its message id, a CSS value and a comment alone."""
    page = tmp_path / "page.js"
    page.write_text('// a comment in words\n'
                    'h("p", { style: { border: "2px solid #a16207" } }, t("dec.undo"));\n'
                    'h("button", {}, "Undo my last action");\n', encoding="utf-8")
    assert js_prose(page) == ["page.js:3: 'Undo my last action'"]
