"""A new Starforged character on the command line starts with the rules' assets: the party's
STARSHIP named with --starship (the first character), shared by a later one; without the name,
one line naming --starship and nothing made (moves/starforged/starting.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import STATS, fingerprint, run

from ironsworn.content import clear_cache
from shared_files import STARFORGED_DATASWORN, shared_file


@pytest.fixture(autouse=True)
def fresh_library() -> None:
    clear_cache()


def test_a_new_starforged_character_starts_with_the_starship(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(shared_file(STARFORGED_DATASWORN))
    assert (
        run(capsys, "campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", path)[0] == 0
    )
    paths = ["--asset", "ace", "--asset", "navigator", "--asset", "rockhorn=Bo"]
    before = fingerprint(home)
    code, out, err = run(capsys, "character", "new", "Kira", "--stats", STATS, *paths)
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert "needs --starship" in err and "STARSHIP" in err
    assert fingerprint(home) == before
    code, out, err = run(
        capsys,
        "character",
        "new",
        "Kira",
        "--stats",
        STATS,
        *paths,
        "--starship",
        "Vesper",
        "--json",
    )
    assert code == 0, err
    sheet = json.loads(out)
    assert [(a["name"], a.get("input")) for a in sheet["assets"]] == [
        ("Starship", "Vesper"),
        ("Ace", None),
        ("Navigator", None),
        ("Rockhorn", "Bo"),
    ]
    code, out, _ = run(capsys, "vehicle", "list", "--json")
    assert [(v["name"], v["integrity"]) for v in json.loads(out)["vehicles"]] == [("Vesper", 5)]
    # The text sheet reads the cards' words, not Datasworn's links.
    code, out, _ = run(capsys, "sheet", "--character", "Kira")
    assert "Starship “Vesper”" in out and "(move:" not in out
    # A second character shares the ship; naming another is refused in one line.
    before = fingerprint(home)
    code, out, err = run(
        capsys,
        "character",
        "new",
        "Bo",
        "--stats",
        STATS,
        "--asset",
        "healer",
        "--starship",
        "Kestrel",
    )
    assert (code, out) == (2, "") and "already has its command vehicle, Vesper" in err
    assert len(err.strip().splitlines()) == 1 and fingerprint(home) == before
    code, out, err = run(capsys, "character", "new", "Ash", "--stats", STATS, "--json")
    assert code == 0, err
    assert [(a["name"], a.get("input")) for a in json.loads(out)["assets"]] == [
        ("Starship", "Vesper")
    ]


def test_a_classic_character_has_no_starship(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "iron")[0] == 0
    before = fingerprint(home)
    code, out, err = run(
        capsys, "character", "new", "Asha", "--stats", STATS, "--starship", "Vesper"
    )
    assert (code, out) == (2, "") and "--starship 'Vesper'" in err and "classic" in err
    assert len(err.strip().splitlines()) == 1 and fingerprint(home) == before


def test_the_text_sheet_says_whose_crew_card_it_is(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The crew's cards on each crew member's sheet: the STARSHIP the crew's, a module the
    crew's and who earned it."""
    path = str(shared_file(STARFORGED_DATASWORN))
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", path)
    kira = ["--asset", "ace", "--asset", "navigator", "--asset", "engine upgrade"]
    assert (
        run(capsys, "character", "new", "Kira", "--stats", STATS, *kira, "--starship", "V")[0] == 0
    )
    assert run(capsys, "character", "new", "Bram", "--stats", STATS, "--asset", "healer")[0] == 0
    for name in ("Kira", "Bram"):
        code, out, _ = run(capsys, "sheet", "--character", name)
        assert code == 0
        assert "Starship “V” (the crew's) *--" in out
        assert "Engine Upgrade (Kira's, the crew's) *--" in out


def test_the_sheet_keeps_a_cards_list_and_paragraphs_apart(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Navigator 1 is a "choose one" list and a paragraph after it: each on its own line
    (the sheet ran them together: "choose one. * Follow ... Add +1 On a strong hit")."""
    path = str(shared_file(STARFORGED_DATASWORN))
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    text = data["assets"]["path"]["contents"]["navigator"]["abilities"][0]["text"]
    paragraphs = [p.strip() for p in text.splitlines() if p.strip()]
    assert len(paragraphs) == 4 and paragraphs[1].startswith("* ")
    run(capsys, "campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", path)
    assets = ["--asset", "navigator", "--asset", "ace", "--starship", "Vesper"]
    assert run(capsys, "character", "new", "Kira", "--stats", STATS, *assets)[0] == 0
    code, out, _ = run(capsys, "sheet")
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("Navigator"))
    shown = [line.strip() for line in lines[at + 1 : at + 5]]
    assert code == 0 and shown[0].startswith("1. When you Set a Course, choose one.")
    assert shown[1].startswith("* Follow the fastest path") and shown[2].startswith("* Follow")
    assert shown[3].startswith("On a strong hit with a match")
    # The legacy tracks count their ticks in words: "1 tick", "0 ticks".
    assert run(capsys, "legacy", "mark", "discoveries", "--ticks", "1")[0] == 0
    out = run(capsys, "sheet")[1]
    assert "  1 tick\n" in out and "  0 ticks\n" in out and "1 ticks" not in out


HINT = "'ironsworn asset list' shows the cards; to take them, 'ironsworn undo', then make"


@pytest.mark.parametrize(
    ("ruleset", "made", "told"),
    [
        ("classic", [], "Ash starts with three assets and has none yet"),
        ("classic", ["--asset", "alchemist"], "Ash starts with three assets and has 1 of them"),
        ("classic", ["--asset", "alchemist", "--asset", "hawk:1=Kes", "--asset", "bonded"], None),
        ("starforged", [], "Ash starts with two paths and one more asset and has none yet"),
        ("starforged", ["--asset", "ace", "--asset", "navigator"], "and has 2 of them"),
        # A module the character picks is their third (the STARSHIP, everyone's, is not).
        (
            "starforged",
            ["--asset", "ace", "--asset", "navigator", "--asset", "engine_upgrade"],
            None,
        ),
    ],
)
def test_a_character_made_without_its_cards_is_told_how_to_take_them(
    home: Path, capsys: pytest.CaptureFixture[str], ruleset: str, made: list[str], told: str | None
) -> None:
    """Nothing adds a starting card after the character is made (Advance pays for one): a
    player who left --asset out saw a sheet with no cards and no word of them."""
    if ruleset == "starforged":
        run(capsys, "content", "import", str(shared_file(STARFORGED_DATASWORN)))
    assert run(capsys, "campaign", "new", "c", "--ruleset", ruleset)[0] == 0
    ship = ["--starship", "Wayfarer"] if ruleset == "starforged" else []
    code, out, err = run(capsys, "character", "new", "Ash", "--stats", STATS, *ship, *made)
    assert (code, err) == (0, ""), err
    last = out.rstrip().splitlines()[-1]
    if told is None:
        assert HINT not in out
    else:
        assert told in last and HINT in last, last
        assert last.endswith("make Ash again with --asset NAME for each)")
    # (JSON: the sheet with the table's note, not the command line's words)
    code, out, _ = run(capsys, "character", "new", "Bo", "--stats", STATS, "--json")
    assert code == 0 and HINT not in out and json.loads(out)["name"] == "Bo"


def test_a_campaign_played_without_cards_is_not_told_to_take_them(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "campaign", "new", "c")[0] == 0
    assert run(capsys, "option", "assets", "none")[0] == 0
    code, out, _ = run(capsys, "character", "new", "Ash", "--stats", STATS)
    assert code == 0 and HINT not in out
