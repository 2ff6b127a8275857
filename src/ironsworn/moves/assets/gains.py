"""What a marked ability gives once the dice are read: its gains on the move's outcome.

After the roll (and any burn) the engine asks this module, for the uses that
:func:`~ironsworn.moves.assets.effects.prepare` chose before the roll:

- :func:`adjust_outcome`: "count a weak hit as a miss" and its kin;
- :func:`gains_before` / :func:`gains_after` (around the move's own outcome handler): momentum
  and meters on a hit or strong hit, extra harm and progress, a bonus on the next move,
  follow-on moves, a choice between two gains (:func:`ask_choice`).

:func:`apply_gain` turns one gain (or a cost paid before the roll) into events on the sheet;
:func:`describe_gain` says a gain in the game's words. The gain keys are listed in
:mod:`~ironsworn.moves.assets.effects`, beside the rest of the effect vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.assets.matching import _record, _select_stat, short
from ironsworn.outcomes import MISS, STRONG_HIT, WEAK_HIT

if TYPE_CHECKING:
    from ironsworn.moves.engine import Step

JsonDict = dict[str, Any]

# The outcomes (and moments) an effect can give gains on; _WHEN words each for the player.
OUTCOME_KEYS = (
    "hit", "strong", "weak", "miss", "strong_match", "after", "burned", "action_one",
    "rerolled", "rerolled_miss", "burned_miss", "match", "miss_match", "rerolled_strong",
    "strong_six",
)  # fmt: skip
# Gains applied by assets.moments: harm points as health or momentum (Leech), a follow-on move
# whose stat is asked, a gain offered (decline to refuse), +N on the next move of this fight.
MORE_GAINS = frozenset({"per_harm", "follow_stat", "offer", "fight_next_add"})
MASK_METERS = {"edge": "health", "iron": "health", "shadow": "spirit", "wits": "spirit"}


_WHEN = {
    "hit": "on a hit",
    "strong": "on a strong hit",
    "weak": "on a weak hit",
    "miss": "on a miss",
    "strong_match": "on a strong hit with a match",
    "after": "after the move",
    "burned": "if you burn momentum",
    "action_one": "if the action die shows 1",
    "rerolled": "once rerolled",
    "rerolled_miss": "on a miss again after the reroll",
    "burned_miss": "when a burn makes a miss a weak hit",
    "match": "on a match",
    "miss_match": "on a miss with a match",
    "rerolled_strong": "on a strong hit once rerolled",
    "strong_six": "on a strong hit with a 6 on the action die",
}


def describe_gain(gain: Any) -> str:
    """A gain in words: ``+1 momentum``, ``Endure Stress (2)``, ``+1 supply or +1 momentum``."""
    if not isinstance(gain, Mapping):
        return str(gain)
    words = []
    for key, value in gain.items():
        if key == "choose":
            words.append(" or ".join(describe_gain(g) or "nothing" for g in value))
        elif key == "follow":
            name = short(str(value["move"])).replace("_", " ")
            amount = f" ({value['amount']})" if value.get("amount") else ""
            words.append(f"{name}{amount}" + (" with a reroll" if value.get("reroll") else ""))
        elif key == "allies":
            words.append("each ally " + describe_gain(value))
        elif key == "initiative":
            words.append("keep initiative")
        elif key in MORE_GAINS:
            words.append(_more_words(key, value))
        elif key == "debility_choice":
            words.append("mark " + " or ".join(value))
        elif key == "lasting":
            from ironsworn.moves.assets.lasting import describe

            words.append(describe(value))
        elif key == "sheet":
            from ironsworn.moves.assets.sheet_changes import describe_lasting

            words.append(describe_lasting(value))
        elif key == "note":
            words.append(str(value))
        elif key == "once_per_fight":
            words.append(describe_gain(value) + " (once per fight)")
        elif key == "mark_vow":
            words.append(f"the vow is marked ({value})")
        elif key == "one_time":
            words.append("its one-time change (if not made yet)")
        elif key == "activate":
            words.append(f"ability {int(value) + 1} is marked at no cost")
        elif key.startswith("set_track:"):
            words.append(f"{key.split(':', 1)[1]} set to {value}")
        elif isinstance(value, int):
            what = key.split(":", 1)[-1].replace("_", " ")
            if key == "next_add":
                what = "on your next move"
            elif key.startswith("legacy:"):
                what += " legacy tick" + ("s" if value != 1 else "")
            elif key == "meter":
                what = "on the card's meter"
            words.append(f"{value:+d} {what}")
        else:
            words.append(f"+{value.replace('_', ' ')} {key.split(':', 1)[-1]}")
    return ", ".join(words)


def gain_when(key: str, gain: Any) -> str:
    """A gain and the moment it comes (``key`` of :data:`OUTCOME_KEYS`) in words: ``+1
    momentum on a strong hit``; several gains read with the moment first, so that it is theirs
    and not only the last one's: ``if you burn momentum, +2 harm and +1 on your next move in
    this fight`` (Swordmaster)."""
    when = _WHEN[key]
    if not isinstance(gain, Mapping) or len(gain) < 2:
        return f"{describe_gain(gain)} {when}"
    words = [describe_gain({k: v}) for k, v in gain.items()]
    return f"{when}, " + ", ".join(words[:-1]) + " and " + words[-1]


def _more_words(key: str, value: Any) -> str:
    if key == "offer":
        return f"{value['if']}: {describe_gain(value['gain'])}"
    if key == "follow_stat":
        return short(str(value["move"])).replace("_", " ") + " (+a stat you choose)"
    if key == "per_harm":
        return "+1 health or momentum per harm"
    return f"+{value} on your next move in this fight"  # "if the fight continues"


# --- after the roll ------------------------------------------------------------------------


def adjust_outcome(step: JsonDict) -> str | None:
    """The outcome an ability makes the roll count as (after any burn), or None."""
    outcome = str(step.get("outcome"))
    for use in step.get("asset_uses") or ():
        effect = use["effect"]
        if outcome == "weak_hit" and effect.get("weak_as_miss"):
            return "miss"
        if outcome == "strong_hit" and effect.get("strong_as_weak"):
            return "weak_hit"
        # Starforged: "count a weak hit as a strong hit", "count a miss as a weak hit".
        if outcome == "weak_hit" and effect.get("weak_as_strong"):
            return "strong_hit"
        if outcome == "miss" and effect.get("miss_as_weak"):
            return "weak_hit"
    return None


def _due(ctx: Step, effect: Mapping[str, Any]) -> list[tuple[str, Any]]:
    outcome = ctx.outcome
    roll = ctx.roll
    due: list[tuple[str, Any]] = []
    for key in OUTCOME_KEYS:
        gain = effect.get(key)
        if not gain:
            continue
        if (
            (key == "hit" and outcome.is_hit)
            or (key == "strong" and outcome is STRONG_HIT)
            or (key == "weak" and outcome is WEAK_HIT)
            or (key == "miss" and outcome is MISS)
            or (key == "strong_match" and outcome is STRONG_HIT and roll.get("match"))
            or key == "after"
            or (key == "burned" and roll.get("burned"))
            or (key == "action_one" and roll.get("action_die") == 1)
            or (key == "rerolled" and ctx.data.get("rerolled"))
            or (key == "rerolled_miss" and ctx.data.get("rerolled") and outcome is MISS)
            or (key == "burned_miss" and outcome is WEAK_HIT and _burned_a_miss(roll))
            or (key == "match" and roll.get("match"))
            or (key == "strong_six" and outcome is STRONG_HIT and roll.get("action_die") == 6)
            or (key == "miss_match" and outcome is MISS and roll.get("match"))
            or (key == "rerolled_strong" and ctx.data.get("rerolled") and outcome is STRONG_HIT)
        ):
            due.append((key, gain))
    return due


def _burned_a_miss(roll: Mapping[str, Any]) -> bool:
    """The roll was a miss before its burn (Veteran: "burning momentum to improve a miss")."""
    if roll.get("type") != "action" or not roll.get("burned"):
        return False
    from ironsworn.rolls import ActionRoll

    return ActionRoll.from_json({**roll, "burned": False}).outcome is MISS


def gains_before(ctx: Step) -> None:
    """Momentum and meters an ability gives on this outcome (before the move's own effects)."""
    if ctx.data.get("asset_gains_done"):
        return
    for use in ctx.data.get("asset_uses") or ():
        if use.get("ally"):
            continue  # given to the ally by Aid Your Ally's outcome
        for _key, gain in _due(ctx, use["effect"]):
            early = {k: v for k, v in gain.items() if k == "momentum" and isinstance(v, int)}
            if early:
                apply_gain(ctx, use, early)


def gains_after(ctx: Step) -> None:
    """Harm, progress, follow-on moves and choices an ability gives (after the move's own);
    on a progress roll, its momentum too (only action rolls take it before)."""
    progress = ctx.roll.get("type") != "action"
    for use in ctx.data.get("asset_uses") or ():
        if use.get("ally"):
            continue
        for _key, gain in _due(ctx, use["effect"]):
            late = {
                k: v
                for k, v in gain.items()
                if progress or not (k == "momentum" and isinstance(v, int))
            }
            if late:
                apply_gain(ctx, use, late)


def apply_gain(ctx: Step, use: Mapping[str, Any], gain: Mapping[str, Any]) -> None:
    """Apply one gain (or cost) of an ability to the sheet, as events."""
    record = _record(ctx, str(use["asset"]))
    for key, value in gain.items():
        if key == "momentum":
            if isinstance(value, str):  # "+momentum equal to ...": a value the card rolls
                from ironsworn.moves.assets.effects import roll_value

                value = roll_value(ctx, ctx.char, record, value)
            amount = value
            ctx.momentum(int(amount))
        elif key in ("health", "spirit"):
            ctx.meter(key, int(value))
        elif key == "supply":
            ctx.supply(int(value))
        elif key in ("harm", "progress"):
            _mark(ctx, use, key, int(value))
        elif key == "next_add":
            current = int(ctx.char.flags.get("next_move_add") or 0)
            ctx.flag("next_move_add", current + int(value))
        elif key == "experience":
            char = ctx.char
            ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + value)
        elif key == "bond_ticks":
            char = ctx.char
            ctx.engine.set_meter(char.name, "bond_ticks", min(40, char.bond_ticks + int(value)))
        elif key == "initiative":
            ctx.initiative(bool(value))
        elif key == "follow":
            args = {k: v for k, v in value.items() if k != "move"}
            if args.get("companion") and ":" not in str(args["companion"]):
                args["companion"] = ctx.char.asset(str(args["companion"]))["id"]
            ctx.follow(str(value["move"]), **args)
        elif key == "choose":
            ask_choice(ctx, use, list(value))
        elif key == "allies":
            for ally in ctx.state.party(ctx.name):
                if ally.name != ctx.name:
                    _apply_to(ctx, ally.name, value)
        elif key == "patient_health":
            _heal_patient(ctx, int(value))
        elif key == "debility_choice":
            _debility_choice(ctx, use, list(value))
        elif key == "meter":
            # The card's own meter (a Starforged card's ammo, shields, health).
            ctx.engine.companion_meter(ctx.name, str(record["id"]), int(value))
        elif key.startswith("legacy:"):
            # A Starforged legacy track (quests, bonds, discoveries); a full box is Earn
            # Experience, as any legacy mark.
            from ironsworn.moves.starforged._common import mark_legacy

            mark_legacy(ctx.engine, ctx.name, key.split(":", 1)[1], int(value))
        elif key.startswith("track:"):
            name = key.split(":", 1)[1]
            if value == "rank":
                from ironsworn.moves.assets.marked_vows import rank_of

                amount = rank_of(ctx)  # Fortune Hunter: wealth equal to the vow's rank
            else:
                amount = ctx.roll["action_die"] if value == "action_die" else int(value)
            change_track(ctx, record, name, int(amount))
        elif key.startswith("set_track:"):
            name = key.split(":", 1)[1]
            current = int(record["tracks"][name]["value"])
            change_track(ctx, record, name, int(value) - current)
        elif key.startswith("select:") and key.endswith("_track"):
            stat = _select_stat(record, key.removesuffix("_track"))
            meter = MASK_METERS.get(stat)
            if meter:
                ctx.meter(meter, int(value))
        elif key == "debility":
            ctx.debility(str(value), True)
        elif key == "sheet":
            from ironsworn.moves.assets.sheet_changes import lasting

            lasting(ctx, use, value)
        elif key == "note":
            ctx.note(f"{use['label']}: {value}")
        elif key == "once_per_fight":
            from ironsworn.moves.assets.progress_rerolls import once_per_fight

            once_per_fight(ctx, use, value)
        elif key == "one_time":
            from ironsworn.moves.assets.sheet_changes import ask_once

            ask_once(ctx, use)
        elif key in ("mark_vow", "activate"):
            from ironsworn.moves.assets import marked_vows

            if key == "mark_vow":
                marked_vows.mark_vow(ctx, use, str(value))
            else:
                marked_vows.activate(ctx, use, int(value))
        elif key.startswith("flag:"):
            ctx.flag(key.split(":", 1)[1], value)
        elif key == "lasting":
            from ironsworn.moves.assets.lasting import grant

            grant(ctx, use, value)
        elif key in MORE_GAINS:
            from ironsworn.moves.assets.moments import apply_more

            apply_more(ctx, use, key, value)
        else:
            raise RuleViolation(f"internal: unknown asset gain {key!r}")


