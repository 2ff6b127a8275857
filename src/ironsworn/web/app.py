"""The ASGI app: the routing table, errors as one JSON line, the event stream, static files.

Routes (every page action has its JSON endpoint; see ``docs/api.md``)::

    GET  /                                   -> the home campaign's page
    GET  /c/{name}                           the table page (?token=... sets the token cookie)
    GET  /api/campaigns                      campaign list (as 'campaign list --json', no paths)
    POST /api/campaigns                      {"name"}: create a campaign
    POST /api/campaigns/import?name=NAME     body: a JSON export ('export json'); 4 MiB at most
    POST /api/content/import[?ruleset=R]     body: a Datasworn or Dataforged JSON file (guide;
                                             'content import FILE'); 16 MiB at most; with R
                                             (starforged) only that ruleset's own file
    GET  /api/actions                        the action table: names, help, options
    GET  /api/moves?ruleset=R                every move ('move show --json' each)
    GET  /api/oracles?ruleset=R              every oracle table ('oracle show --json' each)
    GET  /api/content/{npcs|truths|assets|regions}?ruleset=R
    GET  /api/odds?stat=&adds=&momentum=&debilities=   ('odds action --json')
    GET  /api/c/{name}/state                 sheets, tracks, pending decision, world; version
    GET  /api/c/{name}/timeline?last=N&before=SEQ   log and journal as one list (a page)
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
import contextlib
import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ironsworn.errors import (
    CampaignError,
    InvalidValue,
    IronswornError,
    NotFound,
    RuleViolation,
    Unavailable,
)
from ironsworn.web import reads, results
from ironsworn.web.access import (
    COOKIE_PREFIX,
    Access,
    AccessMiddleware,
    Forbidden,
    Unauthorized,
)
from ironsworn.web.tables import Change, Table, Tables, UnknownCampaign

ACTION_BODY_LIMIT = 256 * 1024
BODY_TIMEOUT_S = 30.0  # a body must arrive within this (a slow client holds no task longer)
MAX_SEQ = 2**53  # the largest seq a query may name (SQLite's integers stop at 2**63 - 1)
REQUEST_ID_HEADER = "idempotency-key"
REQUEST_ID = re.compile(r"[!-~]{1,128}")  # printable ASCII, no spaces
MESSAGE_LIMIT = 400  # characters of an error message (a 5,000-digit value is not repeated)
UNAVAILABLE = (
    "the campaign database cannot be reached right now; the table keeps trying (try again in "
    "a moment)"
)
log = logging.getLogger("ironsworn.web")
IMPORT_LIMIT = 4 * 1024 * 1024
PACK_LIMIT = 16 * 1024 * 1024  # a Datasworn file (Starforged's is 2.5 MB)
SEAT_HEADER = "x-ironsworn-seat"
PAGE_HEADER = "x-ironsworn-page"
KEEPALIVE_S = 15.0
SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


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


# -------------------------------------------------------------------------------- helpers


def error(
    message: str, status: int, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    line = " ".join(message.splitlines())
    if len(line) > MESSAGE_LIMIT:
        line = line[: MESSAGE_LIMIT - 1] + "…"
    return JSONResponse({"error": line, **extra}, status_code=status, headers=headers)


_DATABASE_URL = re.compile(r"postgres(?:ql)?://\S*")


def public(message: str, request: Request) -> str:
    """``message`` without the database's address (a hosted table's clients need not know
    where it keeps its campaigns, nor its user name)."""
    database = getattr(request.app.state, "server", None)
    url = database.tables.database if database is not None else None
    if url:
        from ironsworn.campaign.store.postgres import redact

        for form in (url, redact(url)):
            message = message.replace(form, "the campaign database")
    return _DATABASE_URL.sub("the campaign database", message)


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    return Response(body, status, headers=headers, media_type="application/json")


async def read_body(request: Request, limit: int) -> bytes:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise TooLarge(limit)
    body = b""
    try:
        async with asyncio.timeout(BODY_TIMEOUT_S):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise TooLarge(limit)
    except TimeoutError:
        raise TooSlow(f"the request body took more than {BODY_TIMEOUT_S:.0f} s to arrive") from None
    return body


class TooLarge(IronswornError):
    def __init__(self, limit: int) -> None:
        super().__init__(f"the request body is larger than {limit // 1024} KiB (the limit)")


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
    """Whether the table's page asks (``X-Ironsworn-Page: 1``): its answers then carry the
    rules' text as HTML too (``*_html``); other clients get the command line's JSON shapes."""
    return request.headers.get(PAGE_HEADER) == "1"


def seat_of(request: Request) -> str | None:
    """The character the page plays (None: the guide seat, for a guide or on loopback)."""
    from urllib.parse import unquote

    # The page sends the name URL-encoded: a header carries Latin-1 only.
    seat = unquote(request.headers.get(SEAT_HEADER, "")).strip() or None
    role = request.scope.get("state", {}).get("role", "guide")
    if seat is not None and seat.lower() == "guide":
        seat = None
    if seat is None and role != "guide":
        raise Forbidden("a player's page acts as a character: pick the character you play")
    return seat


# --------------------------------------------------------------------------------- pages


async def home_redirect(request: Request) -> Response:
    return RedirectResponse(f"/c/{server_of(request).home}", status_code=303)


async def page(request: Request) -> Response:
    from ironsworn.campaign.registry import check_name

    name = check_name(request.path_params["name"])
    token = request.query_params.get("token")
    html = files("ironsworn.web").joinpath("static/index.html").read_text(encoding="utf-8")
    response = Response(html, media_type="text/html", headers={"cache-control": "no-store"})
    if token:
        # An invite link: keep its token in a cookie that no script and no other site can use.
        # The page is answered at once, not redirected: a link followed from another site (a
        # mail, a chat) is a cross-site navigation, and a strict cookie set on its redirect
        # would not be sent to the redirect's target. The page's own requests are same-site,
        # so they carry it; the page then takes the token out of its address (and history).
        response.set_cookie(COOKIE_PREFIX + name, token, httponly=True, samesite="strict", path="/")
    return response


# ------------------------------------------------------------------------------ campaigns


async def campaign_list(request: Request) -> Response:
    server = server_of(request)
    from ironsworn.campaign import registry

    database = server.tables.database

    def describe() -> list[dict[str, Any]]:
        out = []
        known = registry.names(database)
        for name in server.tables.names():
            info = registry.describe(name, database) if name in known else None
            out.append(
                {
                    "name": name,
                    "home": name == server.home,
                    "operations": info.operations if info else None,
                    "last_played": info.last_played if info else None,
                    "problem": "cannot be read" if info and info.problem else None,
                }
            )
        return out

    return json_response(await asyncio.to_thread(describe))


def _guide_only(request: Request, what: str = "create or import campaigns") -> None:
    if request.scope.get("state", {}).get("role") != "guide":
        raise Forbidden(f"only the guide may {what}")


async def campaign_new(request: Request) -> Response:
    _guide_only(request)
    body = await json_body(request)
    given = body if isinstance(body, dict) else {}
    database = server_of(request).tables.database
    # The table's campaign_new: a name left out is asked (400 with the question).
    created = await asyncio.to_thread(
        _home,
        "campaign_new",
        {"name": given.get("name"), "ruleset": given.get("ruleset")},
        database,
    )
    name, ruleset = str(created["name"]), str(created["ruleset"])
    needed = await asyncio.to_thread(reads.content_needed, ruleset)
    answer: dict[str, Any] = {"created": name, "ruleset": ruleset, "content_needed": needed}
    if server_of(request).access.loopback:
        return json_response(answer, 201)
    # Off loopback the new campaign has tokens of its own: the answer carries its invite links
    # and gives the guide who made it the campaign's guide cookie, so the page opens it.
    from ironsworn.web.access import campaign_tokens

    tokens = await asyncio.to_thread(campaign_tokens, name, database=database)
    answer["invites"] = {role: f"/c/{name}?token={tokens[role]}" for role in ("player", "guide")}
    response = json_response(answer, 201)
    response.set_cookie(
        COOKIE_PREFIX + name, tokens["guide"], httponly=True, samesite="strict", path="/"
    )
    return response


def _home(name: str, args: dict[str, Any], database: str | None) -> Any:
    """Run one of the table's operations on the campaigns and packs; a question is raised
    (:class:`~ironsworn.table.questions.Unanswered`: a 400 carrying it)."""
    from ironsworn.table import Question, Unanswered
    from ironsworn.table.home import home_call
    from ironsworn.web.actions import asked

    answer = home_call(name, args, database)
    if isinstance(answer, Question):
        raise Unanswered(answer, asked(answer))
    return answer


async def campaign_import(request: Request) -> Response:
    _guide_only(request)
    import os
    import tempfile

    from ironsworn.campaign import registry

    name = registry.check_name(request.query_params.get("name", ""))
    body = await read_body(request, IMPORT_LIMIT)
    database = server_of(request).tables.database

    def load() -> int:
        target = registry.named(name, database)
        if target.exists():
            raise InvalidValue(f"campaign {name!r} already exists")
        folder = registry.campaigns_dir() if target.path is None else target.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(suffix=".json", dir=folder)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(body)
            try:
                answer = _home("campaign_import", {"file": temporary, "name": name}, database)
                return int(answer["operations"])
            except CampaignError as exc:
                # The importer names the file it read: here that is the upload, not a path.
                raise CampaignError(str(exc).replace(temporary, "the upload")) from None
        finally:
            os.unlink(temporary)

    count = await asyncio.to_thread(load)
    return json_response({"imported": name, "operations": count}, 201)


async def content_import(request: Request) -> Response:
    """The guide uploads a content pack (a Datasworn or Dataforged file): the table's
    ``pack_import``, as ``content import``. A Starforged campaign made in the browser is then
    playable without the command line. With ``?ruleset=starforged`` the upload must be that
    ruleset's own file (the player's starforged.json, asked when a Starforged campaign is
    made): any other is refused, nothing imported."""
    _guide_only(request, "import content packs")
    import tempfile
    from pathlib import Path

    ruleset = request.query_params.get("ruleset")
    database = server_of(request).tables.database
    body = await read_body(request, PACK_LIMIT)

    def load() -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "upload.json"
            path.write_bytes(body)
            try:
                answer: dict[str, Any] = _home(
                    "pack_import", {"file": str(path), "ruleset": ruleset}, database
                )
            except InvalidValue as exc:
                if exc.input != "file":
                    raise
                # The importer names the file it read: here that is the upload, not a path.
                raise InvalidValue(
                    str(exc).replace(str(path), "the upload"),
                    input="file",
                    accepted=exc.accepted,
                ) from None
            answer.pop("path", None)  # the server's folders are not the page's business
            return answer

    return json_response(await asyncio.to_thread(load), 201)


# ---------------------------------------------------------------------------- reading


async def actions_table(request: Request) -> Response:
    from ironsworn.web.actions import ACTIONS

    return json_response([a.to_json() for a in ACTIONS.values()])


async def moves(request: Request) -> Response:
    return json_response(await asyncio.to_thread(reads.moves, request.query_params.get("ruleset")))


async def oracles(request: Request) -> Response:
    ruleset = request.query_params.get("ruleset")
    return json_response(await asyncio.to_thread(reads.oracles, ruleset))


async def content(request: Request) -> Response:
    kind, ruleset = request.path_params["kind"], request.query_params.get("ruleset")
    return json_response(await asyncio.to_thread(reads.content, kind, ruleset))


async def campaign_oracles(request: Request) -> Response:
    """The oracle tables of the campaign's ruleset only (issue 11)."""
    table = table_of(request)
    ruleset = await table.call(reads.ruleset_of)
    return json_response(await asyncio.to_thread(reads.oracles, ruleset))


