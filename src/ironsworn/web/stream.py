"""The campaign's event stream (server-sent events): each change as a patch of the state and
the timeline entries it touched, and what a reconnecting page missed first."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ironsworn.errors import InvalidValue
from ironsworn.web.server import table_of
from ironsworn.web.tables import Change


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

    async def stream() -> AsyncIterator[bytes]:
        try:
            sent = now
            if missed is None:
                first = {"version": now, "head": head}
                yield f"retry: 1000\n{Change(now, head).sse(table.epoch, first)}".encode()
            else:
                yield b"retry: 1000\n\n" + b"".join(change.event for change in missed)
                if missed:
                    sent = missed[-1].version
            while True:
                # No timer of its own: the table's keep-alive comes as None (see
                # Table.keep_alive), so a busy table's pages cost no timer per change.
                change = await queue.get()
                if change is None:
                    yield b": still here\n\n"
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

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )
