"""The page's files (``/static/``: its modules, its style, its icon), read once and kept.

The files are the package's own and do not change while the server runs, so each is read,
typed and tagged once: a page's first load asks for some fifteen of them, and each answer is
then the kept bytes, with no file opened, no thread and no hashing per request. A page that
holds a file already (its ``If-None-Match`` names the tag) gets ``304 Not Modified``.
"""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass
from email.utils import formatdate
from importlib.resources import files
from importlib.resources.abc import Traversable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response


@dataclass(frozen=True)
class PageFile:
    """One file as it is sent: its bytes and the headers that describe them."""

    body: bytes
    headers: dict[str, str]

    @property
    def etag(self) -> str:
        return self.headers["etag"]


def folder() -> Traversable:
    """The folder of the page's files (``ironsworn/web/static``)."""
    return files("ironsworn.web").joinpath("static")


def read_file(entry: Traversable, modified: float | None) -> PageFile:
    """``entry`` as it is sent: typed by its name, tagged by its content."""
    body = entry.read_bytes()
    media = mimetypes.guess_type(entry.name)[0] or "application/octet-stream"
    if media.startswith("text/") or media == "application/javascript":
        media += "; charset=utf-8"
    headers = {
        "content-type": media,
        "etag": f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"',
        # Asked again at each load, answered 304 while the tag holds: the page names its
        # modules without a version, so a browser's own guess at how long a file stays
        # fresh (a tenth of its age) kept an old module past an upgrade of the package,
        # mixed with new ones (an import of a name the old module lacks: a dead page).
        "cache-control": "no-cache",
    }
    if modified is not None:
        headers["last-modified"] = formatdate(modified, usegmt=True)
    return PageFile(body, headers)


class PageFiles:
    """The page's files by name, each read on its first request and kept."""

    def __init__(self, root: Traversable | None = None) -> None:
        self.root = root or folder()
        self.kept: dict[str, PageFile] = {}

    def get(self, name: str) -> PageFile | None:
        """The file ``name`` (None: there is none; a name with a folder is none, so no path
        leaves the folder)."""
        found = self.kept.get(name)
        if found is None and name and "/" not in name and "\\" not in name:
            entry = self.root.joinpath(name)
            if not name.startswith(".") and entry.is_file():
                found = self.kept[name] = read_file(entry, _modified(entry))
        return found

    async def answer(self, request: Request) -> Response:
        """The route's endpoint: the file the path names."""
        found = self.get(request.path_params["file"])
        if found is None:
            raise HTTPException(404)
        if found.etag in _tags(request.headers.get("if-none-match", "")):
            return Response(status_code=304, headers={"etag": found.etag})
        return Response(found.body, headers=found.headers)


def _modified(entry: Traversable) -> float | None:
    """The file's modification time, where it is a file on disk."""
    try:
        return float(entry.stat().st_mtime)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return None


def _tags(header: str) -> set[str]:
    """The entity tags an ``If-None-Match`` header names (weak or strong)."""
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
