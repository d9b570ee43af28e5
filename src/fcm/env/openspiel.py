"""The OpenSpiel game ``python_fcm`` (docs/research.md): import this module to register it, then
``pyspiel.load_game("python_fcm", {"players": 4})``.

- **Chance**: the setup's randomness is explicit. First one chance node per map tile, row by row
  (outcome ``letter * 4 + rotation`` over the letters still in the box, a module's tiles too,
  uniform), then one per turn-order position (outcome: the seat, uniform over those left): the
  same distribution as ``fcm.new_game``'s seeded setup.
- **Moves**: a node where one seat decides is an ordinary (sequential) node; a node where
  several seats decide (the secret reserve card, Restructuring, Payday firing) is a
  *simultaneous* node: every seat that must decide takes one step of its decision, the others
  take ``PASS`` (index ``NUM_ACTIONS``, their only legal action). The engine keeps each seat's
  choices secret until all have committed, so the order in which a joint action is applied does
  not matter. ``all_simultaneous=True`` makes every decision node simultaneous (the seats with
  nothing to decide have ``PASS``): the form OpenSpiel's ``rl_environment`` and its agents drive
  (OpenSpiel lists no legal action for the other seats of a sequential node).
- **Sequential form**: ``python_fcm_sequential`` is the same game with the seats of a secret
  decision deciding one after the other (the first pending seat until it commits, then the
  next); nobody learns more, and OpenSpiel's sequential algorithms (IS-MCTS, MCTS) take it as it
  is.
- **Actions**: the indices of :mod:`fcm.env.encoding` (``num_distinct_actions = NUM_ACTIONS +
  1`` with ``PASS``).
- **Tensors**: the observation tensor is the flat observation of :mod:`fcm.env.observation`
  (``OBS_SIZE`` floats, from the seat's view). The information-state tensor has perfect recall:
  the observation, then two floats per move the seat has seen (``FcmState.known_moves``): who
  (1 chance, 2 the seat itself, 3.. the next seats) and the action index, over ``max_steps``
  slots (the setup's outcomes plus 100 steps per seat and round of the round cap; 200,000
  without a cap). The others' secret steps are not there while secret; once revealed they come
  sorted at the step that ended that seat's decision (what was chosen is revealed, not in which
  order). The information-state string is the view's canonical JSON plus the same moves.
- **Resampling**: ``resample_from_infostate(seat, sampler)`` redraws what the seat cannot see
  (the others' reserve cards while secret, their steps of a secret decision under way), keeping
  the seat's information state; ``undo_action`` takes back the last node (rebuilding the state
  from the record; ``history()`` and ``move_number()`` follow).
- **Step cap**: a game that reaches ``max_steps`` steps ends, ranked by cash like a round-capped
  one (``state.fcm.end_reason`` says so); random play takes about 10 steps per seat and round.
- **Returns**: at the end only, by rank (+1 first .. -1 last, zero-sum), as in the AEC env.
- **Parameters**: ``players`` (2..5; 6 with Six Players), ``round_limit`` (the episode cap in
  rounds, not a rule: default 60, the AEC env's and the CLI's; ``0`` or ``None`` no cap, as
  ``--round-limit 0`` on the CLI; OpenSpiel has no truncation, so a capped game is terminal with the
  returns of the engine's ranking by cash, ``state.fcm.end_reason`` says the cap ended it),
  ``modules`` (expansion modules: ids separated by ``+`` or ``,``, e.g. ``"a+b"`` for
  modules ``a`` and ``b``; default none; the game's string writes ``+``, since a comma ends a
  parameter there): the encodings are then the ruleset's (``game.encoding``, ``game.layout``;
  ``PASS`` is ``game.encoding.num_actions``).
- **Serialization**: the default OpenSpiel one (the action history) replays exactly.
"""

from __future__ import annotations

from typing import Any

from fcm.env._deps import require

