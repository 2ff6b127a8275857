"""Changes to the sheet that are not moves: creating characters and tracks, manual edits.

The fiction sometimes says "lose 1 supply" or "mark wounded" without a move; these operations
record that as events like any other change, under the same rules (a wounded character's
health does not rise, banes are permanent, meters stay in range).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.campaign.state import CREATION_STATS, STATS, CampaignState
from ironsworn.debilities import DEBILITIES, DebilityKind, check_debility
from ironsworn.errors import InvalidValue, NotFound, RuleViolation
from ironsworn.moves.assets.cards import check_distinct, new_asset_record, parse_asset_choice
from ironsworn.progress import MAX_TICKS, pack_rank
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.content.model import Asset
    from ironsworn.moves.engine import MoveEngine, OperationResult

__all__ = ["SheetOperations", "new_asset_record", "parse_stats", "track_event"]

TRACK_KINDS = (
    "vow",
    "journey",
    "fight",
    "scene",
    "connection",
    "expedition",
    "site",
    "threat",
)
# The kinds of track each ruleset plays (Starforged: vows, expeditions, combat objectives,
# connections, scene challenges).
RULESET_TRACKS = {
    "classic": ("vow", "journey", "fight", "scene", "site", "threat"),
    "starforged": ("vow", "expedition", "fight", "connection", "scene"),
}
ADJUSTABLE = ("health", "spirit", "supply", "momentum", "experience")
VEHICLE_INTEGRITY = 5  # the starship's integrity meter (Starforged STARSHIP asset)
# The words that set the initiative (classic) or the position (Starforged: "in control" is
# the initiative's place, "in a bad spot" its loss), by hand.
INITIATIVE_WORDS = {
    "have": True,
    "on": True,
    "control": True,
    "in control": True,
    "lose": False,
    "off": False,
    "bad spot": False,
    "in a bad spot": False,
}


def parse_initiative(text: str) -> bool:
    """True for having the initiative / being in control, False for losing it / a bad spot."""
    key = " ".join(str(text).lower().split())
    if key not in INITIATIVE_WORDS:
        raise InvalidValue(
            f"initiative {text!r} is unknown (accepted: have, lose; Starforged: in control, "
            "bad spot)"
        )
    return INITIATIVE_WORDS[key]


def parse_stats(text: str | Mapping[str, int]) -> dict[str, int]:
    """Parse ``edge=3,heart=2,iron=2,shadow=1,wits=1`` and check the 3-2-2-1-1 spread.

    Five bare values (``3,2,2,1,1``) go to edge, heart, iron, shadow and wits, in that order.
    """
    stats: dict[str, int] = {}
    if isinstance(text, str) and "=" not in text:
        values = [v for v in text.replace(" ", ",").split(",") if v]
        if len(values) != len(STATS):
            raise InvalidValue(
                f"stats {text!r}: give five values for {', '.join(STATS)} in that order "
                "(3,2,2,1,1 in any order), or NAME=VALUE pairs"
            )
        text = ",".join(f"{name}={value}" for name, value in zip(STATS, values, strict=True))
    if isinstance(text, str):
        for part in text.replace(" ", "").split(","):
            name, sep, value = part.partition("=")
            if not sep:
                raise InvalidValue(f"stats {text!r}: {part!r} is not NAME=VALUE")
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
    if any(k.lower() == clean.lower() for k in state.characters):
        raise InvalidValue(f"a character named {clean!r} already exists")
    return clean


def track_event(
    state: CampaignState,
    kind: str,
    name: str,
    rank: Rank,
    characters: Sequence[str],
    foe: str | None = None,
    count: int = 1,
) -> dict[str, Any]:
    """The event that creates a new track with the next free id (``vow-3``)."""
    if kind not in TRACK_KINDS:
        raise InvalidValue(f"track kind {kind!r} is unknown (accepted: {', '.join(TRACK_KINDS)})")
    text = " ".join(name.split())  # one line: a name is shown in lists and log lines
    if not text:
        raise InvalidValue(f"track name {name!r} is empty (accepted: some text)")
    number = state.track_counter + 1
    while f"{kind}-{number}" in state.tracks:
        number += 1
    track = {
        "id": f"{kind}-{number}",
        "kind": kind,
        "name": text,
        "rank": rank.label,
        "ticks": 0,
        "characters": list(characters),
        "status": "active",
        "foe": foe,
        "count": count,
        "countdown": 0 if kind == "scene" else None,
    }
    return {"type": "track_created", "track": track}


class SheetOperations:
    """Non-move operations, run through the engine so they are verified and recorded alike."""

    def __init__(self, engine: MoveEngine) -> None:
        self.engine = engine

    @property
    def state(self) -> CampaignState:
        return self.engine.state

    def new_character(
        self,
        name: str,
        stats: str | Mapping[str, int],
        bonds: Sequence[str] = (),
        assets: Sequence[str] = (),
        reserved_bonds: int = 0,
    ) -> OperationResult:
        """A new character; ``reserved_bonds`` background bonds are held in reserve."""

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
                raise RuleViolation(
                    f"{{asset}} {assets[0]!r}: this campaign plays without asset cards (option "
                    f"assets {mode}; seed 000 L5336-5360)",
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
            elif records:
                from ironsworn.moves.assets.sheet_changes import after_new_records

                after_new_records(self.engine, clean, records)  # Battle-Scarred 1...
                self.engine.run_queued()

        return self.engine.operation("character", name.strip(), run)

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
            raise InvalidValue(
                f"asset {query!r}: no Starforged assets yet (import a Datasworn Starforged "
                "pack: 'ironsworn content import starforged.json')"
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
                f"{ruleset} (accepted: "
                f"the assets of 'ironsworn asset list')",
                missing.candidates,
            ) from None
        return found

    def set_ruleset(self, ruleset: str) -> OperationResult:
        """Choose the campaign's ruleset, before anything is in it."""
        from ironsworn.campaign.state import RULESETS

        def run() -> None:
            key = ruleset.strip().lower()
            if key not in RULESETS:
                raise InvalidValue(
                    f"ruleset {ruleset!r} is unknown (accepted: {', '.join(RULESETS)})"
                )
            if self.state.characters or self.state.tracks:
                raise RuleViolation(
                    f"the campaign already plays {self.state.ruleset}: the ruleset is chosen "
                    "before the first character"
                )
            if key == self.state.ruleset:
                return
            self.engine.emit({"type": "ruleset", "from": self.state.ruleset, "to": key})

        return self.engine.operation("ruleset", None, run)

    def new_vehicle(self, name: str, integrity: int = VEHICLE_INTEGRITY) -> OperationResult:
        """The party's command vehicle (Starforged): a starship with its integrity."""

        def run() -> None:
            if self.state.ruleset != "starforged":
                raise RuleViolation(
                    "a command vehicle is for Starforged campaigns; this one plays classic"
                )
            clean = _clean_name(name, "vehicle")
            if self.state.vehicle is not None:
                raise RuleViolation(
                    f"the party already has a command vehicle, {self.state.vehicle['name']}"
                )
            if not 1 <= integrity <= 10:
                raise InvalidValue(
                    input="integrity", value=integrity, accepted="1 to 10", why="is out of range"
                )
            vehicle = {"name": clean, "integrity": integrity, "max": integrity, "impacts": []}
            self.engine.emit({"type": "vehicle", "from": None, "to": vehicle})

        return self.engine.operation("vehicle", None, run)

    def mark_legacy(self, character: str | None, track: str, ticks: int) -> OperationResult:
        """Mark ticks on a Starforged legacy track by hand (experience as Earn Experience)."""
        from ironsworn.campaign.state import LEGACY_TRACKS
        from ironsworn.moves.starforged._common import mark_legacy

        def run() -> None:
            char = self.state.character(character)
            if not char.starforged:
                raise RuleViolation(f"{char.name} is a classic character: no legacy tracks")
            key = track.strip().lower()
            if key not in LEGACY_TRACKS:
                raise InvalidValue(
                    f"legacy track {track!r} is unknown (accepted: {', '.join(LEGACY_TRACKS)})"
                )
            if not 1 <= ticks <= 40:
                raise InvalidValue(
                    input="ticks", value=ticks, accepted="1 to 40", why="is out of range"
                )
            mark_legacy(self.engine, char.name, key, ticks)
            self.engine.run_queued()

        return self.engine.operation("legacy", character, run)

    def new_track(
        self,
        kind: str,
        name: str,
        rank: str | int,
        characters: Sequence[str] = (),
        foe: str | None = None,
        count: int = 1,
        role: str | None = None,
        background: bool = False,
    ) -> OperationResult:
        """A new track; a vow is checked against the campaign's setup options, and a
        ``background`` vow (extreme or epic, no roll) is remembered on the characters."""

        def run() -> None:
            allowed = RULESET_TRACKS[self.state.ruleset]
            if kind not in allowed:
                raise InvalidValue(
                    f"a {kind} track is not part of {self.state.ruleset} (accepted: "
                    f"{', '.join(allowed)})"
                )
            who = [self.state.character(c).name for c in characters] or [
                self.state.character(None).name
            ]
            twice = next((n for i, n in enumerate(who) if n in who[:i]), None)
            if twice is not None:
                raise InvalidValue(f"character {twice!r} is named twice for one track")
            parsed = Rank.parse(rank) if rank not in (None, "") else None
            foe_id = None
            text = name
            if kind == "fight" and foe:
                try:
                    npc = self.engine.ruleset.npc(foe)
                except LookupError:
                    npc = None
                if npc is not None:
                    foe_id = npc.id
                    text = name or npc.name
                    if parsed is None:
                        parsed = Rank.parse(npc.rank)
                else:
                    text = name or foe
            if kind == "vow":
                from ironsworn.moves.setup import vow_rank

                parsed, note = vow_rank(self.state, parsed, who, background)
                if note:
                    self.engine.note(note)
            elif background:
                raise InvalidValue(
                    f"{{background}} is for vows, not a {kind}",
                    input="background",
                    value=True,
                    accepted=("vow",),
                )
            if parsed is None:
                raise InvalidValue(
                    f"{text or kind!r} needs its rank ({{rank}}: troublesome, dangerous, "
                    "formidable, extreme or epic)",
                    input="rank",
                    accepted=("troublesome", "dangerous", "formidable", "extreme", "epic"),
                )
            if count != 1:
                parsed = pack_rank(parsed, count)
                text = f"{text} (pack of {count})"
            event = track_event(self.state, kind, text, parsed, who, foe_id, count)
            if kind == "connection":
                event["track"].update(role=role, bonded=False, influence=None, no_benefit=False)
            elif role is not None:
                raise InvalidValue(
                    f"{{role}} {role!r} is for connections, not a {kind}",
                    input="role",
                    value=role,
                    accepted=("connection",),
                )
            self.engine.emit(event)
            if background:
                for character in who:
                    self.engine.set_flag(character, "background_vow", event["track"]["id"])

        return self.engine.operation(kind, characters[0] if characters else None, run)

    def adjust(
        self, character: str | None, meter: str, delta: int, vehicle: str | None = None
    ) -> OperationResult:
        """Change a meter or a stat by hand; integrity is a vehicle's (``vehicle``: a support
        or incidental vehicle by name, else the command vehicle)."""

        def run() -> None:
            key = meter.strip().lower()
            if key == "integrity":
                from ironsworn.moves.starforged import vehicles

                vehicles.adjust_integrity(self.engine, vehicle, delta)
                return
            if vehicle is not None:
                raise InvalidValue(
                    f"{{vehicle}} is for integrity, not {meter!r}",
                    input="vehicle",
                    value=vehicle,
                    accepted=("integrity",),
                )
            if key in STATS:
                self._adjust_stat(character, key, delta)
                return
            if key not in ADJUSTABLE:
                raise InvalidValue(
                    f"meter {meter!r} is unknown (accepted: {', '.join(ADJUSTABLE + STATS)})"
                )
            char = self.state.character(character)
            if key == "experience":
                after = char.experience_earned + delta
                if after < char.experience_spent:
                    raise InvalidValue(
                        f"experience {delta:+d} would leave less earned than spent "
                        f"({char.experience_spent})"
                    )
                self.engine.set_meter(char.name, "experience_earned", after)
            elif key in ("momentum", "supply"):
                # The same chains as in a move: supply to 0 is Out of Supply, momentum past -6
                # is Face a Setback.
                if key == "momentum":
                    self.engine.momentum(char.name, delta)
                else:
                    self.engine.supply(char.name, delta)
                self.engine.run_queued()
            else:
                overflow = self.engine.meter(char.name, key, delta)
                if overflow:
                    self.engine.note(f"{overflow} {key} past 0 was not applied")

        return self.engine.operation("adjust", character, run)

    def _adjust_stat(self, character: str | None, stat: str, delta: int) -> None:
        """A stat corrected by hand (a typo at creation): it stays within what play allows,
        +1 to +3 (L956), or up to +4 in a campaign played without asset cards (L5349-5350)."""
        from ironsworn.campaign.invariants import STAT_RANGE

        char = self.state.character(character)
        top = 4 if self.state.option("assets") != "cards" else STAT_RANGE[1]
        before = int(char.stats[stat])
        after = before + delta
        if not STAT_RANGE[0] <= after <= top:
            raise InvalidValue(
                f"{stat} {before:+d} {delta:+d} would be {after:+d} (accepted: a stat from "
                f"+{STAT_RANGE[0]} to +{top})"
            )
        if delta:
            self.engine.emit(
                {"type": "stat", "character": char.name, "stat": stat, "from": before, "to": after}
            )

    def debility(self, character: str | None, name: str, mark: bool) -> OperationResult:
        if self.state.ruleset == "starforged":
            return self.impact(character, name, mark)

        def run() -> None:
            key = check_debility(name)
            char = self.state.character(character)
            if not mark and DEBILITIES[key].kind is DebilityKind.BANE:
                raise RuleViolation(f"{key} is a bane: banes are permanent and cannot be cleared")
            if char.has(key) == mark:
                raise RuleViolation(f"{char.name} is {'already' if mark else 'not'} {key}")
            self.engine.set_debility(char.name, key, mark)

        return self.engine.operation("debility", character, run)

    def initiative(self, character: str | None, value: bool) -> OperationResult:
        """Have or lose the initiative by hand (Starforged: in control or in a bad spot), when
        the fiction says so without a move."""

        def run() -> None:
            char = self.state.character(character)
            if char.initiative == value:
                if char.starforged:
                    where = "in control" if value else "in a bad spot"
                    raise RuleViolation(f"{char.name} is already {where}")
                raise RuleViolation(
                    f"{char.name} {'already has' if value else 'does not have'} the initiative"
                )
            self.engine.set_initiative(char.name, value)

        return self.engine.operation("initiative", character, run)

    def impact(self, character: str | None, name: str, mark: bool) -> OperationResult:
        """Mark or clear a Starforged impact (vehicle troubles go on the command vehicle)."""
        from ironsworn.impacts import IMPACTS, check_impact
        from ironsworn.moves.starforged._common import need_vehicle, set_impact

        def run() -> None:
            if self.state.ruleset != "starforged":
                raise InvalidValue(
                    f"{name!r}: impacts are Starforged; this campaign plays classic (accepted: "
                    "the debilities wounded, shaken, unprepared, encumbered, maimed, corrupted, "
                    "cursed, tormented)"
                )
            key = check_impact(name)
            impact = IMPACTS[key]
            if not mark and impact.permanent:
                raise RuleViolation(f"{impact.label} is permanent and cannot be cleared")
            if impact.on_vehicle:
                vehicle = need_vehicle(self.engine)
                if (key in vehicle["impacts"]) == mark:
                    state = "already" if mark else "not"
                    raise RuleViolation(f"{vehicle['name']} is {state} {impact.label}")
                set_impact(self.engine, "", key, mark)
                return
            char = self.state.character(character)
            if (key in char.impacts) == mark:
                raise RuleViolation(f"{char.name} is {'already' if mark else 'not'} {impact.label}")
            who = [char]
            if impact.shared:
                # "Because you and your allies share the same supply value, you mark
                # unprepared together."
                who = self.state.party(char.name)
            for member in who:
                set_impact(self.engine, member.name, key, mark)

        return self.engine.operation("impact", character, run)

    def progress(
        self, track: str, mark: bool, ticks: int | None = None, times: int = 1
    ) -> OperationResult:
        def run() -> None:
            found = self.state.track(track)
            if ticks is not None and not 0 <= ticks <= MAX_TICKS:
                raise InvalidValue(
                    input="ticks", value=ticks, accepted=f"0 to {MAX_TICKS}", why="is out of range"
                )
            per = Rank.parse(found.rank).ticks_per_mark
            amount = ticks if ticks is not None else per * times
            self.engine.set_ticks(found, found.ticks + (amount if mark else -amount))

        return self.engine.operation("progress", None, run)

    def add_person(
        self, name: str, description: str = "", place: str | None = None
    ) -> OperationResult:
        """Note a person met in the story (an NPC); bonds with them live on the characters."""

        def run() -> None:
            clean = _clean_name(name, "person")
            if clean.lower() in (p.lower() for p in self.state.people):
                raise InvalidValue(f"a person named {clean!r} is already in the campaign")
            self.engine.emit(
                {
                    "type": "person_added",
                    "person": {"name": clean, "description": description.strip(), "place": place},
                }
            )

        return self.engine.operation("person", None, run)

    def add_place(
        self, name: str, description: str = "", region: str | None = None
    ) -> OperationResult:
        """Note a place of the story; ``region`` may name one of the rulebook's regions."""

        def run() -> None:
            clean = _clean_name(name, "place")
            if clean.lower() in (p.lower() for p in self.state.places):
                raise InvalidValue(f"a place named {clean!r} is already in the campaign")
            region_id = self.engine.ruleset.region(region).id if region else None
            self.engine.emit(
                {
                    "type": "place_added",
                    "place": {
                        "name": clean,
                        "description": description.strip(),
                        "region": region_id,
                    },
                }
            )

        return self.engine.operation("place", None, run)

    def add_note(self, text: str, character: str | None = None) -> OperationResult:
        """A free note (kept apart from the journal's story text)."""

        def run() -> None:
            if not text.strip():
                raise InvalidValue("a note needs some text")
            who = self.state.character(character).name if character else None
            self.engine.emit(
                {"type": "note_added", "note": {"text": text.strip(), "character": who}}
            )

        return self.engine.operation("note", character, run)

    def set_truth(self, truth: str, option: str | None, roll: int | None = None) -> OperationResult:
        """Record the world's truth for one category: an option's key, or None to open it."""
        return self.set_truths([(truth, option, roll)])

    def set_truths(self, choices: Sequence[tuple[str, str | None, int | None]]) -> OperationResult:
        """Record several truths as one operation (the first-run walkthrough sets eleven)."""

        def run() -> None:
            changed = 0
            for truth, option, roll in choices:
                found = self.engine.ruleset.truth(truth)
                before = self.state.truths.get(found.id)
                after: dict[str, Any] | None = None
                if option is not None:
                    chosen = next((o for o in found.options if o.key == option), None)
                    if chosen is None:
                        keys = ", ".join(o.key for o in found.options)
                        raise InvalidValue(f"{found.name} option {option!r} is unknown ({keys})")
                    after = {
                        "name": found.name,
                        "key": chosen.key,
                        "summary": chosen.summary,
                        "roll": roll,
                    }
                if after != before:
                    self.engine.emit(
                        {"type": "truth", "truth": found.id, "from": before, "to": after}
                    )
                    changed += 1
            if not changed:
                raise RuleViolation("the truths are already set that way")

        return self.engine.operation("truth", None, run)

    def equipment(self, character: str | None, item: str, add: bool) -> OperationResult:
        """Note (or strike out) a piece of equipment on the sheet."""

        def run() -> None:
            char = self.state.character(character)
            text = " ".join(item.split())
            if not text:
                raise InvalidValue(f"equipment {item!r} is empty (accepted: a description)")
            if add:
                after = [*char.equipment, text]
            else:
                if text not in char.equipment:
                    raise InvalidValue(
                        f"{char.name} has no equipment {text!r} (has: "
                        + (", ".join(char.equipment) or "nothing")
                        + ")"
                    )
                after = [e for e in char.equipment if e != text]
            self.engine.emit(
                {
                    "type": "equipment",
                    "character": char.name,
                    "from": list(char.equipment),
                    "to": after,
                }
            )

        return self.engine.operation("equipment", character, run)

    def asset_mark(
        self, character: str | None, asset: str, ability: int, mark: bool
    ) -> OperationResult:
        """Mark (or clear) an ability of a character's asset by hand, outside Advance."""

        def run() -> None:
            char = self.state.character(character)
            owned = char.asset(asset)
            count = len(owned["abilities"])
            if not 1 <= ability <= count:
                raise InvalidValue(
                    f"{owned['name']} ability {ability} is out of range (1 to {count})"
                )
            if bool(owned["abilities"][ability - 1]) == mark:
                state = "already marked" if mark else "not marked"
                raise RuleViolation(f"ability {ability} of {owned['name']} is {state}")
            if not mark and sum(1 for a in owned["abilities"] if a) == 1:
                raise RuleViolation(
                    f"{owned['name']} keeps at least one marked ability (remove the asset instead)"
                )
            self.engine.emit(
                {
                    "type": "asset_ability",
                    "character": char.name,
                    "asset": owned["id"],
                    "ability": ability - 1,
                    "from": not mark,
                    "to": mark,
                }
            )
            from ironsworn.moves.assets.sheet_changes import after_marking

            # A one-time change asked now (or taken back), limits kept (Battle-Scarred...).
            after_marking(self.engine, char.name, owned["id"], ability - 1, mark)
            self.engine.run_queued()

        return self.engine.operation("asset", character, run)

    def asset_track(
        self, character: str | None, asset: str, track: str | None, value: int
    ) -> OperationResult:
        """Set one of an asset's tracks (a companion's health, a warband's strength) by hand."""

        def run() -> None:
            char = self.state.character(character)
            owned = char.asset(asset)
            tracks: dict[str, Any] = {}
            if owned.get("meter"):
                tracks[str(owned["meter"]["name"])] = owned["meter"]
            tracks.update(owned.get("tracks") or {})
            if not tracks:
                raise InvalidValue(f"{owned['name']} has no track")
            name = (track or "").strip().lower() or (next(iter(tracks)) if len(tracks) == 1 else "")
            if name not in tracks:
                raise InvalidValue(
                    f"{owned['name']} track {track!r} is unknown (accepted: {', '.join(tracks)})"
                )
            current = tracks[name]
            if not 0 <= value <= int(current["max"]):
                raise InvalidValue(
                    f"{owned['name']} {name} {value} is out of range (0 to {current['max']})"
                )
            if value == current["value"]:
                raise RuleViolation(f"{owned['name']} {name} is already {value}")
            if owned.get("meter") is current:
                event = {"type": "asset_meter", "character": char.name, "asset": owned["id"]}
            else:
                event = {
                    "type": "asset_track",
                    "character": char.name,
                    "asset": owned["id"],
                    "track": name,
                }
            self.engine.emit({**event, "from": current["value"], "to": value})

        return self.engine.operation("asset", character, run)

    def share_supply(self, shared: bool) -> OperationResult:
        """Whether the characters travel together and so share one supply track."""

        def run() -> None:
            if self.state.shared_supply == shared:
                raise RuleViolation(
                    "supply is already " + ("shared" if shared else "kept separately")
                )
            self.engine.emit(
                {
                    "type": "setting",
                    "setting": "shared_supply",
                    "from": self.state.shared_supply,
                    "to": shared,
                }
            )

        return self.engine.operation("setting", None, run)


def _clean_name(name: str, what: str) -> str:
    clean = " ".join(name.split())
    if not clean or len(clean) > 80:
        raise InvalidValue(f"{what} name {name!r} is not valid (1-80 characters)")
    return clean
