"""Every move of both rulesets, made with nothing given: each question it asks is answered
(its first choice, or words of one's own) and the answer is taken. An answer refused as an
option the move does not read ("rank does not apply to Swear an Iron Vow") is a question
asked in vain; the move may still be refused for a rule of the game (no fight to end)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.content import load_library
from ironsworn.errors import IronswornError
from ironsworn.table import Question, Table, call

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def moves_of(ruleset: str) -> list[str]:
    return [m.name for m in load_library().in_ruleset("moves", ruleset).values()]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("every-move")


def fresh(folder: Path, ruleset: str, name: str) -> Iterator[Table]:
    store = CampaignStore.open(folder / f"{name}.sqlite", create=True, name=name)
    with store:
        table = Table(store, name)
        if ruleset != "classic":
            call(table, "ruleset", {"ruleset": ruleset})
        bonds = ["Ironhome"] if ruleset == "classic" else []  # (Starforged: connections)
        call(table, "character", {"name": "Asha", "stats": STATS, "bonds": bonds})
        yield table


def answer(question: Question) -> Any:
    """The first choice, or words of one's own for an open question without choices."""
    if question.choices:
        key: Any = question.choices[0].key
        return [key] if question.many or question.kind in ("texts", "ints") else key
    if question.kind in ("int", "ints"):
        low = question.low if question.low is not None else 1
        return [low] if question.kind == "ints" else low
    return "the words of a player"


CASES = [(r, m) for r in ("classic", "starforged") for m in moves_of(r)]


@pytest.mark.parametrize(("ruleset", "move"), CASES, ids=[f"{r}:{m}" for r, m in CASES])
def test_each_answer_to_a_moves_question_is_taken(folder: Path, ruleset: str, move: str) -> None:
    name = f"{ruleset}-{move}".replace(" ", "-").replace("'", "").lower()
    for table in fresh(folder, ruleset, name):
        args: dict[str, Any] = {"move": move, "seed": "7"}
        asked: list[str] = []
        for _ in range(12):
            try:
                got = call(table, "move", args)
            except IronswornError as exc:
                # A rule of the game may refuse the move now; an answer it asked for may not.
                said = str(exc)
                assert not (asked and "does not apply" in said), (asked, said)
                return
            if not isinstance(got, Question):
                return  # made
            assert got.input not in asked, f"{got.input} asked again after {asked}"
            asked.append(got.input)
            args[got.input] = answer(got)
        pytest.fail(f"{move}: still asking after {asked}")
