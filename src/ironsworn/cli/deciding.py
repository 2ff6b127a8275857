"""The command line answers a pending decision at a terminal, as play mode does.

A move that needs the player stops with a pending decision (an offer to burn momentum, a
weak hit's choice, Pay the Price...). A script (standard input or output not a terminal, or
``--json``) gets the decision printed with the command that answers it (``ironsworn choose
KEY``), as before. At a terminal the command that left it (:func:`run_command
<ironsworn.cli.common.run_command>` marks its arguments ``decide``) shows the decision as a
numbered menu once its result is printed (:func:`decide`) and applies the answer through the
table's ``choose``, ``burn`` or ``decline`` operation; a decision that answer leaves is asked
in turn. A line that is not one of the options is refused, naming what is accepted, and the
decision asked again: nothing is written for it (it never becomes a journal entry). An empty
line (or end of input) leaves the decision waiting, with how to answer it later.
"""

from __future__ import annotations

import sys

from ironsworn.errors import IronswornError

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any, TextIO

    from ironsworn.cli.play.decisions import Answer

# How many decisions one command answers in a row (each answer may leave another: Pay the
# Price's roll, an Endure Harm after a choice); a loop of decisions must end.
MAX_DECISIONS = 12


def left_pending(args: argparse.Namespace, result: Any) -> Any:
    """``result`` as the command prints it: at a terminal (``args.decide``) a decision the
    command asked is kept on ``args`` to be asked after the result is printed, not printed
    with it; elsewhere, or a decision that waited already (the command did not touch it:
    the result reminds of it in one line), ``result`` unchanged."""
    from ironsworn.cli.session import asked_now

    if not getattr(args, "decide", False) or not asked_now(result):
        return result
    from dataclasses import replace

    args.decision = result.pending
    return replace(result, pending=None)


