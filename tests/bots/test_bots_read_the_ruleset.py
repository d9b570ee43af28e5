"""Bots read the ruleset of the game they play (``view.rules``), never the base game's catalog,
so a variant's or an expansion's cards are what they see (issue 11, item 2)."""

from __future__ import annotations

from typing import Any

import fcm
from fcm.bots.heuristic import pack_structure, seats_short
from fcm.core.ruleset import build_ruleset
from fcm.core.state import Options
from fcm.core.views import view
from fcm.data import load_raw, parse_catalog
from fcm.rulesets import register_ruleset

CARDS = ["management_trainee", "waitress", "waitress", "waitress", "errand_boy"]


def _variant(card_id: str, **changes: Any) -> Any:
    raw = load_raw()
    card = next(e for e in raw["employees.json"]["employees"] if e["id"] == card_id)
    card.update(changes)
    return parse_catalog(raw)


def test_the_bots_seat_cards_by_the_games_own_cards() -> None:
    """Restructuring (excerpt 000): a Management Trainee with 4 slots (the base game's has 2)
    changes whether the company's cards fill its structure, as the bots see it."""
    register_ruleset("test_roomy_trainees", lambda: build_ruleset(
        "test_roomy_trainees", _variant("management_trainee", slots=4)))
    seen = {}
    for ruleset in ("base", "test_roomy_trainees"):
        state = fcm.new_game(players=2, seed=7, options=Options(ruleset=ruleset))
        state.players[0].hand = list(CARDS)
        v = view(state, 0)
        seen[ruleset] = (seats_short(v, 0), pack_structure(v.rules, list(CARDS), 3, {}))
    # base: the trainee's 2 slots and 2 free CEO slots seat the 4 others: full
    assert seen["base"][0] is True and sorted(seen["base"][1]) == sorted(CARDS)
    # the variant: 2 + 4 seats for 4 others: room to spare
    assert seen["test_roomy_trainees"][0] is False
    assert sorted(seen["test_roomy_trainees"][1]) == sorted(CARDS)

