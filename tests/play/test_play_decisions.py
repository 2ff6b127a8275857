"""Reading a typed line as the answer to a pending decision, and how a decision is shown."""

from __future__ import annotations

from typing import Any

import pytest

from ironsworn.cli.play.decisions import Answer, describe, hint, read_answer, resolve_keys
from ironsworn.errors import InvalidValue

CHOOSE_ONE: dict[str, Any] = {
    "kind": "choose",
    "character": "Kai",
    "prompt": "choose one",
    "options": [
        {"key": "suffer_momentum", "text": "Suffer -1 momentum."},
        {"key": "endure_harm", "text": "Endure Harm (1 harm)."},
        {"key": "endure_stress", "text": "Endure Stress (1 stress)."},
        {"key": "suffer_supply", "text": "Suffer -1 supply."},
    ],
    "count": 1,
    "min": 1,
}
CHOOSE_UP_TO_TWO: dict[str, Any] = {
    **CHOOSE_ONE,
    "prompt": "choose up to two",
    "count": 2,
    "min": 0,
}
BURN: dict[str, Any] = {
    "kind": "burn",
    "character": "Kai",
    "prompt": "burn momentum +6 to turn the miss into a strong hit (momentum goes to +2)? "
    "burn or decline",
}


@pytest.mark.parametrize(
    ("pending", "text", "answer"),
    [
        (CHOOSE_ONE, "1", Answer("choose", ("suffer_momentum",))),
        (CHOOSE_ONE, " 4 ", Answer("choose", ("suffer_supply",))),
        (CHOOSE_ONE, "endure_harm", Answer("choose", ("endure_harm",))),
        (CHOOSE_ONE, "ENDURE_HARM", Answer("choose", ("endure_harm",))),
        (CHOOSE_ONE, "endure_s", Answer("choose", ("endure_stress",))),
        (CHOOSE_UP_TO_TWO, "1 3", Answer("choose", ("suffer_momentum", "endure_stress"))),
        (CHOOSE_UP_TO_TWO, "1,endure_harm", Answer("choose", ("suffer_momentum", "endure_harm"))),
        (CHOOSE_UP_TO_TWO, "none", Answer("decline")),
        (BURN, "y", Answer("burn")),
        (BURN, "Yes", Answer("burn")),
        (BURN, "burn", Answer("burn")),
        (BURN, "n", Answer("decline")),
        (BURN, "decline", Answer("decline")),
        # A line of words that starts one option's words or key names it.
        (CHOOSE_ONE, "endure harm", Answer("choose", ("endure_harm",))),
        (CHOOSE_ONE, "Suffer -1 supply", Answer("choose", ("suffer_supply",))),
        (CHOOSE_ONE, "Suffer -1", None),  # two options start so: not an answer
        # Prose is prose, even while a decision waits.
        (CHOOSE_ONE, "I think about it for a while.", None),
        (CHOOSE_ONE, "1 more step", None),
        (BURN, "No way out but through.", None),
        (CHOOSE_ONE, "", None),
    ],
)
def test_read_answer(pending: dict[str, Any], text: str, answer: Answer | None) -> None:
    assert read_answer(text, pending) == answer


@pytest.mark.parametrize(
    ("pending", "text", "says"),
    [
        (CHOOSE_ONE, "5", "'5' is not an option"),
        (CHOOSE_ONE, "0", "accepted: 1-4"),
        # Two keys start so: both named.
        (CHOOSE_ONE, "endure", "'endure' is the start of several options: endure_harm, endure_s"),
        (CHOOSE_ONE, "none", "'none' is not an option"),  # this decision cannot be declined
        (BURN, "maybe", "accepted: y or n"),
    ],
)
def test_a_single_word_that_answers_nothing_is_an_error(
    pending: dict[str, Any], text: str, says: str
) -> None:
    with pytest.raises(InvalidValue, match=says):
        read_answer(text, pending)


def test_resolve_keys_takes_the_start_of_one_options_words() -> None:
    """/choose as the command line's choose: an option's words, or the key's parts."""
    assert resolve_keys(["endure", "harm"], CHOOSE_ONE) == ["endure_harm"]
    assert resolve_keys(["Suffer -1", "s"], CHOOSE_ONE) == ["suffer_supply"]


def test_resolve_keys_maps_numbers_and_refuses_others() -> None:
    assert resolve_keys(["2", "suffer_supply"], CHOOSE_ONE) == ["endure_harm", "suffer_supply"]
    with pytest.raises(InvalidValue, match="accepted: 1-4 or suffer_momentum"):
        resolve_keys(["7"], CHOOSE_ONE)


