"""The easy bot (formerly ``heuristic``): a fixed build list around one food.

It builds a compact company around one food (burgers or pizzas, whichever its kitchen makes),
markets that food to the houses its restaurants reach best (mailboxes, airplanes and radio once
it has trained the marketeers for them), cooks every round, adds restaurants and gardens near
demand, keeps its structure full, and fires only salaried cards it cannot afford (free cards cost
nothing). Its reserve card is a seeded draw, not a constant. Every choice is among the legal
actions it is given and is computed from its own view only; ties are broken by a seeded
generator, so the bot is deterministic.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from fcm.bots import advice  # the expansion modules' advice (docs/modules.md)
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
from fcm.core.catalog import CampaignTileDef
from fcm.core.company import (
    board_of,
    ceo_slots_of,
    demand_room,
    owned_cards,
    salary_due,
    salary_each,
    structure_fits,
)
from fcm.core.geometry import campaign_cells, restaurant_entrances
from fcm.core.phases.marketing import houses_reached_by
from fcm.core.rng import Rng
from fcm.core.ruleset import Ruleset
from fcm.core.state import Campaign, GameState, House, Phase, Restaurant
from fcm.core.types import DRINKS, CampaignType, Cell, EmployeeId, Good, Seat

# What the company wants to own, in the order it hires (entry-level cards only).
HIRE_PLAN: tuple[tuple[EmployeeId, int], ...] = (
    (EmployeeId.KITCHEN_TRAINEE, 1),
    (EmployeeId.MARKETING_TRAINEE, 1),
    (EmployeeId.MANAGEMENT_TRAINEE, 1),
    (EmployeeId.TRAINER, 1),
    (EmployeeId.RECRUITING_GIRL, 1),
    (EmployeeId.MARKETING_TRAINEE, 2),
    (EmployeeId.KITCHEN_TRAINEE, 2),
    (EmployeeId.WAITRESS, 1),
    (EmployeeId.MANAGEMENT_TRAINEE, 2),
    (EmployeeId.ERRAND_BOY, 1),
    (EmployeeId.PRICING_MANAGER, 1),
    (EmployeeId.WAITRESS, 2),
    (EmployeeId.MANAGEMENT_TRAINEE, 3),
)

# Training steps it likes, best first: (from, into).
TRAIN_PLAN: tuple[tuple[EmployeeId, EmployeeId], ...] = (
    (EmployeeId.KITCHEN_TRAINEE, EmployeeId.BURGER_COOK),
    (EmployeeId.MARKETING_TRAINEE, EmployeeId.CAMPAIGN_MANAGER),
    (EmployeeId.BURGER_COOK, EmployeeId.BURGER_CHEF),
    (EmployeeId.MANAGEMENT_TRAINEE, EmployeeId.JUNIOR_VICE_PRESIDENT),
    (EmployeeId.KITCHEN_TRAINEE, EmployeeId.PIZZA_COOK),
    (EmployeeId.CAMPAIGN_MANAGER, EmployeeId.BRAND_MANAGER),
    (EmployeeId.PIZZA_COOK, EmployeeId.PIZZA_CHEF),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.VICE_PRESIDENT),
    (EmployeeId.ERRAND_BOY, EmployeeId.CART_OPERATOR),
    (EmployeeId.BRAND_MANAGER, EmployeeId.BRAND_DIRECTOR),
    (EmployeeId.JUNIOR_VICE_PRESIDENT, EmployeeId.DISCOUNT_MANAGER),
)

# Which cards to keep working when the structure is short of slots (higher first).
WORK_PRIORITY: dict[EmployeeId, int] = {
    EmployeeId.BURGER_CHEF: 100, EmployeeId.PIZZA_CHEF: 99, EmployeeId.BURGER_COOK: 95,
    EmployeeId.PIZZA_COOK: 94, EmployeeId.BRAND_DIRECTOR: 92, EmployeeId.BRAND_MANAGER: 90,
    EmployeeId.CAMPAIGN_MANAGER: 88, EmployeeId.MARKETING_TRAINEE: 86,
    EmployeeId.KITCHEN_TRAINEE: 84, EmployeeId.COACH: 80, EmployeeId.GURU: 80,
    EmployeeId.TRAINER: 78, EmployeeId.HR_DIRECTOR: 76, EmployeeId.RECRUITING_MANAGER: 75,
    EmployeeId.RECRUITING_GIRL: 74, EmployeeId.CFO: 72, EmployeeId.DISCOUNT_MANAGER: 70,
    EmployeeId.PRICING_MANAGER: 68, EmployeeId.WAITRESS: 66, EmployeeId.LOCAL_MANAGER: 64,
    EmployeeId.REGIONAL_MANAGER: 64, EmployeeId.NEW_BUSINESS_DEVELOPER: 60,
    EmployeeId.ZEPPELIN_PILOT: 58, EmployeeId.TRUCK_DRIVER: 56, EmployeeId.CART_OPERATOR: 54,
    EmployeeId.ERRAND_BOY: 52, EmployeeId.LUXURIES_MANAGER: 0,
}


def salary_still_due(view: GameState, seat: Seat) -> int:
    """Payday's salaries less the cards already chosen for firing this Payday
    (``salary_due`` counts the company as it stands, fires included)."""
    drafted = view.turn.drafts.get(seat, [])
    fired = sum(1 for c in drafted if view.rules.catalog.employees[c].salary)
    due = max(0, salary_due(view, seat) - salary_each(view, seat) * fired)
    if view.rules.modules:  # First beer sold: goods pay salaries too
        due = max(0, due - advice.salary_relief(view, seat))
    return due


class HeuristicBot:
    name = "heuristic"
    # the build lists (a subclass may play another: the hard bot's rollout styles)
    hire_plan: tuple[tuple[EmployeeId, int], ...] = HIRE_PLAN
    train_plan: tuple[tuple[EmployeeId, EmployeeId], ...] = TRAIN_PLAN

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    # -- the one entry point -------------------------------------------------------------------

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.rules.modules:  # the modules' advice and the plan share what they compute
            with advice.deciding(view):
                return self._decide(view, seat, legal)
        return self._decide(view, seat, legal)

    def _decide(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        by_type: dict[type[Action], list[Action]] = {}
        for a in legal:
            by_type.setdefault(type(a), []).append(a)
        first = legal[0]
        if isinstance(first, ChooseReserve):
            return self._reserve(view, seat, legal)
        if view.turn.phase is Phase.SETUP_RESTAURANTS:
            return self._best_restaurant(view, seat, by_type.get(PlaceRestaurant, []), legal)
        if view.turn.phase is Phase.RESTRUCTURING:
            return self._restructure(view, seat, legal)
        if isinstance(first, ChooseTurnOrder):
            return min(legal, key=lambda a: a.position if isinstance(a, ChooseTurnOrder) else 99)
        if view.turn.phase is Phase.PAYDAY:
            return self._payday(view, seat, legal)
        if ThrowAway in by_type:
            if view.rules.modules and (kept := advice.ask("freezer", view, seat, legal)):
                return kept  # a module's goods (a freezer may keep some only alone)
            if Done() in legal:  # the freezer keeps everything it can
                return Done()
            return self._throw_away(view, seat, by_type[ThrowAway])
        return self._working(view, seat, legal, by_type)

    def _reserve(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        """A seeded draw (never a constant: a constant $300 hands a patient rival a long game)."""
        if view.rules.modules and (a := advice.ask("reserve", view, seat, legal)):  # modules
            return a
        return legal[self._rng.below(len(legal))]

    # -- restructuring ---------------------------------------------------------------------------

    # a module game's Restructuring: the seat's draft list (held, so its id is never another's)
    # and the priorities and structure planned for it (cards sent change only the draft)
    _work_memo: tuple[list[EmployeeId], Seat, dict[EmployeeId, int], list[EmployeeId]] | None
    _work_memo = None

    def _restructure(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if view.rules.modules:
            prio, work = self._module_work(view, seat)
            return send_next(view, seat, legal, work, prio, ties_by_name=False)
        p = view.players[seat]
        prio = WORK_PRIORITY
        work = pack_structure(  # ceo_slots_of: a module may give this CEO its own count
            view.rules, list(p.hand), ceo_slots_of(view, seat), prio, ties_by_name=False
        )
        return send_next(view, seat, legal, work, prio, ties_by_name=False)

    def _module_work(
        self, view: GameState, seat: Seat
    ) -> tuple[dict[EmployeeId, int], list[EmployeeId]]:
        """The priorities with the modules' cards and the structure to send, planned once per
        Restructuring of this seat: while it lasts only the seat's draft grows (the same list
        from the phase's start, the view shares it), and the plan reads no draft."""
        draft = view.turn.drafts.get(seat)
        memo = self._work_memo
        if memo is not None and draft is not None and memo[0] is draft and memo[1] == seat:
            return memo[2], memo[3]
        prio = {**WORK_PRIORITY, **advice.work_priority(view, seat)}
        work = pack_structure(  # ceo_slots_of: a module may give this CEO its own count
            view.rules, list(view.players[seat].hand), ceo_slots_of(view, seat), prio,
            ties_by_name=False,
        )
        if draft is not None:
            self._work_memo = (draft, seat, prio, work)
        return prio, work

    # -- payday ---------------------------------------------------------------------------------

    def _payday(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if view.rules.modules and (a := advice.ask("payday", view, seat, legal)):  # modules
            return a
        fires = [a for a in legal if isinstance(a, Fire)]
        if not fires:
            return Done()
        p = view.players[seat]
        due = salary_still_due(view, seat)
        forced = Done() not in legal
        # Only salaried cards cost money: firing a free card saves nothing.
        salaried = [a for a in fires if view.rules.catalog.employees[a.employee].salary]
        if (forced or due > p.cash) and salaried:
            return min(salaried, key=lambda a: WORK_PRIORITY.get(a.employee, 50))
        if forced:
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
        if view.rules.modules and (a := advice.ask("working", view, seat, legal)):  # modules
            return a
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
        if view.rules.modules and (a := advice.ask("hire", view, seat, hires)):  # modules
            return a
        owned = owned_cards(view, seat)
        career: Counter[EmployeeId] = Counter()
        for card, n in owned.items():
            career[_entry_of(view.rules, card)] += n
        legal = {a.employee for a in hires if isinstance(a, Hire)}
        for card, count in self.hire_plan:
            if career[card] < count and card in legal:
                return Hire(card)
        return None

    def _train(self, view: GameState, seat: Seat, trains: list[Action]) -> Action | None:
        if view.rules.modules and (a := advice.ask("train", view, seat, trains)):  # modules
            return a
        p = view.players[seat]
        owned = owned_cards(view, seat)
        salaried = sum(n for c, n in owned.items() if view.rules.catalog.employees[c].salary)
        afford = p.cash >= 5 * (salaried + 1) - 10 or view.round <= 3
        food = _main_food(view, seat)
        # Junior VPs are seats, not income: train one only when cards wait for a seat.
        need_seats = seats_short(view, seat)
        for src, dst in self.train_plan:
            if not afford and view.rules.catalog.employees[dst].salary:
                break
            if (
                food is Good.PIZZA
                and dst == EmployeeId.BURGER_COOK
                and owned[EmployeeId.PIZZA_COOK] == 0
            ):
                continue
            if dst == EmployeeId.JUNIOR_VICE_PRESIDENT and not need_seats:
                continue
            for a in trains:
                if isinstance(a, Train) and a.employee == src and a.into == dst:
                    return a
        return None

    def _start_campaign(self, view: GameState, seat: Seat, starts: list[Action]) -> Action:
        if view.rules.modules and (a := advice.ask("start_campaign", view, seat, starts)):
            return a  # modules
        rank = {CampaignType.RADIO: 0, CampaignType.AIRPLANE: 1, CampaignType.MAILBOX: 2,
                CampaignType.BILLBOARD: 3}

        def key(a: Action) -> tuple[int, int]:
            assert isinstance(a, StartCampaign)
            tile = view.rules.catalog.campaigns[a.number]
            return (rank.get(tile.type, 0), -tile.height * tile.width)  # a module's type: 0

        return min(starts, key=key)

    def _place_campaign(self, view: GameState, seat: Seat, places: list[Action]) -> Action:
        w = view.turn.working
        assert w is not None and w.draft is not None
        tile = view.rules.catalog.campaigns[w.draft.number]
        good = _main_food(view, seat)
        serve = _service_distances(view, seat)
        best_score = -1.0
        best: list[Action] = []
        reach = placements_reach(view, seat, tile, places, good)
        for a, reached in zip(places, reach, strict=True):
            score = 0.0
            for house in reached:
                d = serve.get(house.number)
                if d is None or (
                    len(house.demand) >= house.capacity
                    if not house.kind
                    else demand_room(view, house, 1) <= 0  # a module's kind: its own cap
                ):
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
        # each house's distance to an entrance on every square, from the board's cache
        tables = [board.house_distances(h.footprint) for h in view.houses.values()]
        width = board.width

        def score(a: Action) -> float:
            assert isinstance(a, PlaceRestaurant)
            [(r, c)] = restaurant_entrances(a.cell, a.entrance, False)
            total = 0.0
            for table in tables:
                d = table[r * width + c]
                if d >= 0:
                    total += 1.0 / (1 + d) ** 2
            return total

        scores = [score(a) for a in places]
        best = max(scores)
        top = [a for a, sc in zip(places, scores, strict=True) if sc >= best - 1e-9]
        return top[self._rng.below(len(top))]


# -- shared estimates ---------------------------------------------------------------------------


# the squares of a tile placed at a square (pure: a bot weighs the same placements often)
_campaign_cells = lru_cache(maxsize=1 << 16)(campaign_cells)


def campaign_probe(
    view: GameState, seat: Seat, tile: CampaignTileDef, a: PlaceCampaign, good: Good
) -> Campaign:
    """The campaign ``a`` would place (to ask which houses it reaches)."""
    cells: tuple[Cell, ...] = ()
    if a.cell is not None:
        cells = _campaign_cells(a.cell, tile.height, tile.width, a.orientation)
    return Campaign(
        number=tile.number, kind=tile.type, owner=seat, good=good, marketeer="",
        remaining=1, eternal=False, placed_round=view.round, cells=cells,
        edge=a.edge, first=a.first,
    )


def placements_reach(
    view: GameState, seat: Seat, tile: CampaignTileDef, places: Sequence[Action], good: Good
) -> list[list[House]]:
    """The houses each placement of ``tile`` would reach (``houses_reached`` of its
    :func:`campaign_probe`), once per decision: a module's advice and the bot's own plan
    both weigh the same placements."""

    def make() -> list[list[House]]:
        probes = []
        for a in places:
            assert isinstance(a, PlaceCampaign)
            probes.append(campaign_probe(view, seat, tile, a, good))
        return houses_reached_by(view, probes)

    return advice.memo(view, ("reach", seat, tile.number, good, tuple(places)), make)


def _by_priority(
    prio: dict[EmployeeId, int], ties_by_name: bool
) -> Callable[[EmployeeId], tuple[int, str]]:
    """Sort key: higher priority first; ties by card name, or (easy, whose seeded games are
    pinned) in the order given."""
    return lambda c: (-prio.get(c, 50), c if ties_by_name else "")


def pack_structure(
    rules: Ruleset,
    hand: list[EmployeeId],
    ceo_slots: int,
    prio: dict[EmployeeId, int],
    ties_by_name: bool = True,
) -> list[EmployeeId]:
    """The best set of cards that fits a legal pyramid: managers with the most slots first,
    then the others by ``prio`` (higher first; 0 never works, unlisted cards count 50).
    ``rules``: the game's ruleset (``view.rules``), so an expansion's cards count."""
    employees = rules.catalog.employees
    managers = sorted(
        (c for c in hand if employees[c].is_manager),
        key=lambda c: -employees[c].slots,
    )
    others = sorted(
        (c for c in hand if not employees[c].is_manager and prio.get(c, 50) > 0),
        key=_by_priority(prio, ties_by_name),
    )
    best: list[EmployeeId] = []
    for m_count in range(min(len(managers), ceo_slots) + 1):
        chosen = managers[:m_count]
        capacity = ceo_slots - m_count + sum(employees[m].slots for m in chosen)
        packed = chosen + others[:capacity]
        if structure_fits(packed, ceo_slots, rules) and len(packed) > len(best):
            best = packed
    return best


def send_next(
    view: GameState,
    seat: Seat,
    legal: Sequence[Action],
    work: list[EmployeeId],
    prio: dict[EmployeeId, int],
    ties_by_name: bool = True,
) -> Action:
    """Restructuring: send the most wanted card of ``work`` not yet chosen, else Done."""
    want = Counter(work) - Counter(view.turn.drafts.get(seat, []))
    for card in sorted(want, key=_by_priority(prio, ties_by_name)):
        if SendToWork(card) in legal:
            return SendToWork(card)
    return Done()


def seats_short(view: GameState, seat: Seat) -> bool:
    """Whether the company's cards (at work, on the beach, in hand) fill its structure, so one
    more card would find no seat next round."""
    p = view.players[seat]
    employees = view.rules.catalog.employees
    cards = [*p.hand, *p.at_work, *p.beach]
    managers = [c for c in cards if employees[c].is_manager][: view.ceo_slots]
    others = len(cards) - len(managers)
    room = view.ceo_slots - len(managers) + sum(employees[m].slots for m in managers)
    return others >= room


def _entry_of(rules: Ruleset, card: EmployeeId) -> EmployeeId:
    """The entry-level card a career starts from."""
    employees = rules.catalog.employees
    while employees[card].trained_from:
        card = employees[card].trained_from[0]
    return card


def _main_food(view: GameState, seat: Seat) -> Good:
    owned = owned_cards(view, seat)
    burgers = owned[EmployeeId.BURGER_COOK] * 3 + owned[EmployeeId.BURGER_CHEF] * 8
    pizzas = owned[EmployeeId.PIZZA_COOK] * 3 + owned[EmployeeId.PIZZA_CHEF] * 8
    return Good.PIZZA if pizzas > burgers else Good.BURGER


def _demand_counts(view: GameState) -> Counter[Good]:
    c: Counter[Good] = Counter()
    for h in view.houses.values():
        c.update(h.demand)
    return c


# Service distances by (board, the chain's restaurants, the houses): bots ask for the same
# ones many times per decision and rollouts replay the same positions. Values are never mutated.
_SERVICE_CACHE: dict[tuple[object, ...], dict[int, int]] = {}
_SERVICE_CACHE_SIZE = 4096


def _service_distances(view: GameState, seat: Seat) -> dict[int, int]:
    """For each house, the distance to this chain's nearest restaurant (connected ones only).
    The result is shared: callers must not modify it."""
    board = board_of(view)
    mine: list[Restaurant] = [r for r in view.restaurants if r.owner == seat]
    key = (
        tuple(tuple(row) for row in view.tiles),
        view.options.roads_meet_at_midpoints,
        tuple((r.cell, r.entrance, r.drive_in) for r in mine),
        tuple((h.number, h.cell, h.garden) for h in view.houses.values()),
    )
    hit = _SERVICE_CACHE.get(key)
    if hit is not None:
        return hit
    if len(_SERVICE_CACHE) >= _SERVICE_CACHE_SIZE:
        _SERVICE_CACHE.clear()
    out: dict[int, int] = {}
    _SERVICE_CACHE[key] = out
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

