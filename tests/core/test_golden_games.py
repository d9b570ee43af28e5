"""Refactors of the engine keep every output byte-identical (seeded whole games, pinned).

For each seed: the final ``state_hash``, a digest of the whole event-JSON stream
(``Event.to_json`` in order), of the saved game (``GameRecord.dumps``) and of the public view
JSON at the end. A type or structure change (id enums, event records, the ruleset) must leave
all of them unchanged. A deliberate rules change that moves them regenerates the table with
``.venv/bin/python -m tests.core.test_golden_games`` and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from fcm.bots import make_bot
from fcm.core.state import Options
from fcm.core.views import view
from fcm.record import GameRecord
from fcm.runner import SIMULATION_ROUND_LIMIT, play_game

# (bot, players, seed, introductory)
GAMES = [
    ("random", 2, 1000, True),
    ("heuristic", 3, 1001, False),
    ("random", 4, 1002, False),
    ("heuristic", 5, 1003, False),
    ("random", 5, 1004, False),
    ("heuristic", 2, 1005, True),
    ("random", 3, 1006, False),
    ("heuristic", 4, 1007, False),
]

PINNED: dict[str, dict[str, str]] = {
    "random-2p-1000-intro": {
        "hash": "99c40102e55e9698",
        "events": "6e4d1c828b93859c",
        "record": "af5177949a4cadca",
        "public_view": "bf48924609ec1a1b",
    },
    "heuristic-3p-1001": {
        "hash": "15e0911c16231e8d",
        "events": "17788ffbf7d88fbc",
        "record": "f42c45672323335b",
        "public_view": "8b6a5ddb3d9510fe",
    },
    "random-4p-1002": {
        "hash": "be9a432548b5bdd0",
        "events": "eb355d36fa45bd06",
        "record": "ee3815787b7a3307",
        "public_view": "b4e7dd1a27dd99d1",
    },
    "heuristic-5p-1003": {
        "hash": "c866a74a11494f55",
        "events": "ef52ddc5012494a8",
        "record": "2d56e9c47cec77c6",
        "public_view": "13a6559e9493b956",
    },
    "random-5p-1004": {
        "hash": "8d135ccd4f35b16a",
        "events": "cb0f05fcb9e3c53d",
        "record": "6ccfdea430cefc03",
        "public_view": "b5fc06f4f97b8b1f",
    },
    "heuristic-2p-1005-intro": {
        "hash": "6706d2d19e560a36",
        "events": "c01cc1673b5e1556",
        "record": "015d388e5b5642c3",
        "public_view": "e102106b7b994980",
    },
    "random-3p-1006": {
        "hash": "0ac32512268d4dee",
        "events": "5a3107bc005f1ace",
        "record": "8bf24e1646f887a1",
        "public_view": "7330a07032358c59",
    },
    "heuristic-4p-1007": {
        "hash": "3e726e4b2c900093",
        "events": "c07d6b7149c3bf64",
        "record": "a1eea29dfd3ecf76",
        "public_view": "ed2987408af65d60",
    },
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint(bot: str, players: int, seed: int, introductory: bool) -> dict[str, str]:
    bots = [make_bot(bot, seed * 10 + s) for s in range(players)]
    # bot games run under the simulation cap (Options.round_limit is off in real games)
    options = Options(introductory=introductory, round_limit=SIMULATION_ROUND_LIMIT)
    result = play_game(bots, seed, options, keep_events=True)
    events = "\n".join(
        json.dumps(e.to_json(), separators=(",", ":")) for e in result.events
    )
    record = result.record.dumps()
    replayed = GameRecord.loads(record).replay(check=False)
    assert replayed.state_hash() == result.state.state_hash()
    return {
        "hash": result.state.state_hash(),
        "events": _digest(events),
        "record": _digest(record),
        "public_view": _digest(view(result.state, None).canonical_json()),
    }


def _key(bot: str, players: int, seed: int, introductory: bool) -> str:
    return f"{bot}-{players}p-{seed}{'-intro' if introductory else ''}"


@pytest.mark.parametrize(
    ("bot", "players", "seed", "introductory"), [pytest.param(*g, id=_key(*g)) for g in GAMES]
)
def test_seeded_game_outputs_are_unchanged(
    bot: str, players: int, seed: int, introductory: bool
) -> None:
    key = _key(bot, players, seed, introductory)
    assert fingerprint(bot, players, seed, introductory) == PINNED[key]


if __name__ == "__main__":
    table = {_key(*g): fingerprint(*g) for g in GAMES}
    print(json.dumps(table, indent=4))
