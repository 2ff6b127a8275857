"""Who holds a campaign's table: loopback addresses and the campaign's access tokens.

Every surface served over a network (the web table, the MCP server over HTTP) follows one rule:
on loopback no token is asked; anywhere else a request carries one of the campaign's two tokens,
``player`` or ``guide``. They live in ``data_home()/web-tokens.json`` (written atomically),
keyed by campaign name, or with a PostgreSQL database in its ``tokens`` table, so every server
on it honours the same invite links.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import secrets
from pathlib import Path

ROLES = ("player", "guide")
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


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
