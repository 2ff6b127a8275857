"""Progress tracks: 10 boxes of 4 ticks (rulebook pp. 39-41, 82, 111; Starforged legacies).

- :class:`ProgressTrack` — vows, journeys, fights, scene challenges: a rank sets the ticks per
  mark; the progress score is the number of full boxes.
- Bonds (:func:`bonds_track`) — 1 tick per bond, no rank; rolled by Write Your Epilogue.
- :class:`LegacyTrack` — Starforged quests / bonds / discoveries legacies: every box filled is
  worth 2 experience; after the tenth box the track is cleared and marked complete, later boxes
  are worth 1 experience, and a progress roll against it counts as 10.

ENGINE CHOICE (spec §6.13): "clear all but one filled progress" keeps one full box (4 ticks)
and drops partial ticks; with no full box the track is cleared.
"""

from __future__ import annotations

from enum import StrEnum

from ironsworn.errors import InvalidValue
from ironsworn.ranks import Rank
from ironsworn.record import record, replace

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any

TICKS_PER_BOX = 4
BOXES = 10
MAX_TICKS = TICKS_PER_BOX * BOXES


class TrackKind(StrEnum):
    VOW = "vow"
    JOURNEY = "journey"
    FIGHT = "fight"
    SCENE = "scene"
    BONDS = "bonds"
    LEGACY = "legacy"


def progress_score(ticks: int) -> int:
    """The progress score: full boxes, 0-10."""
    return min(BOXES, ticks // TICKS_PER_BOX)


# How a box with 0-4 ticks is drawn. "A full progress box consists of four ticks in a
# star-shaped pattern" (seed 000 L604): one stroke, a cross, a cross and a bar, a filled box.
ASCII_BOXES = (" ", "/", "X", "*", "#")
UNICODE_BOXES = ("○", "◔", "◑", "◕", "●")


def progress_boxes(ticks: int, unicode: bool = False) -> str:
    """The ten boxes of a track with their ticks: ``[#][#][/][ ]...`` or ``●●◔○...``.

    >>> progress_boxes(9)
    '[#][#][/][ ][ ][ ][ ][ ][ ][ ]'
    >>> progress_boxes(14, unicode=True)
    '●●●◑○○○○○○'
    """
    _check_ticks(ticks)
    marks = UNICODE_BOXES if unicode else ASCII_BOXES
    boxes = [marks[min(TICKS_PER_BOX, max(0, ticks - TICKS_PER_BOX * i))] for i in range(BOXES)]
    return "".join(boxes) if unicode else "".join(f"[{b}]" for b in boxes)


def _check_ticks(ticks: int) -> int:
    if not 0 <= ticks <= MAX_TICKS:
        raise InvalidValue(f"progress {ticks} ticks is out of range (0 to {MAX_TICKS})")
    return ticks


@record
class ProgressTrack:
    """A ranked progress track. ``rank`` is None only for the bonds track."""

    name: str
    kind: TrackKind
    rank: Rank | None
    ticks: int = 0

    def __post_init__(self) -> None:
        _check_ticks(self.ticks)
        if self.rank is None and self.kind is not TrackKind.BONDS:
            raise InvalidValue(
                f"a {self.kind.value} track is given without a rank (accepted: troublesome, "
                "dangerous, formidable, extreme, epic)"
            )

    @property
    def score(self) -> int:
        return progress_score(self.ticks)

    @property
    def ticks_per_mark(self) -> int:
        return 1 if self.rank is None else self.rank.ticks_per_mark

    def marked(self, times: int = 1) -> ProgressTrack:
        """Mark progress ``times`` times by the track's rank (capped at 40 ticks)."""
        if times < 0:
            raise InvalidValue(f"times {times} must be 0 or more")
        return replace(self, ticks=min(MAX_TICKS, self.ticks + times * self.ticks_per_mark))

    def with_ticks(self, ticks: int) -> ProgressTrack:
        return replace(self, ticks=_check_ticks(ticks))

    def add_ticks(self, ticks: int) -> ProgressTrack:
        """Add (or with a negative number, clear) raw ticks, kept within 0-40."""
        return replace(self, ticks=max(0, min(MAX_TICKS, self.ticks + ticks)))

    def cleared_all_but_one_box(self) -> ProgressTrack:
        """Clear all but one filled box (partial ticks go too)."""
        return replace(self, ticks=TICKS_PER_BOX if self.score >= 1 else 0)

    def rank_raised(self) -> ProgressTrack:
        if self.rank is None:
            raise InvalidValue("the bonds track has no rank to raise")
        return replace(self, rank=self.rank.raised())

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "rank": None if self.rank is None else self.rank.label,
            "ticks": self.ticks,
            "score": self.score,
        }


