"""The classic fate moves (rulebook chapter 3): Pay the Price and Ask the Oracle."""

from __future__ import annotations

from ironsworn.moves.classic._common import _oracle_json
from ironsworn.moves.engine import Step, no_roll, on_resume


@no_roll("pay_the_price")
def pay_the_price(ctx: Step) -> None:
    ctx.choose(
        "pay_the_price.how",
        ctx.options_of("price"),
        prompt="Pay the Price: the obvious outcome, ask the oracle, or roll the table",
    )


@on_resume("pay_the_price.how")
def pay_how(ctx: Step, keys: list[str]) -> None:
    from ironsworn.content import roll_oracle
    from ironsworn.oracle import Odds, ask_the_oracle

    if keys[0] == "roll_table":
        result = roll_oracle(
            ctx.engine.ruleset, "oracle_rollable:classic/moves/pay_the_price", ctx.engine.dice
        )
        ctx.emit({"type": "oracle", "character": ctx.name, **_oracle_json(result)})
        for line in result.lines():
            ctx.note(line.strip())
    elif keys[0] == "ask_oracle":
        answer = ask_the_oracle(Odds.LIKELY, ctx.engine.dice)
        ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
        ctx.note(
            f"is the likely outcome what happens? {answer.roll}: {'yes' if answer.yes else 'no'}"
        )
    else:
        ctx.note("make the most obvious negative outcome happen")


@no_roll("ask_the_oracle")
def ask_oracle(ctx: Step) -> None:
    from ironsworn.oracle import Odds, ask_the_oracle

    odds = ctx.data.get("odds")
    if not odds:
        ctx.note("draw a conclusion, or ask a yes/no question with --odds")
        return
    answer = ask_the_oracle(Odds.parse(str(odds)), ctx.engine.dice)
    ctx.emit({"type": "ask", "character": ctx.name, **answer.to_json()})
    ctx.note(
        f"{answer.odds.label}: {answer.roll} — {'yes' if answer.yes else 'no'}"
        + (" (match: an extreme result or twist)" if answer.match else "")
    )
