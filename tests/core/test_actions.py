"""Actions: the stable JSON form, and clear errors for malformed input."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

import pytest

from fcm.core.actions import (
    ACTION_TYPES,
    ChooseAdvert,
    Done,
    GetDrinks,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    Train,
    action_from_json,
)
from fcm.core.errors import InvalidActionError
from fcm.core.types import Corner, Edge, EmployeeId, Good, MilestoneId, Orientation

SAMPLES = [
    Done(),
    PlaceRestaurant((3, 4), Corner.SE),
    PlaceRestaurant((3, 4), Corner.NW, "local_manager"),
    Train("coach", "management_trainee", "junior_vice_president", fresh=True),
    PlaceCampaign(cell=(1, 2), orientation=Orientation.VERTICAL),
    PlaceCampaign(edge=Edge.N, first=5),
    ChooseAdvert(Good.BEER, 3),
    GetDrinks("truck_driver", suppliers=((0, 3), (7, 1))),
    GetDrinks("errand_boy", good=Good.SODA),
    PlaceHouse(9, (4, 4), ((6, 4), (6, 5))),
]


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_json_round_trip(action):
    data = action.to_json()
    assert data["type"] == action.type
    assert action_from_json(data) == action


def test_every_action_type_is_registered_once():
    assert len(ACTION_TYPES) == len({cls.__name__ for cls in ACTION_TYPES.values()})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a JSON object"),
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({"type": "hire"}, "missing field 'employee'"),
        ({"type": "hire", "employee": 3}, "'employee' must be a string"),
        ({"type": "hire", "employee": "waitress", "count": 2}, "unknown field"),
        ({"type": "place_restaurant", "cell": [1], "entrance": "nw"}, "square"),
        (
            {"type": "place_restaurant", "cell": [1, 2], "entrance": "up"},
            "'entrance' must be one of",
        ),
        ({"type": "choose_advert", "good": "tea", "duration": 1}, "'good' must be one of"),
        ({"type": "choose_reserve", "money": True}, "'money' must be an integer"),
    ],
)
def test_malformed_actions_name_the_field(data, message):
    with pytest.raises(InvalidActionError, match=message):
        action_from_json(data)


def test_employee_fields_decode_to_the_id_enum():
    action = action_from_json(
        {"type": "train", "trainer": "coach", "employee": "waitress", "into": "cfo"}
    )
    assert isinstance(action, Train)
    assert action.trainer is EmployeeId.COACH and action.into is EmployeeId.CFO
    assert action.to_json()["employee"] == "waitress"


@pytest.mark.parametrize("field", ["employee", "trainer", "into"])
def test_a_misspelt_employee_id_is_refused_naming_the_field(field):
    raw = {"type": "train", "trainer": "coach", "employee": "waitress", "into": "cfo"}
    raw[field] = "waitres"
    with pytest.raises(InvalidActionError, match=f"field '{field}': 'waitres' is not an employee"):
        action_from_json(raw)


def test_id_enums_compare_hash_and_print_as_their_strings():
    assert EmployeeId.WAITRESS == "waitress" and hash(EmployeeId.WAITRESS) == hash("waitress")
    assert {"waitress": 1}[EmployeeId.WAITRESS] == 1
    assert f"{EmployeeId.WAITRESS}" == "waitress" and repr(MilestoneId.FIRST_20) == "'first_20'"
    assert json.dumps({EmployeeId.CFO: [MilestoneId.FIRST_100]}) == '{"cfo": ["first_100"]}'


def test_null_is_refused_where_a_field_is_not_optional():
    # Issue 10 #6: a null square or good is malformed input, named by field, not a crash.
    from fcm.core.actions import PlaceCampaign, action_from_json

    with pytest.raises(InvalidActionError, match="field 'cell' must not be null"):
        action_from_json({"type": "place_restaurant", "cell": None, "entrance": "nw"})
    with pytest.raises(InvalidActionError, match="field 'good' must not be null"):
        action_from_json({"type": "cook", "employee": "burger_cook", "good": None})
    # an optional field takes null
    assert action_from_json({"type": "place_campaign", "cell": None}) == PlaceCampaign()


# -- a module's action types (docs/modules.md: registered, not edited into core) ---------------


def _rules(*modules):
    from fcm.rulesets import get_ruleset

    return get_ruleset("base", modules)


def test_a_module_action_round_trips_through_the_codec_and_the_notation():
    """ketchup.md 3 (First new restaurant): New Milestones' FreeMailbox is the module's own
    type, read and written by the codec of a ruleset that plays the module."""
    from fcm.core.actions import module_action, notation
    from fcm.modules.new_milestones.actions import FreeMailbox

    rules = _rules("new_milestones")
    a = FreeMailbox(7, (0, 5), Good.BURGER)
    assert a.to_json() == {"type": "free_mailbox", "number": 7, "cell": [0, 5], "good": "burger"}
    assert action_from_json(a.to_json(), rules) == a
    assert notation(a) == "free mailbox #7 at 0,5 burger"
    assert module_action(a) is not None and module_action(Done()) is None
    with pytest.raises(InvalidActionError, match="field 'cell' must be a square"):
        action_from_json({"type": "free_mailbox", "number": 7, "cell": 3, "good": "burger"}, rules)
    with pytest.raises(InvalidActionError, match="field 'number' must be an integer"):
        action_from_json(
            {"type": "free_mailbox", "number": "7", "cell": [0, 5], "good": "x"}, rules
        )


def test_the_codec_is_per_ruleset():
    """A module's action type is known to the rulesets that play the module only (issue 24):
    the base game's codec refuses it, naming it, and a game of another module too."""
    data = {"type": "free_mailbox", "number": 7, "cell": [0, 5], "good": "burger"}
    with pytest.raises(InvalidActionError, match="unknown action type 'free_mailbox'"):
        action_from_json(data)
    with pytest.raises(InvalidActionError, match="unknown action type 'free_mailbox'"):
        action_from_json(data, _rules("ketchup"))
    assert action_from_json(data, _rules("new_milestones", "ketchup")).type == "free_mailbox"


