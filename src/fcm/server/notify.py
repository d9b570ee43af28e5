"""Notifications: "your turn", "game over" and a daily reminder of the games waiting for you,
by e-mail (SMTP) and by webhook (Discord/Slack-compatible JSON), as each account chooses.

Only seats claimed by an account are notified (a guest seat has nobody to tell). Every change
of a game reaches each server process (``MatchService.on_change``); the process records in
``notify_games`` the revision it looked at, by a conditional ``UPDATE`` (``revision < ?``),
so each revision is looked at once, and a seat that began deciding since the last revision
looked at gets one outbox row per channel. The outbox's key names the event (game, seat and
the revision its decision began at; the day of a daily reminder), so enqueuing twice is a
no-op (``ON CONFLICT DO NOTHING``).

The sender (:meth:`Notifier.tick`) takes each due row with a conditional ``UPDATE`` (a lease:
``lease_until < now``, like the turn timers), sends it, and marks it sent: of several
processes exactly one sends a message; another retries only if the lease ran out (the first
died, or the send failed: then it is retried later, at most :data:`MAX_ATTEMPTS` times).

"Your turn" waits ``notify_turn_delay`` seconds and is dropped if the seat no longer decides
by then (a live player has already moved). A message holds the game's id, public facts
(round, phase, names, final cash) and a link to the game page without any token: never a
seat's link, a seed or the bots' secret. Webhook URLs (they embed their own secret) are never
logged. Time is injected (``now``): tests move it, nothing sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import ipaddress
import json
import logging
import os
import secrets
import smtplib
import socket
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from fcm.core.engine import current_actors
from fcm.i18n import money, normalise, t
from fcm.server.clock import file_clock
from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.match import LiveGame, MatchService, seat_names
from fcm.server.storage import Store, Tx
from fcm.server.ticker import Ticker

log = logging.getLogger("fcm.server.notify")

CHANNELS = ("email", "webhook")
KINDS = ("turn", "end", "daily", "rematch")
LEASE_SECONDS = 60.0
MAX_ATTEMPTS = 5
RETRY_SECONDS = 300.0
SEND_TIMEOUT = 10.0
BATCH = 50


@dataclass(slots=True)
class Message:
    subject: str
    text: str


@dataclass(slots=True)
class Prefs:
    email: str | None
    webhook: str | None
    on_turn: bool
    on_end: bool
    daily: bool

    def to_json(self) -> dict[str, Any]:
        return {"email": self.email, "webhook": self.webhook, "on_turn": self.on_turn,
                "on_end": self.on_end, "daily": self.daily}


def blocked_address(addr: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """A loopback, private, link-local, reserved, multicast or unspecified address (an
    IPv4-mapped IPv6 address is judged as its IPv4 address)."""
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return bool(addr.is_private or addr.is_loopback or addr.is_link_local or addr.is_reserved
                or addr.is_multicast or addr.is_unspecified)


def resolve(host: str, port: int) -> list[str]:
    """The addresses of ``host`` (one look-up: the caller connects to what it checked)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def private_host(host: str) -> bool:
    """Whether ``host`` resolves to a loopback, private, link-local or reserved address
    (a webhook must not make the server reach into its own network); True when it does not
    resolve."""
    try:
        addresses = resolve(host, 443)
    except OSError:
        return True
    return any(blocked_address(ipaddress.ip_address(a.split("%")[0])) for a in addresses)


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to the address that was checked, whatever the host name says now
    (no second look-up between the check and the connection)."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """The same over TLS: the certificate is checked against the host name (SNI too)."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)


