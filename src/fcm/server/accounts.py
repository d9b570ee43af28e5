"""Accounts: sign up, log in, log out, delete; login sessions in cookies; claimed seats.

Invitation links stay what they were: a seat token is the right to act for its seat, with or
without an account (a *guest* seat). An account can *claim* a seat whose token it holds; from
then on its session cookie alone lets it act there, and the seat is in its "my games".

Security (tests/server/test_accounts.py):

- passwords are hashed with argon2id (argon2-cffi's defaults), in a thread; a log-in for an
  unknown name verifies against a dummy hash, so it costs the same as a wrong password;
- the session id is 256 random bits, in the ``fcm_session`` cookie (``HttpOnly``,
  ``SameSite=Lax``, ``Secure`` when the request came over https or ``FCM_PUBLIC_ORIGIN`` is an
  https origin); only its SHA-256 is stored, and every log-in makes a new one (a session id
  planted before the log-in is never the one that gets logged in: no session fixation);
- every state-changing request that the cookie authenticates must carry the session's CSRF
  token in ``X-CSRF-Token`` (the page reads it from ``GET /api/account``; another site can
  neither read it nor set the header without a CORS preflight this server never grants).
  Sign-up and log-in take only ``application/json`` bodies and refuse a foreign ``Origin``
  (no log-in CSRF). Requests with a bearer token are not cookie-authenticated: unchanged;
- password checks (log-in, deleting the account) are limited by their *failures*, in the
  database (``login_limits``, a GCRA bucket per key updated by one conditional statement),
  so every server process on one database shares the limits: per name and address (5, then
  one per 30 s), per address (20, then one per 10 s) and per name from anywhere (20, then
  one per 60 s). The last one refuses only addresses that have failed on that name: a
  stranger's wrong guesses lock out the stranger, never the owner (a correct password from
  an address that has not failed is always checked);
- the hashing work is bounded: a sign-up checks the name, the password's strength and the
  address's sign-up limit before it hashes; at most two password hashes run at once per
  address, and a few per process;
- passwords that are common or made from the name are refused (zxcvbn's estimate with the
  name and e-mail as the user's own words, and the name itself removed);
- no password, session id or CSRF token is logged (``fcm.server.logs`` redacts the cookie).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import re
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request, Response, WebSocket
from pydantic import BaseModel, ConfigDict, Field

from fcm.server.config import Settings
from fcm.server.errors import ApiError
from fcm.server.storage import SPECTATOR, Store, Tx

COOKIE = "fcm_session"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 256
# failed password checks (rate per second, burst): per name and address, per address, and per
# name from anywhere (which refuses only the addresses that failed on it: see the module docs)
LOGIN_PER_ACCOUNT = (1 / 30, 5)
LOGIN_PER_ADDRESS = (1 / 10, 20)
LOGIN_PER_NAME = (1 / 60, 20)
SIGNUP_PER_ADDRESS = (1 / 30, 30)  # sign-ups (each one hashes), per address
HASHES_PER_ADDRESS = 2  # password hashes in flight per address (in this process)
HASHES_AT_ONCE = 2  # password hashes in flight in this process (argon2 takes a core each)
MIN_STRENGTH = 2  # zxcvbn's score (0-4): 2 resists online guessing under these limits
STRENGTH_CHARS = 100  # zxcvbn's work grows with the length: the first 100 characters
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LIVE_SESSIONS = 10_000  # sessions remembered for the rate limit's key (least recent dropped)


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher()


def rate_limited(what: str, wait: float) -> ApiError:
    retry = max(1, math.ceil(wait))
    return ApiError(429, "request/rate_limited", f"{what}; retry in {retry} s",
                    retry_after=retry)


def hash_secret(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def name_key(name: str) -> str:
    """Names are unique without regard to case."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass(slots=True)
class Account:
    id: str
    name: str
    email: str | None
    created_at: float
    admin: bool = False  # granted from the command line (fcm admin grant NAME)
    lang: str | None = None  # the language chosen (fcm.i18n); None: the browser's

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "email": self.email,
                "created_at": self.created_at, "admin": self.admin, "lang": self.lang}


@dataclass(slots=True)
class Session:
    account: Account
    csrf: str
    hash: str


