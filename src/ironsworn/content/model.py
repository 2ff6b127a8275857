"""The content records: moves, oracle tables, NPCs, truths, regions and assets.

Every record is a frozen dataclass built from our own JSON schema (the files under
``content/data/`` and the converted packs under ``data_home()/packs``). Each class has a
``from_json`` that reads one item of that schema and a ``to_json`` that writes it back, so an
importer can build records and save them in the same shape the loader reads.

Construction is kept cheap on purpose (plain constructor calls, tuples, no validation beyond
what a missing key gives): the whole bundled library is built in a few milliseconds. Checks of
the data (ranges cover the dice, links resolve) live in the tests and in the importers.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ironsworn.record import record

JsonDict = dict[str, Any]

# The records are ironsworn.record frozen records, not dataclasses: building some thirty
# dataclasses (and importing dataclasses, with inspect) was most of the content's import, which
# every one-shot command that shows a card pays. An empty mapping they may share (read-only):
EMPTY_MAPPING: Mapping[str, Any] = MappingProxyType({})

OUTCOME_KEYS = ("strong_hit", "weak_hit", "miss")
ROLL_TYPES = ("action_roll", "progress_roll", "no_roll", "special_track")
METHODS = ("player_choice", "highest", "lowest", "all", "none")


def ruleset_of(item_id: str) -> str:
    """The ruleset part of an id (``classic`` for ``move:classic/adventure/face_danger``)."""
    bare = item_id.split(":", 1)[-1]
    return bare.split("/", 1)[0]


def _strs(values: Any) -> tuple[str, ...]:
    if not values:
        return ()
    if not isinstance(values, list | tuple):
        # Not tuple() of it: text would become its letters, an object its keys.
        raise TypeError(f"{str(values)[:40]!r} is not a list")
    return tuple(values)


# --- moves ---------------------------------------------------------------------------------


@record
class CustomStatOption:
    """One value a custom stat can take (Develop Your Relationship: Dangerous = 2)."""

    name: str
    value: int


@record
class CustomStat:
    """A stat that is not on the character sheet, chosen from a list (a connection's rank)."""

    name: str
    options: tuple[CustomStatOption, ...]

    @classmethod
    def from_json(cls, data: JsonDict) -> CustomStat:
        return cls(
            data["name"],
            tuple(CustomStatOption(o["name"], int(o["value"])) for o in data.get("options", ())),
        )

    def to_json(self) -> JsonDict:
        return {
            "name": self.name,
            "options": [{"name": o.name, "value": o.value} for o in self.options],
        }


@record
class RollOption:
    """One way to roll a move: the stats/meters/tracks used and how one of them is picked.

    ``method`` is ``player_choice`` (any one of ``using``), ``highest`` / ``lowest`` (the
    highest or lowest of them) or ``all`` (one roll per track, Continue a Legacy).
    ``roll_type`` is set when one move mixes roll types; ``custom_stat`` when ``using`` is
    ``["custom"]``.
    """

    using: tuple[str, ...]
    method: str
    text: str = ""
    roll_type: str | None = None
    custom_stat: CustomStat | None = None

    @classmethod
    def from_json(cls, data: JsonDict) -> RollOption:
        custom = data.get("custom_stat")
        return cls(
            _strs(data.get("using")),
            data.get("method", "player_choice"),
            data.get("text", "") or "",
            data.get("roll_type"),
            CustomStat.from_json(custom) if custom else None,
        )

    def to_json(self) -> JsonDict:
        out: JsonDict = {"using": list(self.using), "method": self.method, "text": self.text}
        if self.roll_type is not None:
            out["roll_type"] = self.roll_type
        if self.custom_stat is not None:
            out["custom_stat"] = self.custom_stat.to_json()
        return out


@record
class Add:
    """A conditional bonus written into a move ("add +1 if you have a bond")."""

    when: str
    value: int

    def to_json(self) -> JsonDict:
        return {"when": self.when, "value": self.value}


@record
class ChoiceOption:
    """One option of a "choose" list, with a stable key the move engine answers with."""

    key: str
    text: str


@record
class ChoiceList:
    """A "choose one/two" list of a move: on which outcomes it applies and how many to pick."""

    outcomes: tuple[str, ...]
    count: Mapping[str, int]
    options: tuple[ChoiceOption, ...]

    @classmethod
    def from_json(cls, data: JsonDict) -> ChoiceList:
        return cls(
            _strs(data.get("outcomes")),
            dict(data.get("count") or {}),
            tuple(ChoiceOption(o["key"], o.get("text", "")) for o in data.get("options", ())),
        )

    def option(self, key: str) -> ChoiceOption | None:
        """The option with ``key``, or None."""
        return next((o for o in self.options if o.key == key), None)

    def to_json(self) -> JsonDict:
        return {
            "outcomes": list(self.outcomes),
            "count": dict(self.count),
            "options": [{"key": o.key, "text": o.text} for o in self.options],
        }


def shown_category(category: str) -> str:
    """A move category as a list heads it: the rulebook's ``adventure`` as ``Adventure``, and
    Datasworn's ``Delve Moves`` or ``Combat Moves`` as ``Delve`` or ``Combat``, so that an
    expansion's moves (Sundered Isles' Combat Moves) come under the ruleset's own heading."""
    name = category.strip()
    if name.lower().endswith(" moves"):
        name = name[: -len(" moves")]
    return name[:1].upper() + name[1:]


@record
class Move:
    """A move: its trigger, how it is rolled, its outcomes and its choices.

    ``outcomes`` maps ``strong_hit`` / ``weak_hit`` / ``miss`` to text, or is None for a move
    without a roll. ``match_outcomes`` holds the Starforged "With a Match" variants of some of
    them (empty for classic). ``variant_of`` names the move this one is a variant of (the
    Starforged Scene Challenge versions of Face Danger and Secure an Advantage).
    """

    id: str
    name: str
    category: str
    page: int | None
    trigger: str
    roll_type: str
    roll_options: tuple[RollOption, ...]
    rolls: tuple[str, ...]
    method: str
    progress_move: bool
    allow_momentum_burn: bool
    adds: tuple[Add, ...]
    text: str
    outcomes: Mapping[str, str] | None
    choices: Mapping[str, ChoiceList]
    links: tuple[str, ...]
    tables: tuple[str, ...] = ()
    match_outcomes: Mapping[str, str] = EMPTY_MAPPING
    variant_of: str | None = None
    # The moves this one takes the place of when its pack is loaded (an expansion's version
    # of a ruleset's move: Lodestar's Face Danger, Sundered Isles' Set a Course).
    replaces: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> Move:
        outcomes = data.get("outcomes")
        return cls(
            data["id"],
            data["name"],
            data.get("category", ""),
            data.get("page"),
            data.get("trigger", ""),
            data.get("roll_type", "no_roll"),
            tuple(RollOption.from_json(o) for o in data.get("roll_options") or ()),
            _strs(data.get("rolls")),
            data.get("method", "none"),
            bool(data.get("progress_move", False)),
            bool(data.get("allow_momentum_burn", False)),
            tuple(Add(a.get("when", ""), int(a.get("value", 0))) for a in data.get("adds") or ()),
            data.get("text", ""),
            dict(outcomes) if outcomes else None,
            {k: ChoiceList.from_json(v) for k, v in (data.get("choices") or {}).items()},
            _strs(data.get("links")),
            _strs(data.get("tables")),
            dict(data.get("match_outcomes") or {}),
            data.get("variant_of"),
            _strs(data.get("replaces")),
        )

    def to_json(self) -> JsonDict:
        """The full record in the data-file schema."""
        out: JsonDict = {
            "id": self.id,
            "name": self.name,
            "category": self.category,
            "page": self.page,
            "trigger": self.trigger,
            "roll_type": self.roll_type,
            "roll_options": [o.to_json() for o in self.roll_options],
            "rolls": list(self.rolls),
            "method": self.method,
            "progress_move": self.progress_move,
            "allow_momentum_burn": self.allow_momentum_burn,
            "adds": [a.to_json() for a in self.adds],
            "text": self.text,
            "outcomes": dict(self.outcomes) if self.outcomes is not None else None,
            "choices": {k: v.to_json() for k, v in self.choices.items()},
            "links": list(self.links),
            "tables": list(self.tables),
        }
        if self.match_outcomes:
            out["match_outcomes"] = dict(self.match_outcomes)
        if self.variant_of:
            out["variant_of"] = self.variant_of
        if self.replaces:
            out["replaces"] = list(self.replaces)
        return out

    def summary_json(self) -> JsonDict:
        """The shape ``ironsworn move show`` prints as JSON."""
        out: JsonDict = {
            "id": self.id,
            "name": self.name,
            "category": self.category,
            "trigger": self.trigger,
            "roll_type": self.roll_type,
            "rolls": list(self.rolls),
            "method": self.method,
            "progress_move": self.progress_move,
            "outcomes": dict(self.outcomes) if self.outcomes is not None else None,
            "choices": {k: v.to_json() for k, v in self.choices.items()},
            "page": self.page,
        }
        if self.match_outcomes:
            out["match_outcomes"] = dict(self.match_outcomes)
        return out


# --- oracles -------------------------------------------------------------------------------


@record
class OracleRoll:
    """An instruction to roll (again) on a table: ``oracle`` is an id or ``"self"``."""

    oracle: str
    times: int = 1
    unique: bool = False

    @classmethod
    def from_json(cls, data: JsonDict) -> OracleRoll:
        return cls(data["oracle"], int(data.get("times", 1)), bool(data.get("unique", False)))

    def to_json(self) -> JsonDict:
        return {"oracle": self.oracle, "times": self.times, "unique": self.unique}


@record
class OracleRow:
    """One row of a table: the range it covers, its text, and any rolls it calls for.

    ``details`` are the row's further columns, each as ``"Label: text"`` (a Sundered Isles
    faction's details, a lurking threat's "When the clock advances..." column).
    """

    min: int
    max: int
    text: str
    rolls: tuple[OracleRoll, ...] = ()
    worse: bool = False
    details: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> OracleRow:
        rolls = data.get("rolls")
        return cls(
            int(data["min"]),
            int(data["max"]),
            data.get("text", ""),
            tuple(OracleRoll.from_json(r) for r in rolls) if rolls else (),
            bool(data.get("worse", False)),
            _strs(data.get("details")),
        )

    @property
    def full_text(self) -> str:
        """The text with its further columns: ``Sea (Details: Amid open waters)``."""
        return f"{self.text} ({'; '.join(self.details)})" if self.details else self.text

    def to_json(self) -> JsonDict:
        out: JsonDict = {"min": self.min, "max": self.max, "text": self.text}
        if self.rolls:
            out["rolls"] = [r.to_json() for r in self.rolls]
        if self.worse:
            out["worse"] = True
        if self.details:
            out["details"] = list(self.details)
        return out


def parse_dice(dice: str) -> tuple[int, int]:
    """``"1d100"`` -> (1, 100). Raises ValueError on anything else."""
    found = _DICE.get(dice)  # (a table's dice are read on every roll of it)
    if found is None:
        count, _, sides = dice.strip().lower().partition("d")
        number = int(count) if count else 1
        faces = int(sides)
        if number < 1 or faces < 1:
            raise ValueError(dice)
        found = (number, faces)
        if len(_DICE) < 256:  # (the few a content's tables write; a pack's odd ones unkept)
            _DICE[dice] = found
    return found


# The dice read from each text already read (parse_dice).
_DICE: dict[str, tuple[int, int]] = {}


@record
class OracleTable:
    """A rollable oracle table. A table with ``then`` and no rows rolls other tables in turn."""

    id: str
    name: str
    dice: str
    page: int | None
    rows: tuple[OracleRow, ...]
    then: tuple[OracleRoll, ...] = ()
    text: str = ""
    # The tables of another pack this one stands in for (Sundered Isles' core oracles for
    # Starforged's); both stay rollable by id.
    replaces: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> OracleTable:
        return cls(
            data["id"],
            data["name"],
            data.get("dice", "1d100"),
            data.get("page"),
            tuple(OracleRow.from_json(r) for r in data.get("rows") or ()),
            tuple(OracleRoll.from_json(r) for r in data.get("then") or ()),
            data.get("text", "") or "",
            _strs(data.get("replaces")),
        )

    @property
    def range(self) -> tuple[int, int]:
        """The lowest and highest result of the table's dice."""
        number, sides = parse_dice(self.dice)
        return number, number * sides

    def row_for(self, roll: int) -> OracleRow | None:
        """The row covering ``roll``, or None."""
        for row in self.rows:
            if row.min <= roll <= row.max:
                return row
        return None

    def to_json(self) -> JsonDict:
        out: JsonDict = {
            "id": self.id,
            "name": self.name,
            "dice": self.dice,
            "page": self.page,
            "rows": [r.to_json() for r in self.rows],
        }
        if self.then:
            out["then"] = [r.to_json() for r in self.then]
        if self.text:
            out["text"] = self.text
        if self.replaces:
            out["replaces"] = list(self.replaces)
        return out


@record
class Odds:
    """One line of the Ask the Oracle table: yes when the d100 is at least ``yes_at_least``."""

    key: str
    name: str
    yes_at_least: int

    def to_json(self) -> JsonDict:
        return {"key": self.key, "name": self.name, "yes_at_least": self.yes_at_least}


# --- world ---------------------------------------------------------------------------------


@record
class Npc:
    """A foe or other NPC: rank, features, drives, tactics and the prompts around it."""

    id: str
    name: str
    category: str
    rank: str
    features: tuple[str, ...]
    drives: tuple[str, ...]
    tactics: tuple[str, ...]
    description: str
    quest_starter: str
    your_truth: str
    page: int | None

    @classmethod
    def from_json(cls, data: JsonDict) -> Npc:
        return cls(
            data["id"],
            data["name"],
            data.get("category", ""),
            str(data.get("rank", "")),
            _strs(data.get("features")),
            _strs(data.get("drives")),
            _strs(data.get("tactics")),
            data.get("description", "") or "",
            data.get("quest_starter", "") or "",
            data.get("your_truth", "") or "",
            data.get("page"),
        )

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "category": self.category,
            "rank": self.rank,
            "features": list(self.features),
            "drives": list(self.drives),
            "tactics": list(self.tactics),
            "description": self.description,
            "quest_starter": self.quest_starter,
            "your_truth": self.your_truth,
            "page": self.page,
        }


