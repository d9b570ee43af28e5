"""Phase 6, Marketing campaigns (excerpt 000 "Phase 6"; facts.md E.5).

No decisions. Every campaign on the board runs once, lowest number first, and places one demand
token of its good on every house it reaches (two for a radio whose owner has First radio
campaign), never beyond the house's cap (3, or 5 with a garden; extra tokens are simply not
placed). Reach, on squares of the house or its garden:

- billboard: orthogonally next to any billboard square (a garden alone is enough);
- mailbox: in the same block (4-connected region of non-road squares, board geometry);
- airplane: in the 1/3/5 full rows (edge e/w) or columns (edge n/s) in line with it;
- radio: on the radio's tile or one of the up to 8 tiles around it;
- a module's kind (e.g. one beside the board): what its ``Extensions.reach`` says.

Afterwards one duration piece is removed, even if nothing was placed, never from an eternal
campaign. When the last piece goes, the tile returns to the campaign supply and the marketeer
(if it was not fired) goes to its owner's beach (DLX, facts.md 9.1 #12).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fcm.core.actions import Action
from fcm.core.company import board_of, demand_room, house_capacity, house_order
from fcm.core.errors import Reason
from fcm.core.events import CampaignHouse, CampaignRan, EventKind, EventLog
from fcm.core.extensions import DemandPlaced, advertised, notify, table_rules
from fcm.core.geometry import Board
from fcm.core.state import Campaign, GameState, House, Phase
from fcm.core.types import CampaignType, Cell, MilestoneId, Seat

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_AIRPLANE: Final = CampaignType.AIRPLANE
_BILLBOARD: Final = CampaignType.BILLBOARD
_CAMPAIGN_ENDED: Final = EventKind.CAMPAIGN_ENDED
_CAMPAIGN_PIECE_REMOVED: Final = EventKind.CAMPAIGN_PIECE_REMOVED
_CAMPAIGN_RAN: Final = EventKind.CAMPAIGN_RAN
_CLEANUP: Final = Phase.CLEANUP
_FIRST_RADIO: Final = MilestoneId.FIRST_RADIO
_MAILBOX: Final = CampaignType.MAILBOX
_RADIO: Final = CampaignType.RADIO


def begin(state: GameState, log: EventLog) -> None:
    """Nothing to set up: campaigns run in :func:`finish`."""


def actors(state: GameState) -> list[Seat]:
    return []


def legal(state: GameState, seat: Seat) -> list[Action]:
    return []


def why_illegal(state: GameState, seat: Seat, action: Action) -> str | None:
    return Reason("marketing.no_decisions", "nobody makes decisions in the Marketing phase")


def resolve_drawn(
    state: GameState, seat: Seat, action: Action, legal: list[Action]
) -> Action | str | None:
    """No drawn action in this phase."""
    return None


def act(state: GameState, seat: Seat, action: Action, log: EventLog) -> None:
    raise AssertionError("Marketing has no actions")  # pragma: no cover


def finish(state: GameState, log: EventLog) -> Phase:
    run_campaigns(state, log)
    return _CLEANUP


def run_campaigns(state: GameState, log: EventLog) -> None:
    """Run every campaign once, in campaign number order (see the module docstring).

    Modules may add complete passes (``TableRules.marketing_passes``: Mass Marketeers, ketchup.md
    11): every campaign runs in number order once per pass, and a duration piece is removed
    only in the last pass (1, 11, 1, 11, then the pieces)."""
    board = board_of(state)
    passes = table_rules(state).marketing_passes
    for extra in range(1, passes):
        for number in sorted(state.campaigns):
            _place(state, board, state.campaigns[number], log, (extra, passes))
    for number in sorted(state.campaigns):
        if passes == 1:
            _run(state, board, state.campaigns[number], log)
        else:
            _run(state, board, state.campaigns[number], log, (passes, passes))


def houses_reached(
    state: GameState, camp: Campaign, board: Board | None = None
) -> list[House]:
    """The houses a campaign reaches, in house number order (for the rules and for bots)."""
    houses = sorted(
        state.houses.values(), key=house_order(state) if state.rules.house_kinds else _number
    )
    for module_reach in state.rules.extensions.reach:  # a module's campaign kind
        reached = module_reach(state, camp, houses)
        if reached is not None:
            return reached
    reach = _reach(state, camp, board or board_of(state))
    return [h for h in houses if not reach.isdisjoint(h.footprint)]


def houses_reached_by(
    state: GameState, camps: Sequence[Campaign], board: Board | None = None
) -> list[list[House]]:
    """:func:`houses_reached` of each campaign (a bot's candidate placements), the houses
    sorted and their squares read once."""
    houses = sorted(
        state.houses.values(), key=house_order(state) if state.rules.house_kinds else _number
    )
    board = board or board_of(state)
    squares = [(h, h.footprint) for h in houses]
    module_reaches = state.rules.extensions.reach
    out: list[list[House]] = []
    for camp in camps:
        reached: list[House] | None = None
        for module_reach in module_reaches:  # a module's campaign kind
            reached = module_reach(state, camp, houses)
            if reached is not None:
                break
        if reached is None:
            reach = _reach(state, camp, board)
            reached = [h for h, cells in squares if not reach.isdisjoint(cells)]
        out.append(reached)
    return out


def _reach(state: GameState, camp: Campaign, board: Board) -> frozenset[Cell]:
    """The squares a campaign reaches: a house is reached when one of its squares or its
    garden's is."""
    if camp.kind is _BILLBOARD:
        return board.billboard_reach(camp.cells)
    if camp.kind is _MAILBOX:
        return board.mailbox_reach(camp.cells)
    if camp.kind is _AIRPLANE:
        if camp.edge is None or camp.first is None:
            raise ValueError(f"airplane campaign #{camp.number} has no edge/first line")
        span = state.rules.catalog.campaigns[camp.number].span
        return board.airplane_cells(camp.edge, camp.first, span)
    return board.radio_reach(camp.cells[0])


def _number(house: House) -> int:
    return house.number


def _place(
    state: GameState,
    board: Board,
    camp: Campaign,
    log: EventLog,
    of_passes: tuple[int, int] | None,
) -> None:
    """One campaign places its demand tokens (one pass)."""
    owner = state.players[camp.owner]
    per_house = 2 if camp.kind is _RADIO and owner.has(_FIRST_RADIO) else 1
    placements: list[CampaignHouse] = []
    react = bool(state.rules.extensions.react)
    # a module may place more goods, in order (each as the one good would be placed)
    goods = advertised(state, camp) if state.rules.extensions.advertised else None
    for house in houses_reached(state, camp, board):
        if goods is not None:
            placed = 0
            for good in goods:
                n = demand_room(state, house, per_house)
                house.demand.extend([good] * n)
                placed += n
        elif house.kind:  # a module's house kind: its cap and multiplier
            placed = demand_room(state, house, per_house)
            house.demand.extend([camp.good] * placed)
        else:
            room = house.capacity - len(house.demand)
            placed = max(0, min(per_house, room))
            house.demand.extend([camp.good] * placed)
        if react:
            notify(state, DemandPlaced(camp, house, placed), log)
        placements.append(
            {
                "house": house.number,
                "placed": placed,
                "demand": [g.value for g in house.demand],
                "capacity": house_capacity(state, house),
            }
        )
    ran = CampaignRan(
        number=camp.number,
        type=camp.kind.value,
        owner=camp.owner,
        good=camp.good.value,
        per_house=per_house,
        houses=placements,
        eternal=camp.eternal,
    )
    if camp.extras:  # a module's keys written into the campaign's events
        for key in state.rules.campaign_event_keys:
            if key in camp.extras:
                ran[key] = camp.extras[key]  # type: ignore[literal-required]
    if of_passes is not None:  # Mass Marketeers (ketchup.md 11): which pass of how many
        ran["marketing_pass"], ran["passes"] = of_passes
    log.add(_CAMPAIGN_RAN, **ran)


def _run(
    state: GameState,
    board: Board,
    camp: Campaign,
    log: EventLog,
    of_passes: tuple[int, int] | None = None,
) -> None:
    _place(state, board, camp, log, of_passes)
    owner = state.players[camp.owner]
    if camp.eternal:
        return
    camp.remaining -= 1
    if camp.remaining > 0:
        log.add(_CAMPAIGN_PIECE_REMOVED, number=camp.number, remaining=camp.remaining)
        return
    del state.campaigns[camp.number]
    state.campaign_supply.append(camp.number)
    state.campaign_supply.sort()
    if camp.marketeer:
        owner.beach.append(camp.marketeer)
        owner.beach.sort()
    log.add(
        _CAMPAIGN_ENDED,
        number=camp.number,
        owner=camp.owner,
        marketeer=camp.marketeer,
    )
