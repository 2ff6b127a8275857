"""Pending decisions at the prompt: how they are shown and how a typed answer is read.

A move that needs the player stops with a pending decision (see
:mod:`ironsworn.moves.engine`): an offer to burn momentum, or a list of options (Face Danger's
weak hit, Pay the Price, Endure Harm's miss...). Play mode shows it at once with numbered
options, and a line made only of option numbers or keys answers it, so the player never has to
type ``/choose``. Anything else typed while a decision waits is prose, except a single word,
which is taken as a mistyped answer (one word of story is rare; a typo in a key is not).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ironsworn.errors import InvalidValue

BURN_WORDS = {"y": "burn", "yes": "burn", "burn": "burn", "1": "burn"}
DECLINE_WORDS = {"n": "decline", "no": "decline", "decline": "decline", "2": "decline"}
NONE_WORDS = ("none", "decline", "0", "-")


@dataclass(frozen=True)
class Answer:
    """What a typed line says about the pending decision: burn, decline, or choose keys."""

    action: str
    keys: tuple[str, ...] = ()


def option_keys(pending: Mapping[str, Any]) -> list[str]:
    """The keys of a "choose" decision's options, in the order they are shown."""
    return [str(o["key"]) for o in pending.get("options") or ()]


def hint(pending: Mapping[str, Any]) -> str:
    """The short reminder shown in the prompt: ``1-4``, ``y/n``, or for a table's rows
    ``key or roll 1-100`` (a number there is a roll: :func:`table_rolls`)."""
    if pending["kind"] == "burn":
        return "burn? y/n"
    rolls = table_rolls(pending)
    if rolls is not None:
        return f"key or roll {rolls[0]}-{rolls[1]}"
    return numbers(len(option_keys(pending)))


def table_rolls(pending: Mapping[str, Any]) -> tuple[int, int] | None:
    """For a decision offering a table's rows ("28-40"), the rolls they hold ((1, 100)): a
    number typed there is a roll, the row holding it, as ``ironsworn choose 37`` reads it;
    None for any other decision (a number is an option's place in the menu)."""
    from ironsworn.table.decisions import offers_rows, rolls_offered

    return rolls_offered(dict(pending)) if offers_rows(dict(pending)) else None


def accepted(pending: Mapping[str, Any]) -> str:
    """What answers a decision, as a refusal names it."""
    if pending["kind"] == "burn":
        return "y or n"
    keys = ", ".join(option_keys(pending))
    rolls = table_rolls(pending)
    if rolls is not None:
        # The rows by their ranges are said as one (twenty of them made a paragraph).
        own = [k for k in option_keys(pending) if not k[:1].isdigit()]
        words = f"a key ({', '.join(own)}), " if own else ""
        return f"{words}a row's range, or a roll {rolls[0]}-{rolls[1]} for the row holding it"
    return f"{hint(pending)} or {keys}"


def numbers(count: int) -> str:
    """The numbers of ``count`` options as a player types them: ``1-4``, ``1`` for one (not
    ``1-1``)."""
    return "1" if count == 1 else f"1-{count}"


