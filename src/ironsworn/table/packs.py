"""Content packs: the packs there are (bundled and imported), and importing one.

A pack is a Datasworn or Dataforged JSON file converted to this program's own data and kept
under the player's data home; every campaign of its ruleset offers its content. These
operations work on the player's packs rather than one campaign: they run at a table without a
store (:mod:`ironsworn.table.home`).
"""

from __future__ import annotations

from typing import Any

from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table


def packs(table: Table, args: JsonDict) -> list[Any]:
    """Every pack, bundled first: id, name, ruleset, whether bundled, what it holds."""
    from ironsworn.content.packs import list_packs

    return [p.to_json() for p in list_packs()]


def pack_import(table: Table, args: JsonDict) -> JsonDict:
    """Convert the Datasworn or Dataforged ``file`` and install it (as pack ``as``, when
    given); what it holds, what was left out, and the problems seen."""
    from ironsworn.content.packs import import_pack

    report = import_pack(args["file"], args.get("as"))
    return report.to_json()


HOME_OPERATIONS = (
    Operation("packs", "the content packs there are, bundled and imported", packs, writes="never"),
    Operation(
        "pack_import",
        "import a Datasworn or Dataforged JSON file as a content pack",
        pack_import,
        (
            Input("file", "text", "the Datasworn or Dataforged JSON file", True),
            Input("as", "text", "the pack id to install it under (default: the file's own)"),
        ),
    ),
)
