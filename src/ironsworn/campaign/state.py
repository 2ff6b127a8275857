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

from collections.abc import Callable, Mapping
from typing import Any

from ironsworn.campaign.character_events import CharacterEvents
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
from ironsworn.campaign.events import EVENT_TYPES, check_event
from ironsworn.campaign.snapshot import Snapshots
from ironsworn.campaign.world_events import WorldEvents
from ironsworn.errors import CampaignError

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


class CampaignState(CharacterEvents, WorldEvents, Snapshots):
    """Everything the rules need to know about a campaign, rebuilt by folding events.

    The records and lookups are :class:`~ironsworn.campaign.state_records.StateRecords`'; the
    event handlers are :mod:`~ironsworn.campaign.character_events`' and
    :mod:`~ironsworn.campaign.world_events`'; JSON and snapshots are
    :mod:`~ironsworn.campaign.snapshot`'s. This class folds (apply, revert), forks and draws
    the sheet.
    """

    # Bump when to_dict() or apply() change (snapshots are a cache). 11: a classic character's
    # legacy tracks (Delve's failure track), which snapshots of 10 left out, so those are
    # folded again from the log.
    SNAPSHOT_VERSION = 11

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
        return self._copy(characters=True)

    def view(self) -> CampaignState:
        """A copy to read now, before this state changes again: it shares every record, the
        characters' too (copying those is most of a fork's work), which this state goes on
        changing in place. The tracks it holds are never changed in place, though: this state
        copies a track it shares before changing it, as after a fork, so a reader may keep
        what it worked out from a track by the record's identity. A change through the view
        itself copies what it changes first, as a fork's does.

        The web table reads the page state from one after each change, at once."""
        return self._copy(characters=False)

    def _copy(self, *, characters: bool) -> CampaignState:
        """:meth:`fork` (``characters``: the active ones and their open tracks copied) or
        :meth:`view` (nothing copied)."""
        new = CampaignState.__new__(CampaignState)
        new.__dict__.update(self.__dict__)
        own_chars: set[str] = set()
        chars = dict(self.characters)
        if characters:
            for name, char in chars.items():
                if char.status == "active":
                    chars[name] = char.copy()
                    own_chars.add(name)
        own_tracks: set[str] = set()
        tracks = dict(self._tracks)  # the snapshot's closed tracks, if still unread, are shared
        # Open tracks of active characters are copied (found by the index, which the copy
        # shares: no scan of a long campaign's tracks); those only characters who are gone
        # hold are shared like the closed ones.
        index = self._open_index_of()
        new._open_index = index
        for name in own_chars:
            for ident in index.by_character.get(name, ()):
                if ident not in own_tracks:
                    tracks[ident] = tracks[ident].copy()
                    own_tracks.add(ident)
        new.characters, new._tracks = chars, tracks
        new._sharing, new._own_chars, new._own_tracks = True, own_chars, own_tracks
        new._closed_json = {}  # a fork snapshots rarely; the store's own state keeps its texts
        # This state's own records of the active ones were not handed over; the rest are
        # shared now. Only records it owned already stay its own: one it shares with an
        # earlier fork stays shared even when it is an active character's now (an undone
        # death brings a character, and the tracks only they held, back into play). A view
        # shares the characters only to be read before this state changes them: they stay
        # this state's own (its tracks do not: see view).
        if self._sharing:
            if characters:
                self._own_chars &= own_chars
            self._own_tracks &= own_tracks
        else:
            self._own_chars = set(own_chars) if characters else set(self.characters)
            self._own_tracks = set(own_tracks)
        self._sharing = True
        # Collections whose entries the handlers only add, remove or replace: a new container
        # with the same entries. Anything else that is a dict or a list (the pending decision,
        # the agenda, the vehicle, and any field added later) is copied whole.
        mine, theirs = self.__dict__, new.__dict__
        for name in _FORK_SHALLOW:
            value = mine[name]
            theirs[name] = type(value)(value)
        for name, value in mine.items():
            if name not in _FORK_KEPT and isinstance(value, _CONTAINERS):
                theirs[name] = copy_json(value)
        return new

    # --- the fold --------------------------------------------------------------------------

    def check(self) -> None:
        """Refuse a state live play could not have made (checked after imported operations;
        see :mod:`ironsworn.campaign.invariants`)."""
        from ironsworn.campaign.invariants import check_state

        check_state(self)

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold one event into the state. An event that does not fit the state is refused."""
        # An unknown (misspelt) type or a missing field is refused, never ignored.
        spec = check_event(event)
        if spec.changes_state:
            handler = _HANDLERS.get(type(self))
            if handler is None:
                handler = _HANDLERS[type(self)] = _handlers_of(type(self))
            handler[spec.name](self, event)

    def apply_built(self, event: Mapping[str, Any]) -> None:
        """Fold an event the move engine built (its type and fields are the engine's own
        code): its definition is not looked up again here. Every event is still checked
        where it is kept (the store checks each one it appends) and where one comes from
        outside (:meth:`apply`). A type this state cannot fold goes through :meth:`apply`,
        which refuses it as always."""
        folds = _FOLDS.get(type(self))
        if folds is None:
            folds = _FOLDS[type(self)] = _folds_of(type(self))
        # A record event (most of a move's) folds to nothing; a type the table lacks goes
        # through apply.
        fold: _Fold | None = folds.get(event["type"], by_apply)
        if fold is not None:
            fold(self, event)

    @staticmethod
    def check_event(event: Mapping[str, Any]) -> None:
        """Refuse an event no definition names (the store calls this on append and import)."""
        check_event(event)

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
            self._crew_left()
        elif kind == "track_created":
            ident = event["track"]["id"]
            # An open track is in _tracks: no need to read a snapshot's closed ones for it.
            removed = self._tracks.pop(ident, None) or self.tracks.pop(ident)
            if removed.status == "active":
                self._index_track(removed, add=False)
            self._index_track_id(ident, add=False)
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
            self._crew_left()
        elif kind == "asset_removed":
            char = self._char_w(event["character"])
            char.assets.insert(
                int(event.get("index", len(char.assets))), copy_json(event["record"])
            )
            self._crew_joined(char.name)
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

    def person_sheet(self, name: str) -> JsonDict:
        """A person with who shares a bond with them (bonds live on the characters)."""
        person = dict(self.people[name])
        person["bonds"] = [c.name for c in self.characters.values() if name in c.bonds]
        return person

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
                for t in self.open_tracks_of(char.name, "connection")
            ]
            data["vehicle"] = copy_json(self.vehicle)
            # What a roll on Endure Harm's table left on the character (dying until healed
            # above 0, unconscious until back to their senses, reeling until the next
            # vigorous activity or a breather).
            data["conditions"] = [
                c for c in ("dying", "unconscious", "reeling") if char.flags.get(c)
            ]
            if not self.holds_open(char.name, "fight"):
                data["position"] = (
                    None  # in control / in a bad spot only means something in a fight
                )
        # The campaign options' marks (chapter 7): roles instead of assets, background bonds
        # held in reserve, the semi-random setup's cards still in hand and its steps still to
        # take (draws left, the oracle's background vow and person to name); the vows still to
        # swear with the move (the inciting incident's, made ``unsworn``).
        for flag in (
            "roles",
            "reserved_bonds",
            "asset_hand",
            "background_vow",
            "unsworn_vows",
            "asset_draws",
            "background_goal",
            "bond_oracle",
        ):
            if char.flags.get(flag):
                data[flag] = copy_json(char.flags[flag])
        return data


# Each state class's ``_on_<type>`` handlers by event type, looked up once per class (not by
# building the method's name on every event).
_HANDLERS: dict[type[CampaignState], dict[str, Callable[[Any, Mapping[str, Any]], None]]] = {}


def _handlers_of(cls: type[CampaignState]) -> dict[str, Callable[[Any, Mapping[str, Any]], None]]:
    return {
        name: getattr(cls, f"_on_{name}")
        for name, spec in EVENT_TYPES.items()
        if spec.changes_state and hasattr(cls, f"_on_{name}")
    }


# What apply_built does with each event type, by state class: a change's handler, or None for
# a record (it changes nothing). A type in neither goes through apply (which refuses it).
_Fold = Callable[[Any, Mapping[str, Any]], None]
_FOLDS: dict[type[CampaignState], dict[str, _Fold | None]] = {}


def _folds_of(cls: type[CampaignState]) -> dict[str, _Fold | None]:
    return {**dict.fromkeys(RECORD_EVENTS), **_handlers_of(cls)}


def built_folds(state: CampaignState) -> Mapping[str, _Fold | None]:
    """What :meth:`CampaignState.apply_built` does with each event type for ``state``'s class:
    the handler of a change, None for a record; a type it lacks goes through
    :meth:`CampaignState.apply`. The move engine keeps it, to fold each event it builds
    without a call to apply_built in between."""
    folds = _FOLDS.get(type(state))
    if folds is None:
        folds = _FOLDS[type(state)] = _folds_of(type(state))
    return folds


def by_apply(state: CampaignState, event: Mapping[str, Any]) -> None:
    """The fold of a type the table of :meth:`CampaignState.apply_built` lacks: through
    :meth:`CampaignState.apply` (which refuses an unknown type)."""
    state.apply(event)


# How fork() copies the state's fields (see there): these are set by fork itself or shared...
_FORK_KEPT = frozenset(
    {"characters", "_tracks", "_own_chars", "_own_tracks", "_closed", "_open_index", "_track_ids"}
    | {"_closed_json"}
    | {"people", "places", "notes", "packs", "truths", "incidental", "options"}
)
# ...and these get a new container with the same entries (their handlers replace entries).
_CONTAINERS = (dict, list)  # (a tuple: isinstance with `dict | list` builds the union each time)
_FORK_SHALLOW = ("people", "places", "notes", "packs", "truths", "incidental", "options")
