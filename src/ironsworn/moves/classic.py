"""The effects of the 35 classic moves (rulebook chapter 3), registered with the engine.

Content is data, effects are code: the move text, outcomes and choice lists come from
``content/data/classic/moves.json``; this module says what each outcome does to the sheet.
Where the rulebook leaves a point open, the ENGINE CHOICE is written beside the code.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue, NotFound, RuleViolation
from ironsworn.moves.engine import (
    Step,
    before_roll,
    no_roll,
    on_outcome,
    on_resume,
    short_name,
)
from ironsworn.outcomes import Outcome
from ironsworn.progress import TICKS_PER_BOX
from ironsworn.ranks import Rank

S, W, M = Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS

# Moves that follow the general initiative rule in a fight: "you will make moves which aren't
# specifically combat moves ... When you score a strong hit, you take or retain initiative. When
# you score a weak hit or miss, you lose initiative" (L1461-1468). Combat moves set it
# themselves; Aid Your Ally and Draw the Circle say otherwise; suffer moves only take it.
GENERAL_INITIATIVE = {
    "face_danger",
    "secure_an_advantage",
    "gather_information",
    "heal",
    "resupply",
    "make_camp",
    "undertake_a_journey",
    "compel",
    "sojourn",
    "forge_a_bond",
    "test_your_bond",
    "swear_an_iron_vow",
}


def _general_initiative(ctx: Step) -> None:
    if ctx.data.get("threshold"):
        # The vow sworn at death's door is part of Face Death / Face Desolation: "If you are
        # out of action and Face Death, you aren't likely to come springing back" (L2262-2264).
        return
    if short_name(ctx.data["move"]) in GENERAL_INITIATIVE and ctx.engine.fights_of(ctx.name):
        ctx.initiative(ctx.outcome is S)


# What each option of a choice would raise, per decision point. An option whose gain cannot be
# taken is not offered: "If you are at your max and a move gives you an option to increase your
# momentum, you can't take that benefit" (L559-563); "If a move gives you an opportunity to raise
# your health, spirit, or supply while the associated condition is marked, you can't take that
# option" (L1113-1116). "health+companions" is health that companions also take (Recuperate,
# Partake): it stays on offer while a companion can take it.
GAINS: dict[str, dict[str, str]] = {
    "secure_an_advantage.strong_hit": {"prepare_to_act": "momentum"},
    "reach_your_destination.strong_hit": {"momentum": "momentum"},
    "aid_your_ally.strong_hit": {"momentum": "momentum"},
    "undertake_a_journey.strong_hit": {"mark_progress_momentum": "momentum"},
    "forge_a_bond.strong_hit": {"spirit": "spirit", "momentum": "momentum"},
    "test_your_bond.strong_hit": {"spirit": "spirit", "momentum": "momentum"},
    "enter_the_fray.weak_hit": {"bolster_position": "momentum"},
    "clash.strong_hit": {"momentum": "momentum"},
    "endure_harm.strong_hit": {"shake_it_off": "health", "embrace_the_pain": "momentum"},
    "endure_stress.strong_hit": {"shake_it_off": "spirit", "embrace_the_darkness": "momentum"},
    "make_camp.benefits": {
        "recuperate": "health+companions",
        "partake": "health+companions",
        "relax": "spirit",
        "focus": "momentum",
    },
    # Sojourn's recover actions can be unblocked by a Clear a Condition option chosen with
    # them, so only Plan is withheld here; the others are checked with the answer.
    "sojourn.benefits": {"plan": "momentum"},
}


def _gain_blocked(ctx: Step, who: str, gain: str) -> str | None:
    """Why ``who`` cannot take a gain now (the words for a note), or None."""
    char = ctx.state.character(who)
    if gain == "momentum":
        if char.momentum >= char.momentum_max:
            return f"momentum is at its max ({char.momentum_max:+d})"
        return None
    meter = gain.removesuffix("+companions")
    condition = char.blocked_by(meter)
    if condition is None:
        return None
    if gain.endswith("+companions") and any(a.get("meter") for a in char.assets):
        return None
    return condition


def _offer(
    ctx: Step,
    point: str,
    options: list[tuple[str, str]],
    count: int = 1,
    minimum: int | None = None,
    prompt: str | None = None,
    who: str | None = None,
    **context: Any,
) -> bool:
    """Ask a choice without the options that cannot be taken; False when none is left."""
    name = who or ctx.name
    gains = GAINS.get(point, {})
    kept: list[tuple[str, str]] = []
    for key, text in options:
        why = _gain_blocked(ctx, name, gains[key]) if key in gains else None
        if why is None:
            kept.append((key, text))
        else:
            ctx.note(f"{name}: {key.replace('_', ' ')} cannot be taken ({why})")
    if not kept:
        ctx.note(f"{name}: none of the options can be taken")
        return False
    count = min(count, len(kept))
    if minimum is not None:
        minimum = min(minimum, count)
    ctx.choose(point, kept, count=count, minimum=minimum, prompt=prompt, who=who, **context)
    return True


def _consume(ctx: Step, flag: str) -> int:
    """Take a one-shot bonus flag (e.g. +1 on the next move) off the character."""
    value = ctx.char.flags.get(flag)
    if value:
        ctx.flag(flag, None)
        return int(value)
    return 0


def _add_bonus(ctx: Step, bonus: int, why: str) -> None:
    """Add a bonus an earlier move granted to this move's roll, and say where it came from."""
    if bonus:
        ctx.data["bonus"] = int(ctx.data.get("bonus", 0)) + bonus
        ctx.note(f"+{bonus} {why}")


