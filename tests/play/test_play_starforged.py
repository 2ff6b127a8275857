"""Play mode on a Starforged campaign: the walkthrough's first answer 'starforged' fixes the
ruleset, asks for the starship instead of bonds, and the moves made are the Starforged ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_support import operations
from test_play_pipe import play

from ironsworn.campaign.registry import open_campaign
from ironsworn.cli.main import main

# The walkthrough's first answers: a Starforged campaign (no Datasworn file yet), Kira with
# her stats and the Firebird; each test goes on from there.
KIRA = ["starforged", "", "Kira", "3 2 2 1 1", "Firebird"]


def test_the_walkthrough_makes_a_starforged_campaign(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = [
        "starforged",
        "",  # no Datasworn file yet: later
        "Kira",
        "3 2 2 1 1",
        "Firebird",  # the command vehicle
        "Find the lost fleet",
        "epic",
        "Rescue Dax",
        "dangerous",
        "n",  # not sworn now
        "/move face danger --stat edge --dice 6,1,10",
        "1",  # the weak hit's suffer move: Lose Momentum (-1)
        "/sheet",
    ]
    done = play(home, script, "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "this campaign plays Starforged" in done.stdout
    assert "impacts: none" in done.stdout  # the Starforged sheet
    path = home / "campaigns" / "default.sqlite"
    kinds = [kind for kind, _ in operations(path)]
    assert kinds[:3] == ["ruleset", "character", "vehicle"]
    with open_campaign(str(path), create=False) as store:
        state = store.state()
    assert state.ruleset == "starforged"
    assert state.vehicle is not None and state.vehicle["name"] == "Firebird"
    kira = state.character("Kira")
    assert kira.starforged and kira.bonds == []
    assert kira.momentum == 1
    assert [t.name for t in state.tracks.values()] == ["Find the lost fleet", "Rescue Dax"]


def test_play_asks_for_the_words_a_decision_needs(tmp_path: Path) -> None:
    """Fulfill Your Vow's weak hit: "If you Swear an Iron Vow to set things right, take your
    full legacy reward" — play mode asks the new vow's rank, then its name."""
    home = tmp_path / "home"
    script = [
        *KIRA,
        "Find the lost fleet",
        "epic",
        "Rescue Dax",
        "troublesome",
        "n",  # not sworn now
        "/progress mark vow-2 --ticks 40",
        "/move fulfill your vow --track vow-2 --dice 9,10",
        "swear",
        "/choose dangerous --dice 6,1,2",
        "Avenge the Firebird's crew",
    ]
    done = play(home, script, "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "name the vow" in done.stdout
    with open_campaign(str(home / "campaigns" / "default.sqlite"), create=False) as store:
        state = store.state()
    vows = [(t.name, t.rank) for t in state.tracks.values() if t.kind == "vow"]
    assert vows == [
        ("Find the lost fleet", "epic"),
        ("Rescue Dax", "troublesome"),
        ("Avenge the Firebird's crew", "dangerous"),
    ]


def test_play_looks_things_up_in_its_own_campaigns_ruleset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play mode on a Starforged campaign while the current one is classic: /move show and
    /npc show are the Starforged campaign's ("a classic campaign never shows a Starforged
    move and the reverse")."""
    home = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    assert main(["campaign", "new", "forge", "--ruleset", "starforged"]) == 0
    assert main(["character", "new", "Kira", "--stats", "3,2,2,1,1"]) == 0
    assert main(["campaign", "new", "iron"]) == 0  # the current campaign: classic
    script = ["/move show undertake a journey", "/move show withstand damage", "/npc show bear"]
    done = play(home, script, "--campaign", "forge")
    assert done.returncode == 0, done.stderr
    assert "Undertake a Journey is a classic move; this campaign plays starforged" in done.stderr
    assert "Bear is a classic NPC" in done.stderr
    assert "Withstand Damage — Suffer" in done.stdout  # the campaign's own (Starforged) move


def test_the_starforged_tracks_and_marks_by_hand(tmp_path: Path) -> None:
    """Play mode has the command line's Starforged commands: an expedition, a connection with
    its role, legacy ticks and an impact marked by hand."""
    home = tmp_path / "home"
    script = [
        *KIRA,
        "Find the lost fleet",
        "epic",
        "",  # no inciting incident
        "/expedition Derelict at Orin Deep --rank formidable",
        "/connection Sola Vance --rank dangerous --role pilot",
        "/legacy discoveries --ticks 2",
        "/impact mark wounded",
        "/impact clear wounded",
        "/impact mark shaken",
    ]
    done = play(home, script, "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Derelict at Orin Deep (formidable expedition; Kira)" in done.stdout
    assert "Sola Vance (dangerous connection; Kira), pilot" in done.stdout
    assert "Kira: discoveries legacy 0 -> 2" in done.stdout
    with open_campaign(str(home / "campaigns" / "default.sqlite"), create=False) as store:
        state = store.state()
    kinds = {t.name: (t.kind, t.rank) for t in state.tracks.values()}
    assert kinds["Derelict at Orin Deep"] == ("expedition", "formidable")
    assert kinds["Sola Vance"] == ("connection", "dangerous")
    kira = state.character("Kira")
    assert kira.legacy["discoveries"]["ticks"] == 2
    assert sorted(kira.impacts) == ["shaken"]


def test_every_slash_command_reuses_a_parser_the_session_has(tmp_path: Path) -> None:
    """A slash command that names a command line parser finds it (a missing one was an
    internal error on first use)."""
    import io

    from ironsworn.cli.play.commands import SLASH_COMMANDS
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.terminal import Output
    from ironsworn.dice import RandomDice

    with open_campaign(str(tmp_path / "c.sqlite")) as store:
        out = Output(False, io.StringIO(), io.StringIO())
        parsers = PlaySession(store, out, RandomDice(1)).parsers()
    missing = [c.name for c in SLASH_COMMANDS if c.parser and c.parser not in parsers]
    assert missing == []


def test_starforged_outcome_texts_show_the_words_of_their_links(tmp_path: Path) -> None:
    """Starforged's texts link the moves they name ("[Pay the Price](move:...)"): play mode
    shows the words. Make a Connection left without a name asks it (a script gets the one
    line), and Pay the Price's table rows say their range once."""
    home = tmp_path / "home"
    script = [
        *KIRA,
        "",  # no background vow
        "",  # no inciting incident
        "/move make a connection --dice 1,9,10",
        "/move make a connection --with Sola --dice 1,9,10",
    ]
    done = play(home, script, "--seed", "3")
    assert done.returncode == 0, done.stderr
    # A script gets the one line: the move's question of the connection left out, naming
    # no option (a terminal is asked: below).
    assert done.stderr == (
        "error: Make a Connection: whom do you seek out? (a name, in your words)\n"
    )
    assert "the situation worsens. Pay the Price." in " ".join(done.stdout.split())
    assert "](move:" not in done.stdout
    assert "1-2         A trusted individual or community acts against you" in done.stdout
    assert "1-2: A trusted" not in done.stdout


def test_make_a_connection_asks_whom_at_a_terminal(private_home: Path) -> None:
    """At a terminal the name is asked, in the player's words, and the move is made."""
    from test_play_pty import Terminal

    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    assert (
        main(["character", "new", "Kira", "--stats", "edge=3,heart=2,iron=2,shadow=1,wits=1"]) == 0
    )
    term = Terminal(private_home)
    try:
        term.expect("Kira>")
        term.send("/move make a connection --dice 6,1,2\r")
        term.expect("Make a Connection: whom do you seek out? (a name, in your words)")
        term.send("Sola Vance\r")
        term.expect("STRONG HIT")
        term.expect("Kira [")  # the strong hit's rank and role are asked next
        term.quit()
    finally:
        term.close()
    with open_campaign("sf", create=False) as store:
        moves = [op for op in store.operations() if op.kind == "move"]
    assert len(moves) == 1
    assert "Sola Vance" in str(moves[0].events)


def test_an_answer_that_changes_nothing_else_is_told_in_play(private_home: Path) -> None:
    """Withstand Damage's "press on" changes nothing more: play mode tells the answer (it
    printed "nothing changed", as if the answer were lost)."""
    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    made = ["character", "new", "Kira", "--stats", "3,2,2,1,1", "--starship", "Firebird"]
    assert main(made) == 0
    done = play(private_home, ["/move withstand damage --amount 1", "2"])
    assert done.returncode == 0, done.stderr
    assert "Firebird integrity 5 -> 4" in done.stdout
    assert (
        "Withstand Damage: Kira chose press on (no roll); the decision is answered, nothing "
        "else changes\n" in done.stdout
    )
    assert "nothing changed" not in done.stdout


def test_after_continue_a_legacy_play_acts_as_the_successor(private_home: Path) -> None:
    """Kira retired, Nova is the one character still in the story: play mode acts as her
    (the prompt named the campaign, and a journal line was nobody's)."""
    from play_support import run_script

    assert main(["campaign", "new", "sf", "--ruleset", "starforged"]) == 0
    assert main(["character", "new", "Kira", "--stats", "3,2,2,1,1"]) == 0
    legacy = ["move", "continue", "a", "legacy", "--successor", "Nova", "--stats", "1,1,2,2,3"]
    assert main([*legacy, "--dice", "1,1,5,5,5,5"]) == 0
    for _ in range(3):
        assert main(["choose", "deal_with_the_aftermath"]) == 0
    path = private_home / "campaigns" / "sf.sqlite"
    done = run_script(path, ["Nova looks at the stars.", "/quit"], interactive=True)
    assert done.code == 0, done.err
    assert done.reader.prompts[0] == "Nova> "
    with open_campaign(str(path), create=False) as store:
        entry = [op for op in store.operations() if op.kind == "journal"][-1]
    assert entry.character == "Nova"


def test_an_ability_is_asked_once_when_the_move_asks_more(private_home: Path) -> None:
    """Make a Connection with a card whose ability may fit: the ability is asked, then whom
    the connection is; the line then runs again with the name, and asked the ability a second
    time. Asked once now; the strong hit's ranks are listed once each ("1. dangerous", not
    "1. dangerous    dangerous")."""
    from play_support import run_script

    from shared_files import shared_file

    datasworn = str(shared_file("reference/datasworn/starforged.json"))
    assert main(["campaign", "new", "sf", "--ruleset", "starforged", "--datasworn", datasworn]) == 0
    made = ["character", "new", "Kira", "--stats", "3,2,2,1,1", "--starship", "Firebird"]
    assert main([*made, "--asset", "ace", "--asset", "navigator", "--asset", "utility bot"]) == 0
    path = private_home / "campaigns" / "sf.sqlite"
    lines = ["/move make a connection --dice 6,1,2", "", "Sola Vance", "2", "trader"]
    run = run_script(path, lines, interactive=True)
    assert run.out.count("does an ability fit the fiction?") == 1, run.out
    assert "new connection: Sola Vance (dangerous)" in run.out
    assert "   2. dangerous\n" in run.out
