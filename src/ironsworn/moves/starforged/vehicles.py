"""Starforged vehicles: the command vehicle, its modules, support vehicles and incidental
vehicles, as the vehicle moves of seed 003 (Withstand Damage, Repair, Overcome Destruction) and
the Datasworn Starforged assets describe them.

- The **command vehicle** is the party's starship (``state.vehicle``): integrity, battered and
  cursed (vehicle troubles that count as impacts for everyone aboard).
- **Modules** are asset cards that upgrade it; a card with a "broken" flip can be broken
  (Withstand Damage) and fixed (Repair: "Fix one broken module: 2 points"). A broken module's
  abilities are out of use.
- **Support vehicles** are asset cards with their own integrity meter and a battered box.
- **Incidental vehicles** (a borrowed skiff) have an integrity and nothing else
  (``state.incidental``); Withstand Damage on one goes straight to its table.

A roll on Withstand Damage's table can leave a vehicle marked: ``destruction_imminent``
(26-40), ``needs_part`` (41-55) or ``crippled`` (56-70); Repair and Resupply clear them.

ENGINE CHOICE: the party is taken to be aboard the command vehicle (its troubles count toward
everyone's momentum, as the campaign state does); a support vehicle's battered does not count
toward momentum ("only a factor when you are piloting or aboard that vehicle", and who pilots
it is not tracked).

A vehicle is named by the ``vehicle`` input (its name, a support vehicle's card or given name, an
incidental vehicle's name); without it a move acts on the command vehicle, or on the only
vehicle there is. Keys in choices: ``integrity`` / ``battered`` for the command vehicle,
``integrity:SLUG`` / ``battered:SLUG`` for another (SLUG: the card's last id part, or the
incidental vehicle's name in lower case with ``_`` for spaces).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, NotFound, OptionNeeded, RuleViolation

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine, OperationResult

COMMAND = "command"
SUPPORT = "support"
INCIDENTAL = "incidental"
# Each kind's words, as a sheet names it (the three kinds of "Vehicles", seed 003): the party's
# command vehicle (the STARSHIP), a support vehicle (an asset card), an incidental one (a
# borrowed skiff: no card, named by hand and left behind by hand).
KIND_WORDS = {
    COMMAND: "command vehicle",
    SUPPORT: "support vehicle",
    INCIDENTAL: "incidental vehicle",
}
INTEGRITY = "integrity"  # every vehicle's meter
# What a roll on Withstand Damage's table leaves on a vehicle until it is dealt with.
MARKS = {
    "destruction_imminent": "destruction is imminent: Repair and raise its integrity above 0",
    "needs_part": "cannot be repaired until you Resupply and obtain a crucial replacement part",
    "crippled": "crippled or out of control: Repair and raise its integrity above 0",
}
# Incidental vehicles have no card: their integrity is given when they are named.
INCIDENTAL_INTEGRITY = (1, 10)


@dataclass(frozen=True)
class Vehicle:
    """One vehicle of the campaign: which kind, how it is found again, what it is called."""

    kind: str
    key: str  # "command", "<asset id>@<owner>" or "incidental:<name>"
    name: str
    slug: str  # "" for the command vehicle (its choice keys have no suffix)
    owner: str | None = None
    asset: str | None = None

    def option(self, base: str) -> str:
        """The key of a choice about this vehicle (``integrity``, ``integrity:shuttle``)."""
        return f"{base}:{self.slug}" if self.slug else base


def _kind(record: dict[str, Any]) -> str:
    return str(record.get("type") or "").lower().replace("_", " ")


def _slug(text: str) -> str:
    return "_".join(text.lower().split())


def cards_once(state: CampaignState) -> list[tuple[str, dict[str, Any]]]:
    """Every character's cards as (holder, record), a crew card once (the crew's one record,
    on every crew member's sheet): at its owner's, else at its first holder's."""
    out: list[tuple[str, dict[str, Any]]] = []
    seen: dict[str, int] = {}
    for char in state.characters.values():
        for record in char.assets:
            ident = str(record["id"])
            if not record.get("crew"):
                out.append((char.name, record))
            elif ident not in seen:
                seen[ident] = len(out)
                out.append((char.name, record))
            elif record.get("owner") == char.name:
                out[seen[ident]] = (char.name, record)
    return out


