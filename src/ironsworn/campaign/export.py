"""Getting a campaign out of its file and back: a Markdown story, and a JSON round trip.

**Markdown** (:func:`markdown`) reads as the story of the campaign, written by
:mod:`ironsworn.campaign.story`: a title, then sessions, each with its journal text as
paragraphs and each move as one compact line (who, move, stat, dice, outcome) with its changes
folded in a closed ``<details>`` block (or left out: ``mechanics=False``); the character sheets
come at the end, from the folded state.

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
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ironsworn.campaign.registry import CampaignRef
from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.campaign.store import CampaignStore, Operation, Store, encode_event
from ironsworn.campaign.store.base import DAMAGED
from ironsworn.errors import CampaignError, InvalidValue

FORMAT = "ironsworn-campaign"
FORMAT_VERSION = 1
SESSION_GAP = timedelta(hours=4)
MAX_SEQ = 2**63 - 1  # the largest sequence number a campaign file can hold
_OPERATION_FIELDS = ("seq", "kind", "time", "character", "summary", "status", "events")


# --------------------------------------------------------------------------------- markdown


def markdown(store: Store[Any], *, mechanics: bool = True) -> str:
    """The campaign as a Markdown story (:mod:`ironsworn.campaign.story`): the prose, each move
    in one line with its changes folded (left out with ``mechanics=False``), then the sheets."""
    from ironsworn.campaign.story import story

    operations = store.operations()
    try:
        state = store.state()
    except CampaignError as exc:
        # A damaged operation (see decode_event): the story is still told, without sheets.
        text = story(operations, None, store.name, mechanics=mechanics)
        return text + f"\n## Characters\n\n*The sheets could not be rebuilt: {exc}*\n"
    return story(operations, state, store.name, mechanics=mechanics)


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
