"""The game data: facts that tie the data files together, each checked against its source.

Sources are the sections of the project's rules reference: ``facts.md`` (sections 0, A, B, C, D)
and the founding rules excerpts ("Working 9-5", "Dinnertime").

About the 222 employee cards (facts.md 0 and A.1): the official total counts every employee card
in the box except the CEO cards. The CEO is not part of the employee supply (each player takes one
at setup; the Splotter box has 6 of them), so ``total_cards`` = sum of ``box_count`` over the 32
non-CEO types = 222.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from fcm.core.types import CampaignType, EmployeeId, Good, MilestoneId
from fcm.data import DataError, load_catalog, load_raw, parse_catalog
from fcm.data import catalog as catalog_module

EMPLOYEES = load_catalog().employees

# facts.md A.1, column "Box".
BOX_COUNTS = {
    "ceo": 6,
    "management_trainee": 18,
    "junior_vice_president": 12,
    "vice_president": 6,
    "senior_vice_president": 6,
    "executive_vice_president": 3,
    "waitress": 12,
    "new_business_developer": 6,
    "cfo": 3,
    "local_manager": 6,
    "regional_manager": 3,
    "pricing_manager": 12,
    "discount_manager": 6,
    "luxuries_manager": 3,
    "recruiting_girl": 12,
    "recruiting_manager": 6,
    "hr_director": 3,
    "trainer": 12,
    "coach": 6,
    "guru": 3,
    "errand_boy": 12,
    "cart_operator": 6,
    "truck_driver": 6,
    "zeppelin_pilot": 3,
    "marketing_trainee": 12,
    "campaign_manager": 6,
    "brand_manager": 6,
    "brand_director": 3,
    "kitchen_trainee": 12,
    "burger_cook": 6,
    "burger_chef": 3,
    "pizza_cook": 6,
    "pizza_chef": 3,
}

# facts.md A.2: every edge of the career tree.
CAREER_EDGES = {
    ("management_trainee", "junior_vice_president"),
    ("management_trainee", "new_business_developer"),
    ("management_trainee", "luxuries_manager"),
    ("junior_vice_president", "vice_president"),
    ("junior_vice_president", "local_manager"),
    ("junior_vice_president", "discount_manager"),
    ("junior_vice_president", "recruiting_manager"),
    ("junior_vice_president", "coach"),
    ("vice_president", "senior_vice_president"),
    ("vice_president", "regional_manager"),
    ("vice_president", "guru"),
    ("senior_vice_president", "executive_vice_president"),
    ("senior_vice_president", "cfo"),
    ("senior_vice_president", "hr_director"),
    ("errand_boy", "cart_operator"),
    ("cart_operator", "truck_driver"),
    ("truck_driver", "zeppelin_pilot"),
    ("marketing_trainee", "campaign_manager"),
    ("campaign_manager", "brand_manager"),
    ("brand_manager", "brand_director"),
    ("kitchen_trainee", "burger_cook"),
    ("burger_cook", "burger_chef"),
    ("kitchen_trainee", "pizza_cook"),
    ("pizza_cook", "pizza_chef"),
}

# facts.md A.1 ("there are 8 entry-level types and 10 1x types").
ENTRY_LEVEL = {
    "management_trainee",
    "waitress",
    "pricing_manager",
    "recruiting_girl",
    "trainer",
    "errand_boy",
    "marketing_trainee",
    "kitchen_trainee",
}
UNIQUE = {
    "executive_vice_president",
    "cfo",
    "regional_manager",
    "luxuries_manager",
    "hr_director",
    "guru",
    "zeppelin_pilot",
    "brand_director",
    "burger_chef",
    "pizza_chef",
}

# facts.md D: the printed house of every tile.
TILE_HOUSES = {
    "A": 2,
    "B": 4,
    "C": 5,
    "D": 7,
    "E": 8,
    "F": 10,
    "G": 12,
    "H": 13,
    "I": 15,
    "J": 16,
    "K": 18,
}


# --------------------------------------------------------------------------------------------
# Employees


def test_222_employee_cards_excluding_the_ceo() -> None:
    """facts.md 0 and A.1: 222 employee cards; the CEO cards (6) are not among them."""
    assert sum(e.box_count for e in EMPLOYEES.values() if e.id != "ceo") == 222
    assert EMPLOYEES["ceo"].box_count == 6
    assert len(EMPLOYEES) == 33


def test_box_count_of_every_type() -> None:
    """facts.md A.1, column Box."""
    assert {e.id: e.box_count for e in EMPLOYEES.values()} == BOX_COUNTS


def test_employees_are_in_career_layout_order() -> None:
    """facts.md A.1 table order: CEO, then the management line, then each department."""
    assert list(EMPLOYEES) == list(BOX_COUNTS)


def test_career_tree_has_exactly_the_edges_of_facts_a2() -> None:
    """facts.md A.2: the full career tree, both directions."""
    down = {(e.id, t) for e in EMPLOYEES.values() for t in e.trains_into}
    up = {(f, e.id) for e in EMPLOYEES.values() for f in e.trained_from}
    assert down == CAREER_EDGES
    assert up == CAREER_EDGES


def test_no_career_cards() -> None:
    """facts.md A.2: Waitress, Pricing Manager, Recruiting Girl and Trainer have no career."""
    for eid in ("waitress", "pricing_manager", "recruiting_girl", "trainer"):
        assert EMPLOYEES[eid].trains_into == ()
        assert EMPLOYEES[eid].trained_from == ()


def test_cards_that_come_from_a_surprising_parent() -> None:
    """facts.md A.1 invariants: recruiting/discount/coach/local from the JVP, and so on."""
    for eid in ("recruiting_manager", "discount_manager", "coach", "local_manager"):
        assert EMPLOYEES[eid].trained_from == ("junior_vice_president",)
    for eid in ("guru", "regional_manager"):
        assert EMPLOYEES[eid].trained_from == ("vice_president",)
    for eid in ("cfo", "hr_director"):
        assert EMPLOYEES[eid].trained_from == ("senior_vice_president",)


@pytest.mark.parametrize(
    ("src", "dst", "steps"),
    [
        ("management_trainee", "hr_director", 4),  # facts.md A.2
        ("management_trainee", "executive_vice_president", 4),  # facts.md A.3 (2 trainers+coach)
        ("management_trainee", "new_business_developer", 1),  # facts.md A.2 (DLX p16)
        ("management_trainee", "regional_manager", 3),  # facts.md A.2 (DLX p16)
        ("kitchen_trainee", "pizza_chef", 2),
        ("errand_boy", "zeppelin_pilot", 3),
        ("marketing_trainee", "brand_director", 3),
        ("junior_vice_president", "junior_vice_president", 0),
        ("burger_cook", "pizza_chef", None),
        ("trainer", "coach", None),
        ("vice_president", "management_trainee", None),
        ("ceo", "management_trainee", None),
    ],
)
def test_steps_between(src: str, dst: str, steps: int | None) -> None:
    """facts.md A.2: one training action = one step along the tree."""
    assert load_catalog().steps_between(src, dst) == steps


def test_steps_between_unknown_id() -> None:
    with pytest.raises(KeyError, match="nobody"):
        load_catalog().steps_between("nobody", "cfo")


def test_eight_entry_level_and_ten_unique_types() -> None:
    """facts.md A.1: 8 entry-level types and 10 1x types."""
    assert {e.id for e in EMPLOYEES.values() if e.entry_level} == ENTRY_LEVEL
    assert {e.id for e in EMPLOYEES.values() if e.unique} == UNIQUE
    assert all(EMPLOYEES[eid].box_count == 3 for eid in UNIQUE)  # facts.md A.1 "the box has 3"


def test_salary_pattern() -> None:
    """facts.md A.1: every entry-level card is salary-free, every other (non-CEO) card salaried."""
    for e in EMPLOYEES.values():
        if e.id == "ceo":
            assert not e.salary
        else:
            assert e.salary is not e.entry_level, e.id


def test_ceo() -> None:
    """facts.md A.1 and C: CEO has 3 slots at start, 1 hire, is no manager card and no 1x card."""
    ceo = load_catalog().employee("ceo")
    assert (ceo.slots, ceo.hires, ceo.is_manager, ceo.unique, ceo.entry_level) == (
        3,
        1,
        False,
        False,
        False,
    )
    assert ceo.category == "ceo"
    assert load_catalog().ceo_start_slots == 3


def test_manager_slots() -> None:
    """facts.md A.1: slots 2/3/4/5/10 on the black management cards; nobody else has slots."""
    slots = {e.id: e.slots for e in EMPLOYEES.values() if e.slots}
    assert slots == {
        "ceo": 3,
        "management_trainee": 2,
        "junior_vice_president": 3,
        "vice_president": 4,
        "senior_vice_president": 5,
        "executive_vice_president": 10,
    }
    managers = {e.id for e in EMPLOYEES.values() if e.is_manager}
    assert managers == set(slots) - {"ceo"}
    assert all(EMPLOYEES[m].colour == "black" for m in managers)


def test_ranges() -> None:
    """facts.md A.1, column Range."""
    ranges = {e.id: (e.range_kind, e.range) for e in EMPLOYEES.values() if e.range_kind}
    assert ranges == {
        "new_business_developer": ("unlimited", None),
        "local_manager": ("road", 3),
        "regional_manager": ("unlimited", None),
        "cart_operator": ("road", 2),
        "truck_driver": ("road", 3),
        "zeppelin_pilot": ("air", 4),
        "marketing_trainee": ("road", 2),
        "campaign_manager": ("road", 3),
        "brand_manager": ("unlimited", None),
        "brand_director": ("unlimited", None),
    }
    assert all(e.range is None for e in EMPLOYEES.values() if not e.range_kind)


def test_hires_and_training() -> None:
    """facts.md A.3 and excerpt "Working 9-5": hires 1/1/2/4, trains 1/2/3."""
    assert {e.id: e.hires for e in EMPLOYEES.values() if e.hires} == {
        "ceo": 1,
        "recruiting_girl": 1,
        "recruiting_manager": 2,
        "hr_director": 4,
    }
    assert {e.id for e in EMPLOYEES.values() if e.hire_discount} == {
        "recruiting_manager",
        "hr_director",
    }
    assert {e.id: e.trains for e in EMPLOYEES.values() if e.trains} == {
        "trainer": 1,
        "coach": 2,
        "guru": 3,
    }


def test_price_modifiers() -> None:
    """facts.md A.1 and excerpt "Dinnertime": -$1, -$3, +$10."""
    assert {e.id: e.price_modifier for e in EMPLOYEES.values() if e.price_modifier} == {
        "pricing_manager": -1,
        "discount_manager": -3,
        "luxuries_manager": 10,
    }


def test_kitchen() -> None:
    """facts.md A.1: kitchen trainee 1 burger or pizza, cooks 3, chefs 8."""
    food = {e.id: (e.food, e.food_amount) for e in EMPLOYEES.values() if e.food}
    assert food == {
        "kitchen_trainee": ((Good.BURGER, Good.PIZZA), 1),
        "burger_cook": ((Good.BURGER,), 3),
        "burger_chef": ((Good.BURGER,), 8),
        "pizza_cook": ((Good.PIZZA,), 3),
        "pizza_chef": ((Good.PIZZA,), 8),
    }
    assert all(e.food_amount == 0 for e in EMPLOYEES.values() if not e.food)


def test_buyers() -> None:
    """facts.md A.1: errand boy 1 (no route), cart 2, truck 3, zeppelin 2 per source."""
    drinks = {e.id: e.drinks_per_source for e in EMPLOYEES.values() if e.drinks_per_source}
    assert drinks == {"errand_boy": 1, "cart_operator": 2, "truck_driver": 3, "zeppelin_pilot": 2}
    assert EMPLOYEES["errand_boy"].range_kind is None


def test_marketeers() -> None:
    """facts.md A.1 and excerpt "Working 9-5": campaign types and maximum durations."""
    r, a, m, b = (
        CampaignType.RADIO,
        CampaignType.AIRPLANE,
        CampaignType.MAILBOX,
        CampaignType.BILLBOARD,
    )
    marketeers = {
        e.id: (set(e.campaign_types), e.max_duration)
        for e in EMPLOYEES.values()
        if e.campaign_types
    }
    assert marketeers == {
        "marketing_trainee": ({b}, 2),
        "campaign_manager": ({m, b}, 3),
        "brand_manager": ({a, m, b}, 4),
        "brand_director": ({r, a, m, b}, 5),
    }
    assert all(e.category == "marketing" for e in EMPLOYEES.values() if e.campaign_types)


def test_mandatory_cards() -> None:
    """facts.md A.3 and excerpt overview: the cards whose effect is mandatory."""
    assert {e.id for e in EMPLOYEES.values() if e.mandatory} == {
        "pricing_manager",
        "discount_manager",
        "luxuries_manager",
        "cfo",
        "recruiting_manager",
        "hr_director",
        "waitress",
    }


def test_categories_and_colours() -> None:
    """facts.md A.1: categories and card colours."""
    by_category: dict[str, set[str]] = {}
    for e in EMPLOYEES.values():
        by_category.setdefault(e.category, set()).add(e.id)
    assert by_category["restaurants"] == {"local_manager", "regional_manager"}
    assert by_category["new_business"] == {"new_business_developer"}
    assert by_category["finance"] == {"cfo"}
    assert len(by_category) == 12
    colours = {e.colour for e in EMPLOYEES.values()} - {"none"}
    assert colours == {
        "black",
        "purple",
        "red",
        "salmon",
        "grey",
        "light_green",
        "blue",
        "olive_green",
    }
    for e in EMPLOYEES.values():
        assert e.name and e.description.endswith("."), e.id


def test_employee_lookup_error_is_clear() -> None:
    with pytest.raises(KeyError, match="unknown employee type 'chef'"):
        load_catalog().employee("chef")


# --------------------------------------------------------------------------------------------
# Supply and setup


@pytest.mark.parametrize(("players", "copies"), [(2, 1), (3, 1), (4, 2), (5, 3)])
def test_supply_per_player_count(players: int, copies: int) -> None:
    """facts.md A.1 and C: 1x copies 1/1/2/3; every other card is always used in full."""
    supply = load_catalog().supply_for(players)
    assert set(supply) == set(BOX_COUNTS) - {"ceo"}
    for eid, n in supply.items():
        assert n == (copies if eid in UNIQUE else BOX_COUNTS[eid]), eid
    assert sum(supply.values()) == 222 - 10 * (3 - copies)


def test_supply_for_unknown_player_count() -> None:
    with pytest.raises(KeyError, match="6 players"):
        load_catalog().supply_for(6)


def test_ceo_is_not_in_the_supply() -> None:
    """facts.md C: each player takes a CEO; it is not part of the employee supply."""
    assert load_catalog().employee("ceo").copies_in_supply(4, 2) == 0


@pytest.mark.parametrize(
    ("players", "rows", "cols", "bank", "intro", "copies", "removed"),
    [
        (2, 3, 3, 100, 150, 1, (12, 15, 16)),
        (3, 3, 4, 150, 225, 1, (15, 16)),
        (4, 4, 4, 200, 300, 2, (16,)),
        (5, 4, 5, 250, 375, 3, ()),
    ],
)
def test_player_count_setup(
    players: int,
    rows: int,
    cols: int,
    bank: int,
    intro: int,
    copies: int,
    removed: tuple[int, ...],
) -> None:
    """facts.md C setup table: map, bank ($50/player, intro $75), 1x copies, billboards removed."""
    s = load_catalog().setups[players]
    assert (s.players, s.tile_rows, s.tile_cols) == (players, rows, cols)
    assert (s.bank, s.bank_intro) == (bank, intro) == (50 * players, 75 * players)
    assert s.unique_copies == copies
    assert s.billboards_removed == removed
    assert all(load_catalog().campaigns[n].type is CampaignType.BILLBOARD for n in removed)


def test_player_counts_are_two_to_five() -> None:
    """facts.md C."""
    assert list(load_catalog().setups) == [2, 3, 4, 5]
    assert load_catalog().setups[5].tiles_used == len(load_catalog().tiles) == 20


def test_reserve_cards() -> None:
    """facts.md C: +$100 / 2 slots, +$200 / 3 slots, +$300 / 4 slots."""
    assert [(c.money, c.ceo_slots) for c in load_catalog().reserve_cards] == [
        (100, 2),
        (200, 3),
        (300, 4),
    ]


def test_component_limits() -> None:
    """facts.md 0 and C: 8 houses, 8 gardens, 3 restaurants, CEO 3 slots; facts.md B freezer 10."""
    assert load_catalog().placeable_houses == (1, 3, 6, 9, 11, 14, 17, 19)
    assert load_catalog().garden_tiles == 8
    assert load_catalog().restaurants_per_player == 3
    assert load_catalog().ceo_start_slots == 3
    assert load_catalog().freezer_capacity == 10


def test_house_numbers_run_1_to_19() -> None:
    """facts.md C: 11 printed and 8 placeable houses share the numbers 1-19."""
    catalog = load_catalog()
    assert catalog.printed_houses == (2, 4, 5, 7, 8, 10, 12, 13, 15, 16, 18)
    assert sorted(catalog.printed_houses + catalog.placeable_houses) == list(range(1, 20))


# --------------------------------------------------------------------------------------------
# Campaigns


def test_sixteen_campaigns_by_type() -> None:
    """facts.md 0 and C: 3 radios #1-3, 3 airplanes #4-6, 4 mailboxes #7-10, 6 billboards #11-16."""
    assert list(load_catalog().campaigns) == list(range(1, 17))
    by_type: dict[CampaignType, list[int]] = {}
    for c in load_catalog().campaigns.values():
        by_type.setdefault(c.type, []).append(c.number)
    assert by_type == {
        CampaignType.RADIO: [1, 2, 3],
        CampaignType.AIRPLANE: [4, 5, 6],
        CampaignType.MAILBOX: [7, 8, 9, 10],
        CampaignType.BILLBOARD: [11, 12, 13, 14, 15, 16],
    }


