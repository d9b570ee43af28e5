"""The medium bot: a planner that reads the position and plays a plan like a competent human.

Stateless: every decision re-derives the plan from the bot's own view (so a server that makes a
bot afresh for each decision gets the same play), and revises it as the position changes.

The plan (:class:`Plan`) says
- which food to sell: the one the company already cooks, else the one rivals cook and market
  less (ties broken by a hash of the map and seat, so openings vary between games);
- what to hire and train, in order: an opening that races a milestone: a round-1 trainer for
  First to train in round 2 (the round-2 Marketing Trainee trained into a Campaign Manager,
  the round-3 Kitchen Trainee into a cook, both salaries paid by its $15), or, hiring after a
  rival whose round-1 card is a Marketing Trainee, one too for a shared First billboard (then
  First waitress, First to lower prices when those are gone); then the trainer, a Pricing Manager
  right after it while First to lower prices is open (scripted plans that took it first won the
  price war all game), kitchen trainees trained into cooks, waitresses, more marketeers, a
  Management Trainee and a Junior VP only when cards need seats, a Local Manager for a second
  restaurant when houses are out of reach, a New Business Developer for houses and gardens next
  to its restaurants, a campaign manager for mailboxes and a brand manager for airplanes;
- salaries against the next Payday: a salaried card is hired or trained only while cash plus a
  cautious income forecast covers every salary; at Payday only salaried cards are fired, and
  never one it can pay;
- marketing: every campaign tile it may launch (billboard, mailbox, airplane, radio) is scored by
  the houses it reaches that the chain would win on price + distance, with room for demand;
  campaigns that would only feed a rival are not placed;
- price: Pricing Manager at work (seated right after the kitchen) when a cut changes who sells
  to some house that wants something this round (a rival within a dollar of price +
  distance), a Luxuries Manager only where no rival is within reach, a Discount Manager when
  most valued houses are lost by a little; ties go to more Waitresses;
- First to train raced with the first hire, or the second (the trainer) after a billboard
  opening, while it is open; a salary First to train pays counts as free;
- at work: the fewest kitchen items that cover the demand of the houses it would win (demand
  is placed after Dinnertime, so it is on the board already: a cook, not the chef, for three
  burgers; surplus copies of a card stay home, not every copy), Waitresses before a trainer
  with no step it would train now (salaries of the cards in hand counted) and recruiters, the
  CFO first; a marketeer markets before the trainer takes it while the chain has no campaign
  running; a Local Manager only while the plan wants a restaurant it can place;
- the first Waitress hired before the Pricing Manager while First waitress is open;
- a second restaurant (a Local Manager, its Junior VP kept on the beach for the training)
  when two houses lie 3+ borders away with no rival restaurant within 2 of them; no salaried
  training when the next two Dinnertimes would empty the bank after its first break;
- the stall guard (strategy.md 4.5): after the first break, from round 12, a bank that would
  outlast round 20 makes it hire and train a New Business Developer for houses and gardens;
- the reserve card by plan and board: a fast billboard plan on a tight map wants a short game
  ($100), a slow map or a training line a long one ($300), else $200.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from fcm.bots import advice  # the expansion modules' advice (docs/modules.md)
from fcm.bots.heuristic import (
    WORK_PRIORITY,
    HeuristicBot,
    _demand_counts,
    _entry_of,
    _service_distances,
    campaign_probe,
    pack_structure,
    salary_still_due,
    seats_short,
    send_next,
)
from fcm.core.actions import (
    Action,
    ChooseAdvert,
    ChooseReserve,
    Cook,
    Done,
    Fire,
    Hire,
    PlaceCampaign,
    PlaceRestaurant,
    StartCampaign,
    Train,
)
from fcm.core.company import (
    board_of,
    ceo_slots_of,
    demand_room,
    owned_cards,
    salaried_cards,
    salary_due,
    salary_for,
    unit_price,
    waived_marketeers,
)
from fcm.core.engine import apply_in_place, legal_actions
from fcm.core.geometry import restaurant_entrances
from fcm.core.phases.marketing import houses_reached
from fcm.core.state import Campaign, GameState, Phase
from fcm.core.types import CampaignType, EmployeeId, Good, MilestoneId, Seat

E = EmployeeId
M = MilestoneId
FOODS = (Good.BURGER, Good.PIZZA)
LEAK = 0.25  # what demand created for a rival costs us, per dollar it earns them
COOKS = {Good.BURGER: (E.BURGER_COOK, E.BURGER_CHEF), Good.PIZZA: (E.PIZZA_COOK, E.PIZZA_CHEF)}
CFO_LINE = frozenset((E.VICE_PRESIDENT, E.SENIOR_VICE_PRESIDENT, E.CFO))
KITCHEN = frozenset(c for pair in COOKS.values() for c in pair)


@dataclass(frozen=True, slots=True)
class Plan:
    food: Good
    opening: str  # "billboard", E.WAITRESS or "pricing": the milestone raced in round 1-2
    reserve: int
    hires: tuple[tuple[EmployeeId, int], ...]
    trains: tuple[tuple[EmployeeId, EmployeeId], ...]
    contested: bool  # some house near us is within reach of a rival
    expand: bool = False  # it wins (almost) no house: a second restaurant comes first
    cfo: bool = False  # the CFO line (Junior VP -> VP -> Senior VP -> CFO) pays
    second: bool = False  # a second restaurant would reach houses no rival wins


def _hash(*parts: object) -> int:
    return zlib.crc32(repr(parts).encode())


def _rival_food_weight(view: GameState, seat: Seat) -> Counter[Good]:
    """How much each food is already served by rivals: their kitchens and campaigns."""
    w: Counter[Good] = Counter()
    for s in range(view.num_players):
        if s == seat:
            continue
        owned = owned_cards(view, s)
        for food, (cook, chef) in COOKS.items():
            w[food] += 2 * owned[cook] + 4 * owned[chef]
    for c in view.campaigns.values():
        if c.owner != seat and c.good in FOODS:
            w[c.good] += 1
    return w


def totals(view: GameState, seat: Seat, potential: bool = True) -> dict[int, int]:
    """For each house this chain's restaurants reach: price + distance (any restaurant, open or
    coming soon, since they open before the next Dinnertime)."""
    p = view.players[seat]
    price = unit_price(view, seat)
    if potential:
        # the price it can set: price cards it owns count as at work
        idle = [*p.hand, *p.beach]
        price -= idle.count(E.PRICING_MANAGER) + 3 * idle.count(E.DISCOUNT_MANAGER)
    return {number: price + d for number, d in _service_distances(view, seat).items()}


def waitresses_owned(view: GameState, seat: Seat) -> int:
    """Waitresses a chain owns: on a tie of price + distance, more Waitresses at work win
    (facts.md E.3); owned ones are the ones it can seat."""
    p = view.players[seat]
    return [*p.hand, *p.at_work, *p.beach].count(E.WAITRESS)


def can_sell(view: GameState, seat: Seat, good: Good, strict: bool = False) -> bool:
    """Whether a chain could sell ``good`` soon: it has some in stock, or owns a cook or chef
    of it, or (unless ``strict``) a kitchen trainee to train into one. Drinks: always (routes
    are not read)."""
    if good not in COOKS:
        return True
    if view.players[seat].stock.get(good, 0) > 0:
        return True
    owned = owned_cards(view, seat)
    cards = COOKS[good] if strict else (*COOKS[good], E.KITCHEN_TRAINEE)
    if not strict and not any(owned[c] for c in (*KITCHEN, E.KITCHEN_TRAINEE)):
        return True  # no kitchen yet: it will hire one (a round-2 billboard lasts for ever)
    return any(owned[c] for c in cards)


def win_chances(
    view: GameState,
    seat: Seat,
    potential: bool = True,
    good: Good | None = None,
    strict: bool = False,
) -> dict[int, float]:
    """For each house: 1 if this chain beats every rival on price + distance, 0.5 on a tie,
    a small value when it loses by one (a price card would win it), else 0. With ``good``,
    only rivals that could sell it compete (a burger chain never takes a pizza house;
    ``strict``: only rivals that already cook it)."""
    mine = totals(view, seat, potential)
    others = [
        s for s in range(view.num_players)
        if s != seat and (good is None or can_sell(view, s, good, strict))
    ]
    rivals = [(totals(view, s, potential), waitresses_owned(view, s)) for s in others]
    my_waitresses = waitresses_owned(view, seat)
    out: dict[int, float] = {}
    for n, t in mine.items():
        best = min((r[n] for r, _ in rivals if n in r), default=None)
        if best is None or t < best:
            out[n] = 1.0
        elif t == best:
            # a tie goes to more Waitresses at work (facts.md E.3), then turn order
            most = max(w for r, w in rivals if r.get(n) == best)
            out[n] = 0.5 if my_waitresses == most else (0.8 if my_waitresses > most else 0.1)
        elif t == best + 1:
            out[n] = 0.1
        else:
            out[n] = 0.0
    return out


def can_launch(view: GameState, card: EmployeeId) -> bool:
    """Whether a campaign tile of a type this marketeer may launch is still in the supply."""
    types = view.rules.catalog.employees[card].campaign_types
    campaigns = view.rules.catalog.campaigns
    return any(campaigns[n].type in types for n in view.campaign_supply)


def price_race_open(view: GameState) -> bool:
    """First to lower prices (-$1 for ever) can still be won: medium races it with a Pricing
    Manager (hired after the trainer, seated after the cooks and chefs)."""
    return M.FIRST_LOWER_PRICES in view.milestones_available


def shares_houses(view: GameState, seat: Seat) -> bool:
    """Whether a rival's restaurant reaches a house this chain reaches (before any restaurant
    stands: yes). Where none does, a price cut only gives money away."""
    if not any(r.owner == seat for r in view.restaurants):
        return True
    mine = _service_distances(view, seat)
    return any(
        n in mine
        for s in range(view.num_players)
        if s != seat
        for n in _service_distances(view, s)
    )


def price_cut_pays(view: GameState, seat: Seat, now: bool = False) -> bool:
    """Whether a price card at work changes who sells to some house (strategy.md 3.5): a
    house it reaches that a rival reaches too, at a margin of price + distance a cut turns
    (lost by 1, a tie) or keeps (won by at most the rival's own price cards). Houses nobody
    else reaches, or that a rival wins by more, are not worth a dollar an item. ``now``: only
    houses with demand (at Restructuring the round's Dinnertime demand is on the board:
    marketing comes after it, facts.md E.3), so a cut for empty houses is not paid."""
    mine = totals(view, seat, potential=False)
    if now:
        mine = {n: t for n, t in mine.items() if view.houses[n].demand}
    for s in range(view.num_players):
        if s == seat:
            continue
        rival = totals(view, s, potential=True)  # a rival's price cards count as at work
        idle = [*view.players[s].hand, *view.players[s].beach]
        threat = idle.count(E.PRICING_MANAGER) + 3 * idle.count(E.DISCOUNT_MANAGER) + 1
        for n, t in mine.items():
            if n in rival and -threat <= rival[n] - t <= 1:
                return True
    return False


def uncontested_out_of_reach(view: GameState, seat: Seat) -> list[int]:
    """Houses a second restaurant could win alone: out of this chain's reach or 3+ borders
    from it, and no rival restaurant within 2 borders of them."""
    mine = _service_distances(view, seat)
    rivals = [_service_distances(view, s) for s in range(view.num_players) if s != seat]
    out = []
    for n in view.houses:
        if mine.get(n, 99) >= 3 and all(r.get(n, 99) > 2 for r in rivals):
            out.append(n)
    return out


STALL_PACE = 100  # $ a round the bank must drain from round 12 to break by round 20


def stalled(view: GameState) -> bool:
    """The stall guard (strategy.md 4.5): after the first break, from round 12, the bank would
    outlast round 20 unless it drains faster than ``STALL_PACE`` a round. Medium self-play at 4
    players stalled so on a map of few houses, where every chain had one restaurant and sold to
    one or two houses a round. Only from round 12: the guard never makes a game shorter than
    that."""
    return view.bank_breaks == 1 and view.round >= 12 and view.bank > STALL_PACE * (
        20 - view.round)


def payout_estimate(view: GameState) -> int:
    """What one Dinnertime pays out, roughly: every house's demand at $10 an item, the
    Waitresses' tips (a lower bound on the bank's drain while houses are being served)."""
    items = sum(len(h.demand) for h in view.houses.values())
    tips = sum(waitresses_owned(view, s) for s in range(view.num_players))
    return 10 * items + 3 * tips


FIRST_TRAIN_OFF = 15  # First to train: $15 off every Payday (facts.md E.4)


def last_rounds(view: GameState) -> bool:
    """The game is about to end (strategy.md 4.6): the bank has broken once and the next two
    Dinnertimes' payouts would empty it. A salaried card trained or hired now works one
    round at most and costs $5 at each Payday: it cannot pay back."""
    if view.bank_breaks < 1:
        return False
    return view.bank <= 2 * max(payout_estimate(view), 20 * view.num_players)


def _careers(view: GameState, owned: Counter[EmployeeId], entry: EmployeeId) -> int:
    """Cards owned whose career starts from ``entry`` (a plan's hire counts are careers)."""
    return sum(n for c, n in owned.items() if _entry_of(view.rules, c) == entry)


def _vps(owned: Counter[EmployeeId]) -> int:
    """Junior, plain and Senior VPs owned: cards on the way to a Local Manager or a CFO."""
    return sum(owned[c] for c in (E.JUNIOR_VICE_PRESIDENT, E.VICE_PRESIDENT,
                                  E.SENIOR_VICE_PRESIDENT))


class MediumBot(HeuristicBot):
    name = "medium"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # the plan of the view being decided (held by reference: a view is never mutated
        # while a bot decides on it)
        self._plan_memo: tuple[GameState, Seat, Plan] | None = None

    # -- the plan ------------------------------------------------------------------------------

    def plan(self, view: GameState, seat: Seat) -> Plan:
        cached = self._plan_memo
        if cached is not None and cached[0] is view and cached[1] == seat:
            return cached[2]
        plan = self._make_plan(view, seat)
        self._plan_memo = (view, seat, plan)
        return plan

    def _make_plan(self, view: GameState, seat: Seat) -> Plan:
        owned = owned_cards(view, seat)
        mine = {f: owned[a] * 3 + owned[b] * 8 for f, (a, b) in COOKS.items()}
        my_campaign_goods = Counter(
            c.good for c in view.campaigns.values() if c.owner == seat and c.good in FOODS
        )
        tiles = tuple(tuple(row) for row in view.tiles)
        # demand for a food counts where we would win it against the rivals that sell it
        won_demand: Counter[Good] = Counter()
        for f in FOODS:
            if not view.restaurants or not any(f in h.demand for h in view.houses.values()):
                continue
            for n, ch in win_chances(view, seat, good=f).items():
                if ch >= 0.5:
                    won_demand[f] += view.houses[n].demand.count(f)
        rival = _rival_food_weight(view, seat)
        score = {
            f: 2 * mine[f] + 4 * my_campaign_goods[f] + 2 * won_demand[f] - rival[f]
            for f in FOODS
        }
        if score[Good.BURGER] != score[Good.PIZZA]:
            food = max(FOODS, key=lambda f: score[f])
        else:
            food = FOODS[_hash(tiles, seat) % 2]
        near = sum(1 for d in _service_distances(view, seat).values() if d <= 2)
        chances = win_chances(view, seat) if view.restaurants else {}
        # contested: whether a price card at work changes who sells to some house
        contested = price_cut_pays(view, seat)
        billboard_open = M.FIRST_BILLBOARD in view.milestones_available or view.players[
            seat
        ].has(M.FIRST_BILLBOARD)
        # The round-1 race: an eternal billboard pays on a map with houses near us.
        # At 3+ players a race every seat joins is won by all of them at once (eternal
        # campaigns and free marketeers for everyone): only some seats make it.
        crowded = view.num_players > 2 and (seat + _hash(tiles, "crowd")) % view.num_players == 0
        rivals_owned = [owned_cards(view, s) for s in range(view.num_players) if s != seat]
        # a rival hired its Marketing Trainee in round 1 (and no trainer): its billboard comes
        # in round 2, so a billboard of ours that round shares First billboard, and our
        # round-2 trainer still trains in round 3 before its (the old medium's line)
        rival_billboard = view.round <= 1 and any(
            o[E.MARKETING_TRAINEE] for o in rivals_owned) and not any(
            o[E.TRAINER] for o in rivals_owned)
        racing_train = (M.FIRST_TRAIN in view.milestones_available and (
            (view.round <= 1 and not rival_billboard) or owned[E.TRAINER] > 0)
        ) or view.players[seat].has(M.FIRST_TRAIN)
        if racing_train:
            # First to train in round 2 (strategy.md 2.2): the round-1 trainer trains the
            # round-2 hire. A chain that trains a round later pays every salary of the game
            # itself, or trains nothing until it has the cash (a rival opening so won most
            # games against medium: no cook before round 5)
            opening = "trainer"
        elif (
            billboard_open
            and not crowded
            and (near >= 2 or (near >= 1 and _hash(tiles, seat, "open") % 3))
        ):
            opening = "billboard"
        elif M.FIRST_WAITRESS in view.milestones_available:
            opening = E.WAITRESS
        else:
            opening = "pricing"
        if not any(r.owner == seat for r in view.restaurants):
            # chosen before any restaurant stands: by plan and table size (2p: tempo matters)
            pick = _hash(tiles, seat, "r") % 5
            reserve = (200, 300, 300, 300, 300)[pick] if view.num_players > 2 else (
                (100, 100, 200, 200, 300)[pick])
        elif opening == "billboard" and near >= 3:
            reserve = 100
        elif near <= 1:
            reserve = 300
        else:
            reserve = 200 if _hash(tiles, seat, "r") % 3 else 300
        cook = COOKS[food][0]
        first: tuple[tuple[EmployeeId, int], ...] = {
            "billboard": ((E.MARKETING_TRAINEE, 1), (E.KITCHEN_TRAINEE, 1)),
            # the round-2 Marketing Trainee is trained at once into a Campaign Manager (First
            # to train; it markets in round 3, a range of 3 and mailboxes), the round-3
            # Kitchen Trainee into a cook: the first sale in round 4, both salaries paid by
            # First to train's $15
            "trainer": ((E.TRAINER, 1), (E.MARKETING_TRAINEE, 1), (E.KITCHEN_TRAINEE, 1)),
            E.WAITRESS: ((E.WAITRESS, 1), (E.KITCHEN_TRAINEE, 1), (E.MARKETING_TRAINEE, 1)),
            "pricing": ((E.PRICING_MANAGER, 1), (E.KITCHEN_TRAINEE, 1), (E.MARKETING_TRAINEE, 1)),
        }[opening]
        if M.FIRST_TRAIN in view.milestones_available and opening != "trainer":
            # Race First to train ($15 off every Payday, strategy.md 4.4): the trainer is the
            # second hire and trains the third the round it is hired into the first cook, a
            # round earlier than a kitchen trainee hired first would become one.
            first = (first[0], (E.TRAINER, 1), (E.KITCHEN_TRAINEE, 1), *first[1:])
        hires = (
            *first,
            (E.TRAINER, 1),
            (E.PRICING_MANAGER, 1),
            # Waitresses are free and pay from the round after their hire (tips, ties)
            (E.WAITRESS, 1),
            (E.MARKETING_TRAINEE, 2),
            (E.RECRUITING_GIRL, 1),
            (E.KITCHEN_TRAINEE, 2),
            (E.WAITRESS, 2),
            (E.MARKETING_TRAINEE, 3),
            (E.MANAGEMENT_TRAINEE, 1),
            (E.MARKETING_TRAINEE, 4),
            (E.KITCHEN_TRAINEE, 3),
            (E.WAITRESS, 3),
            (E.MANAGEMENT_TRAINEE, 2),
            (E.ERRAND_BOY, 1),
            (E.MANAGEMENT_TRAINEE, 3),
        )
        trains: list[tuple[EmployeeId, EmployeeId]] = []
        p_me = view.players[seat]
        # Full baskets: when houses we win also want the other food, cook it too.
        other = FOODS[1 - FOODS.index(food)]
        mixed = sum(
            view.houses[n].demand.count(other) for n, ch in chances.items() if ch >= 0.5
        )
        other_cook = COOKS[other][0]
        if mixed >= 1 and owned[other_cook] + owned[COOKS[other][1]] == 0 and owned[cook]:
            trains.append((E.KITCHEN_TRAINEE, other_cook))
            if not owned[E.KITCHEN_TRAINEE]:
                # a house wanting both foods buys only from a chain with both: a kitchen
                # trainee to train into the other cook comes before any other hire
                kitchen = _careers(view, owned, E.KITCHEN_TRAINEE)
                hires = ((E.KITCHEN_TRAINEE, kitchen + 1), *hires)
        trains.append((E.KITCHEN_TRAINEE, cook))
        if opening == "trainer" and not owned[E.CAMPAIGN_MANAGER]:
            trains.insert(0, (E.MARKETING_TRAINEE, E.CAMPAIGN_MANAGER))
        if owned[cook] >= 2:
            trains.append((cook, COOKS[food][1]))
        trains.append((E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT))
        # Shut out (a rival wins nearly every house it reaches): a Local Manager's second
        # restaurant first, through a Junior VP even when no card waits for a seat.
        won = sum(1 for ch in chances.values() if ch >= 0.5)
        expand = view.round >= 3 and won <= 1 and p_me.restaurants_placed < 3
        second = (not expand and view.round >= 3 and p_me.restaurants_placed < 3
                  and not last_rounds(view) and len(uncontested_out_of_reach(view, seat)) >= 2)
        if second and not owned[E.LOCAL_MANAGER]:
            # a Local Manager's restaurant reaches them: a Management Trainee for the line
            # (Junior VP, then Local Manager) after the first cook
            trains.insert(1, (E.JUNIOR_VICE_PRESIDENT, E.LOCAL_MANAGER))
            trains.insert(2, (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT))
            if not _careers(view, owned, E.MANAGEMENT_TRAINEE):
                at = next((i for i, h in enumerate(hires) if h == (E.WAITRESS, 1)), 0)
                hires = (*hires[:at], (E.MANAGEMENT_TRAINEE, 1), *hires[at:])
        if expand:
            trains.insert(0, (E.JUNIOR_VICE_PRESIDENT, E.LOCAL_MANAGER))
            trains.insert(1, (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT))
        my_campaigns = sum(1 for c in view.campaigns.values() if c.owner == seat)
        if not billboard_open or view.round >= 5:
            trains.append((E.MARKETING_TRAINEE, E.CAMPAIGN_MANAGER))
        idle_trainees = [*p_me.hand, *p_me.at_work, *p_me.beach].count(E.MARKETING_TRAINEE)
        if (my_campaigns == 0 and view.round >= 4) or (idle_trainees and view.round >= 5):
            # nothing in a trainee's range: a campaign manager reaches one square further
            # (after a shut-out chain's way to a second restaurant)
            trains.insert(3 if expand else 1, (E.MARKETING_TRAINEE, E.CAMPAIGN_MANAGER))
        # airplanes (a Brand Manager) reach houses no billboard or mailbox can, from round 6
        trains.insert(len(trains) if view.round < 6 else trains.index(
            (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT)), (E.CAMPAIGN_MANAGER, E.BRAND_MANAGER))
        trains.append((E.MANAGEMENT_TRAINEE, E.NEW_BUSINESS_DEVELOPER))
        if contested:
            trains.append((E.JUNIOR_VICE_PRESIDENT, E.DISCOUNT_MANAGER))
        cfo = self._cfo_pays(view, seat)
        if cfo:
            line = [(E.SENIOR_VICE_PRESIDENT, E.CFO), (E.VICE_PRESIDENT, E.SENIOR_VICE_PRESIDENT),
                    (E.JUNIOR_VICE_PRESIDENT, E.VICE_PRESIDENT),
                    (E.MANAGEMENT_TRAINEE, E.JUNIOR_VICE_PRESIDENT)]
            # after the plan's other trainings, the step nearest to the CFO first
            trains.extend(line)
        if stalled(view) and not owned[E.NEW_BUSINESS_DEVELOPER]:
            # a stalled game wants demand: a New Business Developer's houses and gardens
            # (a garden doubles the price and holds five tokens)
            trains.insert(0, (E.MANAGEMENT_TRAINEE, E.NEW_BUSINESS_DEVELOPER))
            if not owned[E.MANAGEMENT_TRAINEE]:
                managers = _careers(view, owned, E.MANAGEMENT_TRAINEE)
                hires = ((E.MANAGEMENT_TRAINEE, managers + 1), *hires)
        return Plan(food, opening, reserve, hires, tuple(trains), contested, expand, cfo,
                    second)

    def _cfo_pays(self, view: GameState, seat: Seat) -> bool:
        """The CFO (+50% of a Dinnertime's earnings, facts.md E.3) pays when a CFO is left in
        the supply, the chain does not already get the bonus from First to have $100 (whose
        holder may never train one), it earns enough for half of it to beat the line's
        salaries, and enough rounds are left for the four training steps to pay back."""
        p = view.players[seat]
        owned = owned_cards(view, seat)
        if owned[E.CFO] or p.has(M.FIRST_100):
            return False
        line = owned[E.VICE_PRESIDENT] + owned[E.SENIOR_VICE_PRESIDENT]
        if view.supply.get(E.CFO, 0) <= 0 or view.bank_breaks >= 2:
            return False
        if line:
            return True  # already on the way: finish it
        if not 4 <= view.round <= 9:
            return False
        # it earns: about $40 at the next Dinnertime, or cash saved to carry the salaries
        return self._income_forecast(view, seat) >= 24 or view.players[seat].cash >= 50

    def _best_restaurant(
        self, view: GameState, seat: Seat, places: list[Action], legal: Sequence[Action]
    ) -> Action:
        """The first restaurant: near many houses that no rival restaurant is nearer to."""
        if not places:
            return Done() if Done() in legal else legal[0]
        board = board_of(view)
        houses = list(view.houses.values())
        rivals = [r for r in view.restaurants if r.owner != seat]
        rival_d: dict[int, int] = {}
        for h in houses:
            for r in rivals:
                d = board.distance_house_to_restaurant(
                    h.footprint, restaurant_entrances(r.cell, r.entrance, r.drive_in)
                )
                if d is not None and d < rival_d.get(h.number, 99):
                    rival_d[h.number] = d

        def score(a: Action) -> float:
            assert isinstance(a, PlaceRestaurant)
            ents = restaurant_entrances(a.cell, a.entrance, False)
            total = 0.0
            for h in houses:
                d = board.distance_house_to_restaurant(h.footprint, ents)
                if d is None:
                    continue
                other = rival_d.get(h.number, 99)
                share = 1.0 if d < other else (0.4 if d == other else 0.1)
                total += share * (1.0 / (1 + d) + (0.5 if d <= 2 else 0.0))
            return total

        scores = [score(a) for a in places]
        best = max(scores)
        top = [a for a, sc in zip(places, scores, strict=True) if sc >= best - 1e-9]
        return top[self._rng.below(len(top))]

    # -- reserve, restructuring, payday ---------------------------------------------------------

    def _reserve(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if view.rules.modules and (a := advice.ask("reserve", view, seat, legal)):  # modules
            return a
        want = ChooseReserve(self.plan(view, seat).reserve)
        return want if want in legal else legal[0]

    def _restructure(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        p = view.players[seat]
        plan = self.plan(view, seat)
        hand = [c for c in p.hand if self._worth_working(view, seat, c, plan)]
        # kitchen cards beyond the demand stay home (copies of one card share a priority,
        # so where some copies are wanted the surplus ones are taken out of the hand: ranking
        # the card low kept every copy home, and a chain with two Burger Cooks cooked nothing)
        for card, n in self._kitchen_surplus(view, seat).items():
            if n < hand.count(card):
                for _ in range(n):
                    hand.remove(card)
        prio = self._priorities(view, seat, plan)
        work = pack_structure(view.rules, hand, ceo_slots_of(view, seat), prio)  # modules
        # A trainer at work trains only cards on the beach: keep the plan's next one there
        # (never a manager whose seats the structure needs).
        if E.TRAINER in work:
            marketing = any(c.owner == seat for c in view.campaigns.values())
            for src, dst in plan.trains:
                if src in view.rules.marketeers and not marketing and can_launch(view, src):
                    continue  # the chain's only demand comes from it: it markets first
                manager = view.rules.catalog.employees[src].is_manager
                # a VP on the CFO line, or a Junior VP for the Local Manager of a planned second
                # restaurant, may stay home if that costs at most one other card
                if manager and not (
                    (plan.cfo and dst in CFO_LINE | {E.JUNIOR_VICE_PRESIDENT})
                    or (dst == E.LOCAL_MANAGER and (plan.second or plan.expand))
                ):
                    continue
                if (
                    src in work
                    and self._step_wanted(view, seat, dst)
                    and self._salary_room(view, seat, card=dst)
                ):
                    rest = list(hand)
                    rest.remove(src)
                    packed = pack_structure(view.rules, rest, ceo_slots_of(view, seat), prio)
                    if manager and len(packed) < len(work) - 2:
                        continue
                    work = packed
                    break
        return send_next(view, seat, legal, work, prio)

    def _priorities(self, view: GameState, seat: Seat, plan: Plan) -> dict[EmployeeId, int]:
        """How much each card is wanted at work this round, by plan and position."""
        prio = dict(WORK_PRIORITY)
        p = view.players[seat]
        steps = [(src, dst) for src, dst in plan.trains
                 if src in p.hand and self._step_trainable(view, seat, plan, dst)]
        # a trainer works when it has a step of the plan it would train (wanted, and a salary
        # Payday can carry), else its seat goes to a Waitress ($3 a round, $5 with First
        # waitress, and ties: facts.md E.3)
        prio[E.TRAINER] = 85 if steps else 5
        if not price_race_open(view) and any(dst in KITCHEN for _, dst in steps):
            prio[E.TRAINER] = 94  # a cook or chef to train: before a contested price card
        prio[E.WAITRESS] = 83
        prio[E.CFO] = 98  # +50% of every Dinnertime
        for card, n in self._kitchen_surplus(view, seat).items():
            if n >= p.hand.count(card):
                prio[card] = 10  # every copy surplus: works only in a seat nothing else wants
        # a Local Manager works while the plan wants a restaurant it can place; else its seat
        # goes to a cook or a Waitress (with 2 CEO slots it held one of them for rounds)
        prio[E.LOCAL_MANAGER] = 97 if (plan.second or plan.expand) and p.restaurants_placed < 3 \
            else 20
        if stalled(view):
            prio[E.NEW_BUSINESS_DEVELOPER] = 95
        cut_now = plan.contested and price_cut_pays(view, seat, now=True)
        if (price_race_open(view) and shares_houses(view, seat)) or cut_now:
            # the Pricing Manager works after the cooks and chefs, before every other card
            # (the trainer too): racing First to lower prices, or where a dollar changes who
            # sells to a house with demand (a rival within a dollar of price + distance)
            prio[E.PRICING_MANAGER] = 93
            if cut_now:
                prio[E.DISCOUNT_MANAGER] = 93
        if view.rules.modules:  # the modules' cards
            prio.update(advice.work_priority(view, seat))
        return prio

    def _kitchen_surplus(self, view: GameState, seat: Seat) -> Counter[EmployeeId]:
        """Cook to demand: the Dinnertime's demand is on the houses already (campaigns add
        tokens after it), so kitchen cards beyond what the houses it would win still want
        after its stock (and its freezer) keep their seats for Waitresses and the rest."""
        employees = view.rules.catalog.employees
        p = view.players[seat]
        kitchen = [c for c in p.hand if employees[c].food and employees[c].food_amount]
        out: Counter[EmployeeId] = Counter()
        if not kitchen or not view.restaurants:
            return out
        want: Counter[Good] = Counter()
        for n, ch in win_chances(view, seat).items():
            if ch >= 0.5:
                want.update(g for g in view.houses[n].demand if g in FOODS)
        for g in FOODS:
            want[g] -= p.stock.get(g, 0)
        # the fewest items that cover the want: while one card covers what is left, the
        # smallest such card works (a Burger Chef's 8 for 2 houses' 3 burgers is thrown
        # away and its seat lost); else the biggest, and on
        left = sorted(kitchen, key=lambda c: employees[c].food_amount)
        while left:
            card = None
            for c in left:
                good = max(employees[c].food, key=lambda g: want[g])
                if want[good] > 0 and employees[c].food_amount >= want[good]:
                    card = c
                    break
            if card is None:
                card = left[-1]
                good = max(employees[card].food, key=lambda g: want[g])
                if want[good] <= 0:
                    break
            want[good] -= employees[card].food_amount
            left.remove(card)
        out.update(left)  # surplus: their food would be thrown away
        return out

    def _worth_working(self, view: GameState, seat: Seat, card: EmployeeId, plan: Plan) -> bool:
        if card == E.LUXURIES_MANAGER:
            return not plan.contested
        if card == E.DISCOUNT_MANAGER:
            return plan.contested and price_cut_pays(view, seat, now=True)
        if card == E.PRICING_MANAGER:
            # a price cut only pays where it wins houses that want something this round
            return (plan.contested and price_cut_pays(view, seat, now=True)) or (
                view.round <= 3 and shares_houses(view, seat))
        if card in view.rules.marketeers:
            # every tile it may launch is on the board (eternal billboards): its seat goes to
            # a waitress or the trainer (who can train it into a marketeer with tiles left)
            return can_launch(view, card)
        return True

    def _payday(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if view.rules.modules and (a := advice.ask("payday", view, seat, legal)):  # modules
            return a
        fires = [a for a in legal if isinstance(a, Fire)]
        if not fires:
            return Done()
        p = view.players[seat]
        due = salary_still_due(view, seat)
        forced = Done() not in legal
        salaried = [a for a in fires if view.rules.catalog.employees[a.employee].salary]
        if not salaried:
            return Done() if not forced else fires[0]
        if forced or due > p.cash:
            # the salaried card whose loss hurts least
            return min(salaried, key=lambda a: self._keep_value(view, seat, a.employee))
        # idle salaried cards on the beach that a tight budget cannot carry
        idle = [a for a in salaried if a.employee in p.beach and a.employee not in p.at_work]
        if idle and due > p.cash // 2 + 10:
            worst = min(idle, key=lambda a: self._keep_value(view, seat, a.employee))
            if self._keep_value(view, seat, worst.employee) < 60:
                return worst
        return Done()

    def _keep_value(self, view: GameState, seat: Seat, card: EmployeeId) -> int:
        plan = self.plan(view, seat)
        if card in COOKS[plan.food]:
            return 100
        if view.rules.modules and card in (module := advice.work_priority(view, seat)):
            return module[card]
        return WORK_PRIORITY.get(card, 50)

    # -- hiring and training within the salary budget --------------------------------------------

    def _income_forecast(self, view: GameState, seat: Seat) -> int:
        """A cautious next-Dinnertime income: houses with demand we would win, at our price."""
        price = unit_price(view, seat)
        chances = win_chances(view, seat)
        income = 0.0
        for n, ch in chances.items():
            income += ch * len(view.houses[n].demand) * price
        income += 3 * view.players[seat].at_work.count(E.WAITRESS)
        return int(0.6 * income)

    def _salary_room(
        self, view: GameState, seat: Seat, extra: int = 1, card: EmployeeId | None = None
    ) -> bool:
        p = view.players[seat]
        due = salary_due(view, seat)
        salaried = salaried_cards(view, seat)
        if p.hand:
            # Restructuring: the cards in hand are owned too and paid at Payday wherever they
            # go (salary_due counts only cards at work, on the beach and busy)
            waived = waived_marketeers(view) if p.has(M.FIRST_BILLBOARD) else frozenset()
            employees = view.rules.catalog.employees
            salaried = [*salaried, *(c for c in p.hand
                                     if employees[c].salary and c not in waived)]
            due = salary_for(view, seat, salaried)
        after = salary_for(view, seat, [*salaried, *[card or E.BURGER_COOK] * extra])
        if card is not None and M.FIRST_TRAIN in view.milestones_available and not p.has(
                M.FIRST_TRAIN):
            # this very training claims First to train: $15 off every Payday (facts.md E.4)
            after = max(0, after - FIRST_TRAIN_OFF)
        if after == 0:
            return True  # First to train's $15 off pays it: a free card
        if due == 0 and extra == 1 and card in KITCHEN:
            # the first cook bootstraps the company, when its salary is paid: First to train's
            # $15 off (held, or claimed by this very training), or cash. Without, Payday
            # fires it and the chain never cooks (seen with Hard Choices, where First to train
            # leaves the game unclaimed after round 2)
            return after <= p.cash
        return p.cash + self._income_forecast(view, seat) >= after + 5

    def _hire(self, view: GameState, seat: Seat, hires: list[Action]) -> Action | None:
        if view.rules.modules and (a := advice.ask("hire", view, seat, hires)):  # modules
            return a
        plan = self.plan(view, seat)
        owned = owned_cards(view, seat)
        career: Counter[EmployeeId] = Counter()
        for card, n in owned.items():
            career[_entry_of(view.rules, card)] += n
        legal = {a.employee for a in hires if isinstance(a, Hire)}
        short = seats_short(view, seat)
        for card, count in plan.hires:
            if career[card] >= count or card not in legal:
                continue
            if card in view.rules.marketeers and not can_launch(view, card):
                continue  # every tile it may launch is on the board
            if view.supply.get(card, 0) <= 0:
                # an empty pile's card must be trained away this very turn: it would take the
                # trainer from the plan's own step (and a salaried result gets fired)
                continue
            # a Pricing Manager racing First to lower prices takes a seat from a card at work
            # rather than wait a round for a Management Trainee
            racing = (card == E.PRICING_MANAGER and price_race_open(view)
                      and shares_houses(view, seat))
            if (short and not racing and card != E.MANAGEMENT_TRAINEE
                    and career[E.MANAGEMENT_TRAINEE] == 0):
                seat_card = E.MANAGEMENT_TRAINEE
                ok = seat_card in legal and view.supply.get(seat_card, 0) > 0
                return Hire(seat_card) if ok else None
            return Hire(card)
        return None

    def _train(self, view: GameState, seat: Seat, trains: list[Action]) -> Action | None:
        if view.rules.modules and (a := advice.ask("train", view, seat, trains)):  # modules
            return a
        plan = self.plan(view, seat)
        for src, dst in plan.trains:
            if dst == E.JUNIOR_VICE_PRESIDENT and not self._jvp_wanted(view, seat, plan):
                continue
            if not self._step_wanted(view, seat, dst):
                continue
            salaried = view.rules.catalog.employees[dst].salary
            if salaried and not self._salary_room(view, seat, card=dst):
                continue
            if salaried and last_rounds(view):
                continue  # no payback before the bank breaks again (strategy.md 4.2, 4.6)
            for a in trains:
                if isinstance(a, Train) and a.employee == src and a.into == dst:
                    return a
        return None

    def _step_trainable(self, view: GameState, seat: Seat, plan: Plan, dst: EmployeeId) -> bool:
        """Whether ``_train`` would take this step now: wanted, and a salaried result only with
        salary room and rounds left to pay back (the trainer's seat is worth a Waitress)."""
        if not self._step_wanted(view, seat, dst):
            return False
        if dst == E.JUNIOR_VICE_PRESIDENT and not self._jvp_wanted(view, seat, plan):
            return False
        if view.rules.catalog.employees[dst].salary:
            return self._salary_room(view, seat, card=dst) and not last_rounds(view)
        return True

    def _jvp_wanted(self, view: GameState, seat: Seat, plan: Plan) -> bool:
        """A Junior VP is seats, not income: trained when cards wait for a seat, or as the
        first step to a Local Manager (shut out) or a CFO."""
        if seats_short(view, seat):
            return True
        return (plan.expand or plan.cfo or plan.second) and not _vps(owned_cards(view, seat))

    def _step_wanted(self, view: GameState, seat: Seat, dst: EmployeeId) -> bool:
        if view.supply.get(dst, 0) <= 0:
            return False  # no card left to train into: the source would wait on the beach
        owned = owned_cards(view, seat)
        if dst == E.NEW_BUSINESS_DEVELOPER:
            return view.round >= 5 and owned[dst] == 0
        if dst in (E.LOCAL_MANAGER, E.DISCOUNT_MANAGER, E.BRAND_MANAGER):
            return owned[dst] == 0
        return True

    # -- marketing -----------------------------------------------------------------------------

    def _campaign_value(self, view: GameState, seat: Seat, probe: Campaign,
                        chances: dict[int, float], leak: float = LEAK) -> float:
        price = unit_price(view, seat)
        value = 0.0
        for house in houses_reached(view, probe):
            if house.kind:  # a module's kind: the tokens a campaign places there (its cap)
                tokens = demand_room(view, house, 1)
            else:
                tokens = min(house.capacity - len(house.demand), 2)
            if tokens <= 0:
                continue
            ch = chances.get(house.number, 0.0)
            gain = price * (2 if house.garden else 1)
            # demand we win pays; demand we create for a rival costs us a part of it
            value += tokens * (ch * gain - leak * (1 - ch) * gain)
        return value

    def _start_campaign(self, view: GameState, seat: Seat, starts: list[Action]) -> Action:
        if view.rules.modules and (a := advice.ask("start_campaign", view, seat, starts)):
            return a  # modules
        """Try every kind of tile the marketeers may launch; keep the best by placement value."""
        seen: dict[tuple[str, CampaignType, int, int], StartCampaign] = {}
        for a in starts:
            assert isinstance(a, StartCampaign)
            tile = view.rules.catalog.campaigns[a.number]
            key = (a.marketeer, tile.type, tile.height, tile.width)
            seen.setdefault(key, a)
        best: Action = Done()
        best_value = 0.0  # a campaign that feeds rivals more than us is not placed
        plan = self.plan(view, seat)
        chances = win_chances(view, seat, good=plan.food, strict=plan.expand)
        for a in seen.values():
            probe = view.clone()
            apply_in_place(probe, seat, a)
            places = legal_actions(probe, seat)
            _, value = self._best_placement(probe, seat, places, chances, plan)
            tile = view.rules.catalog.campaigns[a.number]
            racing = M.FIRST_BILLBOARD in view.milestones_available and not view.players[
                seat
            ].has(M.FIRST_BILLBOARD)
            if tile.type is CampaignType.BILLBOARD and racing and value > 0:
                # eternal campaigns and free marketeer salaries for the rest of the game (a
                # rival's billboard the same round shares it, a round later takes it alone)
                value += 40
            if value > best_value + 1e-9:
                best, best_value = a, value
        if best == Done() and Done() not in legal_actions(view, seat):
            return starts[0]
        return best

    def _best_placement(
        self,
        view: GameState,
        seat: Seat,
        places: Sequence[Action],
        chances: dict[int, float],
        plan: Plan | None = None,
    ) -> tuple[Action, float]:
        w = view.turn.working
        assert w is not None and w.draft is not None
        tile = view.rules.catalog.campaigns[w.draft.number]
        plan = plan or self.plan(view, seat)
        # shut out of every house: demand that partly feeds rivals beats idle marketeers
        leak = 0.0 if plan.expand else LEAK
        best: Action = places[0]
        best_value = -1e9
        for a in places:
            if not isinstance(a, PlaceCampaign):
                continue
            probe = campaign_probe(view, seat, tile, a, plan.food)
            v = self._campaign_value(view, seat, probe, chances, leak)
            if v > best_value + 1e-9:
                best, best_value = a, v
        return best, best_value

    def _place_campaign(self, view: GameState, seat: Seat, places: list[Action]) -> Action:
        plan = self.plan(view, seat)
        chances = win_chances(view, seat, good=plan.food, strict=plan.expand)
        return self._best_placement(view, seat, places, chances, plan)[0]

    def _advert(self, view: GameState, seat: Seat, adverts: list[Action]) -> Action:
        food = self.plan(view, seat).food
        fitting = [a for a in adverts if isinstance(a, ChooseAdvert) and a.good is food]
        pool = fitting or adverts
        return max(pool, key=lambda a: a.duration if isinstance(a, ChooseAdvert) else 0)

    # -- food ------------------------------------------------------------------------------------

    def _cook(self, view: GameState, cooks: list[Action]) -> Action:
        """Cook what the houses we would win still miss after our stock (full baskets)."""
        seat = view.turn.working.seat if view.turn.working is not None else 0
        food = self.plan(view, seat).food
        want: Counter[Good] = Counter()
        for n, ch in win_chances(view, seat).items():
            if ch >= 0.5:
                want.update(view.houses[n].demand)
        stock = view.players[seat].stock
        missing = {g: want[g] - stock.get(g, 0) for g in FOODS}
        demand = _demand_counts(view)

        def key(a: Action) -> tuple[int, int, int]:
            if not isinstance(a, Cook):
                return (-99, 0, 0)
            return (min(missing.get(a.good, 0), 3), int(a.good is food), demand[a.good])

        return max(cooks, key=key)

    def choose(self, view: GameState, seat: Seat, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._plan_memo = None
        try:
            if view.turn.phase is Phase.SETUP_RESERVE:
                return self._reserve(view, seat, legal)
            return super().choose(view, seat, legal)
        finally:
            self._plan_memo = None
