"""The play-mode session: one campaign held open, a line at a time, each change committed.

The loop reads a line and acts on it:

- prose becomes a journal entry (echoed as ``journal #7``);
- ``/command ...`` runs a slash command (:mod:`.commands`); an unknown one is an error naming
  the nearest command;
- a line that reads like a command without its slash (``sheet``, ``clear/help``) asks whether
  it was meant as the command or as journal text;
- while a decision is pending, a line of option numbers or keys answers it
  (:mod:`.decisions`);
- what a move leaves open (which stat, which track, which bond) is asked with a numbered menu
  (:mod:`.asking`).

Resuming a campaign at a terminal shows a recap: the last few entries and the open tracks.

Every command that changes something runs in its own ``store.write()`` transaction, committed
before its result is printed, so whatever the player has seen acknowledged is on disk and
killing the session loses nothing. A user mistake (a parse error or any
:class:`~ironsworn.errors.IronswornError`) prints one line and the session goes on. Ctrl-C
cancels the line being typed (or the command running, whose transaction rolls back); Ctrl-D,
the end of piped input, or ``/quit`` leaves with exit code 0.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import CliParser, Missing, UsageError, check_text, worded
from ironsworn.cli.play import asking, decisions
from ironsworn.cli.play.asking import MenuLeft
from ironsworn.cli.play.left_out import ask_missing, ask_who, flag_question, parser_of
from ironsworn.cli.play.terminal import LineReader, Output
from ironsworn.errors import (
    DecisionPending,
    InvalidValue,
    IronswornError,
    NotFound,
    OptionNeeded,
)
from ironsworn.table.questions import Unanswered

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.campaign.store import Store
    from ironsworn.cli.play.completion import Completions
    from ironsworn.cli.play.table_calls import Asker, Done
    from ironsworn.content.loader import Ruleset
    from ironsworn.content.model import Move
    from ironsworn.dice import Dice
    from ironsworn.moves.engine import OperationResult
    from ironsworn.table import Table

# The command line modules whose parsers the slash commands reuse.
CLI_MODULES = (
    "ironsworn.cli.move_cmd",
    "ironsworn.cli.character_cmd",
    "ironsworn.cli.track_cmd",
    "ironsworn.cli.world_cmd",
    "ironsworn.cli.ask_cmd",
    "ironsworn.cli.content_cmd",
    "ironsworn.cli.asset_cmd",
    "ironsworn.cli.lasting_cmd",
    "ironsworn.cli.campaign_cmd",
    "ironsworn.cli.export_cmd",
    "ironsworn.cli.setup_cmd",
    "ironsworn.cli.delve_cmd",
    "ironsworn.cli.starforged_cmd",
)


NOT_SHOWN = object()  # no prompt was drawn yet (a script reads lines without one)

RECAP_ENTRIES = 5  # log entries a resumed campaign recalls


# The command line's options a play session has fixed: where the campaign is kept. Refused
# when typed, and neither listed by /help nor completed.
FIXED_IN_PLAY = ("campaign", "database")


def play_worded(exc: IronswornError) -> str:
    """An error in play mode's words: the command line's (:func:`worded`), but a content
    pack missing is imported with play mode's own ``/content import``."""
    if exc.pack is not None:
        from ironsworn.cli.common import plain

        return f"{plain(str(exc))} (/content import {exc.pack}.json)"
    return worded(exc)


# The slash command that lists the things of a kind a name was looked up among (an unknown
# name like none of them: the player is shown where the accepted names are).
PLAY_LISTINGS = {
    "asset": "/asset list",
    "move": "/move list",
    "table": "/oracle list",
    "NPC": "/npc list",
    "truth": "/truth",
}


class QuitPlay(Exception):
    """Leave the session (``/quit``, or ``/quit`` typed during the walkthrough)."""


class HelpShown(Exception):
    """A parser printed its ``--help``: nothing to run."""


