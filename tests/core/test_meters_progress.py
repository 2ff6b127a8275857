"""Condition meters, debilities, progress tracks, ranks, legacies and experience."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ironsworn.debilities import BLOCKING, DEBILITIES, DebilityKind, check_debility
from ironsworn.errors import InvalidValue
from ironsworn.meters import change_meter
from ironsworn.progress import (
    MAX_TICKS,
    Experience,
    LegacyTrack,
    ProgressTrack,
    TrackKind,
    bonds_track,
    pack_rank,
    progress_boxes,
    progress_score,
)
from ironsworn.ranks import Rank


@pytest.mark.parametrize(
    ("current", "delta", "blocked_by", "after", "blocked", "overflow"),
    [
        (3, 1, None, 4, 0, 0),
        (4, 2, None, 5, 1, 0),  # clamped at +5, excess reported
        (3, 2, "wounded", 3, 2, 0),  # blocked by the condition, reported
        (1, -3, None, 0, 0, 2),  # overflow below 0
        (0, -2, "wounded", 0, 0, 2),  # conditions do not block losses
        (5, 0, None, 5, 0, 0),
    ],
)
def test_meter_change(
    current: int, delta: int, blocked_by: str | None, after: int, blocked: int, overflow: int
) -> None:
    change = change_meter("health", current, delta, blocked_by)
    assert (change.after, change.blocked, change.overflow) == (after, blocked, overflow)
    assert change.blocked_by == (blocked_by if delta > 0 and blocked_by else None)


def test_debilities_table() -> None:
    assert len(DEBILITIES) == 8
    kinds = [d.kind for d in DEBILITIES.values()]
    assert kinds.count(DebilityKind.CONDITION) == 4
    assert kinds.count(DebilityKind.BANE) == 2
    assert kinds.count(DebilityKind.BURDEN) == 2
    assert BLOCKING == {"health": "wounded", "spirit": "shaken", "supply": "unprepared"}
    assert check_debility(" Wounded ") == "wounded"
    with pytest.raises(InvalidValue, match="'bruised'"):
        check_debility("bruised")


@pytest.mark.parametrize(
    ("rank", "ticks", "harm", "xp_strong", "xp_weak"),
    [
        (Rank.TROUBLESOME, 12, 1, 1, 0),
        (Rank.DANGEROUS, 8, 2, 2, 1),
        (Rank.FORMIDABLE, 4, 3, 3, 2),
        (Rank.EXTREME, 2, 4, 4, 3),
        (Rank.EPIC, 1, 5, 5, 4),
    ],
)
def test_rank_numbers(rank: Rank, ticks: int, harm: int, xp_strong: int, xp_weak: int) -> None:
    assert (rank.ticks_per_mark, rank.harm, rank.xp_strong, rank.xp_weak) == (
        ticks,
        harm,
        xp_strong,
        xp_weak,
    )
    assert Rank.parse(rank.label) is rank and Rank.parse(rank.value) is rank


@pytest.mark.parametrize(
    ("rank", "words"),
    [
        # "Troublesome: 3 progress per waypoint ... Extreme: 2 ticks per waypoint" (seed 000,
        # Undertake a Journey): a box is 4 ticks.
        (Rank.TROUBLESOME, "3 boxes a mark"),
        (Rank.DANGEROUS, "2 boxes a mark"),
        (Rank.FORMIDABLE, "1 box a mark"),
        (Rank.EXTREME, "2 ticks a mark"),
        (Rank.EPIC, "1 tick a mark"),
    ],
)
def test_a_marks_worth_in_words(rank: Rank, words: str) -> None:
    """What a rank's question shows beside each rank of a new vow, journey or site."""
    assert rank.per_mark == words


def test_rank_parse_rejects() -> None:
    with pytest.raises(InvalidValue, match="'deadly'"):
        Rank.parse("deadly")
    assert Rank.EPIC.raised() is Rank.EPIC
    assert Rank.DANGEROUS.raised() is Rank.FORMIDABLE


@pytest.mark.parametrize(
    ("rank", "marks", "ticks", "score"),
    [
        (Rank.TROUBLESOME, 1, 12, 3),
        (Rank.TROUBLESOME, 4, 40, 10),  # capped at 40 ticks
        (Rank.DANGEROUS, 2, 16, 4),
        (Rank.FORMIDABLE, 3, 12, 3),
        (Rank.EXTREME, 3, 6, 1),
        (Rank.EPIC, 3, 3, 0),
    ],
)
def test_mark_progress(rank: Rank, marks: int, ticks: int, score: int) -> None:
    track = ProgressTrack("vow", TrackKind.VOW, rank).marked(marks)
    assert (track.ticks, track.score) == (ticks, score)


@pytest.mark.parametrize(("ticks", "after"), [(0, 0), (3, 0), (4, 4), (13, 4), (40, 4)])
def test_clear_all_but_one_box(ticks: int, after: int) -> None:
    track = ProgressTrack("j", TrackKind.JOURNEY, Rank.DANGEROUS, ticks)
    assert track.cleared_all_but_one_box().ticks == after


