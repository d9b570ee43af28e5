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
from fcm.i18n import DEFAULT_LOCALE, messages, t

# -- the rules help's texts (the page shows them; it holds none of its own) ----------------------
# Every text is a message of the catalog (fcm.i18n): ``rules.reach.<campaign type>``,
# ``rules.campaign``, and the glossary's ``glossary.<term>`` / ``glossary.<term>.text``.

# The glossary of the Rules tab (the game's words, as this project uses them), by message id.
GLOSSARY_TERMS: tuple[str, ...] = (
    "price_distance", "distance", "open_slots", "at_work", "beach", "entry_level",
    "coming_soon", "eternal", "busy_marketeer", "milestone", "bank_break", "reserve_card",
    "salaries", "garden", "drive_in",
)


def glossary_terms(lang: str = DEFAULT_LOCALE) -> list[tuple[str, str]]:
    """The base game's glossary in ``lang``: (term, text) pairs."""
    return [(t(f"glossary.{k}", lang), t(f"glossary.{k}.text", lang)) for k in GLOSSARY_TERMS]


GLOSSARY: list[tuple[str, str]] = glossary_terms()

# What each campaign type reaches at Marketing, in English (the catalog's rules.reach.<type>).
CAMPAIGN_REACH: dict[str, str] = {
    k[len("rules.reach."):]: v for k, v in messages(DEFAULT_LOCALE).items()
    if k.startswith("rules.reach.") and k != "rules.reach.unknown"
}


def campaign_reach(kind: str, lang: str = DEFAULT_LOCALE) -> str:
    """What a campaign tile of type ``kind`` reaches at Marketing, in ``lang``."""
    key = f"rules.reach.{kind}"
    return t(key if key in messages(DEFAULT_LOCALE) else "rules.reach.unknown", lang)


def campaign_rule(kind: str, lang: str = DEFAULT_LOCALE) -> str:
    """The rules text of a campaign tile of type ``kind`` (what it reaches at Marketing:
    facts.md, Phase 6; ketchup.md 13 for guides)."""
    return t("rules.campaign", lang, reach=campaign_reach(kind, lang))


def why(state: GameState, seat: int, action: Action,
        names: Mapping[int, str] | None = None, lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """``{"allowed", "code", "text"}``: whether ``seat`` may play ``action`` now, and if not,
    the engine's reason in the game's words."""
    from fcm.presentation import explain_error, reason_json

    if action in legal_actions(state, seat):
        return {"allowed": True, "code": None, "text": t("why.allowed", lang)}
    try:
        apply(state, seat, action)
    except FcmError as exc:
        return {"allowed": False, "code": exc.code, "reason": reason_json(exc.reason),
                "text": explain_error(exc.message, state.rules, names, lang, exc.code,
                                      exc.reason)}
    # accepted by the engine but not listed: the generator is the law (never reached unless
    # the two disagree, which the property tests forbid)
    return {"allowed": False, "code": "action/illegal",
            "text": t("why.not_a_choice", lang)}


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
              names: Mapping[int, str] | None = None,
              lang: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """What ``seat`` can do with the card ``employee`` now: ``{"card", "name", "now":
    [legal actions naming it], "why_not": [{"action", "text"}]}``."""
    from fcm.presentation import _label, _name

    card = next((c for k, c in state.rules.catalog.employees.items() if k == employee), None)
    if card is None:
        raise FcmError(f"there is no card {employee!r}", code="action/invalid")
    now = [a for a in legal_actions(state, seat) if _mentions(a, employee)]
    out: dict[str, Any] = {
        "card": employee, "name": _name(card.id, state, lang),
        "now": [{"action": a.to_json(), "label": _label(state, a, lang)} for a in now],
        "why_not": [],
    }
    if now:
        return out
    if seat not in current_actors(state):
        out["why_not"].append({"action": None, "text": t("why.not_your_decision", lang)})
        return out
    for raw in _probes(state, seat, employee):
        answer = why(state, seat, action_from_json(raw, state.rules), names, lang)
        if not answer["allowed"]:
            out["why_not"].append({"action": raw, "text": answer["text"]})
    if not out["why_not"]:
        out["why_not"].append({"action": None,
                               "text": t("why.no_choice_involves", lang,
                                         card=_name(card.id, state, lang))})
    return out
