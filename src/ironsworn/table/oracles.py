"""Oracles: roll an oracle table, Ask the Oracle a yes/no question; each kept on request.

The one implementation every surface calls (the command line's kept oracle rolls and
answers, play mode's ``/oracle`` and ``/ask``, the web, the MCP server). An oracle
roll or an answer changes nothing unless ``keep`` is given: then it is recorded in the
campaign's log and journal, made by ``character`` (the seat's; the only character when none is
named and there is one). The events are built here only: an oracle result's ``event()``, an
answer's ``event()``.

The dice: typed ``dice`` (in the order they are rolled), else a ``seed``'s random dice, else the
table's own (a play session's, the MCP server's, the command line's), else new random dice
whose seed the answer names, so a surface can keep the very result it showed (the same
``seed`` with ``keep``). ``value`` is the first roll itself (Ask the Oracle's d100).

Ask the Oracle answers by the campaign's ruleset's table and its option of even matches (a
campaign option: :func:`ironsworn.oracle.ask_in_campaign`), so a roll of 11 is a match or not
alike everywhere; ``even_matches`` asks for the option for one question where it is off.
"""

from __future__ import annotations

from typing import Any

from ironsworn.table import choices
from ironsworn.table.commit import keep
from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table


def _dice(table: Table, args: JsonDict) -> tuple[Any, str | None]:
    """The dice of this roll and the seed the answer names (None: the table's own dice)."""
    import secrets

    from ironsworn.dice import RandomDice
    from ironsworn.table.commit import dice_from

    if args.get("dice") is None and args.get("seed") is None and table.dice_default is None:
        seed = secrets.token_hex(6)
        return RandomDice(seed), seed
    dice = dice_from(args.get("dice"), args.get("seed"), table.dice_default)
    return dice, args.get("seed")


def _all_rolled(table: Table, args: JsonDict, dice: Any) -> None:
    """Typed dice given for this roll alone must all be rolled (a session's serve many)."""
    from ironsworn.table.commit import check_dice_used

    if args.get("dice") is not None or (dice is table.dice_default and table.dice_once):
        check_dice_used(dice)


def _keep(table: Table, args: JsonDict, kind: str, event: JsonDict, summary: str) -> None:
    """Record the roll in the log and journal, made by ``character`` (see the docstring)."""
    from ironsworn.campaign.journal import resolve_character

    character = table.acting_for(args.get("character"))
    if character is not None:
        character = resolve_character(table.state(), character)
    keep(table.store, kind, event, summary[:60], character)


def oracle(table: Table, args: JsonDict) -> JsonDict:
    """Roll an oracle table of the campaign's ruleset (nested rolls followed); ``keep``
    records it in the journal. A table of another ruleset is refused, as the command line
    refuses it (a Starforged campaign rolls no classic table)."""
    from ironsworn.content.oracle_roller import roll_oracle

    library = table.library()
    found = library.find_in("oracles", args["oracle"], table.state().ruleset)
    dice, seed = _dice(table, args)
    result = roll_oracle(library, found, dice, args.get("value"))
    _all_rolled(table, args, dice)
    data: JsonDict = result.to_json()
    if args.get("keep"):
        _keep(table, args, "oracle", result.event(), f"{result.name}: {result.text}")
    return {**data, "name": result.name, "seed": seed}


def ask(table: Table, args: JsonDict) -> JsonDict:
    """Ask the Oracle a yes/no question by its odds, as the campaign plays it (its ruleset's
    table and its even-matches option: :func:`ironsworn.oracle.ask_in_campaign`); ``keep``
    records it."""
    from ironsworn.oracle import Odds, ask_in_campaign

    odds = Odds.parse(args["odds"])
    dice, seed = _dice(table, args)
    value = args.get("value")
    even = bool(args.get("even_matches"))
    answer = ask_in_campaign(table.state(), odds, None if value is not None else dice, value, even)
    _all_rolled(table, args, dice)
    question = args.get("question") or None
    if args.get("keep"):
        _keep(table, args, "ask", answer.event(None, question), answer.summary(question))
    # The question asked comes back with its answer, as the log keeps it (a client reading the
    # answer later, a model among several questions, knows which it answers).
    told = {"question": question} if question else {}
    return {**told, **answer.to_json(), "seed": seed}


CHARACTER = Input(
    "character",
    "text",
    "who asks, kept with it (default: the seat's character, or the only one)",
    source=choices.characters,
)
DICE = Input("dice", "dice", "your own dice, in the order they are rolled")

OPERATIONS = (
    Operation(
        "oracle",
        "roll an oracle table (keep: record it)",
        oracle,
        (
            Input("oracle", "text", "the table's id or name", True, source=choices.oracles),
            Input("value", "int", "your own roll"),
            DICE,
            Input("seed", "text", "seed (the answer gives the one used)"),
            Input("keep", "bool", "record the result in the journal"),
            CHARACTER,
        ),
        writes="keep",
    ),
    Operation(
        "ask",
        "Ask the Oracle a yes/no question (keep: record it)",
        ask,
        (
            Input(
                "odds",
                "text",
                # The values taken, as a schema's enum lists them (not the words of the game:
                # "50/50" is no value a client may send).
                "the odds of a yes: almost_certain, likely, fifty_fifty, unlikely, small_chance",
                True,
                source=choices.odds,
            ),
            Input("question", "text", "the question"),
            Input("value", "int", "your own d100 roll, 1-100 (00 as 0 or 100)", low=0, high=100),
            DICE,
            Input("seed", "text", "seed (the answer gives the one used)"),
            Input(
                "even_matches",
                "bool",
                "a match only on 22, 44, 66, 88 or 00 for this question (the campaign's "
                "option: for every roll)",
            ),
            Input("keep", "bool", "record the answer in the journal"),
            CHARACTER,
        ),
        writes="keep",
    ),
)