async def campaign_ruleset(request: Request) -> Response:
    """The campaign's ruleset as the page draws it (:func:`ironsworn.table.describe.describe`):
    the page holds no game facts of its own."""
    from ironsworn.table import Table as Context
    from ironsworn.table.describe import describe

    # Not kept with the version: a content pack imported changes it (its progress moves).
    table = table_of(request)
    return json_response(await table.call(lambda store: describe(Context(store, table.name))))


async def campaign_content(request: Request) -> Response:
    """Foes, truths, assets or regions of the campaign's ruleset only (issue 11)."""
    table = table_of(request)
    kind = request.path_params["kind"]
    ruleset = await table.call(reads.ruleset_of)
    return json_response(await asyncio.to_thread(reads.content, kind, ruleset))


async def odds(request: Request) -> Response:
    return json_response(
        reads.odds(
            int_param(request, "stat", 0, 5, None),
            int_param(request, "adds", 0, 10, 0),
            int_param(request, "momentum", -6, 10, 0),
            int_param(request, "debilities", 0, 8, 0),
        )
    )


async def state(request: Request) -> Response:
    table = table_of(request)
    role = request.scope.get("state", {}).get("role", "guide")
    if for_page(request):
        # The state the pages follow, as the last change left it (kept by the table from the
        # first page's read on: each change is then sent as a patch of it). Read with its
        # version at one moment (nothing awaited between), so the page's base is exact.
        await table.follow()
        page = table.page
        if page is not None:
            extra = {"version": table.version, "head": table.head, "role": role}
            return json_response({**page, **extra, "epoch": table.epoch})
    await table.check()
    version, head = table.version, table.head
    data: dict[str, Any] | None = table.cache.get("state")
    if data is None:
        data = await table.call(lambda store: reads.campaign_state(store, table.name))
        if table.version == version:
            table.cache["state"] = data
    answer = {**data, "version": version, "head": head, "role": role, "epoch": table.epoch}
    if for_page(request):
        answer["pending"] = results.decision(answer.get("pending"))
    return json_response(answer)


