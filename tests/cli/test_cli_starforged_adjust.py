"""``adjust integrity N --vehicle NAME``: a support or incidental vehicle's integrity changed by
hand (the command vehicle without a name); an unknown vehicle, or --vehicle with another meter,
is one line, exit 2, nothing stored changed; undo takes the change back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fingerprint, run
from test_cli_starforged import starforged


def _integrity(capsys: pytest.CaptureFixture[str]) -> dict[str, int]:
    listed = json.loads(run(capsys, "vehicle", "list", "--json")[1])["vehicles"]
    return {v["name"]: v["integrity"] for v in listed}


def test_adjust_the_integrity_of_a_named_vehicle_and_undo(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    starforged(capsys)
    assert run(capsys, "vehicle", "new", "Firebird")[0] == 0
    assert run(capsys, "vehicle", "new", "Skiff", "--incidental", "--integrity", "3")[0] == 0
    code, _, err = run(capsys, "adjust", "integrity", "-2", "--vehicle", "skiff")
    assert code == 0, err
    assert _integrity(capsys) == {"Firebird": 5, "Skiff": 1}
    # Without --vehicle: the command vehicle, as before.
    assert run(capsys, "adjust", "integrity", "-1")[0] == 0
    assert _integrity(capsys) == {"Firebird": 4, "Skiff": 1}
    # Never past the vehicle's max or below 0.
    assert run(capsys, "adjust", "integrity", "+5", "--vehicle", "Skiff")[0] == 0
    assert _integrity(capsys) == {"Firebird": 4, "Skiff": 3}
    assert run(capsys, "undo")[0] == 0
    assert run(capsys, "undo")[0] == 0
    assert _integrity(capsys) == {"Firebird": 5, "Skiff": 1}


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["adjust", "integrity", "-1", "--vehicle", "ark"], "'ark'"),
        (["adjust", "health", "-1", "--vehicle", "skiff"], "--vehicle"),
        (["adjust", "integrity", "x", "--vehicle", "skiff"], "'x'"),
    ],
)
def test_bad_adjust_is_one_line_exit_2_and_changes_nothing(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    starforged(capsys)
    assert run(capsys, "vehicle", "new", "Skiff", "--incidental", "--integrity", "3")[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert named in err
    assert fingerprint(home) == before


def test_an_adjust_that_changes_nothing_says_so(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At its maximum, +1 integrity changes nothing: the command says so (it printed 'done')."""
    starforged(capsys)
    assert run(capsys, "vehicle", "new", "Skiff", "--incidental", "--integrity", "3")[0] == 0
    code, out, err = run(capsys, "adjust", "integrity", "+1", "--vehicle", "skiff")
    assert (code, out.strip(), err) == (0, "nothing changed", "")
    assert _integrity(capsys) == {"Skiff": 3}


def test_vehicle_changes_are_told_by_the_vehicles_names(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A vehicle made or left is told in words (not "vehicle - -> Firebird"), each vehicle by
    # its name (not "vehicle Skiff:integrity", nor "vehicle integrity" for the starship), marks
    # as words (not a list).
    starforged(capsys)
    told = [
        run(capsys, *argv)[1].strip()
        for argv in (
            ("vehicle", "new", "Firebird"),
            ("vehicle", "new", "Skiff", "--incidental", "--integrity", "3"),
            ("adjust", "integrity", "-2"),
            ("adjust", "integrity", "-1", "--vehicle", "skiff"),
            ("impact", "mark", "battered"),
            ("vehicle", "mark", "needs_part", "--vehicle", "skiff"),
            ("vehicle", "remove", "Skiff", "--incidental"),
        )
    ]
    assert told[:5] == [
        "new command vehicle: Firebird (integrity 5)",
        "new incidental vehicle: Skiff (integrity 3)",
        "Firebird integrity 5 -> 3",
        "Skiff integrity 3 -> 2",
        "Firebird: battered marked",
    ]
    assert told[5].startswith("Skiff marks none -> needs part")
    assert told[6] == "incidental vehicle gone: Skiff"
    # The starship's mark by hand, by its name, said once (the note repeated the line).
    assert run(capsys, "vehicle", "mark", "needs_part")[0] == 0
    code, out, _err = run(capsys, "vehicle", "clear", "needs_part")
    assert (code, out) == (0, "  Firebird: needs part cleared\n")


def test_a_battered_vehicles_integrity_by_hand_is_refused_saying_why(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Battered, a vehicle's integrity cannot increase: a gain by hand is refused in one line
    that says so (it was kept as an operation that changed nothing), a loss is taken."""
    starforged(capsys)
    assert run(capsys, "vehicle", "new", "Firebird")[0] == 0
    assert run(capsys, "adjust", "integrity", "-2")[0] == 0
    assert run(capsys, "impact", "mark", "battered")[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, "adjust", "integrity", "+1")
    assert (code, out) == (2, "")
    assert err.strip() == (
        "ironsworn: error: integrity +1: Firebird is battered, and its integrity cannot "
        "increase while battered; nothing was changed (accepted: a loss of integrity; to "
        "correct it by hand, clear battered first)"
    )
    assert fingerprint(home) == before
    assert run(capsys, "adjust", "integrity", "-1")[0] == 0
    assert _integrity(capsys) == {"Firebird": 2}
