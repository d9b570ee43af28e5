"""Scenarios: any position of the game as a small JSON document (docs/scenarios.md).

A scenario names the map, every company, the pieces on the board, the bank, milestones, the
round, phase and turn order; everything it leaves out takes the value of a fresh game (the
employee, campaign, house and garden supplies are computed from what is in play). Loading it
enters the named phase the way the engine does, so play continues from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fcm.core.company import (
    at_work_count,
    board_of,
    cards_in_play,
    house_capacity,
    occupied_squares,
    overlay_of,
)
from fcm.core.engine import advance, enter_phase
from fcm.core.errors import InvariantError, ScenarioError
from fcm.core.events import Event, EventKind, EventLog
from fcm.core.geometry import HOLE
from fcm.core.phases import working
from fcm.core.setup import new_game
from fcm.core.state import (
    Campaign,
    GameState,
    House,
    Options,
    Phase,
    Piece,
    Restaurant,
    WorkStep,
)
from fcm.core.types import (
    BASE,
    EMPLOYEE_IDS,
    MILESTONE_IDS,
    CampaignType,
    Cell,
    Corner,
    Edge,
    EmployeeId,
    Good,
    Orientation,
    corner_cell,
    square_cells,
    tile_of,
)

if TYPE_CHECKING:
    from fcm.core.catalog import Catalog
    from fcm.core.ruleset import Ruleset, RulesFor

SCENARIO_FORMAT = "fcm-scenario/1"

_TOP = {
    "format",
    "players",
    "seed",
    "tiles",
    "options",
    "round",
    "phase",
    "turn_order",
    "bank",
    "ceo_slots",
    "bank_breaks",
    "reserve_added",
    "milestones_available",
    "companies",
    "restaurants",
    "houses",
    "campaigns",
    "description",
    "supply",
    "working",
    "setup_passed",
    "setup_second_pass",
    "modules",
    "module_data",
    "pieces",
}
_COMPANY = {
    "cash", "hand", "at_work", "beach", "stock", "milestones", "reserve", "hire_discounts",
}
_WORKING = {"seat", "step", "acted", "hires_left", "trainers"}
_PHASES_ALLOWED = {
    Phase.SETUP_RESERVE,
    Phase.SETUP_RESTAURANTS,
    Phase.RESTRUCTURING,
    Phase.ORDER_OF_BUSINESS,
    Phase.WORKING,
    Phase.DINNERTIME,
    Phase.PAYDAY,
    Phase.MARKETING,
    Phase.CLEANUP,
}


def _fail(where: str, problem: str) -> ScenarioError:
    return ScenarioError(f"scenario {where}: {problem}")


def _cell(where: str, raw: Any) -> Cell:
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        raise _fail(where, f"must be a square [row, col], got {raw!r}")
    return (raw[0], raw[1])


def _keys(where: str, raw: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _fail(where, "must be an object")
    extra = set(raw) - allowed
    if extra:
        raise _fail(where, f"unknown field(s) {sorted(extra)}")
    return raw


def _enum(where: str, enum: Any, raw: Any) -> Any:
    try:
        return enum(raw)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise _fail(where, f"must be one of {allowed}; got {raw!r}") from None


def _pieces(state: GameState, raw: Any) -> list[Piece]:
    """The pieces modules placed on the map (the board overlay): each a kind of piece of this
    game's modules on a square of the map that it may change."""
    if not isinstance(raw, list):
        raise _fail("pieces", "must be a list of {kind, cell}")
    out = []
    for i, p in enumerate(raw):
        where = f"pieces[{i}]"
        if not isinstance(p, dict) or set(p) != {"kind", "cell"}:
            raise _fail(where, "must be an object with 'kind' and 'cell'")
        if p["kind"] not in state.rules.piece_kinds:
            known = sorted(state.rules.piece_kinds)
            raise _fail(f"{where}.kind", f"{p['kind']!r} is no kind of piece of this game "
                        f"(its modules' kinds: {known})")
        cell = p["cell"]
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell)):
            raise _fail(f"{where}.cell", "must be a square [row, col]")
        out.append(Piece(p["kind"], (cell[0], cell[1])))
    state.pieces = out
    try:
        overlay_of(state)
        board_of(state)
    except (ValueError, InvariantError) as exc:
        raise _fail("pieces", str(exc)) from None
    return out


