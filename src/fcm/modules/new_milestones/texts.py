"""New Milestones' texts (ketchup.md 3): how the report and the browser write its events (message
ids of the module's own catalog, ``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.texts import ModuleTexts, register_texts

_EVENT = "new_milestones.event."

register_texts(
    "new_milestones",
    ModuleTexts(
        events={
            "milestone_income": _EVENT + "milestone_income",
            # the free mailbox: always eternal (the radios and refusals are variants)
            "milestone_campaign": _EVENT + "milestone_campaign",
            "money_left_game": _EVENT + "money_left_game",
        },
        variants={
            "milestone_campaign": (
                ("why", _EVENT + "milestone_campaign.why"),
                ("house", _EVENT + "milestone_campaign.house"),
            ),
        },
        # a two-good airplane's second good, in its campaign events (ketchup.md 3)
        campaign_goods=("second_good",),
        catalog=Path(__file__).parent / "locale",
    ),
)
