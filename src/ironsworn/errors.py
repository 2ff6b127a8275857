"""The one exception tree of the package, and the data each error carries.

Every error a user can cause is an :class:`IronswornError`. Nothing is changed when one is
raised. An error carries data (the input, the bad value, what is accepted) so that each
surface words it its own way: the command line names its flag and exits 2, the
web says the input's name and answers a 4xx with the data as JSON (:meth:`IronswornError.data`),
the MCP server returns the data. No message raised below the surfaces names a command-line flag.

- :class:`IronswornError` — root.
  - :class:`InvalidValue` (also a :class:`ValueError`) — a value out of range or not one of the
    accepted ones (a stat of 7, a die of 0, an unknown odds name): ``input``, ``value``,
    ``accepted``.
    - :class:`PackMissing` — a rule of a content pack the campaign lacks (Delve's sites):
      ``pack``, the pack's id; each surface says how its player imports it.
    - :class:`OptionNeeded` — an input the player left out that the engine found it needs
      (which stat, which track); it carries the accepted values with a label each, so a
      surface asks instead of refusing (:mod:`ironsworn.table` turns it into a question).
  - :class:`NotFound` (also a :class:`LookupError`) — an id or name that matches nothing, or
    more than one thing: ``kind``, ``name`` and the closest ``candidates``.
    - :class:`NoCharacterYet` — a campaign with no character asked for one.
  - :class:`RuleViolation` — a legal value used where the rules forbid it (Strike without
    initiative, Resupply while unprepared, a second pending decision).
    - :class:`Refused` — the same with its data: the ``rule`` and ``why``.
    - :class:`DecisionPending` — a move made while a decision waits to be answered.
  - :class:`Forbidden` — a seat, token or origin that may not do this (a page playing one
    character acting for another).
  - :class:`ContentError` — a content file or pack that cannot be read.
  - :class:`CampaignError` — a campaign file that is missing, corrupt, foreign or too new.
    - :class:`Unavailable` — the campaign's database cannot be reached now (an outage): the
      same request may work once it is back (the web table answers 503).
"""

from __future__ import annotations

import re

# Errors are imported by every one-shot command: typing stays out of the run-time path.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


def _fill(pattern: str, names: Sequence[str], name_of: Callable[[str], str]) -> str:
    """``pattern`` with each ``{name}`` of ``names`` written as ``name_of(name)``."""
    for name in names:
        pattern = pattern.replace("{" + name + "}", name_of(name))
    return pattern


def _plain(name: str) -> str:
    return name


# A quoted value: its quote opens after no letter and closes before none, so the stretch from
# one quoted name's closing quote to the next one's opening ("'hawk': ... of 'ironsworn'") or an
# apostrophe ("Kira's") is not taken for one.
_LONG_QUOTED = re.compile(r"(?<!\w)'[^']{80,}'(?!\w)|(?<!\w)\"[^\"]{80,}\"(?!\w)")


def one_line(message: str) -> str:
    """``message`` as every surface shows it: on one line, and a pasted page of text it names
    shown by its start (``'xxxx…'``), so what is accepted, which follows, is still read."""
    return _LONG_QUOTED.sub(lambda m: m[0][:60] + "…" + m[0][0], " ".join(message.splitlines()))


def shown_value(value: Any) -> str:
    """A bad value as it was typed: text quoted (``'luck'``); a list, a true or false, an
    object as JSON (``["edge"]``, ``true``: what a program sent, not Python's spelling of
    it); a number as it is."""
    if isinstance(value, str):
        return repr(value)
    if value is None or isinstance(value, (bool, list, tuple, dict)):
        import json

        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