def describe(
    pending: Mapping[str, Any], move_name: str | None = None, columns: int | None = None
) -> str:
    """The decision as play mode shows it: who decides, the question, numbered options;
    ``columns``: the terminal's width, each option's text wrapped in its own column."""
    who = pending.get("character") or "you"
    # Some prompts name who decides ("Kai: choose 1"): the line already starts with the name.
    said = str(pending.get("prompt", "")).removeprefix(f"{who}: ")
    # Some prompts already start with the move's name ("Pay the Price: the obvious...").
    where = f"{move_name}: " if move_name and not said.startswith(move_name) else ""
    if pending["kind"] == "burn":
        prompt = str(pending.get("prompt", "burn momentum?")).removesuffix("? burn or decline")
        return f"{who} decides — {where}{prompt}? y = burn, n = decline"
    keys = option_keys(pending)
    width = max((len(k) for k in keys), default=0)
    rolls = table_rolls(pending)
    lines = [f"{who} decides — {where}{said or 'choose'}"]
    rows = []
    for option in pending.get("options") or ():
        text = str(option["text"])
        if text.startswith(f"{option['key']}: "):
            text = text[len(option["key"]) + 2 :]  # a table's row says its range once
        elif text == str(option["key"]):
            text = ""  # words that are the key itself (a rank): said once
        rows.append((str(option["key"]), text))
    # A table's rows are not numbered 1, 2, 3...: there a number is a roll (their range).
    lines += numbered(rows, width, columns, numbers=rolls is None)
    low, high = int(pending.get("min", 1)), int(pending.get("count", 1))
    many = high if low == high else f"{low} to {high}"
    if rolls is not None:
        what = f"{many} keys or rolls" if high > 1 else "a key, or a roll"
        how = f"answer with {what} ({rolls[0]}-{rolls[1]}: the row holding it)"
    elif high > 1:
        how = f"answer with {many} numbers or keys"
    else:
        how = "answer with a number or a key"
    if low == 0:
        how += " (or 'none')"
    asked = pending.get("text")
    if asked:
        which = f" {'/'.join(asked['keys'])}" if asked.get("keys") else ""
        how += f"; then, for{which or ' it'}: {asked['prompt']}"
    lines.append(f"  {how}")
    return "\n".join(lines)


def reminder(pending: Mapping[str, Any], move_name: str | None = None) -> str:
    """A decision that waited already, after a command that did not touch it: one line of
    who owes what, how to answer and how to see the options again (not the whole list)."""
    who = pending.get("character") or "you"
    said = str(pending.get("prompt", "")).removeprefix(f"{who}: ")
    if move_name and not said.startswith(move_name):
        said = f"{move_name}: {said}"
    if pending["kind"] == "burn":
        offer = said.removesuffix("? burn or decline").removesuffix("?") or "burn momentum"
        return f"{who} still decides — {offer}? y = burn, n = decline"
    count = len(option_keys(pending))
    options = "1 option" if count == 1 else f"{count} options"
    return (
        f"{who} still decides — {said or 'choose'} ({options}): answer with its number or key; "
        "/choose shows them"
    )


def resolve_keys(words: Sequence[str], pending: Mapping[str, Any]) -> list[str]:
    """Turn option numbers, keys and unique key prefixes into keys, or the start of one
    option's words (several words naming the one option of a single choice: "/choose endure
    harm"); InvalidValue otherwise (naming the candidates when several options start so)."""
    from ironsworn.table.decisions import option_named

    keys = option_keys(pending)
    if len(words) > 1 and int(pending.get("count", 1)) == 1 and not set(words) & set(keys):
        whole = option_named(dict(pending), " ".join(words))
        if whole is not None:
            return [whole]
    out: list[str] = []
    for word in words:
        key = typed_key(word, pending)
        if key is None and len(word.strip()) >= 2 and not word.strip().isdigit():
            key = option_named(dict(pending), word)
        if key is None:
            raise InvalidValue(
                f"{word!r} is not an option of the pending decision (accepted: {accepted(pending)})"
            )
        out.append(key)
    return out


def typed_key(word: str, pending: Mapping[str, Any]) -> str | None:
    """The option a typed word stands for: :func:`key_for`, except that among a table's rows
    a number is a roll (the row holding it), as the command line reads it."""
    if table_rolls(pending) is not None and word.strip().isdigit():
        from ironsworn.table.decisions import option_named

        return option_named(dict(pending), word.strip())
    return key_for(word, option_keys(pending))


