"""Entry point of the ``ironsworn`` command.

Startup time matters (a one-shot roll must feel instant), so only the module of the command
that was asked for is imported: each top-level command lives in its own module with a
``register(subparsers)`` function that adds its parser and sets ``func`` on the namespace.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module

from ironsworn.cli.common import CliParser, run_command

# name -> (module, one-line help). Order is the order shown in --help.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("ironsworn.cli.play_cmd", "play interactively on the current campaign"),
    "serve": ("ironsworn.cli.serve_cmd", "play in a browser: the web table"),
    "mcp": ("ironsworn.cli.mcp_cmd", "serve the campaign to an AI client (Model Context Protocol)"),
    "roll": ("ironsworn.cli.roll_cmd", "make an action or progress roll"),
    "ask": ("ironsworn.cli.ask_cmd", "ask the oracle a yes/no question"),
    "odds": ("ironsworn.cli.odds_cmd", "exact odds of an action or progress roll"),
    "move": ("ironsworn.cli.move_cmd", "make a move, or list / show moves"),
    "burn": ("ironsworn.cli.move_cmd", "burn momentum on the pending roll"),
    "choose": ("ironsworn.cli.move_cmd", "answer the pending decision"),
    "decline": ("ironsworn.cli.move_cmd", "decline the pending decision"),
    "oracle": ("ironsworn.cli.content_cmd", "list, show or roll oracle tables"),
    "npc": ("ironsworn.cli.content_cmd", "list or show foes and NPCs"),
    "truth": ("ironsworn.cli.content_cmd", "list, show or roll world truths"),
    "region": ("ironsworn.cli.content_cmd", "list or show regions"),
    "asset": ("ironsworn.cli.asset_cmd", "list or show asset cards; mark or track yours"),
    "lasting": ("ironsworn.cli.lasting_cmd", "lasting effects of asset abilities: list, end"),
    "search": ("ironsworn.cli.content_cmd", "search moves, oracles and foes"),
    "content": ("ironsworn.cli.content_cmd", "import and list content packs"),
    "character": (
        "ironsworn.cli.character_cmd",
        "create characters (or semi-random ones), list them",
    ),
    "sheet": ("ironsworn.cli.character_cmd", "show a character sheet"),
    "adjust": ("ironsworn.cli.character_cmd", "change a meter by hand"),
    "debility": ("ironsworn.cli.character_cmd", "mark or clear a debility"),
    "initiative": ("ironsworn.cli.character_cmd", "have or lose the initiative (position)"),
    "progress": ("ironsworn.cli.track_cmd", "mark or clear progress on a track"),
    "vow": ("ironsworn.cli.track_cmd", "swear a new vow (create its track)"),
    "journey": ("ironsworn.cli.track_cmd", "start a journey track"),
    "fight": ("ironsworn.cli.track_cmd", "start a fight track against a foe"),
    "track": ("ironsworn.cli.track_cmd", "list progress tracks"),
    "scene": ("ironsworn.cli.track_cmd", "start or resolve a scene challenge"),
    "site": ("ironsworn.cli.delve_cmd", "Delve's perilous sites: new, list, show, fill..."),
    "threat": ("ironsworn.cli.delve_cmd", "Delve's threats to a vow (a menace track)"),
    "failure": ("ironsworn.cli.delve_cmd", "set your failure track (Delve) by hand"),
    "rarity": ("ironsworn.cli.delve_cmd", "Delve's rarities: list, show, buy"),
    "person": ("ironsworn.cli.world_cmd", "people met in the story (NPCs)"),
    "place": ("ironsworn.cli.world_cmd", "places of the story"),
    "note": ("ironsworn.cli.world_cmd", "free notes"),
    "world": ("ironsworn.cli.world_cmd", "the truths of the campaign's world"),
    "equipment": ("ironsworn.cli.character_cmd", "note or strike out equipment"),
    "party": ("ironsworn.cli.character_cmd", "travel together (shared supply) or apart"),
    "vehicle": ("ironsworn.cli.starforged_cmd", "the party's vehicles (Starforged)"),
    "connection": ("ironsworn.cli.starforged_cmd", "a new connection (Starforged)"),
    "expedition": ("ironsworn.cli.starforged_cmd", "start an expedition (Starforged)"),
    "legacy": ("ironsworn.cli.starforged_cmd", "mark legacy ticks (Starforged)"),
    "impact": ("ironsworn.cli.starforged_cmd", "mark or clear an impact (Starforged)"),
    "campaign": ("ironsworn.cli.campaign_cmd", "create, list and choose campaigns"),
    "option": ("ironsworn.cli.setup_cmd", "show or set the campaign's options (chapter 7)"),
    "bond": ("ironsworn.cli.setup_cmd", "mark a background bond held in reserve (classic)"),
    "homebrew": ("ironsworn.cli.setup_cmd", "reskin an asset, or make a homebrew asset"),
    "undo": ("ironsworn.cli.campaign_cmd", "undo the last operation"),
    "redo": ("ironsworn.cli.campaign_cmd", "redo the last undone operation"),
    "log": ("ironsworn.cli.campaign_cmd", "show the event log"),
    "journal": ("ironsworn.cli.campaign_cmd", "read or add to the journal"),
    "export": (
        "ironsworn.cli.export_cmd",
        "export the campaign: Markdown, JSON or an Iron Vault folder",
    ),
    "import": ("ironsworn.cli.export_cmd", "import a campaign: JSON or an Iron Vault folder"),
}


def build_parser(command: str | None) -> CliParser:
    """Build the parser, registering only ``command``'s module (or none for bare --help)."""
    parser = CliParser(
        prog="ironsworn",
        description="Ironsworn: exact dice, moves, oracles and a campaign journal.",
    )
    from ironsworn import __version__

    parser.add_argument("--version", action="version", version=f"ironsworn {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CliParser)
    if command is not None and command in COMMANDS:
        import_module(COMMANDS[command][0]).register(sub)
    else:
        for name, (_module, text) in COMMANDS.items():
            sub.add_parser(name, help=text)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    # --json may come anywhere before "--" (argparse only takes it on the last subcommand):
    # move it there, so `ironsworn roll --json action ...` works too.
    cut = args_list.index("--") if "--" in args_list else len(args_list)
    if "--json" in args_list[:cut]:
        head = [a for a in args_list[:cut] if a != "--json"]
        args_list = [*head, "--json", *args_list[cut:]]
    command = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(command)
    return run_command(parser, args_list)


if __name__ == "__main__":
    raise SystemExit(main())
