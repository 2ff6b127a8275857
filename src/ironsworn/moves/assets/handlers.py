"""Asset effects that the data alone cannot say: the effect-handler registry.

``BEFORE`` maps an effect's ``handler`` name to code run before the roll (it returns an add);
``AFTER_CHOICE`` adds an ability's extra to a move's own choice once it is answered (Make
Camp's relax with the Cave Lion on watch, the Berserker's embrace of the pain): the rulesets
compose them with the moves' own handlers once (:mod:`ironsworn.moves.rulesets`). The moves an
asset gives (rituals, an alchemist's elixir) are resolved by :func:`asset_move_before` and
:func:`asset_move_outcome`; their outcomes' gains are effects like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.assets import after_roll as _after_roll  # noqa: F401 (its resume point)
from ironsworn.moves.assets import (  # noqa: F401 (their resume points; reach is read)
    allies,
    moments,
    reach,
    sheet_changes,  # also registers its resume points
)
from ironsworn.moves.assets import progress_rerolls as _rerolls  # noqa: F401 (resume points)
from ironsworn.moves.assets.gains import apply_gain, change_track
from ironsworn.moves.engine import Step, on_resume

if TYPE_CHECKING:
    from ironsworn.content.model import Asset

JsonDict = dict[str, Any]
BeforeHandler = Callable[[Step, JsonDict, JsonDict], int]


def _talisman(ctx: Step, use: JsonDict, record: JsonDict) -> int:
    """A charm made by the Talisman ritual: its wearer adds +2 (or +1 on a weak hit)."""
    bonus = int(ctx.char.flags.get("talisman") or 0)
    if not bonus:
        raise RuleViolation(f"{ctx.name} wears no charm: perform the Talisman ritual first")
    ctx.data["talisman_worn"] = True
    return bonus


def _unleash_light(ctx: Step, use: JsonDict, record: JsonDict) -> int:
    """Lightbearer: unleash as much light as the amount input says (rolled +light before it
    is spent); harm 1+light."""
    amount = ctx.data.get("amount")
    light = int(record["tracks"]["light"]["value"])
    if amount is None or not 1 <= int(amount) <= light:
        raise InvalidValue(
            input="amount",
            value=amount,
            accepted=f"1 to {light}, your light",
            why="is the light to unleash",
        )
    change_track(ctx, record, "light", -int(amount))
    ctx.data["amount"] = 1 + int(amount)
    return 0


BEFORE: dict[str, BeforeHandler] = {
    "talisman": _talisman,
    "unleash_light": _unleash_light,
    "deepened": sheet_changes.deepened,
}


def _uses(ctx: Step, handler: str) -> list[JsonDict]:
    return [u for u in ctx.data.get("asset_uses") or () if u["effect"].get("handler") == handler]


def _camp_extra(ctx: Step, keys: list[str]) -> None:
    """Make Camp benefits an ability improves (the cave lion on watch, a story, a meal)."""
    if str(ctx.data.get("who")) != str(ctx.data.get("character")):
        return  # an ally's choice: the abilities are the owner's
    for use in _uses(ctx, "camp_extra"):
        extra = use["effect"].get("camp") or {}
        for key in keys:
            gain = extra.get(key)
            if not gain:
                continue
            plain = {k: v for k, v in gain.items() if k != "companion_health"}
            if plain:
                apply_gain(ctx, use, plain)
            if gain.get("companion_health"):
                for asset in ctx.char.assets:
                    if asset.get("meter"):
                        ctx.engine.companion_meter(ctx.name, asset["id"], 1)


def _embrace_the_pain(ctx: Step, keys: list[str]) -> None:
    """Berserker: embracing the pain gives momentum equal to the health left (not +1)."""
    if keys and keys[0] == "embrace_the_pain" and _uses(ctx, "berserker_pain"):
        extra = ctx.char.health - 1
        if extra:
            ctx.momentum(extra)


AFTER_CHOICE: dict[str, Callable[[Step, list[str]], None]] = {
    "make_camp.benefits": _camp_extra,
    "endure_harm.strong_hit": _embrace_the_pain,
}
# The handler names effects may give, beyond BEFORE (those chained onto a move's choice).
NAMED = frozenset({"camp_extra", "berserker_pain", "discount"})


@on_resume("asset.gain")
def asset_gain(ctx: Step, keys: list[str]) -> None:
    """The gain chosen from an ability's "X or Y"."""
    context = ctx.data["context"]
    apply_gain(ctx, context["use"], context["gains"][keys[0]])


# --- the moves an asset gives ----------------------------------------------------------------


def owner_of(ctx: Step, move_id: str) -> tuple[JsonDict, Asset]:
    """The character's asset (and card) giving this move; refused when not owned or marked."""
    for asset in ctx.engine.ruleset.assets.values():
        for index, ability in enumerate(asset.abilities):
            if any(m.id == move_id for m in ability.moves):
                record = next((a for a in ctx.char.assets if a["id"] == asset.id), None)
                if record is None:
                    raise RuleViolation(f"{ctx.name} does not have the {asset.name} asset")
                if not record["abilities"][index]:
                    raise RuleViolation(f"ability {index + 1} of {asset.name} is not marked")
                return record, asset
    raise RuleViolation(f"no asset gives the move {move_id}")


def asset_move_before(ctx: Step) -> None:
    owner_of(ctx, str(ctx.data["move"]))
    from ironsworn.moves.assets.moments import COMMEMORATE, commemorate_before

    if ctx.data["move"] == COMMEMORATE:
        commemorate_before(ctx)


def asset_move_outcome(ctx: Step) -> None:
    """An asset's own move: its gains are effects (what is left to the player is shown by
    :func:`reminders`, as for any move)."""
    owner_of(ctx, str(ctx.data["move"]))


def clear_talisman(ctx: Step) -> None:
    """A 1 on the action die while wearing a charm spends its magic."""
    if ctx.data.get("talisman_worn") and ctx.roll.get("action_die") == 1:
        ctx.flag("talisman", None)
        ctx.note("the charm's magic is spent (the action die shows 1)")


def reminders(ctx: Step) -> None:
    """What the character's marked abilities leave to the player on this move, as notes shown
    with the result ("reminder: Raven 3: ...")."""
    if not reach.reached(ctx.engine.ruleset, ctx.char.assets, ctx.move) & reach.REMINDER:
        return  # no marked ability of the character has a reminder for this move
    from ironsworn.moves.assets.effects import label

    move_id = str(ctx.data["move"])
    for record in ctx.char.assets:
        asset = ctx.engine.ruleset.assets.get(str(record["id"]))
        if asset is None:
            continue
        for index, ability in enumerate(asset.abilities):
            marked = index < len(record["abilities"]) and record["abilities"][index]
            if marked and ability.reminder and move_id in ability.reminder_moves:
                # An ability the engine leaves wholly to the player is told by its summary;
                # one it applies in part, by what is left.
                acts = ability.effects or ability.moves
                words = ability.reminder if acts else ability.summary
                ctx.note(f"reminder: {label(record, asset, index)}: {words}")
