"""The golden transcript (tests/golden): one whole game of a fixed seed, every event's JSON.

The stored actions are replayed through the validating engine and every event must come out
byte for byte as stored, then the final hash. An intended change of a rule or an event's
fields regenerates the file (``python -m tests.golden.transcript``) in the same commit, saying
why; anything else that changes it is a regression.
"""

from __future__ import annotations

import json

from tests.golden.transcript import FILE, dump, header

from fcm.core.actions import action_from_json
from fcm.core.engine import apply, is_over
from fcm.core.state import Options
from fcm.games import new_game_with_events


def test_golden_transcript_replays_event_for_event() -> None:
    lines = FILE.read_text().splitlines()
    first = json.loads(lines[0])
    assert {k: first[k] for k in ("players", "seed")} == {
        k: header()[k] for k in ("players", "seed")
    }
    state, events = new_game_with_events(
        first["players"], first["seed"], Options.from_dict(first["options"])
    )
    assert dump([e.to_json() for e in events]) == dump(first["events"]), "setup events"
    for number, line in enumerate(lines[1:-1], start=2):
        step = json.loads(line)
        state, events = apply(state, step["seat"], action_from_json(step["action"]))
        got = dump({"seat": step["seat"], "action": step["action"],
                    "events": [e.to_json() for e in events]})
        assert got == line, f"line {number} of {FILE.name} differs (action {step['action']})"
    last = json.loads(lines[-1])
    assert is_over(state)
    assert state.ranking == last["ranking"]
    assert state.state_hash() == last["final_hash"]


def test_golden_game_is_a_real_game() -> None:
    """The stored game ends by the rules (the bank), not by a simulation cap, and covers every
    phase of the round."""
    text = FILE.read_text()
    kinds = ("house_served", "salaries_paid", "campaign_ran", "bank_broken", "drinks_collected")
    for kind in kinds:
        assert f'"kind":"{kind}"' in text, kind
    assert "simulation cap" not in text
