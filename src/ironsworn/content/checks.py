"""What an imported pack's records must hold before the pack is accepted.

An importer turns a foreign file into our records (``model.py``); the records' constructors
check nothing (the bundled data is checked by its tests, and building must stay cheap). A file
a player imports is not trusted, so :func:`check_record` walks every field of every record and
refuses one whose value is not of the declared type (an oracle ``name`` that is a list, a
``text`` that is an object, a number that is not a whole number), text that cannot be stored
(a lone surrogate such as ``"\\ud800"``), numbers out of any sensible range (``1e999``), or
sizes that would make a command hang: dice of more than :data:`MAX_DICE` dice or
:data:`MAX_SIDES` sides, rows that call for more than :data:`MAX_TIMES` rolls.

The rule the importers keep: **a pack that is accepted never breaks a command.** Everything a
command relies on is a declared field type, or one of the enumerations checked here.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from functools import cache
from types import NoneType, UnionType
from typing import Any

from ironsworn.content.model import (
    METHODS,
    OUTCOME_KEYS,
    ROLL_TYPES,
    Asset,
    Move,
    OracleTable,
    Truth,
    parse_dice,
)
from ironsworn.content.sites import FREQUENCIES, DelveSite, SiteDomain, SiteRow, SiteTheme
from ironsworn.errors import ContentError

MAX_DICE = 10  # dice rolled for one table result (Datasworn tables use one or two)
MAX_SIDES = 1000  # faces of one die (d100 is the largest in print)
MAX_TIMES = 10  # extra rolls one row calls for ("roll three times")
MAX_NUMBER = 10**6  # any whole number in a pack (pages, ranges, meters)
MAX_TEXT = 100_000  # characters of one text field
MAX_ITEMS = 10_000  # entries of one list or mapping in a record


def check_record(record: Any, where: str) -> None:
    """Refuse ``record`` (a model record) with a :class:`ContentError` naming the field."""
    _value(record, type(record), where)
    if isinstance(record, OracleTable):
        _check_table(record, where)
    elif isinstance(record, Move):
        _check_move(record, where)
    elif isinstance(record, Asset):
        for ability in record.abilities:
            for move in ability.moves:
                _check_move(move, f"{where}: ability {ability.key} move {move.id}")
            for enhancement in ability.enhances:
                for condition in enhancement.conditions:
                    _member(condition.automatic, ("", *OUTCOME_KEYS), f"{where}: automatic")
                    _member(condition.method, ("", *METHODS), f"{where}: method")
    elif isinstance(record, SiteTheme | SiteDomain):
        for row in (*record.features, *record.dangers):
            _d100(row, where)
    elif isinstance(record, DelveSite):
        for denizen in record.denizens:
            _d100(denizen, where)
            _member(denizen.frequency, FREQUENCIES, f"{where}: denizen frequency")
    elif isinstance(record, Truth):
        for option in record.options:
            if not 1 <= option.min <= option.max <= 100:
                raise ContentError(
                    f"{where}: option {option.key} range {option.min}-{option.max} is not "
                    "within 1-100 (truths are rolled on a d100)"
                )


def _d100(row: Any, where: str) -> None:
    if not 1 <= row.min <= row.max <= 100:
        text = f" {row.text!r}" if isinstance(row, SiteRow) else ""
        raise ContentError(
            f"{where}: row{text} range {row.min}-{row.max} is not within 1-100 (a d100 table)"
        )


def check_text(text: str, where: str) -> str:
    """Text that can be written as UTF-8 and shown on one screen, else ContentError."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ContentError(
            f"{where}: text {text[:40]!r} holds a lone surrogate escape (accepted: Unicode text)"
        ) from None
    if len(text) > MAX_TEXT:
        raise ContentError(f"{where}: text of {len(text)} characters (accepted: up to {MAX_TEXT})")
    return text


def table_range(table: OracleTable, where: str) -> tuple[int, int]:
    """The lowest and highest result of ``table``'s dice, refusing dice that are too large."""
    try:
        number, sides = parse_dice(table.dice)
    except ValueError:
        raise ContentError(
            f"{where}: dice {table.dice!r} are not readable (accepted: 1d100, 2d6)"
        ) from None
    if number > MAX_DICE or sides > MAX_SIDES:
        raise ContentError(
            f"{where}: dice {table.dice!r} are too large (accepted: up to {MAX_DICE} dice of up "
            f"to {MAX_SIDES} sides)"
        )
    return number, number * sides


