"""The research encoding with expansion modules is pinned (issue 24: a module's blocks are
registered by its package, and the encodings stay exactly as they were): the blocks and feature
layout of every allowed set of modules, and the observations, masks and chosen indices of whole
seeded module games, as digests taken before the modules' blocks left fcm.env.

Re-pinned once, on purpose, when the module vocabularies became open (module cards are listed in
the order their packages define them), Kimchi joined the playable modules (more sets, its good
in the stocks) and First beer sold became a choice (New Milestones' ``pay_salary`` block); the
``ketchup+gourmet_food_critics`` game, which none of these touch, kept its digest. The two
``all_but`` games were re-pinned again when the bots learnt Kimchi (its advice changes the
bots' choices, not the encoding: the layouts kept their digest). Sushi and Noodles joined
the playable modules: more sets (the 767 earlier sets keep their digest, checked before
re-pinning) and the two ``all_but`` games, which now play them; and all four games when
medium's plan changed (issue 30: the same encoding, other choices by the medium seat). New
Districts joined: more sets (the 3071 earlier sets keep their digest, checked before
re-pinning; its map tiles add suppliers and house numbers only to the sets that play it) and
the two ``all_but`` games, whose map now draws from the new tiles. Coffee joined: more sets
(the 6143 earlier sets keep their digest, checked at the merge) and the two ``all_but`` games,
which now play it. The ``cook`` block's foods became the ruleset's (a Noodle
Cook's or Sushi Cook's ``Cook`` had no index): the sets with Noodles, Sushi or Coffee and the
two ``all_but`` games re-pinned (also for the Noodles and Fry Chefs advice, issue 30 item 4:
other choices, the same encoding). Lobbyists joined: more sets (the 12287 earlier
sets keep their digest, checked at the merge) and the two ``all_but`` games, which now play it
(its blocks and planes, tile Z in the map pool). First lobbyist used's extra map tile re-pinned
the sets that play Lobbyists (its ``place_map_tile`` block; the sets without it keep their
digest: checked on a sample of 250 of the 12287 against the code before) and the two
``all_but`` games (the bots place the tile). Six Players joined: more sets (the 24575
earlier sets keep their digest ``fba13b2f903cf294``, checked before re-pinning; its player
count gives the sets that play it 6 seats and the 4 x 6 map's 20 x 30 grid) and the two
``all_but`` games, which now play it (the same 261 and 285 actions; without Six Players both
keep their old digests, checked); a 6-player game is pinned too (``SIX_GAMES``).
Rural Marketeers joined: more sets (the sets without it and Six Players keep their digest,
checked before re-pinning; its card,
milestone and four giant billboard tiles, the ``place_freeway`` block, a house kind and a piece
plane and its globals only in the sets that play it) and the ``all_but`` games, which now play
it. Medium's new opening (issue 30 item 2) re-pinned the four games and the 6-player game (other
choices, the same encodings: the two ``only`` games checked on the code before and after it).
Rural Marketeers' planes were re-pinned (issue 25 leftovers): the rural area (no squares) lost
its always-empty ``house_kind_rural_area`` plane, ``piece_freeway`` marks the edge road square
a freeway touches, and the globals gained ``giant_billboards``: the sets with Rural Marketeers
and the two ``all_but`` games re-pinned (the same 227 and 276 actions; a park now also doubles
the winner's own coffee, which moves money there too); the sets without it keep their digest
(checked on a sample of 300 of the 36863 against the code before), as do the ``only`` and
six-player games."""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator

import numpy as np
import pytest

import fcm
from fcm.bots import make_bot
from fcm.env.encoding import encode, encoding_for
from fcm.env.observation import Observer, layout_for
from fcm.rulesets import get_ruleset, module_problem, playable_modules

# (sets checked, digest of every set's blocks and fields)
LAYOUTS = (73727, "773a446e05d4558c")
# (modules, seed) -> (actions played, digest of every actor's observation and mask, and of
# every chosen action's index)
GAMES = {
    ("all_but", "new_milestones", 1): "229:cf5626bfcc7e6303",
    ("all_but", "hard_choices", 2): "274:51f2053ce9e37f5a",
    ("only", "new_milestones", 3): "293:641625d3880fbedd",
    ("only", "ketchup+gourmet_food_critics", 4): "236:361d138b3f138fc7",
}


# (modules, seed, players, round limit) -> the same digest, at a six-player table (ketchup.md 17)
SIX_GAMES = {
    ("coffee+ketchup+lobbyists+new_districts+six_players", 5, 6, 6): "242:30458857fb1e44a7",
}


def _layout_text(mods: tuple[str, ...]) -> str:
    rules = get_ruleset("base", mods)
    enc, lay = encoding_for(rules), layout_for(rules)
    return json.dumps(
        [
            [(b.name, b.offset, list(b.dims)) for b in enc.blocks.values()],
            [n for n, _ in lay.board_planes],
            [(n, k) for n, k, _ in lay.player_fields],
            [(n, k) for n, k, _ in lay.global_fields],
        ]
    )


def _sets() -> Iterator[tuple[str, ...]]:
    mods = sorted(playable_modules())
    for r in range(1, len(mods) + 1):
        for c in itertools.combinations(mods, r):
            if module_problem(c) is None:
                yield c


def layouts_digest() -> tuple[int, str]:
    h = hashlib.sha256()
    n = 0
    for c in _sets():
        h.update(("+".join(c) + _layout_text(c)).encode())
        n += 1
    return n, h.hexdigest()[:16]


def modules_of(how: str, which: str) -> tuple[str, ...]:
    mods = sorted(playable_modules())
    if how == "all_but":
        return tuple(m for m in mods if m != which)
    return tuple(which.split("+"))


def game_digest(mods: tuple[str, ...], seed: int, players: int = 3, limit: int = 10) -> str:
    opts = fcm.Options(modules=frozenset(mods), round_limit=limit)
    state = fcm.new_game(players, seed, opts)
    bots = [make_bot(("easy", "medium", "random")[i % 3], seed * 10 + i) for i in range(players)]
    obs = Observer()
    h = hashlib.sha256()
    steps = 0
    while not fcm.is_over(state):
        actors = fcm.current_actors(state)
        for seat in actors:
            o = obs.observe(fcm.view(state, seat), seat)
            for k in ("board", "players", "globals", "action_mask"):
                h.update(np.ascontiguousarray(o[k]).tobytes())
        seat = actors[0]
        legal = fcm.legal_actions(state, seat)
        a = bots[seat].choose(fcm.view(state, seat), seat, legal)
        h.update(str(encode(state, a)).encode())
        fcm.apply_in_place(state, seat, a)
        steps += 1
    return f"{steps}:{h.hexdigest()[:16]}"


def test_every_module_sets_blocks_and_fields_are_pinned() -> None:
    assert layouts_digest() == LAYOUTS


@pytest.mark.parametrize("key", list(GAMES), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}")
def test_module_games_observations_and_indices_are_pinned(key: tuple[str, str, int]) -> None:
    how, which, seed = key
    assert game_digest(modules_of(how, which), seed) == GAMES[key]


@pytest.mark.parametrize("key", list(SIX_GAMES), ids=lambda k: f"{k[0]}-{k[1]}-{k[2]}p")
def test_six_player_games_observations_and_indices_are_pinned(
    key: tuple[str, int, int, int],
) -> None:
    """Six Players (ketchup.md 17): 6 seats on the 20 x 30 grid, with the seat-sized planes
    of Coffee and Ketchup and Lobbyists' squares on it."""
    which, seed, players, limit = key
    assert game_digest(tuple(which.split("+")), seed, players, limit) == SIX_GAMES[key]