def test_bonds_track_one_tick_per_bond() -> None:
    track = bonds_track().marked(5)
    assert track.ticks == 5 and track.score == 1 and track.rank is None


@pytest.mark.parametrize(
    ("rank", "count", "expected"),
    [
        (Rank.TROUBLESOME, 1, Rank.TROUBLESOME),
        (Rank.TROUBLESOME, 4, Rank.DANGEROUS),  # rulebook p. 136 example
        (Rank.DANGEROUS, 5, Rank.FORMIDABLE),
        (Rank.TROUBLESOME, 6, Rank.FORMIDABLE),
        (Rank.DANGEROUS, 10, Rank.EXTREME),
        (Rank.FORMIDABLE, 1, Rank.FORMIDABLE),
    ],
)
def test_pack_rank(rank: Rank, count: int, expected: Rank) -> None:
    assert pack_rank(rank, count) is expected


@pytest.mark.parametrize(("rank", "count"), [(Rank.FORMIDABLE, 3), (Rank.TROUBLESOME, 11)])
def test_pack_rank_rejects(rank: Rank, count: int) -> None:
    with pytest.raises(InvalidValue):
        pack_rank(rank, count)


def test_progress_score() -> None:
    assert [progress_score(t) for t in (0, 3, 4, 39, 40)] == [0, 0, 1, 9, 10]


def test_legacy_track_experience() -> None:
    track, xp = LegacyTrack("quests").mark_ticks(8)  # two boxes: 2 XP each
    assert (track.ticks, xp) == (8, 4)
    track, xp = track.mark_ticks(32)  # fills the tenth box: 8 more boxes, then cleared
    assert xp == 16 and track.completed and track.ticks == 0 and track.score == 10
    track, xp = track.mark_ticks(4)  # after completion each box is worth 1
    assert xp == 1 and track.score == 10


def test_experience() -> None:
    xp = Experience().earn(5).spend(Experience.NEW_ASSET_COST)
    assert (xp.earned, xp.spent, xp.available) == (5, 3, 2)
    with pytest.raises(InvalidValue, match="only 2 available"):
        xp.spend(3)


@given(st.lists(st.integers(-45, 45), max_size=30), st.sampled_from(list(Rank)))
def test_progress_stays_in_range(steps: list[int], rank: Rank) -> None:
    track = ProgressTrack("t", TrackKind.VOW, rank)
    for step in steps:
        track = track.marked(step) if step >= 0 else track.add_ticks(step)
        assert 0 <= track.ticks <= MAX_TICKS
        assert 0 <= track.score <= 10


@given(
    st.sampled_from(["health", "spirit", "supply"]),
    st.booleans(),
    st.lists(st.integers(-7, 7), max_size=40),
)
def test_meters_stay_in_range(meter: str, blocked: bool, deltas: list[int]) -> None:
    value = 5
    condition = BLOCKING[meter] if blocked else None
    for delta in deltas:
        change = change_meter(meter, value, delta, condition)
        # Nothing silently lost: what was applied plus what was blocked or overflowed is asked.
        assert change.delta + (change.blocked if delta >= 0 else -change.overflow) == delta
        if condition is not None and delta > 0:
            assert change.after == value and change.blocked == delta
        value = change.after
        assert 0 <= value <= 5


# Each box shows its ticks: none, a stroke, a cross, a cross and a bar, full (seed 000 L604).
@pytest.mark.parametrize(
    ("ticks", "ascii_boxes", "unicode_boxes"),
    [
        (0, "[ ][ ][ ][ ][ ][ ][ ][ ][ ][ ]", "○○○○○○○○○○"),
        (1, "[/][ ][ ][ ][ ][ ][ ][ ][ ][ ]", "◔○○○○○○○○○"),
        (2, "[X][ ][ ][ ][ ][ ][ ][ ][ ][ ]", "◑○○○○○○○○○"),
        (3, "[*][ ][ ][ ][ ][ ][ ][ ][ ][ ]", "◕○○○○○○○○○"),
        (9, "[#][#][/][ ][ ][ ][ ][ ][ ][ ]", "●●◔○○○○○○○"),
        (24, "[#][#][#][#][#][#][ ][ ][ ][ ]", "●●●●●●○○○○"),
        (39, "[#][#][#][#][#][#][#][#][#][*]", "●●●●●●●●●◕"),
        (40, "[#][#][#][#][#][#][#][#][#][#]", "●●●●●●●●●●"),
    ],
)
def test_progress_boxes(ticks: int, ascii_boxes: str, unicode_boxes: str) -> None:
    assert progress_boxes(ticks) == ascii_boxes
    assert progress_boxes(ticks, unicode=True) == unicode_boxes


@pytest.mark.parametrize("ticks", [-1, 41])
def test_progress_boxes_refuses_ticks_off_the_track(ticks: int) -> None:
    with pytest.raises(InvalidValue, match=f"progress {ticks} ticks is out of range"):
        progress_boxes(ticks)
