"""Starforged legacy moves: Earn Experience (made for you when a legacy box fills), Advance
(3 experience for a new asset, 2 for an upgrade), Continue a Legacy (a roll per legacy track)."""

from __future__ import annotations

from typing import Any

from ironsworn.campaign.state import LEGACY_TRACKS
from ironsworn.errors import InvalidValue, NotFound, RuleViolation
from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.moves.starforged._common import RULESET, M, S, W

ADVANCE_COST = {"new_asset": 3, "upgrade": 2}


@no_roll("earn_experience", ruleset=RULESET)
def earn_experience(ctx: Step) -> None:
    """ "When you fill a box (four ticks) on any legacy track, take 2 experience" (1 once the
    track has been completed): the amount is worked out when the legacy ticks are marked."""
    amount = ctx.amount
    if amount is None:
        raise InvalidValue(
            "Earn Experience is made for you when a box of a legacy track fills "
            "(mark legacy ticks with the moves, or 'legacy mark TRACK --ticks N')"
        )
    char = ctx.char
    ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + amount)


@no_roll("advance", ruleset=RULESET)
def advance(ctx: Step) -> None:
    """Spend 3 experience on a new asset (module, support vehicle, path, companion, deed) or 2
    to upgrade one (the next unmarked ability, or --ability N)."""
    query = ctx.data.get("asset")
    if not query:
        raise InvalidValue("Advance needs --asset (the asset to buy or upgrade)")
    try:
        ctx.char.asset(str(query))
        key = "upgrade"
    except NotFound:
        key = "new_asset"
    event = _purchase(ctx, key, str(query), ctx.data.get("ability"))
    ctx.emit(event)
    char = ctx.char
    ctx.engine.set_meter(char.name, "experience_spent", char.experience_spent + ADVANCE_COST[key])


def _purchase(ctx: Step, key: str, query: str, ability: Any) -> dict[str, Any]:
    from ironsworn.content.lookup import resolve
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
        assets = ctx.engine.ruleset.in_ruleset("assets", RULESET)
        if not assets:
            raise InvalidValue(
                "no Starforged assets: import a Datasworn Starforged pack "
                "('ironsworn content import starforged.json')"
            )
        asset = resolve(assets, query, "asset", lambda a: str(a.name), (RULESET,))
        if any(a["id"] == asset.id for a in char.assets):
            raise RuleViolation(f"{char.name} already has {asset.name}")
        record = new_asset_record(asset, start=None if ability is None else int(ability))
        return {"type": "asset_added", "character": char.name, "asset": record}
    owned = char.asset(query)
    abilities = owned["abilities"]
    index = (
        next((i for i, on in enumerate(abilities) if not on), None)
        if ability is None
        else int(ability) - 1
    )
    if index is None:
        raise RuleViolation(f"every ability of {owned['name']} is already marked")
    if not 0 <= index < len(abilities):
        raise InvalidValue(f"--ability {index + 1} is out of range (1 to {len(abilities)})")
    if abilities[index]:
        raise RuleViolation(f"ability {index + 1} of {owned['name']} is already marked")
    return {
        "type": "asset_ability",
        "character": char.name,
        "asset": owned["id"],
        "ability": index,
        "from": False,
        "to": True,
    }


STRONG = [
    ("follow_their_path", "take one path or companion asset, with its marked abilities"),
    ("share_a_connection", "take one connection, with its progress and bond"),
    ("accept_an_inheritance", "take the command vehicle and one module or support vehicle"),
]
WEAK = [
    ("see_it_through", "swear to finish one of their quests (an automatic strong hit)"),
    ("rebuild_a_connection", "rebuild one of their connections"),
    ("explore_familiar_ground", "a place that was meaningful to them"),
]
MISS = [
    ("deal_with_the_aftermath", "one of their foes has gained power"),
    ("switch_loyalties", "you begin in opposition to them"),
    ("open_pandoras_box", "an advancement or discovery has dire consequences"),
]


@no_roll("continue_a_legacy", ruleset=RULESET)
def continue_a_legacy(ctx: Step) -> None:
    """ "Roll the challenge dice and compare to each of the former character's legacy tracks:
    quests, bonds, and discoveries (one roll per track)"; for each result choose one (a strong
    hit may take a weak-hit or miss option, a weak hit a miss option)."""
    from ironsworn.rolls import roll_progress

    char = ctx.char
    if char.status == "active" and not ctx.data.get("retire"):
        ctx.note(f"{char.name} retires from the life of an Ironsworn")
    outcomes = []
    for track in LEGACY_TRACKS:
        roll = roll_progress(ctx.engine.dice, char.legacy_score(track), ctx.engine.even_matches)
        ctx.emit(
            {
                "type": "roll",
                "character": char.name,
                "move": ctx.data["move"],
                "roll": roll.to_json(),
            }
        )
        first, second = roll.challenge
        ctx.note(f"{track}: score {roll.score} vs {first}, {second}: {roll.outcome.words}")
        outcomes.append(roll.outcome.value)
    _next(ctx, outcomes)


def _next(ctx: Step, outcomes: list[str]) -> None:
    if not outcomes:
        return
    outcome = outcomes[0]
    options = {S.value: STRONG + WEAK + MISS, W.value: WEAK + MISS, M.value: MISS}[outcome]
    track = LEGACY_TRACKS[len(LEGACY_TRACKS) - len(outcomes)]
    ctx.choose(
        "sf.continue_a_legacy.pick",
        options,
        prompt=f"{track}: a {outcome.replace('_', ' ')}: choose one",
        rest=outcomes[1:],
    )


@on_resume("sf.continue_a_legacy.pick")
def legacy_pick(ctx: Step, keys: list[str]) -> None:
    text = dict(STRONG + WEAK + MISS)[keys[0]]
    ctx.note(f"{keys[0].replace('_', ' ')}: {text}")
    _next(ctx, list(ctx.data["context"]["rest"]))
