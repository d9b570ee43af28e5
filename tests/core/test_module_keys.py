"""What a module keeps on records of the state (issue 24): ``Module.keys`` declares each key
(``ModuleKey``) on a player, a campaign or the Working 9-5 turn; the value lives in that
record's ``extras`` slot as plain JSON, is cloned, saved flat among the record's fields and
hashed only when set (a base game saves and hashes as it always did), and a scenario may set it
through the module's ``parse`` (core's scenario loader knows no module key). A test-only module
(``test_badges``) proves it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import fcm
from fcm.core.errors import ScenarioError
from fcm.core.extensions import ModuleKey
from fcm.core.state import GameState
from fcm.games import state_from_dict
from fcm.rulesets import Module, ModuleInfo, register_module, unregister_module


def _badge(where: str, raw: Any, record: Mapping[str, Any], state: GameState) -> int:
    if not isinstance(raw, int) or raw < 0:
        raise ScenarioError(f"scenario {where}.test_badge: must be a whole number >= 0")
    return raw


BADGES = Module(
    info=ModuleInfo("test_badges", "Test badges", "a badge count per chain and campaign"),
    data=lambda raw, modules: None,
    keys=(ModuleKey("player", "test_badge", _badge), ModuleKey("campaign", "test_flag")),
)
TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


@pytest.fixture
def badges() -> Iterator[None]:
    register_module(BADGES)
    yield
    unregister_module("test_badges")


def _scenario(**company: Any) -> dict[str, Any]:
    return {"players": 2, "tiles": TILES, "modules": ["test_badges"],
            "companies": [{"cash": 10, **company}, {"cash": 10}]}  # fmt: skip


def test_a_players_module_key_is_read_saved_flat_cloned_and_hashed(badges: None) -> None:
    s = fcm.load_scenario(_scenario(test_badge=3))
    assert s.players[0].extras == {"test_badge": 3} and s.players[1].extras == {}
    saved = s.to_dict()
    assert saved["players"][0]["test_badge"] == 3 and "test_badge" not in saved["players"][1]
    assert "extras" not in saved["players"][0]  # flat among the player's fields
    again = state_from_dict(saved)
    assert again.players[0].extras == {"test_badge": 3}
    assert again.state_hash() == s.state_hash()
    copy = s.clone()
    copy.players[0].extras["test_badge"] = 4
    assert s.players[0].extras == {"test_badge": 3}  # a clone owns its slot
    assert copy.state_hash() != s.state_hash()
    unset = fcm.load_scenario(_scenario())
    assert unset.players[0].extras == {} and "test_badge" not in unset.to_dict()["players"][0]


def test_a_module_key_is_refused_by_its_module_or_without_it(badges: None) -> None:
    with pytest.raises(ScenarioError, match=r"companies\[0\]\.test_badge: must be a whole"):
        fcm.load_scenario(_scenario(test_badge=-1))
    base = _scenario(test_badge=1)
    del base["modules"]
    with pytest.raises(ScenarioError, match="test_badge"):
        fcm.load_scenario(base)  # the base game has no such key


def test_a_campaigns_module_key_round_trips_and_a_base_save_is_unchanged(badges: None) -> None:
    raw = {**_scenario(), "campaigns": [
        {"number": 5, "owner": 0, "good": "burger", "remaining": 2, "edge": "w", "first": 2,
         "test_flag": "on"}]}  # fmt: skip
    s = fcm.load_scenario(raw)
    assert s.campaigns[5].extras == {"test_flag": "on"}
    assert s.to_dict()["campaigns"][0]["test_flag"] == "on"
    assert state_from_dict(s.to_dict()).campaigns[5].extras == {"test_flag": "on"}
    del raw["campaigns"][0]["test_flag"]
    plain = fcm.load_scenario(raw)
    raw.pop("modules")
    base = fcm.load_scenario(raw)
    assert plain.to_dict()["campaigns"] == base.to_dict()["campaigns"]