def decide(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Ask the decisions pending on the campaign of ``args`` one by one and apply each
    answer; 0 (the command that left them succeeded, answered or not)."""
    from ironsworn.campaign.registry import resolve

    stdin = stdin or sys.stdin
    out = out or sys.stdout
    store = resolve(getattr(args, "campaign", None), getattr(args, "database", None)).open(
        create=False
    )
    with store:
        for _ in range(MAX_DECISIONS):
            pending = store.state().pending
            if pending is None:
                return 0
            answer = read(pending, stdin, out)
            if answer is None:
                _later(pending, out)
                return 0
            _apply(store, pending, answer, stdin, out)
        pending = store.state().pending
        if pending is not None:
            _later(pending, out)
    return 0


def answered_first(parser: argparse.ArgumentParser, argv: Sequence[str], exc: Exception) -> bool:
    """At a terminal, a move refused because a decision waits
    (:class:`~ironsworn.errors.DecisionPending`): ask that decision; True when it is answered
    (the command can run again), False otherwise (not that error, nobody to ask, or the
    decision left waiting)."""
    from ironsworn.cli.asking import at_terminal
    from ironsworn.errors import DecisionPending

    if not isinstance(exc, DecisionPending) or not at_terminal(argv):
        return False
    args = parser.parse_args(argv)
    before = _pending_now(args)
    if before is None:
        return False
    sys.stdout.write("a decision waits to be answered first:\n")
    decide(args)
    return bool(_pending_now(args) != before)


def _pending_now(args: argparse.Namespace) -> Any:
    from ironsworn.campaign.registry import resolve

    ref = resolve(getattr(args, "campaign", None), getattr(args, "database", None))
    with ref.open(create=False) as store:
        return store.state().pending


def read(pending: dict[str, Any], stdin: TextIO, out: TextIO) -> Answer | None:
    """Show the decision as a numbered menu and read an answer to it, asking again until the
    line answers it; None when the player leaves it (an empty line, end of input)."""
    from ironsworn.cli.common import is_terminal, plain, terminal_columns
    from ironsworn.cli.play.decisions import describe, hint, read_answer
    from ironsworn.content import load_library

    move = load_library().moves.get(str(pending.get("move")))
    # At a terminal each option's text is wrapped in its own column, as play mode does (the
    # terminal broke the lines mid-word).
    columns = terminal_columns() if is_terminal(out) else None
    out.write(plain(describe(pending, move.name if move else None, columns)) + "\n")
    while True:
        line = _line(f"{hint(pending)} (empty: answer later)> ", stdin, out)
        if not line:
            return None
        try:
            answer = read_answer(line, pending)
        except IronswornError as exc:
            out.write(f"{exc}; nothing was written\n")
            continue
        if answer is not None:
            return answer
        out.write(
            f"{line!r} does not answer the decision ({_accepted(pending)}); nothing was written\n"
        )


def _accepted(pending: dict[str, Any]) -> str:
    from ironsworn.cli.play.decisions import accepted

    return f"accepted: {accepted(pending)}"


def _apply(store: Any, pending: dict[str, Any], answer: Answer, stdin: TextIO, out: TextIO) -> None:
    """Apply ``answer`` through the table's operation and print what it did (an answer the
    engine refuses, such as too few choices, is said and nothing is written)."""
    from ironsworn.cli.common import plain
    from ironsworn.cli.session import describe_result
    from ironsworn.table import Question, Table, operation

    args: dict[str, Any] = {"character": pending.get("character")}
    if answer.action == "choose":
        args["keys"] = list(answer.keys)
        words = _words(pending, answer.keys, stdin, out)
        if words:
            args["text"] = words
    table = Table(store, store.name, results=[])
    try:
        made = operation(answer.action).call(table, args)
    except IronswornError as exc:
        # Said in the menu's words (the input's name, not a flag the player never typed).
        out.write(f"{plain(str(exc))}; nothing was written\n")
        return
    if isinstance(made, Question):  # words the decision needs and the player did not give
        out.write(f"{made.line()}; nothing was written\n")
        return
    from dataclasses import replace

    from ironsworn.cli.result_text import NOTHING_CHANGED

    for result in table.results or ():
        # The next decision, if any, is asked as a menu: not printed as a command's.
        text = describe_result(replace(result, pending=None), come_back=False, aside=False)
        if text == NOTHING_CHANGED and result.pending is not None:
            continue  # the answer only leads to the next decision, asked next
        out.write(text + "\n")


def _words(pending: dict[str, Any], keys: tuple[str, ...], stdin: TextIO, out: TextIO) -> str:
    """The words a decision asks for with these keys (a new vow's name), or "" (none asked,
    or the player keeps its default)."""
    asked = pending.get("text")
    wanted = None if not asked else asked.get("keys")
    if not asked or (wanted is not None and not any(k in wanted for k in keys)):
        return ""
    default = asked.get("default")
    prompt = str(asked["prompt"]) + (f" (empty: {default})" if default is not None else "")
    while True:
        words = _line(f"{prompt}> ", stdin, out)
        if words is None or words or default is not None:
            return words or ""  # at end of input, the operation asks for them: said, no write
        out.write("words are needed here (an empty line does not answer)\n")


def _line(prompt: str, stdin: TextIO, out: TextIO) -> str | None:
    """One line typed at ``prompt``, stripped (None at end of input or Ctrl-C)."""
    out.write(prompt)
    out.flush()
    try:
        line = stdin.readline()
    except KeyboardInterrupt:
        line = ""
    if not line:
        out.write("\n")
        return None
    return line.strip()


def _later(pending: dict[str, Any], out: TextIO) -> None:
    """The decision left waiting, with the command that answers it later."""
    if pending["kind"] == "burn":
        how = "ironsworn burn, or ironsworn decline"
    else:
        keys = ", ".join(str(o["key"]) for o in pending.get("options") or ())
        how = f"ironsworn choose KEY ({keys})"
        if int(pending.get("min", 1)) == 0:
            how += ", or ironsworn decline"
    out.write(f"the decision waits: {how}\n")
