"""Every slash command that takes a word, typed bare at a real terminal, asks for it (issue 18:
"Ask, don't refuse ... nothing a player can do ends in 'needs'"): a numbered menu or a
question, or what the campaign holds (a listing), never an argparse message, a ``--flag``
the player never typed, "needs", a traceback or an internal id. The lines typed are made
from play mode's own table of commands and the command line parsers they reuse: each
command whose parser takes a required word, and each of its first word's choices. Errors
that are a rule of the game (no decision pending, vehicles in a classic campaign) are one
line each, listed here.

Each question is left with an empty line, and ``/as`` (which says who acts) marks where a
command's answer ends, so nothing is timed."""

from __future__ import annotations

import argparse
import re
from importlib import import_module
from pathlib import Path

from play_support import KAI_STATS
from test_play_pty import Terminal, default_campaign

from ironsworn.cli.main import main

SENTINEL = "acting: Kai (characters: Kai)"
# Lines that change more than they ask when typed bare (they have no required word, or
# run a whole walkthrough): not typed here.
SKIPPED = frozenset({"/quit", "/character", "/undo", "/redo", "/burn", "/decline"})
# Rules of the game said in one line (nothing to clear, no decision pending...).
RULE_LINES = {
    "/choose": "error: there is no pending decision",
    "/vehicle": "error: /vehicle: vehicles are Starforged's, and this campaign plays classic",
    "/rarity": "error: this campaign has no rarities: import your Datasworn Delve file first "
    "(/content import delve.json)",
    "/site denizen": "error: this campaign has no Delve pack: import your Datasworn Delve file",
    "/debility clear": "error: /debility clear: Kai has no debility marked to clear",
    "/impact clear": "error: /impact clear: Kai has no debility marked to clear",
    "/site show": "error: no site is under way (Discover a Site makes one)",
    "/rarity show": "error: this campaign has no rarities: import your Datasworn Delve file",
    "/character setup": "error: /character setup: no character has a semi-random setup",
    "/lasting end": "error: /lasting end: Kai has no lasting effects",
    "/lasting use": "error: /lasting use: Kai has no lasting effects",
    "/lasting give": "error: /lasting give: Kai has no lasting effects",
}
# Words that are never a player's: a flag, argparse's own, a missing thing said as "needs".
NEVER = re.compile(
    r"(?<![\w-])--[a-z]|the following arguments|are required|\bneeds\b|Traceback"
    r"|internal error|asset:classic/|journey-\d+:|vow-\d+"
)


def required_words(parser: argparse.ArgumentParser) -> list[str]:
    """The first words a command's parser requires, or [] when it requires none; the
    choices of its first required word when it has them (its subcommands)."""
    for action in parser._actions:
        if action.option_strings or action.nargs in ("?", "*", argparse.SUPPRESS):
            continue
        if isinstance(action, argparse._SubParsersAction) and not action.required:
            continue
        return [str(c) for c in action.choices or ()] or [""]
    return []


def bare_lines() -> list[str]:
    """Each slash command (and subcommand) that takes a required word, without it."""
    from ironsworn.cli.common import CliParser
    from ironsworn.cli.play.commands import SLASH_COMMANDS
    from ironsworn.cli.play.session import CLI_MODULES

    root = CliParser(prog="", add_help=False)
    sub = root.add_subparsers(dest="command", parser_class=CliParser)
    for module in CLI_MODULES:
        import_module(module).register(sub)
    parsers = dict(sub.choices)
    lines = []
    for command in SLASH_COMMANDS:
        line = f"/{command.name}"
        if line in SKIPPED or command.parser is None:
            continue
        words = required_words(parsers[command.parser])
        if not words:
            continue
        lines.append(line)
        # (the words its usage offers: /vow's parser has "new", which play says for you;
        # not /export json, the campaign's whole data, ids and all)
        lines += [
            f"{line} {w}" for w in words if w and w not in ("list", "json") and w in command.usage
        ]
    # Words play mode reads itself, and subcommands a command may be typed without.
    extra = ["/journal edit", "/journal delete", "/person add", "/place add", "/choose"]
    extra += ["/lasting end", "/lasting use", "/lasting give", "/lasting take"]
    extra += ["/vehicle new", "/vehicle mark", "/vehicle remove", "/character setup"]
    extra += ["/option setup_rules", "/oracle show", "/rarity show", "/site show"]
    return list(dict.fromkeys([*lines, *extra]))


def test_each_command_typed_bare_asks(private_home: Path) -> None:
    path = default_campaign(private_home)
    made = ["character", "new", "Kai", "--stats", KAI_STATS, "--bond", "Aldis"]
    assert main([*made, "--asset", "hound:1=Ash", "--campaign", str(path)]) == 0
    assert (
        main(["vow", "new", "Find the wolf", "--rank", "dangerous", "--campaign", str(path)]) == 0
    )
    assert main(["adjust", "experience", "3", "--campaign", str(path)]) == 0
    lines = bare_lines()
    assert {"/asset mark", "/debility clear", "/lasting give", "/legacy", "/progress"} <= set(lines)
    term = Terminal(private_home)
    said: dict[str, str] = {}
    try:
        term.expect("Kai>")
        for line in lines:
            term.send(f"{line}\r")
            term.send("\r")  # leaves a question (at the prompt: nothing)
            term.send("/as\r")
            said[line] = term.expect(SENTINEL)
        term.quit()
    finally:
        term.close()
    wrong = {}
    for line, text in said.items():
        asked = "(an empty line leaves)" in text
        errors = [e for e in text.splitlines() if e.startswith("error:")]
        rule = RULE_LINES.get(line) or RULE_LINES.get(line.split(" ")[0])
        if NEVER.search(text) or (
            errors and not asked and not (rule and errors[0].startswith(rule))
        ):
            wrong[line] = text[-400:]
    assert not wrong, "\n\n".join(f"{k}:\n{v}" for k, v in wrong.items())
    # A menu where the campaign holds the choices (not an open question).
    assert "1. hound" in said["/asset mark"] and "1. Find the wolf" in said["/progress mark"]
