"""An answer names the decision it answers (the web's buttons send the state's ``token``):
refused when that character's decision is another by now, so a click on a page drawn before
another device answered never answers the newer decision (whose keys may be the same). Two
decisions alike in all they show have tokens of their own (each is stamped with where it was
asked), and an answer may also give the campaign's head it was read at (``seen``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.export import export_json
from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.table import Table, call

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        call(made, "character", {"name": "Asha", "stats": STATS})
        call(made, "character", {"name": "Kai", "stats": STATS})
        yield made


def shown(table: Table) -> dict[str, dict[str, object]]:
    """Each decision owed, by character, as the state read shows it."""
    return {str(d["character"]): d for d in call(table, "state", {})["decisions"]}


def fingerprint(table: Table) -> str:
    document = json.loads(export_json(table.store))
    document.pop("exported", None)
    return json.dumps(document, sort_keys=True)


def face_danger(table: Table, who: str, dice: str) -> None:
    call(table, "move", {"move": "face danger", "character": who, "stat": "edge", "dice": dice})


@pytest.mark.parametrize("answer", ["choose", "decline"])
def test_a_stale_answer_is_refused_and_changes_nothing(table: Table, answer: str) -> None:
    face_danger(table, "Asha", "3,5,8")  # a weak hit: a choice of two
    first = shown(table)["Asha"]
    # Another device answers it, and Asha's next move asks the same keys of another roll.
    call(table, "choose", {"keys": ["suffer_momentum"], "character": "Asha"})
    face_danger(table, "Asha", "4,6,9")
    second = shown(table)["Asha"]
    keys = [[o["key"] for o in d["options"]] for d in (first, second)]  # type: ignore[attr-defined]
    assert keys[0] == keys[1]
    assert second["token"] != first["token"]
    before = fingerprint(table)
    args = {"keys": ["suffer_momentum"], "character": "Asha", "decision": first["token"]}
    with pytest.raises(RuleViolation, match="answered meanwhile") as refused:
        call(
            table,
            answer,
            args if answer == "choose" else {"character": "Asha", "decision": first["token"]},
        )
    assert "Asha now decides" in str(refused.value)
    assert fingerprint(table) == before
    # The decision shown now is answered.
    call(table, "choose", {**args, "decision": second["token"]})
    assert "Asha" not in shown(table)


def test_each_character_s_decision_is_named_by_its_own_token(table: Table) -> None:
    face_danger(table, "Asha", "3,5,8")
    face_danger(table, "Kai", "3,5,8")  # Asha's is set aside while Kai acts
    owed = shown(table)
    assert set(owed) == {"Asha", "Kai"}
    with pytest.raises(RuleViolation, match="answered meanwhile"):
        call(table, "choose", {"keys": ["suffer_momentum"], "character": "Asha",
                               "decision": owed["Kai"]["token"]})  # fmt: skip
    call(table, "choose", {"keys": ["suffer_momentum"], "character": "Asha",
                           "decision": owed["Asha"]["token"]})  # fmt: skip
    assert set(shown(table)) == {"Kai"}
    assert shown(table)["Kai"]["token"] == owed["Kai"]["token"]  # the same decision, still


def test_an_answer_without_a_token_is_taken_as_before(table: Table) -> None:
    face_danger(table, "Asha", "3,5,8")
    call(table, "choose", {"keys": ["suffer_momentum"], "character": "Asha"})
    assert shown(table) == {}


def test_an_answer_read_before_an_alike_decision_came_is_refused(table: Table) -> None:
    face_danger(table, "Asha", "1,9,9")  # a miss with a match: Pay the Price asks which way
    first, seen = shown(table)["Asha"], table.store.head()
    call(table, "choose", {"keys": ["obvious"], "character": "Asha"})
    face_danger(table, "Asha", "2,8,8")  # another miss with a match: the same question
    second = shown(table)["Asha"]
    # Alike in all it shows, and told apart by its token all the same (the two had one token,
    # so an answer that sent only the token was taken by the second).
    assert {k: v for k, v in second.items() if k != "token"} == {
        k: v for k, v in first.items() if k != "token"
    }
    assert second["token"] != first["token"]
    before = fingerprint(table)
    stale = {"keys": ["obvious"], "character": "Asha", "decision": first["token"], "seen": seen}
    with pytest.raises(RuleViolation, match="Asha's decision was answered meanwhile"):
        call(table, "choose", stale)
    with pytest.raises(RuleViolation, match="answered meanwhile"):
        call(table, "choose", {**stale, "seen": table.store.head()})
    with pytest.raises(RuleViolation, match="answered meanwhile"):
        call(table, "decline", {"character": "Asha", "seen": seen})
    assert fingerprint(table) == before
    call(table, "choose", {**stale, "decision": second["token"], "seen": table.store.head()})
    assert shown(table) == {}


def test_another_character_s_move_meanwhile_leaves_the_answer_good(table: Table) -> None:
    face_danger(table, "Asha", "3,5,8")
    mine, seen = shown(table)["Asha"], table.store.head()
    face_danger(table, "Kai", "3,5,8")  # sets Asha's decision aside: still hers, unanswered
    answer = {"keys": ["suffer_momentum"], "character": "Asha", "decision": mine["token"]}
    call(table, "choose", {**answer, "seen": seen})
    assert set(shown(table)) == {"Kai"}


def test_an_answer_undone_gives_the_decision_back_to_be_answered(table: Table) -> None:
    # The page draws Asha's decision again once the guide undoes her answer: its head is
    # below the undone answer's seq, and the answer it sends is good.
    face_danger(table, "Asha", "1,9,9")
    call(table, "choose", {"keys": ["obvious"], "character": "Asha"})
    call(table, "undo", {})
    again, seen = shown(table)["Asha"], table.store.head()
    answer = {"keys": ["obvious"], "character": "Asha", "decision": again["token"], "seen": seen}
    call(table, "choose", answer)
    assert shown(table) == {}


@pytest.mark.parametrize("answer", ["choose", "burn", "decline"])
def test_a_token_never_given_is_refused_as_unknown_naming_the_one_owed(
    table: Table, answer: str
) -> None:
    # A made-up token read "that decision was answered meanwhile": as if it had been real once.
    face_danger(table, "Asha", "1,9,9")  # a miss: Pay the Price asks which way
    owed = shown(table)["Asha"]["token"]
    before = fingerprint(table)
    with pytest.raises(InvalidValue) as refused:
        keys = {"keys": ["obvious"]} if answer == "choose" else {}
        call(table, answer, {**keys, "decision": "made-up"})
    line = str(refused.value)
    assert line.startswith("decision 'made-up' is no decision's token in this campaign")
    assert f"accepted: the token of a decision owed now: {owed} (Asha's)" in line
    assert refused.value.input == "decision" and refused.value.accepted == (owed,)
    assert fingerprint(table) == before


def test_the_token_of_a_decision_answered_or_undone_stays_stale(table: Table) -> None:
    face_danger(table, "Asha", "1,9,9")
    answered = shown(table)["Asha"]["token"]
    call(table, "choose", {"keys": ["obvious"], "character": "Asha"})
    face_danger(table, "Asha", "3,5,8")
    undone = shown(table)["Asha"]["token"]
    call(table, "undo", {})
    face_danger(table, "Asha", "2,8,8")
    for token in (answered, undone):
        with pytest.raises(RuleViolation, match="answered meanwhile"):
            call(table, "choose", {"keys": ["obvious"], "decision": token})


def test_a_head_the_campaign_never_reached_is_refused_as_unknown(table: Table) -> None:
    face_danger(table, "Asha", "1,9,9")
    head = table.store.head()
    before = fingerprint(table)
    with pytest.raises(InvalidValue) as refused:
        call(table, "choose", {"keys": ["obvious"], "seen": head + 50})
    assert str(refused.value) == (
        f"seen {head + 50} is past every head this campaign has had (accepted: the 'seen' "
        f"shown beside a decision, 0 to {head})"
    )
    assert fingerprint(table) == before
    # A head read before an undo is one it had: the answer is taken.
    call(table, "undo", {})
    face_danger(table, "Asha", "1,9,9")
    call(table, "undo", {})
    face_danger(table, "Asha", "1,9,9")
    call(table, "choose", {"keys": ["obvious"], "seen": table.store.head()})
