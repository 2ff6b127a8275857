"""Content commands: ``oracle``, ``npc``, ``truth``, ``region``, ``search``, ``content``.

All of them read the content library (bundled rulesets plus imported packs, see
:func:`ironsworn.content.load_library`); ids may be full ids, ids without ``type:``, or names.
``main.py`` imports this module for any one of these commands, so :func:`register` adds them
all. Only what a command needs is imported: rolling an oracle reads only the oracle files.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import (
    EXIT_USAGE,
    JoinWords,
    UsageError,
    common_options,
    emit,
    parse_int,
    plain,
)
from ironsworn.cli.session import (
    check_dice_used,
    dice_from,
    record_options,
    recording,
    table_answer,
)

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Npc, OracleTable, Region, Truth


def register(sub: Any) -> None:
    """Register every content command on the top-level subparsers."""
    _register_oracle(sub)
    _register_simple(sub, "npc", "npcs", "list or show foes and NPCs", _npc_text)
    _register_truth(sub)
    _register_simple(sub, "region", "regions", "list or show regions", _region_text)
    _register_search(sub)
    _register_content(sub)


def library() -> Ruleset:
    from ironsworn.content.loader import load_library

    return load_library()


def _dice(args: argparse.Namespace) -> Any:
    from ironsworn.dice import RandomDice

    return RandomDice(args.seed)


def _value(args: argparse.Namespace) -> int | None:
    return None if args.value is None else parse_int(args.value, "--value")


def _list_parser(group: Any, noun: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = common_options(group.add_parser("list", help=f"list {noun}"))
    parser.add_argument(
        "--ruleset",
        default=None,
        help="only this ruleset or pack (classic, starforged, an imported pack id, all; default: "
        "the current campaign's ruleset, or all without a campaign)",
    )
    return parser


def _show_parser(group: Any, noun: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = common_options(
        group.add_parser("show", help=f"show one {noun}")
    )
    parser.add_argument(
        "id", metavar="ID", nargs="+", action=JoinWords, help="full id, id without type, or name"
    )
    return parser


def listed_ruleset(args: argparse.Namespace, fallback: str = "all") -> str:
    """The ruleset a list command shows: ``--ruleset`` when given, else the ruleset of the
    campaign in use when there is one (a Starforged campaign never lists a classic move and the
    reverse), else ``fallback``."""
    given = getattr(args, "ruleset", None)
    if given:
        return str(given)
    return campaign_ruleset(args) or fallback


def lookup_ruleset(args: argparse.Namespace) -> str | None:
    """The ruleset a lookup by name searches (``show``, ``roll``): ``--ruleset`` where the
    command has it, else the campaign's; None outside a campaign (the whole library)."""
    given = getattr(args, "ruleset", None)
    return str(given) if given else campaign_ruleset(args)


def campaign_ruleset(args: argparse.Namespace | None = None) -> str | None:
    """The ruleset of the campaign commands would use (play mode's own, given as the
    namespace's campaign; else $IRONSWORN_CAMPAIGN or the current one), or None when there is
    none yet (or it cannot be read: the list still works)."""
    from ironsworn.cli.session import state_if_any

    state = state_if_any(args)
    return None if state is None else state.ruleset


def check_ruleset(ruleset: Ruleset, name: str) -> str:
    """``name`` if it is ``all``, a ruleset or a pack id of the library; else one line
    naming ``--ruleset``."""
    from ironsworn.errors import InvalidValue
    from ironsworn.table.content import check_ruleset as checked

    try:
        return checked(ruleset, name)
    except InvalidValue as exc:
        raise InvalidValue(exc.worded("--ruleset")) from None


def import_hint(ruleset: str) -> str:
    """What to import for ``ruleset``'s content and how, in one line ("" when nothing is
    missing): Starforged's oracles, truths, foes and assets come from the player's file."""
    from ironsworn.content.own_content import content_needed

    own = content_needed(library(), ruleset)
    if own is None:
        return ""
    return f"{own.message()}: 'ironsworn content import {own.file}'"


def _listing(kind: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        chosen = check_ruleset(library(), listed_ruleset(args))
        items = library().in_ruleset(kind, chosen)
        rows = [{"id": item.id, "name": item.name, **_list_extra(item)} for item in items.values()]
        if not rows and chosen != "all":
            # A Starforged campaign's oracles come from a pack the player imports.
            hint = import_hint(chosen)
            empty = f"(none in {chosen}; {hint or 'ironsworn content import FILE adds a pack'})"
            emit(args, rows, lambda: empty)
            return 0
        if kind == "oracles":
            from ironsworn.cli.oracle_tree import oracle_tree

            emit(args, rows, lambda: oracle_tree(rows))  # nested as the books nest them
            return 0
        emit(args, rows, lambda: _table(rows))
        return 0

    return run


def _list_extra(item: Any) -> dict[str, Any]:
    for field in ("rank", "type", "dice", "category"):
        value = getattr(item, field, None)
        if value:
            return {field: value}
    return {}


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "(none)"
    width = max(len(r["name"]) for r in rows)
    lines = []
    for row in rows:
        extra = next((str(v) for k, v in row.items() if k not in ("id", "name")), "")
        tail = f"  [{extra}]" if extra else ""
        # Names only: the ids are for --json (a name finds the item as well).
        lines.append(f"{row['name']:<{width}}{tail}".rstrip())
    return "\n".join(lines)


def _showing(kind: str, describe: Callable[[Any], str]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        item = library().find_in(kind, args.id, lookup_ruleset(args))
        emit(args, item.to_json(), lambda: describe(item))
        return 0

    return run


def _register_simple(
    sub: Any, command: str, kind: str, help_text: str, describe: Callable[[Any], str]
) -> None:
    parser = sub.add_parser(command, help=help_text)
    group = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _list_parser(group, kind).set_defaults(func=_listing(kind))
    _show_parser(group, command).set_defaults(func=_showing(kind, describe))


# --- oracle ---------------------------------------------------------------------------------


def _register_oracle(sub: Any) -> None:
    parser = sub.add_parser("oracle", help="list, show or roll oracle tables")
    group = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _list_parser(group, "oracle tables").set_defaults(func=_listing("oracles"))
    _show_parser(group, "oracle table").set_defaults(func=_oracle_show)
    roll = common_options(group.add_parser("roll", help="roll on an oracle table"))
    roll.add_argument(
        "id", metavar="ID", nargs="+", action=JoinWords, help="full id, id without type, or name"
    )
    roll.add_argument("--value", help="your own roll for the first die (e.g. 1-100)")
    roll.add_argument(
        "--dice",
        help="your own dice, in the order they are rolled: every roll the table asks for "
        "(after --value's)",
    )
    roll.add_argument("--seed", help="seed for a reproducible roll")
    record_options(roll)
    roll.set_defaults(func=_oracle_roll)


def oracle_json(table: OracleTable) -> dict[str, Any]:
    """The shape ``oracle show --json`` prints (:func:`ironsworn.table.content.oracle_json`)."""
    from ironsworn.table.content import oracle_json as shape

    return shape(table)


def _find_table(args: argparse.Namespace) -> OracleTable | None:
    """The table ``args.id`` names; with ``--json``, a name of a group of tables ("planet")
    prints the group's choices as JSON (exit 2) and gives None."""
    from ironsworn.content.lookup import GroupNamed

    try:
        table: OracleTable = library().find_in("oracles", args.id, lookup_ruleset(args))
    except GroupNamed as group:
        if not getattr(args, "json", False):
            raise
        choices = [{"words": words, "what": what} for words, what in group.choices]
        emit(args, {"error": str(group), "candidates": choices}, "")
        return None
    return table


def _oracle_show(args: argparse.Namespace) -> int:
    found = _find_table(args)
    if found is None:
        return EXIT_USAGE
    table = found

    def text() -> str:
        from ironsworn.content.oracle_roller import shown_name

        # Named as a roll names it; a row's rules link read as its words (a Starforged
        # table's "[Operations](datasworn:oracle_collection:...)").
        lines = [f"{shown_name(library(), table)} — {table.dice}" + _page(table.page)]
        for row in table.rows:
            span = str(row.min) if row.min == row.max else f"{row.min}-{row.max}"
            lines.append(f"  {span:>7}  {plain(row.text)}")
        for step in table.then:
            times = f" x{step.times}" if step.times != 1 else ""
            lines.append(f"  then roll {step.oracle}{times}")
        return "\n".join(lines)

    emit(args, oracle_json(table), text)
    return 0


def _oracle_roll(args: argparse.Namespace) -> int:
    from ironsworn.content.oracle_roller import OracleResult, roll_oracle

    record = recording(args)
    table = _find_table(args)
    if table is None:
        return EXIT_USAGE
    if record:
        # The table's oracle operation keeps it (the same roll, the same event everywhere),
        # rolling --dice or --seed's dice.
        given = {"oracle": table.id, "value": _value(args), "keep": True}
        result = OracleResult.from_json(table_answer(args, "oracle", given, {"oracle": "ID"}))
    else:
        dice = dice_from(args)
        result = roll_oracle(library(), table, dice, _value(args))
        check_dice_used(dice)
    emit(args, result.to_json(), lambda: "\n".join(result.lines()))
    return 0


# --- truth ----------------------------------------------------------------------------------


def _register_truth(sub: Any) -> None:
    parser = sub.add_parser("truth", help="list, show or roll world truths")
    group = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    _list_parser(group, "truth categories").set_defaults(func=_listing("truths"))
    _show_parser(group, "truth category").set_defaults(func=_showing("truths", _truth_text))
    roll = common_options(group.add_parser("roll", help="roll a truth (or every truth)"))
    roll.add_argument(
        "id",
        metavar="ID",
        nargs="*",
        action=JoinWords,
        default=None,
        help="a truth category; all when omitted",
    )
    roll.add_argument("--value", help="your own d100 roll (only with one ID)")
    roll.add_argument("--seed", help="seed for a reproducible roll")
    roll.set_defaults(func=_truth_roll)


def _truth_roll(args: argparse.Namespace) -> int:
    from ironsworn.content.oracle_roller import roll_truth

    ruleset = library()
    dice = _dice(args)
    scope = lookup_ruleset(args)
    if args.id is None:
        if args.value is not None:
            raise UsageError("--value needs one truth ID (it would give every truth one roll)")
        truths = ruleset.in_ruleset("truths", scope).values()
        if not truths:
            hint = import_hint(scope or "all")
            hint = hint or f"import a {scope} pack with 'ironsworn content import'"
            raise UsageError(f"no truths in {scope} ({hint})")
        results = [roll_truth(ruleset, truth, dice) for truth in truths]
        data: Any = [r.to_json() for r in results]
    else:
        truth = ruleset.find_in("truths", args.id, scope)
        results = [roll_truth(ruleset, truth, dice, _value(args))]
        data = results[0].to_json()

    def text() -> str:
        return "\n".join(f"{r.name} ({r.roll}): {r.option.summary}" for r in results)

    emit(args, data, text)
    return 0


# --- search and packs -----------------------------------------------------------------------


def _register_search(sub: Any) -> None:
    parser = common_options(
        sub.add_parser(
            "search", help="search moves, oracles and foes (the campaign's ruleset, if any)"
        )
    )
    parser.add_argument("words", metavar="WORDS", nargs="+", help="words that must all appear")
    parser.add_argument("--limit", default="20", help="at most this many results (default 20)")
    parser.set_defaults(func=_search)


def _search(args: argparse.Namespace) -> int:
    from ironsworn.content.search import search

    limit = parse_int(args.limit, "--limit", 1)
    if not " ".join(args.words).strip():
        raise UsageError(f"search words {' '.join(args.words)!r} are empty (accepted: some words)")
    books = library()
    scope = campaign_ruleset(args)
    hits = search(books, args.words, None if scope else limit)
    if scope:
        # The campaign's own content only (a classic campaign never shows a Starforged move).
        hits = [h for h in hits if _in_ruleset(books, h.id, scope)][:limit]

    def text() -> str:
        if not hits:
            return f"no match for {' '.join(args.words)!r}"
        return "\n".join(f"{h.kind:<6} {h.name} — {h.excerpt}" for h in hits)

    emit(args, [h.to_json() for h in hits], text)
    return 0


def _in_ruleset(books: Ruleset, item_id: str, ruleset: str) -> bool:
    from ironsworn.content.model import ruleset_of

    pack = books.pack_of(item_id)
    return (pack.ruleset if pack is not None else ruleset_of(item_id)) == ruleset


def _register_content(sub: Any) -> None:
    parser = sub.add_parser("content", help="import and list content packs")
    group = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = common_options(
        group.add_parser("import", help="import a Datasworn or Dataforged JSON file")
    )
    imp.add_argument("file", metavar="FILE", help="the content pack's file")
    imp.add_argument("--as", dest="pack_id", metavar="ID", help="install under this pack id")
    imp.set_defaults(func=_content_import)
    listing = common_options(group.add_parser("list", help="list bundled and imported packs"))
    listing.set_defaults(func=_content_list)


def _content_import(args: argparse.Namespace) -> int:
    """``content import FILE``: the table's ``pack_import``."""
    from ironsworn.cli.common import home_call
    from ironsworn.content.packs import unused_line

    report = home_call(
        "pack_import", {"file": args.file, "as": args.pack_id}, None, {"file": "FILE"}
    )

    def text() -> str:
        counts = ", ".join(f"{n} {k}" for k, n in report["counts"].items())
        verb = "replaced" if report["replaced"] else "imported"
        lines = [f"{verb} pack {report['id']} ({report['name']}): {counts}"]
        unused = {k: (v["count"], v["why"]) for k, v in report["unused"].items()}
        if unused:
            lines.append(f"  {unused_line(unused)}")
        warnings = report["warnings"]
        lines += [f"  warning: {w}" for w in warnings[:20]]
        if len(warnings) > 20:
            lines.append(f"  ... and {len(warnings) - 20} more warnings (--json)")
        return "\n".join(lines)

    emit(args, report, text)
    return 0


def _content_list(args: argparse.Namespace) -> int:
    """``content list``: the table's ``packs``."""
    from ironsworn.cli.common import home_call

    packs: list[dict[str, Any]] = home_call("packs", {}, None)

    def text() -> str:
        lines = []
        for pack in packs:
            where = "bundled" if pack["bundled"] else "imported"
            counts = ", ".join(f"{n} {k}" for k, n in pack["counts"].items())
            lines.append(f"{pack['id']:<16} {where:<8} {pack['name']} — {counts}")
        return "\n".join(lines)

    emit(args, packs, text)
    return 0


# --- human text -----------------------------------------------------------------------------


def _page(page: int | None) -> str:
    return f", p. {page}" if page else ""


def _bullets(title: str, values: tuple[str, ...]) -> list[str]:
    return [f"{title}:", *(f"  • {v}" for v in values)] if values else []


def _npc_text(npc: Npc) -> str:
    lines = [f"{npc.name} — {npc.rank} {npc.category}".rstrip() + _page(npc.page)]
    lines += _bullets("Features", npc.features)
    lines += _bullets("Drives", npc.drives)
    lines += _bullets("Tactics", npc.tactics)
    if npc.description:
        lines.append(npc.description)
    if npc.quest_starter:
        lines.append(f"Quest starter: {npc.quest_starter}")
    if npc.your_truth:
        lines.append(f"Your truth: {npc.your_truth}")
    return "\n".join(lines)


def _truth_text(truth: Truth) -> str:
    lines = [truth.name + _page(truth.page)]
    for option in truth.options:
        lines.append(f"  {option.min}-{option.max}: {option.summary}")
        if option.quest_starter:
            lines.append(f"      Quest starter: {option.quest_starter}")
    return "\n".join(lines)


def _region_text(region: Region) -> str:
    lines = [region.name + _page(region.page)]
    if region.description:
        lines.append(region.description)
    lines += _bullets("Features", region.features)
    if region.quest_starter:
        lines.append(f"Quest starter: {region.quest_starter}")
    return "\n".join(lines)
