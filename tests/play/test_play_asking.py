"""Play mode asks instead of refusing (issue 13): numbered menus for what a move leaves open.

The command line keeps its one-line error for the same moves (checked here too).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import KAI_STATS, operations, run_script

from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore
from ironsworn.cli.main import main

# The ranks as a one-line error lists them.
RANKS = "troublesome, dangerous, formidable, extreme, epic"


def state_of(path: Path) -> CampaignState:
    with CampaignStore.open(path) as store:
        state: CampaignState = store.state()
        return state


def cli(path: Path, *argv: str) -> int:
    return main([*argv, "--campaign", str(path)])


def kai(path: Path, *bonds: str) -> None:
    extra = [a for bond in bonds for a in ("--bond", bond)]
    assert cli(path, "character", "new", "Kai", "--stats", KAI_STATS, *extra) == 0


def moves(path: Path) -> list[dict[str, object]]:
    return [e for _kind, events in operations(path) for e in events if e["type"] == "roll"]


@pytest.mark.parametrize(("answer", "stat", "value"), [("2", "shadow", 1), ("wits", "wits", 1)])
def test_a_move_with_several_stats_asks_which(
    tmp_path: Path, answer: str, stat: str, value: int
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "fight", "new", "--foe", "bear") == 0
    run = run_script(path, ["/move enter the fray --dice 6,1,2", answer])
    assert run.err == ""
    assert "Kai — Enter the Fray: which stat do you roll?" in run.out
    assert "   1. heart   +heart 2: facing off against your foe" in run.out
    assert f"Enter the Fray (+{stat})" in run.out
    roll = moves(path)[0]["roll"]
    assert isinstance(roll, dict) and roll["stat"] == value


def test_the_command_line_keeps_its_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "fight", "new", "--foe", "bear") == 0
    capsys.readouterr()
    assert cli(path, "move", "enter", "the", "fray") == 2
    err = capsys.readouterr().err
    assert err == (
        "ironsworn: error: Enter the Fray needs --stat (accepted: heart, shadow, wits)\n"
    )


def test_a_script_is_told_every_input_a_move_needs_before_its_roll_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Enter the Fray with no fight and nothing given: a script was told of --foe, gave it,
    ran again and was told of --rank, then of --stat. Now the one line names all three, each
    with its flag, and nothing is written (no die rolled, no fight begun)."""
    path = tmp_path / "c.sqlite"
    kai(path)
    capsys.readouterr()
    assert cli(path, "move", "enter", "the", "fray") == 2
    err = capsys.readouterr().err
    assert err.startswith("ironsworn: error: Enter the Fray needs --foe (your own words, or: ")
    assert err.endswith(
        f"; and --rank (accepted: {RANKS}); and --stat (accepted: heart, shadow, wits)\n"
    )
    assert err.count("\n") == 1
    assert [kind for kind, _ in operations(path)] == ["character"]
    # What it says is what the move takes: given, the move is made.
    assert (
        cli(
            path,
            "move",
            "enter the fray",
            "--foe",
            "the ash wolf",
            "--rank",
            "dangerous",
            "--stat",
            "wits",
            "--dice",
            "6,1,2",
        )
        == 0
    )
    # Play mode in a script asks a menu at a time, read from its next lines: the first
    # menu says what comes after it, in play's words (it named one menu a run).
    path = tmp_path / "d.sqlite"
    kai(path)
    run = run_script(path, ["/move enter the fray"])
    assert "Kai — Enter the Fray: whom do you fight?" in run.out
    assert (
        f"  then asked, a line each: the rank ({RANKS}); the stat (heart, shadow, wits)\n"
        in run.out
    )
    assert "--" not in run.out + run.err
    run = run_script(path, ["/move enter the fray --dice 6,1,2", "the ash wolf", "2", "wits"])
    assert run.out.count("then asked") == 1
    (fight,) = state_of(path).tracks.values()
    assert (fight.name, fight.rank) == ("the ash wolf", "dangerous")


def test_several_candidate_tracks_ask_which(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "vow", "new", "Avenge", "my", "kin", "--rank", "extreme") == 0
    assert cli(path, "vow", "new", "Find", "the", "raiders", "--rank", "dangerous") == 0
    run = run_script(path, ["/move reach a milestone", "vow-2"])
    assert run.err == ""
    assert "Kai — Reach a Milestone: which track?" in run.out
    assert "   2. vow-2  Find the raiders (dangerous vow, score 0)" in run.out
    assert {t.id: t.ticks for t in state_of(path).tracks.values()} == {"vow-1": 0, "vow-2": 8}


def test_an_empty_answer_leaves_the_menu_and_makes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "fight", "new", "--foe", "bear") == 0
    run = run_script(path, ["/move enter the fray", "7", "", "/move enter the fray", "/sheet"])
    assert "'7' is not one of the options (accepted: 1-3 or heart, shadow, wits)" in run.err
    assert run.out.count("(left the question: nothing was made)") == 2
    assert "health 5  spirit 5" in run.out  # /sheet typed at the menu ran
    assert [kind for kind, _ in operations(path)] == ["character", "fight"]


