"""Play mode's walkthrough asks a new Starforged campaign for the player's Datasworn file when
none is imported, imports it once, and a later Starforged campaign is not asked again."""

from __future__ import annotations

from pathlib import Path

from test_play_pipe import play

from shared_files import STARFORGED_DATASWORN, shared_file

QUESTION = "The path of your starforged.json (empty line: later)"


def test_the_walkthrough_asks_for_the_file_and_imports_it_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = str(shared_file(STARFORGED_DATASWORN))
    script = [
        "starforged",
        "/nowhere/starforged.json",  # a path starts with a slash: not a command
        path,
        "Kira",
        "/skip",
        "/oracle action --value 1",
        "/quit",
    ]
    done = play(home, script, "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "nothing imported for starforged: " in done.stdout
    assert "cannot read /nowhere/starforged.json" in done.stderr
    assert "imported Ironsworn: Starforged Rulebook for every starforged campaign" in done.stdout
    assert "Action (1): " in done.stdout
    assert (home / "packs" / "starforged_import" / "pack.json").is_file()
    # A second Starforged campaign is not asked.
    later = play(home, ["starforged", "Dax", "/quit"], "--campaign", "third")
    assert later.returncode == 0, later.stderr
    assert QUESTION not in later.stdout
    assert "nothing imported" not in later.stdout


def test_later_says_how_to_import_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = play(home, ["starforged", "", "/quit"])
    assert done.returncode == 0, done.stderr
    assert "later: /content import starforged.json" in done.stdout
    content = play(home, ["/skip", f"/content import {shared_file(STARFORGED_DATASWORN)}"])
    assert "imported pack starforged_import" in content.stdout, content.stderr


def test_the_wrong_file_is_refused_and_asked_again(tmp_path: Path) -> None:
    """The classic file where starforged.json is asked: one error line, nothing imported, the
    question again (an empty line leaves it for later)."""
    home = tmp_path / "home"
    classic = str(shared_file("reference/datasworn/classic.json"))
    done = play(home, ["starforged", classic, "", "/quit"])
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stderr.splitlines() if "classic.json" in line]
    assert len(errors) == 1
    assert (
        "holds the classic ruleset (accepted: the starforged ruleset, starforged.json)" in errors[0]
    )
    assert done.stdout.count(QUESTION) == 2
    assert "later: /content import starforged.json" in done.stdout
    assert not (home / "packs").exists()
