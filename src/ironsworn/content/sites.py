"""Ironsworn: Delve's site content as records: themes, domains, sample sites and rarities.

These are the facts a player's Delve pack brings (read from Datasworn's ``site_themes``,
``site_domains``, ``delve_sites`` and ``rarities`` sections by ``content/datasworn_sites.py``);
the rules that use them (Discover a Site, Delve the Depths, Reveal a Danger, Wield a Rarity)
are the moves layer's. Every record has a ``from_json`` / ``to_json`` pair in our own schema,
like the records of ``model.py``, so the loader reads them from a pack's ``sites.json``,
``site_themes.json``, ``site_domains.json`` and ``rarities.json``.

- :class:`SiteCard` -- what a theme's and a domain's cards share (the two below).
- :class:`SiteTheme` -- a theme (Ancient, Haunted...): what the site is like. Its
  ``features`` and ``dangers`` are d100 tables (:class:`SiteRow`); a theme's features cover
  1-20 and its dangers 1-30, the rows a domain and the general dangers complete.
- :class:`SiteDomain` -- a domain (Barrow, Cavern...): what the site is. Its ``features``
  cover 21-100 and its ``dangers`` 31-45; ``name_oracle`` is the table that names such a
  place.
- :class:`DelveSite` -- a sample site: its theme and domain ids, its rank (``dangerous``...),
  its region (an atlas id) and its denizen table (:class:`Denizen`: a d100 range, the
  frequency the book gives that range, the foe's npc id when the book names one).
- :class:`Rarity` -- a rarity: the asset it enhances and its cost in experience.

Every roll table is a tuple of rows with ``min``/``max`` in d100 terms; ``row_for(roll)``
answers a roll. ``suggestions`` are oracle ids the book points to for a row (a trap's event
and component for "Trap").
"""

from __future__ import annotations

from typing import Any

from ironsworn.content.model import _strs  # one reader of a list of ids for every record
from ironsworn.record import record

JsonDict = dict[str, Any]

# The denizen frequencies of a site's table, most common first (Delve's "Denizens" section).
FREQUENCIES = ("very_common", "common", "uncommon", "rare", "unforeseen")


@record
class SiteRow:
    """One row of a theme's or domain's feature or danger table."""

    min: int
    max: int
    text: str
    suggestions: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: JsonDict) -> SiteRow:
        return cls(int(data["min"]), int(data["max"]), data["text"], _strs(data.get("suggestions")))

    def to_json(self) -> JsonDict:
        out: JsonDict = {"min": self.min, "max": self.max, "text": self.text}
        if self.suggestions:
            out["suggestions"] = list(self.suggestions)
        return out


def _rows(data: Any) -> tuple[SiteRow, ...]:
    return tuple(SiteRow.from_json(r) for r in data or ())


def row_for(rows: tuple[SiteRow, ...], roll: int) -> SiteRow | None:
    """The row of ``rows`` covering ``roll``, or None (the range belongs to another table)."""
    return next((r for r in rows if r.min <= roll <= r.max), None)


@record
class SiteCard:
    """What a theme's and a domain's cards share: a summary, and feature and danger rows."""

    id: str
    name: str
    summary: str
    page: int | None
    features: tuple[SiteRow, ...]
    dangers: tuple[SiteRow, ...]

    @staticmethod
    def card_fields(data: JsonDict) -> JsonDict:
        """The shared fields of a card's JSON, as keyword arguments."""
        return {
            "id": data["id"],
            "name": data["name"],
            "summary": data.get("summary", "") or "",
            "page": data.get("page"),
            "features": _rows(data.get("features")),
            "dangers": _rows(data.get("dangers")),
        }

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "page": self.page,
            "features": [r.to_json() for r in self.features],
            "dangers": [r.to_json() for r in self.dangers],
        }


@record
class SiteTheme(SiteCard):
    """A delve site theme (Ancient, Haunted...): what the site is like."""

    @classmethod
    def from_json(cls, data: JsonDict) -> SiteTheme:
        return cls(**cls.card_fields(data))


@record
class SiteDomain(SiteCard):
    """A delve site domain (Barrow, Cavern...): what the site is, and its naming table."""

    name_oracle: str = ""

    @classmethod
    def from_json(cls, data: JsonDict) -> SiteDomain:
        return cls(**cls.card_fields(data), name_oracle=data.get("name_oracle", "") or "")

    def to_json(self) -> JsonDict:
        return {**SiteCard.to_json(self), "name_oracle": self.name_oracle}


@record
class Denizen:
    """A row of a site's denizen table: the range, its frequency, and who, when named."""

    min: int
    max: int
    frequency: str
    npc: str = ""  # an npc id (npc:delve/horrors/wight), "" when the player fills the slot
    name: str = ""  # the denizen's own name, when the site gives one (Alva)

    @classmethod
    def from_json(cls, data: JsonDict) -> Denizen:
        return cls(
            int(data["min"]),
            int(data["max"]),
            data["frequency"],
            data.get("npc", "") or "",
            data.get("name", "") or "",
        )

    def to_json(self) -> JsonDict:
        out: JsonDict = {"min": self.min, "max": self.max, "frequency": self.frequency}
        if self.npc:
            out["npc"] = self.npc
        if self.name:
            out["name"] = self.name
        return out


@record
class DelveSite:
    """A sample delve site: theme, domain, rank, region, description and denizen table."""

    id: str
    name: str
    rank: str
    theme: str
    domain: str
    region: str
    description: str
    page: int | None
    denizens: tuple[Denizen, ...]

    @classmethod
    def from_json(cls, data: JsonDict) -> DelveSite:
        return cls(
            data["id"],
            data["name"],
            data["rank"],
            data["theme"],
            data["domain"],
            data.get("region", "") or "",
            data.get("description", "") or "",
            data.get("page"),
            tuple(Denizen.from_json(d) for d in data.get("denizens") or ()),
        )

    def denizen_for(self, roll: int) -> Denizen | None:
        """The denizen row covering a d100 ``roll``, or None."""
        return next((d for d in self.denizens if d.min <= roll <= d.max), None)

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "rank": self.rank,
            "theme": self.theme,
            "domain": self.domain,
            "region": self.region,
            "description": self.description,
            "page": self.page,
            "denizens": [d.to_json() for d in self.denizens],
        }


@record
class Rarity:
    """A rarity: an item of legend that enhances one asset, bought with experience."""

    id: str
    name: str
    asset: str
    xp_cost: int
    description: str
    page: int | None

    @classmethod
    def from_json(cls, data: JsonDict) -> Rarity:
        return cls(
            data["id"],
            data["name"],
            data["asset"],
            int(data["xp_cost"]),
            data.get("description", "") or "",
            data.get("page"),
        )

    def to_json(self) -> JsonDict:
        return {
            "id": self.id,
            "name": self.name,
            "asset": self.asset,
            "xp_cost": self.xp_cost,
            "description": self.description,
            "page": self.page,
        }
