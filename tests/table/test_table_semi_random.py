"""The semi-random setup through the table API (issue 21 item 9): each step a player chooses
is a declared input with its choices -- the decks left for an unseen draw, the five cards
revealed (each with its abilities) to keep three, extreme or epic for the background vow --
asked as a question when left out, with nothing written."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.export import export_json
from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.table import Question, Table, call


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        # stat 60 iron; Goal 59 "Spread faith"; Role 65; Descriptors 86, 73; Trouble 8.
        call(made, "semi_random", {"name": "Kai", "dice": [60, 59, 65, 86, 73, 8]})
        yield made


def fingerprint(table: Table) -> str:
    document = json.loads(export_json(table.store))
    document.pop("exported", None)
    return json.dumps(document, sort_keys=True)


def asked(table: Table, operation: str, args: dict[str, object], input_name: str) -> Question:
    before = fingerprint(table)
    answer = call(table, operation, args)
    assert isinstance(answer, Question), answer
    assert answer.input == input_name
    assert "--" not in json.dumps(answer.to_json())
    assert fingerprint(table) == before
    return answer


def test_each_draw_asks_the_deck_and_the_fifth_reveals_the_hand(table: Table) -> None:
    question = asked(table, "semi_random_draw", {}, "deck")
    assert question.keys() == ["combat_talent", "companion", "path", "ritual"]
    # The keep is not offered while cards are unseen.
    assert asked(table, "semi_random_keep", {}, "cards").choices == ()
    for deck in ("path", "path", "combat_talent", "ritual"):
        made = call(table, "semi_random_draw", {"deck": deck, "dice": [1]})
        assert not any(n.startswith("revealed") for n in made["notes"])
    made = call(table, "semi_random_draw", {"deck": "ritual", "dice": [2]})
    assert sum(n.startswith("revealed: ") for n in made["notes"]) == 5
    keep = asked(table, "semi_random_keep", {}, "cards")
    assert len(keep.choices) == 5 and keep.many
    assert all("1. " in c.detail for c in keep.choices)  # each card's abilities, to read
    names = [c.key for c in keep.choices if "(starts marked)" in c.detail][:3]
    call(table, "semi_random_keep", {"cards": names})
    assert [a["name"] for a in table.state().character("Kai").assets] == names


def test_the_background_vow_asks_its_rank_and_takes_the_players_words(table: Table) -> None:
    question = asked(table, "semi_random_vow", {}, "rank")
    assert question.keys() == ["extreme", "epic"]
    before = fingerprint(table)
    with pytest.raises(InvalidValue):
        call(table, "semi_random_vow", {"rank": "dangerous"})
    assert fingerprint(table) == before
    call(table, "semi_random_vow", {"rank": "extreme", "vow": "Keep the old faith alive"})
    kai = table.state().character("Kai")
    vow = table.state().tracks[kai.flags["background_vow"]]
    assert (vow.name, vow.rank) == ("Keep the old faith alive", "extreme")


def test_the_person_is_named(table: Table) -> None:
    asked(table, "semi_random_bond", {}, "person")
    call(table, "semi_random_bond", {"person": "Arna"})
    assert table.state().character("Kai").bonds == ["Arna"]
    with pytest.raises(RuleViolation):
        call(table, "semi_random_bond", {"person": "Bo"})


def test_a_second_characters_first_draws_offer_every_deck_left_in(table: Table) -> None:
    from ironsworn.table import operation

    declared = operation("semi_random").input("decks")
    assert [c.key for c in declared.choices(table, {})] == [
        "combat_talent",
        "companion",
        "path",
        "ritual",
    ]
    left = declared.choices(table, {"exclude": ["ritual"]})
    assert "ritual" not in [c.key for c in left]
