"""Starforged session moves: Begin a Session, Set a Flag, Change Your Fate, Take a Break, End a
Session. They frame the play; the ones with a mechanical benefit (+1 momentum, +1 on the next
move) apply it."""

from __future__ import annotations

from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.moves.starforged._common import (
    RULESET,
    next_move_add,
    party,
    roll_table,
    sf,
)


@no_roll("begin_a_session", ruleset=RULESET)
def begin_a_session(ctx: Step) -> None:
    """ "You may spotlight a new danger, opportunity, or insight ... Then, all players take +1
    momentum"."""
    from ironsworn.moves.starforged.tables import row_options

    # "You may roll or choose on the table below for inspiration": a row is an option too.
    ctx.choose(
        "sf.begin_a_session.spotlight",
        [
            ("vignette", "spotlight: roll the vignette table; all take +1 momentum"),
            ("spotlight", "spotlight a vignette of your own; all take +1 momentum"),
            *row_options(ctx, "begin_a_session"),
        ],
        minimum=0,
        prompt="flag content, recap, set the scene; spotlight a vignette? (decline: no)",
    )


@on_resume("sf.begin_a_session.spotlight")
def session_spotlight(ctx: Step, keys: list[str]) -> None:
    if not keys:
        return
    if keys[0] == "vignette":
        roll_table(ctx, "begin_a_session")
    elif keys[0] != "spotlight":
        from ironsworn.moves.starforged.tables import roll_or_row

        roll_or_row(ctx, "begin_a_session", keys[0])
    for name in [c.name for c in ctx.state.characters.values() if c.status == "active"]:
        ctx.momentum(1, who=name)


@no_roll("set_a_flag", ruleset=RULESET)
def set_a_flag(ctx: Step) -> None:
    ctx.note("that content is now flagged: approach it mindfully, or Change Your Fate")


FATE = [
    ("reframe", "it didn't happen the way you first thought"),
    ("refocus", "the spotlight shifts"),
    ("replace", "it happens, with a small adjustment"),
    ("redirect", "a helping hand gets involved"),
    ("reshape", "the situation changes completely"),
]


@no_roll("change_your_fate", ruleset=RULESET)
def change_your_fate(ctx: Step) -> None:
    ctx.choose(
        "sf.change_your_fate.how",
        FATE,
        count=len(FATE),
        minimum=1,
        prompt="choose as many as appropriate",
    )


@on_resume("sf.change_your_fate.how")
def fate_how(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        ctx.note(f"{key}: {dict(FATE)[key]}")


@no_roll("take_a_break", ruleset=RULESET)
def take_a_break(ctx: Step) -> None:
    options = [("stop", "stop for now: End a Session")]
    options[:0] = [(f"move_on:{n}", f"move on: {n} adds +1 on the next move") for n in party(ctx)]
    ctx.choose("sf.take_a_break.how", options, prompt="choose one")


@on_resume("sf.take_a_break.how")
def break_how(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "stop":
        ctx.follow(sf("end_a_session"))
    else:
        next_move_add(ctx, keys[0].removeprefix("move_on:"))


@no_roll("end_a_session", ruleset=RULESET)
def end_a_session(ctx: Step) -> None:
    """Missed progress (Develop Your Relationship, Reach a Milestone), and "make note of it and
    take +1 momentum" for a focus next session."""
    options = [
        (f"develop:{t.id}", f"Develop Your Relationship: {t.name}")
        for t in _tracks(ctx, "connection")
    ]
    options += [(f"milestone:{t.id}", f"Reach a Milestone: {t.name}") for t in _tracks(ctx, "vow")]
    options.append(("focus", "note a focus for next session: +1 momentum"))
    ctx.choose(
        "sf.end_a_session.reflect",
        options,
        count=len(options),
        minimum=0,
        prompt="missed progress, and a focus for next time (decline: none)",
    )


def _tracks(ctx: Step, kind: str) -> list:  # type: ignore[type-arg]
    return [
        t
        for t in ctx.state.tracks.values()
        if t.kind == kind and t.status == "active" and ctx.name in t.characters
    ]


@on_resume("sf.end_a_session.reflect")
def end_reflect(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        if key == "focus":
            ctx.momentum(1)
        elif key.startswith("develop:"):
            ctx.follow(sf("develop_your_relationship"), track=key.removeprefix("develop:"))
        else:
            ctx.follow(sf("reach_a_milestone"), track=key.removeprefix("milestone:"))
