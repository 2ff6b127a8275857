"""Which asset abilities the engine automates, and which stay reminders (and why).

An ability is *automated* when every effect it has is one the engine applies (its keys and
gains are known, its handler exists) and nothing is left to the player; *partial* when the
engine applies its effects but part of it is left to the player (its ``reminder``); a
*reminder* when the engine applies nothing (purely narrative, a lasting enchantment the
engine does not track, or a change made once on the sheet). Counted by :func:`tally`.

An ability whose effects act only on moves of an expansion (Improviser 1 on Delve's Check Your
Gear) is automated where that expansion's pack is imported, and a reminder, saying so, where it
is not: :func:`ability_status` is given the campaign's content to tell.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.moves.assets.effects import CONDITION_KEYS, ELSEWHERE_KEYS, GAIN_KEYS, ROLL_KEYS
from ironsworn.moves.assets.gains import OUTCOME_KEYS

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Asset, AssetAbility

EFFECT_EXTRAS = frozenset({"camp", "discount"}) | ELSEWHERE_KEYS  # data read by a handler
GAIN_PREFIXES = ("track:", "set_track:", "flag:", "select:", "legacy:")


def _handlers() -> set[str]:
    from ironsworn.moves.assets.handlers import BEFORE, NAMED
    from ironsworn.moves.assets.lasting_kinds import HANDLERS

    return set(BEFORE) | set(NAMED) | set(HANDLERS)


def _before_move() -> set[str]:
    from ironsworn.moves.assets.moments import BEFORE_MOVE

    return set(BEFORE_MOVE)


def unsupported(effect: Mapping[str, Any]) -> list[str]:
    """The keys of an effect the engine does not apply (empty when it applies all of it)."""
    known = CONDITION_KEYS | ROLL_KEYS | EFFECT_EXTRAS | set(OUTCOME_KEYS)
    missing = [k for k in effect if k not in known and not k.startswith("_")]
    if effect.get("handler") and str(effect["handler"]) not in _handlers():
        missing.append(f"handler {effect['handler']}")
    if effect.get("before_move") and str(effect["before_move"]) not in _before_move():
        missing.append(f"before_move {effect['before_move']}")
    for key in (*OUTCOME_KEYS, "before"):
        missing += [f"{key}.{g}" for g in _gain_keys(effect.get(key)) if not _known_gain(g)]
    return missing


def _gain_keys(gain: Any) -> Iterable[str]:
    if not isinstance(gain, Mapping):
        return ()
    keys: list[str] = []
    for key, value in gain.items():
        keys.append(key)
        if key == "choose":
            for option in value:
                keys += list(_gain_keys(option))
        elif key == "allies":
            keys += list(_gain_keys(value))
    return keys


def _known_gain(key: str) -> bool:
    return key in GAIN_KEYS or key == "debility" or key.startswith(GAIN_PREFIXES)


def missing_moves(ability: AssetAbility, ruleset: Ruleset) -> list[str]:
    """The moves an ability acts on that ``ruleset`` does not have, when it acts on no other
    (its expansion's pack is not imported); empty when any of its moves is there."""
    named = [
        str(m)
        for e in ability.effects
        for m in e.get("moves") or ()
        if str(m).startswith("move:") and "*" not in str(m)
    ]
    if not named or len(named) != sum(len(e.get("moves") or ()) for e in ability.effects):
        return []  # also any move ("*"), a pattern or a kind of move: not tied to one pack
    moves = ruleset.moves
    return [] if any(m in moves for m in named) else sorted(set(named))


def _pack_reminder(moves: list[str]) -> dict[str, str]:
    # move:delve/delve/check_your_gear -> "Check Your Gear", a move of the "delve" pack
    words = [m.rsplit("/", 1)[-1].replace("_", " ").title() for m in moves]
    pack = moves[0].split(":", 1)[1].split("/", 1)[0]
    title = pack.replace("_", " ").title()
    return {
        "kind": "reminder",
        "why": f"{' and '.join(words)} is a {title} move: import the {title} pack and the "
        "engine applies it",
        "reason": "other",
        "pack": pack,  # how to import it is each surface's to say
    }


def pack_reminder(ability: AssetAbility, ruleset: Ruleset) -> dict[str, str] | None:
    """The status of an ability on moves ``ruleset`` lacks (a reminder naming the pack to
    import, and its id as ``pack``), or None when it has them."""
    absent = missing_moves(ability, ruleset)
    return _pack_reminder(absent) if absent else None


def ability_status(ability: AssetAbility, ruleset: Ruleset | None = None) -> dict[str, str]:
    """``{"kind": automated|partial|reminder, "why": ...}`` for one ability; given the
    campaign's content (``ruleset``), an ability on moves it lacks is a reminder."""
    if ruleset is not None:
        reminder = pack_reminder(ability, ruleset)
        if reminder is not None:
            return reminder
    missing = [k for e in ability.effects for k in unsupported(e)]
    from ironsworn.moves.assets.progress_rerolls import HANDLED as ROLLS
    from ironsworn.moves.assets.sheet_changes import HANDLED

    acts = bool(ability.effects or ability.moves or ability.id in HANDLED | ROLLS)
    if not acts:
        why = ability.reminder or "its effect is a matter of the fiction"
        return {"kind": "reminder", "why": why, "reason": ability.reminder_kind or "narrative"}
    if missing:
        return {
            "kind": "partial",
            "why": "not applied by the engine: " + ", ".join(sorted(set(missing))),
            "reason": "engine",
        }
    if ability.reminder:
        return {"kind": "partial", "why": ability.reminder, "reason": ability.reminder_kind}
    return {"kind": "automated", "why": "", "reason": ""}


def tally(assets: Iterable[Asset]) -> dict[str, Any]:
    """Counts of automated, partial and reminder abilities, with the reasons for the rest."""
    kinds: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for asset in assets:
        for ability in asset.abilities:
            status = ability_status(ability)
            kinds[status["kind"]] += 1
            if status["kind"] != "automated":
                reasons[f"{status['kind']}: {status['reason']}"] += 1
    return {
        "abilities": sum(kinds.values()),
        "automated": kinds["automated"],
        "partial": kinds["partial"],
        "reminder": kinds["reminder"],
        "reasons": dict(sorted(reasons.items())),
    }
