"""The list of commands (``ironsworn --help``) says what each command takes: export and import
name the Iron Vault folder beside Markdown and JSON (it said 'export the campaign as Markdown
or JSON', 'import a campaign from JSON'), and character names its list beside creating."""

from __future__ import annotations

import re

import pytest
from cli_support import run


def described(out: str, command: str) -> str:
    """The line (or two) the command list gives ``command``."""
    found = re.search(rf"^    {command}\s+(.*?)\n(?=    \S|\S|\n)", out, re.M | re.S)
    assert found, f"{command} is not in the list of commands"
    return " ".join(found.group(1).split())


def test_the_command_list_names_what_export_import_and_character_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(capsys, "--help")
    assert code == 0
    assert described(out, "export") == "export the campaign: Markdown, JSON or an Iron Vault folder"
    assert described(out, "import") == "import a campaign: JSON or an Iron Vault folder"
    assert described(out, "character") == "create characters (or semi-random ones), list them"
    for kind in ("markdown", "json", "iron-vault"):
        code, _out, err = run(capsys, "export", kind, "--help")
        assert code == 0, (kind, err)