async def timeline(request: Request) -> Response:
    table = table_of(request)
    last = int_param(request, "last", 1, reads.TIMELINE_MAX, reads.TIMELINE_DEFAULT)
    before = None
    if "before" in request.query_params:
        before = int_param(request, "before", 1, None, None)
    await table.check()
    version, key = table.version, f"timeline:{last}:{before}"
    data: list[Any] | None = table.cache.get(key)
    if data is None:
        data = await table.call(lambda store: reads.timeline(store, last, before))
        if table.version == version:
            table.cache[key] = data
    return json_response(data)


async def campaign_moves(request: Request) -> Response:
    table = table_of(request)

    def listing(store: Any) -> list[dict[str, Any]]:
        return reads.moves(getattr(store.state(), "ruleset", "classic"))

    return json_response(await table.call(listing))


async def move_panel(request: Request) -> Response:
    """The move panel; its odds count the adds the engine will make by itself (a dry run on a
    copy of the state, so it is kept for the campaign's version)."""
    from ironsworn.web.roll_odds import with_automatic_adds

    table = table_of(request)
    move = request.path_params["move"]
    character = request.query_params.get("character") or None
    await table.check()
    version, key = table.version, f"panel:{move}:{character}"
    data: dict[str, Any] | None = table.cache.get(key)
    if data is None:

        def read(store: Any) -> dict[str, Any]:
            found = reads.move_panel(store, move, character)
            return results.panel(with_automatic_adds(found, store.state(), reads.library()))

        data = await table.call(read)
        if table.version == version:
            table.cache[key] = data
    return json_response(data)


