"""Datasets of bot games in columnar files: ``fcm dataset --bots B,B,B,B --games N --out DIR``.

Files (Apache Parquet, zstd; needs pyarrow, which comes with the extra ``rl``):

- ``DIR/steps-FIRST-LAST.parquet``: one row per decision of games ``FIRST..LAST`` (seeds), a
  *shard* of ``games_per_file`` games;
- ``DIR/games-FIRST-LAST.parquet``: one row per game of that shard.

Step columns (one decision of one seat):

- ``game`` (int64, the game's seed), ``step`` (int32, the decision's number in its game: sort
  by ``(game, step)`` for the order of play), ``seat`` (int8), ``round`` (int16);
- ``obs``: ``fixed_size_list<float32>[obs_size]``, the deciding seat's flat observation (from
  its view only, :mod:`fcm.env.observation`);
- ``action`` (int32): the index it chose; ``legal`` (``list<int32>``): the legal indices (the
  mask, sparse; :func:`dense_mask` rebuilds it);
- per-step rewards: ``reward`` (float32): the change of the seat's cash lead over its best rival,
  in dollars, from this decision to the seat's next one (or to the end); ``last`` (bool): the
  seat's last decision of the game; ``final_reward`` (float32): on ``last`` rows the seat's
  rank reward (+1 first .. -1 last, as the AEC env gives), else 0; ``truncated`` (bool): on
  ``last`` rows, the round cap ended the game (its ``final_reward`` ranks by cash at the cut).

Game columns: ``game``, ``bots`` (list<string>), ``players``, ``rounds``, ``decisions``,
``end_reason``, ``returns`` (list<float32>, rank rewards by seat), ``cash`` (list<int32>),
``ranking`` (list<int8>), ``final_hash``. Every file's schema metadata ``fcm`` is a JSON
object: encoding version, ``num_actions``, ``obs_size``, players, options, modules.

**Bounded memory.** A game is recorded as it is played: rows go to the file in record batches
of ``rows_per_batch`` decisions; a row waits only for its seat's next decision (its ``reward``),
so at most ``rows_per_batch + players`` rows are held. Reading (:class:`Steps`) goes batch by
batch, file by file. Shards are independent: ``jobs`` processes (or Ray tasks, through
:func:`fcm.simulate.run_on_ray`) each record one shard and hand back its bytes, which the
caller writes; every game depends only on its seed, bots and options, so the rows are the same
however the work is spread.
"""

from __future__ import annotations

import io
import itertools
import json
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcm.env._deps import require

require("pyarrow")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

from fcm.bots import make_bot  # noqa: E402
from fcm.core.company import board_of  # noqa: E402
from fcm.core.engine import (  # noqa: E402
    ROUND_LIMIT_REASON,
    apply_in_place,
    current_actors,
    is_over,
    legal_actions,
)
from fcm.core.state import GameState, Options  # noqa: E402
from fcm.core.views import view  # noqa: E402
from fcm.env.aec import final_rewards  # noqa: E402
from fcm.env.encoding import VERSION, action_codes, code_of, encoding_of  # noqa: E402
from fcm.env.observation import Observer, layout_of  # noqa: E402
from fcm.games import new_game  # noqa: E402
from fcm.simulate import bot_seed  # noqa: E402

MAX_DECISIONS = 200_000
ROWS_PER_BATCH = 256
GAMES_PER_FILE = 10
COMPRESSION = "zstd"


def step_schema(obs_size: int, meta: dict[str, Any]) -> pa.Schema:
    return pa.schema(
        [
            ("game", pa.int64()),
            ("step", pa.int32()),
            ("seat", pa.int8()),
            ("round", pa.int16()),
            ("obs", pa.list_(pa.float32(), obs_size)),
            ("action", pa.int32()),
            ("legal", pa.list_(pa.int32())),
            ("reward", pa.float32()),
            ("last", pa.bool_()),
            ("final_reward", pa.float32()),
            ("truncated", pa.bool_()),
        ],
        metadata={"fcm": json.dumps(meta)},
    )


def game_schema(meta: dict[str, Any]) -> pa.Schema:
    return pa.schema(
        [
            ("game", pa.int64()),
            ("bots", pa.list_(pa.string())),
            ("players", pa.int8()),
            ("rounds", pa.int16()),
            ("decisions", pa.int32()),
            ("end_reason", pa.string()),
            ("returns", pa.list_(pa.float32())),
            ("cash", pa.list_(pa.int32())),
            ("ranking", pa.list_(pa.int8())),
            ("final_hash", pa.string()),
        ],
        metadata={"fcm": json.dumps(meta)},
    )


