"""What an expansion module adds to the research environment (docs/modules.md, "Satellites:
bots, env, report, UI"; docs/research.md).

A module registers one :class:`EnvBlocks` from its own package (``fcm/modules/<id>/env.py``,
imported the first time an encoding or a layout of a game with that module is built, so numpy
stays optional for everything else). It may bring:

- :class:`ActionBlocks`: its own actions as blocks of the action encoding, after every base
  block (its ``encode`` is asked before the base game's, so it may claim an action the base
  blocks would also match);
- :class:`BoardPlanes`: board planes after the base planes;
- :class:`GlobalFields`: global features after the base globals.

Each kind is placed in ``order`` (then module id) among the game's modules. A block, once
published, never moves: a module's ``order`` is part of the encoding, and tests/env pins the
sizes of every module set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fcm.core.actions import Action
from fcm.core.ruleset import Ruleset
from fcm.core.state import GameState

if TYPE_CHECKING:
    from fcm.env.encoding import Encoding

Dims = tuple[tuple[str, tuple[int, ...]], ...]  # (block name, field sizes)
Fields = tuple[tuple[str, int, str], ...]  # (name, size, what it holds)


@dataclass(frozen=True, slots=True)
class ActionBlocks:
    """``blocks``: the module's blocks, sized from the encoding's vocabularies; ``encode``: the
    index of an action of the module's (``None``: not one of its actions); ``decode``: the
    action at the field values ``fields`` of the module's block ``block``."""

    blocks: Callable[[Encoding], Dims]
    encode: Callable[[Encoding, GameState, Action], int | None]
    decode: Callable[[Encoding, GameState, str, tuple[int, ...]], Action]


@dataclass(frozen=True, slots=True)
class BoardPlanes:
    """``names``: (plane name, what a square holds) per plane, or those of a ruleset. ``key``:
    what the planes show, from a seat's view (hashable; the planes are rebuilt only when it
    changes). ``build``: the planes for that key, ``float32[len(names), H, W]`` on the
    ruleset's grid (``fcm.env.encoding.grid_of``: 20 x 25 unless a module's player count
    sets up a larger map); with ``by_seat`` there is one plane per absolute seat (the
    ruleset's most seats, ``fcm.env.encoding.max_seats``: 5, or 6) and each seat takes them in
    its relative order."""

    names: tuple[tuple[str, str], ...] | Callable[[Ruleset], tuple[tuple[str, str], ...]]
    key: Callable[[GameState], Any]
    build: Callable[[GameState, Any], Any]
    by_seat: bool = False


@dataclass(frozen=True, slots=True)
class GlobalFields:
    """``fields``: the module's global features for a ruleset (name, size, what); ``key``: what
    they show, from a seat's view; ``write(view, out, key, rel)``: fill ``out`` (the module's
    features, all 0 before) for that key; ``rel[seat]`` is the seat's relative number."""

    fields: Callable[[Ruleset], Fields]
    key: Callable[[GameState], Any]
    write: Callable[[GameState, Any, Any, list[int]], None]


@dataclass(frozen=True, slots=True)
class EnvBlocks:
    order: int = 50
    actions: ActionBlocks | None = None
    planes: BoardPlanes | None = None
    globals: GlobalFields | None = None


_BLOCKS: dict[str, EnvBlocks] = {}
_FOR: dict[frozenset[str], tuple[EnvBlocks, ...]] = {}


def register_env(module: str, blocks: EnvBlocks) -> None:
    """Register ``module``'s blocks (called by ``fcm/modules/<id>/env.py`` on import)."""
    _BLOCKS[module] = blocks
    _FOR.clear()


def env_blocks(modules: Iterable[str]) -> tuple[EnvBlocks, ...]:
    """The blocks of these modules, in the order they are placed."""
    key = frozenset(modules)
    got = _FOR.get(key)
    if got is None:
        got = ()
        if key:
            from fcm.modules import load_satellite

            load_satellite("env", key)
            chosen = sorted((m for m in key if m in _BLOCKS), key=lambda m: (_BLOCKS[m].order, m))
            got = tuple(_BLOCKS[m] for m in chosen)
        _FOR[key] = got
    return got
