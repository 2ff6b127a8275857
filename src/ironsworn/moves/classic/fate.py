"""The classic fate moves (rulebook chapter 3): Pay the Price and Ask the Oracle."""

from __future__ import annotations

from ironsworn.content.oracle_roller import OracleResult, roll_oracle
from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.oracle import Odds, ask_in_campaign


@no_roll("pay_the_price")
def pay_the_price(ctx: Step) -> None:
    options = ctx.options_of("price")
    prompt = "Pay the Price: the obvious outcome, ask the oracle, or roll the table"
    if ctx.data.get("after_match"):
        # A miss with a match: the rulebook suggests the table (L2716-2719), so it comes first.
        options.sort(key=lambda option: option[0] != "roll_table")
        prompt = (
            "Pay the Price after a match: consider rolling on the table for a result you "
            "might otherwise not have considered"
        )
        ctx.note("a miss with a match: a heightened negative outcome")  # seed 000 L457, L2716
    ctx.choose("pay_the_price.how", options, prompt=prompt)


@on_resume("pay_the_price.how")
def pay_how(ctx: Step, keys: list[str]) -> None:
    """Pay the Price: the obvious outcome, Ask the Oracle, or the table (L2629-2666).

    The table's 99-00: "Roll twice more on this table. Both results occur. If they are the same
    result, make it worse" (L2665-2666). ENGINE CHOICE: a 99-00 among those two rolls is not
    one of the two results (it would only ask for more rolls), so that die is rolled again;
    every die is shown and logged (``rerolled`` in the oracle event), and two equal results
    are noted with "make it worse". A 1-2 among them ("Roll again and apply that result but
    make it worse", L2642-2647) is followed like any other result.
    """
    if keys[0] == "roll_table":
        result = roll_oracle(
            ctx.engine.ruleset, "oracle_rollable:classic/moves/pay_the_price", ctx.engine.dice
        )
        ctx.emit(result.event(ctx.name))
        for line in result.lines():
            ctx.note(line.strip())
        for child in result.rolls:
            for die in child.rerolled:
                ctx.note(
                    f"{die} asks to roll twice more while rolling twice: not a result, "
                    f"rolled again ({child.roll})"
                )
        if len(result.rolls) == 2 and result.rolls[0].text == result.rolls[1].text:
            ctx.note("both results are the same: make it worse")
        for cost in dict.fromkeys(_costs(result)):
            ctx.note(f"the mechanical cost, by the move's notes: {cost} (when in doubt, -2)")
    elif keys[0] == "ask_oracle":
        answer = ask_in_campaign(ctx.state, Odds.LIKELY, ctx.engine.dice)
        # The question kept with the answer: the story read "the oracle says no (89)".
        ctx.emit(answer.event(ctx.name, "Is the likely outcome what happens?"))
        ctx.note(f"is the likely outcome what happens? {answer.roll}: {answer.word}")
    else:
        ctx.note("make the most obvious negative outcome happen")


# The table's rows that name a kind of cost, and the cost the move's notes give it ("If you
# face a physical hardship or injury, Endure Harm and suffer -health", seed 000 L2680-2694;
# "When in doubt, suffer -2"). Said as a reminder, not made: the rows name no move (unlike
# Starforged's), the cost is fitted to the fiction, and "a result might also be purely
# narrative without an immediate mechanical cost".
COSTS = (
    (51, 59, "suffer -momentum"),  # "It causes a delay or puts you at a disadvantage."
    (60, 68, "Endure Harm, -health"),  # "It is harmful."
    (69, 77, "Endure Stress, -spirit"),  # "It is stressful."
    (86, 90, "suffer -supply"),  # "It wastes resources."
    (95, 98, "apply the cost to them"),  # "A friend, companion, or ally is put in harm's way"
)


def _costs(result: OracleResult) -> list[str]:
    """The costs of the rows ``result`` landed on (each roll it called for, in turn)."""
    if result.rolls:
        return [cost for child in result.rolls for cost in _costs(child)]
    roll = result.roll or 0
    return [cost for low, high, cost in COSTS if low <= roll <= high]


@no_roll("ask_the_oracle")
def ask_oracle(ctx: Step) -> None:
    if not ctx.data.get("odds"):
        ctx.note("draw a conclusion, or ask a yes/no question with its odds")
        return
    ask_yes_no(ctx)


def ask_yes_no(ctx: Step) -> None:
    """Ask the Oracle's yes/no question with the move's odds, by the campaign's own table
    (classic or Starforged: :mod:`ironsworn.oracle`), kept as an ``ask`` event."""
    answer = ask_in_campaign(ctx.state, Odds.parse(str(ctx.data["odds"])), ctx.engine.dice)
    ctx.emit(answer.event(ctx.name))
    ctx.note(
        f"{answer.odds.label}: {answer.roll} — {answer.word}"
        + (" (match: an extreme result or twist)" if answer.match else "")
    )
