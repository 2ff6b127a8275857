"""The slash commands of play mode.

Each command reuses the command line's own parser (``/move`` parses like ``ironsworn move``,
``/vow TEXT --rank R`` like ``ironsworn vow new TEXT --rank R``), so options, checks and error
messages are the same in both places; a parse error is one line and the session goes on.

Commands that change the campaign run in their own transaction through
:meth:`PlaySession.commit`; ``/oracle`` and ``/ask`` are recorded too (as ``oracle`` and
``ask`` operations), so the journal holds every roll. Read-only commands (``/sheet``,
``/tracks``, ``/log``, ``/move list``...) call the command line's own functions.

Words are split like a shell's, except that only double quotes group words: an apostrophe
in ``/vow Avenge my brother's death --rank dangerous`` is just a letter.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import UsageError, parse_int
from ironsworn.cli.play.completion import CommandShape
from ironsworn.cli.play.delve_commands import delve as _delve
from ironsworn.cli.play.delve_commands import rarity as _rarity
from ironsworn.errors import InvalidValue, RuleViolation

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.content.model import OracleTable

Runner = Callable[["PlaySession", list[str], str], None]


@dataclass(frozen=True)
class SlashCommand:
    """One slash command: its usage line, what it reuses and how it runs."""

    name: str
    usage: str
    summary: str
    run: Runner
    parser: str | None = None  # the command line parser it reuses (options, --help)
    positionals: tuple[str, ...] = ()  # word kinds, for completion
    aliases: tuple[str, ...] = ()


class SlashTable:
    """The slash commands by name and alias."""

    def __init__(self, commands: Sequence[SlashCommand]) -> None:
        self.commands = list(commands)
        self._by_name: dict[str, SlashCommand] = {}
        for command in commands:
            for name in (command.name, *command.aliases):
                self._by_name[name] = command

    def __iter__(self) -> Iterator[SlashCommand]:
        return iter(self.commands)

    def names(self) -> list[str]:
        return [c.name for c in self.commands]

    def find(self, name: str) -> SlashCommand:
        key = name.lower()
        command = self._by_name.get(key)
        if command is None:
            raise UsageError(
                f"/{name} is not a command; did you mean /{self.nearest(key)}? (/help lists them)"
            )
        return command

    def nearest(self, name: str) -> str:
        """The command name closest to a mistyped one (a shared start counts most)."""
        import difflib

        def likeness(candidate: str) -> tuple[float, int]:
            ratio = difflib.SequenceMatcher(None, name, candidate).ratio()
            start = next(
                (i for i, (a, b) in enumerate(zip(name, candidate, strict=False)) if a != b), 0
            )
            return (ratio, start)

        return max(self._by_name, key=likeness)

    def bare(self, line: str) -> str | None:
        """The command a line without its ``/`` reads like, or None for prose.

        ``sheet`` or ``help`` alone; a word glued to a command (``clear/help``); a command's
        name followed by options (``move face danger --stat edge``).
        """
        words = line.split()
        first = words[0].lower() if words else ""
        if len(words) == 1 and "/" in first:
            tail = first.rsplit("/", 1)[1]
            if tail in self._by_name:
                return "/" + tail
        if (
            first.isalpha()
            and first in self._by_name
            and (len(words) == 1 or any(w.startswith("--") for w in words[1:]))
        ):
            return "/" + " ".join([first, *words[1:]])
        return None

    def run(self, session: PlaySession, line: str) -> None:
        """Run the slash command ``line`` (which starts with ``/``)."""
        head, _, rest = line[1:].partition(" ")
        if not head:
            raise UsageError("a lone '/' is not a command (/help lists them)")
        command = self.find(head)
        words = split_words(rest) if command.name != "journal" else rest.split()
        command.run(session, words, rest.strip())


def split_words(text: str) -> list[str]:
    """Split like a shell, but only double quotes group words (apostrophes are letters)."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.quotes = '"'
    lexer.escape = ""
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        raise UsageError(f"unbalanced double quote in {text!r}") from None


