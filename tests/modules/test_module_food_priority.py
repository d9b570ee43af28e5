"""Kimchi, Sushi and Noodles together (ketchup.md 5, "Combined priority"; 18 step 2): a
house with a garden takes the first of six tiers some connected chain can deliver (kimchi +
sushi, kimchi + the order, kimchi + noodles, sushi, the order, noodles); a house without a
garden skips the sushi tiers; within a tier the normal comparison decides. The freezer that
keeps kimchi keeps no sushi or noodles (5); sushi and noodles cannot be marketed (0.2).

Positions as in test_module_sushi.py (tests.helpers.SMALL_MAP; house 2 at distance 0 from seat
0's restaurant, 1 from seat 1's; a garden on request).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.helpers import (
    add_restaurant,
    assert_illegal,
    dinner,
    legal_actions,
    make_state,
    play,
    served,
    start_phase,
)
from tests.modules.test_module_sushi import SODA, B, two_chains

from fcm.core.actions import ChooseAdvert, Done, PlaceCampaign, StartCampaign, ThrowAway
from fcm.core.state import GameState, Phase, WorkingTurn, WorkStep
from fcm.core.types import Good
from fcm.modules.kimchi.ids import KIMCHI
from fcm.modules.noodles.ids import NOODLES
from fcm.modules.sushi.ids import SUSHI

FOOD = frozenset({"kimchi", "sushi", "noodles"})
K, S, N = KIMCHI, SUSHI, NOODLES

# (garden, seat 0's stock, seat 1's stock, winner, tier, goods sold, amount paid)
# House 2 wants burger + soda; seat 0 is nearer, so seat 1 wins only by a better tier.
TIERS = [
    # 1 kimchi + sushi beats 2 kimchi + the order
    (True, {B: 1, SODA: 1, K: 1}, {S: 2, K: 1}, 1, "kimchi+sushi", [K, S, S], 60),
    # 2 kimchi + the order beats 3 kimchi + noodles, and 4 sushi
    (True, {N: 2, K: 1}, {B: 1, SODA: 1, K: 1}, 1, "kimchi", [B, K, SODA], 60),
    (True, {S: 2, B: 1, SODA: 1}, {B: 1, SODA: 1, K: 1}, 1, "kimchi", [B, K, SODA], 60),
    # 3 kimchi + noodles beats 4 sushi and 5 the order
    (True, {S: 2, B: 1, SODA: 1}, {N: 2, K: 1}, 1, "kimchi+noodles", [K, N, N], 60),
    # 4 sushi beats 5 the order
    (True, {B: 1, SODA: 1, N: 2}, {S: 2}, 1, "sushi", [S, S], 40),
    # 5 the order beats 6 noodles
    (True, {N: 2, S: 1}, {B: 1, SODA: 1}, 1, None, [B, SODA], 40),
    # 6 noodles, when nothing else can be delivered
    (True, {S: 1, K: 1, B: 1}, {N: 2}, 1, "noodles", [N, N], 40),
    # without a garden the sushi tiers are skipped: kimchi + the order first
    (False, {S: 2, K: 1}, {B: 1, SODA: 1, K: 1}, 1, "kimchi", [B, K, SODA], 30),
    # without a garden too, kimchi + noodles (3) comes before the order without kimchi (5)
    (False, {B: 1, SODA: 1}, {N: 2, K: 1}, 1, "kimchi+noodles", [K, N, N], 30),
    # without a garden, sushi alone sells nothing: the order
    (False, {S: 5}, {B: 1, SODA: 1}, 1, None, [B, SODA], 20),
]


@pytest.mark.parametrize(
    ("garden", "stock0", "stock1", "winner", "tier", "sold", "amount"),
    TIERS,
    ids=[f"{'garden' if t[0] else 'no_garden'}-{t[4] or 'order'}" for t in TIERS],
)
def test_ketchup_5_combined_priority_the_first_tier_any_chain_can_deliver_wins(
    garden: bool,
    stock0: dict[Good, int],
    stock1: dict[Good, int],
    winner: int,
    tier: str | None,
    sold: list[Good],
    amount: int,
) -> None:
    """ketchup.md 5 (KX1 p6) and 7: the six tiers in order, the sushi tiers only for a house
    with a garden; the seller gets price x items (the garden doubles), the kimchi counted as
    one item; the goods of the tier leave its stock and nothing else does."""
    s = two_chains(FOOD, garden=garden)
    s.players[0].stock.update(stock0)
    s.players[1].stock.update(stock1)
    before = {g: s.players[winner].stock[g] for g in s.rules.goods}
    s.houses[2].demand = [B, SODA]
    d = served(dinner(s), 2)
    assert d["winner"] == winner and d.get("order") == tier
    if tier is not None:
        assert d["sold"] == [g.value for g in sold]
    assert d["amount"] == amount and s.players[winner].cash == amount
    after = {g: s.players[winner].stock[g] for g in s.rules.goods}
    taken = sorted(g.value for g in s.rules.goods for _ in range(before[g] - after[g]))
    assert taken == sorted(g.value for g in sold)
    assert s.houses[2].demand == []


def test_ketchup_5_within_a_tier_the_normal_comparison_decides() -> None:
    """ketchup.md 5: both chains can deliver kimchi + sushi: the nearer one (score 10) wins."""
    s = two_chains(FOOD)
    s.players[0].stock.update({S: 1, K: 1})
    s.players[1].stock.update({S: 1, K: 1, B: 1})
    s.houses[2].demand = [B]
    d = served(dinner(s), 2)
    assert (d["winner"], d["decided_by"], d["order"]) == (0, "lowest_total", "kimchi+sushi")


def test_ketchup_18_the_report_of_a_kimchi_and_sushi_sale_names_both_reasons() -> None:
    """ketchup.md 18 step 2: the Dinnertime report's order line reads as the tier's parts."""
    from fcm.report import event_line

    s = two_chains(FOOD)
    s.players[1].stock.update({S: 1, K: 1})
    s.houses[2].demand = [B]
    (e,) = [e for e in dinner(s) if e.kind == "house_served"]
    line = event_line(e)
    assert "The house buys kimchi + sushi: a chain with kimchi wins" in line
    assert "sushi, one per demand token" in line


def freezer(stock: dict[Good, int]) -> GameState:
    """Clean up of round 3: seat 0 holds a freezer (First to throw away since round 2)."""
    s = make_state(modules=FOOD)
    s.round = 3
    s.turn.phase = Phase.MARKETING
    s.players[0].milestones = {"first_throw_away": 2}
    s.players[0].stock.update(stock)
    start_phase(s, Phase.CLEANUP)
    return s


def test_ketchup_5_a_freezer_that_keeps_kimchi_keeps_no_sushi_or_noodles() -> None:
    """ketchup.md 5 (kimchi's exclusive freezer) with 6 and 7 (sushi and noodles may be
    frozen): kimchi + sushi is refused naming the rule; without the kimchi they are kept."""
    s = freezer({K: 1, S: 2, N: 3})
    assert_illegal(s, 0, Done(), "keeps nothing else", "ketchup.md 5")
    s, _ = play(s, 0, ThrowAway(K))
    s, ev = play(s, 0, Done())
    kept = next(e for e in ev if e.kind == "freezer_kept").data["goods"]
    assert kept == ["noodles"] * 3 + ["sushi"] * 2
    s = freezer({K: 1, S: 1})
    s, _ = play(s, 0, ThrowAway(S))
    s, ev = play(s, 0, Done())
    assert next(e for e in ev if e.kind == "freezer_kept").data["goods"] == ["kimchi"]


def test_ketchup_0_2_sushi_and_noodles_cannot_be_marketed_refused_naming_the_rule() -> None:
    """ketchup.md 0.2: no campaign may advertise the new goods: not offered, and refused."""
    s = make_state(modules=FOOD)
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["marketing_trainee"]
    s.turn.phase = Phase.WORKING
    s.turn.working = WorkingTurn(seat=0, step=WorkStep.CAMPAIGNS, unused=["marketing_trainee"])
    start = next(a for a in legal_actions(s, 0) if isinstance(a, StartCampaign))
    s, _ = play(s, 0, start)
    place = next(a for a in legal_actions(s, 0) if isinstance(a, PlaceCampaign))
    s, _ = play(s, 0, place)
    offered = {a.good for a in legal_actions(s, 0) if isinstance(a, ChooseAdvert)}
    assert offered == {B, Good.PIZZA, SODA, Good.LEMONADE, Good.BEER}
    for good in (S, N, K):
        assert_illegal(s, 0, ChooseAdvert(good, 1), f"{good.value} cannot be marketed")


def test_fcm_simulate_plays_whole_games_with_sushi_noodles_and_kimchi(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``fcm simulate --modules sushi,noodles,kimchi`` plays whole games to their end."""
    from fcm.cli.main import main

    out = tmp_path / "games.jsonl"
    args = ["simulate", "--modules", "sushi,noodles,kimchi", "--players", "3", "--games", "2"]
    assert main([*args, "--bots", "medium,easy,random", "--seed", "11", "--out", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) == 2 and "wins by medium" in capsys.readouterr().out
    assert all(sorted(g["ranking"]) == [0, 1, 2] and g["end_reason"] for g in games)
