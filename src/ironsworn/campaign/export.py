"""Getting a campaign out of its file and back: a Markdown story, and a JSON round trip.

**Markdown** (:func:`markdown`) reads as the story of the campaign: a title, then sessions, each
with its journal text as paragraphs and each move (or oracle roll, or edit) as a compact
block quote listing what happened: the move, stat and outcome, the dice and score, every
effect as ``from → to``, oracle results. The character sheets and the progress tracks come at
the end, from the folded state (its ``sheet(name)`` when it has one, else its ``to_dict()``).

*Sessions.* A new session starts at an operation holding a ``session`` event (the play mode
may record one when it starts), or when more than :data:`SESSION_GAP` (4 hours) passed since
the previous operation: a solo session is one sitting, and a sitting rarely pauses that long.

**JSON** (:func:`export_document` / :func:`import_file`) is the whole log, undone and
discarded operations included, with seqs, times and statuses kept::

    {"format": "ironsworn-campaign", "format_version": 1, "created": "...",
     "operations": [{"seq", "kind", "time", "character", "summary", "status", "events"}, ...]}

Export, import into a new campaign, export again: the two files are byte-identical. The
campaign's name is deliberately not in the file (it is where the campaign is filed, chosen at
import), so the round trip holds under any name. Importing validates the whole file first,
builds the campaign in a temporary file beside the target and moves it into place only when
complete, so a bad import leaves nothing behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ironsworn.campaign.journal import Narrator, told_by_burn, words
from ironsworn.campaign.journal_edits import EDIT_KINDS, current_texts
from ironsworn.campaign.registry import CampaignRef
from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store import CampaignStore, Operation, Store, encode_event
from ironsworn.campaign.store.base import DAMAGED
from ironsworn.errors import CampaignError, InvalidValue
from ironsworn.progress import progress_boxes

FORMAT = "ironsworn-campaign"
FORMAT_VERSION = 1
SESSION_GAP = timedelta(hours=4)
MAX_SEQ = 2**63 - 1  # the largest sequence number a campaign file can hold
_OPERATION_FIELDS = ("seq", "kind", "time", "character", "summary", "status", "events")


# --------------------------------------------------------------------------------- markdown


def markdown(store: Store[Any]) -> str:
    """The campaign as a Markdown story, with the character sheets at the end."""
    operations = store.operations()
    try:
        state = store.state()
    except CampaignError as exc:
        # A damaged operation (see decode_event): the story is still told, without sheets.
        state, damage = None, str(exc)
    out: list[str] = [f"# {store.name}", ""]
    narrator = Narrator()
    session = 0
    previous: datetime | None = None
    texts = current_texts(operations)
    for operation in operations:
        if operation.kind in EDIT_KINDS:
            continue  # what they changed is read through current_texts
        if operation.kind == "journal":
            if texts.get(operation.seq) is None:
                continue  # deleted
            operation = replace(
                operation, events=({"type": "journal", "text": texts[operation.seq]},)
            )
        when = _parse_time(operation.time)
        marker = next((e for e in operation.events if e.get("type") == "session"), None)
        if marker is not None or previous is None or (when - previous) > SESSION_GAP:
            session += 1
            title = ""
            if marker is not None and (marker.get("title") or marker.get("text")):
                title = f": {marker.get('title') or marker.get('text')}"
            out += [f"## Session {session} — {when:%Y-%m-%d}{title}", ""]
        previous = when
        out += _operation_markdown(operation, narrator)
    if not operations:
        out += ["*Nothing has happened yet.*", ""]
    if state is None:
        out += ["## Characters", "", f"*The sheets could not be rebuilt: {damage}*", ""]
    else:
        out += _sheets_markdown(state)
    return "\n".join(out).rstrip("\n") + "\n"


def _operation_markdown(operation: Operation, narrator: Narrator) -> list[str]:
    if operation.kind == "journal":
        texts = [str(e.get("text", "")) for e in operation.events if e.get("type") == "journal"]
        return [_paragraph("\n\n".join(texts)), ""]
    items: list[str] = []
    narrator.begin(operation)
    previous: Mapping[str, Any] = {}
    for event in narrator.ordered(operation):
        if told_by_burn(event, previous):
            continue
        previous = event
        kind = event.get("type")
        if kind == "session":
            continue
        if kind == "journal":
            items.append(str(event.get("text", "")))
            continue
        line = narrator.event(event)
        if line is None:
            continue
        items.append(f"**{line}**" if kind == "move" else line)
    if not items:
        return []
    return [f"> - {_one_line(item)}" for item in items] + [""]


def _sheets_markdown(state: Any) -> list[str]:
    data = state.to_dict()
    out: list[str] = []
    characters = data.get("characters")
    sheet = getattr(state, "sheet", None)
    if isinstance(characters, Mapping) and characters:
        out += ["## Characters", ""]
        for name, stored in characters.items():
            try:
                shown = sheet(name) if callable(sheet) else stored
            except Exception:
                shown = stored  # a sheet() that wants other arguments: the stored dict will do
            out += [f"### {name}", ""]
            # Their tracks are drawn in the table of progress tracks below.
            skip = ("name", "vows", "tracks")
            out += _mapping_lines({k: v for k, v in dict(shown).items() if k not in skip})
            out.append("")
    tracks = data.get("tracks")
    if isinstance(tracks, Mapping) and tracks:
        out += ["## Progress tracks", ""]
        out += [
            "| Track | Kind | Rank | Boxes | Progress | Status |",
            "|---|---|---|---|---|---|",
        ]
        for track in tracks.values():
            if not isinstance(track, Mapping):
                continue
            ticks = int(track.get("ticks", 0))
            out.append(
                f"| {_cell(track.get('name'))} | {_cell(track.get('kind'))} | "
                f"{_cell(track.get('rank'))} | `{progress_boxes(max(0, min(40, ticks)))}` | "
                f"score {ticks // 4} ({ticks} ticks) | "
                f"{_cell(track.get('status', 'active'))} |"
            )
        out.append("")
    options = data.get("options")
    if isinstance(options, Mapping) and options:
        # The rulebook's campaign options the group chose (chapter 7), as set.
        from ironsworn.campaign.options import option_words

        out += ["## Campaign options", ""]
        out += [f"- {name.replace('_', ' ')}: {option_words(v)}" for name, v in options.items()]
        out.append("")
    rest = {k: v for k, v in data.items() if k not in ("characters", "tracks")}
    if "characters" not in data and "tracks" not in data and rest:
        # A state model without characters or tracks: show what it has, generically.
        out += ["## State", "", *_mapping_lines(rest), ""]
    return out


def _mapping_lines(data: Mapping[str, Any], depth: int = 0) -> list[str]:
    pad = "  " * depth
    lines: list[str] = []
    for key, value in data.items():
        label = words(key)
        if isinstance(value, Mapping) and value and all(_scalar(v) for v in value.values()):
            lines.append(
                f"{pad}- {label}: " + " · ".join(f"{words(k)} {_text(v)}" for k, v in value.items())
            )
        elif isinstance(value, Mapping) and value:
            lines.append(f"{pad}- {label}:")
            lines += _mapping_lines(value, depth + 1)
        elif isinstance(value, list) and all(_scalar(v) for v in value):
            lines.append(f"{pad}- {label}: " + (", ".join(_text(v) for v in value) or "none"))
        elif isinstance(value, list):
            lines.append(f"{pad}- {label}:")
            for item in value:
                if isinstance(item, Mapping):
                    title = item.get("name") or item.get("id") or "item"
                    lines.append(f"{pad}  - {_text(title)}")
                    rest = {k: v for k, v in item.items() if k not in ("name", "id")}
                    lines += _mapping_lines(rest, depth + 2)
                else:
                    lines.append(f"{pad}  - {_text(item)}")
        else:
            lines.append(
                f"{pad}- {label}: {_text(value) if not isinstance(value, Mapping) else 'none'}"
            )
    return lines


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _text(value: Any) -> str:
    return words(value) if not isinstance(value, str) else _one_line(value)


def _cell(value: Any) -> str:
    return _text(value).replace("|", "\\|")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _paragraph(text: str) -> str:
    # Keep the writer's paragraphs; a single newline inside one is only a soft break anyway.
    return "\n\n".join(p.strip() for p in text.split("\n\n") if p.strip())


def _parse_time(value: str) -> datetime:
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    # A time without a zone (hand-written import) is taken as UTC, like every stored time.
    return when if when.tzinfo else when.replace(tzinfo=UTC)


# ------------------------------------------------------------------------------------- json


def export_document(store: Store[Any], skipped: list[str] | None = None) -> dict[str, Any]:
    """The whole campaign log as a JSON-able document (see the module docstring).

    An operation with a damaged event row (see :func:`~ironsworn.campaign.store.decode_event`)
    is left out, so the file holds what is readable; each one left out is described in
    ``skipped`` (the caller tells the player).
    """
    meta = store.meta()
    operations = []
    for operation in store.operations(include_undone=True):
        damaged = [e for e in operation.events if e.get("type") == DAMAGED]
        if damaged:
            if skipped is not None:
                first = damaged[0]
                skipped.append(
                    f"operation {operation.seq} ({operation.kind}: event "
                    f"{int(first.get('index', 0)) + 1} is {first.get('problem')})"
                )
            continue
        operations.append(operation.to_dict())
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "created": meta.get("created"),
        "operations": operations,
    }


def dumps(document: Mapping[str, Any]) -> str:
    """The exact text of an export file (deterministic, so round trips compare byte for byte).

    One operation per line: a long campaign stays a readable, diffable file of modest size.
    """
    lines = ["{"]
    for key, value in document.items():
        if key != "operations":
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    operations = document.get("operations", [])
    if operations:
        lines.append('  "operations": [')
        lines.append(",\n".join("    " + json.dumps(op, ensure_ascii=False) for op in operations))
        lines.append("  ]")
    else:
        lines.append('  "operations": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


def export_json(store: Store[Any], skipped: list[str] | None = None) -> str:
    """The JSON export of ``store`` as text (``skipped``: see :func:`export_document`)."""
    return dumps(export_document(store, skipped))


def read_document(file: Path) -> tuple[str | None, list[Operation]]:
    """Read and check an export file: ``(created, operations)``; CampaignError naming the file.

    Nothing about the file is trusted: every field is checked for shape before anything is
    written anywhere.
    """
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CampaignError(f"{file}: import file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"{file}: cannot read import file ({exc})") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CampaignError(
            f"{file}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise CampaignError(f"{file}: JSON nested too deeply to be a campaign export") from None
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise CampaignError(
            f"{file}: holds a lone surrogate escape such as \\ud800 (accepted: Unicode text)"
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise CampaignError(f'{file}: not an ironsworn campaign export (no "format": "{FORMAT}")')
    version = document.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CampaignError(f"{file}: format_version {version!r} is not a whole number")
    if version > FORMAT_VERSION:
        raise CampaignError(
            f"{file}: export format version {version} is newer than this ironsworn reads "
            f"(up to {FORMAT_VERSION}); upgrade ironsworn to import it"
        )
    if version < 1:
        raise CampaignError(f"{file}: export format version {version} is not valid")
    unknown = sorted(set(document) - {"format", "format_version", "created", "operations"})
    if unknown:
        raise CampaignError(f"{file}: unknown field {unknown[0]!r} in the export")
    created = document.get("created")
    if created is not None:
        _check_time(created, f"{file}: created")
    raw = document.get("operations")
    if not isinstance(raw, list):
        raise CampaignError(f'{file}: "operations" must be a list')
    operations = [_read_operation(item, f"{file}: operations[{i}]") for i, item in enumerate(raw)]
    return created, operations


def _read_operation(item: Any, where: str) -> Operation:
    if not isinstance(item, dict):
        raise CampaignError(f"{where} is not a JSON object")
    missing = [k for k in _OPERATION_FIELDS if k not in item]
    if missing:
        raise CampaignError(f"{where} has no {missing[0]!r}")
    unknown = sorted(set(item) - set(_OPERATION_FIELDS))
    if unknown:
        raise CampaignError(f"{where} has an unknown field {unknown[0]!r}")
    seq = item["seq"]
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq <= MAX_SEQ:
        raise CampaignError(
            f"{where}: seq {seq!r} is not a positive whole number (accepted: 1 to {MAX_SEQ})"
        )
    kind = item["kind"]
    if not isinstance(kind, str) or not kind or kind != kind.strip():
        raise CampaignError(f"{where}: kind {kind!r} is not a word")
    _check_time(item["time"], f"{where}: time")
    character = item["character"]
    if character is not None and not isinstance(character, str):
        raise CampaignError(f"{where}: character {character!r} is not a name or null")
    if not isinstance(item["summary"], str):
        raise CampaignError(f"{where}: summary is not text")
    status = item["status"]
    if status not in (LIVE, UNDONE, DISCARDED):
        raise CampaignError(
            f"{where}: status {status!r} is not one of {LIVE}, {UNDONE}, {DISCARDED}"
        )
    events = item["events"]
    if not isinstance(events, list) or not events:
        raise CampaignError(f"{where}: events must be a non-empty list")
    for i, event in enumerate(events):
        try:
            encode_event(event, f"{where}.events[{i}]")
        except InvalidValue as exc:
            raise CampaignError(str(exc)) from None
    return Operation(seq, kind, item["time"], character, item["summary"], tuple(events), status)


def _check_time(value: Any, where: str) -> None:
    if not isinstance(value, str):
        raise CampaignError(f"{where} {value!r} is not an ISO-8601 time")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise CampaignError(f"{where} {value!r} is not an ISO-8601 time") from None


def import_file(
    file: Path, target: Path | CampaignRef, *, name: str, state_type: type[Any] | None = None
) -> int:
    """Import an export file as a new campaign at ``target``; returns the operation count.

    Refuses an existing target. A file is built beside the target and moved into place only
    when complete; a database campaign is written in one transaction.
    """
    ref = target if isinstance(target, CampaignRef) else CampaignRef(name, path=target)
    if ref.exists():
        raise CampaignError(f"{ref.location}: a campaign already exists there")
    created, operations = read_document(file)
    return load_campaign(
        ref, created, operations, name=name, source=str(file), state_type=state_type
    )


def copy_campaign(
    source: CampaignRef, target: CampaignRef, *, state_type: type[Any] | None = None
) -> int:
    """Copy a campaign (between a file and a database, either way); returns the operations.

    Lossless: every operation with its seq, time, status and events, and the created time, so
    the two campaigns' JSON exports are identical. Refuses an existing target.
    """
    if not source.exists():
        raise CampaignError(f"{source.location}: campaign not found")
    if target.exists():
        raise CampaignError(f"{target.location}: a campaign already exists there")
    if source == target:
        raise CampaignError(f"{source.location}: cannot copy a campaign onto itself")
    with source.open(state_type=state_type) as store:
        created = store.meta().get("created")
        operations = store.operations(include_undone=True)
    return load_campaign(
        target, created, operations, name=target.name, source=source.location, state_type=state_type
    )


def load_campaign(
    target: CampaignRef,
    created: str | None,
    operations: list[Operation],
    *,
    name: str,
    source: str,
    state_type: type[Any] | None = None,
) -> int:
    """Write checked operations as the new campaign ``target``, whole or not at all."""
    meta = {"created": created} if created else None
    if target.path is None:
        from ironsworn.campaign.registry import postgres_database

        db = postgres_database(target.database)
        db.create_campaign(target.name, exclusive=True)
        try:
            with target.open(state_type=state_type) as store:
                store.load_operations(operations, source=source, meta=meta)
        except BaseException:
            with suppress(CampaignError):
                db.delete_campaign_if_empty(target.name)
            raise
        return len(operations)
    path = target.path
    temporary = path.with_name(f".{path.stem}.import-{os.getpid()}{path.suffix}")
    try:
        with CampaignStore.open(temporary, create=True, name=name, state_type=state_type) as store:
            store.load_operations(operations, source=source, meta=meta)
        try:
            # link() refuses to replace a file that appeared meanwhile; rename() would not.
            os.link(temporary, path)
        except FileExistsError:
            raise CampaignError(f"{path}: a campaign already exists there") from None
        except OSError as exc:
            raise CampaignError(
                f"{path}: cannot create the campaign file ({exc.strerror})"
            ) from None
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            # The folder may not exist at all (the error being raised says why).
            with suppress(OSError):
                Path(str(temporary) + suffix).unlink(missing_ok=True)
    return len(operations)


def write_text(path: Path, text: str) -> None:
    """Write an export file whole or not at all (a temporary file renamed into place).

    Only a regular file (or a new one) is replaced that way: renaming over ``/dev/null``, a
    pipe or a socket would put a plain file in its place, so those are written to directly.
    A link is followed (the file it points to is replaced, the link stays). A folder is
    refused.
    """
    import stat

    target = path
    try:
        info = os.stat(path)  # follows a link: the file the name leads to
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise CampaignError(f"{path}: cannot write ({exc.strerror})") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise CampaignError(
            f"-o {str(path)!r} is a directory (accepted: a file name, or - for standard output)"
        )
    if info is not None and not stat.S_ISREG(info.st_mode):
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            raise CampaignError(f"{path}: cannot write ({exc.strerror})") from None
        return
    if info is not None and path.is_symlink():
        target = Path(os.path.realpath(path))
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise CampaignError(f"{path}: cannot write ({exc.strerror})") from None
