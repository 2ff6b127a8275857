"""Operations: every thing a player or guide can do at the table, with its declared inputs.

An :class:`Operation` has a ``name`` (``move``, ``choose``, ``journal``...), a ``summary`` in
the game's words, its declared :class:`~ironsworn.table.inputs.Input` s, and a body that runs
it against a :class:`Table` (the campaign's store, its name and the seat acting). Calling it
(:meth:`Operation.call`) is always the same three steps:

1. :meth:`Operation.check`: unknown inputs are refused, each value's kind and range checked
   (:class:`~ironsworn.errors.InvalidValue` naming the input, the value and what is
   accepted);
2. :meth:`Operation.verify`: a required input left out gives a
   :class:`~ironsworn.table.questions.Question` with its choices from the state (an operation
   may declare more: Advance's asset when the campaign plays with cards...);
3. the body runs; an input the engine finds it needs (:class:`~ironsworn.errors.OptionNeeded`:
   which stat, which track, the role's bonus), or a question the body asks of the state it
   writes on (:class:`~ironsworn.table.questions.Asked`: Swear an Iron Vow's bond), also
   comes back as a question, and the write transaction rolls back, so nothing is changed.

The result is the JSON the command line prints for the same operation. A
failed check or verify changes nothing. Operations never see a surface's types (no
``argparse.Namespace``, no HTTP request).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ironsworn.errors import Forbidden, InvalidValue, IronswornError, NotFound, OptionNeeded
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.questions import Asked, Question

JsonDict = dict[str, Any]


@dataclass
class Table:
    """What an operation runs with: the campaign's store, its name and the seat acting.

    ``seat`` is a character's name (a page or player playing that character) or None for
    the guide seat, which may act for anyone. ``dice_default`` is used when an operation's
    arguments give neither ``dice`` nor ``seed`` (play mode's session dice). The operations
    on the player's campaigns and packs rather than one campaign (:mod:`ironsworn.table.home`)
    run at a table without a store, with the PostgreSQL ``database`` the campaigns are kept in
    (None: campaign files).
    """

    store: Any
    campaign: str
    seat: str | None = None
    dice_default: Any = None
    _library: Any = field(default=None, repr=False)
    database: str | None = field(default=None, kw_only=True)
    # The engine's result of each commit an operation makes, kept when a list is given: for
    # a surface that tells it in its own words (the command line's lines of text).
    results: list[Any] | None = field(default=None, kw_only=True, repr=False)
    # ``dice_default`` is for one operation only, so it must roll them all (the command
    # line's typed dice), not a session's dice serving many.
    dice_once: bool = field(default=False, kw_only=True)

    def library(self) -> Any:
        if self._library is None:
            from ironsworn.content import load_library

            self._library = load_library()
        return self._library

    def state(self) -> Any:
        return self.store.state()

    def acting_for(self, character: str | None) -> str | None:
        """The character an operation is made for: the seat's own when not named; refused
        when a character's seat names another."""
        if self.seat is None:
            return character
        if character is not None and character.strip().lower() != self.seat.lower():
            raise Forbidden(
                f"this seat plays {self.seat}: it cannot act for {character!r} (accepted: "
                f"{self.seat}, or the guide seat)"
            )
        return self.seat


def _blank(declared: Input, value: Any) -> bool:
    """``value`` is text of nothing but spaces, given for an input taking text or dice."""
    return declared.kind in ("text", "dice") and isinstance(value, str) and not value.strip()


Body = Callable[[Table, JsonDict], Any]
Verify = Callable[[Table, JsonDict], "Question | None"]


@dataclass(frozen=True)
class Operation:
    """One operation of the table (see the module docstring)."""

    name: str
    summary: str
    body: Body
    inputs: tuple[Input, ...] = ()
    # Extra verification: a question for an input that is needed only sometimes.
    extra_verify: Verify | None = None
    # A question asked before the required inputs, whose choices depend on its answer (which
    # site, before the slot of its denizen table).
    verify_first: Verify | None = None
    # "always": every call writes; "never": it only reads; "keep": writes only with keep.
    writes: str = "always"

    @property
    def options(self) -> dict[str, Input]:
        """The inputs by name (the web calls them an action's options)."""
        return {i.name: i for i in self.inputs}

    def input(self, name: str) -> Input:
        return next(i for i in self.inputs if i.name == name)

    def check(self, args: Mapping[str, Any] | None) -> JsonDict:
        """The arguments, checked against the declarations (kinds, ranges, unknown names)."""
        if args is None:
            args = {}
        if not isinstance(args, Mapping):
            raise InvalidValue(f"{self.name}: the arguments must be a JSON object")
        names = [i.name for i in self.inputs]
        unknown = sorted(set(args) - set(names))
        if unknown:
            raise InvalidValue(
                f"{self.name}: unknown option {unknown[0]!r} (accepted: "
                f"{', '.join(names) or 'none'})",
                input=unknown[0],
                value=args[unknown[0]],
                accepted=names,
            )
        out: JsonDict = {}
        for declared in self.inputs:
            value = args.get(declared.name)
            if value is None or _blank(declared, value):
                # Blank words are words left out: a required input is asked, not refused.
                continue
            try:
                out[declared.name] = declared.check(value)
            except InvalidValue as exc:
                # (its pattern, so that a surface still words the input its own way)
                raise InvalidValue(
                    f"{self.name}: {exc.pattern or exc}",
                    input=exc.input,
                    value=exc.value,
                    accepted=exc.accepted,
                    why=exc.why,
                ) from None
        return out

    def verify(self, table: Table, args: JsonDict) -> Question | None:
        """A question for the first required input left out (None when nothing is)."""
        if self.verify_first is not None:
            asked = self.verify_first(table, args)
            if asked is not None:
                return asked
        for declared in self.inputs:
            if declared.required and args.get(declared.name) is None:
                return self.question(table, declared, args)
        if self.extra_verify is not None:
            return self.extra_verify(table, args)
        return None

    def question(self, table: Table, declared: Input, args: JsonDict, prompt: str = "") -> Question:
        """The question asking for ``declared`` (its choices read from the state now)."""
        try:
            choices = tuple(declared.choices(table, args))
        except IronswornError:  # a question is asked even when its choices cannot be read
            choices = ()
        return Question(
            self.name,
            declared.name,
            prompt or declared.asks or f"{self.name}: {declared.help}",
            choices,
            kind=declared.kind,
            help=declared.help,
            many=declared.kind in ("texts", "ints"),
            complete=declared.complete and bool(choices),
            low=declared.low,
            high=declared.high,
            args=dict(args),
        )

    def call(self, table: Table, args: Mapping[str, Any] | None = None) -> Any:
        """Check, verify and run: the result's JSON, or a :class:`Question`."""
        checked = self.check(args)
        question = self.verify(table, checked)
        if question is not None:
            given = (args or {}).get(question.input)
            if isinstance(given, str) and question.input not in checked:
                question = replace(question, given=given)  # blank words: asked, and named
            return question
        try:
            return self.body(table, checked)
        except OptionNeeded as exc:
            return self.needed(table, exc, checked)
        except Asked as exc:  # asked by the body, in its write (rolled back)
            return exc.question
        except NotFound as exc:
            # A campaign of several characters, and none named: which one is asked.
            asked = self.whose(table, exc, checked)
            if asked is None:
                raise
            return asked

    def whose(self, table: Table, exc: NotFound, args: JsonDict) -> Question | None:
        """The question "which character?" for an operation that takes one, when the engine
        found several and none was named (None for any other :class:`NotFound`); for an
        operation that takes several instead (a new track: who shares it), "which ones?"."""
        if exc.names != ("character",) or not exc.candidates:
            return None
        name = next((n for n in ("character", "characters") if n in self.options), None)
        if name is None:
            return None
        declared = self.input(name)
        many = declared.kind == "texts"
        return Question(
            self.name,
            name,
            "There are several characters: which " + ("ones? (one or more)" if many else "one?"),
            tuple(Choice(who, who) for who in exc.candidates),
            kind=declared.kind,
            help=declared.help,
            many=many,
            complete=True,
            args=dict(args),
        )

    def needed(self, table: Table, exc: OptionNeeded, args: JsonDict) -> Question:
        """The engine's :class:`OptionNeeded` as a question on the matching input."""
        name = INPUT_OF_OPTION.get(exc.option, exc.option)
        declared = next((i for i in self.inputs if i.name == name), None)
        # The engine's choices, with the detail and cost the input's own choices know (what
        # Advance costs) where the keys match.
        known: dict[str, Choice] = {}
        if declared is not None and declared.source is not None:
            try:
                known = {c.key: c for c in declared.choices(table, args)}
            except IronswornError:
                known = {}
        choices = tuple(
            # (a detail the engine's label says already is not said twice)
            Choice(
                key, label, "" if known[key].detail in label else known[key].detail, known[key].cost
            )
            if key in known
            else Choice(key, label)
            for key, label in exc.choices
        )
        return Question(
            self.name,
            name,
            str(exc).split(" (accepted:", 1)[0],
            choices,
            kind=declared.kind if declared else "text",
            help=declared.help_for(exc.subject) if declared else "",
            many=False,  # the engine asks for one value (sent as a list where the kind is one)
            open=exc.open,
            complete=not exc.open and bool(choices),
            low=declared.low if declared else None,
            high=declared.high if declared else None,
            args=dict(args),
            subject=exc.subject,
        )

    def schema(self) -> JsonDict:
        """The operation's arguments as a JSON schema (an object of its inputs)."""
        return {
            "type": "object",
            "properties": {i.name: i.schema() for i in self.inputs},
            "required": [i.name for i in self.inputs if i.required],
            "additionalProperties": False,
        }

    def to_json(self) -> JsonDict:
        """The operation as data: the web's ``/api/actions`` row."""
        return {
            "name": self.name,
            "help": self.summary,
            "options": {i.name: i.to_json() for i in self.inputs},
        }


# The engine's option names (make_move's keywords) -> the inputs that give them.
INPUT_OF_OPTION = {"raise": "raise", "as_role": "as", "adds": "add"}
