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


def test_the_question_follows_the_odds_in_the_players_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ask likely Is the gate open?`` (as play mode's /ask): the words after the odds are the
    question, kept with --record; odds of two words are read too."""
    assert run(capsys, "campaign", "new", "c")[0] == 0
    code, out, err = run(capsys, "ask", "small", "chance", "Is", "it", "raining?", "--value", "95")
    assert code == 0 and "Small Chance" in out and "YES" in out, err
    assert run(capsys, "ask", "likely", "Is the gate open?", "--value", "30", "--record")[0] == 0
    code, out, _ = run(capsys, "journal", "--json")
    assert "Is the gate open?" in out
    for argv, says in (
        (("ask", "likly", "Is", "it"), "odds 'likly' is unknown (accepted: almost_certain"),
        (("ask", "likely", "Is it", "--question", "x"), "the question is given twice"),
        # A question without its odds: where the odds go, with the player's own question.
        (
            ("ask", "Is the gate open?"),
            "odds 'Is the gate open?' is unknown (accepted: almost_certain, likely, fifty_fifty, "
            "unlikely, small_chance (or 50/50)): the odds come first, then the question: "
            "ironsworn ask likely Is the gate open?",
        ),
        (
            ("ask", "Is", "the", "gate", "open?"),
            "the odds come first, then the question: ironsworn ask likely Is the gate open?",
        ),
        (("ask", "likly"), "odds 'likly' is unknown (accepted: almost_certain"),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and says in err, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dice", "101"], "--dice 101 is out of range (accepted: 0 to 100)"),
        (["--dice", "5", "--seed", "3"], "--dice '5' and --seed '3' cannot be combined"),
        (["--value", "5", "--dice", "5"], "are the same roll (accepted: one of them)"),
        (["--value", "x"], "--value 'x' is not a whole number"),
    ],
)
def test_a_players_own_roll_is_taken_as_dice_as_on_every_command(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """``ask likely --dice 80``: the d100 a player rolled, given as every other command takes
    dice (``--value`` still works); a refusal names the option as typed, in one line."""
    code, out, _ = run(capsys, "ask", "likely", "--dice", "80", "--json")
    assert code == 0 and json.loads(out)["roll"] == 80 and json.loads(out)["answer"] == "yes"
    code, _, err = run(capsys, "ask", "likely", *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_a_players_own_roll_as_dice_is_kept_with_record(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ask likely --dice 80 --record`` keeps that roll in the campaign (the d100 is the roll
    itself: it was also taken as a die left over for the operation, and refused)."""
    assert run(capsys, "campaign", "new", "c")[0] == 0
    code, out, err = run(capsys, "ask", "likely", "Is it guarded?", "--dice", "80", "--record")
    assert code == 0 and "80" in out and "YES" in out, err
    code, out, _ = run(capsys, "log")
    assert code == 0 and "Is it guarded?" in out and "80" in out, out