def _good(where: str, raw: Any, goods: tuple[Good, ...]) -> Good:
    """One of ``goods`` (the game's, or those a campaign may advertise)."""
    for g in goods:
        if g == raw:
            return g
    allowed = ", ".join(g.value for g in goods)
    raise _fail(where, f"must be one of {allowed}; got {raw!r}")


def _employees(where: str, raw: Any, catalog: Catalog) -> list[EmployeeId]:
    if not isinstance(raw, list):
        raise _fail(where, "must be a list of employee ids")
    for i, card in enumerate(raw):
        if card not in catalog.employees or card == EmployeeId.CEO:
            raise _fail(f"{where}[{i}]", f"unknown employee {card!r}")
    return sorted(EMPLOYEE_IDS[card] for card in raw)


def _named_ruleset(raw: dict[str, Any], rules_for: RulesFor) -> Ruleset:
    """The ruleset the scenario's options and modules name (the base game's until they are
    checked); its modules' map tiles are letters of the scenario's map."""
    opts = raw.get("options")
    name = opts.get("ruleset", BASE) if isinstance(opts, dict) else BASE
    name = name if isinstance(name, str) else BASE
    mods = raw.get("modules", [])  # a module's map tiles are its ruleset's (New Districts)
    if isinstance(mods, list) and all(isinstance(m, str) for m in mods):
        try:
            return rules_for(Options(ruleset=name, modules=frozenset(mods)))
        except ScenarioError:
            pass
    try:
        return rules_for(Options(ruleset=name))
    except ScenarioError:
        try:
            return rules_for(Options(ruleset=name if isinstance(name, str) else BASE))
        except ScenarioError:
            return rules_for(Options())


def load_scenario(data: dict[str, Any], rules_for: RulesFor) -> GameState:
    """Build the position a scenario describes and enter its phase; ``rules_for`` gives the
    ruleset its options name (``fcm.load_scenario`` passes ``fcm.rulesets.rules_for``).

    Raises:
        ScenarioError: a malformed or impossible scenario (names the field).
    """
    return load_scenario_with_events(data, rules_for)[0]