@record
class TruthOption:
    """One of a truth category's options, chosen or rolled on a d100 (``min``-``max``)."""

    key: str
    min: int
    max: int
    summary: str
    text: str
    quest_starter: str

    def to_json(self) -> JsonDict:
        return {
            "key": self.key,
            "min": self.min,
            "max": self.max,
            "summary": self.summary,
            "text": self.text,
            "quest_starter": self.quest_starter,
        }


@record
class Truth:
    """A world-truth category (The Old World, Iron, ...) with its options."""

    id: str
    name: str
    page: int | None
    options: tuple[TruthOption, ...]

    @classmethod
    def from_json(cls, data: JsonDict) -> Truth:
        return cls(
            data["id"],
            data["name"],
            data.get("page"),
            tuple(
                TruthOption(
                    str(o.get("key", i + 1)),
                    int(o["min"]),
                    int(o["max"]),
                    o.get("summary", "") or "",
                    o.get("text", "") or "",
                    o.get("quest_starter", "") or "",
                )
                for i, o in enumerate(data.get("options", ()))
            ),
        )

    def option_for(self, roll: int) -> TruthOption | None:
        """The option covering a d100 ``roll``, or None."""
        return next((o for o in self.options if o.min <= roll <= o.max), None)

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "page": self.page,
            "options": [o.to_json() for o in self.options],
        }


