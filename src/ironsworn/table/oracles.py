"""Oracles: roll an oracle table, Ask the Oracle a yes/no question; each kept on request.

An oracle roll or an answer changes nothing unless ``keep`` is given: then it is recorded in
the campaign's log and journal (the events are built in one place: an oracle result's
``event()``, an answer's ``event()``). The answer carries the ``seed`` used, so a surface
can keep the very result it showed (the same seed with ``keep``).
"""

from __future__ import annotations

from ironsworn.table import choices
from ironsworn.table.commit import keep
from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table


def _seed(args: JsonDict) -> str:
    import secrets

    seed: str = args.get("seed") or secrets.token_hex(6)
    return seed


def oracle(table: Table, args: JsonDict) -> JsonDict:
    """Roll an oracle table (nested rolls followed); ``keep`` records it in the journal."""
    from ironsworn.content.oracle_roller import roll_oracle
    from ironsworn.dice import RandomDice

    library = table.library()
    seed = _seed(args)
    result = roll_oracle(
        library, library.oracle(args["oracle"]), RandomDice(seed), args.get("value")
    )
    data: JsonDict = result.to_json()
    if args.get("keep"):
        summary = f"{result.name}: {result.text}"[:60]
        keep(table.store, "oracle", result.event(), summary, table.acting_for(None))
    return {**data, "name": result.name, "seed": seed}


def ask(table: Table, args: JsonDict) -> JsonDict:
    """Ask the Oracle a yes/no question by its odds, as the campaign plays it (its ruleset's
    table and its even-matches option: :func:`ironsworn.oracle.ask_in_campaign`); ``keep``
    records it."""
    from ironsworn.dice import RandomDice
    from ironsworn.oracle import Odds, ask_in_campaign

    odds = Odds.parse(args["odds"])
    seed = _seed(args)
    value = args.get("value")
    dice = None if value is not None else RandomDice(seed)
    answer = ask_in_campaign(table.state(), odds, dice, value)
    if args.get("keep"):
        question = args.get("question") or None
        event = answer.event(None, question)
        keep(table.store, "ask", event, answer.summary(question)[:60], table.acting_for(None))
    return {**answer.to_json(), "seed": seed}


OPERATIONS = (
    Operation(
        "oracle",
        "roll an oracle table (keep: record it)",
        oracle,
        (
            Input("oracle", "text", "the table's id or name", True, source=choices.oracles),
            Input("value", "int", "your own roll"),
            Input("seed", "text", "seed (the answer gives the one used)"),
            Input("keep", "bool", "record the result in the journal"),
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
                "almost certain, likely, 50/50, unlikely, small chance",
                True,
                source=choices.odds,
            ),
            Input("question", "text", "the question"),
            Input("value", "int", "your own d100 roll", low=1, high=100),
            Input("seed", "text", "seed (the answer gives the one used)"),
            Input("keep", "bool", "record the answer in the journal"),
        ),
        writes="keep",
    ),
)
