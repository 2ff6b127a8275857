"""The Starforged asset deck's effects: our code, keyed by the Datasworn ability ids.

A Starforged campaign's cards come from the player's own Datasworn file (imported with
``ironsworn content import``): their names, texts, tracks and, for each ability, the moves it
enhances and the fiction its trigger names (``AssetAbility.enhances``, read by
``content/datasworn.py``). What an ability *does* in a move is not in that file as data; it
is written here, in the effect vocabulary the classic deck uses (``moves/assets/effects.py``
lists the keys), keyed by ability id, one module per kind of card:

- :mod:`.paths` -- path cards (the two a new character starts with, and more);
- :mod:`.companions` -- companions (their health rolled and spent);
- :mod:`.vehicles` -- the command vehicle, its modules and the support vehicles;
- :mod:`.deeds` -- deeds.

An entry is ``Spec(effects, reminder, kind)``. Each effect acts on the moves of the ability's
``enhances`` entry number ``enh`` (0 unless given; a move id with ``*`` matches any move of
that shape, and an entry naming no move acts on any move with an action roll) and, unless it
says ``when`` itself or ``unasked``, it applies when the player names the asset because the
fiction of that entry's trigger holds. ``roll`` may name ``"integrity"`` (the vehicle's),
``"companion_health"`` or ``"track:NAME"`` (the card's own meter). ``reminder`` says in our
words what is left to the player and ``kind`` why (``narrative``, ``lasting``, ``sheet``,
``other``): see ``moves/assets/coverage.py``.

No card text is copied here: the words a player reads are their file's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ironsworn.content.model import Asset, AssetAbility
from ironsworn.content.starforged_effects.words import Spec
from ironsworn.record import replace

JsonDict = dict[str, Any]
PREFIX = "asset.ability:starforged/"
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def _table() -> Mapping[str, Spec]:
    from ironsworn.content.starforged_effects import companions, deeds, paths, vehicles

    out: dict[str, Spec] = {}
    for module in (paths, companions, vehicles, deeds):
        for key, spec in module.SPECS.items():
            out[PREFIX + key] = spec
    return out


_TABLE: Mapping[str, Spec] | None = None


def table() -> Mapping[str, Spec]:
    """Every Starforged ability's spec, by full ability id."""
    global _TABLE
    if _TABLE is None:
        _TABLE = _table()
    return _TABLE


def effect_for(ability: AssetAbility, raw: Mapping[str, Any]) -> JsonDict:
    """One effect of ``ability`` with its moves and fiction taken from the Datasworn facts."""
    effect = {k: v for k, v in raw.items() if k not in ("enh", "unasked")}
    index = int(raw.get("enh", 0))
    entry = ability.enhances[index] if 0 <= index < len(ability.enhances) else None
    if "moves" not in effect:
        effect["moves"] = list(entry.moves if entry is not None else ()) or ["*"]
    when = "; ".join(c.text for c in entry.conditions if c.text) if entry is not None else ""
    when = LINK.sub(r"\1", when)  # "[Strike](move:...)" reads "Strike"
    # Shown after "when" or "if" already: a leading "when" is left out, and so is "while"
    # ("when while putting trust in your armor" read twice; "when putting trust..." says it).
    for lead in ("when ", "while "):
        if when.lower().startswith(lead):
            when = when[len(lead) :]
    if "when" not in effect and not raw.get("unasked") and when:
        effect["when"] = when[:1].lower() + when[1:]  # it follows "if" in what players read
    return effect


def attach(asset: Asset) -> Asset:
    """``asset`` with our effects and reminders on its abilities (a Starforged card), else
    ``asset`` itself. An ability whose Datasworn id is missing (an older import) gets the id
    its position gives it."""
    if not asset.id.startswith("asset:starforged/"):
        return asset
    specs = table()
    abilities = []
    for index, ability in enumerate(asset.abilities):
        ability_id = ability.id or f"asset.ability:{asset.id.split(':', 1)[1]}.{index}"
        spec = specs.get(ability_id)
        if ability.effects:
            abilities.append(replace(ability, id=ability_id))
            continue
        if spec is None:
            # A card our table does not know (a newer file, a homebrew card in the set).
            spec = Spec(reminder="not automated: apply it by hand", kind="other")
        effects = tuple(effect_for(ability, e) for e in spec.effects)
        abilities.append(
            replace(
                ability,
                id=ability_id,
                effects=effects,
                reminder=spec.reminder or ability.reminder,
                reminder_kind=spec.kind or ability.reminder_kind,
            )
        )
    return replace(asset, abilities=tuple(abilities))


__all__ = ["PREFIX", "Spec", "attach", "effect_for", "table"]
