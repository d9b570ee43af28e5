"""Say why (issue 30 item 6): the plan behind hard's best move, in plain words.

Hard's reading of a decision (:meth:`fcm.bots.search.HardBot.analyse`) gives each candidate
move a value: the mean lead in dollars its rollouts reached. The plan behind the best move is
read from rollouts of the same kind, kept this time: on a few determinizations of what the
seat cannot see (drawn from its view by :meth:`HardBot.determinize`, never from the true
state), the best move and the move it is compared with (medium's choice, else the runner-up)
are each played on the same draw, every seat then played by medium to the same horizon the
search used, and the seat's events are tallied: the milestones it claims and when, the
salaries it pays, what it earns at Dinnertime (sales, tips, bonuses), the houses it sells to,
the houses its campaigns reach, the restaurants it opens and the food it throws away. The plan
is what differs between the two tallies, as :class:`Reason` records (a message id of the
catalogs, ``plan.*``, and its parameters), so ``fcm analyse`` and the web hint say it in the
reader's language: e.g. "race First to train someone (round 2 in 3 of 3 readings): saves
about $60 of salaries by round 6".
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fcm.bots.medium import MediumBot
from fcm.core.actions import Action, PlaceCampaign, PlaceRestaurant, StartCampaign
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.events import EventKind
from fcm.core.rng import Rng
from fcm.core.state import GameState, Phase
from fcm.core.types import Seat
from fcm.i18n import DEFAULT_LOCALE, join, lookup, t

Row = tuple[Action, float, int, bool]  # an analysis row: move, value, samples, medium's choice

DRAWS = 4  # determinizations read per move (the two moves share each draw)
SETUP_ROUNDS = 4  # rounds read after the first restaurant (the search plays to the game's end)
MONEY_STEP = 5  # dollars: a smaller difference of salaries or earnings is not a plan
HOUSES_SHOWN = 3


@dataclass
class Tally:
    """What one move's rollouts did for the seat, summed over its draws."""

    draws: int = 0
    salaries: int = 0
    sales: int = 0  # houses served
    tips: int = 0  # waitresses
    bonus: int = 0  # the CFO's
    restaurants: int = 0
    thrown: int = 0
    end_round: int = 0
    milestones: dict[str, list[int]] = field(default_factory=dict)  # id -> rounds claimed
    served: Counter[int] = field(default_factory=Counter)  # house -> draws it was sold to
    marketed: Counter[int] = field(default_factory=Counter)  # house -> draws it got demand
    goods: Counter[str] = field(default_factory=Counter)  # the goods the seat's campaigns push

    def add(self, other: Tally) -> None:
        """Add another tally's draws to this one."""
        self.draws += other.draws
        self.salaries += other.salaries
        self.sales += other.sales
        self.tips += other.tips
        self.bonus += other.bonus
        self.restaurants += other.restaurants
        self.thrown += other.thrown
        self.end_round = max(self.end_round, other.end_round)
        for m, rounds in other.milestones.items():
            self.milestones.setdefault(m, []).extend(rounds)
        self.served.update(other.served)
        self.marketed.update(other.marketed)
        self.goods.update(other.goods)

    def per_draw(self, total: int) -> float:
        return total / max(1, self.draws)

    def houses(self, counter: Counter[int]) -> set[int]:
        """The houses of ``counter`` in at least half of the draws."""
        return {h for h, n in counter.items() if 2 * n >= self.draws}


@dataclass(frozen=True, slots=True)
class Reason:
    """One part of the plan: a catalog message id and its parameters (plain JSON values;
    ``milestone`` a milestone id, ``good`` a good id, ``houses`` house numbers)."""

    code: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


@dataclass(frozen=True, slots=True)
class Explanation:
    """The best move of an analysis, what it is compared with, and the plan behind it."""

    best: Action
    value: float
    samples: int
    against: Action | None  # medium's choice, else the runner-up; None: nothing to compare
    against_medium: bool
    edge: float | None  # the best move's value minus the compared move's
    reasons: tuple[Reason, ...]
    draws: int

    def to_json(self) -> dict[str, Any]:
        return {
            "value": round(self.value, 1),
            "samples": self.samples,
            "against": None if self.against is None else self.against.to_json(),
            "against_medium": self.against_medium,
            "edge": None if self.edge is None else round(self.edge, 1),
            "draws": self.draws,
            "reasons": [r.to_json() for r in self.reasons],
        }


def horizon(view: GameState, bot: Any) -> int:
    """Rounds a reading plays: the search's own horizon for this decision (capped at the first
    restaurant, whose rollouts play the whole game)."""
    if view.turn.phase is Phase.SETUP_RESTAURANTS:
        return SETUP_ROUNDS
    return int(bot.work_horizon.get(view.num_players, 1))


