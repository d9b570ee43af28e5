"""Views (fcm.core.views): the cheap view shows exactly what a redacted deep copy shows, never
changes the state, and its clone is a detached copy to play on."""

from __future__ import annotations

from fcm.bots import make_bot
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import GameState, Phase
from fcm.core.views import reserves_visible_to, view
from fcm.runner import play_game


def redacted_copy(state: GameState, seat: int | None) -> GameState:
    """The definition of a view, spelled out on a deep copy."""
    v = state.clone()
    v.rng = 0
    if state.turn.phase is not Phase.GAME_OVER:
        v.seed = 0  # the seed gives every random outcome to come (issue 10 #4)
    if not reserves_visible_to(state, seat):
        for p in v.players:
            if p.seat != seat:
                p.reserve = None
    v.turn.drafts = {s: (list(d) if s == seat else []) for s, d in v.turn.drafts.items()}
    return v


def test_views_equal_a_redacted_deep_copy_and_leave_the_state_alone():
    checked = 0

    def check(state: GameState, seat: int, action: object) -> None:
        nonlocal checked
        before = state.canonical_json()
        for who in [None, *range(state.num_players)]:
            seen = view(state, who)
            assert seen.canonical_json() == redacted_copy(state, who).canonical_json()
        assert state.canonical_json() == before
        for s in current_actors(state):
            assert legal_actions(view(state, s), s) == legal_actions(state, s)
        checked += 1

    bots = [make_bot("random", 30 + i) for i in range(3)]
    play_game(bots, 3, on_step=check)
    assert checked > 300


def test_a_clone_of_a_view_is_detached_from_the_state():
    bots = [make_bot("heuristic", 1), make_bot("heuristic", 2)]
    state = play_game(bots, 4).state
    before = state.canonical_json()
    copy = view(state, 0).clone()
    copy.players[0].cash += 50
    copy.players[0].hand.append("waitress")
    copy.houses[min(copy.houses)].demand.clear()
    copy.supply["waitress"] = 0
    assert state.canonical_json() == before


def test_shallow_copies_share_every_field_and_are_new_objects():
    """The generated copiers behind views (state.py ``_shallow_copier``) cover every field of
    the dataclass, a field added later included."""
    from dataclasses import fields

    from fcm.core.state import shallow_player

    bots = [make_bot("random", 5 + i) for i in range(3)]
    state = play_game(bots, 6).state
    copies = [
        (state, state.shallow_copy()),
        (state.turn, state.turn.shallow_copy()),
        (state.players[1], shallow_player(state.players[1])),
    ]
    for original, copy in copies:
        assert copy is not original and type(copy) is type(original)
        for f in fields(original):  # type: ignore[arg-type]
            assert getattr(copy, f.name) is getattr(original, f.name), f.name
