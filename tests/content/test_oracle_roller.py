"""Rolling oracle tables with fixed dice: extra rolls, rerolls, sub-tables, composite names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.content import Ruleset, load_ruleset, roll_oracle, roll_truth
from ironsworn.content.loader import Pack
from ironsworn.content.oracle_roller import MAX_REROLLS, OracleResult, join_parts
from ironsworn.dice import FixedDice, RandomDice
from ironsworn.errors import ContentError, InvalidValue

PAY = "oracle_rollable:classic/moves/pay_the_price"
GOAL = "oracle_rollable:classic/character/goal"


@pytest.fixture(scope="module")
def classic() -> Ruleset:
    return load_ruleset("classic")


def rolls_of(result: Any) -> list[int | None]:
    return [r.roll for r in result.rolls]


def test_plain_roll_reads_the_row(classic: Ruleset) -> None:
    result = roll_oracle(classic, "action", FixedDice([1]))
    assert (result.id, result.roll, result.text, result.rolls) == (
        "oracle_rollable:classic/action_and_theme/action",
        1,
        "Scheme",
        (),
    )


def test_roll_twice_makes_two_extra_rolls(classic: Ruleset) -> None:
    goal = classic.oracles[GOAL]
    dice = FixedDice([97, 1, 50])
    result = roll_oracle(classic, goal, dice)
    assert result.text == "Roll twice"
    assert rolls_of(result) == [1, 50]
    assert [r.text for r in result.rolls] == [goal.row_for(1).text, goal.row_for(50).text]  # type: ignore[union-attr]
    assert dice.remaining == 0


def test_roll_twice_rerolls_a_duplicate(classic: Ruleset) -> None:
    goal = classic.oracles[GOAL]
    same_row = goal.row_for(1)
    assert same_row is not None and same_row.max > 1, "needs a row wider than one number"
    result = roll_oracle(classic, goal, FixedDice([97, 1, same_row.max, 50]))
    assert rolls_of(result) == [1, 50]


def test_roll_twice_rerolls_another_roll_twice(classic: Ruleset) -> None:
    result = roll_oracle(classic, GOAL, FixedDice([96, 100, 1, 50]))
    assert rolls_of(result) == [1, 50]


def test_pay_the_price_1_2_rolls_again(classic: Ruleset) -> None:
    table = classic.oracles[PAY]
    result = roll_oracle(classic, PAY, FixedDice([2, 50]))
    assert result.text.startswith("Roll again")
    assert rolls_of(result) == [50]
    assert result.rolls[0].text == table.row_for(50).text  # type: ignore[union-attr]


def test_pay_the_price_1_2_yet_again_is_reported_not_rerolled(classic: Ruleset) -> None:
    dice = FixedDice([1, 2])
    result = roll_oracle(classic, PAY, dice)
    assert rolls_of(result) == [2]
    assert "yet again" in result.rolls[0].text
    assert result.rolls[0].rolls == ()
    assert dice.remaining == 0


def test_pay_the_price_99_100_rolls_twice_more_and_keeps_duplicates(classic: Ruleset) -> None:
    result = roll_oracle(classic, PAY, FixedDice([99, 10, 11]))
    assert result.text.startswith("Roll twice more")
    assert rolls_of(result) == [10, 11]
    assert result.rolls[0].text == result.rolls[1].text  # same row: "make it worse"


def test_pay_the_price_99_100_inside_itself_is_rerolled(classic: Ruleset) -> None:
    result = roll_oracle(classic, PAY, FixedDice([100, 99, 10, 50]))
    assert rolls_of(result) == [10, 50]


def test_pay_the_price_roll_again_then_twice_more(classic: Ruleset) -> None:
    dice = FixedDice([1, 100, 2, 50])
    result = roll_oracle(classic, PAY, dice)
    assert rolls_of(result) == [100]
    inner = result.rolls[0]
    assert rolls_of(inner) == [2, 50]
    assert "yet again" in inner.rolls[0].text and inner.rolls[0].rolls == ()
    assert dice.remaining == 0


def test_settlement_name_rolls_the_category_then_its_table(classic: Ruleset) -> None:
    result = roll_oracle(classic, "settlement name", FixedDice([1, 5]))
    assert result.roll == 1
    assert result.text.startswith("A feature of the landscape")
    (sub,) = result.rolls
    table = classic.oracles["oracle_rollable:classic/settlement/name/landscape_feature"]
    assert (sub.id, sub.roll, sub.text) == (table.id, 5, table.row_for(5).text)  # type: ignore[union-attr]


def test_settlement_name_something_else_category(classic: Ruleset) -> None:
    result = roll_oracle(classic, "settlement name", FixedDice([95, 1]))
    assert result.rolls[0].id == "oracle_rollable:classic/settlement/name/something_else"


def test_quick_settlement_name_joins_prefix_and_suffix(classic: Ruleset) -> None:
    result = roll_oracle(classic, "quick settlement name", FixedDice([1, 1]))
    assert result.roll is None
    assert [r.id.rsplit("/", 1)[-1] for r in result.rolls] == ["prefix", "suffix"]
    assert result.text == "Bleakmoor"  # "Bleak-" + "-moor", rulebook p. 180


def test_value_forces_the_first_roll_only(classic: Ruleset) -> None:
    result = roll_oracle(classic, PAY, FixedDice([50]), value=1)
    assert (result.roll, rolls_of(result)) == (1, [50])


@pytest.mark.parametrize(
    ("table", "value", "message"),
    [
        # The table by its name, and what is accepted: 0 too on a d100 (its 00).
        ("action", 101, r"^value 101 is out of range for Action \(accepted: 0 to 100 on 1d100"),
        ("action", -3, r"^value -3 .*Action \(accepted: 0 to 100"),
        (
            "ironlander names",
            201,
            r"value 201 .*for Ironlander Names \(accepted: 1 to 200 on 1d200\)",
        ),
    ],
)
def test_value_out_of_range(classic: Ruleset, table: str, value: int, message: str) -> None:
    with pytest.raises(InvalidValue, match=message):
        roll_oracle(classic, table, FixedDice([]), value=value)


def test_value_zero_reads_as_100_on_a_d100(classic: Ruleset) -> None:
    assert roll_oracle(classic, "action", FixedDice([]), value=0).roll == 100


def test_ironlander_names_uses_a_d200(classic: Ruleset) -> None:
    assert roll_oracle(classic, "ironlander names", FixedDice([]), value=150).roll == 150
    assert roll_oracle(classic, "ironlander names", FixedDice([199])).roll == 199


def test_to_json_is_nested(classic: Ruleset) -> None:
    data = roll_oracle(classic, PAY, FixedDice([2, 50])).to_json()
    assert set(data) == {"id", "name", "roll", "text", "rolls"}
    # A nested roll names its table (issue 13: a "roll again" result said "oracle None").
    assert set(data["rolls"][0]) == {"id", "name", "roll", "text", "rolls"}
    assert data["rolls"][0]["name"] == "Pay the Price"
    assert json.loads(json.dumps(data)) == data


def test_seeded_rolls_repeat(classic: Ruleset) -> None:
    first = roll_oracle(classic, "settlement name", RandomDice(7)).to_json()
    assert roll_oracle(classic, "settlement name", RandomDice(7)).to_json() == first


def test_lines_show_a_links_words_and_leave_other_brackets() -> None:
    """A row's Markdown link is shown as its words; brackets that are no link stay as written
    (the lines of a Pay the Price table roll are skipped by the link pattern when no "](" is
    in the text)."""
    linked = OracleResult("t", "Planet", 5, "[Jovian World](datasworn:x) (rare)")
    plain = OracleResult("t", "Price", 7, "[A] (b) [c]( d")
    nested = OracleResult("t", "Price", 99, "Roll twice", (plain,), rerolled=(100,))
    assert linked.lines() == ["Planet (5): Jovian World (rare)"]
    assert plain.lines() == ["Price (7): [A] (b) [c]( d"]
    assert nested.lines() == ["Price (100 rerolled, 99): Roll twice", "  Price (7): [A] (b) [c]( d"]


def test_join_parts() -> None:
    assert join_parts(["Bleak-", "-moor"]) == "Bleakmoor"
    assert join_parts(["Green-", "ford"]) == "Greenford"
    assert join_parts(["Old", "Tower"]) == "Old Tower"


# --- tables written for the test -----------------------------------------------------------


def make_ruleset(tmp_path: Path, tables: list[dict[str, Any]]) -> Ruleset:
    (tmp_path / "oracles.json").write_text(json.dumps({"oracles": tables}))
    return Ruleset("test", (Pack("test", "Test", "test", tmp_path, False),))


def table(name: str, rows: list[dict[str, Any]], dice: str = "1d10") -> dict[str, Any]:
    return {"id": f"oracle_rollable:test/{name}", "name": name.title(), "dice": dice, "rows": rows}


def test_tables_that_roll_each_other_end(tmp_path: Path) -> None:
    ruleset = make_ruleset(
        tmp_path,
        [
            table(
                "a",
                [
                    {
                        "min": 1,
                        "max": 10,
                        "text": "A",
                        "rolls": [{"oracle": "oracle_rollable:test/b"}],
                    }
                ],
            ),
            table(
                "b",
                [
                    {
                        "min": 1,
                        "max": 10,
                        "text": "B",
                        "rolls": [{"oracle": "oracle_rollable:test/a"}],
                    }
                ],
            ),
        ],
    )
    dice = FixedDice([5] * (2 + MAX_REROLLS))
    result = roll_oracle(ruleset, "a", dice)
    # a -> b -> a again: a's only row is waiting on the chain, so it is reported, not followed.
    assert [result.text, result.rolls[0].text, result.rolls[0].rolls[0].text] == ["A", "B", "A"]
    assert result.rolls[0].rolls[0].rolls == ()


def test_nesting_deeper_than_the_limit_is_a_content_error(tmp_path: Path) -> None:
    chain = [
        table(
            f"t{i}",
            [
                {
                    "min": 1,
                    "max": 10,
                    "text": str(i),
                    "rolls": [{"oracle": f"oracle_rollable:test/t{i + 1}"}],
                }
            ],
        )
        for i in range(12)
    ]
    chain.append(table("t12", [{"min": 1, "max": 10, "text": "end"}]))
    with pytest.raises(ContentError, match="deeper"):
        roll_oracle(make_ruleset(tmp_path, chain), "t0", FixedDice([1] * 20))


def test_unknown_target_table_is_a_content_error(tmp_path: Path) -> None:
    ruleset = make_ruleset(
        tmp_path,
        [
            table(
                "a",
                [
                    {
                        "min": 1,
                        "max": 10,
                        "text": "A",
                        "rolls": [{"oracle": "oracle_rollable:test/zz"}],
                    }
                ],
            )
        ],
    )
    with pytest.raises(ContentError, match="unknown table oracle_rollable:test/zz"):
        roll_oracle(ruleset, "a", FixedDice([3]))


def test_a_gap_in_a_table_is_a_content_error(tmp_path: Path) -> None:
    ruleset = make_ruleset(tmp_path, [table("a", [{"min": 1, "max": 5, "text": "low"}])])
    with pytest.raises(ContentError, match="no row for roll 7"):
        roll_oracle(ruleset, "a", FixedDice([7]))


def test_two_dice_are_summed(tmp_path: Path) -> None:
    ruleset = make_ruleset(tmp_path, [table("a", [{"min": 2, "max": 12, "text": "x"}], "2d6")])
    assert roll_oracle(ruleset, "a", FixedDice([3, 4])).roll == 7


# --- truths -----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 33, 34, 67, 68, 100])
def test_truth_roll_picks_the_option(classic: Ruleset, value: int) -> None:
    truth = classic.truth("iron")
    result = roll_truth(classic, truth, FixedDice([value]))
    assert result.roll == value
    assert result.option.min <= value <= result.option.max
    assert result.option == truth.option_for(value)


def test_truth_roll_value_is_checked(classic: Ruleset) -> None:
    with pytest.raises(InvalidValue, match="value 101"):
        roll_truth(classic, "iron", FixedDice([]), value=101)
    assert roll_truth(classic, "iron", FixedDice([]), value=0).roll == 100
