"""Delve's rarities: items of legend that augment one asset, bought with experience and rolled
as the rarity die (Wield a Rarity, Delve p. 176).

The imported pack says, for each of its 65 rarities, the asset it augments and its cost in
experience (3, 4 or 5); the card's story is the player's to read. What the engine does:

- **Buying** (:func:`buy_rarity`): a character who has the rarity's asset spends its cost in
  unspent experience, and the asset's record keeps the rarity as a mark on the card (an
  ``asset_mark`` event whose mark is the rarity's id, ``rarity:delve/...``: undo, the log and
  the sheet follow it as any mark). ENGINE CHOICE: an asset holds one rarity (each of the
  pack's rarities names a different asset, so a second would be a homebrew one), and a rarity
  is bought once per character.
- **Wield a Rarity** ("When you make a move aided by an augmented asset, roll your rarity die
  in place of your action die"): an action roll is aided by the augmented asset when one of
  the asset's marked abilities acts on it, or when the player names the asset for the move
  (the fiction says it helps, although no ability of it applies). The action die is then the
  rarity die: a 6 is an automatic strong hit and +1 momentum; a 5 on a hit is +1 momentum; a
  1 on a miss is told as a reminder (the rarity's power fails or works against you: the story
  says how). A progress roll has no action die, so no rarity die.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, NotFound, PackMissing, RuleViolation
from ironsworn.moves.assets.cards import RARITY_PREFIX
from ironsworn.moves.assets.cards import rarity_of as rarity_of  # read here too
from ironsworn.moves.registry import no_roll
from ironsworn.outcomes import Outcome

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.sites import Rarity
    from ironsworn.moves.engine import MoveEngine, OperationResult
    from ironsworn.moves.step import Step

JsonDict = dict[str, Any]
WIELD = "move:delve/rarity/wield_a_rarity"
NO_RARITIES = "this campaign has no rarities: import your Datasworn Delve file first"
# What each face of the rarity die does, as the reminder and the notes tell it.
MANIFEST = 6  # "manifests in a dramatic and obvious way": automatic strong hit, +1 momentum
SUBTLE = 5  # on a hit: +1 momentum
FAILS = 1  # on a miss: the power fails or works against you


def require_rarities(engine: MoveEngine) -> None:
    """Refuse rarities outside a classic campaign with the Delve pack."""
    if engine.state.ruleset != "classic":
        raise InvalidValue(
            f"rarities are Ironsworn: Delve's, a classic expansion; this campaign plays "
            f"{engine.state.ruleset} (accepted: a classic campaign)"
        )
    if not engine.ruleset.rarities:
        raise PackMissing(NO_RARITIES, "delve")


def find_rarity(ruleset: Ruleset, query: str) -> Rarity:
    """A rarity by id, key or name (any case, curly or straight apostrophe); a unique part of
    a name is enough."""
    key = _plain(query)
    rarities = ruleset.rarities
    for rarity in rarities.values():
        if key in (rarity.id.casefold(), _plain(rarity.name), rarity.id.rsplit("/", 1)[-1]):
            return rarity
    found = [r for r in rarities.values() if key and key in _plain(r.name)]
    if len(found) == 1:
        return found[0]
    import difflib

    by_key = {_plain(r.name): r.name for r in rarities.values()}
    close: list[str] = [r.name for r in found] or [
        by_key[k] for k in difflib.get_close_matches(key, list(by_key), n=3, cutoff=0.5)
    ]
    raise NotFound(
        f"rarity {query!r} is unknown (accepted: the name of one of the pack's "
        f"{len(rarities)} rarities)",
        tuple(sorted(close)),
    )


def _plain(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).casefold()


def asset_name(ruleset: Ruleset, asset_id: str) -> str:
    asset = ruleset.assets.get(asset_id)
    return asset.name if asset else asset_id.rsplit("/", 1)[-1].replace("_", " ").title()


# A rarity's id is kept among its asset card's marks; read where a card is shown, so it lives
# with the cards (importing this package imports every Delve rules module, and the engine).
PREFIX = RARITY_PREFIX


def held(char: CharacterState) -> dict[str, JsonDict]:
    """The character's rarities: rarity id -> the asset record it augments."""
    return {str(rarity_of(a)): a for a in char.assets if rarity_of(a)}


