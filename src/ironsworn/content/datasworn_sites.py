"""Read Ironsworn: Delve's site sections of a Datasworn 0.2 file into our schema.

The sections and what they become (records in ``content/sites.py``):

- ``site_themes``  {key: {"_id", "name", "summary", "features": [row], "dangers": [row]}}
- ``site_domains`` {key: {... the same, "name_oracle": oracle id}}
- ``delve_sites``  {key: {"_id", "name", "rank": 1-5, "theme", "domain", "region",
  "description", "denizens": [{"roll", "frequency", "npc"?, "name"?}]}}
- ``rarities``     {key: {"_id", "name", "asset", "xp_cost", "description"}}

where a row is ``{"roll": {"min", "max"}, "text", "suggestions"?: [oracle id]}``. A site's
rank is a number in the file and a rank name with us (``2`` -> ``dangerous``). Ids are kept
as Datasworn spells them (``delve_site_theme:delve/ancient``).
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import ContentError

RANK_NAMES = {1: "troublesome", 2: "dangerous", 3: "formidable", 4: "extreme", 5: "epic"}
SECTIONS = {  # Datasworn section -> (our kind, id type)
    "site_themes": ("site_themes", "delve_site_theme"),
    "site_domains": ("site_domains", "delve_site_domain"),
    "delve_sites": ("sites", "delve_site"),
    "rarities": ("rarities", "rarity"),
}


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentError(f"{where}: {value!r} is not a whole number")
    return value


def _page(item: dict[str, Any]) -> int | None:
    source = item.get("_source")
    if isinstance(source, dict) and isinstance(source.get("page"), int):
        return int(source["page"])
    return None


def _name(item: dict[str, Any], where: str) -> str:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise ContentError(f"{where}: missing 'name'")
    return name


def _range(raw: dict[str, Any], where: str) -> tuple[int, int]:
    roll = raw.get("roll")
    if not isinstance(roll, dict):
        raise ContentError(f"{where}: no range (a 'roll' with min and max)")
    return _int(roll.get("min"), where), _int(roll.get("max"), where)


def _rows(rows: Any, where: str) -> list[dict[str, Any]]:
    if not isinstance(rows, list):
        raise ContentError(f"{where} is not a list of rows")
    out = []
    for index, row in enumerate(rows):
        here = f"{where} row {index + 1}"
        if not isinstance(row, dict):
            raise ContentError(f"{here} is not an object")
        low, high = _range(row, here)
        entry: dict[str, Any] = {"min": low, "max": high, "text": str(row.get("text") or "")}
        suggestions = [s for s in row.get("suggestions") or () if isinstance(s, str)]
        if suggestions:
            entry["suggestions"] = suggestions
        out.append(entry)
    return out


def read_section(package: str, section: str, data: Any) -> tuple[str, list[dict[str, Any]]]:
    """Our kind and the items of one of the four Delve sections (see the module docstring)."""
    kind, id_type = SECTIONS[section]
    if not isinstance(data, dict):
        raise ContentError(f"section {section!r} is not an object")
    out = []
    for key, item in data.items():
        if not isinstance(item, dict):
            raise ContentError(f"{section}.{key} is not an object")
        raw_id = item.get("_id")
        item_id = raw_id if isinstance(raw_id, str) and raw_id else f"{id_type}:{package}/{key}"
        out.append(_READERS[kind](item, item_id))
    return kind, out


def _theme(item: dict[str, Any], item_id: str) -> dict[str, Any]:
    return {
        "id": item_id,
        "name": _name(item, item_id),
        "summary": str(item.get("summary") or ""),
        "page": _page(item),
        "features": _rows(item.get("features") or [], f"{item_id} features"),
        "dangers": _rows(item.get("dangers") or [], f"{item_id} dangers"),
    }


def _domain(item: dict[str, Any], item_id: str) -> dict[str, Any]:
    out = _theme(item, item_id)
    oracle = item.get("name_oracle")
    out["name_oracle"] = oracle if isinstance(oracle, str) else ""
    return out


def _site(item: dict[str, Any], item_id: str) -> dict[str, Any]:
    rank = item.get("rank")
    if rank not in RANK_NAMES:
        raise ContentError(f"{item_id}: rank {rank!r} (accepted: 1-5)")
    denizens = []
    for index, raw in enumerate(item.get("denizens") or ()):
        here = f"{item_id} denizen {index + 1}"
        if not isinstance(raw, dict):
            raise ContentError(f"{here} is not an object")
        low, high = _range(raw, here)
        entry: dict[str, Any] = {"min": low, "max": high, "frequency": str(raw.get("frequency"))}
        for field in ("npc", "name"):
            if isinstance(raw.get(field), str) and raw[field]:
                entry[field] = raw[field]
        denizens.append(entry)
    return {
        "id": item_id,
        "name": _name(item, item_id),
        "rank": RANK_NAMES[rank],
        "theme": str(item.get("theme") or ""),
        "domain": str(item.get("domain") or ""),
        "region": str(item.get("region") or ""),
        "description": str(item.get("description") or ""),
        "page": _page(item),
        "denizens": denizens,
    }


def _rarity(item: dict[str, Any], item_id: str) -> dict[str, Any]:
    asset = item.get("asset")
    if not isinstance(asset, str) or not asset:
        raise ContentError(f"{item_id}: no asset named")
    return {
        "id": item_id,
        "name": _name(item, item_id),
        "asset": asset,
        "xp_cost": _int(item.get("xp_cost"), f"{item_id}: xp_cost"),
        "description": str(item.get("description") or ""),
        "page": _page(item),
    }


_READERS = {
    "site_themes": _theme,
    "site_domains": _domain,
    "sites": _site,
    "rarities": _rarity,
}
