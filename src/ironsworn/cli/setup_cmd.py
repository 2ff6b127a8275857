"""The campaign's setup: ``option`` (the rulebook's campaign options) and ``bond background``.

- ``option`` lists the options with their values; ``option NAME VALUE`` sets one (an event:
  ``undo`` takes it back, ``export`` keeps it);
- ``bond background NAME`` brings a background bond held in reserve into the story;
- ``homebrew new NAME --ability PATTERN:MOVES:DETAIL`` gives a character an asset made from the
  rulebook's ability patterns; ``homebrew reskin ASSET --name N --condition C`` renames one.
"""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import WHOSE, Missing, UsageError, campaign_command, emit


def register(sub: Any) -> None:
    option = campaign_command(sub, "option", "show or set the campaign's options (chapter 7)")
    option.add_argument("name", nargs="?", metavar="NAME", help="the option to set")
    option.add_argument("value", nargs="*", metavar="VALUE", help="its new value")
    option.set_defaults(func=run_option)

    bond = campaign_command(sub, "bond", "mark a background bond held in reserve")
    bond.add_argument("action", choices=["background"])
    bond.add_argument("name", nargs="+", metavar="NAME", help="the person or community")
    bond.add_argument("--character", help=WHOSE)
    bond.set_defaults(func=run_bond)

    homebrew = campaign_command(
        sub, "homebrew", "reskin an asset, or make a homebrew asset (rulebook p. 238-239)"
    )
    homebrew.add_argument("action", choices=["new", "reskin"])
    homebrew.add_argument(
        "asset", nargs="+", metavar="NAME", help="new: its name; reskin: the asset"
    )
    homebrew.add_argument("--name", help="reskin: the asset's new name")
    homebrew.add_argument("--condition", help="the condition (requirement) of the card")
    homebrew.add_argument(
        "--type", default="path", help="new: path, companion, combat_talent or ritual"
    )
    homebrew.add_argument(
        "--ability",
        action="append",
        default=[],
        metavar="PATTERN:MOVES:DETAIL",
        help="new (1 to 3): bonus:MOVES[:WHEN], reroll:MOVES:LIMIT, exchange:MOVES:COST,GAIN "
        "(momentum-1,harm+1), stat:MOVES:STAT, permission:WORDS",
    )
    homebrew.add_argument("--character", help=WHOSE)
    homebrew.set_defaults(func=run_homebrew)


def options_text(data: list[dict[str, Any]]) -> str:
    from ironsworn.campaign.options import option_words

    width = max(len(o["name"]) for o in data)
    return "\n".join(
        f"{o['name']:<{width}}  {option_words(o['value']):<6} {o['text']}"  # lines: --json
        for o in data
    )


def run_option(args: argparse.Namespace) -> int:
    from ironsworn.campaign.options import find_option, option_words, options_data

    if args.name is None:
        from ironsworn.campaign.registry import resolve

        state = None
        if resolve(args.campaign, args.database).exists():
            from ironsworn.cli.session import read_state

            state = read_state(args)
        data = options_data(state)
        emit(args, data, lambda: options_text(data))
        return 0
    option = find_option(args.name)
    if not args.value:
        raise Missing(
            f"option {option.name} needs a VALUE (accepted: {option.accepted})",
            f"option {option.name}: its new value ({option.accepted})",
        )
    from ironsworn.cli.session import table_write

    given = {"name": option.name, "value": " ".join(args.value)}
    (result,) = table_write(args, "option", given, {"name": "NAME", "value": "VALUE"})
    after = result.events[0]["to"]
    emit(
        args,
        {"name": option.name, "value": after},
        f"{option.name}: {option_words(after)} ({option.text})",
    )
    return 0


def run_bond(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    given = {"bond": " ".join(args.name), "character": args.character}
    (result,) = table_write(args, "background_bond", given, {"bond": "NAME"})
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_homebrew(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, table_write

    name, given = homebrew_args(args)
    (result,) = table_write(args, name, given, homebrew_words(name))
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def homebrew_words(name: str) -> dict[str, str]:
    """The words ``homebrew new|reskin`` takes the inputs of the table's ``name`` as."""
    words = {"asset": "NAME", "abilities": "--ability"}
    if name == "homebrew_new":
        words["name"] = "NAME"  # (a reskin's new name is its --name)
    return words


def homebrew_args(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """The table's operation ``homebrew new|reskin`` is, with its arguments, checked."""
    asset = " ".join(args.asset)
    if args.action == "reskin":
        if args.ability:
            raise UsageError("--ability is for 'homebrew new' (a reskin keeps the abilities)")
        reskin = {"asset": asset, "name": args.name, "condition": args.condition}
        return "homebrew_reskin", {**reskin, "character": args.character}
    if args.name is not None:
        raise UsageError("--name is for 'homebrew reskin'; 'homebrew new NAME' names it")
    if not args.ability:
        raise Missing(
            "homebrew new needs --ability PATTERN:MOVES:DETAIL (1 to 3; patterns: bonus, "
            "reroll, exchange, stat, permission)",
            "homebrew new: its first ability, PATTERN:MOVES:DETAIL (patterns: bonus, "
            "reroll, exchange, stat, permission)",
            flag="--ability",
        )
    made = {"name": asset, "abilities": args.ability, "type": args.type}
    return "homebrew_new", {**made, "condition": args.condition, "character": args.character}
