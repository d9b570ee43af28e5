"""What the modules' action types share (``ActionType.notation``, ``label``, ``placing``,
``intro``): a text of a module's catalog in a language, and squares as the notation writes
them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fcm.core.types import Cell


def text(msg: str, lang: str, **fields: Any) -> str:
    """The message ``msg`` in ``lang`` with ``fields`` (a button, what a placement places, a
    section's sentence); the catalogs load only when a page asks."""
    from fcm.i18n import t

    return t(msg, lang, **fields)


def square(cell: Cell) -> str:
    """A square as the notation and the buttons write it: ``row,col``."""
    return f"{cell[0]},{cell[1]}"


def squares(cells: Iterable[Cell]) -> str:
    """A tile's squares, each as :func:`square`, separated by spaces."""
    return " ".join(square(c) for c in cells)
