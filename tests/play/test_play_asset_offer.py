"""Play mode offers the character's asset abilities before the roll (issue 9: "in play mode a
list of the character's abilities that could apply, offered before the roll")."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import operations, run_script

from ironsworn.cli.main import main

FACE_DANGER = "/move face danger --stat edge --dice 4,4,9"  # 4 + 3 = 7 (8 with +1) vs 4 | 9


def make_asha(path: Path, *assets: str) -> None:
    argv = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--campaign", str(path)]
    for asset in assets:
        argv += ["--asset", asset]
    assert main(argv) == 0


def move_roll(path: Path) -> dict[str, object]:
    moves = [events for kind, events in operations(path) if kind == "move"]
    roll: dict[str, object] = next(e for e in moves[-1] if e.get("type") == "roll")["roll"]
    return roll


@pytest.mark.parametrize(
    ("answer", "adds", "named"),
    [
        ("1", 1, True),  # Shield-Bearer 1: "using your shield as cover", +1 (Face Danger)
        ("shield_bearer:1", 1, True),
        ("", 0, False),  # the fiction does not fit: no add
    ],
)
def test_an_ability_whose_fiction_may_fit_is_offered_before_the_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str, adds: int, named: bool
) -> None:
    path = tmp_path / "c.sqlite"
    make_asha(path, "shield-bearer", "hawk:1=Kestrel", "archer")
    capsys.readouterr()
    run = run_script(path, [FACE_DANGER, answer, "/quit"])
    assert run.code == 0, run.err
    offer = run.out.index("does an ability fit the fiction?")
    assert "shield_bearer:1  Shield-Bearer 1: when using your shield as cover (+1)" in run.out
    assert offer < run.out.index("Face Danger (+edge)")  # asked before the roll
    roll = move_roll(path)
    assert roll["adds"] == adds
    assert ("Shield-Bearer 1: +1" in run.out) is named


def test_nothing_is_asked_when_the_player_named_an_asset_or_none_fits(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_asha(path, "shield-bearer", "hawk:1=Kestrel", "archer")
    run = run_script(path, [FACE_DANGER + " --asset shield_bearer:1", "/quit"])
    assert "does an ability fit" not in run.out
    assert move_roll(path)["adds"] == 1
    # Swear an Iron Vow: none of these cards acts on it, so no question.
    run = run_script(path, ["/move swear an iron vow --dice 3,5,9 --rank dangerous", "/quit"])
    assert "does an ability fit" not in run.out


def test_a_bad_answer_is_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_asha(path, "shield-bearer", "hawk:1=Kestrel", "archer")
    run = run_script(path, [FACE_DANGER, "7", "1", "/quit"])
    assert "'7' is not one of the options (accepted: 1 or shield_bearer:1" in run.err
    assert move_roll(path)["adds"] == 1


def test_an_ability_that_applies_unasked_is_named_only_for_a_move_that_goes_ahead(
    tmp_path: Path,
) -> None:
    """Swordmaster 1 acts on Strike and Clash with no fiction to check: it is named before the
    move's first question, not before a refusal, and a move that asks nothing names it in its
    result only (once)."""
    path = tmp_path / "c.sqlite"
    make_asha(path, "swordmaster")
    assert main(["fight", "new", "--foe", "raider", "--campaign", str(path)]) == 0
    applies = "Swordmaster 1 applies: if you burn momentum"
    # Without the initiative, Strike is refused before it asks anything.
    run = run_script(path, ["/move strike --dice 4,4,9", "/quit"])
    assert "does not have initiative" in run.err
    assert applies not in run.out
    # Clash asks which stat: the ability is named before that question.
    run = run_script(path, ["/move clash --dice 4,4,9", "edge", "/quit"])
    assert run.err == ""
    assert run.out.index(applies) < run.out.index("Clash: which stat do you roll?")
    assert run.out.count(applies) == 1
    # Given the stat, Clash asks nothing: its result names the ability (a campaign of its
    # own: the weak hit above waits for its decision).
    path = tmp_path / "d.sqlite"
    make_asha(path, "swordmaster")
    assert main(["fight", "new", "--foe", "raider", "--campaign", str(path)]) == 0
    run = run_script(path, ["/move clash --stat edge --dice 4,4,9", "/quit"])
    assert run.err == ""
    assert applies not in run.out
    assert "· Swordmaster 1: if you burn momentum" in run.out
