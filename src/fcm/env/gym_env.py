"""A Gymnasium single-agent environment: one learning seat against the project's bots
(``fcm.env.gym_env.FcmGymEnv``; docs/research.md, "Gymnasium and MaskablePPO").

The other seats are played by named bots (``opponents``) inside ``step()``, so an episode is one
game seen from the learner's seat. It is what sb3-contrib's ``MaskablePPO`` and other
single-agent libraries read: ``action_masks()`` returns the legal slots as ``bool[top_k]``.

**The action space is compact: a legal-action head.** Instead of the flat index space (54,611
actions, most of them never legal together), the action is a *slot* ``0 .. top_k - 1`` into
this decision's legal actions, listed in the order of their flat indices (``Done`` first when
legal). ``top_k`` (default 128) covers every decision we measured in random, easy and medium
games (the largest legal set seen was 104, 99% of decisions have at most 64); a bigger set is
cut to ``top_k`` evenly spaced actions of that order (the first kept), so every kind of action
that is legal stays reachable and a policy never sees an index it cannot take. Because a slot
means a different action in every position, the observation describes each slot (below): the
policy scores candidates from what they are, not from a fixed number.

**Observation**: ``float32[obs_size]``, the concatenation of

- the seat's flat observation (:mod:`fcm.env.observation`, from its view only), *scaled*:
  ``sign(x) * log1p(|x|)`` (dollars, cards and rounds become small numbers); with
  ``board=False`` only the player and global features (no map planes: 1,234 floats instead of
  22,234, a much smaller first layer);
- ``top_k`` slot descriptions of :data:`SLOT_FEATURES` floats each: 1 if the slot is in use,
  a one-hot of the action's block (its kind: hire, train, place_restaurant, ...), then the
  block's fields scaled to 0..1 (a square as its row and column, a route's suppliers as their 13
  bits), padded with zeros.

**Episodes**: the learner's seat is ``seat`` (or, with ``seat=None``, seat ``episode %
players``: every seat in turn). The opponents act until it is the learner's decision. Rewards
come at the end, ``reward="rank"`` (+1 first .. -1 last) or ``"cash_share"``, as in the AEC
env. ``round_limit`` (default 60, the env's) cuts the game: the episode is *truncated*;
its reward is the reward of the engine's ranking by cash at the cut when ``reward_at_cut``
(default True: a learning signal from games weak play never finishes) and 0 otherwise; either
way ``info["reward_at_cut"]`` has it. ``step_reward=True`` adds a dense, per-step signal: the
change, since the learner's previous decision, of its cash lead over its best rival in hundreds
of dollars (potential-based shaping: over a game it sums to the final lead / 100, so it does not
change which play is best, only how soon the learner hears of it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from fcm.env._deps import require

require("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

from fcm.bots import make_bot  # noqa: E402
from fcm.core.actions import Action  # noqa: E402
from fcm.core.company import board_of  # noqa: E402
from fcm.core.engine import (  # noqa: E402
    ROUND_LIMIT_REASON,
    apply_in_place,
    current_actors,
    is_over,
    legal_actions,
)
from fcm.core.state import GameState, Options  # noqa: E402
from fcm.core.types import Seat  # noqa: E402
from fcm.core.views import view  # noqa: E402
from fcm.env.aec import REWARDS, ROUND_LIMIT, final_rewards, round_cap  # noqa: E402
from fcm.env.encoding import (  # noqa: E402
    Encoding,
    action_codes,
    code_of,
    encoding_for,
)
from fcm.env.observation import Layout, Observer, layout_for  # noqa: E402
from fcm.games import new_game  # noqa: E402
from fcm.rulesets import check_players, get_ruleset  # noqa: E402
from fcm.simulate import bot_seed  # noqa: E402

TOP_K = 128
FIELD_VALUES = 16  # scaled field values per slot (a route: buyer + 13 supplier bits)


def scale(x: np.ndarray) -> np.ndarray:
    """``sign(x) * log1p(|x|)``: the observation's dollars and counts as small numbers."""
    out: np.ndarray = np.sign(x) * np.log1p(np.abs(x))
    return out


