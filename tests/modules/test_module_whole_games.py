"""Randomised whole games with expansion modules (issue 15 item 4): each module alone, every
pair, and all together keep every invariant after every action (fcm.verify.check_game: money
and cards conserved, 1x cards and the movie-star group unique, save/load identical, legal
actions from the view equal those from the state) and replay exactly."""

from __future__ import annotations

from itertools import combinations

import pytest

from fcm.core.ruleset import playable_modules
from fcm.verify import check_game

MODULES = sorted(playable_modules())


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_each_module_alone(module: str, seed: int) -> None:
    check_game(seed, "mixed", frozenset({module}))


@pytest.mark.parametrize("pair", list(combinations(MODULES, 2)), ids="+".join)
def test_every_pair_of_modules(pair: tuple[str, ...]) -> None:
    check_game(21 + MODULES.index(pair[0]), "mixed", frozenset(pair))


@pytest.mark.parametrize("seed", range(31, 37))
def test_all_modules_together(seed: int) -> None:
    check_game(seed, "mixed", frozenset(MODULES))
