"""What the classic moves share: the general initiative rule, the gains a choice may not
offer, one-shot bonuses, and helpers used by more than one move category."""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.meters import METER_MAX
from ironsworn.moves.engine import Step, short_name
from ironsworn.outcomes import Outcome
from ironsworn.ranks import Rank

S, W, M = Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS

# Moves that follow the general initiative rule in a fight: "you will make moves which aren't
# specifically combat moves ... When you score a strong hit, you take or retain initiative. When
# you score a weak hit or miss, you lose initiative" (L1461-1468). Combat moves set it
# themselves; Aid Your Ally and Draw the Circle say otherwise; suffer moves only take it
# (suffer.py, _suffer_initiative).
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
    if short_name(ctx.data["move"]) in GENERAL_INITIATIVE and ctx.engine.in_fight(ctx.name):
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


# Options that pay for their gain. Where the gain cannot be taken at all because the meter
# (and every companion that shares it) is already at its max, such an option would only cost,
# so it is not offered either (ENGINE CHOICE): "Shake it off: ... suffer -1 momentum in
# exchange for +1 health" (L2315-2316; spirit, L2412-2413) with health at +5, or Partake's
# "-1 supply" with nobody to take the +1 health (L1736-1737).
COSTLY: dict[str, set[str]] = {
    "endure_harm.strong_hit": {"shake_it_off"},
    "endure_stress.strong_hit": {"shake_it_off"},
    "make_camp.benefits": {"partake"},
}


def _gain_blocked(ctx: Step, who: str, gain: str, costly: bool = False) -> str | None:
    """Why ``who`` cannot take a gain now (the words for a note), or None.

    A ``costly`` option is also withheld when its meter is at its max.
    """
    char = ctx.state.character(who)
    if gain == "momentum":
        if char.momentum >= char.momentum_max:
            return f"momentum is at its max ({char.momentum_max:+d})"
        return None
    meter = gain.removesuffix("+companions")
    why = char.blocked_by(meter)
    if why is None and costly and char.value(meter) >= METER_MAX:
        why = f"{meter} is at its max ({METER_MAX:+d}), so it would only cost"
    if why is None:
        return None
    if meter != gain:  # health that companions also take: blocked only if none can take it
        for asset in char.assets:
            companion = asset.get("meter")
            if companion and (not costly or int(companion["value"]) < int(companion["max"])):
                return None
    return why


# Options that clear a condition, per decision point: Sojourn's "Clear a Condition" (L1888-1893).
# ENGINE CHOICE: such an option is offered only while its condition is marked; without it the
# option clears nothing and is a lesser Recover (+1 where Recuperate, Consort or Provision give
# +2), so choosing it could only be a slip.
CLEARS: dict[str, dict[str, str]] = {
    "sojourn.benefits": {"mend": "wounded", "hearten": "shaken", "equip": "unprepared"},
}


_NONE: dict[str, str] = {}  # a decision point with no gain, cost or clearing to check


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
    gains = GAINS.get(point, _NONE)
    costly = COSTLY.get(point, _NONE)
    clears = CLEARS.get(point, _NONE)
    kept: list[tuple[str, str]] = []
    for key, text in options:
        gain = gains.get(key)
        why = None if gain is None else _gain_blocked(ctx, name, gain, key in costly)
        cleared = clears.get(key)
        if cleared is not None and not ctx.state.character(name).has(cleared):
            why = f"not {cleared}: there is nothing to clear"
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


def _add_bonus(ctx: Step, bonus: int, why: str, source: str) -> None:
    """Add a bonus an earlier move (or the fiction) granted to this move's roll, and say where
    it came from: ``why`` in the note shown now, ``source`` in the roll (the log, the story)."""
    if bonus:
        ctx.add_to_roll(bonus, source)
        ctx.note(f"+{bonus} {why}")


def _say_bond_add(ctx: Step) -> None:
    """Say the +1 a bond gives the roll (Undertake a Journey setting off from a bonded
    community, Sojourn): the roll counts it, as Swear an Iron Vow's is said beside it."""
    if ctx.data.get("bond"):
        bond = ctx.data.get("with")
        ctx.note(f"+1 you share a bond with {bond}" if bond else "+1 you share a bond")