def leading_words(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split ``words`` into the words before the first option and the rest."""
    for i, word in enumerate(words):
        if word.startswith("--"):
            return list(words[:i]), list(words[i:])
    return list(words), []


# --------------------------------------------------------------------------------- moves


def _move(session: PlaySession, words: list[str], _raw: str) -> None:
    run_move(session, words)


# Inputs the engine may ask of the move being made, whatever the move's own options list.
ASKED_ANYWAY = frozenset(
    {"against", "against_stat", "foe", "destination", "rank", "role_bonus", "asset", "raise"}
    | {"module"}
)


def run_move(session: PlaySession, words: list[str]) -> None:
    """``/move``: make the move, asking for what it leaves open (see :mod:`.asking`): the
    table's questions (:func:`ironsworn.table.moves.verify_move`) and what the engine finds
    it needs, each as a numbered menu."""
    from ironsworn.cli.move_cmd import check_move_options, move_call, move_inputs
    from ironsworn.cli.play import asking
    from ironsworn.errors import OptionNeeded
    from ironsworn.table.moves import verify_move

    args = session.parse("move", words)
    # Play mode sets --campaign itself, and --character to the one acting (/as).
    check_move_options(args, ignore=("campaign", "character") if session.acting else ("campaign",))
    if args.words[0] == "show" or args.words == ["list"]:
        # The command line's own move list / move show, called past its option check (which
        # would refuse the --campaign play mode sets).
        from ironsworn.cli.move_info import list_moves, show_move

        if args.words[0] == "show":
            if len(args.words) < 2:
                raise UsageError("/move show needs a move id or name")
            args.id = " ".join(args.words[1:])
        args.func = show_move if args.words[0] == "show" else list_moves
        session.run_cli(args)
        return
    asked: set[str] = set()
    while True:
        asking.ask_bond(session, args, asked)
        asking.ask_assets(session, args, asked)
        question = verify_move(session.table(), move_inputs(args))
        if question is not None and question.input not in asked:
            asked.add(question.input)
            options = [(c.key, beside(c.key, c.shown())) for c in question.choices]
            answer = asking.menu(session, question.prompt, options, question.open)
            put_answer(args, question.input, answer)
            continue
        try:
            result = session.commit(move_call(args), session.dice_for(args))
            break
        except OptionNeeded as exc:
            if (
                exc.option in asked
                or getattr(args, input_dest(exc.option), None)
                or not (exc.choices or exc.open)
                or not (exc.option in ASKED_ANYWAY or _takes(session, args, exc.option))
            ):
                raise  # asked already, or a follow-on needs it: the engine's message says why
            asked.add(exc.option)
            who = args.character or session.character_name() or "you"
            prompt = str(exc).split(" (accepted:", 1)[0]
            if exc.option in ("stat", "track"):
                prompt = asking.option_question(session, args, exc.option)
            else:
                prompt = f"{who} — {prompt}"
            options = [(key, beside(key, label)) for key, label in exc.choices]
            put_answer(args, exc.option, asking.menu(session, prompt, options, exc.open))
    session.report(result, args.json)


def beside(key: str, label: str) -> str:
    """What a menu shows beside a choice's key: its label, less the key it repeats."""
    if label.lower().startswith(key.lower()):
        label = label[len(key) :].lstrip(" :")
    return label


def input_dest(name: str) -> str:
    """The ``move`` parser's dest for a table input or an engine option."""
    from ironsworn.cli.move_cmd import INPUT_DESTS

    return INPUT_DESTS.get(name, name)


def put_answer(args: argparse.Namespace, name: str, key: str) -> None:
    """Set a menu's answer on the ``move`` options, in the shape the parser gives them."""
    from ironsworn.table.moves import MOVE

    declared = MOVE.options.get(name)
    value: Any = key
    if declared is not None and declared.kind == "bool":
        value = key == "yes"
    elif (declared is not None and declared.kind in ("texts", "ints")) or name == "as":
        value = [key]
    setattr(args, input_dest(name), value)


def _takes(session: PlaySession, args: argparse.Namespace, option: str) -> bool:
    """Whether the move named in ``args`` takes ``option`` (so asking for it can help)."""
    from ironsworn.cli.common import OPTION_FLAGS
    from ironsworn.cli.play.move_completion import move_flags
    from ironsworn.errors import IronswornError

    try:
        move = session.named_move(args.words)
    except IronswornError:
        return False
    return OPTION_FLAGS.get(option, f"--{option}") in move_flags(move)


def _choose(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play.decisions import resolve_keys

    args = session.parse("choose", words)
    pending = session.state().pending
    if pending is None:
        raise RuleViolation("there is no pending decision")
    if pending["kind"] != "choose":
        raise RuleViolation("the pending decision is a burn offer: /burn or /decline")
    keys = resolve_keys(args.keys, pending)
    session.choose(keys, session.dice_for(args), args.json)


def _answer(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        args = session.parse(kind, words)
        dice = session.dice_for(args)
        if kind == "burn":
            result = session.commit(lambda e: e.burn(), dice)
        else:
            result = session.commit(lambda e: e.decline(), dice)
        session.report(result, args.json)

    return run


# ------------------------------------------------------------------------------- oracles


def _oracle(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.content.oracle_roller import roll_oracle
    from ironsworn.dice import RandomDice

    if words[:1] in (["list"], ["show"]):
        session.run_cli(session.parse("oracle", words))
        return
    if words[:1] == ["roll"]:
        words = words[1:]
    name, options = leading_words(words)
    if not name:
        raise UsageError("/oracle needs a table: /oracle action (Tab completes the names)")
    args = session.parse("oracle", ["roll", " ".join(name), *options])
    value = None if args.value is None else parse_int(args.value, "--value")
    dice = RandomDice(args.seed) if args.seed is not None else session.dice
    ruleset = session.library
    table = _oracle_table(session, args.id)
    result = roll_oracle(ruleset, table, dice, value)
    who = session.character_name()
    data = result.to_json()
    event = result.event(who)
    session.record("oracle", [event], who, f"{result.name}: {result.text}")
    session.out.result(data, "\n".join(result.lines()), as_json=args.json)


def _oracle_table(session: PlaySession, query: str) -> OracleTable:
    """The campaign's own table ``query`` names (a classic campaign never rolls a Starforged
    table); a name of a group of tables ("planet") asks which, as a numbered menu, until one
    table is chosen."""
    from ironsworn.cli.play.asking import menu
    from ironsworn.content.lookup import GroupNamed

    while True:
        try:
            table: OracleTable = session.library.find_in("oracles", query, session.state().ruleset)
            return table
        except GroupNamed as group:
            query = menu(session, f"{group.query!r} names a group of oracle tables:", group.choices)


def _ask(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.ask_cmd import check_value_or_seed
    from ironsworn.dice import RandomDice
    from ironsworn.oracle import Odds, ask_in_campaign

    leading, options = leading_words(words)
    if not leading:
        raise UsageError(
            "/ask needs the odds: almost_certain, likely, fifty_fifty (50/50), unlikely, "
            "small_chance — then, if you like, the question"
        )
    # "/ask likely Is the gate open?" and "/ask small chance ...": the odds, then the question.
    odds_words = leading[:1]
    for size in (2, 1):
        try:
            Odds.parse(" ".join(leading[:size]))
        except InvalidValue:
            continue
        odds_words = leading[:size]
        break
    question = " ".join(leading[len(odds_words) :])
    args = session.parse("ask", [" ".join(odds_words), *options])
    check_value_or_seed(args)
    odds = Odds.parse(args.odds)
    value = None if args.value is None else parse_int(args.value, "--value", 0, 100)
    dice = None if value is not None else RandomDice(args.seed) if args.seed else session.dice
    # The campaign's table and even-matches option (or --even-matches), as everywhere.
    answer = ask_in_campaign(session.state(), odds, dice, value, args.even_matches)
    who = session.character_name()
    event = answer.event(who, question or None)
    session.record("ask", [event], who, answer.summary(question or None))
    text = answer.describe()
    session.out.result(event, f"{question}\n{text}" if question else text, as_json=args.json)


# --------------------------------------------------------------------------- the sheet


def _sheet(session: PlaySession, words: list[str], _raw: str) -> None:
    session.run_cli(session.parse("sheet", words))


def _tracks(session: PlaySession, words: list[str], _raw: str) -> None:
    session.run_cli(session.parse("track", ["list", *words]))


def _new_track(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.moves.sheet import SheetOperations

        given = words[1:] if words[:1] == ["new"] else words
        args = session.parse(kind, ["new", *given])
        if kind == "fight":
            count = parse_int(args.count, "--count", 1, 10)
            result = session.commit(
                lambda e: SheetOperations(e).new_track(
                    "fight", "", args.rank or "", args.character, foe=args.foe, count=count
                )
            )
        else:
            text = " ".join(args.text)
            result = session.commit(
                lambda e: SheetOperations(e).new_track(kind, text, args.rank, args.character)
            )
        created = next(e for e in result.events if e["type"] == "track_created")
        track = dict(created["track"])
        session.out.result(track, track_line(track), as_json=args.json)

    return run


def track_line(track: dict[str, Any]) -> str:
    who = ", ".join(track["characters"])
    return f"{track['id']}: {track['name']} ({track['rank']} {track['kind']}; {who})"


def _sheet_change(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.moves.sheet import SheetOperations

        args = session.parse(kind, words)
        if kind == "adjust":
            delta = parse_int(args.delta, "N", -50, 50)
            result = session.commit(
                lambda e: SheetOperations(e).adjust(
                    args.character, args.meter, delta, getattr(args, "vehicle", None)
                )
            )
        elif kind == "debility":
            mark = args.action == "mark"
            result = session.commit(
                lambda e: SheetOperations(e).debility(args.character, args.name, mark)
            )
        elif kind == "initiative":
            from ironsworn.moves.sheet import parse_initiative

            value = parse_initiative(" ".join(args.value))
            result = session.commit(lambda e: SheetOperations(e).initiative(args.character, value))
        else:
            from ironsworn.cli.track_cmd import progress_amount

            ticks, times = progress_amount(args)
            mark = args.action == "mark"
            result = session.commit(
                lambda e: SheetOperations(e).progress(args.track, mark, ticks, times)
            )
        session.report(result, args.json)

    return run


# ------------------------------------------------------------------------ the campaign


def _lookup(name: str, *args: str) -> Runner:
    """A runner of :mod:`.lookups` (imported when first run)."""

    def run(session: PlaySession, words: list[str], raw: str) -> None:
        from ironsworn.cli.play import lookups

        runner: Runner = getattr(lookups, name)(*args) if args else getattr(lookups, name)
        runner(session, words, raw)

    return run


def _content(session: PlaySession, words: list[str], _raw: str) -> None:
    """``/content import FILE`` (a Datasworn file, imported once) or ``/content list``."""
    session.run_cli(session.parse("content", words or ["list"]))
    session.reload_library()


def _lasting(session: PlaySession, words: list[str], _raw: str) -> None:
    """The lasting effects of asset abilities: list them, or end, use, give, take one."""
    from ironsworn.cli.lasting_cmd import list_text, operation
    from ironsworn.moves.assets.lasting import LastingOperations, summary

    args = session.parse("lasting", words)
    if args.action in (None, "list"):
        char = session.state().character(args.character)
        rows = summary(char)
        session.out.result(rows, list_text(char.name, rows), as_json=args.json)
        return
    change = operation(args)
    session.report(session.commit(lambda e: change(LastingOperations(e))), args.json)


def _undo_redo(undo: bool) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        from ironsworn.campaign.journal import Narrator

        if words:
            raise UsageError(f"/{'undo' if undo else 'redo'} takes no arguments")
        operation = session.store.undo() if undo else session.store.redo()
        if operation is None:
            raise RuleViolation(f"nothing to {'undo' if undo else 'redo'}")
        done = "undid" if undo else "redid"
        session.out.result(
            {"undone" if undo else "redone": operation.to_dict()},
            f"{done} #{operation.seq} {operation.kind}: {Narrator().headline(operation)}",
        )
        state = session.state()
        session.show_status(state)
        session.show_pending(state)

    return run


def _log(session: PlaySession, words: list[str], _raw: str) -> None:
    args = session.parse("log", words)
    if args.limit is None:
        args.limit = "10"  # the last few: a long campaign's whole log would flood the screen
    session.run_cli(args)


def _character(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play import creation

    if words and words[0].lower() == "setup":
        # The semi-random setup left half-way (the session ended): its steps, asked again.
        from ironsworn.cli.play.creation_options import steps_left, unfinished

        waiting = unfinished(session)
        name = " ".join(words[1:]) or (waiting[0] if len(waiting) == 1 else "")
        if not name or session.state().character(name).name not in waiting:
            raise UsageError(
                "/character setup NAME: a character whose semi-random setup has steps left "
                f"(accepted: {', '.join(waiting) or 'none'})"
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


def _option(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.campaign.options import find_option, option_words, options_data
    from ironsworn.cli.setup_cmd import options_text
    from ironsworn.moves.setup import SetupOperations

    args = session.parse("option", words)
    if args.name is None:
        data = options_data(session.state())
        session.out.result(data, options_text(data), as_json=args.json)
        return
    option = find_option(args.name)
    if not args.value:
        raise UsageError(f"/option {option.name} needs a VALUE (accepted: {option.accepted})")
    value = " ".join(args.value)
    result = session.commit(lambda e: SetupOperations(e).set_option(option.name, value))
    after = result.events[0]["to"]
    session.out.result(
        {"name": option.name, "value": after},
        f"{option.name}: {option_words(after)} ({option.text})",
        as_json=args.json,
    )


def _as(session: PlaySession, words: list[str], _raw: str) -> None:
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


def _help(session: PlaySession, words: list[str], _raw: str) -> None:
    if words:
        command = session.commands.find(words[0].lstrip("/"))
        lines = [f"{command.usage}  — {command.summary}"]
        if command.parser:
            parser = session.parsers()[command.parser]
            options = [
                f"  {', '.join(a.option_strings)}  {a.help or ''}".rstrip()
                for a in parser._actions
                if a.option_strings
                and "--campaign" not in a.option_strings
                and "-h" not in a.option_strings
            ]
            if options:
                lines += ["options:", *options]
        session.out.say("\n".join(lines))
        return
    width = max(len(c.usage) for c in session.commands)
    lines = ["Type prose to write it in the journal. Commands (Tab completes):"]
    lines += [f"  {c.usage:<{width}}  {c.summary}" for c in session.commands]
    lines.append(
        "While a decision is pending, type its option number or key. "
        "Ctrl-C cancels the line; Ctrl-D or /quit leaves."
    )
    session.out.say("\n".join(lines))


def _quit(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play.session import QuitPlay

    raise QuitPlay


SLASH_COMMANDS = SlashTable(
    [
        SlashCommand(
            "move",
            "/move NAME [--stat S] [...]",
            "make a move (options as 'ironsworn move'; --dice 4,5,9 to use your dice)",
            _move,
            "move",
            ("move",),
        ),
        SlashCommand(
            "choose", "/choose KEY...", "answer the pending choice", _choose, "choose", ("pending",)
        ),
        SlashCommand("burn", "/burn", "burn momentum on the pending roll", _answer("burn"), "burn"),
        SlashCommand(
            "decline", "/decline", "decline the pending decision", _answer("decline"), "decline"
        ),
        SlashCommand(
            "oracle",
            "/oracle TABLE [--value N]",
            "roll an oracle table (/oracle list, /oracle show TABLE)",
            _oracle,
            "oracle",
            ("oracle",),
        ),
        SlashCommand(
            "ask",
            "/ask ODDS [QUESTION]",
            "ask the oracle a yes/no question (likely, 50/50, ...)",
            _ask,
            "ask",
            ("odds", ""),
        ),
        SlashCommand("sheet", "/sheet", "show the character sheet", _sheet, "sheet"),
        SlashCommand("tracks", "/tracks [--all]", "list progress tracks", _tracks, "track"),
        SlashCommand(
            "vow", "/vow TEXT --rank R", "swear a vow (create its track)", _new_track("vow"), "vow"
        ),
        SlashCommand(
            "journey",
            "/journey TEXT --rank R",
            "start a journey track",
            _new_track("journey"),
            "journey",
        ),
        SlashCommand(
            "fight",
            "/fight --foe FOE [--rank R]",
            "start a fight track",
            _new_track("fight"),
            "fight",
        ),
        SlashCommand(
            "site",
            "/site new NAME --theme T --domain D --rank R | list | show | denizen",
            "Delve's perilous sites",
            _delve("site"),
            "site",
        ),
        SlashCommand(
            "threat",
            "/threat NAME --vow VOW --category C",
            "a Delve threat to a vow",
            _delve("threat"),
            "threat",
        ),
        SlashCommand(
            "rarity",
            "/rarity list [--all] | show NAME | buy NAME",
            "Delve's rarities: augment an asset with experience",
            _rarity,
            "rarity",
        ),
        SlashCommand(
            "adjust",
            "/adjust METER N",
            "change a meter by hand (health -1, momentum +2)",
            _sheet_change("adjust"),
            "adjust",
            ("meter", ""),
        ),
        SlashCommand(
            "debility",
            "/debility mark|clear NAME",
            "mark or clear a debility",
            _sheet_change("debility"),
            "debility",
            ("mark", "debility", ""),
        ),
        SlashCommand(
            "initiative",
            "/initiative have|lose (Starforged: in control, bad spot)",
            "have or lose the initiative (Starforged: your position) by hand",
            _sheet_change("initiative"),
            "initiative",
            ("",),
        ),
        SlashCommand(
            "progress",
            "/progress mark|clear TRACK",
            "mark or clear progress on a track",
            _sheet_change("progress"),
            "progress",
            ("mark", "track", ""),
        ),
        SlashCommand(
            "journal",
            "/journal [TEXT | edit N TEXT | delete N]",
            "write TEXT in the journal (alone: the recent entries; edit or delete entry #N)",
            _lookup("journal"),
            aliases=("note",),
        ),
        SlashCommand(
            "npc",
            "/npc NAME | list",
            "show a foe or NPC of the rulebook",
            _lookup("content", "npc"),
            "npc",
            ("foe",),
        ),
        SlashCommand(
            "asset",
            "/asset NAME | list | fits MOVE | upgrades | mark|unmark|use ASSET N | track ASSET V",
            "show an asset card; your cards on a move, what Advance buys, a mark or track by hand",
            _lookup("content", "asset"),
            "asset",
            ("asset",),
        ),
        SlashCommand(
            "lasting",
            "/lasting [end|use|give NAME | take trophy ritual|sojourn]",
            "lasting effects of asset abilities: list them, or end, use, give one",
            _lasting,
            "lasting",
        ),
        SlashCommand(
            "search", "/search WORDS", "search moves, oracles and foes", _lookup("search"), "search"
        ),
        SlashCommand(
            "content",
            "/content import FILE | list",
            "import your Datasworn file (Starforged: starforged.json) once; list the packs",
            _content,
            "content",
        ),
        SlashCommand(
            "person",
            "/person [NAME | add NAME]",
            "people met: list, show one, or add one",
            _lookup("world", "person"),
            "person",
            ("person",),
        ),
        SlashCommand(
            "place",
            "/place [NAME | add NAME]",
            "places: list, show one, or add one",
            _lookup("world", "place"),
            "place",
            ("place",),
        ),
        SlashCommand(
            "export",
            "/export markdown|json [-o FILE] | iron-vault DIR",
            "export the campaign (the story, the full log, or an Iron Vault folder)",
            _lookup("export"),
            "export",
            ("export_format",),
        ),
        SlashCommand(
            "homebrew",
            "/homebrew new NAME --ability P:MOVES:DETAIL | reskin ASSET --name NEW",
            "make a homebrew asset, or reskin one (the rulebook's tweaking assets)",
            _lookup("homebrew"),
            "homebrew",
        ),
        SlashCommand("undo", "/undo", "undo the last operation", _undo_redo(True)),
        SlashCommand("redo", "/redo", "redo the last undone operation", _undo_redo(False)),
        SlashCommand("log", "/log [--limit N]", "show the last operations", _log, "log"),
        SlashCommand(
            "character",
            "/character [setup NAME]",
            "create another character (setup: finish a semi-random setup left half-way)",
            _character,
        ),
        SlashCommand(
            "option",
            "/option [NAME VALUE]",
            "the rulebook's campaign options (chapter 7): list them, or set one",
            _option,
            "option",
        ),
        SlashCommand(
            "as",
            "/as [NAME]",
            "act as this character (or show who acts)",
            _as,
            None,
            ("character",),
        ),
        SlashCommand(
            "help",
            "/help [COMMAND]",
            "this list, or one command's options",
            _help,
            positionals=("command", ""),
            aliases=("?",),
        ),
        SlashCommand(
            "quit", "/quit", "leave (everything is already saved)", _quit, aliases=("exit", "q")
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
