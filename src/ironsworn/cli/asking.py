"""The command line asks at a terminal: a question of the table is shown, answered, and the
command goes on.

An operation missing an input it needs answers with a question (the table's
:class:`~ironsworn.table.questions.Question`, raised as
:class:`~ironsworn.table.questions.Unanswered`, or the engine's
:class:`~ironsworn.errors.OptionNeeded`). A script (standard input or output not a terminal,
or ``--json``) gets one line naming the flag that gives it and exit code 2, as before. At a
terminal the question is shown instead: a numbered menu of its choices (a number, a choice's
key or name, or, where the question takes them, the player's own words), or a prompt when it
has none; the answer is added to the command as that flag and the command runs again. A
question asked does not change anything (the operation's write is rolled back), so running
the command again with the answer is the same as having given it. An empty answer (or end of
input) gives up, with the one line and exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from ironsworn.errors import IronswornError, NotFound, OptionNeeded

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TextIO

# The table's inputs (or the engine's options) whose dest in a command's parser is another
# name: the move command's --with, --as, --raise, --add.
DESTS = {
    "with": "bond_with",
    "as": "as_role",
    "as_role": "as_role",
    "raise": "raise_stat",
    "adds": "add",
    "add": "add",
}
YES = frozenset({"y", "yes", "true", "on", "1"})
NO = frozenset({"n", "no", "false", "off", "0"})


class Asked:
    """A question in the command line's terms: the input it asks for, the prompt, the
    choices (key, what is shown) and whether the player's own words answer it too."""

    def __init__(
        self, input_name: str, prompt: str, choices: Sequence[tuple[str, str]], open_: bool
    ) -> None:
        self.input = input_name
        self.prompt = prompt
        self.choices = list(choices)
        self.open = open_ or not self.choices


def question_of(exc: IronswornError) -> Asked | None:
    """The question an error asks (None: it asks nothing). A character left unnamed in a
    campaign of several is asked too: which of them."""
    from ironsworn.cli.common import Missing

    if isinstance(exc, Missing):
        return Asked(exc.flag or "", exc.prompt, exc.choices, exc.open)
    if isinstance(exc, NotFound):
        if exc.names != ("character",) or not exc.candidates:
            return None
        choices = [(name, name) for name in exc.candidates]
        return Asked("character", "There are several characters: which one?", choices, False)
    if isinstance(exc, OptionNeeded):
        prompt = str(exc).split(" (accepted:", 1)[0]
        return Asked(exc.option, prompt, list(exc.choices), exc.open)
    question: Any = getattr(exc, "question", None)
    if question is None:
        return None
    choices = [(c.key, c.shown()) for c in question.choices]
    return Asked(question.input, question.prompt, choices, bool(question.open))


def at_terminal(argv: Sequence[str]) -> bool:
    """Whether a person answers: standard input and output are a terminal, and no ``--json``."""
    if "--json" in argv:
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> Any:
    """The parser of the (sub)command ``argv`` runs."""
    current = parser
    for word in argv:
        found = next(
            (a for a in current._actions if isinstance(a, argparse._SubParsersAction)), None
        )
        if found is None:
            break
        if word in found.choices:
            current = found.choices[word]
    return current


def flag_action(parser: argparse.ArgumentParser, name: str) -> argparse.Action | None:
    """The option of ``parser`` that gives the input ``name`` (None: it has none)."""
    dests = {name, DESTS.get(name, name)}
    flag = "--" + name.replace("_", "-")
    for action in parser._actions:
        if not action.option_strings:
            continue
        if action.dest in dests or flag in action.option_strings:
            return action
    return None


def retry_with_answer(
    parser: argparse.ArgumentParser,
    argv: Sequence[str],
    exc: IronswornError,
    stdin: TextIO | None = None,
    stderr: TextIO | None = None,
) -> list[str] | None:
    """At a terminal: ask ``exc``'s question and return ``argv`` with the answer as its flag.
    None when nobody is there to ask, the error asks nothing, the command has no flag for it,
    or the player gives up."""
    if not at_terminal(argv):
        return None
    asked = question_of(exc)
    if asked is None:
        return None
    from ironsworn.cli.common import Missing

    if isinstance(exc, Missing):
        # The answer goes after its flag, or is the command's next word; a question with one
        # answer (vow new) is not asked.
        if exc.dest == "track" and not asked.choices:
            asked.choices = open_tracks(argv)
        if len(asked.choices) == 1 and not asked.open:
            answer: str | None = asked.choices[0][0]
        else:
            answer = ask(asked, False, stdin or sys.stdin, stderr or sys.stderr)
        if answer is None:
            return None
        return [*argv, exc.flag, answer] if exc.flag else [*argv, answer]
    action = flag_action(command_parser(parser, argv), asked.input)
    if action is None:
        return None
    answer = ask(asked, action.nargs == 0, stdin or sys.stdin, stderr or sys.stderr)
    if answer is None:
        return None
    if action.nargs == 0:
        # A switch: yes gives it; no gives its --no- form where it has one (--no-burn).
        if answer in YES:
            return [*argv, action.option_strings[0]]
        negative = next((o for o in action.option_strings if o.startswith("--no-")), None)
        return None if negative is None else [*argv, negative]
    return [*argv, action.option_strings[-1], answer]


def open_tracks(argv: Sequence[str]) -> list[tuple[str, str]]:
    """The open tracks of the campaign ``argv`` names (``--campaign``, else the current one),
    by name, to pick a track left out from; none when it cannot be read."""
    from ironsworn.campaign.registry import resolve

    given = list(argv)
    named = given[given.index("--campaign") + 1] if "--campaign" in given[:-1] else None
    try:
        with resolve(named).open(create=False) as store:
            tracks = store.state().tracks.values()
            return [
                (t.name, f"{t.name} ({t.rank} {t.kind})") for t in tracks if t.status == "active"
            ]
    except (IronswornError, OSError):
        return []


def ask(asked: Asked, switch: bool, stdin: TextIO, out: TextIO) -> str | None:
    """Show the question and read the answer: a choice's key, the player's own words, yes or
    no for a switch; None when they give up (an empty line, end of input)."""
    choices = [("yes", "yes"), ("no", "no")] if switch and not asked.choices else asked.choices
    out.write(f"{asked.prompt}\n")
    for number, (_key, shown) in enumerate(choices, 1):
        out.write(f"  {number}. {shown}\n")
    if choices:
        words = " or your own words" if asked.open and not switch else ""
        hint = f"choose 1-{len(choices)}{words} (empty: give up)"
    else:
        hint = "your answer (empty: give up)"
    while True:
        out.write(f"{hint}> ")
        out.flush()
        try:
            line = stdin.readline()
        except KeyboardInterrupt:  # Ctrl-C at the question: give up, as an empty answer
            line = ""
        if not line:
            out.write("\n")
            return None
        text = line.strip()
        if not text:
            return None
        picked = pick(text, choices)
        if picked is not None:
            return picked
        if asked.open and not switch:
            return text
        out.write(f"{text!r} is not one of the choices (accepted: a number 1-{len(choices)})\n")


def pick(text: str, choices: Sequence[tuple[str, str]]) -> str | None:
    """The key of the choice ``text`` names: its number, its key or what is shown."""
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1][0]
    folded = text.casefold()
    for key, shown in choices:
        if folded in (key.casefold(), shown.casefold(), shown.split(":")[0].strip().casefold()):
            return key
    if folded in YES | NO and {k for k, _ in choices} == {"yes", "no"}:
        return "yes" if folded in YES else "no"
    return None
