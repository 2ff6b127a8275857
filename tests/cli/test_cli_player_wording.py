"""What a player reads at the command line names the game's things as the player knows them:
the content packs the campaign uses, the names given to companions, the game's words for an
ability's effect (issue 18's player-facing text)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, run


def test_a_classic_character_names_only_the_classic_packs(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bundled Starforged moves are in the library, but no part of a classic campaign."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    code, _out, err = run(capsys, "character", "new", "Hild", "--stats", STATS)
    assert code == 0, err
    code, out, err = run(capsys, "journal")
    assert code == 0, err
    first = out.splitlines()[0]
    assert "content packs: classic" in first
    assert "starforged" not in out
    code, out, err = run(capsys, "log", "--json")
    events = [e for op in json.loads(out) for e in op["events"] if e["type"] == "packs"]
    assert [e["to"] for e in events] == [["classic"]]


def test_swordmaster_says_its_burn_condition_once_and_first(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Swordmaster 1: "When you Strike or Clash and burn momentum to improve your result,
    inflict +2 harm. If the fight continues, add +1 on your next move." Both gains come of the
    burn: said once, before them (it read "...if the fight continues if you burn momentum")."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    argv = ("character", "new", "Hild", "--stats", STATS, "--asset", "swordmaster")
    assert run(capsys, *argv)[0] == 0
    code, out, err = run(capsys, "asset", "fits", "strike")
    assert code == 0, err
    line = next(line for line in out.splitlines() if "Swordmaster" in line)
    assert "if you burn momentum, +2 harm and +1 on your next move in this fight" in line
    assert line.count(" if ") == 1


def test_the_journal_names_a_companion_by_the_name_its_player_gave_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hawk is "Skye" in the journal and the log (it read "Hild's hawk"), and a card is
    never its id."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    argv = ("character", "new", "Hild", "--stats", STATS, "--asset", "hawk:1=Skye")
    assert run(capsys, *argv)[0] == 0
    assert run(capsys, "asset", "track", "hawk", "2")[0] == 0
    assert run(capsys, "asset", "mark", "hawk", "2")[0] == 0
    code, out, err = run(capsys, "journal")
    assert code == 0, err
    assert "Hild's hawk “Skye”: health 3 → 2" in out
    assert "Hild's hawk “Skye”: ability 2 marked" in out
    code, out, err = run(capsys, "log")
    assert code == 0, err
    assert "Hild's hawk “Skye”: health 3 → 2" in out
    assert "asset:classic" not in out


def test_progress_marked_is_told_in_ticks_and_boxes(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A dangerous vow marks 2 boxes (8 ticks) a time: "progress 0 -> 8" read as 8 boxes."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "character", "new", "Hild", "--stats", STATS)[0] == 0
    assert run(capsys, "vow", "new", "Find my brother", "--rank", "dangerous")[0] == 0
    code, out, err = run(capsys, "progress", "mark", "find my brother")
    assert code == 0, err
    assert out == "  vow: Find my brother progress 0 -> 8 ticks (2 boxes)\n"


@pytest.mark.parametrize(
    ("rank", "shown", "logged"),
    [
        ("epic", "0 -> 1 tick", "progress 0 → 1 tick"),  # under a box: no "(0 boxes +1)"
        ("extreme", "0 -> 2 ticks", "progress 0 → 2 ticks"),
        ("formidable", "0 -> 4 ticks (1 box)", "progress 0 → 4 ticks (1 box)"),
    ],
)
def test_progress_under_a_box_is_told_in_ticks_alone(
    home: Path, capsys: pytest.CaptureFixture[str], rank: str, shown: str, logged: str
) -> None:
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "character", "new", "Hild", "--stats", STATS)[0] == 0
    assert run(capsys, "vow", "new", "Find my brother", "--rank", rank)[0] == 0
    code, out, err = run(capsys, "progress", "mark", "find my brother")
    assert code == 0, err
    assert out == f"  vow: Find my brother progress {shown}\n"
    code, out, err = run(capsys, "log", "--limit", "1")
    assert out.rstrip().endswith(f"Find my brother: {logged}"), out


def test_the_sheet_counts_one_bond_tick_in_the_singular(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "character", "new", "Hild", "--stats", STATS, "--bond", "Ivar")[0] == 0
    code, out, err = run(capsys, "sheet")
    assert code == 0, err
    assert "bonds 1 tick (Ivar)" in out


def test_a_progress_move_in_the_journal_and_the_story_adds_no_stat(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A progress roll adds nothing: the journal said "Fulfill Your Vow (+progress)"."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "character", "new", "Hild", "--stats", STATS)[0] == 0
    assert run(capsys, "vow", "new", "Find my brother", "--rank", "dangerous")[0] == 0
    argv = ("move", "fulfill your vow", "--track", "find my brother", "--dice", "9,10")
    assert run(capsys, *argv)[0] == 0
    code, out, err = run(capsys, "journal")
    assert code == 0, err
    assert "Hild: Fulfill Your Vow (progress): miss" in out
    assert "+progress" not in out
    code, out, err = run(capsys, "export", "markdown")  # and the story says it the same way
    assert code == 0, err
    assert "**Hild · Fulfill Your Vow** (progress) — progress 0 vs 9 | 10 → *miss*" in out
    assert "+progress" not in out


def test_the_command_line_says_how_to_draw_the_semi_random_cards(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    code, out, err = run(capsys, "character", "new", "Kai", "--semi-random")
    assert code == 0, err
    assert "5 more cards to draw unseen, one at a time from any deck (combat talent" in out
    assert out.endswith("(draw each card: 'character draw Kai DECK')\n")
    for deck in ("path", "path", "companion", "combat talent", "ritual"):
        code, out, err = run(capsys, "character", "draw", "Kai", deck)
        assert code == 0, err
    assert "keep 3 and discard two\n" in out
    assert out.endswith("(keep three: 'character keep Kai CARD,CARD,CARD')\n")


def test_strike_outside_a_fight_names_the_move_that_begins_one(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "character", "new", "Hild", "--stats", STATS)[0] == 0
    code, out, err = run(capsys, "move", "strike", "--stat", "iron")
    assert code == 2 and out == ""
    assert err == "ironsworn: error: Hild has no active fight: Enter the Fray begins one\n"


def test_a_journal_entry_refused_is_named_as_the_player_gave_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry is the command's words (journal add TEXT): a refusal names it so, not as a
    --text flag the player never typed, and nothing is written."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    code, out, err = run(capsys, "journal", "add", "the door\x1b[2Jopens")
    assert (code, out) == (2, "")
    assert err == (
        "ironsworn: error: journal: the entry 'the door\\x1b[2Jopens' holds U+001B (a control "
        "character) (accepted: text with no control character but a new line or a tab)\n"
    )
    code, out, _ = run(capsys, "journal", "--json")
    assert json.loads(out) == []


def test_a_journal_edit_refused_is_said_as_the_command_typed(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'journal edit 1: the new text ...', as the player typed it (it began 'journal_edit:',
    the table's name of the operation), and nothing is changed."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "journal", "add", "The door opens.")[0] == 0
    code, out, err = run(capsys, "journal", "edit", "1", "the door\x07 creaks")
    assert (code, out) == (2, "")
    assert err.startswith("ironsworn: error: journal edit 1: the new text 'the door\\x07 creaks'")
    code, out, _ = run(capsys, "journal", "--json")
    assert "The door opens." in out and "creaks" not in out


def test_a_new_player_is_told_how_to_begin_and_the_way_told_works(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A first command on a new machine: the sheet said "make a move: the first one creates
    it", and the move then said "there is no character yet: create one first" without saying
    how. Each now says what begins a campaign, and doing as told works."""
    code, out, err = run(capsys, "sheet")
    assert code == 2 and out == ""
    assert err.rstrip().endswith(
        "campaign not found (create a campaign first, or a character: making one creates it)"
    )
    code, out, err = run(capsys, "move", "face", "danger", "--stat", "edge")
    assert code == 2 and out == ""
    assert err == (
        "ironsworn: error: there is no character yet: create one first: ironsworn character new "
        "NAME --stats 3,2,2,1,1 (edge, heart, iron, shadow, wits)\n"
    )
    code, out, err = run(capsys, "character", "new", "Kira", "--stats", "3,2,2,1,1")
    assert code == 0, err
    assert out.startswith("Kira\n  edge 3  heart 2  iron 2  shadow 1  wits 1\n")
    code, out, err = run(capsys, "move", "face", "danger", "--stat", "edge", "--dice", "6,1,2")
    assert code == 0 and "STRONG HIT" in out, err


