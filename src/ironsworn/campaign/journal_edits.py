"""Journal entries edited and deleted, as operations that undo and redo like any other.

An entry is the operation of kind ``journal`` that wrote it (its ``seq`` is the number the
journal shows). It is never rewritten in place: an edit appends an operation of kind
``journal_edit`` holding ``{"type": "journal_edited", "entry": SEQ, "from": OLD, "to": NEW}``,
a deletion one of kind ``journal_delete`` holding ``{"type": "journal_deleted", "entry": SEQ,
"text": OLD}``. Undoing either takes it off the live log, so the entry reads as before; the log
keeps the whole history.

Readers of the journal (the journal view, the Markdown export, the web's journal) ask
:func:`current_texts` what each entry says now, and leave the edit and delete operations
themselves out of the story (:data:`EDIT_KINDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ironsworn.campaign.schema import LIVE
from ironsworn.campaign.store import Operation
from ironsworn.errors import InvalidValue, NotFound

EDIT_KINDS = frozenset({"journal_edit", "journal_delete"})


def current_texts(operations: Iterable[Operation]) -> dict[int, str | None]:
    """What each journal entry of the live ``operations`` says now: its seq -> its text after
    every live edit, or None once deleted."""
    texts: dict[int, str | None] = {}
    for operation in operations:
        if operation.status != LIVE:
            continue  # an undone edit no longer changes its entry
        if operation.kind == "journal":
            found = [str(e.get("text", "")) for e in operation.events if e["type"] == "journal"]
            texts[operation.seq] = "\n\n".join(found)
        for event in operation.events:
            entry = event.get("entry")
            if not isinstance(entry, int) or entry not in texts:
                continue
            if event["type"] == "journal_edited":
                texts[entry] = str(event["to"])
            elif event["type"] == "journal_deleted":
                texts[entry] = None
    return texts


def entry_text(store: Any, seq: int) -> str:
    """The current text of entry ``seq``; NotFound names the entries there are."""
    operations = store.operations()
    texts = current_texts(operations)
    if texts.get(seq) is None:
        live = tuple(f"#{s}" for s, text in texts.items() if text is not None)
        # What #N is instead (the log's numbers count every operation, not entries only).
        other = next((o.kind for o in operations if o.seq == seq), None)
        if seq in texts:
            said = f"journal entry #{seq} was deleted"
        elif other:
            said = f"#{seq} is not a journal entry but a {other} (the log numbers every change)"
        else:
            said = f"journal entry #{seq} is not a journal entry"
        if not live:
            said += "; the journal has no entries yet"
        raise NotFound(said, live[-10:], kind="journal entry", name=f"#{seq}")
    return str(texts[seq])


def parse_entry(text: str) -> int:
    """``12`` or ``#12``: the number the journal shows for an entry."""
    cleaned = str(text).strip().removeprefix("#")
    if not cleaned.isdigit() or int(cleaned) < 1:
        raise InvalidValue(
            f"journal entry {text!r} is not an entry number (accepted: 12 or #12)",
            input="entry",
            value=text,
            accepted=("12", "#12"),
        )
    return int(cleaned)


def edit_entry(store: Any, seq: int, text: str) -> Operation:
    """Replace entry ``seq``'s text with ``text`` (an operation of its own: undo restores it)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidValue(
            "journal edit: the new text is empty (accepted: some text)",
            input="text",
            value=text,
            accepted=("some text",),
        )
    new = text.strip()
    with store.write() as tx:
        old = entry_text(store, seq)
        if old == new:
            raise InvalidValue(
                f"journal entry #{seq} already says that (nothing to change)",
                input="text",
                value=new,
                accepted=("a different text",),
            )
        character = _writer(store, seq)
        event = {"type": "journal_edited", "entry": seq, "from": old, "to": new}
        operation: Operation = tx.append(
            "journal_edit", [event], character=character, summary=f"#{seq} edited"
        )
    return operation


def delete_entry(store: Any, seq: int) -> Operation:
    """Delete entry ``seq`` (an operation of its own: undo brings it back)."""
    with store.write() as tx:
        old = entry_text(store, seq)
        character = _writer(store, seq)
        event = {"type": "journal_deleted", "entry": seq, "text": old}
        operation: Operation = tx.append(
            "journal_delete", [event], character=character, summary=f"#{seq} deleted"
        )
    return operation


def writer(store: Any, seq: int) -> str | None:
    """The character who wrote entry ``seq`` (None: no character, or no such entry)."""
    return _writer(store, seq)


def _writer(store: Any, seq: int) -> str | None:
    found: list[Operation] = [op for op in store.operations() if op.seq == seq]
    return found[0].character if found else None
