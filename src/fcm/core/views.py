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

from typing import Final

from fcm.core.events import Event
from fcm.core.state import GameState, Phase, shallow_player
from fcm.core.types import MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python 3.11),
# and a view is made for every bot decision.
_GAME_OVER: Final = Phase.GAME_OVER
_FIRST_20: Final = MilestoneId.FIRST_20


def reserves_visible_to(state: GameState, seat: Seat | None) -> bool:
    """Whether ``seat`` may see every reserve card (after the first break, or First to have
    $20)."""
    if state.bank_breaks > 0:
        return True
    return seat is not None and _FIRST_20 in state.players[seat].milestones


def view(state: GameState, seat: Seat | None) -> GameState:
    """The state as ``seat`` may see it (``None``: a spectator, public information only)."""
    v = state.shallow_copy()
    v.rng = 0
    turn = state.turn
    if turn.phase is not _GAME_OVER:
        v.seed = 0
    if reserves_visible_to(state, seat):
        v.players = list(state.players)
    else:
        players = []
        point = state.rules.extensions.reserve_cards
        secret = point[0].secret if point else ()
        for p in state.players:
            if p.reserve is not None and p.seat != seat:
                p = shallow_player(p)
                p.reserve = None
                if secret:  # what a module's card carries is as secret as the card
                    p.extras = {k: v for k, v in p.extras.items() if k not in secret}
            players.append(p)
        v.players = players
    drafts = turn.drafts
    if drafts and any(d and s != seat for s, d in drafts.items()):
        v.turn = vt = turn.shallow_copy()
        vt.drafts = {s: (d if s == seat else []) for s, d in drafts.items()}
    # else: nothing of the turn record is secret; the read-only view shares it
    redact = state.rules.extensions.redact
    if redact:  # expansion modules' secrets (docs/modules.md)
        v.module_data = {m: dict(d) for m, d in state.module_data.items()}
        for fn in redact:
            fn(v, seat)
    return v


def visible_events(events: list[Event], seat: Seat | None) -> list[Event]:
    """The events ``seat`` may see."""
    return [e for e in events if e.visible(seat)]