def bonds_track(ticks: int = 0) -> ProgressTrack:
    """The bonds track: one tick per bond, no rank."""
    return ProgressTrack("Bonds", TrackKind.BONDS, None, ticks)


def pack_rank(rank: Rank, count: int) -> Rank:
    """The rank of a pack of ``count`` foes sharing a track (rulebook p. 84).

    Packs are for troublesome or dangerous foes: about 3-5 raise the rank by one, about 6-10 by
    two; more than 10 should be split into several packs. ENGINE CHOICE: two foes sharing a
    track keep their rank (the book's smallest pack is "about 3").
    """
    if count < 1:
        raise InvalidValue(f"count {count} must be at least 1")
    if count == 1:
        return rank
    if count > 10:
        raise InvalidValue(f"a pack of {count} is too big: split more than 10 foes into packs")
    if rank > Rank.DANGEROUS:
        raise InvalidValue(f"only troublesome or dangerous foes form packs, not {rank.label} ones")
    if count <= 2:
        return rank
    return rank.raised(1 if count <= 5 else 2)


@record
class LegacyTrack:
    """A Starforged legacy track (quests, bonds or discoveries) and its experience."""

    name: str
    ticks: int = 0
    completed: bool = False  # the tenth box has been filled once: track cleared, boxes worth 1
    xp_boxes: int = 0  # full boxes already turned into experience since the last clear

    @property
    def score(self) -> int:
        """Progress score for a roll: 10 once the track has been completed."""
        return BOXES if self.completed else progress_score(self.ticks)

    @property
    def xp_per_box(self) -> int:
        return 1 if self.completed else 2

    def mark_ticks(self, ticks: int) -> tuple[LegacyTrack, int]:
        """Mark ``ticks``; return the new track and the experience earned by newly full boxes."""
        if ticks < 0:
            raise InvalidValue(f"legacy ticks {ticks} must be 0 or more")
        track, earned = self, 0
        remaining = ticks
        while remaining > 0:
            room = MAX_TICKS - track.ticks
            step = min(room, remaining)
            new_ticks = track.ticks + step
            full = progress_score(new_ticks)
            earned += (full - track.xp_boxes) * track.xp_per_box
            track = replace(track, ticks=new_ticks, xp_boxes=full)
            remaining -= step
            if track.ticks == MAX_TICKS:
                # The tenth box: clear the track; from now on boxes are worth 1 experience.
                track = replace(track, ticks=0, xp_boxes=0, completed=True)
        return track, earned


@record
class Experience:
    """Experience earned and spent; Advance costs 3 (new asset) or 2 (upgrade)."""

    earned: int = 0
    spent: int = 0

    NEW_ASSET_COST = 3
    UPGRADE_COST = 2

    @property
    def available(self) -> int:
        return self.earned - self.spent

    def earn(self, amount: int) -> Experience:
        if amount < 0:
            raise InvalidValue(f"experience {amount} must be 0 or more")
        return replace(self, earned=self.earned + amount)

    def spend(self, amount: int) -> Experience:
        if amount > self.available:
            raise InvalidValue(f"cannot spend {amount} experience: only {self.available} available")
        return replace(self, spent=self.spent + amount)