# The flags _take_next_move_bonus reads: a character with none of them has nothing to take.
_NEXT_MOVE_FLAGS = (
    "next_move_add",
    "next_move_hit_momentum",
    "gather_add",
    "turn_the_tide",
    "aided_by",
    "aided_strong",
)


def _take_next_move_bonus(ctx: Step) -> None:
    """Apply "+1 on your next move" bonuses (take control, Turn the Tide) to a move's roll."""
    move = ctx.move
    if move.progress_move or move.roll_type != "action_roll":
        return
    name = ctx.data["character"]  # (ctx.char, without the property's call: every move)
    flags = (ctx.state.characters.get(name) or ctx.state.character(name)).flags
    if not flags or flags.keys().isdisjoint(_NEXT_MOVE_FLAGS):
        return  # (most moves: nothing below would change anything)
    _add_bonus(ctx, _consume(ctx, "next_move_add"), "from your last move", "your last move")
    # Find an Opportunity's "take action now": +1 momentum on this move's hit (outcome_step).
    hit_momentum = _consume(ctx, "next_move_hit_momentum")
    if hit_momentum:
        ctx.data["momentum_on_hit"] = hit_momentum
        ctx.note(f"+{hit_momentum} momentum on a hit, from your last move")
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


def _take_control_or_momentum(ctx: Step, key: str, momentum: int, who: str | None = None) -> None:
    if key == "take_control":
        # Bonuses stack: several allies aiding one move each add their +1 (L2018-2019).
        char = ctx.state.character(who or ctx.name)
        ctx.flag("next_move_add", int(char.flags.get("next_move_add") or 0) + 1, who=who)
        ctx.note("take control: make another move now (not a progress move) and add +1")
    else:
        ctx.momentum(momentum, who=who)


def _companion(ctx: Step) -> dict[str, Any]:
    """The companion asset named by the companion input, or the character's only companion."""
    query = ctx.data.get("companion")
    if query:
        asset = ctx.char.asset(str(query))
    else:
        found = [a for a in ctx.char.assets if a.get("meter")]
        if not found:
            raise InvalidValue(f"{ctx.name} has no companion with a health meter")
        if len(found) > 1:
            held = ", ".join(str(a.get("input") or a["name"]) for a in found)
            raise InvalidValue(
                f"{ctx.name} has {len(found)} companions with health ({held}): name one "
                "({companion})",
                names=("companion",),
            )
        asset = found[0]
    if not asset.get("meter"):
        raise InvalidValue(f"{asset['name']} has no health meter")
    return asset


def _each_ally_chooses(ctx: Step, move: str, count: int) -> None:
    """ "You and your allies may each choose" (Make Camp, Sojourn): one decision per character
    of the party, in turn, each resumed at ``<move>.benefits``. The one who makes the move
    chooses first: what they choose may give the others more (Herbalist 3's meal)."""
    for char in sorted(ctx.state.party(ctx.name), key=lambda c: c.name != ctx.name):
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


def _heal_with_companions(ctx: Step, who: str, amount: int) -> None:
    ctx.meter("health", amount, who=who)
    for asset in ctx.state.character(who).assets:
        if asset.get("meter"):
            ctx.engine.companion_meter(who, asset["id"], amount)


def _raise_rank(ctx: Step, track_id: str) -> None:
    track = ctx.state.tracks[track_id]
    raised = Rank.parse(track.rank).raised().label
    if raised != track.rank:
        ctx.emit({"type": "rank", "track": track.id, "from": track.rank, "to": raised})


def _status(ctx: Step, status: str, who: str | None = None) -> None:
    char = ctx.state.character(who or ctx.name)
    if char.status != status:
        ctx.emit({"type": "status", "character": char.name, "from": char.status, "to": status})
    ctx.engine.agenda[:] = [s for s in ctx.engine.agenda if s.get("character") != char.name]
