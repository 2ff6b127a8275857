"""The classic quest moves (rulebook chapter 3): Swear an Iron Vow to Advance."""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue, NotFound, OptionNeeded, RuleViolation
from ironsworn.moves.classic._common import (
    M,
    S,
    W,
    _add_bonus,
    _consume,
    _general_initiative,
    _raise_rank,
    _status,
    _take_next_move_bonus,
)
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.setup import vow_sworn
from ironsworn.progress import TICKS_PER_BOX
from ironsworn.ranks import Rank


@before_roll("swear_an_iron_vow")
def swear_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, ("vow",))
    _take_next_move_bonus(ctx)
    _add_bonus(
        ctx,
        _consume(ctx, "vow_add"),
        "for this vow (from an earlier move)",
        "an earlier move, for this vow",
    )
    sworn_to = str(ctx.data.get("with") or "").strip()
    if sworn_to:
        # "If you make this vow to a person or community with whom you share a bond, add +1"
        # (seed 000 L2509-2510). Someone not on the sheet is kept too: Forge a Bond's reroll
        # asks whether a vow was fulfilled to their benefit.
        try:
            bond = ctx.char.bond(sworn_to)
        except NotFound:
            ctx.note(f"the vow is to {sworn_to} (no bond on the sheet: no +1)")
        else:
            ctx.data["with"] = bond
            _add_bonus(ctx, 1, f"you share a bond with {bond}", f"a bond with {bond}")


def vows_for(ctx: Step) -> dict[str, str]:
    """The vows of this character sworn to someone: track id -> who (the ``with`` input)."""
    return {str(k): str(v) for k, v in (ctx.char.flags.get("vows_for") or {}).items()}


@on_outcome("swear_an_iron_vow")
def swear_an_iron_vow(ctx: Step) -> None:
    vow_sworn(ctx.state, ctx.engine, ctx.char.name, str(ctx.data["track"]))
    _general_initiative(ctx)
    if ctx.data.get("with"):
        # Who the vow is to, for Forge a Bond's "after you successfully Fulfill Your Vow to
        # their benefit" (L1968-1969).
        ctx.flag("vows_for", {**vows_for(ctx), str(ctx.data["track"]): str(ctx.data["with"])})
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


@before_roll("reach_a_milestone")
@before_roll("fulfill_your_vow")
def vow_before(ctx: Step) -> None:
    """The vow the move is made on (the track input, else the character's only open vow),
    found before the move does anything: a move without one, or with several and none named,
    is refused by its before-roll check, as every move is (Reach a Milestone, made without a
    roll, too: it acts only once its vow is found)."""
    ctx.engine.resolve_track(ctx, ("vow",))


@no_roll("reach_a_milestone")
def reach_a_milestone(ctx: Step) -> None:
    ctx.mark_progress(ctx.track(("vow",)))  # (found by vow_before)


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
    _end_threats(ctx, track.id)
    _lift_burden(ctx, track.id, track.characters or [ctx.name])
    if ctx.outcome is W:
        # "You may Swear an Iron Vow to set things right. If you do, add +1" (L2553-2554).
        ctx.flag("vow_add", 1)
        ctx.choose(
            "fulfill_your_vow.more",
            [
                ("swear", "Swear an Iron Vow to set things right now, +1"),
                ("later", "not now (+1 on the next vow you swear)"),
            ],
            prompt="there is more to be done",
            vow=track.name,
        )


