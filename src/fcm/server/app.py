"""The HTTP and WebSocket API (FastAPI on uvicorn); the OpenAPI description is at ``/docs``.

Routes translate JSON to calls of :class:`~fcm.server.match.MatchService` and its errors to
``{"error": {"code", "message"}}`` answers; they never decide anything about the rules.
A seat (or spectator) token is sent as ``Authorization: Bearer TOKEN`` or as ``?token=TOKEN``
(WebSockets: the query parameter). See docs/server.md for the whole protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

import orjson
from fastapi import FastAPI, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from fcm import __version__
from fcm.server.accounts import Accounts, CookieAuth, mount_accounts
from fcm.server.bots import BotWorker
from fcm.server.chat import Chat, mount_chat
from fcm.server.clock import Clocks, mount_clock
from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.headers import SecurityHeadersMiddleware
from fcm.server.hints import HintLimiter, add_hint_route
from fcm.server.limits import BodyLimitMiddleware, RateLimiter, RateLimitMiddleware
from fcm.server.lobby import Lobby, mount_lobby
from fcm.server.match import MatchService, Subscriber, check_rated, check_table, dumps
from fcm.server.metrics import Metrics, MetricsMiddleware, mount_metrics
from fcm.server.moderation import Moderation, mount_moderation
from fcm.server.notify import Notifier, mount_notify
from fcm.server.ratings import Ratings, mount_ratings
from fcm.server.schemas import (
    MAX_INT,
    ActionIn,
    CreateGameIn,
    CreateGameOut,
    DinnertimeOut,
    ErrorOut,
    GameListOut,
    LinkOut,
    LogOut,
    SeatOut,
    StateOut,
    UndoIn,
)
from fcm.server.storage import SPECTATOR, SeatSpec, Store, StoreError, open_store

log = logging.getLogger("fcm.server")

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in {
        400: "malformed JSON, request or action",
        401: "no token (or not logged in)",
        403: "bad token, another game's or another seat's token, or a spectator acting",
        404: "no such game",
        409: "stale version, not your turn, game over, or undo refused",
        413: "body too large",
        415: "not a JSON body",
        422: "invalid request, or an action the rules do not allow now",
        408: "the request took too long to arrive",
        429: "too many requests",
        503: "the database is unavailable (nothing was changed, or reload to see)",
    }.items()
}


def error_response(err: ApiError, headers: Mapping[str, str] | None = None) -> Response:
    """An error answer; ASCII JSON, so any text (even a lone surrogate) can be sent."""
    return Response(json.dumps(err.body()), status_code=err.status, headers=headers,
                    media_type="application/json")


def json_response(data: dict[str, Any]) -> Response:
    """Serialised once, without re-validation (the views are large and already plain data)."""
    return Response(dumps(data), media_type="application/json")


def token_of(request: Request | WebSocket, query_token: str | None = None) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return query_token or request.query_params.get("token")


def create_app(
    settings: Settings | None = None, store: Store | None = None,
    now: Callable[[], float] | None = None,
) -> FastAPI:
    """The ASGI application. ``store`` overrides ``settings.database_url`` (tests); ``now``
    is the turn timers' clock (tests inject the time)."""
    from fcm.server import logs

    logs.install()
    settings = settings or Settings.from_env()
    holder: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        st = store
        if st is None:
            kwargs: dict[str, Any] = {"durable": not settings.unsafe_async_commit}
            if not settings.database_url.startswith(("postgresql:", "postgres:")):
                kwargs["poll_interval"] = settings.poll_interval
            st = open_store(settings.database_url, **kwargs)
        await st.open()
        service = MatchService(st, settings)
        holder["accounts"] = accounts = Accounts(st, settings)
        holder["cookie_auth"] = CookieAuth(accounts, settings)
        app.state.accounts = accounts
        worker = BotWorker(service, settings)
        clocks = Clocks(service, settings, now)  # after the bot worker: it chains on_change
        holder["clocks"] = app.state.clocks = clocks
        holder["game_extra"] = clocks.summary_extra
        holder["notifier"] = app.state.notifier = notifier = Notifier(service, settings, now)
        holder["ratings"] = app.state.ratings = Ratings(service, now)
        holder["chat"] = app.state.chat = Chat(service, now)
        holder["lobby"] = app.state.lobby = lobby = Lobby(service, holder)
        holder["moderation"] = app.state.moderation = Moderation(service, accounts, now)
        holder["cookie_auth"].public = lobby.is_public
        await st.subscribe(service.on_remote_change, service.on_store_gap)
        await worker.start()
        await clocks.start()
        await notifier.start()
        holder["service"], holder["worker"] = service, worker
        app.state.service, app.state.worker = service, worker
        app.state.hints = HintLimiter(settings.hint_every_ms / 1000)
        metrics.state.update(service=service, worker=worker, hints=app.state.hints)
        counted = service.on_change

        def on_change(live: Any) -> None:
            counted(live)
            metrics.changes.inc()

        service.on_change = on_change
        try:
            yield
        finally:
            await notifier.stop()
            await clocks.stop()
            await worker.stop()
            await st.close()

    app = FastAPI(
        title="Food Chain Magnate server",
        version=__version__,
        description=(
            "Live multiplayer games of Food Chain Magnate over HTTP and WebSocket. "
            "The rules engine alone decides legality; each client sees only its seat's view. "
            "The WebSocket protocol is described in docs/server.md."
        ),
        lifespan=lifespan,
    )
    app.add_middleware(
        BodyLimitMiddleware, max_bytes=settings.max_body_bytes, timeout=settings.body_timeout
    )
    app.add_middleware(SecurityHeadersMiddleware)  # CSP, framing, nosniff (fcm.server.headers)
    metrics = Metrics()  # Prometheus metrics and health probes (fcm.server.metrics)
    app.add_middleware(MetricsMiddleware, metrics=metrics)

    def known_token(token_hash: str) -> bool:
        service: MatchService | None = holder.get("service")
        return service is not None and service.knows_token(token_hash)

    def session_account(session_hash: str) -> str | None:
        accounts: Accounts | None = holder.get("accounts")
        return None if accounts is None else accounts.session_account(session_hash)

    app.add_middleware(
        RateLimitMiddleware,
        limiter=RateLimiter(settings.rate_per_second, settings.rate_burst, settings.rate_clients),
        known=known_token,
        account=session_account,  # signed-in sessions: per account, not per address
    )

    def svc() -> MatchService:
        service: MatchService = holder["service"]
        return service

    # -- errors ---------------------------------------------------------------------------------

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        retry = exc.extra.get("retry_after")
        return error_response(exc, None if retry is None else {"retry-after": str(retry)})

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        for e in errors:
            if e.get("type") == "json_invalid":
                ctx = e.get("ctx") or {}
                err = ApiError(
                    400, "request/malformed_json",
                    f"the request body is not valid JSON: {ctx.get('error', 'parse error')}",
                )
                return error_response(err)
        parts = []
        for e in errors[:5]:
            loc = ".".join(str(x) for x in e.get("loc", ()))
            parts.append(f"{loc}: {e.get('msg', 'invalid')}")
        err = ApiError(422, "request/invalid", "; ".join(parts) or "invalid request")
        return error_response(err)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        err = ApiError(exc.status_code, f"http/{exc.status_code}", str(exc.detail))
        return error_response(err, exc.headers)

    @app.exception_handler(StoreError)
    async def store_error(request: Request, exc: StoreError) -> Response:
        log.warning("storage failed on %s %s: %s", getattr(request, "method", "WebSocket"),
                    request.url.path, exc)
        err = ApiError(503, "server/storage_unavailable",
                       "the database is unavailable; try again shortly")
        return error_response(err, {"retry-after": "1"})

    @app.exception_handler(OverflowError)
    async def overflow_error(request: Request, exc: OverflowError) -> Response:
        # a number beyond the database's integers that a bound missed: the request's fault
        err = ApiError(422, "request/invalid", "a number in the request is out of range")
        return error_response(err)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s %s", request.method, request.url.path)
        err = ApiError(500, "server/internal", f"internal error ({type(exc).__name__})")
        return error_response(err)

    # -- routes ---------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def root() -> dict[str, Any]:
        return {"name": "fcm", "version": __version__, "api": "/api", "docs": "/docs"}

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "storage": svc().store.kind, "version": __version__}

    @app.post("/api/games", response_model=CreateGameOut, status_code=201, responses=ERRORS)
    async def create_game(body: CreateGameIn, request: Request) -> CreateGameOut:
        """Create a game: one secret token (invitation link) per human seat, and a spectator
        link. Bot seats are played by the server."""
        if body.seats is not None:
            seats = [SeatSpec(s.kind, s.bot, s.think_ms, s.name) for s in body.seats]
        elif body.players is not None:
            seats = [SeatSpec() for _ in range(body.players)]
        else:
            raise ApiError(422, "request/invalid", "give either 'seats' or 'players'")
        table = None if body.table is None else body.table.model_dump(exclude_none=True)
        if table and check_table(table).get("rated"):  # by an account, standard rules,
            await holder["cookie_auth"].required(request)  # the server's seed
            if not settings.rated_test_rules:
                check_rated(body.options, body.seed, body.scenario)
        info, tokens, spectator = await svc().create_game(
            seats, body.options, body.seed, body.scenario, table
        )
        live = svc().cached(info.id)
        if body.clock is not None and live is not None:
            await holder["clocks"].configure(live, body.clock)
        base = str(request.base_url).rstrip("/")
        ws_base = "ws" + base[4:] if base.startswith("http") else base

        def links(token: str) -> tuple[str, str, str]:
            return (
                f"{base}/#/join/{info.id}/{token}",  # the browser page for this seat
                f"{base}/api/games/{info.id}?token={token}",
                f"{ws_base}/api/games/{info.id}/ws?token={token}",
            )

        out = []
        for i, s in enumerate(seats):
            token = tokens.get(i)
            invite, url, ws = links(token) if token else (None, None, None)
            out.append(SeatOut(seat=i, kind=s.kind, bot=s.bot, name=s.name, token=token,
                               invite=invite, url=url, ws=ws))
        invite, url, ws = links(spectator)
        return CreateGameOut(
            game=info.id,
            seats=out,
            spectator=LinkOut(token=spectator, invite=invite, url=url, ws=ws),
        )

    @app.get("/api/games", response_model=GameListOut, responses=ERRORS)
    async def list_games(
        request: Request, token: list[str] = Query(default=[], max_length=50)  # noqa: B008
    ) -> GameListOut:
        """The games of the given tokens (``Authorization: Bearer`` and/or ``?token=``
        repeated), with whose turn it is."""
        tokens = list(token)
        auth = token_of(request, None)
        if auth and auth not in tokens:
            tokens.insert(0, auth)
        if not tokens:
            await svc().authenticate(None)
        games = []
        for t in tokens[:50]:
            game_id, seat = await svc().authenticate(t)
            games.append(await svc().summary(game_id, seat))
        return GameListOut.model_validate({"games": games})

    async def auth(request: Request, game_id: str) -> int:
        token = token_of(request)
        if token is None:  # an account's claimed seat (session cookie, CSRF for changes)
            seat = await holder["cookie_auth"].seat(request, game_id)
            if seat is not None:
                return int(seat)
        _, seat = await svc().authenticate(token, game_id)
        return seat

    @app.get("/api/games/{game_id}", response_model=StateOut, responses=ERRORS)
    async def get_game(game_id: str, request: Request) -> Response:
        """The game as the token's seat (or a spectator) may see it."""
        seat = await auth(request, game_id)
        live = await svc().get(game_id)
        return json_response(svc().state_message(live, seat))

    @app.post("/api/games/{game_id}/actions", response_model=StateOut, responses=ERRORS)
    async def post_action(game_id: str, body: ActionIn, request: Request) -> Response:
        """Play an action with the version you saw; answers your new state. Every connected
        client is pushed its own new view."""
        seat = await auth(request, game_id)
        if body.seat is not None and body.seat != seat:
            raise ApiError(
                403, "auth/wrong_seat",
                f"this token is for seat {seat if seat != SPECTATOR else 'spectator'}, "
                f"not seat {body.seat}",
            )
        from fcm.server.locale import request_lang

        text = await svc().submit(game_id, seat, body.version, body.action,
                                  request_lang(request))
        return Response(text, media_type="application/json")

    @app.post("/api/games/{game_id}/undo", response_model=StateOut, responses=ERRORS)
    async def post_undo(game_id: str, body: UndoIn, request: Request) -> Response:
        """Take back your own last action, if nobody has acted since and it revealed
        nothing hidden from you."""
        seat = await auth(request, game_id)
        return json_response(await svc().undo(game_id, seat, body.version))

    @app.get("/api/games/{game_id}/log", response_model=LogOut, responses=ERRORS)
    async def get_log(
        game_id: str, request: Request, start: int = Query(0, ge=0, le=MAX_INT),
        limit: int = Query(1000, ge=1, le=5000),
    ) -> dict[str, Any]:
        """The game log as you may see it (your own actions in full, everyone's visible
        events)."""
        seat = await auth(request, game_id)
        return await svc().game_log(game_id, seat, start, limit)

    @app.get("/api/games/{game_id}/dinnertime/{round_}", response_model=DinnertimeOut,
             responses=ERRORS)
    async def get_dinnertime(
        game_id: str, request: Request, round_: int = Path(ge=0, le=MAX_INT)
    ) -> dict[str, Any]:
        """Why every house bought where it did in that round's Dinnertime."""
        from fcm.server.locale import request_lang

        await auth(request, game_id)
        return await svc().dinnertime(game_id, round_, request_lang(request))

    @app.get("/api/games/{game_id}/record", responses=ERRORS)
    async def get_record(game_id: str, request: Request) -> JSONResponse:
        """The saved game file (seed + options + actions) for ``fcm replay``; available once
        the game is over."""
        await auth(request, game_id)
        data = await svc().record(game_id)
        return JSONResponse(
            data,
            headers={"content-disposition": f'attachment; filename="fcm-{game_id}.json"'},
        )

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        service = svc()
        try:
            token = token_of(ws)
            cookie_seat = None if token else await holder["cookie_auth"].seat(ws, game_id)
            if cookie_seat is None:
                _, seat = await service.authenticate(token, game_id)
            else:
                seat = cookie_seat
            live = await service.get(game_id)
        except (ApiError, StoreError) as exc:
            err = exc if isinstance(exc, ApiError) else ApiError(
                503, "server/storage_unavailable", "the database is unavailable; try again shortly"
            )
            await ws.accept()
            await ws.send_text(json.dumps({"type": "error", **err.body()}))
            await ws.close(code=4000 + err.status)
            return
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=settings.ws_queue)
        dropped = asyncio.Event()
        sub = Subscriber(game_id, seat, queue, on_overflow=dropped.set)
        # Subscribed before the handshake completes: once the client sees the socket open,
        # every later change reaches it as a push with its events (none slips in between).
        try:  # the version the client had: it is sent the events it missed
            since: int | None = int(ws.query_params.get("since", "")[:12])
        except ValueError:
            since = None
        async with live.lock:
            service.subscribe(live, sub, since)
        try:
            await ws.accept()
        except BaseException:
            service.unsubscribe(sub)
            raise

        async def sender() -> None:
            while True:
                await ws.send_text(await queue.get())

        async def receiver() -> None:
            limiter = RateLimiter(settings.rate_per_second, settings.rate_burst, 1)
            while True:
                text = await ws.receive_text()
                if len(text) > settings.max_ws_message_bytes or limiter.check("ws") > 0:
                    await ws.close(code=1008)
                    return
                try:
                    msg = orjson.loads(text)
                except ValueError:
                    msg = None
                if isinstance(msg, dict) and msg.get("type") == "ping":
                    sub.push(dumps({"type": "pong", "data": msg.get("data")}))
                else:
                    sub.push(dumps({"type": "error", **ApiError(
                        400, "ws/unknown_message",
                        "the WebSocket accepts only {\"type\": \"ping\"}; send actions with "
                        f"POST /api/games/{game_id}/actions",
                    ).body()}))

        tasks = [
            asyncio.create_task(sender()),
            asyncio.create_task(receiver()),
            asyncio.create_task(dropped.wait()),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            service.unsubscribe(sub)
            for t in tasks:
                t.cancel()
            for t in tasks:
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                    await t
            if dropped.is_set():
                with contextlib.suppress(Exception):
                    await ws.close(code=1013, reason="too slow: reconnect for the current state")

    # Accounts: sign-up, log-in, sessions, claimed seats, "my games" (fcm.server.accounts).
    mount_accounts(app, holder, settings, ERRORS)
    # Turn timers: the clock of a game and pausing it (fcm.server.clock).
    holder["auth"] = app.state.auth = auth  # seat token, else the session's claimed seat
    mount_clock(app, holder, ERRORS)
    mount_notify(app, holder, ERRORS)  # notifications (fcm.server.notify)
    mount_ratings(app, holder, ERRORS)  # ratings, profiles, the archive (fcm.server.ratings)
    mount_chat(app, holder, ERRORS)  # a chat per game (fcm.server.chat)
    mount_lobby(app, holder, ERRORS)  # open games, rematches, watching (fcm.server.lobby)
    mount_moderation(app, holder, ERRORS)  # reports and administrators (fcm.server.moderation)
    add_hint_route(app)
    # Rewind by consent: back to the start of a turn or round (fcm.server.rewind).
    from fcm.server.rewind import add_rewind_routes

    add_rewind_routes(app, holder, ERRORS)
    # "Why can't I do this?": the engine's reason, nothing played (fcm.server.why).
    from fcm.server.why import add_why_routes

    add_why_routes(app, holder, ERRORS)
    # The tutorial: a scripted first game against a bot (fcm.server.tutorial, fcm.tutorial).
    # and the lessons built the same way (fcm.lessons).
    from fcm.server.tutorial import add_lesson_routes, add_tutorial_routes

    add_tutorial_routes(app, holder, ERRORS)
    add_lesson_routes(app, holder, ERRORS)

    mount_metrics(app, metrics)
    # The browser UI (lobby, board, decisions) at "/" and its presentation endpoint.
    from fcm.server.web import mount_web

    mount_web(app)
    return app
