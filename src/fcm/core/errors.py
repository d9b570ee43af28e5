"""The engine's exceptions: user errors (bad or illegal input) apart from bugs.

Every user error carries a stable ``code`` (the server maps it to a 4xx response) and a message
that names the rule or field at fault. A bug in the engine raises :class:`InvariantError`.

A refusal's reason is a :class:`Reason`: a code and its parameters, which the presentation
layer renders in the reader's language from the catalogs (``why.<code>``, issue 27); the
string itself is the English text the CLI, the logs and the tests read.
"""

from __future__ import annotations

from typing import Any


class Reason(str):
    """Why an action is refused: ``code`` names the rule's message (the catalog's
    ``why.<code>``), ``params`` fill it in (card and good ids, numbers, lists of them); the
    string is the English text, word for word what the message renders in English."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, english: str, **params: Any) -> Reason:
        obj = super().__new__(cls, english)
        obj.code = code
        obj.params = params
        return obj

    def __reduce__(self) -> tuple[Any, ...]:  # a copy keeps the code and the parameters
        return (_reason, (self.code, str(self), self.params))


def _reason(code: str, english: str, params: dict[str, Any]) -> Reason:
    return Reason(code, english, **params)


class FcmError(ValueError):
    """Root of every error the engine raises on purpose for bad input."""

    code = "error"

    def __init__(
        self, message: str, *, code: str | None = None, reason: Reason | None = None
    ) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.reason = reason  # the rule's reason, typed (a refusal): rendered per language

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class InvalidActionError(FcmError):
    """The action is malformed: unknown type, missing or mistyped field."""

    code = "action/invalid"


class IllegalActionError(FcmError):
    """The action is well formed but not legal in this position (names the rule)."""

    code = "action/illegal"


class NotYourTurnError(IllegalActionError):
    """The seat may not act now."""

    code = "action/not_your_turn"


class GameOverError(IllegalActionError):
    """The game has ended; no action is legal."""

    code = "action/game_over"


class AmbiguousActionError(FcmError):
    """A notation string matches several legal actions."""

    code = "action/ambiguous"


class NoSuchActionError(FcmError):
    """A notation string matches no legal action."""

    code = "action/no_such"


class ScenarioError(FcmError):
    """A scenario or saved game file is malformed (names the field)."""

    code = "scenario/invalid"


class InvariantError(AssertionError):
    """A broken internal invariant: a bug in the engine, never a user error."""
