"""Commands on the campaign as a whole: campaign, undo, redo, log, journal (export and import:
:mod:`ironsworn.cli.export_cmd`).

- ``campaign [show|new NAME|list|use NAME|copy FROM TO]`` — the registry (``new`` also makes
  it current; ``copy`` copies a campaign between a file and a database, losslessly);
- ``undo`` / ``redo`` — the last operation (a whole move with its chain counts as one);
- ``log [--all] [--events] [--limit N]`` — the operation log;
- ``journal [add TEXT] [--character NAME]`` — read the journal, or write an entry.

Every command takes ``--json``; those on one campaign take ``--campaign PATH|NAME`` and
``--database URL`` (campaigns in PostgreSQL; see :mod:`ironsworn.campaign.registry`).
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import (
    CliParser,
    Missing,
    UsageError,
    campaign_command,
    check_text,
    emit,
    home_call,
    parse_int,
    table_call,
    worded,
)
from ironsworn.errors import IronswornError

if TYPE_CHECKING:
    from ironsworn.campaign.journal import Narrator
    from ironsworn.campaign.store import Operation, Store


def register(sub: argparse._SubParsersAction[CliParser]) -> None:
    """Add every command this module answers to the top-level parser."""
    p = campaign_command(
        sub,
        "campaign",
        "create, list and choose campaigns",
        description="Show the current campaign, or create, list and choose campaigns. "
        "'new NAME' also makes the new campaign the current one. 'copy FROM TO' copies a "
        "campaign between a file (a path ending in .sqlite) and the --database, either way.",
    )
    p.add_argument(
        "action",
        nargs="?",
        default="show",
        choices=("show", "new", "list", "use", "copy"),
        help="what to do (default: show the campaign in use)",
    )
    p.add_argument("name", nargs="?", help="campaign name (for new and use; copy: FROM)")
    p.add_argument("target", nargs="?", metavar="TO", help="copy: the new campaign (name or path)")
    p.add_argument(
        "--ruleset",
        help="new: the game it plays, classic (default) or starforged; fixed for the campaign",
    )
    p.add_argument(
        "--datasworn",
        metavar="FILE",
        help="new: your Datasworn file for the ruleset's content (Starforged: starforged.json), "
        "imported once for every campaign of that ruleset",
    )
    p.set_defaults(func=_campaign)

    for name, func, text in (
        ("undo", _undo, "undo the last operation (kept for redo)"),
        ("redo", _redo, "redo the last undone operation"),
    ):
        p = campaign_command(sub, name, text, description=text[0].upper() + text[1:] + ".")
        p.set_defaults(func=func)

    p = campaign_command(
        sub,
        "log",
        "show the event log",
        description="Show the operation log, oldest first.",
    )
    p.add_argument("--all", action="store_true", help="include undone and discarded operations")
    p.add_argument("--events", action="store_true", help="list each operation's events")
    p.add_argument("--limit", metavar="N", help="only the last N operations")
    p.set_defaults(func=_log)

    p = campaign_command(
        sub,
        "journal",
        "read or add to the journal",
        description="Read the journal (entries interleaved with the mechanics, in time order), "
        "or 'journal add TEXT' to write an entry ('-' reads the text from standard input; "
        "'journal \"A whole sentence.\"', quoted, writes it too); "
        "'journal edit N TEXT' rewrites entry #N and 'journal delete N' deletes it (both undo "
        "with 'ironsworn undo').",
    )
    p.add_argument(
        "words", nargs="*", metavar="add TEXT | edit N TEXT | delete N", help="change the journal"
    )
    p.add_argument("--character", metavar="NAME", help="who writes it (or, reading, whose)")
    p.add_argument("--limit", metavar="N", help="only the last N entries")
    p.set_defaults(func=_journal)


# ---------------------------------------------------------------------------------- campaign


def _campaign(args: argparse.Namespace) -> int:
    from ironsworn.campaign import registry

    action: str = args.action
    if action == "copy":
        return _copy(args)
    if args.target is not None:
        raise UsageError(f"campaign {action} takes one NAME at most (got {args.target!r} too)")
    database = registry.database_url(args.database)
    if action in ("new", "use") and not args.name:
        raise Missing(f"campaign {action}: a NAME is required", f"campaign {action}: its name")
    if action in ("show", "list") and args.name:
        raise UsageError(f"campaign {action} takes no NAME (got {args.name!r})")
    if action != "show" and args.campaign is not None:
        raise UsageError(
            f"campaign {action} takes no --campaign (got {args.campaign!r}); it works on "
            "the registry (accepted: --campaign with 'campaign show')"
        )
    if args.ruleset is not None and action != "new":
        raise UsageError(
            f"--ruleset {args.ruleset!r} is for 'campaign new' (a campaign's ruleset is fixed)"
        )
    if args.datasworn is not None and action != "new":
        raise UsageError(f"--datasworn is for 'campaign new' (got {args.datasworn!r})")
    if action == "new":
        registry.check_name(args.name)
        ruleset = _check_ruleset(args.ruleset)
        # The player's file is imported before the campaign is made: a file that cannot be
        # used is refused with nothing created. At a terminal, a file still needed is asked.
        imported = _import_own_file(ruleset, args.datasworn)
        if imported is None and args.datasworn is None:
            imported = _ask_own_file(args, ruleset)
        # The table's campaign_new (the name and ruleset checked there; the CLI's words here).
        created = home_call(
            "campaign_new",
            {"name": args.name, "ruleset": ruleset},
            database,
            {"name": "NAME", "ruleset": "--ruleset"},
        )
        path = created["path"]
        try:
            registry.use(args.name, database)
        except IronswornError:
            # Not made current: take the new (empty) campaign back, so the error changed nothing.
            from ironsworn.cli.session import discard_if_empty

            with registry.named(args.name, database).open() as store:
                discard_if_empty(store)
            raise
        note = _env_note() + _database_note(args.database)
        from ironsworn.cli.content_cmd import import_hint
        from ironsworn.content import load_library
        from ironsworn.content.own_content import content_needed

        needed = content_needed(load_library(), ruleset)
        data = {"name": args.name, "path": str(path), "current": True, "ruleset": ruleset}
        # Only when there is something to say (a classic campaign's answer is unchanged).
        if needed is not None:
            data["content_needed"] = needed.to_json()
        if imported is not None:
            data["imported"] = imported.to_json()
        text = (
            f"created {ruleset} campaign {args.name!r} at {path}; it is now the current "
            f"campaign{note}"
        )
        if imported is not None:
            text += f"\nimported your {imported.pack.name} ({imported.pack.id}) for every "
            text += f"{ruleset} campaign"
        if needed is not None:
            text += f"\nnote: {import_hint(ruleset)} (or give it here: --datasworn FILE)"
        emit(args, data, text)
    elif action == "use":
        path = registry.use(args.name, database).location
        emit(
            args,
            {"name": args.name, "path": str(path), "current": True},
            f"current campaign: {args.name} ({path}){_env_note()}{_database_note(args.database)}",
        )
    elif action == "list":
        infos = [registry.describe(name, database) for name in registry.names(database)]
        emit(args, [info.to_dict() for info in infos], lambda: _list_text(infos))
    else:
        ref = registry.resolve(args.campaign, args.database)
        path = ref.location
        exists = ref.exists()
        data = {"path": path, "exists": exists, "chosen_by": _chosen_by(args)}
        if exists:
            with ref.open() as store:
                counts = store.counts()
                data.update(name=store.name, operations=counts["live"], events=counts["events"])
                text = (
                    f"campaign {store.name} ({path}), chosen by {data['chosen_by']}: "
                    f"{counts['live']} operations, {counts['events']} events"
                )
                data["options"], options = _options(store.state())
                text += f"\noptions: {options}"
        else:
            text = f"campaign {path} (chosen by {data['chosen_by']}) does not exist yet"
        emit(args, data, text)
    return 0


def _import_own_file(ruleset: str, path: str | None) -> Any:
    """Import the player's Datasworn file for ``ruleset`` (``--datasworn``), if given."""
    if path is None:
        return None
    from ironsworn.content.own_content import OWN_FILES, import_own_file

    if ruleset not in OWN_FILES:
        accepted = ", ".join(f"--ruleset {r}" for r in OWN_FILES)
        raise UsageError(
            f"--datasworn: {ruleset} content is built in (accepted: with {accepted}; other "
            "packs: 'ironsworn content import FILE')"
        )
    return import_own_file(path, ruleset)


