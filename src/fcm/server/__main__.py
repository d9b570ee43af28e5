"""``python -m fcm.server [--host H] [--port P] [--database-url URL]``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fcm.server import run
from fcm.server.config import Settings


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fcm.server", description="the fcm game server")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database-url", default=None,
                   help="sqlite:///PATH or postgresql://... (default: $FCM_DATABASE_URL or "
                        "sqlite:///data/fcm.sqlite3)")
    p.add_argument("--bot-think-ms", type=int, default=None)
    p.add_argument("--bot-delay-ms", type=int, default=None)
    p.add_argument("--log-level", default="info")
    args = p.parse_args(argv)
    settings = Settings.from_env(
        database_url=args.database_url,
        bot_think_ms=args.bot_think_ms,
        bot_delay_ms=args.bot_delay_ms,
    )
    run(args.host, args.port, settings=settings, log_level=args.log_level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