def test_campaign_footprints() -> None:
    """facts.md C: footprints as printed (height x width); airplanes span 1/3/5."""
    sizes = {c.number: (c.height, c.width) for c in load_catalog().campaigns.values()}
    assert sizes == {
        1: (1, 1),
        2: (1, 1),
        3: (1, 1),
        4: (1, 1),
        5: (1, 3),
        6: (1, 5),
        7: (2, 2),
        8: (2, 2),
        9: (1, 1),
        10: (1, 1),
        11: (3, 2),
        12: (2, 2),
        13: (3, 1),
        14: (2, 1),
        15: (1, 1),
        16: (1, 1),
    }
    assert [load_catalog().campaigns[n].span for n in (4, 5, 6)] == [1, 3, 5]
    assert {n for n, c in load_catalog().campaigns.items() if c.is_square} == {
        1,
        2,
        3,
        4,
        7,
        8,
        9,
        10,
        12,
        15,
        16,
    }
    eleven = load_catalog().campaigns[11]
    assert (eleven.long_side, eleven.short_side) == (3, 2)


# --------------------------------------------------------------------------------------------
# Milestones


def test_milestones() -> None:
    """facts.md B: the 18 milestones and their RB copy counts (sum 84)."""
    copies = {m.id: m.copies for m in load_catalog().milestones.values()}
    assert copies == {
        "first_billboard": 6,
        "first_train": 6,
        "first_hire_3": 3,
        "first_burger_marketed": 6,
        "first_pizza_marketed": 6,
        "first_drink_marketed": 6,
        "first_errand_boy": 6,
        "first_20": 3,
        "first_burger_produced": 3,
        "first_pizza_produced": 3,
        "first_waitress": 6,
        "first_throw_away": 6,
        "first_lower_prices": 6,
        "first_cart_operator": 6,
        "first_airplane": 3,
        "first_radio": 3,
        "first_100": 3,
        "first_pay_20": 3,
    }
    assert sum(copies.values()) == 84
    for m in load_catalog().milestones.values():
        assert m.name and m.claim_when and m.effect and m.effect_starts


