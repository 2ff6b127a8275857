"""The classic combat moves (rulebook chapter 3): Enter the Fray to Battle."""

from __future__ import annotations

from ironsworn.campaign.character_state import CharacterState, TrackState
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.classic._common import M, S, W, _offer, _take_next_move_bonus
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.ranks import Rank


@before_roll("enter_the_fray")
def fray_before(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("fight",))
    # A new fight: Turn the Tide is available again and no strong hit is on record yet.
    used = [t for t in ctx.char.flags.get("tide_used", []) if t != track.id]
    ctx.flag("tide_used", used or None)
    ctx.flag("strong_hit", None)
    # "Hold no iron" (your harm is 1) and "bare yourself" (your foe's harm is +1) were boasts
    # of an earlier duel (L1928-1930).
    ctx.flag("harm", None)
    ctx.flag("foe_harm", None)
    _take_next_move_bonus(ctx)


@on_outcome("enter_the_fray")
def enter_the_fray(ctx: Step) -> None:
    if ctx.outcome is S:
        ctx.momentum(2)
        ctx.initiative(True)
    elif ctx.outcome is W:
        ctx.initiative(False)
        _offer(ctx, "enter_the_fray.weak_hit", ctx.options_of("weak_hit"))
    else:
        ctx.initiative(False)
        ctx.pay_the_price()


@on_resume("enter_the_fray.weak_hit")
def fray_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "bolster_position":
        ctx.momentum(2)
    else:
        ctx.initiative(True)


def _harm(ctx: Step) -> int:
    if ctx.amount is not None:
        if not 0 <= ctx.amount <= 10:
            raise InvalidValue(
                input="amount", value=ctx.amount, accepted="0 to 10 harm", why="is out of range"
            )
        return ctx.amount
    return inflict_default(ctx.char)[0]


def inflict_default(char: CharacterState) -> tuple[int, str]:
    """The harm Strike and Clash inflict when no amount is given, and why.

    ENGINE CHOICE: 2 harm (a deadly weapon) unless a boast says otherwise (Draw the Circle's
    "hold no iron": 1)."""
    harm = int(char.flags.get("harm") or 0)
    return (harm, "your harm in this duel") if harm else (2, "a deadly weapon")


def _inflict(ctx: Step, harm: int, more: int = 0) -> None:
    """Mark ``harm`` (and ``more``: a strong hit's +1) as progress on the fight, saying what
    the harm is where the player gave none: the engine's default (a deadly weapon) is a
    choice they may not share."""
    track = ctx.track(("fight",))
    if ctx.amount is None:
        base, why = inflict_default(ctx.char)
        plus = f", +{more} on a strong hit" if more else ""
        told = f"{harm + more} harm to {track.name}: {base} for {why}{plus}"
        if why == "a deadly weapon":
            told += " (unarmed or with an improvised weapon: 1)"
        ctx.note(told)
    ctx.mark_progress(track, harm + more)


@before_roll("strike")
def strike_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    if not ctx.char.initiative:
        raise RuleViolation(
            f"{ctx.name} does not have initiative: Strike is made with it (without: Clash)"
        )
    _harm(ctx)
    _take_next_move_bonus(ctx)


@on_outcome("strike")
def strike(ctx: Step) -> None:
    harm = _harm(ctx)
    if ctx.outcome is S:
        _inflict(ctx, harm, 1)
    elif ctx.outcome is W:
        _inflict(ctx, harm)
        ctx.initiative(False)
    else:
        ctx.initiative(False)
        ctx.pay_the_price()


@before_roll("clash")
def clash_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    if ctx.char.initiative:
        raise RuleViolation(f"{ctx.name} has initiative: Clash is for when the foe has it")
    _harm(ctx)
    _take_next_move_bonus(ctx)


@on_outcome("clash")
def clash(ctx: Step) -> None:
    harm = _harm(ctx)
    if ctx.outcome is S:
        ctx.initiative(True)
        _offer(ctx, "clash.strong_hit", ctx.options_of("strong_hit"), harm=harm)
    elif ctx.outcome is W:
        _inflict(ctx, harm)
        ctx.pay_the_price()
    else:
        ctx.pay_the_price()


@on_resume("clash.strong_hit")
def clash_strong(ctx: Step, keys: list[str]) -> None:
    harm = int(ctx.data["context"]["harm"])
    if keys[0] == "harm":
        _inflict(ctx, harm, 1)
    else:
        _inflict(ctx, harm)
        ctx.momentum(1)


