"""What a Starforged player saw wrong on the command line (session sfmcp29): an oracle table
named like tables of other groups ("Feature") shown and logged without its group."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

from ironsworn.content import clear_cache
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture
def forge(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Starforged campaign, the player's Starforged file imported, with Kira (Ace's first
    ability marked)."""
    clear_cache()
    assert run(capsys, "content", "import", str(shared_file(STARFORGED_DATASWORN)))[0] == 0
    clear_cache()
    for argv in (
        ["campaign", "new", "forge", "--ruleset", "starforged"],
        ["character", "new", "Kira", "--stats", STATS, "--starship", "Firebird", "--asset", "ace"],
    ):
        code, _, err = run(capsys, *argv)
        assert code == 0, (argv, err)


def test_a_table_named_like_others_is_shown_and_logged_with_its_group(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every location theme and derelict zone has a "Feature"; every planet "Settlements".
    code, out, err = run(
        capsys, "oracle", "roll", "location theme haunted feature", "--record", "--value", "5"
    )
    assert code == 0, err
    assert out.startswith("Haunted: Feature (5): ")
    code, out, _ = run(capsys, "oracle", "roll", "planet desert settlements terminus", "--json")
    assert json.loads(out)["name"] == "Desert Settlements: Terminus"
    code, out, _ = run(capsys, "journal", "--json")
    assert "Haunted: Feature" in out
    # A name no other table has is shown as it is.
    code, out, _ = run(capsys, "oracle", "roll", "core action", "--value", "5")
    assert out.startswith("Action (5): ")


def test_a_table_named_as_a_group_is_shown_with_its_groups_and_its_links_as_words(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # A derelict zone's "Starship" table is named as the starship oracles are: rolled, it
    # read "Starship (80): Operations"; shown, its rows were Datasworn links.
    code, out, err = run(capsys, "oracle", "roll", "derelict zone starship", "--value", "80")
    assert code == 0, err
    assert out.startswith("Derelict Zone: Starship (80): Operations")
    code, out, err = run(capsys, "oracle", "show", "derelict zone starship")
    assert code == 0, err
    assert out.splitlines()[:2] == ["Derelict Zone: Starship — 1d100", "      1-5  Community"]
    assert "datasworn:" not in out
    # Search reads the words a player reads: no link's id, and the table as a roll names it.
    code, out, err = run(capsys, "search", "starship")
    assert code == 0, err
    assert "datasworn:" not in out and "oracle_rollable" not in out
    assert "oracle Derelict Zone: Starship — Community Engineering Living" in out
    assert "oracle Starship Mission: Expanse — " in out


@pytest.mark.parametrize("typed", ["ace:7", "ace:0"])
def test_an_ability_given_with_the_asset_is_refused_in_the_players_words(
    forge: None, home: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    # The player typed --asset ace:7, never --ability: the message names what was typed.
    assert run(capsys, "adjust", "experience", "+4")[0] == 0
    before = fingerprint(home)
    code, out, err = run(capsys, "move", "advance", "--asset", typed)
    number = typed.split(":")[1]
    assert (code, out) == (2, "")
    assert err == (
        f"ironsworn: error: --asset '{typed}': ability {number} is out of range "
        "(accepted: ace:1 to ace:3)\n"
    )
    assert fingerprint(home) == before
    # Given on its own, the ability is named by its own option, as before.
    code, _, err = run(capsys, "move", "advance", "--asset", "ace", "--ability", "7")
    assert code == 2 and "--ability 7 is out of range (accepted: 1 to 3)" in err


def test_a_classic_ability_given_with_the_asset_is_refused_in_the_players_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "iron")[0] == 0
    argv = ["character", "new", "Asha", "--stats", STATS, "--asset", "hawk:1=Kes"]
    assert run(capsys, *argv, "--asset", "archer", "--asset", "swordmaster")[0] == 0
    assert run(capsys, "adjust", "experience", "+4")[0] == 0
    code, _, err = run(capsys, "move", "advance", "--asset", "hawk:7")
    assert code == 2
    assert "--asset 'hawk:7': ability 7 is out of range (accepted: hawk:1 to hawk:3)" in err
    assert "--ability" not in err


def test_bond_background_answers_in_starforged_words(
    forge: None, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Starforged forges a bond with a connection ("When your relationship with a connection is
    # ready to evolve"); it holds no background bonds in reserve, nor makes the classic Forge a
    # Bond move.
    before = fingerprint(home)
    for argv in (
        ["bond", "background", "Mara"],
        ["character", "new", "Ren", "--stats", STATS, "--reserve-bonds", "2"],
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        assert err == (
            "ironsworn: error: a Starforged character holds no background bonds in reserve: a "
            "bond is forged with a connection (accepted: Make a Connection, then Forge a Bond "
            "when the relationship is ready to evolve)\n"
        )
    assert fingerprint(home) == before


def test_a_name_many_of_the_campaigns_tables_share_says_which_it_could_be(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'feature' is a table of every derelict zone and location theme: it was refused as if it
    # were another ruleset's ("'feature' names 5 starforged oracle tables; this campaign plays
    # starforged").
    code, out, err = run(capsys, "oracle", "roll", "feature")
    assert (code, out) == (2, "")
    assert err.startswith("ironsworn: error: oracle table 'feature' is ambiguous: it names ")
    assert "closest: access/feature, " in err
    assert "this campaign plays" not in err


def test_a_decision_declined_is_told_as_declined(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Endure Harm's weak hit offers a trade a player may decline: the log said "chose nothing".
    assert run(capsys, "move", "endure harm", "--amount", "2")[0] == 0
    assert run(capsys, "choose", "resist", "--dice", "6,1,10")[0] == 0
    assert run(capsys, "decline")[0] == 0
    code, out, _ = run(capsys, "log", "--limit", "1")
    # In the move's words ("Otherwise, press on"), as the web's button says it.
    assert code == 0 and out.rstrip().endswith("Kira: press on (declined)"), out
    assert "chose nothing" not in out


def test_an_answer_that_changes_nothing_else_says_what_it_did(
    forge: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Withstand Damage's "press on" rolls nothing and changes nothing more: the answer is
    # told as answered ("nothing changed" read as if the answer were lost).
    assert run(capsys, "move", "withstand", "damage", "--amount", "1")[0] == 0
    code, out, err = run(capsys, "choose", "press_on")
    assert (code, err) == (0, "")
    assert out == (
        "Withstand Damage: Kira chose press on (no roll); the decision is answered, nothing "
        "else changes\n"
    )
    code, out, _ = run(capsys, "log")
    assert "Kira: chose press on" in out


def test_an_answer_left_without_its_words_says_what_they_are_for(
    forge: None, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Make a Connection's strong hit: a rank and a role. ``choose dangerous`` without the
    role said "dangerous needs --text (your own words)", nothing of a role; it says the
    decision's own words now, and nothing is written."""
    code, _out, err = run(capsys, "move", "make", "a", "connection", "--with", "Sola",
                          "--dice", "6,1,2")  # fmt: skip
    assert code == 0, err
    before = fingerprint(home)
    code, out, err = run(capsys, "choose", "dangerous")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: dangerous: give them a role (your own words); give them with "
        "--text WORDS\n"
    )
    assert fingerprint(home) == before
    assert run(capsys, "choose", "dangerous", "--text", "trader")[0] == 0
