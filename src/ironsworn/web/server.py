"""What every route shares: the :class:`Server` (the open campaigns and the access rule) and
a request read the same way everywhere: its campaign, its seat, its whole-number parameters, its
body (bounded in size and time) and a JSON answer."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from ironsworn.errors import InvalidValue, IronswornError
from ironsworn.web.access import Access, Forbidden
from ironsworn.web.tables import Table, Tables

ACTION_BODY_LIMIT = 256 * 1024
BODY_TIMEOUT_S = 30.0  # a body must arrive within this (a slow client holds no task longer)
MAX_SEQ = 2**53  # the largest seq a query may name (SQLite's integers stop at 2**63 - 1)
SEAT_HEADER = "x-ironsworn-seat"
PAGE_HEADER = "x-ironsworn-page"


@dataclass
class Server:
    """What the routes share: the open campaigns and the access rule."""

    tables: Tables
    access: Access

    @property
    def home(self) -> str:
        return self.access.home


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Response(body, status, headers=headers, media_type="application/json")


# What a body is, as its refusal names it (one past its limit), and what to do instead.
CHANGE_SENT = ("this change", "; write a long text as several journal entries")


async def read_body(request: Request, limit: int, what: tuple[str, str] = CHANGE_SENT) -> bytes:
    """The request's body, at most ``limit`` bytes (``what``: what it is, as a refusal
    says it, and any advice after what is accepted)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise TooLarge(limit, int(length) if length.isdigit() else None, what)
    whole = await _arrived(request)
    if whole is not None:
        if len(whole) > limit:
            raise TooLarge(limit, len(whole), what)
        return whole
    body = b""
    try:
        async with asyncio.timeout(BODY_TIMEOUT_S):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise TooLarge(limit, None, what)
    except TimeoutError:
        raise TooSlow(f"the request body took more than {BODY_TIMEOUT_S:.0f} s to arrive") from None
    return body


async def _arrived(request: Request) -> bytes | None:
    """The request's whole body when it came with its head (a page's action, nearly always),
    taken without a deadline: uvicorn's request cycle says it has it all (its ``more_body``),
    and hands it over without waiting. None otherwise (a body still coming, or a server that
    does not say): the caller reads it under its deadline, whose timer cost a busy table's
    server more than the reading."""
    cycle = getattr(request.receive, "__self__", None)
    if getattr(cycle, "more_body", True) is not False:
        return None
    message = await request.receive()
    if message["type"] == "http.disconnect":
        raise ClientDisconnect
    return bytes(message.get("body", b""))


class TooLarge(IronswornError):
    """A request body past its limit (413): "this change is 293 KiB (accepted: at most 256
    KiB; write a long text as several journal entries)"; its size in bytes when known."""

    def __init__(self, limit: int, size: int | None, what: tuple[str, str] = CHANGE_SENT) -> None:
        thing, advice = what
        told = f"is {_size(size)}" if size is not None else f"is larger than {_size(limit)}"
        super().__init__(f"{thing} {told} (accepted: at most {_size(limit)}{advice})")
        self.limit, self.size = limit, size

    def data(self) -> dict[str, Any]:
        return {"input": "body", "value": self.size, "accepted": [f"at most {self.limit} bytes"]}


def _size(count: int) -> str:
    """A size as a person reads it, rounded up (a body one byte past 256 KiB is 257 KiB, not
    256): 293 KiB, 4.1 MiB."""
    if count < 1024 * 1024:
        return f"{-(-count // 1024)} KiB"
    tenths = -(-count * 10 // (1024 * 1024))
    return f"{tenths // 10} MiB" if tenths % 10 == 0 else f"{tenths / 10:.1f} MiB"


class TooSlow(IronswornError):
    """A request body that did not arrive in time (408)."""


async def json_body(request: Request) -> Any:
    body = await read_body(request, ACTION_BODY_LIMIT)
    if not body.strip():
        return {}
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidValue(f"the request body is not JSON ({exc})") from None
    except RecursionError:
        raise InvalidValue("the request body nests too deeply (accepted: JSON options)") from None
    except ValueError as exc:  # an integer of more digits than Python converts (4,300)
        raise InvalidValue(f"the request body has a value out of range ({exc})") from None


def table_of(request: Request) -> Table:
    server = server_of(request)
    name = request.path_params["name"]
    from ironsworn.campaign.registry import check_name

    check_name(name)
    return server.tables.get(name, create=name == server.home)


def int_param(request: Request, name: str, low: int, high: int | None, default: int | None) -> int:
    """A whole-number query parameter from ``low`` to ``high`` (``default`` when absent;
    ``high`` None: a seq, up to :data:`MAX_SEQ`)."""
    value = request.query_params.get(name)
    accepted = f"accepted: {low} to {high}" if high is not None else f"accepted: {low} or more"
    if high is None:
        high = MAX_SEQ
    if value is None:
        if default is None:
            raise InvalidValue(f"{name} is required ({accepted})")
        return default
    text = value.strip()
    # Checked before int(): a value of thousands of digits is refused, not converted.
    if not re.fullmatch(r"[+-]?[0-9]{1,20}", text):
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise InvalidValue(f"{name} {shown!r} is not a whole number ({accepted})")
    number = int(text)
    if not low <= number <= high:
        raise InvalidValue(f"{name} {number} is out of range ({accepted})")
    return number


def for_page(request: Request) -> bool:
    """Whether the table's page asks (``X-Ironsworn-Page: 1``, or ``page=1`` in the query: a
    read the page names as a preload carries no header of its own): its answers then carry
    the rules' text as HTML too (``*_html``); other clients get the command line's JSON
    shapes."""
    return request.headers.get(PAGE_HEADER) == "1" or request.query_params.get("page") == "1"


def seat_of(request: Request) -> str | None:
    """The character the page plays (None: the guide seat, for a guide or on loopback)."""
    # The page sends the name URL-encoded: a header carries Latin-1 only.
    seat = unquote(request.headers.get(SEAT_HEADER, "")).strip() or None
    role = request.scope.get("state", {}).get("role", "guide")
    if seat is not None and seat.lower() == "guide":
        seat = None
    if seat is None and role != "guide":
        raise Forbidden("a player's page acts as a character: pick the character you play")
    return seat
