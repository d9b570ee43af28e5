"""Events: what happened and why, as structured records.

An event has a ``kind`` (a stable tag such as ``"house_served"``), a JSON-able ``data`` payload
and ``visible_to``: ``None`` for everyone, or the seats that may see it (secret choices). The UI
and the command line render them; the Dinnertime events are complete enough to explain every
sale (candidates, prices, distances, why each chain lost, every payment).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fcm.core.types import Seat


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[Seat, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class EventLog(list[Event]):
    """The events of one ``apply`` call, in order."""

    def add(self, kind: str, visible_to: tuple[Seat, ...] | None = None, **data: Any) -> None:
        self.append(Event(kind, data, visible_to))