# --------------------------------------------------------------------------------------------
# Tiles


def _count(ch: str) -> dict[str, int]:
    return {
        t.letter: sum(row.count(ch) for row in t.grid)
        for t in load_catalog().tiles.values()
        if any(ch in row for row in t.grid)
    }


def test_twenty_tiles_of_five_by_five() -> None:
    """facts.md 0 and D: 20 tiles A-T, 5x5 squares each."""
    assert "".join(load_catalog().tiles) == "ABCDEFGHIJKLMNOPQRST"
    for t in load_catalog().tiles.values():
        assert len(t.grid) == 5 and all(len(row) == 5 for row in t.grid)
        assert set("".join(t.grid)) <= set(".rxHslb")


def test_printed_house_of_every_tile() -> None:
    """facts.md D: 11 printed houses and their tiles; the other 9 tiles have none."""
    houses = {t.letter: t.house_number for t in load_catalog().tiles.values() if t.house_number}
    assert houses == TILE_HOUSES
    assert sorted(houses.values()) == list(load_catalog().printed_houses)
    for t in load_catalog().tiles.values():
        h_squares = [(r, c) for r in range(5) for c in range(5) if t.square(r, c) == "H"]
        if t.house_number is None:
            assert h_squares == []
        else:
            (r0, c0) = h_squares[0]
            assert h_squares == [(r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1)]


