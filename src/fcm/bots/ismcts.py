"""Information-set Monte Carlo tree search for the hard bot (issue 30 item 1).

At a searched decision (Working 9-5 with a hire, training, campaign or restaurant among the
legal actions; the first restaurant) every iteration:

1. draws a determinization of what the seat cannot see, from its view only (``determinize``:
   the rivals' secret reserve cards from a prior, the chance state afresh);
2. walks a tree of the seat's own decisions of this turn (a hire, then a training, ...), each
   node widened progressively over the LEGAL actions: after n visits the first
   ``1 + PW_C * n ** PW_ALPHA`` of them by prior order (medium's choice first, then the actions
   of the kinds that shape a company, then the rest), chosen by UCB1 with the prior as a
   bonus, so a move medium never proposes is tried once the search has the visits for it;
3. plays on with a cheap rollout policy (``rollout_policy``: the easy bot's build list for the
   seat, one of several styles for each rival, drawn per determinization: the rival model is
   not one policy) to the Restructuring ``HORIZON`` rounds on;
4. scores the truncated position with ``value`` (cash lead plus forecast net income) and
   backs it up the path.

The move played is the most visited root child, unless it does not beat medium's choice by
``MARGIN`` dollars on their means (a small edge is more often noise than a better move).

Budget: ``DEFAULT_ITERATIONS`` per searched decision (deterministic: the same seed and view
give the same move), stopped early by ``SAFETY_SECONDS`` of CPU; ``think=S`` a wall-clock
deadline instead (the server's; with both, the first reached stops).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from fcm.bots.heuristic import (
    HIRE_PLAN,
    TRAIN_PLAN,
    WORK_PRIORITY,
    HeuristicBot,
    pack_structure,
    send_next,
)
from fcm.bots.medium import MediumBot
from fcm.bots.search import value as position_value
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
from fcm.core.company import ceo_slots_of
from fcm.core.engine import apply_in_place, current_actors, legal_actions
from fcm.core.rng import Rng
from fcm.core.state import GameState, Phase
from fcm.core.types import EmployeeId as E
from fcm.core.types import Seat

DEFAULT_ITERATIONS: dict[int, int] = {2: 64, 3: 40, 4: 32, 5: 24}
SAFETY_SECONDS = 1.5  # CPU seconds: a default decision never thinks longer
HORIZON: dict[int, int] = {2: 3, 3: 2, 4: 2, 5: 1}  # rounds a rollout plays before scoring
SETUP_HORIZON: dict[int, int] = {2: 5, 3: 4, 4: 3, 5: 2}  # the first restaurant's rollouts
PW_C = 1.0  # progressive widening: children allowed after n visits, 1 + PW_C * n ** PW_ALPHA
PW_ALPHA = 0.5
UCB_C = 40.0  # exploration, in dollars of value
PRIOR_BONUS = 30.0  # dollars of bonus for medium's choice, fading with visits
MARGIN = 40.0  # dollars a move must gain over medium's choice (paired, over the same draws)
MIN_PAIRS = 4  # draws a move and medium's choice must share before the move may be played
TREE_DEPTH = 4  # own decisions of this turn kept in the tree; the rest are rollout
SEARCHED = (Hire, Train, StartCampaign, PlaceCampaign, PlaceRestaurant)


PLACEMENT_SAMPLE = 10  # campaign squares a rollout policy scores (the easy bot scores all)


class StyleBot(HeuristicBot):
    """A rollout style: the easy bot with a build list of its own (a rival model), scoring a
    sample of the campaign squares (the easy bot's full scan was a fifth of a rollout)."""

    def __init__(self, seed: int, hires: tuple[tuple[E, int], ...] = HIRE_PLAN,
                 trains: tuple[tuple[E, E], ...] = TRAIN_PLAN) -> None:
        super().__init__(seed)
        self.hire_plan = hires
        self.train_plan = trains
        self._packed: dict[tuple[object, ...], list[E]] = {}

    def _restructure(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        # The structure to send is a function of the hand and the CEO's slots: packed once a
        # Restructuring, not once per card sent (it was a sixth of the policy's time).
        if view.rules.modules:
            return super()._restructure(view, seat, legal)
        p = view.players[seat]
        key = (tuple(p.hand), ceo_slots_of(view, seat))
        work = self._packed.get(key)
        if work is None:
            if len(self._packed) > 64:
                self._packed.clear()
            work = self._packed[key] = pack_structure(view.rules, list(p.hand), key[1],
                                                      WORK_PRIORITY, ties_by_name=False)
        return send_next(view, seat, legal, work, WORK_PRIORITY, ties_by_name=False)

    def _place_campaign(self, view: GameState, seat: Seat, places: list[Action]) -> Action:
        if len(places) > PLACEMENT_SAMPLE:
            step = len(places) / PLACEMENT_SAMPLE
            start = self._rng.below(max(1, int(step)))
            places = [places[int(start + i * step)] for i in range(PLACEMENT_SAMPLE)]
        return super()._place_campaign(view, seat, places)


# Rival models, drawn per rival per determinization: the easy bot's build list, a
# First-to-train economy (trainer first, cooks and waitresses, few salaries) and a price war
# (pricing manager and a discount manager, waitresses).
STYLES: dict[str, tuple[tuple[tuple[E, int], ...], tuple[tuple[E, E], ...]] | None] = {
    "easy": None,
    "trainer": (
        ((E.TRAINER, 1), (E.KITCHEN_TRAINEE, 1), (E.MARKETING_TRAINEE, 1), (E.WAITRESS, 1),
         (E.KITCHEN_TRAINEE, 2), (E.WAITRESS, 2), (E.MANAGEMENT_TRAINEE, 1),
         (E.MARKETING_TRAINEE, 2), (E.WAITRESS, 3)),
        ((E.KITCHEN_TRAINEE, E.BURGER_COOK), (E.KITCHEN_TRAINEE, E.BURGER_COOK),
         (E.MARKETING_TRAINEE, E.CAMPAIGN_MANAGER), (E.BURGER_COOK, E.BURGER_CHEF),
         (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT)),
    ),
    "pricing": (
        ((E.PRICING_MANAGER, 1), (E.KITCHEN_TRAINEE, 1), (E.MARKETING_TRAINEE, 1),
         (E.TRAINER, 1), (E.MANAGEMENT_TRAINEE, 1), (E.WAITRESS, 1), (E.KITCHEN_TRAINEE, 2),
         (E.WAITRESS, 2), (E.PRICING_MANAGER, 2)),
        ((E.KITCHEN_TRAINEE, E.BURGER_COOK), (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT),
         (E.JUNIOR_VICE_PRESIDENT, E.DISCOUNT_MANAGER), (E.BURGER_COOK, E.BURGER_CHEF)),
    ),
}


def rollout_policy(style: str, seed: int) -> HeuristicBot:
    plan = STYLES[style]
    return StyleBot(seed) if plan is None else StyleBot(seed, *plan)


@dataclass
class Node:
    """A decision of the searching seat: its legal actions in prior order, children by action."""

    order: list[Action]
    visits: int = 0
    total: float = 0.0
    children: dict[Action, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def _kind_rank(a: Action) -> int:
    """The prior's order after medium's choice: what shapes a company first."""
    if isinstance(a, (Hire, Train)):
        return 0
    if isinstance(a, (StartCampaign, PlaceCampaign, PlaceRestaurant)):
        return 1
    if a == Done():
        return 2
    return 3


def searched(view: GameState, legal: Sequence[Action]) -> bool:
    """Whether hard searches this decision (else medium's choice is played)."""
    if len(legal) < 2 or isinstance(legal[0], ChooseReserve):
        return False
    if view.turn.phase is Phase.SETUP_RESTAURANTS:
        return True
    return view.turn.phase is Phase.WORKING and any(isinstance(a, SEARCHED) for a in legal)


class IsmctsBot:
    """The hard bot's search (see the module docstring)."""

    name = "hard"

    def __init__(
        self, seed: int = 0, *, think: float | None = None, rollouts: int | None = None
    ) -> None:
        self.seed = seed
        self.think = think
        # an explicit count, else the default by player count when no deadline is given
        self.iterations = rollouts
        self.default_budget = think is None and rollouts is None
        self.medium = MediumBot(seed)
        self.stats: dict[str, float] = {"rollouts": 0, "steps": 0, "seconds": 0.0, "cpu": 0.0}
        self.last_root: Node | None = None
        self.last_proposal: Action | None = None

    @property
    def think_ms(self) -> int:
        return int((self.think or 0) * 1000)

    @think_ms.setter
    def think_ms(self, value: int) -> None:
        self.think = min(2.0, max(0.05, value / 1000))

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        proposal = self.medium.choose(view, seat, legal)
        if not searched(view, legal):
            return proposal
        root = self.search(view, seat, legal, proposal)
        return self.best(root, proposal)

    # -- the tree ---------------------------------------------------------------------------------

    def prior_order(self, state: GameState, seat: Seat, legal: Sequence[Action],
                    proposal: Action | None = None) -> list[Action]:
        """The legal actions, medium's choice first, then by kind (stable within a kind)."""
        if proposal is None:
            proposal = self.medium.choose(state, seat, legal)
        rest = sorted((a for a in legal if a != proposal), key=_kind_rank)
        return [proposal, *rest]

    def best(self, root: Node, proposal: Action) -> Action:
        """The root move with the largest paired edge over medium's choice, if that edge is at
        least ``MARGIN`` dollars over at least ``MIN_PAIRS`` draws; else medium's choice."""
        edges = self.paired_edges(proposal)
        good = [(e, k, a) for a, (e, k) in edges.items()
                if a != proposal and k >= MIN_PAIRS and e >= MARGIN]
        if not good:
            return proposal
        return max(good, key=lambda x: (x[0], x[1]))[2]

    def _select(self, node: Node, legal: set[Action]) -> Action | None:
        allowed = min(len(node.order), 1 + int(PW_C * node.visits ** PW_ALPHA))
        best: Action | None = None
        best_score = -math.inf
        log_n = math.log(node.visits + 1)
        for i, a in enumerate(node.order[:allowed]):
            if a not in legal:
                continue
            child = node.children.get(a)
            if child is None or child.visits == 0:
                return a  # untried: in prior order
            score = child.mean + UCB_C * math.sqrt(log_n / child.visits)
            if i == 0:
                score += PRIOR_BONUS / (1 + child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    # -- determinization and rollouts -----------------------------------------------------------

    def determinize(self, view: GameState, seat: Seat, rng: Rng) -> GameState:
        """A full state consistent with ``view`` (only what the view shows is read)."""
        from fcm.bots.search import HardBot

        return HardBot.determinize(self, view, seat, rng)  # type: ignore[arg-type]

    def search(self, view: GameState, seat: Seat, legal: Sequence[Action],
               proposal: Action) -> Node:
        """Iterations in batches: each batch draws one determinization and one rival model
        and plays every root move widened so far on it (paired: a move's edge over medium's
        choice is measured on the same draws), each move's own later decisions of this turn
        chosen in its subtree by UCB1 over progressively widened legal actions."""
        rng = Rng(self.seed ^ (view.round * 7919) ^ (len(legal) * 31))
        start, cpu = time.perf_counter(), time.process_time()
        clock = time.perf_counter if self.think is not None else time.process_time
        begun = clock()
        deadline = begun + (self.think if self.think is not None else SAFETY_SECONDS)
        players = view.num_players
        limit = self.iterations if self.iterations is not None else 10**9
        if self.default_budget:
            limit = DEFAULT_ITERATIONS.get(players, 24)
        setup = view.turn.phase is Phase.SETUP_RESTAURANTS
        rounds = (SETUP_HORIZON if setup else HORIZON).get(players, 1)
        root = Node(self.prior_order(view, seat, legal, proposal))
        # the seat plays on by medium's plan for it (its build list, cheaply: no planning in a
        # rollout); a rival by one of the styles or medium's plan for it, drawn per batch
        plans = {s: self.medium.plan(view, s) for s in range(players)}
        styles = [*STYLES, "medium"]
        done = batches = steps = 0
        per = 0.0
        self.paired: dict[Action, dict[int, float]] = {}
        while done < limit:
            base = self.determinize(view, seat, rng)
            picks = {s: ("medium" if s == seat else styles[rng.below(len(styles))],
                         rng.below(2**31)) for s in range(players)}
            width = min(len(root.order), 2 + int(PW_C * batches ** PW_ALPHA))
            stop = False
            for a in root.order[:width]:
                if done >= limit or (done and clock() + per > deadline):
                    stop = True
                    break
                policies = {s: self._policy(st, sd, plans[s]) for s, (st, sd) in picks.items()}
                state = base.clone()
                v, n = self._iterate(state, seat, root, a, policies, rounds)
                steps += n
                self.paired.setdefault(a, {})[batches] = v
                done += 1
                per = (clock() - begun) / done
            batches += 1
            if stop:
                break
        self.stats["rollouts"] += done
        self.stats["steps"] += steps
        self.stats["seconds"] += time.perf_counter() - start
        self.stats["cpu"] += time.process_time() - cpu
        self.last_root, self.last_proposal = root, proposal
        return root

    @staticmethod
    def _policy(style: str, seed: int, plan: object) -> HeuristicBot:
        if style == "medium":
            return StyleBot(seed, plan.hires, plan.trains)  # type: ignore[attr-defined]
        return rollout_policy(style, seed)

    def _iterate(self, state: GameState, seat: Seat, root: Node, first: Action,
                 policies: dict[int, HeuristicBot], rounds: int) -> tuple[float, int]:
        """One iteration from the root move ``first``: down its subtree (the seat's own later
        decisions this turn), a rollout, the value backed up. Returns (value, steps)."""
        turn = (state.round, state.turn.phase)
        node, path = root, [root]
        a: Action | None = first
        steps = depth = 0
        while a is not None:
            apply_in_place(state, seat, a)
            steps += 1
            depth += 1
            child = node.children.get(a)
            fresh = child is None
            if child is None:
                child = node.children[a] = Node([])
            path.append(child)
            over = state.turn.phase is Phase.GAME_OVER
            own = (not over and current_actors(state) == [seat]
                   and (state.round, state.turn.phase) == turn and depth < TREE_DEPTH)
            if not own:
                break
            if fresh or not child.order:
                if not fresh:
                    break
                child.order = self.prior_order(state, seat, legal_actions(state, seat))
                break
            node = child
            a = self._select(node, set(legal_actions(state, seat)))
        steps += self._rollout(state, policies, rounds)
        v = position_value(state, seat, self.medium)
        for n in path:
            n.visits += 1
            n.total += v
        return v, steps

    def paired_edges(self, proposal: Action) -> dict[Action, tuple[float, int]]:
        """Each root move's mean edge over medium's choice on the draws both were played on
        (a move widened in later is compared from the draw it joined), and their count."""
        base = self.paired.get(proposal, {})
        out: dict[Action, tuple[float, int]] = {}
        for a, vals in self.paired.items():
            common = [b for b in vals if b in base]
            if common:
                out[a] = (sum(vals[b] - base[b] for b in common) / len(common), len(common))
        return out

    @staticmethod
    def _rollout(state: GameState, policies: dict[int, HeuristicBot], rounds: int) -> int:
        """Play ``policies`` to the Restructuring ``rounds`` rounds on: engine steps taken."""
        stop = state.round + rounds
        steps = 0
        while state.turn.phase is not Phase.GAME_OVER and steps < 1500 * rounds:
            if state.turn.phase is Phase.RESTRUCTURING and state.round >= stop:
                break
            s = current_actors(state)[0]
            apply_in_place(state, s, policies[s].choose(state, s, legal_actions(state, s)))
            steps += 1
        return steps

    # -- explanation --------------------------------------------------------------------------

    def analyse(
        self, view: GameState, seat: Seat, legal: Sequence[Action]
    ) -> list[tuple[Action, float, int, bool]]:
        """The moves the search considered, best first: (move, mean value in dollars of lead,
        visits, whether it is medium's choice). Unvisited moves are left out."""
        proposal = self.medium.choose(view, seat, legal)
        root = self.search(view, seat, legal, proposal)
        rows = [(a, n.mean, n.visits, a == proposal) for a, n in root.children.items()
                if n.visits]
        return sorted(rows, key=lambda r: (-r[2], -r[1]))
