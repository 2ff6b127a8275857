"""The campaign's event stream (server-sent events): each change as a patch of the state and
the timeline entries it touched, and what a reconnecting page missed first.

**Written to directly.** A change's event is serialised once, on the campaign's worker; what
is left per page is handing it out. Through ASGI that took a turn of the page's task and the
message's way down every middleware's ``send`` to uvicorn's, for every page and change: a
table of twenty pages paid it twenty times a move. Under ``ironsworn serve`` (uvicorn's
protocol, :mod:`ironsworn.web.guard`) an event stream's request carries its connection
(:data:`CONNECTION` in its scope); once the stream's head and what the page missed are sent
through ASGI as before, the page's :class:`Wire` joins the table's listeners in place of its
inbox, and each change is one write of the same bytes to the page's socket (the event as a
chunk of the chunked body, framed once for all pages). A page that lets more than
:data:`BACKLOG` bytes wait unread is closed: it reconnects naming the last change it holds
and receives what it missed (or reads the state again), where its inbox grew without end
before. Elsewhere (a test client, another server) the stream goes through ASGI.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ironsworn.errors import InvalidValue
from ironsworn.web.guard import CONNECTION  # the server's protocol sets it (uvicorn's cycle)
from ironsworn.web.server import table_of
from ironsworn.web.tables import Change, Inbox, Table

# Bytes a page may leave unread before its connection is closed (it reconnects and catches
# up): a few hundred changes of a busy table.
BACKLOG = 512 * 1024
HEADERS = {"cache-control": "no-store", "x-accel-buffering": "no"}
KEEP_ALIVE = b": still here\n\n"
_KEEP_ALIVE_CHUNK = b"%x\r\n%b\r\n" % (len(KEEP_ALIVE), KEEP_ALIVE)


class Wire:
    """A listening page's connection, which the table writes each change to as it publishes
    it (on the event loop): the same bytes for every page, no task of the page's woken."""

    __slots__ = ("_chunked", "_transport")

    def __init__(self, transport: asyncio.WriteTransport, chunked: bool) -> None:
        self._transport = transport
        self._chunked = chunked

    def put_nowait(self, item: Change | None) -> None:
        transport = self._transport
        if transport.is_closing():
            return  # gone: its stream hears the disconnect and stops listening
        if item is None:
            transport.write(_KEEP_ALIVE_CHUNK if self._chunked else KEEP_ALIVE)
        else:
            transport.write(item.framed() if self._chunked else item.event)
        if transport.get_write_buffer_size() > BACKLOG:
            transport.close()  # a page this far behind catches up better by reconnecting


async def events(request: Request) -> Response:
    """Server-sent events: one ``change`` per change of the campaign, each with its id
    (``EPOCH.VERSION``), the state as a patch from the version before and the timeline entries
    it touched. A page that reconnects names the last it holds (``Last-Event-ID``, which the
    browser sends by itself, or ``?since=EPOCH.VERSION``) and first receives what it missed;
    when the table cannot tell (a restart, a page too far behind), or for a client naming
    none, the first event is the current version alone, and the page reads the state."""
    table = table_of(request)
    last = request.headers.get("last-event-id") or request.query_params.get("since")
    if last is not None and not re.fullmatch(r"[0-9a-f]{1,16}\.[0-9]{1,16}", last):
        raise InvalidValue(f"since {last[:40]!r} is not a version (accepted: EPOCH.VERSION)")
    # Listen before looking back: a change made meanwhile is then both in the history and
    # the queue, and sent once (by its version).
    queue = table.listen()
    try:
        await table.follow()  # checks for a change first
    except BaseException:
        table.unlisten(queue)
        raise
    # What the page missed and the version it will hold, taken at one moment: the stream
    # starts later, and a change published meanwhile comes from the queue.
    missed, now, head = table.missed(last), table.version, table.head
    sent = now
    if missed is None:
        opening = (
            f"retry: 1000\n{Change(now, head).sse(table.epoch, {'version': now, 'head': head})}"
        )
        start = opening.encode()
    else:
        start = b"retry: 1000\n\n" + b"".join(change.event for change in missed)
        if missed:
            sent = missed[-1].version
    connection = request.scope.pop(CONNECTION, None)
    if connection is not None and request.method == "GET":
        return WiredStream(table, queue, start, sent, connection)

    async def stream() -> AsyncIterator[bytes]:
        nonlocal sent
        try:
            yield start
            while True:
                # No timer of its own: the table's keep-alive comes as None (see
                # Table.keep_alive), so a busy table's pages cost no timer per change.
                change = await queue.get()
                if change is None:
                    yield KEEP_ALIVE
                    continue
                # Every change queued meanwhile goes in one write (a busy table's changes
                # come faster than a page's turn on the event loop).
                changes = [change, *queue.take()]
                fresh = [c for c in changes if c is not None and c.version > sent]
                if not fresh:
                    continue  # sent with what the page missed
                sent = fresh[-1].version
                # The same bytes for every page.
                yield fresh[0].event if len(fresh) == 1 else b"".join(c.event for c in fresh)
        finally:
            table.unlisten(queue)

    return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)


def _fresh(queue: Inbox, sent: int) -> list[Change]:
    """The changes waiting in ``queue`` after version ``sent`` (keep-alives left out)."""
    return [c for c in queue.take() if c is not None and c.version > sent]


class WiredStream(Response):
    """The event stream of a page whose connection the table writes to (see the module's
    docstring): its head, what it missed and what came meanwhile through ASGI, then its
    :class:`Wire` listens until the page goes."""

    media_type = "text/event-stream"

    def __init__(self, table: Table, queue: Inbox, start: bytes, sent: int, connection: Any):
        self.table, self.queue, self.start, self.sent = table, queue, start, sent
        self.connection = connection  # uvicorn's request-response cycle
        self.status_code = 200
        self.background = None
        self.init_headers(HEADERS)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        table, queue, wire = self.table, self.queue, None
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            await send({"type": "http.response.body", "body": self.start, "more_body": True})
            # What was published while those were written, until nothing is left: then the
            # wire takes the inbox's place with no await between (nothing slips past both).
            while fresh := _fresh(queue, self.sent):
                self.sent = fresh[-1].version
                body = b"".join(c.event for c in fresh)
                await send({"type": "http.response.body", "body": body, "more_body": True})
            connection = self.connection
            if connection.disconnected or connection.response_complete:
                return
            table.unlisten(queue)
            wire = Wire(connection.transport, bool(connection.chunked_encoding))
            table.attach(wire)
            while (await receive())["type"] != "http.disconnect":
                pass  # a GET's (empty) body, then the page going
        finally:
            table.unlisten(queue)
            if wire is not None:
                table.unlisten(wire)