def test_a_quoted_sentence_after_journal_is_written(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'ironsworn journal "Kira pressed on."', as a new player types it, was refused as an
    unknown action; one quoted argument holding a space is the entry. A single unknown word is
    still refused (a mistyped action writes nothing)."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    code, out, err = run(capsys, "journal", "Kira pressed on into the cold.")
    assert (code, err) == (0, "")
    assert out.startswith("journal entry #")
    code, out, err = run(capsys, "journal", "edti")
    assert code == 2 and "'edti'" in err
    code, out, _ = run(capsys, "journal", "--json")
    assert [entry["text"] for entry in json.loads(out)] == ["Kira pressed on into the cold."]


def test_export_alone_writes_the_story(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'ironsworn export' with no format was refused ("the following arguments are required:
    format"); the story in Markdown is what a player exporting wants first, so it is the
    default, the same text as 'export markdown'. An unknown format is still refused."""
    assert run(capsys, "campaign", "new", "vale")[0] == 0
    assert run(capsys, "journal", "add", "The door opens.")[0] == 0
    code, out, err = run(capsys, "export")
    assert (code, err) == (0, "")
    assert "The door opens." in out
    assert run(capsys, "export", "markdown")[1] == out
    code, out, err = run(capsys, "export", "pdf")
    assert code == 2 and "'pdf'" in err and "markdown, json, iron-vault" in err


def test_a_fight_takes_its_foe_as_the_commands_words(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'fight new bear', as 'vow new Free the town' takes the vow's words: it was refused with
    argparse's "the following arguments are required: --foe". The words find a foe of the
    rulebook as --foe does (its rank with it), or are the player's own foe."""
    assert run(capsys, "character", "new", "Hild", "--stats", "3,2,2,1,1")[0] == 0
    code, out, err = run(capsys, "fight", "new", "bear", "--json")
    assert (code, err) == (0, "")
    assert (json.loads(out)["name"], json.loads(out)["rank"]) == ("Bear", "formidable")
    code, out, err = run(capsys, "fight", "new", "Pirate", "captain", "--rank", "dangerous")
    assert (code, err) == (0, "")
    assert "Pirate captain (dangerous fight; Hild)" in out
