"""The Markdown export as a story (issue 21), on a scripted classic and a scripted Starforged
session played at the command line with fixed dice and a fixed clock, with and without the
mechanics: each output is compared with its golden file in ``tests/campaign/golden/`` (set
``IRONSWORN_UPDATE_GOLDEN=1`` to write them after a deliberate change, then read the diff), and
checked for every point of the issue."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest
from campaign_support import run

GOLDEN = Path(__file__).parent / "golden"
STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"

CLASSIC = [
    ["campaign", "new", "Ironlands"],
    ["character", "new", "Hild", "--stats", STATS, "--bond", "Elda",
     "--asset", "hound:1=Brann", "--asset", "wayfinder", "--asset", "swordmaster"],
    ["world", "truth", "old_world", "1"],
    ["world", "truth", "iron", "2"],
    ["journal", "add", "Hild leaves the <script>alert('x')</script> village at dawn, Brann at "
     "her heel & the wind at her back."],
    ["vow", "new", "Find my sister", "--rank", "dangerous"],
    ["move", "swear", "an", "iron", "vow", "--dice", "5,2,3"],
    ["move", "face", "danger", "--stat", "edge", "--dice", "2,9,9"],
    ["choose", "roll_table", "--dice", "45"],
    ["journal", "add", "The river took the bridge. *Brann* found the ford."],
    ["adjust", "momentum", "+4"],
    ["move", "face", "danger", "--stat", "wits", "--dice", "2,5,9"],
    ["decline"],
    ["choose", "obvious"],
    ["move", "face", "danger", "--stat", "wits", "--dice", "2,5,9"],
    ["burn"],
    ["choose", "endure_harm", "--dice", "3,4,5"],
    ["choose", "embrace_the_pain"],
    ["move", "companion", "endure", "harm", "--companion", "Brann", "--amount", "1",
     "--dice", "4,2,3"],
    ["ask", "likely", "--value", "40", "--record", "--question", "Is the ford guarded?"],
    ["move", "reach", "a", "milestone"],
    ["journal", "add", "At the ford, tracks: my sister passed here."],
]  # fmt: skip

STARFORGED = [
    ["campaign", "new", "Forge", "--ruleset", "starforged"],
    ["character", "new", "Kira", "--stats", STATS],
    ["connection", "new", "Dax", "--rank", "dangerous", "--role", "pilot"],
    ["journal", "add", "The <b>Firebird</b> drifts into the Bleakhold station's shadow."],
    ["vow", "new", "Find the lost colony", "--rank", "formidable"],
    ["move", "swear", "an", "iron", "vow", "--dice", "6,1,2"],
    ["move", "face", "danger", "--stat", "edge", "--dice", "1,9,9"],
    ["choose", "roll_table", "--dice", "77"],
    ["choose", "2"],
    ["choose", "press_on"],
    ["ask", "small_chance", "--value", "5", "--record", "--question", "Is anyone aboard?"],
    ["journal", "add", "Someone is aboard. Someone who should not be."],
    ["move", "gather", "information", "--dice", "5,2,3"],
]


@pytest.fixture
def home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shared data home, with the test's own folder as the working directory."""
    monkeypatch.chdir(tmp_path)
    return home


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every operation one minute after the last, from a fixed morning."""
    from ironsworn.campaign.store import base

    minutes = itertools.count()
    monkeypatch.setattr(base, "utc_now", lambda: f"2026-03-14T09:{next(minutes):02d}:00.000000Z")


def play(capsys: pytest.CaptureFixture[str], script: list[list[str]]) -> None:
    for argv in script:
        code, _out, err = run(capsys, *argv)
        assert code == 0, (argv, err)


def exported(capsys: pytest.CaptureFixture[str], mechanics: bool) -> str:
    argv = ["export", "markdown", *([] if mechanics else ["--no-mechanics"])]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("IRONSWORN_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def check_every_point(text: str) -> None:
    # Names, not ids; no rule citations; no raw record fields.
    for leftover in ("asset:", "move:", "oracle_rollable", "seed 00", " L2", "abilities:",
                     "meter:", "declined", "note:", "content packs"):  # fmt: skip
        assert leftover not in text, leftover
    # Player text escaped as on the page.
    assert "<script>" not in text and "<b>" not in text


@pytest.mark.parametrize("mechanics", [True, False], ids=["mechanics", "story only"])
def test_a_classic_session_as_a_story(
    home: Path, clock: None, capsys: pytest.CaptureFixture[str], mechanics: bool
) -> None:
    play(capsys, CLASSIC)
    text = exported(capsys, mechanics)
    golden(f"classic{'' if mechanics else '_story_only'}.md", text)
    check_every_point(text)
    assert "&lt;script&gt;alert('x')&lt;/script&gt;" in text and "&amp; the wind" in text
    assert "*Brann* found the ford." in text  # the writer's own Markdown kept
    # The sheet: stats, meters, assets by name with their abilities, bonds and vows as boxes.
    sheet = text[text.index("## Characters") :]
    assert "| Edge | Heart | Iron | Shadow | Wits |" in sheet
    assert "- **Hound “Brann”** (health 4/4): 1. Sharp" in sheet
    assert "**Bonds** `[/][ ][ ][ ][ ][ ][ ][ ][ ][ ]`: Elda" in sheet
    assert "- Find my sister (dangerous vow) `[#][#][ ][ ][ ][ ][ ][ ][ ][ ]`" in sheet
    assert "Experience: 0 earned" in sheet
    # The truths once, in the world section.
    assert text.count("The old world") <= 1
    world = text[text.index("## The world") :]
    assert world.count("- **") == 2
    story = text[: text.index("## Characters")]
    if not mechanics:
        assert "**Hild ·" not in story and "<details>" not in story
        return
    # Each move one compact line: who, move, stat by name, dice, outcome.
    assert "**Hild · Swear an Iron Vow** (+heart) — 5 + 2 = 7 vs 2 | 3 → *strong hit*" in story
    # A burned roll stays under its move's line, with its stat.
    assert (
        "**Hild · Face Danger** (+wits) — 2 + 1 = 3 vs 5 | 9, momentum +8 burned → *weak hit*"
        in story
    )
    # Each Pay the Price result once; the companion by its name.
    assert story.count("Pay the Price (45)") == 1
    assert "Brann: health 4 → 3" in story and "Hild's hound" not in story
    assert "“Is the ford guarded?” the oracle says yes (40)" in story
    # Mechanics folded: every details block starts closed and is closed.
    assert story.count("<details>") == story.count("</details>") > 0
    assert re.search(r"<details open", story) is None


@pytest.mark.parametrize("mechanics", [True, False], ids=["mechanics", "story only"])
def test_a_starforged_session_as_a_story(
    home: Path, clock: None, capsys: pytest.CaptureFixture[str], mechanics: bool
) -> None:
    play(capsys, STARFORGED)
    text = exported(capsys, mechanics)
    golden(f"starforged{'' if mechanics else '_story_only'}.md", text)
    check_every_point(text)
    assert "The &lt;b&gt;Firebird&lt;/b&gt; drifts" in text
    assert "- Find the lost colony (formidable vow)" in text
    if mechanics:
        # Starforged's own oracle table: "Small Chance 10 or less".
        assert "“Is anyone aboard?” the oracle says yes (5)" in text
        assert "**Kira · Face Danger** (+edge) — 1 + 3 = 4 vs 9 | 9 → *miss with a match*" in text


def test_a_starforged_sheet_in_the_story_shows_its_legacy_tracks(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The sheet's legacy tracks (quests, bonds, discoveries) are the Starforged character's
    # record of play: the exported sheet draws them as the sheet does, a full one cleared.
    play(capsys, STARFORGED[:2])
    play(capsys, [["legacy", "mark", "quests", "--ticks", "40"],
                  ["legacy", "mark", "quests", "--ticks", "2"],
                  ["legacy", "mark", "discoveries", "--ticks", "6"]])  # fmt: skip
    text = exported(capsys, mechanics=False)
    sheet = text[text.index("### Kira") :]
    assert "- Quests `[X][ ][ ][ ][ ][ ][ ][ ][ ][ ]` 2 ticks (completed)" in sheet
    assert "- Bonds `[ ][ ][ ][ ][ ][ ][ ][ ][ ][ ]` 0 ticks" in sheet
    assert "- Discoveries `[#][X][ ][ ][ ][ ][ ][ ][ ][ ]` 6 ticks" in sheet


def test_marked_abilities_in_words_are_joined_as_sentences() -> None:
    # "The character section as a sheet: ... assets by name with the marked abilities' names"
    # (issue 21): abilities shown by their words end a sentence, so no ".;" joins them.
    from ironsworn.campaign.state import CampaignState
    from ironsworn.campaign.story import asset_line

    record = {"id": "asset:classic/path/ritualist", "name": "Ritualist", "abilities": [1, 0, 1]}
    line = asset_line(CampaignState(), record)
    assert ".;" not in line and line.startswith("**Ritualist**: 1. ") and ". 3. " in line
    named = {"id": "asset:classic/companion/hound", "name": "Hound", "abilities": [1, 1, 0]}
    assert asset_line(CampaignState(), named).endswith(": 1. Sharp; 2. Ferocious")


def test_the_crews_cards_in_the_story(
    home: Path, clock: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Starforged crew's shared cards: the one who joins shares the crew's card (not "takes"
    it), and an ability bought for the crew's STARSHIP is the crew's, with who paid."""
    from shared_files import STARFORGED_DATASWORN, shared_file

    path = str(shared_file(STARFORGED_DATASWORN))
    play(
        capsys,
        [
            ["campaign", "new", "Forge", "--ruleset", "starforged", "--datasworn", path],
            ["character", "new", "Kira", "--stats", STATS, "--starship", "Vesper",
             "--asset", "ace", "--asset", "engine upgrade"],
            ["character", "new", "Bram", "--stats", STATS, "--asset", "healer",
             "--asset", "shuttle=Wren"],
            ["adjust", "experience", "+2", "--character", "Bram"],
            ["move", "advance", "--character", "Bram", "--asset", "starship", "--ability", "2"],
        ],
    )  # fmt: skip
    text = exported(capsys, True)
    assert "Bram enters the story; Kira shares the crew's Shuttle “Wren”" in text
    assert "the crew's Vesper: ability 2 marked (Bram)" in text
    assert "Bram's Vesper" not in text


