"""The machinery of play mode's slash commands: a command, the table of them by name and
alias, and how a typed line is split into a command and its words.

The commands themselves are listed in :mod:`~ironsworn.cli.play.commands`. Words are split
like a shell's, except that only double quotes group words: an apostrophe in
``/vow Avenge my brother's death --rank dangerous`` is just a letter.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ironsworn.cli.common import UsageError

# How alike a mistyped command must be to one to be offered in its place (difflib's ratio:
# '/mvoe' and '/move' 0.75, '/roll' and '/log' 0.57), unless they start alike ('/notacommand',
# '/note').
CLOSE_ENOUGH = 0.6

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession

Runner = Callable[["PlaySession", list[str], str], None]


@dataclass(frozen=True)
class SlashCommand:
    """One slash command: its usage line, what it reuses and how it runs."""

    name: str
    usage: str
    summary: str
    run: Runner
    parser: str | None = None  # the command line parser it reuses (options, --help)
    positionals: tuple[str, ...] = ()  # word kinds, for completion
    aliases: tuple[str, ...] = ()
    # The ruleset whose campaigns have it (None: every campaign); /help lists a campaign's own.
    ruleset: str | None = None


class SlashTable:
    """The slash commands by name and alias."""

    def __init__(self, commands: Sequence[SlashCommand]) -> None:
        self.commands = list(commands)
        self._by_name: dict[str, SlashCommand] = {}
        for command in commands:
            for name in (command.name, *command.aliases):
                self._by_name[name] = command

    def __iter__(self) -> Iterator[SlashCommand]:
        return iter(self.commands)

    def names(self) -> list[str]:
        return [c.name for c in self.commands]

    def find(self, name: str) -> SlashCommand:
        key = name.lower()
        command = self._by_name.get(key)
        if command is None:
            near = self.nearest(key)
            guess = f"; did you mean /{near}?" if near else ""
            raise UsageError(f"/{name} is not a command{guess} (/help lists them)")
        return command

    def nearest(self, name: str) -> str | None:
        """The command name closest to a mistyped one (a shared start counts most), or None
        when none is close: a guess unlike what was typed ('/roll': '/redo') misleads."""
        import difflib

        def likeness(candidate: str) -> tuple[float, int]:
            ratio = difflib.SequenceMatcher(None, name, candidate).ratio()
            start = next(
                (i for i, (a, b) in enumerate(zip(name, candidate, strict=False)) if a != b), 0
            )
            return (ratio, start)

        best = max(self._by_name, key=likeness)
        ratio, start = likeness(best)
        return best if ratio >= CLOSE_ENOUGH or start >= 3 else None

    def bare(self, line: str) -> str | None:
        """The command a line without its ``/`` reads like, or None for prose.

        ``sheet`` or ``help`` alone; a word glued to a command (``clear/help``); a command's
        name followed by options (``move face danger --stat edge``).
        """
        words = line.split()
        first = words[0].lower() if words else ""
        if len(words) == 1 and "/" in first:
            tail = first.rsplit("/", 1)[1]
            if tail in self._by_name:
                return "/" + tail
        if (
            first.isalpha()
            and first in self._by_name
            and (len(words) == 1 or any(w.startswith("--") for w in words[1:]))
        ):
            return "/" + " ".join([first, *words[1:]])
        return None

    def run(self, session: PlaySession, line: str) -> None:
        """Run the slash command ``line`` (which starts with ``/``)."""
        head, _, rest = line[1:].partition(" ")
        if not head:
            raise UsageError("a lone '/' is not a command (/help lists them)")
        command = self.find(head)
        words = split_words(rest) if command.name != "journal" else rest.split()
        command.run(session, words, rest.strip())


def split_words(text: str) -> list[str]:
    """Split like a shell, but only double quotes group words (apostrophes are letters)."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        raise UsageError(f"unbalanced double quote in {text!r}") from None


def leading_words(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split ``words`` into the words before the first option and the rest."""
    for i, word in enumerate(words):
        if word.startswith("--"):
            return list(words[:i]), list(words[i:])
    return list(words), []