@before_roll("turn_the_tide")
def tide_before(ctx: Step) -> None:
    """ "Once per fight, when you risk it all, you may steal initiative from your foe to make a
    move" (L2099-2100): refused outside a fight and a second time in one, before the move does
    anything (the move has no roll: its check is still made first, as every move's is).

    ENGINE CHOICE: there is no initiative to steal while you hold it, so the move is refused
    then (and stays unspent for this fight).
    """
    fights = ctx.engine.fights_of(ctx.name)
    if not fights:
        raise RuleViolation("Turn the Tide is for a fight: there is no active fight")
    used = ctx.char.flags.get("tide_used") or ()
    if any(t.id in used for t in fights):
        raise RuleViolation("Turn the Tide can be made only once per fight")
    if ctx.char.initiative:
        raise RuleViolation(
            f"{ctx.name} has initiative: Turn the Tide steals it from your foe when they have it"
        )


@no_roll("turn_the_tide")
def turn_the_tide(ctx: Step) -> None:
    """Spent for the fights the character is in (tide_before allowed it): initiative now."""
    used = list(ctx.char.flags.get("tide_used") or [])
    ctx.flag("tide_used", used + [t.id for t in ctx.engine.fights_of(ctx.name)])
    ctx.initiative(True)
    ctx.flag("turn_the_tide", True)
    ctx.note(
        "make a move (not a progress move) now: +1, and +1 momentum on a hit; "
        "if it does not score a hit, Pay the Price"
    )


@before_roll("end_the_fight")
def end_fight_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    if not ctx.char.flags.get("strong_hit"):
        raise RuleViolation(
            "End the Fight can only follow a strong hit in this fight (take decisive action first)"
        )


def _allies_out_of_the_fight(ctx: Step, track: TrackState) -> None:
    """The allies who shared the fight just ended and are in no other: no initiative to hold
    either (an ally kept it after the fight was won, the sheet still saying so)."""
    for ally in track.characters:
        if ally != ctx.name and not ctx.engine.in_fight(ally):
            ctx.engine.set_initiative(ally, False, fight_over=True)


@on_outcome("end_the_fight")
def end_the_fight(ctx: Step) -> None:
    track = ctx.track(("fight",))
    ctx.flag("strong_hit", None)
    foe_harm = int(ctx.char.flags.get("foe_harm") or 0)
    if len(ctx.engine.fights_of(ctx.name)) == 1:
        # The last fight ends: so do a duel's "hold no iron" and "bare yourself".
        ctx.flag("harm", None)
        ctx.flag("foe_harm", None)
    if ctx.outcome is M:
        ctx.engine.close_track(track, "lost")
        if not ctx.engine.in_fight(ctx.name):
            # No fight goes on: there is no initiative to hold (it was kept, and the sheet
            # said "you have initiative" after the fight was lost).
            ctx.engine.set_initiative(ctx.name, False, fight_over=True)
        _allies_out_of_the_fight(ctx, track)
        ctx.note("you have lost this fight: Pay the Price, and make it severe")
        ctx.pay_the_price()
        return
    ctx.engine.close_track(track, "won")
    if ctx.engine.in_fight(ctx.name):
        ctx.initiative(True)
    else:
        ctx.engine.set_initiative(ctx.name, False, fight_over=True)
    _allies_out_of_the_fight(ctx, track)
    if ctx.outcome is W:
        ctx.choose(
            "end_the_fight.weak_hit",
            ctx.options_of("weak_hit"),
            rank=track.rank,
            foe_harm=foe_harm,
        )


@on_resume("end_the_fight.weak_hit")
def end_fight_weak(ctx: Step, keys: list[str]) -> None:
    # ENGINE CHOICE (spec §6.17): the harm or stress is the foe's rank.
    amount = ctx.amount or Rank.parse(str(ctx.data["context"]["rank"])).harm
    if keys[0] == "endure_harm":
        foe_harm = int(ctx.data["context"].get("foe_harm") or 0)
        ctx.follow("endure_harm", amount=amount if ctx.amount else amount + foe_harm)
    elif keys[0] == "endure_stress":
        ctx.follow("endure_stress", amount=amount)


@on_outcome("battle")
def battle(ctx: Step) -> None:
    if ctx.outcome is S:
        ctx.momentum(2)
    else:
        if ctx.outcome is W:
            ctx.note("objective achieved, at a cost (you may pick from End the Fight's weak hit)")
        ctx.pay_the_price()
