"""The slash commands of play mode: the table of them, with their usage lines.

Each command reuses the command line's own parser (``/move`` parses like ``ironsworn move``,
``/vow TEXT --rank R`` like ``ironsworn vow new TEXT --rank R``), so options, checks and error
messages are the same in both places; a parse error is one line and the session goes on.

Commands that change the campaign run the table's operations (:meth:`PlaySession.table`),
moves and their decisions too, each in its own transaction; ``/oracle`` and ``/ask`` are
recorded too (as ``oracle`` and
``ask`` operations), so the journal holds every roll. Read-only commands (``/sheet``,
``/tracks``, ``/log``, ``/move list``...) call the command line's own functions.

The runners live beside this table, one module per part of the game:
:mod:`~ironsworn.cli.play.move_commands` (moves and pending decisions),
:mod:`~ironsworn.cli.play.oracle_commands`, :mod:`~ironsworn.cli.play.sheet_commands`,
:mod:`~ironsworn.cli.play.delve_commands` and :mod:`~ironsworn.cli.play.campaign_commands`;
:mod:`~ironsworn.cli.play.slash` holds the table's machinery.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ironsworn.cli.play.campaign_commands import (
    act_as,
    character,
    content,
    lasting,
    leave,
    log,
    lookup,
    option,
    show_help,
    undo_redo,
)
from ironsworn.cli.play.completion import CommandShape
from ironsworn.cli.play.delve_commands import delve as _delve
from ironsworn.cli.play.delve_commands import failure as _failure
from ironsworn.cli.play.delve_commands import rarity as _rarity
from ironsworn.cli.play.move_commands import answer, choose, move
from ironsworn.cli.play.oracle_commands import ask, oracle
from ironsworn.cli.play.sheet_commands import (
    impact,
    legacy,
    new_track,
    sheet,
    sheet_change,
    tracks,
    vehicle,
)
from ironsworn.cli.play.slash import SlashCommand, SlashTable

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession


SLASH_COMMANDS = SlashTable(
    [
        SlashCommand(
            "move",
            "/move NAME [--stat S] [...]",
            "make a move (options as 'ironsworn move'; --dice 4,5,9 to use your dice)",
            move,
            "move",
            ("move",),
        ),
        SlashCommand(
            "choose",
            "/choose [KEY...]",
            "answer the pending choice (alone: show its options)",
            choose,
            "choose",
            ("pending",),
        ),
        SlashCommand("burn", "/burn", "burn momentum on the pending roll", answer("burn"), "burn"),
        SlashCommand(
            "decline", "/decline", "decline the pending decision", answer("decline"), "decline"
        ),
        SlashCommand(
            "oracle",
            "/oracle TABLE [--value N]",
            "roll an oracle table (/oracle list, /oracle show TABLE)",
            oracle,
            "oracle",
            ("oracle",),
        ),
        SlashCommand(
            "ask",
            "/ask ODDS [QUESTION]",
            "ask the oracle a yes/no question (likely, 50/50, ...)",
            ask,
            "ask",
            ("odds", ""),
        ),
        SlashCommand("sheet", "/sheet", "show the character sheet", sheet, "sheet"),
        SlashCommand("tracks", "/tracks [--all]", "list progress tracks", tracks, "track"),
        SlashCommand(
            "vow", "/vow TEXT --rank R", "swear a vow (create its track)", new_track("vow"), "vow"
        ),
        SlashCommand(
            "journey",
            "/journey TEXT --rank R",
            "start a journey track",
            new_track("journey"),
            "journey",
            ruleset="classic",
        ),
        SlashCommand(
            "fight",
            "/fight FOE [--rank R]",
            "start a fight track",
            new_track("fight"),
            "fight",
        ),
        SlashCommand(
            "expedition",
            "/expedition TEXT --rank R",
            "Starforged: start an expedition track",
            new_track("expedition"),
            "expedition",
            ruleset="starforged",
        ),
        SlashCommand(
            "connection",
            "/connection NAME --rank R [--role ROLE]",
            "Starforged: a new connection (Make a Connection's strong hit makes one too)",
            new_track("connection"),
            "connection",
            ruleset="starforged",
        ),
        SlashCommand(
            "legacy",
            "/legacy quests|bonds|discoveries --ticks N",
            "Starforged: mark ticks on a legacy track by hand",
            legacy,
            "legacy",
            ruleset="starforged",
        ),
        SlashCommand(
            "vehicle",
            "/vehicle [list] | new NAME [--integrity N] | mark|clear MARK",
            "Starforged: the party's vehicles (new, remove, mark or clear by hand)",
            vehicle,
            "vehicle",
            ruleset="starforged",
        ),
        SlashCommand(
            "impact",
            "/impact mark|clear NAME",
            "Starforged: mark or clear an impact by hand (wounded, shaken...)",
            impact,
            "impact",
            ("mark", ""),
            ruleset="starforged",
        ),
        SlashCommand(
            "site",
            "/site new NAME --theme T --domain D --rank R | list | show | denizen | feature"
            " | fill SLOT DENIZEN",
            "Delve's perilous sites",
            _delve("site"),
            "site",
            ("site_action", ""),
            ruleset="classic",
        ),
        SlashCommand(
            "threat",
            "/threat NAME --vow VOW --category C",
            "a Delve threat to a vow",
            _delve("threat"),
            "threat",
            ruleset="classic",
        ),
        SlashCommand(
            "failure",
            "/failure TICKS",
            "set your failure track (Delve) by hand, 0 to 40 ticks",
            _failure,
            "failure",
            ruleset="classic",
        ),
        SlashCommand(
            "rarity",
            "/rarity list [--all] | show NAME | buy NAME",
            "Delve's rarities: augment an asset with experience",
            _rarity,
            "rarity",
            ("rarity_action", ""),
            ruleset="classic",
        ),
        SlashCommand(
            "adjust",
            "/adjust METER N",
            "change a meter by hand (health -1, momentum +2)",
            sheet_change("adjust"),
            "adjust",
            ("meter", ""),
        ),
        SlashCommand(
            "debility",
            "/debility mark|clear NAME",
            "mark or clear a debility",
            sheet_change("debility"),
            "debility",
            ("mark", "debility", ""),
            ruleset="classic",
        ),
        SlashCommand(
            "initiative",
            "/initiative have|lose (Starforged: in control, bad spot)",
            "have or lose the initiative (Starforged: your position) by hand",
            sheet_change("initiative"),
            "initiative",
            ("",),
        ),
        SlashCommand(
            "progress",
            "/progress mark|clear TRACK",
            "mark or clear progress on a track",
            sheet_change("progress"),
            "progress",
            ("mark", "track", ""),
        ),
        SlashCommand(
            "journal",
            "/journal [TEXT | edit N TEXT | delete N]",
            "write TEXT in the journal (alone: the recent entries; edit or delete entry #N)",
            lookup("journal"),
            aliases=("note",),
        ),
        SlashCommand(
            "npc",
            "/npc NAME | list",
            "show a foe or NPC of the rulebook",
            lookup("content", "npc"),
            "npc",
            ("foe",),
        ),
        SlashCommand(
            "asset",
            "/asset NAME | list | fits MOVE | upgrades | mark|unmark|use ASSET N | track ASSET V",
            "show an asset card; your cards on a move, what Advance buys, a mark or track by hand",
            lookup("content", "asset"),
            "asset",
            ("asset",),
        ),
        SlashCommand(
            "lasting",
            "/lasting [end|use|give NAME | take trophy ritual|sojourn]",
            "lasting effects of asset abilities: list them, or end, use, give one",
            lasting,
            "lasting",
        ),
        SlashCommand(
            "search", "/search WORDS", "search moves, oracles and foes", lookup("search"), "search"
        ),
        SlashCommand(
            "content",
            "/content import FILE | list",
            "import your Datasworn file (Starforged: starforged.json) once; list the packs",
            content,
            "content",
        ),
        SlashCommand(
            "person",
            "/person [NAME | add NAME]",
            "people met: list, show one, or add one",
            lookup("world", "person"),
            "person",
            ("person",),
        ),
        SlashCommand(
            "place",
            "/place [NAME | add NAME]",
            "places: list, show one, or add one",
            lookup("world", "place"),
            "place",
            ("place",),
        ),
        SlashCommand(
            "truth",
            "/truth [NAME OPTION]",
            "the truths of your world: list them, or set one (1, 2, 3, roll or open)",
            lookup("truth"),
            "world",
            ("truth",),
        ),
        SlashCommand(
            "export",
            "/export markdown|json [-o FILE] | iron-vault DIR",
            "export the campaign (the story, the full log, or an Iron Vault folder)",
            lookup("export"),
            "export",
            ("export_format",),
        ),
        SlashCommand(
            "homebrew",
            "/homebrew new NAME --ability P:MOVES:DETAIL | reskin ASSET --name NEW",
            "make a homebrew asset, or reskin one (the rulebook's tweaking assets)",
            lookup("homebrew"),
            "homebrew",
        ),
        SlashCommand("undo", "/undo", "undo the last operation", undo_redo(True)),
        SlashCommand("redo", "/redo", "redo the last undone operation", undo_redo(False)),
        SlashCommand("log", "/log [--limit N]", "show the last operations", log, "log"),
        SlashCommand(
            "character",
            "/character [setup NAME]",
            "create another character (setup: finish a semi-random setup left half-way)",
            character,
        ),
        SlashCommand(
            "option",
            "/option [NAME VALUE]",
            "the rulebook's campaign options (chapter 7): list them, or set one",
            option,
            "option",
        ),
        SlashCommand(
            "as",
            "/as [NAME]",
            "act as this character (or show who acts)",
            act_as,
            None,
            ("character",),
        ),
        SlashCommand(
            "help",
            "/help [COMMAND]",
            "this list, or one command's options",
            show_help,
            positionals=("command", ""),
            aliases=("?",),
        ),
        SlashCommand(
            "quit", "/quit", "leave (everything is already saved)", leave, aliases=("exit", "q")
        ),
    ]
)


def shapes(session: PlaySession) -> dict[str, CommandShape]:
    """What completion needs of each command (options read from the parsers it reuses)."""
    parsers = session.parsers()
    out: dict[str, CommandShape] = {}
    for command in SLASH_COMMANDS:
        parser: argparse.ArgumentParser | None = (
            parsers.get(command.parser) if command.parser else None
        )
        if command.parser == "oracle" and parser is not None:
            parser = _subparser(parser, "roll")
        out[command.name] = CommandShape.from_parser(parser, command.positionals)
    return out


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[name]
            return found
    return parser