@record
class Region:
    """A region of the Ironlands."""

    id: str
    name: str
    page: int | None
    description: str
    features: tuple[str, ...]
    quest_starter: str

    @classmethod
    def from_json(cls, data: JsonDict) -> Region:
        return cls(
            data["id"],
            data["name"],
            data.get("page"),
            data.get("description", "") or "",
            _strs(data.get("features")),
            data.get("quest_starter", "") or "",
        )

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "page": self.page,
            "description": self.description,
            "features": list(self.features),
            "quest_starter": self.quest_starter,
        }


AUTOMATIC_OUTCOMES = OUTCOME_KEYS  # a condition that gives an outcome without a roll


@record
class EnhancementCondition:
    """When an asset ability changes a move: the situation, and how the move is then rolled.

    ``automatic`` is ``strong_hit``, ``weak_hit`` or ``miss`` when the ability gives that
    outcome without a roll ("take an automatic strong hit"), else "". ``method`` and
    ``using`` say how the move is rolled instead (``player_choice`` of ``["wits"]``), or are
    empty when the roll is unchanged. ``by_ally`` marks a condition met by an ally's move.
    """

    text: str
    automatic: str = ""
    method: str = ""
    using: tuple[str, ...] = ()
    by_ally: bool = False

    @classmethod
    def from_json(cls, data: JsonDict) -> EnhancementCondition:
        return cls(
            data.get("text", "") or "",
            data.get("automatic", "") or "",
            data.get("method", "") or "",
            _strs(data.get("using")),
            bool(data.get("by_ally", False)),
        )

    def to_json(self) -> JsonDict:
        out: JsonDict = {"text": self.text}
        if self.automatic:
            out["automatic"] = self.automatic
        if self.method:
            out["method"] = self.method
        if self.using:
            out["using"] = list(self.using)
        if self.by_ally:
            out["by_ally"] = True
        return out


