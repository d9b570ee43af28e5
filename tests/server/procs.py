"""Real server processes for the tests: ``python -m fcm.server`` on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One uvicorn process serving ``database_url``; ``env`` adds ``FCM_*`` settings."""

    def __init__(
        self, database_url: str, log: Path, log_level: str = "warning", **env: Any
    ) -> None:
        self.database_url = database_url
        self.log_level = log_level
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "FCM_RATE_PER_SECOND": "10000",
            "FCM_RATE_BURST": "10000",
            "FCM_POLL_INTERVAL": "0.05",
            **{f"FCM_{k.upper()}": str(v) for k, v in env.items()},
        }
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, timeout=30)

    def start(self) -> Server:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "fcm.server", "--port", str(self.port),
                 "--database-url", self.database_url, "--log-level", self.log_level],
                env=self.env, stdout=out, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 90  # slow starts on a loaded machine (imports)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if self.http.get("/api/health").status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.05)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=20)
        self.proc = None

    def freeze(self) -> None:
        """Stop the process where it is (SIGSTOP): nothing it does can land until thaw()."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGSTOP)
        stat = Path(f"/proc/{self.proc.pid}/stat")
        deadline = time.monotonic() + 10
        while stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "T":
            assert time.monotonic() < deadline, "the server did not stop"
            time.sleep(0.001)

    def thaw(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGCONT)

    def close(self) -> None:
        """Teardown: our client's connections first (a graceful shutdown waits for open
        ones), then SIGTERM; a loaded machine may take long to drain, so SIGKILL after 60 s
        (no test asserts the graceful exit here)."""
        self.http.close()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
        self.proc = None

    # -- API helpers ---------------------------------------------------------------------------

    def create(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        return dict(r.json())

    def state(self, game_id: str, token: str) -> dict[str, Any]:
        r = self.http.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def act(self, game_id: str, token: str, version: int, action: dict[str, Any]) -> Any:
        return self.http.post(
            f"/api/games/{game_id}/actions",
            headers={"Authorization": f"Bearer {token}"},
            json={"version": version, "action": action},
        )

    def ws(self, game_id: str, token: str) -> Any:
        from websockets.sync.client import connect

        return connect(f"ws://127.0.0.1:{self.port}/api/games/{game_id}/ws?token={token}")


def recv(ws: Any, timeout: float = 30) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


def recv_until(ws: Any, pred: Any, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = recv(ws, max(0.01, deadline - time.monotonic()))
        if pred(msg):
            return msg
