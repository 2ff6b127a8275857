"""Changes to the sheet that are not moves: creating characters, and :class:`SheetOperations`,
every non-move operation in one object.

The fiction sometimes says "lose 1 supply" or "mark wounded" without a move; these operations
record that as events like any other change, under the same rules (a wounded character's
health does not rise, banes are permanent, meters stay in range). They are grouped by what
they touch: :mod:`ironsworn.moves.tracks` (tracks and progress), :mod:`ironsworn.moves.condition`
(meters, debilities, the initiative), :mod:`ironsworn.moves.world_notes` (people, places,
notes, truths), :mod:`ironsworn.moves.gear` (equipment, assets by hand, the vehicle); this
module makes characters and joins the groups.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import CREATION_STATS, STATS, CampaignState
from ironsworn.errors import InvalidValue, NotFound, PackMissing, RuleViolation
from ironsworn.moves.assets.cards import check_distinct, new_asset_record, parse_asset_choice
from ironsworn.moves.condition import (
    ADJUSTABLE,
    INITIATIVE_WORDS,
    ConditionOperations,
    parse_initiative,
)
from ironsworn.moves.gear import VEHICLE_INTEGRITY, GearOperations
from ironsworn.moves.tracks import RULESET_TRACKS, TRACK_KINDS, TrackOperations, track_event
from ironsworn.moves.world_notes import WorldOperations
from ironsworn.names import unshowable, unshowable_words

if TYPE_CHECKING:
    from ironsworn.content.model import Asset
    from ironsworn.moves.engine import OperationResult

__all__ = [
    "ADJUSTABLE",
    "INITIATIVE_WORDS",
    "RULESET_TRACKS",
    "TRACK_KINDS",
    "VEHICLE_INTEGRITY",
    "SheetOperations",
    "check_new_name",
    "new_asset_record",
    "parse_initiative",
    "parse_stats",
    "track_event",
]


def parse_stats(text: str | Mapping[str, int]) -> dict[str, int]:
    """Parse ``edge=3,heart=2,iron=2,shadow=1,wits=1`` (or ``edge 3 heart 2 ...``) and check
    the 3-2-2-1-1 spread.

    Five bare values (``3,2,2,1,1``) go to edge, heart, iron, shadow and wits, in that order.
    """
    stats: dict[str, int] = {}
    given = text  # (as the player typed it, for a refusal)
    if isinstance(text, str) and "=" not in text:
        words = [w for w in re.split(r"[,\s:]+", text) if w]
        if len(words) > 1 and any(c.isalpha() for c in words[0]):
            # Names and values as a player writes them ("edge 3 heart 2 ...", "edge: 3, ...")
            # read as the NAME=VALUE pairs they are.
            text = " ".join(f"{n}={v}" for n, v in zip(words[::2], words[1::2], strict=False))
            if len(words) % 2:
                text += f" {words[-1]}"  # (a name without its value: refused below, named)
    if isinstance(text, str) and "=" not in text:
        values = [v for v in text.replace(" ", ",").split(",") if v]
        if len(values) != len(STATS):
            raise InvalidValue(
                f"stats {given!r}: give five values for {', '.join(STATS)} in that order "
                "(3,2,2,1,1 in any order), or NAME=VALUE pairs"
            )
        text = ",".join(f"{name}={value}" for name, value in zip(STATS, values, strict=True))
    if isinstance(text, str):
        # Pairs apart by commas or spaces ("wits=3 edge=2 ..."), spaces around "=" allowed.
        pairs = re.sub(r"\s*=\s*", "=", text.strip())
        for part in (p for p in re.split(r"[,\s]+", pairs) if p):
            name, sep, value = part.partition("=")
            if not sep:
                raise InvalidValue(f"stats {given!r}: {part!r} is not NAME=VALUE")
            try:
                stats[name.lower()] = int(value)
            except ValueError:
                raise InvalidValue(f"stat {name}={value!r} is not a whole number") from None
    else:
        stats = {k.lower(): int(v) for k, v in text.items()}
    unknown = sorted(set(stats) - set(STATS))
    if unknown:
        raise InvalidValue(f"stat {unknown[0]!r} is unknown (accepted: {', '.join(STATS)})")
    missing = [s for s in STATS if s not in stats]
    if missing:
        raise InvalidValue(f"stats are missing {', '.join(missing)} (give all five)")
    if sorted(stats.values(), reverse=True) != list(CREATION_STATS):
        raise InvalidValue(
            "stats "
            + ",".join(f"{k}={stats[k]}" for k in STATS)
            + " do not use the values 3, 2, 2, 1, 1 (one each, in any order)"
        )
    return {s: stats[s] for s in STATS}


def check_new_name(state: CampaignState, name: str) -> str:
    """A new character's name, stripped; refused when not valid or already taken."""
    clean = name.strip()
    if not clean or len(clean) > 60 or any(c in clean for c in "\n\t"):
        raise InvalidValue(f"character name {name!r} is not valid (1-60 characters)")
    bad = unshowable(clean)
    if bad is not None:
        raise InvalidValue(
            f"character name {name!r} holds {unshowable_words(bad)} (accepted: 1-60 "
            "characters of text)"
        )
    if any(k.lower() == clean.lower() for k in state.characters):
        raise InvalidValue(f"a character named {clean!r} already exists")
    return clean


