"""``ironsworn initiative VALUE``: the initiative (classic) or the position (Starforged: in
control, in a bad spot) set by hand, as an event that undo takes back; bad input is one line,
exit 2, and nothing stored changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run


def sheet(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code, out, err = run(capsys, "sheet", "--json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


@pytest.mark.parametrize(
    ("ruleset", "name", "have", "lose", "field", "shown"),
    [
        ("classic", "Asha", ["have"], ["lose"], "initiative", (True, False)),
        (
            "starforged",
            "Kira",
            ["in", "control"],
            ["bad", "spot"],
            "position",
            ("in control", "in a bad spot"),
        ),
    ],
)
def test_initiative_by_hand_and_undo(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    name: str,
    have: list[str],
    lose: list[str],
    field: str,
    shown: tuple[object, object],
) -> None:
    assert run(capsys, "campaign", "new", "c", "--ruleset", ruleset)[0] == 0
    assert run(capsys, "character", "new", name, "--stats", STATS)[0] == 0
    # Starforged's position only shows in a fight.
    assert run(capsys, "fight", "new", "--foe", "Pirates", "--rank", "dangerous")[0] == 0
    assert sheet(capsys)[field] == shown[1]
    code, out, err = run(capsys, "initiative", *have)
    assert code == 0, err
    assert sheet(capsys)[field] == shown[0]
    code, out, _ = run(capsys, "log")
    assert (f"{name} is in control" if ruleset == "starforged" else f"{name} has initiative") in out
    assert run(capsys, "initiative", *lose)[0] == 0
    assert sheet(capsys)[field] == shown[1]
    assert run(capsys, "undo")[0] == 0
    assert sheet(capsys)[field] == shown[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["initiative", "maybe"], "initiative 'maybe' is unknown (accepted: have, lose"),
        (["initiative", "have"], "Asha already has the initiative"),
        (["initiative", "lose", "--character", "Bran"], "Bran"),
    ],
)
def test_bad_initiative_is_one_line_and_changes_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert run(capsys, "campaign", "new", "c")[0] == 0
    assert run(capsys, "character", "new", "Asha", "--stats", STATS)[0] == 0
    assert run(capsys, "initiative", "have")[0] == 0
    before = fingerprint(home)
    code, _, err = run(capsys, *argv)
    assert code == 2 and words in err and err.count("\n") == 1, err
    assert fingerprint(home) == before
