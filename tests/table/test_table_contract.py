"""The table API's contract, walked over every operation of the registry.

Generated from the declarations: each required input left out gives a question (not a
traceback, not a flag), each value of the wrong kind or out of range an error naming the
input and what is accepted, and neither changes the campaign (its export is the same).
Then the first operations in real use: a move that asks its stat and completes, a decision
answered, undo, a journal entry, an oracle roll and Ask the Oracle kept, the reads.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.export import export_json
from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import Forbidden, InvalidValue, IronswornError, RuleViolation
from ironsworn.table import Operation, Question, Table, call, operation, operations

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
# A value of the wrong kind for each kind of input.
WRONG = {"text": 7, "int": "many", "bool": "yes", "texts": {"one": 1}, "ints": ["x"], "dice": True}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        call(made, "character", {"name": "Asha", "stats": STATS, "bonds": ["Ironhome"]})
        yield made


def fingerprint(table: Table) -> str:
    document = json.loads(export_json(table.store))
    document.pop("exported", None)
    return json.dumps(document, sort_keys=True)


def test_the_registry_lists_every_operation_with_its_declarations() -> None:
    names = [op.name for op in operations()]
    assert len(names) == len(set(names))
    for name in ("move", "choose", "burn", "decline", "undo", "redo", "journal", "oracle"):
        assert name in names
    assert {"ask", "state", "sheet", "character", "adjust", "track", "progress"} <= set(names)
    for op in operations():
        assert op.summary and "--" not in op.summary
        schema = op.schema()
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert set(schema["properties"]) == {i.name for i in op.inputs}
        assert set(schema["required"]) == {i.name for i in op.inputs if i.required}
        for declared in op.inputs:
            assert declared.help and "--" not in declared.help, (op.name, declared.name)
            assert "description" in schema["properties"][declared.name]
    assert operation("move").input("amount").schema() == {
        "type": "integer",
        "description": "harm, stress or other amount",
        "minimum": 0,
        "maximum": 10,
    }


def required_cases() -> list[tuple[str, str]]:
    return [(op.name, i.name) for op in operations() for i in op.inputs if i.required]


@pytest.mark.parametrize(("name", "missing"), required_cases())
def test_each_required_input_left_out_gives_a_question(
    table: Table, name: str, missing: str
) -> None:
    op = operation(name)
    before = fingerprint(table)
    # Every other required input is given something of its kind, so only one is missing.
    args = {i.name: sample(i.kind) for i in op.inputs if i.required and i.name != missing}
    answer = op.call(table, args)
    assert isinstance(answer, Question), answer
    assert answer.input == missing and answer.operation == name
    assert answer.prompt and "--" not in answer.prompt
    assert all(c.key and c.label for c in answer.choices)
    json.dumps(answer.to_json())  # a question is data
    assert fingerprint(table) == before


def blank_cases() -> list[tuple[str, str]]:
    return [(n, m) for n, m in required_cases() if operation(n).input(m).kind in ("text", "dice")]


@pytest.mark.parametrize(("name", "blank"), blank_cases())
def test_each_required_text_given_blank_is_asked_like_one_left_out(
    table: Table, name: str, blank: str
) -> None:
    # A form's empty field or a prompt answered with spaces: asked again, not refused.
    op = operation(name)
    before = fingerprint(table)
    args = {i.name: sample(i.kind) for i in op.inputs if i.required and i.name != blank}
    left_out = op.call(table, args)
    answer = op.call(table, {**args, blank: "   "})
    assert isinstance(answer, Question), answer
    assert isinstance(left_out, Question)
    assert answer.input == blank and answer.to_json() == left_out.to_json()
    assert fingerprint(table) == before


def sample(kind: str) -> Any:
    return {"text": "x", "int": 1, "bool": True, "texts": ["x"], "ints": [1], "dice": "1"}[kind]


def wrong_cases() -> list[tuple[str, str]]:
    return [(op.name, i.name) for op in operations() for i in op.inputs]


@pytest.mark.parametrize(("name", "bad"), wrong_cases())
def test_each_value_of_the_wrong_kind_names_the_input_and_changes_nothing(
    table: Table, name: str, bad: str
) -> None:
    op = operation(name)
    declared = op.input(bad)
    before = fingerprint(table)
    with pytest.raises(InvalidValue) as caught:
        op.call(table, {bad: WRONG[declared.kind]})
    assert caught.value.input == bad
    assert caught.value.accepted and bad in str(caught.value)
    assert "--" not in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.data()["input"] == bad
    assert fingerprint(table) == before


def text_cases() -> list[tuple[str, str]]:
    return [
        (op.name, i.name) for op in operations() for i in op.inputs if i.kind in ("text", "texts")
    ]


@pytest.mark.parametrize(("name", "text"), text_cases())
def test_each_text_holding_a_terminal_escape_is_refused_and_changes_nothing(
    table: Table, name: str, text: str
) -> None:
    # Text one player writes is shown on every other player's screen, a terminal among them:
    # an escape in it would be read there as a command (clear the screen, retitle the window).
    op = operation(name)
    before = fingerprint(table)
    args = {i.name: sample(i.kind) for i in op.inputs if i.required and i.name != text}
    value = "Asha\x1b[2J" if op.input(text).kind == "text" else ["Asha\x1b[2J"]
    with pytest.raises(InvalidValue) as caught:
        op.call(table, {**args, text: value})
    assert caught.value.input == text
    assert "holds U+001B (a control character)" in str(caught.value)
    assert "\n" not in str(caught.value) and "\x1b" not in str(caught.value)
    assert fingerprint(table) == before


@pytest.mark.parametrize(
    ("name", "input_name", "value", "accepted"),
    [
        (op.name, i.name, i.high + 1, f"{i.low} to {i.high}")
        for op in operations()
        for i in op.inputs
        if i.kind == "int" and i.high is not None and i.low is not None
    ],
)
def test_each_number_out_of_range_names_the_range(
    table: Table, name: str, input_name: str, value: int, accepted: str
) -> None:
    before = fingerprint(table)
    with pytest.raises(InvalidValue) as caught:
        call(table, name, {input_name: value})
    assert caught.value.input == input_name and caught.value.accepted == (accepted,)
    assert f"{input_name} {value} is out of range (accepted: {accepted})" in str(caught.value)
    assert fingerprint(table) == before


def test_an_unknown_input_or_operation_is_refused_with_those_accepted(table: Table) -> None:
    with pytest.raises(InvalidValue, match="unknown option 'sta'") as caught:
        call(table, "move", {"move": "face danger", "sta": "edge"})
    assert "stat" in caught.value.accepted
    with pytest.raises(InvalidValue, match="'teleport' is unknown") as unknown:
        call(table, "teleport", {})
    assert "move" in unknown.value.accepted


# ------------------------------------------------------------------ the first operations


def test_a_move_asks_its_stat_then_completes(table: Table) -> None:
    before = fingerprint(table)
    asked = call(table, "move", {"move": "face danger", "dice": "4,5,8"})
    assert isinstance(asked, Question) and asked.input == "stat"
    assert set(asked.keys()) == {"edge", "heart", "iron", "shadow", "wits"}
    assert fingerprint(table) == before  # asking wrote nothing
    made = call(table, "move", {**asked.args, "stat": "wits"})
    assert made["move"].endswith("face_danger") and made["character"] == "Asha"
    assert made["roll"]["stat"] == 1 and made["outcome"] == "miss"


def test_choose_burn_decline_undo_redo(table: Table) -> None:
    made = call(table, "move", {"move": "face danger", "stat": "edge", "dice": "3,5,8"})
    options = [o["key"] for o in made["pending"][0]["options"]]
    asked = call(table, "choose", {})
    assert isinstance(asked, Question) and asked.keys() == options
    answered = call(table, "choose", {"keys": ["suffer_momentum"]})
    assert table.state().pending is None and answered["effects"]
    momentum = table.state().character("Asha").momentum
    assert call(table, "undo", {})["undone"]["kind"]
    assert table.state().pending is not None
    assert call(table, "redo", {})["redone"]["kind"]
    assert table.state().character("Asha").momentum == momentum
    with pytest.raises(RuleViolation, match="no decision is pending"):
        call(table, "decline", {})


def test_journal_oracle_and_ask_kept_or_not(table: Table) -> None:
    added = call(table, "journal", {"text": "We set out."})
    assert added["added"]["kind"] == "journal" and added["added"]["character"] == "Asha"
    head = table.store.counts()
    shown = call(table, "oracle", {"oracle": "action"})
    assert table.store.counts() == head  # not kept: nothing written
    kept = call(table, "oracle", {"oracle": "action", "seed": shown["seed"], "keep": True})
    assert (kept["roll"], kept["text"]) == (shown["roll"], shown["text"])
    answer = call(table, "ask", {"odds": "50/50", "value": 51, "keep": True, "question": "Q?"})
    assert answer["answer"] == "yes"
    assert answer["question"] == "Q?"  # the question comes back with its answer
    assert "question" not in call(table, "ask", {"odds": "50/50", "value": 51})
    kinds = [o.kind for o in table.store.operations()]
    assert kinds[-2:] == ["oracle", "ask"]
    asked = call(table, "ask", {})
    assert isinstance(asked, Question) and "50/50" in [c.label for c in asked.choices]


def test_the_reads(table: Table) -> None:
    state = call(table, "state", {})
    assert state["campaign"] == "t" and state["characters"][0]["name"] == "Asha"
    assert call(table, "sheet", {"character": "asha"})["name"] == "Asha"


def test_a_seat_acts_only_for_its_character(table: Table) -> None:
    call(table, "character", {"name": "Bo", "stats": STATS})
    seated = Table(table.store, "t", seat="Bo")
    before = fingerprint(table)
    with pytest.raises(Forbidden, match="Bo"):
        call(seated, "move", {"move": "face danger", "stat": "edge", "character": "Asha"})
    assert fingerprint(table) == before


def test_oppose_asks_which_ally(table: Table) -> None:
    call(table, "character", {"name": "Bo", "stats": STATS})
    asked = call(table, "move", {"move": "oppose", "character": "Asha", "stat": "edge"})
    assert isinstance(asked, Question) and asked.input == "against"
    assert asked.keys() == ["Bo"]


def test_errors_carry_their_data() -> None:
    from ironsworn.errors import NotFound, Refused

    bad = InvalidValue(input="amount", value=99, accepted="0 to 10", why="is out of range")
    assert str(bad) == "amount 99 is out of range (accepted: 0 to 10)"
    assert bad.worded("--amount") == "--amount 99 is out of range (accepted: 0 to 10)"
    assert bad.data() == {
        "inputs": ["amount"],
        "input": "amount",
        "value": 99,
        "accepted": ["0 to 10"],
    }
    missing = NotFound(kind="move", name="dance", candidates=("dance a jig",))
    assert missing.data() == {"candidates": ["dance a jig"], "kind": "move", "name": "dance"}
    refused = Refused("Strike", "you do not have initiative")
    assert isinstance(refused, RuleViolation) and refused.data()["rule"] == "Strike"
    assert isinstance(bad, IronswornError)


def test_every_operation_is_an_operation() -> None:
    assert all(isinstance(op, Operation) for op in operations())


def test_a_new_engine_never_rewraps_the_handlers() -> None:
    """The rules' handlers are composed once, when the rulesets are built (issue 18: no
    runtime re-wrapping on every new engine): a second engine finds the same handler objects,
    and End the Fight's is the one with Slayer's trophy chained on (not the move's own)."""
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine
    from ironsworn.moves.registry import OUTCOME_HANDLERS

    first = MoveEngine(CampaignState()).rules
    before = (dict(first.outcome["classic"]), dict(first.resume))
    second = MoveEngine(CampaignState()).rules
    after = (dict(second.outcome["classic"]), dict(second.resume))
    assert all(before[0][k] is after[0][k] for k in before[0])
    assert all(before[1][k] is after[1][k] for k in before[1])
    end_the_fight = second.outcome["classic"]["end_the_fight"]
    assert end_the_fight is not OUTCOME_HANDLERS["classic"]["end_the_fight"]


def test_a_character_left_unnamed_among_several_is_asked(table: Table) -> None:
    """With two characters and none named (the guide's seat), an operation acting for one asks
    which, with both as its choices (it said "there are several characters; name one")."""
    call(table, "character", {"name": "Bo", "stats": STATS})
    before = fingerprint(table)
    for name, args in (
        ("move", {"move": "face danger", "stat": "edge", "dice": "6,1,2"}),
        ("adjust", {"meter": "health", "delta": -1}),
    ):
        asked = call(table, name, args)
        assert isinstance(asked, Question), (name, asked)
        assert asked.input == "character" and asked.keys() == ["Asha", "Bo"]
        assert "--" not in asked.prompt and "needs" not in asked.prompt
        assert fingerprint(table) == before
    made = call(table, "move", {"move": "face danger", "stat": "edge", "character": "Bo"})
    assert made["character"] == "Bo"
