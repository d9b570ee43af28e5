"""New Milestones (ketchup.md 3): 17 new milestones replace the 18 base ones.

Most are claimed when a card of the named type is *used*: it performs a printed function in
Working 9-5, Dinnertime or Payday (``Hooks.used``; playing, training or paying it is not use).
Four more are claimed by selling a good in Dinnertime. First marketeer used, First trainer used
and First recruiting girl used carry a "remove after turn 2" marker (``milestone_expiry``).

Effects (ketchup.md 3 table, 3.1), each a hook of this module:

- First marketeer used: Dinnertime score -2 (no clamp), +$5 from the bank per demand token your
  campaigns place in Marketing.
- First marketing trainee used: a Kitchen Trainee and an Errand Boy onto your beach.
- First campaign manager used: that turn the manager may launch a second tile of the same
  type, good and duration (it stays on the one that runs longer, as a second shift does).
- First brand director used: every radio you place from then on is eternal (the claiming one
  too, [M]); its director stays busy on it.
- First burger sold: your CEO has 4 slots (whatever the reserve cards say).
- First soda sold: a freezer (as First to throw away), already in this Clean up.
- First recruiting girl used: an Executive Vice President onto your beach, never paid.
- First trainer used: a Trainer onto your beach; at Payday you are never forced to fire:
  cash (then goods) pays whole salaries as far as it goes, the rest is waived (19.3).
- First beer sold: at Payday goods pay, 1 item per salary, what cash cannot (19.3: cash first).
- First discount manager used: $100 leaves the bank (out of the game) at the end of every
  Restructuring in which your price cards at work discount by $3 or more.
- First house built: trainers may be stacked on one card (as First to pay $20), at once.
- First waitress used: your salaries are $3 per salaried card.
- First cart operator used: cart operators, zeppelin pilots and truck drivers collect twice as
  many drinks per supplier, the claiming haul included.

Not implemented yet (the milestone is claimed, its effect does not act; docs/modules.md):
First brand manager used (two-good airplane), First
pizza sold (radios), First lemonade sold (training at work), First new restaurant (free
mailbox).
"""

from __future__ import annotations

from typing import Any

from fcm.core import bank, milestones
from fcm.core.company import shifts
from fcm.core.events import EventKind, EventLog
from fcm.core.ruleset import Hooks, Module, known_modules
from fcm.core.state import Campaign, GameState, House, WorkingTurn
from fcm.core.types import MILESTONE_IDS, CampaignType, EmployeeId, Good, MilestoneId, Seat
from fcm.modules._data import add_milestones, ketchup_file

ID = "new_milestones"
M = MilestoneId
E = EmployeeId

# The card whose use claims a milestone (the card named on it).
USED_BY: dict[EmployeeId, MilestoneId] = {
    E.MARKETING_TRAINEE: M.FIRST_MARKETING_TRAINEE_USED,
    E.CAMPAIGN_MANAGER: M.FIRST_CAMPAIGN_MANAGER_USED,
    E.BRAND_MANAGER: M.FIRST_BRAND_MANAGER_USED,
    E.BRAND_DIRECTOR: M.FIRST_BRAND_DIRECTOR_USED,
    E.RECRUITING_GIRL: M.FIRST_RECRUITING_GIRL_USED,
    E.TRAINER: M.FIRST_TRAINER_USED,
    E.DISCOUNT_MANAGER: M.FIRST_DISCOUNT_MANAGER_USED,
    E.NEW_BUSINESS_DEVELOPER: M.FIRST_HOUSE_BUILT,
    E.LOCAL_MANAGER: M.FIRST_NEW_RESTAURANT,
    E.REGIONAL_MANAGER: M.FIRST_NEW_RESTAURANT,
    E.WAITRESS: M.FIRST_WAITRESS_USED,
    E.CART_OPERATOR: M.FIRST_CART_OPERATOR_USED,
}
WHAT: dict[MilestoneId, str] = {
    M.FIRST_MARKETEER_USED: "your marketeer placed a campaign",
    M.FIRST_MARKETING_TRAINEE_USED: "your Marketing Trainee placed a billboard",
    M.FIRST_CAMPAIGN_MANAGER_USED: "your Campaign Manager placed a campaign",
    M.FIRST_BRAND_MANAGER_USED: "your Brand Manager placed a campaign",
    M.FIRST_BRAND_DIRECTOR_USED: "your Brand Director placed a campaign",
    M.FIRST_RECRUITING_GIRL_USED: "you hired with a Recruiting Girl at work",
    M.FIRST_TRAINER_USED: "your Trainer trained",
    M.FIRST_DISCOUNT_MANAGER_USED: "your Discount Manager's price applied",
    M.FIRST_HOUSE_BUILT: "your New Business Developer placed a house",
    M.FIRST_NEW_RESTAURANT: "you placed a new restaurant",
    M.FIRST_WAITRESS_USED: "your Waitress earned tips",
    M.FIRST_CART_OPERATOR_USED: "your Cart Operator collected drinks",
}
SOLD: dict[Good, MilestoneId] = {
    Good.BURGER: M.FIRST_BURGER_SOLD,
    Good.PIZZA: M.FIRST_PIZZA_SOLD,
    Good.LEMONADE: M.FIRST_LEMONADE_SOLD,
    Good.BEER: M.FIRST_BEER_SOLD,
    Good.SODA: M.FIRST_SODA_SOLD,
}
GIFTS: dict[MilestoneId, tuple[EmployeeId, ...]] = {
    M.FIRST_MARKETING_TRAINEE_USED: (E.KITCHEN_TRAINEE, E.ERRAND_BOY),
    M.FIRST_RECRUITING_GIRL_USED: (E.EXECUTIVE_VICE_PRESIDENT,),
    M.FIRST_TRAINER_USED: (E.TRAINER,),
}
DOUBLED_BUYERS = frozenset({E.CART_OPERATOR, E.ZEPPELIN_PILOT, E.TRUCK_DRIVER})
TOKEN_BONUS = 5
MARKETEER_SCORE = -2
CEO_SLOTS = 4
SALARY = 3
BURN = 100
BURN_FROM = 3


