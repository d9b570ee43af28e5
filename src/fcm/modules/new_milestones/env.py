"""New Milestones (ketchup.md 3) in the research environment: its four decisions are action
blocks after every base block, in this order (docs/research.md):

=====================  ===================================================================
choose_two_goods       good, second good, duration (a two-good airplane)
free_mailbox           mailbox tile (7..10), square, good (First new restaurant)
train_at_work          trainer, training edge (First lemonade sold)
pay_salary             good (First beer sold: an item pays a salary)
=====================  ===================================================================
"""

from __future__ import annotations

from fcm.core.actions import Action
from fcm.core.state import GameState
from fcm.env.encoding import Encoding
from fcm.env.extensions import ActionBlocks, Dims, EnvBlocks, register_env
from fcm.modules.new_milestones.actions import (
    ChooseTwoGoods,
    FreeMailbox,
    PaySalary,
    TrainAtWork,
)

MAILBOXES: tuple[int, ...] = (7, 8, 9, 10)  # the free mailbox: a mailbox tile
# advertised goods are the encoding's marketable goods (``enc.marketable``)


def _blocks(enc: Encoding) -> Dims:
    return (
        ("choose_two_goods", (len(enc.marketable), len(enc.marketable), enc.max_duration)),
        ("free_mailbox", (len(MAILBOXES), enc.squares, len(enc.marketable))),
        ("train_at_work", (len(enc.trainers), len(enc.train_edges))),
        ("pay_salary", (len(enc.goods),)),
    )


def _encode(enc: Encoding, state: GameState, a: Action) -> int | None:
    B = enc.blocks
    match a:
        case TrainAtWork(trainer=t, employee=e, into=i):
            return B["train_at_work"].index(enc.trainer[t], enc.train_edge[(e, i)])
        case ChooseTwoGoods(good=g, duration=d, second_good=g2):
            ad = enc.advert_index
            return B["choose_two_goods"].index(ad[g], ad[g2], d - 1)
        case FreeMailbox(number=n, cell=cell, good=g):
            return B["free_mailbox"].index(
                MAILBOXES.index(n), enc.square(cell), enc.advert_index[g]
            )
        case PaySalary(good=g):
            return B["pay_salary"].index(enc.good_index[g])
    return None


def _decode(enc: Encoding, state: GameState, block: str, f: tuple[int, ...]) -> Action:
    if block == "choose_two_goods":
        return ChooseTwoGoods(enc.marketable[f[0]], f[2] + 1, enc.marketable[f[1]])
    if block == "free_mailbox":
        return FreeMailbox(MAILBOXES[f[0]], enc.cell_of(f[1]), enc.marketable[f[2]])
    if block == "pay_salary":
        return PaySalary(enc.goods[f[0]])
    employee, into = enc.train_edges[f[1]]
    return TrainAtWork(enc.trainers[f[0]], employee, into)


register_env("new_milestones", EnvBlocks(actions=ActionBlocks(_blocks, _encode, _decode)))
