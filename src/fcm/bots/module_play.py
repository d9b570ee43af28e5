"""How the easy and medium bots use the expansion modules' cards (docs/modules.md).

A few fixed rules on top of each bot's own plan, asked first by its hire, train, campaign and
reserve choices when the game has modules (``view.rules.modules``); ``None`` leaves the choice
to the bot. Every answer is one of the legal actions given, computed from the seat's view.

- Fry Chefs (ketchup.md 9): with a chef of its food (production covered), a spare cook of that
  food becomes a Fry Chef (+$10 on every sale), up to two.
- Mass Marketeers (11): with two or more of its own campaigns running, a Marketing Trainee
  becomes a Mass Marketeer (another pass of every campaign).
- Gourmet Food Critics (13): once a house has a garden, a Marketing Trainee becomes a critic
  (its guides reach every garden house).
- Movie Stars (15): facing a rival restaurant, a Waitress becomes the best star left (B > C > D:
  ties and choosing first in Order of Business).
- Night Shift Managers (10): with three or more salary-free cards, hire one (they work twice).
- Reserve Prices (14): the $20 base-price card (every later sale pays twice as much).
- New Milestones (3): race for the milestones with gifts: a Marketing Trainee's billboard (a
  Kitchen Trainee and an Errand Boy), a Recruiting Girl's hire (a free EVP), an Errand Boy
  trained into a Cart Operator (double hauls). Its new decisions (:func:`working`): a two-good
  airplane advertises the chain's food and the drink it holds most (else its other food), the
  free mailbox takes a 1x1 tile (every tile in the block reaches the same houses) for the
  chain's food, and with First lemonade sold a Kitchen Trainee at work becomes a cook of the
  chain's food (3 items instead of 1) and an Errand Boy a Cart Operator. At Payday with First
  beer sold (:func:`payday`) goods that Clean up would discard (every item without a freezer,
  those beyond its capacity with one) pay salaries, the least demanded first, and the cash is
  kept; firing counts on the goods (:func:`goods_pay`).

Salaried cards are trained only when the cash covers this round's salaries with $10 to spare.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fcm.core import milestones
from fcm.core.actions import (
    Action,
    ChooseAdvert,
    ChooseReserve,
    Done,
    FreeMailbox,
    Hire,
    PaySalary,
    StartCampaign,
    Train,
)
from fcm.core.company import owned_cards, salaried_cards, salary_due, salary_each
from fcm.core.phases.cleanup import has_freezer
from fcm.core.state import GameState
from fcm.core.types import CampaignType, EmployeeId, Good, Seat
from fcm.modules.fry_chefs import ids as fry
from fcm.modules.gourmet_food_critics import ids as gourmet
from fcm.modules.mass_marketeers import ids as mass
from fcm.modules.movie_stars import ids as stars
from fcm.modules.new_milestones import ids as nm
from fcm.modules.night_shift_managers import ids as night

E = EmployeeId
STARS = (stars.B_MOVIE_STAR, stars.C_MOVIE_STAR, stars.D_MOVIE_STAR)
FOOD_CARDS: dict[Good, tuple[EmployeeId, EmployeeId]] = {
    Good.BURGER: (E.BURGER_COOK, E.BURGER_CHEF),
    Good.PIZZA: (E.PIZZA_COOK, E.PIZZA_CHEF),
}
MAX_FRY_CHEFS = 2
SPARE = 10


def _has(view: GameState, card: EmployeeId) -> bool:
    return card in view.rules.catalog.employees


def _find(trains: Sequence[Action], src: EmployeeId, dst: EmployeeId) -> Action | None:
    for a in trains:
        if isinstance(a, Train) and a.employee == src and a.into == dst:
            return a
    return None


def _afford(view: GameState, seat: Seat) -> bool:
    """Room for one more salary: this round's salaries + $5 + a margin."""
    return view.players[seat].cash >= salary_due(view, seat) + 5 + SPARE


