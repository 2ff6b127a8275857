"""A campaign's state as JSON: the whole of it (``to_dict``/``from_dict``) and the snapshot
the campaign store saves (``snapshot_text``/``from_snapshot``), whose closed tracks are read only
when first used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ironsworn.campaign.character_state import CharacterState, JsonDict, TrackState, copy_json
from ironsworn.campaign.state_records import StateRecords


class Snapshots(StateRecords):
    """The state to and from JSON."""

    def to_dict(self, *, open_only: bool = False) -> JsonDict:
        tracks = self._open_tracks() if open_only else self.tracks.values()
        return {
            "characters": {k: c.to_dict() for k, c in self.characters.items()},
            "tracks": {t.id: t.to_dict() for t in tracks},
            "track_counter": self.track_counter,
            "pending": copy_json(self.pending),
            "agenda": copy_json(self.agenda),
            "parked": copy_json(self.parked),
            "shared_supply": self.shared_supply,
            "people": copy_json(self.people),
            "places": copy_json(self.places),
            "notes": copy_json(self.notes),
            "packs": list(self.packs),
            "truths": copy_json(self.truths),
            "ruleset": self.ruleset,
            "vehicle": copy_json(self.vehicle),
            "incidental": copy_json(self.incidental),
            "options": copy_json(self.options),
            # Only with crew cards: a campaign without keeps the shape it always had.
            **({"crew": copy_json(self.crew)} if self.crew else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state = cls()
        state.characters = {
            k: CharacterState.from_dict(v) for k, v in data.get("characters", {}).items()
        }
        state.tracks = {k: TrackState.from_dict(v) for k, v in data.get("tracks", {}).items()}
        state.track_counter = int(data.get("track_counter", len(state.tracks)))
        state.pending = copy_json(data.get("pending"))
        state.parked = copy_json(dict(data.get("parked") or {}))
        state.agenda = copy_json(list(data.get("agenda", [])))
        state.shared_supply = bool(data.get("shared_supply", True))
        state.people = copy_json(dict(data.get("people", {})))
        state.places = copy_json(dict(data.get("places", {})))
        state.notes = copy_json(list(data.get("notes", [])))
        state.packs = list(data.get("packs", []))
        state.truths = copy_json(dict(data.get("truths", {})))
        state.ruleset = str(data.get("ruleset", "classic"))
        state.vehicle = copy_json(data.get("vehicle"))
        state.crew = copy_json(dict(data.get("crew") or {}))
        state.incidental = copy_json(dict(data.get("incidental", {})))
        state._vehicle_aboard()
        state.options = copy_json(dict(data.get("options", {})))
        return state

    def copy(self) -> Self:
        return type(self).from_dict(self.to_dict())

    def snapshot_text(self) -> str:
        """The snapshot the campaign store saves: two lines of JSON, the state without its
        closed tracks (with every track's id in order), then the closed tracks, so that
        reading it (:meth:`from_snapshot`) can leave the closed tracks unread until used."""
        import json

        tracks = self.tracks
        data = self.to_dict(open_only=True)
        data["track_order"] = list(tracks)
        known = self._closed_json
        entries = []
        for ident, track in tracks.items():
            if track.status != "active":
                entry = known.get(ident)
                if entry is None:
                    entry = json.dumps(ident, ensure_ascii=False) + ":"
                    entry += json.dumps(track.to_dict(), ensure_ascii=False)
                    known[ident] = entry
                entries.append(entry)
        closed = "{" + ",".join(entries) + "}"
        return json.dumps(data, ensure_ascii=False) + "\n" + closed

    @classmethod
    def from_snapshot(cls, text: str) -> Self:
        """A state from :meth:`snapshot_text` (or from ``to_dict`` JSON)."""
        import json

        first, newline, closed = text.partition("\n")
        data = json.loads(first)
        if not newline:
            return cls.from_dict(data)
        order = data.pop("track_order")
        state = cls.from_dict(data)
        state._closed = ClosedTracks(closed, list(order))
        return state


class ClosedTracks:
    """A snapshot's closed tracks as JSON text, read once on first use (shared by the forks
    of the state read from it), and the order of every track of the snapshot."""

    def __init__(self, text: str, order: list[str]) -> None:
        self.text = text
        self.order = order

        self._template: dict[str, TrackState | None] | None = None
        self.open_ids: frozenset[str] = frozenset()  # the snapshot's open tracks (template())
        self._ids: frozenset[str] | None = None

    def holds(self, ident: str) -> bool:
        """Whether the snapshot had a track ``ident`` (open or closed), without reading them."""
        if self._ids is None:
            self._ids = frozenset(self.order)
        return ident in self._ids

    def template(self) -> dict[str, TrackState | None]:
        """Every track id of the snapshot in order, with its record if it was closed (None
        for the open ones, which each state holds itself): a new dict to fill."""
        if self._template is None:
            import json

            data = json.loads(self.text)
            records = {k: TrackState.from_dict(v) for k, v in data.items()}
            self._template = {ident: records.get(ident) for ident in self.order}
            self.open_ids = frozenset(k for k, t in self._template.items() if t is None)
        return dict(self._template)