def read_answer(text: str, pending: Mapping[str, Any]) -> Answer | None:
    """Read a typed line as an answer to ``pending``; None when it is prose, not an answer.

    Raises :class:`InvalidValue` for a single word that answers nothing (a mistyped key).
    """
    words = text.replace(",", " ").split()
    if not words:
        return None
    single = words[0].lower() if len(words) == 1 else None
    if pending["kind"] == "burn":
        if single in BURN_WORDS:
            return Answer("burn")
        if single in DECLINE_WORDS:
            return Answer("decline")
        if single is not None:
            raise InvalidValue(f"{words[0]!r} does not answer the burn offer (accepted: y or n)")
        return None
    if single in NONE_WORDS and int(pending.get("min", 1)) == 0:
        return Answer("decline")
    found = [typed_key(word, pending) for word in words]
    if all(key is not None for key in found):
        return Answer("choose", tuple(k for k in found if k is not None))
    named = asset_option(text, pending)
    if named is not None:
        return Answer("choose", (named,))
    if single is None and int(pending.get("count", 1)) == 1:
        from ironsworn.table.decisions import option_named

        try:
            named = option_named(dict(pending), " ".join(words))
        except InvalidValue:
            named = None  # several options start so: prose, as any line that is not one
        if named is not None:
            return Answer("choose", (named,))
    if single is not None:
        # The start of one option's words, or a refusal naming what is accepted.
        return Answer("choose", tuple(resolve_keys(words, pending)))
    return None


def asset_option(text: str, pending: Mapping[str, Any]) -> str | None:
    """In a decision among the character's own assets, the option a typed name stands for:
    a card's name or a companion's given name ("Keen" for Hawk “Keen”), whole or a unique
    prefix, in any case; None otherwise (as the table reads such an answer)."""
    from ironsworn.moves.assets.cards import HELD_ASSETS

    context = (pending.get("resume") or {}).get("context") or {}
    if context.get("answers") != HELD_ASSETS:
        return None
    typed = " ".join(text.split()).casefold()
    names: dict[str, list[str]] = {}
    for option in pending.get("options") or ():
        given = re.search(r"“([^”]+)”", str(option["text"]))
        named = [str(option["key"]), str(option["text"]).split(" “", 1)[0]]
        names[str(option["key"])] = (
            [n.casefold() for n in (*named, *given.groups())]
            if given
            else [n.casefold() for n in named]
        )
    exact = [key for key, said in names.items() if typed in said]
    if len(exact) == 1:
        return exact[0]
    starts = [key for key, said in names.items() if any(n.startswith(typed) for n in said)]
    return starts[0] if len(typed) >= 2 and len(starts) == 1 else None


def not_an_answer(text: str, pending: Mapping[str, Any]) -> str:
    """What is said of a line that does not answer the decision waiting (nothing is written)."""
    return (
        f"{text!r} does not answer the decision (accepted: {accepted(pending)}); nothing was "
        "written "
        "(while a decision waits, /journal TEXT writes in the journal)"
    )


def key_for(word: str, keys: Sequence[str]) -> str | None:
    """The key a typed word stands for: an option number, a key, or a unique key prefix."""
    token = word.strip().lower()
    if token.isdigit():
        index = int(token)
        return keys[index - 1] if 1 <= index <= len(keys) else None
    exact = [k for k in keys if k.lower() == token]
    if exact:
        return exact[0]
    # A unique prefix is enough ("suffer_m"); two letters at least, so "a" stays prose.
    starts = [k for k in keys if len(token) >= 2 and k.lower().startswith(token)]
    return starts[0] if len(starts) == 1 else None


def numbered(
    rows: Sequence[tuple[str, str]], width: int, columns: int | None, numbers: bool = True
) -> list[str]:
    """Options numbered from 1 (``numbers``; else by their keys alone), each key padded to
    ``width``, then its text: on one line, or wrapped in its own column to ``columns`` (a
    terminal's width) when given."""
    lines = [
        (f"  {n:>2}. " if numbers else "  ") + f"{key:<{width}}  {text}".rstrip()
        for n, (key, text) in enumerate(rows, 1)
    ]
    if columns is None:
        return lines
    from textwrap import wrap

    indent = " " * (width + (8 if numbers else 4))  # "  NN. " and the key's column
    room = columns - len(indent) - 1
    if room < 20:
        return lines  # too narrow for a column of text: the terminal wraps it
    wrapped: list[str] = []
    for line, (_key, text) in zip(lines, rows, strict=True):
        if len(line) < columns:
            wrapped.append(line)
            continue
        parts = wrap(text, room) or [""]
        wrapped.append((line[: len(indent)] + parts[0]).rstrip())
        wrapped += [indent + part for part in parts[1:]]
    return wrapped
