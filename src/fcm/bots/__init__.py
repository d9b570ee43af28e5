"""Bots: players that see only their own view and the legal actions.

Levels, weakest first: ``random`` (uniform over the legal actions), ``easy`` (a fixed build
list, ``heuristic`` is its old name), ``medium`` (a planner that picks a plan from the
position) and ``hard`` (medium's candidate moves judged by determinized rollouts).
"""

from __future__ import annotations

from fcm.bots.base import Bot
from fcm.bots.random_bot import RandomBot

# The levels offered everywhere a bot is named (CLI, server, lobby), weakest first.
BOT_NAMES: tuple[str, ...] = ("random", "easy", "medium", "hard")
# Old names still accepted.
ALIASES = {"heuristic": "easy"}


def canonical_bot_name(name: str) -> str:
    """The level a bot name stands for (``heuristic`` is ``easy``).

    Raises:
        ValueError: an unknown bot name.
    """
    level = ALIASES.get(name, name)
    if level not in BOT_NAMES:
        known = ", ".join(BOT_NAMES + tuple(ALIASES))
        raise ValueError(f"unknown bot {name!r}; known bots: {known}")
    return level


def make_bot(
    name: str, seed: int = 0, *, think: float | None = None, rollouts: int | None = None
) -> Bot:
    """A bot by level name, seeded. ``think`` (seconds per decision) and ``rollouts`` (a
    deterministic rollout budget per decision) only matter to bots that search (``hard``).

    Raises:
        ValueError: an unknown bot name.
    """
    level = canonical_bot_name(name)
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        from fcm.bots.heuristic import HeuristicBot

        return HeuristicBot(seed)
    if level == "medium":
        from fcm.bots.medium import MediumBot

        return MediumBot(seed)
    from fcm.bots.search import HardBot

    return HardBot(seed, think=think, rollouts=rollouts)


__all__ = ["ALIASES", "BOT_NAMES", "Bot", "RandomBot", "canonical_bot_name", "make_bot"]
