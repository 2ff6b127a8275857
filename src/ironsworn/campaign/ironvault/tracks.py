"""Progress tracks and clocks as Iron Vault's ``Progress/`` and ``Clocks/`` notes, and back.

A progress note (``iron-vault-kind: progress``) holds ``name``, ``rank`` (troublesome ...
epic), ``progress`` in ticks, ``track-type`` (Vow, Journey, Combat, Scene Challenge,
Connection, Expedition), ``tags`` (``complete`` or ``incomplete``) and the ``character`` it
belongs to as a link (none: a shared track). A clock note (``iron-vault-kind: clock``) holds
``name``, ``segments``, ``progress`` (segments filled) and the same tags.

What Iron Vault has no field for rides along under ``ironsworn``: the track's id (which also
keeps the campaign's order of tracks), a status Iron Vault has no word for (a vow fulfilled or
forsaken, a fight won or lost), the characters sharing it, a fight's foe, a connection's role,
a Delve site's theme, domain, objective and denizens, and a Delve threat's vow and category
(Iron Vault has no site or threat: its track-type reads "Site" or "Threat").
A scene challenge's tension clock (four segments, Starforged; the countdown of classic) is
written as a clock note of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ironsworn.campaign.character_state import TrackState

JsonDict = dict[str, Any]

TRACK_TYPES = {
    "vow": "Vow",
    "journey": "Journey",
    "fight": "Combat",
    "scene": "Scene Challenge",
    "connection": "Connection",
    "expedition": "Expedition",
}
KINDS = {label.lower(): kind for kind, label in TRACK_TYPES.items()} | {
    "fight": "fight",
    "scene": "scene",
    "combat objective": "fight",
}
SCENE_CLOCK = 4  # a scene challenge's tension clock (and classic's countdown): four segments


def wiki_link(name: str, path: str | None = None) -> str:
    """An Obsidian link to a note: ``[[Kai]]``, or ``[[Characters/Kai|Kai]]`` by its path."""
    text = name.replace("[", "(").replace("]", ")").replace("|", "/")
    if path is None or path.rsplit("/", 1)[-1] == text:
        return f"[[{path or text}]]"
    return f"[[{path}|{text}]]"


_UNSAFE = re.compile(r'[\\/:*?"<>|#^\[\]\x00-\x1f]')


def note_name(name: str) -> str:
    """A note's file name (without ``.md``) for ``name``: what Obsidian and the file systems
    refuse in a name replaced, at most 100 characters."""
    clean = " ".join(_UNSAFE.sub(" ", name).split()).strip(". ")
    return clean[:100].rstrip(". ") or "Untitled"


def progress_fields(track: TrackState, character_notes: Mapping[str, str]) -> JsonDict:
    """The frontmatter of ``Progress/NAME.md`` (``character_notes``: each character's note)."""
    complete = track.status != "active"
    fields: JsonDict = {
        "name": track.name,
        "iron-vault-kind": "progress",
        "rank": track.rank,
        "progress": track.ticks,
        "track-type": TRACK_TYPES.get(track.kind, track.kind.title()),
        "tags": ["complete" if complete else "incomplete"],
        "complete": complete,
        "unbounded": False,
    }
    if len(track.characters) == 1:
        who = track.characters[0]
        note = character_notes.get(who) or note_name(who)
        fields["character"] = wiki_link(who, f"Characters/{note}")
    extra: JsonDict = {"id": track.id}  # its id here, and its place in the campaign's order
    if complete:
        extra["status"] = track.status
    if len(track.characters) > 1:
        extra["characters"] = list(track.characters)  # Iron Vault links one, or none (shared)
    if track.foe:
        extra["foe"] = track.foe
    if track.kind == "connection":
        extra.update(
            {
                k: v
                for k, v in (
                    ("role", track.role),
                    ("second_role", track.second_role),
                    ("bonded", track.bonded or None),
                    ("influence", track.influence),
                )
                if v
            }
        )
    extra.update({k: v for k, v in delve_fields(track).items() if v})
    if extra:
        fields["ironsworn"] = extra
    return fields


def delve_fields(track: TrackState) -> JsonDict:
    """What makes a track a Delve site (its theme, domain, objective and denizen table) or a
    threat (the vow it endangers and its category): content ids and the track's own words."""
    if track.kind == "site":
        denizens = [dict(row) for row in track.denizens or ()]
        return {
            "theme": track.theme,
            "domain": track.domain,
            "objective": track.objective,
            "denizens": denizens,
        }
    if track.kind == "threat":
        return {"vow": track.vow, "category": track.category}
    return {}


def clock_fields(track: TrackState) -> JsonDict:
    """The frontmatter of the clock note for a scene challenge's tension clock."""
    complete = track.status != "active"
    return {
        "name": clock_name(track),
        "iron-vault-kind": "clock",
        "segments": SCENE_CLOCK,
        "progress": int(track.countdown or 0),
        "tags": ["complete" if complete else "incomplete"],
        "ironsworn": {"track": track.name},
    }


def clock_name(track: TrackState) -> str:
    return f"{track.name} (tension)"


def track_body() -> str:
    return "```iron-vault-track\n```"


def clock_body() -> str:
    return "```iron-vault-clock\n```"
