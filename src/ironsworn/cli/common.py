"""Shared plumbing of the command line: the parser, output, and the one-line error rule.

Every user mistake ends as one line on stderr (``ironsworn: error: ...``) and exit code 2,
without a traceback and before anything is written.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from ironsworn.errors import IronswornError, NotFound, one_line

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn

EXIT_USAGE = 2


class UsageError(IronswornError):
    """Raised by the parser instead of printing usage and exiting."""


class Missing(UsageError):
    """Something the command needs was left out: an argument, a required flag, or words a
    command reads itself (``move show`` with no move). A script gets the one line, naming the
    flag or argument; at a terminal it is asked (:mod:`ironsworn.cli.asking`) and the command
    runs again with the answer, after ``flag`` where it has one, else as its next word."""

    def __init__(
        self,
        message: str,
        prompt: str,
        *,
        flag: str | None = None,
        choices: Sequence[tuple[str, str]] = (),
        open_: bool | None = None,
        dest: str = "",
    ) -> None:
        super().__init__(message)
        self.prompt = prompt
        self.flag = flag
        self.dest = dest  # what it is (argparse's dest: track, name...), for a surface's choices
        self.choices = list(choices)
        # The player's own words answer it too (a name, a number): unless its choices are all.
        self.open = not self.choices if open_ is None else open_


# argparse's messages for arguments left out (Python 3.11 to 3.13).
_REQUIRED = "the following arguments are required: "
_ONE_OF = re.compile(r"one of the arguments (\S+)")
# argparse's word for a value not among an argument's choices (a command's name mistyped).
_INVALID_CHOICE = re.compile(r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)$")


def with_closest(message: str) -> str:
    """argparse's "invalid choice" ``message`` with the closest choice first ("did you mean
    'track'?"), then what is accepted; any other message as it is."""
    found = _INVALID_CHOICE.match(message)
    if found is None:
        return message
    from difflib import get_close_matches

    given, listed = found[2], found[3]
    choices = [c.strip().strip("'") for c in listed.split(",")]
    near = get_close_matches(given, choices, n=1, cutoff=0.6)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    name = found[1].lower() if found[1].isupper() else found[1]  # (COMMAND: a metavar)
    return f"{name} {given!r} is unknown{hint} (accepted: {', '.join(choices)})"


RANKS = ("troublesome", "dangerous", "formidable", "extreme", "epic")


def said(parser: argparse.ArgumentParser, message: str) -> str:
    """A parser's error as its one line: the root parser's bare, a subcommand's named."""
    return message if " " not in parser.prog else f"{parser.prog}: {message}"


def missing_argument(parser: argparse.ArgumentParser, message: str) -> Missing | None:
    """argparse's error ``message`` as the :class:`Missing` argument it names (the first
    one), or None when it is another error."""
    if message.startswith(_REQUIRED):
        name = message[len(_REQUIRED) :].split(", ")[0]
        wanted = [a for a in parser._actions if argparse._get_action_name(a) == name]
    else:
        found = _ONE_OF.match(message)
        if found is None:
            return None
        wanted = [a for a in parser._actions if found[1] in a.option_strings]
    if not wanted:
        return None
    action = wanted[0]
    words = parser.prog.removeprefix("ironsworn").strip()
    if isinstance(action, argparse._SubParsersAction):
        shown = {a.dest: a.help for a in action._choices_actions}
        choices = [(n, f"{n}: {shown[n]}" if shown.get(n) else n) for n in action.choices]
        return Missing(said(parser, message), f"{words}: which one?", choices=choices)
    if action.choices:
        choices = [(str(c), str(c)) for c in action.choices]
        if message.startswith(_REQUIRED):
            # (what the first argument left out accepts: "action" alone says nothing)
            message += f" ({name} accepted: {', '.join(c for c, _ in choices)})"
    elif action.dest == "rank":
        choices = [(r, r) for r in RANKS]
    else:
        choices = []
    what = action.help or ("which one?" if choices else str(action.metavar or action.dest).lower())
    if action.dest == "rank":
        what = "what is its rank?"  # the help lists the ranks, which the menu shows
    flag = action.option_strings[-1] if action.option_strings else None
    return Missing(
        said(parser, message), f"{words}: {what}", flag=flag, choices=choices, dest=action.dest
    )


# Options whose value may be empty ("no description").
EMPTY_ALLOWED = frozenset({"description"})
# Options and arguments naming files: their bytes need not be UTF-8 (a file name may not be).
PATH_DESTS = frozenset({"campaign", "output", "file"})


