"""Read Datasworn JSON (schema 0.1 and 0.2): rulesets and expansions.

A Datasworn file is one object for one package::

    {"_id": "delve", "type": "expansion", "ruleset": "classic", "datasworn_version": "0.1.0",
     "title": ..., "authors": [{"name": ...}], "license": ...,
     "moves":   {key: move_category   {"contents": {key: move}, "collections": {...}}},
     "oracles": {key: oracle_collection {"contents": {key: oracle_rollable}, "collections"}},
     "assets":  {key: asset_collection  {"contents": {key: asset}}},
     "npcs":    {key: npc_collection    {"contents": {key: npc}}},
     "truths":  {key: truth},
     "atlas":   {key: atlas_collection  {"contents": {key: atlas_entry}}}}

Ids are already ours (``move:classic/adventure/face_danger``); an item without one gets an id
built from the package id and the keys on its path. Where 0.1 and 0.2 spell a field
differently, both spellings are read:

- oracle rows: ``{"roll": {"min", "max"}, "text"}`` or ``{"min", "max", "result"}``;
- ``oracle_rolls``: ``{"oracle": id | null (this table), "number_of_rolls" | "count",
  "duplicates": "reroll" | "keep" | "make_it_worse"}``;
- move outcomes: ``{"text"}`` objects or plain strings;
- links in text: ``[Name](datasworn:move:...)``, ``[Name](id:move:...)`` or ``[Name](move:...)``.

What is read, and what is only counted:

- moves (with the moves an expansion's move ``replaces``, and special-track rolls: the bonds
  track reads as ``bonds``, the failure track as ``failure``, legacy tracks by their names);
- oracle tables, each row's further columns (``text2``, ``text3``) as its ``details``, and the
  tables a collection ``replaces``; rows with no range in their column (Starforged's
  "Multiple settlements" in one region's column) cannot be rolled there and are counted;
- assets with their abilities' ids, the moves they give and the moves they enhance
  (``enhance_moves``: an automatic ``strong_hit`` / ``weak_hit`` / ``miss`` is kept as such);
- NPCs (and their variants), truths, atlas entries (our regions), and Delve's sites, themes,
  domains and rarities (``content/datasworn_sites.py``).

What the program keeps no place for yet (the ``rules`` section's definitions, which our engine
has as code; an ability's changes to its own card) is counted in ``Converted.unused`` and shown
as one line. Warnings are kept for what a player can act on (an unknown section, an
unreadable roll option, a version that is not 0.1 or 0.2).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ironsworn.errors import ContentError

if TYPE_CHECKING:
    from ironsworn.content.packs import Converted

LINK = re.compile(r"\]\((?:datasworn:|id:)?((?:move|oracle_rollable|asset|npc|truth)[:/][^)\s]+)\)")
RANK_NAMES = {1: "troublesome", 2: "dangerous", 3: "formidable", 4: "extreme", 5: "epic"}
KNOWN_SECTIONS = {
    "moves",
    "oracles",
    "assets",
    "npcs",
    "truths",
    "atlas",
    "rules",
    "delve_sites",
    "site_themes",
    "site_domains",
    "rarities",
}
# Special tracks a move rolls, by Datasworn name -> the name our roll inputs read.
SPECIAL_TRACKS = {"bonds_track": "bonds", "failure_track": "failure"}
# The official expansions and the ruleset each extends: an expansion may only replace or
# enhance items of its own ruleset and of that ruleset's other expansions.
EXPANSIONS = {"delve": "classic", "lodestar": "classic", "sundered_isles": "starforged"}
RULESETS = ("classic", "starforged")
HEADER_KEYS = {
    "_id",
    "id",
    "type",
    "package_type",
    "ruleset",
    "datasworn_version",
    "title",
    "authors",
    "date",
    "url",
    "license",
    "description",
    "_source",
    "source",
    "$schema",
}
METHODS = {"player_choice", "highest", "lowest", "all"}
OUTCOMES = ("strong_hit", "weak_hit", "miss")


def looks_like(data: Any) -> bool:
    """True for an object with ``datasworn_version``, or an ``_id`` and Datasworn sections."""
    if not isinstance(data, dict):
        return False
    if "datasworn_version" in data:
        return True
    return ("_id" in data or "id" in data) and any(
        k in data for k in ("moves", "oracles", "assets")
    )


def _strip_link_prefix(text: str) -> str:
    return LINK.sub(lambda m: f"]({m.group(1)})", text)


def _links(text: str, kind: str = "move") -> list[str]:
    return [m.group(1) for m in LINK.finditer(text) if m.group(1).startswith(kind + ":")]


def _page(item: dict[str, Any]) -> int | None:
    source = item.get("_source") or item.get("source")
    if isinstance(source, dict) and isinstance(source.get("page"), int):
        return int(source["page"])
    return None


def _int(value: Any, where: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e999 reads as infinity
        raise ContentError(f"{where}: {value!r} is not a whole number") from None


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("text") or value.get("result") or "")
    return "" if value is None else str(value)


class _Reader:
    def __init__(self, package: str, ruleset: str, converted: Converted | None = None) -> None:
        if converted is None:
            from ironsworn.content.packs import Converted

            converted = Converted(package, package, ruleset, "datasworn-0.2")
        self.package = package
        self.ruleset = ruleset
        self.warnings: list[str] = converted.warnings
        self.leave_out = converted.leave_out

    def item_id(self, item: dict[str, Any], kind: str, path: list[str]) -> str:
        raw = item.get("_id") or item.get("id")
        if isinstance(raw, str) and raw:
            if ":" in raw:
                return raw
            # 0.0.x style "classic/moves/adventure/face_danger": keep the path, add the type.
            return f"{kind}:{raw}"
        return f"{kind}:{self.package}/" + "/".join(path)

    # --- walking collections --------------------------------------------------------------

    def walk(
        self, collections: Any, path: list[str], section: str
    ) -> Iterator[tuple[list[str], dict[str, Any], dict[str, Any]]]:
        """(path, collection, item) for every item under a dict of collections."""
        if not isinstance(collections, dict):
            raise ContentError(f"section {section!r} is not an object of collections")
        for key, collection in collections.items():
            if not isinstance(collection, dict):
                raise ContentError(f"{section}.{key} is not an object")
            here = [*path, key]
            contents = collection.get("contents") or {}
            if not isinstance(contents, dict):
                raise ContentError(f"{section}.{key}.contents is not an object")
            for item_key, item in contents.items():
                if not isinstance(item, dict):
                    raise ContentError(f"{section}.{key}.{item_key} is not an object")
                yield [*here, item_key], collection, item
            children = collection.get("collections")
            if children:
                yield from self.walk(children, here, f"{section}.{key}")

    # --- moves ------------------------------------------------------------------------------

    def moves(self, section: Any) -> list[dict[str, Any]]:
        out = []
        for path, category, move in self.walk(section, [], "moves"):
            out.append(self.move(move, path, str(category.get("name") or path[0])))
        return out

    def move_oracles(self, section: Any) -> list[dict[str, Any]]:
        """The tables printed in move texts (Delve's Reveal a Danger, the weak-hit columns of
        Delve the Depths), as oracle tables of their own: ``move.oracle_rollable:<move>.<key>``."""
        out = []
        for path, _category, move in self.walk(section, [], "moves"):
            tables = move.get("oracles")
            if not isinstance(tables, dict):
                continue
            for key, table in tables.items():
                if isinstance(table, dict) and isinstance(table.get("rows"), list):
                    out.append(self.oracle(table, [*path, str(key)]))
        return out

    def move(self, move: dict[str, Any], path: list[str], category: str) -> dict[str, Any]:
        move_id = self.item_id(move, "move", path)
        name = move.get("name")
        if not isinstance(name, str) or not name:
            raise ContentError(f"move {move_id}: missing 'name'")
        roll_type = str(move.get("roll_type") or "no_roll")
        trigger = move.get("trigger") or {}
        options: list[dict[str, Any]] = []
        for condition in trigger.get("conditions") or ():
            if isinstance(condition, dict):
                option = self.roll_option(condition, move_id)
                if option is not None:
                    options.append(option)
        if not options and roll_type in ("progress_roll", "special_track"):
            # Progress moves often name their track only in "tracks" ({"category": "Vow"}).
            tracks = move.get("tracks")
            track = tracks.get("category") if isinstance(tracks, dict) else None
            using = re.sub(r"[^0-9a-z]+", "_", str(track).casefold()).strip("_") if track else ""
            options.append({"using": [using or "progress"], "method": "player_choice", "text": ""})
        methods = list(dict.fromkeys(o["method"] for o in options))
        outcomes: dict[str, str] | None = None
        matches: dict[str, str] = {}
        raw_outcomes = move.get("outcomes")
        texts = [str(move.get("text") or "")]
        if isinstance(raw_outcomes, dict):
            outcomes = {}
            for key in OUTCOMES:
                outcome = raw_outcomes.get(key)
                outcomes[key] = _strip_link_prefix(_text(outcome))
                texts.append(_text(outcome))
                if isinstance(outcome, dict):
                    match = outcome.get("match") or outcome.get("with_a_match")
                    if match:
                        matches[key] = _strip_link_prefix(_text(match))
        links = list(dict.fromkeys(link for t in texts for link in _links(t)))
        out: dict[str, Any] = {
            "id": move_id,
            "name": name,
            "category": category,
            "page": _page(move),
            "trigger": str(trigger.get("text") or ""),
            "roll_type": roll_type,
            "roll_options": options,
            "rolls": list(dict.fromkeys(u for o in options for u in o["using"])),
            "method": (methods[0] if len(methods) == 1 else "player_choice") if options else "none",
            "progress_move": roll_type in ("progress_roll", "special_track"),
            "allow_momentum_burn": bool(
                move.get("allow_momentum_burn", roll_type == "action_roll")
            ),
            "adds": [],
            "text": _strip_link_prefix(str(move.get("text") or "")),
            "outcomes": outcomes,
            "choices": {},
            "links": [link for link in links if link != move_id],
            "tables": [str(o) for o in move.get("oracles") or () if isinstance(o, str)],
        }
        if matches:
            out["match_outcomes"] = matches
        replaces = move.get("replaces")
        replaced = [replaces] if isinstance(replaces, str) else replaces or ()
        if isinstance(replaced, list | tuple):
            out["replaces"] = [str(r) for r in replaced if isinstance(r, str) and r]
        return out

    def roll_option(self, condition: dict[str, Any], move_id: str) -> dict[str, Any] | None:
        raw_options = condition.get("roll_options") or ()
        using: list[str] = []
        custom: list[dict[str, Any]] = []
        for option in raw_options:
            if not isinstance(option, dict):
                self.warnings.append(f"move {move_id}: roll option {option!r} ignored")
                continue
            kind = option.get("using")
            if kind in ("stat", "condition_meter", "special_track"):
                value = option.get(str(kind))
                if isinstance(value, str):
                    using.append(value)
                    continue
            elif kind == "custom":
                custom.append(
                    {"name": str(option.get("label", "")), "value": int(option.get("value", 0))}
                )
                continue
            elif kind == "progress_track":
                using.append("progress")
                continue
            elif isinstance(kind, str) and kind.endswith(("_track", "_legacy")):
                # A special track (Datasworn 0.2 names it in "using"): the bonds track of
                # Write Your Epilogue, Delve's failure track, Starforged's legacy tracks.
                using.append(SPECIAL_TRACKS.get(kind, kind))
                continue
            elif isinstance(kind, str) and kind.startswith(("asset_", "attached_asset")):
                control = option.get("control") or option.get("option") or kind
                using.append(f"asset:{control}")
                continue
            self.warnings.append(f"move {move_id}: roll option using {kind!r} ignored")
        if custom:
            using.append("custom")
        if not using:
            return None
        method = str(condition.get("method") or "player_choice")
        if method == "progress_roll":
            method = "player_choice"  # how 0.1 marks the condition of a progress move
        if method not in METHODS:
            self.warnings.append(f"move {move_id}: method {method!r} read as player_choice")
            method = "player_choice"
        entry: dict[str, Any] = {
            "using": using,
            "method": method,
            "text": str(condition.get("text") or ""),
        }
        if custom:
            entry["custom_stat"] = {"name": "Custom stat", "options": custom}
        return entry

    # --- oracles ----------------------------------------------------------------------------

    def oracles(self, section: Any) -> list[dict[str, Any]]:
        out = []
        for path, collection, table in self.walk(section, [], "oracles"):
            replaced = _replaced_tables(collection, path[-1])
            labels = collection.get("column_labels")
            if isinstance(table.get("rows"), list):
                out.append(self.oracle(table, path, replaced, labels))
            elif isinstance(table.get("contents"), dict):
                # A table with shared rolls: its columns are tables of their own.
                for key, column in table["contents"].items():
                    if isinstance(column, dict) and isinstance(column.get("rows"), list):
                        shared = table.get("column_labels") or labels
                        out.append(self.oracle(column, [*path, key], (), shared))
            else:
                self.warnings.append(f"oracle {'/'.join(path)} has no rows; ignored")
        return out

    def oracle(
        self,
        table: dict[str, Any],
        path: list[str],
        replaces: tuple[str, ...] = (),
        labels: Any = None,
    ) -> dict[str, Any]:
        table_id = self.item_id(table, "oracle_rollable", path)
        rows = []
        columns = table.get("column_labels") or labels
        columns = columns if isinstance(columns, dict) else {}
        for index, row in enumerate(table["rows"]):
            if not isinstance(row, dict):
                raise ContentError(f"oracle {table_id}: row {index + 1} is not an object")
            roll = row.get("roll") if "roll" in row else row
            if not isinstance(roll, dict) or roll.get("min") is None or roll.get("max") is None:
                # A result another column of the same printed table has ("Multiple
                # settlements"); in this column it is a dash: it cannot be rolled here.
                self.leave_out("oracle rows", "no range in their column: not rollable there")
                continue
            text = str(row.get("text") or row.get("result") or "")
            where = f"oracle {table_id}: row {index + 1}"
            entry: dict[str, Any] = {
                "min": _int(roll["min"], where),
                "max": _int(roll["max"], where),
                "text": text,
            }
            rolls = [self.oracle_roll(r, table_id) for r in row.get("oracle_rolls") or ()]
            if rolls:
                entry["rolls"] = rolls
            details = [
                f"{columns.get(key) or 'Details'}: {row[key]}"
                for key in ("text2", "text3")
                if isinstance(row.get(key), str) and row[key]
            ]
            if details:
                entry["details"] = details
            rows.append(entry)
        name = table.get("name")
        if not isinstance(name, str) or not name:
            raise ContentError(f"oracle {table_id}: missing 'name'")
        dice = str(table.get("dice") or "1d100")
        out: dict[str, Any] = {
            "id": table_id,
            "name": name,
            "dice": dice,
            "page": _page(table),
            "rows": rows,
        }
        if replaces:
            out["replaces"] = list(replaces)
        return out

    def oracle_roll(self, raw: Any, table_id: str) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise ContentError(f"oracle {table_id}: oracle_rolls entry is not an object")
        target = raw.get("oracle")
        times = raw.get("number_of_rolls", raw.get("count", raw.get("times", 1)))
        duplicates = str(raw.get("duplicates") or "reroll")
        return {
            "oracle": str(target) if target else "self",
            "times": _int(times, f"oracle {table_id}: oracle_rolls"),
            "unique": duplicates == "reroll",
        }

    # --- assets, npcs, truths, regions --------------------------------------------------------

    def assets(self, section: Any) -> list[dict[str, Any]]:
        out = []
        for path, collection, asset in self.walk(section, [], "assets"):
            asset_id = self.item_id(asset, "asset", path)
            meter = None
            for key, control in (asset.get("controls") or {}).items():
                if isinstance(control, dict) and control.get("field_type") == "condition_meter":
                    meter = {
                        "name": str(control.get("label") or key),
                        "max": _int(control.get("max", 0), f"asset {asset_id}: {key}"),
                        "value": _int(
                            control.get("value", control.get("max", 0)),
                            f"asset {asset_id}: {key}",
                        ),
                    }
                    break
            toggles = _toggles(asset.get("controls") or {})
            fields = [
                str(o.get("label") or k)
                for k, o in (asset.get("options") or {}).items()
                if isinstance(o, dict) and o.get("field_type") == "text"
            ]
            out.append(
                {
                    "id": asset_id,
                    "name": self.name(asset, asset_id),
                    "type": str(asset.get("category") or collection.get("name") or path[0]),
                    "requirement": _strip_link_prefix(str(asset.get("requirement") or "")),
                    "input": fields[0] if fields else "",
                    **({"selects": selects} if (selects := _selects(asset)) else {}),
                    "abilities": [
                        self.ability(a, i, [*path, str(i)])
                        for i, a in enumerate(asset.get("abilities") or ())
                        if isinstance(a, dict)
                    ],
                    "condition_meter": meter,
                    **({"toggles": toggles} if toggles else {}),
                    "page": _page(asset),
                }
            )
        return out

    def ability(self, ability: dict[str, Any], index: int, path: list[str]) -> dict[str, Any]:
        """One ability of a card: its id, text, the moves it gives and the moves it enhances."""
        ability_id = self.item_id(ability, "asset.ability", path)
        out: dict[str, Any] = {
            "key": str(index + 1),
            "id": ability_id,
            "text": _strip_link_prefix(str(ability.get("text") or "")),
            "enabled": bool(ability.get("enabled", False)),
        }
        if isinstance(ability.get("name"), str) and ability["name"]:
            out["name"] = ability["name"]
        moves = ability.get("moves") or {}
        if isinstance(moves, dict) and moves:
            out["moves"] = [
                self.move(move, [*path, key], "Asset")
                for key, move in moves.items()
                if isinstance(move, dict)
            ]
        enhances = [self.enhancement(e) for e in ability.get("enhance_moves") or ()]
        if enhances:
            out["enhances"] = [e for e in enhances if e is not None]
        if ability.get("enhance_asset"):
            self.leave_out("asset card changes", "an ability's change to its own card")
        if ability.get("oracles"):
            self.leave_out("asset ability oracles", "oracle tables printed on an ability")
        if ability.get("controls") or ability.get("options"):
            self.leave_out("asset ability fields", "boxes and fields printed on an ability")
        return out

    def enhancement(self, raw: Any) -> dict[str, Any] | None:
        """An ``enhance_moves`` entry: which moves, which roll type, under what conditions."""
        if not isinstance(raw, dict):
            return None
        conditions = []
        for condition in (raw.get("trigger") or {}).get("conditions") or ():
            if not isinstance(condition, dict):
                continue
            method = str(condition.get("method") or "")
            using = [
                str(o.get("stat") or o.get("condition_meter") or o.get("using"))
                for o in condition.get("roll_options") or ()
                if isinstance(o, dict) and o.get("using")
            ]
            by = condition.get("by")
            conditions.append(
                {
                    "text": str(condition.get("text") or ""),
                    # strong_hit / weak_hit / miss: the outcome is given, there is no roll.
                    "automatic": method if method in OUTCOMES else "",
                    "method": method if method in METHODS else "",
                    "using": using,
                    "by_ally": bool(isinstance(by, dict) and by.get("ally")),
                }
            )
        moves = raw.get("enhances")
        return {
            "moves": [str(m) for m in moves if isinstance(m, str)]
            if isinstance(moves, list)
            else [],
            "roll_type": str(raw.get("roll_type") or ""),
            "conditions": conditions,
        }

    def npcs(self, section: Any) -> list[dict[str, Any]]:
        out = []
        for path, collection, npc in self.walk(section, [], "npcs"):
            category = str(collection.get("name") or path[0])
            out.append(self.npc(npc, path, category))
            for key, variant in (npc.get("variants") or {}).items():
                if isinstance(variant, dict):
                    merged = {**npc, **variant, "variants": None}
                    if "_id" not in variant:
                        merged.pop("_id", None)
                    out.append(self.npc(merged, [*path, key], category))
        return out

    def npc(self, npc: dict[str, Any], path: list[str], category: str) -> dict[str, Any]:
        npc_id = self.item_id(npc, "npc", path)
        rank = npc.get("rank", "")
        return {
            "id": npc_id,
            "name": self.name(npc, npc_id),
            "category": category,
            "rank": RANK_NAMES.get(rank, str(rank)) if isinstance(rank, int) else str(rank),
            "features": [str(f) for f in npc.get("features") or ()],
            "drives": [str(f) for f in npc.get("drives") or ()],
            "tactics": [str(f) for f in npc.get("tactics") or ()],
            "description": str(npc.get("description") or ""),
            "quest_starter": str(npc.get("quest_starter") or ""),
            "your_truth": str(npc.get("your_truth") or ""),
            "page": _page(npc),
        }

    def truths(self, section: Any) -> list[dict[str, Any]]:
        if not isinstance(section, dict):
            raise ContentError("section 'truths' is not an object")
        out = []
        for key, truth in section.items():
            if not isinstance(truth, dict):
                raise ContentError(f"truths.{key} is not an object")
            truth_id = self.item_id(truth, "truth", [key])
            options = []
            for index, option in enumerate(truth.get("options") or ()):
                roll = option.get("roll") if "roll" in option else option
                if not isinstance(roll, dict) or roll.get("min") is None:
                    self.warnings.append(f"truth {truth_id}: option {index + 1} has no range")
                    continue
                options.append(
                    {
                        "key": str(index + 1),
                        "min": _int(roll["min"], f"truth {truth_id}: option {index + 1}"),
                        "max": _int(roll["max"], f"truth {truth_id}: option {index + 1}"),
                        "summary": str(option.get("summary") or ""),
                        "text": str(option.get("description") or option.get("text") or ""),
                        "quest_starter": str(option.get("quest_starter") or ""),
                    }
                )
            out.append(
                {
                    "id": truth_id,
                    "name": self.name(truth, truth_id),
                    "page": _page(truth),
                    "options": options,
                }
            )
        # Datasworn keys its truths by name (Artificial Intelligence first); the book tells
        # them in its own order (Starforged: Cataclysm, Exodus, Communities...), which the
        # pages keep. A truth without a page stays where the file put it, after the others.
        out.sort(key=lambda t: (t["page"] is None, t["page"] or 0))
        return out

    def regions(self, section: Any) -> list[dict[str, Any]]:
        out = []
        for path, _collection, entry in self.walk(section, [], "atlas"):
            # Atlas entries become regions under our region: type, keyed by their last part.
            region_id = f"region:{self.package}/{path[-1]}"
            raw = entry.get("_id")
            if isinstance(raw, str) and raw.startswith("region:"):
                region_id = raw
            out.append(
                {
                    "id": region_id,
                    "name": self.name(entry, region_id),
                    "page": _page(entry),
                    "description": str(entry.get("description") or ""),
                    "features": [str(f) for f in entry.get("features") or ()],
                    "quest_starter": str(entry.get("quest_starter") or ""),
                }
            )
        return out

    @staticmethod
    def name(item: dict[str, Any], item_id: str) -> str:
        name = item.get("name")
        if not isinstance(name, str) or not name:
            raise ContentError(f"{item_id}: missing 'name'")
        return name


def convert(data: dict[str, Any]) -> Converted:
    """Convert one Datasworn package object."""
    from ironsworn.content import datasworn_sites
    from ironsworn.content.packs import Converted

    package = data.get("_id") or data.get("id")
    if not isinstance(package, str) or not package:
        raise ContentError("missing the package id ('_id')")
    version = str(data.get("datasworn_version") or "")
    kind = str(data.get("type") or data.get("package_type") or "ruleset")
    ruleset = str(data.get("ruleset") or package) if kind == "expansion" else package
    if kind == "expansion" and ruleset not in RULESETS:
        raise ContentError(
            f"expansion {package} extends ruleset {ruleset!r} "
            f"(accepted: an expansion of {' or '.join(RULESETS)})"
        )
    if package in EXPANSIONS and kind == "expansion" and EXPANSIONS[package] != ruleset:
        raise ContentError(
            f"expansion {package} is for {EXPANSIONS[package]}, not {ruleset} "
            f"(accepted: ruleset {EXPANSIONS[package]!r})"
        )
    authors = ", ".join(
        str(a.get("name")) for a in data.get("authors") or () if isinstance(a, dict)
    )
    title = str(data.get("title") or package)
    converted = Converted(
        pack_id=package,
        name=title,
        ruleset=ruleset,
        format="datasworn-0.1" if version.startswith("0.1") else "datasworn-0.2",
        kind=kind,
        source=f"{title}, {authors}" if authors else title,
        licence=str(data.get("license") or ""),
    )
    reader = _Reader(package, ruleset, converted)
    if not version.startswith(("0.1", "0.2")):
        reader.warnings.append(
            f"datasworn_version {version or 'missing'}: read as 0.2 (accepted: 0.1.x, 0.2.x)"
        )
    sections = {
        "moves": ("moves", reader.moves),
        "oracles": ("oracles", reader.oracles),
        "assets": ("assets", reader.assets),
        "npcs": ("npcs", reader.npcs),
        "truths": ("truths", reader.truths),
        "atlas": ("regions", reader.regions),
    }
    for key, value in data.items():
        if key in sections:
            our_kind, read = sections[key]
            for item in read(value):
                converted.add(our_kind, item)
            if key == "moves":
                for table in reader.move_oracles(value):
                    converted.add("oracles", table)
        elif key in datasworn_sites.SECTIONS:
            our_kind, items = datasworn_sites.read_section(package, key, value)
            for item in items:
                converted.add(our_kind, item)
        elif key == "rules":
            _count_rules(value, converted)
        elif key not in HEADER_KEYS:
            reader.warnings.append(f"unknown section {key!r} ignored")
    if kind == "expansion":
        _refuse_other_ruleset(data, converted)
    return converted


# Why a pack's rules (a special track: Delve's failure track) are not read from its file.
RULES_AS_CODE = "rules this program has as code"


def _count_rules(rules: Any, converted: Converted) -> None:
    """The ``rules`` section defines stats, meters, impacts and special tracks as data; this
    program has them as code (the failure track is Delve's, see issue 25): counted, one line."""
    if not isinstance(rules, dict):
        raise ContentError("section 'rules' is not an object")
    for key, entries in rules.items():
        if isinstance(entries, dict) and entries:
            what = key.replace("_", " ")
            converted.leave_out(what, RULES_AS_CODE, len(entries))


def _refuse_other_ruleset(data: dict[str, Any], converted: Converted) -> None:
    """An expansion replaces or enhances only its own ruleset's items (and its siblings')."""
    mine = {converted.ruleset, converted.pack_id}
    mine |= {name for name, base in EXPANSIONS.items() if base == converted.ruleset}
    for target in _targets(data):
        owner = target.split(":", 1)[-1].split("/", 1)[0]
        if (owner in RULESETS or owner in EXPANSIONS) and owner not in mine:
            raise ContentError(
                f"expansion {converted.pack_id} extends {converted.ruleset} but changes "
                f"{target} (accepted: items of {converted.ruleset} and its expansions)"
            )


def _targets(value: Any) -> Iterator[str]:
    """Every id named in a ``replaces`` or a collection's ``enhances`` in ``value``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                if key in ("replaces", "enhances") and isinstance(child, list | str):
                    for target in [child] if isinstance(child, str) else child:
                        if isinstance(target, str) and not target.startswith("move:*"):
                            yield target
                elif isinstance(child, dict | list):
                    stack.append(child)
        elif isinstance(item, list):
            stack.extend(item)


def _replaced_tables(collection: dict[str, Any], key: str) -> tuple[str, ...]:
    """The tables of the same key in the collections ``collection`` replaces."""
    out = []
    for replaced in collection.get("replaces") or ():
        if isinstance(replaced, str) and replaced.startswith("oracle_collection:"):
            out.append("oracle_rollable:" + replaced.split(":", 1)[1] + "/" + key)
    return tuple(out)


def _selects(asset: dict[str, Any]) -> dict[str, dict[str, str]]:
    """A card's choices of a stat (Devotant's linked stat): option key -> {choice: stat}."""
    out: dict[str, dict[str, str]] = {}
    for key, option in (asset.get("options") or {}).items():
        if not isinstance(option, dict) or option.get("field_type") != "select_value":
            continue
        choices = {
            str(name): str(choice["stat"])
            for name, choice in (option.get("choices") or {}).items()
            if isinstance(choice, dict) and choice.get("using") == "stat" and choice.get("stat")
        }
        if choices:
            out[str(key)] = choices
    return out


def _toggles(controls: dict[str, Any]) -> list[str]:
    """The on/off marks of an asset card: a module's "broken" flip, a vehicle's battered and
    cursed boxes (kept on the card's copy on the sheet)."""
    out = []
    for key, control in controls.items():
        if not isinstance(control, dict):
            continue
        if control.get("field_type") in ("card_flip", "checkbox"):
            out.append(str(control.get("label") or key))
        out += _toggles(control.get("controls") or {})
    return out
