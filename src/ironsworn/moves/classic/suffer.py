"""The classic suffer moves (rulebook chapter 3): Endure Harm to Face a Setback."""

from __future__ import annotations

from ironsworn.campaign.state import CampaignState, TrackState
from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.momentum import MOMENTUM_MIN
from ironsworn.moves.classic._common import M, S, W, _companion, _offer, _status
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume, short_name
from ironsworn.ranks import Rank


def _suffer_amount(ctx: Step) -> int:
    if ctx.amount is not None:
        if not 0 <= ctx.amount <= 10:
            raise InvalidValue(
                input="amount", value=ctx.amount, accepted="0 to 10", why="is out of range"
            )
        return ctx.amount
    move = short_name(ctx.data["move"])
    amount, why = suffer_default(ctx.state, ctx.name, move)
    if move in ("endure_harm", "endure_stress"):
        # Said, as Strike's harm is where the player gave none: the engine's default (the
        # foe's rank, or 2 when in doubt) is a choice they may not share.
        what = "stress" if move == "endure_stress" else "harm"
        ctx.note(f"{amount} {what}: {why}")
    return amount


def suffer_default(state: CampaignState, name: str, move: str) -> tuple[int, str]:
    """The harm or stress a suffer move (``move``'s short name) takes when no amount is given,
    and why: in a fight against one foe, the foe's rank's ("a formidable foe inflicts 3 harm or
    stress", seed 000 L1622-1623), Endure Harm's +1 when the character bared themselves in a
    duel; else 2 ("When in doubt about the amount you suffer, just assume it is a dangerous
    result and adjust the associated track by -2", L1624-1625)."""
    fights = state.open_tracks_of(name, "fight")
    if len(fights) == 1:
        rank = Rank.parse(fights[0].rank)
        what = "stress" if move == "endure_stress" else "harm"
        harm, why = rank.harm, f"a {rank.label} foe's {what}"
        bared = int(state.character(name).flags.get("foe_harm") or 0)
        if move == "endure_harm" and bared:
            harm, why = harm + bared, f"{why}, +{bared} as you bared yourself"  # a duel's
        return harm, why
    return 2, "when in doubt, a dangerous result"


@before_roll("endure_harm")
def endure_harm_before(ctx: Step) -> None:
    amount = _suffer_amount(ctx)
    ctx.data["amount"] = amount
    overflow = ctx.meter("health", -amount)
    if overflow:
        ctx.note(f"{overflow} harm past 0 health becomes -{overflow} momentum")
        ctx.momentum(-overflow)


@before_roll("endure_stress")
def endure_stress_before(ctx: Step) -> None:
    amount = _suffer_amount(ctx)
    ctx.data["amount"] = amount
    overflow = ctx.meter("spirit", -amount)
    if overflow:
        ctx.note(f"{overflow} stress past 0 spirit becomes -{overflow} momentum")
        ctx.momentum(-overflow)


def _suffer_initiative(ctx: Step) -> None:
    """Initiative after a suffer move made in a fight: a strong hit takes it.

    "The ability to take initiative on a strong hit applies even to suffer moves" (L1470-1473);
    "If you make a suffer move and score a strong hit, you may take or retain initiative—even
    if you scored a weak hit or miss on the preceding move" (L2257-2259).

    ENGINE CHOICE: a weak hit or miss leaves initiative as it was. The general guideline "When
    you score a weak hit or miss, you lose initiative" (L1467-1468) is for moves made "to take
    action or avoid dangers in a fight" (L1463-1464); a suffer move is made "when you face the
    outcome of your actions" (L2253-2255), and the move before it has already settled
    initiative; the book extends only the strong hit to suffer moves. So a foe does not gain
    initiative from a boast's "Bloody yourself" (Draw the Circle) or from End the Fight's
    "It's worse than you thought" while other foes remain.

    Face Death and Face Desolation take no initiative on a strong hit: "If you are out of
    action and Face Death, you aren't likely to come springing back into the fight"
    (L2262-2264).
    """
    if ctx.outcome is not S or not ctx.engine.in_fight(ctx.name):
        return
    if short_name(ctx.data["move"]) not in ("face_death", "face_desolation"):
        ctx.initiative(True)


def _endure(ctx: Step, meter: str, conditions: tuple[str, str], embrace: str) -> None:
    char = ctx.char
    move = short_name(ctx.data["move"])
    _suffer_initiative(ctx)
    if ctx.outcome is S:
        options = ctx.options_of("strong_hit")
        if getattr(char, meter) == 0:
            options = [o for o in options if o[0] != "shake_it_off"]
        _offer(ctx, f"{move}.strong_hit", options)
    elif ctx.outcome is M:
        ctx.momentum(-1)
        if getattr(ctx.char, meter) == 0:
            free = [c for c in conditions if not ctx.char.has(c)]
            options = [
                o
                for o in ctx.options_of("miss_at_zero")
                if o[0] == "roll_table" or o[0].removeprefix("mark_") in free
            ]
            if len(options) == 1:
                _endure_table(ctx)
            else:
                ctx.choose(
                    f"{move}.miss_at_zero", options, prompt="mark a debility or roll on the table"
                )
    del embrace