def slack_text(text: str) -> str:
    """Text for Slack: ``&``, ``<`` and ``>`` escaped (its mentions, ``<!channel>``,
    ``<@U123>``, ``<#C1>``, are written with them), so a name cannot ping anyone."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def discord_text(text: str) -> str:
    """Text for Discord: ``@`` and ``<`` followed by a zero-width space (no ``@everyone``,
    ``@here``, ``<@123>`` or ``<@&role>``; no Slack-style ``<!channel>`` either, for
    receivers that read both fields), besides ``allowed_mentions`` saying that nothing may
    ping."""
    return text.replace("@", "@\u200b").replace("<", "<\u200b")


def webhook_body(message: Message) -> dict[str, Any]:
    """The JSON a webhook receives: Discord reads ``content``, Slack ``text``; no mention
    from a seat's or an account's name may ping anyone on either."""
    return {"content": discord_text(f"**{message.subject}**\n{message.text}"),
            "text": slack_text(message.subject + "\n" + message.text),
            "allowed_mentions": {"parse": []}}


class Notifier:
    """The notifications of one server process: enqueue on changes, send from the outbox."""

    def __init__(
        self, service: MatchService, settings: Settings | None = None,
        now: Callable[[], float] | None = None,
    ) -> None:
        self.service = service
        self.store: Store = service.store
        self.settings = settings or Settings()
        if now is None:
            now = file_clock(self.settings.test_clock_file) if self.settings.test_clock_file \
                else time.time
        self.now = now
        self.owner = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._jobs: dict[str, list[tuple[int, frozenset[int], bool]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._ticker: Ticker | None = None
        # how messages leave (tests may replace them; each runs in a thread)
        self.send_email: Callable[[str, Message], None] = self._smtp
        self.send_webhook: Callable[[str, Message], None] = self._post
        previous = service.on_change

        def on_change(live: LiveGame) -> None:
            previous(live)
            self._on_change(live)

        service.on_change = on_change

    # -- which channels this server offers -----------------------------------------------------

    @property
    def email_on(self) -> bool:
        return bool(self.settings.smtp_host)

    @property
    def webhooks_on(self) -> bool:
        return self.settings.notify_webhooks

    def check_webhook(self, url: str, *, resolve_host: bool = False) -> list[str]:
        """The addresses a webhook URL may be posted to (with ``resolve_host``: its host's,
        each checked; else none). Raises ApiError 422 ``notify/webhook`` when the URL may not
        be used: another scheme, a user part, or a host with a private address (unless
        ``notify_allow_private``)."""
        parts = urlsplit(url)
        schemes = ("https", "http") if self.settings.notify_allow_http else ("https",)
        if parts.scheme not in schemes or not parts.hostname:
            raise ApiError(422, "notify/webhook",
                           f"a webhook is an {' or '.join(schemes)} URL with a host")
        if parts.username or parts.password:
            raise ApiError(422, "notify/webhook", "a webhook URL has no user or password part")
        if not resolve_host:
            return []
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
            addresses = resolve(parts.hostname, port)
        except (OSError, ValueError):
            raise ApiError(422, "notify/webhook", "the webhook's host does not resolve") from None
        if not self.settings.notify_allow_private and any(
            blocked_address(ipaddress.ip_address(a.split("%")[0])) for a in addresses
        ):
            raise ApiError(422, "notify/webhook",
                           "the webhook's host has a private or loopback address")
        return addresses

    # -- enqueue on every change ---------------------------------------------------------------

    def _on_change(self, live: LiveGame) -> None:
        over = live.head.status == "over"
        actors = frozenset() if over else frozenset(
            a for a in current_actors(live.state) if live.info.seats[a].kind == "human"
        )
        gid = live.id
        self._jobs.setdefault(gid, []).append((live.head.revision, actors, over))
        if gid not in self._workers:
            with contextlib.suppress(RuntimeError):  # no running loop: nothing to notify
                self._workers[gid] = asyncio.get_running_loop().create_task(self._work(gid))

    async def _work(self, gid: str) -> None:
        try:
            while self._jobs.get(gid):
                revision, actors, over = self._jobs[gid].pop(0)
                try:
                    await self._record(gid, revision, actors, over)
                except Exception:
                    log.exception("could not queue the notifications of game %s", gid)
        finally:
            self._workers.pop(gid, None)
            self._jobs.pop(gid, None)

    async def _record(self, gid: str, revision: int, actors: frozenset[int], over: bool) -> None:
        now = self.now()
        turn_due = now + self.settings.notify_turn_delay

        def record(tx: Tx) -> int:
            owners = tx.execute(
                "SELECT o.seat, o.account_id, s.email, s.webhook, s.on_turn, s.on_end"
                " FROM seat_owners o JOIN notify_settings s ON s.account_id = o.account_id"
                " WHERE o.game_id = ?", (gid,),
            ).fetchall()
            if not owners:
                return 0  # nobody here wants to be told: not even worth a row
            tx.execute(
                "INSERT INTO notify_games (game_id, revision, actors, over) VALUES (?, -1, '[]',"
                " 0) ON CONFLICT (game_id) DO NOTHING", (gid,),
            )
            row = tx.execute("SELECT actors, over FROM notify_games WHERE game_id = ?",
                             (gid,)).fetchone()
            if tx.execute(
                "UPDATE notify_games SET revision = ?, actors = ?, over = ? WHERE game_id = ?"
                " AND revision < ?", (revision, json.dumps(sorted(actors)), int(over), gid,
                                      revision),
            ).rowcount != 1:
                return 0  # this revision (or a newer one) was looked at already
            before, was_over = set(json.loads(row[0])), bool(row[1])
            started = actors - before
            queued = 0
            for seat, account, email, webhook, on_turn, on_end in owners:
                if seat in started and on_turn:
                    kind, key, due = "turn", f"turn:{gid}:{seat}:{revision}", turn_due
                elif over and not was_over and on_end:
                    kind, key, due = "end", f"end:{gid}:{seat}", now
                else:
                    continue
                queued += self._enqueue(tx, key, str(account), kind, email, webhook, gid,
                                        int(seat), now, due)
            return queued

        await self.store.transact(record)

    def _enqueue(
        self, tx: Tx, key: str, account: str, kind: str, email: str | None,
        webhook: str | None, gid: str | None, seat: int | None, now: float, due: float,
    ) -> int:
        n = 0
        for channel, target in (("email", email), ("webhook", webhook)):
            if not target or (channel == "email" and not self.email_on) or (
                channel == "webhook" and not self.webhooks_on
            ):
                continue
            n += tx.execute(
                "INSERT INTO outbox (key, account_id, kind, channel, game_id, seat, created_at,"
                " due_at, lease_until, lease_owner, attempts, status, done_at, error)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, 0, 'queued', NULL, NULL)"
                " ON CONFLICT (key) DO NOTHING",
                (f"{key}:{channel}", account, kind, channel, gid, seat, now, due),
            ).rowcount
        return n

    def seats_changed(self, live: LiveGame) -> None:
        """Accounts were given seats of ``live`` after it was made (the lobby, a rematch): look
        at its current revision again (a no-op if it was looked at with them already)."""
        self._on_change(live)

    async def announce_rematch(self, gid: str) -> int:
        """Tell each account seated in the rematch ``gid`` its new seat (once per seat)."""
        now = self.now()

        def queue(tx: Tx) -> int:
            owners = tx.execute(
                "SELECT o.seat, o.account_id, s.email, s.webhook FROM seat_owners o"
                " JOIN notify_settings s ON s.account_id = o.account_id"
                " WHERE o.game_id = ? AND (s.on_turn != 0 OR s.on_end != 0)", (gid,),
            ).fetchall()
            return sum(self._enqueue(tx, f"rematch:{gid}:{seat}", str(account), "rematch",
                                     email, webhook, gid, int(seat), now, now)
                       for seat, account, email, webhook in owners)

        return int(await self.store.transact(queue))

    async def idle(self) -> None:
        """Wait until the changes seen so far are recorded (tests)."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    # -- the daily reminder ----------------------------------------------------------------------

    def day(self, now: float) -> int:
        return int((now - self.settings.notify_daily_hour * 3600) // 86400)

    async def daily(self) -> int:
        """Queue today's reminder for each account that wants one (once a day, whichever
        process gets there first); it is sent only if a game is waiting for the account."""
        now = self.now()
        today = self.day(now)

        def queue(tx: Tx) -> int:
            rows = tx.execute(
                "SELECT account_id, email, webhook FROM notify_settings WHERE daily = 1"
                " AND last_daily < ?", (today,),
            ).fetchall()
            n = 0
            for account, email, webhook in rows:
                if tx.execute(
                    "UPDATE notify_settings SET last_daily = ? WHERE account_id = ?"
                    " AND last_daily < ?", (today, account, today),
                ).rowcount == 1:
                    n += self._enqueue(tx, f"daily:{account}:{today}", str(account), "daily",
                                       email, webhook, None, None, now, now)
            return n

        return await self.store.transact(queue)

    # -- sending ---------------------------------------------------------------------------------

    async def start(self) -> None:
        self._ticker = Ticker("fcm-notify", self.tick, self.settings.notify_interval)
        self._ticker.start()

    async def stop(self) -> None:
        if self._ticker is not None:
            await self._ticker.stop()
            self._ticker = None
        for task in list(self._workers.values()):
            task.cancel()

    async def tick(self) -> int:
        """Queue the daily reminders due, then send every message due; returns how many
        this process sent."""
        await self.daily()
        now = self.now()

        def due(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT key FROM outbox WHERE status = 'queued' AND due_at <= ?"
                " AND lease_until < ? ORDER BY due_at LIMIT ?", (now, now, BATCH),
            ).fetchall())

        sent = 0
        for (key,) in await self.store.transact(due, write=False):
            row = await self._claim(str(key), now)
            if row is not None:
                sent += await self._deliver(str(key), row, now)
        return sent

    async def _claim(self, key: str, now: float) -> Any:
        def claim(tx: Tx) -> Any:
            if tx.execute(
                "UPDATE outbox SET lease_until = ?, lease_owner = ?, attempts = attempts + 1"
                " WHERE key = ? AND status = 'queued' AND lease_until < ?",
                (now + LEASE_SECONDS, self.owner, key, now),
            ).rowcount != 1:
                return None  # another process has it (or it is done)
            return tx.execute(
                "SELECT o.account_id, o.kind, o.channel, o.game_id, o.seat, o.attempts,"
                " a.name, s.email, s.webhook FROM outbox o LEFT JOIN accounts a"
                " ON a.id = o.account_id LEFT JOIN notify_settings s"
                " ON s.account_id = o.account_id"
                " WHERE o.key = ?", (key,),
            ).fetchone()

        return await self.store.transact(claim)

    async def _finish(self, key: str, status: str, error: str | None = None,
                      retry_at: float | None = None) -> None:
        now = self.now()

        def finish(tx: Tx) -> None:
            if retry_at is not None:
                tx.execute("UPDATE outbox SET lease_until = ?, error = ? WHERE key = ?"
                           " AND lease_owner = ?", (retry_at, error, key, self.owner))
            else:
                tx.execute("UPDATE outbox SET status = ?, done_at = ?, error = ? WHERE key = ?"
                           " AND lease_owner = ?", (status, now, error, key, self.owner))

        await self.store.transact(finish)

    async def _deliver(self, key: str, row: Any, now: float) -> int:
        account, kind, channel, gid, seat, attempts, name, email, webhook = row
        target = email if channel == "email" else webhook
        if not target:
            await self._finish(key, "dropped", "the account no longer has this channel")
            return 0
        message = await self.render(str(account), str(name), str(kind),
                                    None if gid is None else str(gid),
                                    None if seat is None else int(seat))
        if message is None:
            await self._finish(key, "dropped")  # nothing to say any more
            return 0
        send = self.send_email if channel == "email" else self.send_webhook
        try:
            await asyncio.to_thread(send, str(target), message)
        except Exception as exc:  # the address or URL is never logged: it may be a secret
            reason = f"{type(exc).__name__}"
            log.warning("a %s notification (%s) failed (attempt %d): %s", channel, kind,
                        attempts, reason)
            if int(attempts) >= MAX_ATTEMPTS:
                await self._finish(key, "failed", reason)
            else:
                await self._finish(key, "queued", reason, retry_at=now + RETRY_SECONDS)
            return 0
        await self._finish(key, "sent")
        return 1

    # -- what a message says -------------------------------------------------------------------

    def link(self, gid: str | None = None) -> str:
        base = self.settings.public_origin.rstrip("/")
        return f"{base}/#/game/{gid}" if gid else f"{base}/#/"

    async def lang_of(self, account_id: str) -> str:
        """The recipient's language: the account's choice, else English (fcm.i18n)."""
        def find(tx: Tx) -> Any:
            return tx.execute("SELECT lang FROM accounts WHERE id = ?", (account_id,)).fetchone()

        row = await self.store.transact(find, write=False)
        return normalise(None if row is None else row[0])

    async def render(self, account_id: str, name: str, kind: str, gid: str | None,
                     seat: int | None) -> Message | None:
        """The message, from public facts only (None: there is nothing to say any more), in
        the recipient's language."""
        lang = await self.lang_of(account_id)
        if kind == "daily":
            return await self._render_daily(account_id, name, lang)
        assert gid is not None and seat is not None
        try:
            live = await self.service.get(gid)
        except Exception:
            return None
        names = seat_names(live.info, lang)
        if kind == "rematch":
            return Message(
                t("mail.rematch.subject", lang, game=gid),
                t("mail.rematch.body", lang, name=name, game=gid, seat=names[seat],
                  link=self.link(gid)) + "\n",
            )
        if kind == "turn":
            if live.head.status != "active" or seat not in current_actors(live.state):
                return None  # already played (or over): no reminder needed
            st = live.state
            return Message(
                t("mail.turn.subject", lang, game=gid),
                t("mail.turn.body", lang, name=name, game=gid, seat=names[seat], round=st.round,
                  phase=t(f"phase.{st.turn.phase.value}", lang), link=self.link(gid)) + "\n",
            )
        st = live.state
        order = list(st.ranking) or sorted(range(len(st.players)),
                                           key=lambda s: -st.players[s].cash)
        lines = [t("mail.over.rank", lang, n=i + 1, seat=names[s],
                   cash=money(lang, st.players[s].cash)) for i, s in enumerate(order)]
        place = order.index(seat) + 1 if seat in order else None
        head = (t("mail.over.placed", lang, name=name, game=gid, place=place, players=len(order))
                if place else t("mail.over.head", lang, name=name, game=gid))
        return Message(
            t("mail.over.subject", lang, game=gid),
            head + "\n" + "\n".join(lines) + "\n"
            + t("mail.over.replay", lang, link=self.link(gid)) + "\n",
        )

    async def _render_daily(self, account_id: str, name: str,
                            lang: str = "en") -> Message | None:
        def seats(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT o.game_id, o.seat FROM seat_owners o JOIN games g ON g.id = o.game_id"
                " WHERE o.account_id = ? AND g.status = 'active'", (account_id,),
            ).fetchall())

        waiting = []
        for gid, seat in await self.store.transact(seats, write=False):
            try:
                live = await self.service.get(str(gid))
            except Exception:
                continue
            if live.head.status == "active" and int(seat) in current_actors(live.state):
                waiting.append(str(gid))
        if not waiting:
            return None
        lines = [t("mail.daily.line", lang, game=g, link=self.link(g)) for g in sorted(waiting)]
        return Message(
            t("mail.daily.subject", lang, count=len(waiting)),
            t("mail.daily.body", lang, name=name) + "\n" + "\n".join(lines) + "\n",
        )

    # -- the two channels ------------------------------------------------------------------------

    def _smtp(self, to: str, message: Message) -> None:
        s = self.settings
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = s.smtp_from, to, message.subject
        mail.set_content(message.text)
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=SEND_TIMEOUT) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(mail)

    def _post(self, url: str, message: Message) -> None:
        """POST the message to the webhook: its host resolved once and checked, the
        connection made to that checked address (a name that changes its address between a
        check and a connection reaches nothing else), and no redirect followed."""
        try:
            addresses = self.check_webhook(url, resolve_host=True)
        except ApiError as exc:
            raise ValueError(exc.message) from None
        parts = urlsplit(url)
        body = json.dumps(webhook_body(message)).encode()
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        kind = _PinnedHTTPS if parts.scheme == "https" else _PinnedHTTP
        port = parts.port or (443 if parts.scheme == "https" else 80)
        conn = kind(parts.hostname or "", addresses[0], port, SEND_TIMEOUT)
        try:
            conn.request("POST", path, body=body, headers={
                "content-type": "application/json", "user-agent": "fcm-notify"})
            resp = conn.getresponse()
            resp.read(65536)
        finally:
            conn.close()
        if resp.status >= 300:  # a redirect too: never followed
            raise ValueError(f"the webhook answered {resp.status}")

    # -- settings ----------------------------------------------------------------------------------

    async def prefs(self, account_id: str) -> Prefs:
        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT email, webhook, on_turn, on_end, daily FROM notify_settings"
                " WHERE account_id = ?", (account_id,),
            ).fetchone()

        row = await self.store.transact(find, write=False)
        if row is None:
            return Prefs(None, None, False, False, False)
        return Prefs(row[0], row[1], bool(row[2]), bool(row[3]), bool(row[4]))

    async def save(self, account_id: str, prefs: Prefs) -> None:
        now = self.now()
        today = self.day(now)

        def save(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO notify_settings (account_id, email, webhook, on_turn, on_end,"
                " daily, last_daily, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (account_id) DO UPDATE SET email = excluded.email,"
                " webhook = excluded.webhook, on_turn = excluded.on_turn,"
                " on_end = excluded.on_end, daily = excluded.daily,"
                " updated_at = excluded.updated_at",
                # the first reminder comes tomorrow, not at once
                (account_id, prefs.email, prefs.webhook, int(prefs.on_turn), int(prefs.on_end),
                 int(prefs.daily), today, now),
            )

        await self.store.transact(save)

    async def history(self, account_id: str, limit: int = 20) -> list[dict[str, Any]]:
        def find(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT kind, channel, game_id, status, created_at, done_at FROM outbox"
                " WHERE account_id = ? ORDER BY created_at DESC LIMIT ?", (account_id, limit),
            ).fetchall())

        return [{"kind": k, "channel": c, "game": g, "status": s, "queued_at": q, "done_at": d}
                for k, c, g, s, q, d in await self.store.transact(find, write=False)]