def terminal_columns() -> int:
    """The terminal's width as shutil would find it ($COLUMNS, then the tty, else 80)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter given its width, so that building a parser (which makes a
    formatter for every argument) does not import shutil and its compression modules."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit code 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        if not action.option_strings and action.nargs == argparse.ZERO_OR_MORE:
            # Words that may be left out are not required: argparse counts a "*" positional
            # without a default as required in its message ("required: ODDS, QUESTION"), which
            # named an argument that nobody has to give. (Left out, its value is still [].)
            action.required = False
        return action

    def error(self, message: str) -> NoReturn:
        # The line is printed after "ironsworn: error: ", so the root parser adds no name of
        # its own; a subcommand's parser names itself ("ironsworn move: ..."). An argument
        # left out is asked at a terminal (:class:`Missing`).
        raise missing_argument(self, message) or UsageError(said(self, with_closest(message)))

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        # Every value given on the command line passes here, so the checks every command
        # wants are made once: no text that cannot be stored, no empty option value. (A
        # subcommand's words pass here too, whole; its own parser checks them one by one.)
        if action.nargs == argparse.PARSER:
            return super()._get_value(action, arg_string)
        name = action.option_strings[-1] if action.option_strings else str(action.metavar or "")
        if action.dest not in PATH_DESTS:
            check_text(arg_string, name or action.dest)
        if action.option_strings and action.dest not in EMPTY_ALLOWED and not arg_string.strip():
            accepted = action.help or "a value"
            raise UsageError(f"{name} {arg_string!r} is empty (accepted: {accepted})")
        return super()._get_value(action, arg_string)


def check_text(text: str, what: str) -> str:
    """Refuse text that is not valid Unicode (bytes a terminal could not decode)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(
            f"{what} {shorten(text)!r} is not valid UTF-8 text (accepted: UTF-8 text; "
            "check the terminal's encoding)"
        ) from None
    return text


def filled(text: str, what: str, accepted: str) -> str:
    """``text`` typed as a command's words, refused when it is only blanks (the table's
    check would name its input, not what the player typed)."""
    if not text.strip():
        raise UsageError(f"{what} {text!r} is empty (accepted: {accepted})")
    return text


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters for a message (a long value stays one short line)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fail(message: str) -> int:
    """Print a one-line error to stderr and return the usage exit code."""
    # One line, and a pasted page of text named in a message is shown by its start.
    sys.stderr.write(f"ironsworn: error: {one_line(message)}\n")
    return EXIT_USAGE


# How many questions one command asks at a terminal before it gives up (each answer runs the
# command again: an operation that kept asking the same thing must not loop).
MAX_QUESTIONS = 8


def run_command(parser: CliParser, argv: Sequence[str], asked: int = 0) -> int:
    """Parse ``argv`` and run the chosen command's ``func``, turning user errors into exit 2.

    At a terminal, an input the command left out is asked and the command runs again with
    the answer (:mod:`ironsworn.cli.asking`); a script gets the one line and exit 2."""
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int | None] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help()
            return 0
        from ironsworn.cli.asking import at_terminal

        # At a terminal a pending decision the command leaves is asked once it is done.
        args.decide = at_terminal(argv)
        code = func(args) or 0
        if code or getattr(args, "decision", None) is None:
            return code
    except NotFound as exc:
        from ironsworn.content.lookup import GroupNamed

        if asked < MAX_QUESTIONS:
            from ironsworn.cli.asking import retry_with_answer

            # At a terminal, a character left unnamed among several is asked.
            answered = retry_with_answer(parser, argv, exc)
            if answered is not None:
                return run_command(parser, answered, asked + 1)

        message = worded(exc)
        if isinstance(exc, GroupNamed):
            # A group's choices are all listed (the words to type), not the closest few.
            message += ": " + ", ".join(f"{words} ({what})" for words, what in exc.choices)
        elif exc.names == ("character",) and exc.candidates:
            # Several characters and none named: nothing was typed to be close to; the
            # characters there are, to name one of ("...; name one (--character): Kira or Dax").
            *first, last = exc.candidates
            message += ": " + (f"{', '.join(first)} or {last}" if first else last)
        elif exc.candidates:
            message += "; closest: " + ", ".join(exc.closest)
        elif exc.kind is not None and exc.kind.rsplit(" ", 1)[-1] in LISTINGS:
            # Nothing close: what is accepted is what the listing command shows.
            message += f" (accepted: a name '{LISTINGS[exc.kind.rsplit(' ', 1)[-1]]}' shows)"
        return fail(message)
    except IronswornError as exc:
        if asked < MAX_QUESTIONS:
            from ironsworn.cli.asking import retry_with_answer
            from ironsworn.cli.deciding import answered_first

            # At a terminal, a move refused while a decision waits: that decision is asked,
            # then the command runs again.
            if answered_first(parser, argv, exc):
                return run_command(parser, argv, asked + 1)

            answered = retry_with_answer(parser, argv, exc)
            if answered is not None:
                return run_command(parser, answered, asked + 1)
        return fail(worded(exc))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        # A file or folder the user pointed at that cannot be used (the checks above name
        # most such problems; this keeps any other one to a line instead of a traceback).
        where = f"{exc.filename}: " if exc.filename else ""
        return fail(f"{where}{exc.strerror or exc}")
    except Exception as exc:
        # A damaged campaign file that SQLite reports where the store did not expect it:
        # still one line (sqlite3 is only looked up if a command already imported it).
        sqlite3 = sys.modules.get("sqlite3")
        if sqlite3 is not None and isinstance(exc, sqlite3.Error):
            return fail(f"campaign file: {exc} (the file may be damaged)")
        raise
    except SystemExit as exc:
        # --help and --version print and exit; main() still returns the code.
        return exc.code if isinstance(exc.code, int) else 0
    # The command is done (and printed): the decision it left is asked (:mod:`.deciding`).
    from ironsworn.cli.deciding import decide

    try:
        return decide(args)
    except IronswornError as exc:
        return fail(worded(exc))