def _apply_to(ctx: Step, who: str, gain: Mapping[str, Any]) -> None:
    for key, value in gain.items():
        if key == "momentum":
            ctx.momentum(int(value), who=who)
        elif key in ("health", "spirit"):
            ctx.meter(key, int(value), who=who)


def _mark(ctx: Step, use: Mapping[str, Any], key: str, times: int) -> None:
    track_id = ctx.data.get("track")
    fights = ctx.engine.fights_of(ctx.name)
    if (
        key == "harm"
        and len(fights) == 1
        and (not track_id or ctx.state.tracks[track_id].kind != "fight")
    ):
        track_id = fights[0].id  # harm dealt by a move that is not a combat move (Brawler)
    if not track_id or track_id not in ctx.state.tracks:
        ctx.note(f"{use['label']}: no track to mark {key} on")
        return
    track = ctx.state.tracks[track_id]
    if track.status != "active":
        return
    if key == "harm" and track.kind != "fight":
        ctx.note(f"{use['label']}: +{times} harm, and no fight track to mark it on")
        return
    ctx.mark_progress(track, times)


def change_track(ctx: Step, record: Mapping[str, Any], name: str, delta: int) -> None:
    """Move one of a card's tracks by ``delta``, within 0 and its maximum."""
    track = (record.get("tracks") or {}).get(name)
    if track is None:
        raise InvalidValue(f"{record['name']} has no {name} track")
    after = max(0, min(int(track["max"]), int(track["value"]) + delta))
    if after != track["value"]:
        ctx.emit(
            {
                "type": "asset_track",
                "character": ctx.name,
                "asset": record["id"],
                "track": name,
                "from": track["value"],
                "to": after,
            }
        )


