"""What the engine works out once and keeps, or only when asked (issue 24): the move a name
finds, the options a move was found to allow, an operation's log line. Kept answers must be
the answers the lookups give every time: per campaign ruleset (one content serves classic and
Starforged campaigns), never a refusal, and an options check kept for the set of options
given, whatever their values; the log line is the one the operation's own events make."""

from __future__ import annotations

import json

import pytest
from moves_support import ASHA_STATS, STRONG, Game
from sf_support import StarforgedGame

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import CampaignError, InvalidValue, NotFound
from ironsworn.moves.step import Step


def test_a_name_finds_the_move_of_each_campaigns_ruleset_from_one_content() -> None:
    classic, starforged = Game(), StarforgedGame()
    classic.engine.ruleset = starforged.engine.ruleset  # one content for both campaigns
    for _ in range(2):  # found, then kept: the same answers
        assert classic.engine.find_move("face danger").id == "move:classic/adventure/face_danger"
        assert starforged.engine.find_move("face danger").id.startswith("move:starforged/")


def test_a_name_that_finds_nothing_is_refused_every_time() -> None:
    game = Game()
    for _ in range(2):
        with pytest.raises(NotFound, match="no such move"):
            game.engine.find_move("no such move")


def test_options_allowed_for_one_move_are_refused_for_another() -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    game.move("face danger", STRONG, stat="edge")
    with pytest.raises(InvalidValue, match="stat 'edge' does not apply"):
        game.engine.make_move("turn the tide", "Asha", stat="edge")


def test_an_option_refused_stays_refused_once_others_were_allowed() -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    for dice in (STRONG, STRONG):
        game.move("face danger", dice, stat="edge")
        with pytest.raises(InvalidValue, match="amount does not apply"):
            game.engine.make_move("face danger", "Asha", stat="edge", amount=2)
    # The same options with other values: allowed as before (a stat, an add).
    game.move("face danger", STRONG, stat="wits", adds=[1])
    game.move("face danger", STRONG, stat="edge", adds=[2])
    with pytest.raises(InvalidValue, match="odds does not apply"):
        game.engine.make_move("face danger", "Asha", stat="edge", adds=[1], odds="likely")


def test_the_log_line_is_the_operations_own() -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    result = game.move("face danger", STRONG, stat="edge")
    # An event a caller adds to the result (the commit path's packs event) is not told.
    result.events.append(
        {"type": "meter", "character": "Asha", "meter": "health", "from": 5, "to": 4}
    )
    assert result.summary == "Face Danger (strong hit)"
    assert result.summary is result.summary  # worked out once
    adjusted = game.adjust("Asha", "health", -1)
    assert adjusted.summary == "health 5 -> 4"


def test_a_choice_lists_options_are_the_moves_and_the_callers_own() -> None:
    game = Game()
    game.character("Asha", ASHA_STATS)
    move = game.engine.find_move("face danger")
    ctx = Step(game.engine, {"move": move.id, "character": "Asha"})
    listed = [(o.key, o.text) for o in move.choices["weak_hit"].options]
    first = ctx.options_of("weak_hit")
    assert first == listed
    first.sort(reverse=True)  # the caller's own list (Pay the Price sorts its options)
    first.pop()
    assert ctx.options_of("weak_hit") == listed
    assert ctx.options_of("weak_hit", exclude=[listed[0][0]]) == listed[1:]


def test_a_pending_event_fits_the_decision_it_names_the_same_or_equal() -> None:
    """The engine names the state's own decision (told by identity); a stored event names an
    equal one (compared); another decision does not fit."""
    decision = {"kind": "choose", "options": [{"key": "a", "text": "A"}]}
    state = CampaignState()
    state.apply({"type": "pending", "from": None, "to": decision})
    state.apply({"type": "pending", "from": decision, "to": None})
    state.apply({"type": "pending", "from": None, "to": decision})
    state.apply({"type": "pending", "from": json.loads(json.dumps(decision)), "to": None})
    state.apply({"type": "pending", "from": None, "to": decision})
    with pytest.raises(CampaignError, match="does not fit the state"):
        state.apply({"type": "pending", "from": {**decision, "kind": "burn"}, "to": None})
    assert state.pending is decision
