"""No secret in any log line: seat tokens are redacted from every record of every logger.

Tokens travel in URLs (``?token=``, invitation links ``/#/join/GAME/TOKEN``, and any path or
parameter a client puts them in, in any case or percent-encoding) and headers
(``Authorization: Bearer``), and uvicorn logs URLs at the default level (WebSocket
handshakes), scopes and headers at ``trace``. Rather than a filter per logger or handler
(a record logged on a child logger, or a handler added later, would slip past), the record
factory itself is wrapped: every record is cleaned as it is made, before any filter,
handler or formatter sees it (only records whose level is enabled are made at all).
"""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import unquote_plus, urlsplit, urlunsplit

REDACTED = "[redacted]"

_SECRET = re.compile(
    r"(?i)(token=)[^&\s\"'<>\\]+"  # query parameters (any case: ?TOKEN= too)
    r"|(bearer\s+)[^\s\"',)\\]+"  # Authorization headers
    r"|(/join/[^/\s\"'\\]+/)[^\s\"'?#&\\]+"  # invitation links (the page's join route)
    r"|(fcm_session=)[^;\s\"'\\]+"  # the session cookie (fcm.server.accounts)
    r"|(x-csrf-token'?,\s*b?')[^'\s]+"  # the CSRF header, as uvicorn's trace logs show it
)
# Anything shaped like a secret, wherever it is (a path, a header, a parameter of another
# name): seat and spectator tokens, session ids and CSRF tokens are 32 or more URL-safe
# base64 characters of both cases. (Game ids are 12 characters; identifiers in tracebacks are
# one case or split by dots.)
_TOKEN_LIKE = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])")


def _secret_shaped(m: re.Match[str]) -> str:
    text = m.group(0)
    if any(c.isupper() for c in text) and any(c.islower() for c in text):
        return REDACTED
    return text


def _decoded(text: str) -> str:
    """``text`` URL-decoded (up to three times: ``%2574oken`` too)."""
    for _ in range(3):
        if "%" not in text and "+" not in text:
            break
        decoded = unquote_plus(text)
        if decoded == text:
            break
        text = decoded
    return text


def redact(text: str) -> str:
    """``text`` with every token replaced by ``[redacted]``, looked for after URL-decoding
    (``?%74oken=`` is read as ``?token=``) and in any case; a text that held a secret is
    returned decoded."""
    plain = _decoded(text)
    out = _SECRET.sub(
        lambda m: next(g for g in m.groups() if g is not None) + REDACTED, plain
    )
    out = _TOKEN_LIKE.sub(_secret_shaped, out)
    return text if out == plain else out


def safe_url(url: str) -> str:
    """A database URL without its password, to print."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if value is None or isinstance(value, int | float):
        return value
    text = str(value)  # a scope, headers, bytes...: replaced by their text only if needed
    cleaned = redact(text)
    return value if cleaned == text else cleaned


def scrub(record: logging.LogRecord) -> None:
    """Redact a record in place: its message, its arguments (kept as arguments: formatters
    such as uvicorn's access log read them), its exception and stack text."""
    if isinstance(record.msg, str):
        record.msg = redact(record.msg)
    else:
        record.msg = _clean(record.msg)
    if isinstance(record.args, tuple):
        record.args = tuple(_clean(a) for a in record.args)
    elif isinstance(record.args, dict):
        record.args = {k: _clean(v) for k, v in record.args.items()}
    if record.exc_info and not record.exc_text:
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


def install() -> None:
    """Wrap the process's log record factory (idempotent)."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "fcm_redacts", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        scrub(record)
        return record

    factory.fcm_redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