def load_scenario_with_events(
    data: dict[str, Any], rules_for: RulesFor
) -> tuple[GameState, list[Event]]:
    raw = _keys("", data, _TOP)
    if raw.get("format", SCENARIO_FORMAT) != SCENARIO_FORMAT:
        raise _fail("format", f"must be {SCENARIO_FORMAT!r}")
    players = raw.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise _fail("players", "must be an integer from 2 to 5")
    tiles = raw.get("tiles")
    if not isinstance(tiles, list) or not tiles or not all(isinstance(r, list) for r in tiles):
        raise _fail("tiles", "must be a grid: a list of tile rows of [letter, rotation]")
    layout: list[list[tuple[str, int]]] = []
    known = _named_ruleset(raw, rules_for).catalog.tiles
    for i, row in enumerate(tiles):
        out_row = []
        for j, t in enumerate(row):
            if (
                not isinstance(t, list)
                or len(t) != 2
                or (t[0] not in known and t[0] != HOLE)
                or not isinstance(t[1], int)
                or not 0 <= t[1] <= 3
            ):
                raise _fail(
                    f"tiles[{i}][{j}]",
                    f"must be [letter {min(known)}-{max(known)}, rotation 0-3] (a place "
                    f"without a tile: [{HOLE!r}, 0]), got {t!r}",
                )
            out_row.append((t[0], t[1]))
        if len(out_row) != len(layout[0] if layout else out_row):
            raise _fail(f"tiles[{i}]", "every tile row must have the same length")
        layout.append(out_row)
    letters = [t for row in layout for t, _ in row if t != HOLE]
    if len(set(letters)) != len(letters):
        raise _fail("tiles", "each tile exists once in the box")
    opts_raw = dict(raw.get("options") or {})
    if "modules" in raw:  # the expansion modules played (docs/modules.md)
        if not isinstance(raw["modules"], list):
            raise _fail("modules", "must be a list of module ids")
        opts_raw["modules"] = sorted({*opts_raw.get("modules", []), *raw["modules"]})
    try:
        options = Options.from_dict(opts_raw)
    except TypeError as exc:
        raise _fail("options", str(exc)) from None
    seed = raw.get("seed", 0)
    if not isinstance(seed, int):
        raise _fail("seed", "must be an integer")
    rules = rules_for(options)
    counts = rules.catalog.setups
    if players not in counts:
        raise _fail("players", f"must be an integer from {min(counts)} to {max(counts)}")
    state = new_game(players, seed, options, rules=rules, tiles=layout)
    catalog = state.rules.catalog
    module_data = raw.get("module_data", {})
    if not isinstance(module_data, dict) or any(m not in options.modules for m in module_data):
        raise _fail("module_data", "must be an object keyed by modules of this game")
    for m, data in module_data.items():
        if not isinstance(data, dict):
            raise _fail(f"module_data.{m}", "must be an object")
        state.module_data.setdefault(m, {}).update(data)
    state.pieces = _pieces(state, raw.get("pieces", []))
    state.turn.pending = []
    state.turn.drafts = {}
    board = board_of(state)

    state.round = _int(raw, "round", 1, minimum=1)
    phase = _enum("phase", Phase, raw.get("phase", "restructuring"))
    if phase not in _PHASES_ALLOWED:
        raise _fail("phase", "a scenario starts at the beginning of a phase of a round")
    order = raw.get("turn_order", list(range(players)))
    if not isinstance(order, list) or sorted(order) != list(range(players)):
        raise _fail("turn_order", f"must list every seat 0..{players - 1} once")
    state.turn_order = list(order)
    state.ceo_slots = _int(raw, "ceo_slots", catalog.ceo_start_slots, minimum=2, maximum=4)
    state.bank_breaks = _int(raw, "bank_breaks", 0, minimum=0, maximum=1)
    state.reserve_added = _int(raw, "reserve_added", 0, minimum=0)
    if "milestones_available" in raw:
        avail = raw["milestones_available"]
        if not isinstance(avail, list) or any(m not in catalog.milestones for m in avail):
            raise _fail("milestones_available", "must be a list of milestone ids")
        state.milestones_available = [m for m in catalog.milestones if m in avail]

    # companies
    moneys = {card.money for card in catalog.reserve_cards}
    default_reserve = 300 if 300 in moneys else max(moneys)
    cards = state.rules.extensions.reserve_cards  # a module's cards carry more than money
    companies = raw.get("companies", [])
    if not isinstance(companies, list) or len(companies) > players:
        raise _fail("companies", f"must be a list of at most {players} companies")
    for seat, comp in enumerate(companies):
        where = f"companies[{seat}]"
        c = _keys(where, comp, _COMPANY | set(state.rules.module_keys.get("player", {})))
        p = state.players[seat]
        p.extras = module_keys(state, "player", where, c)
        p.cash = _int(c, "cash", 0, where=where)
        p.hand = _employees(f"{where}.hand", c.get("hand", []), catalog)
        p.at_work = _employees(f"{where}.at_work", c.get("at_work", []), catalog)
        p.beach = _employees(f"{where}.beach", c.get("beach", []), catalog)
        stock = _keys(f"{where}.stock", c.get("stock", {}), {g.value for g in state.rules.goods})
        for g, n in stock.items():
            if not isinstance(n, int) or n < 0:
                raise _fail(f"{where}.stock.{g}", "must be a whole number >= 0")
            p.stock[Good(g)] = n
        ms = c.get("milestones", {})
        if isinstance(ms, list):
            if not all(isinstance(m, str) for m in ms):
                raise _fail(f"{where}.milestones", "must be a list of ids or {id: round claimed}")
            ms = {m: max(1, state.round - 1) for m in ms}
        if not isinstance(ms, dict):
            raise _fail(f"{where}.milestones", "must be a list of ids or {id: round claimed}")
        for m, r in ms.items():
            if m not in catalog.milestones:
                raise _fail(f"{where}.milestones", f"unknown milestone {m!r}")
            if not isinstance(r, int) or isinstance(r, bool) or not 1 <= r <= state.round:
                raise _fail(
                    f"{where}.milestones.{m}", f"must be a round from 1 to {state.round}, got {r!r}"
                )
            p.milestones[MILESTONE_IDS[m]] = r
            # Claimed this round: Clean up removes it for everyone else (facts.md B).
            if r == state.round and m not in state.milestones_this_round:
                state.milestones_this_round.append(MILESTONE_IDS[m])
        p.hire_discounts = _int(c, "hire_discounts", 0, where=where, minimum=0, maximum=6)
        unchosen = options.introductory or phase is Phase.SETUP_RESERVE
        reserve = c.get("reserve", None if unchosen else default_reserve)
        if reserve is not None and reserve not in {card.money for card in catalog.reserve_cards}:
            raise _fail(f"{where}.reserve", f"must be one of {sorted(moneys)} (or null)")
        p.reserve = reserve
        if cards and reserve is None and cards[0].held(state, p) is not None:
            raise _fail(where, "gives what a reserve card carries, but holds no reserve card")
        if cards and reserve is not None and cards[0].held(state, p) is None:
            cards[0].give(p, cards[0].default(state))
    for p in state.players[len(companies) :]:
        unchosen = options.introductory or phase is Phase.SETUP_RESERVE
        p.reserve = None if unchosen else default_reserve
        if cards and not unchosen:
            cards[0].give(p, cards[0].default(state))
    if "milestones_available" not in raw and options.uses_milestones:
        # a milestone claimed in an earlier round was removed for the others at its Clean up
        earlier = {m for p in state.players for m, r in p.milestones.items() if r < state.round}
        state.milestones_available = [m for m in state.milestones_available if m not in earlier]

    # restaurants
    for i, rr in enumerate(raw.get("restaurants", [])):
        where = f"restaurants[{i}]"
        r = _keys(where, rr, {"owner", "cell", "entrance", "open", "drive_in"})
        owner = _int(r, "owner", -1, where=where, minimum=0, maximum=players - 1)
        p = state.players[owner]
        if p.restaurants_placed >= catalog.restaurants_per_player:
            raise _fail(
                where, f"seat {owner} has only {catalog.restaurants_per_player} restaurants"
            )
        cell = _cell(f"{where}.cell", r.get("cell"))
        _check_free(state, board, square_cells(cell, 2, 2), where, occupied_squares(state))
        state.restaurants.append(
            Restaurant(
                owner,
                p.restaurants_placed,
                cell,
                _enum(f"{where}.entrance", Corner, r.get("entrance")),
                bool(r.get("open", True)),
                bool(r.get("drive_in", False)),
            )
        )
        p.restaurants_placed += 1

    # houses: printed ones exist already (demand may be set); placed ones need a cell and garden
    for i, hh in enumerate(raw.get("houses", [])):
        where = f"houses[{i}]"
        h = _keys(where, hh, {"number", "cell", "garden", "demand", "kind"})
        number = h.get("number")
        garden = tuple(_cell(f"{where}.garden", x) for x in h.get("garden", []))
        if garden and len(garden) != 2:
            raise _fail(f"{where}.garden", "a garden is 2 squares")
        if "kind" in h:  # a module's house kind (New Districts' apartments, ...)
            kind = state.rules.house_kinds.get(h["kind"])
            if kind is None:
                raise _fail(f"{where}.kind", f"{h['kind']!r} is no kind of house of this game "
                            f"(its modules' kinds: {sorted(state.rules.house_kinds)})")
            if not isinstance(number, int) or number in state.houses or garden:
                raise _fail(where, "a house of a module's kind needs a new number and no garden")
            cell = _cell(f"{where}.cell", h.get("cell"))
            house = House(number, cell, printed=False, kind=kind.id, size=kind.size)
            _check_free(state, board, house.cells, where, occupied_squares(state))
            state.houses[number] = house
        elif number in state.houses:
            house = state.houses[number]
            if "cell" in h and _cell(f"{where}.cell", h["cell"]) != house.cell:
                raise _fail(f"{where}.cell", f"house {number} is printed at {list(house.cell)}")
        elif number in catalog.placeable_houses:
            cell = _cell(f"{where}.cell", h.get("cell"))
            house = House(number, cell, printed=False)
            _check_free(state, board, house.cells, where, occupied_squares(state))
            state.houses[number] = house
            state.house_supply.remove(number)
        else:
            raise _fail(f"{where}.number", f"house {number!r} is neither on this map nor placeable")
        if garden:
            no_garden = house.kind and state.rules.house_kinds[house.kind].no_garden
            if no_garden:
                raise _fail(f"{where}.garden", f"house {number} never gets a garden: {no_garden}")
            if house.garden:  # printed on a module's tile (New Districts' house 25)
                raise _fail(f"{where}.garden", f"house {number} has its garden printed")
            _check_free(state, board, garden, f"{where}.garden", occupied_squares(state))
            whole = set(house.cells) | set(garden)
            rows = {r for r, _ in whole}
            cols = {c for _, c in whole}
            if len(whole) != 6 or len(rows) * len(cols) != 6:
                raise _fail(f"{where}.garden", "house and garden must form a 2x3 rectangle")
            house.garden = garden
            if house.printed:
                state.gardens_left -= 1
        demand = [_good(f"{where}.demand", g, state.rules.marketable) for g in h.get("demand", [])]
        cap = house_capacity(state, house)
        if cap is not None and len(demand) > cap:
            raise _fail(f"{where}.demand", f"house {number} holds at most {cap}")
        house.demand = demand
    if state.gardens_left < 0:
        raise _fail("houses", f"only {catalog.garden_tiles} garden tiles exist")

    # campaigns
    for i, cc in enumerate(raw.get("campaigns", [])):
        where = f"campaigns[{i}]"
        c = _keys(
            where,
            cc,
            {
                "number",
                "owner",
                "good",
                "marketeer",
                "remaining",
                "eternal",
                "cell",
                "orientation",
                "edge",
                "first",
                "placed_round",
                *state.rules.module_keys.get("campaign", {}),
            },
        )
        number = c.get("number")
        if number not in state.campaign_supply:
            raise _fail(f"{where}.number", f"campaign #{number!r} is not available in this game")
        tile = catalog.campaigns[number]
        owner = _int(c, "owner", -1, where=where, minimum=0, maximum=players - 1)
        marketeer = c.get("marketeer", "")
        if marketeer and (
            marketeer not in catalog.employees
            or tile.type not in catalog.employees[marketeer].campaign_types
        ):
            raise _fail(f"{where}.marketeer", f"{marketeer!r} cannot run a {tile.type.value}")
        cells: tuple[Cell, ...] = ()
        edge = first = None
        if tile.type is CampaignType.AIRPLANE:
            edge = _enum(f"{where}.edge", Edge, c.get("edge"))
            first = _int(c, "first", 0, where=where, minimum=0)
        elif tile.type.beside_board:
            if "cell" in c or "edge" in c:  # a tile beside the board has no square
                raise _fail(f"{where}.cell", f"a {tile.type.value} has no square on the map")
        else:
            top = _cell(f"{where}.cell", c.get("cell"))
            height, width = tile.height, tile.width
            if height != width:
                orient = _enum(f"{where}.orientation", Orientation, c.get("orientation"))
                long_, short = max(height, width), min(height, width)
                height, width = (
                    (short, long_) if orient is Orientation.HORIZONTAL else (long_, short)
                )
            cells = square_cells(top, height, width)
            _check_free(state, board, cells, where, occupied_squares(state))
        eternal = bool(c.get("eternal", False))
        state.campaigns[number] = Campaign(
            number=number,
            kind=tile.type,
            owner=owner,
            good=_good(f"{where}.good", c.get("good"), state.rules.marketable),
            marketeer=marketeer,
            remaining=_int(c, "remaining", 1, where=where, minimum=1),
            eternal=eternal,
            placed_round=_int(c, "placed_round", max(1, state.round - 1), where=where),
            cells=cells,
            edge=edge,
            first=first,
            extras=module_keys(state, "campaign", where, c),
        )
        state.campaign_supply.remove(number)

    # supply = the box for this player count less everything owned
    for card, n in cards_in_play(state).items():
        state.supply[card] -= n
        if state.supply[card] < 0:
            raise _fail("companies", f"more {card} cards in play than the box holds")
    # a supply override: cards taken out of the box (never more than the box less those in play)
    override = _keys("supply", raw.get("supply", {}), {str(c) for c in state.supply} - {"ceo"})
    for name, n in override.items():
        card = EMPLOYEE_IDS[name]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= state.supply[card]:
            raise _fail(
                f"supply.{name}",
                f"must be a whole number from 0 to {state.supply[card]} (the box less the cards "
                f"in play), got {n!r}",
            )
        state.supply[card] = n
    for p in state.players:
        for card in {c for c in [*p.hand, *p.at_work, *p.beach]}:
            if catalog.employees[card].unique and (
                [*p.hand, *p.at_work, *p.beach, *state.busy_marketeers(p.seat)].count(card) > 1
            ):
                raise _fail(f"companies[{p.seat}]", f"{card} is a 1x card: one copy per player")

    default_bank = (
        catalog.setups[players].bank_intro
        if options.introductory
        else (catalog.setups[players].bank)
    )
    state.bank = _int(raw, "bank", default_bank, minimum=0)
    # as Restructuring counts them: a Waitress on a second shift counts twice (ketchup.md 10)
    state.waitresses_this_round = {
        p.seat: at_work_count(state, p.seat, EmployeeId.WAITRESS) for p in state.players
    }

    log = EventLog()
    log.add(
        EventKind.SCENARIO_LOADED,
        description=str(raw.get("description", "")),
        round=state.round,
        phase=phase.value,
    )
    if "working" in raw and phase is not Phase.WORKING:
        raise _fail("working", "a Working 9–5 turn is given only with phase 'working'")
    for key in ("setup_passed", "setup_second_pass"):
        if key in raw and phase is not Phase.SETUP_RESTAURANTS:
            raise _fail(key, "is given only with phase 'setup_restaurants'")
    if phase is Phase.SETUP_RESERVE:
        _setup_reserve(state, log)
    elif phase is Phase.SETUP_RESTAURANTS:
        _setup_restaurants(state, raw, log)
    elif phase is Phase.WORKING and "working" in raw:
        _mid_working(state, raw["working"], log)
    else:
        state.turn.phase = Phase.RESTRUCTURING
        if phase is Phase.RESTRUCTURING:
            for p in state.players:  # everything comes back to hand before Restructuring
                p.hand = sorted([*p.hand, *p.at_work, *p.beach])
                p.at_work, p.beach = [], []
        enter_phase(state, phase, log)
    advance(state, log)
    return state, list(log)


