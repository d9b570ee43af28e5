"""The engine's refusals as typed reasons (issue 27 item 1: "the engine keeps emitting typed
events and error codes and never formats prose in a language"): a refusal carries a code and
its parameters (:class:`fcm.core.errors.Reason`), the presentation layer says it in the
reader's language from the catalog's ``why.<code>``, and English stays word for word what it
was (the string of the reason is the engine's English text)."""

from __future__ import annotations

from typing import Any

import pytest

from fcm.core.actions import ChooseReserve, Done, SendToWork
from fcm.core.engine import apply
from fcm.core.errors import IllegalActionError, Reason
from fcm.core.state import GameState, Phase
from fcm.core.types import Corner, EmployeeId, Good
from fcm.core.views import view
from fcm.games import load_scenario, new_game
from fcm.i18n import LOCALES, t
from fcm.presentation import explain_error, present, reason_json
from fcm.rules_help import why
from tests.helpers import current_actors, legal_actions, make_state, start_phase


def refusal(state: GameState, seat: int, action: Any) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        apply(state, seat, action)
    return caught.value


def test_a_refused_reserve_card_is_a_code_and_says_so_in_every_language() -> None:
    """Setup (facts.md A.1): the reserve card is 100, 200 or 300; $150 is refused with the
    code setup.choose_reserve, rendered in each language from its catalog."""
    state = new_game(2, seed=3)
    exc = refusal(state, 0, ChooseReserve(money=150))
    assert isinstance(exc.reason, Reason) and exc.reason.code == "setup.choose_reserve"
    assert str(exc.reason) == t("why.setup.choose_reserve", "en")  # the catalog's English
    assert explain_error(exc.message, state.rules, lang="en", code=exc.code,
                         reason=exc.reason) == "Choose one reserve card: 100, 200 or 300"
    german = explain_error(exc.message, state.rules, lang="de", code=exc.code, reason=exc.reason)
    assert german == ("Dieser Zug ist jetzt nicht erlaubt. "
                      "Wähle eine Reservekarte: 100, 200 oder 300.")
    for lang in LOCALES:
        if lang != "en":
            text = explain_error(exc.message, state.rules, lang=lang, code=exc.code,
                                 reason=exc.reason)
            assert "choose one reserve card" not in text.lower(), (lang, text)


SCENARIO: dict[str, Any] = {
    "format": "fcm-scenario/1",
    "players": 2,
    "tiles": [[["H", 2], ["F", 3], ["I", 0]], [["D", 1], ["R", 0], ["E", 2]],
              [["L", 0], ["B", 1], ["M", 2]]],
    "round": 2,
    "phase": "restructuring",
    "turn_order": [0, 1],
    "companies": [{"hand": ["waitress"], "reserve": 300}, {"hand": ["waitress"], "reserve": 100}],
    "restaurants": [{"owner": 0, "cell": [0, 4], "entrance": "se"},
                    {"owner": 1, "cell": [10, 8], "entrance": "nw"}],
}


def test_a_card_not_in_hand_is_named_in_the_readers_language() -> None:
    """Restructuring (excerpt 000 "Phase 1"): only cards in hand go to work; the reason's
    parameter is the card's id, which German names as its glossary does."""
    state = load_scenario(SCENARIO)
    exc = refusal(state, 0, SendToWork(employee=EmployeeId("kitchen_trainee")))
    assert exc.reason is not None
    assert (exc.reason.code, exc.reason.params) == (
        "restructuring.no_more_cards", {"card": "kitchen_trainee"})
    assert str(exc.reason) == t("why.restructuring.no_more_cards", "en", card="kitchen_trainee")
    german = explain_error(exc.message, state.rules, lang="de", code=exc.code, reason=exc.reason)
    assert "„Küchen-Trainee“" in german and "no more cards" not in german
    # the "why can't I?" answer carries the code and parameters for any client
    answer = why(state, 0, SendToWork(employee=EmployeeId("kitchen_trainee")), lang="fr")
    assert answer["reason"] == {"code": "restructuring.no_more_cards",
                                "params": {"card": "kitchen_trainee"}}
    assert "Commis de cuisine" in answer["text"]


