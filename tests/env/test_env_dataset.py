"""fcm dataset (issue 12 item 6, issue 29 item 7): Parquet files of observations, legal sets,
chosen actions and per-step rewards that replay the recorded game exactly, written and read in
bounded memory, the same rows with --jobs, with modules."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

import fcm
from fcm.cli.main import main
from fcm.env.dataset import Steps, dense_mask, games, meta, write_dataset
from fcm.env.encoding import decode
from fcm.env.observation import flat, observe


def _rows(folder: Path) -> dict[str, list]:
    out: dict[str, list] = {}
    for batch in Steps(folder, batch_rows=97).batches():
        for k, v in batch.items():
            out.setdefault(k, []).extend(list(v))
    order = sorted(range(len(out["step"])), key=lambda i: (out["game"][i], out["step"][i]))
    return {k: [v[i] for i in order] for k, v in out.items()}


def test_dataset_replays_exactly_with_its_per_step_rewards(tmp_path: Path) -> None:
    out = tmp_path / "data"
    args = ["dataset", "--bots", "heuristic,random", "--games", "3", "--out", str(out)]
    assert main([*args, "--seed", "3", "--games-per-file", "2"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "games-00000003-00000004.parquet", "games-00000005-00000005.parquet",
        "steps-00000003-00000004.parquet", "steps-00000005-00000005.parquet",
    ]
    info = meta(out)
    assert info["encoding_version"] == 2 and info["bots"] == ["heuristic", "random"]
    table = games(out).to_pylist()
    assert [g["game"] for g in table] == [3, 4, 5]
    rows = _rows(out)
    for g in table:
        seed = g["game"]
        state = fcm.new_game(2, seed=seed, options=fcm.Options.from_dict(info["options"]))
        mine = [i for i, x in enumerate(rows["game"]) if x == seed]
        assert [rows["step"][i] for i in mine] == list(range(g["decisions"]))
        lead_sum = [0.0, 0.0]
        for n, i in enumerate(mine):
            seat = int(rows["seat"][i])
            v = fcm.view(state, seat)
            legal = rows["legal"][i]
            if n % 25 == 0:
                assert np.array_equal(rows["obs"][i], flat(observe(v, seat, mask=False)))
                assert len(legal) == len(fcm.legal_actions(state, seat))
            assert dense_mask(legal, info["num_actions"])[rows["action"][i]] == 1
            lead_sum[seat] += float(rows["reward"][i])
            fcm.apply_in_place(state, seat, decode(v, int(rows["action"][i])))
        assert fcm.is_over(state) and state.state_hash() == g["final_hash"]
        assert g["ranking"] == state.ranking
        # per-step rewards: each seat's rewards add up to its final cash lead; its last row
        # carries the rank reward (+1 the winner, -1 the other) and whether the cap cut it
        cash = [p.cash for p in state.players]
        for seat in (0, 1):
            assert lead_sum[seat] == pytest.approx(cash[seat] - cash[1 - seat])
            last = [i for i in mine if rows["seat"][i] == seat and rows["last"][i]]
            assert len(last) == 1
            assert rows["final_reward"][last[0]] == (1.0 if state.ranking[0] == seat else -1.0)
            assert bool(rows["truncated"][last[0]]) == state.end_reason.startswith("round limit")
            others = [i for i in mine if rows["seat"][i] == seat and not rows["last"][i]]
            assert all(rows["final_reward"][i] == 0.0 for i in others)


def test_dataset_is_written_in_batches_and_read_without_loading_it(tmp_path: Path) -> None:
    """Streaming: a shard's rows reach the file in record batches of at most rows_per_batch
    (and a reader sees them batch by batch); Steps iterates row by row, dense masks on ask."""
    list(write_dataset(["random", "random"], 1, tmp_path, seed=8, rows_per_batch=8,
                       options=fcm.Options(round_limit=3)))
    f = pq.ParquetFile(next(tmp_path.glob("steps-*.parquet")))
    sizes = [f.metadata.row_group(k).num_rows for k in range(f.num_row_groups)]
    assert len(sizes) > 1 and max(sizes) <= 8 and sum(sizes) == f.metadata.num_rows
    first = next(iter(Steps(tmp_path, masks=True, batch_rows=16)))
    assert first["mask"].sum() == len(first["legal"]) and first["mask"][first["action"]] == 1
    shuffled = [int(x["step"]) for x in Steps(tmp_path, columns=["step"], shuffle=8, seed=1)]
    assert sorted(shuffled) == list(range(f.metadata.num_rows))
    assert shuffled != sorted(shuffled)


def test_jobs_write_the_same_rows_as_one_process_with_modules(tmp_path: Path) -> None:
    base = ["dataset", "--bots", "easy,random", "--games", "2", "--seed", "11",
            "--games-per-file", "1", "--round-limit", "4", "--modules", "ketchup"]
    assert main([*base, "--out", str(tmp_path / "one")]) == 0
    assert main([*base, "--out", str(tmp_path / "two"), "--jobs", "2"]) == 0
    assert meta(tmp_path / "one")["modules"] == ["ketchup"]
    one, two = _rows(tmp_path / "one"), _rows(tmp_path / "two")
    assert one.keys() == two.keys()
    for k in one:
        assert [np.asarray(x).tolist() for x in one[k]] == [np.asarray(x).tolist() for x in two[k]]
    assert games(tmp_path / "one").equals(games(tmp_path / "two"))


def test_dataset_refuses_unknown_bots_and_modules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dataset", "--bots", "nobody,random", "--out", str(tmp_path)]) == 2
    args = ["dataset", "--bots", "random,random", "--out", str(tmp_path), "--modules"]
    assert main([*args, "nonsense"]) == 2
    assert "unknown module(s) ['nonsense']" in capsys.readouterr().out
    assert not list(tmp_path.iterdir())


def test_a_torch_data_loader_reads_the_steps(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from torch.utils.data import DataLoader

    list(write_dataset(["random", "random"], 1, tmp_path, seed=2,
                       options=fcm.Options(round_limit=2)))
    steps = Steps(tmp_path, columns=["obs", "action", "reward"])
    loader = DataLoader(steps.torch(), batch_size=16)
    first = next(iter(loader))
    assert first["obs"].dtype == torch.float32
    assert first["obs"].shape == (16, meta(tmp_path)["obs_size"])
    total = sum(len(b["action"]) for b in loader)
    assert total == pq.ParquetFile(next(tmp_path.glob("steps-*.parquet"))).metadata.num_rows


def test_ray_writes_the_same_rows_as_one_process(tmp_path: Path) -> None:
    """--ray: shards recorded as Ray tasks (a local instance, started by the command) come back
    as bytes and are written by the command: the same rows and games as the local run."""
    pytest.importorskip("ray")
    base = ["dataset", "--bots", "random,easy", "--games", "2", "--seed", "30",
            "--games-per-file", "1", "--round-limit", "3"]
    assert main([*base, "--out", str(tmp_path / "local")]) == 0
    assert main([*base, "--out", str(tmp_path / "ray"), "--ray"]) == 0
    assert sorted(p.name for p in (tmp_path / "ray").iterdir()) == sorted(
        p.name for p in (tmp_path / "local").iterdir()
    )
    assert games(tmp_path / "ray").equals(games(tmp_path / "local"))
    local, ray = _rows(tmp_path / "local"), _rows(tmp_path / "ray")
    assert [x.tolist() for x in ray["obs"]] == [x.tolist() for x in local["obs"]]
    assert ray["action"] == local["action"] and ray["reward"] == local["reward"]
