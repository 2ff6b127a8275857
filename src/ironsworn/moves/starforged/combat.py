"""Starforged combat moves, with the position of each fighter: in control or in a bad spot (the
character's ``initiative`` holds it). Gain Ground and Strike need you in control; React Under
Fire and Clash need you in a bad spot. An objective is a fight track."""

from __future__ import annotations

from ironsworn.errors import RuleViolation
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    ask_suffer,
    close,
    next_move_add,
    register_action_before,
    sf,
    take_next_move_add,
)

FIGHT = ("fight",)
register_action_before(("battle",))


def in_control(ctx: Step, who: str | None = None) -> bool:
    return ctx.state.character(who or ctx.name).initiative


def _position(ctx: Step, control: bool, who: str | None = None) -> None:
    ctx.initiative(control, who=who)


def _need(ctx: Step, control: bool) -> None:
    ctx.engine.resolve_track(ctx, FIGHT)
    if in_control(ctx) != control:
        move = ctx.move.name
        if control:
            raise RuleViolation(
                f"{move} is for when you are in control; {ctx.name} is in a bad spot "
                "(accepted: React Under Fire, Clash)"
            )
        raise RuleViolation(
            f"{move} is for when you are in a bad spot; {ctx.name} is in control "
            "(accepted: Gain Ground, Strike)"
        )
    take_next_move_add(ctx)


@before_roll("enter_the_fray", ruleset=RULESET)
def fray_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, FIGHT)
    take_next_move_add(ctx)


@on_outcome("enter_the_fray", ruleset=RULESET)
def enter_the_fray(ctx: Step) -> None:
    """ "On a strong hit, take both. On a weak hit, choose one" (+2 momentum; in control).
    Miss: "the fight begins with you in a bad spot"."""
    if ctx.outcome is S:
        ctx.momentum(2)
        _position(ctx, True)
    elif ctx.outcome is W:
        ctx.choose(
            "sf.enter_the_fray.weak_hit",
            [("momentum", "Take +2 momentum"), ("control", "You are in control")],
            prompt="choose one",
        )
    else:
        if not in_control(ctx):
            # Already in a bad spot (where the last fight left the sheet): no change to tell,
            # and the player was told nothing of where the fight begins.
            ctx.note(f"the fight begins with {ctx.name} in a bad spot")
        _position(ctx, False)


@on_resume("sf.enter_the_fray.weak_hit")
def fray_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "momentum":
        ctx.momentum(2)
        _position(ctx, False)
    else:
        _position(ctx, True)


@before_roll("gain_ground", ruleset=RULESET)
def gain_before(ctx: Step) -> None:
    ally = ctx.data.get("ally")
    if ally:
        # Aid Your Ally: you act for them, from wherever you stand; "they (instead of you) take
        # the benefits of the move", so the progress Gain Ground marks is on their fight.
        ctx.engine.resolve_track(ctx, FIGHT, owner=ctx.state.character(str(ally)).name)
        take_next_move_add(ctx)
        return
    _need(ctx, True)


GAINS = [
    ("progress", "Mark progress"),
    ("momentum", "Take +2 momentum"),
    ("next_move", "Add +1 on your next move"),
]


@on_outcome("gain_ground", ruleset=RULESET)
def gain_ground(ctx: Step) -> None:
    """Hit: you stay in control; strong: choose two, weak: choose one (progress, +2 momentum,
    +1 on your next move). Miss: a bad spot and Pay the Price. Aiding an ally: they take the
    benefits; a strong hit puts you both in control, a weak hit them in control and you in a
    bad spot."""
    ally = ctx.data.get("ally")
    if ctx.outcome is M:
        _position(ctx, False)
        ctx.follow(sf("pay_the_price"))
        return
    if ally:
        _position(ctx, True, who=str(ally))
        _position(ctx, ctx.outcome is S)
    else:
        _position(ctx, True)
    ctx.choose(
        "sf.gain_ground.hit",
        GAINS,
        count=2 if ctx.outcome is S else 1,
        prompt="choose two" if ctx.outcome is S else "choose one",
        ally=ally,
    )


@on_resume("sf.gain_ground.hit")
def gain_hit(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["context"].get("ally") or ctx.name)
    for key in keys:
        if key == "progress":
            ctx.mark_progress(ctx.state.tracks[ctx.data["track"]])
        elif key == "momentum":
            ctx.momentum(2, who=who)
        else:
            next_move_add(ctx, who)


@before_roll("react_under_fire", ruleset=RULESET)
def react_before(ctx: Step) -> None:
    _need(ctx, False)


@on_outcome("react_under_fire", ruleset=RULESET)
def react_under_fire(ctx: Step) -> None:
    """Strong: in control, +1 momentum. Weak: a suffer move (-1), still in a bad spot. Miss:
    still in a bad spot, Pay the Price."""
    if ctx.outcome is S:
        _position(ctx, True)
        ctx.momentum(1)
    elif ctx.outcome is W:
        ask_suffer(ctx, 1)
    else:
        ctx.follow(sf("pay_the_price"))


