"""Starforged fate moves: Ask the Oracle and Pay the Price (the table of its text is rolled
from seed 003, and its row applied: :mod:`ironsworn.moves.starforged.tables`)."""

from __future__ import annotations

from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.moves.starforged._common import RULESET


@no_roll("ask_the_oracle", ruleset=RULESET)
def ask_the_oracle(ctx: Step) -> None:
    """With --odds, "Ask a yes/no question: Decide the odds of a yes, and roll" (a match is an
    extreme result or twist); without, draw a conclusion or spark an idea."""
    from ironsworn.oracle import Odds
    from ironsworn.oracle import ask_the_oracle as ask

    odds = ctx.data.get("odds")
    if not odds:
        ctx.note("draw a conclusion, spark an idea with an oracle, or ask with --odds")
        return
    answer = ask(Odds.parse(str(odds)), ctx.engine.dice)
    ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
    ctx.note(
        f"{answer.odds.label}: {answer.roll} — {'yes' if answer.yes else 'no'}"
        + (" (match: an extreme result or twist)" if answer.match else "")
    )


PRICE = [
    ("obvious", "make the most obvious negative outcome happen"),
    ("ask_oracle", "Ask the Oracle for inspiration"),
    ("roll_table", "roll on the table"),
]


@no_roll("pay_the_price", ruleset=RULESET)
def pay_the_price(ctx: Step) -> None:
    """ "Choose one": the most obvious outcome, Ask the Oracle, "Roll on the table below", or
    (the obvious outcome being one of the table's) a row of the table, applied as if rolled."""
    from ironsworn.moves.starforged.tables import row_options

    options = [*PRICE, *row_options(ctx, "pay_the_price")]
    ctx.choose("sf.pay_the_price.how", options, prompt="Pay the Price: choose one")


@on_resume("sf.pay_the_price.how")
def pay_how(ctx: Step, keys: list[str]) -> None:
    from ironsworn.oracle import Odds
    from ironsworn.oracle import ask_the_oracle as ask

    if keys[0] not in ("ask_oracle", "obvious"):
        from ironsworn.moves.starforged.tables import pay_the_price_row

        pay_the_price_row(ctx, keys[0])
    elif keys[0] == "ask_oracle":
        answer = ask(Odds.LIKELY, ctx.engine.dice)
        ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
        ctx.note(f"is the likely cost what happens? {answer.roll}: {'yes' if answer.yes else 'no'}")
    else:
        ctx.note("make the most obvious negative outcome happen")
