"""Errors as answers: every failure is one JSON line with the status its cause maps to (400
bad value, 401/403 access, 404 unknown campaign, 408 too slow, 409 refused by the rules, 413
too large, 503 database unreachable, 500 a fault of the server), never naming the database's
address. An address a browser opened as a page (not the API, not a page's file) that names no
page, or a campaign that does not exist, is answered with a page saying so
(:mod:`ironsworn.web.error_page`)."""

from __future__ import annotations

import logging
import re
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ironsworn.errors import IronswornError, NotFound, RuleViolation, Unavailable, one_line
from ironsworn.web.access import Forbidden, Unauthorized
from ironsworn.web.error_page import HOME_LINK, error_page, wants_page
from ironsworn.web.server import TooLarge, TooSlow
from ironsworn.web.tables import UnknownCampaign

MESSAGE_LIMIT = 400  # characters of an error message (a 5,000-digit value is not repeated)
UNAVAILABLE = (
    "the campaign database cannot be reached right now; the table keeps trying (try again in "
    "a moment)"
)
log = logging.getLogger("ironsworn.web")

# A move refused while a decision waits: the engine names the operations that answer it (the
# command line's and the MCP server's words); a page answers it with the decision's buttons.
_ANSWER_WITH = ": answer it with choose, burn or decline first"
_ANSWER_ON_THE_PAGE = ": answer it first (its choices are above the moves)"


def error(
    message: str, status: int, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    line = one_line(message)  # a pasted page it names, by its start
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


async def on_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, Unavailable):
        log.warning("database unavailable: %s", exc)
        return error(UNAVAILABLE, 503, headers={"retry-after": "2"})
    message = public(str(exc), request)
    if isinstance(exc, UnknownCampaign) and _opened(request):
        # A campaign's address opened in a browser: the campaigns it may have meant, as links.
        known = [(f"/c/{name}", f"campaign {name}") for name in exc.candidates]
        return error_page(message, 404, [*known, HOME_LINK])
    data = exc.data() if isinstance(exc, IronswornError) else {}  # input, value, accepted
    if isinstance(exc, IronswornError) and exc.pack is not None:
        message += " (the guide imports a content pack in the Campaigns tab)"
    if isinstance(exc, NotFound):
        if exc.candidates:
            message += "; closest: " + ", ".join(exc.closest)
        status = 404 if isinstance(exc, UnknownCampaign) else 400
        return error(message, status, **{**data, "candidates": list(exc.candidates)})
    if isinstance(exc, Unauthorized):
        return error(message, 401)
    if isinstance(exc, Forbidden):
        return error(message, 403)
    if isinstance(exc, TooLarge):
        return error(message, 413, **data)
    if isinstance(exc, TooSlow):
        return error(message, 408)
    if isinstance(exc, RuleViolation):
        if message.endswith(_ANSWER_WITH):
            message = message[: -len(_ANSWER_WITH)] + _ANSWER_ON_THE_PAGE
        return error(message, 409, **data)
    if _opened(request):
        return error_page(message, 400)  # a campaign's name that cannot be one (/c/a%20b)
    return error(message, 400, **data)


def _opened(request: Request) -> bool:
    """Whether a browser opened the request's address as a page (its error is a page)."""
    return wants_page(request.method, request.url.path, request.headers)


async def on_unforeseen(request: Request, exc: Exception) -> Response:
    """A fault of the server: a JSON 500 naming nothing inside (the log has the traceback)."""
    return error(f"the table failed on this request ({type(exc).__name__}); it is logged", 500)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404 and _opened(request):
        # An address typed or followed in a browser: a page saying so, not the API's line.
        return error_page(f"There is no page at {request.url.path}.", 404)
    words = {404: "no such page or endpoint", 405: "method not allowed here"}
    return error(f"{words.get(exc.status_code, exc.detail)}: {request.url.path}", exc.status_code)
