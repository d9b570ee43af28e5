"""New Milestones' texts (ketchup.md 3): how the report and the browser write its events (message
ids of the module's own catalog, ``locale/<lang>.po``)."""

from __future__ import annotations

from pathlib import Path

from fcm.modules.new_milestones import NO_MAILBOX, NO_RADIO, NO_RADIO_SQUARE, SOLD_WHY, WHAT
from fcm.texts import ModuleTexts, reason_pattern, register_texts

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
        # the log's English reasons: a claim's (per milestone) and a refused piece's
        reasons=(
            *((reason_pattern(english), f"new_milestones.claimed.{milestone}")
              for milestone, english in sorted(WHAT.items())),
            (reason_pattern(SOLD_WHY), "new_milestones.claimed.sold"),
            (reason_pattern(NO_RADIO), "new_milestones.refused.no_radio"),
            (reason_pattern(NO_RADIO_SQUARE), "new_milestones.refused.no_radio_square"),
            (reason_pattern(NO_MAILBOX), "new_milestones.refused.no_mailbox"),
        ),
        catalog=Path(__file__).parent / "locale",
    ),
)