def _setup_reserve(state: GameState, log: EventLog) -> None:
    """Setup 1 (facts.md C): the chains with no reserve card yet still choose one."""
    if state.options.introductory:
        raise _fail("phase", "the introductory game has no reserve cards (facts.md E.10)")
    if state.restaurants:
        raise _fail("restaurants", "first restaurants are placed after the reserve cards")
    state.turn.phase = Phase.SETUP_RESERVE
    state.turn.pending = [p.seat for p in state.players if p.reserve is None]


def _setup_restaurants(state: GameState, raw: dict[str, Any], log: EventLog) -> None:
    """Setup 2 (facts.md C): from the last player in turn order back to the first each places a
    first restaurant or passes; then the passers place in turn order. The seats that placed
    are the owners of ``restaurants``; ``setup_passed`` the ones that passed."""
    players = state.num_players
    if any(p.reserve is None for p in state.players) and not state.options.introductory:
        raise _fail("companies", "every chain has chosen its reserve card before the restaurants")
    passed = raw.get("setup_passed", [])
    if not isinstance(passed, list) or any(
        not isinstance(s, int) or not 0 <= s < players for s in passed
    ) or len(set(passed)) != len(passed):
        raise _fail("setup_passed", f"must list seats 0..{players - 1}, each at most once")
    second = raw.get("setup_second_pass", False)
    if not isinstance(second, bool):
        raise _fail("setup_second_pass", "must be true or false")
    owners = [r.owner for r in state.restaurants]
    if len(set(owners)) != len(owners) or any(not r.open for r in state.restaurants):
        raise _fail("restaurants", "at setup each chain places at most one open restaurant")
    entrance_tiles = [tile_of(corner_cell(r.cell, r.entrance)) for r in state.restaurants]
    if len(set(entrance_tiles)) != len(entrance_tiles):
        raise _fail("restaurants", "at setup no two entrances are on one tile (facts.md C)")
    if set(owners) & set(passed) and not second:
        raise _fail("setup_passed", "a seat that passed places only in the second pass")
    backwards = list(reversed(state.turn_order))
    if not second:
        done = [s for s in backwards if s in owners or s in passed]
        if done != backwards[: len(done)]:
            raise _fail(
                "restaurants",
                "the first pass goes from the last player in turn order to the first: "
                f"seats {backwards[: len(done)]} decide first",
            )
        turn_index = len(done)
    else:
        if not passed or any(s not in owners and s not in passed for s in backwards):
            raise _fail("setup_second_pass", "the second pass follows a first pass with a pass")
        again = [s for s in state.turn_order if s in passed]
        done = [s for s in again if s in owners]
        if done != again[: len(done)]:
            raise _fail("restaurants", f"the second pass goes in turn order: {again}")
        turn_index = len(done)
    state.turn.phase = Phase.SETUP_RESTAURANTS
    state.turn.setup_passed = list(passed)
    state.turn.setup_second_pass = second
    state.turn.index = turn_index
    if not second and turn_index >= players and passed:
        state.turn.setup_second_pass, state.turn.index = True, 0


