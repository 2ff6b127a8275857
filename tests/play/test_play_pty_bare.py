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

# Lines that change more than they ask when typed bare (they have no required word, or
# run a whole walkthrough): not typed here.
SKIPPED = frozenset({"/quit", "/character", "/undo", "/redo", "/burn", "/decline"})
# Rules of the game said in one line (nothing to clear, no decision pending...), in both
# games; {who} is the character.
RULE_LINES = {
    "/choose": "error: there is no pending decision",
    "/rarity": "error: this campaign has no rarities: import your Datasworn Delve file first "
    "(/content import delve.json)",
    "/site": "error: this campaign has no Delve pack: import your Datasworn Delve file",
    "/threat": "error: this campaign has no Delve pack: import your Datasworn Delve file",
    "/site show": "error: no site is under way (Discover a Site makes one)",
    "/rarity show": "error: this campaign has no rarities: import your Datasworn Delve file",
    "/character setup": "error: /character setup: no character has a semi-random setup",
    "/lasting end": "error: /lasting end: {who} has no lasting effects",
    "/lasting use": "error: /lasting use: {who} has no lasting effects",
    "/lasting give": "error: /lasting give: {who} has no lasting effects",
}
CLASSIC_RULE_LINES = {
    "/vehicle": "error: /vehicle: vehicles are Starforged's, and this campaign plays classic",
    "/debility clear": "error: /debility clear: Kai has no debility marked to clear",
    "/impact": "error: /impact: impacts are Starforged's, and this campaign plays classic",
    "/legacy": "error: /legacy: legacy tracks are Starforged's, and this campaign plays classic",
    "/expedition": "error: /expedition: this campaign plays classic, which has no expedition",
    "/connection": "error: /connection: this campaign plays classic, which has no connection",
}
STARFORGED_RULE_LINES = {
    "/debility clear": "error: /debility clear: Vex has no impact marked to clear",
    "/impact clear": "error: /impact clear: Vex has no impact marked to clear",
    "/vehicle remove": "error: /vehicle remove: the party has no incidental vehicle",
    "/journey": "error: /journey: this campaign plays starforged, which has no journey tracks",
    "/site": "error: Delve's sites and threats are a classic expansion; this campaign",
    "/threat": "error: Delve's sites and threats are a classic expansion; this campaign",
}
# Words that are never a player's: a flag, argparse's own, a missing thing said as "needs".
NEVER = re.compile(
    r"(?<![\w-])--[a-z]|the following arguments|are required|\bneeds\b(?! part)|Traceback"
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


def typed_bare(home: Path, who: str) -> dict[str, str]:
    """Each of :func:`bare_lines` typed at a terminal: what came back, by line."""
    sentinel = f"acting: {who} (characters: {who})"
    term = Terminal(home)
    said: dict[str, str] = {}
    try:
        term.expect(f"{who}>")
        for line in bare_lines():
            term.send(f"{line}\r")
            term.send("\r")  # leaves a question (at the prompt: nothing)
            term.send("/as\r")
            said[line] = term.expect(sentinel)
        term.quit()
    finally:
        term.close()
    return said


def wrongly_said(said: dict[str, str], rules: dict[str, str], who: str) -> dict[str, str]:
    """The lines whose answer is neither a question nor a listing nor a rule's one line,
    or names what a player never types."""
    wrong = {}
    for line, text in said.items():
        asked = "(an empty line leaves)" in text
        errors = [e for e in text.splitlines() if e.startswith("error:")]
        rule = rules.get(line) or rules.get(line.split(" ")[0])
        rule = rule.format(who=who) if rule else None
        if NEVER.search(text) or (
            errors and not asked and not (rule and errors[0].startswith(rule))
        ):
            wrong[line] = text[-400:]
    return wrong


def test_each_command_typed_bare_asks_in_a_classic_campaign(private_home: Path) -> None:
    """Kai, with a bond, the hound Ash, a vow and experience to spend."""
    path = default_campaign(private_home)
    made = ["character", "new", "Kai", "--stats", KAI_STATS, "--bond", "Aldis"]
    assert main([*made, "--asset", "hound:1=Ash", "--campaign", str(path)]) == 0
    vow = ["vow", "new", "Find the wolf", "--rank", "dangerous"]
    assert main([*vow, "--campaign", str(path)]) == 0
    assert main(["adjust", "experience", "3", "--campaign", str(path)]) == 0
    lines = bare_lines()
    assert {"/asset mark", "/debility clear", "/lasting give", "/legacy", "/progress"} <= set(lines)
    said = typed_bare(private_home, "Kai")
    wrong = wrongly_said(said, {**RULE_LINES, **CLASSIC_RULE_LINES}, "Kai")
    assert not wrong, "\n\n".join(f"{k}:\n{v}" for k, v in wrong.items())
    # The other game's commands, and Delve's without its pack, say so before asking.
    others = ("/impact", "/impact mark", "/legacy", "/expedition", "/connection", "/site new")
    for line in (*others, "/threat", "/rarity buy"):
        assert "(an empty line leaves)" not in said[line], said[line]
    # A menu where the campaign holds the choices (not an open question).
    assert "1. hound" in said["/asset mark"] and "1. Find the wolf" in said["/progress mark"]


def test_each_command_typed_bare_asks_in_a_starforged_campaign(private_home: Path) -> None:
    """Vex, with the starship Wanderer, a vow and experience, the Starforged file imported."""
    from shared_files import STARFORGED_DATASWORN, shared_file

    assert main(["content", "import", str(shared_file(STARFORGED_DATASWORN))]) == 0
    path = default_campaign(private_home)
    new = ["campaign", "new", "default", "--ruleset", "starforged", "--campaign", str(path)]
    assert main(new[:5]) == 0
    made = ["character", "new", "Vex", "--stats", KAI_STATS, "--starship", "Wanderer"]
    assert main([*made, "--campaign", str(path)]) == 0
    vow = ["vow", "new", "Find the signal", "--rank", "dangerous"]
    assert main([*vow, "--campaign", str(path)]) == 0
    assert main(["adjust", "experience", "3", "--campaign", str(path)]) == 0
    said = typed_bare(private_home, "Vex")
    wrong = wrongly_said(said, {**RULE_LINES, **STARFORGED_RULE_LINES}, "Vex")
    assert not wrong, "\n\n".join(f"{k}:\n{v}" for k, v in wrong.items())
    for line in ("/journey", "/site", "/site new", "/threat", "/rarity buy"):
        assert "(an empty line leaves)" not in said[line], said[line]
    for line in ("/legacy", "/impact mark", "/vehicle mark", "/asset mark", "/option setup_rules"):
        assert "   1. " in said[line], said[line]  # a menu of what the campaign holds
    assert "1. starship  “Wanderer”" in said["/asset mark"]
