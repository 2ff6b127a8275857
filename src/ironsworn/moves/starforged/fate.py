"""Starforged fate moves: Ask the Oracle and Pay the Price (the table of its text is rolled
from seed 003, and its row applied: :mod:`ironsworn.moves.starforged.tables`)."""

from __future__ import annotations

from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.moves.starforged._common import RULESET


@no_roll("ask_the_oracle", ruleset=RULESET)
def ask_the_oracle(ctx: Step) -> None:
    """With the odds input, "Ask a yes/no question: Decide the odds of a yes, and roll" (a
    match is an extreme result or twist); without, draw a conclusion or spark an idea."""
    from ironsworn.moves.classic.fate import ask_yes_no

    if not ctx.data.get("odds"):
        ctx.note("draw a conclusion, spark an idea with an oracle, or ask with its odds")
        return
    ask_yes_no(ctx)


PRICE = [
    ("obvious", "make the most obvious negative outcome happen"),
    ("ask_oracle", "Ask the Oracle for inspiration"),
    ("roll_table", "roll on the table"),
]
# What is asked, as classic's Pay the Price says it (a bare "choose one" did not say that a
# row may be taken as it stands).
PRICE_PROMPT = "Pay the Price: the obvious outcome, ask the oracle, roll the table, or take a row"


@no_roll("pay_the_price", ruleset=RULESET)
def pay_the_price(ctx: Step) -> None:
    """ "Choose one": the most obvious outcome, Ask the Oracle, "Roll on the table below", or
    (the obvious outcome being one of the table's) a row of the table, applied as if rolled."""
    from ironsworn.moves.starforged.tables import row_options

    options = [*PRICE, *row_options(ctx, "pay_the_price")]
    ctx.choose("sf.pay_the_price.how", options, prompt=PRICE_PROMPT)


@on_resume("sf.pay_the_price.how")
def pay_how(ctx: Step, keys: list[str]) -> None:
    from ironsworn.oracle import Odds, ask_in_campaign

    if keys[0] not in ("ask_oracle", "obvious"):
        from ironsworn.moves.starforged.tables import pay_the_price_row

        pay_the_price_row(ctx, keys[0])
    elif keys[0] == "ask_oracle":
        answer = ask_in_campaign(ctx.state, Odds.LIKELY, ctx.engine.dice)
        # The question kept with the answer: the story read "the oracle says no (89)".
        ctx.emit(answer.event(ctx.name, "Is the likely cost what happens?"))
        ctx.note(f"is the likely cost what happens? {answer.roll}: {answer.word}")
    else:
        ctx.note("make the most obvious negative outcome happen")