async def export_campaign(request: Request) -> Response:
    table = table_of(request)
    kind = request.path_params["kind"]
    from ironsworn.campaign import export
    from ironsworn.table import Table as At
    from ironsworn.table import operation

    def exported(args: dict[str, Any]) -> Any:
        # The table's export operation, on the campaign's worker thread.
        return table.call(lambda s: operation("export").call(At(s, table.name), args))

    if kind == "markdown":
        # ?mechanics=0: the story and the sheets only.
        plain = request.query_params.get("mechanics") in ("0", "no", "off", "false")
        answer = await exported({"kind": "markdown", "mechanics": False if plain else None})
        text = answer["text"]
        media, suffix = "text/markdown; charset=utf-8", "md"
    elif kind == "json":
        text = export.dumps((await exported({"kind": "json"}))["document"])
        media, suffix = "application/json", "json"
    elif kind == "iron-vault":
        from ironsworn.campaign.ironvault.export import zip_folder

        # A zip of the campaign folder, to unpack inside an Obsidian vault.
        files = (await exported({"kind": "iron_vault"}))["files"]
        data = zip_folder(files, table.name)
        disposition = f'attachment; filename="{table.name}-iron-vault.zip"'
        return Response(
            data, media_type="application/zip", headers={"content-disposition": disposition}
        )
    else:
        raise InvalidValue(f"export {kind!r} is unknown (accepted: markdown, json, iron-vault)")
    disposition = f'attachment; filename="{table.name}.{suffix}"'
    return Response(text, media_type=media, headers={"content-disposition": disposition})


# ---------------------------------------------------------------------------- acting


async def act(request: Request) -> Response:
    from ironsworn.web.actions import READ_ONLY_UNLESS_KEPT, Context, run_action

    table = table_of(request)
    name = request.path_params["action"]
    seat = seat_of(request) if name != "character" else None
    body = await json_body(request)

    player = request.scope.get("state", {}).get("role", "guide") == "player"

    def run(store: Any) -> Any:
        if player and name in ("undo", "redo"):
            own_operation(store, name, seat)
        return run_action(Context(store, table.name, seat), name, body)

    keeps = isinstance(body, dict) and body.get("keep")
    request_id = request.headers.get(REQUEST_ID_HEADER)
    if name in READ_ONLY_UNLESS_KEPT and not keeps:
        data = await table.call(run)
    elif request_id is not None:
        if not REQUEST_ID.fullmatch(request_id):
            raise InvalidValue(
                f"{REQUEST_ID_HEADER} {request_id[:40]!r} is not a request id (accepted: 1 to "
                "128 printable characters, no spaces)"
            )
        replayed, data = await table.write(lambda store: once(store, request_id, run))
        if replayed:
            return json_response(
                results.result(data) if for_page(request) else data,
                headers={"x-ironsworn-version": str(table.version), "x-ironsworn-replayed": "1"},
            )
    else:
        data = await table.write(run)
    shown = results.result(data) if for_page(request) else data
    return json_response(shown, headers={"x-ironsworn-version": str(table.version)})


