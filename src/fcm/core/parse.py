"""Reading an action's notation back (``fcm.parse_action``): against the legal actions, so
it sits above the engine that lists them.
"""

from __future__ import annotations

from fcm.core.actions import Action, ArrangeStructure, GetDrinks, notation
from fcm.core.engine import check_action, legal_actions
from fcm.core.errors import AmbiguousActionError, FcmError, NoSuchActionError
from fcm.core.state import GameState
from fcm.core.types import EMPLOYEE_IDS, Cell, EmployeeId, Seat

__all__ = ["parse_action"]


def _words(text: str) -> list[str]:
    return text.lower().split()


def _drawn_cells(words: list[str]) -> tuple[Cell, ...] | None:
    out = []
    for w in words:
        parts = w.strip("[]()").split(",")
        if len(parts) != 2 or not all(p.lstrip("-").isdigit() for p in parts):
            return None
        out.append((int(parts[0]), int(parts[1])))
    return tuple(out)


def _drawn_action(text: str) -> Action | str | None:
    """The drawn action ``text`` writes out (a route: ``<buyer> route via <suppliers> along
    <squares or tiles>``; an org chart: ``structure <card> [over <cards>]; ...``), why it does
    not read as one, or None when it is no drawn form. No list holds these: the rules check
    them (``check_action``)."""
    text = " ".join(text.lower().replace(",", ", ").split()).replace(", ", ",")
    words = text.split()
    if words and words[0] == "structure":
        chart: list[tuple[EmployeeId, tuple[EmployeeId, ...]]] = []
        for entry in text[len("structure") :].split(";"):
            names = entry.split()
            if not names and not chart and ";" not in text:
                break  # "structure": the empty chart
            under = names[2:] if len(names) > 1 and names[1] == "over" else names[1:]
            if not names or (len(names) > 1 and (names[1] != "over" or not under)):
                return "an org chart reads 'structure <card> over <cards>; <card>; ...'"
            cards = [EMPLOYEE_IDS.get(n) for n in (names[0], *under)]
            if None in cards:
                bad = next(n for n in (names[0], *under) if EMPLOYEE_IDS.get(n) is None)
                return f"{bad!r} is not an employee type"
            top, *rest = [c for c in cards if c is not None]
            chart.append((top, tuple(rest)))
        return ArrangeStructure(tuple(chart))
    if "along" in words and words[1:3] == ["route", "via"]:
        buyer = EMPLOYEE_IDS.get(words[0])
        if buyer is None:
            return f"{words[0]!r} is not an employee type"
        at = words.index("along")
        suppliers, route = _drawn_cells(words[3:at]), _drawn_cells(words[at + 1 :])
        if suppliers is None or route is None or not route:
            return "a route reads '<buyer> route via <suppliers> along <squares>' ('row,col')"
        return GetDrinks(buyer, suppliers=suppliers, route=route)
    return None


def parse_action(state: GameState, seat: Seat, text: str) -> Action:
    """The legal action of ``seat`` now that ``text`` names: its :func:`notation` (case and
    spacing free), or the start of exactly one action's notation (``"hire wait"`` is not a
    word start; ``"hire"`` is ambiguous when several hires are legal). A drawn action (a drink
    route, an org chart), which no list holds, is read in full and checked by the rules.

    Raises:
        AmbiguousActionError: ``text`` starts the notation of several legal actions.
        NoSuchActionError: no legal action reads so (the message lists some that do exist).
    """
    legal = legal_actions(state, seat)
    want = _words(text)
    written = [(_words(notation(a)), a) for a in legal]
    exact = [a for words, a in written if words == want]
    if len(exact) == 1:
        return exact[0]
    drawn = _drawn_action(text)
    if isinstance(drawn, str):
        raise NoSuchActionError(f"'{text}' does not read as an action: {drawn}")
    if drawn is not None:
        try:
            check_action(state, seat, drawn)
        except FcmError as exc:
            raise NoSuchActionError(f"'{text}' is not legal for seat {seat} now: {exc}") from exc
        return drawn
    starting = [a for words, a in written if want and words[: len(want)] == want]
    if len(exact) > 1 or len(starting) > 1:
        shown = ", ".join(f"'{a}'" for a in (exact or starting)[:6])
        more = len(exact or starting) - 6
        raise AmbiguousActionError(
            f"'{text}' matches {len(exact or starting)} legal actions of seat {seat}: {shown}"
            + (f" and {more} more" if more > 0 else "")
        )
    if len(starting) == 1:
        return starting[0]
    if not legal:
        raise NoSuchActionError(f"seat {seat} has no legal action now; '{text}' is not one")
    kinds = sorted({notation(a).split()[0] for a in legal})
    raise NoSuchActionError(
        f"no legal action of seat {seat} reads '{text}'; legal actions now start with: "
        + ", ".join(f"'{k}'" for k in kinds)
    )
