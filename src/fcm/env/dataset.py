"""Imitation datasets from the project's bots: ``fcm dataset --bots B,B,B,B --games N --out DIR``.

Each game is one NumPy archive ``DIR/game-SEED.npz`` (compressed) with one row per decision:

- ``obs``: ``float32[T, OBS_SIZE]``, the deciding seat's flat observation (from its view);
- ``seat``: ``int8[T]``, who decided; ``action``: ``int32[T]``, the index it chose;
- ``legal`` / ``legal_offsets``: the legal indices of row ``t`` are
  ``legal[legal_offsets[t]:legal_offsets[t + 1]]`` (the mask, stored sparse: a dense one would
  be 54,611 bytes a row);
- ``returns``: ``float32[players]``, the final rank rewards (+1 first .. -1 last);
  ``cash``: ``int32[players]``; ``ranking``: ``int8[players]``;
- ``meta``: a JSON string (encoding version, players, bots, seed, options, final hash).

``load(path)`` reads one back, ``dense_mask(archive, t)`` rebuilds row ``t``'s mask.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from fcm.bots import make_bot
from fcm.core.engine import apply_in_place, current_actors, is_over, legal_actions
from fcm.core.state import Options
from fcm.core.views import view
from fcm.env.aec import final_rewards
from fcm.env.encoding import NUM_ACTIONS, VERSION, encode, encoding_of
from fcm.env.observation import Observer, layout_of
from fcm.games import new_game
from fcm.simulate import bot_seed

MAX_DECISIONS = 200_000


def record_game(bots: Sequence[str], seed: int, options: Options | None = None) -> dict[str, Any]:
    """Play one game between the named bots and return its arrays (see the module doc)."""
    players = len(bots)
    agents = [make_bot(name, bot_seed(seed, i)) for i, name in enumerate(bots)]
    state = new_game(players, seed, options)
    observer = Observer()
    obs: list[np.ndarray] = []
    seats: list[int] = []
    chosen: list[int] = []
    legal_all: list[int] = []
    offsets = [0]
    while not is_over(state):
        for seat in current_actors(state):
            if seat not in current_actors(state):
                continue
            v = view(state, seat)
            legal = legal_actions(state, seat)
            action = agents[seat].choose(v, seat, legal)
            obs.append(observer.flat(v, seat).copy())
            seats.append(seat)
            chosen.append(encode(v, action))
            legal_all.extend(encode(v, a) for a in legal)
            offsets.append(len(legal_all))
            apply_in_place(state, seat, action)
            if len(seats) > MAX_DECISIONS:  # pragma: no cover - games end long before
                raise RuntimeError(f"game {seed} did not end in {MAX_DECISIONS} decisions")
    meta = {
        "encoding_version": VERSION,
        "num_actions": encoding_of(state).num_actions,  # the ruleset's (modules: docs)
        "obs_size": layout_of(state).OBS_SIZE,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "options": state.options.to_dict(),  # what replaying the game needs (the round cap)
        "rounds": state.round,
        "final_hash": state.state_hash(),
    }
    return {
        "obs": np.stack(obs).astype(np.float32),
        "seat": np.array(seats, dtype=np.int8),
        "action": np.array(chosen, dtype=np.int32),
        "legal": np.array(legal_all, dtype=np.int32),
        "legal_offsets": np.array(offsets, dtype=np.int64),
        "returns": np.array(final_rewards(state, "rank"), dtype=np.float32),
        "cash": np.array([p.cash for p in state.players], dtype=np.int32),
        "ranking": np.array(state.ranking, dtype=np.int8),
        "meta": np.array(json.dumps(meta)),
    }


def write_dataset(
    bots: Sequence[str],
    games: int,
    out: str | Path,
    seed: int = 1,
    options: Options | None = None,
) -> Iterator[Path]:
    """Write ``games`` archives (seeds ``seed ..``) into ``out``; yield each path."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for s in range(seed, seed + games):
        arrays = record_game(bots, s, options)
        path = folder / f"game-{s}.npz"
        np.savez_compressed(path, **arrays)
        yield path


def load(path: str | Path) -> dict[str, Any]:
    """One archive as a dict of arrays (``meta`` decoded)."""
    with np.load(path) as data:
        out: dict[str, Any] = {k: data[k] for k in data.files}
    out["meta"] = json.loads(str(out["meta"]))
    return out


def dense_mask(archive: dict[str, Any], t: int) -> np.ndarray:
    """Row ``t``'s legal set as an ``int8[num_actions]`` mask (the game's, from ``meta``)."""
    mask = np.zeros(int(archive["meta"].get("num_actions", NUM_ACTIONS)), dtype=np.int8)
    lo, hi = archive["legal_offsets"][t], archive["legal_offsets"][t + 1]
    mask[archive["legal"][lo:hi]] = 1
    return mask