def take(tx: Tx, key: str, rate: float, burst: int, now: float) -> float:
    """Take one try from ``key``'s bucket (``burst`` at once, then ``rate`` a second): 0 if it
    was there, else the seconds until one is. GCRA: the row keeps the theoretical arrival time
    ``tat``; a try is allowed while ``tat - now`` is within the tolerance, and moves ``tat`` on
    by one interval. Each step is one statement (PostgreSQL locks the row and re-checks the
    condition), so processes racing on one key never take more than the bucket holds."""
    interval = 1 / rate
    tolerance = (burst - 1) * interval
    if tx.execute("INSERT INTO login_limits (key, tat) VALUES (?, ?) ON CONFLICT (key)"
                  " DO NOTHING", (key, now + interval)).rowcount == 1:
        return 0.0
    if tx.execute(
        "UPDATE login_limits SET tat = CASE WHEN tat < ? THEN ? ELSE tat END + ?"
        " WHERE key = ? AND tat - ? <= ?", (now, now, interval, key, now, tolerance),
    ).rowcount == 1:
        return 0.0
    row = tx.execute("SELECT tat FROM login_limits WHERE key = ?", (key,)).fetchone()
    return 0.0 if row is None else max(0.001, float(row[0]) - tolerance - now)


def peek(tx: Tx, key: str, rate: float, burst: int, now: float) -> tuple[float, bool]:
    """``key``'s bucket without taking from it: the seconds until a try is there (0: now) and
    whether the bucket holds recent tries at all."""
    row = tx.execute("SELECT tat FROM login_limits WHERE key = ?", (key,)).fetchone()
    if row is None or float(row[0]) <= now:
        return 0.0, False
    tolerance = (burst - 1) / rate
    return max(0.0, float(row[0]) - tolerance - now), True


def weak_password(password: str, name: str, email: str | None = None) -> str | None:
    """Why ``password`` is too easy to guess (None: it is not): a common password, a keyboard
    walk, a date... (zxcvbn, with the name and e-mail as the user's own words), or the name
    with little else."""
    from zxcvbn import zxcvbn

    key = name_key(name)
    rest = password.casefold()
    if key and key in rest:
        rest = rest.replace(key, "")
        if sum(c.isalpha() for c in rest) < 4 or len(rest) < 6:
            return "it is made from your name"
    words = [name] + ([email, email.split("@")[0]] if email else [])
    result = zxcvbn(password[:STRENGTH_CHARS], user_inputs=words)
    if int(result["score"]) >= MIN_STRENGTH:
        return None
    warning = (result.get("feedback") or {}).get("warning") or ""
    return warning.rstrip(".").lower() or "it is too easy to guess"


