""""Why can't I do this?" (issue 13 item 4): the engine's own answer, for an action a player
tries or a card they tap, in the game's words.

Nothing here decides legality. An action is allowed exactly when the legal-action generator
(:func:`fcm.legal_actions`) lists it; when it does not, the reason is the message the engine
raises on applying it (to a copy: ``apply`` is pure, the game never changes), which names the
rule, said with the game's names by :func:`fcm.presentation.explain_error`.

For a card, the question is "what can I do with it now?": the legal actions that name it, and
when there are none, the engine's reason for the action the card is for in this phase and step
(sending it to work in Restructuring, hiring it in Working 9-5's hire step, firing it at Payday,
and so on).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fcm.core.actions import Action, action_from_json
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.errors import FcmError
from fcm.core.state import GameState

# -- the rules help's texts (the page shows them; it holds none of its own) ----------------------

# What each campaign type reaches at Marketing (facts.md, Phase 6; ketchup.md 13 for guides).
CAMPAIGN_REACH: dict[str, str] = {
    "billboard": "every house orthogonally next to one of its squares (a garden next to it is "
    "enough; diagonal does not count)",
    "mailbox": "every house in its block: the area reached without crossing a road, bounded by "
    "roads and the map edge",
    "radio": "every house with a square on the radio's map tile or one of the 8 tiles around it",
    "airplane": "every house with a square in the full rows or columns of the map it lines up "
    "with",
    "gourmet_guide": "every house with a garden (it lies beside the board)",
}

CAMPAIGN_RULE = ("At each Marketing it puts 1 demand for its item on {reach}. A house holds at "
                 "most 3 demand (5 with a garden).")

# The glossary of the Rules tab (the game's words, as this project uses them).
GLOSSARY: list[tuple[str, str]] = [
    ("Price + distance", "At Dinnertime each house with demand eats at the chain with the "
     "lowest unit price plus road distance from a restaurant entrance that can serve all of "
     "its demand; ties go to more Waitresses, then the earlier turn order."),
    ("Distance", "Counted in tile borders crossed along roads, never in squares."),
    ("Open slots", "The CEO's free slots plus the free slots of managers at work; in Order of "
     "Business the chain with the most open slots chooses its position first."),
    ("At work", "The cards sent to work in Restructuring: the CEO at the top, managers in its "
     "slots, other employees in the slots of the CEO or a manager."),
    ("Beach", "Cards you own that are not at work this round (new hires go there)."),
    ("Entry level", "A card you may hire directly; every other card is trained from one."),
    ("Coming Soon", "A restaurant placed during Working 9–5 opens at Clean up; until then it "
     "serves nobody."),
    ("Eternal", "A campaign that never runs out (with First billboard placed); its marketeer "
     "stays busy for the rest of the game."),
    ("Busy marketeer", "A marketeer whose campaign is on the board: not at work and not in "
     "your hand until the campaign ends."),
    ("Milestone", "Claimed the moment its condition is met; everyone who meets it in the same "
     "round gets it too; its effect lasts the whole game."),
    ("Bank break", "When the bank cannot pay, the reserve cards are revealed: they refill the "
     "bank and set every CEO's slots. The second break ends the game after that Dinnertime."),
    ("Reserve card", "Chosen secretly at the start; revealed at the first bank break."),
    ("Salaries", "$5 at Payday for each salaried card you own (at work, on the beach or busy), "
     "less your discounts; you may fire cards first."),
    ("Garden", "A house with a garden pays double for its items and holds up to 5 demand."),
    ("Drive-in", "With a Local or Regional Manager at work, your open restaurants use all four "
     "corners as entrances until Clean up."),
]


def campaign_rule(kind: str) -> str:
    """The rules text of a campaign tile of type ``kind``."""
    return CAMPAIGN_RULE.format(reach=CAMPAIGN_REACH.get(kind, "the houses it reaches"))


def why(state: GameState, seat: int, action: Action,
        names: Mapping[int, str] | None = None) -> dict[str, Any]:
    """``{"allowed", "code", "text"}``: whether ``seat`` may play ``action`` now, and if not,
    the engine's reason in the game's words."""
    from fcm.presentation import explain_error

    if action in legal_actions(state, seat):
        return {"allowed": True, "code": None, "text": "This is allowed now."}
    try:
        apply(state, seat, action)
    except FcmError as exc:
        return {"allowed": False, "code": exc.code,
                "text": explain_error(exc.message, state.rules, names)}
    # accepted by the engine but not listed: the generator is the law (never reached unless
    # the two disagree, which the property tests forbid)
    return {"allowed": False, "code": "action/illegal",
            "text": "This is not one of your choices now."}


def _mentions(action: Action, employee: str) -> bool:
    return employee in {v for v in action.to_json().values() if isinstance(v, str)}


def _probes(state: GameState, seat: int, employee: str) -> list[dict[str, Any]]:
    """The actions a card is for at this point of the round (to ask the engine why not)."""
    phase = state.turn.phase.value
    if phase == "restructuring":
        return [{"type": "send_to_work", "employee": employee}]
    if phase == "payday":
        return [{"type": "fire", "employee": employee}]
    if phase == "working":
        return [{"type": "hire", "employee": employee}]
    return []


def card_help(state: GameState, seat: int, employee: str,
              names: Mapping[int, str] | None = None) -> dict[str, Any]:
    """What ``seat`` can do with the card ``employee`` now: ``{"card", "name", "now":
    [legal actions naming it], "why_not": [{"action", "text"}]}``."""
    from fcm.presentation import _label

    card = next((c for k, c in state.rules.catalog.employees.items() if k == employee), None)
    if card is None:
        raise FcmError(f"there is no card {employee!r}", code="action/invalid")
    now = [a for a in legal_actions(state, seat) if _mentions(a, employee)]
    out: dict[str, Any] = {
        "card": employee, "name": card.name,
        "now": [{"action": a.to_json(), "label": _label(state, a)} for a in now],
        "why_not": [],
    }
    if now:
        return out
    if seat not in current_actors(state):
        out["why_not"].append({"action": None, "text": "It is not your decision now."})
        return out
    for raw in _probes(state, seat, employee):
        answer = why(state, seat, action_from_json(raw), names)
        if not answer["allowed"]:
            out["why_not"].append({"action": raw, "text": answer["text"]})
    if not out["why_not"]:
        out["why_not"].append({"action": None,
                               "text": f"No choice of yours now involves {card.name}."})
    return out