def read(state: GameState, seat: Seat, action: Action, policy: MediumBot, rounds: int,
         tally: Tally, cutoff: float | None = None) -> bool:
    """Play ``action`` and then medium in every seat to the Restructuring ``rounds`` rounds on
    (as the search's rollouts do), adding the seat's events to ``tally``. False, and nothing
    added, when the wall clock passes ``cutoff`` first (a loaded server's hint)."""
    stop = state.round + rounds
    events = list(apply_in_place(state, seat, action))
    steps = 0
    while state.turn.phase is not Phase.GAME_OVER and steps < 2000 * rounds:
        if state.turn.phase is Phase.RESTRUCTURING and state.round >= stop:
            break
        if cutoff is not None and steps % 16 == 0 and time.perf_counter() > cutoff:
            return False
        s = current_actors(state)[0]
        events += apply_in_place(state, s, policy.choose(state, s, legal_actions(state, s)))
        steps += 1
    tally.draws += 1
    tally.end_round = max(tally.end_round, state.round)
    served: set[int] = set()
    marketed: set[int] = set()
    for e in events:
        d = e.data
        match e.kind:
            case EventKind.SALARIES_PAID if d["seat"] == seat:
                tally.salaries += d["amount"]
            case EventKind.HOUSE_SERVED if d["winner"] == seat:
                tally.sales += d["amount"]
                served.add(d["house"])
            case EventKind.WAITRESS_INCOME if d["seat"] == seat:
                tally.tips += d["amount"]
            case EventKind.CFO_BONUS if d["seat"] == seat:
                tally.bonus += d["amount"]
            case EventKind.MILESTONE_CLAIMED if d["seat"] == seat:
                tally.milestones.setdefault(str(d["milestone"]), []).append(d["round"])
            case EventKind.RESTAURANT_PLACED if d["seat"] == seat:
                tally.restaurants += 1
            case EventKind.GOODS_DISCARDED if d["seat"] == seat:
                tally.thrown += len(d["goods"])
            case EventKind.CAMPAIGN_RAN if d["owner"] == seat:
                tally.goods[str(d["good"])] += 1
                marketed.update(h["house"] for h in d["houses"])
    tally.served.update(served)
    tally.marketed.update(marketed)
    return True


def tallies(view: GameState, seat: Seat, moves: Sequence[Action], bot: Any, *,
            draws: int = DRAWS, seed: int = 0, deadline: float | None = None) -> list[Tally]:
    """Each move's tally over the same ``draws`` determinizations of the seat's view (fewer
    when the wall-clock ``deadline`` comes first: one at least, unless a draw's readings run
    past twice the time left at the start, when none is kept)."""
    rng = Rng(seed ^ (view.round * 7919) ^ 0x5A7)
    rounds = horizon(view, bot)
    out = [Tally() for _ in moves]
    cutoff = None
    if deadline is not None:
        cutoff = deadline + max(0.0, deadline - time.perf_counter())
    for k in range(draws):
        if k and deadline is not None and time.perf_counter() > deadline:
            break
        base = bot.determinize(view, seat, rng)
        drawn = [Tally() for _ in moves]
        # one medium per move on the draw: both moves' rollouts start alike
        if not all(read(base.clone(), seat, move, MediumBot(seed + k), rounds, tally, cutoff)
                   for move, tally in zip(moves, drawn, strict=True)):
            break
        for total, one in zip(out, drawn, strict=True):
            total.add(one)
    return out


