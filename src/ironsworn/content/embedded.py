"""The oracle tables a move's text embeds by id, as an imported Datasworn pack writes them.

A pack's move text may print a table in its outcome: ``{{table>ID}}`` embeds the oracle table
``ID``; ``{{table_columns>MOVE}}`` the tables of the move's own columns (Delve the Depths' weak
hit: a column for each stat it rolls, ``move.oracle_rollable:<the move's path>.<column>``).
Each surface shows them its own way (a terminal as rows, the web as a Markdown table); a move
made shows none of them, as the engine rolls the table and says the row.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import OracleTable

EMBEDDED = re.compile(r"\{\{(table|table_columns)>([^}]+)\}\}")


def embedded_tables(library: Ruleset, found: re.Match[str]) -> list[OracleTable]:
    """The tables one embedding (a match of :data:`EMBEDDED`) names, in the library's order;
    none where the library has them not."""
    kind, target = found.group(1), found.group(2).strip()
    if kind == "table":
        return [library.oracles[target]] if target in library.oracles else []
    prefix = "move.oracle_rollable:" + target.split(":", 1)[-1] + "."
    return [t for i, t in library.oracles.items() if i.startswith(prefix)]


def without_tables(text: str) -> str:
    """``text`` with its embedded tables left out (a move made: its row is told instead)."""
    return EMBEDDED.sub("", text) if "{{" in text else text


def markdown_tables(text: str, library: Ruleset) -> str:
    """``text`` with each embedded table written as a Markdown table (a column's headed by its
    name where the embedding names several)."""
    if "{{" not in text:
        return text

    def tables(found: re.Match[str]) -> str:
        named = embedded_tables(library, found)
        return "\n\n".join(_markdown(t, titled=len(named) > 1) for t in named)

    return EMBEDDED.sub(tables, text)


def _markdown(table: OracleTable, titled: bool) -> str:
    head = f"**{table.name}**\n\n" if titled else ""
    rows = [
        f"| {row.min if row.min == row.max else f'{row.min}-{row.max}'} | "
        + row.text.replace("|", "\\|").replace("\n", " ")
        + " |"
        for row in table.rows
    ]
    return head + "\n".join(["| Roll | Result |", "|---:|---|", *rows])
