"""Read Dataforged (v1) JSON: the Starforged moves we ship, and any Dataforged pack a player owns.

Dataforged names things with ``$id`` paths such as ``Starforged/Moves/Adventure/Face_Danger``
and Title-Case keys ("Trigger", "Roll type", "With a Match"). We convert them to our schema and
to Datasworn-style ids: ``move:starforged/adventure/face_danger``,
``oracle_rollable:starforged/core/action``, ``asset:starforged/companion/protocol_bot``,
``npc:starforged/...``, ``truth:starforged/...``. ``Ironsworn/...`` ids become ``classic``.

What is read: move categories (Trigger options with their methods Any / Highest / Lowest /
All and custom stats, outcomes and "With a Match" outcomes, progress moves, variants, markdown
links resolved to our ids), oracle categories (tables, nested categories and oracles, "Multiple
rolls", "Oracle rolls", subtables), asset types, encounters and setting truths. Unknown fields
are ignored; unknown sections and odd rows are reported as warnings.

Run as a program to regenerate the shipped Starforged moves::

    python -m ironsworn.content.dataforged SEED OUT
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import ContentError

if TYPE_CHECKING:
    from ironsworn.content.packs import Converted

LINK = re.compile(
    r"\[([^\]]+)\]\(([A-Z][A-Za-z0-9_]*/(?:Moves|Oracles|Assets|Encounters|Setting_Truths)/[^)\s]+)\)"
)
RANK_NAMES = {1: "troublesome", 2: "dangerous", 3: "formidable", 4: "extreme", 5: "epic"}
METHODS = {"any": "player_choice", "highest": "highest", "lowest": "lowest", "all": "all"}
ROLL_TYPES = {"action roll": "action_roll", "progress roll": "progress_roll"}
# Progress rolls against these are legacy/bond tracks: Datasworn calls them special tracks.
SPECIAL_TRACKS = {"bonds", "quests_legacy", "bonds_legacy", "discoveries_legacy"}
KIND_PREFIX = {
    "moves": "move",
    "oracles": "oracle_rollable",
    "assets": "asset",
    "encounters": "npc",
    "setting_truths": "truth",
}
OUTCOME_NAMES = {"Strong Hit": "strong_hit", "Weak Hit": "weak_hit", "Miss": "miss"}
_NOT_WORD = re.compile(r"[^0-9a-z]+")


def snake(text: str) -> str:
    """``"Face_Danger"`` / ``"Scene Challenge"`` -> ``face_danger`` / ``scene_challenge``."""
    return _NOT_WORD.sub("_", text.casefold().replace("’", "").replace("'", "")).strip("_")


def ruleset_key(root: str) -> str:
    """The ruleset part of our ids for a Dataforged root (``Ironsworn`` is the classic game)."""
    key = snake(root)
    return "classic" if key == "ironsworn" else key


def convert_id(df_id: str, prefix: str | None = None) -> str:
    """``Starforged/Moves/Adventure/Face_Danger`` -> ``move:starforged/adventure/face_danger``."""
    parts = [p for p in df_id.split("/") if p]
    if len(parts) < 2:
        return f"{prefix or 'item'}:{snake(df_id)}"
    kind = snake(parts[1])
    type_prefix = prefix or KIND_PREFIX.get(kind, kind)
    path = "/".join(snake(p) for p in parts[2:]) or snake(parts[1])
    return f"{type_prefix}:{ruleset_key(parts[0])}/{path}"


def rewrite_links(text: str) -> str:
    """Point markdown links at our ids: ``[Pay the Price](move:starforged/fate/pay_the_price)``."""
    return LINK.sub(lambda m: f"[{m.group(1)}]({convert_id(m.group(2))})", text)


def move_links(*texts: str) -> list[str]:
    """The move ids linked from ``texts``, each once, in order of appearance."""
    found: dict[str, None] = {}
    for text in texts:
        for match in LINK.finditer(text):
            target = match.group(2)
            if target.split("/")[1:2] == ["Moves"]:
                found[convert_id(target)] = None
    return list(found)


# --- moves ------------------------------------------------------------------------------------


def _using_name(value: str) -> str:
    # A custom stat is named by its $id inside Using; the option carries its values.
    return "custom" if "/" in value else snake(value)


def convert_move(move: dict[str, Any], category_name: str, warnings: list[str]) -> dict[str, Any]:
    """One Dataforged move object -> one item of our moves schema."""
    df_id = _required(move, "$id", "move")
    name = _required(move, "Name", df_id)
    trigger = move.get("Trigger") or {}
    options: list[dict[str, Any]] = []
    for option in trigger.get("Options") or ():
        method_text = str(option.get("Method", "Any"))
        method = METHODS.get(method_text.casefold())
        if method is None:
            warnings.append(f"{df_id}: unknown Method {method_text!r}, read as player's choice")
            method = "player_choice"
        roll_type_text = str(option.get("Roll type", "Action roll"))
        roll_type = ROLL_TYPES.get(roll_type_text.casefold())
        if roll_type is None:
            warnings.append(f"{df_id}: unknown Roll type {roll_type_text!r}, read as action roll")
            roll_type = "action_roll"
        using = [_using_name(str(u)) for u in option.get("Using") or ()]
        if roll_type == "progress_roll" and using and all(u in SPECIAL_TRACKS for u in using):
            roll_type = "special_track"
        entry: dict[str, Any] = {
            "using": using,
            "method": method,
            "text": option.get("Text", "") or "",
            "roll_type": roll_type,
        }
        custom = option.get("Custom stat")
        if custom:
            entry["custom_stat"] = {
                "name": custom.get("Name", "Custom stat"),
                "options": [
                    {"name": o.get("Name", ""), "value": int(o.get("Value", 0))}
                    for o in custom.get("Options") or ()
                ],
            }
        options.append(entry)
    roll_types = list(dict.fromkeys(o["roll_type"] for o in options))
    methods = list(dict.fromkeys(o["method"] for o in options))
    roll_type = roll_types[0] if len(roll_types) == 1 else ("action_roll" if options else "no_roll")
    outcomes: dict[str, str] | None = None
    matches: dict[str, str] = {}
    raw_outcomes = move.get("Outcomes")
    own = outcomes_in_text(move.get("Text", "") or "")
    if raw_outcomes:
        outcomes = {}
        for label, key in OUTCOME_NAMES.items():
            outcome = raw_outcomes.get(label) or {}
            text_of = outcome.get("Text", "")
            if key in OWN_WORDS.get(df_id, ()) and key in own:
                text_of = own[key]
            outcomes[key] = rewrite_links(text_of)
            match = outcome.get("With a Match")
            if match:
                matches[key] = rewrite_links(match.get("Text", ""))
    text = move.get("Text", "") or ""
    display = move.get("Display") or {}
    variant = move.get("Variant of")
    if variant and display.get("Title") and display["Title"] != name:
        name = display["Title"]  # "Face Danger (Scene Challenge)": names stay unique
    raw_texts = [text]
    if raw_outcomes:
        for label in OUTCOME_NAMES:
            outcome = raw_outcomes.get(label) or {}
            raw_texts.append(outcome.get("Text", ""))
            raw_texts.append((outcome.get("With a Match") or {}).get("Text", ""))
    own_id = convert_id(df_id, "move")
    out: dict[str, Any] = {
        "id": own_id,
        "name": name,
        "category": category_name,
        "page": (move.get("Source") or {}).get("Page"),
        "trigger": trigger.get("Text", "") or "",
        "roll_type": roll_type if options else "no_roll",
        "roll_options": options,
        "rolls": list(dict.fromkeys(u for o in options for u in o["using"])),
        "method": (methods[0] if len(methods) == 1 else "player_choice") if options else "none",
        "progress_move": bool(move.get("Progress Move", False)),
        "allow_momentum_burn": roll_type == "action_roll" and bool(options),
        "adds": [],
        "text": rewrite_links(text),
        "outcomes": outcomes,
        "choices": {},
        "links": [link for link in move_links(*raw_texts) if link != own_id],
        "tables": [convert_id(o, "oracle_rollable") for o in move.get("Oracles") or ()],
    }
    if matches:
        out["match_outcomes"] = matches
    if variant:
        out["variant_of"] = convert_id(variant, "move")
    return out


# Dataforged's outcome texts restate the move's own ("as above" spelled out) and agree with it,
# except these, which say what the move does not: Finish the Scene's miss adds "Make it hurt."
# and turns "dire" into "dramatic"; Finish an Expedition's weak hit gives "formidable=2 box" for
# a reward "one rank lower" (dangerous: 2 ticks). Those outcomes are the move's own words.
OWN_WORDS: dict[str, tuple[str, ...]] = {
    "Starforged/Moves/Scene_Challenge/Finish_the_Scene": ("miss",),
    "Starforged/Moves/Exploration/Finish_an_Expedition": ("weak_hit",),
}

_OUTCOME_START = re.compile(r"^On a \*\*(strong hit|weak hit|miss)\*\*, ", re.MULTILINE)


def outcomes_in_text(text: str) -> dict[str, str]:
    """The outcomes as the move's own text words them ("On a **weak hit**, as above, but..."),
    each from its paragraph to the next outcome's (a table or list under it included). An
    outcome worded with another in one paragraph ("On a **hit**, ... On a **strong hit**, take
    both") is left out."""
    found: dict[str, str] = {}
    starts = list(_OUTCOME_START.finditer(text))
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        body = text[start.end() : end].strip()
        key = start.group(1).replace(" ", "_")
        if "On a **" in body or key in found:
            continue
        found[key] = body[:1].upper() + body[1:]
    return found


def convert_moves(categories: Sequence[Any], warnings: list[str]) -> list[dict[str, Any]]:
    """A Dataforged moves array (categories with ``Moves``) -> our move items."""
    out: list[dict[str, Any]] = []
    for category in categories:
        if not isinstance(category, dict):
            raise ContentError(f"a move category is not an object: {str(category)[:40]!r}")
        category_name = str(category.get("Name") or _required(category, "$id", "move category"))
        for move in category.get("Moves") or ():
            if not isinstance(move, dict):
                raise ContentError(f"{category.get('$id')}: a move is not an object")
            out.append(convert_move(move, category_name, warnings))
    return out


# --- oracles ----------------------------------------------------------------------------------


def _walk_oracles(node: dict[str, Any]) -> Iterable[dict[str, Any]]:
    """Every oracle with a Table under a category or oracle, depth first."""
    if node.get("Table") is not None:
        yield node
    for child in node.get("Oracles") or ():
        if isinstance(child, dict):
            yield from _walk_oracles(child)
    for child in node.get("Categories") or ():
        if isinstance(child, dict):
            yield from _walk_oracles(child)


def convert_oracle(oracle: dict[str, Any], warnings: list[str]) -> list[dict[str, Any]]:
    """One Dataforged oracle -> our table (plus one table per row subtable)."""
    df_id = _required(oracle, "$id", "oracle")
    own_id = convert_id(df_id, "oracle_rollable")
    tables: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    high = 0
    for row in oracle.get("Table") or ():
        floor, ceiling = row.get("Floor"), row.get("Ceiling")
        if floor is None or ceiling is None:
            continue  # a heading row of a printed table, never rolled
        entry: dict[str, Any] = {
            "min": int(floor),
            "max": int(ceiling),
            "text": _row_text(row),
        }
        high = max(high, int(ceiling))
        rolls: list[dict[str, Any]] = []
        multiple = row.get("Multiple rolls")
        if multiple:
            rolls.append(
                {
                    "oracle": "self",
                    "times": int(multiple.get("Amount", 2)),
                    "unique": not multiple.get("Allow duplicates", False),
                }
            )
        for target in row.get("Oracle rolls") or ():
            rolls.append({"oracle": convert_id(str(target), "oracle_rollable"), "times": 1})
        subtable = row.get("Subtable")
        if subtable:
            sub_id = f"{own_id}/{int(floor)}_{int(ceiling)}"
            sub_oracle = {"$id": "", "Name": f"{oracle.get('Name', '')}: {entry['text']}"}
            sub_oracle["Table"] = subtable
            converted = convert_oracle({**sub_oracle, "$id": df_id}, warnings)[0]
            converted["id"] = sub_id
            tables.append(converted)
            rolls.append({"oracle": sub_id, "times": 1})
        if rolls:
            entry["rolls"] = rolls
        rows.append(entry)
    if not rows:
        warnings.append(f"{df_id}: oracle without rollable rows skipped")
        return tables
    sides = 100 if high <= 100 else high
    table = {
        "id": own_id,
        "name": oracle.get("Name") or df_id.rsplit("/", 1)[-1],
        "dice": f"1d{sides}",
        "page": (oracle.get("Source") or {}).get("Page"),
        "rows": rows,
    }
    return [table, *tables]


def _row_text(row: dict[str, Any]) -> str:
    result = str(row.get("Result", "") or "")
    summary = row.get("Summary")
    return f"{result} — {summary}" if summary else result


def convert_oracles(categories: Sequence[Any], warnings: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for category in categories:
        if not isinstance(category, dict):
            raise ContentError(f"an oracle category is not an object: {str(category)[:40]!r}")
        for oracle in _walk_oracles(category):
            out.extend(convert_oracle(oracle, warnings))
    return out


# --- assets, encounters, truths ----------------------------------------------------------------


def convert_assets(types: Sequence[Any], warnings: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for asset_type in types:
        if not isinstance(asset_type, dict):
            raise ContentError("an asset type is not an object")
        type_name = str(asset_type.get("Name", ""))
        for asset in asset_type.get("Assets") or ():
            df_id = _required(asset, "$id", "asset")
            meter = asset.get("Condition Meter") or asset.get("Condition meter")
            inputs = asset.get("Inputs") or []
            out.append(
                {
                    "id": convert_id(df_id, "asset"),
                    "name": _required(asset, "Name", df_id),
                    "type": type_name or str(asset.get("Asset Type", "")),
                    "requirement": asset.get("Requirement", "") or "",
                    "input": (inputs[0].get("Name", "") if inputs else "") or "",
                    "abilities": [
                        {
                            "key": str(i + 1),
                            "text": ability.get("Text", ""),
                            "enabled": bool(ability.get("Enabled", False)),
                        }
                        for i, ability in enumerate(asset.get("Abilities") or ())
                    ],
                    "condition_meter": {
                        "name": meter.get("Name", "health"),
                        "max": int(meter.get("Max", 0)),
                        "value": int(meter.get("Value", meter.get("Max", 0))),
                    }
                    if meter
                    else None,
                    "page": (asset.get("Source") or {}).get("Page"),
                }
            )
    return out


def convert_encounters(items: Sequence[Any], warnings: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in items:
        if not isinstance(item, dict):
            raise ContentError("an encounter is not an object")
        if "Encounters" in item and "Rank" not in item:  # a group by nature (classic)
            for encounter in item.get("Encounters") or ():
                out.append(_encounter(encounter, str(item.get("Name", ""))))
        else:
            out.append(_encounter(item, str(item.get("Nature", ""))))
        for variant in item.get("Variants") or ():
            if isinstance(variant, dict):
                out.append(_encounter(variant, str(item.get("Nature", ""))))
    return out


def _encounter(item: dict[str, Any], category: str) -> dict[str, Any]:
    df_id = _required(item, "$id", "encounter")
    rank = item.get("Rank", "")
    return {
        "id": convert_id(df_id, "npc"),
        "name": _required(item, "Name", df_id),
        "category": category or str(item.get("Nature", "")),
        "rank": RANK_NAMES.get(rank, str(rank)) if isinstance(rank, int) else str(rank),
        "features": item.get("Features") or [],
        "drives": item.get("Drives") or [],
        "tactics": item.get("Tactics") or [],
        "description": item.get("Description", "") or "",
        "quest_starter": item.get("Quest Starter", "") or "",
        "your_truth": item.get("Your Truth", "") or "",
        "page": (item.get("Source") or {}).get("Page"),
    }


def convert_truths(items: Sequence[Any], warnings: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in items:
        if not isinstance(item, dict):
            raise ContentError("a setting truth is not an object")
        df_id = _required(item, "$id", "setting truth")
        options = []
        for i, row in enumerate(item.get("Table") or ()):
            if row.get("Floor") is None or row.get("Ceiling") is None:
                warnings.append(f"{df_id}: truth option without a range skipped")
                continue
            options.append(
                {
                    "key": str(i + 1),
                    "min": int(row["Floor"]),
                    "max": int(row["Ceiling"]),
                    "summary": row.get("Result", "") or "",
                    "text": row.get("Description", "") or "",
                    "quest_starter": row.get("Quest Starter", "") or "",
                }
            )
        out.append(
            {
                "id": convert_id(df_id, "truth"),
                "name": _required(item, "Name", df_id),
                "page": (item.get("Source") or {}).get("Page"),
                "options": options,
            }
        )
    return out


# --- whole files ------------------------------------------------------------------------------

# Normalized top-level key (or $id section) -> converter and our kind.
SECTIONS = {
    "moves": ("moves", convert_moves),
    "movecategories": ("moves", convert_moves),
    "oracles": ("oracles", convert_oracles),
    "oraclecategories": ("oracles", convert_oracles),
    "oraclesets": ("oracles", convert_oracles),
    "assets": ("assets", convert_assets),
    "assettypes": ("assets", convert_assets),
    "encounters": ("npcs", convert_encounters),
    "settingtruths": ("truths", convert_truths),
}


def _section_key(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.casefold())


def looks_like(data: Any) -> bool:
    """True for a Dataforged array of ``$id`` items or a Dataforged object of sections."""
    if isinstance(data, list):
        return bool(data) and all(isinstance(i, dict) and "$id" in i for i in data[:3])
    if isinstance(data, dict):
        return any(_section_key(k) in SECTIONS for k in data) and "datasworn_version" not in data
    return False


def convert(data: Any) -> Converted:
    """Convert a Dataforged file (one section array, or an object of sections)."""
    from ironsworn.content.packs import Converted

    sections: list[tuple[str, list[Any]]] = []
    warnings: list[str] = []
    if isinstance(data, list):
        first = data[0].get("$id", "") if data and isinstance(data[0], dict) else ""
        parts = str(first).split("/")
        if len(parts) < 2 or _section_key(parts[1]) not in SECTIONS:
            raise ContentError(f"unknown Dataforged section in $id {first!r}")
        sections.append((parts[1], data))
    else:
        for key, value in data.items():
            if _section_key(key) in SECTIONS:
                if not isinstance(value, list):
                    value = list(value.values()) if isinstance(value, dict) else None
                if value is None:
                    raise ContentError(f"section {key!r} is not a list")
                sections.append((key, value))
            elif not key.startswith("$") and key not in ("Source", "Ruleset"):
                warnings.append(f"unknown section {key!r} ignored")
    first_id = next(
        (str(item.get("$id")) for _, items in sections for item in items if isinstance(item, dict)),
        "",
    )
    root = first_id.split("/", 1)[0] or "dataforged"
    ruleset = ruleset_key(root)
    source = _source_title(sections)
    converted = Converted(
        pack_id=ruleset,
        name=source or root,
        ruleset=ruleset,
        format="dataforged-1",
        source=source,
        licence=_licence(ruleset),
        warnings=warnings,
    )
    for key, items in sections:
        kind, converter = SECTIONS[_section_key(key)]
        for item in converter(items, warnings):
            converted.add(kind, item)
    return converted


def _source_title(sections: list[tuple[str, list[Any]]]) -> str:
    for _, items in sections:
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("Source"), dict):
                return str(item["Source"].get("Title", ""))
    return ""


def _licence(ruleset: str) -> str:
    if ruleset == "starforged":
        return "Ironsworn: Starforged by Shawn Tomkin, CC BY 4.0"
    if ruleset == "classic":
        return "Ironsworn by Shawn Tomkin, CC BY-NC-SA 4.0"
    return "see the pack's source"


def _required(item: Any, key: str, where: str) -> str:
    if not isinstance(item, dict):
        raise ContentError(f"{where}: expected an object")
    value = item.get(key)
    if not isinstance(value, str) or not value:
        raise ContentError(f"{item.get('$id') or where}: missing {key!r}")
    return value


# --- the shipped Starforged moves -------------------------------------------------------------


def starforged_moves_document(data: Any, seed_name: str, out_name: str) -> dict[str, Any]:
    """The document we ship as ``data/starforged/moves.json``, from the Dataforged moves array."""
    if not isinstance(data, list):
        raise ContentError("the Starforged moves file is not a JSON array of categories")
    warnings: list[str] = []
    moves = convert_moves(data, warnings)
    if warnings:
        raise ContentError("; ".join(warnings))
    return {
        "_licence": (
            "Ironsworn: Starforged rules text by Shawn Tomkin, CC BY 4.0 "
            "(https://creativecommons.org/licenses/by/4.0/). Converted from the Dataforged "
            "moves file for the ironsworn package."
        ),
        "source": {
            "title": "Ironsworn: Starforged Rulebook",
            "authors": ["Shawn Tomkin"],
            "converted_from": f"Dataforged v1 moves file ({seed_name.rsplit('/', 1)[-1]})",
            "command": f"python -m ironsworn.content.dataforged {seed_name} {out_name}",
        },
        "moves": moves,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ironsworn.content.dataforged SEED OUT``: write the converted moves file."""
    import json
    from pathlib import Path

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        sys.stderr.write("usage: python -m ironsworn.content.dataforged SEED OUT\n")
        return 2
    seed, out = Path(args[0]), Path(args[1])
    try:
        data = json.loads(seed.read_bytes())
        document = starforged_moves_document(data, args[0], args[1])
    except (OSError, ValueError, ContentError) as exc:
        sys.stderr.write(f"dataforged: {seed}: {exc}\n")
        return 2
    out.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {len(document['moves'])} moves to {out}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