def all_vehicles(state: CampaignState) -> list[Vehicle]:
    """Every vehicle the party has: the command vehicle, support vehicles, incidental ones."""
    out = []
    if state.vehicle is not None:
        out.append(Vehicle(COMMAND, COMMAND, str(state.vehicle["name"]), ""))
    for holder, record in cards_once(state):
        if _kind(record) == "support vehicle" and record.get("meter"):
            given = str(record.get("input") or "")
            name = f"{given} ({record['name']})" if given else str(record["name"])
            slug = str(record["id"]).rsplit("/", 1)[-1]
            out.append(
                Vehicle(SUPPORT, f"{record['id']}@{holder}", name, slug, holder, record["id"])
            )
    slugs = [v.slug for v in out]
    out = [
        Vehicle(v.kind, v.key, v.name, f"{v.slug}@{v.owner}", v.owner, v.asset)
        if v.kind == SUPPORT and slugs.count(v.slug) > 1
        else v
        for v in out
    ]
    for name in state.incidental:
        out.append(Vehicle(INCIDENTAL, f"incidental:{name}", name, _slug(name)))
    return out


def find(state: CampaignState, query: str | None) -> Vehicle:
    """The vehicle ``query`` names (its key, name, card name, given name or slug), or without
    a query the command vehicle, else the only vehicle. Refused, naming what is accepted."""
    found = all_vehicles(state)
    if not found:
        named = f"vehicle {query!r} is unknown: " if query else ""
        if state.ruleset != "starforged":
            raise InvalidValue(
                f"{named}vehicles are Starforged's: a {state.ruleset} campaign has none"
            )
        raise InvalidValue(
            f"{named}there is no vehicle: create the command vehicle, or name an incidental one"
        )
    if query is None or not str(query).strip():
        command = [v for v in found if v.kind == COMMAND]
        if command or len(found) == 1:
            return (command or found)[0]
        raise OptionNeeded(
            "which vehicle? (accepted: " + ", ".join(v.name for v in found) + ")",
            "vehicle",
            tuple((v.name, f"{v.name} ({v.kind})") for v in found),
        )
    key = str(query).strip().lower()
    for vehicle in found:
        names = {vehicle.key.lower(), vehicle.name.lower(), vehicle.slug, _slug(vehicle.name)}
        if vehicle.kind == SUPPORT:
            record = _record(state, vehicle)
            names |= {str(record["name"]).lower(), str(record.get("input") or "").lower()}
        if vehicle.kind == COMMAND:
            names.add(COMMAND)
        if key in names or _slug(key) in names:
            return vehicle
    raise NotFound(f"vehicle {query!r} is unknown", tuple(v.name for v in found))


def by_option(state: CampaignState, key: str, base: str) -> Vehicle:
    """The vehicle a choice key names (``integrity`` or ``integrity:shuttle``)."""
    slug = key.removeprefix(base).removeprefix(":")
    for vehicle in all_vehicles(state):
        if vehicle.slug == slug:
            return vehicle
    raise NotFound(f"vehicle {slug!r} is unknown")


def by_key(state: CampaignState, key: str) -> Vehicle | None:
    """The vehicle stored under ``key`` in a step, or None when it is gone."""
    return next((v for v in all_vehicles(state) if v.key == key), None)


def _record(state: CampaignState, vehicle: Vehicle) -> dict[str, Any]:
    """Where a vehicle's values are kept: the command vehicle, a card, an incidental entry."""
    if vehicle.kind == COMMAND:
        assert state.vehicle is not None
        return state.vehicle
    if vehicle.kind == SUPPORT:
        char = state.characters[str(vehicle.owner)]
        return next(a for a in char.assets if a["id"] == vehicle.asset)
    return state.incidental[vehicle.name]


def integrity_of(state: CampaignState, vehicle: Vehicle) -> int:
    record = _record(state, vehicle)
    return int(record["meter"]["value"] if vehicle.kind == SUPPORT else record["integrity"])


def max_of(state: CampaignState, vehicle: Vehicle) -> int:
    record = _record(state, vehicle)
    return int(record["meter"]["max"] if vehicle.kind == SUPPORT else record["max"])


