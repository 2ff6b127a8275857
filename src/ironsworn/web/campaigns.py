"""The table's page and the campaigns: the page (an invite link's token kept in a cookie),
the campaign list, a new campaign, a campaign imported from its JSON export and a content
pack uploaded (the guide's)."""

from __future__ import annotations

import asyncio
from functools import cache
from importlib.resources import files
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ironsworn.errors import CampaignError, InvalidValue
from ironsworn.web import reads
from ironsworn.web.access import COOKIE_PREFIX, Forbidden
from ironsworn.web.server import json_body, json_response, read_body, server_of

IMPORT_LIMIT = 4 * 1024 * 1024
PACK_LIMIT = 16 * 1024 * 1024  # a Datasworn file (Starforged's is 2.5 MB)


async def home_redirect(request: Request) -> Response:
    return RedirectResponse(f"/c/{server_of(request).home}", status_code=303)


@cache
def page_html() -> str:
    """The table's page (``static/index.html``), read once: the same for every campaign (its
    script reads the campaign's name from the address)."""
    return files("ironsworn.web").joinpath("static/index.html").read_text(encoding="utf-8")


# What a campaign's page reads first (its state, ruleset, cards held, foes, moves and latest
# timeline in one answer), as first.js asks for it (by the same address: a test holds the two
# equal): the page names it as a preload, so the browser asks for it while it reads the page,
# not once its scripts are in and run (issue 24: that wait was a third of a big campaign's
# first load).
FIRST_READ = "first?page=1&last=100"
FIRST_READ_HERE = "<!-- the campaign's first reads -->"


@cache
def campaign_page_html(name: str) -> str:
    """The page of campaign ``name`` (a checked name: letters, digits, ``_`` and ``-``): the
    table's page naming the campaign's first read."""
    link = f'<link rel="preload" as="fetch" crossorigin href="/api/c/{name}/{FIRST_READ}">'
    return page_html().replace(FIRST_READ_HERE, link, 1)


async def page(request: Request) -> Response:
    from ironsworn.campaign.registry import check_name

    name = check_name(request.path_params["name"])
    server = server_of(request)
    if name != server.home:  # (the home campaign is made on first use)
        # No table for a campaign that does not exist: its page would sit empty, trying again.
        await server.tables.check(name)
    token = request.query_params.get("token")
    html = campaign_page_html(name)
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
    body = await read_body(request, IMPORT_LIMIT, ("this campaign export", ""))
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
    body = await read_body(request, PACK_LIMIT, ("this content file", ""))

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
