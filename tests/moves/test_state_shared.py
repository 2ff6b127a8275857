"""No operation changes in place what the campaign state holds of its decisions.

The engine shares with the state what it does not change (issue 24: copy only what an operation
changes): the decision set aside until one is set aside or taken up, and the values of a
decision's resume step, which a resume handler reads and replaces whole but never changes in
place. The state's decisions are also the from/to values of the events that made them, so a
change in place would rewrite history (and undo). Random play checks each operation: what the
state held before it (the pending decision, the steps after it, the decisions set aside) is,
after it, exactly as it was, whatever the operation did or refused.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from moves_support import MISS, Game

from ironsworn.moves.autoplay import AutoPlayer


def held(player: AutoPlayer) -> tuple[Any, Any, Any]:
    state = player.state
    return state.pending, state.agenda, state.parked


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_play_never_changes_the_states_decisions_in_place(seed: int) -> None:
    player = AutoPlayer(seed=seed)
    answered = 0
    for _ in range(400):
        before = held(player)
        kept = copy.deepcopy(before)
        answering = player.state.pending is not None
        player.step()
        assert before == kept  # the very objects the state held, unchanged
        answered += answering
        if not any(c.status == "active" for c in player.state.characters.values()):
            break
    assert answered > 20  # (the play answered decisions: their resume steps were run)


def test_a_resume_step_is_the_decisions_values_with_the_answer(game: Game) -> None:
    """The answer's step shares the decision's values (no copy of each), in its own
    dictionary: the answer's keys and step kind are not written into the decision."""
    game.move("face_danger", MISS, stat="edge")
    pending = game.state.pending
    assert pending is not None
    resume = pending["resume"]
    kept = copy.deepcopy(resume)
    seen: list[dict[str, Any]] = []
    engine = game.engine
    dispatch = engine._dispatch

    def spy(step: dict[str, Any]) -> None:
        if step.get("step") == "resume":
            seen.append(step)
        dispatch(step)

    engine._dispatch = spy  # type: ignore[method-assign]
    key = "obvious"  # (Pay the Price: the most obvious negative outcome, no dice)
    game.choose([key])
    step = seen[0]
    assert step is not resume and resume == kept
    assert step["step"] == "resume" and step["keys"] == [key]
    assert step["context"] is resume["context"]
    assert list(step)[: len(resume)] == list(resume)  # the decision's order, then the answer's