# The answer to the file question that makes the campaign without it, for now.
LATER = "later"


def _ask_own_file(args: argparse.Namespace, ruleset: str) -> Any:
    """At a terminal, when no file of ``ruleset`` is known yet, ask its path and import it
    (asked again after a path that cannot be used; ``later`` makes the campaign without it,
    an empty answer gives up with the one line that says what to import and how, exit 2).
    None when nothing is asked (a script, ``--json``, the file known or not needed)."""
    from ironsworn.cli.asking import Asked, ask, at_terminal
    from ironsworn.content import load_library
    from ironsworn.content.own_content import content_needed

    if not at_terminal(["--json"] if getattr(args, "json", False) else []):
        return None
    needed = content_needed(load_library(), ruleset)
    if needed is None:
        return None
    from ironsworn.cli.content_cmd import import_hint

    asked = Asked(
        "datasworn",
        f"{needed.title}'s {needed.brings} come from your own Datasworn file "
        f"({needed.file}), imported once for every {ruleset} campaign. Where is it? (its "
        f"path, or {LATER!r} to make the campaign without it for now)",
        [],
        True,
    )
    while True:
        answer = ask(asked, False, sys.stdin, sys.stderr)
        if answer is None:
            raise UsageError(f"{import_hint(ruleset)} (or give it here: --datasworn FILE)")
        if answer.casefold() == LATER:
            return None
        try:
            return _import_own_file(ruleset, str(Path(answer).expanduser()))
        except IronswornError as exc:
            sys.stderr.write(f"{worded(exc)}\n")


