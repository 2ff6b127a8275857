"""The parts every web action is made of: its options (their JSON kinds checked), the context
it runs with (the shared store and the page's seat) and the one write transaction it commits.

:mod:`ironsworn.web.actions` holds the table of actions; the modules that add rows to it
(:mod:`ironsworn.web.starforged_actions`) build them from these parts.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.web.access import Forbidden

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One option of an action: its JSON kind and what it is for (shown in errors and docs)."""

    kind: str  # text, int, bool, texts (list of text), ints (list of whole numbers), dice
    help: str
    required: bool = False


@dataclass
class Context:
    """What an action runs with: the campaign's shared store, its name and the page's seat."""

    store: Any
    campaign: str
    seat: str | None = None  # a character's name, or None for the guide seat

    def library(self) -> Any:
        from ironsworn.content import load_library

        return load_library()

    def acting_for(self, character: str | None) -> str | None:
        """The character an action is made for: the seat's own when not named; refused when
        a character's seat names another."""
        if self.seat is None:
            return character
        if character is not None and character.strip().lower() != self.seat.lower():
            raise Forbidden(
                f"this page plays {self.seat}: it cannot act for {character!r} (accepted: "
                f"{self.seat}, or the guide seat)"
            )
        return self.seat


@dataclass(frozen=True)
class Action:
    name: str
    help: str
    run: Callable[[Context, JsonDict], Any]
    options: Mapping[str, Option] = field(default_factory=dict)


# ------------------------------------------------------------------------------ options


def check_options(action: Action, body: Any) -> JsonDict:
    """The request's options, checked against the action's table (kinds, required, unknown)."""
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise InvalidValue(f"{action.name}: the request body must be a JSON object")
    unknown = sorted(set(body) - set(action.options))
    if unknown:
        accepted = ", ".join(action.options) or "none"
        raise InvalidValue(f"{action.name}: unknown option {unknown[0]!r} (accepted: {accepted})")
    out: JsonDict = {}
    for name, option in action.options.items():
        value = body.get(name)
        if value is None:
            if option.required:
                raise InvalidValue(f"{action.name}: option {name!r} is required ({option.help})")
            continue
        out[name] = _checked(action.name, name, option, value)
    return out


def _checked(action: str, name: str, option: Option, value: Any) -> Any:
    where = f"{action}: {name}"
    if option.kind == "bool":
        if not isinstance(value, bool):
            raise InvalidValue(f"{where} {value!r} is not true or false")
        return value
    if option.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidValue(f"{where} {value!r} is not a whole number ({option.help})")
        return value
    if option.kind == "text":
        if not isinstance(value, str) or not value.strip():
            raise InvalidValue(f"{where} {value!r} is not a non-empty text ({option.help})")
        return value
    if option.kind in ("texts", "ints"):
        item = "text" if option.kind == "texts" else "int"
        if not isinstance(value, list):
            raise InvalidValue(f"{where} {value!r} is not a list ({option.help})")
        return [_checked(action, name, Option(item, option.help), v) for v in value]
    if option.kind == "dice":
        if isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return ",".join(str(v) for v in value)
        if isinstance(value, str) and value.strip():
            return value
        raise InvalidValue(f'{where} {value!r} is not dice (accepted: [4, 5, 8] or "4,5,8")')
    raise AssertionError(option.kind)


DICE = {
    "dice": Option("dice", "your dice in the order they are rolled: [action, c1, c2, ...]"),
    "seed": Option("text", "seed for reproducible random dice"),
}


def dice(options: JsonDict) -> Any:
    from ironsworn.cli.session import dice_from

    return dice_from(argparse.Namespace(dice=options.get("dice"), seed=options.get("seed")))


def commit(ctx: Context, options: JsonDict, body: Callable[[Any], Any]) -> Any:
    from ironsworn.cli.session import commit as session_commit

    return session_commit(ctx.store, ctx.library(), dice(options), body)


def committed(
    ctx: Context, body: Callable[[Any], Any], options: JsonDict | None = None
) -> JsonDict:
    """Commit ``body`` (dice from ``options``, none by default) and answer its ``--json``."""
    data: JsonDict = commit(ctx, options or {}, body).to_json()
    return data


def sheet_ops(engine: Any) -> Any:
    from ironsworn.moves.sheet import SheetOperations

    return SheetOperations(engine)


def character_option(help_text: str = "whose (default: the page's character)") -> Option:
    return Option("text", help_text)


MARK = Option("bool", "true to mark (default), false to clear")
