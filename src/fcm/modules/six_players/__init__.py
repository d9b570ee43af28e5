"""Six Players (ketchup.md 17): a sixth chain, Siap Faji, at a table of six.

- Setup: the 6-player count joins the ruleset's setups (``data.json``): a map of 4 x 6 tiles
  (24 of the 25 tiles New Districts makes, one left over; 26 with Lobbyists' tile Z), a bank of
  $300 ($450 in the introductory game), no billboard removed, 3 copies of each 1x card (KX2,
  19.1 row 6), the turn-order track and every reserve/restaurant rule as at five.
- Milestones: the box's extra copies give 6 of each milestone in play (copies never limit
  play: everyone who qualifies in a round claims it).
- It needs New Districts (0.2, ``modules.json``): without its tiles 24 squares of map cannot
  be laid.

Everything else scales with the seat count already: the turn order, the secret decisions, the
views, the bots, the research encoding (sized from the ruleset's most seats and largest map).
"""

from __future__ import annotations

from typing import Any

from fcm.modules._data import facts_reader
from fcm.rulesets import Module, known_modules

ID = "six_players"
RULE = "ketchup.md 17"


# the module's facts (``data.json`` of this package), a fresh copy each call
facts = facts_reader(__name__)


def _data(raw: dict[str, Any], chosen: frozenset[str]) -> None:
    f = facts()
    setup = raw["setup.json"]
    setup["player_counts"].append(f["player_count"])
    # "extra base milestone copies give 6 of each" (17): every milestone in play, the modules'
    # too (they run before this one in id order; copies never limit a claim)
    ms = raw["milestones.json"]
    for m in ms["milestones"]:
        m["copies"] = max(int(m["copies"]), int(f["milestone_copies"]))
    ms["total_copies"] = sum(int(m["copies"]) for m in ms["milestones"])


def module() -> Module:
    seats = int(facts()["player_count"]["players"])
    return Module(info=known_modules()[ID], data=_data, players={seats: RULE})
