"""Content packs: the packs there are (bundled and imported), and importing one.

A pack is a Datasworn or Dataforged JSON file converted to this program's own data and kept
under the player's data home; every campaign of its ruleset offers its content. These
operations work on the player's packs rather than one campaign: they run at a table without a
store (:mod:`ironsworn.table.home`).
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import ContentError, InvalidValue
from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table


def packs(table: Table, args: JsonDict) -> list[Any]:
    """Every pack, bundled first: id, name, ruleset, whether bundled, what it holds."""
    from ironsworn.content.packs import list_packs

    return [p.to_json() for p in list_packs()]


# What ``file`` accepts, in the words of an error refusing it.
ANY_PACK = "a Datasworn or Dataforged JSON file"


def pack_import(table: Table, args: JsonDict) -> JsonDict:
    """Convert the Datasworn or Dataforged ``file`` and install it (as pack ``as``, when
    given); what it holds, what was left out, and the problems seen. With ``ruleset`` the
    file must be that ruleset's own Datasworn file (Starforged's content comes from the
    player's copy): a file of another ruleset or an expansion is refused.

    A file that cannot be read or converted is refused as a bad value of ``file`` (what is
    accepted with it), before anything is installed."""
    from ironsworn.content.own_content import OWN_FILES, import_own_file
    from ironsworn.content.packs import import_pack

    ruleset = args.get("ruleset")
    if ruleset is not None and ruleset not in OWN_FILES:
        raise InvalidValue(
            input="ruleset", value=ruleset, accepted=list(OWN_FILES), why="brings no file"
        )
    try:
        if ruleset is not None:
            report = import_own_file(args["file"], ruleset)
        else:
            report = import_pack(args["file"], args.get("as"))
    except ContentError as exc:
        wanted = ANY_PACK if ruleset is None else f"the {ruleset} ruleset's own file"
        if ruleset is not None:
            wanted += f" ({OWN_FILES[ruleset].file})"
        # The converter's words are kept (with any input they name, such as ``as``).
        raise InvalidValue(
            exc.pattern or str(exc),
            input="file",
            value=args["file"],
            accepted=wanted,
            names=exc.names,
        ) from None
    return report.to_json()


def _own_rulesets() -> tuple[str, ...]:
    from ironsworn.content.own_content import OWN_FILES

    return tuple(OWN_FILES)


HOME_OPERATIONS = (
    Operation("packs", "the content packs there are, bundled and imported", packs, writes="never"),
    Operation(
        "pack_import",
        "import a Datasworn or Dataforged JSON file as a content pack",
        pack_import,
        (
            Input("file", "text", "the Datasworn or Dataforged JSON file", True),
            Input("as", "text", "the pack id to install it under (default: the file's own)"),
            Input(
                "ruleset",
                "text",
                "the ruleset whose own Datasworn file it must be (default: any pack)",
                fixed=_own_rulesets(),
            ),
        ),
    ),
)
