"""The MCP server over the streamable HTTP transport, with the table's access rule.

The rule is the web table's (``serve``; :mod:`ironsworn.campaign.tokens`):

- **loopback** (the default host 127.0.0.1): no token; the client must be this machine and the
  ``Host`` header must name it, so a web page that rebinds its DNS name to 127.0.0.1 is refused;
- **any other host**: every request carries the campaign's **guide** token, as
  ``Authorization: Bearer TOKEN`` (what MCP clients send) or ``X-Ironsworn-Token: TOKEN``.
  None: 401; a wrong one: 403. A player's token is refused too (403): the tools act for any
  character, which is the guide's seat at the web table.

A request a browser sends from another site (an ``Origin`` that is not this server) is
refused on every host. A refused request never reaches the SDK: nothing is read or changed.
The endpoint is ``/mcp``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from ironsworn.campaign.tokens import is_loopback, role_of_token
from ironsworn.mcp.served import ServedCampaign

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PATH = "/mcp"
TOKEN_HEADER = "x-ironsworn-token"


def token_of(headers: dict[str, str]) -> str | None:
    """The token a request carries: a bearer ``Authorization``, else ``X-Ironsworn-Token``."""
    auth = headers.get("authorization", "")
    scheme, _, value = auth.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return headers.get(TOKEN_HEADER) or None


def refusal(
    scope: Scope, *, campaign: str, loopback: bool, database: str | None
) -> tuple[int, str] | None:
    """Why a request may not use the server: (status, one line), or None when it may."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    client = scope.get("client")
    origin = headers.get("origin")
    if origin and urlsplit(origin).netloc.lower() != headers.get("host", "").lower():
        # A browser page of another site: MCP clients send no Origin, browsers always do.
        return 403, f"origin {origin!r} is not this server"
    if loopback:
        if client is not None and not is_loopback(str(client[0])):
            return 403, f"{client[0]} is not this machine (the server is loopback only)"
        host = headers.get("host", "")
        if not is_loopback(urlsplit(f"//{host}").hostname or ""):
            return 403, f"host {host!r} is not this machine (accepted: localhost, 127.0.0.1)"
        return None
    token = token_of(headers)
    if token is None:
        return 401, (
            f"this server needs campaign {campaign!r}'s guide token (accepted: "
            "Authorization: Bearer TOKEN, or the X-Ironsworn-Token header)"
        )
    role = role_of_token(campaign, token, database)
    if role != "guide":
        which = "a player's token" if role == "player" else "the token is not valid"
        return 403, f"{which} for campaign {campaign!r} (accepted: the campaign's guide token)"
    return None


class Guarded:
    """The SDK's app behind :func:`refusal` (a JSON error in place of a refused request)."""

    def __init__(
        self, app: ASGIApp, campaign: str, *, loopback: bool, database: str | None
    ) -> None:
        self.app = app
        self.campaign = campaign
        self.loopback = loopback
        self.database = database

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = refusal(
                scope, campaign=self.campaign, loopback=self.loopback, database=self.database
            )
            if refused is not None:
                from starlette.responses import JSONResponse

                status, message = refused
                headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
                response = JSONResponse({"error": message}, status_code=status, headers=headers)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(served: ServedCampaign, *, loopback: bool, database: str | None = None) -> Any:
    """The ASGI app: the streamable HTTP transport at ``/mcp``, guarded."""
    from mcp.server.transport_security import TransportSecuritySettings

    from ironsworn.mcp.server import build_server

    server = build_server(served)
    # The guard above does the host and token checks for every host; the SDK's own host
    # check would refuse a hosted server's public name.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    app = server.streamable_http_app(streamable_http_path=PATH, transport_security=security)
    return Guarded(app, served.name, loopback=loopback, database=database)


def serve(sock: Any, served: ServedCampaign, *, loopback: bool, database: str | None) -> None:
    """Run uvicorn on the bound socket ``sock`` until Ctrl-C (or SIGTERM)."""
    import contextlib

    import uvicorn

    app = create_app(served, loopback=loopback, database=database)
    config = uvicorn.Config(
        app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on", access_log=False
    )
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run(sockets=[sock])
