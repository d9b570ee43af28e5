"""Audit: hiring and training against an independent reference model.

Sources: excerpt 002 "Working 9–5" ("Hire employees", "Train employees": Coach/Guru may use all
their actions on one person; different trainers may not train the same employee unless First to
pay $20 or more in salaries; no 1x type you already own; only the final card must be available),
facts.md A.2 (career tree) and A.3.

The engine abstracts card identities (cards of one type are identical, a ``fresh`` flag marks
cards trained this turn and trainer cards are re-assigned when needed). The reference below keeps
explicit identities instead: every beach card remembers which trainer card trained it this turn,
every trainer card its own actions left, piles may go below 0 while training and a turn may only
end with every pile back at 0 or more. For random small positions (random piles, some empty)
both must reach exactly the same set of end-of-step beaches.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from tests.helpers import add_restaurant, make_state, start_phase

from fcm.core.actions import Done, Hire, Train
from fcm.core.engine import apply_in_place, legal_actions
from fcm.core.state import GameState, Phase, WorkStep
from fcm.rulesets import base_ruleset

E = base_ruleset().catalog.employees
ENTRY = sorted(e for e in E if E[e].entry_level)
Beach = tuple[str, ...]


pytestmark = pytest.mark.usefixtures("hold_at_dinnertime")


def engine_ends(state: GameState) -> set[Beach]:
    """Every beach seat 0 can end its Train step with, over all hire and train sequences."""
    out: set[Beach] = set()
    seen: set[str] = set()

    def visit(s: GameState) -> None:
        key = s.canonical_json()
        if key in seen:
            return
        seen.add(key)
        turn = s.turn.working
        if turn is None or turn.seat != 0 or turn.step not in (WorkStep.HIRE, WorkStep.TRAIN):
            out.add(tuple(sorted(s.players[0].beach)))
            return
        acts = legal_actions(s, 0)
        if Done() in acts:
            if turn.step is WorkStep.HIRE:
                nxt = s.clone()
                apply_in_place(nxt, 0, Done())
                visit(nxt)
            else:
                out.add(tuple(sorted(s.players[0].beach)))
        for a in acts:
            if isinstance(a, (Hire, Train)):
                nxt = s.clone()
                apply_in_place(nxt, 0, a)
                visit(nxt)

    visit(state)
    return out


def reference_ends(
    beach: list[str],
    trainers: list[str],
    supply: dict[str, int],
    owned_elsewhere: Counter[str],
    stacking: bool,
) -> set[Beach]:
    out: set[Beach] = set()
    seen: set[object] = set()
    cards0 = tuple((c, -1) for c in sorted(beach))  # (type, trainer card that trained it)
    left0 = tuple(E[t].trains for t in trainers)

    def visit(
        cards: tuple[tuple[str, int], ...], left: tuple[int, ...], sup: dict[str, int]
    ) -> None:
        key = (tuple(sorted(cards)), left, tuple(sorted(sup.items())))
        if key in seen:
            return
        seen.add(key)
        if all(n >= 0 for n in sup.values()):
            out.add(tuple(sorted(c for c, _ in cards)))
        for i, n in enumerate(left):
            if n <= 0:
                continue
            for j, (card, by) in enumerate(cards):
                if not stacking and by not in (-1, i):
                    continue
                for into in E[card].trains_into:
                    owned = Counter(c for c, _ in cards) + owned_elsewhere
                    if E[into].unique and owned[into] > 0:
                        continue
                    nc = list(cards)
                    nc[j] = (into, i)
                    nl = list(left)
                    nl[i] -= 1
                    ns = dict(sup)
                    ns[card] = ns.get(card, 0) + 1
                    ns[into] = ns.get(into, 0) - 1
                    visit(tuple(nc), tuple(nl), ns)

    hires = E["ceo"].hires + sum(E[t].hires for t in trainers)
    for k in range(hires + 1):
        for combo in itertools.combinations_with_replacement(ENTRY, k):
            sup = dict(supply)
            for c in combo:
                sup[c] = sup.get(c, 0) - 1
            visit(tuple(sorted(cards0 + tuple((c, -1) for c in combo))), left0, sup)
    return out


TRAINER_SETS = [
    ["trainer"],
    ["coach"],
    ["guru"],
    ["trainer", "trainer"],
    ["coach", "trainer"],
    ["coach", "coach"],
    ["guru", "trainer"],
    ["coach", "guru"],
    ["coach", "trainer", "trainer"],
]
BEACH_CARDS = [
    "management_trainee",
    "junior_vice_president",
    "vice_president",
    "senior_vice_president",
    "kitchen_trainee",
    "errand_boy",
]


@pytest.mark.parametrize("seed", range(6))
def test_excerpt_002_hire_and_train_reach_exactly_the_reference_outcomes(seed: int) -> None:
    """Excerpt 002 'Hire employees' and 'Train employees', facts.md A.3: random positions with
    random (partly empty) piles; the engine's legal hires and training steps reach the same
    end-of-step beaches as the explicit-identity reference, with and without First to pay $20."""
    rng = random.Random(seed)
    for _ in range(4):
        trainers = rng.choice(TRAINER_SETS)
        beach = [rng.choice(BEACH_CARDS) for _ in range(rng.randint(0, 2))]
        stacking = rng.random() < 0.35
        state = make_state(milestones=False)  # no First to hire 3 gift in this comparison
        add_restaurant(state, 0, (3, 3), "nw")
        add_restaurant(state, 1, (8, 3), "nw")
        state.players[0].at_work = sorted(trainers)
        state.players[0].beach = sorted(beach)
        for card in sorted(state.supply):
            if rng.random() < 0.25:
                state.supply[card] = rng.choice([0, 0, 1])
        if stacking:  # held from an earlier round, as the milestone's effect needs
            state.players[0].milestones["first_pay_20"] = 1
            state.round = 2
        supply = dict(state.supply)
        start_phase(state, Phase.WORKING)
        got = engine_ends(state)
        want = reference_ends(beach, trainers, supply, Counter(trainers), stacking)
        assert got == want, (trainers, beach, stacking, sorted(got ^ want)[:5])
