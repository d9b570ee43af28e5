"""fcm dataset (issue 12, item 6): archives of observations, legal sets, chosen actions and final
returns that replay the recorded game exactly."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import fcm
from fcm.cli.main import main
from fcm.env.dataset import dense_mask, load
from fcm.env.encoding import decode
from fcm.env.observation import flat, observe


def test_dataset_replays_exactly(tmp_path: Path) -> None:
    out = tmp_path / "data"
    assert (
        main(
            [
                "dataset",
                "--bots",
                "heuristic,random",
                "--games",
                "2",
                "--out",
                str(out),
                "--seed",
                "3",
            ]
        )
        == 0
    )
    assert sorted(p.name for p in out.iterdir()) == ["game-3.npz", "game-4.npz"]
    a = load(out / "game-3.npz")
    meta = a["meta"]
    assert meta["encoding_version"] == 2 and meta["bots"] == ["heuristic", "random"]
    rows = len(a["action"])
    assert a["obs"].shape == (rows, meta["obs_size"]) and len(a["legal_offsets"]) == rows + 1
    state = fcm.new_game(2, seed=3, options=fcm.Options.from_dict(meta["options"]))
    for t in range(rows):
        seat = int(a["seat"][t])
        v = fcm.view(state, seat)
        if t % 25 == 0:
            assert np.array_equal(a["obs"][t], flat(observe(v, seat, mask=False)))
            mask = dense_mask(a, t)
            assert mask.sum() == len(fcm.legal_actions(state, seat))
        assert dense_mask(a, t)[a["action"][t]] == 1
        fcm.apply_in_place(state, seat, decode(v, int(a["action"][t])))
    assert fcm.is_over(state) and state.state_hash() == meta["final_hash"]
    assert a["ranking"].tolist() == state.ranking
    assert a["returns"][state.ranking[0]] == 1.0 and a["returns"][state.ranking[-1]] == -1.0


def test_dataset_refuses_unknown_bots(tmp_path: Path) -> None:
    assert main(["dataset", "--bots", "nobody,random", "--out", str(tmp_path)]) == 2