@pytest.mark.parametrize(
    ("answer", "adds", "bond"),
    [("2", 1, "Thornhold village"), ("thorn", 1, "Thornhold village"), ("none", 0, None)],
)
def test_sojourn_asks_about_a_bond_with_the_community(
    tmp_path: Path, answer: str, adds: int, bond: str | None
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "Elda", "Thornhold village")
    run = run_script(path, ["/move sojourn --dice 1,9,10", answer, "3"])
    assert run.err == ""
    assert "Kai — Sojourn: Do you share a bond with this community? (+1)" in run.out
    assert "   3. none               no bond" in run.out
    roll = moves(path)[0]["roll"]
    assert isinstance(roll, dict) and roll["adds"] == adds


def test_undertake_a_journey_asks_only_for_its_initial_roll(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "Elda")
    assert cli(path, "journey", "new", "To", "the", "hills", "--rank", "dangerous") == 0
    journey = "/move undertake a journey --dice 6,1,2"  # a strong hit: choose mark_progress
    run = run_script(path, [journey, "Elda", "1", journey, "1"])
    assert run.err == ""
    assert run.out.count("setting off from a community you share a bond with") == 1
    rolls = [r["roll"] for r in moves(path)]
    assert [r["adds"] for r in rolls if isinstance(r, dict)] == [1, 0]


def test_no_bond_question_without_bonds_or_with_bond_given(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, ["/move sojourn --dice 1,9,10", "3"])
    assert "share a bond" not in run.out
    path2 = tmp_path / "d.sqlite"
    kai(path2, "Elda")
    run = run_script(path2, ["/move sojourn --with elda --dice 1,9,10", "3"])
    # Not asked (the bond given); the +1 it gives is said.
    assert "Do you share a bond" not in run.out and run.err == ""
    assert "+1 you share a bond with Elda" in run.out
    roll = moves(path2)[0]["roll"]
    assert isinstance(roll, dict) and roll["adds"] == 1


def test_test_your_bond_asks_which_bond(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path, "Elda", "Thornhold village")
    run = run_script(path, ["/move test your bond --abandon", "1", "3"])
    assert "Kai — Test Your Bond: Which bond is tested?" in run.out
    assert state_of(path).character("Kai").bonds == ["Thornhold village"]


# ------------------------------------------------------------------------ pay the price

FACE_DANGER_MISS = "/move face danger --stat edge --dice 1,9,10"


def journal_texts(path: Path) -> list[str]:
    return [str(e[0]["text"]) for kind, e in operations(path) if kind == "journal"]


def test_the_obvious_outcome_is_written_and_harm_offered(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    script = [FACE_DANGER_MISS, "obvious", "The ledge crumbles under me.", "endure_harm"]
    run = run_script(path, script)
    assert run.err == ""
    assert journal_texts(path) == ["Pay the Price: The ledge crumbles under me."]
    assert "Kai — does the price cost you more?" in run.out
    assert "   1. endure_harm    Endure Harm (1 harm)" in run.out
    assert state_of(path).character("Kai").health == 4


def test_in_a_fight_the_harm_offered_is_the_foes(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "fight", "new", "--foe", "bear") == 0
    run = run_script(path, [FACE_DANGER_MISS, "1", "The bear's claws rake me.", "1"])
    assert "   1. endure_harm    Endure Harm (3 harm, Bear is formidable)" in run.out
    assert state_of(path).character("Kai").health == 2


@pytest.mark.parametrize(
    ("oracle_roll", "happens"),
    [
        (30, "(the oracle says yes, 30): The rope snaps."),
        (10, "(the oracle says no, 10): I drop my pack."),  # likely: yes on 26+
    ],
)
def test_asking_the_oracle_takes_two_outcomes_first(
    tmp_path: Path, oracle_roll: int, happens: str
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    script = [FACE_DANGER_MISS, f"/choose ask_oracle --dice {oracle_roll}"]
    run = run_script(path, [*script, "The rope snaps.", "I drop my pack.", "none"])
    assert run.err == ""
    text = run.out
    # The outcomes are asked for before the oracle answers.
    assert text.index("The likely one") < text.index("is the likely outcome what happens?")
    assert journal_texts(path) == [f"Pay the Price {happens}"]


def test_an_empty_outcome_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, [FACE_DANGER_MISS, "obvious", "", ""])
    assert journal_texts(path) == []
    assert "(left the question: nothing was made)" in run.out


def test_a_command_typed_at_what_happens_says_the_price_is_chosen(tmp_path: Path) -> None:
    """The obvious outcome is chosen before its words are asked: a command typed instead says
    so (not "nothing was made"), and runs."""
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, [FACE_DANGER_MISS, "obvious", "/sheet"])
    assert "(left the question: the price is chosen; nothing was written)" in run.out
    assert "nothing was made" not in run.out
    assert journal_texts(path) == [] and state_of(path).pending is None
    assert run.out.rstrip().endswith("bonds 0 ticks")  # the sheet, shown after