def buyable(ruleset: Ruleset, char: CharacterState) -> list[tuple[Rarity, JsonDict]]:
    """The rarities the character could buy now: their asset is on the sheet and holds none
    (whatever the experience left; the cost is shown with each)."""
    records = {str(a["id"]): a for a in char.assets}
    return [
        (r, records[r.asset])
        for r in sorted(ruleset.rarities.values(), key=lambda r: r.name)
        if r.asset in records and not rarity_of(records[r.asset])
    ]


def buy_rarity(engine: MoveEngine, character: str | None, query: str) -> OperationResult:
    """The character takes a rarity: its asset must be on the sheet without one, and its cost
    is spent from unspent experience."""

    def run() -> None:
        require_rarities(engine)
        char = engine.state.character(character)
        rarity = find_rarity(engine.ruleset, query)
        asset = asset_name(engine.ruleset, rarity.asset)
        if rarity.id in held(char):
            raise RuleViolation(f"{char.name} already has {rarity.name}")
        record = next((a for a in char.assets if a["id"] == rarity.asset), None)
        if record is None:
            mine = [r.name for r, _ in buyable(engine.ruleset, char)]
            raise InvalidValue(
                f"{rarity.name} augments {asset}, and {char.name} has no {asset} card "
                f"(accepted: {', '.join(mine) or 'a rarity of an asset on the sheet'})",
                input="rarity",
                value=query,
                accepted=tuple(mine),
            )
        augmenting = rarity_of(record)
        if augmenting:
            other = engine.ruleset.rarities.get(augmenting)
            raise RuleViolation(
                f"{char.name}'s {record['name']} is already augmented by "
                f"{other.name if other else augmenting}"
            )
        available = char.experience_earned - char.experience_spent
        if available < rarity.xp_cost:
            raise RuleViolation(
                f"{rarity.name} costs {rarity.xp_cost} experience; {char.name} has {available} "
                "unspent"
            )
        engine.emit(
            {
                "type": "asset_mark",
                "character": char.name,
                "asset": record["id"],
                "mark": rarity.id,
                "from": False,
                "to": True,
                "name": rarity.name,  # told in the results and the log
            }
        )
        engine.set_meter(char.name, "experience_spent", char.experience_spent + rarity.xp_cost)
        engine.note(
            f"{char.name}'s {record['name']} is augmented by {rarity.name} "
            f"(-{rarity.xp_cost} experience): a move it aids rolls the rarity die"
        )

    return engine.operation("rarity", character, run)


def acts_on_moves(ruleset: Ruleset, asset_id: str) -> bool:
    """Whether an ability of the asset acts on moves (its use brings the rarity die unasked);
    otherwise the rarity die comes only when the player names the asset for a move."""
    asset = ruleset.assets.get(asset_id)
    return asset is not None and any(
        e.get("moves") and "use" not in e["moves"] for a in asset.abilities for e in a.effects
    )


def view(ruleset: Ruleset, rarity: Rarity) -> JsonDict:
    """A rarity as ``rarity list|show`` and the sheet tell it."""
    return {
        "id": rarity.id,
        "name": rarity.name,
        "asset": rarity.asset,
        "asset_name": asset_name(ruleset, rarity.asset),
        "xp_cost": rarity.xp_cost,
        "page": rarity.page,
        "aids": "abilities" if acts_on_moves(ruleset, rarity.asset) else "named",
    }


def coverage(ruleset: Ruleset) -> JsonDict:
    """What the engine does of Wield a Rarity for the pack's rarities, counted: the rarity
    die's 6 and 5 are applied for every one; when it rolls is known from the asset's abilities
    (or the asset named by the player); its 1 on a miss is a reminder (the story says how the
    power fails)."""
    views = [view(ruleset, r) for r in ruleset.rarities.values()]
    return {
        "rarities": len(views),
        "die_applied": len(views),
        "aided_by_abilities": sum(1 for v in views if v["aids"] == "abilities"),
        "aided_when_named": sum(1 for v in views if v["aids"] == "named"),
        "reminders": {"a 1 on a miss: the power fails or works against you": len(views)},
    }


