"""Bots: players that see only their own view and the legal actions."""

from __future__ import annotations

from fcm.bots.base import Bot
from fcm.bots.random_bot import RandomBot

BOT_NAMES = ("random", "heuristic")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``random`` or ``heuristic``), seeded.

    Raises:
        ValueError: an unknown bot name.
    """
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        from fcm.bots.heuristic import HeuristicBot

        return HeuristicBot(seed)
    raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot"]
