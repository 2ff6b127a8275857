"""An error as a page, for a browser that opened an address (an unknown page, an unknown
campaign, an invite link needed): the API and the page's own reads keep the one JSON line of
:mod:`ironsworn.web.errors`; a person who typed or followed an address reads a page that says
what went wrong and where to go, not a line of JSON.

The page is plain HTML with the table's style sheet: no script, nothing inline (the content
security policy allows neither), every word from the request escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from starlette.responses import HTMLResponse

# The prefixes of what a page's script reads or loads: JSON errors (its code reads them).
MACHINE_PREFIXES = ("/api/", "/static/")
TITLES = {
    400: "That address is not right",
    401: "An invite link is needed",
    403: "Not open to this link",
    404: "Nothing here",
}


def wants_page(method: str, path: str, headers: Mapping[str, str]) -> bool:
    """True for a browser opening ``path`` as a page (it asks for HTML): its error is a page.
    The API and the page's files answer JSON whoever asks."""
    if method not in ("GET", "HEAD") or path.startswith(MACHINE_PREFIXES):
        return False
    return "text/html" in headers.get("accept", "")


HOME_LINK = ("/", "the home campaign's table")


def error_page(
    message: str, status: int, links: Iterable[tuple[str, str]] = (HOME_LINK,)
) -> HTMLResponse:
    """The page of an error: its title by ``status``, ``message`` (one line, escaped) and the
    ``links`` (address, words) a player may go to instead."""
    title = TITLES.get(status, "The table could not answer")
    items = "".join(f'<li><a href="{escape(href)}">{escape(text)}</a></li>' for href, text in links)
    body = (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} · Ironsworn table</title>\n"
        '<link rel="icon" href="data:,">\n<link rel="stylesheet" href="/static/app.css">\n'
        '</head>\n<body class="error-page">\n<main>\n'
        f"<h1>{escape(title)}</h1>\n<p>{escape(message)}</p>\n"
        + (f'<nav aria-label="go to"><ul>{items}</ul></nav>\n' if items else "")
        + "</main>\n</body>\n</html>\n"
    )
    return HTMLResponse(body, status_code=status, headers={"cache-control": "no-store"})