@pytest.mark.parametrize(
    ("extra", "told"),
    [
        # A bond's +1 says whose bond; an add the player gave is a bare number, in the
        # roll's order (the player's first).
        (["--with", "eld"], "3 + 2 + 1 (a bond with Elda) = 6 vs 9 | 8"),
        (["--with", "eld", "--add", "2"], "3 + 2 + 2 + 1 (a bond with Elda) = 8 vs 9 | 8"),
        (["--add", "1"], "3 + 2 + 1 = 6 vs 9 | 8"),
        ([], "3 + 2 = 5 vs 9 | 8"),
    ],
)
def test_an_add_in_the_story_says_what_gave_it(
    home: Path, capsys: pytest.CaptureFixture[str], extra: list[str], told: str
) -> None:
    play(
        capsys,
        [
            ["campaign", "new", "t"],
            ["character", "new", "Asha", "--stats", STATS, "--bond", "Elda"],
            ["move", "sojourn", *extra, "--dice", "3,9,8"],
        ],
    )
    assert f"**Asha · Sojourn** (+heart) — {told} → *miss*" in exported(capsys, True)


def test_a_bonus_in_the_story_says_what_gave_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A +1 the move grants itself (a vow sworn to a bond) or an earlier move left (take
    control) says so, not "an earlier move's bonus" for both."""
    play(
        capsys,
        [
            ["campaign", "new", "t"],
            ["character", "new", "Asha", "--stats", STATS, "--bond", "Elda"],
            ["vow", "new", "Find my sister", "--rank", "dangerous"],
            ["move", "swear", "an", "iron", "vow", "--with", "eld", "--dice", "6,1,2"],
            ["move", "secure", "an", "advantage", "--stat", "edge", "--dice", "6,1,1"],
            ["choose", "take_control"],
            ["move", "face", "danger", "--stat", "edge", "--dice", "2,9,8"],
        ],
    )
    text = exported(capsys, True)
    assert "**Asha · Swear an Iron Vow** (+heart) — 6 + 2 + 1 (a bond with Elda) = 9" in text
    assert "**Asha · Face Danger** (+edge) — 2 + 3 + 1 (your last move) = 6 vs 9 | 8" in text
    assert "an earlier move's bonus" not in text


def test_a_choice_is_told_in_its_options_words() -> None:
    """A choice keeps the words of the options chosen: the story tells them (not "chose
    mark progress momentum", its keys); a choice of an older campaign, kept with its keys
    alone, is still told by them."""
    from ironsworn.campaign.story import _Teller

    teller = _Teller(None)
    kept = {"type": "choice", "character": "Asha", "move": "m", "point": "p"}
    new = {**kept, "keys": ["mark_progress", "momentum"],
           "options": ["Mark progress.", "Take +1 momentum"]}  # fmt: skip
    assert teller.change(new) == "chose “Mark progress”, “Take +1 momentum”"
    assert teller.change({**kept, "keys": ["mark_progress"]}) == "chose mark progress"


def test_a_choice_at_a_table_of_several_says_who_chose(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With two characters a choice says who made it: each chooses on Make Camp's hit, and
    the story told "chose “Recuperate…”" twice without saying whose (with one character,
    "chose" is enough: the golden stories)."""
    play(
        capsys,
        [
            ["campaign", "new", "t"],
            ["character", "new", "Asha", "--stats", STATS],
            ["character", "new", "Kai", "--stats", STATS],
            ["move", "face", "danger", "--stat", "edge", "--character", "Kai", "--dice", "3,5,9"],
            ["choose", "suffer_momentum"],
        ],
    )
    text = exported(capsys, True)
    assert "Kai chose “You are delayed, lose advantage, or face a new danger: Suffer -1 " in text
    assert "- chose" not in text and "*chose" not in text


def test_a_move_asked_before_its_roll_and_rolled_at_once_is_one_line() -> None:
    """Withstand Damage asks whether to resist before it rolls; answered with the dice in the
    same operation, the story told it twice, the first line with the dice and no outcome
    ("**Kira · Withstand Damage** — 1 + 3 = 4 vs 8 | 9" over the rolled one)."""
    from ironsworn.campaign.store import Operation
    from ironsworn.campaign.story import _Teller

    move = "move:starforged/suffer/withstand_damage"
    asked = {"type": "move", "character": "Kira", "move": move, "name": "Withstand Damage"}
    dice = {"action_die": 1, "stat": 3, "adds": 0, "score": 4, "challenge": [8, 9],
            "type": "action", "match": False, "burned": False}  # fmt: skip
    roll = {"type": "roll", "character": "Kira", "move": move, "roll": dice}
    rolled = {**asked, "outcome": "miss", "stat": "vehicle_integrity"}
    lines = _Teller(None).operation(Operation(1, "move", "t", "Kira", "", (asked, roll, rolled)))
    heads = [line for line in lines if line.startswith("**")]
    assert heads == [
        "**Kira · Withstand Damage** (+vehicle integrity) — 1 + 3 = 4 vs 8 | 9 → *miss*"
    ]
