"""Reading lines and writing output in play mode.

Two readers, chosen by whether a terminal is attached:

- :class:`TerminalReader` (stdin and stdout are terminals): prompt_toolkit, with line editing,
  history and tab completion. prompt_toolkit is imported here only, when play mode starts at a
  terminal, so one-shot commands never pay for it.
- :class:`PipeReader` (input piped in): plain lines from the stream, no prompt printed, so a
  script's output holds only what the session says.

Both raise :class:`EOFError` at the end of input (Ctrl-D) and :class:`KeyboardInterrupt` on
Ctrl-C; the session turns the first into leaving and the second into cancelling the line.

:class:`Output` keeps stdout for results: with ``--json`` each result is one JSON line on
stdout and every human line (questions, status, help) goes to stderr instead.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

if TYPE_CHECKING:
    from ironsworn.cli.play.completion import Completions


class LineReader(Protocol):
    """Where the session's lines come from."""

    @property
    def interactive(self) -> bool:
        """True at a terminal: the prompt is shown and questions are asked in it."""
        ...

    def read(self, prompt: str) -> str:
        """One line without its newline; EOFError at the end, KeyboardInterrupt on Ctrl-C."""
        ...


class PipeReader:
    """Lines from a stream that is not a terminal (a pipe, a file, a test)."""

    interactive = False

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def read(self, prompt: str) -> str:
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


# The columns a prompt leaves for the answer typed after it (a longer prompt is wrapped).
ANSWER_ROOM = 20


class TerminalReader:
    """prompt_toolkit at a terminal: editing, history, tab completion."""

    interactive = True

    def __init__(self, completions: Completions, history: Path | None = None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, History, InMemoryHistory

        from ironsworn.cli.play.completion import prompt_toolkit_completer

        store: History = InMemoryHistory()
        if history is not None:
            try:
                history.parent.mkdir(parents=True, exist_ok=True)
                history.touch(exist_ok=True)
                store = FileHistory(str(history))
            except OSError:
                pass  # no history file is no reason to refuse to play
        self._session: Any = PromptSession(
            history=store,
            completer=prompt_toolkit_completer(completions),
            # Tab completes; a menu popping up while typing prose would be in the way.
            complete_while_typing=False,
        )

    def read(self, prompt: str) -> str:
        from ironsworn.cli.common import fit, terminal_columns

        # A long prompt wrapped at its words, as every line is (prompt_toolkit breaks it
        # mid-word), leaving room on its last line to type the answer; the space it ends
        # with kept before the answer.
        said = prompt.rstrip()
        said = fit(said, max(terminal_columns() - ANSWER_ROOM, 40)) + prompt[len(said) :]
        line: str = self._session.prompt(said)
        return line


def attached_to_terminal() -> bool:
    """True when both ends are terminals (prompt_toolkit needs to draw on stdout too)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class Output:
    """Results to stdout; human lines to stdout, or to stderr under ``--json``."""

    def __init__(
        self, json_mode: bool = False, out: TextIO | None = None, err: TextIO | None = None
    ) -> None:
        self.json_mode = json_mode
        self.out = out if out is not None else sys.stdout
        self.err = err if err is not None else sys.stderr

    def columns(self) -> int | None:
        """The terminal's width when the human lines go to a terminal (options are wrapped
        to it), else None (a pipe or a file gets each option on one line)."""
        stream = self.err if self.json_mode else self.out
        try:
            if not stream.isatty():
                return None
        except (AttributeError, ValueError):
            return None
        from ironsworn.cli.common import terminal_columns

        return terminal_columns()

    def say(self, text: str) -> None:
        """A human line: a question, a status line, help."""
        self._write(self.err if self.json_mode else self.out, text)

    def result(self, data: Any, text: str, as_json: bool = False) -> None:
        """The result of a command: JSON under ``--json`` (or ``as_json``), else its text."""
        if self.json_mode or as_json:
            self._write(self.out, json.dumps(data, ensure_ascii=False), fitted=False)
        else:
            self._write(self.out, text)

    def error(self, message: str) -> None:
        """One line on stderr; the session goes on."""
        self._write(self.err, "error: " + " ".join(message.split()))

    @staticmethod
    def _fitted(stream: TextIO, text: str) -> str:
        """At a terminal, ``text``'s long lines wrapped at their words to its width (a
        terminal breaks them mid-word); elsewhere ``text`` as it is."""
        try:
            if not stream.isatty():
                return text
        except (AttributeError, ValueError):
            return text
        from ironsworn.cli.common import fit, terminal_columns

        return fit(text, terminal_columns())

    def flush(self) -> None:
        for stream in (self.out, self.err):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()

    def _write(self, stream: TextIO, text: str, fitted: bool = True) -> None:
        said = text.rstrip("\n")
        if fitted:  # (a JSON line is never wrapped)
            said = self._fitted(stream, said)
        stream.write(said + "\n")
        # Flushed at once: a pipe's reader (or a pty test) sees each answer as it is given,
        # and stdout and stderr stay in order.
        stream.flush()
