"""Who may use the table: loopback, access tokens, the guide and player roles, other sites.

- **Loopback** (the default ``--host 127.0.0.1``): the machine's own user plays; no token is
  asked. The ``Host`` header must name a loopback host, so a web page that rebinds its own
  DNS name to 127.0.0.1 is refused.
- **Any other host**: every request needs one of the campaign's tokens, as the
  ``X-Ironsworn-Token`` header or the cookie an invite link sets (``/c/NAME?token=...``).
  A campaign has two: ``player`` (a page playing a character) and ``guide`` (may act for any
  character, and create or import campaigns). ``serve --new-token`` replaces both. No token:
  401; a wrong one, or a player's token where a guide's is needed: 403. Nothing changes.
- **Other sites**: a state-changing request must carry ``X-Ironsworn-Request`` (a header a
  cross-site form cannot send and a cross-site script cannot send without a CORS preflight,
  which this server never grants) and, when the browser sends an ``Origin``, it must be this
  server's own. The token cookie is ``HttpOnly`` and ``SameSite=Strict``.

Tokens live in ``data_home()/web-tokens.json`` (written atomically), keyed by campaign name;
with ``serve --database`` in the database's ``tokens`` table, so every server on it honours
the same invite links.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ironsworn.errors import IronswornError

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ROLES = ("player", "guide")
TOKEN_HEADER = "x-ironsworn-token"
REQUEST_HEADER = "x-ironsworn-request"
COOKIE_PREFIX = "ironsworn_token_"
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Unauthorized(IronswornError):
    """No token where one is needed (401)."""


class Forbidden(IronswornError):
    """A token, seat or origin that may not do this (403)."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name, IPv6 possibly in brackets) is this machine only."""
    name = host.strip().lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


# ----------------------------------------------------------------------------------- tokens


def tokens_file() -> Path:
    from ironsworn.paths import data_home

    return data_home() / "web-tokens.json"


def _read_tokens() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(tokens_file().read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        return {}
    except (OSError, ValueError):
        return {}  # an unreadable token file grants nothing; serve writes a new one
    if not isinstance(data, dict):
        return {}
    return {
        str(k): {r: str(v[r]) for r in ROLES if isinstance(v.get(r), str)}
        for k, v in data.items()
        if isinstance(v, dict)
    }


def campaign_tokens(
    name: str, *, renew: bool = False, database: str | None = None
) -> dict[str, str]:
    """The campaign's ``player`` and ``guide`` tokens, made (or, with ``renew``, replaced).

    With ``database`` they are kept there, so every server on it honours the same links.
    """
    from ironsworn.campaign.registry import _write_atomically, postgres_database

    if database is not None:
        db = postgres_database(database)
        tokens: dict[str, str] = db.tokens(name)
        if renew or any(role not in tokens for role in ROLES):
            tokens = {role: secrets.token_urlsafe(24) for role in ROLES}
            db.set_tokens(name, tokens)
        return tokens
    book = _read_tokens()
    tokens = book.get(name, {})
    if renew or any(role not in tokens for role in ROLES):
        tokens = {role: secrets.token_urlsafe(24) for role in ROLES}
        book[name] = tokens
        _write_atomically(tokens_file(), json.dumps(book, indent=2) + "\n")
    return tokens


def role_of_token(name: str, token: str, database: str | None = None) -> str | None:
    """``guide``, ``player`` or None for a token of campaign ``name`` (kept in ``database``)."""
    if database is not None:
        from ironsworn.campaign.registry import postgres_database

        tokens = postgres_database(database).tokens(name)
    else:
        tokens = _read_tokens().get(name, {})
    for role in ("guide", "player"):
        known = tokens.get(role)
        if known and hmac.compare_digest(known.encode(), token.encode()):
            return role
    return None


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
            raise Unauthorized("this table needs an access token (use an invite link)")
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


def check_origin(scope: Scope) -> None:
    """Refuse a state-changing request from another site."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    if (
        scope["type"] == "http"
        and scope["method"] in UNSAFE_METHODS
        and not headers.get(REQUEST_HEADER)
    ):
        raise Forbidden(f"a change needs the {REQUEST_HEADER} header (sent by the table's page)")
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
            role = self.access.role(
                str(client[0]) if client else None,
                headers.get("host", ""),
                campaign_in_path(scope["path"]),
                request_tokens(scope),
            )
            check_origin(scope)
        except (Unauthorized, Forbidden) as exc:
            from starlette.responses import JSONResponse

            status = 401 if isinstance(exc, Unauthorized) else 403
            response = JSONResponse({"error": str(exc)}, status_code=status)
            await response(scope, receive, send)
            return
        scope.setdefault("state", {})["role"] = role
        await self.app(scope, receive, send)