def test_the_freezers_refusal_of_done_is_said_in_chinese() -> None:
    """Clean up (facts.md, the freezer of First to throw away: 10 items): 12 items may not
    all be kept; the decision panel's reason in Chinese, with the numbers as parameters."""
    s = make_state()
    s.round = 3
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 2}
    s.players[0].stock.update({Good.BEER: 12})
    start_phase(s, Phase.CLEANUP)
    assert current_actors(s) == [0]
    exc = refusal(s, 0, Done())
    assert exc.reason is not None and exc.reason.code == "cleanup.over_capacity"
    assert exc.reason.params == {"capacity": 10, "items": 12, "throw": 2}
    pres = present(view(s, 0), 0, legal_actions(s, 0), lang="zh-Hans")
    english = present(view(s, 0), 0, legal_actions(s, 0))
    assert english["why_not_done"] == "Your freezer holds 10 items and you have 12: throw 2 away"
    assert pres["why_not_done"].endswith("你的冰柜能放 10 件，你有 12 件：扔掉 2 件。")


def test_a_working_steps_reason_names_the_step_and_the_card_in_german() -> None:
    """Working 9–5 "Hire" (excerpt 000; facts.md B.1): only entry-level cards are hired; the
    reason keeps the step as a parameter, so German names both from its glossary."""
    from fcm.core.actions import Hire
    from fcm.core.phases.working.staff import explain_hire

    s = make_state()
    start_phase(s, Phase.WORKING)
    turn = s.turn.working
    assert turn is not None
    reason = explain_hire(s, turn, Hire(employee=EmployeeId("cfo")))
    assert isinstance(reason, Reason) and reason.code == "hire.not_entry_level"
    assert reason.params == {"card": "cfo", "in_step": "hire"}
    assert str(reason) == (
        "Working 9–5 'Hire employees': only entry-level employees can be hired (cfo is not)")
    german = explain_error(str(reason), s.rules, lang="de", code="action/illegal", reason=reason)
    assert german.endswith("Arbeitszeit 9–17, „Mitarbeiter einstellen“: Nur Einstiegskarten "
                           "können eingestellt werden (CFO ist keine).")


def test_the_browsers_catalog_names_the_engines_end_reasons() -> None:
    """The game log's last line (format.js) says why the game ended in the reader's language:
    the catalog the page gets maps the engine's end reasons to their messages."""
    from fcm.presentation import catalog_info

    assert catalog_info(lang="de")["end_reasons"]["the bank broke for the second time"] == t(
        "reason.bank_broke_twice", "de")
    english = catalog_info()["end_reasons"]
    assert all(english[k] == k for k in english if k != "game over" and "limit" not in k)


def _working(step: str, at_work: list[str]) -> GameState:
    return load_scenario({**SCENARIO, "phase": "working", "working": {"seat": 0, "step": step},
                          "companies": [{"at_work": at_work, "reserve": 300},
                                        {"reserve": 100}]})


