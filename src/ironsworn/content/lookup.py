"""Find a content item from what a person typed: a full id, an id without its type, or a name.

The order of tries, first hit wins:

1. the full id (``move:classic/adventure/face_danger``);
2. the id without its ``type:`` prefix (``classic/adventure/face_danger``), or a tail of the
   path that names one item (``adventure/face_danger``, ``face_danger``);
3. the name, case-insensitively, ignoring punctuation and ``_``/``-`` ("face danger",
   "Face_Danger", "Action");
4. the last part of the id read as words ("old world" for ``truth:classic/old_world``).

When a try matches several items, items of the ruleset the caller prefers win (the library
prefers classic, so "Face Danger" is the classic move even with Starforged loaded). Anything
still ambiguous or unknown raises :class:`~ironsworn.errors.NotFound` with the closest ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from ironsworn.content.model import ruleset_of
from ironsworn.errors import NotFound

T = TypeVar("T")

_NOT_WORD = re.compile(r"[^0-9a-z]+")
MAX_CANDIDATES = 5


def normalize(text: str) -> str:
    """Fold case and punctuation: ``"Face_Danger!"`` -> ``"face danger"``."""
    return _NOT_WORD.sub(" ", text.casefold().replace("’", "").replace("'", "")).strip()


def resolve(
    items: Mapping[str, T],
    query: str,
    what: str,
    name_of: Callable[[T], str],
    preferred: Sequence[str] = (),
) -> T:
    """Return the one item ``query`` names, or raise NotFound with the closest candidates.

    ``what`` is the word used in messages ("move", "oracle table"); ``preferred`` lists
    rulesets whose items win a tie, best first.
    """
    text = query.strip()
    if not text:
        raise NotFound(f"empty {what} id or name", ())
    exact = items.get(text)
    if exact is not None:
        return exact
    for matches in _tries(items, text, name_of):
        if len(matches) == 1:
            return items[matches[0]]
        if matches:
            chosen = _prefer(matches, preferred)
            if chosen is not None:
                return items[chosen]
            shown = sorted(matches)[:MAX_CANDIDATES]
            raise NotFound(
                f"{what} {query!r} is ambiguous: it names {len(matches)} items", tuple(shown)
            )
    raise NotFound(f"unknown {what} {query!r}", closest(items, text, name_of))


def _tries(items: Mapping[str, T], text: str, name_of: Callable[[T], str]) -> Iterable[list[str]]:
    lowered = text.casefold()
    bare_query = lowered.split(":", 1)[1] if ":" in lowered else lowered
    # A typed prefix other than the table's own ("oracle:action") still means the bare id.
    yield [key for key in items if key.split(":", 1)[-1].casefold() == bare_query]
    tail = "/" + bare_query
    yield [key for key in items if key.casefold().endswith(tail)]
    wanted = normalize(text)
    if wanted:
        yield [key for key, item in items.items() if normalize(name_of(item)) == wanted]
        # The last part of the id read as words: "old world" for truth:classic/old_world
        # (whose name is "The Old World").
        yield [key for key in items if normalize(key.rsplit("/", 1)[-1]) == wanted]


def _prefer(matches: list[str], preferred: Sequence[str]) -> str | None:
    for ruleset in preferred:
        inside = [m for m in matches if ruleset_of(m) == ruleset]
        if len(inside) == 1:
            return inside[0]
        if len(inside) > 1:
            return None
    return None


def closest(items: Mapping[str, T], text: str, name_of: Callable[[T], str]) -> tuple[str, ...]:
    """The ids most like ``text``: names containing it first, then difflib's close matches."""
    from difflib import get_close_matches  # only paid for on a miss

    wanted = normalize(text)
    by_name: dict[str, list[str]] = {}
    for key, item in items.items():
        by_name.setdefault(normalize(name_of(item)), []).append(key)
        by_name.setdefault(normalize(key.split(":", 1)[-1].rsplit("/", 1)[-1]), []).append(key)
    found: list[str] = []
    if wanted:
        for name, keys in by_name.items():
            if wanted in name.split() or (len(wanted) > 2 and wanted in name):
                found.extend(keys)
        for name in get_close_matches(wanted, list(by_name), n=MAX_CANDIDATES, cutoff=0.6):
            found.extend(by_name[name])
    unique = list(dict.fromkeys(found))
    return tuple(unique[:MAX_CANDIDATES])
