"""One module per phase, each with the same seven functions (``fcm.core.ruleset.PhaseRules``):

- ``begin(state, log)``: set up the phase's bookkeeping when it starts;
- ``actors(state) -> list[Seat]``: who must decide now (empty: nothing to decide);
- ``legal(state, seat) -> list[Action]``: every legal action of that seat (the only legality);
- ``why_illegal(state, seat, action) -> str | None``: why an action is not legal (the rule);
- ``resolve_drawn(state, seat, action, legal) -> Action | str | None``: an action carrying
  what a player drew (a drink route, an org chart), which no list holds: the action as applied,
  or why it is refused; None when the phase has no such action;
- ``act(state, seat, action, log)``: apply an action already known to be legal;
- ``finish(state, log) -> Phase``: resolve what needs no decision and name the next phase.

The engine (``fcm.core.engine``) calls the ones of the state's ruleset (``state.rules.phases``);
no phase calls another directly.
"""
