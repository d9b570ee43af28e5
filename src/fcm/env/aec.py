"""A PettingZoo AEC environment: ``fcm.env.aec_env(players=N, seed=S)`` (docs/research.md).

Agents are ``player_0`` .. ``player_{N-1}`` (seat numbers). The agent to act is the engine's
current actor; at the simultaneous secret decisions (reserve card, Restructuring, Payday firing)
the seats that must decide act one after the other, lowest seat first, each until it commits.
Nothing leaks: every observation is built from that seat's view, which hides the choices of the
seats that went before (their reserve card, the cards they sent to work or fired) until the
engine reveals them to everyone.

Observation of an agent: ``{"observation": float32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``
(:mod:`fcm.env.observation`, flat layout); the mask is all zeros unless it is that agent's turn.
``modules=(<module id>, ...)`` plays with expansion modules: the sizes are then the ruleset's
(``env.layout.OBS_SIZE``, ``env.encoding.num_actions``; docs/research.md).
An action is an index of :mod:`fcm.env.encoding`; an index outside the mask raises ValueError.
With ``copy=False`` the observation and mask are read-only views of the env's buffers, valid
until the next ``step()`` (faster; copy what you keep); by default they are new arrays.

Rewards come only at the game's end. ``reward="rank"`` (default): the winner gets +1, the last
-1, evenly spaced between (``1 - 2 * rank / (N - 1)``, rank 0 best; zero-sum; the engine breaks
cash ties by turn order). ``reward="cash_share"``: each seat's share of the total final cash.

Episodes end. A game that ends by the rules (the bank breaks twice; the introductory game's
first break) *terminates*: ``terminations`` all True, the rewards above. ``round_limit``
(default :data:`ROUND_LIMIT` = 60, the CLI's simulation cap) cuts a game after that many rounds
and ``max_steps`` after that many steps: the episode is *truncated* (``truncations`` all True,
``terminations`` False, rewards 0: nobody won). At a round-limit cut the engine has ranked the
seats by cash; ``infos[agent]["reward_at_cut"]`` holds the reward that ranking would give.
``round_limit=None`` (or 0, as on the CLI) plays every game to its end by the rules; random play
then takes thousands of steps (3,000 to 30,000 at 4 players).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Iterable
from typing import Any, ClassVar

from fcm.env._deps import require

require("gymnasium")
require("pettingzoo")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

import fcm  # noqa: E402
from fcm.core.actions import Action  # noqa: E402
from fcm.core.engine import ROUND_LIMIT_REASON  # noqa: E402
from fcm.core.state import GameState, Options  # noqa: E402
from fcm.env.encoding import encoding_for  # noqa: E402
from fcm.env.observation import Observer, layout_for, observe_flat  # noqa: E402
from fcm.rulesets import check_players, get_ruleset  # noqa: E402
from fcm.runner import SIMULATION_ROUND_LIMIT  # noqa: E402

REWARDS = ("rank", "cash_share")
# The default episode cap, in rounds: the CLI's simulation cap (fcm simulate/play/verify), the
# same for this env and the OpenSpiel game. Not a rule of the game.
ROUND_LIMIT: int = SIMULATION_ROUND_LIMIT


def round_cap(round_limit: int | None) -> int | None:
    """The engine's ``Options.round_limit`` for an env's ``round_limit``: None or 0 mean no cap
    (as ``--round-limit 0`` on the CLI), a positive number caps the game after that round."""
    if round_limit is None:
        return None
    try:
        if isinstance(round_limit, bool):
            raise TypeError
        limit = operator.index(round_limit)
    except TypeError:
        limit = -1
    if limit < 0:
        raise ValueError(f"round_limit is a number of rounds >= 0 or None, not {round_limit!r}")
    return limit or None


def final_rewards(state: GameState, mode: str = "rank") -> list[float]:
    """Each seat's reward at the end of ``state`` (see the module docstring)."""
    n = state.num_players
    if mode == "rank":
        out = [0.0] * n
        for rank, seat in enumerate(state.ranking):
            out[seat] = 1.0 - 2.0 * rank / (n - 1)
        return out
    if mode == "cash_share":
        total = sum(max(0, p.cash) for p in state.players)
        if total <= 0:
            return [1.0 / n] * n
        return [max(0, p.cash) / total for p in state.players]
    raise ValueError(f"reward must be one of {REWARDS}, not {mode!r}")


class FcmAECEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {
        "name": "fcm_v1",
        "render_modes": ["human", "ansi", "rgb_array"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        *,
        options: Options | None = None,
        modules: Iterable[str] | str = (),
        reward: str = "rank",
        round_limit: int | None = ROUND_LIMIT,
        max_steps: int | None = None,
        render_mode: str | None = None,
        copy: bool = True,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, "
                f"not {render_mode!r}"
            )
        if players < 2:
            raise ValueError(f"Food Chain Magnate is for 2 players or more, not {players}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if isinstance(modules, str):
            modules = [m for m in modules.split(",") if m.strip()]
        chosen = frozenset(m.strip() for m in modules)
        if chosen:
            base = options or Options()
            options = dataclasses.replace(base, modules=base.modules | chosen)
        cap = round_cap(round_limit)
        if options is not None and options.round_limit not in (None, cap):
            raise ValueError(
                f"options.round_limit={options.round_limit} but round_limit={round_limit}: "
                "give the episode's round cap as round_limit (None: no cap)"
            )
        options = dataclasses.replace(options or Options(), round_limit=cap)
        self.round_limit = cap
        self.players = players
        self.seed = seed
        self.game_options = options
        rules = get_ruleset(options.ruleset, options.modules)  # refuses unknown or clashing ones
        check_players(players, options.modules)  # 6 players need Six Players: named
        self.layout = layout_for(rules)
        self.encoding = encoding_for(rules)
        num_actions = self.encoding.num_actions
        self._no_actions = np.zeros(num_actions, dtype=np.int8)
        self._no_actions.flags.writeable = False
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.layout.OBS_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(num_actions)
        # state(): the whole position, nothing hidden, for centralised critics (CTDE)
        self.state_space = spaces.Box(-np.inf, np.inf, (self.layout.OBS_SIZE,), np.float32)
        self._next_seed = seed
        self.game_state: GameState | None = None
        self.game_seed = seed
        self._legal: dict[int, Action] = {}
        self._observer = Observer()
        self._view: GameState | None = None  # the selected agent's view of the state as it is
        self.copy = copy
        self.steps = 0

    # -- spaces --------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # -- the game --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from ``seed`` if given, else the next seed after the last game's."""
        self.game_seed = self._next_seed if seed is None else int(seed)
        self._next_seed = self.game_seed + 1
        self.game_state = fcm.new_game(self.players, self.game_seed, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        assert self.game_state is not None
        actors = fcm.current_actors(self.game_state)
        seat = min(actors)
        self.agent_selection = self.possible_agents[seat]
        self._view = fcm.view(self.game_state, seat)
        self._legal = self._observer.legal(self._view, seat)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game_state is not None
        seat = self.possible_agents.index(agent)
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        acting = agent == self.agent_selection and not done
        if acting and self._view is not None:
            obs = self._observer.flat(self._view, seat)
            mask = self._observer.mask_of(seat)
        else:
            obs = self._observer.flat(fcm.view(self.game_state, seat), seat)
            mask = self._no_actions
        if self.copy:
            return {"observation": obs.copy(), "action_mask": mask.copy()}
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game_state is not None
        seat = self.possible_agents.index(agent)
        chosen = self._legal.get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal for {agent} now (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        fcm.apply_in_place(self.game_state, seat, chosen)
        self.steps += 1
        if fcm.is_over(self.game_state):
            final = final_rewards(self.game_state, self.reward_mode)
            # the cap, not the rules, ended it
            cut = self.game_state.end_reason == ROUND_LIMIT_REASON
            for a, r in zip(self.agents, final, strict=True):
                if cut:
                    self.rewards[a] = 0.0
                    self.truncations[a] = True
                    self.infos[a] = {"end": "round_limit", "reward_at_cut": r}
                else:
                    self.rewards[a] = r
                    self.terminations[a] = True
                    self.infos[a] = {"end": "game_over"}
            self._legal, self._view = {}, None
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.rewards = {a: 0.0 for a in self.agents}
            self.truncations = {a: True for a in self.agents}
            self.infos = {a: {"end": "max_steps"} for a in self.agents}
            self._legal, self._view = {}, None
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def state(self) -> np.ndarray:
        """The global state (PettingZoo's ``state()``, for centralised training): the flat
        observation of the whole position, every secret included, from seat 0's side
        (``state_space``). Never give it to a seat's policy: it shows the others' hidden
        cards."""
        assert self.game_state is not None, "call reset() first"
        return observe_flat(self.game_state, 0)

    def render(self) -> str | np.ndarray | None:
        """The public position (what a spectator sees), as ``render_mode`` asks: ``"human"``
        prints the text and returns None, ``"ansi"`` (or no mode) returns it, ``"rgb_array"``
        returns the map as an image (:func:`fcm.env.render.board_rgb`)."""
        if self.render_mode == "rgb_array":
            if self.game_state is None:
                raise RuntimeError("no game to draw: call reset() first")
            from fcm.env.render import board_rgb

            return board_rgb(self.game_state)
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        if self.game_state is None:
            return "(no game: call reset())"
        from fcm.cli.render import render_companies, render_position

        public = fcm.view(self.game_state, None)
        head = (
            f"round {public.round}, {public.turn.phase.value}; to act: {self.agent_selection}"
            if not fcm.is_over(public)
            else f"game over: ranking {public.ranking} ({public.end_reason})"
        )
        return "\n".join((head, render_position(public), render_companies(public)))

    def close(self) -> None:
        self.game_state = None
        self._view = None
