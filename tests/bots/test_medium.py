"""The medium bot's plan elements (issue 16, item 2), each on a built position.

Positions are scenarios (docs/scenarios.md) on the 2-player example map."""

from __future__ import annotations

from typing import Any

from fcm.bots.medium import MediumBot
from fcm.core.actions import ChooseReserve, Done, Fire, SendToWork
from fcm.core.engine import current_actors, legal_actions
from fcm.core.state import GameState, Phase
from fcm.core.types import Good, MilestoneId
from fcm.core.views import view
from fcm.games import load_scenario, new_game

TILES = [[["A", 0], ["B", 0]], [["R", 0], ["T", 0]]]


def position(**fields: Any) -> GameState:
    data: dict[str, Any] = {"format": "fcm-scenario/1", "players": 2, "tiles": TILES}
    data.update(fields)
    return load_scenario(data)


def choose(state: GameState, seat: int) -> Any:
    return MediumBot(1).choose(view(state, seat), seat, legal_actions(state, seat))


def test_payday_fires_only_the_salaried_card_it_cannot_pay():
    """Salaries planned against Payday (facts.md E.4: only salaried cards cost $5): with $5
    for two salaried cooks it fires one cook, never the free waitress or trainee."""
    state = position(
        phase="payday",
        companies=[
            {"cash": 5, "beach": ["burger_cook", "burger_cook", "waitress", "kitchen_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert state.turn.phase is Phase.PAYDAY and 0 in current_actors(state)
    action = choose(state, 0)
    assert action == Fire("burger_cook")


def test_payday_fires_nothing_it_can_pay_and_never_a_free_card():
    state = position(
        phase="payday",
        companies=[
            {"cash": 50, "at_work": ["burger_cook"], "beach": ["waitress", "kitchen_trainee"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert choose(state, 0) == Done()


def test_reserve_card_follows_the_plan_and_is_not_a_constant():
    """The reserve card by plan (strategy.md 2.3): different maps and seats give different
    cards; never always $300."""
    chosen = set()
    for seed in range(1, 13):
        state = new_game(2, seed)
        seat = current_actors(state)[0]
        a = choose(state, seat)
        assert isinstance(a, ChooseReserve)
        chosen.add(a.money)
    assert len(chosen) >= 2, chosen


def test_food_is_chosen_against_the_rivals_kitchen():
    """Which food: a rival with pizza cooks makes medium plan burgers."""
    state = position(
        companies=[{"cash": 10, "hand": ["kitchen_trainee"]},
                   {"cash": 10, "hand": ["pizza_cook", "pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.BURGER
    state = position(
        companies=[{"cash": 10, "hand": ["kitchen_trainee"]},
                   {"cash": 10, "hand": ["burger_cook", "burger_chef"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.PIZZA


def test_a_company_that_cooks_keeps_its_food():
    state = position(
        companies=[{"cash": 10, "hand": ["pizza_cook"]}, {"cash": 10, "hand": ["pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).food is Good.PIZZA


def _sent(state: GameState, seat: int) -> list[str]:
    """Play seat's whole Restructuring with medium; the cards it sent to work."""
    sent = []
    bot = MediumBot(1)
    from fcm.core.engine import apply

    while state.turn.phase is Phase.RESTRUCTURING and seat in current_actors(state):
        a = bot.choose(view(state, seat), seat, legal_actions(state, seat))
        if isinstance(a, SendToWork):
            sent.append(a.employee)
        state, _ = apply(state, seat, a)
        if a == Done():
            break
    return sent


def test_luxuries_manager_stays_home_when_houses_are_contested():
    """Luxuries only where no rival is within reach (strategy.md 3.5): two restaurants side by
    side contest every house, so the Luxuries Manager stays home and the Pricing Manager works."""
    state = position(
        round=5,
        companies=[{"cash": 40, "hand": ["luxuries_manager", "pricing_manager", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [0, 3], "entrance": "sw"}],
        houses=[{"number": 2, "demand": ["burger"]}],
    )
    sent = _sent(state, 0)
    assert "luxuries_manager" not in sent
    assert "pricing_manager" in sent and "waitress" in sent


def test_keeps_the_trainee_on_the_beach_for_the_trainer():
    """Training plan: a trainer at work trains only cards on the beach, so the kitchen trainee
    it will train into a cook stays off the structure."""
    state = position(
        round=4,
        companies=[{"cash": 40, "hand": ["trainer", "kitchen_trainee", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = _sent(state, 0)
    assert "trainer" in sent and "kitchen_trainee" not in sent


def test_round_one_hire_is_the_trainer_racing_first_to_train():
    """First to train in round 2 (facts.md B; strategy.md 2.2, issue 30: medium never raced
    it and paid $96-198 of salaries a game): the round-1 hire is the trainer, so the round-2
    hire is trained the round it comes (the old medium hired a Marketing Trainee, a waitress
    or a Pricing Manager first, and a rival's round-1 trainer claimed the milestone)."""
    from fcm.bots import make_bot
    from fcm.core.actions import Hire
    from fcm.core.engine import apply

    hires = set()
    for seed in range(1, 9):
        state = new_game(2, seed)
        bots = [make_bot("medium", seed * 10 + i) for i in range(2)]
        while state.round == 1:
            seat = current_actors(state)[0]
            a = bots[seat].choose(view(state, seat), seat, legal_actions(state, seat))
            if isinstance(a, Hire):
                hires.add(a.employee)
            state, _ = apply(state, seat, a)
    assert hires == {"trainer"}


def test_round_one_shares_first_billboard_with_a_rival_marketing_trainee():
    """Milestones are shared by all who claim them the same round (facts.md B): a rival whose
    round-1 hire is a Marketing Trainee (and no trainer) places its billboard in round 2, so
    medium hiring after it takes a Marketing Trainee too (First billboard shared; its round-2
    trainer still races First to train a round before that rival's)."""
    from fcm.core.actions import Hire
    from fcm.core.engine import apply

    for seed in range(1, 5):
        state = new_game(2, seed)
        first: int | None = None
        second_hire = None
        while state.round == 1:
            seat = current_actors(state)[0]
            legal = legal_actions(state, seat)
            if first is None and Hire("marketing_trainee") in legal:
                first = seat
            if seat == first and Hire("marketing_trainee") in legal:
                a: Any = Hire("marketing_trainee")
            else:
                a = MediumBot(seed).choose(view(state, seat), seat, legal)
                if isinstance(a, Hire):
                    second_hire = a.employee
            state, _ = apply(state, seat, a)
        assert second_hire == "marketing_trainee", seed


def test_round_two_trains_its_hire_into_a_campaign_manager_for_first_to_train():
    """The trainer opening's round 2 (facts.md B: First to train, $15 off every Payday; E.4):
    with no cash, the round-1 trainer at work trains the Marketing Trainee hired this round
    into a Campaign Manager, whose salary First to train pays (it markets in round 3, the
    round-3 Kitchen Trainee becomes the cook). The old medium had no such step and no salary
    room without cash, and trained nothing."""
    from fcm.core.actions import Hire, Train
    from fcm.core.engine import apply

    state = _working_hire([{"cash": 0, "at_work": ["trainer"]}, {"cash": 0}], round=2)
    bot = MediumBot(1)
    a = bot.choose(view(state, 0), 0, legal_actions(state, 0))
    assert a == Hire("marketing_trainee")
    state, _ = apply(state, 0, a)
    while not isinstance(a, Train) and 0 in current_actors(state):
        a = bot.choose(view(state, 0), 0, legal_actions(state, 0))
        if a == Done():
            break
        state, _ = apply(state, 0, a)
    assert isinstance(a, Train) and (a.employee, a.into) == ("marketing_trainee",
                                                             "campaign_manager")


def test_local_manager_works_while_it_can_place_a_restaurant():
    """More restaurants (strategy.md 3.6): a Local Manager in hand is put to work ahead of the
    trainer when the structure is short of seats."""
    state = position(
        round=8,
        companies=[{"cash": 60, "hand": ["local_manager", "trainer", "waitress", "burger_cook"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    sent = _sent(state, 0)
    assert "local_manager" in sent
    assert "trainer" not in sent  # nothing left to train: the seat goes to the manager


def _to_campaign_step(state: GameState, seat: int, bot: MediumBot) -> GameState:
    """Play ``seat``'s Working turn with ``bot`` up to its first campaign choice."""
    from fcm.core.actions import StartCampaign
    from fcm.core.engine import apply

    while state.turn.phase is Phase.WORKING and seat in current_actors(state):
        legal = legal_actions(state, seat)
        if any(isinstance(x, StartCampaign) for x in legal):
            return state
        state, _ = apply(state, seat, bot.choose(view(state, seat), seat, legal))
    raise AssertionError("the turn ended before any campaign could start")


def test_no_campaign_that_only_feeds_a_rival():
    """Marketing where it pays: a campaign on houses a rival wins is worth less than nothing
    (the demand it creates feeds the rival), one on houses medium wins pays; medium places
    a campaign only when its best placement is worth more than nothing."""
    from fcm.core.actions import StartCampaign
    from fcm.core.engine import apply

    state = position(
        round=3,
        phase="working",
        turn_order=[0, 1],
        companies=[{"cash": 10, "at_work": ["marketing_trainee"]},
                   {"cash": 10, "at_work": ["burger_cook", "pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "se"}],
        working={"seat": 0, "step": "campaigns"},
    )
    bot = MediumBot(1)
    houses = list(state.houses)
    best_lost, best_won = -1e9, -1e9
    for start in [a for a in legal_actions(state, 0) if isinstance(a, StartCampaign)]:
        probe, _ = apply(state, 0, start)
        places = legal_actions(probe, 0)
        _, lost = bot._best_placement(view(probe, 0), 0, places, dict.fromkeys(houses, 0.0))
        _, won = bot._best_placement(view(probe, 0), 0, places, dict.fromkeys(houses, 1.0))
        best_lost, best_won = max(best_lost, lost), max(best_won, won)
    assert best_lost <= 0 < best_won


def test_markets_where_it_wins_the_demand():
    """The same trainee with the restaurant next to the houses (no rival near) launches a
    campaign."""
    from fcm.core.actions import StartCampaign

    state = position(
        round=3,
        phase="working",
        companies=[{"cash": 10, "at_work": ["marketing_trainee", "burger_cook"]},
                   {"cash": 10, "at_work": ["burger_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "se"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "campaigns"},
    )
    bot = MediumBot(1)
    state = _to_campaign_step(state, 0, bot)
    assert isinstance(bot.choose(view(state, 0), 0, legal_actions(state, 0)), StartCampaign)


def test_pricing_manager_works_only_where_houses_are_contested():
    """Price (strategy.md 3.5): after the opening, a Pricing Manager works when a rival's
    restaurant contests our houses and stays home when none is within reach."""
    def sent(rival: list[dict[str, Any]]) -> list[str]:
        state = position(
            round=6,
            companies=[{"cash": 40, "hand": ["pricing_manager", "waitress"]}, {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}, *rival],
            houses=[{"number": 2, "demand": ["burger"]}],
        )
        return _sent(state, 0)

    assert "pricing_manager" in sent([{"owner": 1, "cell": [0, 3], "entrance": "sw"}])
    assert "pricing_manager" not in sent([])


def test_a_shut_out_chain_trains_a_junior_vp_for_a_local_manager():
    """Second restaurants through the Local Manager (strategy.md 3.6): a chain that reaches no
    house it can win plans a Local Manager first and trains its Management Trainee into the
    Junior VP for it, although no card waits for a seat."""
    from fcm.core.actions import Train

    state = position(
        round=5,
        phase="working",
        companies=[{"cash": 60, "at_work": ["trainer"], "beach": ["management_trainee"]},
                   {"cash": 60, "at_work": ["burger_cook", "pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [8, 8], "entrance": "se"},
                     {"owner": 1, "cell": [0, 0], "entrance": "se"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "train"},
    )
    bot = MediumBot(1)
    plan = bot.plan(view(state, 0), 0)
    assert plan.expand
    assert plan.trains[0] == ("junior_vice_president", "local_manager")
    action = choose(state, 0)
    assert isinstance(action, Train)
    assert (action.employee, action.into) == ("management_trainee", "junior_vice_president")


def test_at_four_players_not_every_seat_races_the_first_billboard():
    """Milestones that pay: a race every seat joins is won by all at once (facts.md D), so at
    4 players one seat per table opens differently; at 2 players both may race."""
    from fcm.core.engine import apply

    for seed in range(1, 6):
        state = new_game(4, seed)
        bots = [MediumBot(seed * 10 + i) for i in range(4)]
        while state.turn.phase is not Phase.WORKING:
            seat = current_actors(state)[0]
            state, _ = apply(state, seat, bots[seat].choose(
                view(state, seat), seat, legal_actions(state, seat)))
        openings = [bots[s].plan(view(state, s), s).opening for s in range(4)]
        assert openings.count("billboard") <= 3, openings


def test_plays_every_campaign_type_it_trains_for():
    """Marketing of every type: over a few 2-player games medium launches billboards and
    mailboxes and airplanes (its Campaign and Brand Managers), not only billboards."""
    from fcm.bots import make_bot
    from fcm.core.actions import StartCampaign
    from fcm.rulesets import base_ruleset
    from fcm.runner import play_game

    kinds = set()

    def seen(state: GameState, seat: int, action: object) -> None:
        if isinstance(action, StartCampaign):
            kinds.add(base_ruleset().catalog.campaigns[action.number].type.value)

    for seed in range(1, 5):
        play_game([make_bot("medium", seed * 10 + i) for i in range(2)], seed, on_step=seen)
    assert {"billboard", "mailbox", "airplane"} <= kinds, kinds


def test_trains_a_senior_vp_into_the_cfo():
    """CFO (issue 16 item 2; facts.md E.3: +50% of the Dinnertime's earnings): a chain with a
    Senior VP on the beach and a trainer at work, whose houses pay, trains it into the CFO."""
    from fcm.core.actions import Train

    state = position(
        round=6,
        phase="working",
        companies=[{"cash": 80, "at_work": ["trainer", "burger_cook"],
                    "beach": ["senior_vice_president"]},
                   {"cash": 60, "at_work": ["pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "train"},
    )
    assert MediumBot(1).plan(view(state, 0), 0).cfo
    action = choose(state, 0)
    assert isinstance(action, Train)
    assert (action.employee, action.into) == ("senior_vice_president", "cfo")


def test_plans_the_cfo_line_when_its_houses_pay_and_not_with_first_to_have_100():
    """CFO planned from the position: a chain earning well in round 5 plans the line Junior VP
    -> VP -> Senior VP -> CFO and starts it with its Management Trainee; one holding First to
    have $100 (its CEO works as CFO, and it may never train one: milestones.json first_100)
    does not plan it."""
    from fcm.core.actions import Train

    houses = [{"number": 2, "demand": ["burger", "burger", "burger"]},
              {"number": 4, "demand": ["burger", "burger"]}]
    fields: dict[str, Any] = dict(
        round=5,
        phase="working",
        houses=houses,
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "train"},
    )
    me = {"cash": 60, "at_work": ["trainer", "burger_cook", "burger_cook"],
          "beach": ["management_trainee"]}
    state = position(companies=[me, {"cash": 60, "at_work": ["pizza_cook"]}], **fields)
    plan = MediumBot(1).plan(view(state, 0), 0)
    assert plan.cfo
    assert ("senior_vice_president", "cfo") in plan.trains
    action = choose(state, 0)
    assert isinstance(action, Train)
    assert (action.employee, action.into) == ("management_trainee", "junior_vice_president")
    holder = dict(me, milestones=["first_100"])
    state = position(companies=[holder, {"cash": 60, "at_work": ["pizza_cook"]}], **fields)
    assert not MediumBot(1).plan(view(state, 0), 0).cfo


def test_new_business_developer_gardens_a_house_next_to_its_restaurant():
    """New Business Developer houses and gardens (strategy.md 3; employees.json
    new_business_developer): with a printed house next to its restaurant medium adds a garden
    to it (doubling its price there)."""
    from fcm.core.actions import AddGarden

    state = position(
        round=6,
        phase="working",
        companies=[{"cash": 60, "at_work": ["new_business_developer", "burger_cook"]},
                   {"cash": 60, "at_work": ["pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "houses"},
    )
    action = choose(state, 0)
    assert isinstance(action, AddGarden) and action.house == 2


def test_new_business_developer_places_a_house_it_wins():
    """New Business Developer: when the printed houses are nearer a rival, medium places a new
    house (with its garden) at distance 0 from its own restaurant, not a garden for the rival."""
    from fcm.bots.heuristic import _service_distances
    from fcm.core.actions import PlaceHouse
    from fcm.core.engine import apply

    state = position(
        round=6,
        phase="working",
        companies=[{"cash": 60, "at_work": ["new_business_developer", "burger_cook"]},
                   {"cash": 60, "at_work": ["pizza_cook"]}],
        restaurants=[{"owner": 0, "cell": [8, 8], "entrance": "nw"},
                     {"owner": 1, "cell": [0, 0], "entrance": "se"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "houses"},
    )
    action = choose(state, 0)
    assert isinstance(action, PlaceHouse)
    after, _ = apply(state, 0, action)
    assert _service_distances(after, 0)[action.number] == 0
    assert _service_distances(after, 1)[action.number] >= 1


def test_a_rival_without_a_kitchen_yet_counts_as_a_seller_of_every_food():
    """Marketing where it wins (issue 16 item 2): in round 2 a rival with only a Marketing
    Trainee will hire a kitchen, so a house nearer to the rival is not counted as won (an eternal
    billboard placed there feeds the rival for the whole game)."""
    from fcm.bots.medium import win_chances

    state = position(
        round=2,
        companies=[{"cash": 0, "hand": ["kitchen_trainee"]},
                   {"cash": 0, "hand": ["marketing_trainee"]}],
        restaurants=[{"owner": 0, "cell": [8, 8], "entrance": "nw"},
                     {"owner": 1, "cell": [0, 0], "entrance": "se"}],
    )
    v = view(state, 0)
    mine, rival = totals_of(v, 0), totals_of(v, 1)
    nearer_rival = [n for n in mine if n in rival and rival[n] < mine[n]]
    assert nearer_rival, "the position needs a house nearer to the rival"
    chances = win_chances(v, 0, good=Good.BURGER)
    assert all(chances[n] == 0.0 for n in nearer_rival)
    # a rival that cooks only pizza still cannot take a burger house
    state.players[1].hand.append("pizza_cook")
    chances = win_chances(view(state, 0), 0, good=Good.BURGER)
    assert all(chances[n] == 1.0 for n in nearer_rival)


def totals_of(v: GameState, seat: int) -> dict[int, int]:
    from fcm.bots.medium import totals

    return totals(v, seat)


def _working_hire(companies: list[dict[str, Any]], **fields: Any) -> GameState:
    return position(
        phase="working",
        companies=companies,
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
        turn_order=[0, 1],
        working={"seat": 0, "step": "hire"},
        **fields,
    )


def test_full_baskets_hire_a_kitchen_trainee_first_for_the_other_food():
    """Full baskets (facts.md Dinnertime: a house buys only from a chain that has everything
    it wants): when houses it wins want pizza too and it has no pizza cook or kitchen trainee,
    medium's next hire is a Kitchen Trainee (to train into a Pizza Cook), before its list."""
    from fcm.core.actions import Hire

    state = _working_hire(
        [{"cash": 40, "at_work": ["burger_cook", "recruiting_girl"]},
         {"cash": 40, "at_work": ["pizza_cook"]}],
        round=6,
    )
    house = next(iter(MediumBot(1).plan(view(state, 0), 0) and win_won(state)))
    state.houses[house].demand.extend([Good.BURGER, Good.PIZZA])
    assert choose(state, 0) == Hire("kitchen_trainee")
    plan = MediumBot(1).plan(view(state, 0), 0)
    assert ("kitchen_trainee", "pizza_cook") in plan.trains


def win_won(state: GameState) -> list[int]:
    from fcm.bots.medium import win_chances

    return [n for n, ch in win_chances(view(state, 0), 0).items() if ch >= 0.5]


def test_never_hires_a_card_whose_pile_is_empty():
    """Employee cards are limited (facts.md A.1; an empty pile's card may be hired only if this
    turn's training turns it into an available card): medium skips such a hire, since the
    trainer would then have to train it away instead of doing the plan's own step."""
    from fcm.core.actions import Hire

    state = _working_hire(
        [{"cash": 40, "at_work": ["burger_cook", "trainer"], "beach": ["kitchen_trainee"]},
         {"cash": 40, "at_work": ["pizza_cook"]}],
        round=6,
    )
    first = choose(state, 0)
    assert isinstance(first, Hire)
    state.supply[first.employee] = 0
    assert Hire(first.employee) in legal_actions(state, 0)  # legal: a trainer is at work
    assert choose(state, 0) != first


def test_a_marketing_trainee_stays_home_when_no_billboard_tile_is_left():
    """Marketing (facts.md: a Marketing Trainee launches billboards only): when every billboard
    tile is on the board (eternal billboards), its seat goes to a card that earns (the
    waitress); with a billboard tile left it works."""
    def sent(no_billboards: bool) -> list[str]:
        state = position(
            round=9,
            companies=[{"cash": 40, "hand": ["burger_cook", "marketing_trainee", "waitress",
                                             "recruiting_girl"]},
                       {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            houses=[{"number": 2, "demand": ["burger", "burger", "burger"]}],
        )
        if no_billboards:
            state.campaign_supply = [
                n for n in state.campaign_supply
                if state.rules.catalog.campaigns[n].type.value != "billboard"
            ]
        return _sent(state, 0)

    assert "marketing_trainee" in sent(False) and "recruiting_girl" not in sent(False)
    assert "marketing_trainee" not in sent(True) and "waitress" in sent(True)


def test_no_card_waits_on_the_beach_for_a_training_whose_pile_is_empty():
    """Employee cards are limited (facts.md A.1): with no Burger Chef left, medium does not keep
    a Burger Cook on the beach for the trainer (it would cook nothing and still be paid); with
    a chef left it does."""
    def sent(chefs: int) -> list[str]:
        state = position(
            round=8,
            companies=[{"cash": 60, "hand": ["burger_cook", "burger_cook", "trainer"]},
                       {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        )
        state.supply["burger_chef"] = chefs
        return _sent(state, 0)

    assert sent(2).count("burger_cook") == 1
    assert sent(0).count("burger_cook") == 2


def test_easy_payday_stops_firing_once_the_rest_is_paid():
    """The easy bot (issue 16: "bots that could not pay one salary fired ... with it"): with
    $5 for two salaried cooks it fires one; with that fire chosen, the other cook's $5 is
    covered and it fires nothing more (it used to fire every salaried card)."""
    from fcm.bots.heuristic import HeuristicBot
    from fcm.core.engine import apply_in_place

    state = position(
        phase="payday",
        companies=[
            {"cash": 5, "beach": ["burger_cook", "burger_cook", "waitress"]},
            {"cash": 0},
        ],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    )
    easy = HeuristicBot(1)
    first = easy.choose(view(state, 0), 0, legal_actions(state, 0))
    assert first == Fire("burger_cook")
    apply_in_place(state, 0, first)
    assert easy.choose(view(state, 0), 0, legal_actions(state, 0)) == Done()


def test_races_first_to_lower_prices_with_a_pricing_manager_after_the_trainer():
    """First to lower prices (facts.md B: -$1 for ever, to whoever has a Pricing Manager at
    work first; scripted plans that took it won the price war all game): with the trainer
    hired, medium's next hire is the Pricing Manager while the milestone is open, even when
    its structure is full (it does not wait a round for a Management Trainee); once the
    milestone is gone, a full structure hires the Management Trainee first."""
    from fcm.core.actions import Hire
    from fcm.core.types import MilestoneId

    companies = [{"cash": 40, "at_work": ["pizza_cook", "trainer", "marketing_trainee"],
                  "beach": ["kitchen_trainee"]},
                 {"cash": 40, "at_work": ["burger_cook"]}]
    from fcm.bots.heuristic import seats_short

    state = _working_hire(companies, round=4)
    assert MilestoneId.FIRST_LOWER_PRICES in state.milestones_available
    assert seats_short(view(state, 0), 0)  # the structure is full
    assert choose(state, 0) == Hire("pricing_manager")
    state = _working_hire(companies, round=4)
    state.milestones_available.remove(MilestoneId.FIRST_LOWER_PRICES)
    assert choose(state, 0) == Hire("management_trainee")


def test_a_pricing_manager_racing_first_to_lower_prices_works_before_the_trainer():
    """First to lower prices is claimed by a Pricing Manager at work (facts.md B): while it is
    open, a full structure seats the Pricing Manager (where a rival contests our houses) and
    leaves the trainer home; after it, the trainer works again."""
    from fcm.core.types import MilestoneId

    def sent(open_: bool) -> list[str]:
        state = position(
            round=5,
            companies=[{"cash": 40, "hand": ["pizza_cook", "pizza_cook", "trainer",
                                             "pricing_manager"]}, {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                         {"owner": 1, "cell": [0, 3], "entrance": "sw"}],
            houses=[{"number": 2, "demand": ["pizza", "pizza", "pizza"]},
                    {"number": 4, "demand": ["pizza", "pizza", "pizza"]}],
        )
        if not open_:
            state.milestones_available.remove(MilestoneId.FIRST_LOWER_PRICES)
        return _sent(state, 0)

    assert "pricing_manager" in sent(True) and "trainer" not in sent(True)
    assert sent(True).count("pizza_cook") == 2
    # after it: the trainer works (training the second cook, kept on the beach)
    assert "trainer" in sent(False) and sent(False).count("pizza_cook") == 1


def test_stall_guard_trains_a_new_business_developer_when_the_bank_would_outlast_round_20():
    """Stall guard (strategy.md 4.5: a game whose bank would last 20+ rounds needs more
    demand): after the first break, from round 12, a bank that needs more than $100 a round to
    break by round 20 makes medium hire a Management Trainee and train it into a New Business
    Developer (houses and gardens) before anything else; the same company at round 11, before
    the break, or with a bank on pace keeps its plan."""
    from fcm.bots.medium import stalled
    from fcm.core.actions import Hire, Train

    companies = [{"cash": 300, "at_work": ["pizza_cook", "trainer", "junior_vice_president"],
                  "beach": ["marketing_trainee", "marketing_trainee", "kitchen_trainee",
                            "waitress", "waitress", "recruiting_girl", "pricing_manager",
                            "junior_vice_president", "junior_vice_president",
                            "errand_boy", "campaign_manager", "burger_cook"]},
                 {"cash": 40, "at_work": ["burger_cook"]}]

    def hire(**fields: Any) -> Any:
        state = _working_hire(companies, **fields)
        return stalled(state), choose(state, 0)

    assert hire(round=12, bank=900, bank_breaks=1) == (True, Hire("management_trainee"))
    assert hire(round=16, bank=401, bank_breaks=1) == (True, Hire("management_trainee"))
    for fields in ({"round": 11, "bank": 900, "bank_breaks": 1},  # before round 12
                   {"round": 12, "bank": 900, "bank_breaks": 0},  # before the first break
                   {"round": 16, "bank": 400, "bank_breaks": 1}):  # on pace: $100 a round
        stalled_, action = hire(**fields)
        assert not stalled_ and action != Hire("management_trainee")

    # the trainer's first step, with a trainee at hand: the New Business Developer
    trainee = [{**companies[0], "beach": [*companies[0]["beach"], "management_trainee"]},
               companies[1]]

    def train(bank: int) -> tuple[str, str]:
        state = position(phase="working", companies=trainee, round=13, bank=bank,
                         bank_breaks=1, turn_order=[0, 1], working={"seat": 0, "step": "train"},
                         restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                                      {"owner": 1, "cell": [8, 8], "entrance": "nw"}])
        action = choose(state, 0)
        assert isinstance(action, Train)
        return action.employee, action.into

    assert train(900) == ("management_trainee", "new_business_developer")
    assert train(300) != ("management_trainee", "new_business_developer")


def test_stall_guard_seats_the_new_business_developer():
    """Stall guard (strategy.md 4.5): in a stalled game (first break behind, round 12, a bank
    that needs more than $100 a round to break by round 20) the New Business Developer works
    before the waitresses and the errand boy; with the bank on pace a full structure leaves it
    home."""
    def sent(bank: int) -> list[str]:
        state = position(
            round=12, bank=bank, bank_breaks=1,
            companies=[{"cash": 200, "hand": ["pizza_cook", "waitress", "waitress",
                                             "errand_boy", "new_business_developer"]},
                       {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                         {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
            houses=[{"number": 2, "demand": ["pizza", "pizza", "pizza"]}],
        )
        return _sent(state, 0)

    assert "new_business_developer" in sent(900)
    assert "new_business_developer" not in sent(500)


# -- issue 30 item 2: the plan's mistakes against unseen plans, each on a built position ----------

# A 1x5 row of tiles: house 2 in the west, houses 4 and 15 three and four borders east.
ROW = [[["A", 0], ["R", 0], ["T", 0], ["B", 0], ["I", 0]]]
EAST = {"owner": 1, "cell": [0, 23], "entrance": "sw"}  # beside house 15
WEST = {"owner": 1, "cell": [0, 3], "entrance": "sw"}  # beside house 2, as ours


def test_races_first_to_train_with_its_second_hire():
    """First to train ($15 off every Payday, facts.md B; strategy.md 4.4): while it is open,
    the round-2 hire is the trainer (it trains the round-3 kitchen trainee into a cook, the
    round it is hired), not the kitchen trainee; once it is gone, the kitchen trainee."""
    from fcm.core.actions import Hire
    from fcm.core.types import MilestoneId

    def hire(open_: bool) -> Any:
        state = _working_hire([{"cash": 0, "at_work": ["marketing_trainee"]}, {"cash": 0}],
                              round=2)
        if not open_:
            state.milestones_available.remove(MilestoneId.FIRST_TRAIN)
        return choose(state, 0)

    assert hire(True) == Hire("trainer")
    assert hire(False) == Hire("kitchen_trainee")


def test_kitchen_cards_beyond_the_demand_stay_home_for_waitresses():
    """Cook to demand (facts.md E.3: demand is placed at Marketing, after Dinnertime, so this
    round's demand is on the houses already; unsold food is thrown away): three burgers wanted,
    one cook makes them, the second cook's seat goes to a waitress ($3 of tips)."""
    state = position(
        round=6,
        companies=[{"cash": 40, "hand": ["burger_cook", "burger_cook", "waitress", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        houses=[{"number": 2, "demand": ["burger", "burger", "burger"]}],
    )
    sent = _sent(state, 0)
    assert sent.count("burger_cook") == 1 and sent.count("waitress") == 2


def test_a_waitress_works_before_an_idle_trainer_or_a_recruiting_girl():
    """Waitresses pay $3 a round at work even without sales, and win ties (facts.md E.3): with
    nothing of the plan to train and two seats left, the waitress works, not the trainer."""
    state = position(
        round=4,
        companies=[{"cash": 40, "hand": ["burger_cook", "trainer", "recruiting_girl",
                                         "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        houses=[{"number": 2, "demand": ["burger", "burger"]}],
    )
    state.milestones_available.remove(MilestoneId.FIRST_TRAIN)  # a rival trained first
    sent = _sent(state, 0)
    assert "waitress" in sent and "trainer" not in sent


def test_no_salaried_training_in_the_last_rounds():
    """The last rounds (strategy.md 4.2, 4.6): after the first break, with a bank the next two
    Dinnertimes empty, a kitchen trainee trained into a cook would cost $5 a Payday and work
    at most once: medium does not train it; with a full bank it does."""
    from fcm.core.actions import Train

    def action(bank: int) -> Any:
        state = position(
            round=10, bank=bank, bank_breaks=1,
            phase="working",
            companies=[{"cash": 60, "at_work": ["trainer", "burger_cook"],
                        "beach": ["kitchen_trainee"]},
                       {"cash": 60, "at_work": ["pizza_cook"]}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                         {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
            turn_order=[0, 1],
            working={"seat": 0, "step": "train"},
        )
        return choose(state, 0)

    assert isinstance(action(400), Train)
    assert not isinstance(action(30), Train)


def test_no_price_cut_on_houses_no_rival_is_near():
    """Price (strategy.md 3.5; a Pricing Manager at work lowers the price of every item,
    excerpt 004 "Item price"): a rival whose restaurant is four borders from our house and
    next to its own leaves nothing a dollar would win, so the Pricing Manager stays home;
    beside our house it works."""
    def sent(rival: dict[str, Any]) -> list[str]:
        state = load_scenario({
            "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 6,
            "companies": [{"cash": 40, "hand": ["pricing_manager", "waitress"]}, {"cash": 40}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, rival],
            "houses": [{"number": 2, "demand": ["burger"]}],
        })
        return _sent(state, 0)

    assert "pricing_manager" not in sent(EAST)
    assert "pricing_manager" in sent(WEST)


def test_no_marketing_where_a_rival_wins_the_tie_or_undercuts():
    """Marketing where an undercutting rival eats the demand (facts.md E.3: lowest price +
    distance, ties to more Waitresses): at an equal price and distance, a rival with more
    waitresses wins the house, and a Discount Manager on its beach (-$3 once at work) makes
    it cheaper: a campaign there is worth nothing to medium."""
    from fcm.bots.medium import win_chances

    def chance(rival: dict[str, Any], mine: dict[str, Any]) -> float:
        state = load_scenario({
            "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 6,
            "companies": [{"cash": 40, **mine}, {"cash": 40, **rival}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, WEST],
        })
        return win_chances(view(state, 0), 0)[2]

    assert chance({}, {}) == 0.5
    assert chance({"beach": ["waitress", "waitress"]}, {}) < 0.5
    assert chance({}, {"beach": ["waitress"]}) > 0.5
    assert chance({"beach": ["discount_manager"]}, {"beach": ["waitress"]}) == 0.0


def test_plans_a_second_restaurant_for_houses_no_rival_reaches():
    """A second restaurant (strategy.md 3.6; a Local Manager places one, employees.json): two
    houses three and four borders east that no rival restaurant is near make medium train its
    Management Trainee towards the Local Manager (a Junior VP first), though no card waits
    for a seat; with a rival beside them it does not."""
    from fcm.core.actions import Train

    def state_with(rival: dict[str, Any]) -> GameState:
        return load_scenario({
            "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 5,
            "phase": "working", "turn_order": [0, 1],
            "companies": [{"cash": 60, "at_work": ["trainer", "burger_cook"],
                           "beach": ["management_trainee"]}, {"cash": 60}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, rival],
            "working": {"seat": 0, "step": "train"},
        })

    state = state_with(WEST)
    assert MediumBot(1).plan(view(state, 0), 0).second
    action = choose(state, 0)
    assert isinstance(action, Train)
    assert (action.employee, action.into) == ("management_trainee", "junior_vice_president")
    state = state_with(EAST)
    assert not MediumBot(1).plan(view(state, 0), 0).second


def test_the_first_cook_is_trained_only_when_its_salary_is_paid():
    """facts.md E.4 (a salaried card costs $5 at Payday) and First to train's $15 off: with $0
    and no discount, a Kitchen Trainee trained into a cook is fired at Payday, round after
    round (seen with Hard Choices, ketchup.md 16, where First to train leaves the game after
    round 2: medium lost 20 of 20 games to easy), so the trainee stays one; with First to train
    held or still to claim (the training claims it), or cash for the salary, the first cook
    bootstraps the company."""
    from fcm.core.actions import Train
    from fcm.core.types import MilestoneId
    from fcm.rulesets import base_ruleset

    BASE_MILESTONES = {str(m) for m in base_ruleset().catalog.milestones}
    every = [str(m) for m in MilestoneId.known() if str(m) != "first_train"]

    def at_train(cash: int, milestones: list[str], available: list[str]) -> GameState:
        return position(
            milestones_available=available,
            round=4, phase="working", turn_order=[0, 1],
            companies=[{"cash": cash, "at_work": ["trainer"], "beach": ["kitchen_trainee"],
                        "milestones": milestones}, {"cash": 40}],
            restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
            houses=[{"number": 2, "demand": ["burger"]}, {"number": 4, "demand": ["pizza"]}],
            working={"seat": 0, "step": "train"},
        )

    def trains_a_cook(state: GameState) -> bool:
        a = choose(state, 0)
        return isinstance(a, Train) and a.employee == "kitchen_trainee"

    gone = [m for m in every if m in BASE_MILESTONES]  # First to train left the game
    assert not trains_a_cook(at_train(0, [], gone))
    assert trains_a_cook(at_train(0, ["first_train"], gone))
    assert trains_a_cook(at_train(5, [], gone))
    # still to claim: this very training claims it, and its $15 off pays the cook
    assert trains_a_cook(at_train(0, [], [*gone, "first_train"]))


def test_a_campaign_manager_markets_before_the_trainer_takes_it_for_airplanes():
    """Demand comes only from campaigns (facts.md E.3, Marketing): a chain with no campaign
    running sends its Campaign Manager to market rather than keep it on the beach to be
    trained into a Brand Manager (the old medium did, and sold nothing before round 5 in the
    trainer opening)."""
    state = position(
        round=3,
        companies=[{"cash": 40, "hand": ["trainer", "campaign_manager"],
                    "milestones": ["first_train"]},
                   {"cash": 0}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"},
                     {"owner": 1, "cell": [8, 8], "entrance": "nw"}],
    )
    assert MediumBot(1).plan(view(state, 0), 0).trains.count(
        ("campaign_manager", "brand_manager")) == 1
    sent = _sent(state, 0)
    assert "campaign_manager" in sent and "trainer" in sent



def test_the_trainer_opening_hires_its_cook_once_first_to_train_is_claimed():
    """The plan holds after the race (facts.md B: First to train, claimed in round 2, pays the
    cook's salary): in round 3 the hire is the Kitchen Trainee the trainer makes a cook this
    round, not a Waitress for First waitress (the old medium re-chose its opening once First to
    train was gone and had no cook before round 5)."""
    from fcm.core.actions import Hire

    state = _working_hire(
        [{"cash": 0, "at_work": ["trainer", "campaign_manager"], "milestones": ["first_train"]},
         {"cash": 0, "at_work": ["kitchen_trainee"], "milestones": ["first_billboard"]}],
        round=3)
    # claimed in round 2 (a milestone held is out of the supply)
    assert MilestoneId.FIRST_TRAIN not in state.milestones_available
    assert MilestoneId.FIRST_BILLBOARD not in state.milestones_available
    assert MilestoneId.FIRST_WAITRESS in state.milestones_available
    assert choose(state, 0) == Hire("kitchen_trainee")


def test_two_copies_of_a_cook_one_works_when_one_covers_the_demand():
    """Cook to demand (facts.md E.3) with copies of one card: two Burger Cooks, three Waitresses
    and a house it wins wanting two burgers: one cook works (3 burgers), the other stays home
    for a Waitress. The old medium ranked the card, so both copies stayed home and the chain
    cooked nothing for the rest of the game."""
    state = position(
        round=10,
        companies=[{"cash": 40, "hand": ["burger_cook", "burger_cook", "waitress", "waitress",
                                         "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        houses=[{"number": 2, "demand": ["burger", "burger"]}],
    )
    sent = _sent(state, 0)
    assert sent.count("burger_cook") == 1 and sent.count("waitress") == 2


def test_a_cook_not_the_chef_works_when_the_cook_covers_the_demand():
    """Cook to demand (facts.md E.3: this round's demand is on the houses at Working; unsold
    food is thrown away at Clean up): a house it wins wants two burgers, so the Burger Cook (3)
    works and the Burger Chef (8) stays home, its seat going to a waitress. The old medium
    seated the biggest producer first: the chef cooked 8 for 2 every round."""
    state = position(
        round=6,
        companies=[{"cash": 40, "hand": ["burger_chef", "burger_cook", "waitress", "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        houses=[{"number": 2, "demand": ["burger", "burger"]}],
    )
    sent = _sent(state, 0)
    assert "burger_cook" in sent and "burger_chef" not in sent
    assert sent.count("waitress") == 2


def test_a_contested_price_card_works_before_the_trainer_and_the_marketeer():
    """Price (strategy.md 3.5; facts.md E.3: lowest price + distance wins, a Pricing Manager
    at work takes $1 off): after First to lower prices, a rival restaurant beside our house
    makes the dollar decide who sells, so the Pricing Manager takes a seat before a trainer
    with only a Brand Manager to train and before the Campaign Manager. The old medium ranked
    it below both and lost such houses to an undercutter all game."""
    def sent(rival: dict[str, Any]) -> list[str]:
        state = load_scenario({
            "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 7,
            "companies": [{"cash": 40, "hand": ["burger_cook", "campaign_manager", "trainer",
                                                 "pricing_manager"]}, {"cash": 40}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, rival],
            "houses": [{"number": 2, "demand": ["burger", "burger"]}],
        })
        state.milestones_available.remove(MilestoneId.FIRST_LOWER_PRICES)
        return _sent(state, 0)

    assert "pricing_manager" in sent(WEST) and "burger_cook" in sent(WEST)
    assert "pricing_manager" not in sent(EAST)  # nobody near: no dollar given away


def test_the_junior_vp_waits_on_the_beach_for_the_local_manager():
    """A second restaurant (strategy.md 3.6; a Local Manager is trained from a Junior VP, and a
    card is trained only from the beach, facts.md E.2): when the plan wants a second restaurant
    for houses no rival reaches, the trainer works and the Junior VP stays home for it. The
    old medium seated every manager, so the Junior VP worked all game and the Local Manager
    never came (one restaurant in nearly every game)."""
    from fcm.bots.medium import MediumBot as Bot

    state = load_scenario({
        "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 6,
        "companies": [{"cash": 20, "hand": ["burger_cook", "trainer", "junior_vice_president",
                                             "waitress"]}, {"cash": 40}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}],
    })
    plan = Bot(1).plan(view(state, 0), 0)
    assert plan.second and not plan.cfo  # not kept home for the CFO line
    sent = _sent(state, 0)
    assert "trainer" in sent and "junior_vice_president" not in sent


def test_the_trainer_sits_out_when_payday_cannot_carry_its_step():
    """Salaries (strategy.md 4.2; facts.md E.4: $5 a salaried card at Payday, cards in hand
    at Restructuring included): with $0 and two salaried cards, the only step of the plan in
    hand (Campaign Manager into a Brand Manager) would not be trained, so the trainer's seat
    goes to a Waitress ($3 a round, facts.md E.3). The old medium seated the trainer whenever
    a step was wanted, and it idled."""
    state = position(
        round=6,
        companies=[{"cash": 0, "hand": ["burger_cook", "campaign_manager", "trainer",
                                        "waitress"]},
                   {"cash": 40}],
        restaurants=[{"owner": 0, "cell": [0, 0], "entrance": "se"}],
        houses=[{"number": 2, "demand": ["burger", "burger"]}],
    )
    state.milestones_available.remove(MilestoneId.FIRST_TRAIN)  # a rival trained first
    sent = _sent(state, 0)
    assert "waitress" in sent and "trainer" not in sent


def test_a_local_manager_with_no_restaurant_to_place_leaves_its_seat_to_a_cook():
    """A Local Manager's seat pays only while it places a restaurant (strategy.md 3.6): two
    restaurants of ours reach every house, so with two CEO slots (a $100 reserve card, facts.md
    A.3) the cook and a Waitress work and the Local Manager stays home. The old medium seated
    it first until its third restaurant, and a chain left its cook home for seven rounds."""
    state = load_scenario({
        "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 9, "ceo_slots": 2,
        "companies": [{"cash": 40, "hand": ["local_manager", "burger_cook", "waitress"]},
                      {"cash": 40}],
        "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, {**EAST, "owner": 0}],
        "houses": [{"number": 2, "demand": ["burger", "burger"]}],
    })
    assert sorted(_sent(state, 0)) == ["burger_cook", "waitress"]


def test_no_price_cut_for_houses_that_want_nothing_this_round():
    """Price (strategy.md 3.5): the round's Dinnertime demand is on the houses at
    Restructuring (demand is placed at Marketing, after Dinnertime, facts.md E.3), so where the
    contested house wants nothing a Pricing Manager would only take $1 off the items of houses
    nobody contests: it stays home and the Waitress works; with a burger wanted there it works.
    The old medium cut its price for the rest of the game once a rival stood near."""
    def sent(demand: list[str]) -> list[str]:
        state = load_scenario({
            "format": "fcm-scenario/1", "players": 2, "tiles": ROW, "round": 7,
            "ceo_slots": 2,
            "companies": [{"cash": 40, "hand": ["burger_cook", "pricing_manager", "waitress"]},
                          {"cash": 40}],
            "restaurants": [{"owner": 0, "cell": [0, 0], "entrance": "se"}, WEST],
            "houses": [{"number": 2, "demand": demand}],
        })
        state.milestones_available.remove(MilestoneId.FIRST_LOWER_PRICES)
        return _sent(state, 0)

    assert sorted(sent([])) == ["burger_cook", "waitress"]
    assert sorted(sent(["burger"])) == ["burger_cook", "pricing_manager"]
