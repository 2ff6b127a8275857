"""Starforged scene challenges: Begin the Scene, Face Danger and Secure an Advantage within the
scene (progress and a 4-segment tension clock), Finish the Scene."""

from __future__ import annotations

from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    close,
    next_move_add,
    sf,
    take_next_move_add,
)

SCENE = ("scene",)
CLOCK = 4


@no_roll("begin_the_scene", ruleset=RULESET)
def begin_the_scene(ctx: Step) -> None:
    """The objective is a scene track (a track of kind scene: its goal and rank); its tension
    clock starts at 0 of 4."""
    track = ctx.engine.resolve_track(ctx, SCENE)
    if track.countdown:
        ctx.emit({"type": "countdown", "track": track.id, "from": track.countdown, "to": 0})
    ctx.note(f"{track.name}: a 4-segment tension clock; Face Danger or Secure an Advantage")


def in_scene(ctx: Step) -> bool:
    """A Face Danger / Secure an Advantage of the scene challenge category, or one made against
    a scene track (the two share their names with the adventure moves)."""
    if "/scene_challenge/" in str(ctx.data["move"]):
        return True
    query = ctx.data.get("track")
    return bool(query) and ctx.state.track(str(query)).kind == "scene"


def scene_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, SCENE)
    take_next_move_add(ctx)


def _clock(ctx: Step, segments: int) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    now = int(track.countdown or 0)
    after = min(CLOCK, now + segments)
    if after != now:
        ctx.emit({"type": "countdown", "track": track.id, "from": track.countdown, "to": after})
    if after >= CLOCK:
        ctx.note(f"{track.name}: the tension clock is full: Finish the Scene")


def scene_face_danger(ctx: Step) -> None:
    """Strong: mark progress (twice with a match). Weak: progress and a clock segment. Miss: a
    segment (two with a match) and Pay the Price."""
    track = ctx.state.tracks[ctx.data["track"]]
    match = bool(ctx.roll.get("match"))
    if ctx.outcome is S:
        ctx.mark_progress(track, 2 if match else 1)
    elif ctx.outcome is W:
        ctx.mark_progress(track)
        _clock(ctx, 1)
    else:
        _clock(ctx, 2 if match else 1)
        ctx.follow(sf("pay_the_price"))


def scene_secure(ctx: Step) -> None:
    """Strong: +2 momentum and +1 on the next move (and progress with a match). Weak: choose
    one. Miss: a segment (two with a match) and Pay the Price."""
    match = bool(ctx.roll.get("match"))
    if ctx.outcome is S:
        ctx.momentum(2)
        next_move_add(ctx)
        if match:
            ctx.mark_progress(ctx.state.tracks[ctx.data["track"]])
    elif ctx.outcome is W:
        ctx.choose(
            "sf.scene.secure_weak",
            [("momentum", "Take +2 momentum"), ("next_move", "Add +1 on your next move")],
            prompt="choose one",
        )
    else:
        _clock(ctx, 2 if match else 1)
        ctx.follow(sf("pay_the_price"))


@on_resume("sf.scene.secure_weak")
def scene_secure_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "momentum":
        ctx.momentum(2)
    else:
        next_move_add(ctx)


@before_roll("finish_the_scene", ruleset=RULESET)
def finish_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, SCENE)


@on_outcome("finish_the_scene", ruleset=RULESET)
def finish_the_scene(ctx: Step) -> None:
    """Strong: the objective, unconditionally. Weak: succeed, Pay the Price (a minor cost).
    Miss: fail, Pay the Price."""
    track = ctx.state.tracks[ctx.data["track"]]
    close(ctx, track, "failed" if ctx.outcome is M else "done")
    if ctx.outcome is not S:
        ctx.follow(sf("pay_the_price"))
