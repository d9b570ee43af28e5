"""The action types New Milestones brings (ketchup.md 3), registered with the JSON codec and
the notation (``fcm.core.actions.register_action``) through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell, Good


@dataclass(frozen=True, slots=True)
class FreeMailbox(Action):
    """First new restaurant (ketchup.md 3): build free mailbox tile ``number`` at ``cell`` (its
    top-left square), in the new restaurant's block, eternal, advertising ``good``."""

    type: ClassVar[str] = "free_mailbox"
    number: int
    cell: Cell
    good: Good


@dataclass(frozen=True, slots=True)
class PaySalary(Action):
    """Payday, salaries in goods (First beer sold, ketchup.md 3, 19.3): one item of ``good``
    from your stock pays one salary; ``Done`` pays the rest in cash."""

    type: ClassVar[str] = "pay_salary"
    good: Good


def _label(msg: str, lang: str, good: Good, **fields: Any) -> str:
    """A button's text in ``lang`` (the catalogs load only when a page asks)."""
    from fcm.i18n import t
    from fcm.report import name

    return t(msg, lang, good=name(lang, "good", good.value), **fields)


ACTIONS = (
    ActionType(
        FreeMailbox,
        fields={"number": "int", "cell": "cell", "good": "good"},
        notation=lambda a: f"free mailbox #{a.number} at {a.cell[0]},{a.cell[1]} {a.good.value}",
        label=lambda a, lang: _label(
            "action.free_mailbox", lang, a.good, number=a.number, cell=f"{a.cell[0]},{a.cell[1]}"),
    ),
    ActionType(
        PaySalary,
        fields={"good": "good"},
        notation=lambda a: f"pay salary with {a.good.value}",
        label=lambda a, lang: _label("action.pay_salary", lang, a.good),
    ),
)
