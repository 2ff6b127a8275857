"""Asset abilities in moves, before the roll: which marked abilities act on it, and how.

An ability's effects are data (``effects`` in ``assets.json``); each effect names the moves it
acts on and what it does. A move reads them in this order:

1. :func:`prepare` (before the roll, here): the *uses* for this move: every marked ability whose
   effect names the move and whose conditions hold (:mod:`~ironsworn.moves.assets.matching`).
   An effect with ``when`` (a condition of the fiction: "using your hound's senses") or
   ``option`` applies only when the player names its asset (the ``asset`` input: ``hound``,
   ``hound:1``, ``cutthroat:1:harm``); one without applies unasked. It returns the stat to
   roll (``roll``: another stat, an asset track, a companion's health) and the adds, and pays
   the costs decided before rolling (``before``).
2. After any burn, :mod:`~ironsworn.moves.assets.gains`: ``adjust_outcome`` ("count a weak
   hit as a miss" and its kin), then ``gains_before`` / ``gains_after`` around the move's own
   outcome handler: momentum and meters on a hit or strong hit, extra harm and progress, a
   bonus on the next move, follow-on moves, a choice between two gains.

Effect keys (all optional but ``moves``)::

    moves      move ids; "*" any move with an action roll; "progress" any progress move;
               "ritual" any ritual's move; "use" outside a move (``asset use``,
               :mod:`~ironsworn.moves.assets.uses`); Datasworn patterns ("move:*/combat/*")
    when       the fiction that must hold (the player says so by naming the asset)
    option     a choice made before rolling (NAME:N:OPTION)
    stat       only when rolling one of these stats ("select:material": the card's choice)
    roll       roll this instead (a stat, "companion_health", "track:NAME", "select:NAME")
    add        +N (or "track:NAME": the track's value)
    before     costs paid before the roll: {"momentum": -1, "supply": -1, "track:NAME": -1}
    reroll     reroll any dice (asked after the roll)
    harm       the base harm of Strike or Clash
    weak_as_miss / strong_as_weak   the outcome counts one lower
    weak_as_strong / miss_as_weak   the outcome counts one higher (Starforged)
    preset     the action die is set, not rolled (a number, or "integrity")
    hit / strong / weak / miss / strong_match / after / burned   gains on that outcome
    fight / zero_health / tide / bond / others / companion / once   further conditions
    action_one gains when the action die shows 1
    handler    a named handler in :mod:`ironsworn.moves.assets.handlers`

Gains: momentum, health, spirit, supply, harm and progress (marks on the move's track),
next_add, experience, bond_ticks, initiative, "track:NAME" (+N or "action_die"),
lasting (an effect kept on the character: :mod:`ironsworn.moves.assets.lasting`),
"set_track:NAME", follow {move, amount...}, choose [gain, gain...], allies {gain};
Starforged: meter (the card's own meter: ammo, shields, a companion's health),
"legacy:quests|bonds|discoveries" (ticks on a legacy track). A roll of "integrity" is the
vehicle's (a support vehicle's card, else the command vehicle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.assets.gains import MORE_GAINS, OUTCOME_KEYS, apply_gain, gain_when
from ironsworn.moves.assets.matching import ELSEWHERE_KEYS as ELSEWHERE_KEYS
from ironsworn.moves.assets.matching import (
    _companion_ok,
    _fight_ids,
    _fits,
    _record,
    _same_ability,
    _select_stat,
    named,
)
from ironsworn.moves.assets.matching import _matches_move as _matches_move
from ironsworn.moves.assets.matching import candidate_uses as candidate_uses
from ironsworn.moves.assets.matching import fiction as fiction
from ironsworn.moves.assets.matching import label as label
from ironsworn.moves.assets.matching import short as short
from ironsworn.moves.assets.reach import no_uses
from ironsworn.rolls import STAT_MAX

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.content.model import Move
    from ironsworn.moves.engine import Step

JsonDict = dict[str, Any]

# The moments of a burn: an ability giving its gains at these only says nothing to a move made
# without burning momentum.
BURN_MOMENTS = frozenset({"burned", "burned_miss"})
CONDITION_KEYS = frozenset(
    {"moves", "when", "option", "stat", "fight", "zero_health", "tide", "bond", "others",
     "companion", "once", "background", "marked_vow", "lasting"}
)  # fmt: skip
ROLL_KEYS = frozenset(
    {
        "roll",
        "add",
        "before",
        "reroll",
        "harm",
        "weak_as_miss",
        "strong_as_weak",
        "weak_as_strong",
        "miss_as_weak",
        "preset",
        "handler",
        "automatic",
    }
)
GAIN_KEYS = frozenset(
    {"momentum", "health", "spirit", "supply", "harm", "progress", "next_add", "experience",
     "bond_ticks", "initiative", "follow", "choose", "allies", "patient_health",
     "debility_choice", "lasting", "sheet", "note", "once_per_fight", "mark_vow",
     "activate", "one_time", "meter"}
) | MORE_GAINS  # fmt: skip


# --- before the roll -----------------------------------------------------------------------


def fighting(state: Any, name: str) -> bool:
    """Whether the character ``name`` is in a fight now (an active fight track of theirs),
    from the state's index of open tracks (no pass over every track of the campaign)."""
    return bool(state.holds_open(name, "fight"))


