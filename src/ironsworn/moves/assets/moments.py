"""Asset abilities that act at a moment of a move other than its roll: before it starts, or
after its outcome.

Before a move (:func:`before_move`, called by the engine as each move starts):

- an effect with ``before_move`` names a handler that may ask first or take the move's place:
  Shield-Bearer 3 ("When forced to Endure Harm in a fight, you may instead sacrifice your
  shield and ignore all harm. If you do, your shield is destroyed or will require extensive
  repair; suffer -2 momentum", seed 000 L1003-1040: the rulebook's words, which are the
  authority; the Datasworn text's initiative once per fight is not in them), Animal Kin 2
  (Forge a Bond with a fully marked animal companion, the ``companion`` input: an automatic
  strong hit, the bond marked twice and 1 experience);
- Swordmaster 1's "If the fight continues, add +1 on your next move" (``fight_next_add``):
  the next action roll made while that fight is on takes it; once the fight is over it is
  gone;
- allies' adds to the move (Loyalist 2: :mod:`~ironsworn.moves.assets.allies`).

After the outcome (:func:`after_outcome`): what the move gives allies' abilities.

Gains an ability's outcome may give (:func:`apply_more`): ``per_harm`` (Leech), ``offer`` (a
gain the player may decline: Skirmisher 2's "If you score a hit and the fight continues, Face
Danger +iron to recover your spear"), ``follow_stat`` (a follow-on move whose stat the player
picks: Shadow-Walk 1's "You must first Face Danger to find your way"), ``fight_next_add``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.assets import allies
from ironsworn.moves.assets.effects import short
from ironsworn.moves.assets.gains import apply_gain, describe_gain
from ironsworn.moves.records import MoveRecord
from ironsworn.moves.registry import on_resume

if TYPE_CHECKING:
    from ironsworn.moves.rulesets import MovePlan
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
STATS = ("edge", "heart", "iron", "shadow", "wits")


def before_move(ctx: Step, plan: MovePlan) -> bool:
    """Run as the step's move (``plan``) starts; True when an ability asked first or took the
    move's place. Each ability is looked for only where it can be: a Swordmaster's +1 in a
    flag, a card's ability among the character's cards."""
    move = plan.move
    name = ctx.data["character"]  # (ctx.char, without the property's call: every move)
    char = ctx.state.characters.get(name) or ctx.state.character(name)
    if char.flags.get("fight_next_add"):
        _fight_bonus(ctx)
        char = ctx.char  # (the sheet it changed)
    if char.assets:
        for use, effect in allies._marked_effects(ctx, char, "before_move", move):
            handler = BEFORE_MOVE[str(effect["before_move"])]
            use["label"] = use["label"].removesuffix(f" ({ctx.name})")
            if handler(ctx, use):
                return True
    if ctx.data.get("companion") and short(move.id) == "forge_a_bond":
        raise InvalidValue(
            f"{{companion}} {ctx.data['companion']!r} does not apply to Forge a Bond without "
            "Animal Kin 2 marked (it is for: heal, companion endure harm)",
            input="companion",
            value=ctx.data["companion"],
        )
    allies.ally_adds(ctx, plan)
    return False


def after_outcome(ctx: Step, plan: MovePlan) -> None:
    """After the outcome of the step's move (``plan``): what it gives allies' abilities, the
    end of a Swordmaster's +1 with its fight, a Dancer's dance offered."""
    data = ctx.data
    move = plan.move
    roll = data.get("roll")
    if roll and roll.get("type") == "action" and plan.ally_cards:
        allies.ally_gains(ctx, move)
    name = data["character"]  # (ctx.char, without the property's call: every move)
    if (ctx.state.characters.get(name) or ctx.state.character(name)).flags.get("fight_next_add"):
        _fight_over(ctx)
    if move.progress_move and data.get("outcome"):
        _dance_offered(ctx)


# --- Dancer 3 ---------------------------------------------------------------------------------

DANCER = "asset:classic/path/dancer"
COMMEMORATE = "asset.ability.move:classic/path/dancer.2.commemorate"


def _dance_offered(ctx: Step) -> None:
    """Dancer 3: "When you or an ally make a progress move and score a hit, you may perform a
    dance to commemorate the event": each dancer of the party (the mover or an ally) with the
    ability marked is told, and may make the move Commemorate once for this hit. (Asked
    after a progress move's outcome only.)"""
    move = ctx.move
    if not ctx.outcome.is_hit:
        return
    for char in (ctx.char, *allies.allies_of(ctx)):
        record = next((a for a in char.assets if a["id"] == DANCER), None)
        if record is None or len(record["abilities"]) < 3 or not record["abilities"][2]:
            continue
        ctx.flag("commemorate", {"move": move.name, "by": ctx.name}, who=char.name)
        by = "your" if char.name == ctx.name else f"{ctx.name}'s"
        ctx.note(
            f"Dancer 3 ({char.name}): {by} hit on {move.name} may be commemorated with a dance "
            "(the move Commemorate, +edge)"
        )


def commemorate_before(ctx: Step) -> None:
    """Commemorate is made for a hit on a progress move (yours or an ally's), once."""
    hit = ctx.char.flags.get("commemorate")
    if not hit:
        raise RuleViolation(
            f"{ctx.name} dances to commemorate a hit on a progress move made by them or an ally "
            "(Dancer 3): there is none to commemorate since the last dance"
        )
    ctx.flag("commemorate", None)
    ctx.note(f"a dance for {hit['by']}'s hit on {hit['move']}")


def _fight_over(ctx: Step) -> bool:
    """Swordmaster 1's +1 is for a fight that continues: gone once that fight is over."""
    pending = ctx.char.flags.get("fight_next_add")
    if not pending:
        return False
    track = ctx.state.tracks.get(str(pending["fight"]))
    if track is not None and track.status == "active":
        return False
    ctx.flag("fight_next_add", None)
    ctx.note("the fight is over: the +1 for your next move if it continued is gone")
    return True


# --- Shield-Bearer 3 --------------------------------------------------------------------------


def _shield(ctx: Step, use: JsonDict) -> bool:
    if ctx.data.get("shield") or ctx.data.get("threshold"):
        return False
    if not ctx.engine.in_fight(ctx.name) or ctx.data.get("amount") == 0:
        return False
    ctx.engine.ask(
        {
            "kind": "choose",
            "character": ctx.name,
            "move": ctx.data["move"],
            "prompt": f"{use['label']}: forced to Endure Harm in a fight, sacrifice your shield "
            "instead?",
            "options": [
                {
                    "key": "sacrifice",
                    "text": "sacrifice the shield and ignore all harm: it is destroyed or "
                    "needs extensive repair, and you suffer -2 momentum",
                },
                {"key": "endure", "text": "keep the shield and Endure Harm"},
            ],
            "count": 1,
            "min": 1,
            "resume": {
                **ctx.data,
                "step": "resume",
                "point": "asset.shield",
                "context": {"label": use["label"]},
            },
        }
    )
    return True


@on_resume("asset.shield")
def shield_answer(ctx: Step, keys: list[str]) -> None:
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    if keys[0] == "endure":
        ctx.engine.agenda.insert(0, {**step, "step": "move", "shield": "kept"})
        return
    ctx.note(
        f"{ctx.data['context']['label']}: the shield is sacrificed and the harm ignored "
        "(Endure Harm is not made); it is destroyed, or broken until extensively repaired"
    )
    ctx.momentum(-2)


# --- Animal Kin 2 -------------------------------------------------------------------------


def _bond_with_companion(ctx: Step, use: JsonDict) -> bool:
    """Forge a Bond with a companion (the ``companion`` input): an automatic strong hit."""
    from ironsworn.moves.assets.cards import NOT_ANIMALS

    query = ctx.data.get("companion")
    if not query:
        return False
    engine, char = ctx.engine, ctx.char
    record = char.asset(str(query))
    name = str(record.get("input") or record["name"])
    if record.get("type") != "companion" or record["id"] in NOT_ANIMALS:
        raise InvalidValue(
            f"{{companion}} {query!r}: {record['name']} is not an animal or beast companion "
            f"({use['label']} bonds with those)",
            input="companion",
            value=query,
        )
    if not all(record["abilities"]):
        raise RuleViolation(
            f"{use['label']}: mark all of {name}'s abilities before you Forge a Bond with it"
        )
    if name in char.bonds:
        raise RuleViolation(f"{char.name} already shares a bond with {name}")
    if ctx.data.get("with") not in (None, name):
        raise InvalidValue(
            f"{{with}} {ctx.data['with']!r}: the bond is with {name} ({{companion}})",
            input="with",
            value=ctx.data["with"],
            names=("companion",),
        )
    move = ctx.move
    ctx.data["with"] = name
    outcome = {**ctx.data, "step": "outcome", "roll": {"type": "automatic"}, "stat": None}
    outcome["outcome"] = "strong_hit"
    engine.records.append(
        MoveRecord(
            move.id,
            move.name,
            char.name,
            outcome="strong_hit",
            text=(move.outcomes or {}).get("strong_hit"),
            first_event=len(engine.events),
            assets=[use["label"]],
        )
    )
    ctx.note(f"{use['label']}: an automatic strong hit; the bond is marked twice, +1 experience")
    engine.set_meter(char.name, "bond_ticks", min(40, char.bond_ticks + 1))  # the second mark
    engine.set_meter(char.name, "experience_earned", char.experience_earned + 1)
    engine.agenda.insert(0, outcome)
    return True


BEFORE_MOVE: dict[str, Callable[[Step, JsonDict], bool]] = {
    "sacrifice_shield": _shield,
    "bond_with_companion": _bond_with_companion,
}


# --- gains after the outcome ---------------------------------------------------------------


def apply_more(ctx: Step, use: Mapping[str, Any], key: str, value: Any) -> None:
    if key == "per_harm":
        allies.per_harm(ctx, use)
    elif key == "fight_next_add":
        fights = ctx.engine.fights_of(ctx.name)
        if fights:
            current = ctx.char.flags.get("fight_next_add") or {}
            add = int(current.get("add") or 0) + int(value)
            ctx.flag("fight_next_add", {"fight": fights[0].id, "add": add})
    elif key == "offer":
        _offer(ctx, use, dict(value))
    elif key == "follow_stat":
        _ask_stat(ctx, use, dict(value))


def _fight_bonus(ctx: Step) -> None:
    """Swordmaster 1's +1 on the next move, while the fight it was won in goes on."""
    pending = ctx.char.flags.get("fight_next_add")
    if not pending or _fight_over(ctx):
        return
    move = ctx.move
    if move.roll_type != "action_roll" or move.progress_move:
        return
    ctx.flag("fight_next_add", None)
    ctx.add_to_roll(int(pending["add"]), "your last move (the fight continues)")
    ctx.note(f"+{pending['add']}: the fight continues (your last move)")


def _offer(ctx: Step, use: Mapping[str, Any], offer: JsonDict) -> None:
    gain = dict(offer["gain"])
    ctx.choose_later(
        "asset.offer",
        {
            "prompt": f"{use['label']}: {offer['if']}? (decline if not)",
            "options": [{"key": "yes", "text": f"{offer['if']}: {describe_gain(gain)}"}],
            "count": 1,
            "min": 0,
        },
        {"use": dict(use), "gain": gain},
    )


@on_resume("asset.offer")
def offer_answer(ctx: Step, keys: list[str]) -> None:
    if keys:
        context = ctx.data["context"]
        apply_gain(ctx, context["use"], context["gain"])


def _ask_stat(ctx: Step, use: Mapping[str, Any], follow: JsonDict) -> None:
    name = short(str(follow["move"])).replace("_", " ")
    char = ctx.char
    ctx.choose_later(
        "asset.follow_stat",
        {
            "prompt": f"{use['label']}: {name} first: roll which stat?",
            "options": [{"key": s, "text": f"+{s} {char.stats[s]}"} for s in STATS],
            "count": 1,
            "min": 1,
        },
        {"move": follow["move"]},
    )


@on_resume("asset.follow_stat")
def follow_stat(ctx: Step, keys: list[str]) -> None:
    ctx.follow(str(ctx.data["context"]["move"]), stat=keys[0])
