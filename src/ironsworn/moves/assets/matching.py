"""Which marked abilities act on a move: the assets the player names and the effects that apply.

Before a roll, :func:`~ironsworn.moves.assets.effects.prepare` asks :func:`candidate_uses` for
the *uses* of this move: every marked ability whose effect names the move
(:func:`_matches_move`) and whose conditions hold (:func:`_conditions_hold`: in a fight, at 0
health, on the background vow...). An effect with ``when`` or ``option`` applies only when the
player names its asset (:func:`named`, the ``asset`` input ``hound:1``); the stat conditions
are checked once the stat is known (:func:`_fits`). What the uses then change is
:mod:`ironsworn.moves.assets.effects`; the effect keys are listed there.
"""

from __future__ import annotations

from collections.abc import Mapping
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.homebrew import card_of

if TYPE_CHECKING:
    from ironsworn.content.model import Asset, Move
    from ironsworn.moves.engine import Step

JsonDict = dict[str, Any]

RITUAL_MOVE_PREFIX = "asset.ability.move:classic/ritual/"
# Effects applied outside the before-roll uses: an add after the roll (assets.after_roll), an
# ally's move, Leech 2's share, a question before the move (assets.allies, assets.moments).
ELSEWHERE_KEYS = frozenset({"after_roll", "ally_move", "share", "before_move"})


# The first words of an ability's fiction that already tie it to the move ("by guiding your
# vehicle through a hazard", "to detect a threat", "a feint or misdirection", "at an
# unsuspecting foe", "someone who fought beside you"): after "when" they read wrong ("when by
# guiding ...", "when at an unsuspecting foe"), so the fiction is told without it.
_NO_WHEN = frozenset(
    {"by", "to", "with", "for", "through", "against", "among", "back", "once", "a", "an", "make"}
    | {"at", "alongside", "someone"}
)


def fiction(when: str) -> str:
    """How a player reads the fiction an ability needs, after its name: "when using your
    shield as cover", but "by guiding your vehicle through a hazard" (empty: none needed)."""
    if not when:
        return ""
    first = when.split(maxsplit=1)[0].rstrip(",").lower()
    return when if first in _NO_WHEN else f"when {when}"


def short(move_id: str) -> str:
    return move_id.rsplit("/", 1)[-1]


# --- naming assets -------------------------------------------------------------------------


def named(ctx: Step) -> list[tuple[JsonDict, int | None, str | None]]:
    """The assets the player named (the ``asset`` input): (record, ability index, option)."""
    raw = ctx.data.get("asset")
    texts = [raw] if isinstance(raw, str) else list(raw or [])
    out: list[tuple[JsonDict, int | None, str | None]] = []
    for text in texts:
        parts = [p.strip() for p in str(text).split(":")]
        name, number, option = parts[0], None, None
        rest = parts[1:]
        if rest and rest[0].isdigit():
            number = int(rest.pop(0))
        if rest:
            option = rest.pop(0).lower() or None
        if rest:
            raise InvalidValue(
                input="asset", value=text, accepted="NAME[:N][:OPTION]", why="is not a name"
            )
        record = ctx.char.asset(name)
        if "broken" in (record.get("marks") or ()):
            # A broken module's card is flipped: its abilities are out of use until repaired.
            raise RuleViolation(
                f"{{asset}} {text!r}: {record['name']} is broken (Repair fixes it)",
                names=("asset",),
            )
        count = len(record["abilities"])
        if number is not None and not 1 <= number <= count:
            raise InvalidValue(
                f"{{asset}} {text!r}: {record['name']} ability {number} is out of range "
                f"(1 to {count})",
                input="asset",
                value=text,
                accepted=f"1 to {count}",
            )
        if number is not None and not record["abilities"][number - 1]:
            raise RuleViolation(f"ability {number} of {record['name']} is not marked")
        if any(r is record for r, _, _ in out):
            raise InvalidValue(
                input="asset",
                value=record["name"],
                accepted="each asset once",
                why="is given twice",
            )
        out.append((record, None if number is None else number - 1, option))
    return out


