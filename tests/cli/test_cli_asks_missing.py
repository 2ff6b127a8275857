"""Every input a command needs and was not given is asked at a terminal (issue 18: "the CLI
prints one line naming its own flag (for scripts) and, on a terminal, may ask").

Found by walking every command of the parser (each subcommand, each required argument, each
required flag, each required choice of flags) rather than by a list: left out, each is a
:class:`~ironsworn.cli.common.Missing` with a question to ask and a script's one line naming
it. The words a command reads itself (``move show`` with no move, ``journal edit 3`` with no
text...) are asked the same way; a scan of ``cli/`` fails on a refusal that says "needs" or
"is required" and is not a ``Missing``. Answered at a (simulated) terminal, the command runs
with the answer; through a real pseudo-terminal in test_cli_asks_missing_pty.
"""

from __future__ import annotations

import argparse
import ast
import io
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest
from cli_support import STATS, run

from ironsworn.cli import asking
from ironsworn.cli.common import CliParser, Missing, UsageError
from ironsworn.cli.main import COMMANDS, main

CLI = Path(__file__).resolve().parents[2] / "src" / "ironsworn" / "cli"


def full_parser() -> CliParser:
    parser = CliParser(prog="ironsworn")
    sub = parser.add_subparsers(dest="command", parser_class=CliParser)
    for module in dict.fromkeys(module for module, _help in COMMANDS.values()):
        import_module(module).register(sub)
    return parser


def leaves(parser: argparse.ArgumentParser, path: list[str]) -> Iterator[list[str]]:
    """Every command path of ``parser`` (``asset show``, ``vow``...)."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield path
        return
    for name, child in subs[0].choices.items():
        yield from leaves(child, [*path, name])


PARSER = full_parser()
PATHS = [path for path in leaves(PARSER, []) if path]


def answer_for(missing: Missing) -> str:
    """An answer the walk gives a question: its first choice, else a word or a number."""
    if missing.choices:
        return missing.choices[0][0]
    return "3" if any(w in missing.prompt for w in ("number", "0-", "1-", "value")) else "x"


@pytest.mark.parametrize("path", PATHS, ids=[" ".join(p) for p in PATHS])
def test_every_argument_left_out_is_asked(path: list[str]) -> None:
    argv = list(path)
    asked = []
    for _ in range(8):
        try:
            PARSER.parse_args(argv)
        except Missing as missing:
            # A script's one line names what is left out (the argument or its flag) ...
            assert "required" in str(missing)
            # ... a terminal gets a question, not argparse's words.
            assert missing.prompt and "required" not in missing.prompt
            assert "the following arguments" not in missing.prompt
            asked.append(missing.prompt)
            answer = answer_for(missing)
            argv += [missing.flag, answer] if missing.flag else [answer]
            continue
        except UsageError:
            break  # a bad value the walk gave ("x" is not a number): not a missing input
        except SystemExit:
            break
        break
    else:
        raise AssertionError(f"{argv}: still asking after {asked}")


def test_the_walk_sees_the_commands_that_take_something() -> None:
    """The walk is not empty: these are among the commands it asks for."""
    names = {" ".join(p) for p in PATHS}
    assert {"asset show", "move", "vow", "fight", "oracle roll", "roll action"} <= names
    with pytest.raises(Missing) as missing:
        PARSER.parse_args(["roll", "progress"])
    assert missing.value.flag is not None


def refusals_saying_needs() -> list[str]:
    """``raise UsageError(...)`` in ``cli/`` whose words say something is needed."""
    found = []
    for path in sorted(CLI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Raise)
                and isinstance(node.exc, ast.Call)
                and getattr(node.exc.func, "id", "") == "UsageError"
                and node.exc.args
            ):
                continue
            words = " ".join(
                c.value
                for c in ast.walk(node.exc.args[0])
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            )
            said = (" needs ", "required", ": name the ", ": give the ")
            if any(w in words for w in said) or words.startswith("needs "):
                found.append(f"{path.relative_to(CLI)}: {words[:70]}")
    return found


# Refusals that say "needs" of something that is not an input to ask: a package to install,
# a flag given without what it goes with, and two lines a script gets where a terminal already
# asks (move oppose's ally, choose's key: asked by the table's question and the decision menu).
NOT_ASKED = (
    "mcp_cmd.py: ironsworn mcp needs the MCP SDK",
    "content_cmd.py: --value needs one truth ID",
    "move_cmd.py: move oppose needs --against NAME",
    "move_cmd.py: choose needs KEY",
)


def test_no_refusal_of_the_command_line_says_needs_without_asking() -> None:
    left = [line for line in refusals_saying_needs() if not line.startswith(NOT_ASKED)]
    assert left == []


class Typed(io.StringIO):
    """Standard input at a terminal: the lines the player types."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A terminal at which the player types the lines appended to the list given."""
    lines: list[str] = []
    monkeypatch.setattr(asking, "at_terminal", lambda argv: "--json" not in argv)

    class Reader(Typed):
        def readline(self, size: int | None = -1) -> str:
            return lines.pop(0) + "\n" if lines else ""

    monkeypatch.setattr("sys.stdin", Reader())
    yield lines