# Inputs of the table whose command-line flag is not ``--`` + the name with dashes.
FLAGS = {"add": "--add", "adds": "--add", "burn": "--burn/--no-burn", "as_role": "--as"}
# make_move's options whose flag is not ``--`` + the option (the moves' option tables).
OPTION_FLAGS = {
    "with": "--with",
    "adds": "--add",
    "burn": "--burn/--no-burn",
    "as_role": "--as",
    "role_bonus": "--role-bonus",
    "new_role": "--new-role",
}


# The command that lists the things of a kind a name was looked up among (an unknown name
# that is like none of them: the player is shown where the accepted names are).
LISTINGS = {
    "asset": "ironsworn asset list",
    "move": "ironsworn move list",
    "table": "ironsworn oracle list",
    "NPC": "ironsworn npc list",
    "truth": "ironsworn truth list",
    "region": "ironsworn region list",
}


def flag(name: str) -> str:
    """The command line's flag for the table's input ``name`` (role_bonus: --role-bonus)."""
    return FLAGS.get(name, "--" + name.replace("_", "-"))


def plain(text: str) -> str:
    """``text`` without rulebook line citations, and a rules link as its words (a Starforged
    table's row names a move as ``[Forsake Your Vow](move:...)``), for a terminal."""
    from ironsworn.campaign.journal import uncited
    from ironsworn.moves.assets.cards import unlinked

    return unlinked(uncited(text))


def import_command(pack: str) -> str:
    """The command that imports content pack ``pack`` from its Datasworn file."""
    return f"ironsworn content import {pack}.json"


def worded(exc: IronswornError) -> str:
    """An error in the command line's words: each input it names by its flag; an input that
    is needed, with the flag that gives it; a pack missing, with the command that imports it
    (errors carry the inputs; their messages below the command line do not name flags)."""
    from ironsworn.errors import NoCharacterYet, OptionNeeded

    if isinstance(exc, NoCharacterYet):
        # (the engine names no command: this is the command line's)
        stats = "--stats 3,2,2,1,1 (edge, heart, iron, shadow, wits)"
        return f"{exc}: ironsworn character new NAME {stats}"
    if exc.pack is not None:
        return f"{plain(str(exc))} ({import_command(exc.pack)})"

    if isinstance(exc, OptionNeeded):
        if exc.subject:
            return needs(exc.subject, flag(exc.option), exc.accepted, exc.open)
        return f"{exc}; give it with {flag(exc.option)}"
    question = getattr(exc, "question", None)
    if question is not None:
        line = asked_line(question, flag(question.input))
        ahead = getattr(exc, "ahead", ())
        if ahead:
            # The others after it, each with its flag: "...; and --rank (accepted: ...);
            # and --stat (accepted: heart, shadow, wits)".
            line += "".join(f"; and {given_with(flag(q.input), q.keys(), q.open)}" for q in ahead)
        return line
    return plain(exc.worded(flag))