def test_older_forms_of_module_actions_still_read():
    """ketchup.md 3 (First lemonade sold, First brand manager used): a card trained at work
    and a two-good airplane were base actions with a flag; saved games with them load as the
    module's own types, and the flag given as false or null is the base action."""
    from fcm.modules.new_milestones.actions import ChooseTwoGoods, TrainAtWork

    rules = _rules("new_milestones")
    old = {"type": "train", "trainer": "trainer", "employee": "errand_boy",
           "into": "cart_operator", "fresh": False, "at_work": True}
    a = action_from_json(old, rules)
    assert a == TrainAtWork("trainer", "errand_boy", "cart_operator")
    assert a.to_json() == {"type": "train_at_work", "trainer": "trainer",
                           "employee": "errand_boy", "into": "cart_operator", "fresh": False}
    assert action_from_json({**old, "at_work": False}, rules) == Train(
        "trainer", "errand_boy", "cart_operator")
    two = {"type": "choose_advert", "good": "burger", "duration": 2, "second_good": "soda"}
    assert action_from_json(two, rules) == ChooseTwoGoods(Good.BURGER, 2, Good.SODA)
    assert action_from_json({**two, "second_good": None}, rules) == ChooseAdvert(Good.BURGER, 2)
    assert str(ChooseTwoGoods(Good.BURGER, 2, Good.SODA)) == "advertise burger and soda for 2"
    with pytest.raises(InvalidActionError, match="unknown field"):
        action_from_json(two)  # the base game never had a second good


def test_a_module_cannot_register_a_base_action_type_or_leave_a_field_untyped():
    from fcm.core.actions import Action, ActionType

    @dataclass(frozen=True, slots=True)
    class Cheat(Action):
        type: ClassVar[str] = "hire"

    with pytest.raises(ValueError, match="'hire' is the base game's"):
        ActionType(Cheat, fields={}, notation=str)

    @dataclass(frozen=True, slots=True)
    class Half(Action):
        type: ClassVar[str] = "test_half"
        amount: int

    with pytest.raises(ValueError, match="no kind for field"):
        ActionType(Half, fields={}, notation=str)
