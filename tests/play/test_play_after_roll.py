"""Play mode asks for an add decided after the roll (Rider 2) once the dice are shown, and
the shield's sacrifice (Shield-Bearer 3) before Endure Harm, like any other decision."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import run_script

from ironsworn.cli.main import main


def _campaign(path: Path, *assets: str) -> None:
    argv = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--campaign", str(path)]
    for asset in assets:
        argv += ["--asset", asset]
    assert main(argv) == 0


def test_the_add_after_the_roll_is_asked_after_the_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path, "rider", "horse:1=Etana", "improviser")
    assert main(["asset", "mark", "rider", "2", "--campaign", str(path)]) == 0
    assert main(["journey", "new", "Hills", "--rank", "dangerous", "--campaign", str(path)]) == 0
    capsys.readouterr()
    run = run_script(path, ["/move undertake a journey --dice 4,6,2", "1", "1", "/quit"])
    assert run.code == 0, run.err
    rolled = run.out.index("= 6 vs 6 | 2: WEAK HIT")
    asked = run.out.index("the roll is a weak hit: add after rolling?")
    assert rolled < asked < run.out.index("= 7 vs 6 | 2: STRONG HIT")
    assert "Rider 2 (push your horse harder): +1" in run.out
    assert "Companion Endure Harm" in run.out[asked:]


def test_the_shield_is_offered_before_endure_harm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    _campaign(path, "shield_bearer", "hawk:1=Kes", "improviser")
    assert main(["asset", "mark", "shield_bearer", "3", "--campaign", str(path)]) == 0
    assert (
        main(["fight", "new", "--foe", "Wyvern", "--rank", "formidable", "--campaign", str(path)])
        == 0
    )
    capsys.readouterr()
    script = ["/move enter the fray --stat heart --dice 6,1,2", "/move endure harm --amount 2"]
    run = run_script(path, [*script, "sacrifice", "/quit"])
    assert run.code == 0, run.err
    assert "sacrifice your shield instead?" in run.out
    assert "the shield is sacrificed and the harm ignored" in run.out
    assert "Endure Harm (+" not in run.out  # no roll: the harm is ignored
