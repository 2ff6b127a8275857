"""Asset adds decided after the roll: Rider 2, Improviser 2, Wright 2.

Some abilities add to a roll the player has already seen: "you may push your horse harder and
add +1 (after rolling)" (Rider 2), "After rolling, you may also suffer -1 supply and add +1
more" (Improviser 2), "you may suffer -1 supply (after rolling) to add an additional +1"
(Wright 2). Such an effect carries ``after_roll`` in ``assets.json``::

    {"moves": [...], "after_roll": {"add": 1,
                                    "cost": {"supply": -1},       # paid when taken
                                    "then": {"follow": {...}},    # after the move's outcome
                                    "with": 0,                    # this card's ability N-1
                                    "offer": "push your horse harder"}}

The engine asks, like a burn, once the dice are known (after any reroll, before any burn):
only when the adds on offer would change the outcome, and only for an offer whose ``with``
ability is in use on this roll ("As above": Wright 2 needs Wright 1's craft named). The
answer is a choice (``choose rider_2``, or ``decline`` to keep the roll); a taken add is a
``roll`` event with ``asset_add``, its cost is paid at once, and the result names the ability.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.moves.assets import reach
from ironsworn.moves.assets.effects import _matches_move, label, short
from ironsworn.moves.assets.gains import apply_gain
from ironsworn.moves.registry import on_resume
from ironsworn.record import replace
from ironsworn.rolls import ADDS_MAX, ActionRoll

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
POINT = "asset.after_roll"


def _offers(engine: MoveEngine, step: JsonDict) -> list[JsonDict]:
    """The after-roll adds the character's marked abilities offer on this roll."""
    char = engine.state.character(step["character"])
    if not char.assets:
        return []  # no card held
    move = engine.ruleset.any_move(step["move"])
    if not reach.reached(engine.ruleset, char.assets, move) & reach.AFTER_ROLL:
        return []  # no marked ability of the character offers an add on this move
    in_use = {(u["asset"], int(u["ability"])) for u in step.get("asset_uses") or ()}
    offers: list[JsonDict] = []
    for record in char.assets:
        asset = engine.ruleset.assets.get(str(record["id"]))
        if asset is None:
            continue
        for index, ability in enumerate(asset.abilities):
            if index >= len(record["abilities"]) or not record["abilities"][index]:
                continue
            for effect in ability.effects:
                extra = effect.get("after_roll")
                if not extra or not _matches_move(effect, move):
                    continue
                needed = extra.get("with")
                if needed is not None and (record["id"], int(needed)) not in in_use:
                    continue
                if not _companion_ready(char, extra):
                    continue
                offers.append(
                    {
                        "key": f"{short(str(record['id']))}_{index + 1}",
                        "asset": record["id"],
                        "ability": index,
                        "ability_id": ability.id,
                        "label": label(record, asset, index),
                        "extra": dict(extra),
                    }
                )
    return offers


def _companion_ready(char: Any, extra: JsonDict) -> bool:
    """A cost paid by a companion (the Rider's horse) needs that companion, not at 0 health."""
    follow = (extra.get("then") or {}).get("follow") or {}
    name = follow.get("companion")
    if not name:
        return True
    found = [a for a in char.assets if short(str(a["id"])) == name and a.get("meter")]
    return bool(found) and int(found[0]["meter"]["value"]) > 0


def _with_adds(roll_json: JsonDict, extra: int) -> ActionRoll:
    roll = ActionRoll.from_json(roll_json)
    return replace(roll, adds=min(ADDS_MAX, roll.adds + extra))


def _words(offer: JsonDict) -> str:
    from ironsworn.moves.assets.gains import describe_gain

    extra = offer["extra"]
    parts = [f"+{int(extra.get('add', 0))}"]
    if extra.get("cost"):
        parts.append(describe_gain(extra["cost"]))
    if extra.get("then"):
        parts.append("then " + describe_gain(extra["then"]))
    what = f" ({extra['offer']})" if extra.get("offer") else ""
    return f"{offer['label']}{what}: " + ", ".join(parts)


def offer_adds(engine: MoveEngine, step: JsonDict) -> bool:
    """Ask for the after-roll adds that would change this roll's outcome; True when asked."""
    if step["roll"].get("type") != "action" or step.get("after_roll_asked"):
        return False
    offers = _offers(engine, step)
    if not offers:
        return False
    total = sum(int(o["extra"].get("add", 0)) for o in offers)
    if _with_adds(step["roll"], total).outcome.value == step["outcome"]:
        return False  # nothing the adds could change: not worth a question
    engine.ask(
        {
            "kind": "choose",
            "character": step["character"],
            "move": step["move"],
            "prompt": f"the roll is a {step['outcome'].replace('_', ' ')}: add after rolling? "
            "(decline to keep it)",
            "options": [{"key": o["key"], "text": _words(o)} for o in offers],
            "count": len(offers),
            "min": 0,
            "resume": {
                **step,
                "after_roll_asked": True,
                "step": "resume",
                "point": POINT,
                "context": {"offers": offers},
            },
        }
    )
    return True


@on_resume(POINT)
def take_adds(ctx: Step, keys: list[str]) -> None:
    """Apply the adds taken (their costs at once, their follow-ons after the outcome), then go
    on to the burn offer or the outcome."""
    engine = ctx.engine
    offers = {o["key"]: o for o in ctx.data["context"]["offers"]}
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step["step"] = "outcome"
    taken = [offers[k] for k in keys]
    if taken:
        char = ctx.char
        total = sum(int(o["extra"].get("add", 0)) for o in taken)
        roll = _with_adds(step["roll"], total)
        step["roll"] = roll.to_json(char.momentum_reset)
        step["outcome"] = roll.outcome.value
        labels = [o["label"] for o in taken]
        engine.emit(
            {
                "type": "roll",
                "character": char.name,
                "move": step["move"],
                "roll": step["roll"],
                "asset_add": labels,
            }
        )
        uses = list(step.get("asset_uses") or ())
        for offer in taken:
            extra = offer["extra"]
            use = {
                "asset": offer["asset"],
                "ability": offer["ability"],
                "ability_id": offer["ability_id"],
                "label": offer["label"],
                # What follows the move's outcome (the horse's Companion Endure Harm).
                "effect": {"after": extra["then"]} if extra.get("then") else {},
                "ally": False,
                "named": True,
            }
            if extra.get("cost"):
                apply_gain(ctx, use, extra["cost"])
            ctx.note(f"{_words(offer)} (after rolling)")
            uses.append(use)
        step["asset_uses"] = uses
        engine.update_record(step)
        _name_in_record(engine, step)
    engine.after_roll(step)


def _name_in_record(engine: MoveEngine, step: JsonDict) -> None:
    """The move's record names every ability that acted on the roll, the late ones too."""
    for record in reversed(engine.records):
        if record.move == step["move"] and record.character == step["character"]:
            for use in step.get("asset_uses") or ():
                if use["label"] not in record.assets:
                    record.assets.append(use["label"])
            return
