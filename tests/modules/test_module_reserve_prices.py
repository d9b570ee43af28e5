"""Reserve Prices (ketchup.md 14; 19.3: the new base price from the next Dinnertime)."""

from __future__ import annotations

import pytest
from tests.helpers import add_restaurant, make_state

import fcm
from fcm.core import bank
from fcm.core.actions import ChooseReserve, action_from_json
from fcm.core.company import unit_price
from fcm.core.events import EventLog
from fcm.core.state import GameState, Options
from fcm.modules.reserve_prices import majority_price, price_of
from fcm.modules.reserve_prices.actions import ChooseReservePrice

RP = frozenset({"reserve_prices"})


def test_ketchup_14_three_secret_cards_of_200_with_a_base_price() -> None:
    s = fcm.new_game(2, 1, Options(modules=RP))
    assert fcm.legal_actions(s, 0) == [
        ChooseReservePrice(200, 5), ChooseReservePrice(200, 10), ChooseReservePrice(200, 20)
    ]  # fmt: skip
    assert str(ChooseReservePrice(200, 5)) == "reserve $200 base price $5"
    s, _ev = fcm.apply(s, 0, ChooseReservePrice(200, 20))
    assert price_of(s.players[0]) == 20 and s.players[0].reserve == 200
    assert price_of(fcm.view(s, 1).players[0]) is None  # secret
    assert price_of(fcm.view(s, 0).players[0]) == 20
    assert fcm.legal_actions(fcm.view(s, 1), 1) == fcm.legal_actions(s, 1)


def test_ketchup_14_tie_rules_of_the_examples() -> None:
    assert majority_price([5, 5, 20, 20]) == 20
    assert majority_price([5, 5, 10, 10]) == 5
    assert majority_price([10, 10, 20, 20]) == 20
    assert majority_price([5, 10, 20]) == 20
    assert majority_price([5, 5, 10]) == 5


def test_ketchup_14_first_break_adds_200_per_player_keeps_the_slots_sets_the_price() -> None:
    s = make_state(3, modules=RP)
    for p, price in zip(s.players, (5, 5, 20), strict=True):
        p.reserve, p.extras["reserve_price"] = 200, price
    s.ceo_slots = 3
    before = s.bank
    log = EventLog()
    bank.break_bank(s, log, owed_seat=0, still_owed=0)
    assert s.bank == before + 600 and s.reserve_added == 600
    assert s.ceo_slots == 3
    (broken,) = [e.data for e in log if e.kind == "bank_broken"]
    assert broken["base_price"] == 5 and broken["reserve_prices"] == {"0": 5, "1": 5, "2": 20}
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].at_work = ["pricing_manager", "luxuries_manager"]
    assert unit_price(s, 0) == 5 - 1 + 10  # modifiers on top of the new base


def test_ketchup_14_sales_in_the_dinnertime_of_the_break_keep_their_price() -> None:
    from fcm.core.phases import dinnertime
    from fcm.core.state import Phase
    from fcm.core.types import Good

    s = make_state(2, modules=RP)
    for p in s.players:
        p.reserve, p.extras["reserve_price"] = 200, 20
    s.bank = 15  # the first house's $10 plus... breaks on the second sale
    add_restaurant(s, 0, (0, 0), "se")
    s.players[0].stock[Good.BURGER] = 2
    s.houses[2].demand = [Good.BURGER]
    s.houses[4].demand = [Good.BURGER]
    s.turn.phase = Phase.DINNERTIME
    log = EventLog()
    dinnertime.begin(s, log)
    dinnertime.finish(s, log)
    amounts = [e.data["amount"] for e in log if e.kind == "house_served"]
    assert amounts == [10, 10]  # both at the old $10
    assert s.bank_breaks == 1 and unit_price(s, 0) == 20


def test_ketchup_14_the_card_is_the_modules_action_and_old_saves_still_read() -> None:
    """ketchup.md 14: a priced card is Reserve Prices' own action type (extending the base
    choice); its older JSON form, a base ``choose_reserve`` with a ``price``, still loads."""
    s = fcm.new_game(2, 1, Options(modules=RP))
    old = {"type": "choose_reserve", "money": 200, "price": 20}
    assert action_from_json(old, s.rules) == ChooseReservePrice(200, 20)
    assert action_from_json(ChooseReservePrice(200, 5).to_json(), s.rules) == ChooseReservePrice(
        200, 5
    )
    assert isinstance(ChooseReservePrice(200, 5), ChooseReserve)
    base = fcm.new_game(2, 1)
    assert action_from_json({"type": "choose_reserve", "money": 300}, base.rules) == ChooseReserve(
        300
    )


def test_ketchup_14_a_chains_price_is_saved_as_before_and_read_back() -> None:
    """ketchup.md 14: the price a chain chose is saved flat among its fields under
    ``reserve_price`` (as when it was a core field) and read back."""
    s = fcm.new_game(2, 1, Options(modules=RP))
    s, _ev = fcm.apply(s, 0, ChooseReservePrice(200, 20))
    saved = s.to_dict()["players"][0]
    assert saved["reserve"] == 200 and saved["reserve_price"] == 20
    assert list(saved)[-1] == "reserve_price"  # after the core fields, where it always was
    back = fcm.state_from_dict(s.to_dict())
    assert price_of(back.players[0]) == 20 and back.state_hash() == s.state_hash()


def test_ketchup_14_a_scenario_gives_the_price_or_holds_the_10_dollar_card() -> None:
    """ketchup.md 14: a scenario's company names its card's base price (``reserve_price``);
    without one it holds the $10 card; another price is refused naming the key."""
    def load(**company: object) -> GameState:
        return fcm.load_scenario({
            "players": 2, "modules": ["reserve_prices"], "phase": "restructuring",
            "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
            "companies": [dict(company)],
        })

    s = load(reserve=200, reserve_price=20)
    assert [price_of(p) for p in s.players] == [20, 10]
    assert price_of(load(reserve=200).players[0]) == 10
    with pytest.raises(fcm.ScenarioError, match=r"companies\[0\]\.reserve_price"):
        load(reserve=200, reserve_price=15)
    with pytest.raises(fcm.ScenarioError, match="reserve_price"):  # a base game knows no such key
        fcm.load_scenario({"players": 2, "tiles": [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]],
                           "phase": "restructuring", "companies": [{"reserve_price": 20}]})
