"""New Milestones (ketchup.md 3) for the easy and medium bots.

Race for the milestones with gifts: a Marketing Trainee hired in round 1 (its round-2 billboard
claims First marketeer used before it leaves, and First marketing trainee used: a Kitchen
Trainee and an Errand Boy), a Recruiting Girl's hire (a free EVP), a Waitress (every salary $3),
an Errand Boy trained into a Cart Operator (double hauls); with no cook yet, a Trainer and a
Kitchen Trainee before anything else (a plan built on the base game's early milestones waits
and pays salaries before its kitchen works). The new decisions: a two-good airplane advertises
the chain's food and the drink it holds most (else its other food), the free mailbox takes a 1x1
tile (every tile in the block reaches the same houses) for the chain's food, and with First
lemonade sold a Kitchen Trainee at work becomes a cook of the chain's food (3 items instead of
1) and an Errand Boy a Cart Operator. At Payday with First beer sold (:func:`payday`) goods
that Clean up would discard (every item without a freezer, those beyond its capacity with one)
pay salaries, the least demanded first, and the cash is kept; firing counts on the goods
(:func:`goods_pay`). Asked before the other modules' advice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fcm.bots.advice import (
    FOOD_CARDS,
    Advice,
    afford,
    cards_owned,
    find_train,
    main_food,
    register_advice,
)
from fcm.core import milestones
from fcm.core.actions import (
    Action,
    Done,
    Hire,
    StartCampaign,
)
from fcm.core.company import salaried_cards, salary_each
from fcm.core.phases.cleanup import has_freezer
from fcm.core.state import GameState
from fcm.core.types import CampaignType, EmployeeId, Good, Seat
from fcm.modules.new_milestones import ids
from fcm.modules.new_milestones.actions import ChooseTwoGoods, FreeMailbox, PaySalary, TrainAtWork

E = EmployeeId


def working(view: GameState, seat: Seat, legal: Sequence[Action]) -> Action | None:
    """The two-good airplane and the free mailbox."""
    food = main_food(view, seat)
    mailboxes = [a for a in legal if isinstance(a, FreeMailbox) and a.good is food]
    if mailboxes:
        tiles = view.rules.catalog.campaigns
        return min(mailboxes, key=lambda a: (tiles[a.number].height, a.number, a.cell))
    pairs = [
        a for a in legal
        if isinstance(a, ChooseTwoGoods) and a.good is food
    ]
    if not pairs:
        return None
    stock = view.players[seat].stock
    drinks = sorted((Good.SODA, Good.LEMONADE, Good.BEER), key=lambda g: -stock.get(g, 0))
    other = Good.PIZZA if food is Good.BURGER else Good.BURGER
    second = drinks[0] if stock.get(drinks[0], 0) > 0 else other
    fitting = [a for a in pairs if a.second_good is second] or pairs
    return max(fitting, key=lambda a: a.duration)


def _at_work(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    """First lemonade sold: the at-work steps worth taking."""
    cook = FOOD_CARDS[main_food(view, seat)][0]
    for a in trains:
        if not isinstance(a, TrainAtWork):
            continue
        if a.employee == E.KITCHEN_TRAINEE and a.into == cook and afford(view, seat):
            return a
        if a.employee == E.ERRAND_BOY and a.into == E.CART_OPERATOR and afford(view, seat):
            return a
    return None


def train(view: GameState, seat: Seat, trains: Sequence[Action]) -> Action | None:
    if a := _at_work(view, seat, trains):
        return a
    if milestones.can_claim(view, seat, ids.FIRST_CART_OPERATOR_USED):
        a = find_train(trains, E.ERRAND_BOY, E.CART_OPERATOR)  # salary-free: no need to afford
        if a is not None and cards_owned(view, seat)[E.CART_OPERATOR] == 0:
            return a
    return None


def hire(view: GameState, seat: Seat, hires: Sequence[Action]) -> Action | None:
    legal = {a.employee for a in hires if isinstance(a, Hire)}
    owned = cards_owned(view, seat)
    if (
        E.MARKETING_TRAINEE in legal
        and not owned[E.MARKETING_TRAINEE]
        and milestones.can_claim(view, seat, ids.FIRST_MARKETEER_USED)
        and milestones.can_claim(view, seat, ids.FIRST_MARKETING_TRAINEE_USED)
        and view.round <= 1
    ):
        # Round 1's hire works in round 2, the last round First marketeer used can be claimed
        # (-2 on every Dinnertime score, $5 per demand token): a Marketing Trainee's billboard
        # claims it with First marketing trainee used (a Kitchen Trainee, an Errand Boy).
        return Hire(E.MARKETING_TRAINEE)
    if not any(owned[c] for pair in FOOD_CARDS.values() for c in pair):
        # No cook yet: without the base game's early milestones a plan built on them waits
        # (and pays salaries) before its kitchen works; a Trainer turns the gifted Kitchen
        # Trainee into a cook first.
        if not any(owned[t] for t in view.rules.trainers) and E.TRAINER in legal:
            return Hire(E.TRAINER)
        if not owned[E.KITCHEN_TRAINEE] and E.KITCHEN_TRAINEE in legal:
            return Hire(E.KITCHEN_TRAINEE)
    if (
        E.WAITRESS in legal
        and not owned[E.WAITRESS]
        and milestones.can_claim(view, seat, ids.FIRST_WAITRESS_USED)
    ):
        return Hire(E.WAITRESS)  # First waitress used: every salary is $3 from then on
    if (
        E.RECRUITING_GIRL in legal
        and not owned[E.RECRUITING_GIRL]
        and view.round <= 1  # it must hire in round 2: the milestone leaves after it
        and milestones.can_claim(view, seat, ids.FIRST_RECRUITING_GIRL_USED)
    ):
        return Hire(E.RECRUITING_GIRL)
    return None


def start_campaign(view: GameState, seat: Seat, starts: Sequence[Action]) -> Action | None:
    """A Marketing Trainee's billboard claims First marketing trainee used."""
    if not milestones.can_claim(view, seat, ids.FIRST_MARKETING_TRAINEE_USED):
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
    if not p.has(ids.FIRST_BEER_SOLD):
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
        if isinstance(a, PaySalary)
        else (0, 0, 0),
    )
    if sum(p.stock.values()) > kept or Done() not in legal:
        return best
    return Done()


register_advice(
    "new_milestones",
    Advice(
        order=0,
        hire=hire,
        train=train,
        start_campaign=start_campaign,
        working=working,
        payday=payday,
        salary_relief=goods_pay,
    ),
)