def _take_next_move_bonus(ctx: Step) -> None:
    """Apply "+1 on your next move" bonuses (take control, Turn the Tide) to a move's roll."""
    move = ctx.move
    if move.progress_move or move.roll_type != "action_roll":
        return
    _add_bonus(ctx, _consume(ctx, "next_move_add"), "from your last move")
    if short_name(ctx.data["move"]) != "gather_information":
        # Compel's "make that move now" (L1845): any other move spends the chance.
        _consume(ctx, "gather_add")
    if ctx.char.flags.get("turn_the_tide"):
        ctx.flag("turn_the_tide", None)
        ctx.data["turn_the_tide"] = True
    # The allies who aided this move (Aid Your Ally) are spent on it; the move keeps their
    # names (a forged bond may be marked by each of them, L1970-1974).
    aiders = ctx.char.flags.get("aided_by")
    if aiders:
        ctx.data["aiders"] = list(aiders)
        ctx.flag("aided_by", None)
    ctx.flag("aided_strong", None)


# --- adventure -----------------------------------------------------------------------------


def _generic_before(ctx: Step) -> None:
    _take_next_move_bonus(ctx)


for _name in (
    "face_danger",
    "secure_an_advantage",
    "battle",
    "forge_a_bond",
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


def _take_control_or_momentum(ctx: Step, key: str, momentum: int, who: str | None = None) -> None:
    if key == "take_control":
        # Bonuses stack: several allies aiding one move each add their +1 (L2018-2019).
        char = ctx.state.character(who or ctx.name)
        ctx.flag("next_move_add", int(char.flags.get("next_move_add") or 0) + 1, who=who)
        ctx.note("take control: make another move now (not a progress move) and add +1")
    else:
        ctx.momentum(momentum, who=who)


@before_roll("gather_information")
def gather_before(ctx: Step) -> None:
    bonus = _consume(ctx, "gather_add")
    _take_next_move_bonus(ctx)
    _add_bonus(ctx, bonus, "from Compel: you Gather Information in that exchange")


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
            "Heal treats one patient: give one of --ally, --companion or --patient, not "
            + " and ".join(f"--{o}" for o in given)
        )
    if ctx.data.get("patient"):
        # "NPCs who are not companions have no health track": the care is told in the fiction.
        ctx.data["self_heal"] = False
    elif ctx.data.get("ally") or ctx.data.get("companion"):
        ctx.data["self_heal"] = False
        if ctx.data.get("ally"):
            ally = ctx.state.character(str(ctx.data["ally"]))
            if ally.name == ctx.name:
                raise InvalidValue(
                    "--ally names another character; leave it out to mend your own wounds"
                )
            ctx.data["ally"] = ally.name
        else:
            ctx.data["companion"] = _companion(ctx)["id"]


def _companion(ctx: Step) -> dict[str, Any]:
    """The companion asset named by --companion, or the character's only companion."""
    query = ctx.data.get("companion")
    if query:
        asset = ctx.char.asset(str(query))
    else:
        found = [a for a in ctx.char.assets if a.get("meter")]
        if len(found) != 1:
            raise InvalidValue(
                f"{ctx.name} has {len(found)} companions with health; name one with --companion"
            )
        asset = found[0]
    if not asset.get("meter"):
        raise InvalidValue(f"{asset['name']} has no health meter")
    return asset


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
        ctx.choose(
            "resupply.weak_hit",
            [("take_1", "+1 supply, -1 momentum"), ("take_2", "+2 supply, -2 momentum")],
            minimum=0,
            prompt="take up to +2 supply, suffering -1 momentum for each (or decline)",
        )
    else:
        ctx.pay_the_price()


@on_resume("resupply.weak_hit")
def resupply_weak(ctx: Step, keys: list[str]) -> None:
    if keys:
        amount = 1 if keys[0] == "take_1" else 2
        ctx.supply(amount)
        ctx.momentum(-amount)


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


def _each_ally_chooses(ctx: Step, move: str, count: int) -> None:
    """ "You and your allies may each choose" (Make Camp, Sojourn): one decision per character
    of the party, in turn, each resumed at ``<move>.benefits``."""
    for char in ctx.state.party(ctx.name):
        ctx.engine.queue(
            {
                **ctx.data,
                "step": "resume",
                "point": "party.ask",
                "keys": [],
                "who": char.name,
                "count": count,
                "benefits": f"{move}.benefits",
            }
        )


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


def _heal_with_companions(ctx: Step, who: str, amount: int) -> None:
    ctx.meter("health", amount, who=who)
    for asset in ctx.state.character(who).assets:
        if asset.get("meter"):
            ctx.engine.companion_meter(who, asset["id"], amount)


@before_roll("undertake_a_journey")
def journey_before(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("journey",))
    # "If you are setting off from a community with which you share a bond, add +1 to your
    # initial roll" (L1734-1736): each character notes the journeys already under way.
    begun = [
        n
        for n in track.characters
        if n in ctx.state.characters
        and track.id in (ctx.state.characters[n].flags.get("journeys_begun") or [])
    ]
    if ctx.data.get("bond") and begun:
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
    _take_next_move_bonus(ctx)
    _add_bonus(ctx, _consume(ctx, "journey_add"), "from Make Camp (prepare)")


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


