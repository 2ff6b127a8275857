"""Writing a campaign as an Iron Vault campaign folder (a folder of an Obsidian vault).

The folder holds::

    NAME.md                 the campaign file: iron-vault-kind: campaign, and the playset
    Characters/KAI.md       each character's sheet as frontmatter (sheets.py)
    Progress/VOW.md         each progress track (tracks.py)
    Clocks/VOW (tension).md each scene challenge's tension clock
    Journals/Session 01.md  the journal: its prose in order, and one iron-vault-mechanics
                            block per move or change (mechanics.py)

A session starts a new journal file where the log says so (a ``session`` event) or after
more than four hours without play. :func:`vault_files` makes the files (path -> text);
:func:`write_vault` writes them into a new (or empty) folder, whole or not at all;
:func:`vault_zip` packs them for a download.
"""

from __future__ import annotations

import io
import os
import shutil
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ironsworn.campaign.ironvault.frontmatter import write_note
from ironsworn.campaign.ironvault.kdl import format_nodes
from ironsworn.campaign.ironvault.mechanics import BlockWriter
from ironsworn.campaign.ironvault.sheets import character_body, character_fields
from ironsworn.campaign.ironvault.tracks import (
    clock_body,
    clock_fields,
    clock_name,
    note_name,
    progress_fields,
    track_body,
)
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import Operation, Store
from ironsworn.errors import CampaignError

SESSION_GAP = timedelta(hours=4)
ANSWERS = frozenset({"choice", "burn", "decline", "choose"})  # operations that answer a decision

# Iron Vault's built-in playsets (docs/Campaigns/Playsets) by ruleset and expansions.
PLAYSETS = {
    ("classic", frozenset()): "classic",
    ("classic", frozenset({"delve"})): "classic_delve",
    ("classic", frozenset({"lodestar"})): "classic__lodestar",
    ("classic", frozenset({"delve", "lodestar"})): "classic_delve__lodestar",
    ("starforged", frozenset()): "starforged",
    ("starforged", frozenset({"sundered_isles"})): "starforged__si_assets",
}


def playset(state: CampaignState) -> str:
    """The registry key of the playset for the campaign's ruleset and the expansions it uses."""
    wanted = {"delve", "lodestar"} if state.ruleset == "classic" else {"sundered_isles"}
    expansions = frozenset(p for p in state.packs if p in wanted)
    return PLAYSETS.get((state.ruleset, expansions), state.ruleset)


def campaign_fields(name: str, state: CampaignState) -> dict[str, Any]:
    return {
        "name": name,
        "iron-vault-kind": "campaign",
        "ironvault": {"playset": {"type": "registry", "key": playset(state)}},
        "ironsworn": {"ruleset": state.ruleset},
    }


def vault_files(store: Store[Any]) -> dict[str, str]:
    """Every file of the Iron Vault campaign folder: relative path -> text."""
    state = store.state()
    if not isinstance(state, CampaignState):
        raise CampaignError("an Iron Vault export is made of the game's campaign state only")
    name = store.name
    files: dict[str, str] = {}
    campaign_note = note_name(name)
    files[f"{campaign_note}.md"] = write_note(
        campaign_fields(name, state),
        "This folder is an ironsworn campaign exported for Iron Vault.",
    )
    character_notes, track_notes, clock_notes = _note_names(state)
    several = len(state.characters) > 1
    for order, char in enumerate(state.characters.values(), start=1):
        path = f"Characters/{character_notes[char.name]}.md"
        fields = character_fields(char, state.vehicle, order if several else None)
        files[path] = write_note(fields, character_body())
    for track in state.tracks.values():
        files[f"Progress/{track_notes[track.id]}.md"] = write_note(
            progress_fields(track, character_notes), track_body()
        )
        if track.id in clock_notes:
            files[f"Clocks/{clock_notes[track.id]}.md"] = write_note(
                clock_fields(track), clock_body()
            )
    writer = block_writer(state)
    for number, session in enumerate(_sessions(store.operations()), start=1):
        files[f"Journals/Session {number:02d}.md"] = _journal(session, writer)
    return files


def _note_names(state: CampaignState) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The note of each character, track and tension clock (by name, id, id)."""
    character_notes = _unique_notes((c.name, c.name) for c in state.characters.values())
    track_notes = _unique_notes((t.id, t.name) for t in state.tracks.values())
    clock_notes = _unique_notes(
        (t.id, clock_name(t)) for t in state.tracks.values() if t.countdown is not None
    )
    return character_notes, track_notes, clock_notes


def block_writer(state: CampaignState) -> BlockWriter:
    """The writer of the campaign's mechanics blocks, linking its notes."""
    character_notes, track_notes, clock_notes = _note_names(state)
    return BlockWriter(len(state.characters), track_notes, clock_notes, character_notes)


def block_text(group: Sequence[Operation], writer: BlockWriter) -> str:
    """The KDL of the mechanics block a group of operations is written as ("": none)."""
    actor = answerer(group[0])
    nodes = writer.wrap(writer.block(group, actor), actor)
    return format_nodes(nodes) if nodes else ""


