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

A view is cheap: it copies only what it blanks (the player records whose reserve is hidden, the
turn record with its drafts) and shares everything else with the state, so it is read-only and
shows the state as it is until the state changes. ``view(state, seat).clone()`` is a copy of the
view to play on.
"""

from __future__ import annotations

from fcm.core.events import Event
from fcm.core.state import GameState, Phase, shallow_player
from fcm.core.types import MilestoneId, Seat


def reserves_visible_to(state: GameState, seat: Seat | None) -> bool:
    """Whether ``seat`` may see every reserve card (after the first break, or First to have
    $20)."""
    if state.bank_breaks > 0:
        return True
    return seat is not None and state.players[seat].has(MilestoneId.FIRST_20)


def view(state: GameState, seat: Seat | None) -> GameState:
    """The state as ``seat`` may see it (``None``: a spectator, public information only)."""
    v = state.shallow_copy()
    v.rng = 0
    if state.turn.phase is not Phase.GAME_OVER:
        v.seed = 0
    if not reserves_visible_to(state, seat):
        players = []
        for p in state.players:
            if p.seat != seat and p.reserve is not None:
                p = shallow_player(p)
                p.reserve = None
            players.append(p)
        v.players = players
    else:
        v.players = list(state.players)
    v.turn = state.turn.shallow_copy()
    v.turn.drafts = {}
    if state.turn.drafts:
        v.turn.drafts = {s: (d if s == seat else []) for s, d in state.turn.drafts.items()}
    return v


def visible_events(events: list[Event], seat: Seat | None) -> list[Event]:
    """The events ``seat`` may see."""
    return [e for e in events if e.visible(seat)]
