"""``python -m tests.web.serve PORT DATABASE_URL [MODULE]``: the game server with the web UI
mounted, as the browser tests run it (fast bots, no rate limit); ``MODULE``, a Python module
imported first, registers test-only game modules (tests/web/extra_modules.py)."""

from __future__ import annotations

import importlib
import sys

import uvicorn

from fcm.server import Settings, create_app
from fcm.server.web import mount_web


def main() -> None:
    port, url = int(sys.argv[1]), sys.argv[2]
    if len(sys.argv) > 3:
        importlib.import_module(sys.argv[3])
    settings = Settings(
        database_url=url,
        rate_per_second=1000.0,
        rate_burst=1000,
        bot_think_ms=1000,
        hint_think_ms=300,
        poll_interval=0.05,
    )
    app = create_app(settings)
    mount_web(app)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")


if __name__ == "__main__":
    main()
