"""Play mode at the table: every change a slash command or the walkthrough makes by hand (a
new track, a meter adjusted, a person noted, the character made...) is one of the table's
operations (:mod:`ironsworn.table.registry`), run on the session's campaign with the
session's dice at the guide's seat.

:func:`run` calls the operation and answers what it did: its answer and the engine's result
of each commit it made (``Table.results``), which play mode tells as it tells a move. What
the operation asks (a required input left out, an input the engine finds it needs) is asked
as a move's questions are, at a terminal: a numbered menu of its choices, or a line of the
player's own words; the operation is then called again with the answer. A script gets the
question as one line (:class:`~ironsworn.table.questions.Unanswered`); "which character?" in
a campaign of several is asked as play mode asks who acts (``/as``). Errors are worded in
play's words: an input the slash command takes as a word by its name there (``N``,
``VALUE``), one it takes as an option by that option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ironsworn.errors import DecisionPending, IronswornError, NotFound

if TYPE_CHECKING:
    import argparse

    from ironsworn.cli.play.session import PlaySession
    from ironsworn.dice import Dice
    from ironsworn.moves.engine import OperationResult
    from ironsworn.table.questions import Question


# How a slash command asks an operation's question its own way: the answer, as the
# operation's input takes it (raising to leave, or to have it said as one line).
Asker = Callable[["Question"], Any]


@dataclass
class Done:
    """What an operation did: its ``answer`` (the JSON the command line prints) and the
    engine's result of each commit it made, in order."""

    answer: Any
    results: list[OperationResult] = field(default_factory=list)

    @property
    def result(self) -> OperationResult:
        """The last commit's result (the one a command tells)."""
        return self.results[-1]


def run(
    session: PlaySession,
    name: str,
    args: Mapping[str, Any],
    *,
    command: str | None = None,
    names: Mapping[str, str] | None = None,
    dice: Dice | None = None,
    ask: Asker | None = None,
) -> Done:
    """Run the table's operation ``name`` with ``args`` (inputs left out are None or absent)
    on the session's campaign; ``command`` is the slash command's parser and ``names`` play's
    words for inputs, used to word an error (see the module docstring). ``ask`` asks the
    operation's questions where a command asks them its own way (``/move``'s menus, asked
    in a script too); "which character?" is asked as ``/as`` asks it all the same."""
    import copy

    from ironsworn.table import Question, operation

    op = operation(name)
    given = {k: v for k, v in args.items() if v is not None}
    asked: set[str] = set()
    while True:
        # Dice typed for this command are rolled from the first again on each call (a
        # question asked after some were rolled threw that roll away).
        once = None if dice is None or dice is session.dice else copy.deepcopy(dice)
        table = session.at_table(once, results=[])
        try:
            answer = op.call(table, given)
        except (NotFound, DecisionPending):
            raise
        except IronswornError as exc:
            raise _in_play_words(session, exc, name, command, names) from None
        if not isinstance(answer, Question):
            return Done(answer, list(table.results or ()))
        given = {**given, answer.input: _ask(session, answer, asked, command, ask)}


# The table's operation a slash command runs, where a word it left out is asked with that
# operation's choices for the input (its argparse dest).
OPERATION_OF: dict[str, str | tuple[str, ...]] = {
    "adjust": "adjust",
    # /asset mark|unmark|use|track's card: the character's own (/asset show's is the deck's id)
    "asset": "asset_mark",
    "debility": "debility",
    "impact": "debility",
    "initiative": "initiative",
    "legacy": "legacy",
    # /lasting end|use|give's effect and whom it is given to; take's trophy
    "lasting": ("lasting_give", "lasting_trophy"),
}  # (/progress's track: the open tracks by name, as play mode lists them)
# A command's operation by its first word, where that word runs another (/asset use).
OPERATION_OF_WORD = {("asset", "use"): "asset_use", ("asset", "track"): "asset_track"}
# Inputs whose words go beyond their choices (Starforged's "integrity", "in control").
OPEN_ANYWAY = frozenset({("adjust", "meter"), ("initiative", "value")})
# Inputs whose choices are all the words they take now (an asset's ability: one of those
# that can be marked, cleared or used; other numbers are refused).
CLOSED_ANYWAY = frozenset({("asset", "ability")})


