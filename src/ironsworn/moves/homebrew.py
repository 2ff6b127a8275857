"""Reskinned and homebrew assets (seed 000 "Tweaking assets", L5336-5399).

- Reskinning (L5336-5369): "Use the existing assets as a starting place, and adjust the labels
  and specific abilities to better fit your imagined world" -- "Rename Archer to Marksman, and
  change the condition to 'If you wield a musket...'". :meth:`HomebrewOperations.reskin`
  changes the name and condition of a character's asset (an ``asset_reskin`` event); its
  abilities act as before, since the card behind it is the same.
- Creating assets (L5370-5399): "look to the existing abilities as your model". An ability of
  a homebrew asset follows one of the rulebook's patterns, made into effects of the same shape
  as the deck's (see :mod:`ironsworn.moves.assets`):

  ``bonus``       "a moderate benefit, such as 'add +1 and take +1 momentum on a hit', for a
                  relatively common action" (L5376-5378)
  ``reroll``      "a strong benefit, such as 'reroll any dice', for less common actions or
                  abilities which have a limit" (L5379-5384): it needs its limit or gate
  ``exchange``    "exchange one resource for another, such as 'suffer -1 momentum and inflict
                  +1 harm on a hit'" (L5388-5389)
  ``permission``  "the fictional framing to make a move in unusual circumstances" (L5390-5392):
                  words only, no mechanical effect
  ``stat``        "use a different stat instead of the one normally required by a move"
                  (L5393-5394)

  The card is kept whole in the character's asset record (``card``), so it goes wherever the
  record goes: the log, undo, the JSON export. :func:`card_of` gives the card of any record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.operation_group import EngineOperations

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Asset
    from ironsworn.moves.engine import MoveEngine, OperationResult

JsonDict = dict[str, Any]
PATTERNS = ("bonus", "reroll", "exchange", "permission", "stat")
ASSET_TYPES = ("path", "companion", "combat_talent", "ritual")  # the classic decks
STATS = ("edge", "heart", "iron", "shadow", "wits")
RESOURCES = ("momentum", "health", "spirit", "supply")
GAINS = ("momentum", "health", "spirit", "supply", "harm", "progress")
HOMEBREW_PREFIX = "asset:homebrew/"
MAX_ABILITIES = 3


def card_of(ruleset: Ruleset, record: Mapping[str, Any]) -> Asset | None:
    """The card behind a character's asset record: the deck's, or the homebrew one it holds."""
    found = ruleset.assets.get(str(record.get("id")))
    if found is not None:
        return found
    card = record.get("card")
    if isinstance(card, Mapping):
        from ironsworn.content.model import Asset

        return Asset.from_json(dict(card))
    return None


def _moves(engine: MoveEngine, text: str) -> list[str]:
    """Move names or ids, comma-separated, as the ids of moves with an action roll."""
    ids = []
    for part in text.split(","):
        if not part.strip():
            continue
        move = engine.ruleset.move(part.strip())
        if move.roll_type != "action_roll":
            raise InvalidValue(
                f"{move.name} makes no action roll: an ability's bonus is for a move that "
                "makes one (a progress move is not helped by assets)"
            )
        ids.append(move.id)
    if not ids:
        raise InvalidValue(f"moves {text!r}: name at least one move")
    return ids


def _change(text: str, names: Sequence[str], what: str) -> tuple[str, int]:
    """``momentum-1`` or ``harm+1`` -> ("momentum", -1)."""
    clean = text.strip().lower().replace(" ", "")
    for name in names:
        if clean.startswith(name):
            try:
                return name, int(clean[len(name) :])
            except ValueError:
                break
    raise InvalidValue(
        f"{what} {text!r} is not NAME+N or NAME-N (accepted names: {', '.join(names)})"
    )


def ability(engine: MoveEngine, spec: str) -> JsonDict:
    """One homebrew ability from ``PATTERN:MOVES:DETAIL`` (see the module docstring):

    ``bonus:secure an advantage:when taking aim``; ``reroll:strike,clash:once per fight``;
    ``exchange:strike,clash:momentum-1,harm+1``; ``stat:face danger:wits``;
    ``permission:you may Gather Information from the dead``.
    """
    pattern, _, rest = spec.partition(":")
    key = pattern.strip().lower()
    if key not in PATTERNS:
        raise InvalidValue(
            f"ability pattern {pattern.strip()!r} is unknown (accepted: {', '.join(PATTERNS)})"
        )
    if key == "permission":
        words = " ".join(rest.split())
        if not words:
            raise InvalidValue(
                "a permission ability is given without its words (accepted: permission:WORDS, "
                "what it lets you do)"
            )
        return {"summary": words, "effects": [], "pattern": key}
    moves_text, _, detail = rest.partition(":")
    moves = _moves(engine, moves_text)
    detail = " ".join(detail.split())
    names = ", ".join(engine.ruleset.moves[m].name for m in moves)
    if key == "bonus":
        effect: JsonDict = {"moves": moves, "add": 1, "hit": {"momentum": 1}}
        summary = f"{names}: add +1 and take +1 momentum on a hit"
    elif key == "reroll":
        if not detail:
            raise InvalidValue(  # seed 000 L5379-5384
                "a reroll ability is given without its limit or gate (accepted: "
                "reroll:MOVES:LIMIT, e.g. 'once per fight')"
            )
        effect = {"moves": moves, "reroll": True}
        if "per fight" in detail.lower():
            # "Once per fight": the deck's own limit (an ability used in a fight is not offered
            # again until that fight is over), not just words.
            effect["once"] = "fight"
        summary = f"{names}: reroll any dice"
    elif key == "exchange":
        parts = [p for p in detail.split(",") if p.strip()]
        if len(parts) != 2:
            raise InvalidValue(
                f"exchange {detail!r}: give what you pay and what you gain on a hit, e.g. "
                "'momentum-1,harm+1'"
            )
        paid, cost = _change(parts[0], RESOURCES, "the cost")
        gained, gain = _change(parts[1], GAINS, "the gain")
        if cost >= 0 or gain <= 0:
            raise InvalidValue(
                f"exchange {detail!r}: the cost is a loss (-N) and the gain a gain (+N)"
            )
        effect = {"moves": moves, "before": {paid: cost}, "hit": {gained: gain}}
        summary = f"{names}: suffer {cost} {paid} to take +{gain} {gained} on a hit"
        detail = ""  # the exchange is the ability's whole condition
    else:
        stat = detail.lower()
        if stat not in STATS:
            raise InvalidValue(
                f"stat {detail!r}: the stat rolled instead (accepted: {', '.join(STATS)})"
            )
        effect = {"moves": moves, "roll": [stat]}
        summary = f"{names}: roll +{stat} instead"
        detail = ""
    if detail:
        effect["when"] = detail
        summary += f" ({detail})"
    return {"summary": summary, "effects": [effect], "pattern": key}


def asset_types(engine: MoveEngine) -> tuple[str, ...]:
    """The decks a homebrew card may join: the classic ones, or in a Starforged campaign the
    decks of the imported Starforged cards (paths, companions, deeds, modules, support
    vehicles; not a second command vehicle: the crew has one)."""
    if engine.state.ruleset != "starforged":
        return ASSET_TYPES
    from ironsworn.moves.starforged.crew import COMMAND_VEHICLE, category

    prefix = "asset:starforged/"
    found = {category(i) for i in engine.ruleset.assets if i.startswith(prefix)}
    return tuple(sorted(found - {"", COMMAND_VEHICLE}))


def homebrew_card(
    engine: MoveEngine, name: str, kind: str, condition: str, specs: Sequence[str]
) -> JsonDict:
    """A homebrew asset card (our schema), its first ability marked."""
    clean = " ".join(name.split())
    if not clean or len(clean) > 60:
        raise InvalidValue(f"asset name {name!r} is not valid (1-60 characters)")
    kind_key = "_".join(kind.strip().lower().replace("-", " ").split())
    kinds = asset_types(engine)
    if kind_key not in kinds:
        raise InvalidValue(f"asset type {kind!r} is unknown (accepted: {', '.join(kinds)})")
    if not 1 <= len(specs) <= MAX_ABILITIES:
        raise InvalidValue(f"{len(specs)} abilities: an asset has 1 to {MAX_ABILITIES}")
    slug = "_".join("".join(c if c.isalnum() else " " for c in clean.lower()).split())
    asset_id = HOMEBREW_PREFIX + slug
    if asset_id in engine.ruleset.assets:
        raise InvalidValue(f"asset id {asset_id!r} is taken")
    abilities = []
    for index, spec in enumerate(specs):
        made = ability(engine, spec)
        abilities.append(
            {
                "key": str(index + 1),
                "id": f"asset.ability:homebrew/{slug}.{index}",
                "name": "",
                "enabled": index == 0,
                "summary": made["summary"],
                "text": made["summary"],
                "effects": made["effects"],
                "pattern": made["pattern"],
            }
        )
    return {
        "id": asset_id,
        "name": clean,
        "type": kind_key,
        "requirement": " ".join(condition.split()),
        "fields": [],
        "abilities": abilities,
        "tracks": [],
        "condition_meter": None,
        "page": None,
    }


class HomebrewOperations(EngineOperations):
    """Reskinning a character's asset, and giving a character a homebrew asset."""

    def create(
        self,
        character: str | None,
        name: str,
        kind: str,
        condition: str,
        abilities: Sequence[str],
    ) -> OperationResult:
        """Give ``character`` a homebrew asset made from the rulebook's ability patterns."""

        def run() -> None:
            char = self.state.character(character)
            mode = self.state.option("assets")
            if mode != "cards":
                raise RuleViolation(
                    f"this campaign plays without asset cards (option assets {mode}): a "
                    "homebrew asset is an asset card too"
                )
            card = homebrew_card(self.engine, name, kind, condition, abilities)
            if any(a["id"] == card["id"] for a in char.assets):
                raise RuleViolation(f"{char.name} already has {card['name']}")
            record = {
                "id": card["id"],
                "name": card["name"],
                "type": card["type"],
                "input": None,
                "abilities": [bool(a["enabled"]) for a in card["abilities"]],
                "meter": None,
                "card": card,
            }
            if card["requirement"]:
                record["requirement"] = card["requirement"]
            from ironsworn.moves.starforged.crew import add_card

            # A homebrew module or support vehicle is the crew's, as a deck's card is.
            add_card(self.state, char.name, record, self.engine.emit)

        return self.engine.operation("asset", character, run)

    def reskin(
        self, character: str | None, asset: str, name: str | None, condition: str | None
    ) -> OperationResult:
        """Rename an asset and change its condition; its abilities stay as they are."""

        def run() -> None:
            char = self.state.character(character)
            record = char.asset(asset)
            if name is None and condition is None:
                raise InvalidValue(
                    "reskin changes nothing as given (accepted: {name}, {condition}, or both)",
                    names=("name", "condition"),
                )
            before = {"name": record["name"], "requirement": record.get("requirement")}
            after = dict(before)
            if name is not None:
                clean = " ".join(name.split())
                if not clean or len(clean) > 60:
                    raise InvalidValue(f"asset name {name!r} is not valid (1-60 characters)")
                other = [a for a in char.assets if a is not record]
                if any(a["name"].lower() == clean.lower() for a in other):
                    raise InvalidValue(f"{char.name} already has an asset named {clean!r}")
                after["name"] = clean
            if condition is not None:
                after["requirement"] = " ".join(condition.split())
            if after == before:
                raise RuleViolation(f"{record['name']} is already named and conditioned so")
            self.engine.emit(
                {
                    "type": "asset_reskin",
                    "character": char.name,
                    "asset": record["id"],
                    "from": before,
                    "to": after,
                }
            )

        return self.engine.operation("asset", character, run)