def test_describe_numbers_the_options_and_says_how_to_answer() -> None:
    text = describe(CHOOSE_ONE, "Face Danger")
    assert text.splitlines() == [
        "Kai decides — Face Danger: choose one",
        "   1. suffer_momentum  Suffer -1 momentum.",
        "   2. endure_harm      Endure Harm (1 harm).",
        "   3. endure_stress    Endure Stress (1 stress).",
        "   4. suffer_supply    Suffer -1 supply.",
        "  answer with a number or a key",
    ]
    assert describe(CHOOSE_UP_TO_TWO).splitlines()[-1] == (
        "  answer with 0 to 2 numbers or keys (or 'none')"
    )
    assert describe(BURN, "Face Danger") == (
        "Kai decides — Face Danger: burn momentum +6 to turn the miss into a strong hit "
        "(momentum goes to +2)? y = burn, n = decline"
    )


@pytest.mark.parametrize(("pending", "expected"), [(CHOOSE_ONE, "1-4"), (BURN, "burn? y/n")])
def test_hint(pending: dict[str, Any], expected: str) -> None:
    assert hint(pending) == expected


def test_a_long_option_is_wrapped_in_its_own_column_at_a_terminal() -> None:
    """At a terminal (``columns`` given) an option's text goes on under itself, not under the
    numbers; a pipe (no columns) gets each option on one line."""
    long_text = "Envision two negative outcomes. Rate one as likely, and Ask the Oracle. " * 2
    pending = {**CHOOSE_ONE, "options": [*CHOOSE_ONE["options"], {"key": "ask", "text": long_text}]}
    piped = describe(pending).splitlines()
    assert f"   5. ask              {long_text.rstrip()}" in piped
    shown = describe(pending, None, 60).splitlines()
    at = shown.index("   5. ask              Envision two negative outcomes. Rate")
    rest = shown[at + 1 : -1]
    assert rest and all(line.startswith(" " * 23) and len(line) <= 59 for line in rest), rest
    assert " ".join(line.strip() for line in shown[at : at + 1 + len(rest)]).endswith(
        long_text.strip()
    )
    # The short options are as they were.
    assert "   1. suffer_momentum  Suffer -1 momentum." in shown


# Starforged's Pay the Price (seed 003): three ways to pay, then its table's rows by range.
PRICE_ROWS: dict[str, Any] = {
    "kind": "choose",
    "character": "Kira",
    "prompt": "Pay the Price: choose one",
    "options": [
        {"key": "obvious", "text": "make the most obvious negative outcome happen"},
        {"key": "ask_oracle", "text": "Ask the Oracle for inspiration"},
        {"key": "roll_table", "text": "roll on the table"},
        {"key": "1-2", "text": "1-2: A trusted individual or community acts against you"},
        {"key": "3-4", "text": "3-4: An individual or community you care about is exposed"},
        {"key": "5-100", "text": "5-100: You encounter signs of a looming threat"},
    ],
    "count": 1,
    "min": 1,
}


@pytest.mark.parametrize(
    ("text", "key"),
    [("3", "3-4"), ("1", "1-2"), ("100", "5-100"), ("obv", "obvious"), ("roll", "roll_table")],
)
def test_among_a_tables_rows_a_number_is_the_roll_as_the_command_line_reads_it(
    text: str, key: str
) -> None:
    """``3`` on Pay the Price's rows is the row holding a roll of 3, as ``ironsworn choose 3``
    takes it: play mode (and the command line's menu) took it as the third option, roll_table."""
    from ironsworn.cli.move_cmd import numbered_keys
    from ironsworn.table.decisions import option_named

    assert read_answer(text, PRICE_ROWS) == Answer("choose", (key,))
    assert resolve_keys([text], PRICE_ROWS) == [key]
    assert option_named(PRICE_ROWS, numbered_keys([text], PRICE_ROWS)[0]) == key


def test_a_tables_rows_are_shown_by_their_ranges_and_a_roll_past_them_is_refused() -> None:
    shown = describe(PRICE_ROWS, None).splitlines()
    assert shown[1:5] == [
        "  obvious     make the most obvious negative outcome happen",
        "  ask_oracle  Ask the Oracle for inspiration",
        "  roll_table  roll on the table",
        "  1-2         A trusted individual or community acts against you",
    ]
    assert shown[-1] == "  answer with a key, or a roll (1-100: the row holding it)"
    assert hint(PRICE_ROWS) == "key or roll 1-100"
    with pytest.raises(InvalidValue) as refused:
        read_answer("101", PRICE_ROWS)
    assert str(refused.value) == (
        "'101' is not an option of the pending decision (accepted: a key (obvious, ask_oracle, "
        "roll_table), a row's range, or a roll 1-100 for the row holding it)"
    )
