"""Moves of two characters order their decisions (issue 19, "Together"), through the table API.

A decision that involves another character names them as ``then``; they wait for it, and a
move of theirs meanwhile is refused with a message naming whose decision comes first. Another
character acts meanwhile, and the log stays one sequence. The rulebook's words:

- Aid Your Ally: "When you Secure an Advantage in direct support of an ally" (seed 000 L2020);
- opposing an ally: "Whoever gains control of the outcome decides which of the two moves
  should be resolved" (L5211-5212); on two misses "Each of you must Pay the Price";
- a shared journey: "If you are traveling with allies, one of you makes the Undertake a
  Journey roll for each segment, and you share a progress track" (L1771-1773);
- a fight: "you each track your own initiative based on the outcome of your moves"
  (L1482-1483): a fight's sharers do not wait (an engine choice, see moves/decisions.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import RuleViolation
from ironsworn.table import Table, call

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"
STRONG, MISS_MATCH = "6,1,2", "1,9,9"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore[Any]]:
    with CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t") as opened:
        for name in ("Asha", "Kai", "Bren"):
            call(Table(opened, "t"), "character", {"name": name, "stats": STATS})
        yield opened


def seat(store: CampaignStore[Any], name: str | None) -> Table:
    return Table(store, "t", name)


def move(store: CampaignStore[Any], who: str, **args: Any) -> Any:
    return call(seat(store, who), "move", args)


def owed(store: CampaignStore[Any]) -> list[tuple[str, list[str]]]:
    """Every decision owed, as (whose, who waits on it)."""
    state = store.state()
    found = ([state.pending] if state.pending else []) + [
        e["pending"] for e in state.parked.values()
    ]
    return [(d["character"], list(d.get("then") or [])) for d in found]


def decision_of(store: CampaignStore[Any], who: str) -> dict[str, Any]:
    state = store.state()
    if state.pending and state.pending["character"] == who:
        return dict(state.pending)
    return dict(state.parked[who]["pending"])


def refused(store: CampaignStore[Any], who: str, first: str, **args: Any) -> None:
    head = store.last_operation()
    with pytest.raises(RuleViolation) as caught:
        move(store, who, **args)
    message = str(caught.value)
    assert f"{who}'s move waits for {first}'s decision first" in message, message
    assert f"{first} answers it, then {who}" in message
    assert store.last_operation() == head  # nothing written


FACE_DANGER = {"move": "face danger", "stat": "edge", "dice": STRONG}


def test_a_shared_journey_segment_comes_before_the_ally_s_roll(store: CampaignStore[Any]) -> None:
    call(
        seat(store, None),
        "track",
        {
            "kind": "journey",
            "text": "to the hills",
            "rank": "dangerous",
            "characters": ["Asha", "Kai"],
        },
    )
    move(store, "Asha", move="undertake a journey", stat="wits", dice=STRONG)
    assert owed(store) == [("Asha", ["Kai"])]
    refused(store, "Kai", "Asha", move="reach your destination", dice="1,2")
    move(store, "Bren", **FACE_DANGER)  # not on the journey: plays on
    call(seat(store, "Asha"), "choose", {"keys": ["mark_progress"]})
    assert owed(store) == []
    move(store, "Kai", move="reach your destination", dice="1,2")
    kinds = [(o.seq, o.kind, o.character) for o in store.operations()][-4:]
    assert [k[1:] for k in kinds] == [
        ("move", "Asha"),
        ("move", "Bren"),
        ("choice", "Asha"),
        ("move", "Kai"),
    ]
    assert [k[0] for k in kinds] == list(range(kinds[0][0], kinds[0][0] + 4))  # one sequence


def test_aid_your_ally_the_ally_chooses_and_the_aider_waits(store: CampaignStore[Any]) -> None:
    move(store, "Asha", move="aid your ally", ally="Kai", stat="edge", dice=STRONG)
    assert owed(store) == [("Kai", ["Asha"])]
    refused(store, "Asha", "Kai", **FACE_DANGER)
    move(store, "Bren", **FACE_DANGER)
    assert owed(store) == [("Kai", ["Asha"])]  # back as the waiting one once Bren was done
    options = decision_of(store, "Kai")["options"]
    call(seat(store, "Kai"), "choose", {"keys": [options[0]["key"]], "character": "Kai"})
    move(store, "Asha", **FACE_DANGER)
    assert owed(store) == []


def test_opposing_an_ally_the_winner_decides_first(store: CampaignStore[Any]) -> None:
    oppose = {"move": "oppose", "against": "Kai", "stat": "edge", "against_stat": "iron"}
    move(store, "Asha", **oppose, dice=f"{STRONG},{MISS_MATCH}")
    assert owed(store) == [("Asha", ["Kai"])]
    refused(store, "Kai", "Asha", **FACE_DANGER)
    call(seat(store, "Asha"), "choose", {"keys": ["ally"]})
    # Asha chose to resolve Kai's miss (a match): his Pay the Price is his to answer.
    assert owed(store) == [("Kai", [])]
    call(seat(store, "Kai"), "choose", {"keys": [decision_of(store, "Kai")["options"][0]["key"]]})
    # Two misses: Asha pays the price first, Kai's waits behind hers, then comes.
    move(store, "Asha", **oppose, dice="1,9,9,1,8,8")
    assert owed(store) == [("Asha", ["Kai"])]
    refused(store, "Kai", "Asha", **FACE_DANGER)
    asked = store.state().pending
    assert asked is not None
    call(seat(store, "Asha"), "choose", {"keys": [asked["options"][0]["key"]]})
    # Now Kai's own Pay the Price is the one waiting, and it waits on nobody.
    assert owed(store) == [("Kai", [])]


def test_a_fight_s_sharers_do_not_wait(store: CampaignStore[Any]) -> None:
    fight = {"kind": "fight", "text": "raiders", "rank": "dangerous", "characters": ["Asha", "Kai"]}
    call(seat(store, None), "track", fight)
    move(store, "Asha", move="clash", stat="iron", dice=STRONG)  # a strong hit: Asha chooses
    asked = decision_of(store, "Asha")
    assert asked["resume"]["track"] == "fight-1"  # a decision on the shared fight...
    assert owed(store) == [("Asha", [])]  # ...that makes no one wait
    move(store, "Kai", move="clash", stat="iron", dice=STRONG)


def test_a_journey_held_alone_makes_no_one_wait(store: CampaignStore[Any]) -> None:
    journey = {"kind": "journey", "text": "home", "rank": "dangerous", "characters": ["Asha"]}
    call(seat(store, None), "track", journey)
    move(store, "Asha", move="undertake a journey", stat="wits", dice=STRONG)
    assert owed(store) == [("Asha", [])]
    move(store, "Kai", **FACE_DANGER)
