"""Starforged exploration moves: Undertake an Expedition, Explore a Waypoint, Make a Discovery,
Confront Chaos, Finish an Expedition, Set a Course. Discoveries mark the discoveries legacy."""

from __future__ import annotations

from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    allies_of,
    ask_suffer_costs,
    clear_lowest_boxes,
    close,
    mark_legacy,
    register_action_before,
    reward,
    sf,
    take_next_move_add,
)

EXPEDITION = ("expedition",)
register_action_before(("set_a_course",))


@before_roll("undertake_an_expedition", ruleset=RULESET)
@before_roll("explore_a_waypoint", ruleset=RULESET)
def expedition_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, EXPEDITION)
    take_next_move_add(ctx)


@on_outcome("undertake_an_expedition", ruleset=RULESET)
def undertake_an_expedition(ctx: Step) -> None:
    """Hit: mark progress per rank (weak: suffer costs en route, or a peril at the waypoint).
    Miss: no progress, Pay the Price."""
    track = ctx.track(EXPEDITION)
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
        return
    ctx.mark_progress(track)
    if ctx.outcome is W:
        ctx.choose(
            "sf.undertake_an_expedition.weak_hit",
            [
                ("suffer_costs", "suffer costs en route: one suffer move (-2) or two (-1)"),
                ("face_peril", "face a peril at the waypoint"),
            ],
            prompt="this progress costs you: choose one",
        )


@on_resume("sf.undertake_an_expedition.weak_hit")
@on_resume("sf.set_a_course.weak_hit")
def cost_or_peril(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "suffer_costs":
        ask_suffer_costs(ctx)
    else:
        ctx.note("envision what you encounter")


@on_outcome("explore_a_waypoint", ruleset=RULESET)
def explore_a_waypoint(ctx: Step) -> None:
    """Strong: an opportunity (+2 momentum) or progress (with a match, Make a Discovery
    instead). Weak: +1 momentum. Miss: Pay the Price (with a match, Confront Chaos instead)."""
    match = bool(ctx.roll.get("match"))
    if ctx.outcome is S:
        options = [
            ("opportunity", "find an opportunity: +2 momentum"),
            ("progress", "gain progress on your expedition"),
        ]
        if match:
            options.insert(0, ("discovery", "something wondrous: Make a Discovery"))
        ctx.choose("sf.explore_a_waypoint.strong_hit", options, prompt="choose one")
    elif ctx.outcome is W:
        ctx.momentum(1)
    elif match:
        ctx.choose(
            "sf.explore_a_waypoint.miss",
            [
                ("confront_chaos", "something dreadful: Confront Chaos"),
                ("pay_the_price", "Pay the Price"),
            ],
            prompt="a miss with a match",
        )
    else:
        ctx.follow(sf("pay_the_price"))


@on_resume("sf.explore_a_waypoint.strong_hit")
def waypoint_strong(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "opportunity":
        ctx.momentum(2)
    elif keys[0] == "progress":
        ctx.mark_progress(ctx.state.tracks[ctx.data["track"]])
    else:
        ctx.follow(sf("make_a_discovery"))


@on_resume("sf.explore_a_waypoint.miss")
def waypoint_miss(ctx: Step, keys: list[str]) -> None:
    ctx.follow(sf(keys[0]))


@no_roll("make_a_discovery", ruleset=RULESET)
def make_a_discovery(ctx: Step) -> None:
    """ "Roll on the table below or choose one" (asked: :mod:`.tables`); two ticks on the
    discoveries legacy for you and your allies."""
    from ironsworn.moves.starforged.tables import ask_discovery

    ask_discovery(ctx)


@no_roll("confront_chaos", ruleset=RULESET)
def confront_chaos(ctx: Step) -> None:
    """ "Decide the number of aspects: one, two, or three" (the ``amount`` input, default
    1), then "Roll that number of times or choose that number of aspects" (asked:
    :mod:`.tables`)."""
    from ironsworn.moves.starforged.tables import ask_chaos

    aspects = ctx.amount if ctx.amount is not None else 1
    if not 1 <= aspects <= 3:
        raise InvalidValue(
            input="amount", value=aspects, accepted="1 to 3", why="is not Confront Chaos's aspects"
        )
    ask_chaos(ctx, aspects)


@before_roll("finish_an_expedition", ruleset=RULESET)
def finish_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, EXPEDITION)


@on_outcome("finish_an_expedition", ruleset=RULESET)
def finish_an_expedition(ctx: Step) -> None:
    """Strong: the discoveries reward per rank (and for allies on it). Weak: one rank lower.
    Miss: abandon (Pay the Price) or return (clear the lowest challenge die, raise the rank)."""
    track = ctx.track(EXPEDITION)
    if ctx.outcome is M:
        ctx.choose(
            "sf.finish_an_expedition.miss",
            [
                ("abandon", "abandon the expedition: Pay the Price"),
                ("return", "return to it: clear progress (lowest challenge die), raise the rank"),
            ],
            prompt="your destination is lost to you: choose one",
        )
        return
    close(ctx, track, "done")
    for name in allies_of(ctx, track):
        mark_legacy(ctx.engine, name, "discoveries", reward(track.rank, ctx.outcome is W))
    if ctx.outcome is W:
        ctx.note("an unforeseen complication at the end of your expedition: envision it")


@on_resume("sf.finish_an_expedition.miss")
def finish_miss(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "return":
        clear_lowest_boxes(ctx, track)
    else:
        close(ctx, track, "failed")
        ctx.follow(sf("pay_the_price"))


@on_outcome("set_a_course", ruleset=RULESET)
def set_a_course(ctx: Step) -> None:
    """Strong: +1 momentum. Weak: suffer costs, or a complication at the destination. Miss:
    Pay the Price."""
    if ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ctx.choose(
            "sf.set_a_course.weak_hit",
            [
                ("suffer_costs", "suffer costs en route: one suffer move (-2) or two (-1)"),
                ("complication", "face a complication at the destination"),
            ],
            prompt="you arrive, but choose one",
        )
    else:
        ctx.follow(sf("pay_the_price"))
