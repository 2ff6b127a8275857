"""Asset abilities that change the sheet: once when marked, or while they are marked.

Two kinds, both applied as events (so undo takes them back like anything else):

- **Once, when marked** (at creation, with Advance, or by hand with ``asset mark``): the
  ability asks the player to choose (a :data:`ON_MARK` decision, answered with ``choose``),
  then changes stats, rolls a die, gives experience or discards the card. What it changed is
  kept in the flag ``asset_changes``, so unmarking the ability by hand restores the sheet.
  Battle-Scarred 1, Shadow-Kin 1, Lorekeeper 3, Oathbreaker 3, Spirit-Bound 3.
- **While marked**, a card's own track resized (:data:`TRACK_MAX`: Awakening 2), and what
  the card changes on the sheet's limits, kept beside each ability on
  the card's record (``record["sheet"]``, from :data:`WHILE_MARKED`) and read by
  :meth:`~ironsworn.campaign.state.CharacterState.sheet_marks`: Battle-Scarred 2 (maximum
  health -1; maimed no longer counts), Oathbreaker 1 (the card counts as a debility).
  Marking one lowers a meter or momentum above its new maximum at once (as marking a
  debility lowers momentum: the engine's choice, see ``MoveEngine.set_debility``).

A stat a card raises stops at +4 (Battle-Scarred and Shadow-Kin say so; for Lorekeeper and
Oathbreaker, which do not, ENGINE CHOICE: the same +4 every other card names); a stat a card
lowers may reach 0 (the card sets no floor).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import STATS
from ironsworn.moves.engine import on_resume

if TYPE_CHECKING:
    from ironsworn.content.model import Asset
    from ironsworn.moves.engine import MoveEngine, Step

JsonDict = dict[str, Any]
STAT_TOP = 4
PREFIX = "asset.ability:classic/"

# What an ability changes on the sheet while it is marked (see CharacterState.sheet_marks).
WHILE_MARKED: dict[str, JsonDict] = {
    # "Reduce your maximum health by 1. Maimed no longer counts as a debility, and does not
    # reduce your maximum momentum or reset value."
    f"{PREFIX}path/battle_scarred.1": {"health_max": -1, "uncounted": ["maimed"]},
    # "This asset counts as a debility."
    f"{PREFIX}path/oathbreaker.0": {"debility": True},
    # "While at 0 strength, this asset counts as a debility."
    f"{PREFIX}path/commander.0": {"debility_at_zero": "strength"},
    # Starforged's Oathbreaker: "This asset counts as an impact."
    "asset.ability:starforged/deed/oathbreaker.0": {"debility": True},
}


# The size a card's track takes while an ability is marked: "Your simulacrum has 6 health."
TRACK_MAX: dict[str, dict[str, int]] = {f"{PREFIX}ritual/awakening.1": {"health": 6}}


def _track_max(engine: MoveEngine, who: str, asset: Asset, index: int, marked: bool) -> None:
    """Resize the card's track as the ability is marked (or back to the card's when cleared);
    a value above the new size comes down with it."""
    record = engine.state.character(who).asset(asset.id)
    base = {t.name: t.max for t in asset.other_tracks}
    for name, size in TRACK_MAX[asset.abilities[index].id].items():
        track = (record.get("tracks") or {}).get(name)
        if track is None:
            continue
        want = size if marked else int(base.get(name, track["max"]))
        event = {"type": "asset_track", "character": who, "asset": asset.id, "track": name}
        if int(track["value"]) > want:
            engine.emit({**event, "from": track["value"], "to": want})
        if int(track["max"]) != want:
            engine.emit({**event, "field": "max", "from": track["max"], "to": want})


def sheet_data(asset: Asset) -> list[JsonDict | None] | None:
    """The ``sheet`` list a new record of ``asset`` keeps (None when no ability has one)."""
    data = [WHILE_MARKED.get(a.id) for a in asset.abilities]
    return [dict(d) if d else None for d in data] if any(data) else None


# --- the choices asked when an ability is marked ---------------------------------------------

Option = tuple[str, str, JsonDict]  # key, words, change


def _battle_scarred(char: Any) -> list[Option]:
    """ "Reduce your edge or iron by 1 and add +2 to wits or heart, or +1 to each."""
    options: list[Option] = []
    for lower in ("edge", "iron"):
        for key, raise_ in (
            ("wits", {"wits": 2}),
            ("heart", {"heart": 2}),
            ("both", {"wits": 1, "heart": 1}),
        ):
            change = {"stats": {lower: -1, **raise_}}
            options.append((f"{lower}_{key}", _words(char, change), change))
    return options


