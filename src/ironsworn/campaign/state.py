"""The game state of a campaign, and the events that change it.

State is the fold of events: :meth:`CampaignState.apply` is the only way the state changes,
and every event records its change as a from/to pair (so an event log is also the audit trail
and can be checked: applying an event whose ``from`` does not match the state is an error).

The state holds the characters (stats, meters, momentum, debilities, experience, bonds, assets,
initiative), the progress tracks (vows, journeys, fights, scene challenges; shared by any number
of characters), the decision a move is waiting for, and the agenda of steps still to run once
it is answered (see :mod:`ironsworn.moves.engine`).

Event types (all JSON objects with a ``"type"``):

- ``character_created`` {character: full character dict}
- ``meter`` {character, meter, from, to} — health, spirit, supply, momentum,
  experience_earned, experience_spent, bond_ticks
- ``stat`` {character, stat, from, to} — a stat raised by Advance when playing without
  assets (:mod:`ironsworn.moves.roles`)
- ``asset_reskin`` {character, asset, from, to} — a reskinned asset's {name, requirement}
  (:mod:`ironsworn.moves.homebrew`)
- ``asset_meter`` {character, asset, from, to} — a companion's health
- ``debility`` {character, debility, from, to} (booleans)
- ``impact`` {character, impact, from, to} (booleans) — a Starforged impact on a character
- ``legacy`` {character, track, from, to} — a Starforged legacy track (quests, bonds,
  discoveries) as {ticks, completed, xp_boxes}
- ``ruleset`` {from, to} — the campaign's ruleset (classic, starforged), set before play
- ``vehicle`` {from, to} — the command vehicle (a dict, or null); ``vehicle_meter`` {from, to}
  (integrity); ``vehicle_impact`` {impact, from, to} (battered, cursed); ``vehicle_mark``
  {mark, from, to} (booleans: what a roll on Withstand Damage's table left on the command
  vehicle, :mod:`ironsworn.moves.starforged.vehicles`)
- ``asset_mark`` {character, asset, mark, from, to} (booleans) — a mark on an asset card: a
  module broken, a support vehicle battered or crippled
- ``incidental_vehicle`` {vehicle, from, to} — an incidental vehicle (a dict, or null)
- ``initiative`` {character, from, to}
- ``flag`` {character, flag, from, to} — per-character markers the moves use (a bonus for the
  next move, Turn the Tide used, the last strong hit in a fight...)
- ``status`` {character, from, to} — active, dead, lost
- ``bond_added`` / ``bond_removed`` {character, bond}
- ``asset_added`` / ``asset_removed`` {character, asset}; ``asset_ability`` {character, asset,
  ability, from, to}; ``asset_track`` {character, asset, track, from, to} — a card's other
  tracks (a warband's strength, wealth, essence, light); with ``field: "max"`` its maximum
  (Awakening 2: the simulacrum's 6 health)
- ``lasting_added`` {character, lasting} / ``lasting_ended`` {character, lasting, index, why} —
  a lasting effect an asset ability gave (an elixir's +1, a rune's harm), kept on the
  character while it lasts (:mod:`ironsworn.moves.assets.lasting`)
- ``track_field`` {track, field, from, to} — a connection's role, second role, bond,
  influence
- ``track_created`` {track: full track dict}; ``progress`` {track, from, to} (ticks);
  ``rank`` {track, from, to}; ``track_closed`` {track, from, to} (status); ``countdown``
  {track, from, to}
- ``setting`` {setting, from, to} — shared_supply, and the rulebook's campaign options
  (:mod:`ironsworn.campaign.options`: even_matches, setup_rules, one_shot, assets...)
- ``pending`` {from, to} (the decision waiting for the player, or null); ``agenda`` {from, to}
- ``parked`` {from, to} — the decisions other characters owe, set aside while someone else
  acts: {character: {pending, agenda}} (a character's decision blocks only that character)
- ``roll``, ``move``, ``oracle``, ``ask``, ``choice``, ``burn``, ``journal``, ``note`` — records
  of what happened; they change nothing in the state. An action roll's ``roll`` event lists
  what gave its adds (``adds_from``: [{amount, from}], when there are any).
- ``imported`` {source, file, kdl, lines} — history brought in from elsewhere (an Iron Vault
  mechanics block, :mod:`ironsworn.campaign.ironvault`): shown in the log, never replayed.

Each type is defined once in :mod:`ironsworn.campaign.events` (its required fields, and whether
it changes the state); :meth:`CampaignState.apply` refuses an event no definition names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ironsworn.campaign.character_state import (
    CREATION_STATS,
    LEGACY_TRACKS,
    RECORD_EVENTS,
    RULESETS,
    STATS,
    CharacterState,
    JsonDict,
    TrackState,
    copy_json,
)
from ironsworn.campaign.events import check_event
from ironsworn.campaign.options import OPTIONS
from ironsworn.errors import CampaignError, NotFound

# The sheet records and the names the rest of the project imports from here.
__all__ = [
    "CREATION_STATS",
    "LEGACY_TRACKS",
    "RECORD_EVENTS",
    "RULESETS",
    "STATS",
    "CampaignState",
    "CharacterState",
    "JsonDict",
    "TrackState",
    "copy_json",
]


class CampaignState:
    """Everything the rules need to know about a campaign, rebuilt by folding events."""

    SNAPSHOT_VERSION = 9  # bump when to_dict() or apply() change (snapshots are a cache)

    def __init__(self) -> None:
        self.characters: dict[str, CharacterState] = {}
        self._tracks: dict[str, TrackState] = {}
        # The closed tracks of the snapshot this state was read from, not yet read (most of a
        # long campaign's tracks): see tracks and from_snapshot.
        self._closed: _ClosedTracks | None = None
        # The open tracks' ids by character, built on first use and dropped by any event that
        # opens, closes, creates or removes a track or changes who holds it.
        self._open_index: dict[str, list[str]] | None = None
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
        self._closed_json = {}

    def open_tracks_of(self, name: str) -> list[TrackState]:
        """The active tracks ``name`` holds, in the order they were created (an index: no scan
        of a long campaign's tracks)."""
        index = self._open_index
        if index is None:
            index = {}
            for track in self._open_tracks():
                for who in dict.fromkeys(track.characters):
                    index.setdefault(who, []).append(track.id)
            self._open_index = index
        return [self._tracks[ident] for ident in index.get(name, ())]

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
            if not self.characters:
                raise NotFound("there is no character yet; create one with 'character new NAME'")
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
        raise NotFound(f"character {name!r} is unknown", tuple(close or self.characters))

    def track(self, query: str, kinds: tuple[str, ...] = ()) -> TrackState:
        """A track by id or by its text (exact, then unique substring), active ones first."""
        pool = [t for t in self.tracks.values() if not kinds or t.kind in kinds]
        key = query.strip().lower()
        for t in pool:
            if t.id.lower() == key:
                return t
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
        raise NotFound(
            f"{what} {query!r} is unknown",
            tuple(f"{t.id} ({t.name})" for t in pool if t.status == "active")[:5],
        )

    def option(self, name: str) -> Any:
        """A campaign option's value (its default when it was never set)."""
        return self.options.get(name, OPTIONS[name].default)

    def party(self, name: str) -> list[CharacterState]:
        """Who shares supply with ``name``: every active character when supply is shared."""
        char = self.character(name)
        if not self.shared_supply:
            return [char]
        return [c for c in self.characters.values() if c.status == "active"] or [char]

    # --- copies ----------------------------------------------------------------------------

    def fork(self) -> CampaignState:
        """A copy to work on, equal to this state, made in time that does not grow with the
        campaign's history: the active characters and their open tracks are copied; the records
        of closed tracks, of characters who are no longer active and of the tracks only they
        hold (most of a long campaign) are shared, and whichever copy changes one first copies
        it (:meth:`_char_w`, :meth:`_track_w`). Every change goes through :meth:`apply` and
        :meth:`revert`, so neither copy can see the other's changes. (A caller that holds a
        record across an event changing it must look it up again: that event may have replaced
        it.)

        The campaign store keeps its state across writes and hands out forks of it.
        """
        new = CampaignState.__new__(CampaignState)
        new.__dict__.update(self.__dict__)
        own_chars: set[str] = set()
        characters = dict(self.characters)
        for name, char in characters.items():
            if char.status == "active":
                characters[name] = char.copy()
                own_chars.add(name)
        own_tracks: set[str] = set()
        tracks = dict(self._tracks)  # the snapshot's closed tracks, if still unread, are shared
        for ident, track in tracks.items():
            # Open tracks of active characters are copied; those only characters who are gone
            # hold are shared like the closed ones.
            if track.status == "active" and not own_chars.isdisjoint(track.characters):
                tracks[ident] = track.copy()
                own_tracks.add(ident)
        new.characters, new._tracks = characters, tracks
        new._sharing, new._own_chars, new._own_tracks = True, own_chars, own_tracks
        new._closed_json = {}  # a fork snapshots rarely; the store's own state keeps its texts
        # This state's own records of the active ones were not handed over; the rest are
        # shared now.
        self._sharing = True
        self._own_chars = set(own_chars)
        self._own_tracks = set(own_tracks)
        # Collections whose entries the handlers only add, remove or replace: a new container
        # with the same entries. Anything else that is a dict or a list (the pending decision,
        # the agenda, the vehicle, and any field added later) is copied whole.
        for name in _FORK_SHALLOW:
            setattr(new, name, type(getattr(self, name))(getattr(self, name)))
        for name, value in self.__dict__.items():
            if name not in _FORK_KEPT and isinstance(value, dict | list):
                new.__dict__[name] = copy_json(value)
        return new

    def _char_w(self, name: str) -> CharacterState:
        """The character ``name``, this copy's own, to change."""
        char = self.characters[name]
        if self._sharing and name not in self._own_chars:
            char = char.copy()
            self.characters[name] = char
            self._own_chars.add(name)
        return char

    def _track_w(self, ident: str) -> TrackState:
        """The track ``ident``, this copy's own, to change."""
        track = self.tracks[ident]
        self._closed_json.pop(ident, None)
        if self._sharing and ident not in self._own_tracks:
            track = track.copy()
            self.tracks[ident] = track
            self._own_tracks.add(ident)
        return track

    # --- the fold --------------------------------------------------------------------------

    def check(self) -> None:
        """Refuse a state live play could not have made (checked after imported operations;
        see :mod:`ironsworn.campaign.invariants`)."""
        from ironsworn.campaign.invariants import check_state

        check_state(self)

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold one event into the state. An event that does not fit the state is refused."""
        # An unknown (misspelt) type or a missing field is refused, never ignored.
        if not check_event(event).changes_state:
            return
        getattr(self, f"_on_{event['type']}")(event)

    @staticmethod
    def check_event(event: Mapping[str, Any]) -> None:
        """Refuse an event no definition names (the store calls this on append and import)."""
        check_event(event)

    def _expect(self, what: str, current: Any, event: Mapping[str, Any]) -> None:
        if current != event["from"]:
            raise CampaignError(
                f"event does not fit the state: {what} is {current!r}, event says {event['from']!r}"
            )

    def _on_character_created(self, event: Mapping[str, Any]) -> None:
        char = CharacterState.from_dict(event["character"])
        if char.name in self.characters:
            raise CampaignError(f"character {char.name!r} already exists")
        self.characters[char.name] = char
        self._own_chars.add(char.name)
        self._vehicle_aboard()

    def _vehicle_aboard(self) -> None:
        # ENGINE CHOICE: the characters of a Starforged campaign are taken to be aboard their
        # command vehicle, so its troubles count toward everyone's momentum ("only a factor
        # when you are piloting or aboard that vehicle").
        count = len(self.vehicle["impacts"]) if self.vehicle else 0
        for name, char in self.characters.items():
            if char.vehicle_impacts != (count if char.starforged else 0):
                self._char_w(name).vehicle_impacts = count if char.starforged else 0

    def _on_ruleset(self, event: Mapping[str, Any]) -> None:
        self._expect("the ruleset", self.ruleset, event)
        if event["to"] not in RULESETS:
            raise CampaignError(f"unknown ruleset {event['to']!r}")
        self.ruleset = str(event["to"])

    def _on_impact(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._toggle(char.name, char.impacts, event["impact"], event)

    def _toggle(self, who: str, marks: list[str], name: str, event: Mapping[str, Any]) -> None:
        """Mark (``to`` true) or clear ``name`` in a character's list of debilities or impacts."""
        self._expect(f"{who}'s {name}", name in marks, event)
        if event["to"]:
            marks.append(name)
        else:
            marks.remove(name)

    def _on_legacy(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        track = event["track"]
        self._expect(f"{char.name}'s {track} legacy", char.legacy_track(track), event)
        char.legacy[track] = copy_json(dict(event["to"]))

    def _on_vehicle(self, event: Mapping[str, Any]) -> None:
        self._expect("the command vehicle", self.vehicle, event)
        self.vehicle = copy_json(event["to"])
        self._vehicle_aboard()

    def _on_vehicle_meter(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        self._expect("the vehicle's integrity", self.vehicle["integrity"], event)
        self.vehicle["integrity"] = int(event["to"])

    def _on_vehicle_impact(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        name = event["impact"]
        impacts: list[str] = self.vehicle["impacts"]
        self._expect(f"the vehicle's {name}", name in impacts, event)
        if event["to"]:
            impacts.append(name)
        else:
            impacts.remove(name)
        self._vehicle_aboard()

    def _on_vehicle_mark(self, event: Mapping[str, Any]) -> None:
        if self.vehicle is None:
            raise CampaignError("there is no command vehicle")
        marks: list[str] = self.vehicle.setdefault("marks", [])
        self._toggle(self.vehicle["name"], marks, str(event["mark"]), event)

    def _on_asset_mark(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        asset = next(a for a in char.assets if a["id"] == event["asset"])
        marks: list[str] = asset.setdefault("marks", [])
        self._toggle(asset["name"], marks, str(event["mark"]), event)

    def _on_incidental_vehicle(self, event: Mapping[str, Any]) -> None:
        name = str(event["vehicle"])
        self._expect(f"the vehicle {name}", self.incidental.get(name), event)
        if event["to"] is None:
            self.incidental.pop(name, None)
        else:
            self.incidental[name] = copy_json(dict(event["to"]))

    def _on_character_removed(self, event: Mapping[str, Any]) -> None:
        self.characters.pop(event["character"], None)

    def _on_meter(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        meter = event["meter"]
        self._expect(f"{char.name}'s {meter}", getattr(char, meter), event)
        setattr(char, meter, event["to"])

    def _on_stat(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        stat = str(event["stat"])
        self._expect(f"{char.name}'s {stat}", char.stats.get(stat), event)
        char.stats[stat] = int(event["to"])

    def _on_asset_meter(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        asset = next(a for a in char.assets if a["id"] == event["asset"])
        self._expect(f"{asset['name']}'s health", asset["meter"]["value"], event)
        asset["meter"]["value"] = event["to"]

    def _on_debility(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._toggle(char.name, char.debilities, event["debility"], event)

    def _on_initiative(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._expect(f"{char.name}'s initiative", char.initiative, event)
        char.initiative = bool(event["to"])

    def _on_flag(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        flag = event["flag"]
        self._expect(f"{char.name}'s {flag}", char.flags.get(flag), event)
        if event["to"] is None:
            char.flags.pop(flag, None)
        else:
            char.flags[flag] = copy_json(event["to"])

    def _on_status(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._expect(f"{char.name}'s status", char.status, event)
        char.status = event["to"]

    def _on_bond_added(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).bonds.append(event["bond"])

    def _on_bond_removed(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).bonds.remove(event["bond"])

    def _on_lasting_added(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        effect = event["lasting"]
        if any(e["id"] == effect["id"] for e in char.lasting):
            raise CampaignError(
                f"event does not fit the state: {char.name} already has {effect['id']!r}"
            )
        char.lasting.append(copy_json(effect))

    def _on_lasting_ended(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        ident = event["lasting"]["id"]
        if not any(e["id"] == ident for e in char.lasting):
            raise CampaignError(f"event does not fit the state: {char.name} has no {ident!r}")
        char.lasting = [e for e in char.lasting if e["id"] != ident]

    # Reverting: every event can be taken back, so a failed operation (or an in-memory undo)
    # restores the state without copying it. From/to events swap; creations are removed.
    SWAPPABLE = frozenset(
        {
            "meter",
            "stat",
            "asset_meter",
            "debility",
            "initiative",
            "flag",
            "status",
            "progress",
            "rank",
            "countdown",
            "track_closed",
            "track_characters",
            "track_field",
            "pending",
            "agenda",
            "parked",
            "setting",
            "equipment",
            "asset_ability",
            "asset_reskin",
            "asset_track",
            "packs",
            "truth",
            "ruleset",
            "impact",
            "legacy",
            "vehicle",
            "vehicle_meter",
            "vehicle_impact",
            "vehicle_mark",
            "asset_mark",
            "incidental_vehicle",
        }
    )

    def revert(self, event: Mapping[str, Any]) -> None:
        """Take back ``event``, which must be the last one applied."""
        kind = check_event(event).name
        if kind in RECORD_EVENTS:
            return
        if kind in self.SWAPPABLE:
            self.apply({**event, "from": event["to"], "to": event["from"]})
        elif kind == "character_created":
            del self.characters[event["character"]["name"]]
        elif kind == "track_created":
            del self.tracks[event["track"]["id"]]
            self._open_index = None
            self._closed_json.pop(event["track"]["id"], None)
            self.track_counter -= 1
        elif kind == "bond_added":
            bonds = self._char_w(event["character"]).bonds
            del bonds[len(bonds) - 1 - bonds[::-1].index(event["bond"])]
        elif kind == "bond_removed":
            bonds = self._char_w(event["character"]).bonds
            bonds.insert(int(event.get("index", len(bonds))), event["bond"])
        elif kind == "asset_added":
            char = self._char_w(event["character"])
            char.assets = [a for a in char.assets if a["id"] != event["asset"]["id"]]
        elif kind == "asset_removed":
            char = self._char_w(event["character"])
            char.assets.insert(
                int(event.get("index", len(char.assets))), copy_json(event["record"])
            )
        elif kind == "lasting_added":
            char = self._char_w(event["character"])
            char.lasting = [e for e in char.lasting if e["id"] != event["lasting"]["id"]]
        elif kind == "lasting_ended":
            char = self._char_w(event["character"])
            char.lasting.insert(
                int(event.get("index", len(char.lasting))), copy_json(event["lasting"])
            )
        elif kind == "person_added":
            del self.people[event["person"]["name"]]
        elif kind == "place_added":
            del self.places[event["place"]["name"]]
        elif kind == "note_added":
            self.notes.pop()
        elif kind == "character_removed":
            raise CampaignError("a removed character cannot be restored from the event")

    def _on_asset_added(self, event: Mapping[str, Any]) -> None:
        self._char_w(event["character"]).assets.append(copy_json(event["asset"]))

    def _on_asset_removed(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        char.assets = [a for a in char.assets if a["id"] != event["asset"]]

    def _on_asset_reskin(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        asset = next(a for a in char.assets if a["id"] == event["asset"])
        now = {"name": asset["name"], "requirement": asset.get("requirement")}
        self._expect(f"{char.name}'s {asset['name']}", now, event)
        asset["name"] = event["to"]["name"]
        if event["to"].get("requirement") is None:
            asset.pop("requirement", None)
        else:
            asset["requirement"] = event["to"]["requirement"]

    def _on_asset_ability(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        asset = next(a for a in char.assets if a["id"] == event["asset"])
        index = int(event["ability"])
        self._expect(f"{asset['name']} ability {index + 1}", asset["abilities"][index], event)
        asset["abilities"][index] = bool(event["to"])

    def _on_asset_track(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        asset = next(a for a in char.assets if a["id"] == event["asset"])
        name = str(event["track"])
        track = asset.setdefault("tracks", {}).get(name)
        if track is None:
            raise CampaignError(f"event does not fit the state: {asset['name']} has no {name}")
        field = str(event.get("field") or "value")  # "max": an ability changed its size
        self._expect(f"{asset['name']}'s {name} {field}", track[field], event)
        track[field] = event["to"]

    def _on_equipment(self, event: Mapping[str, Any]) -> None:
        char = self._char_w(event["character"])
        self._expect(f"{char.name}'s equipment", char.equipment, event)
        char.equipment = list(event["to"])

    def _on_track_created(self, event: Mapping[str, Any]) -> None:
        self._open_index = None
        track = TrackState.from_dict(event["track"])
        if track.id in self.tracks:
            raise CampaignError(f"track {track.id!r} already exists")
        self.tracks[track.id] = track
        self._own_tracks.add(track.id)
        self.track_counter += 1

    def _on_progress(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(f"{track.id} progress", track.ticks, event)
        track.ticks = int(event["to"])

    def _on_rank(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(f"{track.id} rank", track.rank, event)
        track.rank = event["to"]

    def _on_countdown(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(f"{track.id} countdown", track.countdown, event)
        track.countdown = event["to"]

    def _on_track_closed(self, event: Mapping[str, Any]) -> None:
        self._open_index = None
        track = self._track_w(event["track"])
        self._expect(f"{track.id} status", track.status, event)
        track.status = event["to"]

    def _on_track_field(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        name = event["field"]
        if name not in ("role", "bonded", "influence", "no_benefit", "second_role"):
            raise CampaignError(f"unknown track field {name!r}")
        self._expect(f"{track.id} {name}", getattr(track, name), event)
        setattr(track, name, copy_json(event["to"]))

    def _on_track_characters(self, event: Mapping[str, Any]) -> None:
        self._open_index = None
        track = self._track_w(event["track"])
        self._expect(f"{track.id} characters", track.characters, event)
        track.characters = list(event["to"])

    def _on_pending(self, event: Mapping[str, Any]) -> None:
        self._expect("the pending decision", self.pending, event)
        self.pending = copy_json(event["to"])

    def _on_parked(self, event: Mapping[str, Any]) -> None:
        self._expect("the decisions set aside", self.parked, event)
        self.parked = copy_json(dict(event["to"]))

    def _on_agenda(self, event: Mapping[str, Any]) -> None:
        self._expect("the agenda", self.agenda, event)
        self.agenda = copy_json(list(event["to"]))

    def _on_setting(self, event: Mapping[str, Any]) -> None:
        name = event["setting"]
        if name in OPTIONS:
            self._expect(f"the option {name}", self.option(name), event)
            if event["to"] == OPTIONS[name].default:
                self.options.pop(name, None)  # only the options that differ are kept
            else:
                self.options[name] = event["to"]
            return
        if name != "shared_supply":
            raise CampaignError(f"unknown setting {name!r}")
        self._expect(name, self.shared_supply, event)
        self.shared_supply = bool(event["to"])

    def _on_person_added(self, event: Mapping[str, Any]) -> None:
        person = copy_json(dict(event["person"]))
        if person["name"] in self.people:
            raise CampaignError(f"person {person['name']!r} already exists")
        self.people[person["name"]] = person

    def _on_place_added(self, event: Mapping[str, Any]) -> None:
        place = copy_json(dict(event["place"]))
        if place["name"] in self.places:
            raise CampaignError(f"place {place['name']!r} already exists")
        self.places[place["name"]] = place

    def _on_note_added(self, event: Mapping[str, Any]) -> None:
        self.notes.append(copy_json(dict(event["note"])))

    def _on_truth(self, event: Mapping[str, Any]) -> None:
        truth = str(event["truth"])
        self._expect(f"the truth {truth}", self.truths.get(truth), event)
        if event["to"] is None:
            self.truths.pop(truth, None)
        else:
            self.truths[truth] = copy_json(dict(event["to"]))

    def _on_packs(self, event: Mapping[str, Any]) -> None:
        self._expect("the content packs", self.packs, event)
        self.packs = list(event["to"])

    def person_sheet(self, name: str) -> JsonDict:
        """A person with who shares a bond with them (bonds live on the characters)."""
        person = dict(self.people[name])
        person["bonds"] = [c.name for c in self.characters.values() if name in c.bonds]
        return person

    # --- snapshots -------------------------------------------------------------------------

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
        state.incidental = copy_json(dict(data.get("incidental", {})))
        state._vehicle_aboard()
        state.options = copy_json(dict(data.get("options", {})))
        return state

    def copy(self) -> CampaignState:
        return CampaignState.from_dict(self.to_dict())

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
        state._closed = _ClosedTracks(closed, list(order))
        return state

    def sheet(self, name: str | None = None) -> JsonDict:
        """A character's sheet with the vows they hold and every open track they share
        (vows, journeys, fights...): the ``sheet`` command's JSON."""
        char = self.character(name)
        data = char.sheet()
        mine = self.open_tracks_of(char.name)
        data["vows"] = [
            {"id": t.id, "name": t.name, "rank": t.rank, "ticks": t.ticks, "score": t.score}
            for t in mine
            if t.kind == "vow"
        ]
        data["tracks"] = [
            {
                "id": t.id,
                "kind": t.kind,
                "name": t.name,
                "rank": t.rank,
                "ticks": t.ticks,
                "score": t.score,
            }
            for t in mine
        ]
        if char.starforged:
            data["connections"] = [
                {
                    "id": t.id,
                    "name": t.name,
                    "role": t.role,
                    **({"second_role": t.second_role} if t.second_role else {}),
                    "rank": t.rank,
                    "ticks": t.ticks,
                    "bonded": t.bonded,
                }
                for t in self._open_tracks()
                if t.kind == "connection" and char.name in t.characters
            ]
            data["vehicle"] = copy_json(self.vehicle)
            # What a roll on Endure Harm's table left on the character (dying until healed
            # above 0, unconscious until back to their senses, reeling until the next
            # vigorous activity or a breather).
            data["conditions"] = [
                c for c in ("dying", "unconscious", "reeling") if char.flags.get(c)
            ]
            in_fight = any(
                t.kind == "fight" and char.name in t.characters for t in self._open_tracks()
            )
            if not in_fight:
                data["position"] = (
                    None  # in control / in a bad spot only means something in a fight
                )
        # The campaign options' marks (chapter 7): roles instead of assets, background bonds
        # held in reserve, the semi-random setup's cards still in hand and its steps still to
        # take (draws left, the oracle's background vow and person to name).
        for flag in (
            "roles",
            "reserved_bonds",
            "asset_hand",
            "background_vow",
            "asset_draws",
            "background_goal",
            "bond_oracle",
        ):
            if char.flags.get(flag):
                data[flag] = copy_json(char.flags[flag])
        return data


# How fork() copies the state's fields (see there): these are set by fork itself or shared...
_FORK_KEPT = frozenset(
    {"characters", "_tracks", "_own_chars", "_own_tracks", "_closed", "_open_index"}
    | {"_closed_json"}
    | {"people", "places", "notes", "packs", "truths", "incidental", "options"}
)
# ...and these get a new container with the same entries (their handlers replace entries).
_FORK_SHALLOW = ("people", "places", "notes", "packs", "truths", "incidental", "options")


class _ClosedTracks:
    """A snapshot's closed tracks as JSON text, read once on first use (shared by the forks
    of the state read from it), and the order of every track of the snapshot."""

    def __init__(self, text: str, order: list[str]) -> None:
        self.text = text
        self.order = order

        self._template: dict[str, TrackState | None] | None = None
        self.open_ids: frozenset[str] = frozenset()  # the snapshot's open tracks (template())

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