def dataset_meta(state: GameState, bots: Sequence[str]) -> dict[str, Any]:
    return {
        "encoding_version": VERSION,
        "num_actions": encoding_of(state).num_actions,  # the ruleset's (modules: docs)
        "obs_size": layout_of(state).OBS_SIZE,
        "players": state.num_players,
        "bots": list(bots),
        "options": state.options.to_dict(),  # what replaying a game needs (the round cap)
        "modules": sorted(state.options.modules),
    }


class _Rows:
    """Column buffers of up to ``rows_per_batch`` finished rows."""

    def __init__(self, obs_size: int) -> None:
        self.obs_size = obs_size
        self.clear()

    def clear(self) -> None:
        self.cols: dict[str, list[Any]] = {
            k: []
            for k in ("game", "step", "seat", "round", "action", "legal", "reward", "last",
                      "final_reward", "truncated")
        }
        self.obs: list[np.ndarray] = []

    def __len__(self) -> int:
        return len(self.obs)

    def add(self, row: dict[str, Any], obs: np.ndarray) -> None:
        for k, col in self.cols.items():
            col.append(row[k])
        self.obs.append(obs)

    def batch(self, schema: pa.Schema) -> pa.RecordBatch:
        flat = np.concatenate(self.obs).astype(np.float32, copy=False)
        arrays = {k: pa.array(v, type=schema.field(k).type) for k, v in self.cols.items()}
        arrays["obs"] = pa.FixedSizeListArray.from_arrays(pa.array(flat), self.obs_size)
        return pa.RecordBatch.from_arrays([arrays[f.name] for f in schema], schema=schema)


def _lead(state: GameState, seat: int) -> int:
    cash = [p.cash for p in state.players]
    return cash[seat] - max(c for s, c in enumerate(cash) if s != seat)


def play_rows(
    bots: Sequence[str], seed: int, options: Options | None = None
) -> Iterator[tuple[dict[str, Any], np.ndarray] | dict[str, Any]]:
    """Play one game between the named bots; yield each finished row as ``(columns, obs)`` as
    soon as its reward is known, then the game's row (a dict) last."""
    players = len(bots)
    agents = [make_bot(name, bot_seed(seed, i)) for i, name in enumerate(bots)]
    state = new_game(players, seed, options)
    observer = Observer()
    codes = action_codes(board_of(state), encoding_of(state))
    pending: dict[int, tuple[dict[str, Any], np.ndarray, int]] = {}  # seat -> row, obs, lead
    step = 0
    while not is_over(state):
        for seat in current_actors(state):
            if seat not in current_actors(state):
                continue
            lead = _lead(state, seat)
            if seat in pending:  # its previous row's reward is now known
                row, obs, before = pending.pop(seat)
                row["reward"] = float(lead - before)
                yield row, obs
            v = view(state, seat)
            legal = legal_actions(state, seat)
            action = agents[seat].choose(v, seat, legal)
            row = {
                "game": seed, "step": step, "seat": seat, "round": state.round,
                "action": code_of(codes, v, action),
                "legal": [code_of(codes, v, a) for a in legal],
                "last": False, "final_reward": 0.0, "truncated": False,
            }
            pending[seat] = (row, observer.flat(v, seat).copy(), lead)
            apply_in_place(state, seat, action)
            step += 1
            if step > MAX_DECISIONS:  # pragma: no cover - games end long before
                raise RuntimeError(f"game {seed} did not end in {MAX_DECISIONS} decisions")
    returns = final_rewards(state, "rank")
    cut = state.end_reason == ROUND_LIMIT_REASON
    for seat, (row, obs, before) in sorted(pending.items(), key=lambda x: x[1][0]["step"]):
        row.update(
            reward=float(_lead(state, seat) - before), last=True,
            final_reward=returns[seat], truncated=cut,
        )
        yield row, obs
    yield {
        "game": seed, "bots": list(bots), "players": players, "rounds": state.round,
        "decisions": step, "end_reason": state.end_reason, "returns": returns,
        "cash": [p.cash for p in state.players], "ranking": list(state.ranking),
        "final_hash": state.state_hash(),
        "_meta": dataset_meta(state, bots),
    }


@dataclass(frozen=True, slots=True)
class Shard:
    """Games ``first .. first + games - 1`` between ``bots`` (one task)."""

    bots: tuple[str, ...]
    first: int
    games: int
    options: dict[str, Any]
    rows_per_batch: int = ROWS_PER_BATCH

    @property
    def name(self) -> str:
        return f"{self.first:08d}-{self.first + self.games - 1:08d}"