def abilities_for(
    ruleset: Any, char: CharacterState, move: Move, in_fight: bool | None = None
) -> list[JsonDict]:
    """The character's marked abilities that act on ``move``: what play mode offers before the
    roll. Each: the text to give the ``asset`` input, its label, the fiction it needs
    (``when``; empty when it applies unasked; ``fiction``, as a player reads it after the
    label: see :func:`fiction`), the stats it is for or rolls, and its effect in
    words. Given ``in_fight`` (whether the character is in a fight now), an ability only for
    a fight (Ironclad's armor) or only outside one is left out where it cannot apply."""
    from ironsworn.moves.homebrew import card_of

    out: list[JsonDict] = []
    for record in char.assets:
        asset = card_of(ruleset, record)  # the deck's card, or the homebrew one it holds
        if asset is None:
            continue
        key = str(record["id"]).rsplit("/", 1)[-1]
        for index, ability in enumerate(asset.abilities):
            if index >= len(record["abilities"]) or not record["abilities"][index]:
                continue
            for effect in ability.effects:
                if not _matches_move(effect, move) or ELSEWHERE_KEYS & set(effect):
                    continue
                if in_fight is not None and "fight" in effect and bool(effect["fight"]) != in_fight:
                    continue
                option = f":{effect['option']}" if effect.get("option") else ""
                add = effect.get("add")
                parts = [f"+{_rolled(record, str(add))}"] if add else []
                parts += [gain_when(k, effect[k]) for k in OUTCOME_KEYS if effect.get(k)]
                out.append(
                    {
                        "asset": f"{key}:{index + 1}{option}",
                        "label": label(record, asset, index),
                        "when": str(effect.get("when") or ""),
                        "fiction": fiction(str(effect.get("when") or "")),
                        "stats": [str(s) for s in effect.get("stat") or ()],
                        "rolls": [_rolled(record, str(s)) for s in effect.get("roll") or ()],
                        "effect": ", ".join(parts),
                    }
                )
    from ironsworn.moves.assets.lasting import fits

    return out + fits(char, move)  # the lasting effects kept on the character


def _rolled(record: Mapping[str, Any], stat: str) -> str:
    """What a roll names, as a player reads it: a card's meter by its name (health, ammo)."""
    meter = record.get("meter")
    return str(meter["name"]) if stat == "meter" and meter else stat


def _for_named_stats(asked: OptionNeeded, uses: list[dict[str, Any]]) -> OptionNeeded:
    """The move's stat question, offering only the stats the abilities the player named
    apply with (Horse 1's Face Danger "using your horse's speed and grace" is +edge): the
    question unchanged when none of them is about a stat, or no stat of the move fits."""
    stats = {str(s) for u in uses if u["named"] for s in u["effect"].get("stat") or ()}
    fitting = tuple((key, shown) for key, shown in asked.choices if key in stats)
    if not stats or not fitting:
        return asked
    message = str(asked).split(" (accepted:", 1)[0]
    return OptionNeeded(
        f"{message} (accepted: {', '.join(k for k, _ in fitting)})",
        "stat",
        fitting,
        subject=asked.subject,
    )


