"""Actions: small frozen values with a stable JSON form.

An action never refers to the state; who takes it is passed beside it (``apply(state, seat,
action)``). Coordinates and ids follow conventions.md. ``action_from_json`` is the only way
JSON becomes an action, and it rejects malformed input with :class:`InvalidActionError` naming
the field; legality is a separate question answered by the legal-action generator.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from fcm.core.errors import InvalidActionError
from fcm.core.types import EMPLOYEE_IDS, Cell, Corner, Edge, EmployeeId, Good, Orientation

if TYPE_CHECKING:
    from fcm.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``type`` is the stable JSON tag."""

    type: ClassVar[str] = ""
    # Fields written only when given (added later: saved games without them stay byte for byte
    # the same); a module's action type says its own.
    written_only_when_given: ClassVar[frozenset[str]] = frozenset({"route"})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        omitted = self.written_only_when_given
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in omitted and not value:
                continue
            out[f.name] = _encode(value)
        return out

    def __str__(self) -> str:
        return notation(self)


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current optional step or decision (pass, commit, stop firing)."""

    type: ClassVar[str] = "done"


# -- setup -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseReserve(Action):
    """Secretly choose a bank reserve card (by its money: 100, 200 or 300; a module's cards
    that carry more are its own action type extending this one, ``Extensions.reserve_cards``)."""

    type: ClassVar[str] = "choose_reserve"
    money: int


@dataclass(frozen=True, slots=True)
class PlaceRestaurant(Action):
    """Place a restaurant: at setup (employee None), or by a Local/Regional Manager."""

    type: ClassVar[str] = "place_restaurant"
    cell: Cell
    entrance: Corner
    employee: EmployeeId | None = None


@dataclass(frozen=True, slots=True)
class MoveRestaurant(Action):
    """Regional Manager: move (or turn in place) one of your open restaurants."""

    type: ClassVar[str] = "move_restaurant"
    restaurant: int
    cell: Cell
    entrance: Corner


# -- restructuring and order of business ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SendToWork(Action):
    """Restructuring: put one card of this type from your hand at work (secret until reveal)."""

    type: ClassVar[str] = "send_to_work"
    employee: EmployeeId


@dataclass(frozen=True, slots=True)
class ChooseTurnOrder(Action):
    """Order of Business: take this free position of the turn order track (1 = first)."""

    type: ClassVar[str] = "choose_turn_order"
    position: int


# -- working 9-5 ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hire(Action):
    type: ClassVar[str] = "hire"
    employee: EmployeeId


@dataclass(frozen=True, slots=True)
class Train(Action):
    """One training step: ``trainer`` (trainer/coach/guru) trains a beach ``employee`` ``into``.

    ``fresh`` selects a card already trained this turn (continuing its training).
    """

    type: ClassVar[str] = "train"
    trainer: EmployeeId
    employee: EmployeeId
    into: EmployeeId
    fresh: bool = False


@dataclass(frozen=True, slots=True)
class StartCampaign(Action):
    """Choose a free campaign tile for a marketeer at work (then place it, then advertise)."""

    type: ClassVar[str] = "start_campaign"
    marketeer: EmployeeId
    number: int


@dataclass(frozen=True, slots=True)
class PlaceCampaign(Action):
    """Where the campaign goes: a square (and orientation for non-square tiles), or an
    airplane's map edge and first row/column."""

    type: ClassVar[str] = "place_campaign"
    cell: Cell | None = None
    orientation: Orientation | None = None
    edge: Edge | None = None
    first: int | None = None


@dataclass(frozen=True, slots=True)
class ChooseAdvert(Action):
    """What the campaign advertises and for how many rounds."""

    type: ClassVar[str] = "choose_advert"
    good: Good
    duration: int


@dataclass(frozen=True, slots=True)
class Cook(Action):
    """A kitchen card at work makes its food (all or nothing)."""

    type: ClassVar[str] = "cook"
    employee: EmployeeId
    good: Good


@dataclass(frozen=True, slots=True)
class GetDrinks(Action):
    """A buyer collects drinks: an Errand Boy names the drink; a Cart Operator, Truck Driver or
    Zeppelin Pilot names the suppliers its route passes (all of them must be collected).

    ``route`` may draw the way as players see it: the road squares of a cart or truck, or the
    tiles ``[tile row, tile col]`` a Zeppelin enters. The engine checks it and fills in
    ``suppliers`` from it (they may be left out)."""

    type: ClassVar[str] = "get_drinks"
    employee: EmployeeId
    good: Good | None = None
    suppliers: tuple[Cell, ...] = ()
    route: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class PlaceHouse(Action):
    """New Business Developer: a house tile with its garden."""

    type: ClassVar[str] = "place_house"
    number: int
    cell: Cell
    garden: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class AddGarden(Action):
    """New Business Developer: a garden for a house that has none."""

    type: ClassVar[str] = "add_garden"
    house: int
    garden: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class ArrangeStructure(Action):
    """Restructuring drawn as an org chart: each entry is a card in one of the CEO's slots with
    the cards under it (only a manager has any), e.g. ``(("management_trainee", ("waitress",)),
    ("errand_boy", ()))``. Sends exactly those cards to work and commits; refused if the chart
    is illegal as drawn (the one-card-at-a-time ``SendToWork`` form stays)."""

    type: ClassVar[str] = "arrange_structure"
    arrangement: tuple[tuple[EmployeeId, tuple[EmployeeId, ...]], ...]

    @property
    def cards(self) -> list[EmployeeId]:
        return sorted([c for top, under in self.arrangement for c in (top, *under)])


