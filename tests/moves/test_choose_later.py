"""Step.choose_later: a choice queued to be asked once the move's own decisions are answered
(an ability's offer, an ally's "choose one"), resumed with the step's data and its context."""

from __future__ import annotations

from moves_support import BRAM_STATS, Game

from ironsworn.moves.step import Step


def test_the_choice_is_queued_with_the_steps_data_and_its_context() -> None:
    game = Game()
    game.character("Asha", BRAM_STATS)
    data = {"step": "resume", "move": "move:classic/adventure/face_danger", "character": "Asha",
            "point": "earlier", "keys": ["old"], "stat": "edge"}  # fmt: skip
    decision = {"prompt": "choose one", "options": [{"key": "a", "text": "A"}], "count": 1}
    Step(game.engine, data).choose_later("later", {**decision, "min": 0}, {"use": 1})
    Step(game.engine, data).choose_later("later", {**decision, "min": 1}, {}, who="Bram")
    first, second = game.engine._front[-2:]
    assert first == {
        "step": "ask",
        "decision": {
            "kind": "choose",
            "character": "Asha",
            "move": "move:classic/adventure/face_danger",
            **decision,
            "min": 0,
            "resume": {
                "step": "resume",
                "move": "move:classic/adventure/face_danger",
                "character": "Asha",
                "stat": "edge",
                "point": "later",
                "context": {"use": 1},
            },
        },
    }
    assert second["decision"]["character"] == "Bram"  # who chooses
    assert second["decision"]["resume"]["character"] == "Asha"  # whose step goes on
    assert data["point"] == "earlier"  # (the step itself is left as it was)