def label(record: Mapping[str, Any], asset: Asset | None, index: int) -> str:
    """``Hound “Brann” 1 · Sharp``: how a result names the ability that acted (the card with
    what the player wrote on it, as the sheet words it: it read ``Hound (Brann) 1``)."""
    from ironsworn.card_fields import given_words

    name = asset.abilities[index].name if asset and index < len(asset.abilities) else ""
    title = str(record["name"]) + given_words(record)
    return f"{title} {index + 1}" + (f" · {name}" if name else "")


# --- which effects act on this move --------------------------------------------------------


def _matches_move(effect: Mapping[str, Any], move: Move) -> bool:
    moves = effect.get("moves") or ()
    if move.id in moves:
        return True
    if "*" in moves:
        return move.roll_type == "action_roll"
    if "progress" in moves and move.roll_type == "progress_roll":
        return True  # "when you make a progress move" (Starforged)
    # Datasworn's patterns: "move:starforged/*/face_danger" (the adventure move and the scene
    # challenge's), "move:*/combat/*" (any combat move).
    if any("*" in m and fnmatchcase(move.id, m) for m in moves):
        return True
    return "ritual" in moves and move.id.startswith(RITUAL_MOVE_PREFIX)


def _conditions_hold(ctx: Step, effect: Mapping[str, Any], record: Mapping[str, Any]) -> bool:
    char = ctx.char
    if effect.get("lasting") and not any(e["kind"] == effect["lasting"] for e in char.lasting):
        # It spends a lasting effect the character does not have (Leech's rune): the player
        # named it (it has a "when"), so say what is missing rather than "no ability fits".
        from ironsworn.moves.assets.lasting_kinds import TEMPLATES

        kind = str(effect["lasting"])
        gained_by = TEMPLATES.get(kind, {}).get("gained_by") or "its card gives one"
        raise RuleViolation(f"{record['name']}: {char.name} has no {kind} to spend ({gained_by})")
    if "fight" in effect and ctx.engine.in_fight(char.name) != bool(effect["fight"]):
        return False
    if effect.get("zero_health") and char.health != 0:
        return False
    if effect.get("tide") and not ctx.data.get("turn_the_tide"):
        return False
    if effect.get("bond") and not ctx.data.get("bond"):
        return False
    if effect.get("others") and not (
        ctx.data.get("ally") or ctx.data.get("patient") or ctx.data.get("companion")
    ):
        return False
    if effect.get("companion") and ctx.data.get("companion") != record["id"]:
        return False
    if effect.get("background") and (
        not ctx.data.get("track") or ctx.data.get("track") != char.flags.get("background_vow")
    ):
        return False  # only on the character's background vow (Fated)
    if effect.get("marked_vow"):
        from ironsworn.moves.assets.marked_vows import is_marked

        if not is_marked(ctx, str(effect["marked_vow"])):
            return False  # only on the vow the card marked (Fortune Hunter, Oathbreaker)
    return not (effect.get("once") == "fight" and _used_in_fight(ctx, record, effect))


def _fight_ids(ctx: Step) -> list[str]:
    return [t.id for t in ctx.engine.fights_of(ctx.name)]


def _used_in_fight(ctx: Step, record: Mapping[str, Any], effect: Mapping[str, Any]) -> bool:
    used = ctx.char.flags.get("asset_once") or {}
    key = f"{record['id']}#{effect.get('_ability', '')}"
    return any(key in used.get(fight, ()) for fight in _fight_ids(ctx))


def _stat_fits(effect: Mapping[str, Any], record: Mapping[str, Any], stat: str) -> bool:
    wanted = effect.get("stat")
    if not wanted:
        return True
    return any(
        _select_stat(record, w) == stat if w.startswith("select:") else w == stat for w in wanted
    )


def _same_ability(use: JsonDict, other: JsonDict | None) -> bool:
    return other is not None and (use["asset"], use["ability"]) == (
        other["asset"],
        other["ability"],
    )


