"""``ironsworn mcp``: the campaign over the Model Context Protocol, for an AI guide or player.

Over stdio by default (what a desktop AI app starts); ``--http`` serves the streamable HTTP
transport at ``/mcp`` with ``serve``'s access rule (loopback: no token; any other host: the
campaign's guide token). The SDK is the ``mcp`` extra (``pip install 'ironsworn[mcp]'``),
imported only when the command runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ironsworn.cli.common import UsageError, campaign_options, parse_int

DEFAULT_PORT = 8485  # serve's 8484 + 1: both may run beside each other on one machine


def register(sub: Any) -> None:
    mcp = campaign_options(
        sub.add_parser(
            "mcp",
            help="serve the campaign to an AI client (Model Context Protocol)",
            description="Serve the campaign over the Model Context Protocol: tools for every "
            "operation of the table, resources (sheets, tracks, journal, moves, oracles) and "
            "prompts, over stdio (a desktop AI app starts this command), or with --http over "
            "the streamable HTTP transport (loopback only unless --host says otherwise; any "
            "other host needs the campaign's guide token). The server rolls every die.",
        )
    )
    mcp.add_argument("--http", action="store_true", help="serve HTTP at /mcp instead of stdio")
    mcp.add_argument("--host", default="127.0.0.1", help="with --http: address (127.0.0.1)")
    mcp.add_argument(
        "--port", default=str(DEFAULT_PORT), help="with --http: port (8485; 0 picks a free one)"
    )
    mcp.add_argument(
        "--new-token",
        action="store_true",
        help="with --http off loopback: replace the campaign's access tokens",
    )
    mcp.add_argument(
        "--seed", help="seed the server's dice (a reproducible session, for tests and demos)"
    )
    mcp.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import mcp  # noqa: F401  (the SDK: present only with the extra)
    except ImportError:
        raise UsageError(
            "ironsworn mcp needs the MCP SDK, which is not installed (accepted: "
            "pip install 'ironsworn[mcp]')"
        ) from None
    from ironsworn.campaign.registry import database_url, resolve
    from ironsworn.mcp.served import ServedCampaign

    database = database_url(args.database)
    if not args.http:
        for flag, given in (("--host", args.host != "127.0.0.1"), ("--new-token", args.new_token)):
            if given:
                raise UsageError(f"{flag} is for --http (accepted: --http {flag} ...)")
        if args.port != str(DEFAULT_PORT):
            raise UsageError(f"--port {args.port!r} is for --http (accepted: --http --port N)")
    served = ServedCampaign(resolve(args.campaign, database), seed=args.seed)
    try:
        if args.http:
            return _run_http(args, served, database)
        import anyio

        from ironsworn.mcp.server import serve_stdio

        anyio.run(serve_stdio, served)
    finally:
        served.close()
    return 0


def _run_http(args: argparse.Namespace, served: Any, database: str | None) -> int:
    from ironsworn.campaign.tokens import campaign_tokens, is_loopback
    from ironsworn.cli.serve_cmd import listen
    from ironsworn.mcp.http import PATH, serve

    port = parse_int(args.port, "--port", 0, 65535)
    loopback = is_loopback(args.host)
    if args.new_token and loopback:
        raise UsageError(
            "--new-token is for a server others reach (--host other than loopback); on "
            "loopback no token is used"
        )
    sock = listen(args.host, port)
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(f"ironsworn: campaign '{served.name}' over MCP at http://{shown}:{port}{PATH}")
    if not loopback:
        tokens = campaign_tokens(served.name, renew=args.new_token, database=database)
        print(f"  the guide token (Authorization: Bearer ...): {tokens['guide']}")
    print("  Ctrl-C stops the server.")
    sys.stdout.flush()
    serve(sock, served, loopback=loopback, database=database)
    print("ironsworn: the MCP server is closed.")
    return 0