@record
class MoveEnhancement:
    """The moves an asset ability acts on, as its Datasworn data names them.

    ``moves`` are move ids or patterns with ``*`` (``move:starforged/*/face_danger``), empty
    for any move; ``roll_type`` limits it to one kind of roll ("" for any); ``conditions``
    are the situations it names (empty: whenever the move is made). The effect itself is the
    move engine's (``moves/assets``), keyed by the ability's id.
    """

    moves: tuple[str, ...] = ()
    roll_type: str = ""
    conditions: tuple[EnhancementCondition, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> MoveEnhancement:
        return cls(
            _strs(data.get("moves")),
            data.get("roll_type", "") or "",
            tuple(EnhancementCondition.from_json(c) for c in data.get("conditions") or ()),
        )

    def to_json(self) -> JsonDict:
        return {
            "moves": list(self.moves),
            "roll_type": self.roll_type,
            "conditions": [c.to_json() for c in self.conditions],
        }


@record
class AssetAbility:
    """One ability of an asset card; ``enabled`` when it is marked at the start.

    ``text`` is the card's wording where we may ship it (the rulebook's printed samples), else
    our own ``summary``; ``summary`` always says in our words what the ability does. ``effects``
    are the structured effects the move engine applies (see ``moves/assets``), ``reminder``
    what is left to the player and why, ``moves`` the moves of its own the ability gives (a
    ritual, crafting an elixir).
    """

    key: str
    text: str
    enabled: bool
    id: str = ""
    name: str = ""
    summary: str = ""
    effects: tuple[JsonDict, ...] = ()
    reminder: str = ""
    moves: tuple[Move, ...] = ()
    reminder_kind: str = ""
    reminder_moves: tuple[str, ...] = ()  # the moves whose result shows the reminder
    enhances: tuple[MoveEnhancement, ...] = ()  # the moves it acts on (imported packs)

    @classmethod
    def from_json(cls, data: JsonDict, index: int) -> AssetAbility:
        summary = data.get("summary", "") or ""
        return cls(
            str(data.get("key", index + 1)),
            data.get("text", "") or summary,
            bool(data.get("enabled")),
            data.get("id", "") or "",
            data.get("name", "") or "",
            summary,
            tuple(data.get("effects") or ()),
            data.get("reminder", "") or "",
            tuple(Move.from_json(m) for m in data.get("moves") or ()),
            data.get("reminder_kind", "") or "",
            _strs(data.get("reminder_moves")),
            tuple(MoveEnhancement.from_json(e) for e in data.get("enhances") or ()),
        )

    def to_json(self) -> JsonDict:
        out: JsonDict = {"key": self.key, "text": self.text, "enabled": self.enabled}
        for name in ("id", "name", "summary", "reminder", "reminder_kind"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.effects:
            out["effects"] = [dict(e) for e in self.effects]
        if self.moves:
            out["moves"] = [m.to_json() for m in self.moves]
        if self.reminder_moves:
            out["reminder_moves"] = list(self.reminder_moves)
        if self.enhances:
            out["enhances"] = [e.to_json() for e in self.enhances]
        return out


@record
class ConditionMeter:
    """A track printed on an asset card: a companion's health, a warband's strength."""

    name: str
    max: int
    value: int

    def to_json(self) -> JsonDict:
        return {"name": self.name, "max": self.max, "value": self.value}


@record
class Asset:
    """An asset card: type, requirement, the fields to fill in, abilities, its tracks.

    ``fields`` are the names written on the card (a companion's name, a god's name);
    ``input`` is the first of them. ``selects`` are choices printed on the card, each option
    naming the stat it stands for (a Masked mask's wood, a Devotant god's stat). ``tracks``
    are the card's meters; ``condition_meter`` is the companion's health among them (the
    meter companion moves act on), or None.
    """

    id: str
    name: str
    type: str
    requirement: str
    input: str
    abilities: tuple[AssetAbility, ...]
    condition_meter: ConditionMeter | None
    page: int | None
    fields: tuple[str, ...] = ()
    tracks: tuple[ConditionMeter, ...] = ()
    selects: Mapping[str, Mapping[str, str]] = EMPTY_MAPPING
    # The card's on/off marks (a module's broken, a vehicle's battered), from Datasworn.
    toggles: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> Asset:
        meter = data.get("condition_meter")
        health = (
            ConditionMeter(meter["name"], int(meter["max"]), int(meter.get("value", meter["max"])))
            if meter
            else None
        )
        tracks = tuple(
            ConditionMeter(t["name"], int(t["max"]), int(t.get("value", t["max"])))
            for t in data.get("tracks") or ()
        )
        if not tracks and health is not None:
            tracks = (health,)
        fields = _strs(data.get("fields"))
        single = data.get("input", "") or ""
        if not fields and single:
            fields = (single,)
        return cls(
            data["id"],
            data["name"],
            data.get("type", ""),
            data.get("requirement", "") or "",
            single or (fields[0] if fields else ""),
            tuple(AssetAbility.from_json(a, i) for i, a in enumerate(data.get("abilities", ()))),
            health,
            data.get("page"),
            fields,
            tracks,
            {k: dict(v) for k, v in (data.get("selects") or {}).items()},
            _strs(data.get("toggles")),
        )

    @property
    def other_tracks(self) -> tuple[ConditionMeter, ...]:
        """The card's tracks besides a companion's health (wealth, strength, essence...)."""
        return tuple(t for t in self.tracks if t != self.condition_meter)

    def to_json(self) -> JsonDict:
        meter = self.condition_meter
        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "requirement": self.requirement,
            "input": self.input,
            "fields": list(self.fields),
            "abilities": [a.to_json() for a in self.abilities],
            "condition_meter": meter.to_json() if meter else None,
            "tracks": [t.to_json() for t in self.tracks],
            "selects": {k: dict(v) for k, v in self.selects.items()},
            **({"toggles": list(self.toggles)} if self.toggles else {}),
            "page": self.page,
        }