def _mid_working(state: GameState, raw: Any, log: EventLog) -> None:
    """A position inside Working 9–5: the earlier players' turns are over, ``seat`` is at
    ``step`` with the cards in ``acted`` already used (docs/scenarios.md)."""
    w = _keys("working", raw, _WORKING)
    seat = _int(w, "seat", -1, where="working", minimum=0, maximum=state.num_players - 1)
    raw_step = w.get("step", WorkStep.HIRE.value)
    step = next((r.step for r in state.rules.work_steps if r.step == raw_step), None)
    if step is None:  # the game's steps: the base game's and its modules'
        allowed = ", ".join(r.step for r in state.rules.work_steps)
        raise _fail("working.step", f"must be one of {allowed}; got {raw_step!r}")
    state.turn.phase = Phase.WORKING
    state.turn.index = state.turn_order.index(seat)
    for later in state.turn_order[state.turn.index :]:
        if later != seat or step is WorkStep.HIRE:
            state.players[later].hire_discounts = 0  # counted at the end of their hiring
    turn = working.new_turn(state, seat)
    turn.step = step
    if "hires_left" in w:
        if step is not WorkStep.HIRE:
            raise _fail("working.hires_left", "hires are left only in the step 'hire'")
        full = turn.hires_left
        turn.hires_left = _int(w, "hires_left", 0, where="working", minimum=0, maximum=full)
        turn.hires_made = full - turn.hires_left
    acted = w.get("acted", [])
    if not isinstance(acted, list):
        raise _fail("working.acted", "must be a list of employee ids")
    for i, card in enumerate(acted):
        if card not in turn.unused:
            raise _fail(
                f"working.acted[{i}]",
                f"{card!r} is not a card at work with an unused action of steps 4-7",
            )
        turn.unused.remove(card)
    trainers = w.get("trainers", [])
    if not isinstance(trainers, list):
        raise _fail("working.trainers", "must be a list of [trainer card, training steps left]")
    units = list(turn.trainers)
    for i, pair in enumerate(trainers):
        unit = next(
            (u for u in units if isinstance(pair, list) and len(pair) == 2 and u.card == pair[0]),
            None,
        )
        if unit is None:
            raise _fail(f"working.trainers[{i}]", f"no unmatched trainer at work for {pair!r}")
        units.remove(unit)
        left = pair[1]
        if not isinstance(left, int) or isinstance(left, bool) or not 0 <= left <= unit.left:
            raise _fail(f"working.trainers[{i}]", f"steps left must be 0 to {unit.left}")
        unit.left = left
    state.turn.working = turn
    working.resume(state, log)


def _int(
    raw: dict[str, Any],
    key: str,
    default: int,
    *,
    where: str = "",
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    value = raw.get(key, default)
    name = f"{where}.{key}" if where else key
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(name, f"must be an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise _fail(name, f"must be at least {minimum}")
    if maximum is not None and value > maximum:
        raise _fail(name, f"must be at most {maximum}")
    return value


def module_keys(
    state: GameState, record: str, where: str, raw: Mapping[str, Any]
) -> dict[str, Any]:
    """The keys modules keep on a record (``ModuleKey``) that a scenario's ``raw`` record
    gives, each read by its module (which names ``where`` when it refuses one)."""
    out: dict[str, Any] = {}
    for name, key in state.rules.module_keys.get(record, {}).items():
        if name in raw:
            value = raw[name] if key.parse is None else key.parse(where, raw[name], raw, state)
            if value is not None:
                out[name] = value
    return out


def _check_free(
    state: GameState, board: Any, cells: tuple[Cell, ...], where: str, taken: set[Cell]
) -> None:
    for cell in cells:
        if not board.in_map(cell):
            raise _fail(where, f"square {list(cell)} is off the map")
        if not board.is_blank(cell) or cell in taken:
            raise _fail(where, f"square {list(cell)} is not empty")
