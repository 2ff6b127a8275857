"""Scene challenges (rulebook chapter 7, "Scene Challenges"): a progress track and a 4-box
countdown.

Face Danger against a scene challenge: strong hit, mark progress; weak hit, mark progress and
fill one countdown box; miss, fill one countdown box and Pay the Price. Secure an Advantage:
a hit is the normal outcome (no progress); a miss fills a countdown box and Pay the Price.
When the countdown is full (or when you choose), resolve the challenge with a progress roll:
strong hit, the goal is met; weak hit, it is met but Pay the Price; miss, you fail and Pay the
Price. ENGINE CHOICE: the usual momentum of Face Danger's strong hit is not added (the book
replaces the outcome with marking progress).
"""

from __future__ import annotations

from ironsworn.moves import engine as _engine
from ironsworn.moves.engine import Handler, Step, short_name
from ironsworn.outcomes import Outcome

COUNTDOWN_BOXES = 4


def _scene_track(ctx: Step) -> str | None:
    query = ctx.data.get("track")
    if not query:
        return None
    track = ctx.state.track(str(query))
    return track.id if track.kind == "scene" else None


def _countdown(ctx: Step, track_id: str) -> None:
    track = ctx.state.tracks[track_id]
    now = int(track.countdown or 0)
    if now < COUNTDOWN_BOXES:
        ctx.emit({"type": "countdown", "track": track.id, "from": track.countdown, "to": now + 1})
    if now + 1 >= COUNTDOWN_BOXES:
        ctx.note(f"{track.name}: the countdown is full — resolve the scene challenge")


def scene_face_danger(ctx: Step) -> None:
    track_id = str(ctx.data["track"])
    track = ctx.state.tracks[track_id]
    if ctx.outcome is not Outcome.MISS:
        ctx.mark_progress(track)
    if ctx.outcome is not Outcome.STRONG_HIT:
        _countdown(ctx, track_id)
    if ctx.outcome is Outcome.MISS:
        ctx.pay_the_price()


def scene_secure(ctx: Step) -> None:
    if ctx.outcome is Outcome.MISS:
        _countdown(ctx, str(ctx.data["track"]))
        ctx.pay_the_price()
        return
    normal = ctx.engine.rules.outcome_for(ctx.data["move"])
    if normal is not None:
        normal(ctx)


def acts_on(move_id: str) -> bool:
    """Whether a scene challenge can change the move ``move_id``'s outcome: classic Face Danger
    and Secure an Advantage (the plan of any other move leaves :func:`pick` out)."""
    return move_id.startswith("move:classic/") and short_name(move_id) in SCENE_MOVES


SCENE_MOVES = frozenset({"face_danger", "secure_an_advantage"})


def pick(ctx: Step) -> Handler | None:
    """The scene handler when a classic Face Danger / Secure an Advantage acts on a scene (the
    classic rules' ``scene_outcome``)."""
    if not ctx.data.get("track"):
        return None  # (most moves: no track named, no scene to act on; asked first)
    move_id = str(ctx.data["move"])
    if not acts_on(move_id):
        return None
    name = short_name(move_id)
    track_id = _scene_track(ctx)
    if track_id is None:
        return None
    ctx.data["track"] = track_id
    return scene_face_danger if name == "face_danger" else scene_secure


def resolve_scene(
    engine: _engine.MoveEngine, track: str, character: str | None = None
) -> _engine.OperationResult:
    """Resolve a scene challenge: a progress roll against its track (no momentum at all)."""
    from ironsworn.errors import RuleViolation
    from ironsworn.rolls import roll_progress

    def run() -> None:
        found = engine.state.track(track, ("scene",))
        if found.status != "active":
            raise RuleViolation(f"scene challenge {found.id} is already {found.status}")
        char = engine.state.character(character or next(iter(found.characters), None))
        # A decision of another character's is set aside, as for any move; one of this
        # character's is answered first (the refusal says which, and how).
        engine.make_room(char.name)
        roll = roll_progress(engine.dice, found.score, engine.even_matches)
        outcome = roll.outcome
        text = {
            Outcome.STRONG_HIT: "Your goal is met, unconditionally.",
            Outcome.WEAK_HIT: "You achieve your goal, but at a cost: Pay the Price.",
            Outcome.MISS: "You fail, and Pay the Price: make it hurt.",
        }[outcome]
        record = _engine.MoveRecord(
            "scene:resolve",
            f"Resolve the scene ({found.name})",
            char.name,
            "progress",
            roll.to_json(),
            outcome.value,
            text,
        )
        engine.records.append(record)
        engine.emit(
            {
                "type": "roll",
                "character": char.name,
                "move": "scene:resolve",
                "roll": roll.to_json(),
            }
        )
        engine.emit(
            {
                "type": "move",
                "move": "scene:resolve",
                "name": record.name,
                "character": char.name,
                "stat": "progress",
                "outcome": outcome.value,
                "text": text,
            }
        )
        engine.close_track(found, "done" if outcome is not Outcome.MISS else "failed")
        if outcome is not Outcome.STRONG_HIT:
            engine.follow(char.name, "pay_the_price")
            engine.run_queued()

    return engine.operation("move", character, run)
