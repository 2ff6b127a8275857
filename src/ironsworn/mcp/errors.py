"""How the MCP server words an error: its one line, and the data it carries as JSON.

The table API's errors carry data (``InvalidValue``: the input, the value and what is
accepted; ``NotFound``: the kind, the name and the closest candidates); a model gets both the
sentence and the fields, so it can correct its call without parsing prose. The line says
what would be accepted on its own, as the command line and the web table say it: a client
may show a model only the text of a result, not its structured content.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import IronswornError, NoCharacterYet, NotFound, one_line


def error_line(exc: IronswornError) -> str:
    """The error's one line; for a name that matches nothing, with the closest names (for a
    name of a group of tables, the words naming each table of the group)."""
    line = str(exc)
    if isinstance(exc, NoCharacterYet):
        return f"{line} (the character tool makes one: a name and the five stats)"
    if getattr(exc, "pack", None) is not None:
        # A model cannot import a pack: the players do, with their own file.
        line += f" ({PACK_IMPORTED})"
    if isinstance(exc, NotFound):
        from ironsworn.content.lookup import GroupNamed

        if isinstance(exc, GroupNamed):
            line += ": " + ", ".join(f"{words} ({what})" for words, what in exc.choices)
        elif exc.candidates and "(accepted: " not in line:
            # (as a person types them; a line that lists what is accepted says them already)
            line += "; closest: " + ", ".join(exc.closest)
        elif exc.kind is not None and exc.pack is None:
            # Nothing close: what is accepted, and where a model reads the names.
            # (a kind may name its ruleset: "classic asset" is read where the assets are)
            named = NAMED_IN.get(exc.kind) or NAMED_IN.get(exc.kind.split()[-1])
            line += f" (accepted: {named or f'a {exc.kind} by its id or name'})"
    return one_line(line)


# How a content pack the campaign lacks comes to it: a player's own Datasworn file, imported
# where this server is not (it offers no import).
PACK_IMPORTED = (
    "a player imports it, with the command line's content import or the web table's "
    "Campaigns tab; this server cannot"
)

# Where a model reads every name a kind of content accepts (the server's resources).
NAMED_IN = {
    "move": "a move of the campaign's ruleset by its id or name, as the resources "
    "ironsworn://move/{id} list them",
    "oracle table": "an oracle table by its id or name, as the resources "
    "ironsworn://oracle/{id} list them",
    "asset": "an asset card by its id or name, as the resources ironsworn://asset/{id} list them",
}  # a pasted page it names, by its start


def error_data(exc: IronswornError) -> dict[str, Any]:
    """``{"error": the one line, ...the error's own data}`` (JSON-able)."""
    data: dict[str, Any] = {"error": error_line(exc)}
    own = getattr(exc, "data", None)
    if callable(own):
        data.update(own())
    else:
        candidates = getattr(exc, "candidates", None)
        if candidates:
            data["candidates"] = list(candidates)
    return data