require("pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import fcm  # noqa: E402
from fcm.core.actions import DONE, Action  # noqa: E402
from fcm.core.engine import end_game  # noqa: E402
from fcm.core.events import EventLog  # noqa: E402
from fcm.core.geometry import TILE_LETTERS  # noqa: E402
from fcm.core.state import GameState, Options, Phase  # noqa: E402
from fcm.core.views import reserves_visible_to  # noqa: E402
from fcm.env.aec import ROUND_LIMIT, final_rewards, round_cap  # noqa: E402
from fcm.env.encoding import NUM_ACTIONS, decode, encoding_for, legal_index_map  # noqa: E402
from fcm.env.observation import Observer, layout_for  # noqa: E402
from fcm.rulesets import check_players, get_ruleset, most_players  # noqa: E402

PASS = NUM_ACTIONS
LETTERS: tuple[str, ...] = tuple(sorted(TILE_LETTERS))
ROTATIONS = 4
# The step cap without a round cap (steps: every seat's move and every chance outcome).
MAX_GAME_LENGTH = 200_000
# With a round cap the step cap is this many steps per seat and round (random play takes at most
# about 10, the heuristic bots about 15): it fixes the size of the information-state tensor.
STEPS_PER_SEAT_ROUND = 100
STEP_LIMIT_REASON = "step limit reached (an episode cap of the OpenSpiel game, not a rule)"
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "round_limit": ROUND_LIMIT,
    "modules": "",
    "all_simultaneous": False,
}
CHANCE = -1  # ``who`` of a chance outcome in the move record


def _game_type(short_name: str, dynamics: Any, long_name: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most_players(),  # 6 with Six Players (a game checks its modules)
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


GAME_TYPE = _game_type(
    "python_fcm", pyspiel.GameType.Dynamics.SIMULTANEOUS, "Food Chain Magnate (fcm)"
)
# The same game with the seats of a secret decision deciding one after the other (each keeps
# its choices secret until all have committed, so nothing changes for anyone's information):
# the form OpenSpiel's sequential algorithms (IS-MCTS, MCTS) take without a conversion.
SEQUENTIAL_GAME_TYPE = _game_type(
    "python_fcm_sequential",
    pyspiel.GameType.Dynamics.SEQUENTIAL,
    "Food Chain Magnate (fcm), secret decisions one seat after the other",
)


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in (0, 1, "0", "1", "true", "false", "True", "False"):
        return str(value) in ("1", "true", "True")
    raise ValueError(f"{name} is true or false, not {value!r}")


class FcmGame(pyspiel.Game):  # type: ignore[misc]
    sequential = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        players = int(params["players"])
        if players < 2:
            raise ValueError(f"Food Chain Magnate is for 2 players or more, not {players}")
        # "a,b" or "a+b"; kept as "a+b" (a comma would end the parameter in the game's string)
        names = str(params["modules"]).replace(",", "+").split("+")
        modules = frozenset(m.strip() for m in names if m.strip())
        params["modules"] = "+".join(sorted(modules))
        cap = round_cap(params["round_limit"])  # 0 or None: no cap (the CLI's reading)
        params["round_limit"] = cap or 0  # an OpenSpiel parameter cannot be None
        self.all_simultaneous = _flag(params["all_simultaneous"], "all_simultaneous")
        if self.all_simultaneous and self.sequential:
            raise ValueError(
                "all_simultaneous is a parameter of python_fcm, not of its sequential form"
            )
        params["all_simultaneous"] = self.all_simultaneous
        self.options = Options(round_limit=cap, modules=modules)
        rules = get_ruleset(self.options.ruleset, modules)  # refuses unknown or clashing ones
        check_players(players, modules)  # 6 players need Six Players: named
        self.encoding, self.layout = encoding_for(rules), layout_for(rules)
        self.pass_action = self.encoding.num_actions
        setup = rules.catalog.setups[players]
        self.tile_rows, self.tile_cols = setup.tile_rows, setup.tile_cols
        # the tile pool: the base box's, and a module's tiles (New Districts' U-Y)
        self.letters: tuple[str, ...] = tuple(sorted(rules.catalog.tiles))
        chance = self.tile_rows * self.tile_cols + players
        self.max_steps = chance + cap * STEPS_PER_SEAT_ROUND * players if cap else MAX_GAME_LENGTH
        super().__init__(
            SEQUENTIAL_GAME_TYPE if self.sequential else GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=self.pass_action + 1,
                max_chance_outcomes=len(self.letters) * ROTATIONS,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.max_steps,
            ),
            params,
        )
        self.players = players

    def new_initial_state(self) -> FcmState:
        return FcmState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> FcmObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return FcmObserver(perfect_recall, self.layout.OBS_SIZE, self.max_steps)