def _fits(ctx: Step, use: JsonDict, rolling: JsonDict | None, move: Move, shown: str) -> bool:
    """Whether a use's stat condition holds for the stat rolled.

    For the ability that sets the stat, a condition naming one of the stats it offers is
    about the one chosen (Skirmisher: +iron or +edge); one naming another stat is about the
    move's own (Mammoth: a move that rolls +supply rolls its health instead).
    """
    effect = use["effect"]
    if effect.get("roll") and _same_ability(use, rolling):
        wanted = set(effect.get("stat") or ())
        if wanted and not wanted <= set(effect["roll"]):
            return _move_rolls(move, effect)
    return _stat_fits(effect, _record(ctx, use["asset"]), shown)


def _move_rolls(move: Move, effect: Mapping[str, Any]) -> bool:
    """Whether the move can roll one of the stats an effect's condition names."""
    return any(s in o.using for o in move.roll_options for s in effect.get("stat") or ())


def _select_stat(record: Mapping[str, Any], key: str) -> str:
    """The stat a card's choice stands for (a Devotant god's stat, a Masked mask's wood).

    The record keeps the chosen option; the stat it stands for is kept beside it when the
    record is made (``fields["<name>_stat"]``), so no content is needed here.
    """
    name = key.split(":", 1)[1]
    fields = record.get("fields") or {}
    return str(fields.get(f"{name}_stat") or fields.get(name) or "")


def _companion_ok(ctx: Step, record: Mapping[str, Any]) -> bool:
    meter = record.get("meter")
    kind = str(record.get("type") or "").lower()  # a Starforged card's type is "Companion"
    return not (kind == "companion" and meter and int(meter["value"]) == 0)


SECURE_AN_ADVANTAGE = "move:classic/adventure/secure_an_advantage"


def aids_with(effect: Mapping[str, Any], move: Move) -> bool:
    """Aid Your Ally is Secure an Advantage for an ally: an effect on Secure an Advantage
    acts on it, and "your ally also takes those benefits (instead of you)" (L2033-2037)."""
    return SECURE_AN_ADVANTAGE in (effect.get("moves") or ()) and short(move.id) == "aid_your_ally"


def candidate_uses(ctx: Step, move: Move) -> list[JsonDict]:
    """Every use of a marked ability on this move, automatic or named (stats not checked)."""
    wanted = {id(r): (i, o) for r, i, o in named(ctx)}
    seen_named: set[int] = set()
    uses: list[JsonDict] = []
    for record in ctx.char.assets:
        asset = card_of(ctx.engine.ruleset, record)  # the deck's card, or a homebrew one
        if asset is None or "broken" in (record.get("marks") or ()):
            continue
        for index, ability in enumerate(asset.abilities):
            if index >= len(record["abilities"]) or not record["abilities"][index]:
                continue
            for effect in ability.effects:
                if ELSEWHERE_KEYS & set(effect):
                    continue  # applied by assets.after_roll or assets.allies, not before the roll
                effect = {**effect, "_ability": index}
                ally = False
                if not _matches_move(effect, move):
                    if not aids_with(effect, move):
                        continue
                    ally = True  # the ally takes the benefits
                asked = id(record) in wanted
                pick = wanted.get(id(record))
                conditional = bool(effect.get("when") or effect.get("option"))
                if conditional and not asked:
                    continue
                if asked and pick is not None:
                    number, option = pick
                    if number is not None and number != index and conditional:
                        continue
                    if effect.get("option") and option not in (None, effect["option"]):
                        continue
                if not _conditions_hold(ctx, effect, record):
                    continue
                optioned = any(e.get("option") for e in ability.effects)
                bare = effect.get("option") is None
                if asked and pick is not None and pick[1] is not None and optioned and bare:
                    continue  # an option named: it stands in for the ability's plain effect
                if asked and pick is not None and pick[1] is None and effect.get("option"):
                    plain = [e for e in ability.effects if not e.get("option")]
                    if plain:
                        continue  # no option named: the ability's plain effect, not its extra
                if asked:
                    seen_named.add(id(record))
                uses.append(
                    {
                        "asset": record["id"],
                        "ability": index,
                        "ability_id": ability.id,
                        "label": label(record, asset, index),
                        "effect": effect,
                        "ally": ally,
                        "named": asked,
                    }
                )
    return uses


def _record(ctx: Step, asset_id: str) -> JsonDict:
    return next(a for a in ctx.char.assets if a["id"] == asset_id)
