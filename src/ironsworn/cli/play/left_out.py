"""What a line's command left out, asked at the terminal: a question the table put (asked as
the flag of the command typed, :func:`flag_question`), a word or flag a command needs
(:func:`ask_missing`: a menu of what the campaign holds, or words), and who acts when there
are several characters and none acts (:func:`ask_who`). Each gives the line back with the
answer, for the session to run again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.cli.common import Missing, UsageError

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.errors import NotFound, OptionNeeded
    from ironsworn.table.questions import Unanswered


def flag_question(
    session: PlaySession, exc: OptionNeeded | Unanswered, line: str
) -> Missing | None:
    """The question of ``exc`` as a :class:`Missing` flag of the line's command, when its
    parser takes that flag (None otherwise: the one line says what is wrong)."""
    from ironsworn.cli.asking import flag_action, question_of

    asked = question_of(exc)
    parser = parser_of(session, line)
    if asked is None or parser is None:
        return None
    action = flag_action(session.parsers()[parser], asked.input)
    if action is None or action.nargs == 0:
        return None
    return Missing(
        str(exc),
        asked.prompt,
        flag=action.option_strings[-1],
        choices=asked.choices,
        open_=asked.open if asked.choices else True,
    )


def parser_of(session: PlaySession, line: str) -> str | None:
    """The command line parser the slash command of ``line`` reuses (None: none)."""
    head = line.lstrip()[1:].split(" ", 1)[0] if line.lstrip().startswith("/") else ""
    try:
        command = session.commands.find(head) if head else None
    except UsageError:
        command = None
    return None if command is None else command.parser


def ask_missing(session: PlaySession, exc: Missing, line: str) -> str | None:
    """At a terminal, what a command left out (``/asset show``'s card, ``/fight``'s foe)
    is asked, and the line given back with the answer (after its flag, or as the
    command's next word); "" when the player leaves the question. None in a script,
    which gets the one line."""
    from ironsworn.cli.play.asking import MenuLeft, menu, write
    from ironsworn.cli.play.move_commands import beside

    if not session.reader.interactive:
        return None
    head = line.strip()[1:].split(" ", 1)[0]
    if exc.prompt.startswith((f"{head} ", f"{head}:")):
        # (a command line function's question, said of the slash command typed)
        exc.prompt = "/" + exc.prompt
    choices, open_ = exc.choices, exc.open
    if not choices:
        from ironsworn.cli.play.slash import leading_words, split_words
        from ironsworn.cli.play.table_calls import input_choices

        # The values the table's operation accepts now (/legacy's tracks, /adjust's meters).
        typed = leading_words(split_words(line.strip()[1:]))[0][1:]
        choices, open_ = input_choices(session, parser_of(session, line), exc.dest, open_, typed)
    if exc.dest == "track" and not choices:
        # The campaign's open tracks, by name (a track's id or name is the answer).
        choices = [
            (t.name, f"{t.rank} {t.kind}")
            for t in session.state().tracks.values()
            if t.status == "active"
        ]
    try:
        if len(choices) == 1 and not open_:
            answer = choices[0][0]  # one answer (/vow's new): nothing to ask
        elif choices:
            shown = [(key, beside(key, label)) for key, label in choices]
            answer = menu(session, exc.prompt, shown, open_)
        else:
            answer = write(session, f"{exc.prompt} (an empty line leaves)")
            if not answer:
                raise MenuLeft
    except MenuLeft as left:
        session.out.say("(left the question: nothing was made)")
        return left.line or ""
    answer = answer.replace('"', "")
    # The journal's words are its own (not split like a shell's): no quotes around them.
    if " " in answer and not line.lstrip().startswith("/journal"):
        answer = f'"{answer}"'
    if exc.flag:
        return f"{line} {exc.flag} {answer}"
    # The command's next word comes before its options (/move --dice 6,1,2: the move).
    parts = line.split(" ")
    at = next((i for i, w in enumerate(parts) if i and w.startswith("--")), len(parts))
    return " ".join([*parts[:at], answer, *parts[at:]])


def ask_who(session: PlaySession, exc: NotFound, line: str) -> str | None:
    """A line that needs a character when there are several and none acts: ask who acts
    (as ``/as`` chooses) and give the line to run again (or the command typed instead,
    or "" when the player leaves the question); None when it is not that question."""
    from ironsworn.cli.play.asking import MenuLeft, menu

    if exc.names != ("character",) or not exc.candidates or session.acting is not None:
        return None
    options = [(name, "") for name in exc.candidates]
    try:
        who = menu(session, "There are several characters: who acts?", options)
    except MenuLeft as left:
        session.out.say("(left the question: nothing was made)")
        return left.line or ""
    session.acting = who
    session.out.say(f"now acting as {who} (/as NAME changes who)")
    return line
