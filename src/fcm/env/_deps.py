"""The optional dependencies of ``fcm.env``: a missing one names the extra that brings it."""

from __future__ import annotations

import importlib
from types import ModuleType

EXTRAS = {
    "numpy": "rl",
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "pyspiel": "rl",
    "pyarrow": "rl",
    "torch": "sb3",
    "stable_baselines3": "sb3",
    "sb3_contrib": "sb3",
    "ray": "ray",
}
_PIP_NAMES = {
    "pyspiel": "open-spiel",
    "stable_baselines3": "stable-baselines3",
    "sb3_contrib": "sb3-contrib",
}
# The name on the package index (the import name is fcm).
DISTRIBUTION = "food-chain-magnate"


class MissingExtraError(ImportError):
    """An optional dependency of the research environment is not installed."""


def require(module: str) -> ModuleType:
    """Import ``module`` or raise :class:`MissingExtraError` naming the extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        extra = EXTRAS.get(module, "rl")
        pip = _PIP_NAMES.get(module, module)
        raise MissingExtraError(
            f"fcm.env needs {pip!r}, which comes with the optional extra {extra!r}: "
            f"pip install '{DISTRIBUTION}[{extra}]' (or pip install {pip}); import failed: {exc}"
        ) from exc
