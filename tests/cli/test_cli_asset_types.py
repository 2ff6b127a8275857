"""`asset list --type` takes the types its own error names, in any case (issue 21 item 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import run


@pytest.mark.parametrize("typed", ["companion", "Companion", "COMPANION", " companion "])
def test_asset_list_by_type_in_any_case(
    home: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    code, out, _ = run(capsys, "asset", "list", "--type", typed)
    assert code == 0
    assert out.startswith("Companions\n") and "Cave Lion" in out and "Ritualist" not in out


def test_an_unknown_type_lists_the_accepted_ones(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "asset", "list", "--type", "pet")
    assert (code, out) == (2, "")
    assert err.strip().endswith(
        "--type 'pet' is unknown (accepted: combat_talent, companion, path, ritual)"
    )
    # Every type the message accepts works.
    for accepted in ("combat_talent", "companion", "path", "ritual"):
        assert run(capsys, "asset", "list", "--type", accepted)[0] == 0


def test_asset_show_names_each_ability_once(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Hawk's abilities are transcribed from the rulebook with their labels ("Far-seeing:
    # When you Undertake a Journey..."): `asset show hawk` printed "Far-seeing: Far-seeing:".
    code, out, _ = run(capsys, "asset", "show", "hawk")
    assert code == 0
    for label in ("Far-seeing", "Fierce", "Vigilant"):
        assert out.count(f"{label}:") == 1, out
    assert "○ 1. Far-seeing: When you Undertake a Journey" in out
    # A card whose text does not carry its label still shows it once.
    code, out, _ = run(capsys, "asset", "show", "horse")
    assert code == 0 and out.count("Swift:") == 1, out