def write_shard(shard: Shard, steps: Any, games: Any) -> tuple[int, list[dict[str, Any]]]:
    """Record a shard into the files (paths or binary streams) ``steps`` and ``games``,
    streaming: (decisions written, the games' rows)."""
    options = Options.from_dict(shard.options)
    probe = new_game(len(shard.bots), shard.first, options)
    meta = dataset_meta(probe, shard.bots)
    schema = step_schema(meta["obs_size"], meta)
    rows = _Rows(meta["obs_size"])
    done: list[dict[str, Any]] = []
    total = 0
    with pq.ParquetWriter(steps, schema, compression=COMPRESSION) as writer:
        for seed in range(shard.first, shard.first + shard.games):
            for item in play_rows(shard.bots, seed, options):
                if isinstance(item, dict):
                    item.pop("_meta")
                    done.append(item)
                    continue
                rows.add(*item)
                total += 1
                if len(rows) >= shard.rows_per_batch:
                    writer.write_batch(rows.batch(schema))
                    rows.clear()
        if len(rows):
            writer.write_batch(rows.batch(schema))
    gs = game_schema(meta)
    table = pa.Table.from_pylist(done, schema=gs)
    pq.write_table(table, games, compression=COMPRESSION)
    return total, done


def record_shard(shard: Shard) -> dict[str, Any]:
    """Record a shard in memory (a worker's task): the two files' bytes and the games' rows."""
    steps, games = io.BytesIO(), io.BytesIO()
    total, done = write_shard(shard, steps, games)
    return {
        "shard": shard.name, "steps": steps.getvalue(), "games": games.getvalue(),
        "decisions": total, "rows": done,
    }


def record_shards(shards: Sequence[Shard]) -> list[dict[str, Any]]:
    """A Ray task: several shards."""
    return [record_shard(s) for s in shards]


def write_dataset(
    bots: Sequence[str],
    games: int,
    out: str | Path,
    seed: int = 1,
    options: Options | None = None,
    *,
    games_per_file: int = GAMES_PER_FILE,
    jobs: int = 1,
    ray: bool = False,
    address: str | None = None,
    rows_per_batch: int = ROWS_PER_BATCH,
) -> Iterator[dict[str, Any]]:
    """Record ``games`` games (seeds ``seed ..``) into ``out``, ``games_per_file`` per shard;
    yield, per shard as it is written, ``{"shard", "decisions", "rows"}`` (rows: the games).

    ``jobs`` 1 writes each shard straight to its files; with more (or ``ray``, on the cluster at
    ``address``) each worker records a shard in memory and hands back its compressed bytes."""
    if games_per_file < 1:
        raise ValueError(f"games_per_file is a number of games >= 1, not {games_per_file}")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    opts = (options or Options()).to_dict()
    shards = [
        Shard(tuple(bots), s, min(games_per_file, seed + games - s), opts, rows_per_batch)
        for s in range(seed, seed + games, games_per_file)
    ]
    if jobs <= 1 and not ray:
        for shard in shards:
            steps = folder / f"steps-{shard.name}.parquet"
            games_file = folder / f"games-{shard.name}.parquet"
            total, done = write_shard(shard, steps, games_file)
            yield {"shard": shard.name, "decisions": total, "rows": done}
        return
    if ray:
        from fcm.simulate import run_on_ray

        results: Iterator[dict[str, Any]] = run_on_ray(
            record_shards, shards, address=address, batch=1
        )
        yield from _save(folder, results)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from _save(folder, pool.map(record_shard, shards, chunksize=1))


