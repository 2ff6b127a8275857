"""Count what an official Datasworn 0.2 file holds, by kind, independently of the importer.

The importer's tests compare these counts with what it imported and what it reported as not
used yet: every item must be one or the other. ``python tests/content/datasworn_census.py``
prints the table (file, kind, in the file, imported, reported) for the five official files, then
how many Starforged asset abilities are automated, partial or reminders, and why.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FILES = ("classic", "delve", "lodestar", "starforged", "sundered_isles")
# Datasworn section -> the kind our importer counts it as.
SECTION_KINDS = {
    "moves": "moves",
    "assets": "assets",
    "truths": "truths",
    "atlas": "regions",
    "delve_sites": "sites",
    "site_themes": "site_themes",
    "site_domains": "site_domains",
    "rarities": "rarities",
}


def _contents(collections: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for collection in collections.values():
        yield from (collection.get("contents") or {}).values()
        yield from _contents(collection.get("collections") or {})


def census(path: Path) -> Counter[str]:
    """Items of each kind in the file at ``path`` (our kind names)."""
    data = json.loads(path.read_bytes())
    counts: Counter[str] = Counter()
    for section, kind in SECTION_KINDS.items():
        value = data.get(section) or {}
        if section in ("moves", "assets", "atlas"):
            counts[kind] += sum(1 for _ in _contents(value))
        else:
            counts[kind] += len(value)
    for npc in _contents(data.get("npcs") or {}):
        counts["npcs"] += 1 + len(npc.get("variants") or {})
    for table in _contents(data.get("oracles") or {}):
        # A table whose rolls are shared by columns counts its columns; rows without a range
        # in their column are counted as such.
        tables = list((table.get("contents") or {}).values()) if "rows" not in table else [table]
        counts["oracles"] += len(tables)
        counts["oracle rows"] += sum(1 for t in tables for r in t["rows"] if r.get("roll") is None)
    for move in _contents(data.get("moves") or {}):
        # The tables printed in a move's text are oracle tables of their own.
        counts["oracles"] += sum(1 for t in (move.get("oracles") or {}).values() if "rows" in t)
        counts["oracle rows"] += sum(
            1
            for t in (move.get("oracles") or {}).values()
            for r in t.get("rows", ())
            if not r.get("roll")
        )
    for key, entries in (data.get("rules") or {}).items():
        counts[key.replace("_", " ")] += len(entries)
    for asset in _contents(data.get("assets") or {}):
        for ability in asset.get("abilities") or ():
            counts["asset card changes"] += bool(ability.get("enhance_asset"))
            counts["asset ability oracles"] += bool(ability.get("oracles"))
            fields = ability.get("controls") or ability.get("options")
            counts["asset ability fields"] += bool(fields)
    return +counts  # drop the zeros


def table(root: Path) -> list[tuple[str, str, int, int, int]]:
    """(file, kind, in the file, imported, reported) for each official file under ``root``."""
    import os
    import tempfile

    from ironsworn.content import clear_cache
    from ironsworn.content.packs import convert_file

    rows = []
    with tempfile.TemporaryDirectory() as home:
        os.environ["IRONSWORN_HOME"] = home
        clear_cache()
        for name in FILES:
            converted = convert_file(root / f"{name}.json")
            imported = converted.counts()
            for kind, count in sorted(census(root / f"{name}.json").items()):
                reported = converted.unused.get(kind, (0, ""))[0]
                rows.append((name, kind, count, imported.get(kind, 0), reported))
    return rows


def abilities(root: Path) -> dict[str, Any]:
    """How many abilities of the Starforged cards the engine automates, applies in part or
    keeps as reminders, and why (``ironsworn.moves.assets.coverage.tally``)."""
    import os
    import tempfile

    from ironsworn.content import clear_cache, import_pack, load_library
    from ironsworn.moves.assets.coverage import tally

    with tempfile.TemporaryDirectory() as home:
        os.environ["IRONSWORN_HOME"] = home
        clear_cache()
        import_pack(root / "starforged.json")
        clear_cache()
        counts = tally(load_library().in_ruleset("assets", "starforged").values())
        clear_cache()
    return counts


if __name__ == "__main__":
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/datasworn")
    print("| file | kind | in the file | imported | reported |")
    print("|---|---|---:|---:|---:|")
    for row in table(root):
        print("| " + " | ".join(str(v) for v in row) + " |")
    counts = abilities(root)
    print(
        f"\nStarforged asset abilities: {counts['abilities']}; automated {counts['automated']}, "
        f"partial {counts['partial']}, reminders {counts['reminder']}"
    )
    for reason, count in sorted(counts["reasons"].items()):
        print(f"  {reason}: {count}")
