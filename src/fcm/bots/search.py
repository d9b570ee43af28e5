"""The hard bot: medium proposes, determinized rollouts decide.

At a decision with a real choice in Working 9-5 (hire, train, campaign tile and square, a Local
Manager's restaurant) and at the first restaurant of the setup, the bot takes medium's choice
and a few alternatives as candidates. Each iteration draws one determinization of what its seat
cannot see (the others' reserve cards while they are secret, from a prior; the chance state),
consistently with its view and never from the true state, and plays every candidate on the same
draw (paired comparison): the candidate is applied with the engine's in-place fast path on a
cheap clone, then medium plays every seat to the Restructuring three rounds on at 2 players and
two at 4 (a hire's or a training's work shows only in the second round; one round at 3 and 5),
and a value estimate scores the truncated position (cash lead plus forecast income).
The first restaurant decides the most and is searched once a game: medium's eight best squares,
each played out to the game's end at 2 players (a few rounds at more). Medium's choice is kept
unless a candidate beats it by a margin over the same draws. Rollouts barely differ between
draws (the hidden reserves matter only from the first bank break), so more draws of the same
candidates changed no game (30 rollouts: the same 40 games; halving at 24: the same 18); the first
restaurant changed many. Every other decision is medium's (Order of Business, Restructuring,
Payday: searching them was neutral for others' bots).

Budget: by default ``DEFAULT_ROLLOUTS`` rollouts per searched decision (``ROLLOUTS_BY_PLAYERS``
where the rollouts are longer: one draw per candidate at 4 players; deterministic: the same
seed and view give the same move, so tournaments reproduce), stopped early by a safety of
``SAFETY_SECONDS`` of CPU time (a loaded machine plays the same moves; it never binds on one
core: bench/bots.py measures the default's worst decision). ``rollouts=N`` sets another count;
``think=S`` a budget in wall-clock seconds instead (the server sets its per-seat budget this
way: with both, the first reached stops).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from fcm.bots.base import Bot
from fcm.bots.evaluation import evaluate
from fcm.bots.medium import MediumBot, Plan
from fcm.core.actions import (
    Action,
    ChooseReserve,
    Done,
    Hire,
    PlaceCampaign,
    PlaceRestaurant,
    StartCampaign,
    Train,
)
from fcm.core.catalog import ReserveCard
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.rng import Rng
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId, Good, Seat

DEFAULT_ROLLOUTS = 10  # per searched decision (candidates x determinizations)
SAFETY_SECONDS = 2.0  # a default decision never thinks longer than this (CPU seconds)
MAX_CANDIDATES = 5
# Dollars per rollout a candidate must gain over medium's choice. The rollouts play every
# seat as medium: a small edge there is often a wrong model of the rival (against the
# scripted plans, $3 made hard lose games medium won; with two-round rollouts $25 won 97 of
# 110 where $3 won 88, and beat medium more often: 85 of 100 against 78).
MARGIN = 25.0
HALVING = False  # successive halving: the worse half of the candidates stops early
FIRST_SAMPLES = 2  # determinizations every candidate gets before the first cut
SEARCH_RESTAURANTS = True  # restaurant placement (setup and Local Managers) is searched
# Rounds a Working decision's rollouts play, by player count (default 1). At 4 players two:
# a card hired or trained now first works next round, and one round showed its cost (salary,
# a seat) but not its work. At 2 players three (against the scripted plans 298 of 330 games
# won, 288 with two rounds; against medium the same 85 of 100). A two-round rollout costs 3.6
# times a one-round one (the next round's Working is the costly part), so the 4-player default
# budget is one draw per candidate (draws barely differ: the same games with 30 rollouts as
# with 10).
WORK_HORIZON: dict[int, int] = {2: 3, 4: 2}
ROLLOUTS_BY_PLAYERS: dict[int, int] = {4: 5}  # the default budget where it is not DEFAULT_ROLLOUTS
# The first restaurant, once a game: medium's best squares, each played out (one draw: hidden
# reserves barely matter this early) to the game's end at 2 players, some rounds at more.
SETUP_CANDIDATES = 8
SETUP_HORIZON = {2: 99, 3: 8, 4: 5, 5: 4}
BANK_HORIZON = False  # forecast income only for the rounds the bank is expected to last
HORIZON_ROUNDS = 3  # rounds of forecast income a truncated rollout is credited with
FOODS = (Good.BURGER, Good.PIZZA)
RESERVE_PRIOR = ((100, 1), (200, 2), (300, 2))  # weights for a rival's secret reserve card
# The learned variant (``LearnedHardBot``, league name hard_learned): a truncated rollout is
# scored by the learned evaluation (fcm.bots.evaluation: the final margin expected from the
# position, fitted on self-play games) instead of ``value``; each rival is played by a model
# drawn per determinization: medium itself, medium's plan for the rival played cheaply
# (``plan``), or a style of fcm.bots.ismcts (``easy``, ``trainer``, ``pricing``); hire
# candidates in ``HIRE_PRIOR`` order. The default ``hard`` is the learned variant when
# ``LEARNED_DEFAULT`` (only if it is not worse than hard_v1 on the held-out plans).
LEARNED_DEFAULT = False
MIXED_RIVALS: tuple[str, ...] = ("medium", "plan", "trainer", "pricing")


def _reserve_prior(state: GameState) -> tuple[tuple[ReserveCard, int], ...]:
    """The weights of a rival's secret reserve card: the prior for the base game's cards, else
    every card of the game's alike (a module's cards, e.g. three $200 cards with base prices)."""
    cards = state.rules.catalog.reserve_cards
    by_money = {c.money: c for c in cards}
    if not state.rules.extensions.reserve_cards and sorted(by_money) == [
        m for m, _ in RESERVE_PRIOR
    ]:
        return tuple((by_money[m], w) for m, w in RESERVE_PRIOR)
    return tuple((c, 1) for c in cards)


# The hires searched first (medium's proposal is always a candidate): the cards strong lines
# open with (docs: shared strategy guide section 2; the held-out plans are never read).
HIRE_PRIOR = (EmployeeId.TRAINER, EmployeeId.KITCHEN_TRAINEE, EmployeeId.WAITRESS,
              EmployeeId.MARKETING_TRAINEE, EmployeeId.RECRUITING_GIRL,
              EmployeeId.MANAGEMENT_TRAINEE, EmployeeId.PRICING_MANAGER, EmployeeId.ERRAND_BOY)


def _hire_rank(a: Action) -> int:
    if isinstance(a, Hire) and a.employee in HIRE_PRIOR:
        return HIRE_PRIOR.index(a.employee)
    return len(HIRE_PRIOR) if isinstance(a, Hire) else -1


class HardBot:
    name = "hard"

    # How rollouts are played and scored (bench variants override these).
    work_horizon: ClassVar[dict[int, int]] = WORK_HORIZON
    rollouts_by_players: ClassVar[dict[int, int]] = ROLLOUTS_BY_PLAYERS
    default_rollouts = DEFAULT_ROLLOUTS
    rivals: ClassVar[tuple[str, ...]] = MIXED_RIVALS if LEARNED_DEFAULT else ("medium",)
    learned = LEARNED_DEFAULT
    hire_prior = LEARNED_DEFAULT
    margin = MARGIN  # dollars a candidate must gain over medium's choice

    def __init__(
        self, seed: int = 0, *, think: float | None = None, rollouts: int | None = None
    ) -> None:
        self.seed = seed
        self.think = think
        self.rollouts = self.default_rollouts if think is None and rollouts is None else rollouts
        # the default count is scaled by player count (ROLLOUTS_BY_PLAYERS); an explicit one not
        self.default_budget = think is None and rollouts is None
        self.medium = MediumBot(seed)
        self.stats: dict[str, float] = {"rollouts": 0, "steps": 0, "seconds": 0.0, "cpu": 0.0}

    # The server sets a per-seat budget in milliseconds.
    @property
    def think_ms(self) -> int:
        return int((self.think or 0) * 1000)

    @think_ms.setter
    def think_ms(self, value: int) -> None:
        self.think = min(2.0, max(0.05, value / 1000))

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        proposal = self.medium.choose(view, seat, legal)
        if len(legal) == 1:
            return legal[0]
        candidates = self.candidates(view, seat, legal, proposal)
        if len(candidates) < 2:
            return proposal
        return self.search(view, seat, candidates)

    # -- candidates ------------------------------------------------------------------------------

    def candidates(
        self, view: GameState, seat: Seat, legal: Sequence[Action], proposal: Action
    ) -> list[Action]:
        """Medium's choice first, then alternatives of the same decision."""
        first = legal[0]
        setup = view.turn.phase is Phase.SETUP_RESTAURANTS
        out: list[Action] = [proposal]
        pool: list[Action] = []
        if SEARCH_RESTAURANTS and isinstance(proposal, PlaceRestaurant):
            pool = self._top_restaurants(view, seat, legal, proposal)
        elif view.turn.phase is Phase.WORKING and not isinstance(first, ChooseReserve):
            # The reserve card only shows after a rollout's horizon: medium's plan chooses it.
            kinds = (Hire, Train, StartCampaign)
            # hires in the order of what strong openings race (a trainer for First to train,
            # waitresses, a recruiting girl) before the legal order: medium never proposes
            # some of them, and the first few legal hires are not the ones that matter
            pool = [a for a in legal if isinstance(a, kinds)]
            if self.hire_prior:
                pool.sort(key=_hire_rank)
            if any(isinstance(a, PlaceCampaign) for a in legal):
                pool = self._top_placements(view, seat, legal)
            if pool and Done() in legal:
                pool.append(Done())
        for a in pool:
            if a not in out:
                out.append(a)
            if len(out) >= (SETUP_CANDIDATES if setup else MAX_CANDIDATES):
                break
        return out

    def _top_restaurants(
        self, view: GameState, seat: Seat, legal: Sequence[Action], proposal: Action
    ) -> list[Action]:
        """Medium's next-best restaurant squares (one entrance each, distinct cells), and
        Done where a Local Manager may also keep its restaurant for later."""
        assert isinstance(proposal, PlaceRestaurant)
        places = [a for a in legal if isinstance(a, PlaceRestaurant)]
        picker = MediumBot(self.seed)
        taken = {proposal.cell}
        out: list[Action] = []
        setup = view.turn.phase is Phase.SETUP_RESTAURANTS
        while len(out) < (SETUP_CANDIDATES - 1 if setup else MAX_CANDIDATES - 2):
            rest = [a for a in places if a.cell not in taken]
            if not rest:
                break
            if setup:
                pick = picker._best_restaurant(view, seat, list(rest), legal)
            else:
                pick = picker._new_restaurant(view, seat, list(rest))  # type: ignore[assignment]
            if not isinstance(pick, PlaceRestaurant):
                break
            out.append(pick)
            taken.add(pick.cell)
        if not setup and Done() in legal:
            out.append(Done())
        return out

    def _top_placements(
        self, view: GameState, seat: Seat, legal: Sequence[Action]
    ) -> list[Action]:
        from fcm.bots.medium import win_chances

        places = [a for a in legal if isinstance(a, PlaceCampaign)]
        chances = win_chances(view, seat, good=self.medium.plan(view, seat).food)
        scored: list[tuple[float, int, Action]] = []
        for a in places:
            _, v = self.medium._best_placement(view, seat, [a], chances)
            scored.append((-v, len(scored), a))
        scored.sort(key=lambda x: (x[0], x[1]))
        return [a for _, _, a in scored[: MAX_CANDIDATES - 1]]

    # -- determinization and rollouts ------------------------------------------------------------

    def determinize(self, view: GameState, seat: Seat, rng: Rng) -> GameState:
        """A full state consistent with ``view``: hidden reserve cards drawn from the prior,
        the chance state drawn afresh. Only what the view shows is kept."""
        state = view.clone()
        state.rng = rng.below(2**31) + 1
        prior = _reserve_prior(state)
        give = state.rules.extensions.reserve_cards
        total = sum(w for _, w in prior)
        for p in state.players:
            if p.seat != seat and p.reserve is None and view.turn.phase is not Phase.SETUP_RESERVE:
                roll = rng.below(total)
                for card, w in prior:
                    if roll < w:
                        p.reserve = card.money
                        if give:  # what a module's card carries besides its money
                            give[0].give(p, card)
                        break
                    roll -= w
        return state

    def rollout(
        self, state: GameState, seat: Seat, action: Action, policy: MediumBot, rounds: int = 1,
        others: dict[int, Bot] | None = None,
    ) -> float:
        """Apply ``action``, let medium play every seat (a rival by its model in ``others``
        where it has one) to the Restructuring ``rounds`` rounds on, and score the position
        for ``seat``."""
        stop_round = state.round + rounds
        apply_in_place(state, seat, action)
        others = others or {}
        steps = 0
        while state.turn.phase is not Phase.GAME_OVER and steps < 2000 * rounds:
            if state.turn.phase is Phase.RESTRUCTURING and state.round >= stop_round:
                break
            actors = current_actors(state)
            s = actors[0]
            legal = legal_actions(state, s)
            apply_in_place(state, s, others.get(s, policy).choose(state, s, legal))
            steps += 1
        self.stats["steps"] += steps + 1
        if self.learned and state.turn.phase is not Phase.GAME_OVER:
            return evaluate(state, seat)
        return value(state, seat, policy)

    def rival_models(self, view: GameState, seat: Seat, rng: Rng, seed: int) -> dict[int, Bot]:
        """One model per rival for a determinization, drawn from ``rivals`` (``medium`` is
        medium itself; a style is the easy bot's tactics with that style's build list, or
        ``plan`` with medium's plan for the rival): the rollouts do not assume one rival."""
        from fcm.bots.ismcts import StyleBot, rollout_policy

        out: dict[int, Bot] = {}
        if not self.rivals or self.rivals == ("medium",):
            return out
        for s in range(view.num_players):
            if s == seat:
                continue
            kind = self.rivals[rng.below(len(self.rivals))]
            if kind == "medium":
                continue
            if kind == "plan":
                plan = self.medium.plan(view, s)
                out[s] = StyleBot(seed + s, plan.hires, plan.trains)
            else:
                out[s] = rollout_policy(kind, seed + s)
        return out

    def evaluate(
        self, view: GameState, seat: Seat, candidates: list[Action]
    ) -> tuple[list[float], list[int]]:
        """Mean rollout value of each candidate and how many determinizations it got. Every
        candidate still in the race plays the same determinizations (common random numbers);
        with ``HALVING`` the worse half stops after ``FIRST_SAMPLES`` draws, and again at each
        doubling, medium's proposal always kept, until the budget is spent."""
        rng = Rng(self.seed ^ (view.round * 7919) ^ len(candidates))
        start = time.perf_counter()
        cpu = time.process_time()
        # A rollout budget is safe-guarded in CPU seconds (the same moves on a loaded
        # machine); a seconds budget (``think``) is wall time, as the server's clock is.
        clock = time.perf_counter if self.think is not None else time.process_time
        begun = clock()
        deadline = begun + (self.think if self.think is not None else SAFETY_SECONDS)
        limit = self.rollouts if self.rollouts is not None else 10**9
        if self.default_budget:
            limit = self.rollouts_by_players.get(view.num_players, limit)
        rounds = self.work_horizon.get(view.num_players, 1)
        setup = view.turn.phase is Phase.SETUP_RESTAURANTS
        if view.turn.phase is Phase.SETUP_RESTAURANTS:
            rounds = SETUP_HORIZON.get(view.num_players, 4)
            limit = len(candidates) if self.rollouts is not None else limit
        n = len(candidates)
        totals = [0.0] * n
        counts = [0] * n
        alive = list(range(n))
        used = 0
        samples = 0
        next_cut = FIRST_SAMPLES
        per_rollout = 0.0
        stop = False
        while used < limit and not stop:
            base = self.determinize(view, seat, rng)
            policy_seed = self.seed + samples
            # the first restaurant's long rollouts keep medium for every seat
            others = {} if setup else self.rival_models(view, seat, rng, policy_seed)
            for i in alive:
                if used and clock() + per_rollout * 1.2 > deadline:
                    stop = True
                    break
                totals[i] += self.rollout(base.clone(), seat, candidates[i],
                                          MediumBot(policy_seed), rounds, others)
                counts[i] += 1
                used += 1
                per_rollout = (clock() - begun) / used
            samples += 1
            if HALVING and samples >= next_cut and len(alive) > 2:
                ranked = sorted(alive, key=lambda i: (-totals[i] / counts[i], i))
                keep = ranked[: max(2, (len(alive) + 1) // 2)]
                if 0 not in keep:
                    keep[-1] = 0
                alive = sorted(keep)
                next_cut *= 2
        self.stats["rollouts"] += used
        self.stats["seconds"] += time.perf_counter() - start
        self.stats["cpu"] += time.process_time() - cpu
        return [t / max(1, c) for t, c in zip(totals, counts, strict=True)], counts

    def search(self, view: GameState, seat: Seat, candidates: list[Action]) -> Action:
        means, counts = self.evaluate(view, seat, candidates)
        if counts[0] == 0:
            return candidates[0]
        # the best of those that ran the longest (a candidate cut early was behind)
        most = max(counts)
        best = max((i for i in range(len(candidates)) if counts[i] == most),
                   key=lambda i: (means[i], -i))
        if best != 0 and means[best] >= means[0] + self.margin:
            return candidates[best]
        return candidates[0]

    def analyse(
        self, view: GameState, seat: Seat, legal: Sequence[Action]
    ) -> list[tuple[Action, float, int, bool]]:
        """Hard's reading of a position: its candidate moves, best first, each with its mean
        rollout value (dollars of lead), the determinizations it got, and whether it is
        medium's proposal. Decisions hard does not search are read with the first legal
        actions as candidates. Under time pressure a move that got no rollout is left out."""
        proposal = self.medium.choose(view, seat, legal)
        cands = self.candidates(view, seat, legal, proposal)
        if len(cands) < 2:
            others = [a for a in legal if a != proposal][: MAX_CANDIDATES - 1]
            cands = [proposal, *others]
        means, counts = self.evaluate(view, seat, cands)
        # a move the time left no rollout for has no reading: not listed (the first always has)
        out = [
            (a, m, c, a == proposal)
            for a, m, c in zip(cands, means, counts, strict=True)
            if c > 0
        ]
        return sorted(out, key=lambda x: -x[1])


class LearnedHardBot(HardBot):
    """Hard with the learned evaluation, several rival models and hire candidates in the order
    strong openings race them (issue 30 item 1; league name ``hard_learned``)."""

    name = "hard"
    rivals: ClassVar[tuple[str, ...]] = MIXED_RIVALS
    learned = True
    hire_prior = True


class FastHardBot(HardBot):
    """Hard with cheap rollouts (issue 30 item 1; league name ``hard_fast``): medium proposes
    (with the hire prior), but in a rollout no seat is medium. The searching seat plays
    medium's plan for it (its hires and trainings, read once from the view) with the easy bot's
    tactics, each rival a model drawn per determinization (medium's plan for it played the same
    way, the easy build list, a First-to-train style, a price-war style), and the learned
    evaluation scores the truncated position. A rollout costs a fraction of a medium one, so
    the default budget plays several times the draws (each draw a new rival model) in the same
    CPU time."""

    name = "hard"
    rivals: ClassVar[tuple[str, ...]] = ("plan", "easy", "trainer", "pricing")
    learned = True
    hire_prior = True
    default_rollouts = 40
    rollouts_by_players: ClassVar[dict[int, int]] = {4: 25}
    # The cheap policy plays the seat's cards otherwise than medium will: at $25 it left
    # medium's opening in rounds 1-4 (a recruiting girl for the trainer, a waitress for the
    # marketing trainee) and lost 6 of 6 games to medium; at $60 it won 6 of 8 (README).
    margin = 60.0

    def evaluate(
        self, view: GameState, seat: Seat, candidates: list[Action]
    ) -> tuple[list[float], list[int]]:
        # every seat's plan once per decision (medium's planning is the costly part)
        self._plans = {s: self.medium.plan(view, s) for s in range(view.num_players)}
        return super().evaluate(view, seat, candidates)

    def rival_models(self, view: GameState, seat: Seat, rng: Rng, seed: int) -> dict[int, Bot]:
        """The model of every seat, the searching one included (its own plan, cheaply), as
        (style, seed) pairs turned into fresh bots per rollout (paired: every candidate meets
        the same models in the same states)."""
        kinds = {s: "own" if s == seat else self.rivals[rng.below(len(self.rivals))]
                 for s in range(view.num_players)}
        return _Models(kinds, seed, self._plans)

    def rollout(
        self, state: GameState, seat: Seat, action: Action, policy: MediumBot, rounds: int = 1,
        others: dict[int, Bot] | None = None,
    ) -> float:
        if isinstance(others, _Models):
            others = others.fresh()
        return super().rollout(state, seat, action, policy, rounds, others)


class _Models(dict):  # type: ignore[type-arg]
    """Per-seat rollout models of one determinization: (style, seed) by seat."""

    def __init__(self, kinds: dict[int, str], seed: int, plans: dict[int, Plan]) -> None:
        super().__init__()
        self.kinds, self.seed, self.plans = kinds, seed, plans

    def fresh(self) -> dict[int, Bot]:
        from fcm.bots.ismcts import StyleBot, rollout_policy

        out: dict[int, Bot] = {}
        for s, kind in self.kinds.items():
            if kind in ("own", "plan"):
                plan = self.plans[s]
                out[s] = StyleBot(self.seed + s, plan.hires, plan.trains)
            else:
                out[s] = rollout_policy(kind, self.seed + s)
        return out


class MediumRolloutHardBot(HardBot):
    """Hard as before the learned evaluation (medium in every seat of a rollout, the hand-made
    value, hire candidates in legal order): hard_v1's search."""

    name = "hard"
    rivals: ClassVar[tuple[str, ...]] = ("medium",)
    learned = False
    hire_prior = False


def forecast(state: GameState, seat: Seat) -> float:
    """Next round's income for ``seat``, net of the next salaries: houses in serving order that
    the chain wins (price + distance) and can serve in full from its stock plus what its
    kitchen can make (cooks 3, chefs 8, a kitchen trainee 1), plus waitress tips."""
    from fcm.bots.medium import win_chances
    from fcm.core.company import owned_cards, salary_due, unit_price

    p = state.players[seat]
    cap: Counter[Good] = Counter({g: n for g, n in p.stock.items() if n > 0})
    flexible = 0
    for card, n in owned_cards(state, seat).items():
        e = state.rules.catalog.employees[card]
        if not e.food:
            continue  # drinks depend on routes: only the stock counts
        if len(e.food) > 1:
            flexible += e.food_amount * n
        else:
            cap[e.food[0]] += e.food_amount * n
    price = max(1, unit_price(state, seat))
    income = 0.0
    for number, ch in sorted(win_chances(state, seat).items()):
        if ch < 0.5:
            continue
        house = state.houses[number]
        if not house.demand:
            continue
        need = Counter(house.demand)
        short = sum(max(0, k - cap[g]) for g, k in need.items())
        if short > flexible or any(g not in FOODS and cap[g] < k for g, k in need.items()):
            continue
        for g, k in need.items():
            used = min(cap[g], k)
            cap[g] -= used
            flexible -= k - used
        income += ch * price * len(house.demand) * (2 if house.garden else 1)
    income += 3 * p.at_work.count(EmployeeId.WAITRESS)
    return income - salary_due(state, seat)


def value(state: GameState, seat: Seat, policy: MediumBot) -> float:
    """The truncated position for ``seat``: cash lead over the best rival plus forecast net
    income over the next rounds (investments show their costs before their revenue)."""
    if state.turn.phase is Phase.GAME_OVER:
        lead = state.players[seat].cash - max(
            p.cash for p in state.players if p.seat != seat
        )
        return lead + (1000 if state.ranking and state.ranking[0] == seat else -1000)
    income = [forecast(state, s) for s in range(state.num_players)]
    rounds = float(HORIZON_ROUNDS)
    if BANK_HORIZON:
        # the game ends at the second bank break: income counts only for the rounds the bank
        # is expected to last (the reserve cards refill it once)
        left = state.bank
        if state.bank_breaks == 0:
            left += sum(p.reserve or 0 for p in state.players)
        rounds = min(rounds, max(1.0, left / max(10.0, sum(max(0.0, i) for i in income))))
    worth = [state.players[s].cash + rounds * income[s] for s in range(state.num_players)]
    return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)


def plan_line(
    view: GameState, seat: Seat, rows: Sequence[tuple[Action, float, int, bool]]
) -> str:
    """The best move of an analysis in one line: its value, its edge over medium's choice, and
    the plan it serves (medium's plan for the seat once the move is made: the food, the
    milestone raced, the reserve card, the next hires and trainings still to make)."""
    from fcm.core.company import owned_cards

    if not rows:
        return "no move was read"
    best, mean, samples, _ = rows[0]
    base = next((r for r in rows if r[3]), None)
    edge = ""
    if base is not None and base[0] != best:
        edge = f", {mean - base[1]:+.0f} $ over medium's choice ({base[0]})"
    after = view.clone()
    if best in legal_actions(after, seat):
        apply_in_place(after, seat, best)
    plan = MediumBot(0).plan(after, seat)
    owned = owned_cards(after, seat)
    hires = [str(c) for c, k in plan.hires if owned[c] < k][:3]
    trains = [f"{s}->{d}" for s, d in plan.trains if owned[s] and not owned[d]][:2]
    goals = [g for g, on in (("CFO line", plan.cfo), ("second restaurant", plan.expand
                             or plan.second)) if on]
    parts = [f"{plan.food.value}", f"race {plan.opening}", f"reserve ${plan.reserve}"]
    if hires:
        parts.append("hire next " + ", ".join(hires))
    if trains:
        parts.append("train " + ", ".join(trains))
    parts += goals
    return (f"best: {best} ({mean:+.0f} $ lead, {samples} samples{edge}); plan: "
            + "; ".join(parts))
