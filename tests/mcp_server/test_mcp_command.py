"""``ironsworn mcp`` on the command line: its options, and one line for each mistake."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ironsworn.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["mcp", "--port", "9000"], "--port '9000' is for --http (accepted: --http --port N)"),
        (["mcp", "--host", "0.0.0.0"], "--host is for --http"),
        (["mcp", "--http", "--port", "99999"], "--port"),
        (["mcp", "--http", "--new-token"], "--new-token is for a server others reach"),
    ],
)
def test_a_mistake_is_one_line_and_exit_2(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err
    assert not (home / "campaigns").exists()  # nothing was made


def test_without_the_sdk_it_says_how_to_install_it(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)  # as if the extra were not installed
    assert main(["mcp"]) == 2
    assert "pip install 'ironsworn[mcp]'" in capsys.readouterr().err
