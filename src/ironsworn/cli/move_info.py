"""``ironsworn move list`` and ``ironsworn move show ID``: read moves without making them.

The ``move`` command itself lives in ``move_cmd.py``; it calls :func:`add_list_show` with its
subparsers (or wires :func:`list_moves` / :func:`show_move` itself). Both functions read
``args.json``; :func:`list_moves` reads ``args.ruleset`` (None, ``classic``, ``starforged``,
``all`` or an imported pack id) and :func:`show_move` reads ``args.id`` and, if present,
``args.ruleset`` (else the campaign's ruleset) as the ruleset the move must belong to.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import common_options, emit

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move

DEFAULT_RULESET = "classic"

_METHOD_WORDS = {
    "player_choice": "your choice of",
    "highest": "the highest of",
    "lowest": "the lowest of",
    "all": "each of",
}


def add_list_show(move_subparsers: Any) -> None:
    """Add ``list`` and ``show`` to the ``move`` command's subparsers (sets ``func``)."""
    listing = common_options(move_subparsers.add_parser("list", help="list moves"))
    listing.add_argument(
        "--ruleset",
        default=None,
        help="classic, starforged, all, or an imported pack id (default: the current "
        "campaign's ruleset, or classic without a campaign)",
    )
    listing.set_defaults(func=list_moves)
    show = common_options(move_subparsers.add_parser("show", help="show one move"))
    show.add_argument("id", metavar="ID", help="full id, id without type, or name")
    show.add_argument(
        "--ruleset", default=None, help="prefer this ruleset when a name is in several"
    )
    show.set_defaults(func=show_move)


def list_moves(args: argparse.Namespace) -> int:
    """Print the moves of one ruleset: ``--ruleset``, else the campaign's, else classic."""
    from ironsworn.campaign.options import chosen_packs
    from ironsworn.cli.content_cmd import check_ruleset, listed_ruleset
    from ironsworn.cli.session import state_if_any
    from ironsworn.content.loader import load_library

    library = load_library()
    ruleset = check_ruleset(library, listed_ruleset(args, DEFAULT_RULESET))
    state = state_if_any(args)
    # The campaign's own moves: Sundered Isles' in place of Starforged's when it chose them.
    chosen = chosen_packs(state) if state is not None and state.ruleset == ruleset else ()
    moves = list(library.in_ruleset("moves", ruleset, chosen).values())
    rows = [
        {
            "id": m.id,
            "name": m.name,
            "category": m.category,
            "roll_type": m.roll_type,
            "page": m.page,
        }
        for m in moves
    ]

    def text() -> str:
        if not moves:
            return f"no moves in ruleset {ruleset!r}"
        # Each heading once, in the order the moves first come under it: an expansion's
        # move (Sundered Isles' Enter the Fray, in its "Combat Moves") joins the ruleset's
        # own heading, where it stood apart at the end under a heading of its own.
        from ironsworn.content.model import shown_category

        grouped: dict[str, list[str]] = {}
        for move in moves:
            grouped.setdefault(shown_category(move.category), []).append(move.name)
        lines: list[str] = []
        for heading, names in grouped.items():
            lines.append(f"{heading}:")
            lines += [f"  {name}" for name in names]
        return "\n".join(lines)

    emit(args, rows, text)
    return 0


def show_move(args: argparse.Namespace) -> int:
    """Print one move: trigger, how it is rolled, outcomes and choices."""
    from ironsworn.cli.content_cmd import lookup_ruleset
    from ironsworn.content.loader import load_library

    # The campaign's ruleset (or --ruleset): a classic campaign never shows a Starforged move.
    library = load_library()
    move: Move = library.find_in("moves", args.id, lookup_ruleset(args))
    emit(args, move.summary_json(), lambda: describe(move, library))
    return 0


def describe(move: Move, library: Ruleset | None = None) -> str:
    """Human text of a move: its Markdown as plain words, each table it prints as its rows
    (from ``library``, the tables' content)."""
    from ironsworn.cli.move_text import move_words
    from ironsworn.content.model import shown_category

    page = f", p. {move.page}" if move.page else ""
    lines = [f"{move.name} — {shown_category(move.category)}{page}"]
    if move.trigger:
        lines.append(move.trigger)
    lines.append(f"Roll: {_roll_words(move)}")
    for option in move.roll_options:
        if option.text and len(move.roll_options) > 1:
            using = ", ".join(option.using)
            lines.append(f"  • {option.text}: +{using}")
    if move.outcomes:
        for key, label in (
            ("strong_hit", "Strong hit"),
            ("weak_hit", "Weak hit"),
            ("miss", "Miss"),
        ):
            text = move.outcomes.get(key, "")
            if text:
                lines.append(f"{label}: {move_words(text, library)}")
            match = move.match_outcomes.get(key)
            if match:
                lines.append(f"{label} with a match: {move_words(match, library)}")
    for name, choice in move.choices.items():
        when = ", ".join(
            f"{choice.count.get(o, '?')} on a {o.replace('_', ' ')}" for o in choice.outcomes
        )
        lines.append(f"Choose ({name}; {when}):")
        lines.extend(f"  [{o.key}] {o.text}" for o in choice.options)
    if not move.outcomes and move.text:
        lines.append(move_words(move.text, library))
    return "\n".join(lines)


def _roll_words(move: Move) -> str:
    if move.roll_type == "no_roll" or not move.rolls:
        return "no roll"
    kind = move.roll_type.replace("_", " ")
    words = _METHOD_WORDS.get(move.method, move.method)
    names = ", ".join(move.rolls)
    return f"{kind}, +{names}" if len(move.rolls) == 1 else f"{kind}, {words} {names}"


def json_rows(moves: list[Move]) -> list[dict[str, Any]]:
    """The ``move show --json`` shape for several moves (for callers that list in full)."""
    return [m.summary_json() for m in moves]
