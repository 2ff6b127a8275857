"""``ironsworn ask`` in the current campaign answers by that campaign's table, recorded or not
(issue 20): a player asking in their Starforged campaign gets Starforged's table (seed 003:
"Small Chance | 10 or less", "50/50 | 50 or less", "Likely | 75 or less"), a classic campaign
the classic one ("yes on X or greater"); --ruleset names a table outright."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

from shared_files import STARFORGED_SEED, shared_file


@pytest.mark.parametrize(
    ("ruleset", "odds", "value", "yes"),
    [
        ("starforged", "small chance", 5, True),
        ("starforged", "small chance", 95, False),
        ("starforged", "likely", 76, False),
        ("starforged", "50/50", 50, True),
        ("classic", "small chance", 5, False),
        ("classic", "likely", 76, True),
        ("classic", "50/50", 50, False),
    ],
)
def test_ask_answers_by_the_current_campaigns_table(
    home: Path, capsys: pytest.CaptureFixture[str], ruleset: str, odds: str, value: int, yes: bool
) -> None:
    text = shared_file(STARFORGED_SEED).read_text(encoding="utf-8")
    for row in ("Small Chance | 10 or less", "50/50 | 50 or less", "Likely | 75 or less"):
        assert row in text
    assert run(capsys, "campaign", "new", "c", "--ruleset", ruleset)[0] == 0
    code, out, err = run(capsys, "ask", odds, "--value", str(value), "--json")
    assert code == 0, err
    assert json.loads(out)["answer"] == ("yes" if yes else "no")


def test_ask_without_a_campaign_is_classic_and_ruleset_names_the_table(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "ask", "likely", "--value", "76", "--json")
    assert code == 0 and json.loads(out)["answer"] == "yes"
    code, out, _ = run(
        capsys, "ask", "likely", "--value", "76", "--ruleset", "starforged", "--json"
    )
    assert code == 0 and json.loads(out)["answer"] == "no"