def _raise_rank(ctx: Step, track_id: str) -> None:
    track = ctx.state.tracks[track_id]
    raised = Rank.parse(track.rank).raised().label
    if raised != track.rank:
        ctx.emit({"type": "rank", "track": track.id, "from": track.rank, "to": raised})


@on_resume("reach_your_destination.strong_hit")
def destination_strong(ctx: Step, keys: list[str]) -> None:
    _take_control_or_momentum(ctx, keys[0], momentum=1)


# --- relationship ---------------------------------------------------------------------------


@before_roll("compel")
def compel_before(ctx: Step) -> None:
    # "Charm, pacify, barter, or convince: Roll +heart (add +1 if you share a bond)"; threaten
    # (+iron) and lie (+shadow) have no bond add (L1836-1842; "The moves tell you when having a
    # bond provides this advantage", L808-809).
    stat = str(ctx.data.get("stat") or "").strip().lower()
    if ctx.data.get("bond") and stat and stat != "heart":
        raise InvalidValue(
            f"Compel adds +1 for a bond only when you charm, pacify, barter or convince "
            f"(+heart), not with --stat {stat}"
        )
    _take_next_move_bonus(ctx)


@on_outcome("compel")
def compel(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.pay_the_price()
    else:
        # ENGINE CHOICE (spec §6.7): the weak hit's "as above" includes the +1 momentum, and
        # the +1 to Gather Information made now (L1843-1846).
        ctx.momentum(1)
        ctx.flag("gather_add", 1)
        ctx.note("if you use this exchange to Gather Information, make that move now: +1")


@before_roll("sojourn")
def sojourn_before(ctx: Step) -> None:
    _take_next_move_bonus(ctx)


SOJOURN_RECOVER = {
    "recuperate": "health",
    "consort": "spirit",
    "provision": "supply",
    "plan": "momentum",
}


@on_outcome("sojourn")
def sojourn(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is M:
        ctx.note("you find no help here")
        ctx.pay_the_price()
        return
    count = (2 if ctx.outcome is S else 1) + (1 if ctx.data.get("bond") else 0)
    _each_ally_chooses(ctx, "sojourn", count)


@on_resume("sojourn.benefits")
def sojourn_benefits(ctx: Step, keys: list[str]) -> None:
    who = str(ctx.data["who"])
    clear = {
        "mend": ("wounded", "health"),
        "hearten": ("shaken", "spirit"),
        "equip": ("unprepared", "supply"),
    }
    _check_sojourn_recover(ctx, who, keys, {clear[k][0]: k for k in keys if k in clear})
    for key in keys:
        if key in clear:
            debility, meter = clear[key]
            if meter == "supply":
                for char in ctx.state.party(who):
                    ctx.debility(debility, False, who=char.name)
            else:
                ctx.debility(debility, False, who=who)
            ctx.meter(meter, 1, who=who)
        elif key == "take_a_quest":
            ctx.flag("vow_add", 1, who=who)
            ctx.note(f"{who}: if you help, Swear an Iron Vow and add +1")
    recover = [k for k in keys if k in SOJOURN_RECOVER]
    if not recover:
        return
    # The recover actions wait for the focus roll, which can add to one of them or take it.
    ctx.choose(
        "sojourn.focus",
        [(k, f"focus on {k}: roll +heart again") for k in recover],
        minimum=0,
        prompt=f"{who}: focus on one recover action? (decline to skip)",
        who=who,
        recover=recover,
    )


def _check_sojourn_recover(ctx: Step, who: str, keys: list[str], cleared: dict[str, str]) -> None:
    """A recover action on a track its condition blocks needs that condition cleared with it.

    "If a move gives you an opportunity to raise your health, spirit, or supply while the
    associated condition is marked, you can't take that option" (L1113-1116); Mend, Hearten and
    Equip, chosen in the same answer, clear the condition first.
    """
    for key in keys:
        meter = SOJOURN_RECOVER.get(key)
        if meter is None or meter == "momentum":
            continue
        gain = "health+companions" if key == "recuperate" else meter
        condition = _gain_blocked(ctx, who, gain)
        if condition is not None and condition not in cleared:
            fix = {"wounded": "mend", "shaken": "hearten", "unprepared": "equip"}[condition]
            raise RuleViolation(
                f"{who} is {condition}: {key} cannot be taken unless {fix} is chosen with it"
            )


@on_resume("sojourn.focus")
def sojourn_focus(ctx: Step, keys: list[str]) -> None:
    from ironsworn.rolls import roll_action

    who = str(ctx.data["who"])
    recover = list(ctx.data["context"]["recover"])
    if not keys:
        _sojourn_recover(ctx, who, recover, None, None)
        return
    char = ctx.state.character(who)
    adds = 1 if ctx.data.get("bond") else 0
    roll = roll_action(ctx.engine.dice, char.stats["heart"], adds, char.momentum)
    ctx.emit(
        {
            "type": "roll",
            "character": who,
            "move": ctx.data["move"],
            "roll": roll.to_json(char.momentum_reset),
            "focus": keys[0],
        }
    )
    offer = roll.burn_outcome
    if offer is not None:
        # The focus roll is an action roll: momentum may be burned on it (L507-511).
        ctx.choose(
            "sojourn.focus_burn",
            [
                (
                    "burn",
                    f"burn momentum {char.momentum:+d}: the {roll.outcome.words} becomes a "
                    f"{offer.words} (momentum goes to {char.momentum_reset:+d})",
                ),
                ("keep", f"keep the {roll.outcome.words}"),
            ],
            prompt=f"{who}: burn momentum on the focus roll?",
            who=who,
            recover=recover,
            focus=keys[0],
            roll=roll.to_json(char.momentum_reset),
        )
        return
    _sojourn_recover(ctx, who, recover, keys[0], roll.outcome)


@on_resume("sojourn.focus_burn")
def sojourn_focus_burn(ctx: Step, keys: list[str]) -> None:
    from ironsworn.rolls import ActionRoll

    who = str(ctx.data["who"])
    context = ctx.data["context"]
    roll = ActionRoll.from_json(context["roll"])
    if keys[0] == "burn":
        roll = roll.burn()
        char = ctx.state.character(who)
        ctx.emit(
            {"type": "burn", "character": who, "from": char.momentum, "to": char.momentum_reset}
        )
        ctx.engine.set_meter(who, "momentum", char.momentum_reset)
    _sojourn_recover(ctx, who, list(context["recover"]), str(context["focus"]), roll.outcome)


def _sojourn_recover(
    ctx: Step, who: str, recover: list[str], focus: str | None, outcome: Outcome | None
) -> None:
    """Apply the recover actions: +2 each, and the focus roll's +2, +1 or loss on one."""
    bonus: dict[str, int | None] = {k: 0 for k in recover}
    if focus is not None and outcome is not None:
        ctx.note(f"{who}: focus roll on {focus}: {outcome.words}")
        bonus[focus] = {S: 2, W: 1, M: None}[outcome]
    for key in recover:
        extra = bonus[key]
        if extra is None:
            ctx.note(f"{who}: the benefits of {key} are lost")
            continue
        amount = 2 + extra
        meter = SOJOURN_RECOVER[key]
        if key == "recuperate":
            _heal_with_companions(ctx, who, amount)
        elif meter == "supply":
            ctx.engine.supply(who, amount)
        else:
            ctx.meter(meter, amount, who=who)


@before_roll("draw_the_circle")
def circle_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    # A new fight: the boasts of an earlier duel no longer hold.
    ctx.flag("harm", None)
    ctx.flag("foe_harm", None)
    _take_next_move_bonus(ctx)


@on_outcome("draw_the_circle")
def draw_the_circle(ctx: Step) -> None:
    if ctx.outcome is M:
        ctx.initiative(False)
        ctx.pay_the_price()
        return
    ctx.initiative(True)
    if ctx.outcome is S:
        ctx.momentum(1)
    ctx.choose(
        "draw_the_circle.boasts",
        ctx.options_of("boasts"),
        count=3 if ctx.outcome is S else 1,
        minimum=0,
        prompt="choose boasts, +1 momentum each (or decline)",
    )


@on_resume("draw_the_circle.boasts")
def circle_boasts(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        ctx.momentum(1)
        if key == "grant_first_strike":
            ctx.initiative(False)
        elif key == "bloody_yourself":
            ctx.follow("endure_harm", amount=1)
        elif key == "bare_yourself":
            # "your foe's harm is +1" (L1928-1929): added to the harm of Endure Harm in it.
            ctx.note("bare yourself: your foe's harm is +1")
            ctx.flag("foe_harm", 1)
        elif key == "hold_no_iron":
            ctx.note("hold no iron: your harm is 1")
            ctx.flag("harm", 1)
        elif key == "to_the_death":
            ctx.note("to the death: one of you must die")


@on_outcome("forge_a_bond")
def forge_a_bond(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        _add_bond(ctx)
        if not _offer(ctx, "forge_a_bond.strong_hit", ctx.options_of("strong_hit")):
            _ask_ally_bond(ctx)
    elif ctx.outcome is W:
        ctx.choose(
            "forge_a_bond.weak_hit",
            [
                ("accept", "Do what they ask (or Swear an Iron Vow) and mark the bond"),
                ("refuse", "Decline, and Pay the Price"),
            ],
            prompt="they ask something more of you first",
        )
    else:
        ctx.pay_the_price()


def _add_bond(ctx: Step) -> None:
    char = ctx.char
    bond = ctx.data.get("with")
    if bond:
        ctx.emit({"type": "bond_added", "character": char.name, "bond": str(bond)})
    else:
        ctx.note("bond marked; name who it is with --with to keep it on the sheet")
    ticks = min(40, char.bond_ticks + 1)
    ctx.engine.set_meter(char.name, "bond_ticks", ticks)


@on_resume("forge_a_bond.strong_hit")
def forge_strong(ctx: Step, keys: list[str]) -> None:
    _spirit_or_momentum(ctx, keys[0])
    _ask_ally_bond(ctx)


def _ask_ally_bond(ctx: Step) -> None:
    """Others who may mark the bond on a hit, each asked in turn.

    A bond with an ally: "both of you may mark the bond on a hit" (L1976-1977). Allies who
    acted together (Aid Your Ally on this move): "each of you may mark a tick on your bond
    progress track" (L1970-1974).
    """
    label = str(ctx.data.get("with") or "").strip()
    active = {c.name: c for c in ctx.state.characters.values() if c.status == "active"}
    partner = next(
        (c for c in active.values() if c.name.lower() == label.lower() and c.name != ctx.name),
        None,
    )
    asked: list[tuple[str, str]] = []
    if partner is not None and ctx.name not in partner.bonds:
        asked.append((partner.name, ctx.name))
    for name in ctx.data.get("aiders") or []:
        if name in active and name != ctx.name and (partner is None or name != partner.name):
            asked.append((name, label))
    for who, bond in asked:
        ctx.engine.queue(
            {
                **ctx.data,
                "step": "resume",
                "point": "forge_a_bond.ask_other",
                "keys": [],
                "who": who,
                "bond_name": bond,
            }
        )


@on_resume("forge_a_bond.ask_other")
def forge_ask_other(ctx: Step, _keys: list[str]) -> None:
    who, bond = str(ctx.data["who"]), str(ctx.data["bond_name"])
    ctx.choose(
        "forge_a_bond.other",
        [("mark_bond", f"{who} marks the bond" + (f" with {bond}" if bond else "") + " too")],
        minimum=0,
        prompt=f"{who}: mark the bond too? (decline to leave it)",
        who=who,
    )


@on_resume("forge_a_bond.other")
def forge_other(ctx: Step, keys: list[str]) -> None:
    if not keys:
        return
    other = ctx.state.character(str(ctx.data["who"]))
    bond = str(ctx.data["bond_name"])
    if bond and bond not in other.bonds:
        ctx.emit({"type": "bond_added", "character": other.name, "bond": bond})
    ctx.engine.set_meter(other.name, "bond_ticks", min(40, other.bond_ticks + 1))


def _spirit_or_momentum(ctx: Step, key: str) -> None:
    if key == "spirit":
        ctx.meter("spirit", 1)
    else:
        ctx.momentum(2)


@on_resume("forge_a_bond.weak_hit")
def forge_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "accept":
        # ENGINE CHOICE (spec §6.10): the weak hit marks the bond without the strong hit's bonus.
        _add_bond(ctx)
        _ask_ally_bond(ctx)
    else:
        ctx.pay_the_price()


@before_roll("test_your_bond")
def test_bond_before(ctx: Step) -> None:
    if ctx.data.get("abandon"):
        # "...or if you have no interest in maintaining this relationship, clear the bond and
        # Pay the Price" (L1996-1997): no roll is made.
        ctx.data["skip_roll"] = True
        _clear_bond(ctx)
        ctx.pay_the_price()
        return
    _take_next_move_bonus(ctx)


@on_outcome("test_your_bond")
def test_your_bond(ctx: Step) -> None:
    _general_initiative(ctx)
    if ctx.outcome is S:
        _offer(ctx, "test_your_bond.strong_hit", ctx.options_of("strong_hit"))
    elif ctx.outcome is W:
        ctx.choose(
            "test_your_bond.weak_hit",
            [
                ("prove", "Prove your loyalty: do what they ask, or Swear an Iron Vow"),
                ("refuse", "Decline: clear the bond and Pay the Price"),
            ],
        )
    else:
        _clear_bond(ctx)
        ctx.pay_the_price()


@on_resume("test_your_bond.strong_hit")
def test_bond_strong(ctx: Step, keys: list[str]) -> None:
    _spirit_or_momentum(ctx, keys[0])


@on_resume("test_your_bond.weak_hit")
def test_bond_weak(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "refuse":
        _clear_bond(ctx)
        ctx.pay_the_price()


def _clear_bond(ctx: Step) -> None:
    """ENGINE CHOICE (spec §6.11): clearing a bond removes it and its tick on the track."""
    char = ctx.char
    bond = ctx.data.get("with")
    if bond is None and char.bonds:
        bond = char.bonds[-1] if len(char.bonds) == 1 else None
    if bond is None or bond not in char.bonds:
        ctx.note("clear the bond (name it with --with to have it removed from the sheet)")
        return
    ctx.emit(
        {
            "type": "bond_removed",
            "character": char.name,
            "bond": bond,
            "index": char.bonds.index(bond),
        }
    )
    ctx.engine.set_meter(char.name, "bond_ticks", max(0, char.bond_ticks - 1))


@before_roll("aid_your_ally")
def aid_before(ctx: Step) -> None:
    ally = ctx.data.get("ally")
    if not ally:
        raise InvalidValue("Aid Your Ally needs --ally NAME")
    found = ctx.state.character(str(ally))
    if found.name == ctx.name:
        raise InvalidValue("you cannot aid yourself: --ally names another character")
    ctx.data["ally"] = found.name
    _take_next_move_bonus(ctx)


@on_outcome("aid_your_ally")
def aid_your_ally(ctx: Step) -> None:
    ally = str(ctx.data["ally"])
    in_fight = bool(ctx.engine.fights_of(ctx.name))
    aided_by = list(ctx.state.character(ally).flags.get("aided_by") or [])
    if ctx.name not in aided_by:
        ctx.flag("aided_by", [*aided_by, ctx.name], who=ally)
    # Your Secure an Advantage asset benefits go to the ally "(instead of you)" (L2035-2037).
    on_hit, on_strong = ctx.data.get("ally_asset_momentum") or (0, 0)
    if ctx.outcome.is_hit and on_hit:
        ctx.momentum(int(on_hit), who=ally)
    if ctx.outcome is S and on_strong:
        ctx.momentum(int(on_strong), who=ally)
    if ctx.outcome is S:
        if in_fight:
            ctx.initiative(True)
            ctx.initiative(True, who=ally)
            ctx.flag("aided_strong", True, who=ally)
        _offer(
            ctx,
            "aid_your_ally.strong_hit",
            ctx.options_of("strong_hit"),
            prompt=f"{ally} chooses",
            who=ally,
        )
        return
    if in_fight:
        ctx.initiative(False)
        # "As long as someone scores a strong hit, the target character can take or retain
        # initiative" (L2019-2020): another ally's strong hit for this move still holds.
        if not ctx.state.character(ally).flags.get("aided_strong"):
            ctx.initiative(False, who=ally)
    if ctx.outcome is W:
        ctx.momentum(1, who=ally)
    else:
        ctx.pay_the_price()


@on_resume("aid_your_ally.strong_hit")
def aid_strong(ctx: Step, keys: list[str]) -> None:
    _take_control_or_momentum(ctx, keys[0], momentum=2, who=str(ctx.data["ally"]))


@before_roll("write_your_epilogue")
def epilogue_before(ctx: Step) -> None:
    # "Make this move only once, when your character retires ... when all your vows are
    # fulfilled or forsaken" (rulebook p. 77).
    open_vows = [
        t.id
        for t in ctx.state.tracks.values()
        if t.kind == "vow" and t.status == "active" and ctx.name in t.characters
    ]
    if open_vows:
        raise RuleViolation(
            "Write Your Epilogue comes when every vow is fulfilled or forsaken; still open: "
            + ", ".join(open_vows)
        )


@on_outcome("write_your_epilogue")
def write_your_epilogue(ctx: Step) -> None:
    ctx.emit({"type": "status", "character": ctx.name, "from": ctx.char.status, "to": "retired"})


# --- combat ---------------------------------------------------------------------------------


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
            raise InvalidValue(f"--amount {ctx.amount} is out of range (0 to 10 harm)")
        return ctx.amount
    # ENGINE CHOICE: 2 harm (a deadly weapon) unless a boast or --amount says otherwise.
    return int(ctx.char.flags.get("harm") or 2)


def _inflict(ctx: Step, harm: int) -> None:
    track = ctx.track(("fight",))
    ctx.mark_progress(track, harm)


@before_roll("strike")
def strike_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("fight",))
    if not ctx.char.initiative:
        raise RuleViolation(f"{ctx.name} does not have initiative: Strike needs it (Clash)")
    _harm(ctx)
    _take_next_move_bonus(ctx)


@on_outcome("strike")
def strike(ctx: Step) -> None:
    harm = _harm(ctx)
    if ctx.outcome is S:
        _inflict(ctx, harm + 1)
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
        _inflict(ctx, harm + 1)
    else:
        _inflict(ctx, harm)
        ctx.momentum(1)


@no_roll("turn_the_tide")
def turn_the_tide(ctx: Step) -> None:
    fights = ctx.engine.fights_of(ctx.name)
    if not fights:
        raise RuleViolation("Turn the Tide is for a fight: there is no active fight")
    used = list(ctx.char.flags.get("tide_used") or [])
    current = [t.id for t in fights]
    if any(t in used for t in current):
        raise RuleViolation("Turn the Tide can be made only once per fight")
    ctx.flag("tide_used", used + current)
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
        ctx.note("you have lost this fight: Pay the Price, and make it severe")
        ctx.pay_the_price()
        return
    ctx.engine.close_track(track, "won")
    if ctx.engine.fights_of(ctx.name):
        ctx.initiative(True)
    else:
        ctx.initiative(False)
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


# --- suffer ---------------------------------------------------------------------------------


def _suffer_amount(ctx: Step) -> int:
    if ctx.amount is not None:
        if not 0 <= ctx.amount <= 10:
            raise InvalidValue(f"--amount {ctx.amount} is out of range (0 to 10)")
        return ctx.amount
    fights = ctx.engine.fights_of(ctx.name)
    if len(fights) == 1:
        harm = Rank.parse(fights[0].rank).harm
        if short_name(ctx.data["move"]) == "endure_harm":
            harm += int(ctx.char.flags.get("foe_harm") or 0)  # a duel's "bare yourself"
        return harm
    return 2  # "If in doubt, suffer -2"


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


def _suffer_strong_hit_initiative(ctx: Step) -> None:
    """A strong hit on a suffer move takes initiative in a fight.

    "The ability to take initiative on a strong hit applies even to suffer moves" (L1470-1473,
    L2257-2259). Face Death and Face Desolation are left out: "If you are out of action and
    Face Death, you aren't likely to come springing back into the fight" (L2262-2264).
    """
    if ctx.engine.fights_of(ctx.name):
        ctx.initiative(True)


def _endure(ctx: Step, meter: str, conditions: tuple[str, str], embrace: str) -> None:
    char = ctx.char
    move = short_name(ctx.data["move"])
    if ctx.outcome is S:
        _suffer_strong_hit_initiative(ctx)
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
    ctx.emit({"type": "oracle", "character": ctx.name, **_oracle_json(result)})
    ctx.note(f"{result.name} ({result.roll}): {result.text}")
    roll = int(result.roll or 0)
    if move == "endure_harm" and roll <= 10:
        ctx.follow("face_death")
    elif move == "endure_stress" and roll <= 10:
        ctx.follow("face_desolation")
    elif move == "endure_stress" and roll <= 25:
        vows = [
            t
            for t in ctx.state.tracks.values()
            if t.kind == "vow" and t.status == "active" and ctx.name in t.characters
        ]
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


def _oracle_json(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.to_json()
    return {
        "oracle": data["id"],
        "name": result.name,
        "roll": data["roll"],
        "text": data["text"],
        "rolls": data["rolls"],
    }


@on_outcome("face_death")
def face_death(ctx: Step) -> None:
    if ctx.outcome is S:
        ctx.note("death rejects you: you return to the mortal world")
    elif ctx.outcome is W:
        ctx.choose("face_death.weak_hit", ctx.options_of("weak_hit"))
    else:
        _status(ctx, "dead")


def _status(ctx: Step, status: str, who: str | None = None) -> None:
    char = ctx.state.character(who or ctx.name)
    if char.status != status:
        ctx.emit({"type": "status", "character": char.name, "from": char.status, "to": status})
    ctx.engine.agenda[:] = [s for s in ctx.engine.agenda if s.get("character") != char.name]


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
    name = "What death desires" if burden == "cursed" else "Prevent the dreaded vision"
    track_id = _new_track(ctx, "vow", name, keys[0])
    ctx.follow(
        "swear_an_iron_vow", track=track_id, threshold={"burden": burden, "fate": context["fate"]}
    )


def _new_track(ctx: Step, kind: str, name: str, rank: str, who: list[str] | None = None) -> str:
    from ironsworn.moves.sheet import track_event

    event = track_event(ctx.state, kind, name, Rank.parse(rank), who or [ctx.name])
    ctx.emit(event)
    return str(event["track"]["id"])


@before_roll("companion_endure_harm")
def companion_before(ctx: Step) -> None:
    asset = _companion(ctx)
    ctx.data["companion"] = asset["id"]
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
    if ctx.outcome is S:
        _suffer_strong_hit_initiative(ctx)
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
    if ctx.outcome is S:
        ctx.note("you resist and press on")
    elif ctx.outcome is W:
        ctx.choose("face_desolation.weak_hit", ctx.options_of("weak_hit"))
    else:
        _status(ctx, "lost")


@no_roll("out_of_supply")
def out_of_supply(ctx: Step) -> None:
    party = ctx.state.party(ctx.name)
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
    amount = int(ctx.amount or 1)
    char = ctx.char
    options = ctx.options_of("setback")
    if char.health == 0 and char.spirit == 0 and char.supply == 0:
        options = [o for o in options if o[0] == "clear_progress"]
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


def _ask_setback_track(ctx: Step, remaining: int) -> None:
    # "a current quest, journey, or fight" (L2479-2480)
    tracks = [
        t
        for t in ctx.state.tracks.values()
        if t.status == "active"
        and ctx.name in t.characters
        and t.kind in ("vow", "journey", "fight")
    ]
    if not tracks:
        ctx.note("there is no quest, journey or fight to undermine")
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


# --- quest ----------------------------------------------------------------------------------


@before_roll("swear_an_iron_vow")
def swear_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("vow",))
    _take_next_move_bonus(ctx)
    _add_bonus(ctx, _consume(ctx, "vow_add"), "for this vow (from an earlier move)")


@on_outcome("swear_an_iron_vow")
def swear_an_iron_vow(ctx: Step) -> None:
    _general_initiative(ctx)
    threshold = ctx.data.get("threshold")
    if threshold:
        if ctx.outcome.is_hit:
            burden = str(threshold["burden"])
            ctx.debility(burden, True)
            ctx.note(f"you return, marked {burden} until the quest is done")
            # Remember which vow lifts the burden: "You may only clear the cursed debility by
            # completing the quest" (L2373-2374, L2481-2482).
            vows = dict(ctx.char.flags.get("burden_vows") or {})
            vows[str(ctx.data["track"])] = burden
            ctx.flag("burden_vows", vows)
        else:
            _status(ctx, str(threshold["fate"]))
            return
    if ctx.outcome is S:
        ctx.momentum(2)
    elif ctx.outcome is W:
        ctx.momentum(1)
    else:
        ctx.choose("swear_an_iron_vow.miss", ctx.options_of("miss"))


@on_resume("swear_an_iron_vow.miss")
def swear_miss(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "press_on":
        ctx.momentum(-2)
    else:
        ctx.follow("forsake_your_vow", track=ctx.data["track"])


@no_roll("reach_a_milestone")
def reach_a_milestone(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("vow",))
    ctx.mark_progress(track)


@before_roll("fulfill_your_vow")
def fulfill_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("vow",))


@on_outcome("fulfill_your_vow")
def fulfill_your_vow(ctx: Step) -> None:
    track = ctx.track(("vow",))
    rank = Rank.parse(track.rank)
    if ctx.outcome is M:
        ctx.choose("fulfill_your_vow.miss", ctx.options_of("miss"))
        return
    xp = rank.xp_strong if ctx.outcome is S else rank.xp_weak
    # ENGINE CHOICE (spec §6.16): on a shared vow every character on it marks experience.
    for name in track.characters or [ctx.name]:
        char = ctx.state.character(name)
        if xp:
            ctx.engine.set_meter(name, "experience_earned", char.experience_earned + xp)
    # ENGINE CHOICE (spec §6.12): the weak hit also ends this vow (its experience is paid);
    # "more to be done" is a new vow, with +1 if you swear it now.
    ctx.engine.close_track(track, "fulfilled")
    _lift_burden(ctx, track.id, track.characters or [ctx.name])
    if ctx.outcome is W:
        ctx.flag("vow_add", 1)
        ctx.note("there is more to be done: Swear an Iron Vow to set things right, +1")


def _lift_burden(ctx: Step, track_id: str, names: list[str]) -> None:
    """Completing the quest sworn at death's door clears its burden (L2373-2374, L2481-2482).

    A weak hit "leaves your quest unfinished" (L2580-2581): the burden stays (clear it by hand
    once the quest is truly done).
    """
    for name in names:
        char = ctx.state.character(name)
        vows = dict(char.flags.get("burden_vows") or {})
        burden = vows.get(track_id)
        if burden is None:
            continue
        if ctx.outcome is not S:
            ctx.note(f"{name}: the quest is unfinished, so {burden} stays marked")
            continue
        del vows[track_id]
        ctx.flag("burden_vows", vows or None, who=name)
        ctx.debility(str(burden), False, who=name)


@on_resume("fulfill_your_vow.miss")
def fulfill_miss(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "recommit":
        ctx.engine.set_ticks(track, TICKS_PER_BOX if track.score >= 1 else 0)
        _raise_rank(ctx, track.id)
    else:
        ctx.follow("forsake_your_vow", track=track.id)


@no_roll("forsake_your_vow")
def forsake_your_vow(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("vow",))
    ctx.engine.close_track(track, "forsaken")
    ctx.follow("endure_stress", amount=Rank.parse(track.rank).harm)


ADVANCE_COST = {"new_asset": 3, "upgrade": 2}


@no_roll("advance")
def advance(ctx: Step) -> None:
    query = ctx.data.get("asset")
    if not query:
        raise InvalidValue("Advance needs --asset (the asset to buy or upgrade)")
    try:
        ctx.char.asset(str(query))
        key = "upgrade"
    except NotFound:
        key = "new_asset"
    # Check the purchase now and offer only it: a decision that no answer can settle would
    # block the campaign, since every other move waits for it.
    _purchase(ctx, key, query, ctx.data.get("ability"))
    ctx.choose(
        "advance.purchase",
        [o for o in ctx.options_of("purchase") if o[0] == key],
        prompt="spend 3 experience on a new asset, or 2 on an upgrade",
        asset=query,
        ability=ctx.data.get("ability"),
    )


def _purchase(ctx: Step, key: str, query: Any, ability: Any) -> dict[str, Any]:
    """The event of an Advance purchase; raises when it cannot be made (changes nothing)."""
    from ironsworn.moves.sheet import new_asset_record

    char = ctx.char
    cost = ADVANCE_COST[key]
    available = char.experience_earned - char.experience_spent
    if available < cost:
        what = "a new asset" if key == "new_asset" else "an upgrade"
        raise RuleViolation(
            f"Advance costs {cost} experience for {what}; {char.name} has {available}"
        )
    if key == "new_asset":
        asset = ctx.engine.ruleset.asset(str(query))
        if any(a["id"] == asset.id for a in char.assets):
            raise RuleViolation(f"{char.name} already has {asset.name}")
        start = None if ability is None else int(ability)
        record = new_asset_record(asset, start=start)
        return {"type": "asset_added", "character": char.name, "asset": record}
    owned = char.asset(str(query))
    if ability is None:
        index = next((i for i, on in enumerate(owned["abilities"]) if not on), None)
        if index is None:
            raise RuleViolation(f"every ability of {owned['name']} is already marked")
    else:
        try:
            index = int(ability) - 1
        except (TypeError, ValueError):
            raise InvalidValue(f"--ability {ability!r} is not a whole number") from None
    if not 0 <= index < len(owned["abilities"]):
        raise InvalidValue(
            f"--ability {index + 1} is out of range (1 to {len(owned['abilities'])})"
        )
    if owned["abilities"][index]:
        raise RuleViolation(f"ability {index + 1} of {owned['name']} is already marked")
    return {
        "type": "asset_ability",
        "character": char.name,
        "asset": owned["id"],
        "ability": index,
        "from": False,
        "to": True,
    }


@on_resume("advance.purchase")
def advance_purchase(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    char = ctx.char
    ctx.emit(_purchase(ctx, keys[0], context.get("asset"), context.get("ability")))
    spent = char.experience_spent + ADVANCE_COST[keys[0]]
    ctx.engine.set_meter(char.name, "experience_spent", spent)


# --- fate -----------------------------------------------------------------------------------


@no_roll("pay_the_price")
def pay_the_price(ctx: Step) -> None:
    ctx.choose(
        "pay_the_price.how",
        ctx.options_of("price"),
        prompt="Pay the Price: the obvious outcome, ask the oracle, or roll the table",
    )


@on_resume("pay_the_price.how")
def pay_how(ctx: Step, keys: list[str]) -> None:
    from ironsworn.content import roll_oracle
    from ironsworn.oracle import Odds, ask_the_oracle

    if keys[0] == "roll_table":
        result = roll_oracle(
            ctx.engine.ruleset, "oracle_rollable:classic/moves/pay_the_price", ctx.engine.dice
        )
        ctx.emit({"type": "oracle", "character": ctx.name, **_oracle_json(result)})
        for line in result.lines():
            ctx.note(line.strip())
    elif keys[0] == "ask_oracle":
        answer = ask_the_oracle(Odds.LIKELY, ctx.engine.dice)
        ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
        ctx.note(
            f"is the likely outcome what happens? {answer.roll}: {'yes' if answer.yes else 'no'}"
        )
    else:
        ctx.note("make the most obvious negative outcome happen")


@no_roll("ask_the_oracle")
def ask_oracle(ctx: Step) -> None:
    from ironsworn.oracle import Odds, ask_the_oracle

    odds = ctx.data.get("odds")
    if not odds:
        ctx.note("draw a conclusion, or ask a yes/no question with --odds")
        return
    answer = ask_the_oracle(Odds.parse(str(odds)), ctx.engine.dice)
    ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
    ctx.note(
        f"{answer.odds.label}: {answer.roll} — {'yes' if answer.yes else 'no'}"
        + (" (match: an extreme result or twist)" if answer.match else "")
    )
