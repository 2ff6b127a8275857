"""Who may use the table: loopback, access tokens, the guide and player roles, other sites.

- **Loopback** (the default host, 127.0.0.1): the machine's own user plays; no token is
  asked. The ``Host`` header must name a loopback host, so a web page that rebinds its own
  DNS name to 127.0.0.1 is refused.
- **Any other host**: every request needs one of the campaign's tokens, as the
  ``X-Ironsworn-Token`` header or the cookie an invite link sets (``/c/NAME?token=...``).
  A campaign has two: ``player`` (a page playing a character) and ``guide`` (may act for any
  character, and create or import campaigns). ``serve``'s new-token option replaces both. No token:
  401; a wrong one, or a player's token where a guide's is needed: 403. Nothing changes.
- **Other sites**: a state-changing request must carry ``X-Ironsworn-Request`` (a header a
  cross-site form cannot send and a cross-site script cannot send without a CORS preflight,
  which this server never grants) and, when the browser sends an ``Origin``, it must be this
  server's own. The token cookie is ``HttpOnly`` and ``SameSite=Strict``; an invite link is
  answered with the page itself (not a redirect, whose strict cookie a link followed from
  another site would not carry), and the page takes the token out of its address.
- **A campaign the guide creates** (``POST /api/campaigns``) gets its own tokens at once; the
  answer carries its invite links and sets its guide cookie, so the guide's page opens it.
- **The page's files** (``/static/``) belong to no campaign: a valid token of any campaign
  opens them, so a second campaign's invite draws its table too.

Tokens (kept by :mod:`ironsworn.campaign.tokens`, which the MCP server shares) live in
``data_home()/web-tokens.json`` (written atomically), keyed by campaign name;
with ``serve`` on a database in the database's ``tokens`` table, so every server on it honours
the same invite links.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ironsworn.campaign.tokens import ROLES as ROLES
from ironsworn.campaign.tokens import campaign_tokens as campaign_tokens
from ironsworn.campaign.tokens import is_loopback as is_loopback
from ironsworn.campaign.tokens import role_of_token as role_of_token
from ironsworn.campaign.tokens import tokens_file as tokens_file
from ironsworn.errors import Forbidden as Forbidden  # raised here, re-exported for app.py
from ironsworn.errors import IronswornError

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN_HEADER = "x-ironsworn-token"
REQUEST_HEADER = "x-ironsworn-request"
COOKIE_PREFIX = "ironsworn_token_"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PUBLIC_PREFIX = "/static/"  # the page's script and style: the same for every campaign


class Unauthorized(IronswornError):
    """No token where one is needed (401)."""


# ----------------------------------------------------------------------------- the checks


@dataclass
class Access:
    """The server's access rule: is it on loopback only, and which campaign is its own."""

    loopback: bool
    home: str  # the campaign `serve` was started with (its guide token may manage campaigns)
    database: str | None = None  # where the tokens are kept (None: the tokens file)
    cache: dict[str, Any] = field(default_factory=dict)

    def role(
        self, client: str | None, host: str, campaign: str | None, tokens: list[tuple[str, str]]
    ) -> str:
        """The role of a request: ``guide`` or ``player``; raises Unauthorized / Forbidden.

        ``tokens`` are (campaign, token) pairs the request carries (header first, then cookies).
        """
        if self.loopback:
            hostname = urlsplit(f"//{host}").hostname or ""
            if not is_loopback(hostname):
                raise Forbidden(
                    f"host {host!r} is not this machine (accepted: localhost, 127.0.0.1)"
                )
            return "guide"
        if not tokens:
            raise Unauthorized("this table is played with an access token: use an invite link")
        wanted = campaign or self.home
        roles = [
            role_of_token(wanted, token, self.database)
            for name, token in tokens
            if name in (wanted, "*")
        ]
        if "guide" in roles:
            return "guide"

        if "player" in roles:
            return "player"
        raise Forbidden(f"the access token is not valid for campaign {wanted!r}")

    def any_campaign(self, tokens: list[tuple[str, str]]) -> None:
        """Refuse a request that carries no valid token of any campaign (the page's files)."""
        if not tokens:
            raise Unauthorized("this table is played with an access token: use an invite link")
        for name, token in tokens:
            campaign = self.home if name == "*" else name
            if role_of_token(campaign, token, self.database) is not None:
                return
        raise Forbidden("the access token is not valid for any campaign of this table")


def campaign_in_path(path: str) -> str | None:
    """The campaign a request's path is about (``/c/NAME``, ``/api/c/NAME/...``)."""
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] == "c":
        return parts[2] or None
    if len(parts) >= 4 and parts[1] == "api" and parts[2] == "c":
        return parts[3] or None
    return None


def request_tokens(scope: Scope) -> list[tuple[str, str]]:
    """The (campaign, token) pairs a request carries: header (any campaign), query on a page
    link, cookies (each names its campaign)."""
    from http.cookies import SimpleCookie

    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    out: list[tuple[str, str]] = []
    if TOKEN_HEADER in headers:
        out.append(("*", headers[TOKEN_HEADER]))
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if "token" in query and scope["path"].startswith("/c/"):
        out.append(("*", query["token"][0]))
    if "cookie" in headers:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(headers["cookie"])
        except Exception:  # a malformed cookie header carries no token
            return out
        for key, morsel in jar.items():
            if key.startswith(COOKIE_PREFIX):
                out.append((key[len(COOKIE_PREFIX) :], morsel.value))
    return out


def check_origin(scope: Scope, headers: dict[str, str] | None = None) -> None:
    """Refuse a state-changing request from another site (``headers``: the request's, by
    lower-case name, when the caller has them)."""
    if headers is None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    if (
        scope["type"] == "http"
        and scope["method"] in UNSAFE_METHODS
        and not headers.get(REQUEST_HEADER)
    ):
        raise Forbidden(
            f"a change without the {REQUEST_HEADER} header is refused (sent by the table's page)"
        )
    origin = headers.get("origin")
    changing = scope["type"] == "websocket" or scope.get("method") in UNSAFE_METHODS
    if origin and changing and urlsplit(origin).netloc.lower() != headers.get("host", "").lower():
        raise Forbidden(f"origin {origin!r} is not this table")


class AccessMiddleware:
    """Applies :class:`Access` to every request; sets ``scope["state"]["role"]``."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        client = scope.get("client")
        try:
            if self.access.loopback and client is not None and not is_loopback(str(client[0])):
                raise Forbidden(f"{client[0]} is not this machine (the table is loopback only)")
            if (
                not self.access.loopback
                and scope["path"].startswith(PUBLIC_PREFIX)
                and scope.get("method") in ("GET", "HEAD")
            ):
                self.access.any_campaign(request_tokens(scope))
                await self.app(scope, receive, send)
                return
            role = self.access.role(
                str(client[0]) if client else None,
                headers.get("host", ""),
                campaign_in_path(scope["path"]),
                # On loopback no token is asked: none is read.
                [] if self.access.loopback else request_tokens(scope),
            )
            check_origin(scope, headers)
        except (Unauthorized, Forbidden) as exc:
            from starlette.responses import JSONResponse

            from ironsworn.web.error_page import error_page, wants_page

            status = 401 if isinstance(exc, Unauthorized) else 403
            response: Any = JSONResponse({"error": str(exc)}, status_code=status)
            if wants_page(str(scope.get("method", "")), scope["path"], headers):
                # A page opened without its invite link: said on a page (no link helps).
                response = error_page(str(exc), status, ())
            await response(scope, receive, send)
            return
        scope.setdefault("state", {})["role"] = role
        await self.app(scope, receive, send)
