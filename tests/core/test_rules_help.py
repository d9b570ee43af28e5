"""'Why can't I do this?' (fcm.rules_help, issue 13 item 4): the engine's own reason, in the
game's words, for an action that is not allowed or a card that cannot be used now; nothing
changes, and an allowed action is said to be allowed (the legal-action generator decides)."""

from __future__ import annotations

from typing import Any

import fcm
from fcm.rules_help import card_help, why

NAMES = {0: "Ann", 1: "Bob"}
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]

HIRING: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES,
    "round": 2, "phase": "working", "turn_order": [0, 1],
    "companies": [{"reserve": 300}, {"reserve": 100}],
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"},
                    {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    "supply": {"waitress": 0},
}
RESTRUCTURING: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2, "tiles": TILES,
    "round": 2, "phase": "restructuring", "turn_order": [0, 1],
    "companies": [{"hand": ["waitress", "trainer"], "reserve": 300},
                  {"hand": ["kitchen_trainee", "errand_boy"], "reserve": 100}],
}


def test_an_empty_pile_cannot_be_hired_facts_a3() -> None:
    """facts.md A.3 Hire: a card whose pile is empty can be hired only if trained upward the
    same turn (only the final card must exist)."""
    state = fcm.load_scenario(HIRING)
    before = state.state_hash()
    answer = why(state, 0, fcm.action_from_json({"type": "hire", "employee": "waitress"}), NAMES)
    assert answer["allowed"] is False and answer["code"] == "action/illegal"
    assert "no Waitress is left" in answer["text"]
    assert "waitress" not in answer["text"]  # the card's name, not its id
    assert state.state_hash() == before  # asking changes nothing


def test_only_entry_level_cards_are_hired_facts_a3() -> None:
    """facts.md A.3 Hire: only entry-level cards (a CFO is not one)."""
    state = fcm.load_scenario(HIRING)
    help_ = card_help(state, 0, "cfo", NAMES)
    assert help_["name"] == "CFO" and help_["now"] == []
    assert help_["why_not"][0]["action"] == {"type": "hire", "employee": "cfo"}
    assert "only entry-level employees can be hired (CFO is not)" in help_["why_not"][0]["text"]


def test_an_allowed_action_and_the_cards_choices() -> None:
    state = fcm.load_scenario(HIRING)
    assert why(state, 0, fcm.action_from_json({"type": "hire", "employee": "errand_boy"}))[
        "allowed"] is True
    now = card_help(state, 0, "errand_boy")["now"]
    assert {"action": {"type": "hire", "employee": "errand_boy"},
            "label": "Hire Errand Boy"} in now


def test_not_your_turn_names_whose_it_is_facts_e2() -> None:
    """facts.md E.2: Working 9-5 is played one chain at a time, in turn order."""
    state = fcm.load_scenario(HIRING)
    answer = why(state, 1, fcm.action_from_json({"type": "hire", "employee": "errand_boy"}),
                 NAMES)
    assert answer["code"] == "action/not_your_turn"
    assert "waits for Ann" in answer["text"] and "seat" not in answer["text"]
    assert card_help(state, 1, "errand_boy")["why_not"][0]["text"] == "It is not your decision now."


def test_only_cards_in_hand_go_to_work_facts_a3() -> None:
    """facts.md A.3 Restructuring: each player splits their hand into at work and the beach;
    a card not in the hand cannot be sent to work."""
    state = fcm.load_scenario(RESTRUCTURING)
    assert card_help(state, 0, "waitress")["now"][0]["label"] == "Send Waitress to work"
    no = card_help(state, 0, "errand_boy", NAMES)
    assert no["now"] == []
    assert "Errand Boy" in no["why_not"][0]["text"] and "hand" in no["why_not"][0]["text"]
