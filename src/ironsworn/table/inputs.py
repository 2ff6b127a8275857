"""Declared inputs: what an operation takes, in the game's words, with the values accepted now.

An :class:`Input` has a ``name`` (the key of the operation's arguments, as JSON sends it), a
``kind`` (:data:`KINDS`: ``text``, ``int``, ``bool``, ``texts``, ``ints``, ``dice``), a ``help``
saying what it is in the game's words, whether it is ``required``, an integer range where it
has one, and ``choices(table, args)``: the values it accepts in the campaign's current state,
each a :class:`Choice` (``key`` to send back, ``label`` to show, a ``detail`` and a ``cost``
where there is one: experience for Advance). Inputs whose values are open (a vow's name) have
no choices.

:meth:`Input.check` checks a value's kind and range, raising
:class:`~ironsworn.errors.InvalidValue` with ``input``, ``value`` and ``accepted``;
:meth:`Input.schema` is its JSON schema (the MCP server builds its tools' schemas from it);
:meth:`Input.to_json` is how the web's ``/api/actions`` lists it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue
from ironsworn.names import unshowable_words, unwritable

if TYPE_CHECKING:
    from ironsworn.table.operation import Table

JsonDict = dict[str, Any]

# The kinds of value an input takes, and their JSON schema.
KINDS: dict[str, JsonDict] = {
    "text": {"type": "string", "minLength": 1},
    "int": {"type": "integer"},
    "bool": {"type": "boolean"},
    "texts": {"type": "array", "items": {"type": "string", "minLength": 1}},
    "ints": {"type": "array", "items": {"type": "integer"}},
    "dice": {
        "oneOf": [
            {"type": "array", "items": {"type": "integer", "minimum": 1}},
            {"type": "string", "minLength": 1},
        ]
    },
}


@dataclass(frozen=True)
class Choice:
    """One value an input accepts now: the ``key`` to send, a ``label`` in the game's words,
    a ``detail`` (what it does), and its ``cost`` in experience where it has one."""

    key: str
    label: str
    detail: str = ""
    cost: int | None = None

    def to_json(self) -> JsonDict:
        data: JsonDict = {"key": self.key, "label": self.label}
        if self.detail:
            data["detail"] = self.detail
        if self.cost is not None:
            data["cost"] = self.cost
        return data

    def shown(self) -> str:
        """The label with its detail and cost, for a menu line."""
        text = self.label
        if self.detail:
            text += f": {self.detail}"
        if self.cost is not None:
            text += f" ({self.cost} experience)"
        return text


ChoiceSource = Callable[["Table", Mapping[str, Any]], list[Choice]]


@dataclass(frozen=True)
class Input:
    """One declared input of an operation (see the module docstring)."""

    name: str
    kind: str
    help: str
    required: bool = False
    low: int | None = None
    high: int | None = None
    source: ChoiceSource | None = None
    # Only these values are accepted, whatever the state (odds names, have/lose).
    fixed: tuple[str, ...] = ()
    # Taken only when the operation's ``kind`` is one of these (a fight's foe, a connection's
    # role): a form asks for it with those kinds only, and the rules refuse it with another.
    only_for: tuple[str, ...] = ()
    # The question asked when it is left out, in the game's words (default: the help).
    asks: str = ""
    # The help in the words of each move that asks it, where one input serves several
    # (``with``: whom a vow is to, the community a journey sets off from, a new connection):
    # a question names what its own move wants, not another's.
    helps: tuple[tuple[str, str], ...] = ()

    def help_for(self, subject: str) -> str:
        """The help as ``subject`` (a move's name: "Make a Connection") asks the input."""
        return dict(self.helps).get(subject, self.help)

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind

    def choices(self, table: Table, args: Mapping[str, Any] | None = None) -> list[Choice]:
        """The values accepted now (empty when the input is open text or a number)."""
        if self.source is not None:
            return self.source(table, args or {})
        return [Choice(v, v.replace("_", " ")) for v in self.fixed]

    @property
    def complete(self) -> bool:
        """Whether :meth:`choices` are every value accepted: fixed values, or a source that
        lists them all (the characters, the ranks, the odds, the decision's options...)."""
        if self.fixed:
            return True
        from ironsworn.table.choices import COMPLETE

        return self.source in COMPLETE

    def range_words(self) -> str:
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        if self.low is not None:
            return f"{self.low} or more"
        if self.high is not None:
            return f"{self.high} or less"
        return "a whole number"

    def check(self, value: Any) -> Any:
        """``value`` checked against the kind and range (dice become ``"4,5,8"`` text)."""
        name = self.name
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidValue(
                    input=name, value=value, accepted=("true", "false"), why="is not true or false"
                )
            return value
        if self.kind == "int":
            return self._int(value)
        if self.kind == "text":
            if not isinstance(value, str) or not value.strip():
                raise InvalidValue(
                    input=name, value=value, accepted=self.help, why="is not a non-empty text"
                )
            if "\r" in value:
                value = value.replace("\r\n", "\n")  # a form's lines, as every surface keeps them
            bad = unwritable(value)
            if bad is not None:
                raise InvalidValue(
                    input=name,
                    value=value,
                    accepted="text with no control character but a new line or a tab",
                    why=f"holds {unshowable_words(bad)}",
                )
            return value
        if self.kind in ("texts", "ints"):
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                value = [value]  # one value given alone ("obvious" for ["obvious"])
            if not isinstance(value, list):
                raise InvalidValue(input=name, value=value, accepted=self.help, why="is not a list")
            item = Input(self.name, self.kind[:-1], self.help, low=self.low, high=self.high)
            return [item.check(v) for v in value]
        # dice
        if isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return ",".join(str(v) for v in value)
        if isinstance(value, str) and value.strip():
            return value
        raise InvalidValue(
            input=name, value=value, accepted=('[4, 5, 8] or "4,5,8"',), why="is not dice"
        )

    def _int(self, value: Any) -> int:
        # A number typed as text ("3", "-2") is taken: play mode and forms send text.
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str):
            try:
                number = int(value.strip())
            except ValueError:
                number = None
        if number is None:
            raise InvalidValue(
                input=self.name,
                value=value,
                accepted=self.range_words(),
                why="is not a whole number",
            )
        if (self.low is not None and number < self.low) or (
            self.high is not None and number > self.high
        ):
            raise InvalidValue(
                input=self.name, value=number, accepted=self.range_words(), why="is out of range"
            )
        return number

    def schema(self) -> JsonDict:
        """The input's JSON schema (with its description and range)."""
        schema: JsonDict = {**KINDS[self.kind], "description": self.help}
        target = schema["items"] if self.kind == "ints" else schema
        if self.kind in ("int", "ints"):
            target = dict(target)
            if self.low is not None:
                target["minimum"] = self.low
            if self.high is not None:
                target["maximum"] = self.high
            if self.kind == "ints":
                schema["items"] = target
            else:
                schema = target
        if self.fixed:
            schema["examples"] = list(self.fixed)
        return schema

    def to_json(self) -> JsonDict:
        """The input as data (``/api/actions``): kind, help, required, and its range."""
        data: JsonDict = {"kind": self.kind, "help": self.help, "required": self.required}
        if self.low is not None:
            data["min"] = self.low
        if self.high is not None:
            data["max"] = self.high
        if self.fixed:
            data["values"] = list(self.fixed)
        data["has_choices"] = self.source is not None or bool(self.fixed)
        return data