def _check_ruleset(value: str | None) -> str:
    from ironsworn.errors import InvalidValue
    from ironsworn.table.content import campaign_ruleset

    try:
        return campaign_ruleset(value)
    except InvalidValue as exc:
        raise UsageError(exc.worded("--ruleset")) from None


def _options(state: Any) -> tuple[dict[str, Any], str]:
    """The campaign's options (chapter 7) as JSON, and as one line naming those set."""
    from ironsworn.campaign.options import OPTIONS, option_words

    values = {name: state.option(name) for name in OPTIONS}
    changed = [
        f"{name} {option_words(value)}"
        for name, value in values.items()
        if value != OPTIONS[name].default
    ]
    return values, ", ".join(changed) or "the rulebook's defaults ('ironsworn option' lists them)"


def _copy(args: argparse.Namespace) -> int:
    """``campaign copy FROM TO``: each side a path (a file) or a NAME (in the --database)."""
    from ironsworn.campaign import export, registry

    if not args.name or not args.target:
        raise Missing(
            "campaign copy: FROM and TO are required (accepted: 'campaign copy NAME "
            "path.sqlite' or 'campaign copy path.sqlite NAME', NAME in the --database)",
            "campaign copy: "
            + ("to (a file, or a campaign's name)" if args.name else "from (a file, or a name)"),
        )
    if args.campaign is not None:
        raise UsageError(f"campaign copy takes no --campaign (got {args.campaign!r})")
    database = registry.database_url(args.database)
    source = registry.place(args.name, database)
    target = registry.place(args.target, database)
    count = export.copy_campaign(source, target)
    emit(
        args,
        {"from": source.location, "to": target.location, "operations": count},
        f"copied {count} operations from {source.location} to {target.location}",
    )
    return 0


def _chosen_by(args: argparse.Namespace) -> str:
    import os

    from ironsworn.campaign import registry

    if args.campaign:
        return "--campaign"
    if os.environ.get(registry.ENV_VAR):
        return f"${registry.ENV_VAR}"
    from ironsworn.paths import data_home

    return "the current campaign" if (data_home() / "current").exists() else "default"


def _env_note() -> str:
    import os

    from ironsworn.campaign import registry

    value = os.environ.get(registry.ENV_VAR)
    return f" (but ${registry.ENV_VAR}={value} takes precedence)" if value else ""


def _database_note(given: str | None) -> str:
    """What a campaign in a database named by --database alone needs to be played: the
    current campaign is kept by name, and a command without the database looks for a file."""
    import os

    from ironsworn.campaign import registry

    if not given or os.environ.get(registry.DATABASE_ENV) == given:
        return ""
    return (
        f"; it is in the database, so give --database with every command that plays it, or "
        f"set ${registry.DATABASE_ENV} to that URL once"
    )


def _list_text(infos: list[Any]) -> str:
    if not infos:
        return "no campaigns yet (start one with 'ironsworn campaign new NAME')"
    width = max(len(info.name) for info in infos)
    lines = []
    for info in infos:
        mark = "*" if info.current else " "
        if info.problem:
            detail = f"unreadable: {info.problem}"
        else:
            last = f", last played {_local(info.last_played)}" if info.last_played else ""
            detail = f"{info.operations} operations{last}"
        lines.append(f"{mark} {info.name:<{width}}  {detail}")
    return "\n".join(lines)


# -------------------------------------------------------------------------------- undo, redo


def _undo(args: argparse.Namespace) -> int:
    return _undo_redo(args, undo=True)


def _redo(args: argparse.Namespace) -> int:
    return _undo_redo(args, undo=False)