def test_drink_suppliers() -> None:
    """facts.md C and D: 4 soda, 4 lemonade, 5 beer on 10 tiles; P, S, M carry two; E one beer."""
    soda, lemonade, beer = _count("s"), _count("l"), _count("b")
    assert soda == {"M": 1, "Q": 1, "R": 1, "S": 1}
    assert lemonade == {"L": 1, "M": 1, "P": 1, "T": 1}
    assert beer == {"E": 1, "N": 1, "O": 1, "P": 1, "S": 1}
    assert (sum(soda.values()), sum(lemonade.values()), sum(beer.values())) == (4, 4, 5)
    assert len(set(soda) | set(lemonade) | set(beer)) == 10


def test_every_supplier_touches_a_road() -> None:
    """facts.md D summary: every drink supplier touches at least one road square of its tile."""
    for t in load_catalog().tiles.values():
        for r in range(5):
            for c in range(5):
                if t.square(r, c) in "slb":
                    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    assert any(
                        0 <= rr < 5 and 0 <= cc < 5 and t.square(rr, cc) in "rx"
                        for rr, cc in around
                    ), (t.letter, r, c)


def test_bridge_tiles_g_and_p() -> None:
    """facts.md D: bridges only on G and P, one bridge square in the middle of a crossroads."""
    assert _count("x") == {"G": 1, "P": 1}
    for letter in "GP":
        tile = load_catalog().tiles[letter]
        assert tile.square(2, 2) == "x"
        assert tile.grid[2] == "rrxrr"
        assert [row[2] for row in tile.grid] == ["r", "r", "x", "r", "r"]


