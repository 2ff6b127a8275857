"""Content in one step: a Starforged campaign asks for the player's Datasworn file, imports it
once into IRONSWORN_HOME, and every later Starforged campaign uses it; without it, every place
that would show oracles, truths or assets says what to import and how (issue 20)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fingerprint, run

from ironsworn.content import clear_cache
from shared_files import STARFORGED_DATASWORN, shared_file

HINT = "'ironsworn content import starforged.json'"
# An error names the import after what it says (the pack it carries, in the command line's words).
ERROR_HINT = "(ironsworn content import starforged.json)"


@pytest.fixture(autouse=True)
def fresh_library() -> None:
    clear_cache()


def test_a_new_starforged_campaign_says_what_to_import(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "campaign", "new", "sf", "--ruleset", "starforged")
    assert code == 0
    note = out.splitlines()[-1]
    assert note.startswith("note: nothing imported for starforged: ")
    assert "oracles, truths, foes and assets" in note and HINT in note
    code, out, _ = run(capsys, "campaign", "new", "sf2", "--ruleset", "starforged", "--json")
    needed = json.loads(out)["content_needed"]
    assert (needed["ruleset"], needed["file"]) == ("starforged", "starforged.json")
    # A classic campaign needs nothing.
    code, out, _ = run(capsys, "campaign", "new", "c", "--json")
    assert "content_needed" not in json.loads(out)


@pytest.mark.parametrize(
    "argv",
    [
        ["oracle", "list"],
        ["npc", "list"],
        ["truth", "list"],
        ["asset", "list"],
    ],
)
def test_every_empty_list_says_what_to_import(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "nothing imported for starforged" in out and HINT in out


def test_rolls_without_the_file_say_what_to_import(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged")
    code, _, err = run(capsys, "truth", "roll")
    assert code == 2 and HINT in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, "oracle", "roll", "action")
    assert code == 2 and "your own Datasworn file (starforged.json)" in err
    assert ERROR_HINT in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["oracle", "roll", "planet"], "unknown oracle table 'planet'"),
        (["oracle", "show", "derelict"], "'derelict'"),
        (["asset", "show", "navigator"], "unknown asset 'navigator'"),
        (["truth", "show", "ai"], "unknown truth 'ai'"),
        (["npc", "show", "ember", "wisp"], "'ember wisp'"),
    ],
)
def test_a_starforged_name_before_the_import_says_what_to_import(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    """A name only the player's file holds ('planet') names itself and the import, in one
    line, nothing changed."""
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged")
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert named in err and "nothing imported for starforged yet: " in err and ERROR_HINT in err
    assert "…" not in err
    assert fingerprint(home) == before


def test_the_starforged_decks_are_listed_by_the_types_players_say(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(shared_file(STARFORGED_DATASWORN))
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", path)
    for typed, deck, count in (
        ("module", "module", 15),
        ("support vehicle", "support_vehicle", 7),
        ("Support_Vehicle", "support_vehicle", 7),
        ("paths", "path", 46),
        ("deed", "deed", 7),
    ):
        code, out, err = run(capsys, "asset", "list", "--type", typed, "--json")
        assert code == 0, err
        ids = [r["id"] for r in json.loads(out)]
        assert len(ids) == count and all(i.split("/")[1] == deck for i in ids), typed
    code, out, err = run(capsys, "asset", "list", "--type", "hawk")
    assert (code, out) == (2, "") and "--type 'hawk' is unknown (accepted: command_vehicle" in err


def test_the_file_given_at_creation_is_imported_once_for_every_campaign(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(shared_file(STARFORGED_DATASWORN))
    code, out, err = run(
        capsys, "campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", path
    )
    assert code == 0, err
    assert "imported your Ironsworn: Starforged Rulebook (starforged_import)" in out
    assert "note:" not in out
    assert (home / "packs" / "starforged_import" / "oracles.json").is_file()
    # A later Starforged campaign uses it without being told.
    clear_cache()
    code, out, _ = run(capsys, "campaign", "new", "later", "--ruleset", "starforged", "--json")
    assert "content_needed" not in json.loads(out)
    code, out, _ = run(capsys, "oracle", "roll", "action", "--value", "1", "--json")
    assert code == 0 and json.loads(out)["id"] == "oracle_rollable:starforged/core/action"
    code, out, _ = run(capsys, "truth", "list", "--json")
    assert len(json.loads(out)) == 14


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # An expansion is not the ruleset's file.
        (
            ["--ruleset", "starforged", "--datasworn", "DELVE"],
            "holds an expansion of classic (accepted: the starforged ruleset, starforged.json)",
        ),
        (
            ["--ruleset", "starforged", "--datasworn", "CLASSIC"],
            "holds the classic ruleset (accepted: the starforged ruleset, starforged.json)",
        ),
        (
            ["--ruleset", "starforged", "--datasworn", "nowhere.json"],
            "cannot read nowhere.json",
        ),
        (["--datasworn", "CLASSIC"], "--datasworn: classic content is built in"),
    ],
)
def test_a_wrong_file_is_refused_and_nothing_is_made(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    run(capsys, "campaign", "new", "first")
    before = fingerprint(home)
    files = {
        "DELVE": str(shared_file("reference/datasworn/delve.json")),
        "CLASSIC": str(shared_file("reference/datasworn/classic.json")),
    }
    code, out, err = run(capsys, "campaign", "new", "sf", *[files.get(a, a) for a in argv])
    assert code == 2 and out == ""
    assert words in err and len(err.splitlines()) == 1
    assert fingerprint(home) == before
