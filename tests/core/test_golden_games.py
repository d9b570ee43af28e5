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
from fcm.core.record import GameRecord
from fcm.core.state import Options
from fcm.core.views import view
from fcm.runner import play_game

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
        "hash": "606c5d04b13bc72f",
        "events": "3b1c47e6af7d3ba4",
        "record": "b0116ca7cd08c0dc",
        "public_view": "607a4af302c72957",
    },
    "heuristic-3p-1001": {
        "hash": "15e0911c16231e8d",
        "events": "17788ffbf7d88fbc",
        "record": "f42c45672323335b",
        "public_view": "8b6a5ddb3d9510fe",
    },
    "random-4p-1002": {
        "hash": "9395a0fdefdd17ae",
        "events": "176e3f24e96a4579",
        "record": "0930b8cfb327718c",
        "public_view": "2d4b4dc5b5e70fe6",
    },
    "heuristic-5p-1003": {
        "hash": "c866a74a11494f55",
        "events": "ef52ddc5012494a8",
        "record": "2d56e9c47cec77c6",
        "public_view": "13a6559e9493b956",
    },
    "random-5p-1004": {
        "hash": "55131c9ef025b11d",
        "events": "558d924288f81dba",
        "record": "94f840911a1397f6",
        "public_view": "8f8e8ac3c667885a",
    },
    "heuristic-2p-1005-intro": {
        "hash": "6706d2d19e560a36",
        "events": "c01cc1673b5e1556",
        "record": "015d388e5b5642c3",
        "public_view": "e102106b7b994980",
    },
    "random-3p-1006": {
        "hash": "b9771075a7a8e993",
        "events": "e307a734ac56d2fb",
        "record": "a859e849f5120a39",
        "public_view": "b444adee3ef5ea03",
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
    result = play_game(bots, seed, Options(introductory=introductory), keep_events=True)
    events = "\n".join(json.dumps(e.to_json(), separators=(",", ":")) for e in result.events)
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