def _shadow_kin(char: Any) -> list[Option]:
    """ "Reduce your heart stat by 1 and add up to +2 to shadow (to a maximum of +4)."""
    return [
        (f"shadow_{n}", _words(char, change), change)
        for n in (2, 1)
        for change in [{"stats": {"heart": -1, "shadow": n}}]
    ]


def _lorekeeper(char: Any) -> list[Option]:
    """ "One time only, you may browse the archive's forbidden depths": raise wits by 1 and
    roll an action die. Declining leaves the ability marked, unused."""
    change = {"stats": {"wits": 1}, "forbidden_depths": True}
    return [
        ("browse", _words(char, change) + ", then roll an action die (1-3: corruption)", change)
    ]


def _oathbreaker(char: Any) -> list[Option]:
    """ "You may then improve one of your stats by +1 and discard this asset" (declining
    keeps the card)."""
    return [
        (stat, _words(char, change) + " and discard Oathbreaker", change)
        for stat in STATS
        if char.stats[stat] < STAT_TOP
        for change in [{"stats": {stat: 1}, "discard": True}]
    ]


def _spirit_bound(char: Any) -> list[Option]:
    """ "Let them go: Take 2 experience for each marked ability and discard this asset" or
    "Deepen your connection: Add +1 more when you leverage this asset"."""
    return [
        ("let_go", "let them go: 2 experience per marked ability, discard the card",
         {"experience_per_ability": 2, "discard": True}),
        ("deepen", "deepen your connection: +1 more whenever you use this card",
         {"deepen": True}),
    ]  # fmt: skip


# ability id -> (options for the character, the least number to choose: 0 when optional)
ON_MARK: dict[str, tuple[Callable[[Any], list[Option]], int]] = {
    f"{PREFIX}path/battle_scarred.0": (_battle_scarred, 1),
    f"{PREFIX}path/shadow_kin.0": (_shadow_kin, 1),
    f"{PREFIX}path/lorekeeper.2": (_lorekeeper, 0),
    f"{PREFIX}path/oathbreaker.2": (_oathbreaker, 0),
    f"{PREFIX}path/spirit_bound.2": (_spirit_bound, 0),
}
# One-time changes asked when the card's condition comes, never when the ability is marked:
# Spirit-Bound 3 "when you successfully Fulfill Your Vow (formidable or greater) in service to
# the spirit" (asked by :func:`ask_once`), Oathbreaker 3 "When you Fulfill Your Vow on your
# marked quest and score a hit" (asked by ``marked_vows.activate``). Marking them by hand or
# with Advance leaves them waiting.
ON_CONDITION = frozenset({f"{PREFIX}path/oathbreaker.2", f"{PREFIX}path/spirit_bound.2"})
# Every ability this module applies (coverage counts them as automated).
HANDLED = frozenset(ON_MARK) | frozenset(WHILE_MARKED) | frozenset(TRACK_MAX)


def _words(char: Any, change: Mapping[str, Any]) -> str:
    parts = []
    for stat, delta in (change.get("stats") or {}).items():
        before = int(char.stats[stat])
        after = _bounded(before + delta)
        capped = " (+4 at most)" if before + delta > STAT_TOP else ""
        parts.append(f"{stat} {before:+d} -> {after:+d}{capped}")
    return ", ".join(parts)


def _bounded(value: int) -> int:
    return max(0, min(STAT_TOP, value))


def _key(asset_id: str, index: int) -> str:
    return f"{asset_id}#{index}"


