"""No message raised below the surfaces names a command-line flag (``--amount``).

Flags exist only in ``cli/``: below it, errors carry the input's name as data
(:mod:`ironsworn.errors`) and each surface words it (the command line names its flag, the web
the input). This scans every string of the package outside ``cli/`` that is not a docstring
(messages, notes, prompts are all made of such strings) for a ``--word``, and so every text of
the package's data files (a lasting effect's words are shown to the player) and every string
of the web page's scripts (comments aside; a CSS ``var(--name)`` is not a flag).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from source_strings import SRC, shown_strings

FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def flag_strings(path: Path) -> list[str]:
    """The strings of ``path`` (not docstrings) that hold a ``--flag``, with their line."""
    return shown_strings(path, lambda text: bool(FLAG.search(text)))


def test_no_string_below_the_command_line_names_a_flag() -> None:
    found = {
        str(path.relative_to(SRC)): flag_strings(path)
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "cli"
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


# A command of the command line quoted in a message ("start one with 'ironsworn campaign new'").
COMMAND = re.compile(r"'ironsworn [a-z]")


def test_no_string_below_the_command_line_quotes_a_command() -> None:
    """A message below the command line says what to do in the game's words (create a
    campaign, choose one), as every surface can; the command line's own commands are its."""
    found = {
        str(path.relative_to(SRC)): shown_strings(path, lambda text: bool(COMMAND.search(text)))
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "cli"
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


def texts(value: Any) -> Iterator[str]:
    """Every string of a JSON document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item)


def test_no_text_of_the_data_files_names_a_flag() -> None:
    found = {
        str(path.relative_to(SRC)): [
            t[:80] for t in texts(json.loads(path.read_text("utf-8"))) if FLAG.search(t)
        ]
        for path in sorted(SRC.rglob("*.json"))
        if path.relative_to(SRC).parts[0] != "cli"
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


# A string of a script: double, single or back quotes (a template's ${...} is read as text).
SCRIPT_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')


def script_flags(text: str) -> list[str]:
    """The strings of a script (its ``//`` comment lines left out) that hold a ``--flag``."""
    code = "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))
    return [
        s[:80]
        for s in (m.group(0) for m in SCRIPT_STRING.finditer(code))
        if any(f"var({f.group(0)}" not in s for f in FLAG.finditer(s))
    ]


def test_no_string_of_the_web_pages_scripts_names_a_flag() -> None:
    static = SRC / "web" / "static"
    found = {path.name: script_flags(path.read_text("utf-8")) for path in static.glob("*.js")}
    assert found and {name: lines for name, lines in found.items() if lines} == {}


def test_the_script_scan_sees_a_flag_in_a_string() -> None:
    script = '// says --amount\nconst a = "var(--gap)";\nshow(`needs --stat ${x}`);\n'
    assert script_flags(script) == ["`needs --stat ${x}`"]


def test_the_scan_sees_a_flag_in_a_message(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        '"""Docs may say --amount."""\n'
        "def f(x):\n"
        '    """So may this: --stat."""\n'
        '    raise ValueError(f"{x} needs --amount")\n'
    )
    assert flag_strings(module) == ["4: ' needs --amount'"]
