"""Helpers of the Iron Vault tests: play a campaign on the command line, read an exported
folder's notes and mechanics blocks (with kdl-py, a KDL parser that is not ours)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
BLOCK = re.compile(r"```iron-vault-mechanics\n(.*?)```", re.S)


def play(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run one command that must succeed; its standard output."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, f"{argv}: {err}"
    return out


def play_classic(capsys: pytest.CaptureFixture[str]) -> None:
    """A classic campaign with rolls, decisions, a burn, a fight, an oracle and changes."""
    play(capsys, "campaign", "new", "t")
    play(capsys, "character", "new", "Asha", "--stats", STATS, "--asset", "hawk:1=Kestrel")
    play(capsys, "journal", "add", "Snow fell on the Havens.")
    play(capsys, "ask", "likely", "--value", "30", "--question", "Is it dark?", "--record")
    play(capsys, "move", "face_danger", "--stat", "edge", "--add", "1", "--dice", "3,5,8")
    play(capsys, "choose", "endure_harm", "--dice", "1,9,9")
    play(capsys, "journal", "add", "The wolves circled.")
    for _ in range(3):  # momentum 1 -> 3 -> 5 -> 7, to burn
        play(capsys, "move", "secure_an_advantage", "--stat", "edge", "--dice", "6,1,2")
        play(capsys, "choose", "prepare_to_act")
    play(capsys, "move", "face_danger", "--stat", "shadow", "--dice", "1,5,8")
    play(capsys, "burn")
    play(capsys, "choose", "suffer_momentum")
    play(capsys, "vow", "new", "Find the lost child", "--rank", "dangerous")
    play(capsys, "progress", "mark", "lost child")
    play(capsys, "fight", "new", "--foe", "wolf", "--rank", "formidable")
    play(capsys, "move", "enter the fray", "--stat", "heart", "--track", "wolf", "--dice", "6,1,2")
    play(capsys, "move", "strike", "--stat", "iron", "--track", "wolf", "--dice", "6,1,2")
    play(capsys, "move", "end the fight", "--track", "wolf", "--dice", "1,2")
    play(capsys, "oracle", "roll", "action", "--seed", "4", "--record")
    play(capsys, "debility", "mark", "shaken")
    play(capsys, "adjust", "supply", "-1")
    play(capsys, "journal", "add", "Night came.\n\nThe fire held.")


def play_co_op(capsys: pytest.CaptureFixture[str], *, each_faces_danger: bool = False) -> None:
    """A classic campaign of two characters, Asha and Brand; ``each_faces_danger``: each then
    makes Face Danger (a strong hit), Asha first."""
    play(capsys, "campaign", "new", "t")
    play(capsys, "character", "new", "Asha", "--stats", STATS)
    play(capsys, "character", "new", "Brand", "--stats", STATS)
    if each_faces_danger:
        for who in ("Asha", "Brand"):
            play(
                capsys,
                "move",
                "face_danger",
                "--stat",
                "edge",
                "--dice",
                "6,1,2",
                "--character",
                who,
            )


def read_note(path: Path) -> tuple[dict[str, Any], str]:
    """A note's frontmatter (read with PyYAML) and body."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("---\n"), path
    head, _, body = text[4:].partition("\n---\n")
    data = yaml.safe_load(head)
    assert isinstance(data, dict)
    return data, body


def blocks(folder: Path) -> list[str]:
    """Every mechanics block of the journals, in order."""
    out: list[str] = []
    for journal in sorted((folder / "Journals").glob("*.md")):
        out += BLOCK.findall(journal.read_text(encoding="utf-8"))
    return out


def walk(nodes: Any) -> list[Any]:
    """kdl-py nodes in document order, children after their parent."""
    out: list[Any] = []
    for node in nodes:
        out.append(node)
        out += walk(node.nodes)
    return out


def number(value: Any) -> Any:
    """kdl-py reads every number as a float: a whole one back as an int."""
    return int(value) if isinstance(value, float) and value.is_integer() else value
