"""A move's text as a terminal shows it.

An imported Datasworn pack writes its move texts in Markdown: links (``[Reveal a
Danger](move:delve/delve/reveal_a_danger)``), emphasis (``On a __strong hit__``, Starforged's
``**strong hit**``) and the tables a move prints, embedded by id (``{{table>ID}}``, or
``{{table_columns>MOVE}}`` for a table of several columns, Delve the Depths' one a stat). A
terminal shows the words: the links' words, the emphasis plain, and each embedded table either
as its rows (reading a move) or left out (a move made: the engine rolls the table and shows the
row).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ironsworn.content.embedded import EMBEDDED, embedded_tables
from ironsworn.moves.assets.cards import unlinked

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import OracleTable

_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1")


def move_words(text: str, library: Ruleset | None = None) -> str:
    """``text`` in plain words; each table it embeds as its rows from ``library`` (the tables
    of the move), or left out without one."""

    def table(found: re.Match[str]) -> str:
        if library is None:
            return ""
        tables = embedded_tables(library, found)
        return "\n".join(_rows(t, titled=len(tables) > 1) for t in tables)

    plain = EMBEDDED.sub(table, unlinked(text))
    return _EMPHASIS.sub(r"\2", plain).strip()


def _rows(table: OracleTable, titled: bool) -> str:
    lines = [f"  {table.name}:"] if titled else []
    indent = "    " if titled else "  "
    for row in table.rows:
        span = str(row.min) if row.min == row.max else f"{row.min}-{row.max}"
        lines.append(f"{indent}{span:>6}  {unlinked(row.text)}")
    return "\n".join(lines)