def prepare(ctx: Step, move: Move, base_stat: Any) -> tuple[str, int, int] | None:
    """Choose the uses for this roll; return (stat, value, adds) or None when none apply.

    ``base_stat`` is a callable returning the move's own (stat, value) (it raises on a bad
    the ``stat`` input); it is called only when no ability changes the stat.
    """
    if no_uses(ctx, move):
        return None  # no marked ability reaches the move, none named (an empty name is refused)
    uses = candidate_uses(ctx, move)
    named_records = named(ctx)
    if not uses and not named_records:
        return None
    char = ctx.char
    wanted_stat = str(ctx.data.get("stat") or "").lower()
    # An ability that lets you roll another stat unasked does so when the stat input picks
    # that stat.
    roll_uses = [
        u
        for u in uses
        if u["effect"].get("roll") and (u["named"] or wanted_stat in u["effect"]["roll"])
    ]
    if len({(u["asset"], u["ability"]) for u in roll_uses if u["named"]}) > 1:
        raise InvalidValue(
            "two abilities change the stat of this roll ("
            + ", ".join(u["label"] for u in roll_uses)
            + "): name one ({asset} NAME:N)",
            names=("asset",),
        )
    add_over = 0
    if roll_uses:
        use = roll_uses[0]
        options = [str(o) for o in use["effect"]["roll"]]
        record = _record(ctx, use["asset"])
        wanted = ctx.data.get("stat")
        if wanted and str(wanted).lower() in options:
            stat = str(wanted).lower()
        elif len(options) == 1:
            stat = options[0]
        else:
            # "roll +shadow or +heart": the player picks (each surface asks).
            raise OptionNeeded(
                f"{use['label']}: which do you roll, +{' or +'.join(options)}? (accepted: "
                f"{', '.join(options)})",
                "stat",
                tuple((o, f"+{o} {roll_value(ctx, char, record, o)}") for o in options),
                subject=use["label"],
            )
        value = roll_value(ctx, char, record, stat)
        shown = stat.split(":", 1)[-1] if stat.startswith("track:") else stat
        if value > STAT_MAX:
            # A card's meter above +5 (Archer's 6 ammo): the score is the same with the
            # excess counted as an add (an action roll's stat is at most +5).
            add_over = value - STAT_MAX
            value = STAT_MAX
        if stat.startswith("select:"):
            shown = _select_stat(record, stat)
        if stat == "meter":
            shown = str(record["meter"]["name"])
    else:
        try:
            shown, value = base_stat()
        except OptionNeeded as asked:
            raise _for_named_stats(asked, uses) from None
        stat = shown
    # A stat condition on the ability that sets the stat is about the move's own stat (the
    # Mammoth carries the load "when a move rolls +supply").
    rolling = roll_uses[0] if roll_uses else None
    chosen = [u for u in uses if _fits(ctx, u, rolling, move, shown)]
    # Only the ability that sets the stat rolls; others that would set it stand aside.
    chosen = [u for u in chosen if not u["effect"].get("roll") or _same_ability(u, rolling)]
    _check_named(ctx, move, named_records, chosen, shown)
    add = add_over
    for use in chosen:
        record = _record(ctx, use["asset"])
        if not _companion_ok(ctx, record):
            if use["named"]:
                raise RuleViolation(f"{record['name']} is at 0 health and cannot help you")
            ctx.note(f"{use['label']}: not applied ({record['name']} is at 0 health)")
            continue
        add += _apply_before_roll(ctx, use, record)
    ctx.data["asset_uses"] = [u for u in chosen if _companion_ok(ctx, _record(ctx, u["asset"]))]
    ally = [u for u in ctx.data["asset_uses"] if u["ally"]]
    if ally:
        hit = sum(int((u["effect"].get("hit") or {}).get("momentum", 0)) for u in ally)
        strong = sum(int((u["effect"].get("strong") or {}).get("momentum", 0)) for u in ally)
        ctx.data["ally_asset_momentum"] = [hit, strong]
    return shown, value, add


def prepare_progress(ctx: Step, move: Move) -> list[str]:
    """The uses on a progress roll: no add or stat, only what they give on the outcome
    (Outcast: +2 momentum on Reach Your Destination's strong hit). Returns their labels."""
    if no_uses(ctx, move):
        return []  # no marked ability reaches the move, none named
    named_records = named(ctx)
    uses = [u for u in candidate_uses(ctx, move) if not u["effect"].get("roll")]
    _check_named(ctx, move, named_records, uses, "progress")
    for use in uses:
        _apply_before_roll(ctx, use, _record(ctx, use["asset"]))
    if uses:
        ctx.data["asset_uses"] = uses
    return [u["label"] for u in uses]


