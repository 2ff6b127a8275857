"""The classic adventure moves (rulebook chapter 3): Face Danger to Reach Your Destination."""

from __future__ import annotations

from ironsworn.campaign.state import TrackState
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.meters import METER_MAX
from ironsworn.moves.classic._common import (
    M,
    S,
    W,
    _add_bonus,
    _companion,
    _consume,
    _each_ally_chooses,
    _general_initiative,
    _heal_with_companions,
    _offer,
    _raise_rank,
    _say_bond_add,
    _take_control_or_momentum,
    _take_next_move_bonus,
)
from ironsworn.moves.engine import Step, before_roll, on_outcome, on_resume
from ironsworn.progress import TICKS_PER_BOX


def _generic_before(ctx: Step) -> None:
    _take_next_move_bonus(ctx)


for _name in (
    "face_danger",
    "secure_an_advantage",
    "battle",
    "face_death",
    "face_desolation",
):
    before_roll(_name)(_generic_before)


@on_outcome("face_danger")
def face_danger(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        ctx.momentum(1)
    elif ctx.outcome is W:
        ctx.choose("face_danger.weak_hit", ctx.options_of("weak_hit"), prompt="choose one")
    else:
        ctx.pay_the_price()


@on_resume("face_danger.weak_hit")
def face_danger_weak(ctx: Step, keys: list[str]) -> None:
    _suffer_option(ctx, keys[0], 1)


def _suffer_option(ctx: Step, key: str, amount: int) -> None:
    if key in ("suffer_momentum",):
        ctx.momentum(-amount)
    elif key == "suffer_supply":
        ctx.supply(-amount)
    elif key == "endure_harm":
        ctx.follow("endure_harm", amount=amount)
    elif key == "endure_stress":
        ctx.follow("endure_stress", amount=amount)


@on_outcome("secure_an_advantage")
def secure_an_advantage(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        _offer(ctx, "secure_an_advantage.strong_hit", ctx.options_of("strong_hit"))
    elif ctx.outcome is W:
        ctx.momentum(1)
    else:
        ctx.pay_the_price()


@on_resume("secure_an_advantage.strong_hit")
def secure_strong(ctx: Step, keys: list[str]) -> None:
    _take_control_or_momentum(ctx, keys[0], momentum=2)


@before_roll("gather_information")
def gather_before(ctx: Step) -> None:
    bonus = _consume(ctx, "gather_add")
    _take_next_move_bonus(ctx)
    _add_bonus(
        ctx,
        bonus,
        "from Compel: you Gather Information in that exchange",
        "Compel (Gather Information in that exchange)",
    )


@on_outcome("gather_information")
def gather_information(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.pay_the_price()
    else:
        ctx.momentum(2 if ctx.outcome is S else 1)


@before_roll("heal")
def heal_before(ctx: Step) -> None:
    _take_next_move_bonus(ctx)
    given = [o for o in ("ally", "companion", "patient") if ctx.data.get(o)]
    if len(given) > 1:
        # One patient per move.
        raise InvalidValue(
            "Heal treats one patient: give one of {ally}, {companion} or {patient}, not "
            + " and ".join("{" + o + "}" for o in given),
            names=("ally", "companion", "patient"),
        )
    # Mending your own wounds rolls the lower of wits and iron, whatever the stat input says
    # (L1681-1682; see MoveEngine._stat_for).
    ctx.data["self_heal"] = True
    if ctx.data.get("patient"):
        # "NPCs who are not companions have no health track": the care is told in the fiction.
        ctx.data["self_heal"] = False
    elif ctx.data.get("ally") or ctx.data.get("companion"):
        ctx.data["self_heal"] = False
        if ctx.data.get("ally"):
            ally = ctx.state.character(str(ctx.data["ally"]))
            if ally.name == ctx.name:
                raise InvalidValue(
                    "{ally} names another character; leave it out to mend your own wounds",
                    input="ally",
                    value=ally.name,
                )
            ctx.data["ally"] = ally.name
        else:
            ctx.data["companion"] = _companion(ctx)["id"]


@on_outcome("heal")
def heal(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.pay_the_price()
        return
    if ctx.data.get("patient"):
        ctx.note(f"{ctx.data['patient']} has no health track: your care is told in the story")
        if ctx.outcome is W:
            ctx.choose("heal.weak_hit", ctx.options_of("weak_hit"), prompt="choose one")
        return
    patient = ctx.data.get("ally") or ctx.name
    if not ctx.data.get("companion") and ctx.state.character(patient).has("wounded"):
        ctx.choose(
            "heal.wounded",
            [("clear_wounded", "Clear the wounded condition"), ("keep_wounded", "Leave it")],
            prompt="you may clear wounded",
            who=ctx.name,
        )
        return
    heal_apply(ctx, [])


@on_resume("heal.wounded")
def heal_apply(ctx: Step, keys: list[str]) -> None:
    patient = ctx.data.get("ally") or ctx.name
    if "clear_wounded" in keys:
        ctx.debility("wounded", False, who=patient)
    # "Then, take or give up to +2 health": the engine gives the full +2.
    if ctx.data.get("companion"):
        ctx.engine.companion_meter(ctx.name, str(ctx.data["companion"]), 2)
    else:
        ctx.meter("health", 2, who=patient)
    if ctx.outcome is W:
        ctx.choose("heal.weak_hit", ctx.options_of("weak_hit"), prompt="choose one")


@on_resume("heal.weak_hit")
def heal_weak(ctx: Step, keys: list[str]) -> None:
    _suffer_option(ctx, keys[0], 1)


@before_roll("resupply")
def resupply_before(ctx: Step) -> None:
    if ctx.char.has("unprepared"):
        raise RuleViolation(
            f"{ctx.name} is unprepared and cannot Resupply: Sojourn (Equip) to clear it"
        )
    _take_next_move_bonus(ctx)


@on_outcome("resupply")
def resupply(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        ctx.supply(2)
    elif ctx.outcome is W:
        supply = ctx.char.supply
        room = max(0, METER_MAX - supply)

        def take(n: int) -> tuple[str, str]:
            text = f"+{n} supply, -{n} momentum"
            if room < n:
                # The cost follows the supply taken (resupply_weak): say so before the choice.
                text += f" (supply is {supply:+d}: +{room} taken, -{room} momentum)"
            return f"take_{n}", text

        ctx.choose(
            "resupply.weak_hit",
            [take(1), take(2)],
            minimum=0,
            prompt="take up to +2 supply, suffering -1 momentum for each (or decline)",
        )
    else:
        ctx.pay_the_price()


@on_resume("resupply.weak_hit")
def resupply_weak(ctx: Step, keys: list[str]) -> None:
    """ "take up to +2 supply, but suffer -1 momentum for each" (L1713-1715): the cost follows
    the supply actually taken, so supply the meter's +5 cannot hold costs nothing."""
    if keys:
        wanted = 1 if keys[0] == "take_1" else 2
        before = ctx.char.supply
        ctx.supply(wanted)
        taken = ctx.char.supply - before
        if taken < wanted:
            cost = f"-{taken} momentum" if taken else "no momentum lost"
            ctx.note(
                f"supply {before:+d} -> {ctx.char.supply:+d}: only +{taken} of +{wanted} "
                f"taken (max +5), so {cost}"
            )
        if taken:
            ctx.momentum(-taken)


@before_roll("make_camp")
def make_camp_before(ctx: Step) -> None:
    _take_next_move_bonus(ctx)


@on_outcome("make_camp")
def make_camp(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.note("you take no comfort")
        ctx.pay_the_price()
        return
    _each_ally_chooses(ctx, "make_camp", 2 if ctx.outcome is S else 1)


@on_resume("party.ask")
def party_ask(ctx: Step, _keys: list[str]) -> None:
    who = str(ctx.data["who"])
    _offer(
        ctx,
        str(ctx.data["benefits"]),
        ctx.options_of("benefits"),
        count=int(ctx.data["count"]),
        prompt=f"{who}: choose {ctx.data['count']}",
        who=who,
    )


@on_resume("make_camp.benefits")
def make_camp_benefits(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["who"])
    for key in keys:
        if key == "recuperate":
            _heal_with_companions(ctx, who, 1)
        elif key == "partake":
            ctx.engine.supply(who, -1)
            _heal_with_companions(ctx, who, 1)
        elif key == "relax":
            ctx.meter("spirit", 1, who=who)
        elif key == "focus":
            ctx.momentum(1, who=who)
        elif key == "prepare":
            ctx.flag("journey_add", 1, who=who)


@before_roll("undertake_a_journey")
def journey_before(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("journey",))
    # "If you are setting off from a community with which you share a bond, add +1 to your
    # initial roll" (L1734-1736): each character notes the journeys already under way (read
    # only when the bond is claimed).
    if ctx.data.get("bond") and _under_way(ctx, track):
        raise InvalidValue(
            f"the +1 for a bond is for the initial roll of a journey only: {track.name} is "
            "already under way"
        )
    mine = [
        t
        for t in ctx.char.flags.get("journeys_begun") or []
        if t in ctx.state.tracks and ctx.state.tracks[t].status == "active"
    ]
    if track.id not in mine:
        ctx.flag("journeys_begun", [*mine, track.id])
    _say_bond_add(ctx)
    _take_next_move_bonus(ctx)
    _add_bonus(ctx, _consume(ctx, "journey_add"), "from Make Camp (prepare)", "Make Camp (prepare)")


def _under_way(ctx: Step, track: TrackState) -> bool:
    """Whether any character on the journey ``track`` has begun it already."""
    characters = ctx.state.characters
    for name in track.characters:
        char = characters.get(name)
        if char is not None and track.id in (char.flags.get("journeys_begun") or ()):
            return True
    return False


@on_outcome("undertake_a_journey")
def undertake_a_journey(ctx: Step) -> None:
    _general_initiative(ctx)
    track = ctx.track(("journey",))
    if ctx.outcome is S:
        _offer(ctx, "undertake_a_journey.strong_hit", ctx.options_of("strong_hit"))
    elif ctx.outcome is W:
        ctx.mark_progress(track)
        ctx.supply(-1)
    else:
        ctx.pay_the_price()  # no progress on a miss


@on_resume("undertake_a_journey.strong_hit")
def journey_strong(ctx: Step, keys: list[str]) -> None:
    ctx.mark_progress(ctx.track(("journey",)))
    if keys[0] == "mark_progress_momentum":
        ctx.momentum(1)
        ctx.supply(-1)


@before_roll("reach_your_destination")
def destination_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("journey",))


@on_outcome("reach_your_destination")
def reach_your_destination(ctx: Step) -> None:
    track = ctx.track(("journey",))
    if ctx.outcome is S:
        ctx.engine.close_track(track, "done")
        _offer(ctx, "reach_your_destination.strong_hit", ctx.options_of("strong_hit"))
    elif ctx.outcome is W:
        ctx.engine.close_track(track, "done")
    else:
        # "If your journey continues, clear all but one filled progress, and raise the
        # journey's rank by one" (L1839-1843); or "your journey ends in failure" (L1862-1866).
        ctx.choose(
            "reach_your_destination.miss",
            [
                (
                    "continue",
                    "Your journey continues: clear all but one filled progress and raise its rank",
                ),
                ("end", "Your journey ends in failure"),
            ],
            prompt="you have gone astray: does your journey continue?",
        )


@on_resume("reach_your_destination.miss")
def destination_miss(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "end":
        # "your objective is lost to you" (L1839-1841): the journey track is closed as lost.
        ctx.engine.close_track(track, "lost")
        return
    ctx.engine.set_ticks(track, TICKS_PER_BOX if track.score >= 1 else 0)
    _raise_rank(ctx, track.id)


@on_resume("reach_your_destination.strong_hit")
def destination_strong(ctx: Step, keys: list[str]) -> None:
    _take_control_or_momentum(ctx, keys[0], momentum=1)
