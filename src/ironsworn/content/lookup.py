"""Find a content item from what a person typed: a full id, an id without its type, or a name.

The order of tries, first hit wins:

1. the full id (``move:classic/adventure/face_danger``);
2. the id without its ``type:`` prefix (``classic/adventure/face_danger``), or a tail of the
   path that names one item (``adventure/face_danger``, ``face_danger``);
3. the name, case-insensitively, ignoring punctuation and ``_``/``-`` ("face danger",
   "Face_Danger", "Action");
4. the last part of the id read as words ("old world" for ``truth:classic/old_world``);
5. the words of the id's folders and name ("planet desert atmosphere" for
   ``oracle_rollable:starforged/planet/desert/atmosphere``); words that name a folder of
   several items ("planet") raise :class:`GroupNamed` with the next level's choices, so a
   surface can offer them as a list or a menu.

When a try matches several items, items of the ruleset the caller prefers win (the library
prefers classic, so "Face Danger" is the classic move even with Starforged loaded). Anything
still ambiguous or unknown raises :class:`~ironsworn.errors.NotFound` with the closest ids,
and the same as a person would type them (:func:`as_typed`).
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
            shown = tuple(sorted(matches)[:MAX_CANDIDATES])
            raise NotFound(
                f"{what} {query!r} is ambiguous: it names {len(matches)} items",
                shown,
                shown=as_typed(items, shown, name_of, preferred),
            )
    # The words of an id's folders ("planet desert atmosphere"), or a folder ("planet").
    found = by_path(items, text, what, name_of)
    if found is not None:
        return found
    near = closest(items, text, name_of)
    shown = as_typed(items, near, name_of, preferred)
    raise NotFound(f"unknown {what} {query!r}", near, shown=shown, kind=what, name=query)


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


class GroupNamed(NotFound):
    """A name that is a group of items (the folder of their ids: ``planet`` for the planet
    tables), not one item. ``choices`` are ``(words, what)`` pairs, the words a player types
    next: one item's full path words ("planet class", what: its name) or a smaller group's
    ("planet desert", what: how many items it holds); ``candidates`` are those words."""

    def __init__(self, what: str, query: str, choices: tuple[tuple[str, str], ...]) -> None:
        super().__init__(
            f"{what} {query!r} names a group of {len(choices)}; say which",
            tuple(words for words, _ in choices),
        )
        self.what = what
        self.query = query
        self.choices = choices


def _path_words(key: str) -> list[str]:
    """The folders and name of an id as words, without its type and ruleset:
    ``oracle_rollable:starforged/planet/desert/observed_from_space`` -> ``planet``, ``desert``,
    ``observed from space``."""
    return [normalize(part) for part in key.split(":", 1)[-1].split("/")[1:]]


def by_path(items: Mapping[str, T], query: str, what: str, name_of: Callable[[T], str]) -> T | None:
    """The item whose id's path ``query`` spells out in words ("planet desert atmosphere"),
    or None when the words name no folder; raises :class:`GroupNamed` when they name a
    folder of several items ("planet"), with the next level's choices."""
    wanted = normalize(query)
    if not wanted:
        return None
    whole: list[str] = []
    below: dict[str, list[str]] = {}  # the next level's words -> the ids under them
    for key in items:
        parts = _path_words(key)
        for start in range(len(parts)):
            for end in range(start + 1, len(parts) + 1):
                if " ".join(parts[start:end]) != wanted:
                    continue
                if end == len(parts):
                    whole.append(key)
                else:
                    below.setdefault(" ".join(parts[: end + 1]), []).append(key)
    if len(whole) == 1:
        return items[whole[0]]
    choices = {" ".join(_path_words(key)): [key] for key in whole}
    for words, keys in below.items():
        choices.setdefault(words, []).extend(keys)
    if not choices:
        return None
    leaves: list[tuple[str, str]] = []
    groups: list[tuple[str, str]] = []
    for words, keys in sorted(choices.items()):
        if len(keys) == 1 and " ".join(_path_words(keys[0])) == words:
            leaves.append((words, name_of(items[keys[0]])))
        else:
            groups.append((words, f"{len(keys)} {what}{'s' if len(keys) > 1 else ''}"))
    options = leaves + groups  # the items first, then the smaller groups
    # The choices are the answer, all of them: a folder rarely holds more than a few dozen.
    raise GroupNamed(what, query, tuple(options))


def as_typed(
    items: Mapping[str, T],
    keys: Sequence[str],
    name_of: Callable[[T], str],
    preferred: Sequence[str] = (),
) -> tuple[str, ...]:
    """``keys`` (ids of ``items``) as a person would type them, each one that :func:`resolve`
    (with the same ``preferred`` rulesets) finds again: its name where that finds it ("Face
    Danger"), else the shortest end of its id that no other id ends with
    ("starforged/adventure/face_danger"), else the id."""
    if not keys:
        return ()
    named: dict[str, list[str]] = {}
    for key, item in items.items():
        named.setdefault(normalize(name_of(item)), []).append(key)
    typed: list[str] = []
    for key in keys:
        name = name_of(items[key])
        same = named.get(normalize(name)) or []
        if same == [key] or (len(same) > 1 and _prefer(same, preferred) == key):
            typed.append(name)
            continue
        path = key.split(":", 1)[-1].split("/")
        bare = ["/" + other.split(":", 1)[-1].casefold() for other in items]
        for size in range(1, len(path) + 1):
            tail = "/".join(path[-size:])
            # (resolve's first two tries: the id without its type, or an end of it)
            if sum(1 for other in bare if other.endswith("/" + tail.casefold())) == 1:
                typed.append(tail)
                break
        else:
            typed.append(key)
    return tuple(typed)