def _save(folder: Path, results: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for r in results:
        (folder / f"steps-{r['shard']}.parquet").write_bytes(r["steps"])
        (folder / f"games-{r['shard']}.parquet").write_bytes(r["games"])
        yield {"shard": r["shard"], "decisions": r["decisions"], "rows": r["rows"]}


# -- reading ------------------------------------------------------------------------------------


def step_files(path: str | Path) -> list[Path]:
    """The step files of a dataset folder (or the one file given), in seed order."""
    p = Path(path)
    files = sorted(p.glob("steps-*.parquet")) if p.is_dir() else [p]
    if not files:
        raise FileNotFoundError(f"no steps-*.parquet in {p}")
    return files


def meta(path: str | Path) -> dict[str, Any]:
    """The dataset's ``fcm`` metadata (encoding version, num_actions, obs_size, ...)."""
    schema = pq.read_schema(step_files(path)[0])
    return dict(json.loads(schema.metadata[b"fcm"]))


def games(path: str | Path) -> pa.Table:
    """Every game row of a dataset folder (one small table)."""
    p = Path(path)
    return pa.concat_tables(pq.read_table(f) for f in sorted(p.glob("games-*.parquet")))


def dense_mask(legal: Sequence[int] | np.ndarray, num_actions: int) -> np.ndarray:
    """A row's legal indices as an ``int8[num_actions]`` mask."""
    mask = np.zeros(num_actions, dtype=np.int8)
    mask[np.asarray(legal, dtype=np.int64)] = 1
    return mask


def _worker_split(files: list[Path]) -> list[Path]:
    """Under a PyTorch DataLoader with several workers, each worker's share of the files (torch
    is looked up, never imported: a DataLoader worker has it already)."""
    data = sys.modules.get("torch.utils.data")
    if data is None:
        return files
    info = data.get_worker_info()
    if info is None:
        return files
    return files[info.id :: info.num_workers]


class Steps:
    """Iterate over a dataset's decisions without loading it: file by file, record batch by
    record batch (``batch_rows`` rows at a time), so memory holds one batch.

    ``for x in Steps(folder)`` yields one dict per decision: ``obs`` (float32[obs_size]),
    ``action``, ``legal`` (int32 indices), ``seat``, ``game``, ``step``, ``reward``, ``last``,
    ``final_reward``, ``truncated`` (and ``mask``, the dense int8 mask, with ``masks=True``).
    ``Steps.batches()`` yields column dicts of whole record batches (``obs`` as a
    ``float32[rows, obs_size]`` array): the fast path for training loops.
    ``columns`` picks columns (``obs`` is the costly one). ``shuffle`` (a buffer size) mixes
    rows within a buffer, seeded. It is iterable as a PyTorch ``IterableDataset`` is (and
    :meth:`torch` makes one, splitting the files among DataLoader workers); torch is not needed
    to import or use it.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        columns: Sequence[str] | None = None,
        batch_rows: int = 1024,
        masks: bool = False,
        shuffle: int = 0,
        seed: int = 0,
    ) -> None:
        self.files = step_files(path)
        self.meta = meta(path)
        self.columns = list(columns) if columns is not None else None
        self.batch_rows, self.masks = batch_rows, masks
        self.shuffle, self.seed = shuffle, seed

    def batches(self) -> Iterator[dict[str, np.ndarray]]:
        for f in _worker_split(self.files):
            pf = pq.ParquetFile(f)
            for rb in pf.iter_batches(batch_size=self.batch_rows, columns=self.columns):
                out: dict[str, Any] = {}
                for name in rb.schema.names:
                    col = rb.column(name)
                    if name == "obs":
                        size = col.type.list_size
                        # a writable copy (Arrow's buffers are read-only; torch wants to own)
                        values = col.values.to_numpy(zero_copy_only=False)
                        out[name] = np.array(values).reshape(-1, size)
                    elif name == "legal":
                        offsets = col.offsets.to_numpy()
                        values = col.values.to_numpy(zero_copy_only=False)
                        out[name] = [values[a:b] for a, b in itertools.pairwise(offsets)]
                    else:
                        out[name] = np.array(col.to_numpy(zero_copy_only=False))
                yield out

    def __iter__(self) -> Iterator[dict[str, Any]]:
        rng = np.random.default_rng(self.seed)
        buffer: list[dict[str, Any]] = []
        n_actions = int(self.meta["num_actions"])
        for batch in self.batches():
            names = list(batch)
            rows = len(batch[names[0]])
            for i in range(rows):
                row = {k: batch[k][i] for k in names}
                if self.masks and "legal" in row:
                    row["mask"] = dense_mask(row["legal"], n_actions)
                if not self.shuffle:
                    yield row
                    continue
                buffer.append(row)
                if len(buffer) >= self.shuffle:
                    yield buffer.pop(int(rng.integers(len(buffer))))
        rng.shuffle(buffer)
        yield from buffer

    def torch(self) -> Any:
        """This iteration as a ``torch.utils.data.IterableDataset`` (needs torch)."""
        from torch.utils.data import IterableDataset

        steps = self

        class _Torch(IterableDataset[dict[str, Any]]):
            def __iter__(self) -> Iterator[dict[str, Any]]:
                return iter(steps)

        return _Torch()
