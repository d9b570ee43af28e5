"""New Milestones' texts (ketchup.md 3): how the report and the browser write its events."""

from __future__ import annotations

from fcm.texts import ModuleTexts, register_texts

register_texts(
    "new_milestones",
    ModuleTexts(
        events={
            "milestone_income": (
                "{seat|seat} earns {amount|money} ({milestone|milestone}: {tokens} demand "
                "{tokens|plural:token:tokens} from campaign #{campaign} on house {house})."
            ),
            # the free mailbox: always eternal (the radios and refusals are variants)
            "milestone_campaign": (
                "{seat|seat} gets {campaign_type} #{number} for {good} from "
                "{milestone|milestone}, eternal, at {cells|cells}."
            ),
            "money_left_game": (
                "{amount|money} leaves the bank for good ({milestone|milestone}: {seat|seat} "
                "discounts by {discount|money}); the bank holds {bank|money}."
            ),
        },
        variants={
            "milestone_campaign": (
                ("why", "{seat|seat}: no {campaign_type} from {milestone|milestone} ({why})."),
                (
                    "house",
                    "{seat|seat} gets {campaign_type} #{number} for {good} from "
                    "{milestone|milestone} (house {house} bought pizza), {duration} rounds, "
                    "at {cells|cells}.",
                ),
            ),
        },
    ),
)