# -- HTTP ----------------------------------------------------------------------------------------


class PrefsIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    email: str | None = Field(None, max_length=254)
    webhook: str | None = Field(None, max_length=2000)
    on_turn: bool = True
    on_end: bool = True
    daily: bool = False


def mount_notify(
    app: FastAPI, holder: dict[str, Any], responses: dict[int | str, Any]
) -> None:
    """``GET``/``PUT /api/account/notifications`` (the session cookie; CSRF for the change)."""
    router = APIRouter()

    def notifier() -> Notifier:
        n: Notifier = holder["notifier"]
        return n

    async def answer(account_id: str) -> dict[str, Any]:
        n = notifier()
        return {**(await n.prefs(account_id)).to_json(),
                "available": {"email": n.email_on, "webhook": n.webhooks_on},
                "recent": await n.history(account_id)}

    @router.get("/api/account/notifications", responses=responses)
    async def get_prefs(request: Request) -> dict[str, Any]:
        """Your notification settings, which channels this server offers, and your recent
        notifications (what, how, whether sent)."""
        session = await holder["cookie_auth"].required(request)
        return await answer(session.account.id)

    @router.put("/api/account/notifications", responses=responses)
    async def put_prefs(body: PrefsIn, request: Request) -> dict[str, Any]:
        """Set where (an e-mail address, a webhook URL; null: none) and when (``on_turn``,
        ``on_end``, ``daily``) you are told (needs the CSRF token)."""
        session = await holder["cookie_auth"].required(request)
        email = (body.email or "").strip() or None
        if email is not None and ("@" not in email or any(c in email for c in "\r\n<>,; ")):
            raise ApiError(422, "notify/email", "email must be one plain address (name@host)")
        webhook = (body.webhook or "").strip() or None
        if webhook is not None:  # its addresses too, when this server sends webhooks
            n = notifier()
            await asyncio.to_thread(n.check_webhook, webhook, resolve_host=n.webhooks_on)
        await notifier().save(session.account.id, Prefs(email, webhook, body.on_turn,
                                                        body.on_end, body.daily))
        return await answer(session.account.id)

    app.include_router(router)