@pytest.mark.parametrize(("answer", "bonds"), [("Elda the healer", ["Elda the healer"]), ("", [])])
def test_forge_a_bond_asks_with_whom(tmp_path: Path, answer: str, bonds: list[str]) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, ["/move forge a bond --dice 6,1,2", answer, "1"])
    assert "Kai — Forge a Bond: with whom?" in run.out
    assert state_of(path).character("Kai").bonds == bonds
    assert state_of(path).character("Kai").bond_ticks == 1


def test_a_starforged_move_asks_for_its_stat_too(private_home: Path) -> None:
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    path = private_home / "campaigns" / "sf.sqlite"
    assert cli(path, "character", "new", "Nova", "--stats", "3,2,2,1,1") == 0
    assert cli(path, "fight", "new", "--foe", "bear", "--rank", "formidable") == 0
    run = run_script(path, ["/move enter the fray --dice 6,1,2", "heart"])
    assert run.err == ""
    assert "Nova — Enter the Fray: which stat do you roll?" in run.out
    assert "Enter the Fray (+heart)" in run.out
    assert "Nova: health 5  spirit 5  supply 5  momentum +4 (max +10)  impacts: none" in run.out


def test_undertake_a_journey_without_one_asks_where_and_its_rank(tmp_path: Path) -> None:
    """Undertake a Journey with no journey under way asks the destination in the player's own
    words and the rank (a numbered menu), and begins it; no flag is named."""
    path = tmp_path / "c.sqlite"
    kai(path)
    run = run_script(path, ["/move undertake a journey --dice 6,5,9", "the Havens", "2"])
    assert "Kai — Undertake a Journey: where are you going?" in run.out
    assert "what is the rank of the journey to the Havens?" in run.out
    assert "--" not in run.out + run.err
    (journey,) = state_of(path).tracks.values()
    assert (journey.name, journey.rank, journey.ticks) == ("the Havens", "dangerous", 8)


def test_the_command_line_names_its_flag_for_the_destination(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    capsys.readouterr()
    assert cli(path, "move", "undertake a journey", "--dice", "6,1,2") == 2
    assert capsys.readouterr().err == (
        "ironsworn: error: Undertake a Journey needs --destination (your own words); and "
        f"--rank (accepted: {RANKS})\n"
    )
    assert [kind for kind, _ in operations(path)] == ["character"]


def test_several_characters_and_none_acting_asks_who_acts(tmp_path: Path) -> None:
    """Two characters and no ``/as``: a move asks who acts (as ``/as`` chooses), then the
    stat; no flag is named."""
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "character", "new", "Asha", "--stats", KAI_STATS) == 0
    run = run_script(path, ["/move face danger --dice 6,1,2", "Asha", "1", "/move face danger"])
    assert "There are several characters: who acts?" in run.out
    assert "   2. Asha" in run.out and "now acting as Asha" in run.out
    assert "Asha — Face Danger: which stat do you roll?" in run.out
    assert "--" not in run.out + run.err
    assert [e["character"] for e in moves(path)] == ["Asha"]


def test_opposing_an_ally_asks_the_ally_and_both_stats(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    assert cli(path, "character", "new", "Asha", "--stats", KAI_STATS) == 0
    run = run_script(
        path, ["/as Kai", "/move oppose --dice 4,6,8,5,3,6", "Asha", "heart", "wits", "own"]
    )
    assert "Kai — Oppose: which ally do you act against?" in run.out
    assert "Kai — Oppose: which stat do you roll?" in run.out
    assert "which stat does Asha roll?" in run.out
    assert "--" not in run.out + run.err, run.out + run.err
    assert "Asha gains control of the outcome (weak hit 6 against miss 6)" in run.out
    pending = state_of(path).pending  # "own": Asha's weak hit is resolved, its choice waits
    assert pending is not None and pending["character"] == "Asha"
    assert "suffer_momentum" in [o["key"] for o in pending["options"]]


def test_swear_an_iron_vow_without_one_asks_the_vow_and_its_rank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.sqlite"
    kai(path)
    capsys.readouterr()
    assert cli(path, "move", "swear an iron vow", "--dice", "6,1,2") == 2
    assert capsys.readouterr().err == (
        f"ironsworn: error: Swear an Iron Vow needs --vow (your own words); and --rank (accepted: "
        f"{RANKS})\n"
    )
    run = run_script(
        path, ["/move swear an iron vow --dice 6,1,2", "Find the raiders", "4", "none"]
    )
    assert "Kai — Swear an Iron Vow: what do you vow?" in run.out
    # Then whom the vow serves (Kai has no bonds: no +1, but Forge a Bond reads it later).
    assert "Kai — Swear an Iron Vow: whom does this vow serve?" in run.out
    assert "what is the quest's rank?" in run.out and "new vow: Find the raiders" in run.out
    assert "--" not in run.out + run.err
    (vow,) = state_of(path).tracks.values()
    assert (vow.name, vow.rank, vow.kind) == ("Find the raiders", "extreme", "vow")
