"""What a character carries and rides: equipment noted, an asset's abilities and tracks set
by hand, the party's shared supply, and the Starforged command vehicle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.operation_group import EngineOperations
from ironsworn.moves.world_notes import clean_name

if TYPE_CHECKING:
    from ironsworn.moves.engine import OperationResult

VEHICLE_INTEGRITY = 5  # the starship's integrity meter (Starforged STARSHIP asset)


class GearOperations(EngineOperations):
    """Equipment, assets by hand, shared supply, the command vehicle."""

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
            vehicle = self.state.vehicle
            if owned.get("meter") is current and vehicle and vehicle.get("asset") == owned["id"]:
                # The STARSHIP card's meter is the command vehicle's integrity: set it there
                # (the card follows), not on the card alone.
                from ironsworn.moves.starforged._common import card_follows

                if value == vehicle["integrity"]:
                    raise RuleViolation(f"{vehicle['name']} {name} is already {value}")
                self.engine.emit(
                    {"type": "vehicle_meter", "from": vehicle["integrity"], "to": value}
                )
                card_follows(self.engine, vehicle, value)
                return
            if value == current["value"]:
                raise RuleViolation(f"{owned['name']} {name} is already {value}")
            if owned.get("meter") is current:
                event = {"type": "asset_meter", "character": char.name, "asset": owned["id"]}
                if name != "health":
                    event["meter"] = name  # the log names it: a support vehicle's integrity
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

    def new_vehicle(self, name: str, integrity: int = VEHICLE_INTEGRITY) -> OperationResult:
        """The party's command vehicle (Starforged): a starship with its integrity."""

        def run() -> None:
            if self.state.ruleset != "starforged":
                raise RuleViolation(
                    "a command vehicle is for Starforged campaigns; this one plays classic"
                )
            clean = clean_name(name, "vehicle")
            if self.state.vehicle is not None:
                ship = self.state.vehicle["name"]
                raise RuleViolation(
                    f"{{name}} {clean!r}: the party already has a command vehicle, {ship} "
                    f"(accepted: {clean} as an incidental vehicle, given {{incidental}} and its "
                    f"{{integrity}}; a new command vehicle only once {ship} is lost)",
                    names=("name", "incidental", "integrity"),
                )
            if not 1 <= integrity <= 10:
                raise InvalidValue(
                    input="integrity", value=integrity, accepted="1 to 10", why="is out of range"
                )
            vehicle = {"name": clean, "integrity": integrity, "max": integrity, "impacts": []}
            self.engine.emit({"type": "vehicle", "from": None, "to": vehicle})

        return self.engine.operation("vehicle", None, run)
