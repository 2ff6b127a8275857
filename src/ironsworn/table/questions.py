"""Questions: what an operation answers when an input it needs was left out.

Ask, don't refuse: an operation missing a required input (one the declarations require, or
one the engine finds it needs, :class:`~ironsworn.errors.OptionNeeded`) answers with a
:class:`Question`: the operation, the missing input's name, a prompt in the game's words and
the accepted choices (from the state). Each surface shows it its own way: play mode as a
numbered menu, the web as a form or list, the JSON API returns :meth:`Question.to_json`, the
command line prints one line naming its own flag. Answering is calling the operation again
with the same arguments plus that input.

:class:`Unanswered` is the question as an error, for surfaces that answer through their
error path (the web's 400 carries ``question``; a script sees one line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.table.inputs import Choice

JsonDict = dict[str, Any]
# How many choices a one-line message lists before "...".
LISTED = 12


@dataclass(frozen=True)
class Question:
    """An operation's question for a missing input (see the module docstring)."""

    operation: str
    input: str
    prompt: str
    choices: tuple[Choice, ...] = ()
    kind: str = "text"
    help: str = ""
    many: bool = False  # several choices may be picked (texts)
    open: bool = False  # words of the player's own answer it too (a foe of their own)
    # The choices are every value accepted (a surface may offer them as the only answers:
    # buttons or a list); otherwise they are suggestions beside a field.
    complete: bool = False
    low: int | None = None  # a number's range, where it has one
    high: int | None = None
    args: JsonDict = field(default_factory=dict)  # the arguments it was asked with
    # What was given for the input when it was blank words (asked as if left out; a one-line
    # message for a script names it).
    given: str | None = None
    # What needs the input, in the game's words (the engine's OptionNeeded subject: "Face
    # Danger"), for a surface that says so in its own words; "" when not said.
    subject: str = ""

    def keys(self) -> list[str]:
        return [c.key for c in self.choices]

    def line(self) -> str:
        """The question in one line, with the choices (the first few) accepted."""
        keys = self.keys()
        shown = ", ".join(keys[:LISTED]) + (", ..." if len(keys) > LISTED else "")
        prompt = self.prompt if self.given is None else f"{self.prompt}: {self.given!r} is blank"
        return f"{prompt} (accepted: {shown})" if keys else prompt

    def to_json(self) -> JsonDict:
        return {
            "operation": self.operation,
            "input": self.input,
            "kind": self.kind,
            "prompt": self.prompt,
            "help": self.help,
            "many": self.many,
            "open": self.open,
            "complete": self.complete,
            "min": self.low,
            "max": self.high,
            "choices": [c.to_json() for c in self.choices],
        }


class Asked(Exception):
    """A question an operation's body asks from inside its write transaction: raised, it
    rolls the transaction back (nothing is written) and :meth:`Operation.call` answers it."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.line())
        self.question = question


class Unanswered(InvalidValue):
    """A :class:`Question` raised as an error (the input is missing; nothing was changed)."""

    def __init__(self, question: Question, message: str = "") -> None:
        super().__init__(message or question.line())
        self.question = question
        self.input = question.input
        self.accepted = tuple(question.keys())
        # The questions the operation would ask after this one, where a surface looked
        # them up (:mod:`ironsworn.table.questions_ahead`): a script is told them all at once.
        self.ahead: tuple[Question, ...] = ()

    def data(self) -> JsonDict:
        return {
            "input": self.question.input,
            "value": None,
            "accepted": list(self.accepted),
            "question": self.question.to_json(),
        }