def _marking(words: Sequence[str]) -> dict[str, Any]:
    # /debility clear: the choices are those marked (mark: those not)
    return {"mark": words[0] == "mark"} if words and words[0] in ("mark", "clear") else {}


# The inputs a slash command's words typed so far give the operation, so that its choices
# are those of what the player asked (/debility clear: the debilities marked).
def _asset_words(words: Sequence[str]) -> dict[str, Any]:
    # /asset unmark hound: hound's marked abilities (mark: those not; use: the marked)
    if len(words) < 2:
        return {}
    return {"asset": words[1], "mark": words[0] != "unmark"}


GIVEN_BY_WORDS: dict[str, Callable[[Sequence[str]], dict[str, Any]]] = {
    "debility": _marking,
    "impact": _marking,
    "asset": _asset_words,
}
# What a command's input with no choice now means, said in one line rather than asked as an
# open question (the player's words could only be refused).
NOTHING_TO_CHOOSE: dict[tuple[str, str, bool | None], str] = {
    ("debility", "name", False): "{who} has no {debility} marked to clear",
    ("impact", "name", False): "{who} has no {debility} marked to clear",
    ("debility", "name", True): "{who} has every {debility} marked",
    ("impact", "name", True): "{who} has every {debility} marked",
}


def input_choices(
    session: PlaySession,
    command: str | None,
    dest: str,
    open_: bool,
    words: Sequence[str] = (),
) -> tuple[list[tuple[str, str]], bool]:
    """The choices of the table's input ``dest`` of the operation the slash command runs,
    (key, what is shown), and whether the player's own words answer too; none (and
    ``open_``) when the command runs no operation, or the input has no choices. ``words``
    are the command's words typed before it (see :data:`GIVEN_BY_WORDS`); when they leave
    nothing to choose (:data:`NOTHING_TO_CHOOSE`), that is said in one line."""
    from ironsworn.errors import RuleViolation
    from ironsworn.table import operation

    named = OPERATION_OF_WORD.get((command or "", words[0] if words else "")) or OPERATION_OF.get(
        command or "", ()
    )
    # (the first of the command's operations that takes the input)
    name = next(
        (
            n
            for n in ((named,) if isinstance(named, str) else named)
            if dest in operation(n).options
        ),
        None,
    )
    if name is None:
        return [], open_
    declared = operation(name).input(dest)
    by_words = GIVEN_BY_WORDS.get(command or "")
    given = by_words(words) if by_words is not None else {}
    try:
        # (of the character acting, when one is: /lasting's effects are that character's)
        found = declared.choices(session.at_table(), {**given, "character": session.acting})
    except IronswornError:
        return [], open_
    nothing = NOTHING_TO_CHOOSE.get((command or "", dest, given.get("mark")))
    if not found and nothing is not None:
        state = session.state()
        who = session.character_name(state) or "the character"
        debility = "impact" if state.ruleset == "starforged" else "debility"
        said = nothing.format(who=who, debility=debility)
        raise RuleViolation(f"/{command} {' '.join(words)}: {said}")
    if not found:
        return [], open_
    shown = [(c.key, c.shown()) for c in found]
    if (command, dest) in CLOSED_ANYWAY:
        return shown, False
    return shown, (command, dest) in OPEN_ANYWAY or not declared.complete


def _ask(
    session: PlaySession,
    question: Question,
    asked: set[str],
    command: str | None,
    ask: Asker | None = None,
) -> Any:
    """The player's answer to ``question``, as the operation's input takes it (asked of the
    slash command, not the operation: ``/vehicle: the vehicle's name``; or as ``ask``
    asks it)."""
    from ironsworn.table import Unanswered

    if question.input == "character" and question.choices and session.acting is None:
        # Several characters and none acting: asked as play mode asks who acts (/as), and
        # the line runs again as that character.
        raise NotFound(
            "there are several characters; name one ({character})",
            tuple(question.keys()),
            names=("character",),
        )
    if ask is not None:
        return ask(question)
    if question.input in asked or not session.reader.interactive:
        raise Unanswered(question)  # a script gets the one line; a second asking, the same
    return ask_each(session, question, asked, command)


