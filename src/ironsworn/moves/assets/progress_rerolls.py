"""Asset abilities that change a roll once it is made, or take a result without rolling.

- A **reroll offered after the roll** (an effect's ``reroll`` given as a mapping), on action
  and progress rolls alike: ``after`` (the outcomes it is offered on; any when absent) and
  ``dice``: ``any`` (any of the dice: the challenge dice of a progress roll), ``one`` (one
  challenge die), ``all`` (every die again, with ``add`` more), ``cancel`` (burn momentum to
  cancel one challenge die lower than it). The outcome keys ``rerolled`` and
  ``rerolled_miss`` of :mod:`~ironsworn.moves.assets.gains` then give what follows a reroll
  (Revenant's Endure Stress, Bonded's debility on another miss, Honorbound's lost spirit).
  Offered by :func:`offer_after_roll`, before any burn (as the engine's own "reroll any
  dice", ENGINE CHOICE spec §6.3).
- An **automatic result** (``automatic``: the outcome): Fated 1, "Instead of rolling, you may
  take an automatic strong hit" (:func:`automatic_outcome`).
- **An ally's challenge die**: Loyalist 3, offered when the progress move names the ally who
  stands with the mover (the ``supporter`` input) (:func:`offer_after_roll`).
- **Experience for progress** on the background vow: Fated 3, "For every two boxes filled on
  your background vow progress track, take 1 experience" (:func:`after_progress`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.errors import RuleViolation
from ironsworn.moves.assets.reach import no_uses
from ironsworn.moves.registry import on_resume
from ironsworn.outcomes import Outcome
from ironsworn.rolls import ActionRoll, ProgressRoll

if TYPE_CHECKING:
    from ironsworn.campaign.state import TrackState
    from ironsworn.content.model import Move
    from ironsworn.moves.changes import StateChanges
    from ironsworn.moves.engine import MoveEngine, Step

JsonDict = dict[str, Any]
FATED_3 = ("asset:classic/path/fated", 2)
LOYALIST_3 = ("asset:classic/path/loyalist", 2)
# Abilities applied by this module's code alone (no effect in assets.json says it).
HANDLED = frozenset({"asset.ability:classic/path/loyalist.2"})
TICKS_PER_BOX = 4


def describe_reroll(spec: Mapping[str, Any]) -> str:
    """``reroll one challenge die on a miss``: how a result names the offer."""
    dice = {
        "any": "reroll any dice",
        "one": "reroll one challenge die",
        "all": "roll all dice again" + (f" at +{spec['add']}" if spec.get("add") else ""),
        "cancel": "burn momentum to cancel a challenge die",
        "action": "reroll the action die",
    }[str(spec.get("dice", "any"))]
    if spec.get("showing"):
        dice += f" showing {spec['showing']}"
    if spec.get("below"):
        below = str(spec["below"])
        dice += " if it is below " + (
            "the card's meter" if below == "meter" else f"your {below.replace('_', ' ')}"
        )
    after = spec.get("after")
    if after:
        dice += " on a " + " or ".join(Outcome(o).words for o in after)
    return dice


# --- an automatic result -------------------------------------------------------------------


def automatic_outcome(ctx: Step, move: Move) -> str | None:
    """The outcome an ability named for this move gives without rolling, or None.

    Fated 1: only "while your epic background vow is unfulfilled", and not again while the
    card counts as a debility for it ("you no longer have this protection").
    """
    if no_uses(ctx, move):
        return None  # no marked ability reaches the move, none named: no card to walk
    from ironsworn.moves.assets.effects import candidate_uses

    uses = [u for u in candidate_uses(ctx, move) if u["effect"].get("automatic") and u["named"]]
    if not uses:
        return None
    use = uses[0]
    char = ctx.char
    ctx.data["asset_uses"] = [use]
    outcome = str(use["effect"]["automatic"])
    if not (use["effect"].get("after") or {}).get("sheet"):
        # A plain automatic result (Starforged's Sleuth, Weapon Master): nothing to protect.
        ctx.note(f"{use['label']}: a {Outcome(outcome).words} without rolling")
        return outcome
    vow = char.flags.get("background_vow")
    track = ctx.state.tracks.get(str(vow)) if vow else None
    if track is None or track.status != "active":
        raise RuleViolation(
            f"{use['label']}: {char.name} has no unfulfilled background vow (create one as a "
            "background vow)"
        )
    if use["asset"] in (char.flags.get("asset_sheet") or {}):
        raise RuleViolation(
            f"{use['label']}: already used; the protection returns when you Reach a Milestone "
            f"on {track.name}"
        )
    ctx.data["asset_uses"] = [use]
    outcome = str(use["effect"]["automatic"])
    ctx.note(f"{use['label']}: a {Outcome(outcome).words} without rolling")
    return outcome


# --- a reroll offered after the roll -------------------------------------------------------


def _options(
    ctx: Step, roll: Mapping[str, Any], spec: Mapping[str, Any], use: Mapping[str, Any]
) -> list[tuple[str, str]]:
    c1, c2 = roll["challenge"]
    challenge = [("challenge_1", f"the first challenge die ({c1})"),
                 ("challenge_2", f"the second challenge die ({c2})")]  # fmt: skip
    dice = str(spec.get("dice", "any"))
    if dice == "all":
        add = f" at +{spec['add']}" if spec.get("add") else ""
        return [("reroll", f"roll all dice again{add}")]
    if dice == "cancel":
        momentum = ctx.char.momentum
        return [
            (key, f"burn momentum {momentum:+d} to cancel {text[4:]}")
            for (key, text), die in zip(challenge, (c1, c2), strict=True)
            if momentum > die
        ]
    if dice == "action":
        # Starforged's "reroll your action die if its value is less than X" (a meter, the
        # companion's health, the vehicle's integrity): offered only when it is.
        if roll["type"] != "action":
            return []
        if spec.get("showing") and int(roll["action_die"]) != int(spec["showing"]):
            return []  # "roll a 1 on your action die... you may reroll that die" (Banshee)
        below = spec.get("below")
        if below:
            from ironsworn.moves.assets.effects import roll_value

            record = next(a for a in ctx.char.assets if a["id"] == use["asset"])
            if int(roll["action_die"]) >= roll_value(ctx, ctx.char, record, str(below)):
                return []
        return [("action_die", f"the action die ({roll['action_die']})")]
    if spec.get("showing"):
        # "roll a 10 on either challenge die, you may reroll that die"
        challenge = [
            c for c, die in zip(challenge, (c1, c2), strict=True) if die == int(spec["showing"])
        ]
    if dice == "any" and roll["type"] == "action":
        return [("action_die", f"the action die ({roll['action_die']})"), *challenge]
    return challenge


def offer_after_roll(ctx: Step, outcome_step: JsonDict) -> bool:
    """Ask for the first reroll a use offers on this result; True when one was asked."""
    if ctx.data.get("supporter") and not outcome_step.get("supported"):
        return _ally_die(ctx, outcome_step)
    for use in ctx.data.get("asset_uses") or ():
        spec = use["effect"].get("reroll")
        if not isinstance(spec, Mapping):
            continue
        if spec.get("after") and outcome_step["outcome"] not in spec["after"]:
            continue
        options = _options(ctx, outcome_step["roll"], spec, use)
        if not options:
            continue
        dice = str(spec.get("dice", "any"))
        count = len(options) if dice == "any" else 1
        ctx.engine.ask(
            {
                "kind": "choose",
                "character": ctx.name,
                "move": outcome_step["move"],
                "prompt": f"{use['label']}: {describe_reroll(spec)}? (decline to keep the roll)",
                "options": [{"key": k, "text": t} for k, t in options],
                "count": count,
                "min": 0,
                "resume": {
                    **outcome_step,
                    "step": "resume",
                    "point": "asset.reroll",
                    "context": {"use": dict(use), "spec": dict(spec)},
                },
            }
        )
        return True
    return False


@on_resume("asset.reroll")
def asset_reroll(ctx: Step, keys: list[str]) -> None:
    """The dice chosen, rerolled (or a die cancelled); then a burn is offered, or the outcome."""
    engine = ctx.engine
    context = ctx.data["context"]
    use, spec = context["use"], context["spec"]
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step["step"] = "outcome"
    if not keys:
        engine.after_roll(step)
        return
    char = ctx.char
    roll = step["roll"]
    chosen = ("challenge_1" in keys, "challenge_2" in keys)
    if roll["type"] == "action":
        action = ActionRoll.from_json(roll)
        if spec.get("dice") == "all":
            adds = min(10, action.adds + int(spec.get("add") or 0))
            action = ActionRoll(action.action_die, action.stat, adds, action.challenge,
                                action.momentum, even_matches=action.even_matches)  # fmt: skip
            action = action.rerolled(engine.dice, action=True, challenge=(True, True))
        else:
            action = action.rerolled(engine.dice, action="action_die" in keys, challenge=chosen)
        step["roll"] = action.to_json(char.momentum_reset)
        step["outcome"] = action.outcome.value
    else:
        progress = ProgressRoll.from_json(roll)
        if spec.get("dice") == "cancel":
            progress = ProgressRoll(progress.score, progress.challenge, progress.even_matches,
                                    cancelled=0 if chosen[0] else 1)  # fmt: skip
            engine.burn_momentum(char)
        else:
            progress = progress.rerolled(engine.dice, challenge=chosen)
        step["roll"] = progress.to_json()
        step["outcome"] = progress.outcome.value
    step["rerolled"] = use["label"]
    engine.emit(
        {
            "type": "roll",
            "character": char.name,
            "move": step["move"],
            "roll": step["roll"],
            "reroll": keys,
        }
    )
    ctx.note(f"{use['label']}: {describe_reroll({**spec, 'after': None})}: {', '.join(keys)}")
    _update_record(engine, step)
    engine.after_roll(step)


def _update_record(engine: MoveEngine, step: JsonDict) -> None:
    """Show the changed roll in this operation's move records (an action roll as the engine
    shows a burn or a reroll; a progress roll likewise)."""
    if step["roll"]["type"] == "action":
        engine.update_record(step)
        return
    from ironsworn.moves.records import MoveRecord

    move = engine.ruleset.any_move(step["move"])
    if step["roll"]["match"] and step["outcome"] in move.match_outcomes:
        text: str | None = move.match_outcomes[step["outcome"]]
    else:
        text = None if move.outcomes is None else move.outcomes.get(step["outcome"])
    for record in reversed(engine.records):
        if record.move == step["move"] and record.character == step["character"]:
            record.roll, record.outcome, record.text = step["roll"], step["outcome"], text
            return
    engine.records.append(
        MoveRecord(
            step["move"],
            move.name,
            step["character"],
            step.get("stat"),
            step["roll"],
            step["outcome"],
            text,
            first_event=max(0, len(engine.events) - 1),
        )
    )


# --- experience for progress on the background vow -----------------------------------------


def after_progress(engine: StateChanges, track: TrackState) -> None:
    """Fated 3: 1 experience for every two boxes filled on the background vow (each pair
    once: the experience taken is kept in the flag ``fated_experience``)."""
    for name in track.characters:
        char = engine.state.characters.get(name)
        if char is None or char.flags.get("background_vow") != track.id:
            continue
        asset_id, index = FATED_3
        record = next((a for a in char.assets if a["id"] == asset_id), None)
        if record is None or not record["abilities"][index]:
            continue
        due = track.ticks // TICKS_PER_BOX // 2
        taken = int(char.flags.get("fated_experience") or 0)
        if due <= taken:
            continue
        engine.set_meter(name, "experience_earned", char.experience_earned + due - taken)
        engine.set_flag(name, "fated_experience", due)
        engine.note(f"Fated 3: {due * 2} boxes filled on {track.name}: +{due - taken} experience")


# --- once per fight ----------------------------------------------------------------------------


def once_per_fight(ctx: Step, use: Mapping[str, Any], gain: Mapping[str, Any]) -> None:
    """A gain taken once per fight (Veteran 1: "Once per fight, you also take initiative when
    burning momentum to improve a miss to a weak hit"); kept in the flag ``asset_once`` by
    fight, as the effects' ``once`` is."""
    from ironsworn.moves.assets.gains import apply_gain

    fights = [t.id for t in ctx.engine.fights_of(ctx.name)]
    if not fights:
        return
    key = f"{use['asset']}#{use['ability']}#once"
    used = {k: list(v) for k, v in (ctx.char.flags.get("asset_once") or {}).items()}
    if any(key in used.get(fight, ()) for fight in fights):
        ctx.note(f"{use['label']}: already taken in this fight")
        return
    apply_gain(ctx, use, gain)
    for fight in fights:
        used.setdefault(fight, []).append(key)
    ctx.flag("asset_once", used)


# --- an ally's challenge die (Loyalist 3) -----------------------------------------------------


def _ally_die(ctx: Step, outcome_step: JsonDict) -> bool:
    """Loyalist 3: "When you stand with your ally as they make a progress move ... roll one
    challenge die. On a 1-9, your ally may replace one of their challenge dice with yours. On
    a 10 ... your ally must replace their lowest challenge die with yours." The supporter is
    named with the ``supporter`` input; True when the ally is asked to choose."""
    from ironsworn.errors import InvalidValue
    from ironsworn.moves.assets.effects import label

    who = str(ctx.data["supporter"])
    if outcome_step["roll"]["type"] != "progress":
        raise InvalidValue(
            f"{{supported_by}} {who!r} is for progress moves (Loyalist 3)",
            input="supported_by",
            value=who,
            accepted="progress moves",
        )
    supporter = ctx.state.character(who)
    if supporter.name == ctx.name:
        raise InvalidValue(
            input="supported_by",
            value=who,
            accepted="another character",
            why="names the character making the move",
        )
    asset_id, index = LOYALIST_3
    record = next((a for a in supporter.assets if a["id"] == asset_id), None)
    if record is None or not record["abilities"][index]:
        raise RuleViolation(f"{supporter.name} has no Loyalist 3 marked to stand with an ally")
    name = f"{supporter.name}'s " + label(record, ctx.engine.ruleset.assets.get(asset_id), index)
    die = ctx.engine.dice.roll(10)
    outcome_step["supported"] = die
    c1, c2 = outcome_step["roll"]["challenge"]
    if die == 10:
        lowest = "challenge_1" if c1 <= c2 else "challenge_2"
        ctx.note(f"{name}: the challenge die shows 10: it replaces the lowest ({min(c1, c2)})")
        _replace(ctx, outcome_step, lowest, die, name)
        return True
    ctx.note(f"{name}: the challenge die shows {die}")
    ctx.engine.ask(
        {
            "kind": "choose",
            "character": ctx.name,
            "move": outcome_step["move"],
            "prompt": f"{name}: replace a challenge die with {die}? (decline to keep them)",
            "options": [
                {"key": "challenge_1", "text": f"the first challenge die ({c1})"},
                {"key": "challenge_2", "text": f"the second challenge die ({c2})"},
            ],
            "count": 1,
            "min": 0,
            "resume": {
                **outcome_step,
                "step": "resume",
                "point": "asset.ally_die",
                "context": {"die": die, "label": name},
            },
        }
    )
    return True


@on_resume("asset.ally_die")
def ally_die(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step["step"] = "outcome"
    if not keys:
        ctx.engine.after_roll(step)
        return
    _replace(ctx, step, keys[0], int(context["die"]), str(context["label"]))


def _replace(ctx: Step, step: JsonDict, key: str, die: int, name: str) -> None:
    """Put the ally's die in place of one challenge die; then a burn or the outcome."""
    progress = ProgressRoll.from_json(step["roll"])
    c1, c2 = progress.challenge
    dice = (die, c2) if key == "challenge_1" else (c1, die)
    progress = ProgressRoll(progress.score, dice, progress.even_matches, progress.cancelled)
    step["roll"] = progress.to_json()
    step["outcome"] = progress.outcome.value
    ctx.engine.emit(
        {
            "type": "roll",
            "character": ctx.name,
            "move": step["move"],
            "roll": step["roll"],
            "reroll": [key],
        }
    )
    ctx.note(f"{name}: {key.replace('_', ' ')} is now {die}")
    _update_record(ctx.engine, step)
    ctx.engine.after_roll(step)