def asked_line(question: Any, given_by: str) -> str:
    """A question of the table as a script's one line: what is needed and the flag (or
    argument) ``given_by`` that gives it."""
    if question.input == "text" and question.subject:
        # The words an answer takes: what they are for, said ("troublesome: give them a
        # role"; it was "troublesome needs --text", which said nothing of the role).
        return f"{question.prompt}; give them with {given_by} WORDS"
    if question.subject:
        return needs(question.subject, given_by, question.keys(), question.open)
    return f"{question.line()}; give it with {given_by}"


def needs(subject: str, given_by: str, accepted: Sequence[str], open_: bool) -> str:
    """ "SUBJECT needs --FLAG (accepted: ...)": an input the engine found it needs."""
    return f"{subject} needs {given_with(given_by, accepted, open_)}"


def given_with(given_by: str, accepted: Sequence[str], open_: bool) -> str:
    """ "--FLAG (accepted: ...)": the flag that gives an input, and what it takes."""
    listed = ", ".join(accepted)
    shown = f" (accepted: {listed})" if accepted else ""
    if open_:
        shown = f" (your own words, or: {listed})" if accepted else " (your own words)"
    return f"{given_by}{shown}"


def table_call(
    store: Any,
    name: str,
    args: dict[str, Any],
    names: dict[str, str] | None = None,
    table: Any = None,
) -> Any:
    """Run the table's operation ``name`` on a campaign's ``store`` (the guide's seat, or
    ``table`` when given: its dice, its results kept): its result. A question (an input left
    out) is raised as :class:`~ironsworn.table.questions.Unanswered`, which the command line
    words with the input's flag (or asks, at a terminal: :mod:`ironsworn.cli.asking`); an
    error naming one of ``names`` (inputs the command takes as words, not flags) is worded
    with its words."""
    from ironsworn.table import Table, operation

    at = table if table is not None else Table(store, store.name)
    return _answered(lambda: operation(name).call(at, args), names, at)


def home_call(
    name: str, args: dict[str, Any], database: str | None, names: dict[str, str] | None = None
) -> Any:
    """:func:`table_call` for the operations on the campaigns and packs
    (:mod:`ironsworn.table.home`)."""
    from ironsworn.table.home import home_registry, home_table

    return _answered(lambda: home_registry()[name].call(home_table(database), args), names)


def _answered(call: Callable[[], Any], names: dict[str, str] | None, table: Any = None) -> Any:
    from ironsworn.errors import DecisionPending
    from ironsworn.table import Question, Unanswered

    try:
        answer = call()
    except IronswornError as exc:
        # (a decision waiting first is kept as it is: at a terminal it is asked first)
        if names and not isinstance(exc, (NotFound, Unanswered, DecisionPending)):
            raise UsageError(worded_by(exc, names)) from None
        raise
    if isinstance(answer, Question):
        if answer.input in ("character", "characters") and answer.complete:
            # Several characters, none named: said (and asked, at a terminal) as the
            # command line always did, naming the characters as the closest.
            raise NotFound(
                "there are several characters; name one ({character})",
                tuple(answer.keys()),
                names=("character",),
            )
        said = (names or {}).get(answer.input)
        if said is None:
            unanswered = Unanswered(answer)
            if table is not None:
                from ironsworn.table.questions_ahead import questions_ahead

                # A script is told every input the move will ask before its roll, not one a
                # run (read now, while the campaign is open: a terminal asks only the first).
                unanswered.ahead = tuple(questions_ahead(table, answer))
            raise unanswered
        # An input the command takes by its own words (an argument, another flag): asked as
        # that, and named so in a script's line.
        raise Missing(
            asked_line(answer, said),
            answer.prompt,
            flag=said if said.startswith("-") else None,
            choices=[(c.key, c.shown()) for c in answer.choices],
            open_=bool(answer.open) or not answer.choices,
            dest=answer.input,
        )
    return answer


def worded_by(exc: IronswornError, names: dict[str, str]) -> str:
    """``exc`` in the command line's words, the inputs of ``names`` by those words (the rest
    by their flags; a pack missing, with the command that imports it)."""
    said = plain(exc.worded(lambda n: names.get(n) or flag(n)))
    return said if exc.pack is None else f"{said} ({import_command(exc.pack)})"


class JoinWords(argparse.Action):
    """A name given as several words (``oracle roll location descriptor``): one string.

    Used with ``nargs="+"`` (or ``"*"``, where no words leave the default).
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        words = [values] if isinstance(values, str) else list(values or [])
        setattr(namespace, self.dest, " ".join(str(w) for w in words) if words else self.default)


def common_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add the options every command takes (``--json``)."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def campaign_options(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``--campaign PATH|NAME`` and ``--database URL`` to a command on a campaign."""
    parser.add_argument(
        "--campaign",
        metavar="PATH",
        help="campaign file or name (default: $IRONSWORN_CAMPAIGN or the current campaign)",
    )
    database_option(parser)
    return parser