def ask_each(session: PlaySession, question: Question, asked: set[str], command: str | None) -> Any:
    """``question`` asked as a menu or for words, read from the next line (at a terminal or
    not), once per input (asked again: :class:`Unanswered`)."""
    from ironsworn.cli.play.asking import MenuLeft, menu, write
    from ironsworn.cli.play.move_commands import beside
    from ironsworn.table import Unanswered

    if question.input in asked:
        raise Unanswered(question)
    asked.add(question.input)
    prompt = play_prompt(question, command)
    if question.choices:
        shown = [(c.key, beside(c.key, c.shown())) for c in question.choices]
        answer = menu(session, prompt, shown, question.open)
    else:
        answer = write(session, f"{prompt} (an empty line leaves)")
        if not answer:
            raise MenuLeft
    if question.kind == "bool":
        return answer.strip().lower() in ("y", "yes", "true")
    if question.kind in ("texts", "ints"):
        return [answer]
    return answer


def each_asked(session: PlaySession, command: str | None) -> Asker:
    """An asker that puts each of an operation's questions in turn and reads its answer
    from the next line, a script's as a terminal's (a command that follows a question its
    player answered already, as Discover a Site's new site follows its name)."""
    asked: set[str] = set()

    def ask(question: Question) -> Any:
        return ask_each(session, question, asked, command)

    return ask


def play_prompt(question: Question, command: str | None) -> str:
    """The question's prompt said of the slash command (or of nothing, in the walkthrough)
    rather than of the operation."""
    prompt = str(question.prompt)
    if prompt.startswith(f"{question.operation}: "):
        prompt = (f"/{command}: " if command else "") + prompt[len(question.operation) + 2 :]
    return prompt


def _in_play_words(
    session: PlaySession,
    exc: IronswornError,
    name: str,
    command: str | None,
    names: Mapping[str, str] | None,
) -> IronswornError:
    """``exc`` with each input it names in play's words (see the module docstring), and
    said of the slash command rather than the operation (``/adjust: N 'x' is not...``)."""
    from ironsworn.cli.common import UsageError, plain

    if not exc.names:
        return exc
    parser = session.parsers().get(command or "")
    text = plain(exc.worded(lambda n: word_for(parser, n, names)))
    if text.startswith(f"{name}: "):
        text = (f"/{command}: " if command else "") + text[len(name) + 2 :]
    return UsageError(text)


def word_for(
    parser: argparse.ArgumentParser | None, name: str, names: Mapping[str, str] | None
) -> str:
    """Play's word for the table's input ``name``: given in ``names``, else the slash
    command's option or argument that gives it, else the input's own name."""
    from ironsworn.cli.asking import flag_action

    if names and name in names:
        return names[name]
    if parser is None:
        return name
    action = flag_action(parser, name)
    if action is not None:
        return action.option_strings[-1]
    for positional in parser._actions:
        if not positional.option_strings and positional.dest == name:
            return str(positional.metavar or name.upper())
    return name


# Slash commands whose questions a script is told in the game's words alone: /move asks
# what a move needs as the move asks it (its options are the command line's own).
IN_GAME_WORDS = frozenset({"move"})


def question_line(session: PlaySession, exc: Any, command: str | None) -> str:
    """A question asked in a script, in play's words: the question with its choices, and
    the slash command's option that answers it (when it has one, and the command is not
    one of :data:`IN_GAME_WORDS`)."""
    from dataclasses import replace

    question = exc.question
    line = str(replace(question, prompt=play_prompt(question, command)).line())
    if command in IN_GAME_WORDS:
        return line
    parser = session.parsers().get(command or "")
    word = word_for(parser, question.input, None)
    return f"{line}; give it with {word}" if word.startswith("--") else line
