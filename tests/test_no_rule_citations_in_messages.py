"""No message, note or prompt a player reads cites a rulebook line (``seed 000 L5152-5154``).

The engine cites the rulebook in its docstrings and comments, where a reader of the code
checks it; a player reads the rule's words, not its line number (issue 18). This scans every
string of the package that is not a docstring for a line citation. The one exception is the
campaign options' own ``lines`` field (``"L5127-5135"``), data that ``option --json`` carries
as ``rulebook`` and the text listing leaves out.
"""

from __future__ import annotations

import re
from pathlib import Path

from source_strings import SRC, shown_strings

CITATION = re.compile(r"\bL\d{2,}\b|seed \d{3} L")
DATA_FIELD = re.compile(r"L\d+(-\d+)?")  # a bare line range: an option's lines, as data


def citing_strings(path: Path) -> list[str]:
    """The strings of ``path`` (not docstrings) that cite a rulebook line, with their line."""
    return shown_strings(
        path, lambda text: bool(CITATION.search(text)) and not DATA_FIELD.fullmatch(text)
    )


def test_no_string_a_player_reads_cites_a_rulebook_line() -> None:
    found = {str(path.relative_to(SRC)): citing_strings(path) for path in sorted(SRC.rglob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_scan_sees_a_citation_in_a_note(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docs may cite seed 000 L5152."""\n'
        "def f(ctx):\n"
        '    """So may this (L2716)."""\n'
        '    ctx.note("both miss (seed 000 L5203-5204)")  # and comments: L5203\n'
        '    return {"lines": "L5127-5135"}\n'
    )
    assert citing_strings(module) == ["4: 'both miss (seed 000 L5203-5204)'"]
