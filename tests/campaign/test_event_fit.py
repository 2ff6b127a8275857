"""An event fits the state when its ``from`` is the state's value (issue 24): the engine's own
events name the very value the state holds, a stored event an equal one; any other ``from`` is
refused with the message naming what the state holds, and the state is left as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ironsworn.campaign.state import CampaignState
from ironsworn.errors import CampaignError

KAI = {"name": "Kai", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}


def kai() -> CampaignState:
    state = CampaignState()
    state.apply({"type": "character_created", "character": KAI})
    return state


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "meter", "character": "Kai", "meter": "health", "from": 4, "to": 3},
            "event does not fit the state: Kai's health is 5, event says 4",
        ),
        (
            {"type": "initiative", "character": "Kai", "from": True, "to": False},
            "event does not fit the state: Kai's initiative is False, event says True",
        ),
        (
            {"type": "flag", "character": "Kai", "flag": "bonus", "from": 1, "to": 2},
            "event does not fit the state: Kai's bonus is None, event says 1",
        ),
        (
            {"type": "agenda", "from": [{"step": "x"}], "to": []},
            "event does not fit the state: the agenda is [], event says [{'step': 'x'}]",
        ),
        (
            {"type": "pending", "from": {"kind": "burn"}, "to": None},
            "event does not fit the state: the pending decision is None, event says "
            "{'kind': 'burn'}",
        ),
    ],
)
def test_an_event_from_another_value_is_refused(event: dict[str, Any], message: str) -> None:
    state = kai()
    before = state.to_dict()
    with pytest.raises(CampaignError) as refused:
        state.apply(event)
    assert str(refused.value) == message
    assert state.to_dict() == before


def test_a_stored_event_naming_an_equal_value_fits() -> None:
    """A flag holding a list, and the agenda, changed by events read back from JSON (equal
    values, not the state's own): they fit; the flag kept is a copy of the event's."""
    state = kai()
    steps = [{"step": "move", "move": "x"}]
    marked = {"type": "flag", "character": "Kai", "flag": "roles", "from": None, "to": ["a"]}
    state.apply(marked)
    assert state.characters["Kai"].flags["roles"] == ["a"]
    assert state.characters["Kai"].flags["roles"] is not marked["to"]
    stored = json.loads(json.dumps({**marked, "from": ["a"], "to": ["a", "b"]}))
    state.apply(stored)
    state.apply({"type": "agenda", "from": [], "to": steps})
    state.apply({"type": "agenda", "from": json.loads(json.dumps(steps)), "to": []})
    state.apply({"type": "meter", "character": "Kai", "meter": "health", "from": 5.0, "to": 4})
    state.apply({"type": "initiative", "character": "Kai", "from": 0, "to": True})
    kai_now = state.characters["Kai"]
    assert (kai_now.flags["roles"], state.agenda, kai_now.health, kai_now.initiative) == (
        ["a", "b"],
        [],
        4,
        True,
    )
