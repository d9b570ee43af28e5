"""The OpenSpiel game ``python_fcm`` (docs/research.md): import this module to register it, then
``pyspiel.load_game("python_fcm", {"players": 4})``.

- **Chance**: the setup's randomness is explicit. First one chance node per map tile, row by row
  (outcome ``letter * 4 + rotation`` over the letters still in the box, uniform), then one per
  turn-order position (outcome: the seat, uniform over those left): the same distribution as
  ``fcm.new_game``'s seeded setup.
- **Moves**: a node where one seat decides is an ordinary (sequential) node; a node where
  several seats decide (the secret reserve card, Restructuring, Payday firing) is a
  *simultaneous* node: every seat that must decide takes one step of its decision, the others
  take ``PASS`` (index ``NUM_ACTIONS``, their only legal action). The engine keeps each seat's
  choices secret until all have committed, so the order in which a joint action is applied does
  not matter.
- **Actions**: the indices of :mod:`fcm.env.encoding` (``num_distinct_actions = NUM_ACTIONS +
  1`` with ``PASS``).
- **Tensors**: the observation tensor is the flat observation of :mod:`fcm.env.observation`
  (``OBS_SIZE`` floats, from the seat's view). The information-state tensor is the same tensor:
  a seat's view holds everything it has seen that still bears on the game (hidden cards stay
  hidden until revealed to all); it does not replay past public moves. The information-state
  string is the observation string plus the seat's own moves (never ``PASS``, so how long the
  others took over a simultaneous decision is not recorded).
- **Returns**: at the end only, by rank (+1 first .. -1 last, zero-sum), as in the AEC env.
- **Parameters**: ``players`` (2..5), ``round_limit`` (the episode cap in rounds, not a rule:
  default 60, the AEC env's and the CLI's; ``0`` or ``None`` no cap, as ``--round-limit 0`` on
  the CLI; OpenSpiel has no truncation, so a capped game is terminal with the returns of the
  engine's ranking by cash, ``state.fcm.end_reason`` says the cap ended it), ``modules``
  (expansion modules: ids separated by ``+`` or ``,``, e.g. ``"ketchup+reserve_prices"``;
  default none; the game's string writes ``+``, since a comma ends a parameter there): the
  encodings are then the ruleset's
  (``game.encoding``, ``game.layout``; ``PASS`` is ``game.encoding.num_actions``).
- **Serialization**: the default OpenSpiel one (the action history) replays exactly.
"""

from __future__ import annotations

from typing import Any

from fcm.env._deps import require