def troubles(state: CampaignState, vehicle: Vehicle) -> list[str]:
    """The vehicle troubles marked on it (battered, cursed)."""
    record = _record(state, vehicle)
    if vehicle.kind == COMMAND:
        return list(record["impacts"])
    if vehicle.kind == SUPPORT:
        return [m for m in record.get("marks") or () if m == "battered"]
    return []


# The troubles a miss at 0 integrity may mark, by kind of vehicle: "Command vehicle: Mark the
# vehicle as battered or cursed"; "Support vehicle: Mark the vehicle as battered"; an
# incidental vehicle none.
TROUBLES: dict[str, tuple[str, ...]] = {"command": ("battered", "cursed"), "support": ("battered",)}


def can_mark(state: CampaignState, vehicle: Vehicle) -> tuple[str, ...]:
    """The troubles a miss at 0 integrity may mark on ``vehicle`` (:data:`TROUBLES`)."""
    return TROUBLES.get(vehicle.kind, ())


def marks_of(state: CampaignState, vehicle: Vehicle) -> list[str]:
    """What the table left on the vehicle (destruction imminent, needs a part, crippled)."""
    return [m for m in _record(state, vehicle).get("marks") or () if m in MARKS]


def change_integrity(engine: MoveEngine, vehicle: Vehicle, delta: int) -> int:
    """Change a vehicle's integrity (0 to its max); return the loss past 0. A gain is blocked
    while it is battered ("If your vehicle is not battered, take +1 integrity")."""
    from ironsworn.moves.starforged._common import integrity

    if vehicle.kind == COMMAND:
        return integrity(engine, delta)
    state = engine.state
    now, top = integrity_of(state, vehicle), max_of(state, vehicle)
    if delta > 0 and "battered" in troubles(state, vehicle):
        engine.note(f"{vehicle.name}: +{delta} integrity blocked (battered)")
        return 0
    after = max(0, min(top, now + delta))
    if after != now:
        if vehicle.kind == SUPPORT:
            engine.emit(
                {
                    "type": "asset_meter",
                    "character": vehicle.owner,
                    "asset": vehicle.asset,
                    "meter": "integrity",
                    "from": now,
                    "to": after,
                }
            )
        else:
            before = state.incidental[vehicle.name]
            engine.emit(
                {
                    "type": "incidental_vehicle",
                    "vehicle": vehicle.name,
                    "from": before,
                    "to": {**before, "integrity": after},
                }
            )
    return max(0, -(now + delta)) if delta < 0 else 0


def adjust_integrity(engine: MoveEngine, query: str | None, delta: int) -> None:
    """A vehicle's integrity changed by hand by ``delta`` (the command line's ``adjust
    integrity``): the command vehicle without a name, as before; a support or incidental
    vehicle by name."""
    if query is None:
        from ironsworn.moves.starforged._common import integrity, need_vehicle

        command = need_vehicle(engine)  # refused when there is none
        if delta > 0 and "battered" in command["impacts"]:
            _refuse_battered(str(command["name"]), delta)
        integrity(engine, delta)
        return
    vehicle = find(engine.state, query)
    if delta > 0 and "battered" in troubles(engine.state, vehicle):
        _refuse_battered(vehicle.name, delta)
    change_integrity(engine, vehicle, delta)


def _refuse_battered(name: str, delta: int) -> None:
    """A gain of integrity by hand on a battered vehicle is refused, saying why (as a gain of
    health by hand while wounded): it was kept as a change of nothing."""
    raise RuleViolation(
        f"integrity {delta:+d}: {name} is battered, and its integrity cannot increase while "
        "battered; nothing was changed (accepted: a loss of integrity; to correct it by hand, "
        "clear battered first)"
    )


def set_trouble(engine: MoveEngine, vehicle: Vehicle, impact: str, value: bool) -> None:
    """Mark or clear battered / cursed on a vehicle."""
    from ironsworn.moves.starforged._common import set_vehicle_impact

    if vehicle.kind == COMMAND:
        set_vehicle_impact(engine, impact, value)
    elif vehicle.kind == SUPPORT:
        set_card_mark(engine, str(vehicle.owner), str(vehicle.asset), impact, value)
    else:
        raise InvalidValue(f"{vehicle.name} is an incidental vehicle: it cannot be {impact}")


