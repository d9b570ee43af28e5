"""Every event kind has a typed record, is emitted as it says, and is rendered by the CLI
(``fcm.report.event_line``, ``fcm replay --log``) and by the browser (``format.js``).

mypy checks every ``EventLog.add`` call against its kind's record (one overload per kind);
these tests check the registry itself and the events of real games at run time.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fcm.bots import make_bot
from fcm.core.events import EVENT_FIELDS, Event, EventKind
from fcm.core.state import Options
from fcm.report import EVENT_LINES, event_line
from fcm.runner import play_game

ROOT = Path(__file__).resolve().parents[2]
FORMAT_JS = ROOT / "src/fcm/server/web/js/format.js"

# Kinds that seeded bot games rarely or never reach: a sample is made from their record.
_SAMPLE_VALUE: dict[str, Any] = {
    "int": 1,
    "bool": True,
    "str": "x",
    "EmployeeId": "waitress",
    "MilestoneId": "first_20",
}


def _value(hint: Any) -> Any:
    if hint in (int, bool, str):
        return _SAMPLE_VALUE[hint.__name__]
    name = getattr(hint, "__name__", "")
    if name in _SAMPLE_VALUE:
        return _SAMPLE_VALUE[name]
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        if typing.get_origin(item) is dict:
            return []
        return [_value(item), _value(item)] if item is int else [_value(item)]
    if origin is dict:
        return {}
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        return _value(typing.get_args(hint)[0])
    return None


def synthetic(kind: EventKind) -> Event:
    hints = typing.get_type_hints(EVENT_FIELDS[kind])
    return Event(kind, {name: _value(h) for name, h in hints.items()})


def game_events() -> Iterator[Event]:
    for bot, players, seed, intro in (
        ("random", 2, 11, True),
        ("heuristic", 3, 12, False),
        ("random", 4, 13, False),
        ("heuristic", 5, 14, False),
        ("random", 5, 15, False),
    ):
        bots = [make_bot(bot, seed * 10 + s) for s in range(players)]
        yield from play_game(bots, seed, Options(introductory=intro), keep_events=True).events


@pytest.fixture(scope="module")
def emitted() -> list[Event]:
    return list(game_events())


def samples(emitted: list[Event]) -> dict[EventKind, Event]:
    """One event of every kind: a real one where the games had it, else a synthetic one."""
    out: dict[EventKind, Event] = {}
    for e in emitted:
        out.setdefault(EventKind(e.kind), e)
    for kind in EventKind:
        out.setdefault(kind, synthetic(kind))
    return out


def test_every_kind_has_a_record_and_no_record_is_orphaned():
    assert set(EVENT_FIELDS) == set(EventKind)
    assert len(EventKind) == 61  # the base game's; modules define their own (below)
    for kind, record in EVENT_FIELDS.items():
        assert record.__required_keys__ | record.__optional_keys__ == set(
            typing.get_type_hints(record)
        ), kind


def test_every_emitted_event_has_exactly_its_records_fields(emitted):
    seen = set()
    for e in emitted:
        assert type(e.kind) is EventKind, e.kind
        record = EVENT_FIELDS[e.kind]
        keys = set(e.data)
        missing = record.__required_keys__ - keys
        unknown = keys - record.__required_keys__ - record.__optional_keys__
        assert not missing and not unknown, (e.kind, missing, unknown)
        seen.add(e.kind)
    # the games reach most kinds; the rare ones are covered by the phase tests
    assert len(seen) >= 50


def test_dinnertime_chain_entries_carry_an_outcome_of_the_enum(emitted):
    from fcm.core.phases.dinnertime import ChainOutcome, DecidedBy

    served = [e for e in emitted if e.kind in (EventKind.HOUSE_SERVED, EventKind.HOUSE_STAYS_HOME)]
    assert served
    for e in served:
        for chain in e.data["chains"]:
            assert ChainOutcome(chain["outcome"]) is not ChainOutcome.CANDIDATE
            assert list(chain) == [
                "seat",
                "price",
                "restaurant",
                "distance",
                "total",
                "missing",
                "waitresses",
                "outcome",
            ]
        if e.kind is EventKind.HOUSE_SERVED:
            DecidedBy(e.data["decided_by"])
            assert sum(c["outcome"] == "winner" for c in e.data["chains"]) == 1


def test_the_cli_renders_every_kind(emitted):
    assert set(EVENT_LINES) == set(EventKind)
    for kind, event in samples(emitted).items():
        line = event_line(event, {0: "Alice"})
        assert line and not line.startswith(f"{kind.value}:"), kind
    for e in emitted:  # every real event renders (no missing field, no KeyError)
        assert event_line(e.to_json())


def test_the_cli_log_prints_a_line_per_public_event(tmp_path, capsys):
    from fcm.cli.main import main

    game = tmp_path / "g.json"
    assert main(["play", "--players", "2", "--seed", "3", "--save", str(game)]) == 0
    capsys.readouterr()
    assert main(["replay", str(game), "--log"]) == 0
    out = capsys.readouterr().out
    assert "=== Round 2 ===" in out and "Dinnertime, round 1" in out
    assert main(["replay", str(game), "--log", "--raw"]) == 0
    assert '  round_started: {"round":2}' in capsys.readouterr().out


def _js_cases() -> set[str]:
    text = FORMAT_JS.read_text()
    body = text[text.index("export function describe") :]
    body = body[: body.index("\n}\n")]
    return set(re.findall(r'case "([a-z0-9_]+)":', body))


def test_the_browser_has_a_renderer_for_every_kind():
    missing = {k.value for k in EventKind} - _js_cases()
    assert not missing, f"format.js describe() has no case for {sorted(missing)}"


# -- a module's own kinds (docs/modules.md: records registered, not edited into core) -----------


def test_module_kinds_live_in_their_module_with_a_record_and_a_template():
    from fcm.core.events import MODULE_EVENT_FIELDS, ModuleEventKind, event_fields
    from fcm.rulesets import playable_modules
    from fcm.texts import event_templates

    declared = {k for m in playable_modules().values() for k in m.events}
    assert declared == set(MODULE_EVENT_FIELDS)
    assert {"milestone_income", "milestone_campaign", "money_left_game"} <= declared
    assert not declared & {k.value for k in EventKind}  # none is the base game's
    templates = event_templates()
    for kind in declared:
        assert type(kind) is ModuleEventKind and event_fields(kind) is MODULE_EVENT_FIELDS[kind]
        assert kind in templates, kind
        line = event_line(Event(kind, {n: _value(h) for n, h in typing.get_type_hints(
            MODULE_EVENT_FIELDS[kind]).items()}), {0: "Alice"})
        assert line and not line.startswith(f"{kind}:"), (kind, line)


def test_a_module_kind_renders_from_its_template_and_variants():
    """ketchup.md 3 (First pizza sold, First new restaurant): the report writes New Milestones'
    milestone_campaign from the module's templates, the radio and the refusal as variants."""
    radio = {"kind": "milestone_campaign", "seat": 0, "milestone": "first_pizza_sold",
             "number": 1, "campaign_type": "radio", "good": "pizza", "cells": [[2, 3]],
             "duration": 2, "eternal": False, "house": 7}
    assert event_line(radio, {0: "Alice"}) == (
        "Alice gets radio #1 for pizza from First pizza sold (house 7 bought pizza), 2 rounds, "
        "at 2,3."
    )
    none = {**radio, "number": None, "why": "no radio tile is left"}
    assert event_line(none, {0: "Alice"}) == (
        "Alice: no radio from First pizza sold (no radio tile is left)."
    )


def test_a_module_kind_cannot_take_a_base_kind():
    from fcm.core.events import define_event

    with pytest.raises(ValueError, match="house_served"):
        define_event("house_served", dict)


def test_the_browser_renders_module_kinds_from_the_catalog_texts():
    """describe() has no case for a module's kind: its default renders the catalog's template."""
    from fcm.core.events import MODULE_EVENT_FIELDS

    assert "ctx.catalog.texts.events" in FORMAT_JS.read_text()
    assert not {str(k) for k in MODULE_EVENT_FIELDS} & _js_cases()
