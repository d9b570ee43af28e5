"""Hard Choices (ketchup.md 16): five base milestones leave the game if nobody claims them in
time. First burger / pizza / drink marketed and First to train someone are removed in the Clean
up of round 2, First to hire 3 people in one turn in the Clean up of round 3, if still
unclaimed; claimed in time they work as usual. Only with the base milestone set (it excludes New
Milestones). The removal itself is the engine's ``Ruleset.milestone_expiry``.
"""

from __future__ import annotations

from fcm.core.types import MILESTONE_IDS
from fcm.modules._data import setup_of
from fcm.rulesets import Module, known_modules

ID = "hard_choices"


def module() -> Module:
    marks = setup_of(ID)["remove_after_round"]
    return Module(
        info=known_modules()[ID],
        data=lambda raw, chosen: None,
        milestone_expiry={MILESTONE_IDS[m]: int(r) for m, r in marks.items()},
    )