def set_mark(engine: MoveEngine, vehicle: Vehicle, mark: str, value: bool) -> None:
    """Mark or clear what the table left on a vehicle."""
    state = engine.state
    if (mark in marks_of(state, vehicle)) == value:
        return
    if vehicle.kind == COMMAND:
        engine.emit({"type": "vehicle_mark", "mark": mark, "from": not value, "to": value})
    elif vehicle.kind == SUPPORT:
        set_card_mark(engine, str(vehicle.owner), str(vehicle.asset), mark, value)
    else:
        before = state.incidental[vehicle.name]
        marks = [m for m in before.get("marks") or () if m != mark] + ([mark] if value else [])
        engine.emit(
            {
                "type": "incidental_vehicle",
                "vehicle": vehicle.name,
                "from": before,
                "to": {**before, "marks": marks},
            }
        )
    engine.note(f"{vehicle.name}: {MARKS[mark] if value else mark.replace('_', ' ') + ' cleared'}")


def set_card_mark(engine: MoveEngine, owner: str, asset: str, mark: str, value: bool) -> None:
    char = engine.state.character(owner)
    record = next(a for a in char.assets if a["id"] == asset)
    if (mark in (record.get("marks") or ())) == value:
        return
    engine.emit(
        {
            "type": "asset_mark",
            "character": char.name,
            "asset": asset,
            "mark": mark,
            "from": not value,
            "to": value,
        }
    )


def new_incidental(engine: MoveEngine, name: str, integrity: int) -> None:
    """Name an incidental vehicle, with the integrity the player gives it."""
    low, high = INCIDENTAL_INTEGRITY
    if not low <= integrity <= high:
        raise InvalidValue(
            input="integrity", value=integrity, accepted=f"{low} to {high}", why="is out of range"
        )
    taken = {v.name.lower() for v in all_vehicles(engine.state)}
    if name.lower() in taken:
        raise InvalidValue(f"there is already a vehicle named {name!r}")
    vehicle = {"name": name, "integrity": integrity, "max": integrity, "marks": []}
    engine.emit({"type": "incidental_vehicle", "vehicle": name, "from": None, "to": vehicle})


def add_incidental(engine: MoveEngine, name: str, integrity: int) -> OperationResult:
    """An incidental vehicle (its name and integrity) joins the story."""

    def run() -> None:
        if engine.state.ruleset != "starforged":
            raise RuleViolation(
                "vehicles are for Starforged campaigns; this one plays " + engine.state.ruleset
            )
        clean = " ".join(name.split())
        if not clean or len(clean) > 80:
            raise InvalidValue(f"vehicle name {name!r} is not valid (1-80 characters)")
        new_incidental(engine, clean, integrity)

    return engine.operation("vehicle", None, run)


def drop_incidental(engine: MoveEngine, name: str) -> OperationResult:
    """You leave an incidental vehicle (by its name) behind."""

    def run() -> None:
        found = [v for v in all_vehicles(engine.state) if v.kind == INCIDENTAL]
        key = " ".join(name.split()).lower()
        vehicle = next((v for v in found if v.name.lower() == key), None)
        if vehicle is None:
            raise NotFound(f"incidental vehicle {name!r} is unknown", tuple(v.name for v in found))
        remove_incidental(engine, vehicle)

    return engine.operation("vehicle", None, run)


HAND_MARKS = ("battered", "cursed", "broken", *MARKS)


