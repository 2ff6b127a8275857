"""The records a campaign's state holds and the lookups on them.

:class:`StateRecords` is the storage of :class:`~ironsworn.campaign.state.CampaignState`: the
characters, the progress tracks (the closed tracks of a snapshot left unread until used; the
open ones indexed by character and kind, and every one by its id: see
:mod:`~ironsworn.campaign.track_index`), the pending decision and agenda, the world (people,
places, notes, truths, packs), the options; the lookups the rules make (a character by name, a
track by its text, who shares supply) and the copy-on-write helpers the event handlers change
records through (see :meth:`~ironsworn.campaign.state.CampaignState.fork`). The handlers
themselves are in :mod:`ironsworn.campaign.character_events` and
:mod:`ironsworn.campaign.world_events`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.character_state import CharacterState, JsonDict, TrackState, copy_json
from ironsworn.campaign.options import OPTIONS
from ironsworn.campaign.track_index import OpenTracks, id_key, ids_by_key, with_id, without_id
from ironsworn.errors import CampaignError, NoCharacterYet, NotFound

if TYPE_CHECKING:
    from ironsworn.campaign.snapshot import ClosedTracks


class StateRecords:
    """A campaign's records and the lookups on them (see the module docstring)."""

    def __init__(self) -> None:
        self.characters: dict[str, CharacterState] = {}
        self._tracks: dict[str, TrackState] = {}
        # The closed tracks of the snapshot this state was read from, not yet read (most of a
        # long campaign's tracks): see tracks and from_snapshot.
        self._closed: ClosedTracks | None = None
        # The open tracks' ids by character (and kind), built on first use and kept up to
        # date by the events that create, close or remove a track (rebuilt after a reopened
        # track or a change of who holds one, which must take its place in the order). Never
        # changed in place: forks share it, and an event gives its state a new one.
        self._open_index: OpenTracks | None = None
        # Every track's id by its folded key (see track_index), built on first use from every
        # track (a snapshot's closed ones read) and kept by the events that create a track or
        # take its creation back; shared by forks as the open index is.
        self._track_ids: dict[str, tuple[str, ...]] | None = None
        # Each closed track's entry in the snapshot text, kept once written and dropped when
        # an event changes the track: a snapshot re-encodes only what changed.
        self._closed_json: dict[str, str] = {}
        self.track_counter: int = 0
        self.pending: JsonDict | None = None
        self.agenda: list[JsonDict] = []
        # Decisions set aside while another character acts: {character: {pending, agenda}}.
        self.parked: dict[str, JsonDict] = {}
        self.shared_supply: bool = True
        # The world of the campaign: people met (NPCs), places, free notes, and the content
        # packs the campaign was played with.
        self.people: dict[str, JsonDict] = {}
        self.places: dict[str, JsonDict] = {}
        self.notes: list[JsonDict] = []
        self.packs: list[str] = []
        self.truths: dict[str, JsonDict] = {}  # truth id -> the option chosen or rolled
        self.ruleset: str = "classic"
        # Starforged: the party's command vehicle (starship) {name, integrity, max, impacts}.
        self.vehicle: JsonDict | None = None
        # Starforged: the crew's shared cards, one record each by asset id: the STARSHIP ("a
        # shared asset; each of you may use the STARSHIP's abilities while aboard"), its modules
        # and the support vehicles (anyone aboard uses them; each earned by one character, its
        # ``owner``). Every crew member's sheet lists them (records marked ``crew``) and the
        # fold keeps each copy equal to the crew's record, whoever's event changed it (see
        # _asset_w and moves/starforged/starting.py).
        self.crew: dict[str, JsonDict] = {}
        # Starforged: incidental vehicles (a borrowed skiff...) by name {name, integrity, max,
        # marks}; support vehicles are asset cards.
        self.incidental: dict[str, JsonDict] = {}
        self.options: dict[str, Any] = {}  # the rulebook's campaign options that were set
        # Copy-on-write (see fork): while _sharing, the character and track records not named
        # in _own_chars / _own_tracks may be shared with another copy of the state, and an
        # event copies one before changing it.
        self._sharing = False
        self._own_chars: set[str] = set()
        self._own_tracks: set[str] = set()

    # --- the tracks --------------------------------------------------------------------------

    @property
    def tracks(self) -> dict[str, TrackState]:
        """Every track by id, in the order they were created."""
        if self._closed is not None:
            self._load_closed()
        return self._tracks

    @tracks.setter
    def tracks(self, value: dict[str, TrackState]) -> None:
        self._tracks = value
        self._closed = None
        self._open_index = None
        self._track_ids = None
        self._closed_json = {}

    def open_tracks_of(self, name: str, kind: str | None = None) -> list[TrackState]:
        """The active tracks ``name`` holds (of ``kind`` only, when given), in the order they
        were created (an index: no scan of a long campaign's tracks, nor of the character's
        tracks of other kinds)."""
        index = self._open_index or self._open_index_of()
        ids = index.by_character.get(name) if kind is None else index.by_kind.get((name, kind))
        if not ids:
            return []
        # (a loop, not a comprehension: no frame of its own to make for the one or two
        # tracks most of these lists hold; asked several times a move)
        tracks, found = self._tracks, []
        for ident in ids:
            found.append(tracks[ident])
        return found

    def open_tracks(self, kind: str | None = None) -> list[TrackState]:
        """The active tracks (of ``kind`` only, when given), in the order they were created,
        whoever holds them: a snapshot's closed tracks are not read (none of them is open)."""
        return [t for t in self._open_tracks() if kind is None or t.kind == kind]

    def track_by_id(self, ident: str) -> TrackState | None:
        """The track of id ``ident`` (None: none), a snapshot's closed tracks read only when
        it is not among the others (a track open since the snapshot, or closed since, is)."""
        found = self._tracks.get(ident)
        if found is None and self._closed is not None:
            found = self.tracks.get(ident)
        return found

    def holds_open(self, name: str, kind: str) -> bool:
        """Whether ``name`` holds an active track of ``kind`` (``bool(open_tracks_of(name,
        kind))``, without listing them: is the character in a fight?)."""
        index = self._open_index or self._open_index_of()
        return bool(index.by_kind.get((name, kind)))

    def _open_index_of(self) -> OpenTracks:
        """The index of open tracks by character (built now if it is not)."""
        index = self._open_index
        if index is None:
            index = self._open_index = OpenTracks.of(self._open_tracks())
        return index

    def _index_track(self, track: TrackState, *, add: bool) -> None:
        """Put an opened (created) track in the index, or take a closed (removed) one out: a
        new index sharing the lists of the characters who do not hold it."""
        index = self._open_index
        if index is None:
            return  # built from the tracks when next used
        self._open_index = index.opened(track) if add else index.closed(track)

    def _track_ids_of(self) -> dict[str, tuple[str, ...]]:
        """The index of every track's id by its folded key (built now if it is not, from
        every track: a snapshot's closed tracks are read first, so the index never lacks them)."""
        index = self._track_ids
        if index is None:
            index = self._track_ids = ids_by_key(self.tracks)
        return index

    def _index_track_id(self, ident: str, *, add: bool) -> None:
        """Put a new track's id in the id index, or take out one whose creation is undone."""
        index = self._track_ids
        if index is not None:  # (else built from the tracks when next used)
            self._track_ids = with_id(index, ident) if add else without_id(index, ident)

    def _open_tracks(self) -> list[TrackState]:
        """The active tracks, without reading the closed tracks of a snapshot."""
        source = self._tracks if self._closed is not None else self.tracks
        return [t for t in source.values() if t.status == "active"]

    def _load_closed(self) -> None:
        """Read the snapshot's closed tracks and put every track back in its order.

        Their records are shared with any fork of the same snapshot, so this state takes
        them as shared (copied when an event changes one).
        """
        closed, self._closed = self._closed, None
        assert closed is not None
        if not self._sharing:
            self._own_chars = set(self.characters)
            self._own_tracks = set(self._tracks)
            self._sharing = True
        # Every snapshot track in its place (the closed ones read once for every fork), then
        # this state's own: update keeps a key's place, and puts tracks created since the
        # snapshot after the rest.
        merged: dict[str, TrackState | None] = closed.template()
        merged.update(self._tracks)
        if closed.open_ids - self._tracks.keys():  # a snapshot track this state no longer holds
            merged = {k: t for k, t in merged.items() if t is not None}
        self._tracks = merged  # type: ignore[assignment]

    # --- queries ---------------------------------------------------------------------------

    def character(self, name: str | None = None) -> CharacterState:
        """A character by name (case-insensitive); the only one when ``name`` is None."""
        if name is None:
            if len(self.characters) == 1:
                return next(iter(self.characters.values()))
            # A character retired (Continue a Legacy, an epilogue) plays no more: the one
            # still in the story is the only one to name.
            playing = [c for c in self.characters.values() if c.status == "active"]
            if len(playing) == 1:
                return playing[0]
            if not self.characters:
                # (each surface says how a character is made: no command named here)
                raise NoCharacterYet()
            raise NotFound(
                "there are several characters; name one ({character})",
                tuple(self.characters),
                names=("character",),
            )
        found = self.characters.get(name)  # the name as written: no scan
        if found is not None:
            return found
        wanted = name.strip().lower()
        for key, char in self.characters.items():
            if key.lower() == wanted:
                return char
        import difflib

        close = difflib.get_close_matches(name, list(self.characters), n=3, cutoff=0.3)
        if close:
            raise NotFound(f"character {name!r} is unknown", tuple(close))
        # Nothing close: the characters there are, as what is accepted (not as "closest").
        there = ", ".join(self.characters) or "none yet"
        raise NotFound(f"character {name!r} is unknown (accepted: {there})")

    def track(self, query: str, kinds: tuple[str, ...] = ()) -> TrackState:
        """A track by id or by its text (exact, then unique substring), active ones first."""
        key = query.strip().lower()
        # By id first (the engine names a track by its id): the first track in order of the
        # kinds whose id is the query, as the scan of the pool below would find. The index
        # gives the ids that fold to the query; the one track of an id (the case nearly
        # always) is taken if of the kinds, and ids differing only in case are left to that
        # scan's order.
        ids = self._track_ids_of().get(key)
        tracks = self.tracks.values()
        if ids is not None and len(ids) == 1:
            t = self._tracks[ids[0]]
            if not kinds or t.kind in kinds:
                return t
        elif ids is not None:
            for t in tracks:
                if id_key(t.id) == key and (not kinds or t.kind in kinds):
                    return t
        pool = [t for t in tracks if not kinds or t.kind in kinds]
        exact = [t for t in pool if t.name.lower() == key]
        partial = [t for t in pool if key in t.name.lower()]
        for found in (exact, partial):
            active = [t for t in found if t.status == "active"]
            for group in (active, found):
                if len(group) == 1:
                    return group[0]
                if len(group) > 1:
                    raise NotFound(
                        f"track {query!r} is ambiguous", tuple(f"{t.id} ({t.name})" for t in group)
                    )
        what = "/".join(kinds) if kinds else "track"
        open_ones = tuple(f"{t.id} ({t.name})" for t in pool if t.status == "active")[:5]
        # With none to name as the closest, the line says itself what would be accepted.
        none = "" if open_ones else f" (accepted: an active {what}'s id or name; there is none)"
        raise NotFound(f"{what} {query!r} is unknown{none}", open_ones)

    def option(self, name: str) -> Any:
        """A campaign option's value (its default when it was never set)."""
        return self.options.get(name, OPTIONS[name].default)

    def party(self, name: str) -> list[CharacterState]:
        """Who shares supply with ``name``: every active character when supply is shared."""
        char = self.character(name)
        if not self.shared_supply:
            return [char]
        # The one named first, then the others in the order they were made: a change to all
        # of them is told "Bo: supply 5 -> 3; Ann: supply 5 -> 3", each with whose it is.
        party = [char] if char.status == "active" else []
        for other in self.characters.values():  # (a loop, not a comprehension: no frame)
            if other.status == "active" and other is not char:
                party.append(other)
        return party or [char]

    # --- changing a record (copy-on-write) --------------------------------------------------

    def _char_w(self, name: str) -> CharacterState:
        """The character ``name``, this copy's own, to change."""
        char = self.characters[name]
        if self._sharing and name not in self._own_chars:
            char = char.copy()
            self.characters[name] = char
            self._own_chars.add(name)
        return char

    def _track_w(self, ident: str) -> TrackState:
        """The track ``ident``, this copy's own, to change (an open track without reading a
        snapshot's closed tracks: every open track is in ``_tracks``)."""
        track = self._tracks.get(ident)
        if track is None:
            track = self.tracks[ident]  # a closed one: read them (or KeyError)
        self._closed_json.pop(ident, None)
        if self._sharing and ident not in self._own_tracks:
            track = track.copy()
            self._tracks[ident] = track
            self._own_tracks.add(ident)
        return track

    @property
    def starship(self) -> JsonDict | None:
        """The crew's STARSHIP card (its command vehicle's), or None."""
        return next((r for i, r in self.crew.items() if "/command_vehicle/" in i), None)

    def _asset_w(self, name: str, ident: str) -> JsonDict:
        """The asset record an event about ``name``'s card ``ident`` changes: the character's
        own copy, or for a crew card the crew's one record (then :meth:`_crew_sync` gives
        every crew member the change)."""
        char = self._char_w(name)
        record = next(a for a in char.assets if a["id"] == ident)
        shared = self.crew.get(ident)
        if shared is not None and record.get("crew"):
            return shared
        return record

    def _crew_sync(self, ident: str) -> None:
        """Every crew member's copy of the crew card ``ident`` is its one record again (after
        an event changed that record, or a character joined the crew). A card made before the
        crew shared its cards (no ``crew`` mark) stays each character's own."""
        shared = self.crew.get(ident)
        if shared is None:
            return
        for name, char in list(self.characters.items()):
            for index, record in enumerate(char.assets):
                if record["id"] == ident and record.get("crew") and record != shared:
                    self._char_w(name).assets[index] = copy_json(shared)

    def _crew_joined(self, name: str) -> None:
        """A character's new cards include crew cards: the first holder makes the crew's
        record; a later one takes the record as it is now."""
        char = self.characters.get(name)
        if char is None:
            return
        for record in char.assets:
            if record.get("crew"):
                ident = str(record["id"])
                if ident not in self.crew:
                    self.crew[ident] = copy_json(record)
                self._crew_sync(ident)

    def _crew_left(self) -> None:
        """A crew card no crew member holds any more (discarded, or its last holder gone) is
        no longer the crew's."""
        if not self.crew:
            return
        held = {
            str(r["id"]) for char in self.characters.values() for r in char.assets if r.get("crew")
        }
        for ident in [i for i in self.crew if i not in held]:
            del self.crew[ident]

    def _has_track(self, ident: str) -> bool:
        """Whether a track ``ident`` exists, without reading a snapshot's closed tracks."""
        if ident in self._tracks:
            return True
        closed = self._closed
        return closed is not None and closed.holds(ident)

    def _expect(self, current: Any, event: Mapping[str, Any], what: str, *names: Any) -> None:
        """Refuse ``event`` unless its ``from`` is ``current``: the message says ``what`` (a
        template for ``names``, filled in only then: most events fit)."""
        before = event["from"]
        # (the engine's events name the state's own record as it is: no need to compare
        # what the same record holds, a pending decision or an agenda)
        if current is not before and current != before:
            if _without_empty_marks(current) == _without_empty_marks(before):
                # A vehicle's or a card's marks list is made by its first mark and stays, empty,
                # once a mark is taken back (undone, or a refused operation's): a record the
                # engine then writes holds "marks": [] where a fold of the log from nothing has
                # no list. Nothing marked either way: the same record.
                return
            if names:
                what = what.format(*names)
            raise CampaignError(
                f"event does not fit the state: {what} is {current!r}, event says {event['from']!r}"
            )

    def _toggle(self, who: str, marks: list[str], name: str, event: Mapping[str, Any]) -> None:
        """Mark (``to`` true) or clear ``name`` in a character's list of debilities or impacts."""
        self._expect(name in marks, event, "{}'s {}", who, name)
        if event["to"]:
            marks.append(name)
        else:
            marks.remove(name)

    def _vehicle_aboard(self) -> None:
        # ENGINE CHOICE: the characters of a Starforged campaign are taken to be aboard their
        # command vehicle, so its troubles count toward everyone's momentum ("only a factor
        # when you are piloting or aboard that vehicle").
        count = len(self.vehicle["impacts"]) if self.vehicle else 0
        for name, char in self.characters.items():
            if char.vehicle_impacts != (count if char.starforged else 0):
                self._char_w(name).vehicle_impacts = count if char.starforged else 0


def _without_empty_marks(value: Any) -> Any:
    """``value`` with every empty ``marks`` list left out (at any depth)."""
    if isinstance(value, dict):
        return {
            k: _without_empty_marks(v) for k, v in value.items() if not (k == "marks" and v == [])
        }
    if isinstance(value, list):
        return [_without_empty_marks(v) for v in value]
    return value
