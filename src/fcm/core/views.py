"""What a player may see: the single place where hidden information is removed.

Hidden in the base game:
- each player's bank reserve card, until the first bank break (a player holding "First to have
  $20" may look at all of them, facts.md B);
- the cards another player is sending to work during Restructuring, and the cards another
  player is firing during Payday, until everyone has committed;
- the PRNG state and the game's seed, until the game is over (nobody may predict chance: the
  seed and the public actions give every later random outcome).

A view is a :class:`GameState` with those fields blanked, so every consumer (server, bots,
research environment) uses the same API on it; the legal actions of the viewing seat computed
from its view equal those computed from the full state.
"""

from __future__ import annotations

from fcm.core.events import Event
from fcm.core.state import GameState, Phase
from fcm.core.types import Seat


def reserves_visible_to(state: GameState, seat: Seat | None) -> bool:
    """Whether ``seat`` may see every reserve card (after the first break, or First to have
    $20)."""
    if state.bank_breaks > 0:
        return True
    return seat is not None and state.players[seat].has("first_20")


def view(state: GameState, seat: Seat | None) -> GameState:
    """The state as ``seat`` may see it (``None``: a spectator, public information only)."""
    v = state.clone()
    v.rng = 0
    if state.phase is not Phase.GAME_OVER:
        v.seed = 0
    if not reserves_visible_to(state, seat):
        for p in v.players:
            if p.seat != seat:
                p.reserve = None
    v.drafts = {s: (list(d) if s == seat else []) for s, d in v.drafts.items()}
    return v


def visible_events(events: list[Event], seat: Seat | None) -> list[Event]:
    """The events ``seat`` may see."""
    return [e for e in events if e.visible(seat)]
