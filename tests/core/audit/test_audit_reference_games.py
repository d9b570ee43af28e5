"""Audit: Dinnertime, Payday salaries and Marketing recomputed independently in whole games.

During seeded games between the random and heuristic bots, every Dinnertime, every salary
payment and every campaign run is recomputed by a small reference written from the rules text
alone, and the engine must agree:

- Dinnertime (excerpt 004; facts.md E.3; conventions.md #4, #5, #6, #20): First to lower prices at
  the start; item price $10 -1/-3/+10 per Pricing/Discount/Luxuries Manager at work, -1 with the
  milestone; houses in number order; candidates connected by road with the whole order in stock;
  lowest price + distance, then more Waitresses, then turn order; price x items (x2 garden) + $5
  per item with the marketed milestone; Waitresses $3/$5; CFO (at work, or First to have $100
  from an earlier round) +50% rounded up; $20/$100 claimed as soon as cash reaches them.
- Payday (excerpt 000 "Phase 5"; facts.md E.4): $5 per salaried card at work, on the beach and
  busy, none for campaign/brand managers and directors with First billboard, less $5 per unused
  Recruiting Manager / HR Director hire and $15 with First to train someone, never below $0.
- Marketing (excerpt 000 "Phase 6"; facts.md E.5): billboard orthogonally next to the house or
  its garden; mailbox in the same block (4-connected non-road squares); airplane in the covered
  full rows/columns; radio on the 3x3 tiles around it; 1 token (2 for a radio with First radio),
  never above 3 (5 with a garden).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from fcm.bots import make_bot
from fcm.core.company import board_of
from fcm.core.events import EventLog
from fcm.core.geometry import restaurant_entrances
from fcm.core.phases import dinnertime, marketing, payday
from fcm.core.state import Campaign, GameState, Options
from fcm.core.types import CampaignType, Cell, Edge
from fcm.rulesets import base_ruleset
from fcm.runner import play_game

SALARY_FREE_MARKETEERS = {"campaign_manager", "brand_manager", "brand_director"}


def expected_dinnertime(s: GameState) -> tuple[dict[int, int], dict[int, int], dict[int, set[str]]]:
    """Cash after Dinnertime, house -> winner, and milestones held afterwards (no bank break)."""
    board = board_of(s)
    order = list(s.turn_order)
    held = {p.seat: set(p.milestones) for p in s.players}
    available = set(s.milestones_available)

    def claim(seat: int, m: str) -> None:
        if s.options.milestones and m in available:
            held[seat].add(m)

    for seat in order:
        if {"pricing_manager", "discount_manager"} & set(s.players[seat].at_work):
            claim(seat, "first_lower_prices")
    price = {}
    for seat in order:
        work = s.players[seat].at_work
        price[seat] = (
            10
            - work.count("pricing_manager")
            - 3 * work.count("discount_manager")
            + 10 * work.count("luxuries_manager")
            - ("first_lower_prices" in held[seat])
        )
    cash = {p.seat: p.cash for p in s.players}
    earned = dict.fromkeys(order, 0)
    stock = {p.seat: Counter(p.stock) for p in s.players}

    def gain(seat: int, amount: int) -> None:
        earned[seat] += amount
        cash[seat] += amount
        if amount > 0 and cash[seat] >= 20:
            claim(seat, "first_20")
        if amount > 0 and cash[seat] >= 100:
            claim(seat, "first_100")

    winners = {}
    for number in sorted(s.houses):
        house = s.houses[number]
        if not house.demand:
            continue
        need = Counter(house.demand)
        best = []
        for seat in order:
            if any(stock[seat][g] < n for g, n in need.items()):
                continue
            distances = [
                d
                for r in s.restaurants
                if r.owner == seat and r.open
                for d in [
                    board.distance_house_to_restaurant(
                        house.footprint, restaurant_entrances(r.cell, r.entrance, r.drive_in)
                    )
                ]
                if d is not None
            ]
            if distances:
                waitresses = s.players[seat].at_work.count("waitress")
                best.append((price[seat] + min(distances), -waitresses, order.index(seat), seat))
        if not best:
            continue
        seat = min(best)[3]
        winners[number] = seat
        stock[seat] -= need
        amount = price[seat] * len(house.demand) * (2 if house.garden else 1)
        drinks = sum(n for g, n in need.items() if g.is_drink)
        for m, n in (
            ("first_burger_marketed", need["burger"]),
            ("first_pizza_marketed", need["pizza"]),
            ("first_drink_marketed", drinks),
        ):
            if m in held[seat]:
                amount += 5 * n
        gain(seat, amount)
    for seat in order:
        n = s.players[seat].at_work.count("waitress")
        if n:
            gain(seat, n * (5 if "first_waitress" in held[seat] else 3))
    for seat in order:
        p = s.players[seat]
        if "cfo" in p.at_work or p.milestones.get("first_100", s.round) < s.round:
            gain(seat, math.ceil(earned[seat] / 2))
    return cash, winners, held


def expected_salary(s: GameState, seat: int) -> int:
    p = s.players[seat]
    busy = [c.marketeer for c in s.campaigns.values() if c.owner == seat and c.marketeer]
    count = 0
    for card in [*p.at_work, *p.beach, *busy]:
        if not base_ruleset().catalog.employees[card].salary:
            continue
        if "first_billboard" in p.milestones and card in SALARY_FREE_MARKETEERS:
            continue
        count += 1
    discount = 5 * p.hire_discounts + (15 if "first_train" in p.milestones else 0)
    return max(0, 5 * count - discount)


def reached_houses(s: GameState, camp: Campaign) -> set[int]:
    board = board_of(s)
    h, w = board.height, board.width
    road = {(r, c) for r in range(h) for c in range(w) if board.square_kind((r, c)) in "rx"}
    out = set()
    if camp.kind is CampaignType.MAILBOX:
        block: set[Cell] = set()
        todo = list(camp.cells)
        while todo:
            x = todo.pop()
            if x in block or x in road or not (0 <= x[0] < h and 0 <= x[1] < w):
                continue
            block.add(x)
            todo += [(x[0] + 1, x[1]), (x[0] - 1, x[1]), (x[0], x[1] + 1), (x[0], x[1] - 1)]
    for number, house in s.houses.items():
        squares = set(house.footprint)
        if camp.kind is CampaignType.BILLBOARD:
            hit = any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a in camp.cells for b in squares)
        elif camp.kind is CampaignType.MAILBOX:
            hit = bool(block & squares)
        elif camp.kind is CampaignType.AIRPLANE:
            assert camp.edge is not None and camp.first is not None
            span = base_ruleset().catalog.campaigns[camp.number].span
            lines = range(camp.first, camp.first + span)
            vertical = camp.edge in (Edge.N, Edge.S)
            hit = any((c if vertical else r) in lines for r, c in squares)
        else:
            (r0, c0) = camp.cells[0]
            hit = any(abs(r // 5 - r0 // 5) <= 1 and abs(c // 5 - c0 // 5) <= 1 for r, c in squares)
        if hit:
            out.add(number)
    return out


def _configs() -> list[tuple[int, int, str, bool]]:
    out = []
    for seed in range(8):
        out.append((seed, 2 + seed % 4, "heuristic" if seed % 2 == 0 else "random", seed == 5))
    return out


@pytest.mark.parametrize(("seed", "players", "bot", "intro"), _configs())
def test_excerpts_000_004_phases_match_the_reference_in_whole_games(
    seed: int, players: int, bot: str, intro: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    problems: list[Any] = []
    counts = Counter()
    resolve, pay, run = dinnertime.resolve_dinnertime, payday._pay, marketing._run

    def checked_dinnertime(state: GameState, log: EventLog) -> bool:
        breaks = state.bank_breaks
        cash, winners, held = expected_dinnertime(state)
        result = resolve(state, log)
        got = {e.data["house"]: e.data["winner"] for e in log if e.kind == "house_served"}
        counts["houses"] += len(got)
        if got != winners:
            problems.append(("winners", state.round, got, winners))
        if state.bank_breaks == breaks and {p.seat: p.cash for p in state.players} != cash:
            problems.append(("cash", state.round, [p.cash for p in state.players], cash))
        if {p.seat: set(p.milestones) for p in state.players} != held:
            problems.append(("milestones", state.round))
        return result

    def checked_pay(state: GameState, seat: int, log: EventLog) -> None:
        want = expected_salary(state, seat)
        before = state.players[seat].cash
        pay(state, seat, log)
        counts["salaries"] += 1
        if before - state.players[seat].cash != want:
            problems.append(("salary", state.round, seat, before - state.players[seat].cash, want))

    def checked_run(state: GameState, board: Any, camp: Campaign, log: EventLog) -> None:
        want = reached_houses(state, camp)
        per = (
            2
            if camp.kind is CampaignType.RADIO and state.players[camp.owner].has("first_radio")
            else 1
        )
        before = {n: len(h.demand) for n, h in state.houses.items()}
        caps = {n: h.capacity for n, h in state.houses.items()}
        run(state, board, camp, log)
        counts["campaigns"] += 1
        for n, house in state.houses.items():
            added = len(house.demand) - before[n]
            expect = min(per, caps[n] - before[n]) if n in want else 0
            if added != expect:
                problems.append(("reach", state.round, camp.number, n, added, expect))

    monkeypatch.setattr(dinnertime, "resolve_dinnertime", checked_dinnertime)
    monkeypatch.setattr(payday, "_pay", checked_pay)
    monkeypatch.setattr(marketing, "_run", checked_run)
    bots = [make_bot(bot, seed * 10 + i) for i in range(players)]
    options = Options(introductory=intro, milestones=not intro, round_limit=60)
    result = play_game(bots, seed, options)
    assert result.state.ranking
    assert not problems, problems[:5]
    assert counts["campaigns"] > 0