def own_operation(store: Any, verb: str, seat: str | None) -> None:
    """A player's page undoes (or redoes) only its own character's operation; the guide any.
    The store's undo is a stack: the operation on top must be the player's."""
    if verb == "undo":
        op = store.last_operation()
    else:
        # Redo restores the most recently undone operation: the first undone after the live.
        op = next((o for o in store.operations(include_undone=True) if o.status == "undone"), None)
    if op is not None and op.character != seat:
        whose = f"{op.character}'s" if op.character else "the table's"
        raise Forbidden(
            f"{verb}: the last operation is {whose} (#{op.seq} {op.summary}); a player's page "
            f"may {verb} only {seat}'s own (the guide may {verb} any)"
        )


def once(store: Any, request_id: str, run: Any) -> tuple[bool, Any]:
    """Run an action carrying a request id once: ``(True, first answer)`` for a retry."""
    known = store.request(request_id)
    if known is not None:
        head, answer = known
        if answer is not None:
            return True, json.loads(answer)
        # Applied, but the process stopped before its answer was kept.
        return True, {"replayed": True, "head": head, "note": "applied before; answer lost"}
    store.request_id = request_id
    try:
        data = run(store)
    finally:
        store.request_id = None
    if store.request(request_id) is not None:
        # The write is done: failing to keep its answer must not turn it into an error (a
        # retry would then be told it was applied, without the answer).
        with contextlib.suppress(CampaignError):
            store.answer_request(request_id, json.dumps(data, ensure_ascii=False))
    return False, data


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
                try:
                    change = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield b": still here\n\n"
                    continue
                if change.version <= sent:
                    continue  # sent with what the page missed
                sent = change.version
                yield change.event  # the same bytes for every page
        finally:
            table.unlisten(queue)

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )


# ---------------------------------------------------------------------------------- errors


async def on_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, Unavailable):
        log.warning("database unavailable: %s", exc)
        return error(UNAVAILABLE, 503, headers={"retry-after": "2"})
    message = public(str(exc), request)
    data = exc.data() if isinstance(exc, IronswornError) else {}  # input, value, accepted
    if isinstance(exc, NotFound):
        if exc.candidates:
            message += "; closest: " + ", ".join(exc.candidates)
        status = 404 if isinstance(exc, UnknownCampaign) else 400
        return error(message, status, **{**data, "candidates": list(exc.candidates)})
    if isinstance(exc, Unauthorized):
        return error(message, 401)
    if isinstance(exc, Forbidden):
        return error(message, 403)
    if isinstance(exc, TooLarge):
        return error(message, 413)
    if isinstance(exc, TooSlow):
        return error(message, 408)
    if isinstance(exc, RuleViolation):
        return error(message, 409, **data)
    return error(message, 400, **data)


async def on_unforeseen(request: Request, exc: Exception) -> Response:
    """A fault of the server: a JSON 500 naming nothing inside (the log has the traceback)."""
    return error(f"the table failed on this request ({type(exc).__name__}); it is logged", 500)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = {404: "no such page or endpoint", 405: "method not allowed here"}
    return error(f"{words.get(exc.status_code, exc.detail)}: {request.url.path}", exc.status_code)


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
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)


# ------------------------------------------------------------------------------------ app


def create_app(
    home: str,
    *,
    loopback: bool = True,
    tables: Tables | None = None,
) -> Any:
    """The table's ASGI app; ``home`` is the campaign ``/`` opens (created on first use)."""
    tables = tables or Tables()
    server = Server(tables, Access(loopback=loopback, home=home, database=tables.database))
    static = files("ironsworn.web").joinpath("static")

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
        Route("/api/c/{name}/moves", campaign_moves),
        Route("/api/c/{name}/oracles", campaign_oracles),
        Route("/api/c/{name}/content/{kind}", campaign_content),
        Route("/api/c/{name}/ruleset", campaign_ruleset),
        Route("/api/c/{name}/moves/{move:path}", move_panel),
        Route("/api/c/{name}/actions/{action}", act, methods=["POST"]),
        Route("/api/c/{name}/events", events),
        Route("/api/c/{name}/export/{kind}", export_campaign),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
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
