"""The action types New Milestones brings (ketchup.md 3), registered with the JSON codec and
the notation (``fcm.core.actions.register_action``) through ``Module.actions``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

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


ACTIONS = (
    ActionType(
        FreeMailbox,
        fields={"number": "int", "cell": "cell", "good": "good"},
        notation=lambda a: f"free mailbox #{a.number} at {a.cell[0]},{a.cell[1]} {a.good.value}",
        label=lambda a: (
            f"Free mailbox #{a.number} at {a.cell[0]},{a.cell[1]} for {a.good.value} (eternal)"
        ),
    ),
    ActionType(
        PaySalary,
        fields={"good": "good"},
        notation=lambda a: f"pay salary with {a.good.value}",
        label=lambda a: f"Pay a salary with {a.good.value}",
    ),
)
