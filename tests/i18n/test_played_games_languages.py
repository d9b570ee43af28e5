"""Whole games in every language (issue 27, "Done means: a German or Chinese player can learn,
play and finish a game without meeting a word of English"): games played by bots (with some
random moves) with each playable module, and at every few decisions what a player reads in each
language: the legal actions' labels and notes, the refusals of actions tried that are not legal
now ("why can't I?"), every event line and the Dinnertime report. A refusal must be a typed
reason the catalogs say (never the engine's English words after a translated summary), and no
text in another language may hold an English sentence."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from fcm.bots import make_bot
from fcm.core.engine import apply, current_actors, legal_actions
from fcm.core.events import Event
from fcm.core.state import GameState, Options
from fcm.core.views import view
from fcm.games import new_game_with_events
from fcm.i18n import DEFAULT_LOCALE, LOCALES
from fcm.presentation import present
from fcm.report import dinnertime_report, event_line
from fcm.rules_help import why
from fcm.rulesets import playable_modules, with_requirements

OTHERS = [lang for lang in LOCALES if lang != DEFAULT_LOCALE]
# Words only English has among the five languages (not "in", "a", "no", "die", "an", "so"...):
# two of them in one text in another language is an English sentence left in it.
_ENGLISH = re.compile(
    r"\b(the|you|your|is|are|must|cannot|can't|not|only|with|when|this|that|have|of|to|and"
    r"|be|its|it|for|from|by|while|which|there|any|each|every|may|already|needs|after|before"
    r"|nothing|none|than|into|would|should|because|onto|unless|step|turn|round|house|card"
    r"|cards|tile|tiles|road|range|player|players|restaurant|marketeer|drinks|salary|salaries"
    r"|placed|left|sold|first|used)\b"
)


def english_words(text: str) -> set[str]:
    return set(_ENGLISH.findall(text))


def is_english(text: str, english: str | None = None) -> bool:
    """An English sentence: two English-only words, or the English text itself (with one)."""
    words = english_words(text)
    return len(words) >= 2 or (text == english and bool(words))


def test_the_check_sees_english_and_passes_translations() -> None:
    assert is_english("there is no Burger Cook on your beach to train")
    assert is_english("Spieler 1 erreicht first_burger_sold (you sold burger to house 2).")
    assert not is_english("Auf deinem Strand ist kein Burgerkoch zum Schulen.")
    assert not is_english("Il n'y a aucun Cuisinier burger sur ta plage à former.")
    assert not is_english("No hay ningún Cocinero de hamburguesas en tu playa para formar.")
    assert not is_english("你的海滩上没有可培训的汉堡厨师。")


class Found:
    """What a game showed in English where the reader's language should be."""

    def __init__(self) -> None:
        self.items: dict[str, set[str]] = {}

    def add(self, what: str, text: str) -> None:
        self.items.setdefault(what, set()).add(text[:240])

    def check(self, what: str, lang: str, text: str | None, english: str | None = None) -> None:
        if text and is_english(text, english):
            self.add(f"{what} ({lang})", text)


def _look(state: GameState, seat: int, legal: list[Any], tried: list[Any], found: Found,
          rng: random.Random) -> None:
    """What ``seat`` reads now in every language: labels, notes, refusals of ``tried``."""
    seen = view(state, seat)
    english = present(seen, seat, legal, DEFAULT_LOCALE)
    for lang in OTHERS:
        shown = present(seen, seat, legal, lang)
        for a_en, a in zip(english["actions"], shown["actions"], strict=True):
            found.check("label", lang, a["label"], a_en["label"])
            for note in a.get("salary_notes", []):
                found.check("salary note", lang, note)
            if "placing" in a:
                found.check("placing", lang, str(a["placing"]))
        found.check("why not done", lang, shown.get("why_not_done"),
                    english.get("why_not_done"))
    for action in rng.sample(tried, min(5, len(tried))):
        if action in legal:
            continue
        answer = why(state, seat, action, lang=DEFAULT_LOCALE)
        if answer["allowed"]:
            continue
        if answer.get("reason") is None:  # untyped: shown in English after a summary
            found.add("untyped refusal", answer["text"])
            continue
        for lang in OTHERS:
            found.check("refusal", lang, why(state, seat, action, lang=lang)["text"],
                        answer["text"])


def play(modules: list[str], seed: int, actions: int, every: int = 4) -> Found:
    """A game of 2-4 chains by medium bots (one move in ten random), looked at every
    ``every`` decisions; then its events and Dinnertimes in every language."""
    rng = random.Random(seed)
    state, events = new_game_with_events(rng.choice([2, 3, 4]), seed,
                                         Options(modules=with_requirements(modules)))
    bots = [make_bot("medium", seed + s) for s in range(state.num_players)]
    log: list[Event] = list(events)
    tried: list[Any] = []  # actions once legal: tried again later, most are refused
    found = Found()
    for n in range(actions):
        actors = current_actors(state)
        if not actors or state.ranking:
            break
        seat = rng.choice(sorted(actors))
        legal = legal_actions(state, seat)
        if n % every == 0:
            _look(state, seat, legal, tried, found, rng)
        tried.extend(a for a in legal if a not in tried)
        del tried[:-300]
        if rng.random() < 0.1:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(view(state, seat), seat, legal)
        state, more = apply(state, seat, action)
        log.extend(more)
    for event in log:
        english = event_line(event, lang=DEFAULT_LOCALE)
        if english.startswith(f"{event.kind}:"):
            found.add("no line for an event kind", event.kind)
        for lang in OTHERS:
            found.check("event", lang, event_line(event, lang=lang), english)
    for lang in OTHERS:
        for line in dinnertime_report(log, lang=lang).splitlines():
            found.check("Dinnertime", lang, line)
    return found


@pytest.mark.parametrize("module", ["base", *sorted(playable_modules())])
def test_a_game_with_each_module_reads_in_every_language(module: str) -> None:
    """Each playable module alone, one game: nothing a player reads in German, Spanish, French
    or Chinese is English, and every refusal met is typed."""
    found = play([] if module == "base" else [module], seed=7, actions=450, every=5)
    assert found.items == {}