# -- payday and clean up -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Payday: fire one card of this type (from work or the beach; a busy marketeer only when
    broke)."""

    type: ClassVar[str] = "fire"
    employee: EmployeeId



@dataclass(frozen=True, slots=True)
class ThrowAway(Action):
    """Clean up with a freezer over capacity: discard one item."""

    type: ClassVar[str] = "throw_away"
    good: Good


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Done,
        ChooseReserve,
        PlaceRestaurant,
        MoveRestaurant,
        SendToWork,
        ArrangeStructure,
        ChooseTurnOrder,
        Hire,
        Train,
        StartCampaign,
        PlaceCampaign,
        ChooseAdvert,
        Cook,
        GetDrinks,
        PlaceHouse,
        AddGarden,
        Fire,
        ThrowAway,
    )
}

# Shared instances of the actions the legal-action generators list most (about 80 a round in a
# 4-player game): building a frozen dataclass costs a Python call and an ``object.__setattr__``
# per field, and an action is an immutable value, so one instance per value serves everyone.
DONE: Final = Done()
hire_of: Final = functools.cache(Hire)
fire_of: Final = functools.cache(Fire)
send_to_work_of: Final = functools.cache(SendToWork)
turn_order_of: Final = functools.cache(ChooseTurnOrder)

# -- JSON codec --------------------------------------------------------------------------------

_ENUMS: dict[str, type[Good] | type[Corner] | type[Edge] | type[Orientation]] = {
    "good": Good,
    "entrance": Corner,
    "edge": Edge,
    "orientation": Orientation,
}
_CELLS = {"cell"}
_CELL_LISTS = {"suppliers", "garden", "route"}
_INTS = {"money", "restaurant", "position", "number", "duration", "first", "house"}
_EMPLOYEES = {"employee", "trainer", "into", "marketeer"}
_BOOLS = {"fresh"}


def _encode(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if hasattr(value, "value"):  # StrEnum
        return value.value
    return value


def _decode_cell(name: str, raw: Any) -> Cell:
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        raise InvalidActionError(f"field {name!r} must be a square [row, col], got {raw!r}")
    return (raw[0], raw[1])


def _decode_field(name: str, raw: Any) -> Any:
    if raw is None:
        return None
    if name in _ENUMS:
        enum = _ENUMS[name]
        try:
            return enum(raw)
        except ValueError:
            members: Iterable[Good | Corner | Edge | Orientation] = (
                Good.known() if enum is Good else enum  # type: ignore[assignment]
            )
            allowed = ", ".join(e.value for e in members)
            raise InvalidActionError(
                f"field {name!r} must be one of {allowed}; got {raw!r}"
            ) from None
    if name in _CELLS:
        return _decode_cell(name, raw)
    if name in _CELL_LISTS:
        if not isinstance(raw, list | tuple):
            raise InvalidActionError(f"field {name!r} must be a list of squares, got {raw!r}")
        return tuple(_decode_cell(name, x) for x in raw)
    if name == "arrangement":
        return _decode_arrangement(raw)
    if name in _INTS:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise InvalidActionError(f"field {name!r} must be an integer, got {raw!r}")
        return raw
    if name in _EMPLOYEES:
        if not isinstance(raw, str):
            raise InvalidActionError(f"field {name!r} must be a string, got {raw!r}")
        employee = EMPLOYEE_IDS.get(raw)
        if employee is None:
            raise InvalidActionError(f"field {name!r}: {raw!r} is not an employee type")
        return employee
    if name in _BOOLS:
        if not isinstance(raw, bool):
            raise InvalidActionError(f"field {name!r} must be true or false, got {raw!r}")
        return raw
    raise InvalidActionError(f"unknown field {name!r}")  # pragma: no cover


def _decode_arrangement(raw: Any) -> tuple[tuple[EmployeeId, tuple[EmployeeId, ...]], ...]:
    def bad() -> InvalidActionError:
        return InvalidActionError(
            f"field 'arrangement' must be a list of [card, [cards under it]], got {raw!r}"
        )

    def card(name: Any) -> EmployeeId:
        employee = EMPLOYEE_IDS.get(name) if isinstance(name, str) else None
        if employee is None:
            raise InvalidActionError(f"field 'arrangement': {name!r} is not an employee type")
        return employee

    if not isinstance(raw, list | tuple):
        raise bad()
    out = []
    for entry in raw:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            raise bad()
        if not isinstance(entry[1], list | tuple):
            raise bad()
        out.append((card(entry[0]), tuple(card(c) for c in entry[1])))
    return tuple(out)


def action_from_json(data: Any, rules: Ruleset | None = None) -> Action:
    """Parse the JSON form of an action: a base game's, or one of the action types of the
    expansion modules ``rules`` plays (``Ruleset.action_types``; the codec is per ruleset).

    Raises:
        InvalidActionError: unknown type, unknown/missing field or a mistyped value.
    """
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, got {type(data).__name__}")
    tag = data.get("type")
    module = None
    if rules is not None and rules.action_types and isinstance(tag, str):
        module = rules.action_types.get(tag)
        if module is None and tag in rules.action_reads:
            module, data = _older_form(rules.action_reads[tag], data)
    cls = module.cls if module is not None else (
        ACTION_TYPES.get(tag) if isinstance(tag, str) else None
    )
    if cls is None:
        known = sorted({*ACTION_TYPES, *(rules.action_types if rules is not None else ())})
        raise InvalidActionError(f"unknown action type {tag!r}; known types: {', '.join(known)}")
    tag = cls.type
    names = {f.name: f for f in fields(cls)}
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise InvalidActionError(f"{tag}: unknown field(s) {sorted(extra)}")
    kwargs: dict[str, Any] = {}
    for name, f in names.items():  # null only where a field is optional
        if name in data and data[name] is None and f.default is not None:
            raise InvalidActionError(f"{tag}: field {name!r} must not be null")
    for name, f in names.items():
        if name in data:
            kwargs[name] = (
                _decode_field(name, data[name])
                if module is None
                else _decode_as(module.fields[name], name, data[name])
            )
        elif f.default is MISSING:
            raise InvalidActionError(f"{tag}: missing field {name!r}")
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise InvalidActionError(f"{tag}: {exc}") from None


def _older_form(
    reads: tuple[tuple[str, ActionType], ...], data: dict[str, Any]
) -> tuple[ActionType | None, dict[str, Any]]:
    """A base action's JSON in an older form a module's type is read from (``ActionType.reads``):
    the marker field given (not null or false) makes it that type; null or false is dropped."""
    for marker, module in reads:
        if marker not in data:
            continue
        if data[marker] is None or data[marker] is False:
            return None, {k: v for k, v in data.items() if k != marker}
        own = {f.name for f in fields(module.cls)}
        kept = {k: v for k, v in data.items() if k != marker or marker in own}
        if marker in module.renamed:  # the marker's value, under the type's own name for it
            kept[module.renamed[marker]] = data[marker]
        return module, {**kept, "type": module.cls.type}
    return None, data


# -- a module's action types ---------------------------------------------------------------------

FieldKind = Literal["good", "cell", "cells", "int", "employee", "bool", "str"]
"""How a field of a module's action reads from JSON (``"cells"``: a list of squares)."""

