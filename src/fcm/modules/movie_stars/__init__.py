"""Movie Stars (ketchup.md 15): B-, C- and D-Movie Stars.

A Waitress may be trained into any movie star still in the supply (one card of each, 19.1 row
10, the KX reading; option ``movie_stars_by_player_count``, DLX-K: only B at 2-3 players, B and
C at 4, all three at 5); all stars together are one 1x type (``unique_group``): a player owns at
most one. A star has a salary, earns nothing and is not a waitress (19.3: it counts 0
waitresses for income, ties and First waitress played).

- Order of Business: players with a star at work choose first, B, then C, then D; then everyone
  else by open slots as usual.
- Dinnertime: a tie on price + distance goes to the chain with the better star at work (B over
  C over D over none), before the Waitress count (score, star, waitresses, turn order).
"""

from __future__ import annotations

from dataclasses import replace

from fcm.core.extensions import Extensions, Offer, TableRules
from fcm.core.state import GameState
from fcm.core.types import EmployeeId, Seat
from fcm.modules._data import add_cards
from fcm.modules.movie_stars import ids
from fcm.rulesets import Module, known_modules

TIE_NAME = "movie_star"  # a tie a star breaks: decided_by "movie_star", "tie_lost_movie_star"
BY_PLAYER_COUNT = "movie_stars_by_player_count"  # the module's rule switch (ketchup.md 19.1)
ID = "movie_stars"
STARS = (ids.B_MOVIE_STAR, ids.C_MOVIE_STAR, ids.D_MOVIE_STAR)


def star_rank(state: GameState, seat: Seat) -> int:
    """0 for a B star at work, 1 for C, 2 for D, 3 without one (lower wins)."""
    at_work = state.players[seat].at_work
    for rank, star in enumerate(STARS):
        if star in at_work:
            return rank
    return len(STARS)


def choose_first(state: GameState) -> list[Seat]:
    """The seats with a star at work, B first (each rank read once: asked on every hire)."""
    ranked = [(star_rank(state, s), s) for s in range(state.num_players)]
    return [s for rank, s in sorted(ranked) if rank < len(STARS)]


# Option movie_stars_by_player_count (19.1 row 10, DLX-K via RTJoe): the stars in play.
IN_PLAY_FROM = {ids.B_MOVIE_STAR: 2, ids.C_MOVIE_STAR: 4, ids.D_MOVIE_STAR: 5}


def unavailable(state: GameState) -> frozenset[EmployeeId]:
    if BY_PLAYER_COUNT not in state.options.switches:
        return frozenset()
    return frozenset(s for s, n in IN_PLAY_FROM.items() if state.num_players < n)


def offer(state: GameState, seat: Seat, terms: Offer) -> Offer:
    """A star decides a tie before the Waitress count (B before C before D)."""
    return Offer(  # every field (dataclasses.replace is slow; asked per chain and house)
        adjust=terms.adjust,
        ties=(*terms.ties, star_rank(state, seat)),
        tie_names=(*terms.tie_names, TIE_NAME),
    )


def table(state: GameState, rules: TableRules) -> TableRules:
    """Stars choose their turn order first; the option may take some out of the game."""
    first = [s for s in choose_first(state) if s not in rules.choose_first]
    out = unavailable(state)
    if not first and out <= rules.unavailable:  # nothing to add (the usual table)
        return rules
    return replace(
        rules,
        choose_first=(*rules.choose_first, *first),
        unavailable=rules.unavailable | out,
    )


def module() -> Module:
    return Module(
        info=known_modules()[ID],
        switches=(BY_PLAYER_COUNT,),
        data=lambda raw, chosen: add_cards(raw, ID),
        extensions=Extensions(offer=(offer,), table_rules=(table,)),
    )
