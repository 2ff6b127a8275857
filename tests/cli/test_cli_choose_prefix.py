"""``ironsworn choose`` takes an option by its key, by enough of its key to name one ("endure_h"
for endure_harm, words for the key's parts: "endure harm"), or by the start of its words ("You
are tired"); a start that several options share is refused in one line naming them, and
nothing is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

# Face Danger +edge 3: 3 + 3 = 6 against 5 and 8, a weak hit: choose one of four.
WEAK_HIT = ("move", "face", "danger", "--stat", "edge", "--dice", "3,5,8")


@pytest.fixture
def weak_hit(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert run(capsys, "character", "new", "Asha", "--stats", STATS)[0] == 0
    assert run(capsys, *WEAK_HIT)[0] == 0
    return home


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [
        (["suffer_s"], "suffer_supply"),
        (["endure_h"], "endure_harm"),  # a key's start
        (["SUFFER_SUPPLY"], "suffer_supply"),  # a key in any case
        (["endure", "stress"], "endure_stress"),  # the key's parts as words
        (["You", "are", "tired"], "endure_harm"),  # the option's words
        (["you sacrifice"], "suffer_supply"),
    ],
)
def test_choose_takes_an_unambiguous_start_of_an_option(
    weak_hit: Path, capsys: pytest.CaptureFixture[str], typed: list[str], chosen: str
) -> None:
    dice = ["--dice", "4,2,3"] if chosen.startswith("endure") else []  # Endure's roll
    code, _out, err = run(capsys, "choose", *typed, *dice)
    assert code == 0, err
    code, out, err = run(capsys, "log", "--json")
    choice = json.loads(out)[-1]["events"][0]
    assert (choice["type"], choice["keys"]) == ("choice", [chosen])


def test_choose_refuses_a_start_several_options_share(
    weak_hit: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = fingerprint(weak_hit)
    code, out, err = run(capsys, "choose", "endure")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: 'endure' is the start of several options: endure_harm, "
        "endure_stress (accepted: one option's key, or enough of it to name one)\n"
    )
    code, _out, err = run(capsys, "choose", "you", "are")
    assert code == 2 and "suffer_momentum, endure_harm, endure_stress" in err
    code, _out, err = run(capsys, "choose", "zzz")
    assert code == 2 and "option 'zzz' is not offered (accepted: suffer_momentum" in err
    assert fingerprint(weak_hit) == before


@pytest.mark.parametrize(("typed", "row"), [("37", "33-38"), ("1", "1-2"), ("100", "96-100")])
def test_a_number_chooses_the_table_row_whose_range_holds_it(
    home: Path, capsys: pytest.CaptureFixture[str], typed: str, row: str
) -> None:
    # Starforged's Pay the Price offers its table's rows ("33-38"); a player who rolled the
    # d100 types the roll ("1" is not the start of "1-2", "11-16"... but the row holding 1).
    assert run(capsys, "campaign", "new", "sf", "--ruleset", "starforged")[0] == 0
    assert run(capsys, "character", "new", "Kira", "--stats", STATS)[0] == 0
    assert run(capsys, "move", "face", "danger", "--stat", "edge", "--dice", "1,9,9")[0] == 0
    code, _out, err = run(capsys, "choose", typed)
    assert code == 0, err
    code, out, err = run(capsys, "log", "--json")
    choice = json.loads(out)[-1]["events"][0]
    assert (choice["type"], choice["keys"]) == ("choice", [row])


def test_choose_takes_an_option_by_its_number(
    weak_hit: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``choose 4``: the option numbered as the menu at a terminal and play mode number them
    (it was refused: "option '4' is not offered"); a number past the options is refused in
    one line naming the numbers and keys accepted, and nothing is written."""
    before = fingerprint(weak_hit)
    code, out, err = run(capsys, "choose", "5")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: option '5' is not offered (accepted: a number 1 to 4, or "
        "suffer_momentum, endure_harm, endure_stress, suffer_supply)\n"
    )
    assert fingerprint(weak_hit) == before
    code, _out, err = run(capsys, "choose", "4")
    assert code == 0, err
    code, out, err = run(capsys, "log", "--json")
    choice = json.loads(out)[-1]["events"][0]
    assert (choice["type"], choice["keys"]) == ("choice", ["suffer_supply"])
    code, out, _err = run(capsys, "choose", "--help")
    assert code == 0 and "option keys, or their numbers" in " ".join(out.split())
