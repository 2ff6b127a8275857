"""``ironsworn serve``: the web table, in a browser, on this machine or for a group.

Prints the address (and, off loopback, the player and guide invite links) and serves until
Ctrl-C. Starlette and uvicorn are imported here only, when the command runs.
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

from ironsworn.cli.common import UsageError, campaign_options, parse_int

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8484


def register(sub: Any) -> None:
    serve = campaign_options(
        sub.add_parser(
            "serve",
            help="play in a browser: the web table",
            description="Serve the web table (loopback only unless --host says otherwise; "
            "any other host needs the invite links' token). With --database URL the campaigns "
            "are in PostgreSQL, and several serve processes may share them.",
        )
    )
    serve.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", default=str(DEFAULT_PORT), help="port (8484; 0 picks a free one)")
    serve.add_argument(
        "--new-token",
        action="store_true",
        help="replace the campaign's access tokens (the old invite links stop working)",
    )
    serve.set_defaults(func=run)


def home_campaign(value: str | None, database: str | None = None) -> tuple[str, Any]:
    """The campaign to serve first: its name, and its path when it is outside the registry."""
    from ironsworn.campaign import registry

    ref = registry.resolve(value, database)
    if ref.path is None:
        return ref.name, None  # a campaign in the database
    path = ref.path
    if path.parent.resolve() == registry.campaigns_dir().resolve():
        return path.stem, None
    if not path.exists():
        raise UsageError(f"--campaign {value!r}: campaign file not found")
    try:
        name = registry.check_name(path.stem)
    except Exception:
        raise UsageError(
            f"--campaign {value!r}: the file's name must be a campaign name (letters, digits, "
            "'-' and '_') to be served"
        ) from None
    return name, path


def listen(host: str, port: int) -> socket.socket:
    """Bind the listening socket now, so a busy port is one line, not a server's log."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets that say TCP,
    # and without it every small answer waits ~40 ms for the client's delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise UsageError(
            f"cannot listen on {host} port {port} ({exc.strerror}) (accepted: a free port with "
            "--port N, or --port 0 for any free one)"
        ) from None
    sock.listen(1024)  # a burst of connections waits for the guard, not a refusal
    return sock


def run(args: argparse.Namespace) -> int:
    from ironsworn.campaign.registry import database_url
    from ironsworn.campaign.tokens import campaign_tokens, is_loopback

    port = parse_int(args.port, "--port", 0, 65535)
    database = database_url(args.database)
    name, path = home_campaign(args.campaign, database)
    loopback = is_loopback(args.host)
    if args.new_token and loopback:
        raise UsageError(
            "--new-token is for a table served to others (--host other than loopback); "
            "on loopback no token is used"
        )
    sock = listen(args.host, port)
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{shown}:{port}"
    if loopback:
        print(f"ironsworn: the table of campaign '{name}' is at {base}/c/{name}")
    else:
        tokens = campaign_tokens(name, renew=args.new_token, database=database)
        print(f"ironsworn: the table of campaign '{name}' is at {base}/c/{name}")
        print(f"  invite a player: {base}/c/{name}?token={tokens['player']}")
        print(f"  invite a guide:  {base}/c/{name}?token={tokens['guide']}")
        print("  (anyone with a link can play; 'ironsworn serve --new-token' revokes them)")
    print("  Ctrl-C stops the table.")
    sys.stdout.flush()
    serve(sock, name, path, loopback, database)
    return 0


def serve(
    sock: socket.socket, name: str, path: Any, loopback: bool, database: str | None = None
) -> None:
    """Run uvicorn on ``sock`` until Ctrl-C (or SIGTERM)."""
    import contextlib

    import uvicorn

    from ironsworn.web.app import create_app
    from ironsworn.web.guard import server_config
    from ironsworn.web.heap import settle
    from ironsworn.web.tables import Tables

    tables = Tables(database=database)
    if path is not None:
        tables.add_path(name, path)
    app = create_app(name, loopback=loopback, tables=tables)
    config = server_config(app)
    settle()  # the long-lived objects out of the collector's full collections
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=[sock])
    print("ironsworn: the table is closed.")
