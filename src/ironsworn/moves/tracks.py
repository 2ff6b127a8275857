"""Progress tracks by hand: the kinds of track each ruleset plays, a new track (vows checked
against the campaign's setup options, a background vow remembered), progress marked or cleared
outside a move, and a Starforged legacy track marked by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, IronswornError, OptionNeeded, RuleViolation
from ironsworn.moves.operation_group import EngineOperations
from ironsworn.names import unshowable, unshowable_words
from ironsworn.progress import MAX_TICKS, pack_rank
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import OperationResult

TRACK_KINDS = (
    "vow",
    "journey",
    "fight",
    "scene",
    "connection",
    "expedition",
    "site",
    "threat",
)
# The longest name a new track takes: a vow is a sentence ("Find the one who burned my
# village and see them answer for it"), not a page; each list and log line shows it whole.
TRACK_NAME_MAX = 200
# The kinds of track each ruleset plays (Starforged: vows, expeditions, combat objectives,
# connections, scene challenges).
RULESET_TRACKS = {
    "classic": ("vow", "journey", "fight", "scene", "site", "threat"),
    "starforged": ("vow", "expedition", "fight", "connection", "scene"),
}


def progress_moves(library: Any, ruleset: str) -> dict[str, str]:
    """The progress move that finishes each kind of track (the first of the rulebook's order
    that rolls it): ``{"vow": "move:classic/quest/fulfill_your_vow", ...}``."""
    from ironsworn.moves.registry import PROGRESS_KINDS, short_name

    tracks = RULESET_TRACKS.get(ruleset, ())
    found: dict[str, str] = {}
    for move in library.in_ruleset("moves", ruleset).values():
        if move.roll_type != "progress_roll":
            continue
        using = move.rolls[0] if move.rolls else ""
        kinds = PROGRESS_KINDS.get(short_name(move.id)) or PROGRESS_KINDS.get(using) or ()
        for kind in kinds:
            if kind in tracks:  # Finish an Expedition also rolls a journey: not a Starforged track
                found.setdefault(kind, move.id)
    return found


def track_event(
    state: CampaignState,
    kind: str,
    name: str,
    rank: Rank,
    characters: Sequence[str],
    foe: str | None = None,
    count: int = 1,
) -> dict[str, Any]:
    """The event that creates a new track with the next free id (``vow-3``)."""
    if kind not in TRACK_KINDS:
        raise InvalidValue(f"track kind {kind!r} is unknown (accepted: {', '.join(TRACK_KINDS)})")
    text = " ".join(name.split())  # one line: a name is shown in lists and log lines
    if not text:
        raise InvalidValue(f"track name {name!r} is empty (accepted: some text)")
    if len(text) > TRACK_NAME_MAX:
        # Checked when a track is made, not when a campaign is read: one kept before the
        # limit still opens.
        raise InvalidValue(
            f"track name {text[:40] + '…'!r} is {len(text)} characters long (accepted: 1 to "
            f"{TRACK_NAME_MAX} characters)"
        )
    bad = unshowable(text)
    if bad is not None:
        raise InvalidValue(f"track name {name!r} holds {unshowable_words(bad)} (accepted: text)")
    number = state.track_counter + 1
    while f"{kind}-{number}" in state.tracks:
        number += 1
    track = {
        "id": f"{kind}-{number}",
        "kind": kind,
        "name": text,
        "rank": rank.label,
        "ticks": 0,
        "characters": list(characters),
        "status": "active",
        "foe": foe,
        "count": count,
        "countdown": 0 if kind == "scene" else None,
    }
    return {"type": "track_created", "track": track}


class TrackOperations(EngineOperations):
    """New tracks and progress by hand."""

    def new_track(
        self,
        kind: str,
        name: str,
        rank: str | int,
        characters: Sequence[str] = (),
        foe: str | None = None,
        count: int = 1,
        role: str | None = None,
        background: bool = False,
        unsworn: bool = False,
    ) -> OperationResult:
        """A new track; a vow is checked against the campaign's setup options, and a
        ``background`` vow (extreme or epic, no roll) is remembered on the characters, as is
        an ``unsworn`` one (the inciting incident, to swear with the move next)."""

        def run() -> None:
            allowed = RULESET_TRACKS[self.state.ruleset]
            if kind not in allowed:
                raise InvalidValue(
                    f"a {kind} track is not part of {self.state.ruleset} (accepted: "
                    f"{', '.join(allowed)})"
                )
            who = [self.state.character(c).name for c in characters] or [
                self.state.character(None).name
            ]
            twice = next((n for i, n in enumerate(who) if n in who[:i]), None)
            if twice is not None:
                raise InvalidValue(f"character {twice!r} is named twice for one track")
            parsed = Rank.parse(rank) if rank not in (None, "") else None
            foe_id = None
            text = name
            if kind == "fight" and foe:
                try:
                    # A foe of the campaign's own ruleset: a Starforged fight with "Bear" took
                    # the classic book's formidable bear; a foe the ruleset lacks is the
                    # player's own words (its rank asked), as Enter the Fray takes it.
                    npc = self.engine.ruleset.find_in("npcs", foe, self.state.ruleset)
                except IronswornError:
                    npc = None
                if npc is not None:
                    foe_id = npc.id
                    text = name or npc.name
                    if parsed is None:
                        parsed = Rank.parse(npc.rank)
                else:
                    text = name or foe
            if kind == "vow":
                from ironsworn.moves.setup import vow_rank

                parsed, note = vow_rank(self.state, parsed, who, background)
                if note:
                    self.engine.note(note)
            elif background or unsworn:
                given = "background" if background else "unsworn"
                raise InvalidValue(
                    f"{{{given}}} is for vows, not a {kind}",
                    input=given,
                    value=True,
                    accepted=("vow",),
                )
            if background and unsworn:
                raise InvalidValue(
                    "{unsworn}: a background vow is not sworn with the move (accepted: "
                    "a vow that is not the background vow)",
                    input="unsworn",
                    value=True,
                    accepted=("a vow that is not the background vow",),
                )
            if parsed is None:
                # A foe of the player's own (or a track with no rank given): asked, not refused.
                ranks = ("troublesome", "dangerous", "formidable", "extreme", "epic")
                raise OptionNeeded(
                    f"What is the rank of {text or 'the ' + kind}? (accepted: {', '.join(ranks)})",
                    "rank",
                    tuple((r, r) for r in ranks),
                )
            if count != 1:
                parsed = pack_rank(parsed, count)
                text = f"{text} (pack of {count})"
            event = track_event(self.state, kind, text, parsed, who, foe_id, count)
            if kind == "connection":
                event["track"].update(role=role, bonded=False, influence=None, no_benefit=False)
            elif role is not None:
                raise InvalidValue(
                    f"{{role}} {role!r} is for connections, not a {kind}",
                    input="role",
                    value=role,
                    accepted=("connection",),
                )
            self.engine.emit(event)
            if background:
                for character in who:
                    self.engine.set_flag(character, "background_vow", event["track"]["id"])
            if unsworn:
                for character in who:
                    held = self.state.character(character).flags.get("unsworn_vows") or []
                    self.engine.set_flag(character, "unsworn_vows", [*held, event["track"]["id"]])

        return self.engine.operation(kind, characters[0] if characters else None, run)

    def progress(
        self,
        track: str,
        mark: bool,
        ticks: int | None = None,
        times: int = 1,
        character: str | None = None,
    ) -> OperationResult:
        """Mark (or clear) progress on ``track`` by hand, by ``character`` (whose entry the
        timeline's is)."""

        def run() -> None:
            found = self.state.track(track)
            if ticks is not None and not 0 <= ticks <= MAX_TICKS:
                raise InvalidValue(
                    input="ticks", value=ticks, accepted=f"0 to {MAX_TICKS}", why="is out of range"
                )
            per = Rank.parse(found.rank).ticks_per_mark
            amount = ticks if ticks is not None else per * times
            self.engine.set_ticks(found, found.ticks + (amount if mark else -amount))

        return self.engine.operation("progress", character, run)

    def mark_legacy(self, character: str | None, track: str, ticks: int) -> OperationResult:
        """Mark ticks on a Starforged legacy track by hand (experience as Earn Experience)."""
        from ironsworn.campaign.state import LEGACY_TRACKS
        from ironsworn.moves.starforged._common import mark_legacy

        def run() -> None:
            char = self.state.character(character)
            if not char.starforged:
                raise RuleViolation(f"{char.name} is a classic character: no legacy tracks")
            key = track.strip().lower()
            if key not in LEGACY_TRACKS:
                raise InvalidValue(
                    f"legacy track {track!r} is unknown (accepted: {', '.join(LEGACY_TRACKS)})"
                )
            if not 1 <= ticks <= 40:
                raise InvalidValue(
                    input="ticks", value=ticks, accepted="1 to 40", why="is out of range"
                )
            mark_legacy(self.engine, char.name, key, ticks)
            self.engine.run_queued()

        return self.engine.operation("legacy", character, run)
