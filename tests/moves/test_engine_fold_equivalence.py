"""The move engine's state is the fold of its events, over long random play (issue 24).

The engine changes the campaign state in place as it goes, through shortcuts the fold does
not take (events it builds are folded without looking their definition up again, the agenda
and the pending decision are shared rather than copied, indexes are kept up to date instead
of rebuilt). Whatever it does to be fast, the state it keeps must be exactly what a fresh
fold of its events gives, through the checked path a stored campaign is loaded by
(:meth:`~ironsworn.campaign.state.CampaignState.apply`, every event's definition looked up).

Random classic play by :class:`~ironsworn.moves.autoplay.AutoPlayer` over a few fixed seeds
(moves, every decision answered at random, refusals), long enough to meet every common chain
(fights, journeys, vows, Pay the Price, deaths that end a campaign):

- after every operation, the events the engine returned, folded into an independent copy of
  the state (built from the characters' creation), give the engine's state, as JSON;
- every event is checked on the way (an unknown type or a missing field is refused);
- a refused operation changes nothing: it returns no events, and the state is still the
  fold of the events returned (the player's new tracks made before a refused move stay).

No digest of the events is hard-coded: the fold is the reference. A seed's play ends when
every character is gone.
"""

from __future__ import annotations

from typing import Any

import pytest

from ironsworn.campaign.events import check_event
from ironsworn.campaign.state import CampaignState
from ironsworn.errors import IronswornError
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.engine import OperationResult

JsonDict = dict[str, Any]

SEEDS = (3, 11, 24, 97)
OPERATIONS = 300  # per seed: a few seconds for all of them


@pytest.mark.parametrize("seed", SEEDS)
def test_engine_state_is_the_fold_of_its_events(seed: int) -> None:
    player = AutoPlayer(seed=seed)
    # The independent copy: the characters as created, then only the events returned.
    folded = CampaignState.from_dict(player.state.to_dict())
    results: list[OperationResult] = []
    operation = player.engine.operation

    def keep(*args: Any) -> OperationResult:
        # Every operation the player makes (its new tracks too), as it returns.
        result = operation(*args)
        results.append(result)
        return result

    player.engine.operation = keep  # type: ignore[method-assign]
    refused = events = 0
    for _ in range(OPERATIONS):
        if not any(c.status == "active" for c in player.state.characters.values()):
            break
        kept = len(results)
        try:
            if player.state.pending is not None:
                player._answer()
            else:
                player._move()
        except IronswornError:
            refused += 1
        for result in results[kept:]:
            for event in result.events:
                check_event(event)
                folded.apply(event)
                events += 1
        assert player.state.to_dict() == folded.to_dict()
    # The play was long enough to mean something: moves, answers and refusals all seen.
    assert events > OPERATIONS
    assert refused > 0
    assert any(r.kind == "choice" for r in results)