def play(
    campaign: str | None = None,
    json_mode: bool = False,
    seed: str | None = None,
    database: str | None = None,
) -> int:
    """Run play mode on the campaign the command line chose; returns the exit code."""
    import sys

    from ironsworn.campaign.registry import open_campaign
    from ironsworn.cli.play.terminal import PipeReader, TerminalReader, attached_to_terminal
    from ironsworn.dice import RandomDice

    store = open_campaign(campaign, create=True, database=database)
    with store:
        session = PlaySession(store, Output(json_mode), RandomDice(seed))
        if attached_to_terminal():
            from ironsworn.paths import data_home

            session.reader = TerminalReader(session.completions, data_home() / "play_history")
        else:
            session.reader = PipeReader(sys.stdin)
        return session.run()


class PlaySession:
    """A session on an open campaign; see the module docstring."""

    def __init__(
        self,
        store: Store[Any],
        output: Output,
        dice: Dice,
        reader: LineReader | None = None,
    ) -> None:
        from ironsworn.cli.play.commands import SLASH_COMMANDS, shapes
        from ironsworn.cli.play.completion import Completions, WordSource

        self.store = store
        self.out = output
        self.dice = dice
        self._reader = reader
        self._library: Ruleset | None = None
        self._parsers: dict[str, CliParser] | None = None
        self.acting: str | None = None  # set by /as: who moves when --character is not given
        # The character the last prompt named ("Kira>"), for the line typed at it: another
        # player may add a character meanwhile, and that line still means Kira.
        self.prompted_as: str | None = None
        # The abilities a /move's player said fit the fiction, by (character, move id), kept
        # while its line runs again with an answer the move asked for (Make a Connection's
        # whom): they were asked a second time. Emptied when a new line is typed.
        self.fits_answered: dict[tuple[str, str], list[str]] = {}
        self._again = False  # the line now executed is one run again with an answer
        # The decision the last prompt showed (None: no decision), or NOT_SHOWN before any
        # prompt (a script): a line typed at a prompt answers what that prompt showed.
        self.shown_pending: Any = NOT_SHOWN
        self.commands = SLASH_COMMANDS
        words = WordSource(
            lambda: self.library, self._state_or_none, self.commands.names, self._acting_or_none
        )
        self.completions: Completions = Completions(shapes(self), words)

    # ------------------------------------------------------------------------- plumbing

    @property
    def reader(self) -> LineReader:
        if self._reader is None:
            raise RuntimeError("the play session has no reader")
        return self._reader

    @reader.setter
    def reader(self, reader: LineReader) -> None:
        self._reader = reader

    @property
    def library(self) -> Ruleset:
        """The content library (bundled rulesets and imported packs), loaded on first use."""
        if self._library is None:
            from ironsworn.content import load_library

            self._library = load_library()
        return self._library

    def reload_library(self) -> None:
        """Read the library again on next use (after a pack was imported)."""
        self._library = None

    def parsers(self) -> dict[str, CliParser]:
        """The command line's own parsers, by command name (built once)."""
        if self._parsers is None:
            root = CliParser(prog="", add_help=False)
            sub = root.add_subparsers(dest="command", parser_class=CliParser)
            for module in CLI_MODULES:
                import_module(module).register(sub)
            self._parsers = dict(sub.choices)
        return self._parsers

    def parse(self, command: str, words: Sequence[str]) -> argparse.Namespace:
        """Parse ``words`` with the command line's parser of ``command``.

        Errors become one-line :class:`UsageError` naming the slash command; ``--help``
        prints the parser's help. The namespace is pointed at this session's campaign.
        """
        parser = self.parsers()[command]
        try:
            with self.stdout():
                args = parser.parse_args(list(words))
        except UsageError as exc:
            message = str(exc)
            if isinstance(exc, Missing):  # an argument left out: asked at a terminal
                # (said of the slash command: a subcommand's parser, "asset mark", has no
                # leading space to its name)
                raise Missing(
                    "/" + message.lstrip().removeprefix("/"),
                    "/" + exc.prompt.lstrip().removeprefix("/"),
                    flag=exc.flag,
                    choices=exc.choices,
                    open_=exc.open,
                    dest=exc.dest,
                ) from None
            if not message.startswith(" "):
                raise  # a bad value ("--foe '' is empty"), not a parser's " move: ..." error
            raise UsageError("/" + message.lstrip()) from None
        except SystemExit:
            raise HelpShown from None
        for option in FIXED_IN_PLAY:
            if getattr(args, option, None) is not None:
                raise UsageError(
                    f"--{option} cannot change in play mode (playing {self.store.location})"
                )
        from ironsworn.campaign.registry import ref_of

        here = ref_of(self.store)
        if here.path is not None:
            args.campaign = str(here.path)
        else:
            args.campaign, args.database = here.name, here.database
        args.json = bool(getattr(args, "json", False)) or self.out.json_mode
        if self.acting is not None and hasattr(args, "character"):
            # The acting character (/as) stands in for a --character the player left out.
            if args.character is None:
                args.character = self.acting
            elif args.character == []:
                args.character = [self.acting]
        return args

    @contextlib.contextmanager
    def stdout(self) -> Iterator[None]:
        """Send what command line functions print to this session's output."""
        with contextlib.redirect_stdout(self.out.out):
            yield

    def run_cli(self, args: argparse.Namespace) -> None:
        """Run a command line function (a read-only one: sheet, tracks, lists) on the session."""
        func: Callable[[argparse.Namespace], int | None] = args.func
        with self.stdout():
            func(args)

    def state(self) -> CampaignState:
        state: CampaignState = self.store.state()
        return state

    def _state_or_none(self) -> CampaignState | None:
        try:
            return self.state()
        except IronswornError:
            return None

    def at_table(self, dice: Dice | None = None, results: list[Any] | None = None) -> Table:
        """The table API's view of this session: its store, the guide's seat (play mode acts
        for any character) and its dice (``dice`` typed for one command, else the session's);
        ``results`` keeps the engine's result of each commit."""
        from ironsworn.table import Table

        once = dice is not None and dice is not self.dice  # typed for one command: all rolled
        return Table(
            self.store,
            self.store.name,
            None,
            dice or self.dice,
            self.library,
            results=results,
            dice_once=once,
        )

    def table(
        self,
        name: str,
        args: Mapping[str, Any],
        *,
        command: str | None = None,
        names: Mapping[str, str] | None = None,
        dice: Dice | None = None,
        ask: Asker | None = None,
    ) -> Done:
        """Run the table's operation ``name`` on this session's campaign, asking what it asks
        (:func:`ironsworn.cli.play.table_calls.run`; ``ask``: as the command asks it): what
        it answered, and the engine's result of each commit it made."""
        from ironsworn.cli.play.table_calls import run

        return run(self, name, args, command=command, names=names, dice=dice, ask=ask)

    def named_move(self, words: Sequence[str]) -> Move:
        """The move ``words`` name in this campaign's ruleset (a name both rulesets use is
        the campaign's own move, an expansion's among them: Delve's Check Your Gear, not
        Starforged's); NotFound otherwise."""
        state = self._state_or_none()
        ruleset = getattr(state, "ruleset", None)
        move: Move = self.library.find_in("moves", " ".join(words), ruleset)
        return move

    def _acting_or_none(self) -> str | None:
        state = self._state_or_none()
        return None if state is None else self.character_name(state)

    def character_name(self, state: CampaignState | None = None) -> str | None:
        """The character journal entries and oracle rolls belong to: the only one, if one."""
        characters = (state or self.state()).characters
        if self.acting is not None and self.acting in characters:
            return self.acting
        if len(characters) == 1:
            return next(iter(characters))
        # (the one still in the story, the others retired: Continue a Legacy's successor)
        playing = [name for name, char in characters.items() if char.status == "active"]
        return playing[0] if len(playing) == 1 else None

    def dice_for(self, args: argparse.Namespace) -> Dice:
        """``--dice`` typed in, else ``--seed``, else the session's dice."""
        from ironsworn.cli.session import dice_from

        return dice_from(args, self.dice)

    # ------------------------------------------------------------------------- writing

    def journal(self, text: str, character: str | None = None) -> None:
        """Write a journal entry: the table's ``journal`` operation."""
        from ironsworn.cli.common import table_call

        who = character or self.character_name()
        # (a refusal names the line as "the entry", not as a flag the player never typed)
        given = {"text": text, "character": who}
        added = table_call(self.store, "journal", given, {"text": "the entry"})["added"]
        if self.out.json_mode:
            self.out.result(added, "")
        elif self.reader.interactive:
            # The line is already on the screen: a short echo says it was kept, and where.
            self.out.say(f"journal #{added['seq']}")
        else:
            # A script's output says what was recorded, so a transcript can be checked.
            self.out.say(f"journal #{added['seq']}: {added['summary']}")

    # ------------------------------------------------------------------------- showing

    def report(
        self, result: OperationResult, as_json: bool = False, *, status: bool = True
    ) -> None:
        """Print what an operation did, the status line of who it touched, what is pending."""
        from ironsworn.cli.result_text import NOTHING_CHANGED
        from ironsworn.cli.session import describe_result

        text = describe_result(
            replace(result, pending=None), outcomes=True, come_back=False, aside=False
        )
        state = self.state()
        quiet = not (as_json or self.out.json_mode)
        if quiet and text == NOTHING_CHANGED and result.pending is not None:
            # The answer only leads to the next decision: that is what is shown.
            self.show_pending(state)
            self.show_set_aside(state)
            return
        self.out.result(result.to_json(), text, as_json=as_json)
        if status:
            names = [str(e["character"]) for e in result.effects if e.get("character")]
            if result.character:
                names.insert(0, result.character)
            self.show_status(state, names)
        if any(e.get("type") == "pending" for e in result.events):
            self.show_pending(state)  # asked by this operation (or come back to the table)
        elif state.pending is not None:
            # Waiting already, and untouched: one line, not its whole list again.
            move = self.library.moves.get(str(state.pending.get("move")))
            self.out.say(decisions.reminder(state.pending, move.name if move else None))
        if quiet:
            self.show_set_aside(state)

    def show_set_aside(self, state: CampaignState) -> None:
        """One line naming the decisions other characters owe, set aside while another acts
        (a player forgets one that waits unsaid)."""
        from ironsworn.cli.session import set_aside_line

        line = set_aside_line(state)
        if line is not None:
            self.out.say(line)

    def show_status(self, state: CampaignState, names: Sequence[str] = ()) -> None:
        """One line per character: meters, momentum, debilities (the only one by default)."""
        wanted = [n for n in dict.fromkeys(names) if n in state.characters]
        if not wanted and len(state.characters) == 1:
            wanted = list(state.characters)
        for name in wanted:
            self.out.say(status_line(state, name))

    def show_pending(self, state: CampaignState | None = None) -> None:
        state = state or self.state()
        if state.pending is not None:
            self.show_decision(state.pending)

    def show_decision(self, pending: Mapping[str, Any]) -> None:
        """A decision in full: who decides, the question, its numbered options."""
        move = self.library.moves.get(str(pending.get("move")))
        name = move.name if move else None
        self.out.say(decisions.describe(pending, name, self.out.columns()))

    def prompt_name(self, state: CampaignState | None = None) -> str:
        """Who the prompt names: the acting character, else the campaign. Every prompt of
        play mode (the main one, a decision's, a menu's) starts with it, so a menu asked for
        a move reads as the same player's turn."""
        return self.character_name(state) or self.store.name

    def prompt(self) -> str:
        state = self.state()
        acting = self.character_name(state)
        who = self.prompt_name(state)
        self.shown_pending = state.pending
        self.prompted_as = acting
        if state.pending is not None:
            owner = state.pending.get("character")
            # Another character's decision (co-op, acting as one whose own is set aside), or
            # any character's where the prompt names none (several, none chosen with /as):
            # whose it is, so that an answer is not typed for the wrong one.
            whose = f"{owner}: " if owner and acting != owner else ""
            return f"{who} [{whose}{decisions.hint(state.pending)}]> "
        return f"{who}> "

    # ------------------------------------------------------------------------- the loop

    def run(self) -> int:
        """Play until Ctrl-D, the end of input or ``/quit``; the exit code is 0."""
        from ironsworn.cli.play import creation

        interactive = self.reader.interactive
        if interactive:
            self.out.say(
                f"ironsworn play — campaign {self.store.name!r} ({self.store.location})\n"
                "Type to write in the journal; /help lists the commands; "
                "/quit or Ctrl-D leaves (everything is saved as you go)."
            )
        try:
            state = self.state()
            if not state.characters:
                leftover = creation.walkthrough(self)
                if leftover is not None and not self.execute(leftover):
                    return self.leave()
            elif interactive:
                self.out.say(self.recap(state))
                self.show_status(state, list(state.characters))
                self.show_pending(state)
                self.show_set_aside(state)
                from ironsworn.cli.play.creation_options import unfinished

                for name in unfinished(self):
                    self.out.say(
                        f"{name}'s semi-random setup has steps left: /character setup {name}"
                    )
            while True:
                try:
                    line = self.reader.read(self.prompt() if interactive else "")
                except KeyboardInterrupt:
                    if interactive:
                        self.out.say("(line cancelled: /quit or Ctrl-D leaves)")
                    continue
                except EOFError:
                    break
                if not self.execute(line):
                    break
        except (QuitPlay, EOFError):
            pass
        return self.leave()

    def recap(self, state: CampaignState, entries: int = RECAP_ENTRIES) -> str:
        """Where the story stands when a campaign is resumed: the last few entries of the
        log and journal, then the open tracks drawn."""
        from textwrap import wrap

        from ironsworn.campaign.journal import PINS, Narrator, without_name
        from ironsworn.cli.sheet_text import row_widths, track_row, unicode_ok

        # (knows the names of tracks made before these entries; the packs pinned are
        # plumbing, left out as the web's log leaves them)
        narrator = Narrator(state, leave_out=PINS)
        columns = self.out.columns()  # (at a terminal: each entry wrapped under itself)
        lines = ["Last time:"]
        for operation in self.store.operations(last=entries):
            who = operation.character
            text = without_name(narrator.headline(operation), who)
            named = f"{who}: " if who and not text.startswith(f"{who} ") else ""
            entry = f"  #{operation.seq} {named}{text}"
            if columns is None or len(entry) < columns:
                lines.append(entry)
            else:
                lines += wrap(entry, max(columns - 1, 30), subsequent_indent="      ")
        tracks = [t.summary() for t in state.tracks.values() if t.status == "active"]
        if tracks:
            unicode = unicode_ok(self.out.out)
            lines.append("Open tracks:")
            widths = row_widths(tracks)
            for track in tracks:
                row = "  " + track_row(track, unicode, widths=widths)
                name = str(track["name"])
                if columns is None or len(row) < columns or not row.endswith(name):
                    lines.append(row)
                    continue
                # (a long name goes on under itself, in the names' column)
                at = len(row) - len(name)
                if columns - at - 1 < 20:
                    lines.append(row)  # (no room for a column of names: the terminal wraps)
                    continue
                parts = wrap(name, columns - at - 1) or [name]
                lines += [row[:at] + parts[0], *(" " * at + part for part in parts[1:])]
        return "\n".join(lines)

    def leave(self) -> int:
        if self.reader.interactive:
            self.out.say(f"saved in {self.store.location}")
        self.out.flush()
        return 0

    def execute(self, line: str) -> bool:
        """Act on one line; False when the session should end. Mistakes print one line."""
        again_run, self._again = self._again, False
        if not again_run:
            self.fits_answered = {}
            self.keep_prompted()
        try:
            self.handle(line)
        except (QuitPlay, EOFError):
            return False
        except HelpShown:
            pass
        except MenuLeft as exc:
            self.out.say(f"(left the question: {exc.said})")
            if exc.line is not None:
                return self.execute(exc.line)
        except Missing as exc:
            try:
                again = ask_missing(self, exc, line)
            except IronswornError as refused:  # nothing to choose: one line, not a question
                self.out.error(play_worded(refused))
                return True
            if again is not None:
                self._again = True
                return self.execute(again)
            self.out.error(worded(exc))
        except (OptionNeeded, Unanswered) as exc:
            # An input the engine or the table finds missing (/vow's rank): asked as its flag.
            missing = flag_question(self, exc, line)
            again = None if missing is None else ask_missing(self, missing, line)
            if again is not None:
                self._again = True
                return self.execute(again)
            if isinstance(exc, Unanswered):
                from ironsworn.cli.play.table_calls import question_line

                # The one line of a script: the slash command's option that answers it, if any.
                self.out.error(question_line(self, exc, parser_of(self, line)))
            else:
                self.out.error(worded(exc))
        except NotFound as exc:
            again = ask_who(self, exc, line)
            if again is not None:
                self._again = True
                return self.execute(again)
            message = play_worded(exc)
            listing = PLAY_LISTINGS.get((exc.kind or "").rsplit(" ", 1)[-1])
            if exc.candidates:
                message += "; closest: " + ", ".join(exc.closest)
            elif listing is not None:
                # Nothing close: the slash command that lists what is accepted.
                message += f" (accepted: a name {listing} shows)"
            self.out.error(message)
        except DecisionPending:
            # The engine words it for every surface ("answer it with choose, burn or
            # decline"); here a decision is answered by its number or key, so it is shown.
            state = self.state()
            who = (state.pending or {}).get("character") or "a"
            self.out.error(
                f"{who}'s decision comes first: answer it (its number or key), then "
                f"{line.strip()[:60]!r} again"
            )
            self.show_pending(state)
        except IronswornError as exc:
            self.out.error(play_worded(exc))
        except KeyboardInterrupt:
            # The running command's transaction rolled back (or had committed in full).
            self.out.say("(cancelled)")
        except BrokenPipeError:
            return False
        except Exception as exc:  # a bug must not throw away the player's session
            self.out.error(f"internal error, please report it: {type(exc).__name__}: {exc}")
        return True

    def keep_prompted(self) -> None:
        """Keep acting as the character the prompt named when characters were added since
        it was drawn (another player's ``character new``): the line was typed for that one,
        and without this every command would ask who acts under a prompt naming one."""
        named, self.prompted_as = self.prompted_as, None
        if named is None or self.acting is not None:
            return
        state = self._state_or_none()
        if state is None or named not in state.characters or self.character_name(state):
            return  # (still the only one; or gone, or someone else took the story on)
        self.acting = named
        others = ", ".join(name for name in state.characters if name != named)
        self.out.say(
            f"(now several characters, with {others}: you act as {named}; /as changes who)"
        )

    def handle(self, line: str) -> None:
        text = check_text(line, "line").strip()
        if not text:
            return
        if text.startswith("//"):
            self.journal(text[1:])  # "//" writes a line that starts with a slash
            return
        if text.startswith("/"):
            self.commands.run(self, text)
            return
        pending = self.state().pending
        if self.shown_pending is not NOT_SHOWN and pending != self.shown_pending:
            self._changed_meanwhile(text, pending)
            return
        command = self.commands.bare(text)
        if pending is not None:
            try:
                answer = decisions.read_answer(text, pending)
            except IronswornError:
                if command is None:
                    raise  # a mistyped answer
                answer = None  # "sheet" while a decision waits: asked below
            if answer is not None:
                self.answer(answer)
                return
            if command is None:
                # A decision waits: a line is its answer, never a journal entry by mistake.
                raise InvalidValue(decisions.not_an_answer(text, pending))
        if command is not None and self._meant_as_command(text, command):
            self.commands.run(self, command)
            return
        self.journal(text)

    def _changed_meanwhile(self, text: str, pending: Any) -> None:
        """The decision changed after the prompt was drawn (another player, or the command
        line on the same campaign, answered or made one): the line was typed for what the
        prompt showed, so it is neither taken as an answer to another decision nor written
        in the journal. The player sees what waits now and types again."""
        shown = self.shown_pending
        self.shown_pending = pending
        if shown is not None and pending is None:
            said = "the decision you answered was decided meanwhile (elsewhere)"
        elif shown is None:
            said = "a decision arrived meanwhile (elsewhere)"
        else:
            said = "the decision changed meanwhile (elsewhere)"
        again = (
            "type it again"
            if pending is None
            else "answer the decision below first (/journal TEXT writes a line meanwhile)"
        )
        self.out.error(f"{said}; {text[:40]!r} was not taken: {again}")
        state = self.state()
        self.show_status(state)
        self.show_pending(state)

    def _meant_as_command(self, text: str, command: str) -> bool:
        """Ask whether a line that reads like a command (``sheet``) was meant as one."""
        key = asking.menu(
            self,
            f"{text!r} reads like the command {command}: run it, or write it in the journal?",
            [("run", f"run {command}"), ("journal", f"write {text!r} in the journal")],
        )
        return key == "run"

    def answer(self, answer: decisions.Answer, dice: Dice | None = None) -> None:
        """Answer the pending decision and show what followed."""
        if answer.action in ("burn", "decline"):
            self.report(self.table(answer.action, {}, dice=dice).result)
        else:
            self.choose(list(answer.keys), dice)

    def choose(self, keys: list[str], dice: Dice | None = None, as_json: bool = False) -> None:
        """Answer a "choose" decision; Pay the Price's outcomes are written by the player."""
        point = asking.pending_point(self.state().pending)
        price = keys[0] if point == asking.PRICE_POINT and keys else None
        # The oracle's two outcomes are envisioned before it is asked (rulebook: Pay the Price).
        outcomes = asking.price_outcomes(self, price) if price else None
        text = asking.answer_words(self, self.state().pending, keys)
        result = self.table("choose", {"keys": keys, "text": text}, dice=dice).result
        self.report(result, as_json)
        if price:
            asking.after_price(self, price, result, outcomes)

    # ------------------------------------------------------------------------- questions

    def ask(self, question: str, words: Sequence[str] = ()) -> str:
        """Ask a walkthrough question and return the answer (stripped).

        Ctrl-C asks again; EOFError (Ctrl-D, end of input) is the caller's to handle.
        """
        self.completions.choices = list(words)
        try:
            while True:
                try:
                    if self.reader.interactive:
                        line = self.reader.read(question + " ")
                    else:
                        self.out.say(question)
                        line = self.reader.read("")
                except KeyboardInterrupt:
                    self.out.say("(cancelled)")
                    continue
                return line.strip()
        finally:
            self.completions.choices = None


def status_line(state: CampaignState, name: str) -> str:
    """``Kai: health 5  spirit 5  supply 5  momentum +2 (max +10)  debilities: none``."""
    char = state.characters[name]
    sheet = char.sheet()
    # A Starforged character has impacts where a classic one has debilities.
    label = "impacts" if "impacts" in sheet else "debilities"
    marked = ", ".join(str(m).replace("_", " ") for m in sheet.get(label) or []) or "none"
    parts = [
        f"health {char.health}",
        f"spirit {char.spirit}",
        f"supply {char.supply}",
        f"momentum {char.momentum:+d} (max {char.momentum_max:+d})",
        f"{label}: {marked}",
    ]
    if char.initiative:
        parts.append("in control" if char.starforged else "initiative")
    if char.status != "active":
        parts.append(char.status.upper())
    return f"{char.name}: " + "  ".join(parts)
