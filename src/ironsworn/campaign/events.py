"""The campaign's event types: one definition per type, checked on append, import and fold.

Every event is a JSON object with a ``"type"``; :data:`EVENT_TYPES` says which types exist and
which fields each one must carry. A **change** alters the state (``CampaignState.apply`` has an
``_on_<type>`` handler for it, and ``revert`` takes it back); a **record** tells what happened
(a roll, a move, an oracle) and changes nothing. An event whose type is not here (a misspelt
``"metre"``) or that lacks one of its fields is refused by :func:`check_event`, which runs

- on **append** (``Transaction.append``, through the state model's ``check_event``): nothing
  is written;
- on **import** (``Store.load_operations``, every operation whatever its status): nothing is
  imported;
- on **fold** (``CampaignState.apply``): the campaign refuses to load rather than silently
  ignore an event it does not understand.

Fields beyond the required ones are allowed (an event may carry what a reader needs to tell it,
such as the ``index`` of a removed bond, or what a move noted).

**Registering a new event type is one line** in the table at the bottom of this module:
``change("journal_edited", "entry", "from", "to")`` or ``record("imported", "source")``. A
change also needs its ``_on_<type>`` handler in :mod:`ironsworn.campaign.state` (a test fails
until it has one) and, if it is a from/to pair, its name in ``CampaignState.SWAPPABLE`` so undo
in memory can take it back. A state-model change needs ``CampaignState.SNAPSHOT_VERSION``
bumped (snapshots are a cache keyed by it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.record import record as frozen_record


@frozen_record
class EventType:
    """One event type: its name, the fields it must carry, and whether it changes the state."""

    name: str
    fields: tuple[str, ...]
    changes_state: bool


def change(name: str, *fields: str) -> EventType:
    """An event that changes the state (folded by ``CampaignState._on_<name>``)."""
    return EventType(name, fields, True)


def record(name: str, *fields: str) -> EventType:
    """An event that records what happened and changes nothing."""
    return EventType(name, fields, False)


class UnknownEvent(InvalidValue):
    """An event of a type no definition names (or missing a field its type requires)."""

    def __init__(self, message: str, value: Any, accepted: tuple[str, ...]) -> None:
        super().__init__(message)
        self.value = value
        self.accepted = accepted


def check_event(event: Mapping[str, Any]) -> EventType:
    """The definition of ``event``'s type; :class:`UnknownEvent` if there is none or the
    event lacks a field its type requires."""
    kind = event.get("type")
    spec = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise UnknownEvent(_unknown(kind), kind, tuple(EVENT_TYPES))
    for name in spec.fields:
        if name not in event:
            raise UnknownEvent(
                f"a {kind!r} event has no {name!r} (accepted: a {kind!r} event with "
                + ", ".join(repr(f) for f in spec.fields)
                + ")",
                dict(event),
                spec.fields,
            )
    return spec


def _unknown(kind: Any) -> str:
    import difflib

    close = difflib.get_close_matches(str(kind), list(EVENT_TYPES), n=3, cutoff=0.6)
    hint = ("such as " + ", ".join(map(repr, close))) if close else "see ironsworn.campaign.events"
    count = len(EVENT_TYPES)
    return f"unknown event type {kind!r} (accepted: one of the {count} event types, {hint})"


def _table(*types: EventType) -> dict[str, EventType]:
    table: dict[str, EventType] = {}
    for spec in types:
        if spec.name in table:
            raise AssertionError(f"event type {spec.name!r} is defined twice")
        table[spec.name] = spec
    return table


FROM_TO = ("from", "to")

# Field meanings are in the docstring of ironsworn.campaign.state. One line per type.
EVENT_TYPES: dict[str, EventType] = _table(
    # --- characters
    change("character_created", "character"),
    change("character_removed", "character"),
    change("meter", "character", "meter", *FROM_TO),
    change("stat", "character", "stat", *FROM_TO),
    change("debility", "character", "debility", *FROM_TO),
    change("impact", "character", "impact", *FROM_TO),
    change("legacy", "character", "track", *FROM_TO),
    change("initiative", "character", *FROM_TO),
    change("flag", "character", "flag", *FROM_TO),
    change("status", "character", *FROM_TO),
    change("equipment", "character", *FROM_TO),
    change("bond_added", "character", "bond"),
    change("bond_removed", "character", "bond"),
    change("lasting_added", "character", "lasting"),
    change("lasting_ended", "character", "lasting"),
    # --- asset cards
    change("asset_added", "character", "asset"),
    change("asset_removed", "character", "asset"),
    change("asset_meter", "character", "asset", *FROM_TO),
    change("asset_ability", "character", "asset", "ability", *FROM_TO),
    change("asset_track", "character", "asset", "track", *FROM_TO),
    change("asset_reskin", "character", "asset", *FROM_TO),
    change("asset_mark", "character", "asset", "mark", *FROM_TO),
    # --- progress tracks
    change("track_created", "track"),
    change("progress", "track", *FROM_TO),
    change("rank", "track", *FROM_TO),
    change("countdown", "track", *FROM_TO),
    change("track_closed", "track", *FROM_TO),
    change("track_field", "track", "field", *FROM_TO),
    change("track_characters", "track", *FROM_TO),
    # --- Starforged vehicles
    change("vehicle", *FROM_TO),
    change("vehicle_meter", *FROM_TO),
    change("vehicle_impact", "impact", *FROM_TO),
    change("vehicle_mark", "mark", *FROM_TO),
    change("incidental_vehicle", "vehicle", *FROM_TO),
    # --- the campaign and its world
    change("ruleset", *FROM_TO),
    change("setting", "setting", *FROM_TO),
    change("packs", *FROM_TO),
    change("truth", "truth", *FROM_TO),
    change("person_added", "person"),
    change("place_added", "place"),
    change("note_added", "note"),
    # --- the move engine's decision and the steps still to run
    change("pending", *FROM_TO),
    change("agenda", *FROM_TO),
    change("parked", *FROM_TO),
    # --- records of what happened
    record("roll"),
    record("move"),
    record("oracle"),
    record("ask"),
    record("choice"),
    record("burn"),
    record("journal", "text"),
    # A journal entry (the seq of its operation) edited or deleted: campaign/journal_edits.py.
    record("journal_edited", "entry", "from", "to"),
    record("journal_deleted", "entry", "text"),
    record("note"),
    record("session"),
    # History brought in from an Iron Vault journal (campaign/ironvault): a mechanics block as
    # written, and in words; shown in the log, never replayed.
    record("imported", "source", "kdl", "lines"),
)

RECORD_TYPES = frozenset(name for name, spec in EVENT_TYPES.items() if not spec.changes_state)
