"""The world of a campaign: ``person`` (people met, with the bonds characters share),
``place``, ``note`` and ``world`` (its truths)."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import WHOSE, Missing, UsageError, campaign_command, emit


def register(sub: Any) -> None:
    """``person``, ``place``, ``note`` and ``world``: the world of the campaign."""
    register_truths(sub)
    person = campaign_command(sub, "person", "people met in the story (NPCs)")
    person.add_argument("action", choices=["add", "list"])
    person.add_argument("name", nargs="*", metavar="NAME")
    person.add_argument("--description", default="", help="who they are")
    person.add_argument("--place", help="where they are found")
    person.set_defaults(func=run_world, kind="person")
    place = campaign_command(sub, "place", "places of the story")
    place.add_argument("action", choices=["add", "list"])
    place.add_argument("name", nargs="*", metavar="NAME")
    place.add_argument("--description", default="", help="what the place is like")
    place.add_argument("--region", help="one of the rulebook's regions")
    place.set_defaults(func=run_world, kind="place")
    note = campaign_command(sub, "note", "free notes (apart from the journal)")
    note.add_argument("action", choices=["add", "list"])
    note.add_argument("name", nargs="*", metavar="TEXT")
    note.add_argument("--character", help=WHOSE)
    note.set_defaults(func=run_world, kind="note")


def register_truths(sub: Any) -> None:
    world = campaign_command(sub, "world", "the truths of this campaign's world")
    world.add_argument("action", choices=["truths", "truth"], help="truths: list; truth: set one")
    world.add_argument("truth", nargs="?", metavar="TRUTH", help="a truth category (iron, ...)")
    world.add_argument("option", nargs="?", metavar="OPTION", help="1, 2, 3, roll, or open")
    world.add_argument("--seed", help="with roll: seed for a reproducible roll")
    world.set_defaults(func=run_truths)


def run_truths(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state, table_write

    if args.action == "truths":
        if args.truth or args.option:
            raise UsageError("world truths lists them all; use 'world truth ID OPTION' to set one")
        state = read_state(args)
        rows = [{"truth": k, **v} for k, v in state.truths.items()]
        lines = [f"{r['name']}: {r['key']}. {r['summary']}" for r in rows]
        emit(args, rows, lambda: "\n".join(lines) or "no truths set yet")
        return 0
    if not args.truth or not args.option:
        raise Missing(
            "world truth needs a category and an option (1, 2, 3, roll or open)",
            "world truth: "
            + ("which option? (1, 2, 3, roll or open)" if args.truth else "which truth category?"),
        )
    given = {"truth": args.truth, "option": args.option, "seed": args.seed}
    (result,) = table_write(args, "truth", given, {"truth": "TRUTH", "option": "OPTION"})
    event = result.events[0]
    emit(args, event["to"], truth_set_text(event))
    return 0


def truth_set_text(event: Any) -> str:
    """``Iron: 2. The weather is bleak. (rolled 39)``, or ``Iron is open again``: a truth
    event as the player reads it (the command line's ``world truth`` and play's ``/truth``)."""
    if not event["to"]:
        return f"{truth_name(event['truth'])} is open again"
    roll = event["to"].get("roll")  # (a truth rolled on its table)
    text = f"{event['to']['name']}: {event['to']['key']}. {event['to']['summary']}"
    return text + (f" (rolled {roll})" if roll is not None else "")


def truth_name(truth_id: str) -> str:
    """A truth category by its name in the book (Iron), not its id (shown to a player)."""
    from ironsworn.content import load_library

    found = load_library().truths.get(truth_id)
    return found.name if found is not None else truth_id


def run_world(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import describe_result, read_state, table_write

    text = " ".join(args.name)
    if args.action == "list":
        given = [
            flag
            for flag, value in (
                (repr(text), text),
                ("--description", getattr(args, "description", "")),
                ("--place", getattr(args, "place", None)),
                ("--region", getattr(args, "region", None)),
                ("--character", getattr(args, "character", None)),
            )
            if value
        ]
        if given:
            raise UsageError(f"{args.kind} list takes no {given[0]} (accepted: --json, --campaign)")
        state = read_state(args)
        rows: list[dict[str, Any]]
        if args.kind == "person":
            rows = [state.person_sheet(n) for n in state.people]
            lines = [
                f"{r['name']}"
                + (f" — {r['description']}" if r["description"] else "")
                + (f" (bond: {', '.join(r['bonds'])})" if r["bonds"] else "")
                for r in rows
            ]
        elif args.kind == "place":
            rows = list(state.places.values())
            lines = [
                f"{r['name']}" + (f" — {r['description']}" if r["description"] else "")
                for r in rows
            ]
        else:
            rows = list(state.notes)
            lines = [f"- {r['text']}" for r in rows]
        emit(args, rows, lambda: "\n".join(lines) or f"no {args.kind}s yet")
        return 0
    if not text:
        what = {"note": "the note", "person": "their name"}.get(args.kind, "its name")
        raise Missing(
            f"{args.kind} add needs a {'text' if args.kind == 'note' else 'name'}",
            f"{args.kind} add: {what}",
        )

    entry: dict[str, Any]
    if args.kind == "note":
        entry = {"text": text, "character": args.character}
    else:
        where = "place" if args.kind == "person" else "region"
        entry = {"name": text, "description": args.description or None}
        entry[where] = getattr(args, where)
    (result,) = table_write(args, args.kind, entry, {"name": "NAME", "text": "TEXT"})
    # A person or place by its name, as play mode says it ("person added: Elda"; a note's
    # words are not said again).
    added = f"{args.kind} added" + (f": {entry['name']}" if "name" in entry else "")
    emit(
        args,
        [e for e in result.events if e["type"] != "packs"],
        lambda: describe_result(result) if result.effects else added,
    )
    return 0