class FcmSequentialGame(FcmGame):
    sequential = True


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


# One move of the record: (node, who, code, group, secret, commit). ``node`` numbers the
# apply_action / apply_actions calls; ``who`` is the seat (CHANCE for a chance outcome);
# ``code`` the action index (the outcome); ``group`` the decision it belongs to (an index into
# ``Record.groups``: round, phase, stage); ``secret`` whether the engine kept the move from the
# other seats (one of its events is visible to some seats only); ``commit`` whether the seat's
# decision ended with it (it left the pending seats).
Move = tuple[int, int, int, int, bool, bool]


class Record:
    """Every move in the order the engine applied it, and the mirror of OpenSpiel's history
    (``undo_action`` must shorten it; OpenSpiel keeps its own out of Python's reach). Its
    entries are tuples: a copy of the lists is a deep copy."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.groups: list[tuple[int, str, str]] = []
        self.history: list[tuple[int, int]] = []  # (player, action) as OpenSpiel records it
        self.entries: list[int] = []  # how many history entries each node added
        self.nodes = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        out = Record()
        out.moves, out.groups = list(self.moves), list(self.groups)
        out.history, out.nodes = list(self.history), self.nodes
        out.entries = list(self.entries)
        return out


class FcmState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: FcmGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.tile_rows, self.tile_cols = game.tile_rows, game.tile_cols
        self.letters = game.letters
        self.options = game.options
        self.pass_action = game.pass_action
        self.encoding = game.encoding
        self.sequential = game.sequential
        self.all_simultaneous = game.all_simultaneous
        self.max_steps = game.max_steps
        self.tiles: list[tuple[str, int]] = []
        self.order: list[int] = []
        self._box = _Box(None)
        self.record = Record()
        self._legal: dict[int, dict[int, Action]] = {}

    @property
    def fcm(self) -> GameState | None:
        """The engine state (None until the setup's chance nodes are done)."""
        return self._box.state

    # -- who moves -----------------------------------------------------------------------------

    def _actors(self) -> list[int]:
        assert self.fcm is not None
        return fcm.current_actors(self.fcm)

    def _joint(self, actors: list[int]) -> bool:
        return not self.sequential and (len(actors) > 1 or self.all_simultaneous)

    def current_player(self) -> int:
        if self.fcm is None:
            return int(pyspiel.PlayerId.CHANCE)
        if fcm.is_over(self.fcm):
            return int(pyspiel.PlayerId.TERMINAL)
        actors = self._actors()
        if self._joint(actors):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return actors[0]  # the sequential form: the first pending seat decides first

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
        if self.sequential:
            return sorted(self._legal_map(player)) if player == actors[0] else []
        if player not in actors:
            return [self.pass_action] if self._joint(actors) else []
        return sorted(self._legal_map(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.tiles) < self.tile_rows * self.tile_cols:
            used = {t for t, _ in self.tiles}
            left = [i for i, letter in enumerate(self.letters) if letter not in used]
            p = 1.0 / (len(left) * ROTATIONS)
            return [(i * ROTATIONS + r, p) for i in left for r in range(ROTATIONS)]
        left = [s for s in range(self.players) if s not in self.order]
        return [(s, 1.0 / len(left)) for s in left]

    # -- moves -----------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.fcm is None:
            self._chance(int(action))
            self._recorded([(CHANCE, int(action))])
            return
        seat = self.current_player()
        if seat == pyspiel.PlayerId.SIMULTANEOUS:  # a flat joint action, player 0 fastest
            flat_action, joint = int(action), []
            for p in range(self.players):
                legal = self._legal_actions(p)
                flat_action, k = divmod(flat_action, len(legal))
                joint.append(legal[k])
            self._joint_step(joint)
            self._recorded([(seat, int(action))])
            return
        self._play(seat, int(action))
        self._recorded([(seat, int(action))])

    def _apply_actions(self, actions: list[int]) -> None:
        self._joint_step([int(a) for a in actions])
        self._recorded(list(enumerate(int(a) for a in actions)))  # one entry a seat

    def _recorded(self, entries: list[tuple[int, int]]) -> None:
        """OpenSpiel's history entries of the node just applied; the node count."""
        self.record.history.extend(entries)
        self.record.entries.append(len(entries))
        self.record.nodes += 1

    def _joint_step(self, actions: list[int]) -> None:
        actors = self._actors()
        if len(actions) != self.players:
            raise ValueError(
                f"a joint action has one action per seat ({self.players}), not {len(actions)}"
            )
        for seat, action in enumerate(actions):
            if seat not in actors and action != self.pass_action:
                raise ValueError(f"seat {seat} has nothing to decide: its action is PASS")
        for seat, action in enumerate(actions):
            if seat in actors:
                self._play(seat, action)

    def _play(self, seat: int, action: int) -> None:
        state = self.fcm
        assert state is not None
        chosen = self._legal_map(seat).get(action)
        if chosen is None:
            raise ValueError(f"action {action} is not legal for seat {seat}")
        turn = state.turn
        key = (state.round, turn.phase.value, turn.stage.value)
        record = self.record
        if not record.groups or record.groups[-1] != key:
            record.groups.append(key)
        pending = seat in turn.pending
        events = fcm.apply_in_place(state, seat, chosen)
        secret = any(e.visible_to is not None for e in events)
        commit = pending and seat not in state.turn.pending
        record.moves.append((record.nodes, seat, action, len(record.groups) - 1, secret, commit))
        self._legal = {}
        steps = len(record.moves) + len(self.tiles) + len(self.order)
        if steps >= self.max_steps and not fcm.is_over(state):
            end_game(state, EventLog(), reason=STEP_LIMIT_REASON)

    def _chance(self, outcome: int) -> None:
        if len(self.tiles) < self.tile_rows * self.tile_cols:
            self.tiles.append((self.letters[outcome // ROTATIONS], outcome % ROTATIONS))
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

    # -- what a seat knows -------------------------------------------------------------------------

    def _hidden(self, group: int, who: int, seat: int) -> bool:
        """Whether ``who``'s secret moves of ``group`` are still hidden from ``seat``: a reserve
        card until the first bank break (or First to have $20); a Restructuring or firing
        draft until it is revealed (the decision is over, or the draft left the drafts)."""
        state = self.fcm
        assert state is not None
        rnd, phase, stage = self.record.groups[group]
        if phase == Phase.SETUP_RESERVE.value:
            return not reserves_visible_to(state, seat)
        turn = state.turn
        return (rnd, phase, stage) == (state.round, turn.phase.value, turn.stage.value) and (
            who in turn.drafts
        )

    def known_moves(self, seat: int) -> list[tuple[int, int]]:
        """The moves ``seat`` has seen, in order, as (who, code): the setup's chance outcomes,
        its own moves and every move of the others but their secret ones, which appear once
        revealed, sorted, at the move that ended that seat's decision (what was chosen is
        revealed, not in which order; how many steps a hidden draft took is not shown, as the
        engine's views do not show it)."""
        out: list[tuple[int, int]] = [(CHANCE, t) for t in self._chance_codes()]
        buffer: dict[tuple[int, int], list[int]] = {}
        for _node, who, code, group, secret, commit in self.record.moves:
            if who == seat:
                out.append((who, code))
            elif secret:
                if self._hidden(group, who, seat):
                    continue
                buffer.setdefault((group, who), []).append(code)
                if commit:
                    out.extend((who, c) for c in sorted(buffer.pop((group, who))))
            else:
                if commit and (group, who) in buffer:
                    out.extend((who, c) for c in sorted(buffer.pop((group, who))))
                out.append((who, code))
        return out

    def _chance_codes(self) -> list[int]:
        return [self.letters.index(t) * ROTATIONS + r for t, r in self.tiles] + list(self.order)

    # -- resampling and undoing --------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FcmState:
        """A state the seat ``player_id`` cannot tell from this one, its hidden part drawn at
        random: the other seats' reserve cards while they are secret, and the steps of their
        drafts of a secret decision still under way (same number of steps, and a ``Done`` where
        theirs was, so every seat's decisions come in the same order). Each hidden step is
        drawn uniformly from that seat's legal steps of its kind; ``probability_sampler()``
        gives the random numbers in [0, 1) (OpenSpiel's samplers; any callable will do)."""
        seat = int(player_id)
        if self.fcm is None:
            return self._replay(0)  # nothing is hidden during the setup: its chance is public
        redraw = {
            i
            for i, (_n, who, _c, group, secret, _commit) in enumerate(self.record.moves)
            if who != seat and secret and self._hidden(group, who, seat)
        }

        def choose(state: FcmState, i: int, who: int, code: int) -> int:
            if i not in redraw:
                return code
            legal = state._legal_map(who)
            done = legal.get(code) == DONE
            kind = sorted(c for c, a in legal.items() if (a == DONE) == done)
            if not kind:
                return code
            u = float(probability_sampler())
            return kind[min(len(kind) - 1, int(u * len(kind)))]

        return self._replay(len(self.record.moves), choose)

    def _replay(self, moves: int, choose: Any = None, chance: int | None = None) -> FcmState:
        """A new state from the first ``chance`` setup outcomes (all by default) and the first
        ``moves`` moves, node by node as they were applied; ``choose(state, i, who, code)``
        gives the code to play for move i."""
        out: FcmState = self.get_game().new_initial_state()
        for t in self._chance_codes()[:chance]:
            out.apply_action(t)
        todo = self.record.moves[:moves]
        i = 0
        while i < len(todo):
            node, j = todo[i][0], i
            while j < len(todo) and todo[j][0] == node:
                j += 1
            codes = {}
            for k in range(i, j):
                who, code = todo[k][1], todo[k][2]
                codes[who] = choose(out, k, who, code) if choose else code
            if out.is_simultaneous_node():
                out.apply_actions([codes.get(s, self.pass_action) for s in range(self.players)])
            else:
                ((_who, code),) = codes.items()
                out.apply_action(code)
            i = j
        return out

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last node: ``(player, action)`` as OpenSpiel's history lists it (a
        chance outcome, a seat's action, a flat joint action); a joint action applied with
        ``apply_actions`` is taken back with ``(PlayerId.SIMULTANEOUS, its flat index)``. The
        state is rebuilt from the record (time linear in the game's length); ``history()``,
        ``full_history()`` and ``move_number()`` follow it (OpenSpiel's own copy of the
        history, which a Python game cannot shorten, is not used by this game)."""
        record = self.record
        if not record.entries:
            raise ValueError("undo_action: nothing to undo")
        entries = record.entries[-1]
        last = record.history[len(record.history) - entries :]
        if entries == 1 and last[0] != (int(player), int(action)):
            raise ValueError(f"undo_action: the last move is {last[0]}, not ({player}, {action})")
        if entries > 1 and int(player) != pyspiel.PlayerId.SIMULTANEOUS:
            raise ValueError(
                "undo_action: the last node was a joint action (apply_actions): take it back "
                "with (PlayerId.SIMULTANEOUS, its flat index)"
            )
        node = record.nodes - 1
        moves = sum(1 for m in record.moves if m[0] < node)
        is_chance = not any(m[0] == node for m in record.moves)
        chance = len(self._chance_codes()) - (1 if is_chance else 0)
        fresh = self._replay(moves, chance=chance)
        if entries > 1:  # the flat index of the joint action, seat 0 fastest
            flat, scale = 0, 1
            for seat, (_p, a) in enumerate(last):
                legal = fresh._legal_actions(seat)
                flat += legal.index(a) * scale
                scale *= len(legal)
            if flat != int(action):
                raise ValueError(f"undo_action: the last joint action is {flat}, not {action}")
        history, kept = record.history[: len(record.history) - entries], record.entries[:-1]
        self.__dict__.update(fresh.__dict__)
        self.record.history, self.record.entries = history, kept

    # -- OpenSpiel's history, as this state keeps it (undo_action shortens it) -----------------

    def history(self) -> list[int]:
        return [a for _, a in self.record.history]

    def full_history(self) -> list[Any]:
        return [pyspiel.PlayerAction(p, a) for p, a in self.record.history]

    def history_str(self) -> str:
        return ", ".join(str(a) for _, a in self.record.history)

    def move_number(self) -> int:
        return self.record.nodes

    # -- strings and results -----------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.fcm is None and len(self.tiles) < self.tile_rows * self.tile_cols:
                return f"tile {self.letters[action // ROTATIONS]} rotation {action % ROTATIONS}"
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
    """The PyObserver of ``python_fcm``: tensors and strings from a seat's view; with perfect
    recall (the information state) also the moves the seat has seen (``known_moves``)."""

    def __init__(self, perfect_recall: bool, size: int, max_steps: int) -> None:
        self.perfect_recall = perfect_recall
        self.obs_size = size
        total = size + 2 * max_steps if perfect_recall else size
        self.tensor = np.zeros(total, np.float32)
        self._observer = Observer()
        self.dict = {"observation": self.tensor}

    def set_from(self, state: FcmState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.fcm is None:
            if self.perfect_recall:  # the setup's outcomes so far
                self._write_moves([(CHANCE, t) for t in state._chance_codes()], player, state)
            return
        self.tensor[: self.obs_size] = self._observer.flat(fcm.view(state.fcm, player), player)
        if self.perfect_recall:
            self._write_moves(state.known_moves(player), player, state)

    def _write_moves(self, moves: list[tuple[int, int]], player: int, state: FcmState) -> None:
        """Two floats a move: who (1 chance, 2 the seat itself, 3.. the next seats clockwise
        by seat number; 0 an empty slot) and the action index (the chance outcome)."""
        n = state.players
        hist = self.tensor[self.obs_size :].reshape(-1, 2)
        for k, (who, code) in enumerate(moves):
            hist[k, 0] = 1 if who == CHANCE else 2 + (who - player) % n
            hist[k, 1] = code

    def string_from(self, state: FcmState, player: int) -> str:
        if state.fcm is None:
            text = f"setup: {len(state.tiles)} tiles, turn order {state.order}"
        else:
            v = fcm.view(state.fcm, player)
            # The view's canonical JSON: the seat's whole visible position (the PRNG is blanked).
            text = v.canonical_json()
        if self.perfect_recall and state.fcm is not None:
            text += " moves:" + ",".join(f"{w}:{c}" for w, c in state.known_moves(player))
        return text


pyspiel.register_game(GAME_TYPE, FcmGame)
pyspiel.register_game(SEQUENTIAL_GAME_TYPE, FcmSequentialGame)
