"""Step 4 of a Working 9–5 turn: launch campaigns (excerpt "Working 9–5", "Launch campaigns").

Each marketeer at work may launch one campaign, in three decisions: the tile
(``StartCampaign``), where it goes (``PlaceCampaign``) and what it advertises for how long
(``ChooseAdvert``). A tile is only offered when it has a legal placement, and a launch once
started must be finished, so the step never gets stuck.

Placement (facts.md E.2): billboards, mailboxes and radios on empty in-map squares next to a road;
a marketeer with a road range places next to a road square it reaches within that range from an
entrance of one of the player's open restaurants ("next to the road they used"), and the
campaign itself must be in range: one of its squares next to such a road square counts the
reached range plus 1 when it lies on another tile than that road square (as an entrance does,
facts.md D.1); unlimited range and radios: next to any road. Airplanes go along a map edge
lining up with exactly 1/3/5 squares, never past a corner; they may overlap (conventions.md #2;
option ``airplanes_may_not_overlap``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from fcm.core import milestones
from fcm.core.actions import Action, ChooseAdvert, PlaceCampaign, StartCampaign
from fcm.core.company import board_of, occupied_squares
from fcm.core.errors import Reason
from fcm.core.events import CampaignLaunched, EventKind, EventLog
from fcm.core.extensions import launch_rules
from fcm.core.geometry import campaign_cells
from fcm.core.state import Campaign, CampaignDraft, GameState, WorkingTurn, WorkStep
from fcm.core.types import (
    CampaignType,
    Cell,
    Edge,
    EmployeeId,
    Good,
    MilestoneId,
    Orientation,
)

from .common import jcells, open_spots, rule, unused_of, use_card

# Looked up once: on its class an enum member costs a metaclass __getattr__ call (Python
# 3.11), and these are read on every action.
_AIRPLANE: Final = CampaignType.AIRPLANE
_BILLBOARD: Final = CampaignType.BILLBOARD
_CAMPAIGNS: Final = WorkStep.CAMPAIGNS
_CAMPAIGN_LAUNCHED: Final = EventKind.CAMPAIGN_LAUNCHED
_CAMPAIGN_PLACED: Final = EventKind.CAMPAIGN_PLACED
_CAMPAIGN_STARTED: Final = EventKind.CAMPAIGN_STARTED
_RADIO: Final = CampaignType.RADIO

FIRST_BILLBOARD = MilestoneId.FIRST_BILLBOARD
MARKETED: dict[Good, MilestoneId] = {
    Good.BURGER: MilestoneId.FIRST_BURGER_MARKETED,
    Good.PIZZA: MilestoneId.FIRST_PIZZA_MARKETED,
    Good.SODA: MilestoneId.FIRST_DRINK_MARKETED,
    Good.LEMONADE: MilestoneId.FIRST_DRINK_MARKETED,
    Good.BEER: MilestoneId.FIRST_DRINK_MARKETED,
}
BY_KIND: dict[CampaignType, MilestoneId] = {
    CampaignType.BILLBOARD: FIRST_BILLBOARD,
    CampaignType.AIRPLANE: MilestoneId.FIRST_AIRPLANE,
    CampaignType.RADIO: MilestoneId.FIRST_RADIO,
}


def _rule(text: str) -> str:
    return rule(_CAMPAIGNS, text)


def placements(
    state: GameState, seat: int, marketeer: EmployeeId, number: int
) -> list[PlaceCampaign]:
    """Every legal place for campaign tile ``number`` launched by ``marketeer``."""
    return list(iter_placements(state, seat, marketeer, number))


def has_placement(state: GameState, seat: int, marketeer: EmployeeId, number: int) -> bool:
    """Whether campaign tile ``number`` has a legal place (stops at the first); a tile placed
    beside the board (``CampaignType.beside_board``) always has."""
    if state.rules.catalog.campaigns[number].type.beside_board:
        return True
    return next(iter_placements(state, seat, marketeer, number), None) is not None


def iter_placements(
    state: GameState, seat: int, marketeer: EmployeeId, number: int
) -> Iterator[PlaceCampaign]:
    """:func:`placements` one at a time, in the same order."""
    tile = state.rules.catalog.campaigns[number]
    board = board_of(state)
    if tile.type is _AIRPLANE:
        spots = board.airplane_placements(tile.span)
        if state.options.airplanes_may_not_overlap:
            # facts.md 9.1 #2 (DLX): airplane tokens on one edge may not overlap.
            taken = [
                (c.edge, c.first, c.first + state.rules.catalog.campaigns[c.number].span)
                for c in state.campaigns.values()
                if c.kind is _AIRPLANE and c.first is not None
            ]
            spots = tuple(
                (edge, first)
                for edge, first in spots
                if not any(
                    edge == e and first < end and start < first + tile.span
                    for e, start, end in taken
                )
            )
        if state.pieces:  # a piece beside the map: no airplane over it (ketchup.md 12)
            beside = _beside_map(state, board)
            if beside:
                spots = tuple(
                    (edge, first)
                    for edge, first in spots
                    if not any(
                        e == edge and first <= at < first + tile.span for e, at in beside
                    )
                )
        return (PlaceCampaign(edge=edge, first=first) for edge, first in spots)
    spec = state.rules.catalog.employees[marketeer]
    in_range = None
    if tile.type is not _RADIO and spec.range_kind == "road":
        # "A marketeer who travels by road must place it next to the road they used", and the
        # campaign itself must be in range (facts.md E.2): one of its squares next to a road
        # square reached within range, the step off the road onto another tile counting 1.
        assert spec.range is not None
        in_range = board.squares_in_road_range(open_spots(state, seat), spec.range)
    squares = board.iter_campaign_placements(
        tile.height, tile.width, occupied_squares(state), allowed_squares=in_range
    )
    return _placed(squares)


def _beside_map(state: GameState, board: Any) -> list[tuple[Edge, int]]:
    """The pieces beside the map (outside it, a module's): their edge and row (e/w) or column
    (n/s), the line an airplane would cover."""
    out: list[tuple[Edge, int]] = []
    h, w = board.height, board.width
    for p in state.pieces:
        r, c = p.cell
        if r < 0 or r >= h:
            out.append((Edge.N if r < 0 else Edge.S, c))
        elif c < 0 or c >= w:
            out.append((Edge.W if c < 0 else Edge.E, r))
    return out


def _placed(spots: Iterator[tuple[Cell, Orientation | None]]) -> Iterator[PlaceCampaign]:
    for cell, orientation in spots:
        yield PlaceCampaign(cell=cell, orientation=orientation)


def eternal(
    state: GameState, seat: int, number: int, marketeer: EmployeeId | None = None
) -> bool:
    """With First billboard every campaign launched from then on is eternal, the billboard that
    earns it included (excerpt "Eternal campaigns")."""
    if state.players[seat].has(FIRST_BILLBOARD):
        return True
    kind = state.rules.catalog.campaigns[number].type
    if state.rules.extensions.launch and launch_rules(state, seat, marketeer, kind).eternal:
        return True
    return kind is _BILLBOARD and milestones.can_claim(state, seat, FIRST_BILLBOARD)


def campaign_limit(
    state: GameState, turn: WorkingTurn, marketeer: EmployeeId
) -> tuple[CampaignType, Good, int] | None:
    """A module's binding of this marketeer's next launch (tile type, good, duration)."""
    if not state.rules.extensions.launch:
        return None
    return launch_rules(state, turn.seat, marketeer, None).bound


def options(state: GameState, turn: WorkingTurn) -> list[Action]:
    return list(iter_options(state, turn))


def iter_options(state: GameState, turn: WorkingTurn) -> Iterator[Action]:
    """:func:`options` one at a time (a step-skip check stops at the first)."""
    draft = turn.draft
    if draft is None:
        # Tiles of one shape and type, for marketeers of one range, have the same placements.
        has_place: dict[tuple[object, ...], bool] = {}
        for marketeer in unused_of(turn, state.rules.marketeers):
            spec = state.rules.catalog.employees[marketeer]
            limit = campaign_limit(state, turn, marketeer)
            for number in sorted(state.campaign_supply):
                tile = state.rules.catalog.campaigns[number]
                if tile.type not in spec.campaign_types:
                    continue
                if limit is not None and tile.type is not limit[0]:
                    continue
                key = (tile.type, tile.height, tile.width, spec.range_kind, spec.range)
                if key not in has_place:
                    has_place[key] = has_placement(state, turn.seat, marketeer, number)
                if has_place[key]:
                    yield StartCampaign(marketeer, number)
        return
    if draft.cells is None and draft.edge is None:
        yield from iter_placements(state, turn.seat, draft.marketeer, draft.number)
        return
    limit = campaign_limit(state, turn, draft.marketeer)
    if limit is not None:  # a module binds the launch: the same good and duration
        yield ChooseAdvert(limit[1], limit[2])
        return
    durations = advert_durations(state, turn, draft)
    for good in state.rules.marketable:
        for d in durations:
            yield ChooseAdvert(good, d)


def advert_durations(state: GameState, turn: WorkingTurn, draft: CampaignDraft) -> list[int]:
    """The durations a placed campaign may run: 1 to its marketeer's most, or 1 when it is
    eternal (a single counter that is never removed)."""
    if eternal(state, turn.seat, draft.number, draft.marketeer):
        return [1]
    return list(range(1, state.rules.catalog.employees[draft.marketeer].max_duration + 1))


def _second_tile(
    marketeer: EmployeeId, limit: tuple[CampaignType, Good, int], what: str, code: str
) -> Reason:
    """Why a bound launch (:func:`campaign_limit`) is refused: the one module binding a launch
    is First campaign manager used, whose second tile repeats the first (ketchup.md 3).
    ``code``: what is wrong, the tile's type (``campaigns.second_tile_type``) or its advert
    (``campaigns.second_tile_advert``)."""
    kind, good, duration = limit
    return Reason(
        code,
        f"this {marketeer}'s second tile this turn (First campaign manager used, ketchup.md 3) "
        f"has the first one's type, good and duration ({kind.value}, {good.value}, {duration}): "
        f"it must be {what}",
        card=marketeer, kind=kind.value, good=good.value, duration=duration,
    )


def apply(state: GameState, turn: WorkingTurn, action: Action, log: EventLog) -> None:
    seat = turn.seat
    if isinstance(action, StartCampaign):
        turn.draft = CampaignDraft(action.marketeer, action.number)
        if state.rules.catalog.campaigns[action.number].type.beside_board:
            turn.draft.cells = ()  # beside the board: no square to choose (ketchup.md 13)
        log.add(
            _CAMPAIGN_STARTED,
            seat=seat,
            marketeer=action.marketeer,
            number=action.number,
            campaign_type=state.rules.catalog.campaigns[action.number].type.value,
        )
        return
    draft = turn.draft
    assert draft is not None
    tile = state.rules.catalog.campaigns[draft.number]
    if isinstance(action, PlaceCampaign):
        if action.edge is not None:
            draft.edge, draft.first = action.edge, action.first
            log.add(
                _CAMPAIGN_PLACED,
                seat=seat,
                number=draft.number,
                edge=action.edge.value,
                first=action.first,
            )
        else:
            assert action.cell is not None
            draft.cells = campaign_cells(action.cell, tile.height, tile.width, action.orientation)
            log.add(
                _CAMPAIGN_PLACED,
                seat=seat,
                number=draft.number,
                cells=jcells(draft.cells),
                orientation=None if action.orientation is None else action.orientation.value,
            )
        return
    assert isinstance(action, ChooseAdvert)
    launch(state, turn, action, log)


def launch(
    state: GameState,
    turn: WorkingTurn,
    action: ChooseAdvert,
    log: EventLog,
    extras: dict[str, Any] | None = None,
) -> None:
    """Launch the placed campaign advertising ``action.good`` (a module's action may launch it
    with ``extras``, its keys on the campaign)."""
    seat = turn.seat
    draft = turn.draft
    assert draft is not None
    tile = state.rules.catalog.campaigns[draft.number]
    forever = eternal(state, seat, draft.number, draft.marketeer)
    state.campaigns[draft.number] = Campaign(
        number=draft.number,
        kind=tile.type,
        owner=seat,
        good=action.good,
        marketeer=draft.marketeer,
        remaining=1 if forever else action.duration,
        eternal=forever,
        placed_round=state.round,
        cells=draft.cells or (),
        edge=draft.edge,
        first=draft.first,
        extras=extras or {},
    )
    state.campaign_supply.remove(draft.number)
    # The marketeer is now busy: recorded on the campaign, no longer at work.
    p = state.players[seat]
    if draft.marketeer in p.at_work:
        p.at_work.remove(draft.marketeer)
    else:
        _second_shift(state, seat, state.campaigns[draft.number])
    use_card(turn, draft.marketeer)
    turn.draft = None
    launched = CampaignLaunched(
        seat=seat,
        number=draft.number,
        campaign_type=tile.type.value,
        marketeer=draft.marketeer,
        good=action.good.value,
        duration=1 if forever else action.duration,
        eternal=forever,
        cells=jcells(draft.cells or ()),
        edge=None if draft.edge is None else draft.edge.value,
        first=draft.first,
    )
    if extras:  # a module's keys written into the campaign's events
        for key in state.rules.campaign_event_keys:
            if key in extras:
                launched[key] = extras[key]  # type: ignore[literal-required]
    log.add(_CAMPAIGN_LAUNCHED, **launched)
    # Claimed "the moment an action meets it": when the campaign is placed.
    by_kind = BY_KIND.get(tile.type)
    if by_kind is not None:
        milestones.claim(state, seat, by_kind, log)
    milestones.claim(state, seat, MARKETED[action.good], log)
    milestones.card_used(state, seat, draft.marketeer, log)


def _second_shift(state: GameState, seat: int, new: Campaign) -> None:
    """A card's second campaign this turn (Night Shift Managers, ketchup.md 10: "both busy
    markers on her; she returns when both have ended"): the card stays on whichever of its two
    campaigns runs longer; the other runs without it."""
    twin = min(
        (
            c
            for c in state.campaigns.values()
            if c.owner == seat
            and c.marketeer == new.marketeer
            and c.placed_round == state.round
            and c.number != new.number
        ),
        key=lambda c: (c.eternal, c.remaining, c.number),
    )
    if (new.eternal, new.remaining) > (twin.eternal, twin.remaining):
        twin.marketeer = ""
    else:
        new.marketeer = ""


def unmarketable(state: GameState, good: Good) -> str | None:
    """Why ``good`` may not be advertised (a module's good may not be), or None."""
    goods = state.rules.marketable
    if good in goods:
        return None
    listed = ", ".join(g.value for g in goods)
    return _rule(Reason(
        "campaigns.not_marketable",
        f"{good.value} cannot be marketed: a campaign advertises {listed}",
        good=good.value, goods=[g.value for g in goods]))


def blocker(turn: WorkingTurn) -> str | None:
    """A launch once started must be finished before the step can end."""
    draft = turn.draft
    if draft is None:
        return None
    if draft.cells is None and draft.edge is None:
        return _rule(Reason("campaigns.finish_place",
                            f"finish launching campaign #{draft.number}: place it first",
                            number=draft.number))
    return _rule(Reason(
        "campaigns.finish_advert",
        f"finish launching campaign #{draft.number}: choose the item and duration",
        number=draft.number))


def explain(state: GameState, turn: WorkingTurn, action: Action) -> str:
    seat = turn.seat
    draft = turn.draft
    if isinstance(action, StartCampaign):
        if draft is not None:
            return _rule(Reason("campaigns.finish_first",
                                f"finish launching campaign #{draft.number} first",
                                number=draft.number))
        spec = state.rules.catalog.employees.get(action.marketeer)
        if spec is None or not spec.campaign_types:
            return _rule(Reason("campaigns.not_a_marketeer",
                                f"{action.marketeer} is not a marketeer", card=action.marketeer))
        if action.marketeer not in turn.unused:
            return _rule(Reason(
                "campaigns.none_left",
                f"no {action.marketeer} at work has a campaign left to launch this turn",
                card=action.marketeer))
        tile = state.rules.catalog.campaigns.get(action.number)
        if tile is None:
            return _rule(Reason("campaigns.no_such", f"there is no campaign #{action.number}",
                                number=action.number))
        if action.number not in state.campaign_supply:
            return _rule(Reason("campaigns.not_free", f"campaign #{action.number} is not free",
                                number=action.number))
        if tile.type not in spec.campaign_types:
            kinds = ", ".join(k.value for k in spec.campaign_types)
            return _rule(Reason(
                "campaigns.wrong_kind",
                f"a {action.marketeer} launches only {kinds}, not a {tile.type.value}",
                card=action.marketeer, kinds=[k.value for k in spec.campaign_types],
                kind=tile.type.value))
        limit = campaign_limit(state, turn, action.marketeer)
        if limit is not None and tile.type is not limit[0]:
            return _rule(_second_tile(action.marketeer, limit, f"a {limit[0].value}",
                                              "campaigns.second_tile_type"))
        return _rule(Reason(
            "campaigns.no_place",
            f"campaign #{action.number} has no legal place for a {action.marketeer} (billboards, "
            "mailboxes and radios go on empty squares next to a road, within the marketeer's "
            "range by road from an entrance of one of your open restaurants)",
            number=action.number, card=action.marketeer,
        ))
    if isinstance(action, PlaceCampaign):
        if draft is None:
            return _rule(Reason("campaigns.choose_first",
                                "choose a campaign tile first (StartCampaign)"))
        if draft.cells is not None or draft.edge is not None:
            return _rule(Reason(
                "campaigns.already_placed",
                f"campaign #{draft.number} is already placed: choose what it advertises",
                number=draft.number))
        tile = state.rules.catalog.campaigns[draft.number]
        if tile.type is _AIRPLANE and action.edge is not None and state.pieces:
            at = action.first or 0
            if any(e == action.edge and at <= x < at + tile.span
                   for e, x in _beside_map(state, board_of(state))):
                return _rule(
                    f"airplane #{draft.number} may not be placed over a piece beside the map "
                    "(ketchup.md 12)"
                )
        if tile.type is _AIRPLANE:
            return _rule(Reason(
                "campaigns.airplane_edge",
                f"airplane #{draft.number} goes outside the map along an edge, lining up with "
                f"exactly {tile.span} squares of it; it can't stick out past a corner",
                number=draft.number, span=tile.span,
            ))
        if action.edge is not None:
            return _rule(Reason(
                "campaigns.edge_only_airplanes",
                f"only airplanes go along the map edge, not a {tile.type.value}",
                kind=tile.type.value))
        spec = state.rules.catalog.employees[draft.marketeer]
        if tile.type is not _RADIO and spec.range_kind == "road":
            return _rule(Reason(
                "campaigns.road_range",
                f"a {draft.marketeer} travels by road (range {spec.range}): the campaign goes on "
                "empty squares next to a road it reached from an entrance of one of your open "
                "restaurants, and must itself be in range (a square on the next tile beside the "
                "road counts one border more)",
                card=draft.marketeer, range=spec.range,
            ))
        return _rule(Reason(
            "campaigns.empty_squares",
            f"a {tile.type.value} goes on empty squares of the map (no road, house, supplier, "
            "restaurant or campaign) next to a road",
            kind=tile.type.value,
        ))
    if isinstance(action, ChooseAdvert):
        if draft is None or (draft.cells is None and draft.edge is None):
            return _rule(Reason("campaigns.place_first",
                                "place the campaign before choosing what it advertises"))
        limit = campaign_limit(state, turn, draft.marketeer)
        if limit is not None:
            _, good, duration = limit
            plural = "s" if duration != 1 else ""
            return _rule(
                _second_tile(draft.marketeer, limit, f"{good.value} for {duration} round{plural}",
                             "campaigns.second_tile_advert")
            )
        refused = unmarketable(state, action.good)
        if refused is not None:
            return refused
        if eternal(state, seat, draft.number, draft.marketeer):
            kind = state.rules.catalog.campaigns[draft.number].type
            if state.rules.extensions.launch and (
                why := launch_rules(state, seat, draft.marketeer, kind).why
            ):
                return _rule(why)  # a module's tile that is always eternal names its rule
            if state.players[seat].has(FIRST_BILLBOARD) or (
                kind is _BILLBOARD and milestones.can_claim(state, seat, FIRST_BILLBOARD)
            ):
                return _rule(Reason(
                    "campaigns.eternal_billboard",
                    "with First Billboard Campaign the campaign is eternal: a single counter "
                    "(duration 1)"
                ))
            return _rule(Reason(  # the eternal hook: radios with First brand director used
                "campaigns.eternal_kind",
                f"a {kind.value} placed with First brand director used is eternal (ketchup.md "
                "3): a single counter (duration 1)",
                kind=kind.value,
            ))
        most = state.rules.catalog.employees[draft.marketeer].max_duration
        return _rule(Reason("campaigns.duration",
                            f"a {draft.marketeer} runs a campaign for 1 to {most} rounds",
                            card=draft.marketeer, most=most))
    return _rule(Reason("campaigns.not_campaign", f"{action} is not a campaign action",
                        action=str(action)))