def test_the_other_working_steps_refuse_with_codes() -> None:
    """Working 9–5's campaigns (a tile of the supply's numbers), food and drinks (excerpt
    002 "Prepping food and drinks": a cook makes only its food), houses (a garden goes to a
    house on the map) and restaurants (a Local or Regional Manager places one) refuse with
    typed reasons; English stays the engine's words, German reads the catalog and names the
    cards from the glossary."""
    from fcm.core.actions import AddGarden, Cook, GetDrinks, PlaceRestaurant, StartCampaign

    cases: list[tuple[GameState, Any, str, dict[str, Any], str]] = [
        (_working("food_and_drinks", ["burger_cook"]),
         Cook(EmployeeId("burger_cook"), Good("pizza")), "cook.makes_only",
         {"card": "burger_cook", "amount": 3, "goods": ["burger"]}, "Burgerkoch macht 3 × Burger"),
        (_working("food_and_drinks", ["burger_cook"]),
         GetDrinks(EmployeeId("burger_cook"), good=Good("soda")), "drinks.not_a_buyer",
         {"card": "burger_cook"}, "Burgerkoch holt keine Getränke"),
        (_working("campaigns", ["marketing_trainee"]),
         StartCampaign(EmployeeId("marketing_trainee"), 99), "campaigns.no_such",
         {"number": 99}, "keine Kampagne Nr. 99"),
        (_working("houses", ["new_business_developer"]),
         AddGarden(house=99, garden=((0, 0), (0, 1))),
         "houses.no_such_house", {"house": 99}, "kein Haus Nr. 99"),
        (_working("restaurants", ["local_manager"]),
         PlaceRestaurant(cell=(0, 0), entrance=Corner.NW, employee=EmployeeId("waitress")),
         "restaurants.placer", {}, "platziert ein Local Manager oder Regional Manager"),
    ]
    for state, action, code, params, german_words in cases:
        exc = refusal(state, 0, action)
        assert isinstance(exc.reason, Reason), code
        assert exc.reason.code == code
        step = exc.reason.params["in_step"]
        assert {k: v for k, v in exc.reason.params.items() if k != "in_step"} == params
        english = {k: ", ".join(v) if isinstance(v, list) else v for k, v in params.items()}
        assert str(exc.reason).endswith(": " + t(f"why.{code}", "en", **english))
        assert str(exc.reason).startswith("Working 9–5 '"), step
        german = explain_error(exc.message, state.rules, lang="de", code=exc.code,
                               reason=exc.reason)
        assert german_words in german, german
        for lang in LOCALES:
            if lang != "en":
                text = explain_error(exc.message, state.rules, lang=lang, code=exc.code,
                                     reason=exc.reason)
                assert t(f"why.{code}", "en", **english) not in text, (lang, text)


def test_not_your_turn_names_who_the_game_waits_for_in_the_readers_language() -> None:
    """Only the seats whose turn it is act (excerpt 000 "Working 9–5": in turn order, one
    chain at a time): the refusal's reason is typed (round, phase, the seats waited for), so a
    German reader reads the phase from the glossary and the chain by its name."""
    from fcm.core.errors import NotYourTurnError

    state = _working("food_and_drinks", ["burger_cook"])
    with pytest.raises(NotYourTurnError) as caught:
        apply(state, 1, Done())
    exc = caught.value
    assert isinstance(exc.reason, Reason)
    assert (exc.reason.code, exc.reason.params) == (
        "not_your_turn", {"round": 2, "phase": "working", "seats": [0]})
    assert str(exc.reason) == t("why.not_your_turn", "en", round=2, phase="working", seats="[0]")
    names = {0: "Ann", 1: "Bob"}
    english = explain_error(exc.message, state.rules, names, "en", exc.code, exc.reason)
    assert english.startswith("Bob may not act now")  # the engine's words, as before
    german = explain_error(exc.message, state.rules, names, "de", exc.code, exc.reason)
    assert german == "Du bist nicht am Zug. Runde 2, Arbeitszeit 9–17: Es wartet auf Ann."


def test_a_modules_rule_inside_a_reason_is_said_in_the_readers_language() -> None:
    """New Districts (ketchup.md 1): an apartment never gets a garden. The core's refusal
    carries the module's rule as a reason of its own, typed in the API's JSON too."""
    rule = Reason("new_districts.no_garden", "ketchup.md 1: an apartment cannot get a garden")
    reason = Reason("houses.never_garden", f"house #5 never gets a garden: {rule}",
                    house=5, rule=rule)
    sent = reason_json(reason)
    assert sent == {"code": "houses.never_garden",
                    "params": {"house": 5, "rule": {"code": "new_districts.no_garden",
                                                    "params": {}}}}
    for typed in (reason, sent):
        german = explain_error(str(reason), lang="de", reason=typed)
        assert "Haus Nr. 5 bekommt nie einen Garten: Ein Wohnblock bekommt keinen Garten." \
            in german, german
        assert "apartment" not in german