def gains_without_roll(ctx: Step, move: Move) -> list[str]:
    """A move without a roll (Reach a Milestone): the uses' gains "after the move"."""
    labels = prepare_progress(ctx, move)
    for use in ctx.data.get("asset_uses") or ():
        after = use["effect"].get("after")
        if after:
            apply_gain(ctx, use, after)
    return labels


def roll_value(ctx: Step, char: CharacterState, record: Mapping[str, Any], stat: str) -> int:
    """The value of what an ability says to roll."""
    if stat == "companion_health":
        meter = record.get("meter")
        if meter is None:
            companions = [a for a in char.assets if a.get("meter")]
            if not companions:
                raise InvalidValue(f"{char.name} has no companion with health to roll")
            meter = companions[0]["meter"]
        return int(meter["value"])
    if stat.startswith("track:"):
        name = stat.split(":", 1)[1]
        return int(record["tracks"][name]["value"])
    if stat == "integrity":
        return vehicle_integrity(ctx, record)
    if stat == "meter":
        # A Starforged card's own meter (ammo, shields, safety, a companion's health).
        meter = record.get("meter")
        if meter is None:
            raise InvalidValue(f"{record['name']} has no meter to roll")
        return int(meter["value"])
    if stat.startswith("select:"):
        chosen = _select_stat(record, stat)
        if chosen not in char.stats:
            raise InvalidValue(f"{record['name']} has no {stat.split(':', 1)[1]} chosen")
        return char.stats[chosen]
    return char.value(stat)


def vehicle_integrity(ctx: Step, record: Mapping[str, Any]) -> int:
    """A vehicle's integrity, as a Starforged ability rolls or adds it: a support vehicle's
    own card meter, else the command vehicle's (a module's card is fitted to it)."""
    meter = record.get("meter")
    if meter and str(meter.get("name")) == "integrity":
        return int(meter["value"])
    vehicle = ctx.state.vehicle
    if vehicle is None:
        raise InvalidValue(
            f"{record['name']}: there is no command vehicle to roll +integrity (accepted: "
            "a campaign with a starship)"
        )
    return int(vehicle["integrity"])


def _fitting(ctx: Step, move: Move, stat: str) -> str:
    """The abilities a player may name on this move and stat now, as the ``asset`` input
    takes them ("hawk:1, swordmaster:1"), or that none does."""
    fits = abilities_for(ctx.engine.ruleset, ctx.char, move, fighting(ctx.state, ctx.name))
    keys = [str(f["asset"]) for f in fits if stat in (f.get("stats") or [stat])]
    if keys:
        return ", ".join(dict.fromkeys(keys))
    return f"no asset: none of {ctx.name}'s marked abilities acts on {move.name} +{stat}"


def _check_named(
    ctx: Step,
    move: Move,
    named_records: list[tuple[JsonDict, int | None, str | None]],
    chosen: list[JsonDict],
    stat: str,
) -> None:
    for record, number, option in named_records:
        mine = [u for u in chosen if u["asset"] == record["id"] and u["named"]]
        conditional = [u for u in mine if u["effect"].get("when") or u["effect"].get("option")]
        if not mine and _augmented(record) and number is None and stat != "progress":
            continue  # Delve: an augmented asset aids the move (Wield a Rarity) by being named
        if not mine:
            which = f" {number + 1}" if number is not None else ""
            raise InvalidValue(
                f"{record['name']} has no marked ability{which} that applies to {move.name} "
                f"+{stat} now"
                + (f" (option {option!r})" if option else "")
                + f" (accepted: {_fitting(ctx, move, stat)})",
                input="asset",
                value=record["name"],
            )
        abilities = sorted({u["ability"] for u in conditional})
        if number is None and len(abilities) > 1:
            key = str(record["id"]).rsplit("/", 1)[-1]
            raise InvalidValue(
                f"several abilities of {record['name']} fit {move.name}: name one with "
                + " or ".join(f"{{asset}} {key}:{i + 1}" for i in abilities),
                names=("asset",),
            )
        options = sorted({str(u["effect"]["option"]) for u in mine if u["effect"].get("option")})
        if option is None and len(options) > 1:
            key = str(record["id"]).rsplit("/", 1)[-1]
            n = mine[0]["ability"] + 1
            raise InvalidValue(
                f"{mine[0]['label']} offers a choice before rolling: "
                + " or ".join(f"{{asset}} {key}:{n}:{o}" for o in options),
                names=("asset",),
            )


