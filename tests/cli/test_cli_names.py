"""Names and values as a player types them (issue 13): several words, bare stats, --with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ironsworn.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "shows"),
    [
        (("oracle", "roll", "location", "descriptor", "--seed", "1"), "Location Descriptor ("),
        # (Names, not ids: the ids are in --json.)
        (("oracle", "show", "combat", "action"), "Combat Action — 1d100, p. 188"),
        (("npc", "show", "iron", "revenant"), "Iron Revenant — extreme horrors"),
        (("asset", "show", "shield", "bearer"), "Shield-Bearer — combat talent"),
        (("truth", "show", "old", "world"), "The Old World"),
        (("truth", "roll", "old", "world", "--value", "10"), "The Old World (10): "),
    ],
)
def test_names_of_several_words(
    home: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], shows: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert out.startswith(shows)


@pytest.mark.parametrize(
    ("stats", "expected"),
    [
        ("3,2,2,1,1", {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}),
        ("1,1,2,2,3", {"edge": 1, "heart": 1, "iron": 2, "shadow": 2, "wits": 3}),
        (
            "wits=3,edge=2,heart=2,iron=1,shadow=1",
            {"edge": 2, "heart": 2, "iron": 1, "shadow": 1, "wits": 3},
        ),
        # Pairs apart by spaces, as a player types them (they were run together: "stat
        # wits='3edge=2heart=2iron=1shadow=1' is not a whole number").
        (
            "wits=3 edge=2 heart=2 iron=1 shadow=1",
            {"edge": 2, "heart": 2, "iron": 1, "shadow": 1, "wits": 3},
        ),
        (
            "wits = 3, edge = 2, heart = 2, iron = 1, shadow = 1",
            {"edge": 2, "heart": 2, "iron": 1, "shadow": 1, "wits": 3},
        ),
    ],
)
def test_stats_as_five_values_in_order(
    home: Path, capsys: pytest.CaptureFixture[str], stats: str, expected: dict[str, int]
) -> None:
    code, out, err = run(capsys, "character", "new", "Kai", "--stats", stats, "--json")
    assert code == 0, err
    assert json.loads(out)["stats"] == expected


@pytest.mark.parametrize(
    ("stats", "says"),
    [
        ("3,2,2,1", "give five values for edge, heart, iron, shadow, wits in that order"),
        ("3,3,2,1,1", "do not use the values 3, 2, 2, 1, 1"),
    ],
)
def test_bad_stats_say_the_order(
    home: Path, capsys: pytest.CaptureFixture[str], stats: str, says: str
) -> None:
    code, _out, err = run(capsys, "character", "new", "Kai", "--stats", stats)
    assert code == 2 and says in err and len(err.splitlines()) == 1
    assert not list(home.rglob("*.sqlite"))


def test_the_help_says_the_order(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "character", "--help")
    assert code == 0
    assert "in the order edge, heart, iron, shadow, wits" in " ".join(out.split())


def test_sojourn_with_a_bond_by_prefix(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stats = ("--stats", "3,2,2,1,1", "--bond", "Thornhold village", "--bond", "Elda")
    assert run(capsys, "character", "new", "Kai", *stats)[0] == 0
    code, _out, err = run(capsys, "move", "sojourn", "--with", "Kai")
    assert code == 2 and "Kai has no bond 'Kai'; closest: Thornhold village, Elda" in err
    code, out, err = run(capsys, "move", "sojourn", "--with", "thorn", "--dice", "3,9,10")
    assert code == 0, err
    assert "action 3 + stat 2 + 1 = 6 vs 9 | 10: MISS" in out


@pytest.mark.parametrize(
    ("argv", "stats"),
    [
        (("adjust", "iron", "+1"), {"edge": 3, "heart": 2, "iron": 3, "shadow": 1, "wits": 1}),
        (("adjust", "Edge", "-2"), {"edge": 1, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}),
    ],
)
def test_a_stat_is_corrected_by_hand_and_undone(
    home: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], stats: dict[str, int]
) -> None:
    assert main(["character", "new", "Asha", "--stats", "3,2,2,1,1"]) == 0
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    capsys.readouterr()
    assert main(["sheet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"] == stats
    main(["undo"])
    capsys.readouterr()
    assert main(["sheet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stats"]["edge"] == 3


def test_a_stat_may_reach_four_without_assets(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Playing without assets, "No stat can exceed +4" (L5349-5350)."""
    assert main(["option", "assets", "none"]) == 0
    assert main(["character", "new", "Asha", "--stats", "3,2,2,1,1"]) == 0
    assert main(["adjust", "edge", "+1"]) == 0
    assert main(["adjust", "edge", "+1"]) == 2
    assert "edge +4 +1 would be +5 (accepted: a stat from +1 to +4)" in capsys.readouterr().err


def test_a_flag_takes_a_name_of_several_words_unquoted(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Play mode's '/fight --foe marsh rat' and '/move sojourn --with thornhold village' are
    # typed without shell quotes: the flag's words are the one name, as an argument's are.
    stats = ("--stats", "3,2,2,1,1", "--bond", "Thornhold village")
    assert run(capsys, "character", "new", "Kai", *stats)[0] == 0
    code, out, err = run(capsys, "fight", "new", "--foe", "marsh", "rat", "--json")
    assert code == 0, err
    assert json.loads(out)["name"] == "Marsh Rat"
    argv = ("move", "sojourn", "--with", "thornhold", "village", "--dice", "3,9,10")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert "action 3 + stat 2 + 1 = 6 vs 9 | 10: MISS" in out


def test_every_option_of_every_command_says_what_it_is() -> None:
    """``--help`` tells each option (``--character`` of ``adjust`` said nothing: whose? of
    ``site new``: who shares it?)."""
    import argparse

    from ironsworn.cli.main import COMMANDS, build_parser

    silent: dict[str, list[str]] = {}

    def walk(parser: argparse.ArgumentParser, said: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for word, inner in action.choices.items():
                    walk(inner, f"{said} {word}".strip())
            elif action.option_strings and not (
                action.help or isinstance(action, argparse._HelpAction)
            ):
                silent.setdefault(said, []).append(action.option_strings[0])

    for name in COMMANDS:
        commands = next(
            a for a in build_parser(name)._actions if isinstance(a, argparse._SubParsersAction)
        )
        walk(commands.choices[name], name)
    assert silent == {}


def test_a_decision_that_names_its_character_says_the_name_once(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sojourn's choice asks "Asha: choose 3": shown after 'PENDING (Asha)', it is said once
    ('PENDING (Asha): Asha: choose 3' said it twice), in full and in the reminder."""
    argv = ("character", "new", "Asha", "--stats", "3,2,2,1,1", "--bond", "Thornhold")
    assert run(capsys, *argv)[0] == 0
    code, out, err = run(capsys, "move", "sojourn", "--with", "thorn", "--dice", "5,2,3")
    assert code == 0, err
    assert "PENDING (Asha): Sojourn: choose 3 — ironsworn choose KEY\n" in out
    code, out, err = run(capsys, "adjust", "supply", "-1")
    assert code == 0, err
    assert "PENDING (Asha): Sojourn: choose 3 (5 options)" in out
    assert "Asha: Asha" not in out