class IronswornError(Exception):
    """Root of every error this package raises on purpose.

    A message may name an input of the table (``ally``, ``amount``) as ``{ally}``: the input
    names listed in ``names`` (and an :class:`InvalidValue`'s ``input``) are placeholders.
    ``str()`` shows the name itself (the web says "ally"); :meth:`worded` writes each as a
    surface calls it (the command line: its flag).

    ``pack`` is the content pack whose import would make the request work (``delve``), when
    that is why it failed: each surface says how its player imports one.
    """

    pack: str | None = None
    # What most errors carry: no input named, so no pattern. Class defaults, set on an error
    # only when it names inputs: a refusal of a move is one of these, and most name none
    # (an attribute set on an exception is a dictionary made for it).
    names: tuple[str, ...] = ()
    pattern = ""

    def __init__(self, message: str = "", *args: object, names: Sequence[str] = ()) -> None:
        if names:
            # (a list, or a generator, which may give none)
            named: tuple[str, ...] = names if type(names) is tuple else tuple(names)
            if named:
                self.names = named
                self.pattern = message
                Exception.__init__(self, _fill(message, named, _plain), *args)
                return
        # The arguments an error is made with are its args already (BaseException's __new__
        # keeps them): they are set again only when the message is another (made by a
        # subclass), left out, or followed by others. (Exception's own __init__ named, not
        # found through super().)
        given = self.args
        if args or len(given) != 1 or given[0] is not message:
            Exception.__init__(self, message, *args)

    def worded(self, name_of: Callable[[str], str] | str) -> str:
        """The message with each input it names written by ``name_of`` (a surface's word
        for an input); a plain string names the error's own input (:class:`InvalidValue`)."""
        if not self.pattern:
            return str(self)
        namer = name_of if callable(name_of) else (lambda _name: str(name_of))
        return _fill(self.pattern, self.names, namer)

    def data(self) -> dict[str, Any]:
        """What the error carries beyond its message, as JSON (empty when nothing)."""
        data: dict[str, Any] = {"inputs": list(self.names)} if self.names else {}
        if self.pack is not None:
            data["pack"] = self.pack
        return data


def _accepted(accepted: str | Sequence[str]) -> tuple[str, ...]:
    if isinstance(accepted, str):
        return (accepted,)
    # (the map of str, not a generator: most refusals accept nothing listed, or a few names)
    return tuple(map(str, accepted)) if accepted else ()


class InvalidValue(IronswornError, ValueError):
    """A value that is out of range or not one of the accepted values.

    ``input`` is the name of the operation's input (``amount``, ``stat``), ``value`` the value
    given and ``accepted`` what would be (values, or one phrase such as ``"0 to 10"``). Without
    a ``message`` the message is made from them: ``amount 99 is out of range (accepted: 0 to
    10)``; with one, ``{amount}`` in it is the input (see :class:`IronswornError`).
    :meth:`worded` makes it again with another name for the input (the command line's flag).
    """

    # What an error left without them carries (see IronswornError's names).
    input: str | None = None
    value: Any = None
    accepted: tuple[str, ...] = ()
    why = ""
    template = False  # its message made from input, value and accepted (none was given)

    def __init__(
        self,
        message: str = "",
        *,
        input: str | None = None,
        value: Any = None,
        accepted: str | Sequence[str] = (),
        why: str = "",
        names: Sequence[str] = (),
    ) -> None:
        # Only what differs from the class defaults below is set on the error.
        if input is not None:
            self.input = input
        if value is not None:
            self.value = value
        if accepted != ():
            self.accepted = _accepted(accepted)
        if why:
            self.why = why
        if not message and input is not None:
            self.template = True
            message = self._made()
        if "{" not in message:
            IronswornError.__init__(self, message)  # (names no input: most refusals)
            return
        wanted = tuple(names) + ((input,) if input is not None and input not in names else ())
        IronswornError.__init__(self, message, names=wanted)

    def _made(self) -> str:
        shown = f" {shown_value(self.value)}" if self.value is not None else ""
        why = self.why or "is not accepted"
        accepted = f" (accepted: {', '.join(self.accepted)})" if self.accepted else ""
        return "{" + str(self.input) + "}" + f"{shown} {why}{accepted}"

    def worded(self, name_of: Callable[[str], str] | str) -> str:
        """The message with the input called as ``name_of`` says (the command line's flag)."""
        if not self.pattern:
            return str(self)
        if callable(name_of):
            return _fill(self.pattern, self.names, name_of)
        own = self.input
        return _fill(self.pattern, self.names, lambda n: str(name_of) if n == own else n)

    def data(self) -> dict[str, Any]:
        data = super().data()
        if self.input is None:
            return data
        value = self.value if isinstance(self.value, (str, int, float, bool, list)) else None
        return {**data, "input": self.input, "value": value, "accepted": list(self.accepted)}


