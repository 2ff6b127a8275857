"""What a change sends to the pages: the state as a patch, and the timeline entries it touched.

A page reads the whole state once (``GET /state``); after that, every change the table sees
reaches it on the event stream as the difference between the state the page holds and the new
one (:func:`diff`, applied by the page as :func:`patch` does here), with the timeline entries
the change made or altered (:func:`timeline_delta`). The server computes a change once, on the
campaign's worker thread, and sends the same text to every page of the campaign.

A patch is a list of steps, each on a path of keys (dict) and indexes (list) from the root:

- ``{"set": PATH, "value": V}``: put V at PATH (PATH ``[]``: the whole document);
- ``{"del": PATH}``: remove a dict's key;
- ``{"splice": PATH, "at": I, "remove": N, "insert": [...]}``: in the list at PATH, replace
  the N items from index I with those given (a track opened, a character gone).

Lists of records are matched by their identity (a track's ``id``, a sheet's ``name``), so a
new track is one splice and a changed meter one ``set``, wherever the record sits.
"""

from __future__ import annotations

from typing import Any

JsonDict = dict[str, Any]
Path = list[str | int]

# A change that touches more timeline entries than a page holds says so; the page reads its
# latest page again (a long series of undos seen at once, from the command line say).
TIMELINE_WINDOW = 100


def _identity(item: Any) -> Any:
    """What tells a list's records apart: a record's id, else its name, else the item."""
    if isinstance(item, dict):
        for key in ("id", "name", "seq"):
            value = item.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool):
                return (key, value)
        return None  # a record without identity: matched by position only
    if isinstance(item, str | int | float | bool) or item is None:
        return ("=", type(item).__name__, item)
    return None


def _same(old: Any, new: Any) -> bool:
    """Whether ``old`` and ``new`` are the same record (to be patched), not equal values."""
    key = _identity(old)
    return key is not None and key == _identity(new)


def diff(old: Any, new: Any, path: Path | None = None) -> list[JsonDict]:
    """The steps that turn ``old`` into ``new`` (both JSON values); ``[]`` when equal."""
    steps: list[JsonDict] = []
    _diff(old, new, [] if path is None else path, steps)
    return steps


def _diff(old: Any, new: Any, path: Path, steps: list[JsonDict]) -> None:
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, [*path, key], steps)
            else:
                steps.append({"set": [*path, key], "value": value})
        steps.extend({"del": [*path, key]} for key in old if key not in new)
        return
    if isinstance(old, list) and isinstance(new, list):
        _diff_list(old, new, path, steps)
        return
    steps.append({"set": path, "value": new})


def _diff_list(old: list[Any], new: list[Any], path: Path, steps: list[JsonDict]) -> None:
    """Records kept at both ends are patched in place; the middle is one splice."""
    head = 0
    limit = min(len(old), len(new))
    while head < limit and (_same(old[head], new[head]) or len(old) == len(new)):
        head += 1
    tail = 0
    while (
        tail < limit - head
        and _same(old[len(old) - 1 - tail], new[len(new) - 1 - tail])
        and len(old) != len(new)
    ):
        tail += 1
    # Splice first: the indexes of the records after it are then the new list's.
    removed = len(old) - head - tail
    inserted = new[head : len(new) - tail]
    if removed or inserted:
        steps.append({"splice": path, "at": head, "remove": removed, "insert": inserted})
    for i in range(head):
        _diff(old[i], new[i], [*path, i], steps)
    for i in range(tail):
        at = len(new) - 1 - i
        _diff(old[len(old) - 1 - i], new[at], [*path, at], steps)


def patch(document: Any, steps: list[JsonDict]) -> Any:
    """``document`` with ``steps`` applied (changed in place where it can be; the page's own
    code does the same in ``live.js``)."""
    for step in steps:
        if "set" in step:
            path = step["set"]
            if not path:
                document = step["value"]
                continue
            _at(document, path[:-1])[path[-1]] = step["value"]
        elif "del" in step:
            path = step["del"]
            del _at(document, path[:-1])[path[-1]]
        else:
            target = _at(document, step["splice"])
            at, remove = step["at"], step["remove"]
            target[at : at + remove] = step["insert"]
    return document


def _at(document: Any, path: Path) -> Any:
    for key in path:
        document = document[key]
    return document


# ------------------------------------------------------------------------------- reading


def page_state(
    store: Any,
    name: str,
    state: Any = None,
    memo: dict[str, Any] | None = None,
    *,
    library: Any = None,
) -> JsonDict:
    """The state as the table's page reads it (``GET /state`` with the page's header), without
    what is the request's own (version, head, role); ``state``: the campaign's, if read;
    ``memo``: kept by the caller between changes (see ``campaign_state``); ``library``: the
    content library, if loaded."""
    from ironsworn.table.reads import campaign_state
    from ironsworn.web import results

    data = campaign_state(store.state() if state is None else state, name, memo, library)
    data["pending"] = results.decision(data.get("pending"))
    return data


def timeline_delta(
    store: Any,
    before: int | None,
    after: int | None,
    state: Any = None,
    *,
    above: list[Any] | None = None,
    lowest: int | None = None,
) -> JsonDict | None:
    """The timeline entries a change from head ``before`` to head ``after`` made or altered,
    and the seqs to take off the page (an entry deleted, an edit); None when more changed
    than a page holds (the page then reads its latest page again). ``state``: the campaign's
    state at ``after``, if read; ``above``: every operation above the lower head, as stored,
    when the caller knows them (the operations a group commit appended: see
    ``Store.written``), so the log is not read for them; ``lowest``: the lowest head the log
    had in between, if known (several undos, then an append, in one group).

    The operations that can change are those above the lowest head: an append adds one (and
    discards the undone ones above the head), an undo marks the head undone, a redo the next
    undone one live. An edit or a deletion changes the entry it names.
    """
    from ironsworn.campaign.journal import PINS, Narrator, entries
    from ironsworn.campaign.journal_edits import EDIT_KINDS, current_texts
    from ironsworn.web.reads import told_entry

    low = min(before or 0, after or 0, before or 0 if lowest is None else lowest)
    span = max(before or 0, after or 0) - low + 1
    if span > TIMELINE_WINDOW:
        return None
    if above is not None:
        operations = [o for o in above if o.seq > low]
    else:
        # A few more than the span: undone operations above both heads may have been
        # discarded.
        last = span + 8
        operations = [o for o in store.operations(include_undone=True, last=last) if o.seq > low]
    if len(operations) > TIMELINE_WINDOW:
        return None
    targets = {
        int(event["entry"])
        for o in operations
        if o.kind in EDIT_KINDS
        for event in o.events
        if isinstance(event.get("entry"), int)
    }
    narrator = Narrator(store.state() if state is None else state, leave_out=PINS)
    if targets:
        # An edit reaches back to its entry: what it says now takes the whole live log.
        live = store.operations()
        texts = current_texts(live)
        seen = {o.seq for o in operations}
        operations = sorted(
            operations + [o for o in live if o.seq in targets and o.seq not in seen],
            key=lambda o: o.seq,
        )
    else:
        texts = current_texts(operations)
    # Each operation told once: its line and its details (see told_entry).
    told = {e["seq"]: e for e in entries(operations, narrator, texts, details=True)}
    shown: list[JsonDict] = []
    dropped: list[int] = []
    for operation in operations:
        entry = told.get(operation.seq)
        if entry is None:
            dropped.append(operation.seq)  # an edit, or an entry deleted
            continue
        shown.append(told_entry(entry, operation, narrator))
    return {"entries": shown, "drop": dropped}
