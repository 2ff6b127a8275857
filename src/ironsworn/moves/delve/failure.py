"""Delve's failure track: Mark Your Failure on every miss, Learn from Your Failures to cash it.

The failure track is a character's own progress track of ten boxes, kept in the character's
``legacy`` tracks under ``failure`` (the same ``legacy`` event as Starforged's legacy tracks,
so undo and the log need nothing new). While the Delve pack is part of a classic campaign:

- Mark Your Failure: "When you make a move and score a miss, mark a tick on your failure
  track. If you score a miss when making a progress move, mark two ticks." The engine marks
  them itself when a miss is final (after any burn), as it applies every other outcome; the
  move made by hand marks one tick (a miss the engine did not see). The book offers the
  track as one of Delve's "optional mechanics" ("If you'd like to make those failures a more
  influential aspect of your character's evolution ... use these optional mechanics"), so a
  miss marks it only for a character who plays Delve: one on a site or facing a threat, or
  whose failure track has been marked already (by a miss in a site, by Mark Your Failure made
  by hand, or set). A classic character who never delves keeps no failure track though the
  pack is imported for another campaign.
- Learn from Your Failures (failure track +6 or greater; the challenge dice against it):
  strong hit 3 experience, weak hit 2, miss 1, and the track is cleared; the strong hit then
  offers adjust your approach (discard an asset: 2 experience a marked ability), make an oath
  (Swear an Iron Vow) or ready your next steps (+3 momentum).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.errors import RuleViolation
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.outcomes import Outcome
from ironsworn.progress import MAX_TICKS, TICKS_PER_BOX

if TYPE_CHECKING:
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import MoveEngine, OperationResult

TRACK = "failure"
OPTION = "failure_track"  # the campaign option: off, the campaign plays without the track
MARK_YOUR_FAILURE = "move:delve/failure/mark_your_failure"
EXPERIENCE = {Outcome.STRONG_HIT: 3, Outcome.WEAK_HIT: 2, Outcome.MISS: 1}


def in_play(engine: MoveEngine) -> bool:
    """The failure track is kept in a classic campaign whose content has the Delve pack."""
    if engine.state.ruleset != "classic":
        return False
    return MARK_YOUR_FAILURE in engine.ruleset.in_ruleset("moves", "classic")


def keeps_track(engine: MoveEngine, name: str) -> bool:
    """Whether a miss of ``name``'s marks the failure track: the character plays Delve (holds
    a site or a threat, or has a failure track already)."""
    if not in_play(engine) or not engine.state.option(OPTION):
        return False
    state = engine.state
    if TRACK in state.character(name).legacy:
        return True
    return state.holds_open(name, "site") or state.holds_open(name, "threat")


def check_not_switched_off(engine: MoveEngine) -> None:
    """Refuse a failure move in a campaign that plays without the failure track (the
    campaign option, Delve's optional mechanics switched off)."""
    if not engine.state.option(OPTION):
        raise RuleViolation(
            "this campaign plays without Delve's failure track (the campaign option "
            "failure_track is off; on: the track is kept)"
        )


def failure_ticks(engine: MoveEngine, name: str) -> int:
    return int(engine.state.character(name).legacy_track(TRACK)["ticks"])


def set_failure(engine: MoveEngine, name: str, ticks: int) -> None:
    char = engine.state.character(name)
    before = char.legacy_track(TRACK)
    ticks = max(0, min(MAX_TICKS, ticks))
    if ticks == before["ticks"]:
        return
    after = {**before, "ticks": ticks}
    engine.emit({"type": "legacy", "character": name, "track": TRACK, "from": before, "to": after})


def set_failure_track(engine: MoveEngine, character: str | None, ticks: int) -> OperationResult:
    """Set a character's failure track to ``ticks`` (0 to 40) by hand: a miss the engine did
    not see, a track kept on paper before, a mistake put right."""
    from ironsworn.errors import InvalidValue, PackMissing

    def run() -> None:
        if engine.state.ruleset != "classic":
            raise InvalidValue(
                "the failure track is Ironsworn: Delve's, a classic expansion; this campaign "
                f"plays {engine.state.ruleset} (accepted: a classic campaign)"
            )
        if not in_play(engine):
            raise PackMissing(
                "the failure track is Ironsworn: Delve's, and no Delve pack is imported: "
                "import your Datasworn Delve file first",
                "delve",
            )
        check_not_switched_off(engine)
        if not 0 <= ticks <= MAX_TICKS:
            raise InvalidValue(
                input="ticks", value=ticks, accepted=f"0 to {MAX_TICKS}", why="is out of range"
            )
        name = engine.state.character(character).name
        if failure_ticks(engine, name) == ticks:
            # Refused, as an adjust that changes nothing is: not a line of the log that undo
            # would then have to take back.
            others = f"0 to {MAX_TICKS} but {ticks}"
            raise InvalidValue(
                f"{name}'s failure track is already {ticks} tick{'s' * (ticks != 1)}: nothing "
                f"to change (accepted: {others})",
                input="ticks",
                value=ticks,
                accepted=others,
            )
        set_failure(engine, name, ticks)

    return engine.operation("failure", character, run)


def mark_failure_on_miss(ctx: Step, move: Move) -> None:
    """Mark Your Failure, made by the engine for a final miss (two ticks on a progress move),
    for a character who plays Delve (:func:`keeps_track`)."""
    if not keeps_track(ctx.engine, ctx.name):
        return
    ticks = 2 if move.progress_move else 1
    before = failure_ticks(ctx.engine, ctx.name)
    set_failure(ctx.engine, ctx.name, before + ticks)
    if failure_ticks(ctx.engine, ctx.name) != before:
        ctx.note(f"Mark Your Failure: {ctx.name}'s failure track +{ticks} tick{'s' * (ticks > 1)}")


@no_roll("mark_your_failure", ruleset="delve")
def mark_your_failure(ctx: Step) -> None:
    """Mark Your Failure made by hand (a miss the engine did not see: a roll made apart from a
    move): one tick, as a move's miss marks; a progress move's miss is made twice. (A move
    made here marks its own miss: mark_failure_on_miss.)"""
    if not in_play(ctx.engine):
        return
    check_not_switched_off(ctx.engine)
    before = failure_ticks(ctx.engine, ctx.name)
    set_failure(ctx.engine, ctx.name, before + 1)
    if failure_ticks(ctx.engine, ctx.name) == before:
        ctx.note(f"{ctx.name}'s failure track is full")
    else:
        ctx.note(
            "a move's miss marks one tick (a progress move's two: make this again); a move made "
            "here marks its own miss"
        )


def failure_score(engine: MoveEngine, name: str) -> int:
    return min(10, failure_ticks(engine, name) // TICKS_PER_BOX)


@before_roll("learn_from_your_failures", ruleset="delve")
def learn_before(ctx: Step) -> None:
    check_not_switched_off(ctx.engine)
    score = failure_score(ctx.engine, ctx.name)
    if score < 6:
        raise RuleViolation(
            f"{ctx.name}'s failure track is +{score}: Learn from Your Failures is made at +6 or "
            "greater"
        )


@on_outcome("learn_from_your_failures", ruleset="delve")
def learn_from_your_failures(ctx: Step) -> None:
    gained = EXPERIENCE[ctx.outcome]
    char = ctx.char
    ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + gained)
    set_failure(ctx.engine, char.name, 0)
    if ctx.outcome is Outcome.STRONG_HIT:
        options = [
            ("adjust", "adjust your approach: discard an asset, 2 experience a marked ability"),
            ("oath", "make an oath: Swear an Iron Vow, and reroll any dice"),
            ("ready", "ready your next steps: +3 momentum"),
        ]
        if not char.assets:
            options = options[1:]
        ctx.choose("delve.learn.strong_hit", options, prompt="commit to a dramatic change")
    elif ctx.outcome is Outcome.MISS:
        ctx.note("you've learned the wrong lessons: envision how you set off on an ill-fated path")


@on_resume("delve.learn.strong_hit")
def learn_strong(ctx: Step, keys: list[str]) -> None:
    key = keys[0]
    if key == "ready":
        ctx.momentum(3)
    elif key == "oath":
        ctx.note("make an oath: swear a new vow, make Swear an Iron Vow on it, and reroll any dice")
    else:
        from ironsworn.moves.assets.cards import HELD_ASSETS, held_options

        ctx.choose(
            "delve.learn.discard",
            held_options(ctx.char.assets),
            prompt="the asset you discard",
            answers=HELD_ASSETS,
        )


@on_resume("delve.learn.discard")
def learn_discard(ctx: Step, keys: list[str]) -> None:
    char = ctx.char
    record = char.asset(keys[0])  # its name (an older decision's key: its id)
    marked = sum(1 for a in record.get("abilities") or () if a)
    ctx.emit(
        {
            "type": "asset_removed",
            "character": char.name,
            "asset": record["id"],
            "index": char.assets.index(record),
            "record": record,
        }
    )
    ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + 2 * marked)
    ctx.note(f"{record.get('name') or record['id']} is discarded: +{2 * marked} experience")
