"""``oracle list`` as the books nest their oracles: by pack, then by the folders of the tables'
ids (Delve's ``Site Name`` > ``Place`` > ``Barrow``), the tables printed in a move's text under
``Move tables`` and the move's name. The JSON stays the flat list; only the text is nested.
"""

from __future__ import annotations

from typing import Any

Row = dict[str, Any]


def folders(table_id: str) -> tuple[str, list[str]]:
    """(pack, folder words) of an oracle id: ``oracle_rollable:delve/site_name/place/barrow``
    -> ``("delve", ["Site Name", "Place"])``; a move's table
    ``move.oracle_rollable:delve/delve/delve_the_depths.edge`` -> ``("delve", ["Move tables",
    "Delve the Depths"])``."""
    kind, _, path = table_id.partition(":")
    parts = path.split("/")
    pack = parts[0]
    if kind.startswith("move."):
        move = parts[-1].split(".", 1)[0]
        return pack, ["Move tables", _title(move)]
    return pack, [_title(p) for p in parts[1:-1]]


_SMALL = {"a", "an", "the", "of", "and", "or", "to", "in", "on", "your"}


def _title(key: str) -> str:
    words = key.replace("_", " ").split()
    return " ".join(
        w if (i and w in _SMALL) else w[:1].upper() + w[1:] for i, w in enumerate(words)
    )


def oracle_tree(rows: list[Row]) -> str:
    """The rows of ``oracle list`` nested by pack and folder, in the order they came."""
    # One column for the ids, whatever the depth of each name.
    width = max((2 * (len(folders(str(r["id"]))[1]) + 1) + len(r["name"]) for r in rows), default=0)
    lines: list[str] = []
    shown: list[str] = []  # the folder path printed last: [pack, folder, folder...]
    for row in rows:
        pack, path = folders(str(row["id"]))
        here = [pack, *path]
        same = 0
        while same < min(len(here), len(shown)) and here[same] == shown[same]:
            same += 1
        for depth in range(same, len(here)):
            lines.append("  " * depth + here[depth])
        shown = here
        indent = "  " * len(here)
        extra = next((str(v) for k, v in row.items() if k not in ("id", "name")), "")
        tail = f"  [{extra}]" if extra else ""
        lines.append(f"{indent + row['name']:<{width}}{tail}".rstrip())
    return "\n".join(lines) or "(none)"