require("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import fcm  # noqa: E402
from fcm.core.actions import Action  # noqa: E402
from fcm.core.geometry import TILE_LETTERS  # noqa: E402
from fcm.core.state import GameState, Options, Phase  # noqa: E402
from fcm.env.aec import ROUND_LIMIT, final_rewards, round_cap  # noqa: E402
from fcm.env.encoding import NUM_ACTIONS, decode, encoding_for, legal_index_map  # noqa: E402
from fcm.env.observation import Observer, layout_for  # noqa: E402
from fcm.rulesets import get_ruleset  # noqa: E402

PASS = NUM_ACTIONS
LETTERS: tuple[str, ...] = tuple(sorted(TILE_LETTERS))
ROTATIONS = 4
MAX_GAME_LENGTH = 200_000
DEFAULTS: dict[str, Any] = {"players": 4, "round_limit": ROUND_LIMIT, "modules": ""}

GAME_TYPE = pyspiel.GameType(
    short_name="python_fcm",
    long_name="Food Chain Magnate (fcm)",
    dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class FcmGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        players = int(params["players"])
        if not 2 <= players <= 5:
            raise ValueError(f"Food Chain Magnate is for 2 to 5 players, not {players}")
        # "a,b" or "a+b"; kept as "a+b" (a comma would end the parameter in the game's string)
        names = str(params["modules"]).replace(",", "+").split("+")
        modules = frozenset(m.strip() for m in names if m.strip())
        params["modules"] = "+".join(sorted(modules))
        cap = round_cap(params["round_limit"])  # 0 or None: no cap (the CLI's reading)
        params["round_limit"] = cap or 0  # an OpenSpiel parameter cannot be None
        self.options = Options(round_limit=cap, modules=modules)
        rules = get_ruleset(self.options.ruleset, modules)  # refuses unknown or clashing ones
        self.encoding, self.layout = encoding_for(rules), layout_for(rules)
        self.pass_action = self.encoding.num_actions
        super().__init__(
            GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=self.pass_action + 1,
                max_chance_outcomes=len(LETTERS) * ROTATIONS,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            params,
        )
        self.players = players
        setup = rules.catalog.setups[players]
        self.tile_rows, self.tile_cols = setup.tile_rows, setup.tile_cols

    def new_initial_state(self) -> FcmState:
        return FcmState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> FcmObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FcmObserver(perfect_recall, self.layout.OBS_SIZE)


class _Box:
    """Holds the engine state inside an OpenSpiel state: OpenSpiel copies states with
    ``copy.deepcopy``, and the engine state copies itself (``GameState.clone``)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:  # pickling: the state's own JSON form
        return (_unbox, (None if self.state is None else self.state.to_dict(),))


def _unbox(data: dict[str, Any] | None) -> _Box:
    return _Box(None if data is None else fcm.state_from_dict(data))


class FcmState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: FcmGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.tile_rows, self.tile_cols = game.tile_rows, game.tile_cols
        self.options = game.options
        self.pass_action = game.pass_action
        self.encoding = game.encoding
        self.tiles: list[tuple[str, int]] = []
        self.order: list[int] = []
        self._box = _Box(None)
        self.own_moves: list[list[int]] = [[] for _ in range(game.players)]
        self._legal: dict[int, dict[int, Action]] = {}

    @property
    def fcm(self) -> GameState | None:
        """The engine state (None until the setup's chance nodes are done)."""
        return self._box.state

    # -- who moves -----------------------------------------------------------------------------

    def _actors(self) -> list[int]:
        assert self.fcm is not None
        return fcm.current_actors(self.fcm)

    def current_player(self) -> int:
        if self.fcm is None:
            return int(pyspiel.PlayerId.CHANCE)
        if fcm.is_over(self.fcm):
            return int(pyspiel.PlayerId.TERMINAL)
        actors = self._actors()
        if len(actors) > 1:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return actors[0]

    def _legal_map(self, seat: int) -> dict[int, Action]:
        if seat not in self._legal:
            assert self.fcm is not None
            self._legal[seat] = legal_index_map(fcm.view(self.fcm, seat), seat)
        return self._legal[seat]

    def _legal_actions(self, player: int) -> list[int]:
        if self.fcm is None or fcm.is_over(self.fcm):
            return []
        actors = self._actors()
        if player == pyspiel.PlayerId.SIMULTANEOUS:  # flat joint actions
            size = 1
            for seat in range(self.players):
                size *= len(self._legal_actions(seat))
            return list(range(size))
        if player not in actors:
            return [self.pass_action] if len(actors) > 1 else []
        return sorted(self._legal_map(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.tiles) < self.tile_rows * self.tile_cols:
            used = {t for t, _ in self.tiles}
            left = [i for i, letter in enumerate(LETTERS) if letter not in used]
            p = 1.0 / (len(left) * ROTATIONS)
            return [(i * ROTATIONS + r, p) for i in left for r in range(ROTATIONS)]
        left = [s for s in range(self.players) if s not in self.order]
        return [(s, 1.0 / len(left)) for s in left]

    # -- moves -----------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.fcm is None:
            self._chance(int(action))
            return
        seat = self.current_player()
        if seat == pyspiel.PlayerId.SIMULTANEOUS:  # a flat joint action, player 0 fastest
            flat_action, joint = int(action), []
            for p in range(self.players):
                legal = self._legal_actions(p)
                flat_action, k = divmod(flat_action, len(legal))
                joint.append(legal[k])
            self._apply_actions(joint)
            return
        self._play(seat, int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        actors = self._actors()
        for seat, action in enumerate(actions):
            if seat not in actors:
                if int(action) != self.pass_action:
                    raise ValueError(f"seat {seat} has nothing to decide: its action is PASS")
                continue
            self._play(seat, int(action))

    def _play(self, seat: int, action: int) -> None:
        assert self.fcm is not None
        chosen = self._legal_map(seat).get(action)
        if chosen is None:
            raise ValueError(f"action {action} is not legal for seat {seat}")
        fcm.apply_in_place(self.fcm, seat, chosen)
        self.own_moves[seat].append(action)
        self._legal = {}

    def _chance(self, outcome: int) -> None:
        if len(self.tiles) < self.tile_rows * self.tile_cols:
            self.tiles.append((LETTERS[outcome // ROTATIONS], outcome % ROTATIONS))
        else:
            self.order.append(outcome)
        if len(self.order) < self.players:
            return
        c = self.tile_cols
        layout = [self.tiles[r * c : (r + 1) * c] for r in range(self.tile_rows)]
        state = fcm.new_game(self.players, 0, self.options, tiles=layout)
        # The turn order chance just decided (as fcm.load_scenario does); nothing has used the
        # setup's own shuffled order yet: every seat chooses its reserve card at once.
        assert state.turn.phase is Phase.SETUP_RESERVE
        state.turn_order = list(self.order)
        self._box.state = state

    # -- strings and results -----------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.fcm is None and len(self.tiles) < self.tile_rows * self.tile_cols:
                return f"tile {LETTERS[action // ROTATIONS]} rotation {action % ROTATIONS}"
            return f"turn order: seat {action}"
        if action == self.pass_action:
            return "pass"
        if self.fcm is not None:
            try:
                return str(decode(self.fcm, action))
            except ValueError:
                pass
        return self.encoding.describe(action)

    def is_terminal(self) -> bool:
        return self.fcm is not None and fcm.is_over(self.fcm)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        assert self.fcm is not None
        return final_rewards(self.fcm, "rank")

    def __str__(self) -> str:
        if self.fcm is None:
            return f"setup: tiles {self.tiles} turn order {self.order}"
        s = self.fcm
        cash = " ".join(f"${p.cash}" for p in s.players)
        return f"round {s.round} {s.turn.phase.value} cash {cash} hash {s.state_hash()}"


class FcmObserver:
    """The PyObserver of ``python_fcm``: tensors and strings from a seat's view."""

    def __init__(self, perfect_recall: bool, size: int) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(size, np.float32)
        self._observer = Observer()
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FcmState, player: int) -> None:
        if state.fcm is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self._observer.flat(fcm.view(state.fcm, player), player)

    def string_from(self, state: FcmState, player: int) -> str:
        if state.fcm is None:
            text = f"setup: {len(state.tiles)} tiles, turn order {state.order}"
        else:
            v = fcm.view(state.fcm, player)
            # The view's canonical JSON: the seat's whole visible position (the PRNG is blanked).
            text = v.canonical_json()
        if self.perfect_recall:
            text += " moves:" + ",".join(str(a) for a in state.own_moves[player])
        return text


pyspiel.register_game(GAME_TYPE, FcmGame)
