"""Coffee (ketchup.md 4) on the board, through the generic points (issue 25 item 2): a coffee
shop's owner reaches the presentation's pieces (``PieceKind.owner``), and its placements are
annotated with the square clicked and occupied (``ActionType.placement``), like the base's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import fcm
from fcm.core.actions import Action, ActionType
from fcm.core.types import Cell
from fcm.presentation import present

# Seat 0 has just trained a Barista Trainee into a Barista (its trainer used): it may place a
# coffee shop within road range 2 of its restaurant at (0,0) se (ketchup.md 4).
AFTER_BARISTA: dict[str, Any] = {
    "format": "fcm-scenario/1", "players": 2, "modules": ["coffee"],
    "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]], "phase": "working",
    "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    "companies": [{"at_work": ["trainer"], "beach": ["barista"]}, {}],
    "working": {"seat": 0, "step": "train", "trainers": [["trainer", 0]]},
    "module_data": {"coffee": {"placing": 0}},
}


def test_ketchup_4_shop_placements_carry_their_square_and_what_they_place() -> None:
    state = fcm.load_scenario(AFTER_BARISTA)
    legal = fcm.legal_actions(state, 0)
    pres = present(fcm.view(state, 0), 0, legal)
    shops = [a for a in pres["actions"] if a["action"]["type"] == "place_coffee_shop"]
    assert shops and len(shops) == len(legal) - 1  # and Done (declining, 19.1 row 8)
    for a in shops:
        assert a["placement"] is True and a["placing"] == "a coffee shop"
        assert a["anchor"] == a["action"]["cell"] and a["cells"] == [a["action"]["cell"]]
    done = next(a for a in pres["actions"] if a["action"]["type"] == "done")
    assert "placement" not in done and "anchor" not in done


def test_ketchup_4_a_placed_shop_is_drawn_as_its_owners() -> None:
    state = fcm.load_scenario(AFTER_BARISTA)
    shop = next(a for a in fcm.legal_actions(state, 0) if a.type == "place_coffee_shop")
    state, _ = fcm.apply(state, 0, shop)
    pieces = present(fcm.view(state, 1), 1)["pieces"]
    cell = [shop.cell[0], shop.cell[1]]  # type: ignore[attr-defined]
    assert pieces == [{"kind": "coffee_shop", "cells": [cell], "square": "#", "label": "",
                       "owner": 0}]


@dataclass(frozen=True, slots=True)
class _Mark(Action):
    type: ClassVar[str] = "test_mark_placement"
    house: int
    cell: Cell


def test_a_placement_must_name_cell_fields() -> None:
    with pytest.raises(ValueError, match="placement field"):
        ActionType(_Mark, fields={"house": "int", "cell": "cell"}, notation=str,
                   placement=("house",))