class Accounts:
    """The accounts service over the store's tables (``Store.transact``)."""

    def __init__(
        self, store: Store, settings: Settings | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.now = now
        # the rate limits' clock: wall time, as every process sharing the database sees it
        # (tests freeze it)
        self.limit_now: Callable[[], float] = time.time
        self._ph = _hasher()
        self._dummy_hash: str | None = None
        self._hashing: dict[str, int] = {}  # address -> password hashes in flight
        # session hash -> account id, for the sessions this process has found live: the
        # request rate limit counts a signed-in session's requests per account
        # (fcm.server.limits.client_key); a made-up cookie is not in it
        self.live_sessions: OrderedDict[str, str] = OrderedDict()
        self._hash_slots = asyncio.Semaphore(HASHES_AT_ONCE)

    # -- accounts -------------------------------------------------------------------------------

    @staticmethod
    def check_new(name: str, password: str, email: str | None = None) -> None:
        if not NAME_RE.match(name):
            raise ApiError(
                422, "account/invalid_name",
                "a name has 3 to 32 characters: letters, digits, '_', '.' or '-', "
                "starting with a letter or digit",
            )
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise ApiError(
                422, "account/invalid_password",
                f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters",
            )
        why = weak_password(password, name, email)
        if why is not None:
            raise ApiError(422, "account/weak_password",
                           f"choose a password that is harder to guess: {why}")

    async def signup(self, name: str, password: str, email: str | None,
                     address: str = "?") -> tuple[Account, str, str]:
        """A new account, logged in: returns it with a new session id and CSRF token. The
        name, the password and the address's limit are checked before the password is
        hashed (a refused sign-up costs no hashing)."""
        self.check_new(name, password, email)
        now = self.limit_now()

        def check(tx: Tx) -> tuple[bool, float]:
            taken = tx.execute("SELECT 1 FROM accounts WHERE name_key = ?",
                               (name_key(name),)).fetchone() is not None
            if taken:
                return True, 0.0
            return False, take(tx, "s:" + address, *SIGNUP_PER_ADDRESS, now)

        taken, wait = await self.store.transact(check)
        if taken:
            raise ApiError(409, "account/name_taken", f"the name {name!r} is taken")
        if wait > 0:
            raise rate_limited("too many sign-ups from your address", wait)
        hashed = await self._hash_work(address, self._ph.hash, password)
        account = Account(secrets.token_urlsafe(12), name, email, self.now())

        def insert(tx: Tx) -> bool:
            cur = tx.execute(
                "INSERT INTO accounts (id, name, name_key, email, password, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                (account.id, name, name_key(name), email, hashed, account.created_at),
            )
            return bool(cur.rowcount == 1)

        if not await self.store.transact(insert):
            raise ApiError(409, "account/name_taken", f"the name {name!r} is taken")
        sid, csrf = await self._new_session(account.id)
        return account, sid, csrf

    async def _hash_work(self, address: str, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` (a password hash or check) in a thread, at most
        :data:`HASHES_PER_ADDRESS` at once for one address and :data:`HASHES_AT_ONCE` in the
        process: an address cannot make the server hash without bound."""
        if self._hashing.get(address, 0) >= HASHES_PER_ADDRESS:
            raise rate_limited("a password check from your address is still running", 1)
        self._hashing[address] = self._hashing.get(address, 0) + 1
        try:
            async with self._hash_slots:
                return await asyncio.to_thread(fn, *args)
        finally:
            self._hashing[address] -= 1
            if not self._hashing[address]:
                del self._hashing[address]

    async def limited(self, name: str, address: str) -> float:
        """Seconds to wait before a password of ``name`` may be checked from ``address`` (0:
        now). Nothing is taken here: only failures count (:meth:`failed`)."""
        now = self.limit_now()
        nk = name_key(name)

        def check(tx: Tx) -> float:
            wait_address, _ = peek(tx, "a:" + address, *LOGIN_PER_ADDRESS, now)
            wait_here, failed_here = peek(tx, f"f:{nk}:{address}", *LOGIN_PER_ACCOUNT, now)
            wait_name, _ = peek(tx, "n:" + nk, *LOGIN_PER_NAME, now)
            # the name's own limit refuses only addresses that failed on it: never the owner
            return max(wait_address, wait_here, wait_name if failed_here else 0.0)

        wait = float(await self.store.transact(check, write=False))
        if secrets.randbelow(100) == 0:  # now and then forget the full buckets
            await self.store.transact(
                lambda tx: tx.execute("DELETE FROM login_limits WHERE tat < ?", (now,)))
        return wait

    async def failed(self, name: str, address: str) -> None:
        """Count a failed password check of ``name`` from ``address``."""
        now = self.limit_now()
        nk = name_key(name)
        keys = ((f"f:{nk}:{address}", LOGIN_PER_ACCOUNT), ("a:" + address, LOGIN_PER_ADDRESS),
                ("n:" + nk, LOGIN_PER_NAME))

        def count(tx: Tx) -> None:  # keys in one order: two transactions never deadlock
            for key, (rate, burst) in sorted(keys):
                take(tx, key, rate, burst, now)

        await self.store.transact(count)

    async def check_password(self, name: str, address: str, stored: str | None,
                             password: str) -> bool:
        """Whether ``password`` is ``name``'s (``stored``: its hash; None: no such account,
        checked against a dummy hash so it costs the same), under the failure limits.

        Raises:
            ApiError: 429 ``request/rate_limited`` (nothing is checked).
        """
        wait = await self.limited(name, address)
        if wait > 0:
            raise rate_limited("too many failed password checks", wait)
        if stored is None and self._dummy_hash is None:
            self._dummy_hash = await asyncio.to_thread(self._ph.hash, secrets.token_hex(16))
        target = self._dummy_hash if stored is None else stored
        assert target is not None
        ok = bool(await self._hash_work(address, self._verify, target, password))
        ok = ok and stored is not None
        if not ok:
            await self.failed(name, address)
        return ok

    async def login(
        self, name: str, password: str, address: str, old_session: str | None = None
    ) -> tuple[Account, str, str]:
        """Check the password; a new session (the old one, if any, is ended: a session id
        known before the log-in never becomes a logged-in one)."""

        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT id, name, email, created_at, password, admin, suspended_at, lang"
                " FROM accounts WHERE name_key = ?", (name_key(name),),
            ).fetchone()

        row = await self.store.transact(find, write=False)
        ok = await self.check_password(name, address, None if row is None else str(row[4]),
                                       password)
        if row is None or not ok:
            raise ApiError(401, "auth/bad_login", "wrong name or password")
        if row[6] is not None:  # told only to whoever knows the password
            raise ApiError(403, "auth/suspended",
                           "this account is suspended by the site's administrators")
        if old_session:
            await self.logout(old_session)
        account = Account(str(row[0]), str(row[1]), row[2], float(row[3]), bool(row[5]), row[7])
        sid, csrf = await self._new_session(account.id)
        return account, sid, csrf

    def _verify(self, stored: str, password: str) -> bool:
        from argon2.exceptions import InvalidHashError, VerificationError

        try:
            return bool(self._ph.verify(stored, password))
        except (VerificationError, InvalidHashError):
            return False

    async def _new_session(self, account_id: str) -> tuple[str, str]:
        sid, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = self.now()

        def insert(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO sessions (hash, account_id, csrf, created_at, expires_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (hash_secret(sid), account_id, csrf, now, now + SESSION_DAYS * 86400),
            )
            tx.execute("DELETE FROM sessions WHERE account_id = ? AND expires_at < ?",
                       (account_id, now))

        await self.store.transact(insert)
        self.live_sessions[hash_secret(sid)] = account_id  # (the rate limit's key: its account)
        return sid, csrf

    async def session(self, sid: str | None) -> Session | None:
        """The live session of a session id, or None."""
        if not sid:
            return None
        h = hash_secret(sid)

        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT a.id, a.name, a.email, a.created_at, s.csrf, s.expires_at, a.admin,"
                " a.suspended_at, a.lang FROM sessions s JOIN accounts a ON a.id = s.account_id"
                " WHERE s.hash = ?", (h,),
            ).fetchone()

        row = await self.store.transact(find, write=False)
        if row is None or float(row[5]) < self.now() or row[7] is not None:
            self.live_sessions.pop(h, None)
            return None  # (a suspended account's sessions were ended; this is belt and braces)
        self.live_sessions[h] = str(row[0])
        self.live_sessions.move_to_end(h)
        while len(self.live_sessions) > LIVE_SESSIONS:
            self.live_sessions.popitem(last=False)
        account = Account(str(row[0]), str(row[1]), row[2], float(row[3]), bool(row[6]),
                          row[8])
        return Session(account, str(row[4]), h)

    def session_account(self, session_hash: str) -> str | None:
        """The account of a session this process has found live (the rate limit's key)."""
        return self.live_sessions.get(session_hash)

    async def set_lang(self, account_id: str, lang: str | None) -> None:
        """Remember the account's language (None: follow the browser)."""
        await self.store.transact(lambda tx: tx.execute(
            "UPDATE accounts SET lang = ? WHERE id = ?", (lang, account_id)))

    async def lang_of(self, account_id: str) -> str | None:
        """The account's chosen language, if any (e-mails, webhooks)."""
        row = await self.store.transact(lambda tx: tx.execute(
            "SELECT lang FROM accounts WHERE id = ?", (account_id,)).fetchone(), write=False)
        return None if row is None or row[0] is None else str(row[0])

    async def logout(self, sid: str) -> None:
        h = hash_secret(sid)
        await self.store.transact(lambda tx: tx.execute("DELETE FROM sessions WHERE hash = ?",
                                                        (h,)))

    async def delete(self, session: Session, password: str, address: str = "?") -> None:
        """Delete the account (its password again, under the log-in's failure limits); its
        seats become guest seats (their invitation links still work)."""

        def find(tx: Tx) -> Any:
            return tx.execute("SELECT password FROM accounts WHERE id = ?",
                              (session.account.id,)).fetchone()

        row = await self.store.transact(find, write=False)
        if row is None or not await self.check_password(
            session.account.name, address, str(row[0]), password
        ):
            raise ApiError(403, "auth/bad_login", "wrong password")
        account_id = session.account.id

        def remove(tx: Tx) -> None:
            tx.execute("DELETE FROM outbox WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM rating_history WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM ratings WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM notify_settings WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM seat_owners WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM sessions WHERE account_id = ?", (account_id,))
            tx.execute("DELETE FROM accounts WHERE id = ?", (account_id,))

        await self.store.transact(remove)

    # -- seats ------------------------------------------------------------------------------------

    async def claim(self, account_id: str, game_id: str, seat: int) -> None:
        """Bind a guest seat to the account (its token proved the right to it)."""
        now = self.now()

        def insert(tx: Tx) -> tuple[str, int] | None:
            mine = tx.execute(
                "SELECT seat FROM seat_owners WHERE game_id = ? AND account_id = ?",
                (game_id, account_id),
            ).fetchone()
            if mine is not None and int(mine[0]) != seat:
                return ("mine", int(mine[0]))
            cur = tx.execute(
                "INSERT INTO seat_owners (game_id, seat, account_id, claimed_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
                (game_id, seat, account_id, now),
            )
            if cur.rowcount == 1:
                return None
            owner = tx.execute(
                "SELECT account_id FROM seat_owners WHERE game_id = ? AND seat = ?",
                (game_id, seat),
            ).fetchone()
            return None if owner is not None and owner[0] == account_id else ("taken", seat)

        refused = await self.store.transact(insert)
        if refused is not None and refused[0] == "mine":
            raise ApiError(409, "seat/already_yours",
                           f"you already play seat {refused[1]} of this game")
        if refused is not None:
            raise ApiError(409, "seat/claimed", "another account has claimed this seat")

    async def seat_in(self, account_id: str, game_id: str) -> int | None:
        def find(tx: Tx) -> Any:
            return tx.execute(
                "SELECT seat FROM seat_owners WHERE game_id = ? AND account_id = ?",
                (game_id, account_id),
            ).fetchone()

        row = await self.store.transact(find, write=False)
        return None if row is None else int(row[0])

    async def seats(self, account_id: str) -> list[tuple[str, int]]:
        """The account's seats, newest claim first."""

        def find(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT game_id, seat FROM seat_owners WHERE account_id = ?"
                " ORDER BY claimed_at DESC", (account_id,),
            ).fetchall())

        return [(str(g), int(s)) for g, s in await self.store.transact(find, write=False)]

    async def owners(self, game_id: str) -> dict[int, str]:
        """Seat → account name, for the seats of a game that accounts have claimed."""

        def find(tx: Tx) -> list[Any]:
            return list(tx.execute(
                "SELECT o.seat, a.name FROM seat_owners o JOIN accounts a"
                " ON a.id = o.account_id WHERE o.game_id = ?", (game_id,),
            ).fetchall())

        return {int(s): str(n) for s, n in await self.store.transact(find, write=False)}


# -- HTTP ----------------------------------------------------------------------------------------

STRICT = ConfigDict(extra="forbid", strict=True)


class SignupIn(BaseModel):
    model_config = STRICT
    name: str = Field(..., max_length=64)
    password: str = Field(..., max_length=1024)
    email: str | None = Field(None, max_length=254)


class LoginIn(BaseModel):
    model_config = STRICT
    name: str = Field(..., max_length=64)
    password: str = Field(..., max_length=1024)


class PasswordIn(BaseModel):
    model_config = STRICT
    password: str = Field(..., max_length=1024)


class LangIn(BaseModel):
    model_config = STRICT
    lang: str | None = Field(..., max_length=16, description="en, de, es, fr, zh-Hans or null")


class ClaimIn(BaseModel):
    model_config = STRICT
    consent: bool = Field(False, description="agree to play this seat rated (rated games)")


class AccountOut(BaseModel):
    account: dict[str, Any] | None
    csrf: str | None


def is_https(request: Request | WebSocket, settings: Settings) -> bool:
    origin = settings.public_origin
    return request.url.scheme in ("https", "wss") or origin.startswith("https://")


def same_origin(request: Request | WebSocket, settings: Settings) -> bool:
    """Whether the request's ``Origin`` (if any) is this server (its host, or the
    configured public origin)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    if settings.public_origin and origin.rstrip("/") == settings.public_origin.rstrip("/"):
        return True
    return urlsplit(origin).netloc == request.headers.get("host", "")


def client_address(request: Request) -> str:
    return request.client.host if request.client else "?"


class CookieAuth:
    """How the game routes authenticate a request that carries no seat token: the session
    cookie, the account's claimed seat in that game, and (for a change) the CSRF token."""

    def __init__(self, accounts: Accounts, settings: Settings) -> None:
        self.accounts = accounts
        self.settings = settings
        # whether a game is public (fcm.server.lobby): its spectator view for every account
        self.public: Callable[[str], Awaitable[bool]] | None = None

    async def session(self, request: Request | WebSocket) -> Session | None:
        return await self.accounts.session(request.cookies.get(COOKIE))

    async def required(self, request: Request) -> Session:
        """The request's session; for a state-changing request also its CSRF token.

        Raises:
            ApiError: 401 ``auth/not_logged_in``, 403 ``auth/csrf``.
        """
        session = await self.session(request)
        if session is None:
            raise ApiError(401, "auth/not_logged_in", "log in first (no valid session cookie)")
        if request.method in UNSAFE_METHODS:
            sent = request.headers.get(CSRF_HEADER, "")
            if not hmac.compare_digest(sent.encode(), session.csrf.encode()):
                raise ApiError(
                    403, "auth/csrf",
                    "this request needs the session's CSRF token in the X-CSRF-Token header",
                )
        return session

    async def seat(self, request: Request | WebSocket, game_id: str) -> int | None:
        """The seat the session's account claimed in ``game_id`` (None: no session cookie,
        the caller falls back to the token rules). WebSockets: only from this origin."""
        if COOKIE not in request.cookies:
            return None
        if isinstance(request, WebSocket):
            if not same_origin(request, self.settings):
                raise ApiError(403, "auth/origin", "a WebSocket from another site")
            session = await self.session(request)
            if session is None:
                return None
        else:
            session = await self.session(request)
            if session is None:
                return None
            await self.required(request)  # CSRF for changes
        seat = await self.accounts.seat_in(session.account.id, game_id)
        if seat is None and self.public is not None and await self.public(game_id):
            return SPECTATOR  # a public game: any signed-in account watches it
        if seat is None:
            raise ApiError(403, "auth/not_your_game",
                           "your account has no seat in this game (open its invitation link)")
        return seat


def set_session_cookie(response: Response, request: Request, settings: Settings,
                       sid: str) -> None:
    response.set_cookie(
        COOKIE, sid, max_age=SESSION_DAYS * 86400, path="/", httponly=True, samesite="lax",
        secure=is_https(request, settings),
    )


def mount_accounts(
    app: FastAPI, holder: dict[str, Any], settings: Settings, responses: dict[int | str, Any]
) -> None:
    """The account routes. ``holder["accounts"]`` / ``holder["cookie_auth"]`` /
    ``holder["service"]`` are filled at start-up."""
    router = APIRouter()

    def accounts() -> Accounts:
        acc: Accounts = holder["accounts"]
        return acc

    def cookies() -> CookieAuth:
        auth: CookieAuth = holder["cookie_auth"]
        return auth

    def json_only(request: Request) -> None:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise ApiError(415, "request/content_type", "send the body as application/json")
        if not same_origin(request, settings):
            raise ApiError(403, "auth/origin", "a log-in from another site's page")

    def answer(account: Account, csrf: str, status: int = 200) -> Response:
        import orjson

        return Response(orjson.dumps({"account": account.to_json(), "csrf": csrf}),
                        status_code=status, media_type="application/json")

    @router.post("/api/account/signup", response_model=AccountOut, status_code=201,
                 responses=responses)
    async def signup(body: SignupIn, request: Request) -> Response:
        """Make an account and log in (sets the ``fcm_session`` cookie); answers the CSRF
        token to send as ``X-CSRF-Token`` with every change."""
        json_only(request)
        account, sid, csrf = await accounts().signup(body.name, body.password, body.email,
                                                     client_address(request))
        old = request.cookies.get(COOKIE)
        if old:
            await accounts().logout(old)
        response = answer(account, csrf, 201)
        set_session_cookie(response, request, settings, sid)
        return response

    @router.post("/api/account/login", response_model=AccountOut, responses=responses)
    async def login(body: LoginIn, request: Request) -> Response:
        """Log in: a new session cookie every time (never the one sent)."""
        json_only(request)
        account, sid, csrf = await accounts().login(
            body.name, body.password, client_address(request), request.cookies.get(COOKIE)
        )
        response = answer(account, csrf)
        set_session_cookie(response, request, settings, sid)
        if account.lang:  # the account's language follows it to this browser
            from fcm.server.locale import set_lang_cookie

            set_lang_cookie(response, request, settings, account.lang)
        return response

    @router.post("/api/account/logout", status_code=204, responses=responses)
    async def logout(request: Request) -> Response:
        """End the session (needs the CSRF token)."""
        session = await cookies().required(request)
        await accounts().store.transact(lambda tx: tx.execute(
            "DELETE FROM sessions WHERE hash = ?", (session.hash,)))
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, path="/")
        return response

    @router.get("/api/account", response_model=AccountOut, responses=responses)
    async def me(request: Request) -> Response:
        """The logged-in account and the session's CSRF token (both null when logged out:
        the page asks on every load)."""
        session = await cookies().session(request)
        if session is None:
            return Response(b'{"account": null, "csrf": null}', media_type="application/json")
        return answer(session.account, session.csrf)

    @router.put("/api/account/lang", responses=responses)
    async def put_lang(body: LangIn, request: Request) -> Response:
        """Remember the language this account reads the site in (``null``: the browser's);
        also sets the browser's ``fcm_lang`` cookie (needs the CSRF token)."""
        from fcm.i18n import LOCALES
        from fcm.server.locale import set_lang_cookie

        session = await cookies().required(request)
        if body.lang is not None and body.lang not in LOCALES:
            raise ApiError(422, "lang/unknown",
                           f"lang must be one of {', '.join(LOCALES)} or null, not {body.lang!r}")
        await accounts().set_lang(session.account.id, body.lang)
        session.account.lang = body.lang
        response = answer(session.account, session.csrf)
        set_lang_cookie(response, request, settings, body.lang)
        return response

    @router.delete("/api/account", status_code=204, responses=responses)
    async def delete(body: PasswordIn, request: Request) -> Response:
        """Delete the account (password and CSRF token); its seats become guest seats."""
        session = await cookies().required(request)
        await accounts().delete(session, body.password, client_address(request))
        response = Response(status_code=204)
        response.delete_cookie(COOKIE, path="/")
        return response

    @router.get("/api/account/games", responses=responses)
    async def my_games(request: Request) -> dict[str, Any]:
        """The account's games, newest first, each with whose turn it is."""
        session = await cookies().required(request)
        service = holder["service"]
        games = []
        for game_id, seat in (await accounts().seats(session.account.id))[:200]:
            try:
                summary = await service.summary(game_id, seat)
            except ApiError:
                continue
            names = {s["seat"]: s["name"] or f"seat {s['seat']}" for s in summary["seats"]}
            summary["waiting_for"] = [names.get(a, f"seat {a}") for a in summary["actors"]]
            extra = holder.get("game_extra")
            if extra is not None:
                summary.update(await extra(game_id, seat))
            games.append(summary)
        return {"games": games}

    @router.post("/api/games/{game_id}/claim", responses=responses)
    async def claim(game_id: str, request: Request,
                    body: ClaimIn | None = None) -> dict[str, Any]:
        """Claim the seat of the bearer token for the logged-in account (CSRF token too). A
        rated game's seat needs ``{"consent": true}`` (the player agreed to be rated there;
        409 ``seat/consent_needed``), and its invitation link stops working once claimed:
        from then on only the account plays it."""
        session = await cookies().required(request)
        auth = request.headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else None
        service = holder["service"]
        _, seat = await service.authenticate(token, game_id)
        if seat < 0:
            raise ApiError(403, "auth/spectator", "a spectator link has no seat to claim")
        rated = bool((await service.get(game_id)).info.table.get("rated"))
        if rated and not (body is not None and body.consent):
            raise ApiError(409, "seat/consent_needed",
                           "this is a rated game: claim its seat with {\"consent\": true} "
                           "(your rating will count it; its invitation link then stops working)")
        await accounts().claim(session.account.id, game_id, seat)
        if rated:  # revoked: the sender of the link no longer plays this seat
            await accounts().store.transact(lambda tx: tx.execute(
                "DELETE FROM tokens WHERE game_id = ? AND seat = ?", (game_id, seat)))
        return {"game": game_id, "seat": seat, "account": session.account.name,
                "link_revoked": rated}

    app.include_router(router)