def main_food(view: GameState, seat: Seat) -> Good:
    """The food the chain cooks most (burger on a tie)."""
    owned = owned_cards(view, seat)
    burgers = owned[E.BURGER_COOK] * 3 + owned[E.BURGER_CHEF] * 8
    pizzas = owned[E.PIZZA_COOK] * 3 + owned[E.PIZZA_CHEF] * 8
    return Good.PIZZA if pizzas > burgers else Good.BURGER


def working(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """New Milestones' new decisions in Working 9-5 (a two-good airplane, the free mailbox)."""
    if not view.rules.has_module("new_milestones"):
        return None
    food = main_food(view, seat)
    mailboxes = [a for a in legal if isinstance(a, FreeMailbox) and a.good is food]
    if mailboxes:
        tiles = view.rules.catalog.campaigns
        return min(mailboxes, key=lambda a: (tiles[a.number].height, a.number, a.cell))
    pairs = [
        a for a in legal
        if isinstance(a, ChooseAdvert) and a.second_good is not None and a.good is food
    ]
    if not pairs:
        return None
    stock = view.players[seat].stock
    drinks = sorted((Good.SODA, Good.LEMONADE, Good.BEER), key=lambda g: -stock.get(g, 0))
    other = Good.PIZZA if food is Good.BURGER else Good.BURGER
    second = drinks[0] if stock.get(drinks[0], 0) > 0 else other
    fitting = [a for a in pairs if a.second_good is second] or pairs
    return max(fitting, key=lambda a: a.duration if isinstance(a, ChooseAdvert) else 0)


def _at_work(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    """First lemonade sold: the at-work steps worth taking."""
    food = main_food(view, seat)
    cook = FOOD_CARDS[food][0]
    for a in trains:
        if not isinstance(a, Train) or not a.at_work:
            continue
        if a.employee == E.KITCHEN_TRAINEE and a.into == cook and _afford(view, seat):
            return a
        if a.employee == E.ERRAND_BOY and a.into == E.CART_OPERATOR and _afford(view, seat):
            return a
    return None


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    owned = owned_cards(view, seat)
    afford = _afford(view, seat)
    rules = view.rules
    if rules.has_module("new_milestones") and (a := _at_work(view, seat, trains)):
        return a
    if rules.has_module("new_milestones") and milestones.can_claim(
        view, seat, nm.FIRST_CART_OPERATOR_USED
    ):
        a = _find(trains, E.ERRAND_BOY, E.CART_OPERATOR)  # salary-free: no need to afford
        if a is not None and owned[E.CART_OPERATOR] == 0:
            return a
    if not afford:
        return None
    if _has(view, fry.FRY_CHEF) and owned[fry.FRY_CHEF] < MAX_FRY_CHEFS:
        for cook, chef in FOOD_CARDS.values():
            if owned[chef] and owned[cook]:
                a = _find(trains, cook, fry.FRY_CHEF)
                if a is not None:
                    return a
    if _has(view, mass.MASS_MARKETEER) and not owned[mass.MASS_MARKETEER]:
        running = sum(1 for c in view.campaigns.values() if c.owner == seat)
        if running >= 2:
            a = _find(trains, E.MARKETING_TRAINEE, mass.MASS_MARKETEER)
            if a is not None:
                return a
    critic = _has(view, gourmet.GOURMET_FOOD_CRITIC) and not owned[gourmet.GOURMET_FOOD_CRITIC]
    if critic and any(h.garden for h in view.houses.values()):
        a = _find(trains, E.MARKETING_TRAINEE, gourmet.GOURMET_FOOD_CRITIC)
        if a is not None:
            return a
    if _has(view, stars.B_MOVIE_STAR) and not any(owned[s] for s in STARS):
        rivals = any(r.owner != seat for r in view.restaurants)
        mine = any(r.owner == seat for r in view.restaurants)
        if rivals and mine:
            for star in STARS:
                a = _find(trains, E.WAITRESS, star)
                if a is not None:
                    return a
    return None


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    legal = {a.employee for a in hires if isinstance(a, Hire)}
    owned = owned_cards(view, seat)
    if (
        view.rules.has_module("new_milestones")
        and E.MARKETING_TRAINEE in legal
        and not owned[E.MARKETING_TRAINEE]
        and milestones.can_claim(view, seat, nm.FIRST_MARKETEER_USED)
        and milestones.can_claim(view, seat, nm.FIRST_MARKETING_TRAINEE_USED)
        and view.round <= 1
    ):
        # Round 1's hire works in round 2, the last round First marketeer used can be claimed
        # (-2 on every Dinnertime score, $5 per demand token): a Marketing Trainee's billboard
        # claims it with First marketing trainee used (a Kitchen Trainee, an Errand Boy).
        return Hire(E.MARKETING_TRAINEE)
    if view.rules.has_module("new_milestones") and not any(
        owned[c] for pair in FOOD_CARDS.values() for c in pair
    ):
        # No cook yet: without the base game's early milestones a plan built on them waits
        # (and pays salaries) before its kitchen works; a Trainer turns the gifted Kitchen
        # Trainee into a cook first.
        if not any(owned[t] for t in view.rules.trainers) and E.TRAINER in legal:
            return Hire(E.TRAINER)
        if not owned[E.KITCHEN_TRAINEE] and E.KITCHEN_TRAINEE in legal:
            return Hire(E.KITCHEN_TRAINEE)
    if (
        view.rules.has_module("new_milestones")
        and E.WAITRESS in legal
        and not owned[E.WAITRESS]
        and milestones.can_claim(view, seat, nm.FIRST_WAITRESS_USED)
    ):
        return Hire(E.WAITRESS)  # First waitress used: every salary is $3 from then on
    if (
        view.rules.has_module("new_milestones")
        and E.RECRUITING_GIRL in legal
        and not owned[E.RECRUITING_GIRL]
        and view.round <= 1  # it must hire in round 2: the milestone leaves after it
        and milestones.can_claim(view, seat, nm.FIRST_RECRUITING_GIRL_USED)
    ):
        return Hire(E.RECRUITING_GIRL)
    if night.NIGHT_SHIFT_MANAGER in legal and not owned[night.NIGHT_SHIFT_MANAGER]:
        free = sum(
            n
            for c, n in owned.items()
            if not view.rules.catalog.employees[c].salary
        )
        if free >= 3 and _afford(view, seat):
            return Hire(night.NIGHT_SHIFT_MANAGER)
    return None


def start_campaign(view: GameState, seat: Seat, starts: Sequence[Action]) -> Action | None:
    if not view.rules.has_module("new_milestones"):
        return None
    if not milestones.can_claim(view, seat, nm.FIRST_MARKETING_TRAINEE_USED):
        return None
    tiles = view.rules.catalog.campaigns
    for a in starts:
        if (
            isinstance(a, StartCampaign)
            and a.marketeer == E.MARKETING_TRAINEE
            and tiles[a.number].type is CampaignType.BILLBOARD
        ):
            return a
    return None


def goods_pay(view: GameState, seat: Seat) -> int:
    """First beer sold: the salaries (in $) the chain's goods could pay at this Payday, one
    item a salaried card (ketchup.md 3, 19.3); 0 without it."""
    p = view.players[seat]
    if not p.has(nm.FIRST_BEER_SOLD):
        return 0
    items = sum(p.stock.values())
    return salary_each(view, seat) * min(items, len(salaried_cards(view, seat)))


def payday(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """First beer sold: goods Clean up would discard pay salaries (the cash stays), the least
    demanded first; when the cash cannot pay the rest, goods must (ketchup.md 19.3)."""
    pays = [a for a in legal if isinstance(a, PaySalary)]
    if not pays:
        return None
    p = view.players[seat]
    kept = view.rules.catalog.freezer_capacity if has_freezer(view, p) else 0
    demand = Counter(g for h in view.houses.values() for g in h.demand)
    order = list(view.rules.goods)
    best = min(
        pays,
        key=lambda a: (demand[a.good], -p.stock[a.good], order.index(a.good))
        if isinstance(a, PaySalary) else (0, 0, 0),
    )
    if sum(p.stock.values()) > kept or Done() not in legal:
        return best
    return Done()


def reserve(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    priced = [a for a in legal if isinstance(a, ChooseReserve) and a.price is not None]
    if not priced:
        return None
    return max(priced, key=lambda a: (a.price or 0, a.money))