class Slots:
    """Chooses and describes the slots of a decision for one encoding (see the module doc)."""

    def __init__(self, encoding: Encoding, top_k: int = TOP_K) -> None:
        if top_k < 2:
            raise ValueError(f"top_k is the number of action slots (>= 2), not {top_k}")
        self.encoding = encoding
        self.top_k = top_k
        self.blocks = list(encoding.blocks.values())
        self.block_number = {b.name: i for i, b in enumerate(self.blocks)}
        self.features = 1 + len(self.blocks) + FIELD_VALUES
        self._memo: dict[int, np.ndarray] = {}

    def choose(self, legal: dict[int, Action]) -> list[int]:
        """The flat indices in the slots: all of them in index order, or ``top_k`` evenly
        spaced ones (the first kept) when there are more."""
        order = sorted(legal)
        if len(order) <= self.top_k:
            return order
        picks = np.linspace(0, len(order) - 1, self.top_k).round().astype(int)
        return [order[i] for i in picks]

    def describe(self, index: int) -> np.ndarray:
        """One slot's features: in use, block one-hot, scaled fields (memoised per index)."""
        row = self._memo.get(index)
        if row is not None:
            return row
        block = self.encoding.block_of(index)
        row = np.zeros(self.features, dtype=np.float32)
        row[0] = 1.0
        row[1 + self.block_number[block.name]] = 1.0
        values: list[float] = []
        for k, (f, d) in enumerate(zip(block.fields(index), block.dims, strict=True)):
            h, w = self.encoding.height, self.encoding.width
            if d == h * w:  # a square: row and column scaled (the encoding's grid)
                values += [(f // w) / (h - 1), (f % w) / (w - 1)]
            elif block.name == "drive_route" and k == 1:
                values += [float(f >> b & 1) for b in range(len(self.encoding.suppliers))]
            else:
                values.append(f / (d - 1) if d > 1 else 0.0)
        values = values[:FIELD_VALUES]
        row[1 + len(self.blocks) : 1 + len(self.blocks) + len(values)] = values
        self._memo[index] = row
        return row

    def table(self, chosen: Sequence[int]) -> np.ndarray:
        """``float32[top_k, features]``: the chosen slots' descriptions, unused rows 0."""
        out = np.zeros((self.top_k, self.features), dtype=np.float32)
        for k, i in enumerate(chosen):
            out[k] = self.describe(i)
        return out


class Featurizer:
    """A seat's observation vector, slot list and mask from its view (the env's and the
    :class:`PolicyBot`'s, so that a trained policy plays as it was trained)."""

    def __init__(self, layout: Layout, encoding: Encoding, top_k: int, board: bool) -> None:
        self.layout = layout
        self.encoding = encoding
        self.slots = Slots(encoding, top_k)
        self.board = board
        self.skip = 0 if board else layout.PLANES * layout.SQ
        self.size = layout.OBS_SIZE - self.skip + top_k * self.slots.features
        self.observer = Observer()

    def __call__(
        self, v: GameState, seat: Seat, legal: dict[int, Action]
    ) -> tuple[np.ndarray, list[int], np.ndarray]:
        """(observation, the flat index of each slot, bool mask of the slots)."""
        chosen = self.slots.choose(legal)
        x = self.observer.flat(v, seat)[self.skip :]
        obs = np.concatenate([scale(x), self.slots.table(chosen).ravel()]).astype(np.float32)
        mask = np.zeros(self.slots.top_k, dtype=bool)
        mask[: len(chosen)] = True
        return obs, chosen, mask


def _options(options: Options | None, modules: Iterable[str] | str, cap: int | None) -> Options:
    if isinstance(modules, str):
        modules = [m for m in modules.split(",") if m.strip()]
    chosen = frozenset(m.strip() for m in modules)
    base = options or Options()
    if chosen:
        base = dataclasses.replace(base, modules=base.modules | chosen)
    return dataclasses.replace(base, round_limit=cap)


class FcmGymEnv(gymnasium.Env):
    """One seat of a game against ``opponents`` (bot names; see the module doc)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own attribute

    def __init__(
        self,
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        *,
        seat: int | None = None,
        seed: int = 0,
        top_k: int = TOP_K,
        board: bool = True,
        round_limit: int | None = ROUND_LIMIT,
        reward: str = "rank",
        reward_at_cut: bool = True,
        step_reward: bool = False,
        modules: Iterable[str] | str = (),
        options: Options | None = None,
        rollouts: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if players < 2:
            raise ValueError(f"Food Chain Magnate is for 2 players or more, not {players}")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1} or None (every seat in turn)")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        names = [opponents] if isinstance(opponents, str) else list(opponents)
        if not names:
            raise ValueError("opponents names at least one bot")
        for name in names:
            make_bot(name, 0)  # an unknown name fails here, by name
        # one bot name per other seat, cycling through the list
        self.opponents = [names[k % len(names)] for k in range(players - 1)]
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.players, self.fixed_seat = players, seat
        self.reward_mode, self.reward_at_cut = reward, reward_at_cut
        self.step_reward = step_reward
        self._lead = 0.0
        self.rollouts = rollouts
        self.game_options = _options(options, modules, round_cap(round_limit))
        # a count the modules set up (6 players need Six Players: the error names it)
        check_players(players, self.game_options.modules)
        rules = get_ruleset(self.game_options.ruleset, self.game_options.modules)
        self.featurizer = Featurizer(layout_for(rules), encoding_for(rules), top_k, board)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.featurizer.size,), np.float32)
        self.action_space = spaces.Discrete(top_k)
        self.game_seed = seed
        self._next_seed = seed
        self.episode = 0
        self.seat = seat if seat is not None else 0
        self.state: GameState | None = None
        self._bots: dict[int, Any] = {}
        self._chosen: list[int] = []
        self._legal: dict[int, Action] = {}
        self._mask = np.zeros(top_k, dtype=bool)
        self._codes: dict[Action, int] = {}

    # -- the game --------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game: from ``seed`` if given, else the next seed after the last game's."""
        super().reset(seed=seed)
        self.game_seed = self._next_seed if seed is None else int(seed)
        self._next_seed = self.game_seed + 1
        if self.fixed_seat is None:
            self.seat = self.episode % self.players
        self.episode += 1
        self.state = new_game(self.players, self.game_seed, self.game_options)
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {
            s: make_bot(name, bot_seed(self.game_seed, s), rollouts=self.rollouts)
            for s, name in zip(others, self.opponents, strict=True)
        }
        self._codes = action_codes(board_of(self.state), self.featurizer.encoding)
        self._advance()
        assert not is_over(self.state), "a game does not end before the first decision"
        self._lead = self._cash_lead()
        return self._observe(), self._info()

    def _advance(self) -> None:
        """Let the opponents act until the learner decides or the game is over."""
        state = self.state
        assert state is not None
        while not is_over(state):
            actors = current_actors(state)
            if self.seat in actors:
                return
            seat = actors[0]
            legal = legal_actions(state, seat)
            apply_in_place(state, seat, self._bots[seat].choose(view(state, seat), seat, legal))

    def _cash_lead(self) -> float:
        """The learner's cash lead over its best rival, in hundreds of dollars."""
        assert self.state is not None
        cash = [p.cash for p in self.state.players]
        return (cash[self.seat] - max(c for s, c in enumerate(cash) if s != self.seat)) / 100

    def _shaping(self) -> float:
        """With ``step_reward``: the change of the cash lead since the last call."""
        if not self.step_reward:
            return 0.0
        before, self._lead = self._lead, self._cash_lead()
        return self._lead - before

    def _observe(self) -> np.ndarray:
        state = self.state
        assert state is not None
        v = view(state, self.seat)
        self._legal = {code_of(self._codes, v, a): a for a in legal_actions(v, self.seat)}
        obs, self._chosen, self._mask = self.featurizer(v, self.seat, self._legal)
        return obs

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "legal": list(self._chosen), "game_seed": self.game_seed}

    def action_masks(self) -> np.ndarray:
        """The slots that hold a legal action (``bool[top_k]``; what MaskablePPO reads)."""
        return self._mask.copy()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None, "call reset() first"
        k = int(action)
        if not (0 <= k < len(self._chosen)):
            raise ValueError(
                f"slot {k} holds no legal action now ({len(self._chosen)} in use; "
                "see action_masks())"
            )
        apply_in_place(state, self.seat, self._legal[self._chosen[k]])
        self._advance()
        shaped = self._shaping()
        if not is_over(state):
            return self._observe(), shaped, False, False, self._info()
        final = final_rewards(state, self.reward_mode)[self.seat]
        self._chosen, self._legal = [], {}
        self._mask = np.zeros(self.featurizer.slots.top_k, dtype=bool)
        info = {
            **self._info(),
            "ranking": list(state.ranking),
            "cash": state.players[self.seat].cash,
            "rank_reward": final,
        }
        obs = np.zeros(self.featurizer.size, dtype=np.float32)
        if state.end_reason == ROUND_LIMIT_REASON:
            info.update(end="round_limit", reward_at_cut=final)
            return obs, shaped + (final if self.reward_at_cut else 0.0), False, True, info
        info["end"] = "game_over"
        return obs, shaped + final, True, False, info

    def render(self) -> str:
        if self.state is None:
            return "(no game: call reset())"
        from fcm.cli.render import render_position

        return render_position(view(self.state, None))


class PolicyBot:
    """A bot (the :class:`fcm.bots.Bot` protocol) that plays a trained slot policy:
    ``policy(obs, mask) -> slot``, the observation built as :class:`FcmGymEnv` builds it (same
    ``top_k`` and ``board``). Use it in ``fcm.runner.play_game`` or the leaderboard."""

    def __init__(
        self,
        policy: Callable[[np.ndarray, np.ndarray], int],
        *,
        top_k: int = TOP_K,
        board: bool = True,
        name: str = "policy",
    ) -> None:
        self.policy = policy
        self.top_k, self.board, self.name = top_k, board, name
        self._featurizers: dict[Any, Featurizer] = {}

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        rules = view.rules
        key = (rules.id, rules.modules)
        feat = self._featurizers.get(key)
        if feat is None:
            feat = Featurizer(layout_for(rules), encoding_for(rules), self.top_k, self.board)
            self._featurizers[key] = feat
        codes = action_codes(board_of(view), feat.encoding)
        by_index = {code_of(codes, view, a): a for a in legal}
        obs, chosen, mask = feat(view, seat, by_index)
        k = int(self.policy(obs, mask))
        if not 0 <= k < len(chosen):
            raise ValueError(f"the policy chose slot {k}; slots 0..{len(chosen) - 1} are legal")
        return by_index[chosen[k]]
