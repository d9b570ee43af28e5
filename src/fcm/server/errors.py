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


def engine_error(code: str, message: str) -> ApiError:
    return ApiError(ENGINE_STATUS.get(code, 400), code, message)