_KIND_AS_FIELD: dict[FieldKind, str] = {  # a base field of that kind: its decoder and messages
    "good": "good",
    "cell": "cell",
    "cells": "garden",
    "int": "number",
    "employee": "employee",
    "bool": "fresh",
}


@dataclass(frozen=True, slots=True)
class ActionType:
    """An action type an expansion module brings (``Module.actions``): its class (a frozen
    dataclass of :class:`Action` with a unique ``type`` tag), how each field reads from JSON
    (``fields``), its human notation (unique among one decision's legal actions; ``parse_action``
    reads it back), and the fields written only when given (so saves stay as they were).

    A placement on the map names its ``placement`` field(s), each a ``"cell"`` or a ``"cells"``
    field (the first square is the one a player clicks; all are the squares it occupies: a
    tile of several squares is one ``"cells"`` field) and ``placing``, what it places in a
    language ("a shop"): the board highlights and clicks them like the base placements."""

    cls: type[Action]
    fields: Mapping[str, FieldKind]
    notation: Callable[[Any], str]
    label: Callable[[Any, str], str] | None = None  # the button in a language (None: notation)
    # Older JSON forms it is read from: (base tag, marker field), e.g. ("train", "at_work") for
    # a step that was once a base action with a flag (saved games keep loading).
    reads: tuple[tuple[str, str], ...] = ()
    # A marker of ``reads`` whose value the type keeps under another field name (old -> new)
    renamed: Mapping[str, str] = field(default_factory=dict)
    placement: tuple[str, ...] = ()
    placing: Callable[[str], str] | None = None
    # The decision panel: the base action type whose section shows its buttons (a card trained
    # at work is trained like any: "train"; empty: a section of its own), and the sentence
    # that section opens with in a language (None: the base section's, or none)
    shown_as: str = ""
    intro: Callable[[str], str] | None = None

    def __post_init__(self) -> None:
        """Check the type (its own tag, a kind for every field); its notation and label are
        then known wherever its actions are printed.

        Raises:
            ValueError: the tag is a base game's, or a field has no kind.
        """
        tag = self.cls.type
        if tag in ACTION_TYPES:
            raise ValueError(f"action type {tag!r} is the base game's")
        missing = {f.name for f in fields(self.cls)} - set(self.fields)
        if missing:
            raise ValueError(f"action type {tag!r}: no kind for field(s) {sorted(missing)}")
        if self.shown_as and self.shown_as not in ACTION_TYPES:
            raise ValueError(f"action type {tag!r}: shown as {self.shown_as!r}, no base type")
        not_cells = [f for f in self.placement if self.fields.get(f) not in ("cell", "cells")]
        if not_cells:
            raise ValueError(
                f"action type {tag!r}: placement field(s) {not_cells} are no cell fields"
            )
        _SPECS[self.cls] = self