def _unique_notes(items: Iterator[tuple[str, str]] | Any) -> dict[str, str]:
    """A note name per id; a name taken twice gets the id after it."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for ident, name in items:
        note = note_name(name)
        if note.lower() in taken:
            note = note_name(f"{name} {ident}")
        taken.add(note.lower())
        out[ident] = note
    return out


def _sessions(operations: Sequence[Operation]) -> list[list[Operation]]:
    sessions: list[list[Operation]] = []
    previous: datetime | None = None
    for operation in operations:
        when = datetime.fromisoformat(operation.time.replace("Z", "+00:00"))
        marker = any(e.get("type") == "session" for e in operation.events)
        if not sessions or marker or (previous is not None and when - previous > SESSION_GAP):
            sessions.append([])
        sessions[-1].append(operation)
        previous = when
    return sessions


def answerer(operation: Operation) -> str | None:
    """Whose operation it is: an answer's, the character whose decision it answered (the
    operation is kept under the last character it moved for: the ally whose Earn Experience
    waited on the decision and ran after it)."""
    if operation.kind in ANSWERS:
        for event in operation.events:
            if event.get("type") in ANSWER_EVENTS and isinstance(event.get("character"), str):
                return str(event["character"])
    return operation.character


ANSWER_EVENTS = frozenset({"choice", "burn", "decline"})


def _owes(group: Sequence[Operation], character: str | None) -> bool:
    """Whether ``group`` left ``character`` a decision to answer: the last change of the
    pending decision in it that concerns them gave them one (a decision that names no one,
    from an older log, concerns everyone)."""
    owes = False
    for operation in group:
        for event in operation.events:
            if event.get("type") != "pending":
                continue
            before, after = event.get("from"), event.get("to")
            if isinstance(after, Mapping) and after.get("character") in (character, None):
                owes = True
            elif isinstance(before, Mapping) and before.get("character") in (character, None):
                owes = False
    return owes


def blocks(operations: Sequence[Operation]) -> list[list[Operation]]:
    """The operations grouped as the journal shows them: a journal entry alone; a move with
    the operations that answered its decisions (choose, burn, decline).

    An answer joins its own character's last block when that left them the decision: in
    co-op another character may move meanwhile (and their decision be answered first), and
    an answer is not another character's."""
    groups: list[list[Operation]] = []
    since = 0  # the first group after the last journal entry (an answer after prose: a block)
    for operation in operations:
        if operation.kind == "journal":
            groups.append([operation])
            since = len(groups)
            continue
        if operation.kind in ANSWERS:
            whose = answerer(operation)
            theirs = next(
                (group for group in reversed(groups[since:]) if answerer(group[0]) == whose),
                None,
            )
            if theirs is not None and _owes(theirs, whose):
                theirs.append(operation)
                continue
        groups.append([operation])
    return groups


def _journal(session: Sequence[Operation], writer: BlockWriter) -> str:
    parts: list[str] = []
    for group in blocks(session):
        if group[0].kind == "journal":
            texts = [str(e.get("text", "")) for e in group[0].events if e.get("type") == "journal"]
            parts.append("\n\n".join(t.strip() for t in texts if t.strip()))
            continue
        text = block_text(group, writer)
        if text:
            parts.append("```iron-vault-mechanics\n" + text + "```")
    return "\n\n".join(p for p in parts if p) + "\n"


def write_vault(store: Store[Any], directory: Path) -> dict[str, str]:
    """Write the campaign folder into ``directory`` (new, or an empty folder); returns the
    files written. Written beside it first and moved into place, so a failure leaves
    nothing half-written."""
    files = vault_files(store)
    write_folder(files, directory)
    return files


def write_folder(files: dict[str, str], directory: Path) -> None:
    """Write ``files`` (path in the folder -> text) as the new or empty folder ``directory``,
    beside it first and moved into place, so a failure leaves nothing half-written."""
    if directory.exists():
        if not directory.is_dir():
            raise CampaignError(f"{directory}: is a file (accepted: a new or empty folder)")
        if any(directory.iterdir()):
            raise CampaignError(
                f"{directory}: the folder is not empty (accepted: a new or empty folder)"
            )
    parent = directory.parent
    if not parent.is_dir():
        raise CampaignError(f"{parent}: no such folder to export into")
    temporary = parent / f".{directory.name}.export-{os.getpid()}"
    try:
        for path, text in files.items():
            target = temporary / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if directory.exists():
            directory.rmdir()  # empty (checked above): replaced by the finished folder
        os.rename(temporary, directory)
    except OSError as exc:
        raise CampaignError(f"{directory}: cannot write the export ({exc.strerror})") from None
    finally:
        with suppress(OSError):
            shutil.rmtree(temporary)


def vault_zip(store: Store[Any]) -> bytes:
    """The campaign folder as a zip archive (one folder named after the campaign)."""
    return zip_folder(vault_files(store), store.name)


def zip_folder(files: dict[str, str], name: str) -> bytes:
    """``files`` (path in the folder -> text) as a zip archive of one folder named after the
    campaign ``name``."""
    root = note_name(name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in sorted(files.items()):
            archive.writestr(f"{root}/{path}", text)
    return buffer.getvalue()
