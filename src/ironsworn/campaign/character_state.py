"""A character and a progress track as the campaign state holds them.

:class:`CharacterState` is one character's sheet (stats, meters, momentum, debilities or
Starforged impacts, legacy tracks, bonds, assets, initiative); :class:`TrackState` is a progress
track shared by any number of characters. Both are changed only by
:meth:`~ironsworn.campaign.state.CampaignState.apply`, which folds the campaign's events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.campaign.events import RECORD_TYPES
from ironsworn.debilities import BLOCKING, DEBILITIES
from ironsworn.errors import InvalidValue, NotFound
from ironsworn.impacts import BLOCKING as IMPACT_BLOCKING
from ironsworn.impacts import IMPACTS
from ironsworn.momentum import MAX_BY_MARKS, MOMENTUM_START, RESET_BY_MARKS
from ironsworn.progress import progress_score
from ironsworn.record import field, from_fields, mutable_record

STATS = ("edge", "heart", "iron", "shadow", "wits")
CREATION_STATS = (3, 2, 2, 1, 1)
RULESETS = ("classic", "starforged")
LEGACY_TRACKS = ("quests", "bonds", "discoveries")
RECORD_EVENTS = RECORD_TYPES  # the events that change nothing (see ironsworn.campaign.events)

JsonDict = dict[str, Any]


_NESTED = (dict, list, tuple)
# (a tuple of the types, named once: ``list | tuple`` written in the call would build a union
# type on every call, and isinstance reads a union more slowly than a tuple)
_SEQUENCES = (list, tuple)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), much faster than deepcopy.

    Dicts (of any dict type) are copied as dicts, lists and tuples (of any type) as lists;
    anything else is taken as it is. (A value's type is read once and compared: the JSON
    types themselves, and the scalars most values are, are told without an isinstance call,
    which tests a subclass too; loops, not comprehensions, so that a container costs no frame
    besides this call's.)
    """
    kind = type(value)
    if kind is dict or (kind is not list and kind not in _SCALARS and isinstance(value, dict)):
        copied = {}
        for k, v in value.items():
            copied[k] = v if type(v) in _SCALARS else copy_json(v)
        return copied
    if kind is list or kind is tuple or (kind not in _SCALARS and isinstance(value, _SEQUENCES)):
        items = []
        for v in value:
            items.append(v if type(v) in _SCALARS else copy_json(v))
        return items
    return value


# The types of most values of JSON-shaped data: none is a container, so none is copied.
_SCALARS = frozenset({str, int, bool, float, type(None)})


# A legacy track with nothing marked, as a character without one reads it.
UNMARKED_LEGACY: JsonDict = {"ticks": 0, "completed": False, "xp_boxes": 0}