def _check_table(table: OracleTable, where: str) -> None:
    low, high = table_range(table, where)
    for row in table.rows:
        if not low <= row.min <= row.max <= high:
            raise ContentError(
                f"{where}: row {row.min}-{row.max} is outside the dice {table.dice} ({low}-{high})"
            )
    for roll in (*table.then, *(r for row in table.rows for r in row.rolls)):
        if not 1 <= roll.times <= MAX_TIMES:
            raise ContentError(
                f"{where}: a roll on {roll.oracle} is made {roll.times} times "
                f"(accepted: 1 to {MAX_TIMES})"
            )


def _check_move(move: Move, where: str) -> None:
    _member(move.roll_type, ROLL_TYPES, f"{where}: roll_type")
    _member(move.method, METHODS, f"{where}: method")
    for option in move.roll_options:
        _member(option.method, METHODS, f"{where}: roll option method")
        if option.roll_type is not None:
            _member(option.roll_type, ROLL_TYPES, f"{where}: roll option roll_type")
    for key in (*(move.outcomes or {}), *move.match_outcomes):
        _member(key, OUTCOME_KEYS, f"{where}: outcome")
    for choice in move.choices.values():
        for key in choice.outcomes:
            _member(key, OUTCOME_KEYS, f"{where}: choice outcome")
        for key in choice.count:  # how many to choose, by outcome ("any": whatever it is)
            _member(key, (*OUTCOME_KEYS, "any"), f"{where}: choice count")


def _member(value: str, accepted: tuple[str, ...], where: str) -> None:
    if value not in accepted:
        raise ContentError(f"{where} {value!r} is unknown (accepted: {', '.join(accepted)})")


@cache
def _hints(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _value(value: Any, hint: Any, where: str) -> None:
    """Check ``value`` against the type ``hint`` (the subset of types the records use)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return
    if origin in (typing.Union, UnionType):
        options = typing.get_args(hint)
        if value is None and NoneType in options:
            return
        (inner,) = [o for o in options if o is not NoneType]
        _value(value, inner, where)
        return
    if hint is str:
        if not isinstance(value, str):
            raise ContentError(f"{where} is {_kind(value)}, not text")
        check_text(value, where)
    elif hint is bool:
        if not isinstance(value, bool):
            raise ContentError(f"{where} is {_kind(value)}, not true or false")
    elif hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ContentError(f"{where} is {_kind(value)}, not a whole number")
        if abs(value) > MAX_NUMBER:
            raise ContentError(f"{where} {value} is out of range (accepted: up to {MAX_NUMBER})")
    elif origin is tuple:
        item_type = typing.get_args(hint)[0]
        if not isinstance(value, tuple):
            raise ContentError(f"{where} is {_kind(value)}, not a list")
        _size(value, where)
        for i, item in enumerate(value):
            _value(item, item_type, f"{where}[{i}]")
    elif origin in (Mapping, dict):
        key_type, item_type = typing.get_args(hint)
        if not isinstance(value, Mapping):
            raise ContentError(f"{where} is {_kind(value)}, not an object")
        _size(value, where)
        for key, item in value.items():
            _value(key, key_type, f"{where} key")
            _value(item, item_type, f"{where}.{key}")
    elif isinstance(hint, type) and hasattr(hint, "__record_fields__"):  # a frozen record
        if not isinstance(value, hint):
            raise ContentError(f"{where} is {_kind(value)}, not {hint.__name__}")
        for name, field_type in _hints(hint).items():
            _value(getattr(value, name), field_type, f"{where}: {name}")
    else:  # pragma: no cover - a new field type in model.py needs a rule here
        raise TypeError(f"no check for type {hint!r}")


def _size(value: Any, where: str) -> None:
    if len(value) > MAX_ITEMS:
        raise ContentError(f"{where} has {len(value)} entries (accepted: up to {MAX_ITEMS})")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"text {value[:40]!r}"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__