@pytest.fixture
def kai(home: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert run(capsys, "campaign", "new", "missing")[0] == 0
    assert (
        run(capsys, "character", "new", "Kai", "--stats", STATS, "--asset", "hound:1=Brann")[0] == 0
    )
    assert run(capsys, "journal", "add", "Kai sets out")[0] == 0  # entry #2
    return home


@pytest.mark.parametrize(
    ("argv", "typed", "asked", "shown"),
    [
        (["move", "show"], ["face danger"], "which move?", "Face Danger"),
        (["asset", "show"], ["hound"], "full id, id without type, or name", "Sharp"),
        (["oracle", "roll"], ["action"], "full id, id without type, or name", "Action"),
        (["vow"], ["Find the wolf", "2"], "the vow, in your words", "Find the wolf"),
        (["fight"], ["bear"], "a foe's id or name, or your own text", "Bear"),
        (["fight", "new", "--foe", "the ash wolf"], ["2"], "rank of the ash wolf?", "dangerous"),
        (["asset", "mark"], ["hound", "2"], "one of the character's assets", "ability 2"),
        (["adjust"], ["health", "-1"], "health, spirit, supply", "health 5 -> 4"),
        (["scene", "new", "Cross", "the", "river"], ["2"], "scene challenge's rank", "Cross"),
        (["journal", "edit", "2"], ["Kai sets off"], "its new text", "edited"),
        (["option", "even_matches"], ["on"], "its new value", "on"),
        (["debility"], ["mark", "shaken"], "which one?", "shaken"),
    ],
)
def test_a_terminal_asks_and_the_command_runs_with_the_answer(
    kai: Path,
    terminal: list[str],
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    typed: list[str],
    asked: str,
    shown: str,
) -> None:
    terminal += typed
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert asked in err  # the question (the menu is written where errors go)
    assert "required" not in err and "needs" not in err
    assert shown in out
    assert terminal == []  # every answer was read


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["move", "show"], "move show needs a move id or name"),
        (["asset", "show"], "the following arguments are required: ID"),
        (["fight", "new"], "fight new needs its foe: fight new FOE, or --foe FOE"),
        (["scene", "new", "Cross"], "scene new needs --rank"),
        (["journal", "edit", "2"], "journal edit 2 needs the new text"),
        # Words that may be left out are not named as required (the question of ask).
        (["ask"], "ironsworn ask: the following arguments are required: ODDS\n"),
        (
            ["character"],
            "the following arguments are required: action (action accepted: new, list, draw, "
            "keep, background, bond)\n",
        ),
        (["character", "new"], "character new needs a NAME\n"),
        (["site"], "required: action (action accepted: new, list, show, denizen, feature, fill)\n"),
    ],
)
def test_a_script_gets_the_one_line(
    kai: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and line in err


def test_an_empty_answer_gives_up_with_the_one_line(
    kai: Path, terminal: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    terminal.append("")
    assert main(["asset", "show"]) == 2
    err = capsys.readouterr().err
    assert "full id, id without type, or name" in err  # asked first
    assert err.rstrip().endswith("the following arguments are required: ID")


def test_a_track_left_out_is_picked_from_the_open_tracks(
    kai: Path, terminal: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "vow", "new", "Find the wolf", "--rank", "dangerous")[0] == 0
    terminal += ["mark", "1"]
    assert main(["progress"]) == 0
    out, err = capsys.readouterr()
    assert "1. Find the wolf (dangerous vow)" in err  # the open tracks, by name
    assert "Find the wolf progress 0 -> 8" in out


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["tracks"],
            "ironsworn: error: command 'tracks' is unknown; did you mean 'track'? (accepted: "
            "play, serve,",
        ),
        (
            ["export", "markdwn"],
            "ironsworn: error: ironsworn export: format 'markdwn' is unknown; did you mean "
            "'markdown'? (accepted: markdown, json, iron-vault)\n",
        ),
        (
            ["site", "xyzzy"],
            "action 'xyzzy' is unknown (accepted: new, list, show, denizen, feature, fill)\n",
        ),
    ],
)
def test_a_mistyped_choice_is_named_with_the_closest_and_what_is_accepted(
    kai: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and line in err
