"""Mass Marketeers (ketchup.md 11).

Trained from the (replacement) Marketing Trainee (19.1 row 4: the KX2 career). It places no
tile and is never busy. For each Mass Marketeer at work, all players' together, Marketing runs
one extra complete pass: every campaign in number order, then all again, and one duration piece
per campaign is removed only after the last pass. Demand caps still apply. Passes run even
without campaigns. A marketing card: First billboard placed waives its salary (19.1 row 18).
"""

from __future__ import annotations

from dataclasses import replace

from fcm.core.extensions import Extensions, TableRules
from fcm.core.state import GameState
from fcm.modules._data import add_cards
from fcm.modules.mass_marketeers import ids
from fcm.rulesets import Module, known_modules

ID = "mass_marketeers"


def extra_passes(state: GameState) -> int:
    return sum(p.at_work.count(ids.MASS_MARKETEER) for p in state.players)


def table(state: GameState, rules: TableRules) -> TableRules:
    extra = extra_passes(state)
    return replace(rules, marketing_passes=rules.marketing_passes + extra) if extra else rules


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        data=lambda raw, chosen: add_cards(raw, ID),
        extensions=Extensions(table_rules=(table,)),
    )