def mark_by_hand(
    engine: MoveEngine,
    mark: str,
    value: bool,
    vehicle: str | None = None,
    module: str | None = None,
) -> OperationResult:
    """A mark (a vehicle's trouble, a module's broken flip or a mark the table left) on a
    vehicle or a module (by name or key), marked or cleared by hand."""

    def run() -> None:
        key = "_".join(mark.lower().split())
        if key not in HAND_MARKS:
            raise InvalidValue(f"mark {mark!r} is unknown (accepted: {', '.join(HAND_MARKS)})")
        if key == "broken":
            if vehicle is not None:
                raise InvalidValue(
                    "broken is a module's: name the module, not a vehicle",
                    input="vehicle",
                    value=vehicle,
                    accepted=("a module, for broken",),
                )
            found = modules(engine.state)
            if module is None:
                if not found:
                    raise InvalidValue("no module can break: the party has none")
                raise OptionNeeded(
                    "which module breaks? (accepted: " + ", ".join(m.key for m in found) + ")",
                    "module",
                    tuple((m.key, m.name) for m in found),
                )
            target = _module_by_hand(found, module)
            if target.broken == value:
                raise RuleViolation(f"{target.name} is {'already' if value else 'not'} broken")
            break_module(engine, target, value)
            return
        if module is not None:
            raise InvalidValue(
                f"a module is named for broken, not {key}",
                input="module",
                value=module,
                accepted=("broken",),
            )
        chosen = find(engine.state, vehicle)
        if key in ("battered", "cursed"):
            if key not in can_mark(engine.state, chosen):
                raise RuleViolation(f"{chosen.name} cannot be {key}")
            if (key in troubles(engine.state, chosen)) == value:
                raise RuleViolation(f"{chosen.name} is {'already' if value else 'not'} {key}")
            set_trouble(engine, chosen, key, value)
            return
        if (key in marks_of(engine.state, chosen)) == value:
            state = "already" if value else "not"
            raise RuleViolation(f"{chosen.name} is {state} marked {key.replace('_', ' ')}")
        set_mark(engine, chosen, key, value)

    return engine.operation("vehicle", None, run)


def _module_by_hand(found: list[Module], query: str) -> Module:
    key = "_".join(query.lower().split())
    for one in found:
        if key in (one.key, one.key.split("@", 1)[0], "_".join(one.name.lower().split())):
            return one
    raise NotFound(f"module {query!r} is unknown", tuple(m.key for m in found))


def listing(state: CampaignState) -> dict[str, Any]:
    """Every vehicle with its integrity and marks, and the modules (``vehicle list``)."""
    return {
        "vehicles": [
            {
                "name": v.name,
                "kind": v.kind,
                "key": v.option("integrity").removeprefix("integrity").removeprefix(":") or COMMAND,
                "integrity": integrity_of(state, v),
                "max": max_of(state, v),
                "troubles": troubles(state, v),
                "marks": marks_of(state, v),
            }
            for v in all_vehicles(state)
        ],
        "modules": [
            {"name": m.name, "owner": m.owner, "key": m.key, "broken": m.broken}
            for m in modules(state)
        ],
    }


def remove_incidental(engine: MoveEngine, vehicle: Vehicle) -> None:
    before = engine.state.incidental[vehicle.name]
    engine.emit({"type": "incidental_vehicle", "vehicle": vehicle.name, "from": before, "to": None})


# --- modules ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Module:
    owner: str
    asset: str
    name: str
    key: str  # the choice key: the card's last id part (with @owner when two share it)
    broken: bool


def _breakable(record: dict[str, Any]) -> bool:
    """A module card with a "broken" flip (Datasworn's ``card_flip``; the modules with a meter
    of their own, such as shields, have none)."""
    return _kind(record) == "module" and "broken" in (record.get("toggles") or ())


def modules(state: CampaignState) -> list[Module]:
    """The command vehicle's modules that can be broken (every character's module cards)."""
    found = [(holder, record) for holder, record in cards_once(state) if _breakable(record)]
    slugs = [str(r["id"]).rsplit("/", 1)[-1] for _, r in found]
    out = []
    for (owner, record), slug in zip(found, slugs, strict=True):
        key = slug if slugs.count(slug) == 1 else f"{slug}@{owner}"
        broken = "broken" in (record.get("marks") or ())
        out.append(Module(owner, str(record["id"]), str(record["name"]), key, broken))
    return out


def module(state: CampaignState, key: str) -> Module:
    for found in modules(state):
        if found.key == key:
            return found
    raise NotFound(f"module {key!r} is unknown", tuple(m.key for m in modules(state)))


def is_module(record: dict[str, Any]) -> bool:
    return _kind(record) == "module"


def is_broken(record: dict[str, Any]) -> bool:
    """A broken module's abilities are out of use until it is fixed."""
    return _kind(record) == "module" and "broken" in (record.get("marks") or ())


def break_module(engine: MoveEngine, found: Module, value: bool) -> None:
    set_card_mark(engine, found.owner, found.asset, "broken", value)
    engine.note(f"{found.name}: " + ("broken" if value else "fixed"))