class OptionNeeded(InvalidValue):
    """An input that was left out and is needed: ``option`` (a keyword of ``make_move``:
    ``stat``, ``track``...) and ``choices``, the accepted values with a label each. The
    message is the question in the game's words (``Face Danger: which stat do you roll?``);
    ``subject`` is what needs it (``Face Danger``), so a surface can say "Face Danger needs" its
    flag in its own words; ``open`` when the player's own words answer it too (a foe)."""

    subject = ""
    open = False

    def __init__(
        self,
        message: str,
        option: str,
        choices: tuple[tuple[str, str], ...],
        *,
        subject: str = "",
        open: bool = False,
    ) -> None:
        # The message is given and names no input (InvalidValue's own __init__ would only
        # pass it on), and subject and open are set only when given (class defaults): a
        # question asked often (which track?) costs little to ask.
        IronswornError.__init__(self, message)
        self.option = self.input = option
        if subject:
            self.subject = subject
        if open:
            self.open = open  # words of the player's own answer it too, not only the choices
        self.accepted = tuple([choice[0] for choice in choices])
        self.choices = choices

    def data(self) -> dict[str, Any]:
        return {"input": self.option, "value": None, "accepted": list(self.accepted)}


class PackMissing(InvalidValue):
    """A rule or move of a content pack this campaign has not imported (Delve's sites, its
    rarities): ``pack`` is the pack's id (``delve``). The message says which file to import;
    how is each surface's to say (a command, a tab of the web table). A move of a pack not
    imported is a :class:`NotFound` with its ``pack``."""

    def __init__(self, message: str, pack: str) -> None:
        super().__init__(message)
        self.pack = pack


class NotFound(IronswornError, LookupError):
    """An id or name that matches nothing (or more than one thing): ``kind`` of thing
    (``move``, ``oracle``, ``track``), the ``name`` looked up and the closest ``candidates``
    (ids, for a program); ``shown``: the same candidates as a person would type them (a
    content item's name, or as much of its id as tells it apart), where they differ."""

    def __init__(
        self,
        message: str = "",
        candidates: tuple[str, ...] = (),
        *,
        kind: str | None = None,
        name: str | None = None,
        names: Sequence[str] = (),
        pack: str | None = None,
        shown: Sequence[str] = (),
    ) -> None:
        self.kind = kind
        self.name = name
        self.pack = pack
        if not message:
            message = f"no {kind or 'match'} {name!r}"
        super().__init__(message, names=names)
        self.candidates = tuple(candidates)
        self.shown = tuple(shown)

    @property
    def closest(self) -> tuple[str, ...]:
        """The candidates to show a person: :attr:`shown` if given, else the candidates."""
        return self.shown or self.candidates

    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"candidates": list(self.candidates)}
        if self.kind is not None:
            data.update(kind=self.kind, name=self.name)
        if self.pack is not None:
            data["pack"] = self.pack
        return data


class NoCharacterYet(NotFound):
    """A campaign with no character was asked for one (a move, a sheet): each surface says
    how a character is made in its own words (a command, a tool), so it can tell this apart."""

    def __init__(self) -> None:
        super().__init__("there is no character yet: create one first")


class RuleViolation(IronswornError):
    """An action the rules do not allow in the current state (``{name}`` placeholders for
    the inputs it names, with ``names``: see :class:`IronswornError`)."""


class DecisionPending(RuleViolation):
    """A move refused because a decision waits to be answered first (the one the campaign's
    state holds as pending): a surface may put that decision to the player, then retry."""


class Refused(RuleViolation):
    """An action refused by a ``rule`` (its name in the game's words), with ``why``."""

    def __init__(self, rule: str, why: str) -> None:
        super().__init__(f"{rule}: {why}" if rule else why)
        self.rule = rule
        self.why = why

    def data(self) -> dict[str, Any]:
        return {"rule": self.rule, "why": self.why}


class Forbidden(IronswornError):
    """A token, seat or origin that may not do this (over HTTP: 403)."""


class ContentError(IronswornError):
    """A content file or pack that cannot be loaded."""


class CampaignError(IronswornError):
    """A campaign file that cannot be opened or written."""


class Unavailable(CampaignError):
    """The campaign's database cannot be reached now; the same request may work later."""