def owned(engine_ruleset: Ruleset, char: CharacterState) -> list[JsonDict]:
    """The character's rarities, each with the asset record's name."""
    out = []
    for rarity_id, record in held(char).items():
        rarity = engine_ruleset.rarities.get(rarity_id)
        base = (
            view(engine_ruleset, rarity)
            if rarity
            else {"id": rarity_id, "name": rarity_id, "asset": record["id"]}
        )
        out.append({**base, "asset_name": record["name"]})
    return out


# --- Wield a Rarity, in the moves the augmented asset aids ---------------------------------


def wielded(ctx: Step, named_records: list[JsonDict]) -> JsonDict | None:
    """The rarity wielded on this action roll: that of the first augmented asset whose
    ability acts on the move or that the player named; None when no such asset aids it."""
    if not ctx.engine.ruleset.rarities:
        return None
    uses = [str(u["asset"]) for u in ctx.data.get("asset_uses") or ()]
    ids = [*uses, *(str(r["id"]) for r in named_records)]
    records = {str(a["id"]): a for a in ctx.char.assets}
    for asset_id in ids:
        record = records.get(asset_id)
        augmenting = rarity_of(record) if record is not None else None
        if record is None or augmenting is None:
            continue
        rarity = ctx.engine.ruleset.rarities.get(augmenting)
        name = rarity.name if rarity else augmenting
        return {"id": augmenting, "name": name, "asset": record["name"]}
    return None


def rarity_outcome(step: JsonDict) -> str | None:
    """The outcome the rarity die makes of a roll: an automatic strong hit on a 6."""
    rarity, roll = step.get("rarity"), step.get("roll") or {}
    if rarity and roll.get("type") == "action" and roll.get("action_die") == MANIFEST:
        return Outcome.STRONG_HIT.value
    return None


def on_outcome(ctx: Step) -> None:
    """The rarity die's momentum and reminders, once the outcome is final."""
    rarity = ctx.data.get("rarity")
    if not rarity or ctx.roll.get("type") != "action":
        return
    die = int(ctx.roll["action_die"])
    name = rarity["name"]
    if die == MANIFEST:
        ctx.note(
            f"Wield a Rarity: {name} shows 6 — its power manifests in a dramatic and obvious "
            "way: an automatic strong hit, +1 momentum"
        )
        ctx.momentum(1)
    elif die == SUBTLE and ctx.outcome.is_hit:
        ctx.note(
            f"Wield a Rarity: {name} shows 5 on a hit — its power manifests subtly: +1 momentum"
        )
        ctx.momentum(1)
    elif die == FAILS and ctx.outcome is Outcome.MISS:
        ctx.note(
            f"reminder: Wield a Rarity: {name} shows 1 on a miss — its power fails or works "
            "against you (envision how)"
        )
    else:
        ctx.note(f"Wield a Rarity: {name} is the action die ({die})")


@no_roll("wield_a_rarity", ruleset="delve")
def wield_a_rarity(ctx: Step) -> None:
    """Wield a Rarity is no move of its own: it is the roll of a move an augmented asset aids."""
    require_rarities(ctx.engine)
    rarities = ctx.engine.ruleset.rarities
    augmented = [
        f"{a['name']} ({getattr(rarities.get(str(rarity)), 'name', rarity)})"
        for a in ctx.char.assets
        if (rarity := rarity_of(a))
    ]
    accepted = ", ".join(augmented) or f"no asset of {ctx.name} has a rarity"
    raise InvalidValue(
        "Wield a Rarity is rolled with the move an augmented asset aids: make that move with "
        f"the asset named (accepted: {accepted})"
    )


def wield(ctx: Step, record: Any) -> None:
    """Just rolled: when an augmented asset aids the move, its action die is the rarity die
    (kept on the roll as ``rarity``); a 6 makes the result an automatic strong hit at once,
    so no burn is offered for it."""
    from ironsworn.moves.assets.matching import named

    rarity = wielded(ctx, [r for r, _, _ in named(ctx)])
    if rarity is None or record.roll is None:
        return
    ctx.data["rarity"] = rarity
    record.roll["rarity"] = rarity["name"]
    record.assets = [*record.assets, f"{rarity['name']} (rarity die)"]
    if record.roll["action_die"] == MANIFEST:
        record.roll["outcome"] = record.outcome = Outcome.STRONG_HIT.value
        record.roll["burn"] = None
