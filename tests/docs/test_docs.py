"""The documentation's examples run as written (doctests)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import fcm

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["docs/engine.md", "docs/modules.md"])
def test_markdown_examples_run(doc):
    result = doctest.testfile(str(ROOT / doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > (5 if "modules" in doc else 10)
    assert result.failed == 0


def test_package_docstring_examples_run():
    result = doctest.testmod(fcm)
    assert result.attempted > 0 and result.failed == 0


def _json_blocks(doc: str) -> list[str]:
    text = (ROOT / doc).read_text()
    return [block.split("```", 1)[0] for block in text.split("```json\n")[1:]]


def test_scenario_examples_load():
    """Every JSON example of docs/scenarios.md is a scenario that loads and stops at a
    decision (or the end of the game)."""
    import json

    from fcm.core.engine import current_actors
    from fcm.core.state import Phase
    from fcm.games import load_scenario

    blocks = _json_blocks("docs/scenarios.md")
    assert len(blocks) >= 4
    for block in blocks:
        state = load_scenario(json.loads(block))
        assert current_actors(state) or state.turn.phase is Phase.GAME_OVER


def test_scenario_examples_say_what_they_show():
    """The prose under each example is what loading it gives."""
    import json

    from fcm.core.engine import current_actors, legal_actions
    from fcm.core.state import Phase
    from fcm.games import load_scenario

    whole, payday, working, setup = (
        load_scenario(json.loads(b)) for b in _json_blocks("docs/scenarios.md")
    )
    assert whole.turn.phase is Phase.PAYDAY and whole.round == 4
    assert payday.supply["waitress"] == 0 and payday.supply["cfo"] == 1
    assert payday.players[0].hire_discounts == 1
    assert current_actors(working) == [0] and working.turn.working is not None
    assert {a.type for a in legal_actions(working, 0)} == {"get_drinks", "done"}
    assert setup.turn.phase is Phase.SETUP_RESTAURANTS and current_actors(setup) == [0]
