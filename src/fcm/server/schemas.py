"""The wire format of the HTTP API (request and response bodies), as pydantic models.

These shapes are the browser's and scripts' only contract with the server (see
docs/server.md). A game's ``view`` is :meth:`fcm.GameState.to_dict` of the engine's view for
the requesting seat (spectators: public information only); an action is the engine's JSON
form (``{"type": "choose_reserve", "money": 300}``), parsed by :func:`fcm.action_from_json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from fcm.payloads import ActionJson, GameEvent, LogEntry, SeatPublic, TablePublic
from fcm.server.clock import ClockIn


@dataclass(frozen=True, slots=True)
class Sent:
    """The browser's type of a field kept as plain JSON here (a TypedDict of
    :mod:`fcm.payloads`): ``python -m fcm.server.typegen`` writes it into ``types.d.ts``, while
    pydantic keeps the dict as built (a model or TypedDict would drop keys it does not name)."""

    tp: Any


# Requests are validated strictly: no conversion ("1" or true is not the number 1).
STRICT = ConfigDict(extra="forbid", strict=True)
# The largest count (version, log position, step, round, message number) a request may carry:
# every integer a request holds is bounded, so none overflows a database's integers (a 500)
# and all are refused as 4xx before any code runs.
MAX_INT = 2**31 - 1


class SeatIn(BaseModel):
    model_config = STRICT

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(
        None, description="bot level: 'random', 'easy' (alias 'heuristic'), 'medium' or 'hard'"
    )
    think_ms: int | None = Field(None, ge=1, le=60_000, description="think budget per move")
    name: str | None = Field(None, max_length=40)


class TableIn(BaseModel):
    """Table options: how the server runs the game (not rules)."""

    model_config = STRICT

    bot_pause_ms: int | None = Field(
        None, ge=0, le=5000,
        description="bots act after this visible pause (ms); absent: the server's default",
    )
    hints: bool = Field(
        False, description="players may ask for a hint (hard's reading) while the game is live; "
        "finished games always allow hints",
    )
    rated: bool = Field(
        False, description="the game counts for the ratings of the accounts that claimed its "
        "seats (fcm.server.ratings); a rated game allows no hints",
    )


class CreateGameIn(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                    "options": {"introductory": False},
                }
            ]
        },
    )

    # 6 with the Six Players module (the options' modules decide: refused naming it otherwise)
    seats: list[SeatIn] | None = Field(None, min_length=2, max_length=6)
    players: int | None = Field(
        None, ge=2, le=6, description="shortcut for that many human seats (when seats is absent)"
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="rules options (fcm.Options), validated by the engine: introductory, "
        "milestones (true, false or null: the default), round_limit, rules switches",
    )
    seed: int | None = Field(None, ge=0, lt=2**62, description="random if absent")
    table: TableIn | None = Field(None, description="table options: bot pause, hints")
    scenario: dict[str, Any] | None = Field(
        None, description="start from a position (docs/scenarios.md) instead of a new game"
    )
    clock: ClockIn | None = Field(
        None, description="a turn timer: time per decision and what happens when it runs out"
    )


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token: str | None = Field(None, description="the secret token of a human seat")
    invite: str | None = Field(None, description="invitation link: the browser page of the seat")
    url: str | None = Field(None, description="the seat's game resource in the HTTP API")
    ws: str | None = None


class LinkOut(BaseModel):
    token: str
    invite: str
    url: str
    ws: str


class CreateGameOut(BaseModel):
    game: str
    seats: list[SeatOut]
    spectator: LinkOut


class ActionIn(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"version": 0, "action": {"type": "choose_reserve", "money": 300}}]
        },
    )

    version: int = Field(ge=0, le=MAX_INT, description="the version of the game you saw")
    action: Annotated[dict[str, Any], Sent(ActionJson)] = Field(
        description="an action in the engine's JSON form"
    )
    seat: int | None = Field(None, ge=-1, le=5,
                             description="optional: must be the token's own seat")


class UndoIn(BaseModel):
    model_config = STRICT

    version: int = Field(ge=0, le=MAX_INT, description="the version of the game you saw")


class StateOut(BaseModel):
    """What a seat or spectator sees (also the WebSocket ``state`` message)."""

    type: Literal["state"] = "state"
    game: str
    seat: int | None
    version: int = Field(description="your version: send it back with your next action")
    status: Literal["active", "over"]
    round: int
    phase: str
    actors: list[int] = Field(description="the seats that must decide now")
    your_turn: bool
    legal: Annotated[list[dict[str, Any]], Sent(list[ActionJson])] = Field(
        description="your legal actions (when you must act)"
    )
    seats: Annotated[list[dict[str, Any]], Sent(list[SeatPublic])]
    table: Annotated[dict[str, Any], Sent(TablePublic)] = Field(
        description="the table options in effect: bot_pause_ms, hints, rated (and tutorial or "
        "lesson for their games)"
    )
    view: dict[str, Any] = Field(description="the game state as you may see it")
    events: Annotated[list[dict[str, Any]], Sent(list[GameEvent])] = Field(
        description="the events that led here, visible to you"
    )
    undone: bool | None = None
    reloaded: bool | None = None
    rewound: bool | None = Field(None, description="a rewind vote took the game back")


class GameSummary(BaseModel):
    game: str
    seat: int | None
    version: int
    status: str
    round: int
    phase: str
    actors: list[int]
    your_turn: bool
    seats: Annotated[list[dict[str, Any]], Sent(list[SeatPublic])]
    created_at: float


class GameListOut(BaseModel):
    games: list[GameSummary]


class LogOut(BaseModel):
    game: str
    seat: int | None
    version: int
    total: int
    entries: Annotated[list[dict[str, Any]], Sent(list[LogEntry])]


class DinnertimeOut(BaseModel):
    game: str
    round: int
    text: str | None = Field(description="the explanation (None if the report is unavailable)")
    events: Annotated[list[dict[str, Any]], Sent(list[GameEvent])]


class ErrorBody(BaseModel):
    code: str
    message: str
    text: str | None = Field(
        None, description="an engine error in the game's words (names, not ids), for players"
    )


class ErrorOut(BaseModel):
    error: ErrorBody
