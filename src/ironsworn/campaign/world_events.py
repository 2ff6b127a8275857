"""How the events about tracks, decisions and the world change the state: progress tracks
(created, marked, ranked, closed, shared), the pending decision, the agenda and the decisions
set aside, the campaign's settings and ruleset, people, places, notes, truths and packs.

Each ``_on_<type>`` folds one event type (see :mod:`ironsworn.campaign.events`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.campaign.character_state import RULESETS, TrackState, copy_json
from ironsworn.campaign.options import OPTIONS
from ironsworn.campaign.state_records import StateRecords
from ironsworn.errors import CampaignError


class WorldEvents(StateRecords):
    """The fold of the events about tracks, decisions, settings and the world."""

    def _on_ruleset(self, event: Mapping[str, Any]) -> None:
        self._expect(self.ruleset, event, "the ruleset")
        if event["to"] not in RULESETS:
            raise CampaignError(f"unknown ruleset {event['to']!r}")
        self.ruleset = str(event["to"])

    def _on_track_created(self, event: Mapping[str, Any]) -> None:
        track = TrackState.from_dict(event["track"])
        if self._has_track(track.id):
            raise CampaignError(f"track {track.id!r} already exists")
        # After every other (a snapshot's closed tracks, read later, are put before it).
        self._tracks[track.id] = track
        self._own_tracks.add(track.id)
        self.track_counter += 1
        self._index_track_id(track.id, add=True)
        if track.status == "active":
            self._index_track(track, add=True)  # the newest track: last in every list

    def _on_progress(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(track.ticks, event, "{} progress", track.id)
        track.ticks = int(event["to"])

    def _on_rank(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(track.rank, event, "{} rank", track.id)
        track.rank = event["to"]

    def _on_countdown(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(track.countdown, event, "{} countdown", track.id)
        track.countdown = event["to"]

    def _on_track_closed(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        self._expect(track.status, event, "{} status", track.id)
        was_open = track.status == "active"
        track.status = event["to"]
        if was_open and track.status != "active":
            self._index_track(track, add=False)
        elif track.status == "active" and not was_open:
            self._open_index = None  # reopened (an undo): back in its place when rebuilt

    def _on_track_field(self, event: Mapping[str, Any]) -> None:
        track = self._track_w(event["track"])
        name = event["field"]
        if name not in ("role", "bonded", "influence", "no_benefit", "second_role", "denizens"):
            raise CampaignError(f"unknown track field {name!r}")
        self._expect(getattr(track, name), event, "{} {}", track.id, name)
        setattr(track, name, copy_json(event["to"]))

    def _on_track_characters(self, event: Mapping[str, Any]) -> None:
        self._open_index = None
        track = self._track_w(event["track"])
        self._expect(track.characters, event, "{} characters", track.id)
        track.characters = list(event["to"])

    # The pending decision, the agenda and the decisions set aside are taken as the event
    # gives them, without a copy: the state only ever replaces them whole, and the move engine
    # copies what it changes in place (the agenda's steps, a decision's resume step) when it
    # takes them up (MoveEngine._reset), so neither the state nor the event is changed later.

    def _on_pending(self, event: Mapping[str, Any]) -> None:
        if self.pending is not event["from"]:  # (the check itself only when needed)
            self._expect(self.pending, event, "the pending decision")
        self.pending = event["to"]

    def _on_parked(self, event: Mapping[str, Any]) -> None:
        self._expect(self.parked, event, "the decisions set aside")
        self.parked = event["to"]

    def _on_agenda(self, event: Mapping[str, Any]) -> None:
        if self.agenda is not event["from"]:
            self._expect(self.agenda, event, "the agenda")
        self.agenda = event["to"]

    def _on_setting(self, event: Mapping[str, Any]) -> None:
        name = event["setting"]
        if name in OPTIONS:
            self._expect(self.option(name), event, "the option {}", name)
            if event["to"] == OPTIONS[name].default:
                self.options.pop(name, None)  # only the options that differ are kept
            else:
                self.options[name] = event["to"]
            return
        if name != "shared_supply":
            raise CampaignError(f"unknown setting {name!r}")
        self._expect(self.shared_supply, event, name)
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
        self._expect(self.truths.get(truth), event, "the truth {}", truth)
        if event["to"] is None:
            self.truths.pop(truth, None)
        else:
            self.truths[truth] = copy_json(dict(event["to"]))

    def _on_packs(self, event: Mapping[str, Any]) -> None:
        self._expect(self.packs, event, "the content packs")
        self.packs = list(event["to"])
