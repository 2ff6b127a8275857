"""Answering a decision and who waits on one, through the engine's quick paths (issue 24).

An answer without words is recorded without working words out, one key is never checked for
twice, and the record of the answer joins the operation's events without changing the state;
the characters a decision names as ``then`` are looked up once each. These tests pin what
those paths give: the same events, refusals and names as the rules ask for.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict, namedtuple
from typing import Any

import pytest

from ironsworn.errors import InvalidValue
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.engine import MoveEngine
from ironsworn.moves.sheet import SheetOperations
from ironsworn.moves.step import own_step

JsonDict = dict[str, Any]


class _Dice:
    """Typed-in dice, over and over."""

    def __init__(self, values: list[int]) -> None:
        self._values = itertools.cycle(values)

    def roll(self, sides: int) -> int:
        return next(self._values)


def _engine(dice: list[int]) -> MoveEngine:
    engine = AutoPlayer(seed=0).engine  # Asha and Kai
    engine.dice = _Dice(dice)
    return engine


def test_an_answer_without_words_is_recorded_as_chosen_and_resumes_its_move() -> None:
    engine = _engine([6, 1, 1])  # a strong hit
    asked = engine.make_move("secure_an_advantage", "Kai", stat="wits").pending
    assert asked is not None and "text" not in asked
    result = engine.choose(["take_control"])
    assert result.events[0] == {
        "type": "choice",
        "character": "Kai",
        "move": "move:classic/adventure/secure_an_advantage",
        "point": "secure_an_advantage.strong_hit",
        "keys": ["take_control"],
        "options": [next(o["text"] for o in asked["options"] if o["key"] == "take_control")],
    }
    assert result.events[0]["options"][0].startswith("Take control: Make another move now")
    assert [e["type"] for e in result.events] == ["choice", "flag", "note", "pending"]
    assert engine.state.pending is None and result.pending is None


def test_words_given_to_a_decision_that_asks_none_are_refused_and_change_nothing() -> None:
    engine = _engine([6, 1, 1])
    engine.make_move("secure_an_advantage", "Kai", stat="wits")
    before = engine.state.to_dict()
    with pytest.raises(InvalidValue, match="is not asked for by this answer"):
        engine.choose(["take_control"], text="a name")
    assert engine.state.to_dict() == before


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        (["relax", "relax"], "each option can be chosen only once: relax relax"),
        (["relax", "focus", "relax"], "each option can be chosen only once"),
        (["rest"], "option 'rest' is not offered"),
        ([], "0 option"),
    ],
)
def test_a_bad_answer_is_refused_and_changes_nothing(keys: list[str], message: str) -> None:
    engine = _engine([6, 1, 1])
    asked = engine.make_move("make_camp", "Kai").pending
    assert asked is not None and int(asked["count"]) >= 2  # a strong hit: choose two
    before = engine.state.to_dict()
    with pytest.raises(InvalidValue, match=message):
        engine.choose(keys)
    assert engine.state.to_dict() == before


def _follows(engine: MoveEngine, resume: JsonDict) -> list[str]:
    return engine._who_follows({"kind": "choose", "character": "Asha", "resume": resume})


def test_who_follows_names_each_active_character_once_in_order() -> None:
    engine = _engine([6, 1, 1])
    sheet = SheetOperations(engine)
    sheet.new_track("journey", "the long road", "troublesome", ["Asha", "Kai"])
    journey = next(t.id for t in engine.state.tracks.values() if t.kind == "journey")
    sheet.new_track("fight", "a brawl", "formidable", ["Asha", "Kai"])
    fight = next(t.id for t in engine.state.tracks.values() if t.kind == "fight")
    # The owner is never named; a shared track's other sharers are (not a fight's).
    assert _follows(engine, {"character": "Asha"}) == []
    assert _follows(engine, {"character": "Asha", "track": journey}) == ["Kai"]
    assert _follows(engine, {"character": "Asha", "track": fight}) == []
    # An ally named by a record or by name, and a step queued after it: named once.
    assert _follows(engine, {"character": "Asha", "ally": {"character": "Kai"}}) == ["Kai"]
    engine.agenda = [{"step": "move", "character": "Kai"}]
    assert _follows(engine, {"character": "Asha", "ally": "Kai", "track": journey}) == ["Kai"]
    engine.agenda = []
    # A name that is no character, and a character whose story has ended: not waited on.
    assert _follows(engine, {"character": "Asha", "who": "Elda"}) == []
    engine.state.characters["Kai"].status = "dead"
    assert _follows(engine, {"character": "Asha", "track": journey}) == []


def test_own_step_copies_every_container_however_typed_and_keeps_the_scalars() -> None:
    """The scalars are passed over by their type; a container of a subclass (an ordered dict, a
    named tuple) is still a container, copied to JSON's shape as before."""
    pair = namedtuple("pair", "a b")
    step: JsonDict = {
        "step": "resume",
        "who": "Kai",
        "count": 2,
        "weight": 0.5,
        "main": True,
        "track": None,
        "context": OrderedDict(keys=["a"]),
        "aiders": pair(["Kai"], 1),
    }
    own = own_step(step)
    assert own == {**step, "context": {"keys": ["a"]}, "aiders": [["Kai"], 1]}
    assert type(own["context"]) is dict and own["context"]["keys"] is not step["context"]["keys"]
    assert type(own["aiders"]) is list and own["aiders"][0] is not step["aiders"][0]
    for key in ("step", "who", "count", "weight", "main", "track"):
        assert own[key] is step[key]
