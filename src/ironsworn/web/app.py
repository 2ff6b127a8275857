"""The ASGI app: the routing table (each route's endpoint lives in the module named for what
it serves: campaigns, views, acting, stream; errors in errors), the security headers, static
files.

Routes (every page action has its JSON endpoint; see ``docs/api.md``)::

    GET  /                                   -> the home campaign's page
    GET  /c/{name}                           the table page (?token=... sets the token cookie)
    GET  /api/campaigns                      campaign list ('campaign list' JSON, no paths)
    POST /api/campaigns                      {"name"}: create a campaign
    POST /api/campaigns/import?name=NAME     body: a JSON export ('export json'); 4 MiB at most
    POST /api/content/import[?ruleset=R]     body: a Datasworn or Dataforged JSON file (guide;
                                             'content import FILE'); 16 MiB at most; with R
                                             (starforged) only that ruleset's own file
    GET  /api/actions                        the action table: names, help, options
    GET  /api/moves?ruleset=R                every move (the JSON of 'move show' each)
    GET  /api/oracles?ruleset=R              every oracle table (the JSON of 'oracle show' each)
    GET  /api/content/{npcs|truths|assets|regions}?ruleset=R
    GET  /api/odds?stat=&adds=&momentum=&debilities=   (the JSON of 'odds action')
    GET  /api/c/{name}/state                 sheets, tracks, pending decision, world; version
    GET  /api/c/{name}/timeline?last=N&before=SEQ   log and journal as one list (a page)
    GET  /api/c/{name}/first?last=N          the page's first reads in one answer
    GET  /api/c/{name}/moves                 the moves of the campaign's ruleset
    GET  /api/c/{name}/oracles               the oracle tables of the campaign's ruleset
    GET  /api/c/{name}/content/{kind}        its foes, truths, assets or regions
    GET  /api/c/{name}/ruleset               its ruleset as the page draws it (stats, marks,
                                             ranks, odds, track kinds, progress moves...)
    GET  /api/c/{name}/moves/{move}?character=C   the move panel with the character's odds
    POST /api/c/{name}/actions/{action}      run an action (body: its options as JSON)
    GET  /api/c/{name}/events?since=E.V      server-sent events: per change its version, head,
                                             the state as a patch and the timeline entries
                                             (what a page missed first, by Last-Event-ID)
    GET  /api/c/{name}/export/{markdown|json|iron-vault}  a download (iron-vault: a zip)

Errors: ``{"error": "one line"}`` with 400 (bad value), 401/403 (access), 404 (unknown
campaign, route or name), 408 (a body too slow to arrive), 409 (the rules refuse it now), 413
(too large), 503 (the campaign database cannot be reached: try again); nothing changed. A
message never names the database's address. Anything unforeseen is a JSON 500, logged once.

Request ids: a state-changing action may carry ``Idempotency-Key: ID`` (the page sends one
with every action). The id is recorded in the campaign, in the transaction of the write it
made; a retry with the same id applies nothing and gets the first answer again (with
``X-Ironsworn-Replayed: 1``), even after a restart.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.routing import Route

from ironsworn.errors import IronswornError
from ironsworn.web.access import Access, AccessMiddleware
from ironsworn.web.acting import act
from ironsworn.web.campaigns import (
    campaign_import,
    campaign_list,
    campaign_new,
    content_import,
    home_redirect,
    page,
)
from ironsworn.web.errors import on_error, on_http_error, on_unforeseen
from ironsworn.web.page_files import PageFiles
from ironsworn.web.server import Server
from ironsworn.web.stream import events
from ironsworn.web.tables import Tables
from ironsworn.web.views import (
    actions_table,
    campaign_content,
    campaign_moves,
    campaign_oracles,
    campaign_ruleset,
    content,
    export_campaign,
    first_reads,
    move_panel,
    moves,
    odds,
    oracles,
    state,
    timeline,
)

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
_SECURITY_HEADERS = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]


class SecurityHeaders:
    """Adds the content security policy and friends to every answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *_SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, sending)


def create_app(
    home: str,
    *,
    loopback: bool = True,
    tables: Tables | None = None,
) -> Any:
    """The table's ASGI app; ``home`` is the campaign ``/`` opens (created on first use)."""
    tables = tables or Tables()
    server = Server(tables, Access(loopback=loopback, home=home, database=tables.database))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        from ironsworn.web.guard import quiet_loop

        quiet_loop(asyncio.get_running_loop())
        server.tables.start()
        try:
            yield
        finally:
            await server.tables.stop()

    routes = [
        # A busy table's requests first: a router tries the routes in order.
        Route("/api/c/{name}/actions/{action}", act, methods=["POST"]),
        Route("/api/c/{name}/events", events),
        Route("/", home_redirect),
        Route("/c/{name}", page),
        Route("/api/campaigns", campaign_list, methods=["GET"]),
        Route("/api/campaigns", campaign_new, methods=["POST"]),
        Route("/api/campaigns/import", campaign_import, methods=["POST"]),
        Route("/api/content/import", content_import, methods=["POST"]),
        Route("/api/actions", actions_table),
        Route("/api/moves", moves),
        Route("/api/oracles", oracles),
        Route("/api/content/{kind}", content),
        Route("/api/odds", odds),
        Route("/api/c/{name}/state", state),
        Route("/api/c/{name}/timeline", timeline),
        Route("/api/c/{name}/first", first_reads),
        Route("/api/c/{name}/moves", campaign_moves),
        Route("/api/c/{name}/oracles", campaign_oracles),
        Route("/api/c/{name}/content/{kind}", campaign_content),
        Route("/api/c/{name}/ruleset", campaign_ruleset),
        Route("/api/c/{name}/moves/{move:path}", move_panel),
        Route("/api/c/{name}/export/{kind}", export_campaign),
        Route("/static/{file:path}", PageFiles().answer),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            IronswornError: on_error,
            HTTPException: on_http_error,
            Exception: on_unforeseen,
        },
    )
    app.state.server = server
    return SecurityHeaders(AccessMiddleware(app, server.access))