def _undo_redo(args: argparse.Namespace, *, undo: bool) -> int:
    from ironsworn.campaign.registry import open_campaign
    from ironsworn.campaign.store import Operation

    key = "undone" if undo else "redone"
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        # The table's undo or redo (one implementation for every surface).
        told = table_call(store, "undo" if undo else "redo", {})[key]
        path = store.location
        narrator = _narrator(store)
    operation = Operation(
        told["seq"],
        told["kind"],
        told["time"],
        told["character"],
        told["summary"],
        tuple(told["events"]),
        told["status"],
    )
    from ironsworn.cli.session import undo_told

    done = "undid" if undo else "redid"
    emit(
        args,
        {key: operation.to_dict(), "campaign": str(path)},
        undo_told(done, operation, _headline(operation, narrator)),
    )
    return 0


# --------------------------------------------------------------------------------------- log


def _log(args: argparse.Namespace) -> int:
    from ironsworn.campaign.journal import Narrator, without_name
    from ironsworn.campaign.registry import open_campaign

    limit = _limit(args)
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        operations = store.operations(include_undone=args.all, last=limit)
        # Track names come from the state, so a short tail of a long log still names its vows.
        narrator = _narrator(store) if limit is not None else Narrator()
    lines: list[str] = []
    for operation in operations:
        # The line is headed by who acted: their name is not repeated in it.
        headline = without_name(narrator.headline(operation), operation.character)
        details = narrator.lines(operation) if args.events else []
        status = "" if operation.status == "live" else f" ({operation.status})"
        who = f"  {operation.character}" if operation.character else ""
        if operation.character and headline.startswith(f"{operation.character} "):
            who = ""  # "Kai enters the story" names them already
        when = _local(operation.time)
        text = [f"#{operation.seq:<5} {when}  {operation.kind}{who}: {headline}{status}"]
        text += [f"        - {line}" for line in details]
        lines.append("\n".join(text))
    emit(
        args,
        [op.to_dict() for op in operations],
        "\n".join(lines) if lines else "the log is empty",
    )
    return 0


# ----------------------------------------------------------------------------------- journal