@mutable_record
class CharacterState:
    """One character's sheet."""

    name: str
    stats: dict[str, int]
    health: int = 5
    spirit: int = 5
    supply: int = 5
    momentum: int = MOMENTUM_START
    debilities: list[str] = field(default_factory=list)
    experience_earned: int = 0
    experience_spent: int = 0
    bond_ticks: int = 0
    bonds: list[str] = field(default_factory=list)
    assets: list[JsonDict] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    initiative: bool = False
    status: str = "active"
    flags: dict[str, Any] = field(default_factory=dict)
    # Starforged: the character shape of the campaign's ruleset, its impacts (in place of
    # debilities) and its legacy tracks.
    ruleset: str = "classic"
    impacts: list[str] = field(default_factory=list)
    legacy: dict[str, JsonDict] = field(default_factory=dict)
    # Vehicle troubles of the command vehicle count as impacts for everyone aboard; kept in
    # step by CampaignState (not stored: the vehicle holds them).
    vehicle_impacts: int = 0
    # Lasting effects of asset abilities, in the order they were gained (each a dict; see
    # ironsworn.moves.assets.lasting).
    lasting: list[JsonDict] = field(default_factory=list)

    @property
    def starforged(self) -> bool:
        return self.ruleset == "starforged"

    @property
    def impact_count(self) -> int:
        """Marked debilities, or Starforged impacts (with the vehicle's troubles), and the
        asset cards that count as one (see :meth:`sheet_marks`)."""
        count = len(self.debilities) + len(self.impacts) + self.vehicle_impacts
        if not self.assets and not self.flags.get("asset_sheet") and not self.lasting:
            return count
        changes_sheet = bool(self.lasting or self.flags.get("asset_sheet"))
        if not changes_sheet:
            for record in self.assets:
                if record.get("sheet"):
                    changes_sheet = True
                    break
        # (else no card changes the sheet, sheet_marks would be empty: the count as it is)
        if changes_sheet:
            marks = self.sheet_marks()
            count += sum(1 for m in marks if m.get("debility"))
            uncounted = {d for m in marks for d in m.get("uncounted") or ()}
            count -= len(uncounted & set(self.debilities))
        # 0 to 10: max(0, min(count, 10)) without two calls (asked by every momentum change
        # and reset)
        return 0 if count < 0 else 10 if count > 10 else count

    def sheet_marks(self) -> list[Mapping[str, Any]]:
        """What asset abilities change on the sheet while they hold: each a mapping of
        ``debility`` (the card counts as a debility), ``uncounted`` (debilities that no longer
        count), ``health_max`` / ``spirit_max`` (a change of the meter's maximum).

        Two sources: a card's record keeps, beside each ability, what it changes while marked
        (``record["sheet"]``; a ``debility_at_zero`` track counts only at 0); the flag
        ``asset_sheet`` keeps what a move set for a while (Fated: a debility until the next
        milestone). Written by :mod:`ironsworn.moves.assets.sheet_changes`.
        """
        marks: list[Mapping[str, Any]] = []
        for record in self.assets:
            marked = record.get("abilities") or ()
            for index, data in enumerate(record.get("sheet") or ()):
                if not data or index >= len(marked) or not marked[index]:
                    continue
                track = data.get("debility_at_zero")
                if track is not None:
                    value = ((record.get("tracks") or {}).get(track) or {}).get("value")
                    marks.append({"debility": value == 0})
                else:
                    marks.append(data)
        marks.extend((self.flags.get("asset_sheet") or {}).values())
        # A lasting effect may weigh as a debility while it lasts (Leech's weak-hit rune).
        marks.extend({"debility": True} for e in self.lasting if e.get("debility"))
        return marks

    def meter_max(self, meter: str) -> int:
        """Health's or spirit's maximum: +5, less what an asset takes (Battle-Scarred)."""
        # Only a card's record that keeps what it changes on the sheet, or the flag of what a
        # move set, can change it (sheet_marks' two sources; a lasting effect's mark is a
        # debility only): a sheet with neither is at +5, without listing its marks.
        if not self.flags.get("asset_sheet") and not any(r.get("sheet") for r in self.assets):
            return 5
        top = 5 + sum(int(m.get(f"{meter}_max") or 0) for m in self.sheet_marks())
        return max(0, top)

    @property
    def momentum_max(self) -> int:
        # (momentum.momentum_max of the count, always 0 to 10: read from its table)
        return MAX_BY_MARKS[self.impact_count]

    @property
    def momentum_reset(self) -> int:
        # (momentum.momentum_reset of the count, always 0 to 10: read from its table)
        return RESET_BY_MARKS[self.impact_count]

    def has(self, debility: str) -> bool:
        return debility in self.debilities or debility in self.impacts

    def blocked_by(self, meter: str) -> str | None:
        """The marked condition (or misfortune) that blocks gains on ``meter``, if any."""
        # (as starforged and has() say, without a call to each: asked on every meter gain)
        condition = (IMPACT_BLOCKING if self.ruleset == "starforged" else BLOCKING).get(meter)
        if condition and (condition in self.debilities or condition in self.impacts):
            return condition
        return None

    def legacy_track(self, track: str) -> JsonDict:
        """A Starforged legacy track as {ticks, completed, xp_boxes}."""
        return dict(self.legacy.get(track) or UNMARKED_LEGACY)

    def legacy_score(self, track: str) -> int:
        """A legacy track's progress score: 10 once completed (Earn Experience)."""
        data = self.legacy_track(track)
        return 10 if data["completed"] else progress_score(int(data["ticks"]))

    def value(self, name: str) -> int:
        """A stat or a meter by name."""
        if name in self.stats:
            return self.stats[name]
        if name in ("health", "spirit", "supply", "momentum"):
            return int(getattr(self, name))
        if name == "companion_health":
            # A companion's health, not a starship's integrity (the command vehicle's card
            # has a meter too).
            meters = [
                a["meter"]["value"]
                for a in self.assets
                if a.get("meter") and a["meter"].get("name", "health") == "health"
            ]
            if not meters:
                raise InvalidValue(f"{self.name} has no companion with a health meter")
            return int(max(meters))
        raise InvalidValue(f"{name!r} is not a stat or meter")

    def asset(self, query: str) -> JsonDict:
        key = query.strip().lower()
        for asset in self.assets:
            named = str(asset.get("input") or "").lower()  # a companion's own name
            if key in (asset["id"].lower(), asset["name"].lower(), named) or asset[
                "id"
            ].lower().endswith("/" + key.replace(" ", "_")):
                return asset
        raise NotFound(
            f"{self.name} has no asset {query!r}{self._no_cards()}",
            tuple(a["name"] for a in self.assets),
        )

    def _no_cards(self) -> str:
        """What an unknown asset's refusal adds when the sheet holds none to name instead."""
        return "" if self.assets else f" ({self.name} holds no asset cards)"

    def held_asset(self, query: str) -> JsonDict:
        """An asset on the sheet as a player names it: as :meth:`asset` finds it (its id, its
        name, a companion's given name), else by a unique prefix of its name or given name;
        NotFound (with the names on the sheet) otherwise."""
        try:
            return self.asset(query)
        except NotFound:
            pass
        key = " ".join(query.split()).lower()
        found = [
            a
            for a in self.assets
            if key
            and any(str(n).lower().startswith(key) for n in (a.get("name"), a.get("input")) if n)
        ]
        if len(found) == 1:
            return found[0]
        names = tuple(str(a["name"]) for a in (found or self.assets))
        if found:
            raise NotFound(f"asset {query!r} is ambiguous for {self.name}", names)
        raise NotFound(f"{self.name} has no asset {query!r}{self._no_cards()}", names)

    def bond(self, query: str) -> str:
        """A bond on the sheet by name: exact (any case), else a unique prefix; else NotFound."""
        key = " ".join(query.split()).lower()
        exact = [b for b in self.bonds if b.lower() == key]
        found = exact or [b for b in self.bonds if key and b.lower().startswith(key)]
        if len(found) == 1:
            return found[0]
        if found:
            raise NotFound(f"bond {query!r} is ambiguous for {self.name}", tuple(found))
        if not self.bonds:
            raise NotFound(f"{self.name} has no bonds on the sheet (no bond {query!r})")
        raise NotFound(f"{self.name} has no bond {query!r}", tuple(self.bonds))

    def to_dict(self) -> JsonDict:
        # Written out by hand: dataclasses.asdict is the slowest part of a snapshot.
        return {
            "name": self.name,
            "stats": dict(self.stats),
            "health": self.health,
            "spirit": self.spirit,
            "supply": self.supply,
            "momentum": self.momentum,
            "debilities": sorted(self.debilities),
            "experience_earned": self.experience_earned,
            "experience_spent": self.experience_spent,
            "bond_ticks": self.bond_ticks,
            "bonds": list(self.bonds),
            "assets": copy_json(self.assets),
            "equipment": list(self.equipment),
            "initiative": self.initiative,
            "status": self.status,
            "flags": copy_json(self.flags),
            **self._starforged_dict(),
            # Only when there are some: a character without keeps the shape it always had.
            **({"lasting": copy_json(self.lasting)} if self.lasting else {}),
        }

    def _starforged_dict(self) -> JsonDict:
        if not self.starforged:
            # A classic character keeps the shape it always had, with what it holds of the
            # fields after it (Delve's failure track is kept in legacy): a field left out of
            # the saved shape is lost by every snapshot.
            return {
                **({"impacts": list(self.impacts)} if self.impacts else {}),
                **({"legacy": copy_json(self.legacy)} if self.legacy else {}),
            }
        return {
            "ruleset": self.ruleset,
            "impacts": list(self.impacts),
            "legacy": copy_json(self.legacy),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CharacterState:
        fields = copy_json(dict(data))
        legacy = fields.get("legacy")
        if fields.get("ruleset") == "starforged" and legacy:
            # A Starforged legacy track with nothing marked is no record (the fold drops it):
            # a snapshot saved before it did may hold one, which would be kept until the
            # track changed, the same sheet then differing by the way it was read.
            fields["legacy"] = {k: v for k, v in legacy.items() if v != UNMARKED_LEGACY}
        return cls(**fields)

    def copy(self) -> CharacterState:
        """A deep copy (every field is plain JSON-shaped data)."""
        # Every fork of a campaign's state copies each active character: only the fields
        # that hold lists and dicts are looked at (most of them empty), the scalars are
        # taken as they are; anything beside the fields, every value.
        new = CharacterState.__new__(CharacterState)
        new.__dict__ = values = self.__dict__.copy()
        names = _CONTAINER_FIELDS if len(values) == _FIELD_COUNT else tuple(values)
        for k in names:
            v = values[k]
            kind = type(v)
            if kind is list:
                values[k] = copy_json(v) if v else []
            elif kind is dict:
                values[k] = copy_json(v) if v else {}
            elif isinstance(v, _CONTAINERS):
                values[k] = copy_json(v)
        return new

    def sheet(self) -> JsonDict:
        """The character sheet as the CLI prints it."""
        if self.starforged:
            return self._starforged_sheet()
        return {
            "name": self.name,
            "stats": dict(self.stats),
            "health": self.health,
            "spirit": self.spirit,
            "supply": self.supply,
            "momentum": self.momentum,
            "momentum_max": self.momentum_max,
            "momentum_reset": self.momentum_reset,
            "debilities": [d for d in DEBILITIES if d in self.debilities],
            "experience": {
                "earned": self.experience_earned,
                "spent": self.experience_spent,
                "available": self.experience_earned - self.experience_spent,
            },
            "bonds": {
                "ticks": self.bond_ticks,
                "score": progress_score(self.bond_ticks),
                "list": list(self.bonds),
            },
            "assets": copy_json(self.assets),
            "equipment": list(self.equipment),
            "initiative": self.initiative,
            "status": self.status,
            # The lasting effects of asset abilities, as the player reads them.
            "lasting": [
                {k: e.get(k) for k in ("id", "name", "source", "text")} for e in self.lasting
            ],
            **self._limits_sheet(),
            **self._failure_sheet(),
        }

    def _failure_sheet(self) -> JsonDict:
        """Delve's failure track, once it has been marked (a sheet without it keeps its shape)."""
        if "failure" not in self.legacy:
            return {}
        ticks = int(self.legacy_track("failure")["ticks"])
        return {"failure": {"ticks": ticks, "score": progress_score(ticks)}}

    def _limits_sheet(self) -> JsonDict:
        """The maxima and debility count an asset changes, shown only when one does (so a
        sheet without such a card keeps the shape it always had)."""
        out: JsonDict = {}
        for meter in ("health", "spirit"):
            if self.meter_max(meter) != 5:
                out[f"{meter}_max"] = self.meter_max(meter)
        plain = len(self.debilities) + len(self.impacts)
        if self.impact_count != plain:
            out["debility_count"] = self.impact_count
        return out

    def _starforged_sheet(self) -> JsonDict:
        legacy = {}
        for track in LEGACY_TRACKS:
            data = self.legacy_track(track)
            legacy[track] = {
                "ticks": data["ticks"],
                "score": self.legacy_score(track),
                "completed": data["completed"],
            }
        return {
            "name": self.name,
            "ruleset": self.ruleset,
            "stats": dict(self.stats),
            "health": self.health,
            "spirit": self.spirit,
            "supply": self.supply,
            "momentum": self.momentum,
            "momentum_max": self.momentum_max,
            "momentum_reset": self.momentum_reset,
            "impacts": [i for i in IMPACTS if i in self.impacts],
            "legacy": legacy,
            "experience": {
                "earned": self.experience_earned,
                "spent": self.experience_spent,
                "available": self.experience_earned - self.experience_spent,
            },
            "assets": copy_json(self.assets),
            "equipment": list(self.equipment),
            # In a fight: in control (the initiative of classic) or in a bad spot.
            "position": "in control" if self.initiative else "in a bad spot",
            "status": self.status,
        }


# What CharacterState.copy looks at: every field but those that hold a scalar by their type
# (a field added later holding a list or a dict is copied without more ado).
_SCALARS = frozenset({"str", "int", "bool", "float"})
_FIELDS: tuple[str, ...] = CharacterState.__record_fields__  # type: ignore[attr-defined]
_FIELD_COUNT = len(_FIELDS)
_CONTAINER_FIELDS = tuple(
    name for name in _FIELDS if CharacterState.__annotations__[name] not in _SCALARS
)
_CONTAINERS = (dict, list)


@mutable_record
class TrackState:
    """A progress track: a vow, a journey, a fight or a scene challenge."""

    id: str
    kind: str
    name: str
    rank: str
    ticks: int = 0
    characters: list[str] = field(default_factory=list)
    status: str = "active"
    foe: str | None = None
    count: int = 1
    countdown: int | None = None
    role: str | None = None  # a Starforged connection's role
    bonded: bool = False  # a Starforged connection you share a bond with (Forge a Bond)
    influence: str | None = None  # Forge a Bond: "bolstered" or "expanded"
    no_benefit: bool = False  # Test Your Relationship: until the loyalty vow is done
    second_role: str | None = None  # Forge a Bond's "expand their influence"
    # A Delve site: its theme and domain (content ids) and the objective that drew you in.
    theme: str | None = None
    domain: str | None = None
    objective: str | None = None
    # A Delve site's denizen table: {min, max, frequency, npc?, name?} rows (replaced whole by
    # a track_field event, never changed in place, so copies may share it).
    denizens: list[JsonDict] | None = None
    # A Delve threat: the vow it endangers (a track id) and its category (an oracle id).
    vow: str | None = None
    category: str | None = None

    @property
    def roles(self) -> list[str]:
        """A connection's roles: its role, and the second one an expanded influence gives."""
        return [r for r in (self.role, self.second_role) if r]

    @property
    def score(self) -> int:
        return progress_score(self.ticks)

    def to_dict(self) -> JsonDict:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "rank": self.rank,
            "ticks": self.ticks,
            "characters": list(self.characters),
            "status": self.status,
            "foe": self.foe,
            "count": self.count,
            "countdown": self.countdown,
            **(
                {
                    "role": self.role,
                    "bonded": self.bonded,
                    "influence": self.influence,
                    "no_benefit": self.no_benefit,
                    # Only when given: a connection's record keeps the shape it always had.
                    **({"second_role": self.second_role} if self.second_role else {}),
                }
                if self.kind == "connection"
                else {}
            ),
            **(
                {
                    "theme": self.theme,
                    "domain": self.domain,
                    "objective": self.objective,
                    # Only when it has one: a site made before denizen tables keeps its shape.
                    **({"denizens": copy_json(self.denizens)} if self.denizens else {}),
                }
                if self.kind == "site"
                else {}
            ),
            **({"vow": self.vow, "category": self.category} if self.kind == "threat" else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TrackState:
        track = from_fields(cls, data)
        track.characters = list(track.characters)
        return track

    def copy(self) -> TrackState:
        """A copy of its own (the only list is ``characters``; the rest are scalars)."""
        new = TrackState.__new__(TrackState)
        new.__dict__ = {**self.__dict__, "characters": list(self.characters)}
        return new

    def summary(self) -> JsonDict:
        data = self.to_dict()
        data["score"] = self.score
        return data
