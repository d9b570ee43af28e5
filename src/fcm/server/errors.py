"""API errors: every 4xx/5xx answer is ``{"error": {"code": ..., "message": ...}}``.

Codes are stable strings. The engine's own codes (``action/illegal``, ``action/not_your_turn``,
``action/game_over``, ``action/invalid``) pass through with the engine's message, which names
the rule or the field at fault.
"""

from __future__ import annotations

from typing import Any

ENGINE_STATUS = {
    "action/invalid": 400,
    "action/ambiguous": 400,
    "action/illegal": 422,
    "action/not_your_turn": 409,
    "action/game_over": 409,
    "scenario/invalid": 422,
}


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, **self.extra}}


def engine_error(code: str, message: str, reason: Any = None) -> ApiError:
    """The engine's error as the API answers it; a typed reason (``fcm.core.errors.Reason``)
    goes along as ``reason: {code, params}`` (the page says it in the reader's language)."""
    if reason is None or not hasattr(reason, "code"):
        return ApiError(ENGINE_STATUS.get(code, 400), code, message)
    from fcm.presentation import reason_json

    return ApiError(ENGINE_STATUS.get(code, 400), code, message, reason=reason_json(reason))
