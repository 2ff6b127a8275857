"""The help of a move's track names every kind of track a move acts on: Delve's Locate Your
Objective takes a site and Advance a Threat a threat by ``--track``, which the help left out
('vow, journey or fight'), as the table's description of the input did."""

from __future__ import annotations

import pytest
from cli_support import run

from ironsworn.table import operation


def test_the_track_option_names_sites_and_threats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "move", "--help")
    assert code == 0
    told = " ".join(out[out.index("\n  --track TRACK") :].split())
    assert told.startswith(
        "--track TRACK the track the move acts on: a vow, journey, fight, site or threat "
        "(Starforged: expedition, connection), by its id or text"
    )
    described = operation("move").input("track").help
    assert "site or threat" in described and "expedition, connection" in described
