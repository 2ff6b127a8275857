"""The questions a move asks after its first, found before its roll
(:mod:`ironsworn.table.questions_ahead`): each with its choices, nothing written, no die
rolled; none for a move that asks one thing, or for an operation that is not a move."""

from __future__ import annotations

from ironsworn.table import Question, Table, call
from ironsworn.table.questions_ahead import questions_ahead


def first(table: Table, name: str, args: dict[str, object]) -> Question:
    answer = call(table, name, args)
    assert isinstance(answer, Question)
    return answer


def test_enter_the_fray_with_no_fight_asks_the_foe_then_its_rank_then_the_stat(
    asha: Table,
) -> None:
    before = len(asha.store.operations())
    foe = first(asha, "move", {"move": "enter the fray"})
    assert foe.input == "foe"
    ahead = questions_ahead(asha, foe)
    assert [q.input for q in ahead] == ["rank", "stat"]
    assert ahead[0].keys() == ["troublesome", "dangerous", "formidable", "extreme", "epic"]
    assert ahead[1].keys() == ["heart", "shadow", "wits"]
    assert len(asha.store.operations()) == before and not asha.state().tracks


def test_a_move_asking_one_thing_has_nothing_ahead(asha: Table) -> None:
    stat = first(asha, "move", {"move": "face danger", "dice": "6,1,2"})
    assert stat.input == "stat" and questions_ahead(asha, stat) == []


def test_an_operation_that_is_no_move_has_nothing_ahead(asha: Table) -> None:
    track = first(asha, "track", {"kind": "vow", "text": "Find the wolf"})
    assert track.input == "rank" and questions_ahead(asha, track) == []