def _journal(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    if not words:
        return _journal_read(args)
    if words[0] not in ("add", "edit", "delete") and len(words) == 1 and " " in words[0].strip():
        # One quoted sentence ('journal "The door opens."') is an entry to write: no action
        # word holds a space, so a mistyped action ('journal frob') is still refused.
        words = ["add", words[0]]
    if words[0] not in ("add", "edit", "delete"):
        raise UsageError(
            f"journal: unknown action {words[0]!r} (accepted: 'journal add TEXT' to write, "
            "'journal edit N TEXT', 'journal delete N', 'journal' to read)"
        )
    if args.limit is not None:
        raise UsageError(
            f"journal {words[0]} takes no --limit (got {args.limit!r}); --limit is for reading"
        )
    if words[0] != "add":
        return _journal_change(args, words)
    text = " ".join(words[1:])
    if text == "-":
        text = check_text(sys.stdin.read(), "standard input")
    return _journal_add(args, text)


def _journal_add(args: argparse.Namespace, text: str) -> int:
    from ironsworn.campaign.journal import resolve_character
    from ironsworn.campaign.registry import resolve
    from ironsworn.errors import InvalidValue

    if not text.strip():
        raise InvalidValue("journal add: the entry is empty (accepted: some text)")
    ref = resolve(args.campaign, args.database)
    if args.character is not None and not ref.started():
        # A campaign not yet created has no characters: refuse before creating anything.
        from ironsworn.campaign.store import default_state_type

        resolve_character(default_state_type()(), args.character)
    with ref.open(create=True) as store:
        # The table's journal (with one character the entry is theirs, as in play mode).
        # The entry is the command's words, not a flag: a refusal names it so ("journal: the
        # entry 'a\x01b' holds U+0001..."), not as a --text the player never typed.
        answer = table_call(
            store, "journal", {"text": text, "character": args.character}, {"text": "the entry"}
        )
        path = store.location
    emit(
        args,
        {"added": answer["added"], "campaign": str(path)},
        f"journal entry #{answer['added']['seq']} added",
    )
    return 0


def _journal_change(args: argparse.Namespace, words: list[str]) -> int:
    """``journal edit N TEXT`` and ``journal delete N``: the table's ``journal_edit`` and
    ``journal_delete`` operations (one undoable operation each)."""
    from ironsworn.campaign.journal_edits import parse_entry
    from ironsworn.campaign.registry import open_campaign

    action = words[0]
    if len(words) < 2:
        raise Missing(
            f"journal {action} needs the entry's number: journal {action} 12",
            f"journal {action}: the entry's number (as 'journal' lists them)",
        )
    seq = parse_entry(words[1])
    text = " ".join(words[2:])
    if action == "delete" and text:
        raise UsageError(f"journal delete takes only the entry's number (got {text!r} after it)")
    if action == "edit" and text == "-":
        text = check_text(sys.stdin.read(), "standard input")
    if action == "edit" and not text.strip():
        raise Missing(
            f"journal edit {seq} needs the new text: journal edit {seq} TEXT",
            f"journal edit {seq}: its new text",
        )
    operation = "journal_edit" if action == "edit" else "journal_delete"
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        try:
            answer = table_call(
                store,
                operation,
                {"entry": seq, "text": text} if action == "edit" else {"entry": seq},
                {"entry": "the entry's number", "text": "the new text"},
            )
        except UsageError as exc:
            # Said as the command the player typed ("journal edit 3: the new text ..."), not
            # by the table's name of the operation ("journal_edit: ...").
            said = str(exc)
            if said.startswith(f"{operation}: "):
                said = f"journal {action} {seq}: " + said[len(operation) + 2 :]
            raise UsageError(said) from None
        path = store.location
    done = "edited" if action == "edit" else "deleted"
    emit(
        args,
        {done: answer[done], "campaign": str(path)},
        f"journal entry #{seq} {done} ('ironsworn undo' takes it back)",
    )
    return 0


def _journal_read(args: argparse.Namespace) -> int:
    from ironsworn.campaign.journal import entries, without_name
    from ironsworn.campaign.registry import open_campaign

    limit = _limit(args)
    who = args.character
    with open_campaign(args.campaign, create=False, database=args.database) as store:
        if who is not None:
            who = _known_character(store, who)
        if limit is not None and args.character is None:
            # Only the tail is read; the state supplies the track names told earlier.
            found = entries(store.operations(last=limit), _narrator(store))
        else:
            found = entries(store.operations())
    if who is not None:
        key = who.strip().lower()
        found = [e for e in found if (e["character"] or "").lower() == key]
    if limit is not None:
        found = found[-limit:]

    def text() -> str:
        if not found:
            return "the journal is empty"
        lines = []
        for entry in found:
            who = f"{entry['character']}: " if entry["character"] else ""
            when = _local(entry["time"])
            if entry["text"] is not None:
                lines.append(f"{when}  {who}{entry['text']}")
            else:
                mechanics = without_name(entry["mechanics"], entry["character"])
                if who and mechanics.startswith(who[:-2] + " "):
                    who = ""  # "Kai enters the story" names them already
                lines.append(f"{when}  · {who}{mechanics}")
        return "\n".join(lines)

    emit(args, found, text)
    return 0


# ----------------------------------------------------------------------------------- helpers


def _narrator(store: Store[Any]) -> Narrator:
    """A narrator that knows the track names, even when the state cannot be folded.

    (The log is how a player finds what to undo, so it must read a log the state refuses.)
    """
    from ironsworn.campaign.journal import Narrator
    from ironsworn.errors import IronswornError

    try:
        return Narrator(store.state())
    except IronswornError:
        return Narrator()


def _limit(args: argparse.Namespace) -> int | None:
    """``--limit N`` (1 or more); a huge N is every entry (SQLite counts to 2**63 only)."""
    if args.limit is None:
        return None
    return min(parse_int(args.limit, "--limit", low=1), 2**62)


def _known_character(store: Store[Any], name: str) -> str:
    """The character ``name`` names (a name that is none would read as an empty journal)."""
    from ironsworn.campaign.journal import resolve_character
    from ironsworn.errors import NotFound

    try:
        return resolve_character(store.state(), name)
    except NotFound:
        raise
    except IronswornError:
        return name  # a log the state refuses is still read, by the name as given


def _headline(operation: Operation, narrator: Narrator) -> str:
    """What an undo or redo took back or put back: a move by its name and outcome ('Face Danger
    (strong hit)'), anything else in the log's words ('the vehicle: battered marked'; the
    summary kept with other operations is terse, 'vehicle:battered False -> True')."""
    if operation.kind == "move" and operation.summary:
        return operation.summary
    return narrator.headline(operation)


def _local(time: str | None) -> str:
    """A stored UTC time in the user's local time, to the minute."""
    if not time:
        return "?"
    try:
        when = datetime.fromisoformat(time)
    except ValueError:
        return time
    return f"{when.astimezone():%Y-%m-%d %H:%M}"