def _first_claims(t: Tally) -> dict[str, tuple[int, int]]:
    """Milestone -> (draws it was claimed in, the typical round)."""
    out = {}
    for m, rounds in t.milestones.items():
        rounds = sorted(rounds)
        out[m] = (len(rounds), rounds[len(rounds) // 2])
    return out


def reasons(best: Tally, other: Tally | None, best_move: Action) -> list[Reason]:
    """The plan: what the best move's readings do that the other move's do not (or, with
    nothing to compare, what they do)."""
    out: list[Reason] = []
    n = best.draws
    until = best.end_round
    mine = _first_claims(best)
    theirs = _first_claims(other) if other is not None else {}
    # milestones raced: claimed in most readings, and more often or sooner than the other move
    raced = []
    for m, (k, rnd) in mine.items():
        if 2 * k < n:
            continue
        k2, rnd2 = theirs.get(m, (0, 99))
        if other is None or k > k2 or rnd < rnd2:
            raced.append((rnd, m, k))
    for rnd, m, k in sorted(raced)[:2]:
        out.append(Reason("plan.race", {"milestone": m, "round": rnd, "count": k, "draws": n}))
    # and what it gives up: a milestone the other move claims in most readings, this one not
    if other is not None:
        lost = sorted((rnd, m) for m, (k, rnd) in theirs.items()
                      if 2 * k >= other.draws and 2 * mine.get(m, (0, 0))[0] < n)
        for rnd, m in lost[:1]:
            out.append(Reason("plan.gives_up", {"milestone": m, "round": rnd}))
    if other is not None:
        saved = round(other.per_draw(other.salaries) - best.per_draw(best.salaries))
        if saved >= MONEY_STEP:
            out.append(Reason("plan.saves_salaries", {"amount": saved, "round": until}))
        elif saved <= -MONEY_STEP:
            out.append(Reason("plan.pays_salaries", {"amount": -saved, "round": until}))
        tips = round(best.per_draw(best.tips) - other.per_draw(other.tips))
        earned = round(best.per_draw(best.sales + best.bonus)
                       - other.per_draw(other.sales + other.bonus))
        if earned >= MONEY_STEP:
            out.append(Reason("plan.earns", {"amount": earned, "round": until}))
        elif earned <= -MONEY_STEP:
            out.append(Reason("plan.earns_less", {"amount": -earned, "round": until}))
        if tips >= MONEY_STEP:
            out.append(Reason("plan.tips", {"amount": tips, "round": until}))
        thrown = round(other.per_draw(other.thrown) - best.per_draw(best.thrown))
        if thrown >= 2:
            out.append(Reason("plan.wastes_less", {"count": thrown, "round": until}))
    # the demand it targets: the houses its campaigns reach (a campaign move), the houses it
    # sells to that the other move does not
    if isinstance(best_move, (StartCampaign, PlaceCampaign)) and best.goods:
        reached = best.houses(best.marketed) - (other.houses(other.marketed) if other else set())
        reached = reached or best.houses(best.marketed)
        if reached:
            good = best.goods.most_common(1)[0][0]
            out.append(Reason("plan.markets", {"good": good, "houses": sorted(reached)}))
    new_houses = best.houses(best.served) - (other.houses(other.served) if other else set())
    if isinstance(best_move, PlaceRestaurant) or (
        other is not None and best.restaurants > other.restaurants
    ):
        houses = sorted(new_houses or best.houses(best.served))[:HOUSES_SHOWN]
        if isinstance(best_move, PlaceRestaurant):
            at = {"row": best_move.cell[0], "col": best_move.cell[1]}
            out.append(Reason("plan.restaurant", {**at, "houses": houses}) if houses
                       else Reason("plan.restaurant_placed", at))
        else:
            out.append(Reason("plan.opens_restaurant", {"houses": houses}) if houses
                       else Reason("plan.opens_restaurant_alone", {}))
    elif new_houses and other is not None:
        out.append(Reason("plan.serves", {"houses": sorted(new_houses)[:HOUSES_SHOWN]}))
    return out


def explain(view: GameState, seat: Seat, rows: Sequence[Row], bot: Any, *, draws: int = DRAWS,
            seed: int = 0, deadline: float | None = None) -> Explanation | None:
    """The plan behind the best of an analysis's ``rows`` (best first), read on the seat's view
    with ``bot``'s determinizations and horizon; None without rows."""
    if not rows:
        return None
    best, value, samples, _ = rows[0]
    other_row = next((r for r in rows[1:] if r[3]), None) or (rows[1] if len(rows) > 1 else None)
    moves = [best] if other_row is None else [best, other_row[0]]
    got = tallies(view, seat, moves, bot, draws=draws, seed=seed, deadline=deadline)
    other = got[1] if len(got) > 1 else None
    found = reasons(got[0], other, best) if got[0].draws else [Reason("plan.no_time", {})]
    if not found:
        found = [Reason("plan.same" if other is not None else "plan.nothing",
                        {"round": got[0].end_round})]
    return Explanation(
        best=best, value=value, samples=samples,
        against=None if other_row is None else other_row[0],
        against_medium=bool(other_row and other_row[3]),
        edge=None if other_row is None else value - other_row[1],
        reasons=tuple(found), draws=got[0].draws,
    )


# -- in words -------------------------------------------------------------------------------------


def _name(prefix: str, ident: str, lang: str) -> str:
    try:
        return lookup(lang, f"{prefix}.{ident}")
    except KeyError:  # a module's id without a catalog entry: its id, readable
        return ident.replace("_", " ")


def say(reason: Reason | dict[str, Any], lang: str = DEFAULT_LOCALE) -> str:
    """One reason in ``lang`` (a :class:`Reason` or its JSON)."""
    code, params = ((reason.code, reason.params) if isinstance(reason, Reason)
                    else (reason["code"], reason["params"]))
    shown = dict(params)
    if "milestone" in shown:
        shown["milestone"] = _name("milestone", shown["milestone"], lang)
    if "good" in shown:
        shown["good"] = _name("good", shown["good"], lang)
    if "houses" in shown:
        shown["houses"] = join(lang, (str(h) for h in shown["houses"]))
    if code == "plan.race":  # "in 3 of 3 readings": the plural follows the readings
        return t(code, lang, count=shown.pop("draws"), claimed=shown.pop("count"), **shown)
    return t(code, lang, count=shown.pop("count", None), **shown)


def plan_text(reasons: Sequence[Reason | dict[str, Any]], lang: str = DEFAULT_LOCALE) -> str:
    """The plan in one sentence: its parts joined (``; ``, the language's separator)."""
    return lookup(lang, "plan.separator").join(say(r, lang) for r in reasons)