@on_outcome("endure_harm")
def endure_harm(ctx: Step) -> None:
    _endure(ctx, "health", ("wounded", "maimed"), "embrace_the_pain")


@on_outcome("endure_stress")
def endure_stress(ctx: Step) -> None:
    _endure(ctx, "spirit", ("shaken", "corrupted"), "embrace_the_darkness")


@on_resume("endure_harm.strong_hit")
@on_resume("endure_stress.strong_hit")
def endure_strong(ctx: Step, keys: list[str]) -> None:
    meter = "health" if short_name(ctx.data["move"]) == "endure_harm" else "spirit"
    if keys[0] == "shake_it_off":
        ctx.momentum(-1)
        ctx.meter(meter, 1)
    else:
        ctx.momentum(1)


@on_resume("endure_harm.miss_at_zero")
@on_resume("endure_stress.miss_at_zero")
def endure_zero(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "roll_table":
        _endure_table(ctx)
    else:
        ctx.debility(keys[0].removeprefix("mark_"), True)


def _endure_table(ctx: Step) -> None:
    from ironsworn.content import roll_oracle

    move = short_name(ctx.data["move"])
    result = roll_oracle(
        ctx.engine.ruleset, f"oracle_rollable:classic/moves/{move}", ctx.engine.dice
    )
    ctx.emit(result.event(ctx.name))
    ctx.note(f"{result.name} ({result.roll}): {result.text}")
    roll = int(result.roll or 0)
    if move == "endure_harm" and roll <= 10:
        ctx.follow("face_death")
    elif move == "endure_stress" and roll <= 10:
        ctx.follow("face_desolation")
    elif move == "endure_stress" and roll <= 25:
        vows = [t for t in ctx.state.open_tracks_of(ctx.name) if t.kind == "vow"]
        if vows:
            ctx.choose(
                "endure_stress.forsake",
                [(t.id, t.name) for t in vows],
                prompt="you give up: which vow do you forsake?",
            )
        else:
            ctx.note("you give up, but hold no vow to forsake")


@on_resume("endure_stress.forsake")
def endure_stress_forsake(ctx: Step, keys: list[str]) -> None:
    ctx.follow("forsake_your_vow", track=keys[0])


@on_outcome("face_death")
def face_death(ctx: Step) -> None:
    _suffer_initiative(ctx)
    if ctx.outcome is S:
        ctx.note("death rejects you: you return to the mortal world")
    elif ctx.outcome is W:
        ctx.choose("face_death.weak_hit", ctx.options_of("weak_hit"))
    else:
        _status(ctx, "dead")


# The vow sworn at a threshold, by the burden it marks: its name when the player gives none.
THRESHOLD_VOWS = {"cursed": "What death desires", "tormented": "Prevent the dreaded vision"}


@on_resume("face_death.weak_hit")
@on_resume("face_desolation.weak_hit")
def threshold_weak(ctx: Step, keys: list[str]) -> None:
    death = short_name(ctx.data["move"]) == "face_death"
    if keys[0] == "noble_sacrifice":
        _status(ctx, "dead" if death else "lost")
        return
    ctx.choose(
        "threshold.vow_rank",
        [
            ("formidable", "a formidable vow"),
            ("extreme", "an extreme vow"),
            ("refuse", "refuse the quest (and your story ends)"),
        ],
        prompt="Swear an Iron Vow: choose its rank, or refuse",
        # The vow's words are the player's ("Envision what is revealed or asked of you"):
        # asked with the rank, the engine's name when none are given.
        text={
            "prompt": "name the vow",
            "default": THRESHOLD_VOWS["cursed" if death else "tormented"],
            "keys": ["formidable", "extreme"],
        },
        burden="cursed" if death else "tormented",
        fate="dead" if death else "lost",
    )


@on_resume("threshold.vow_rank")
def threshold_vow(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    if keys[0] == "refuse":
        # "If you fail to score a hit when you Swear an Iron Vow, or refuse the quest, ..."
        _status(ctx, str(context["fate"]))
        return
    burden = str(context["burden"])
    name = str(ctx.data.get("text") or THRESHOLD_VOWS[burden])
    track_id = _new_track(ctx, "vow", name, keys[0])
    threshold = {"burden": burden, "fate": context["fate"]}
    from ironsworn.moves.assets.marked_vows import deathbound_swear

    # Shadow-Kin 3 used on Face Death: the vow is sworn +shadow, with a reroll.
    ctx.follow("swear_an_iron_vow", track=track_id, threshold=threshold, **deathbound_swear(ctx))


def _new_track(ctx: Step, kind: str, name: str, rank: str, who: list[str] | None = None) -> str:
    from ironsworn.moves.sheet import track_event

    event = track_event(ctx.state, kind, name, Rank.parse(rank), who or [ctx.name])
    ctx.emit(event)
    return str(event["track"]["id"])


@before_roll("companion_endure_harm")
def companion_before(ctx: Step) -> None:
    asset = _companion(ctx)
    ctx.data["companion"] = asset["id"]
    if ctx.amount is None and not ctx.engine.in_fight(ctx.name):
        # "they suffer -health equal to the amount of harm inflicted" (seed 000 L2407-2408):
        # no foe's rank to take it from outside a fight, and no "when in doubt" in the move,
        # so the amount is asked (each surface asks it; a fight's foe inflicts its rank).
        called = asset.get("input") or asset["name"]
        raise OptionNeeded(
            f"Companion Endure Harm: how much harm does {called} take? (accepted: 1 to 5)",
            "amount",
            tuple((str(n), f"-{n} health") for n in range(1, 6)),
        )
    amount = _suffer_amount(ctx)
    ctx.data["amount"] = amount
    overflow = ctx.engine.companion_meter(ctx.name, asset["id"], -amount)
    if overflow:
        ctx.note(f"{overflow} harm past the companion's 0 health becomes -{overflow} momentum")
        ctx.momentum(-overflow)


@on_outcome("companion_endure_harm")
def companion_endure_harm(ctx: Step) -> None:
    asset_id = str(ctx.data["companion"])
    asset = next(a for a in ctx.char.assets if a["id"] == asset_id)
    at_zero = asset["meter"]["value"] == 0
    _suffer_initiative(ctx)
    if ctx.outcome is S:
        ctx.engine.companion_meter(ctx.name, asset_id, 1)
    elif ctx.outcome is W:
        if at_zero:
            ctx.note(f"{asset['name']} cannot aid you until it has at least +1 health")
    else:
        ctx.momentum(-1)
        if at_zero and ctx.roll["action_die"] == 1:
            marked = sum(1 for a in asset["abilities"] if a)
            ctx.note(f"{asset['name']} is dead: +{marked} experience, the asset is removed")
            char = ctx.char
            ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + marked)
            ctx.emit(
                {
                    "type": "asset_removed",
                    "character": char.name,
                    "asset": asset_id,
                    "index": char.assets.index(asset),
                    "record": asset,
                }
            )
        elif at_zero:
            ctx.note(
                f"{asset['name']} is gravely wounded and out of action: without aid, "
                "they die in an hour or two"
            )


@on_outcome("face_desolation")
def face_desolation(ctx: Step) -> None:
    _suffer_initiative(ctx)
    if ctx.outcome is S:
        ctx.note("you resist and press on")
    elif ctx.outcome is W:
        ctx.choose("face_desolation.weak_hit", ctx.options_of("weak_hit"))
    else:
        _status(ctx, "lost")


@no_roll("out_of_supply")
def out_of_supply(ctx: Step) -> None:
    """ "When your supply is exhausted (reduced to 0), mark unprepared" (L2453-2454).

    ENGINE CHOICE: made by name, the move needs its trigger to hold: it is refused while
    supply is above 0 (the engine makes it by itself when supply reaches 0).
    """
    party = ctx.state.party(ctx.name)
    if ctx.data.get("main") and ctx.char.supply > 0:
        raise RuleViolation(
            f"Out of Supply is made when supply is reduced to 0; {ctx.name}'s supply is "
            f"{ctx.char.supply:+d}"
        )
    for char in party:
        ctx.debility("unprepared", True, who=char.name)
    amount = int(ctx.amount or 0)
    if not amount:
        return
    # "If you are at 0 supply and suffer additional -supply, you each need to reduce your
    # health, spirit, or momentum tracks by that amount" (L2328-2330, L2465-2466): each member
    # of the party pays, the one who made the move first.
    for char in sorted(party, key=lambda c: c.name != ctx.name):
        ctx.engine.queue(
            {
                **ctx.data,
                "step": "resume",
                "point": "out_of_supply.ask",
                "keys": [],
                "character": char.name,
                "remaining": amount,
            }
        )


@on_resume("out_of_supply.ask")
def out_of_supply_ask(ctx: Step, _keys: list[str]) -> None:
    _ask_supply_cost(ctx, int(ctx.data["remaining"]))


def _ask_supply_cost(ctx: Step, remaining: int) -> None:
    ctx.choose(
        "out_of_supply.cost",
        [
            ("suffer_health", "-1 health"),
            ("suffer_spirit", "-1 spirit"),
            ("suffer_momentum", "-1 momentum"),
        ],
        prompt=f"you are unprepared: pay -1 supply ({remaining} left) as -health, -spirit or "
        "-momentum",
        remaining=remaining,
    )


@on_resume("out_of_supply.cost")
def out_of_supply_cost(ctx: Step, keys: list[str]) -> None:
    meter = keys[0].removeprefix("suffer_")
    overflow = ctx.meter(meter, -1)
    if overflow:
        ctx.momentum(-overflow)
    remaining = int(ctx.data["context"]["remaining"]) - 1
    if remaining > 0:
        _ask_supply_cost(ctx, remaining)


@no_roll("face_a_setback")
def face_a_setback(ctx: Step) -> None:
    """ "When your momentum is at its minimum (-6), and you suffer additional -momentum"
    (L2474-2475): pay it with -health/-spirit/-supply, or clear progress on "a current quest,
    journey, or fight" (L2479-2480).

    Clearing progress is offered only when such a track has progress to clear. With nothing
    at all to pay with, the setback is noted and nothing changes.

    ENGINE CHOICE: made by name, the move needs its trigger to hold: it is refused while
    momentum is above -6 (the engine makes it by itself when a loss passes -6).
    """
    char = ctx.char
    if ctx.data.get("main") and char.momentum > MOMENTUM_MIN:
        raise RuleViolation(
            f"Face a Setback is made when momentum is at its minimum ({MOMENTUM_MIN}) and "
            f"you suffer more -momentum; {char.name}'s momentum is {char.momentum:+d}"
        )
    amount = int(ctx.amount or 1)
    options = ctx.options_of("setback")
    if char.health == 0 and char.spirit == 0 and char.supply == 0:
        options = [o for o in options if o[0] == "clear_progress"]
    if not _setback_tracks(ctx):
        options = [o for o in options if o[0] != "clear_progress"]
    if not options:
        ctx.note(
            "health, spirit and supply are all 0 and no quest, journey or fight has progress "
            "to clear: the setback has nothing left to take"
        )
        return
    ctx.choose(
        "face_a_setback.how",
        options,
        remaining=amount,
        prompt=f"Face a Setback: pay {amount} extra -momentum",
    )


@on_resume("face_a_setback.how")
def setback_how(ctx: Step, keys: list[str]) -> None:
    remaining = int(ctx.data["context"]["remaining"])
    if keys[0] == "pay_with_meters":
        _ask_setback_meter(ctx, remaining)
        return
    _ask_setback_track(ctx, remaining)


def _setback_tracks(ctx: Step) -> list[TrackState]:
    """ "a current quest, journey, or fight" (L2479-2480) with progress to clear."""
    return [
        t
        for t in ctx.state.open_tracks_of(ctx.name)  # the active ones they hold, in order
        if t.kind in ("vow", "journey", "fight") and t.ticks > 0
    ]


def _ask_setback_track(ctx: Step, remaining: int) -> None:
    tracks = _setback_tracks(ctx)
    if not tracks:
        ctx.note("no quest, journey or fight has progress to undermine")
        return
    ctx.choose(
        "face_a_setback.track",
        [(t.id, f"{t.name} ({t.rank})") for t in tracks],
        prompt="which track does the setback undermine?",
        remaining=remaining,
    )


def _ask_setback_meter(ctx: Step, remaining: int) -> None:
    char = ctx.char
    options = [
        (f"suffer_{m}", f"-1 {m}") for m in ("health", "spirit", "supply") if getattr(char, m) > 0
    ]
    if not options:
        # "If your health, spirit, and supply are all at 0, you have no choice. You must clear
        # progress" (L2494-2496): the rest of the setback is paid in progress.
        ctx.note("health, spirit and supply are all 0: the rest must be paid in progress")
        _ask_setback_track(ctx, remaining)
        return
    ctx.choose(
        "face_a_setback.meter",
        options,
        remaining=remaining,
        prompt=f"pay -1 ({remaining} left) as -health, -spirit or -supply",
    )


@on_resume("face_a_setback.meter")
def setback_meter(ctx: Step, keys: list[str]) -> None:
    meter = keys[0].removeprefix("suffer_")
    if meter == "supply":
        ctx.supply(-1)
    else:
        ctx.meter(meter, -1)
    remaining = int(ctx.data["context"]["remaining"]) - 1
    if remaining > 0:
        _ask_setback_meter(ctx, remaining)


@on_resume("face_a_setback.track")
def setback_track(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[keys[0]]
    remaining = int(ctx.data["context"]["remaining"])
    per = Rank.parse(track.rank).ticks_per_mark
    ctx.engine.set_ticks(track, track.ticks - per * remaining)
