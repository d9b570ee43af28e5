"""A local SMTP sink (aiosmtpd, in a thread) and a local webhook receiver (http.server, in a
thread) that the notification tests start in-process and read back."""

from __future__ import annotations

import email
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.server.procs import free_port


@dataclass
class Mail:
    to: list[str]
    message: Message

    @property
    def subject(self) -> str:
        return str(self.message["subject"])

    @property
    def text(self) -> str:
        payload = self.message.get_payload(decode=True)
        assert isinstance(payload, bytes)
        return payload.decode()


@dataclass
class Sinks:
    smtp_port: int
    webhook_url: str
    mails: list[Mail] = field(default_factory=list)
    hooks: list[dict[str, Any]] = field(default_factory=list)

    def wait(self, pred: Callable[[], bool], timeout: float = 30.0) -> None:
        """The sinks run in their own threads: wait (real time) for what was sent to land."""
        deadline = time.monotonic() + timeout
        while not pred():
            assert time.monotonic() < deadline, (self.mails, self.hooks)
            time.sleep(0.01)

    def everything(self) -> str:
        return "\n".join([m.subject + "\n" + m.text + "\n" + m.message.as_string()
                          for m in self.mails] + [json.dumps(h) for h in self.hooks])


@pytest.fixture
def sinks() -> Iterator[Sinks]:
    from aiosmtpd.controller import Controller

    smtp_port, hook_port = free_port(), free_port()
    box = Sinks(smtp_port, f"http://127.0.0.1:{hook_port}/hook/abc")

    class Handler:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            box.mails.append(Mail(list(envelope.rcpt_tos),
                                  email.message_from_bytes(envelope.content)))
            return "250 OK"

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            n = int(self.headers.get("content-length", "0"))
            box.hooks.append({"path": self.path, "body": json.loads(self.rfile.read(n))})
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    controller = Controller(Handler(), hostname="127.0.0.1", port=smtp_port)
    controller.start()
    httpd = ThreadingHTTPServer(("127.0.0.1", hook_port), Hook)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield box
    finally:
        controller.stop()
        httpd.shutdown()
        httpd.server_close()