def after_marking(
    engine: MoveEngine,
    who: str,
    asset_id: str,
    index: int,
    marked: bool,
    condition_met: bool = False,
) -> None:
    """Called once an ability is marked or cleared (creation, Advance, ``asset mark``): ask for
    a one-time change, or take back what it changed; keep meters within their new maxima. An
    ability of :data:`ON_CONDITION` is asked only with ``condition_met``."""
    char = engine.state.character(who)
    asset = engine.ruleset.assets.get(asset_id)
    if (
        asset is not None
        and index < len(asset.abilities)
        and asset.abilities[index].id in TRACK_MAX
    ):
        _track_max(engine, who, asset, index, marked)
    if marked and asset is not None and index < len(asset.abilities):
        if condition_met or asset.abilities[index].id not in ON_CONDITION:
            _ask(engine, char, asset, index)
        else:
            from ironsworn.moves.assets.effects import label

            engine.note(
                f"{label(char.asset(asset.id), asset, index)}: marked; its choice comes when "
                "its condition is met"
            )
    elif not marked:
        _restore(engine, who, asset_id, index)
    within_limits(engine, who)
    if (
        asset is not None
        and index < len(asset.abilities)
        and asset.abilities[index].id in WHILE_MARKED
    ):
        _tell_limits(engine, who, asset, index, marked)


def _tell_limits(engine: MoveEngine, who: str, asset: Asset, index: int, marked: bool) -> None:
    """Name the ability and the limits it changed, in the result and the log."""
    from ironsworn.moves.assets.effects import label

    char = engine.state.character(who)
    change = WHILE_MARKED[asset.abilities[index].id]
    parts = []
    for meter in ("health", "spirit"):
        if change.get(f"{meter}_max"):
            parts.append(f"maximum {meter} {char.meter_max(meter):+d}")
    if change.get("debility"):
        parts.append(f"{asset.name} {'counts' if marked else 'no longer counts'} as a debility")
    for debility in change.get("uncounted") or ():
        parts.append(f"{debility} {'no longer counts' if marked else 'counts again'} as a debility")
    parts.append(f"max momentum {char.momentum_max:+d}, reset {char.momentum_reset:+d}")
    name = label(char.asset(asset.id), asset, index)
    engine.note(f"{name}{'' if marked else ' (cleared)'}: " + "; ".join(parts))


def after_new_records(engine: MoveEngine, who: str, records: list[JsonDict]) -> None:
    """New cards on a sheet (a new character): each marked ability, as if marked now."""
    for record in records:
        for index, on in enumerate(record["abilities"]):
            if on:
                after_marking(engine, who, str(record["id"]), index, True)


def within_limits(engine: MoveEngine, who: str) -> None:
    """Lower a meter or momentum above its maximum now (a card marked, a track at 0)."""
    char = engine.state.character(who)
    for meter in ("health", "spirit"):
        top = char.meter_max(meter)
        if int(getattr(char, meter)) > top:
            engine.set_meter(who, meter, top)
    if char.momentum > char.momentum_max:
        engine.set_meter(who, "momentum", char.momentum_max)


def _ask(engine: MoveEngine, char: Any, asset: Asset, index: int) -> None:
    from ironsworn.moves.assets.effects import label

    ability = asset.abilities[index]
    entry = ON_MARK.get(ability.id)
    if entry is None:
        return
    make, minimum = entry
    options = make(char)
    record = char.asset(asset.id)
    name = label(record, asset, index)
    if not options:
        engine.note(f"{name}: nothing to choose (every stat is at +4 already)")
        return
    engine.queue(
        {
            "step": "ask",
            "decision": {
                "kind": "choose",
                "character": char.name,
                "move": None,
                "prompt": f"{name}: {ability.summary}"
                + (" (decline to leave it for now)" if minimum == 0 else ""),
                "options": [{"key": k, "text": t} for k, t, _ in options],
                "count": 1,
                "min": minimum,
                "resume": {
                    "step": "resume",
                    "character": char.name,
                    "move": None,
                    "point": "asset.marked",
                    "context": {
                        "asset": asset.id,
                        "index": index,
                        "label": name,
                        "changes": {k: c for k, _, c in options},
                    },
                },
            },
        }
    )


