"""The heuristic bot as it was when issue 16 was filed (calibration opponent for the plans).

Issue 16's first target says the hidden scripted plans beat "today's heuristic bot" (the bot of
that day, before issue 16's fixes) in 99-100% of 2-player games. Our own plans (``bench.plans``)
are calibrated against this bot: a plan that does not beat it as often is weaker than the hidden
ones. It is our own code, ``src/fcm/bots/heuristic.py`` at ``1c25ad0^``, kept here in ``bench``
(never a product bot) with its faults on purpose: it takes the $300 reserve card, campaigns with
billboards first, trains Junior VPs whether or not they have seats, and fires the cheapest-ranked
card (free trainees too) when it cannot pay its salaries.

Adapted only as far as today's engine needs: the turn flow lives in ``view.turn`` (phase,
drafts, working); ids are :class:`~fcm.core.types.EmployeeId` (string-equal to the old ids),
and a hire returns the legal action object itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fcm.core.actions import (
    Action,
    AddGarden,
    ChooseAdvert,
    ChooseReserve,
    ChooseTurnOrder,
    Cook,
    Done,
    Fire,
    GetDrinks,
    Hire,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    SendToWork,
    StartCampaign,
    ThrowAway,
    Train,
)
from fcm.core.company import board_of, owned_cards, salary_due, structure_fits
from fcm.core.geometry import campaign_cells, restaurant_entrances
from fcm.core.phases.marketing import houses_reached
from fcm.core.rng import Rng
from fcm.core.ruleset import Ruleset
from fcm.core.state import Campaign, GameState, House, Phase, Restaurant
from fcm.core.types import DRINKS, CampaignType, Cell, Good, Seat

# What the company wants to own, in the order it hires (entry-level cards only).
HIRE_PLAN: tuple[tuple[str, int], ...] = (
    ("kitchen_trainee", 1),
    ("marketing_trainee", 1),
    ("management_trainee", 1),
    ("trainer", 1),
    ("recruiting_girl", 1),
    ("marketing_trainee", 2),
    ("kitchen_trainee", 2),
    ("waitress", 1),
    ("management_trainee", 2),
    ("errand_boy", 1),
    ("pricing_manager", 1),
    ("waitress", 2),
    ("management_trainee", 3),
)

# Training steps it likes, best first: (from, into).
TRAIN_PLAN: tuple[tuple[str, str], ...] = (
    ("kitchen_trainee", "burger_cook"),
    ("burger_cook", "burger_chef"),
    ("marketing_trainee", "campaign_manager"),
    ("management_trainee", "junior_vice_president"),
    ("kitchen_trainee", "pizza_cook"),
    ("campaign_manager", "brand_manager"),
    ("pizza_cook", "pizza_chef"),
    ("junior_vice_president", "vice_president"),
    ("errand_boy", "cart_operator"),
    ("brand_manager", "brand_director"),
    ("junior_vice_president", "discount_manager"),
)

# Which cards to keep working when the structure is short of slots (higher first).
WORK_PRIORITY: dict[str, int] = {
    "burger_chef": 100, "pizza_chef": 99, "burger_cook": 95, "pizza_cook": 94,
    "brand_director": 92, "brand_manager": 90, "campaign_manager": 88, "marketing_trainee": 86,
    "kitchen_trainee": 84, "coach": 80, "guru": 80, "trainer": 78, "hr_director": 76,
    "recruiting_manager": 75, "recruiting_girl": 74, "cfo": 72, "discount_manager": 70,
    "pricing_manager": 68, "waitress": 66, "local_manager": 64, "regional_manager": 64,
    "new_business_developer": 60, "zeppelin_pilot": 58, "truck_driver": 56,
    "cart_operator": 54, "errand_boy": 52, "luxuries_manager": 0,
}


class HeuristicV0Bot:
    name = "heuristic-v0"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    # -- the one entry point -------------------------------------------------------------------

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        by_type: dict[type[Action], list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        first = legal[0]
        if isinstance(first, ChooseReserve):
            return ChooseReserve(300) if ChooseReserve(300) in legal else first
        if view.turn.phase is Phase.SETUP_RESTAURANTS:
            return self._best_restaurant(view, seat, by_type.get(PlaceRestaurant, []), legal)
        if view.turn.phase is Phase.RESTRUCTURING:
            return self._restructure(view, seat, legal)
        if isinstance(first, ChooseTurnOrder):
            return min(legal, key=lambda a: a.position if isinstance(a, ChooseTurnOrder) else 99)
        if view.turn.phase is Phase.PAYDAY:
            return self._payday(view, seat, legal)
        if ThrowAway in by_type:
            if Done() in legal:  # the freezer keeps everything it can
                return Done()
            return self._throw_away(view, seat, by_type[ThrowAway])
        return self._working(view, seat, legal, by_type)

    # -- restructuring ---------------------------------------------------------------------------

    def _restructure(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        p = view.players[seat]
        plan = self._work_plan(list(p.hand), view.ceo_slots, view.rules)
        draft = Counter(view.turn.drafts.get(seat, []))
        want = Counter(plan) - draft
        for card in sorted(want, key=lambda c: -WORK_PRIORITY.get(c, 50)):
            if SendToWork(card) in legal:
                return SendToWork(card)
        return Done()

    @staticmethod
    def _work_plan(hand: list[str], ceo_slots: int, rules: Ruleset) -> list[str]:
        """The best set of cards that fits: managers with the most slots first, then the most
        useful others."""
        employees = rules.catalog.employees
        managers = sorted(
            (c for c in hand if employees[c].is_manager),
            key=lambda c: -employees[c].slots,
        )
        others = sorted(
            (c for c in hand if not employees[c].is_manager and WORK_PRIORITY.get(c, 50)),
            key=lambda c: -WORK_PRIORITY.get(c, 50),
        )
        best: list[str] = []
        for m_count in range(min(len(managers), ceo_slots) + 1):
            chosen = managers[:m_count]
            capacity = ceo_slots - m_count + sum(employees[m].slots for m in chosen)
            plan = chosen + others[:capacity]
            if structure_fits(plan, ceo_slots, rules) and len(plan) > len(best):
                best = plan
        return best

    # -- payday ---------------------------------------------------------------------------------

    def _payday(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        fires = [a for a in legal if isinstance(a, Fire)]
        if not fires:
            return Done()
        p = view.players[seat]
        due = salary_due(view, seat)
        forced = Done() not in legal
        if forced or due > p.cash:
            return min(fires, key=lambda a: WORK_PRIORITY.get(a.employee, 50))
        # fire salaried cards idling on the beach when money is tight
        if due * 2 > p.cash + 10:
            idle = [
                a for a in fires
                if a.employee in p.beach and view.rules.catalog.employees[a.employee].salary
            ]
            if idle:
                return min(idle, key=lambda a: WORK_PRIORITY.get(a.employee, 50))
        return Done()

    @staticmethod
    def _throw_away(view: GameState, seat: Seat, options: list[Action]) -> Action:
        demand = _demand_counts(view)
        return min(options, key=lambda a: demand[a.good] if isinstance(a, ThrowAway) else 0)

    # -- working 9-5 ------------------------------------------------------------------------------

    def _working(
        self,
        view: GameState,
        seat: Seat,
        legal: Sequence[Action],
        by_type: dict[type[Action], list[Action]],
    ) -> Action:
        if Hire in by_type:
            choice = self._hire(view, seat, by_type[Hire])
            if choice is not None:
                return choice
        if Train in by_type:
            choice = self._train(view, seat, by_type[Train])
            if choice is not None:
                return choice
        if StartCampaign in by_type:
            return self._start_campaign(view, seat, by_type[StartCampaign])
        if PlaceCampaign in by_type:
            return self._place_campaign(view, seat, by_type[PlaceCampaign])
        if ChooseAdvert in by_type:
            return self._advert(view, seat, by_type[ChooseAdvert])
        if Cook in by_type:
            return self._cook(view, by_type[Cook])
        if GetDrinks in by_type:
            return self._drinks(view, by_type[GetDrinks])
        if PlaceHouse in by_type or AddGarden in by_type:
            gardens, houses = by_type.get(AddGarden, []), by_type.get(PlaceHouse, [])
            choice = self._house(view, seat, gardens, houses)
            if choice is not None:
                return choice
        if PlaceRestaurant in by_type:
            choice = self._new_restaurant(view, seat, by_type[PlaceRestaurant])
            if choice is not None:
                return choice
        if Done() in legal:
            return Done()
        return legal[self._rng.below(len(legal))]

    def _hire(self, view: GameState, seat: Seat, hires: list[Action]) -> Action | None:
        owned = owned_cards(view, seat)
        career: Counter[str] = Counter()
        for card, n in owned.items():
            career[_entry_of(view.rules, card)] += n
        legal = {a.employee: a for a in hires if isinstance(a, Hire)}
        for card, count in HIRE_PLAN:
            if career[card] < count and card in legal:
                return legal[card]  # type: ignore[index]
        return None

    def _train(self, view: GameState, seat: Seat, trains: list[Action]) -> Action | None:
        p = view.players[seat]
        owned = owned_cards(view, seat)
        salaried = sum(n for c, n in owned.items() if view.rules.catalog.employees[c].salary)
        afford = p.cash >= 5 * (salaried + 1) - 10 or view.round <= 3
        food = _main_food(view, seat)
        for src, dst in TRAIN_PLAN:
            if not afford and view.rules.catalog.employees[dst].salary:
                break
            if food is Good.PIZZA and dst == "burger_cook" and owned["pizza_cook"] == 0:
                continue
            for a in trains:
                if isinstance(a, Train) and a.employee == src and a.into == dst:
                    return a
        return None

    def _start_campaign(self, view: GameState, seat: Seat, starts: list[Action]) -> Action:
        rank = {CampaignType.RADIO: 0, CampaignType.AIRPLANE: 1, CampaignType.MAILBOX: 2,
                CampaignType.BILLBOARD: 3}

        def key(a: Action) -> tuple[int, int]:
            assert isinstance(a, StartCampaign)
            tile = view.rules.catalog.campaigns[a.number]
            return (rank[tile.type], -tile.height * tile.width)

        return min(starts, key=key)

    def _place_campaign(self, view: GameState, seat: Seat, places: list[Action]) -> Action:
        w = view.turn.working
        assert w is not None and w.draft is not None
        tile = view.rules.catalog.campaigns[w.draft.number]
        good = _main_food(view, seat)
        serve = _service_distances(view, seat)
        best_score = -1.0
        best: list[Action] = []
        for a in places:
            assert isinstance(a, PlaceCampaign)
            cells: tuple[Cell, ...] = ()
            if a.cell is not None:
                cells = campaign_cells(a.cell, tile.height, tile.width, a.orientation)
            probe = Campaign(
                number=tile.number, kind=tile.type, owner=seat, good=good, marketeer="",
                remaining=1, eternal=False, placed_round=view.round, cells=cells,
                edge=a.edge, first=a.first,
            )
            score = 0.0
            for house in houses_reached(view, probe):
                d = serve.get(house.number)
                if d is None or len(house.demand) >= house.capacity:
                    continue
                score += (2.0 if house.garden else 1.0) / (1 + d)
            if score > best_score + 1e-9:
                best_score, best = score, [a]
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        return best[self._rng.below(len(best))]

    def _advert(self, view: GameState, seat: Seat, adverts: list[Action]) -> Action:
        good = _main_food(view, seat)
        fitting = [a for a in adverts if isinstance(a, ChooseAdvert) and a.good is good]
        pool = fitting or adverts
        return max(pool, key=lambda a: a.duration if isinstance(a, ChooseAdvert) else 0)

    def _cook(self, view: GameState, cooks: list[Action]) -> Action:
        demand = _demand_counts(view)
        return max(cooks, key=lambda a: demand[a.good] if isinstance(a, Cook) else 0)

    def _drinks(self, view: GameState, gets: list[Action]) -> Action:
        demand = _demand_counts(view)
        if not any(demand[g] for g in DRINKS):
            return Done()
        board = board_of(view)

        def value(a: Action) -> int:
            assert isinstance(a, GetDrinks)
            if a.good is not None:
                return demand[a.good]
            return sum(demand[board.suppliers[c]] + 1 for c in a.suppliers)

        return max(gets, key=value)

    def _house(
        self, view: GameState, seat: Seat, gardens: list[Action], houses: list[Action]
    ) -> Action | None:
        serve = _service_distances(view, seat)
        best: Action | None = None
        best_d = 99
        for a in gardens:
            assert isinstance(a, AddGarden)
            d = serve.get(a.house)
            if d is not None and d < best_d:
                best, best_d = a, d
        if best is not None and best_d <= 1:
            return best
        mine = [r for r in view.restaurants if r.owner == seat]
        if houses and mine:
            board = board_of(view)

            def dist(a: Action) -> int:
                assert isinstance(a, PlaceHouse)
                house = House(a.number, a.cell, printed=False, garden=a.garden)
                ds = [
                    board.distance_house_to_restaurant(
                        house.footprint, restaurant_entrances(r.cell, r.entrance, r.drive_in)
                    )
                    for r in mine
                ]
                known = [d for d in ds if d is not None]
                return min(known) if known else 99

            # only the lowest house number matters little; keep the search small
            sample = houses[:: max(1, len(houses) // 200)]
            choice = min(sample, key=dist)
            return choice if dist(choice) <= 1 else best
        return best

    def _new_restaurant(self, view: GameState, seat: Seat, places: list[Action]) -> Action | None:
        board = board_of(view)
        houses = list(view.houses.values())
        current = _service_distances(view, seat)

        def gain(a: Action) -> float:
            assert isinstance(a, PlaceRestaurant)
            total = 0.0
            ents = restaurant_entrances(a.cell, a.entrance, False)
            for h in houses:
                d = board.distance_house_to_restaurant(h.footprint, ents)
                if d is None:
                    continue
                old = current.get(h.number)
                if old is None or d < old:
                    total += (1 + len(h.demand)) / (1 + d) - (0 if old is None else 1 / (1 + old))
            return total

        sample = places[:: max(1, len(places) // 300)]
        gains = [gain(a) for a in sample]
        best = max(range(len(sample)), key=gains.__getitem__)
        return sample[best] if gains[best] > 0.5 else None

    # -- setup -------------------------------------------------------------------------------------

    def _best_restaurant(
        self, view: GameState, seat: Seat, places: list[Action], legal: Sequence[Action]
    ) -> Action:
        if not places:
            return Done() if Done() in legal else legal[0]
        board = board_of(view)
        houses = list(view.houses.values())

        def score(a: Action) -> float:
            assert isinstance(a, PlaceRestaurant)
            ents = restaurant_entrances(a.cell, a.entrance, False)
            total = 0.0
            for h in houses:
                d = board.distance_house_to_restaurant(h.footprint, ents)
                if d is not None:
                    total += 1.0 / (1 + d) ** 2
            return total

        scores = [score(a) for a in places]
        best = max(scores)
        top = [a for a, sc in zip(places, scores, strict=True) if sc >= best - 1e-9]
        return top[self._rng.below(len(top))]


# -- shared estimates ---------------------------------------------------------------------------


def _entry_of(rules: Ruleset, card: str) -> str:
    """The entry-level card a career starts from."""
    employees = rules.catalog.employees
    while employees[card].trained_from:
        card = employees[card].trained_from[0]
    return card


def _main_food(view: GameState, seat: Seat) -> Good:
    owned = owned_cards(view, seat)
    burgers = owned["burger_cook"] * 3 + owned["burger_chef"] * 8
    pizzas = owned["pizza_cook"] * 3 + owned["pizza_chef"] * 8
    return Good.PIZZA if pizzas > burgers else Good.BURGER


def _demand_counts(view: GameState) -> Counter[Good]:
    c: Counter[Good] = Counter()
    for h in view.houses.values():
        c.update(h.demand)
    return c


def _service_distances(view: GameState, seat: Seat) -> dict[int, int]:
    """For each house, the distance to this chain's nearest restaurant (connected ones only)."""
    board = board_of(view)
    mine: list[Restaurant] = [r for r in view.restaurants if r.owner == seat]
    out: dict[int, int] = {}
    for h in view.houses.values():
        best: int | None = None
        for r in mine:
            d = board.distance_house_to_restaurant(
                h.footprint, restaurant_entrances(r.cell, r.entrance, r.drive_in)
            )
            if d is not None and (best is None or d < best):
                best = d
        if best is not None:
            out[h.number] = best
    return out

