"""Lasting effects of asset abilities (an elixir's +1, a rune's harm, a bound pelt):
``lasting list`` shows a character's, ``lasting end|use|give`` changes them by hand and
``lasting take trophy ritual|sojourn`` takes Slayer's trophy. Each change is undoable.

The effects themselves are gained and spent by moves (see
:mod:`ironsworn.moves.assets.lasting`); a move names one with ``--asset NAME``.
"""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import WHOSE, campaign_command, emit


def register(sub: Any) -> None:
    parser = campaign_command(sub, "lasting", "lasting effects of asset abilities")
    group = parser.add_subparsers(dest="action", metavar="ACTION")
    parser.add_argument("--character", help=WHOSE)
    parser.set_defaults(func=run_list)
    listing = campaign_command(group, "list", "a character's lasting effects")
    listing.add_argument("--character", help=WHOSE)
    listing.set_defaults(func=run_list)
    for action, text in (
        ("end", "end a lasting effect (its id, or its name when only one has it)"),
        ("use", "use an effect the fiction triggers outside a move (the ward's)"),
    ):
        change = campaign_command(group, action, text)
        change.add_argument("name", metavar="NAME", help="the effect's id or name")
        change.add_argument("--character", help=WHOSE)
        change.add_argument("--dice", help="your dice for a roll it makes (the ward's trap)")
        change.add_argument("--seed", help="seed for reproducible random dice")
        change.set_defaults(func=run_change)
    give = campaign_command(group, "give", "hand an effect to another character")
    give.add_argument("name", metavar="NAME", help="the effect's id or name")
    give.add_argument("--to", required=True, help="the character who takes it")
    give.add_argument("--character", help=WHOSE)
    give.set_defaults(func=run_change)
    take = campaign_command(group, "take", "take a trophy (Slayer 3; End the Fight also offers it)")
    take.add_argument("what", choices=["trophy"])
    take.add_argument("choice", metavar="CHOICE", help="ritual or sojourn")
    take.add_argument("--character", help=WHOSE)
    take.set_defaults(func=run_change)


def run_list(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state
    from ironsworn.moves.assets.lasting import summary

    char = read_state(args).character(args.character)
    rows = summary(char)
    emit(args, rows, lambda: list_text(char.name, rows))
    return 0


def list_text(name: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"{name} has no lasting effects"
    lines = [f"{name}'s lasting effects:"]
    lines += [f"  {r['id']:<14} {r['source']}: {r['text']}" for r in rows]
    return "\n".join(lines)


def table_operation(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The table's operation an ``end|use|give|take`` is, with its arguments."""
    whose = {"character": args.character}
    if args.action == "end":
        return "lasting_end", {"name": args.name, **whose}
    if args.action == "use":
        return "lasting_use", {"name": args.name, **whose}
    if args.action == "give":
        return "lasting_give", {"name": args.name, "to": args.to, **whose}
    return "lasting_trophy", {"choice": args.choice, **whose}


def run_change(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    name, given = table_operation(args)
    (result,) = table_write(args, name, given, {"name": "NAME", "choice": "CHOICE"})
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0
