"""A Ray head node for the tests: ``ray start --head --block`` with token authentication, in a
temporary directory of its own, on free ports, stopped (its own process group and the processes
that run from its directory, by id) at the end. Never ``ray stop``: that stops every Ray
instance of the machine."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import fcm

SRC = str(Path(fcm.__file__).resolve().parents[1])
START_TIMEOUT = 150.0  # seconds for the head to answer (a loaded 2-core machine is slow)


@dataclass
class Head:
    address: str  # HOST:PORT of the GCS
    client: str  # ray://HOST:PORT of the Ray Client server
    token: str
    log: Path

    def env(self) -> dict[str, str]:
        """What a driver of this cluster sets: token authentication and the token."""
        return {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": self.token}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1.0):
        return True
    return False


def _ours(directory: str) -> list[int]:
    """The processes started from the head's directory (their command lines name it)."""
    out = subprocess.run(["pgrep", "-f", directory], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split() if int(p) != os.getpid()]


@contextlib.contextmanager
def ray_head(cpus: int = 2) -> Iterator[Head]:
    ray = shutil.which("ray", path=str(Path(sys.executable).parent))
    assert ray, "the ray command is not installed next to this Python"
    directory = tempfile.mkdtemp(prefix="fcmray", dir="/tmp")  # short: Ray's socket paths
    port, client = free_port(), free_port()
    token = secrets.token_hex(16)
    # The head reads its token from a file: with RAY_AUTH_TOKEN in its environment instead, Ray
    # 2.60's Ray Client server fails to start the server of each client (ray:// then times out).
    Path(directory, "token").write_text(token)
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN_PATH": str(Path(directory, "token")),
        "RAY_USAGE_STATS_ENABLED": "0",
        "PYTHONPATH": SRC,  # the workers import fcm to play
    }
    env.pop("RAY_AUTH_TOKEN", None)
    env.pop("RAY_ADDRESS", None)
    log = Path(directory) / "head.log"
    args = [ray, "start", "--head", "--block", f"--port={port}"]
    args += [f"--ray-client-server-port={client}", f"--temp-dir={directory}/t"]
    args += [f"--num-cpus={cpus}", "--node-ip-address=127.0.0.1", "--disable-usage-stats"]
    args += ["--include-dashboard=false"]
    with open(log, "w") as fh:
        proc = subprocess.Popen(
            args, env=env, stdout=fh, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not (answers(port) and answers(client)):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Ray head did not start: {log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield Head(f"127.0.0.1:{port}", f"ray://127.0.0.1:{client}", token, log)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(15)
        for pid in [proc.pid, *_ours(directory)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait(10)
        shutil.rmtree(directory, ignore_errors=True)