class SheetOperations(TrackOperations, ConditionOperations, WorldOperations, GearOperations):
    """Non-move operations, run through the engine so they are verified and recorded alike."""

    def new_character(
        self,
        name: str,
        stats: str | Mapping[str, int],
        bonds: Sequence[str] = (),
        assets: Sequence[str] = (),
        reserved_bonds: int = 0,
        starship: str | None = None,
        *,
        starting: bool = False,
    ) -> OperationResult:
        """A new character; ``reserved_bonds`` background bonds are held in reserve.

        ``starting``: a player's new character, made as the rulebook's creation makes it (the
        surfaces' creation): a Starforged one also takes the party's STARSHIP (``starship``
        names a new one: :mod:`ironsworn.moves.starforged.starting`). Without it (a successor,
        a scripted setup) only the cards given are added; a ``starship`` name still boards
        the party's ship."""

        def run() -> None:
            from ironsworn.moves.setup import check_background_bonds

            clean = check_new_name(self.state, name)
            parsed = parse_stats(stats)
            if len(bonds) > 3:
                raise InvalidValue(f"{len(bonds)} bonds: a new character marks up to 3")
            keys = [" ".join(b.split()).lower() for b in bonds]
            twice = next((b for i, b in enumerate(bonds) if keys[i] in keys[:i]), None)
            if twice is not None:
                raise InvalidValue(f"bond {twice!r} is given twice (one bond per person)")
            starforged = self.state.ruleset == "starforged"
            if starforged and bonds:
                raise InvalidValue(
                    f"{{bond}} {bonds[0]!r}: a Starforged character has connections, not bonds "
                    "(accepted: a new connection, or Make a Connection)",
                    input="bond",
                    value=bonds[0],
                )
            check_background_bonds(self.state, len(bonds), reserved_bonds)
            mode = self.state.option("assets")
            if assets and mode != "cards":
                raise RuleViolation(  # seed 000 L5336-5360
                    f"{{asset}} {assets[0]!r}: this campaign plays without asset cards (option "
                    f"assets {mode})",
                    names=("asset",),
                )
            records = []
            for text in assets:
                choice = parse_asset_choice(text)
                asset = self.find_asset(choice.query)
                if starforged and asset.id.startswith("asset:starforged/deed/"):
                    # The deck's own rule for deeds: none is chosen at character creation.
                    raise RuleViolation(
                        f"asset {text!r}: {asset.name} is a deed, and a new character cannot "
                        "start with one (accepted: a path, companion, module, support vehicle "
                        "or the command vehicle; a deed is bought with Advance once its "
                        "requirement is met)"
                    )
                records.append(new_asset_record(asset, choice.first, choice.ability, choice.fields))
            if starforged and (starting or starship):
                records = self._with_starship(records, starship, mode == "cards")
            elif starship:
                raise RuleViolation(
                    f"{{starship}} {starship!r}: a starship is for Starforged campaigns; this "
                    "one plays classic",
                    names=("starship",),
                )
            if starforged:
                from ironsworn.moves.starforged.crew import crew_records

                records = crew_records(self.state, records, clean, board=starting)
            check_distinct(records)
            character = {
                "name": clean,
                "stats": parsed,
                "bonds": [b.strip() for b in bonds if b.strip()],
                "bond_ticks": len([b for b in bonds if b.strip()]),
                "assets": records,
            }
            if starforged:
                character.update(ruleset="starforged", impacts=[], legacy={})
            if reserved_bonds:
                character["flags"] = {"reserved_bonds": reserved_bonds}
            self.engine.emit({"type": "character_created", "character": character})
            if starforged:
                self._ship_from_asset(records)
                from ironsworn.moves.starforged.crew import crew_boards

                for record in records:
                    if record.get("crew") and record.get("owner") == clean:
                        crew_boards(self.state, record, self.engine.emit)
            elif records:
                from ironsworn.moves.assets.sheet_changes import after_new_records

                after_new_records(self.engine, clean, records)  # Battle-Scarred 1...
                self.engine.run_queued()

        return self.engine.operation("character", name.strip(), run)

    def _with_starship(
        self, records: list[dict[str, Any]], starship: str | None, cards: bool
    ) -> list[dict[str, Any]]:
        """The STARSHIP first, then the cards chosen (see moves/starforged/starting.py); with
        no card (no deck imported, or a campaign without asset cards) the ship alone."""
        from ironsworn.moves.starforged.starting import STARSHIP, new_ship, starship_record

        card = self.engine.ruleset.assets.get(STARSHIP) if cards else None
        ship = starship_record(self.state, card, records, starship)
        if card is None and starship and self.state.vehicle is None:
            # No deck imported yet: the ship is named all the same (its card comes with the
            # deck; Advance adds it).
            self.engine.emit({"type": "vehicle", "from": None, "to": new_ship(starship)})
        return records if ship is None else [ship, *records]

    def _ship_from_asset(self, records: list[dict[str, Any]]) -> None:
        """The STARSHIP asset is the party's command vehicle: its integrity meter."""
        for record in records:
            kind = str(record.get("type") or "").lower().replace("_", " ")
            meter = record.get("meter")
            if kind == "command vehicle" and meter and self.state.vehicle is None:
                vehicle = {
                    # The name written on the card (STARSHIP's name field), else the card's.
                    "name": record.get("input") or record["name"],
                    "integrity": meter["value"],
                    "max": meter["max"],
                    "impacts": [],
                    "asset": record["id"],
                }
                self.engine.emit({"type": "vehicle", "from": None, "to": vehicle})

    def find_asset(self, query: str) -> Asset:
        """An asset of the campaign's ruleset (an asset of the other ruleset is refused)."""
        from ironsworn.content.lookup import resolve

        ruleset = self.state.ruleset
        assets = self.engine.ruleset.in_ruleset("assets", ruleset)
        if not assets and ruleset == "starforged":
            # (each surface says how its player imports the pack)
            raise PackMissing(
                f"asset {query!r}: no Starforged assets yet: they come from your own "
                "Datasworn Starforged file",
                "starforged",
            )
        try:
            found: Asset = resolve(assets, query, f"{ruleset} asset", lambda a: str(a.name), ())
        except NotFound as missing:
            # A card of the other ruleset (Ace in a classic campaign): say whose card it is.
            others = {
                k: a
                for k, a in self.engine.ruleset.assets.items()
                if k not in assets and not k.startswith(f"asset:{ruleset}/")
            }
            try:
                theirs: Asset = resolve(others, query, "asset", lambda a: str(a.name), ())
            except NotFound:
                raise missing from None
            other = theirs.id.split(":", 1)[1].split("/", 1)[0]
            raise NotFound(
                f"asset {query!r}: {theirs.name} is a {other} asset; this campaign plays "
                f"{ruleset} (accepted: the {ruleset} assets)",
                missing.candidates,
            ) from None
        return found