def _heal_patient(ctx: Step, amount: int) -> None:
    if ctx.data.get("companion"):
        ctx.engine.companion_meter(ctx.name, str(ctx.data["companion"]), amount)
    elif ctx.data.get("ally"):
        ctx.meter("health", amount, who=str(ctx.data["ally"]))
    elif not ctx.data.get("patient"):
        ctx.meter("health", amount)


def ask_choice(ctx: Step, use: Mapping[str, Any], gains: list[Mapping[str, Any]]) -> None:
    """Queue a choice between gains (asked once the move's own decisions are answered)."""
    options: list[JsonDict] = []
    for index, gain in enumerate(gains):
        key = "_".join(k.split(":", 1)[-1] for k in gain) or "nothing"
        if "follow" in gain:
            key = short(str(gain["follow"]["move"]))
        if isinstance(gain.get("lasting"), str):
            key = str(gain["lasting"])
        if any(o["key"] == key for o in options):
            key = f"{key}_{index + 1}"
        options.append({"key": key, "text": describe_gain(gain) or "nothing", "gain": gain})
    ctx.choose_later(
        "asset.gain",
        {
            "prompt": f"{use['label']}: choose one",
            "options": [{"key": o["key"], "text": o["text"]} for o in options],
            "count": 1,
            "min": 1,
        },
        {"use": dict(use), "gains": {o["key"]: o["gain"] for o in options}},
    )


def _debility_choice(ctx: Step, use: Mapping[str, Any], debilities: list[str]) -> None:
    free = [d for d in debilities if not ctx.char.has(d)]
    if not free:
        ctx.follow("face_desolation")
        return
    ask_choice(ctx, use, [{"debility": d} for d in free])
