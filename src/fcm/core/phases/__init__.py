"""One module per phase, each with the same five functions:

- ``begin(state, log)``: set up the phase's bookkeeping when it starts;
- ``actors(state) -> list[Seat]``: who must decide now (empty: nothing to decide);
- ``legal(state, seat) -> list[Action]``: every legal action of that seat (the only legality);
- ``act(state, seat, action, log)``: apply an action already known to be legal;
- ``finish(state, log) -> Phase``: resolve what needs no decision and name the next phase.

The engine (``fcm.core.engine``) wires them together; no phase calls another directly.
"""
