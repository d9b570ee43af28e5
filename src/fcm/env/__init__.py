"""The research environment (the optional extra ``rl``: ``pip install
'food-chain-magnate[rl]'``; docs/research.md).

- :mod:`fcm.env.encoding`: engine actions <-> integers, and the legal set as a mask;
- :mod:`fcm.env.observation`: a seat's view as numpy tensors;
- :func:`aec_env`: a PettingZoo AEC environment (:mod:`fcm.env.aec`);
- :mod:`fcm.env.openspiel`: the OpenSpiel game ``python_fcm``;
- :mod:`fcm.env.dataset`: datasets of bot games in Parquet files (streamed, per-step rewards);
- :mod:`fcm.env.gym_env`: a Gymnasium single-agent env against bots (MaskablePPO's masks);
- :mod:`fcm.env.spiel_mcts`: OpenSpiel's MCTS as a bot, through the turn-based conversion.

Importing it without numpy raises an ImportError that names the extra to install.
"""

from __future__ import annotations

from typing import Any

from fcm.env._deps import MissingExtraError, require

require("numpy")

from fcm.env.encoding import NUM_ACTIONS, VERSION, decode, encode  # noqa: E402
from fcm.env.observation import legal_mask, observe  # noqa: E402


def aec_env(players: int = 4, seed: int = 0, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment (:class:`fcm.env.aec.FcmAECEnv`; needs the extra ``rl``)."""
    from fcm.env.aec import FcmAECEnv

    return FcmAECEnv(players=players, seed=seed, **kwargs)


__all__ = [
    "NUM_ACTIONS",
    "VERSION",
    "MissingExtraError",
    "aec_env",
    "decode",
    "encode",
    "legal_mask",
    "observe",
]
