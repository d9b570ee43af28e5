"""New Milestones (ketchup.md 3): 17 new milestones replace the 18 base ones.

Most are claimed when a card of the named type is *used*: it performs a printed function in
Working 9-5, Dinnertime or Payday (a ``CardUsed`` notice; playing, training or paying it is
not use).
Four more are claimed by selling a good in Dinnertime. First marketeer used, First trainer used
and First recruiting girl used carry a "remove after turn 2" marker (``milestone_expiry``).

Effects (ketchup.md 3 table, 3.1), each through an extension point (``fcm.core.extensions``):

- First marketeer used: Dinnertime score -2 (no clamp), +$5 from the bank per demand token your
  campaigns place in Marketing.
- First marketing trainee used: a Kitchen Trainee and an Errand Boy onto your beach.
- First campaign manager used: that turn the manager may launch a second tile of the same
  type, good and duration (it stays on the one that runs longer, as a second shift does).
- First brand manager used: that round a Brand Manager's airplane may carry two different
  goods (``ChooseTwoGoods``, its own action; the claiming airplane too, 19.3), once; in Marketing it
  places good A, then good B, on every house it reaches. The airplanes 4-6 of a game with this
  module are the two-good tiles (same numbers and widths, replacing the base ones, 19.1 row 19).
- First brand director used: every radio you place from then on is eternal (the claiming one
  too, [M]); its director stays busy on it.
- First burger sold: your CEO has 4 slots (whatever the reserve cards say).
- First pizza sold: at the end of that Dinnertime, for each of the first three houses that
  bought pizza (across sellers, in house order), its seller gets a radio #1-3 for pizza, 2
  rounds, on the first empty square next to a road of the house's tile (19.3; the square is a
  documented rule, docs/modules.md), linked to no marketeer.
- First lemonade sold: cards at work may be trained (``TrainAtWork``, ``training.py``) into a
  card of the same colour, with the normal limits; the new card takes the old one's place
  and acts this turn if the old one had not.
- First soda sold: a freezer (as First to throw away), already in this Clean up.
- First recruiting girl used: an Executive Vice President onto your beach, never paid.
- First trainer used: a Trainer onto your beach; at Payday you are never forced to fire:
  cash (then goods) pays whole salaries as far as it goes, the rest is waived (19.3).
- First beer sold: at Payday goods pay, 1 item per salary, what cash cannot (19.3: cash first).
- First discount manager used: $100 leaves the bank (out of the game) at the end of every
  Restructuring in which your price cards at work discount by $3 or more.
- First house built: trainers may be stacked on one card (as First to pay $20), at once.
- First new restaurant: right after the new restaurant, an optional free eternal mailbox
  (``FreeMailbox``: tile #7-10, good of your choice) entirely within its block; ``Done``
  declines. Linked to no marketeer.
- First waitress used: your salaries are $3 per salaried card.
- First cart operator used: cart operators, zeppelin pilots and truck drivers collect twice as
  many drinks per supplier, the claiming haul included.

The pizza radios and the free mailbox carry the milestone they reward (the campaign key
``reward``): no marketeer, no $5 per token (3.1). A two-good airplane carries its second good
(the campaign key ``second_good``, written into its events).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from fcm.core import bank, milestones
from fcm.core.actions import Action, ChooseAdvert, Done
from fcm.core.company import board_of, occupied_squares, restaurant_cells, shifts
from fcm.core.errors import Reason, ScenarioError
from fcm.core.events import EventKind, EventLog
from fcm.core.extensions import (
    CardUsed,
    Decision,
    DemandPlaced,
    Extensions,
    GoodsPayment,
    HouseSold,
    LaunchRules,
    ModuleKey,
    Moment,
    Notice,
    Offer,
    SeatRules,
    StepActions,
)
from fcm.core.geometry import campaign_cells
from fcm.core.phases.working import campaigns
from fcm.core.phases.working.common import rule
from fcm.core.state import Campaign, GameState, House, WorkingTurn, WorkStep
from fcm.core.types import (
    BASE_GOODS,
    MILESTONE_IDS,
    CampaignType,
    Cell,
    EmployeeId,
    Good,
    MilestoneId,
    Seat,
)
from fcm.modules._data import add_milestones, base_milestone_ids, ketchup_file
from fcm.modules.new_milestones import ids, training
from fcm.modules.new_milestones.actions import (
    ACTIONS,
    ChooseTwoGoods,
    FreeMailbox,
    PaySalary,
    TrainAtWork,
)
from fcm.modules.new_milestones.events import (
    EVENT_FIELDS,
    EVENTS,
    MILESTONE_CAMPAIGN,
    MILESTONE_INCOME,
    MONEY_LEFT_GAME,
    MilestoneCampaign,
)
from fcm.rulesets import Module, known_modules

ID = "new_milestones"
SECOND_GOOD = "second_good"  # a campaign key: a two-good airplane's second good
# a turn key: the items the paying chain has chosen so far to pay salaries with (Payday)
SALARY_GOODS = "salary_goods"
REWARD = "reward"  # a campaign key: the milestone whose reward the campaign is
_CAMPAIGNS = WorkStep.CAMPAIGNS
M = MilestoneId
E = EmployeeId

# The card whose use claims a milestone (the card named on it).
USED_BY: dict[EmployeeId, MilestoneId] = {
    E.MARKETING_TRAINEE: ids.FIRST_MARKETING_TRAINEE_USED,
    E.CAMPAIGN_MANAGER: ids.FIRST_CAMPAIGN_MANAGER_USED,
    E.BRAND_MANAGER: ids.FIRST_BRAND_MANAGER_USED,
    E.BRAND_DIRECTOR: ids.FIRST_BRAND_DIRECTOR_USED,
    E.RECRUITING_GIRL: ids.FIRST_RECRUITING_GIRL_USED,
    E.TRAINER: ids.FIRST_TRAINER_USED,
    E.DISCOUNT_MANAGER: ids.FIRST_DISCOUNT_MANAGER_USED,
    E.NEW_BUSINESS_DEVELOPER: ids.FIRST_HOUSE_BUILT,
    E.LOCAL_MANAGER: ids.FIRST_NEW_RESTAURANT,
    E.REGIONAL_MANAGER: ids.FIRST_NEW_RESTAURANT,
    E.WAITRESS: ids.FIRST_WAITRESS_USED,
    E.CART_OPERATOR: ids.FIRST_CART_OPERATOR_USED,
}
# why a milestone was claimed, as every player reads it (of any chain, a bot's too)
WHAT: dict[MilestoneId, str] = {
    ids.FIRST_MARKETEER_USED: "its marketeer placed a campaign",
    ids.FIRST_MARKETING_TRAINEE_USED: "its Marketing Trainee placed a billboard",
    ids.FIRST_CAMPAIGN_MANAGER_USED: "its Campaign Manager placed a campaign",
    ids.FIRST_BRAND_MANAGER_USED: "its Brand Manager placed a campaign",
    ids.FIRST_BRAND_DIRECTOR_USED: "its Brand Director placed a campaign",
    ids.FIRST_RECRUITING_GIRL_USED: "it hired with a Recruiting Girl at work",
    ids.FIRST_TRAINER_USED: "its Trainer trained",
    ids.FIRST_DISCOUNT_MANAGER_USED: "its Discount Manager's price applied",
    ids.FIRST_HOUSE_BUILT: "its New Business Developer placed a house",
    ids.FIRST_NEW_RESTAURANT: "it placed a new restaurant",
    ids.FIRST_WAITRESS_USED: "its Waitress earned tips",
    ids.FIRST_CART_OPERATOR_USED: "its Cart Operator collected drinks",
}
# the other reasons the log gives in English (the texts say them per language: texts.py)
SOLD_WHY = "you sold {good} to house {house}"
NO_RADIO = "no radio tile is left"
NO_RADIO_SQUARE = "its tile has no empty square next to a road"
NO_MAILBOX = "no mailbox tile is left or its block has no legal place"
SOLD: dict[Good, MilestoneId] = {
    Good.BURGER: ids.FIRST_BURGER_SOLD,
    Good.PIZZA: ids.FIRST_PIZZA_SOLD,
    Good.LEMONADE: ids.FIRST_LEMONADE_SOLD,
    Good.BEER: ids.FIRST_BEER_SOLD,
    Good.SODA: ids.FIRST_SODA_SOLD,
}
GIFTS: dict[MilestoneId, tuple[EmployeeId, ...]] = {
    ids.FIRST_MARKETING_TRAINEE_USED: (E.KITCHEN_TRAINEE, E.ERRAND_BOY),
    ids.FIRST_RECRUITING_GIRL_USED: (E.EXECUTIVE_VICE_PRESIDENT,),
    ids.FIRST_TRAINER_USED: (E.TRAINER,),
}
DOUBLED_BUYERS = frozenset({E.CART_OPERATOR, E.ZEPPELIN_PILOT, E.TRUCK_DRIVER})
TOKEN_BONUS = 5
MARKETEER_SCORE = -2
CEO_SLOTS = 4
SALARY = 3
BURN = 100
BURN_FROM = 3
PIZZA_RADIOS = 3  # First pizza sold: radios for the first three pizza-buying houses
PIZZA_RADIO_DURATION = 2
RESTAURANT_PLACERS = frozenset({E.LOCAL_MANAGER, E.REGIONAL_MANAGER})


def _milestones() -> list[dict[str, Any]]:
    return [m for m in ketchup_file("milestones.json")["milestones"] if m["module"] == ID]


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    """Remove the base set (keeping other modules' milestones), add the new one."""
    ms = raw["milestones.json"]
    base = base_milestone_ids()  # a module's own milestones stay, wherever its data lives
    ms["milestones"] = [m for m in ms["milestones"] if m["id"] not in base]
    ms["total_copies"] = sum(m["copies"] for m in ms["milestones"])
    add_milestones(raw, ID)


def _claim(state: GameState, seat: Seat, milestone: MilestoneId, log: EventLog, why: str) -> bool:
    if not milestones.claim(state, seat, milestone, log, reason=why):
        return False
    p = state.players[seat]
    for card in GIFTS.get(milestone, ()):
        spec = state.rules.catalog.employees[card]
        owned = [*p.hand, *p.at_work, *p.beach, *state.busy_marketeers(seat)]
        if state.supply.get(card, 0) <= 0 or (spec.unique and card in owned):
            # None left in the supply (or a 1x card you own already): none (reading, docs).
            log.add(
                EventKind.MILESTONE_GIFT, seat=seat, milestone=milestone, employee=card, count=0
            )
            continue
        state.supply[card] -= 1
        p.beach.append(card)
        p.beach.sort()
        log.add(EventKind.MILESTONE_GIFT, seat=seat, milestone=milestone, employee=card, count=1)
    return True


def used(state: GameState, seat: Seat, card: EmployeeId, log: EventLog) -> None:
    if card in state.rules.marketeers:
        _claim(state, seat, ids.FIRST_MARKETEER_USED, log, WHAT[ids.FIRST_MARKETEER_USED])
    milestone = USED_BY.get(card)
    claimed = milestone is not None and _claim(state, seat, milestone, log, WHAT[milestone])
    if card == E.CAMPAIGN_MANAGER:
        _second_tile(state, seat, claimed)
    if claimed and card in RESTAURANT_PLACERS:
        _offer_free_mailbox(state, seat, log)


def _second_tile(state: GameState, seat: Seat, claimed: bool) -> None:
    """First campaign manager used: this turn the manager may launch one more tile of the same
    type, good and duration (``module_data["new_milestones"]["second_tile"]``, gone once used
    or at the next Restructuring; the manager is linked to both, as a card's second shift)."""
    turn = state.turn.working
    assert turn is not None
    if claimed:
        camp = max(
            (
                c
                for c in state.campaigns.values()
                if c.owner == seat and c.placed_round == state.round
                and c.marketeer == E.CAMPAIGN_MANAGER
            ),
            key=lambda c: c.number,
        )
        state.module_data.setdefault(ID, {})["second_tile"] = {
            "seat": seat,
            "round": state.round,
            "type": camp.kind.value,
            "good": camp.good.value,
            "duration": camp.remaining,
        }
        turn.unused.append(E.CAMPAIGN_MANAGER)
        turn.unused.sort()
        return
    data = state.module_data.get(ID)
    if data and "second_tile" in data and E.CAMPAIGN_MANAGER not in turn.unused:
        del data["second_tile"]  # the second tile is placed
        if not data:
            del state.module_data[ID]


def campaign_limit(
    state: GameState, turn: WorkingTurn, marketeer: EmployeeId
) -> tuple[CampaignType, Good, int] | None:
    if marketeer != E.CAMPAIGN_MANAGER:
        return None
    pending = state.module_data.get(ID, {}).get("second_tile")
    if not pending or pending["seat"] != turn.seat or pending["round"] != state.round:
        return None
    if turn.unused.count(E.CAMPAIGN_MANAGER) != 1:
        return None  # another Campaign Manager's own launch comes first
    return (CampaignType(pending["type"]), Good(pending["good"]), int(pending["duration"]))


def sold(state: GameState, seat: Seat, house: House, goods: Counter[Good], log: EventLog) -> None:
    """What the chain sold claims (not the demand: sushi or noodles replace it, 6 and 7)."""
    for good in sorted(g for g, n in goods.items() if n > 0):
        milestone = SOLD.get(good)
        if milestone is not None:
            _claim(state, seat, milestone, log,
                   SOLD_WHY.format(good=good.value, house=house.number))
    if goods[Good.PIZZA] > 0 and _pizza_round(state):
        # First pizza sold: the first three pizza-buying houses of the Dinnertime in which it
        # is claimed, across all sellers, in house order (ketchup.md 3.1, 19.3).
        pending = state.module_data.setdefault(ID, {}).setdefault("pizza_radios", [])
        if len(pending) < PIZZA_RADIOS:
            pending.append([house.number, seat])


def _pizza_round(state: GameState) -> bool:
    """First pizza sold was claimed in this round (by anyone)."""
    return any(
        p.milestones.get(ids.FIRST_PIZZA_SOLD) == state.round for p in state.players
    )


def dinnertime_end(state: GameState, log: EventLog) -> None:
    """First pizza sold: its radios are placed at the end of Dinnertime (ketchup.md 18 step
    6), one per pending house, by the chain that sold it pizza."""
    data = state.module_data.get(ID)
    if not data or "pizza_radios" not in data:
        return
    pending = data.pop("pizza_radios")
    if not data:
        del state.module_data[ID]
    for number, seat in pending:
        _pizza_radio(state, int(seat), state.houses[int(number)], log)


def pizza_radio_square(state: GameState, house: House) -> Cell | None:
    """Where a First pizza sold radio for ``house`` goes: an empty square next to a road on a
    tile the house lies on. The rulebook leaves the square to the seller; a radio reaches its
    tile and the 8 around it wherever it lies on the tile, so the engine takes the first legal
    square (tiles in (row, col) order, squares in the board's order) rather than asking
    (reading, docs/modules.md)."""
    board = board_of(state)
    occupied = occupied_squares(state)
    for tile in sorted(board.tiles_of(house.cells)):
        squares = frozenset(board.tile_cells(tile))
        for cell, _ in board.iter_campaign_placements(1, 1, occupied, allowed_squares=squares):
            return cell
    return None


def _pizza_radio(state: GameState, seat: Seat, house: House, log: EventLog) -> None:
    free = sorted(
        n for n in state.campaign_supply
        if state.rules.catalog.campaigns[n].type is CampaignType.RADIO
    )
    cell = pizza_radio_square(state, house) if free else None
    why = NO_RADIO if not free else NO_RADIO_SQUARE
    number = free[0] if cell is not None else None
    if number is not None and cell is not None:
        state.campaigns[number] = Campaign(
            number=number,
            kind=CampaignType.RADIO,
            owner=seat,
            good=Good.PIZZA,
            marketeer="",
            remaining=PIZZA_RADIO_DURATION,
            eternal=False,  # never permanent (ketchup.md 3.1)
            placed_round=state.round,
            cells=(cell,),
            extras={REWARD: str(ids.FIRST_PIZZA_SOLD)},
        )
        state.campaign_supply.remove(number)
    placed = log_campaign(
        state, seat, ids.FIRST_PIZZA_SOLD, number, CampaignType.RADIO, Good.PIZZA,
        () if cell is None else (cell,), PIZZA_RADIO_DURATION, eternal=False,
    )
    placed["house"] = house.number
    if number is None:
        placed["why"] = why
    log.emit(MILESTONE_CAMPAIGN, **placed)


def log_campaign(
    state: GameState,
    seat: Seat,
    milestone: MilestoneId,
    number: int | None,
    kind: CampaignType,
    good: Good | None,
    cells: tuple[Cell, ...],
    duration: int,
    *,
    eternal: bool,
) -> MilestoneCampaign:
    """The ``milestone_campaign`` event's data (the caller adds to it and logs it)."""
    return MilestoneCampaign(
        seat=seat,
        milestone=milestone,
        number=number,
        campaign_type=kind.value,
        good=None if good is None else good.value,
        cells=[list(c) for c in cells],
        duration=duration,
        eternal=eternal,
    )


# -- First new restaurant: the free mailbox ---------------------------------------------------


def _offer_free_mailbox(state: GameState, seat: Seat, log: EventLog) -> None:
    """First new restaurant: its holder may now build a free eternal mailbox in the new
    restaurant's block (optional: ``Done`` declines; ketchup.md 3, 3.1)."""
    restaurant = max(
        (r for r in state.restaurants if r.owner == seat), key=lambda r: r.number
    )
    if not free_mailboxes(state, seat, restaurant.number):
        event = log_campaign(
            state, seat, ids.FIRST_NEW_RESTAURANT, None, CampaignType.MAILBOX, None, (), 1,
            eternal=True,
        )
        event["restaurant"] = restaurant.number
        event["why"] = NO_MAILBOX
        log.emit(MILESTONE_CAMPAIGN, **event)
        return
    state.module_data.setdefault(ID, {})["free_mailbox"] = {
        "seat": seat,
        "restaurant": restaurant.number,
    }


def free_mailboxes(state: GameState, seat: Seat, restaurant: int) -> list[FreeMailbox]:
    """Every free mailbox the holder may build: a free mailbox tile from the supply, entirely
    within the block of restaurant ``restaurant``, on empty squares, one next to a road, any
    good."""
    r = next(x for x in state.restaurants if x.owner == seat and x.number == restaurant)
    board = board_of(state)
    block = board.mailbox_reach(restaurant_cells(r.cell))
    occupied = occupied_squares(state)
    out: list[FreeMailbox] = []
    for number in sorted(state.campaign_supply):
        tile = state.rules.catalog.campaigns[number]
        if tile.type is not CampaignType.MAILBOX:
            continue
        for cell, orientation in board.iter_campaign_placements(
            tile.height, tile.width, occupied, allowed_squares=block
        ):
            cells = campaign_cells(cell, tile.height, tile.width, orientation)
            if orientation is None and block.issuperset(cells):
                out.extend(FreeMailbox(number, cell, good) for good in state.rules.marketable)
    return out


def pending_options(state: GameState, turn: WorkingTurn) -> list[Action] | None:
    pending = state.module_data.get(ID, {}).get("free_mailbox")
    if not pending or pending["seat"] != turn.seat:
        return None
    return list(free_mailboxes(state, turn.seat, int(pending["restaurant"])))


def pending_act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> bool:
    data = state.module_data.get(ID, {})
    pending = data.get("free_mailbox")
    if not pending or pending["seat"] != turn.seat:
        return False
    if not isinstance(action, FreeMailbox | Done):
        return False
    del data["free_mailbox"]
    if not data:
        del state.module_data[ID]
    seat, restaurant = turn.seat, int(pending["restaurant"])
    if isinstance(action, Done):
        event = log_campaign(
            state, seat, ids.FIRST_NEW_RESTAURANT, None, CampaignType.MAILBOX, None, (), 1,
            eternal=True,
        )
        event["why"] = "declined"
    else:
        tile = state.rules.catalog.campaigns[action.number]
        cells = campaign_cells(action.cell, tile.height, tile.width, None)
        state.campaigns[action.number] = Campaign(
            number=action.number,
            kind=CampaignType.MAILBOX,
            owner=seat,
            good=action.good,
            marketeer="",
            remaining=1,
            eternal=True,
            placed_round=state.round,
            cells=cells,
            extras={REWARD: str(ids.FIRST_NEW_RESTAURANT)},
        )
        state.campaign_supply.remove(action.number)
        event = log_campaign(
            state, seat, ids.FIRST_NEW_RESTAURANT, action.number, CampaignType.MAILBOX,
            action.good, cells, 1, eternal=True,
        )
    event["restaurant"] = restaurant
    log.emit(MILESTONE_CAMPAIGN, **event)
    return True


# -- First brand manager used: the two-good airplane ------------------------------------------


def _two_goods(state: GameState, seat: Seat, marketeer: EmployeeId, kind: CampaignType) -> bool:
    """In the round its holder claims First brand manager used (the claiming airplane too,
    19.3; a same-round second claimer as well), a Brand Manager's airplane may carry two
    different goods, once (ketchup.md 3, 3.1)."""
    if marketeer != E.BRAND_MANAGER or kind is not CampaignType.AIRPLANE:
        return False
    claimed = state.players[seat].milestones.get(ids.FIRST_BRAND_MANAGER_USED)
    if claimed != state.round and not milestones.can_claim(
        state, seat, ids.FIRST_BRAND_MANAGER_USED
    ):
        return False
    return not any(
        c.owner == seat and SECOND_GOOD in c.extras and c.placed_round == state.round
        for c in state.campaigns.values()
    )


def two_goods_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """The placed airplane's two-good adverts (after the one-good ones): two different goods
    (19.1 row 1), for any duration the campaign may run."""
    draft = turn.draft
    if draft is None or (draft.cells is None and draft.edge is None):
        return
    if campaigns.campaign_limit(state, turn, draft.marketeer) is not None:
        return
    kind = state.rules.catalog.campaigns[draft.number].type
    if not _two_goods(state, turn.seat, draft.marketeer, kind):
        return
    durations = campaigns.advert_durations(state, turn, draft)
    goods = state.rules.marketable
    for good in goods:
        for second in goods:
            if second is not good:
                for d in durations:
                    yield ChooseTwoGoods(good, d, second)


def two_goods_act(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    assert isinstance(action, ChooseTwoGoods)
    campaigns.launch(
        state, turn, ChooseAdvert(action.good, action.duration), log,
        extras={SECOND_GOOD: action.second_good.value},
    )


def two_goods_why(state: GameState, turn: WorkingTurn, action: Action) -> str | None:
    assert isinstance(action, ChooseTwoGoods)
    one = ChooseAdvert(action.good, action.duration)
    draft = turn.draft
    if draft is None or (draft.cells is None and draft.edge is None):
        return campaigns.explain(state, turn, one)
    if campaigns.campaign_limit(state, turn, draft.marketeer) is not None:
        return campaigns.explain(state, turn, one)
    for good in (action.good, action.second_good):
        refused = campaigns.unmarketable(state, good)
        if refused is not None:
            return refused
    if action.second_good is action.good:
        return rule(_CAMPAIGNS, Reason(
            "new_milestones.two_goods_differ",
            "a two-good airplane carries two different goods (ketchup.md 3)"))
    kind = state.rules.catalog.campaigns[draft.number].type
    if not _two_goods(state, turn.seat, draft.marketeer, kind):
        return rule(_CAMPAIGNS, Reason(
            "new_milestones.two_goods_only",
            "only an airplane placed by a Brand Manager in the round its owner claims First "
            "brand manager used carries two goods, once (ketchup.md 3)",
        ))
    return campaigns.explain(state, turn, one)


def advertised(state: GameState, camp: Campaign, goods: tuple[Good, ...]) -> tuple[Good, ...]:
    """A two-good airplane places good A, then good B, on every house it reaches."""
    second = camp.extras.get(SECOND_GOOD)
    return goods if second is None else (*goods, Good(second))


def _parse_second_good(
    where: str, raw: Any, record: Mapping[str, Any], state: GameState
) -> str | None:
    """A scenario's two-good airplane: its second good, another base good."""
    if raw is None:
        return None
    tile = state.rules.catalog.campaigns.get(record.get("number"))  # type: ignore[arg-type]
    if tile is None or tile.type is not CampaignType.AIRPLANE:
        raise ScenarioError(f"scenario {where}.second_good: only an airplane carries two goods")
    if raw not in BASE_GOODS:
        allowed = ", ".join(g.value for g in BASE_GOODS)
        raise ScenarioError(f"scenario {where}.second_good: must be one of {allowed}; got {raw!r}")
    if raw == record.get("good"):
        raise ScenarioError(
            f"scenario {where}.second_good: a two-good airplane carries two different goods"
        )
    return str(raw)


def _parse_reward(
    where: str, raw: Any, record: Mapping[str, Any], state: GameState
) -> str | None:
    """The milestone whose reward a campaign is (placed by no marketeer): one of the game's."""
    if raw is None:
        return None
    milestone = MILESTONE_IDS.get(raw) if isinstance(raw, str) else None
    if milestone is None or milestone not in state.rules.catalog.milestones:
        raise ScenarioError(f"scenario {where}.reward: {raw!r} is no milestone of this game")
    if record.get("marketeer"):
        raise ScenarioError(f"scenario {where}.marketeer: a milestone's campaign has no marketeer")
    return str(milestone)


def score(state: GameState, seat: Seat) -> int:
    return MARKETEER_SCORE if state.players[seat].has(ids.FIRST_MARKETEER_USED) else 0


def demand_placed(
    state: GameState, camp: Campaign, house: House, placed: int, log: EventLog
) -> None:
    """First marketeer used: $5 from the bank per token of a campaign its holder's marketeer
    placed (a milestone's radios and free mailbox pay nothing, ketchup.md 3.1)."""
    if placed <= 0 or REWARD in camp.extras:
        return
    if not state.players[camp.owner].has(ids.FIRST_MARKETEER_USED):
        return
    amount = TOKEN_BONUS * placed
    log.emit(
        MILESTONE_INCOME,
        seat=camp.owner,
        milestone=ids.FIRST_MARKETEER_USED,
        house=house.number,
        campaign=camp.number,
        tokens=placed,
        amount=amount,
    )
    bank.pay_player(state, camp.owner, amount, log, reason=ids.FIRST_MARKETEER_USED)


def eternal(
    state: GameState, seat: Seat, kind: CampaignType, marketeer: EmployeeId | None
) -> bool:
    if kind is not CampaignType.RADIO:
        return False
    if state.players[seat].has(ids.FIRST_BRAND_DIRECTOR_USED):
        return True
    # The radio that claims it is eternal too (ketchup.md 3.1 [M]).
    return marketeer == E.BRAND_DIRECTOR and milestones.can_claim(
        state, seat, ids.FIRST_BRAND_DIRECTOR_USED
    )


def ceo_slots(state: GameState, seat: Seat) -> int | None:
    return CEO_SLOTS if state.players[seat].has(ids.FIRST_BURGER_SOLD) else None


def freezer(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(ids.FIRST_SODA_SOLD)


def salary_each(state: GameState, seat: Seat) -> int | None:
    return SALARY if state.players[seat].has(ids.FIRST_WAITRESS_USED) else None


def salary_free(state: GameState, seat: Seat) -> list[EmployeeId]:
    p = state.players[seat]
    return [E.EXECUTIVE_VICE_PRESIDENT] if p.has(ids.FIRST_RECRUITING_GIRL_USED) else []


def stacking(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(ids.FIRST_HOUSE_BUILT)


def discount(state: GameState, seat: Seat) -> int:
    """The price reduction of a chain's price cards at work (Pricing -1, Discount -3 each;
    a second shift counts again; Luxuries +$10 does not offset it, ketchup.md 3.1)."""
    employees = state.rules.catalog.employees
    return sum(
        -employees[c].price_modifier * shifts(state, seat, c)
        for c in state.players[seat].at_work
        if employees[c].price_modifier < 0
    )


def restructuring_end(state: GameState, log: EventLog) -> None:
    """First discount manager used: $100 leaves the bank for every holder discounting by $3
    or more this round (in turn order)."""
    data = state.module_data.get(ID)
    if data is not None:  # an unused second tile cannot be saved
        data.pop("second_tile", None)
        if not data:
            del state.module_data[ID]
    for seat in state.turn_order:
        if not state.players[seat].has(ids.FIRST_DISCOUNT_MANAGER_USED):
            continue
        cut = discount(state, seat)
        if cut < BURN_FROM:
            continue
        left = bank.remove(state, seat, BURN, log)
        log.emit(
            MONEY_LEFT_GAME,
            seat=seat,
            milestone=ids.FIRST_DISCOUNT_MANAGER_USED,
            discount=cut,
            amount=left,
            bank=state.bank,
        )


def salary_goods(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(ids.FIRST_BEER_SOLD)


def never_fire(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(ids.FIRST_TRAINER_USED)


def react(state: GameState, notice: Notice, log: EventLog) -> None:
    if isinstance(notice, CardUsed):
        used(state, notice.seat, notice.card, log)
    elif isinstance(notice, HouseSold):
        sold(state, notice.seat, notice.house, notice.goods, log)
    elif isinstance(notice, DemandPlaced):
        demand_placed(state, notice.campaign, notice.house, notice.placed, log)


_DOUBLED = {card: 2 for card in DOUBLED_BUYERS}


def seat_rules(state: GameState, seat: Seat, rules: SeatRules) -> SeatRules:
    """The milestones' lasting effects on their holder (ketchup.md 3)."""
    p = state.players[seat]
    if not any(m in p.milestones for m in _SEAT_MILESTONES):
        return rules
    return SeatRules(  # every field (dataclasses.replace is slow, and asked on every salary)
        ceo_slots=ceo_slots(state, seat) or rules.ceo_slots,
        freezer=rules.freezer or freezer(state, seat),
        salary_each=salary_each(state, seat) or rules.salary_each,
        salary_free=(*rules.salary_free, *salary_free(state, seat)),
        pays_with_goods=rules.pays_with_goods or salary_goods(state, seat),
        never_fire=rules.never_fire or never_fire(state, seat),
        stacking=rules.stacking or stacking(state, seat),
        drinks_factor=(
            {**rules.drinks_factor, **_DOUBLED}
            if p.has(ids.FIRST_CART_OPERATOR_USED)
            else rules.drinks_factor
        ),
        freezer_limits=rules.freezer_limits,
    )


_SEAT_MILESTONES = (
    ids.FIRST_BURGER_SOLD,
    ids.FIRST_SODA_SOLD,
    ids.FIRST_WAITRESS_USED,
    ids.FIRST_RECRUITING_GIRL_USED,
    ids.FIRST_BEER_SOLD,
    ids.FIRST_TRAINER_USED,
    ids.FIRST_HOUSE_BUILT,
    ids.FIRST_CART_OPERATOR_USED,
)


def offer(state: GameState, seat: Seat, terms: Offer) -> Offer:
    add = score(state, seat)
    return replace(terms, adjust=terms.adjust + add) if add else terms


def launch(
    state: GameState,
    seat: Seat,
    marketeer: EmployeeId | None,
    kind: CampaignType | None,
    rules: LaunchRules,
) -> LaunchRules:
    turn = state.turn.working
    bound = None
    if marketeer is not None and turn is not None and turn.seat == seat:
        bound = campaign_limit(state, turn, marketeer)
    if kind is None:
        return rules if bound is None else replace(rules, bound=bound)
    return replace(
        rules,
        eternal=rules.eternal or eternal(state, seat, kind, marketeer),
        bound=bound or rules.bound,
    )


def module() -> Module:
    expiry = {
        MILESTONE_IDS[m["id"]]: int(m["remove_after_round"])
        for m in _milestones()
        if "remove_after_round" in m
    }
    return Module(
        info=known_modules()[ID],
        data=_data,
        extensions=Extensions(
            at=(
                (Moment.RESTRUCTURING_END, restructuring_end),
                (Moment.DINNERTIME_END, dinnertime_end),
            ),
            react=(react,),
            seat_rules=(seat_rules,),
            offer=(offer,),
            launch=(launch,),
            advertised=(advertised,),
            step_actions=(
                StepActions(
                    WorkStep.TRAIN, (TrainAtWork.type,), training.options, training.act,
                    training.explain,
                ),
                StepActions(
                    _CAMPAIGNS, (ChooseTwoGoods.type,), two_goods_options, two_goods_act,
                    two_goods_why,
                ),
            ),
            decisions=(
                Decision(
                    pending_options,
                    pending_act,
                    # typed: the module's catalog says them (why.new_milestones.*)
                    pending_why=Reason(
                        "new_milestones.mailbox_pending",
                        "Working 9–5: first build First new restaurant's free mailbox (an empty "
                        "square next to a road, entirely within the new restaurant's block) or "
                        "decline it (done) (ketchup.md 3)",
                    ),
                    outside_why={
                        FreeMailbox.type: Reason(
                            "new_milestones.mailbox_outside",
                            "Working 9–5: a free mailbox is built only as First new "
                            "restaurant's reward, right after its new restaurant (ketchup.md 3)",
                        )
                    },
                ),
            ),
            payday_goods=(
                GoodsPayment(
                    action=PaySalary,
                    item=lambda a: a.good if isinstance(a, PaySalary) else None,
                    rule="salaries in goods (First beer sold, ketchup.md 3, 3.1, 19.3)",
                    key=SALARY_GOODS,
                ),
            ),
        ),
        milestone_expiry=expiry,
        actions=ACTIONS,
        events=EVENTS,
        event_fields=EVENT_FIELDS,
        keys=(
            ModuleKey("campaign", SECOND_GOOD, _parse_second_good, in_events=True),
            ModuleKey("campaign", REWARD, _parse_reward),
            ModuleKey("working", training.KEY),
            ModuleKey("turn", SALARY_GOODS),
        ),
    )
