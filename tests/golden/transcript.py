"""The golden transcript: one fixed game, every action and every event's JSON, stored exactly.

``python -m tests.golden.transcript`` rewrites the file; do that only for a deliberate change of
the rules or of an event's fields, and say which in the commit. The test replays the stored
actions through the validating engine (no bot is involved) and compares every event.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.runner import play_game

FILE = Path(__file__).with_name("transcript-2p-seed2.jsonl")
PLAYERS, SEED = 2, 2
BOTS = ("heuristic", "random")  # only to make the game once; the test replays its actions


def header() -> dict[str, Any]:
    return {"players": PLAYERS, "seed": SEED, "options": Options().to_dict()}


def lines_of_game() -> list[str]:
    """A heuristic-bot game from the header, as JSON lines: header, then one line per action
    (the setup events ride on the header line)."""
    from fcm.games import new_game_with_events

    bots = [make_bot(name, SEED * 10 + i) for i, name in enumerate(BOTS)]
    result = play_game(bots, SEED, Options())
    from fcm.core.engine import apply

    state, setup_events = new_game_with_events(PLAYERS, SEED, Options())
    out = [dump({**header(), "events": [e.to_json() for e in setup_events]})]
    for seat, action in result.record.actions:
        state, new = apply(state, seat, action)
        out.append(
            dump({"seat": seat, "action": action.to_json(), "events": [e.to_json() for e in new]})
        )
    assert state.state_hash() == result.record.final_hash
    out.append(dump({"final_hash": state.state_hash(), "ranking": state.ranking}))
    return out


def dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


if __name__ == "__main__":
    FILE.write_text("\n".join(lines_of_game()) + "\n")
    print(f"wrote {FILE}")
