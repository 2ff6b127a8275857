"""Play mode's commands about the campaign as a whole: look-ups (journal, rulebook, world,
export), content packs, lasting effects, undo and redo, the log, another character, the
campaign options, who acts, help and leaving."""

from __future__ import annotations

from textwrap import wrap
from typing import TYPE_CHECKING

from ironsworn.cli.common import Missing, UsageError, terminal_columns

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.slash import Runner


def lookup(name: str, *args: str) -> Runner:
    """A runner of :mod:`.lookups` (imported when first run)."""

    def run(session: PlaySession, words: list[str], raw: str) -> None:
        from ironsworn.cli.play import lookups

        runner: Runner = getattr(lookups, name)(*args) if args else getattr(lookups, name)
        runner(session, words, raw)

    return run


def content(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/content import FILE`` (a Datasworn file, imported once) or ``/content list``."""
    session.run_cli(session.parse("content", words or ["list"]))
    session.reload_library()


def lasting(session: PlaySession, words: list[str], _raw: str) -> None:
    """The lasting effects of asset abilities: list them, or end, use, give, take one (the
    table's ``lasting_end``, ``lasting_use``, ``lasting_give`` and ``lasting_trophy``)."""
    from ironsworn.cli.lasting_cmd import list_text, table_operation
    from ironsworn.moves.assets.lasting import summary

    try:
        args = session.parse("lasting", words)
    except Missing as exc:
        # An effect left out is asked from the character's; with none, there is nothing to
        # end, use or give (an open question would take any words and refuse them).
        if exc.dest == "name" and not summary(session.state().character(session.acting)):
            who = session.state().character(session.acting).name
            raise UsageError(
                f"/lasting {words[0]}: {who} has no lasting effects (an asset ability's "
                "lasting effect, made on a move's hit, is listed by /lasting)"
            ) from None
        raise
    if args.action in (None, "list"):
        char = session.state().character(args.character)
        rows = summary(char)
        session.out.result(rows, list_text(char.name, rows), as_json=args.json)
        return
    name, given = table_operation(args)
    # (use may roll the ward's trap: with dice typed for it, those)
    done = session.table(
        name,
        given,
        command="lasting",
        names={"name": "NAME", "choice": "CHOICE"},
        dice=session.dice_for(args),
    )
    session.report(done.result, args.json)


def undo_redo(undo: bool) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.campaign.journal import Narrator
        from ironsworn.campaign.store import Operation
        from ironsworn.cli.session import undo_told

        verb = "undo" if undo else "redo"
        if words:
            raise UsageError(f"/{verb} takes no arguments")
        key = "undone" if undo else "redone"
        data = session.table(verb, {}).answer[key]  # the table's undo or redo
        operation = Operation(
            data["seq"],
            data["kind"],
            data["time"],
            data["character"],
            data["summary"],
            tuple(data["events"]),
            data["status"],
        )
        done = "undid" if undo else "redid"
        # Told with the campaign's names (a companion by the name its player gave it, as the
        # log tells it), learnt from the state now.
        state = session.state()
        told = undo_told(done, operation, Narrator(state).headline(operation))
        session.out.result({key: data}, told)
        session.show_status(state)
        session.show_pending(state)

    return run


def log(session: PlaySession, words: list[str], _raw: str) -> None:
    args = session.parse("log", words)
    if args.limit is None:
        args.limit = "10"  # the last few: a long campaign's whole log would flood the screen
    session.run_cli(args)


def character(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play import creation

    if words and words[0].lower() == "setup":
        # The semi-random setup left half-way (the session ended): its steps, asked again.
        from ironsworn.cli.play.creation_options import steps_left, unfinished

        waiting = unfinished(session)
        name = " ".join(words[1:]) or (waiting[0] if len(waiting) == 1 else "")
        if not waiting:
            raise UsageError(
                "/character setup: no character has a semi-random setup left half-way "
                "(accepted: none)"
            )
        if not name:
            raise Missing(
                "/character setup: whose semi-random setup do you finish?",
                "/character setup: whose semi-random setup do you finish?",
                choices=[(n, "") for n in waiting],
                open_=False,
            )
        if session.state().character(name).name not in waiting:
            raise UsageError(
                f"/character setup: {name!r} has no semi-random setup left half-way "
                f"(accepted: {', '.join(waiting)})"
            )
        steps_left(session, session.state().character(name).name)
        return
    if words:
        raise UsageError(
            "/character takes no arguments (it walks through making a character), or setup "
            "NAME (the semi-random setup's steps left)"
        )
    leftover = creation.walkthrough(session, first=False)
    if leftover is not None:
        session.execute(leftover)


def option(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.campaign.options import find_option, option_words, options_data
    from ironsworn.cli.setup_cmd import options_text

    args = session.parse("option", words)
    if args.name is None:
        data = options_data(session.state())
        session.out.result(data, options_text(data), as_json=args.json)
        return
    option = find_option(args.name)
    if not args.value:
        raise Missing(
            f"/option {option.name} needs a VALUE (accepted: {option.accepted})",
            f"/option {option.name}: its new value ({option.accepted})",
            choices=[(option_words(v), option_words(v)) for v in option.values],
            open_=not option.values,
        )
    value = " ".join(args.value)
    after = session.table("option", {"name": option.name, "value": value}).answer["value"]
    session.out.result(
        {"name": option.name, "value": after},
        f"{option.name}: {option_words(after)} ({option.text})",
        as_json=args.json,
    )


def act_as(session: PlaySession, words: list[str], _raw: str) -> None:
    """Choose who acts: moves, sheets and journal prose then default to that character."""
    state = session.state()
    if not words:
        who = session.character_name(state)
        session.out.say(
            f"acting: {who or 'nobody in particular'} (characters: "
            + (", ".join(state.characters) or "none")
            + ")"
        )
        return
    session.acting = state.character(" ".join(words)).name
    session.out.say(f"now acting as {session.acting}")


def show_help(session: PlaySession, words: list[str], _raw: str) -> None:
    if words:
        command = session.commands.find(words[0].lstrip("/"))
        lines = [f"{command.usage}  — {command.summary}"]
        if command.parser:
            from ironsworn.cli.play.session import FIXED_IN_PLAY

            parser = session.parsers()[command.parser]
            options = [
                f"  {', '.join(a.option_strings)}  {a.help or ''}".rstrip()
                for a in parser._actions
                if a.option_strings and a.dest not in FIXED_IN_PLAY and "-h" not in a.option_strings
            ]
            if options:
                lines += ["options:", *options]
        session.out.say("\n".join(lines))
        return
    ruleset = session.state().ruleset
    own = [c for c in session.commands if c.ruleset in (None, ruleset)]
    lines = ["Type prose to write it in the journal. Commands (Tab completes):"]
    columns = terminal_columns()
    lines += help_table([(c.usage, c.summary) for c in own], columns)
    lines += wrap(
        "While a decision is pending, type its option number or key. "
        "Ctrl-C cancels the line; Ctrl-D or /quit leaves.",
        max(columns - 1, 30),
    )
    session.out.say("\n".join(lines))


# The usage column's widest: a longer usage has its summary on the next line, so that the
# summaries keep a column of their own on a narrow terminal.
USAGE_COLUMN = 36


def help_table(rows: list[tuple[str, str]], columns: int) -> list[str]:
    """Usage lines and their summaries in two columns that fit ``columns``: each summary
    wrapped in its own column (under the usage, when the usage is wider than the column); on
    a terminal too narrow for two columns, each summary under its usage."""
    width = min(max((len(usage) for usage, _ in rows), default=0), USAGE_COLUMN)
    if columns - width - 5 < 30:
        width = 0  # one column: each summary indented under its usage
    indent = " " * (width + 4)
    room = max(columns - len(indent) - 1, 20)
    lines: list[str] = []
    for usage, summary in rows:
        said = wrap(summary, room) or [""]
        if len(usage) > width:
            # (a usage wider than the terminal goes on, indented, at a word)
            lines += wrap(
                usage, max(columns - 1, 20), initial_indent="  ", subsequent_indent="      "
            )
            lines += [indent + part for part in said]
        else:
            lines.append(f"  {usage:<{width}}  {said[0]}".rstrip())
            lines += [indent + part for part in said[1:]]
    return lines


def leave(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play.session import QuitPlay

    raise QuitPlay
