"""The engine's state shares the decision and the agenda with its events, without copies
(issue 24): random play with undo keeps the state equal to a fresh fold, and never changes an
event once written.

The campaign state takes the pending decision, the agenda and the decisions set aside as an
event gives them, and the engine copies only what it changes in place (the agenda's steps, a
decision's resume step). Hypothesis draws random classic play (moves and every decision they
ask, answered at random by :class:`~ironsworn.moves.autoplay.AutoPlayer`), taking operations
back at random (newest first, as undo does) and making them again. After every step:

- the state equals the fold of every operation still kept, from the characters' creation;
- every event kept is exactly as it was when its operation returned (as JSON): no later
  operation, answer or undo changed a decision, an agenda or a step an event holds.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ironsworn.campaign.state import CampaignState
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.engine import OperationResult
from ironsworn.moves.step import own_agenda, own_step

JsonDict = dict[str, Any]


def _fold(start: JsonDict, events: list[JsonDict]) -> JsonDict:
    state = CampaignState.from_dict(start)
    for event in events:
        state.apply(event)
    return state.to_dict()


@settings(
    max_examples=30,
    deadline=None,
    database=None,  # nothing written into the working tree
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_with_undo_keeps_state_and_events(seed: int, data: st.DataObject) -> None:
    player = AutoPlayer(seed=seed)
    start = player.state.to_dict()  # the two characters, as created
    kept: list[tuple[list[JsonDict], str]] = []
    operation = player.engine.operation

    def keep(*args: Any) -> OperationResult:
        # Every operation the player makes (its new tracks too), as it returns.
        result = operation(*args)
        if result.events:
            kept.append((result.events, json.dumps(result.events, sort_keys=True)))
        return result

    player.engine.operation = keep  # type: ignore[method-assign]
    for _ in range(60):
        if kept and data.draw(st.integers(0, 4)) == 0:
            events, _ = kept.pop()
            for event in reversed(events):
                player.state.revert(event)  # undo in memory: newest event first
        else:
            player.step()
        everything = [e for events, _ in kept for e in events]
        assert player.state.to_dict() == _fold(start, everything)
        for events, written in kept:
            assert json.dumps(events, sort_keys=True) == written


def test_the_engines_own_step_shares_only_the_roll() -> None:
    """A step taken from the state (a decision's resume step, the agenda's steps) is the
    engine's own to change, all but its roll, which is never changed once rolled (its move's
    roll event holds the same record): the roll is shared, every other value copied."""
    roll = {"type": "action", "challenge": [3, 9], "burn": {"outcome": "weak_hit"}}
    step: JsonDict = {
        "step": "outcome",
        "move": "move:classic/adventure/face_danger",
        "adds": [1],
        "context": {"keys": ["a"]},
        "roll": roll,
        "aiders": ({"name": "Kai"},),
    }
    own = own_step(step)
    assert own == {**step, "aiders": [{"name": "Kai"}]}  # JSON's shape, as copy_json gives it
    assert own["roll"] is roll
    assert list(own) == list(step)  # in the step's order
    assert own["adds"] is not step["adds"] and own["context"] is not step["context"]
    assert own["aiders"][0] is not step["aiders"][0]
    own["adds"].append(2)
    own["context"]["keys"].append("b")
    own["track"] = "vow-1"
    assert step["adds"] == [1] and step["context"] == {"keys": ["a"]} and "track" not in step
    # An agenda: each step the engine's own; anything but a step is copied whole.
    agenda = own_agenda([step, ["odd"]])
    assert agenda == [own_step(step), ["odd"]] and agenda[0]["roll"] is roll