def database_option(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``--database URL``: campaigns in PostgreSQL instead of files."""
    parser.add_argument(
        "--database",
        metavar="URL",
        help="keep campaigns in this PostgreSQL database, postgresql://USER@HOST/DB "
        "(default: $IRONSWORN_DATABASE; unset: campaign files)",
    )
    return parser


# What a command's --character says: whose sheet it acts on, or who shares a new track.
WHOSE = "whose (default: the only character, or the only one still playing)"
SHARED = (
    "who shares it (again for each; default: the only character, or the only one still playing)"
)


def campaign_command(
    sub: Any, name: str, text: str, description: str | None = None
) -> argparse.ArgumentParser:
    """Add a command that reads or writes a campaign (``--json``, ``--campaign`` and
    ``--database``): ``text`` its line in the list of commands, ``description`` what its own
    ``--help`` says first (argparse's default, none, where not given)."""
    parser: argparse.ArgumentParser = campaign_options(
        common_options(sub.add_parser(name, help=text, description=description))
    )
    return parser


def emit(args: argparse.Namespace, data: Any, text: str | Callable[[], str]) -> None:
    """Print ``data`` as JSON with ``--json``, else the human text (at a terminal, each long
    line wrapped at its words to the terminal's width: :func:`fit`)."""
    if getattr(args, "json", False):
        sys.stdout.write(printable(json.dumps(data, ensure_ascii=False)) + "\n")
    else:
        said = (text() if callable(text) else text).rstrip("\n")
        if is_terminal(sys.stdout):
            said = fit(said, terminal_columns())
        sys.stdout.write(printable(said) + "\n")


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# Where a line's text starts: after its indent, and a list's number or bullet ("  1. ", "· ")
# or a one-word label ("Asha: ", "error: ").
_HANGING = re.compile(r" *(?:\d+\. +|[-*·•] +|[^\s:]{1,20}: +)?")
# Narrower than this for the text beside a hanging indent, a line wraps under its indent only.
_NARROWEST = 20


def fit(text: str, columns: int) -> str:
    """``text`` for a terminal ``columns`` wide: each line that would reach its edge wrapped at
    word boundaries (a terminal breaks it mid-word), its next lines under the line's text
    (after its indent and a list's number, bullet or one-word label), else standing in two
    columns from it. Shorter lines are left as they are."""
    lines = text.split("\n")
    if all(len(line) < columns for line in lines):
        return text  # (most output: nothing to wrap)
    from textwrap import wrap

    out: list[str] = []
    for line in lines:
        if len(line) < columns:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        matched = _HANGING.match(line)
        hang = matched.end() if matched else indent
        if hang == indent:
            hang += 2  # (no number, bullet or label: its next lines stand in a little)
        if columns - hang < _NARROWEST:
            hang = indent + 2
        if columns - hang < _NARROWEST:
            out.append(line)  # too narrow to wrap under anything: the terminal does
            continue
        out += wrap(line, columns - 1, subsequent_indent=" " * hang, break_on_hyphens=False)
    return "\n".join(out)


def printable(text: str) -> str:
    """``text`` with the stray bytes of a file name that is not UTF-8 (which Python carries as
    lone surrogates) shown as U+FFFD, so any terminal, pipe or JSON reader takes it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)
    return text


def parse_int(value: str, what: str, low: int | None = None, high: int | None = None) -> int:
    """Parse an integer option, naming ``what`` and the accepted range when it is bad."""
    accepted = _range_words(low, high)
    try:
        number = int(value.strip())
    except ValueError:
        raise UsageError(f"{what} {value!r} is not a whole number ({accepted})") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise UsageError(f"{what} {number} is out of range ({accepted})")
    return number


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"accepted: {low} to {high}"
    if low is not None:
        return f"accepted: {low} or more"
    if high is not None:
        return f"accepted: {high} or less"
    return "accepted: a whole number"


def int_list(value: str, what: str) -> list[int]:
    """Parse ``"4,5,8"`` into integers (range checks are the caller's)."""
    parts = [p for p in value.replace(" ", "").split(",")]
    if not parts or any(p == "" for p in parts):
        raise UsageError(f"{what} {value!r} is not a comma-separated list of numbers")
    out: list[int] = []
    for part in parts:
        try:
            out.append(int(part))
        except ValueError:
            raise UsageError(f"{what} {value!r}: {part!r} is not a whole number") from None
    return out