def ask_once(ctx: Step, use: Mapping[str, Any]) -> None:
    """A gain ``{"one_time": true}``: ask the ability's one-time change now, unless it was
    made already (Lorekeeper 3 browsed later with ``asset use``; Spirit-Bound 3 when the vow
    for the spirit is fulfilled)."""
    asset_id, index = str(use["asset"]), int(use["ability"])
    if _key(asset_id, index) in (ctx.char.flags.get("asset_changes") or {}):
        ctx.note(f"{use['label']}: already used (one time only)")
        return
    asset = ctx.engine.ruleset.assets.get(asset_id)
    if asset is not None:
        _ask(ctx.engine, ctx.char, asset, index)


def ask_when_met(ctx: Step, asset_id: str, index: int) -> None:
    """An :data:`ON_CONDITION` ability already marked whose condition has come: ask its
    one-time change now (once)."""
    if _key(asset_id, index) in (ctx.char.flags.get("asset_changes") or {}):
        return
    asset = ctx.engine.ruleset.assets.get(asset_id)
    if asset is not None:
        _ask(ctx.engine, ctx.char, asset, index)


@on_resume("asset.marked")
def marked_choice(ctx: Step, keys: list[str]) -> None:
    """The change chosen for a newly marked ability, applied."""
    context = ctx.data["context"]
    if not keys:
        ctx.note(f"{context['label']}: not used for now")
        return
    apply_change(ctx, str(context["asset"]), int(context["index"]), context["changes"][keys[0]])


def apply_change(ctx: Step, asset_id: str, index: int, change: Mapping[str, Any]) -> None:
    """Apply one ability's one-time change (stats, experience, discard, a deepened bond)."""
    char = ctx.char
    record = char.asset(asset_id)
    from ironsworn.moves.assets.effects import label

    name = label(record, ctx.engine.ruleset.assets.get(asset_id), index)
    done: JsonDict = {"used": True}  # one time only: asked again by ask_once only if not
    stats: dict[str, int] = {}
    for stat, delta in (change.get("stats") or {}).items():
        before = int(char.stats[stat])
        after = _bounded(before + int(delta))
        if after != before:
            ctx.emit(
                {"type": "stat", "character": char.name, "stat": stat, "from": before, "to": after}
            )
            stats[stat] = after - before
    if stats:
        done["stats"] = stats
        shown = ", ".join(f"{s} {d:+d}" for s, d in stats.items())
        ctx.note(f"{name}: {shown}")
    if change.get("deepen"):
        done["deepen"] = True
        ctx.note(f"{name}: +1 more whenever you use {record['name']}")
    changes = {k: dict(v) for k, v in (char.flags.get("asset_changes") or {}).items()}
    changes[_key(asset_id, index)] = done
    ctx.flag("asset_changes", changes)
    per = int(change.get("experience_per_ability") or 0)
    if per:
        marked = sum(1 for a in record["abilities"] if a)
        ctx.engine.set_meter(char.name, "experience_earned", char.experience_earned + per * marked)
        ctx.note(f"{name}: +{per * marked} experience ({marked} marked abilities)")
    if change.get("forbidden_depths"):
        _forbidden_depths(ctx, name)
    if change.get("discard"):
        ctx.emit(
            {
                "type": "asset_removed",
                "character": char.name,
                "asset": asset_id,
                "index": char.assets.index(record),
                "record": record,
            }
        )
        ctx.note(f"{name}: {record['name']} is discarded")


