"""Food Chain Magnate: a complete rules engine, bots, command line and web app.

The public API of the rules engine::

    >>> import fcm
    >>> state = fcm.new_game(players=2, seed=7)
    >>> fcm.current_actors(state)
    [0, 1]
    >>> fcm.legal_actions(state, 0)[0]
    ChooseReserve(money=100)
    >>> state, events = fcm.apply(state, 0, fcm.ChooseReserve(300))
    >>> fcm.view(state, 1).players[0].reserve is None   # seat 0's reserve card is secret
    True
"""

# Registers the expansion modules (a satellite: the engine never imports it).
import fcm.modules  # noqa: F401
from fcm.core.actions import (
    Action,
    AddGarden,
    ArrangeStructure,
    ChooseAdvert,
    ChooseReserve,
    ChooseTurnOrder,
    Cook,
    Done,
    Fire,
    GetDrinks,
    Hire,
    MoveRestaurant,
    PlaceCampaign,
    PlaceHouse,
    PlaceRestaurant,
    SendToWork,
    StartCampaign,
    ThrowAway,
    Train,
    action_from_json,
)
from fcm.core.engine import (
    apply,
    apply_in_place,
    check_action,
    current_actors,
    is_legal,
    is_over,
    legal_actions,
)
from fcm.core.errors import (
    AmbiguousActionError,
    FcmError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NoSuchActionError,
    NotYourTurnError,
    ScenarioError,
)
from fcm.core.events import Event
from fcm.core.parse import parse_action
from fcm.core.state import GameState, Options, Phase
from fcm.core.views import view
from fcm.games import load_scenario, new_game, state_from_dict
from fcm.record import GameRecord

__version__ = "0.1.0"

__all__ = [
    "Action",
    "AddGarden",
    "AmbiguousActionError",
    "ArrangeStructure",
    "ChooseAdvert",
    "ChooseReserve",
    "ChooseTurnOrder",
    "Cook",
    "Done",
    "Event",
    "FcmError",
    "Fire",
    "GameOverError",
    "GameRecord",
    "GameState",
    "GetDrinks",
    "Hire",
    "IllegalActionError",
    "InvalidActionError",
    "MoveRestaurant",
    "NoSuchActionError",
    "NotYourTurnError",
    "Options",
    "Phase",
    "PlaceCampaign",
    "PlaceHouse",
    "PlaceRestaurant",
    "ScenarioError",
    "SendToWork",
    "StartCampaign",
    "ThrowAway",
    "Train",
    "action_from_json",
    "apply",
    "apply_in_place",
    "check_action",
    "current_actors",
    "is_legal",
    "is_over",
    "legal_actions",
    "load_scenario",
    "new_game",
    "parse_action",
    "state_from_dict",
    "view",
]