# --------------------------------------------------------------------------------------------
# The loader


def test_catalog_is_loaded_once_and_immutable() -> None:
    assert load_catalog() is load_catalog()
    with pytest.raises(dataclasses.FrozenInstanceError):
        load_catalog().garden_tiles = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        load_catalog().employees["x"] = load_catalog().employee("ceo")  # type: ignore[index]


def test_parse_catalog_of_the_shipped_files_equals_catalog() -> None:
    assert parse_catalog(load_raw()) == load_catalog()


def _tamper(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def apply(raw: dict[str, Any]) -> None:
        target = raw
        for key in path[:-1]:
            target = target[key]
        if value is _DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value

    return apply


_DELETE = object()


def _emp(raw: dict[str, Any], eid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in raw["employees.json"]["employees"] if e["id"] == eid)
    return found


def _asymmetric(raw: dict[str, Any]) -> None:
    _emp(raw, "coach")["trained_from"] = []


def _unknown_target(raw: dict[str, Any]) -> None:
    _emp(raw, "guru")["trains_into"] = ["sensei"]


def _cycle(raw: dict[str, Any]) -> None:
    _emp(raw, "brand_director")["trains_into"] = ["marketing_trainee"]
    _emp(raw, "marketing_trainee")["trained_from"] = ["brand_director"]
    _emp(raw, "marketing_trainee")["entry_level"] = False
    raw["employees.json"]["entry_level_types"].remove("marketing_trainee")


@pytest.mark.parametrize(
    ("tamper", "file", "field", "words"),
    [
        (
            _tamper(("employees.json", "employees", 1, "slots"), "two"),
            "employees.json",
            "employees[1].slots",
            "integer",
        ),
        (
            _tamper(("employees.json", "employees", 3, "box_count"), _DELETE),
            "employees.json",
            "employees[3].box_count",
            "missing",
        ),
        (
            _tamper(("employees.json", "employees", 2, "salry"), True),
            "employees.json",
            "employees[2].salry",
            "unknown field",
        ),
        (
            _tamper(("employees.json", "employees", 6, "category"), "waiter"),
            "employees.json",
            "employees[6].category",
            "not one of",
        ),
        (
            _tamper(("employees.json", "employees", 9, "range"), None),
            "employees.json",
            "employees[9].range",
            "road range",
        ),
        (_asymmetric, "employees.json", "employees[2].trains_into[4]", "trained_from"),
        (_unknown_target, "employees.json", "employees[19].trains_into[0]", "sensei"),
        (_cycle, "employees.json", "employees", "cycle"),
        (
            _tamper(("employees.json", "unique_types", 9), "pizza_cook"),
            "employees.json",
            "unique_types",
            "does not match",
        ),
        (
            _tamper(("employees.json", "entry_level_types"), ["waitress"]),
            "employees.json",
            "entry_level_types",
            "does not match",
        ),
        (
            _tamper(("employees.json", "total_cards"), 223),
            "employees.json",
            "total_cards",
            "222",
        ),
        (
            _tamper(("milestones.json", "milestones", 0, "copies"), 0),
            "milestones.json",
            "milestones[0].copies",
            "at least 1",
        ),
        (
            _tamper(("tiles.json", "tiles", 0, "grid", 0), "..r.?"),
            "tiles.json",
            "tiles[0].grid[0]",
            "unknown square",
        ),
        (
            _tamper(("tiles.json", "tiles", 0, "house"), 3),
            "setup.json",
            "printed_houses",
            "tiles.json",
        ),
        (
            _tamper(("tiles.json", "tiles", 11, "house"), 20),
            "tiles.json",
            "tiles[11].grid",
            "4 'H' squares",
        ),
        (
            _tamper(("tiles.json", "tiles", 0, "house"), None),
            "tiles.json",
            "tiles[0].house",
            "no house number",
        ),
        (
            _tamper(("tiles.json", "tiles", 6, "grid", 2), "r.xrr"),
            "tiles.json",
            "tiles[6].grid",
            "bridge",
        ),
        (
            _tamper(("setup.json", "player_counts", 1, "bank"), 160),
            "setup.json",
            "player_counts[1].bank",
            "bank_per_player",
        ),
        (
            _tamper(("setup.json", "player_counts", 0, "billboards_removed"), [7]),
            "setup.json",
            "player_counts[0].billboards_removed[0]",
            "not a billboard",
        ),
        (
            _tamper(("setup.json", "campaigns", 4, "width"), 2),
            "setup.json",
            "campaigns[4].width",
            "1, 3 or 5",
        ),
        (
            _tamper(("setup.json", "ceo_start_slots"), 4),
            "setup.json",
            "ceo_start_slots",
            "CEO card",
        ),
        (
            _tamper(("setup.json", "player_counts", 3, "unique_copies"), 4),
            "employees.json",
            "employees[5].box_count",
            "copies",
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_malformed_data_raises_data_error_naming_the_field(
    tamper: Callable[[dict[str, Any]], None], file: str, field: str, words: str
) -> None:
    raw: dict[str, Any] = load_raw()
    tamper(raw)
    with pytest.raises(DataError) as info:
        parse_catalog(raw)
    assert (info.value.file, info.value.field) == (file, field)
    assert words in info.value.problem
    assert str(info.value).startswith(f"{file}: {field}: ")
    assert isinstance(info.value, ValueError)


def test_internal_employee_parser_names_the_field() -> None:
    raw: Any = load_raw()["employees.json"]
    raw["employees"][4]["is_manager"] = "yes"
    with pytest.raises(DataError, match=r"employees\[4\]\.is_manager: expected true or false"):
        catalog_module._parse_employees(raw)


def test_missing_file_and_duplicate_keys() -> None:
    raw = load_raw()
    del raw["tiles.json"]
    with pytest.raises(DataError, match=r"^tiles\.json: \(file\): missing"):
        parse_catalog(raw)
    with pytest.raises(catalog_module._DuplicateKeyError):
        json.loads('{"a": 1, "a": 2}', object_pairs_hook=catalog_module._no_duplicates)


def test_data_error_pickles() -> None:
    err = DataError("setup.json", "garden_tiles", "expected an integer")
    back = pickle.loads(pickle.dumps(err))
    assert (back.file, back.field, back.problem, str(back)) == (
        err.file,
        err.field,
        err.problem,
        str(err),
    )


def test_the_id_vocabularies_name_exactly_the_base_games_cards_and_milestones() -> None:
    # The vocabularies list the base game's ids first, then those the expansion modules define
    # in their own packages (fcm/data/ketchup, or a module's own data.json, docs/modules.md),
    # and nothing else.
    import json
    from importlib import resources

    ketchup = resources.files("fcm").joinpath("data", "ketchup")
    def ids(name: str, key: str) -> list[str]:
        return [x["id"] for x in json.loads(ketchup.joinpath(name).read_text())[key]]

    cards = ids("employees.json", "employees")
    ms = ids("milestones.json", "milestones")
    for package in resources.files("fcm").joinpath("modules").iterdir():
        own = package.joinpath("data.json")
        if own.is_file():
            data = json.loads(own.read_text())
            cards += [x["id"] for x in data.get("employees", [])]
            ms += [x["id"] for x in data.get("milestones", [])]
    catalog = load_catalog()
    assert list(catalog.employees) == list(EmployeeId.known())[: len(catalog.employees)]
    assert sorted([*catalog.employees, *cards]) == sorted(EmployeeId.known())
    assert list(catalog.milestones) == list(MilestoneId.known())[: len(catalog.milestones)]
    assert sorted([*catalog.milestones, *ms]) == sorted(MilestoneId.known())
    assert all(type(e.id) is EmployeeId for e in catalog.employees.values())
    assert all(type(t) is EmployeeId for e in catalog.employees.values() for t in e.trains_into)


def test_a_misspelt_employee_id_in_the_data_names_the_field() -> None:
    raw: dict[str, Any] = load_raw()
    raw["employees.json"]["employees"][6]["id"] = "waitres"
    with pytest.raises(DataError) as info:
        parse_catalog(raw)
    assert info.value.field == "employees[6].id"
    assert "'waitres' is not one of" in info.value.problem