# A module action's class -> its description (printing an action needs no ruleset; decoding
# JSON does: ``Ruleset.action_types``).
_SPECS: dict[type[Action], ActionType] = {}


def module_action(action: Action) -> ActionType | None:
    """The description of a module's action (None: a base game's)."""
    return _SPECS.get(type(action))


def _decode_as(kind: FieldKind, name: str, raw: Any) -> Any:
    """A module action's field, decoded as a base field of its kind (messages name ``name``)."""
    if kind == "str":
        if not isinstance(raw, str):
            raise InvalidActionError(f"field {name!r} must be a string, got {raw!r}")
        return raw
    try:
        return _decode_field(_KIND_AS_FIELD[kind], raw)
    except InvalidActionError as exc:
        base = _KIND_AS_FIELD[kind]
        raise InvalidActionError(str(exc).replace(f"field {base!r}", f"field {name!r}")) from None


# -- human notation --------------------------------------------------------------------------


def _sq(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def notation(action: Action) -> str:
    """A short human-readable form, unique among the legal actions of one decision."""
    module = _SPECS.get(type(action))  # first: a module's type may extend a base one
    if module is not None:
        return module.notation(action)
    match action:
        case Done():
            return "done"
        case ChooseReserve(money=m):
            return f"reserve ${m}"
        case PlaceRestaurant(cell=c, entrance=e, employee=emp):
            by = f" by {emp}" if emp else ""
            return f"restaurant at {_sq(c)} entrance {e.value}{by}"
        case MoveRestaurant(restaurant=n, cell=c, entrance=e):
            return f"move restaurant {n} to {_sq(c)} entrance {e.value}"
        case SendToWork(employee=e):
            return f"work {e}"
        case ChooseTurnOrder(position=p):
            return f"turn order {p}"
        case Hire(employee=e):
            return f"hire {e}"
        case Train(trainer=t, employee=e, into=i, fresh=f):
            return f"train {e}{' (fresh)' if f else ''} -> {i} by {t}"
        case StartCampaign(marketeer=m, number=n):
            return f"campaign #{n} by {m}"
        case PlaceCampaign(cell=c, orientation=o, edge=e, first=f):
            if e is not None:
                return f"airplane along {e.value} from {f}"
            assert c is not None
            return f"place at {_sq(c)}" + (f" {o.value}" if o else "")
        case ChooseAdvert(good=g, duration=d):
            return f"advertise {g.value} for {d}"
        case Cook(employee=e, good=g):
            return f"cook {g.value} by {e}"
        case GetDrinks(employee=e, good=g, suppliers=s, route=r):
            if g is not None:
                return f"{e} gets {g.value}"
            along = (" along " + " ".join(_sq(x) for x in r)) if r else ""
            return f"{e} route via " + " ".join(_sq(x) for x in s) + along
        case ArrangeStructure(arrangement=chart):
            return "structure " + "; ".join(
                top + (f" over {' '.join(under)}" if under else "") for top, under in chart
            )
        case PlaceHouse(number=n, cell=c, garden=g):
            return f"house {n} at {_sq(c)} garden " + " ".join(_sq(x) for x in g)
        case AddGarden(house=h, garden=g):
            return f"garden for house {h} at " + " ".join(_sq(x) for x in g)
        case Fire(employee=e):
            return f"fire {e}"
        case ThrowAway(good=g):
            return f"throw away {g.value}"
    return action.type  # pragma: no cover
