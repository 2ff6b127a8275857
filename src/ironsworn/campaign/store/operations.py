"""The campaign log's records and checks, shared by every store and backend: an operation and
its events (encoded, decoded, a damaged row read back), the state-model protocol a store folds
into, and the fold of one event with its one-line refusals.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

from ironsworn.campaign.schema import DISCARDED, LIVE, UNDONE
from ironsworn.errors import CampaignError, InvalidValue, IronswornError
from ironsworn.record import record

SNAPSHOT_INTERVAL = 100  # live operations between snapshots
SNAPSHOTS_KEPT = 5  # older snapshots are pruned: only undo reaches back, and not far
BUSY_TIMEOUT_S = 30.0


class Foldable(Protocol):
    """What the store needs from a state model. The class is constructible with no arguments."""

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold one event into the state (mutates it)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able snapshot of the state."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output."""
        ...


S = TypeVar("S", bound=Foldable)
T = TypeVar("T", bound=Foldable)


def utc_now() -> str:
    """The current time as ISO-8601 UTC with microseconds, e.g. ``2024-05-01T20:13:07.123456Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def default_state_type() -> type[Any]:
    """The game's state model, imported only when a campaign is opened without one."""
    from importlib import import_module

    try:
        module = import_module("ironsworn.campaign.state")
    except ModuleNotFoundError as exc:
        if exc.name != "ironsworn.campaign.state":
            raise
        raise CampaignError(
            "the campaign state model ironsworn.campaign.state is missing"
        ) from None
    state_type: type[Any] = module.CampaignState
    return state_type


@record
class Operation:
    """One user action as recorded: its events and when, by whom, and whether it is live."""

    seq: int
    kind: str
    time: str
    character: str | None
    summary: str
    events: tuple[dict[str, Any], ...]
    status: str = LIVE

    def to_dict(self) -> dict[str, Any]:
        """The operation as a JSON-able dict (keys in a fixed order)."""
        return {
            "seq": self.seq,
            "kind": self.kind,
            "time": self.time,
            "character": self.character,
            "summary": self.summary,
            "status": self.status,
            "events": [dict(event) for event in self.events],
        }


def encode_event(event: Any, where: str) -> tuple[str, str]:
    """Check one event and return ``(type, canonical JSON)``; :class:`InvalidValue` if bad."""
    if not isinstance(event, Mapping):
        raise InvalidValue(f"{where} is {type(event).__name__}, not a JSON object")
    event_type = event.get("type")
    if not isinstance(event_type, str) or not event_type:
        raise InvalidValue(f"{where} has no 'type' (a non-empty string)")
    if event_type == DAMAGED:
        raise InvalidValue(f"{where} is a damaged event (a row the store could not read)")
    try:
        body = json.dumps(
            dict(event), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
        body.encode("utf-8")  # a lone surrogate ("\ud800" in a file) cannot be stored
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidValue(f"{where} of type {event_type!r} is not plain JSON ({exc})") from None
    return event_type, body


DAMAGED = "damaged"  # the type read back for an event row that is not an event (see below)


def decode_event(body: Any, index: int) -> dict[str, Any]:
    """The event stored as ``body``; a damaged row reads as a ``damaged`` event.

    A campaign file can be damaged by hand or by a disk (a body of ``{``, ``null``, ``5``, a
    blob). Reading it must not fail: the log and the JSON export still show every readable
    operation, and the damaged one by number. Only folding refuses it (see :func:`_fold`).
    """
    try:
        text = body.decode("utf-8") if isinstance(body, bytes) else body
        event = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        problem = f"not JSON ({type(exc).__name__})"
    else:
        if isinstance(event, dict) and isinstance(event.get("type"), str) and event["type"]:
            if event["type"] != DAMAGED:
                return event
            problem = "a stored 'damaged' marker"
        else:
            problem = f"not an event object ({type(event).__name__})"
    return {"type": DAMAGED, "index": index, "problem": problem}


def check_kind(kind: Any) -> str:
    """An operation kind is a short word such as ``move``, ``journal``, ``edit``, ``oracle``."""
    if not isinstance(kind, str) or not kind or kind != kind.strip() or "\n" in kind:
        raise InvalidValue(f"operation kind {kind!r} is not valid (accepted: a non-empty word)")
    return kind


Row = tuple[Any, ...]  # (seq, kind, time, character, summary, status) of one operation


# What a state model may raise on an event it cannot apply (a bare KeyError, a next() that
# finds nothing): each becomes one line naming the operation.
_REFUSALS = (IronswornError, LookupError, TypeError, ValueError, AttributeError, StopIteration)


def _fold(state: Foldable, event: Mapping[str, Any], seq: int, where: str | Path) -> None:
    if event.get("type") == DAMAGED:
        raise CampaignError(
            f"{where}: operation {seq} is damaged (event {int(event.get('index', 0)) + 1}: "
            f"{event.get('problem')}); the log still reads the campaign, a JSON export saves "
            "what is readable, and undo takes back the damaged operation when it is the last "
            "one"
        )
    try:
        state.apply(event)
    except _REFUSALS as exc:
        # One line even for a state model that raises a bare KeyError on a malformed event.
        reason = str(exc) if isinstance(exc, IronswornError) else f"{type(exc).__name__}: {exc}"
        if not str(exc):  # a next() that found nothing, say
            reason = f"{type(exc).__name__}: it names something the campaign does not hold"
        raise CampaignError(
            f"{where}: operation {seq}: the state refused a {event.get('type')!r} event ({reason})"
        ) from None


def _check(state: Foldable, seq: int, where: str | Path) -> None:
    """The state model's own check of a state (if it has one), as one line naming ``seq``."""
    check = getattr(state, "check", None)
    if check is None:
        return
    try:
        check()
    except (IronswornError, *_REFUSALS) as exc:
        raise CampaignError(
            f"{where}: operation {seq} would not apply in play ({exc}); nothing was imported"
        ) from None


def _check_history(operations: Sequence[Operation], where: str) -> None:
    """Seqs increase, and every undone operation (the redo stack) follows every live one."""
    previous = 0
    last_live = 0
    first_undone: int | None = None
    for operation in operations:
        if operation.seq <= previous:
            raise CampaignError(
                f"{where}: operation seq {operation.seq} follows {previous} (seqs must increase)"
            )
        previous = operation.seq
        if operation.status not in (LIVE, UNDONE, DISCARDED):
            raise CampaignError(
                f"{where}: operation {operation.seq} has status {operation.status!r} "
                f"(accepted: {LIVE}, {UNDONE}, {DISCARDED})"
            )
        if operation.status == LIVE:
            last_live = operation.seq
        elif operation.status == UNDONE and first_undone is None:
            first_undone = operation.seq
    if first_undone is not None and first_undone < last_live:
        raise CampaignError(
            f"{where}: undone operation {first_undone} comes before live operation {last_live} "
            "(undone operations are the redo stack, after every live one)"
        )


def _operation(row: Sequence[Any], events: list[dict[str, Any]]) -> Operation:
    seq, kind, time, character, summary, status = row
    return Operation(
        int(seq), str(kind), str(time), character, str(summary), tuple(events), str(status)
    )


def _state_key(state_type: type[Any]) -> str:
    version = getattr(state_type, "SNAPSHOT_VERSION", None)
    return f"{state_type.__module__}.{state_type.__qualname__}:{version}:{_package()}"


def _package() -> str:
    from ironsworn import __version__

    return f"ironsworn {__version__}"
