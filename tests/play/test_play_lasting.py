"""Play mode and the lasting effects of asset abilities: a named one is offered before the roll
(with the abilities whose fiction may fit), and /lasting lists and ends them."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import operations, run_script

from ironsworn.cli.main import main


def make_asha(path: Path, *assets: str) -> None:
    argv = ["character", "new", "Asha", "--stats", "3,2,2,1,1", "--campaign", str(path)]
    for asset in assets:
        argv += ["--asset", asset]
    assert main(argv) == 0


def test_a_reading_is_offered_before_the_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    make_asha(path, "divination")
    capsys.readouterr()
    script = [
        "/move cast runes --dice 6,1,2",
        "/move gather information --dice 4,4,9",
        "1",
        "/quit",
    ]
    run = run_script(path, script)
    assert run.code == 0, run.err
    assert "reading  Divination 1 · reading (lasting): when you use the reading (+1)" in run.out
    moves = [events for kind, events in operations(path) if kind == "move"]
    roll = next(e for e in moves[-1] if e.get("type") == "roll")["roll"]
    assert roll["adds"] == 1


def test_lasting_lists_and_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.sqlite"
    make_asha(path, "keen")
    capsys.readouterr()
    run = run_script(
        path, ["/move keen --dice 6,1,2", "/lasting", "/lasting end keen", "/lasting", "/quit"]
    )
    assert run.code == 0, run.err
    assert "Asha's lasting effects:\n  keen           Keen 1: keened weapon" in run.out
    assert "Asha has no lasting effects" in run.out
    run = run_script(path, ["/lasting end keen", "/quit"])
    assert "Asha has no lasting effect 'keen' (accepted: none)" in run.out + run.err