@on_resume("fulfill_your_vow.more")
def fulfill_more(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "later":
        ctx.note("there is more to be done: Swear an Iron Vow to set things right, +1")
        return
    from ironsworn.moves.starforged.quest import ask_new_vow

    vow = str(ctx.data["context"]["vow"])
    ask_new_vow(ctx, "to set things right", f"Set right: {vow}", swear="swear_an_iron_vow")


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
    _end_threats(ctx, track.id)
    ctx.follow("endure_stress", amount=Rank.parse(track.rank).harm)


def _end_threats(ctx: Step, vow_id: str) -> None:
    """Delve's threats to the vow end with it (none without the pack: nothing to end)."""
    from ironsworn.moves.delve.threats import end_with_vow

    end_with_vow(ctx, vow_id)


ADVANCE_COST = {"new_asset": 3, "upgrade": 2}


@no_roll("advance")
def advance(ctx: Step) -> None:
    from ironsworn.moves.roles import advance_without_assets

    if advance_without_assets(ctx):
        return  # the campaign plays without asset cards (a stat or a role is bought)
    from ironsworn.moves.assets.cards import parse_asset_choice, said_of_choice

    query = ctx.data.get("asset")
    if isinstance(query, list):
        if len(query) > 1:
            raise InvalidValue(
                "Advance buys or upgrades one asset: give {asset} once",
                input="asset",
                value=query,
                accepted="one asset",
            )
        query = query[0] if query else None
        ctx.data["asset"] = query
    if not query:
        ask_purchase(ctx)
    ability = ctx.data.get("ability")
    given = ability
    try:
        ctx.char.asset(parse_asset_choice(str(query)).query)
        key = "upgrade"
        if ability is None:
            # An upgrade offered as NAME:N (the ability to mark) names its ability.
            ability = parse_asset_choice(str(query)).ability
    except NotFound:
        key = "new_asset"
    # Check the purchase now and offer only it: a decision that no answer can settle would
    # block the campaign, since every other move waits for it. It may be declined (the player
    # changed their mind: nothing is bought, the experience is kept), as any decision that is
    # not the rules' to force.
    try:
        event = _purchase(ctx, key, query, ability)
    except InvalidValue as exc:
        if given is not None or parse_asset_choice(str(query)).ability is None:
            raise
        raise said_of_choice(exc, str(query)) from None
    cost = ADVANCE_COST[key] - _asset_discount(ctx, key, query)
    ctx.choose(
        "advance.purchase",
        [
            (k, _cost_words(text, ADVANCE_COST[k], cost))
            for k, text in ctx.options_of("purchase")
            if k == key
        ],
        minimum=0,
        prompt=_purchase_prompt(ctx, event, cost),
        asset=query,
        ability=ability,
    )


def ask_purchase(ctx: Step) -> None:
    """Advance with nothing named: ask what to buy, from what the experience affords."""
    from ironsworn.moves.assets.cards import purchases

    found = purchases(ctx.engine.ruleset, ctx.char, ctx.engine.state.ruleset)
    if not found:
        available = ctx.char.experience_earned - ctx.char.experience_spent
        raise RuleViolation(
            f"Advance: {ctx.char.name} has {available} experience, not enough for anything "
            "(a new asset costs 3, an upgrade 2)"
        )
    raise OptionNeeded(
        "Advance: what do you buy? (a new asset, or an upgrade of one of yours)",
        "asset",
        tuple((key, f"{label}: {cost} experience") for key, label, cost in found),
        subject="Advance",
    )


def _cost_words(text: str, full: int, cost: int) -> str:
    """The rulebook's option ("Spend 3 experience to add a new asset.") with what is spent."""
    if cost == full:
        return text
    return text.replace(f"Spend {full} experience", f"Spend {cost} experience") + (
        f" ({full - cost} fewer: an asset ability's discount)"
    )


def _purchase_prompt(ctx: Step, event: dict[str, Any], cost: int) -> str:
    """What the purchase buys, for the player to confirm: the asset, or the ability an
    upgrade marks (its number and the start of its text), and the experience it spends (a
    discount taken off: Ritualist 3, Animal Kin...)."""
    if event["type"] == "asset_added":
        record = event["asset"]
        marked = [i + 1 for i, on in enumerate(record["abilities"]) if on]
        which = f" (ability {', '.join(map(str, marked))} marked)" if marked else ""
        return f"spend {cost} experience on the asset {record['name']}{which}"
    owned = ctx.char.asset(str(event["asset"]))
    number = int(event["ability"]) + 1
    text = ""
    card = ctx.engine.ruleset.assets.get(str(event["asset"]))
    if card is not None and len(card.abilities) >= number:
        words = card.abilities[number - 1].text.split()
        text = ": " + " ".join(words[:12]) + (" …" if len(words) > 12 else "")
    return f"spend {cost} experience to upgrade {owned['name']}, marking ability {number}{text}"


def _purchase(ctx: Step, key: str, query: Any, ability: Any) -> dict[str, Any]:
    """The event of an Advance purchase; raises when it cannot be made (changes nothing)."""
    from ironsworn.moves.assets.cards import (
        companion_name,
        new_asset_record,
        parse_asset_choice,
        starting_ability,
    )

    char = ctx.char
    cost = ADVANCE_COST[key] - _asset_discount(ctx, key, query)
    available = char.experience_earned - char.experience_spent
    if available < cost:
        what = "a new asset" if key == "new_asset" else "an upgrade"
        raise RuleViolation(
            f"Advance costs {cost} experience for {what}; {char.name} has {available}"
        )
    if key == "new_asset":
        choice = parse_asset_choice(str(query))
        asset = ctx.engine.ruleset.asset(choice.query)
        if any(a["id"] == asset.id for a in char.assets):
            raise RuleViolation(f"{char.name} already has {asset.name}")
        start = choice.ability if ability is None else int(ability)
        starting_ability(ctx.move.name, asset, start)  # asked when the card marks none
        name = choice.first or ctx.data.get("name")
        companion_name(ctx.move.name, asset, name)  # a companion is named: asked
        record = new_asset_record(asset, name, start, choice.fields)
        return {"type": "asset_added", "character": char.name, "asset": record}
    owned = char.asset(parse_asset_choice(str(query)).query)
    if ability is None:
        index = next((i for i, on in enumerate(owned["abilities"]) if not on), None)
        if index is None:
            raise RuleViolation(f"every ability of {owned['name']} is already marked")
    else:
        try:
            index = int(ability) - 1
        except (TypeError, ValueError):
            raise InvalidValue(
                input="ability", value=ability, accepted="1 to 3", why="is not a whole number"
            ) from None
    if not 0 <= index < len(owned["abilities"]):
        raise InvalidValue(
            input="ability",
            value=index + 1,
            accepted=f"1 to {len(owned['abilities'])}",
            why="is out of range",
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


def _asset_discount(ctx: Step, key: str, query: Any) -> int:
    """Experience an asset ability takes off this purchase (Animal Kin, Ritualist...)."""
    from ironsworn.moves.assets.cards import advance_discount, parse_asset_choice

    name = parse_asset_choice(str(query)).query
    if key == "upgrade":
        asset_id = str(ctx.char.asset(name)["id"])
    else:
        asset_id = ctx.engine.ruleset.asset(name).id
    return advance_discount(ctx.engine.ruleset, ctx.char, asset_id)


@on_resume("advance.purchase")
def advance_purchase(ctx: Step, keys: list[str]) -> None:
    if not keys:
        ctx.note(f"{ctx.name} buys nothing: the experience is kept")
        return
    context = ctx.data["context"]
    char = ctx.char
    cost = ADVANCE_COST[keys[0]] - _asset_discount(ctx, keys[0], context.get("asset"))
    event = _purchase(ctx, keys[0], context.get("asset"), context.get("ability"))
    ctx.emit(event)
    spent = char.experience_spent + cost
    ctx.engine.set_meter(char.name, "experience_spent", spent)
    from ironsworn.moves.assets import sheet_changes

    # What the new ability changes on the sheet: asked next (Battle-Scarred 1...), or kept.
    if event["type"] == "asset_added":
        sheet_changes.after_new_records(ctx.engine, char.name, [event["asset"]])
    else:
        sheet_changes.after_marking(ctx.engine, char.name, event["asset"], event["ability"], True)