def _apply_before_roll(ctx: Step, use: JsonDict, record: JsonDict) -> int:
    effect = use["effect"]
    parts: list[str] = []
    add = 0
    raw_add = effect.get("add")
    if isinstance(raw_add, str) and raw_add.startswith("track:"):
        add = int(record["tracks"][raw_add.split(":", 1)[1]]["value"])
    elif isinstance(raw_add, str):
        # "add +its health", "add +heart", "add +integrity" (Starforged)
        add = roll_value(ctx, ctx.char, record, raw_add)
    elif raw_add:
        add = int(raw_add)
    if add:
        parts.append(f"+{add}")
    if effect.get("roll"):
        parts.append(f"rolls +{ctx.data.get('stat') or effect['roll'][0]}")
    for key, value in (effect.get("before") or {}).items():
        apply_gain(ctx, use, {key: value})
        parts.append(f"{key.split(':', 1)[-1]} {value:+d}" if isinstance(value, int) else key)
    if effect.get("reroll") is True:
        ctx.data["reroll"] = True
        parts.append("reroll any dice")
    elif effect.get("reroll"):
        from ironsworn.moves.assets.progress_rerolls import describe_reroll

        parts.append(describe_reroll(effect["reroll"]))
    if effect.get("harm"):
        # The card says what the harm is ("2 harm (instead of 1)"), whatever the weapon.
        ctx.data["amount"] = int(effect["harm"])
        parts.append(f"harm {effect['harm']}")
    if effect.get("handler"):
        from ironsworn.moves.assets.handlers import BEFORE

        handler = BEFORE.get(str(effect["handler"]))
        if handler is not None:
            add += handler(ctx, use, record)
    if effect.get("once") == "fight":
        _mark_used(ctx, record, effect)
    if effect.get("lasting"):
        from ironsworn.moves.assets.lasting import spend

        spend(ctx, str(effect["lasting"]))
    if effect.get("preset") is not None:
        # "preset your action die to 4" (an int, or what to read: the vehicle's integrity)
        raw = effect["preset"]
        die = raw if isinstance(raw, int) else roll_value(ctx, ctx.char, record, str(raw))
        ctx.data["preset_action"] = max(1, min(6, int(die)))
        parts.append(f"the action die is preset to {ctx.data['preset_action']}")
    if effect.get("weak_as_miss"):
        parts.append("a weak hit counts as a miss")
    if effect.get("strong_as_weak"):
        parts.append("a strong hit counts as a weak hit")
    if effect.get("weak_as_strong"):
        parts.append("a weak hit counts as a strong hit")
    if effect.get("miss_as_weak"):
        parts.append("a miss counts as a weak hit")
    unconditional = [p for p in parts if p]
    moments = [key for key in OUTCOME_KEYS if effect.get(key)]
    for key in moments:
        parts.append(gain_when(key, effect[key]))
    said = [p for p in parts if p]
    # An ability that only gives something if you burn momentum (Swordmaster 1; Veteran 1, on
    # a burn and on a burn that makes a miss a weak hit): its note is about that moment, and
    # the log leaves it out of a move where nobody burned.
    burn_only = bool(moments) and set(moments) <= BURN_MOMENTS and not unconditional
    when = "burned" if burn_only else None
    if burn_only:
        # Not named among the abilities a move used until someone burns (see rolling.py).
        use["burn_only"] = True
    ctx.note(f"{use['label']}: " + (", ".join(said) or "applies"), when)
    return add


def _mark_used(ctx: Step, record: Mapping[str, Any], effect: Mapping[str, Any]) -> None:
    used = {k: list(v) for k, v in (ctx.char.flags.get("asset_once") or {}).items()}
    key = f"{record['id']}#{effect.get('_ability', '')}"
    for fight in _fight_ids(ctx):
        used.setdefault(fight, []).append(key)
    if used:
        ctx.flag("asset_once", used)


def _augmented(record: Mapping[str, Any]) -> bool:
    """Whether a Delve rarity augments the asset (naming it then aids the move with it)."""
    from ironsworn.moves.delve.rarities import rarity_of

    return rarity_of(record) is not None
