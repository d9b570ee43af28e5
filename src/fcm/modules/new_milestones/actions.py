"""The action types New Milestones brings (ketchup.md 3), given to its rulesets' JSON codec and
notation through ``Module.actions``.

A card trained at work and a two-good airplane were once base actions with a flag
(``{"type": "train", ..., "at_work": true}``, ``{"type": "choose_advert", ...,
"second_good": ...}``); ``ActionType.reads`` keeps such saved games loading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fcm.core.actions import Action, ActionType, ChooseAdvert, Train
from fcm.core.types import Cell, Good
from fcm.modules._actions import square, text


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


@dataclass(frozen=True, slots=True)
class TrainAtWork(Train):
    """First lemonade sold (ketchup.md 3): ``trainer`` trains a card at work (not on the beach)
    into a card of the same colour; ``fresh`` continues a card trained at work this turn."""

    type: ClassVar[str] = "train_at_work"


@dataclass(frozen=True, slots=True)
class ChooseTwoGoods(ChooseAdvert):
    """First brand manager used (ketchup.md 3): the placed airplane advertises ``good`` and
    ``second_good`` (placed after it on each house) for ``duration`` rounds."""

    type: ClassVar[str] = "choose_two_goods"
    second_good: Good


def _label(msg: str, lang: str, good: Good, **fields: Any) -> str:
    """A button's text in ``lang``, naming ``good`` in that language."""
    from fcm.report import name

    return text(msg, lang, good=name(lang, "good", good.value), **fields)


def _train_label(a: TrainAtWork, lang: str) -> str:
    from fcm.i18n import t
    from fcm.report import name

    more = (t("action.train_continued", lang) if a.fresh else "") + t("action.train_at_work", lang)
    return t("action.train", lang, card=name(lang, "card", a.employee),
             into=name(lang, "card", a.into), trainer=name(lang, "card", a.trainer), more=more)


def _two_goods_label(a: ChooseTwoGoods, lang: str) -> str:
    from fcm.i18n import t
    from fcm.report import name

    both = t("log.good_and", lang, first=name(lang, "good", a.good.value),
             second=name(lang, "good", a.second_good.value))
    return t("action.advert", lang, goods=both, count=a.duration)


ACTIONS = (
    ActionType(
        TrainAtWork,
        fields={"trainer": "employee", "employee": "employee", "into": "employee",
                "fresh": "bool"},
        notation=lambda a: (
            f"train {a.employee} at work{' (fresh)' if a.fresh else ''} -> {a.into} by {a.trainer}"
        ),
        label=_train_label,
        reads=(("train", "at_work"),),
        shown_as=Train.type,
        intro=lambda lang: text("new_milestones.intro.train_at_work", lang),
    ),
    ActionType(
        ChooseTwoGoods,
        fields={"good": "good", "duration": "int", "second_good": "good"},
        notation=lambda a: f"advertise {a.good.value} and {a.second_good.value} for {a.duration}",
        label=_two_goods_label,
        reads=(("choose_advert", "second_good"),),
        intro=lambda lang: text("new_milestones.intro.two_goods", lang),
    ),
    ActionType(
        FreeMailbox,
        fields={"number": "int", "cell": "cell", "good": "good"},
        notation=lambda a: f"free mailbox #{a.number} at {a.cell[0]},{a.cell[1]} {a.good.value}",
        label=lambda a, lang: _label(
            "action.free_mailbox", lang, a.good, number=a.number, cell=square(a.cell)),
    ),
    ActionType(
        PaySalary,
        fields={"good": "good"},
        notation=lambda a: f"pay salary with {a.good.value}",
        label=lambda a, lang: _label("action.pay_salary", lang, a.good),
    ),
)
