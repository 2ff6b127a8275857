"""The lasting effects on the command line: gained by a move, listed on the sheet and by
``lasting``, named with ``--asset``, ended, given and taken by hand (undoable); bad input is one
line, exit 2, and changes no file."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture(autouse=True)
def _own_home(home: Path) -> Path:
    """Every test here runs in a data home of its own (the shared fixture)."""
    return home


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return json.loads(out)


def files(home: Path) -> dict[str, str]:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in home.rglob("*") if p.is_file()
    }


def keen(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "keen")
    run(capsys, "character", "new", "Bram", "--stats", STATS)
    result = run(capsys, "move", "keen", "--character", "Asha", "--dice", "6,1,2")
    assert {"target": "lasting:keen", "from": False, "to": True, "character": "Asha"} in result[
        "effects"
    ]


def test_list_sheet_give_end_and_undo(capsys: pytest.CaptureFixture[str]) -> None:
    keen(capsys)
    rows = run(capsys, "lasting", "--character", "Asha")
    assert [(r["id"], r["source"]) for r in rows] == [("keen", "Keen 1")]
    sheet = run(capsys, "sheet", "--character", "Asha")
    assert [e["id"] for e in sheet["lasting"]] == ["keen"]
    main(["sheet", "--character", "Asha"])
    assert "lasting effects:" in capsys.readouterr().out
    run(capsys, "lasting", "give", "keen", "--to", "Bram", "--character", "Asha")
    assert [r["id"] for r in run(capsys, "lasting", "list", "--character", "Bram")] == ["keen"]
    ended = run(capsys, "lasting", "end", "keen", "--character", "Bram")
    assert {"target": "lasting:keen", "from": True, "to": False, "character": "Bram"} in ended[
        "effects"
    ]
    assert main(["undo"]) == 0
    capsys.readouterr()
    assert [r["id"] for r in run(capsys, "lasting", "list", "--character", "Bram")] == ["keen"]
    main(["log"])
    assert "Bram's keen ends" not in capsys.readouterr().out


def test_fits_and_a_move_name_it(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "divination")
    run(capsys, "move", "cast", "runes", "--dice", "6,1,2")
    rows = run(capsys, "asset", "fits", "gather", "information")
    assert [(r["asset"], r["when"]) for r in rows] == [("reading", "you use the reading")]
    result = run(capsys, "move", "gather", "information", "--asset", "reading", "--dice", "6,1,10")
    assert result["roll"]["adds"] == 1
    assert result["assets"] == ["Divination 1 · reading"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["lasting", "end", "elixir", "--character", "Asha"], "no lasting effect 'elixir'"),
        (["lasting", "use", "keen", "--character", "Asha"], "'lasting use' is for"),
        (["lasting", "give", "keen", "--to", "Nobody", "--character", "Asha"], "'Nobody'"),
        (["lasting", "take", "trophy", "cup", "--character", "Asha"], "trophy 'cup' is unknown"),
        (["lasting", "take", "trophy", "ritual", "--character", "Asha"], "no Slayer"),
        (
            [
                "move",
                "face",
                "danger",
                "--stat",
                "edge",
                "--asset",
                "keen",
                "--dice",
                "6,1,2",
                "--character",
                "Asha",
            ],
            "acts on strike or clash",
        ),
    ],
)
def test_bad_input(
    capsys: pytest.CaptureFixture[str], home: Path, argv: list[str], words: str
) -> None:
    keen(capsys)
    before = files(home)
    assert main(argv) == 2
    _out, err = capsys.readouterr()
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert files(home) == before