def _milestones() -> list[dict[str, Any]]:
    return [m for m in ketchup_file("milestones.json")["milestones"] if m["module"] == ID]


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    """Remove the base set (keeping other modules' milestones), add the new one."""
    ms = raw["milestones.json"]
    modules = {m["id"] for m in ketchup_file("milestones.json")["milestones"]}
    ms["milestones"] = [m for m in ms["milestones"] if m["id"] in modules]
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
        _claim(state, seat, M.FIRST_MARKETEER_USED, log, WHAT[M.FIRST_MARKETEER_USED])
    milestone = USED_BY.get(card)
    claimed = milestone is not None and _claim(state, seat, milestone, log, WHAT[milestone])
    if card == E.CAMPAIGN_MANAGER:
        _second_tile(state, seat, claimed)


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


def sold(state: GameState, seat: Seat, house: House, log: EventLog) -> None:
    for good in sorted(set(house.demand)):
        milestone = SOLD.get(good)
        if milestone is not None:
            _claim(state, seat, milestone, log, f"you sold {good.value} to house {house.number}")


def score(state: GameState, seat: Seat) -> int:
    return MARKETEER_SCORE if state.players[seat].has(M.FIRST_MARKETEER_USED) else 0


def demand_placed(
    state: GameState, camp: Campaign, house: House, placed: int, log: EventLog
) -> None:
    """First marketeer used: $5 from the bank per token (every campaign of these modules is
    placed by a marketeer)."""
    if placed <= 0 or not state.players[camp.owner].has(M.FIRST_MARKETEER_USED):
        return
    amount = TOKEN_BONUS * placed
    log.add(
        EventKind.MILESTONE_INCOME,
        seat=camp.owner,
        milestone=M.FIRST_MARKETEER_USED,
        house=house.number,
        campaign=camp.number,
        tokens=placed,
        amount=amount,
    )
    bank.pay_player(state, camp.owner, amount, log, reason=M.FIRST_MARKETEER_USED)


def eternal(
    state: GameState, seat: Seat, kind: CampaignType, marketeer: EmployeeId | None
) -> bool:
    if kind is not CampaignType.RADIO:
        return False
    if state.players[seat].has(M.FIRST_BRAND_DIRECTOR_USED):
        return True
    # The radio that claims it is eternal too (ketchup.md 3.1 [M]).
    return marketeer == E.BRAND_DIRECTOR and milestones.can_claim(
        state, seat, M.FIRST_BRAND_DIRECTOR_USED
    )


def ceo_slots(state: GameState, seat: Seat) -> int | None:
    return CEO_SLOTS if state.players[seat].has(M.FIRST_BURGER_SOLD) else None


def freezer(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(M.FIRST_SODA_SOLD)


def salary_each(state: GameState, seat: Seat) -> int | None:
    return SALARY if state.players[seat].has(M.FIRST_WAITRESS_USED) else None


def salary_free(state: GameState, seat: Seat) -> list[EmployeeId]:
    p = state.players[seat]
    return [E.EXECUTIVE_VICE_PRESIDENT] if p.has(M.FIRST_RECRUITING_GIRL_USED) else []


def stacking(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(M.FIRST_HOUSE_BUILT)


def drinks_factor(state: GameState, seat: Seat, buyer: EmployeeId) -> int:
    if buyer in DOUBLED_BUYERS and state.players[seat].has(M.FIRST_CART_OPERATOR_USED):
        return 2
    return 1


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
        if not state.players[seat].has(M.FIRST_DISCOUNT_MANAGER_USED):
            continue
        cut = discount(state, seat)
        if cut < BURN_FROM:
            continue
        left = bank.remove(state, seat, BURN, log)
        log.add(
            EventKind.MONEY_LEFT_GAME,
            seat=seat,
            milestone=M.FIRST_DISCOUNT_MANAGER_USED,
            discount=cut,
            amount=left,
            bank=state.bank,
        )


def salary_goods(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(M.FIRST_BEER_SOLD)


def never_fire(state: GameState, seat: Seat) -> bool:
    return state.players[seat].has(M.FIRST_TRAINER_USED)


def module() -> Module:
    expiry = {
        MILESTONE_IDS[m["id"]]: int(m["remove_after_round"])
        for m in _milestones()
        if "remove_after_round" in m
    }
    return Module(
        info=known_modules()[ID],
        data=_data,
        hooks=Hooks(
            score=(score,),
            sold=(sold,),
            demand_placed=(demand_placed,),
            used=(used,),
            eternal=(eternal,),
            ceo_slots=(ceo_slots,),
            freezer=(freezer,),
            salary_each=(salary_each,),
            salary_free=(salary_free,),
            stacking=(stacking,),
            drinks_factor=(drinks_factor,),
            restructuring_end=(restructuring_end,),
            salary_goods=(salary_goods,),
            never_fire=(never_fire,),
            campaign_limit=(campaign_limit,),
        ),
        milestone_expiry=expiry,
    )
