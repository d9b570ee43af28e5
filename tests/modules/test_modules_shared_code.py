"""Issue 24: the modules share their common code (fcm.modules._actions, fcm.modules._data)
instead of copying it: no function is defined with the same parameters and body (docstring
aside) in two modules' packages, as Coffee's and Rural Marketeers' button text and square
helpers were, or the three modules' readers of their own data.json."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from fcm.modules._actions import square, squares, text

MODULES = Path(__file__).parents[2] / "src" / "fcm" / "modules"


def _body(node: ast.FunctionDef) -> str:
    body = node.body
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        body = body[1:]  # the docstring may differ
    return ast.dump(node.args) + ast.dump(ast.Module(body=body, type_ignores=[]))


def copies(root: Path = MODULES) -> list[list[str]]:
    """Functions defined alike in more than one module's package under ``root``."""
    seen: dict[str, list[str]] = defaultdict(list)
    for path in sorted(root.glob("*/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                seen[_body(node)].append(f"{path.parent.name}/{path.name}:{node.name}")
    return [where for where in seen.values() if len({w.split("/")[0] for w in where}) > 1]


def test_no_function_is_copied_between_modules() -> None:
    assert not copies(), "shared code copied between modules (move it to fcm/modules/_*.py):\n" \
        + "\n".join(map(str, copies()))


def test_the_scan_finds_a_copy_whatever_its_docstring(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "actions.py").write_text(
            f'def _at(cell):\n    """{name}"""\n    return f"{{cell[0]}},{{cell[1]}}"\n'
            f"def _{name}(x):\n    return x + {len(name) if name == 'a' else 2}\n")
    assert copies(tmp_path) == [["a/actions.py:_at", "b/actions.py:_at"]]


def test_the_shared_helpers_write_squares_and_texts() -> None:
    assert square((3, 12)) == "3,12"
    assert squares([(0, 1), (0, 2)]) == "0,1 0,2"
    assert text("coffee.place.what", "en") != "coffee.place.what"  # a module's catalog text