@before_roll("strike", ruleset=RULESET)
def strike_before(ctx: Step) -> None:
    _need(ctx, True)


@on_outcome("strike", ruleset=RULESET)
def strike(ctx: Step) -> None:
    """Strong: progress twice, stay in control. Weak: progress twice, a bad spot. Miss: a bad
    spot, Pay the Price."""
    track = ctx.track(FIGHT)
    if ctx.outcome is not M:
        ctx.mark_progress(track, 2)
    _position(ctx, ctx.outcome is S)
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))


@before_roll("clash", ruleset=RULESET)
def clash_before(ctx: Step) -> None:
    _need(ctx, False)


@on_outcome("clash", ruleset=RULESET)
def clash(ctx: Step) -> None:
    """Strong: progress twice, in control. Weak: progress once, still in a bad spot, Pay the
    Price. Miss: still in a bad spot, Pay the Price."""
    track = ctx.track(FIGHT)
    if ctx.outcome is S:
        ctx.mark_progress(track, 2)
        _position(ctx, True)
        return
    if ctx.outcome is W:
        ctx.mark_progress(track)
    ctx.follow(sf("pay_the_price"))


@before_roll("take_decisive_action", ruleset=RULESET)
def decisive_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, FIGHT)


def decisive_outcome(ctx: Step) -> str:
    """ "If you are in a bad spot, count a strong hit without a match as a weak hit, and a weak
    hit as a miss"."""
    outcome = ctx.outcome
    if in_control(ctx):
        return outcome.value
    if outcome is S and not ctx.roll.get("match"):
        ctx.note("in a bad spot: the strong hit counts as a weak hit")
        return W.value
    if outcome is W:
        ctx.note("in a bad spot: the weak hit counts as a miss")
        return M.value
    return outcome.value


@on_outcome("take_decisive_action", ruleset=RULESET)
def take_decisive_action(ctx: Step) -> None:
    """Strong: you prevail, +1 momentum; "If any objectives remain and the fight continues, you
    are in control". Weak: the objective at a cost (the table, or choose); "If the fight
    continues, you are in a bad spot". Miss: defeated, Pay the Price (a bad spot if another
    fight goes on). When no fight goes on, the position is left as it is: there is none."""
    track = ctx.track(FIGHT)
    outcome = decisive_outcome(ctx)
    if outcome != ctx.outcome.value:
        # (the result says the outcome that counts, its text and all: not the dice's own)
        ctx.engine.count_as(ctx.data, outcome)
    # A hit is the fight won, as classic's End the Fight says it: "you prevail" (strong), "you
    # achieve your objective, but not without cost" (weak); "done" read as if it had merely
    # stopped, while a miss reads "failed".
    if outcome == S.value:
        close(ctx, track, "won")
        ctx.momentum(1)
        _continuing(ctx, True)
    elif outcome == W.value:
        close(ctx, track, "won")
        _continuing(ctx, False)
        from ironsworn.moves.starforged.tables import ask_roll_or_choose

        ask_roll_or_choose(
            ctx,
            "sf.take_decisive_action.cost",
            "take_decisive_action",
            prompt="not without cost: roll on the table or choose one",
        )
    else:
        close(ctx, track, "failed")
        _continuing(ctx, False)
        ctx.follow(sf("pay_the_price"))


def _continuing(ctx: Step, control: bool) -> None:
    """The position, only "if the fight continues" (another objective still open)."""
    if ctx.engine.in_fight(ctx.name):
        _position(ctx, control)


@on_resume("sf.take_decisive_action.cost")
def decisive_cost(ctx: Step, keys: list[str]) -> None:
    """The row rolled or chosen: 1-40 "It's worse than you thought: Make a suffer move (-2)"
    (asked); the others are envisioned."""
    from ironsworn.moves.starforged.tables import roll_or_row

    roll, _ = roll_or_row(ctx, "take_decisive_action", keys[0])
    if roll <= 40:
        ask_suffer(ctx, 2)


@no_roll("face_defeat", ruleset=RULESET)
def face_defeat(ctx: Step) -> None:
    """ "Clear the objective, and Pay the Price. ... If any objectives remain, the fight
    continues and you are in a bad spot"."""
    track = ctx.engine.resolve_track(ctx, FIGHT)
    close(ctx, track, "failed")
    if ctx.engine.in_fight(ctx.name):
        _position(ctx, False)
    ctx.follow(sf("pay_the_price"))


@on_outcome("battle", ruleset=RULESET)
def battle(ctx: Step) -> None:
    """Strong: the objective; you (and allies who joined) +2 momentum. Weak or miss: Pay the
    Price."""
    if ctx.outcome is S:
        ctx.momentum(2)
    else:
        ctx.follow(sf("pay_the_price"))
        if ctx.outcome is M:
            ctx.note("you are defeated or the objective is lost")