def _forbidden_depths(ctx: Step, name: str) -> None:
    """Lorekeeper 3: "roll an action die. On 1-3, you must also mark corrupted or Face
    Desolation (ignoring momentum)"."""
    die = ctx.engine.dice.roll(6)
    if die > 3:
        ctx.note(f"{name}: the action die shows {die}: the depths leave no mark")
        return
    ctx.note(f"{name}: the action die shows {die}: mark corrupted or Face Desolation")
    if ctx.char.has("corrupted"):
        ctx.follow("face_desolation", ignore_momentum=True)
        return
    ctx.engine.queue(
        {
            "step": "ask",
            "decision": {
                "kind": "choose",
                "character": ctx.name,
                "move": None,
                "prompt": f"{name}: the action die shows {die}: mark corrupted or Face Desolation",
                "options": [
                    {"key": "corrupted", "text": "mark corrupted"},
                    {"key": "face_desolation", "text": "Face Desolation (ignoring momentum)"},
                ],
                "count": 1,
                "min": 1,
                "resume": {
                    "step": "resume",
                    "character": ctx.name,
                    "move": None,
                    "point": "asset.forbidden_depths",
                },
            },
        }
    )


@on_resume("asset.forbidden_depths")
def forbidden_depths_choice(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "corrupted":
        ctx.debility("corrupted", True)
    else:
        ctx.follow("face_desolation", ignore_momentum=True)


def _restore(engine: MoveEngine, who: str, asset_id: str, index: int) -> None:
    """An ability cleared by hand: take back the stats it changed and what it keeps."""
    char = engine.state.character(who)
    changes = {k: dict(v) for k, v in (char.flags.get("asset_changes") or {}).items()}
    done = changes.pop(_key(asset_id, index), None)
    if done is None:
        return
    for stat, delta in (done.get("stats") or {}).items():
        before = int(char.stats[stat])
        after = _bounded(before - int(delta))
        if after != before:
            engine.emit(
                {"type": "stat", "character": who, "stat": stat, "from": before, "to": after}
            )
    engine.set_flag(who, "asset_changes", changes or None)
    engine.note(f"{char.asset(asset_id)['name']} {index + 1}: its change to the sheet is undone")


def deepened(ctx: Step, use: JsonDict, record: JsonDict) -> int:
    """Spirit-Bound 3, "deepen your connection": +1 more on a use of the card's abilities."""
    changes = ctx.char.flags.get("asset_changes") or {}
    if any(k.startswith(f"{record['id']}#") and v.get("deepen") for k, v in changes.items()):
        ctx.note(f"{use['label']}: +1 more (a deepened connection)")
        return 1
    return 0


# --- for a while: what a move sets (kept in the flag ``asset_sheet``) ------------------------


def lasting(ctx: Step, use: Mapping[str, Any], change: Mapping[str, Any]) -> None:
    """A limit an ability sets until something ends it (a gain ``{"sheet": ...}``):
    ``{"debility": true}`` (Fated 1: the card counts as a debility), ``{"spirit_max": -1}``
    (Honorbound 3: each time, one more), ``{"clear": true}`` (what the card set ends)."""
    char = ctx.char
    asset_id = str(use["asset"])
    marks = {k: dict(v) for k, v in (char.flags.get("asset_sheet") or {}).items()}
    current = marks.get(asset_id)
    if change.get("clear"):
        if current is None:
            return
        del marks[asset_id]
    else:
        entry = dict(current or {})
        for key, value in change.items():
            if isinstance(value, bool):
                entry[key] = value
            else:
                entry[key] = int(entry.get(key) or 0) + int(value)
        marks[asset_id] = entry
    ctx.flag("asset_sheet", marks or None)
    within_limits(ctx.engine, ctx.name)
    ctx.note(f"{use['label']}: {describe_lasting(change)} ({_limits_now(ctx.char)})")


def describe_lasting(change: Mapping[str, Any]) -> str:
    if change.get("clear"):
        return "its lasting change ends"
    parts = []
    if change.get("debility"):
        parts.append("the card counts as a debility")
    for meter in ("health", "spirit"):
        if change.get(f"{meter}_max"):
            parts.append(f"maximum {meter} {int(change[f'{meter}_max']):+d}")
    return ", ".join(parts)


def _limits_now(char: Any) -> str:
    return (
        f"max health {char.meter_max('health'):+d}, max spirit {char.meter_max('spirit'):+d}, "
        f"max momentum {char.momentum_max:+d}, reset {char.momentum_reset:+d}"
    )
