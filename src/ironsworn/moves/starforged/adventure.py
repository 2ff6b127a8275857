"""Starforged adventure moves: Face Danger, Secure an Advantage, Gather Information, Compel,
Aid Your Ally, Check Your Gear."""

from __future__ import annotations

from ironsworn.errors import InvalidValue
from ironsworn.moves.aid_your_ally import aided_ally
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    action_before,
    ask_suffer,
    next_move_add,
    register_action_before,
    sf,
)
from ironsworn.moves.starforged.scene_challenge import (
    in_scene,
    scene_before,
    scene_face_danger,
    scene_secure,
)

register_action_before(("gather_information", "compel", "check_your_gear"))


@before_roll("face_danger", ruleset=RULESET)
@before_roll("secure_an_advantage", ruleset=RULESET)
def danger_before(ctx: Step) -> None:
    # The scene challenge's Face Danger / Secure an Advantage share these names (and so these
    # handlers): they act on the scene track.
    if in_scene(ctx):
        scene_before(ctx)
    else:
        action_before(ctx)


@on_outcome("face_danger", ruleset=RULESET)
def face_danger(ctx: Step) -> None:
    """Strong: +1 momentum. Weak: "Make a suffer move (-1)". Miss: Pay the Price."""
    if in_scene(ctx):
        scene_face_danger(ctx)
    elif ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ask_suffer(ctx, 1)
    else:
        ctx.follow(sf("pay_the_price"))


ADVANTAGE = [("momentum", "Take +2 momentum"), ("next_move", "Add +1 on your next move")]


@on_outcome("secure_an_advantage", ruleset=RULESET)
def secure_an_advantage(ctx: Step) -> None:
    """ "On a strong hit, take both. On a weak hit, choose one" (+2 momentum; +1 on your next
    move). Aided (Aid Your Ally): the ally takes the benefits."""
    who = str(ctx.data.get("ally") or ctx.name)
    if in_scene(ctx):
        scene_secure(ctx)
    elif ctx.outcome is S:
        ctx.momentum(2, who=who)
        next_move_add(ctx, who)
    elif ctx.outcome is W:
        ctx.choose("sf.secure_an_advantage.weak_hit", ADVANTAGE, prompt="choose one", ally=who)
    else:
        ctx.follow(sf("pay_the_price"))


@on_resume("sf.secure_an_advantage.weak_hit")
def advantage_weak(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["context"].get("ally") or ctx.name)
    if keys[0] == "momentum":
        ctx.momentum(2, who=who)
    else:
        next_move_add(ctx, who)


@on_outcome("gather_information", ruleset=RULESET)
def gather_information(ctx: Step) -> None:
    """Strong: +2 momentum; weak: +1 momentum; miss: Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
    else:
        ctx.momentum(2 if ctx.outcome is S else 1)


@on_outcome("compel", ruleset=RULESET)
def compel(ctx: Step) -> None:
    """Strong: +1 momentum. Weak: their counteroffer, and +1 momentum (ENGINE CHOICE: the
    weak-hit outcome of seed 003 says "Envision their counteroffer and take +1 momentum"; the
    summary text omits the momentum). Miss: Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
    else:
        ctx.momentum(1)
        if ctx.outcome is W:
            ctx.note("their agreement comes with a demand or complication: envision it")


@no_roll("aid_your_ally", ruleset=RULESET)
def aid_your_ally(ctx: Step) -> None:
    """ "Secure an Advantage or Gain Ground to take action. If you score a hit, they (instead of
    you) take the benefits of the move." The move and the stat are asked, then it is made."""
    ally = aided_ally(ctx, "Aid Your Ally: {ally} must be another character")
    ways = [("secure_an_advantage", "Secure an Advantage")]
    # Gain Ground is a move of a fight: its benefits (progress among them) are the ally's, on
    # their fight, so it is offered only while they are in one (it was offered, then refused).
    if ctx.state.holds_open(ctx.state.character(str(ally)).name, "fight"):
        ways.append(("gain_ground", "Gain Ground"))
    stats = ("edge", "heart", "iron", "shadow", "wits")
    # The stat may be given with the move (the roll you will make): then only the move that
    # takes the action is asked, or, with one way to act, it is made at once.
    given = ctx.data.get("stat")
    if given is not None and given not in stats:
        raise InvalidValue(
            f"stat {given!r} is not a stat to take action with (accepted: {', '.join(stats)})",
            input="stat",
            value=given,
            accepted=stats,
        )
    options = [
        (f"{move}:{stat}", f"{label} +{stat}")
        for move, label in ways
        for stat in stats
        if given is None or stat == given
    ]
    if len(options) == 1:
        ctx.follow(sf(ways[0][0]), stat=str(given), ally=ally)
        return
    ctx.choose("sf.aid_your_ally.how", options, prompt="how do you act?", ally=ally)


@on_resume("sf.aid_your_ally.how")
def aid_how(ctx: Step, keys: list[str]) -> None:
    move, _, stat = keys[0].partition(":")
    ctx.follow(sf(move), stat=stat, ally=ctx.data["context"]["ally"])


@on_outcome("check_your_gear", ruleset=RULESET)
def check_your_gear(ctx: Step) -> None:
    """Strong: +1 momentum. Weak: Sacrifice Resources (-1) or Lose Momentum (-2). Miss: Pay
    the Price."""
    if ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ctx.choose(
            "sf.check_your_gear.weak_hit",
            [
                ("sacrifice_resources", "your supply is diminished: Sacrifice Resources (-1)"),
                ("lose_momentum", "it's not quite right: Lose Momentum (-2)"),
            ],
            prompt="you have it, but choose one",
        )
    else:
        ctx.follow(sf("pay_the_price"))


@on_resume("sf.check_your_gear.weak_hit")
def gear_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "sacrifice_resources":
        ctx.follow(sf("sacrifice_resources"), amount=1)
    else:
        ctx.follow(sf("lose_momentum"), amount=2)
