"""The asset reach index (issue 24) on the Starforged deck: exact for every card and move.

:mod:`ironsworn.moves.assets.reach` lets a move skip an asset hook's walk of the character's
cards when no marked ability reaches that moment; ``test_asset_reach.py`` checks it on the
classic cards. The Starforged cards come from the player's Datasworn file (imported here from
``../shared/reference/datasworn/starforged.json``) with effects of their own
(:mod:`ironsworn.content.starforged_effects`), so the same comparison is made on them: for each
card with one ability marked, against every Starforged move (no Starforged card gives one), the
moments the index names are exactly those at which the hooks, walking the cards unindexed
with every condition made to pass, find the ability.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sf_assets_support import SfGame, starforged_home
from test_asset_reach import card_record

from ironsworn.content import load_library
from ironsworn.content.model import Asset, Move
from ironsworn.moves.assets import after_roll, handlers, matching, reach
from ironsworn.moves.step import Step

__all__ = ["starforged_home"]

JsonDict = dict[str, Any]


@pytest.fixture(autouse=True)
def private_home(starforged_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("IRONSWORN_HOME", str(starforged_home))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    return starforged_home


@pytest.fixture(scope="module")
def kira(starforged_home: Path) -> SfGame:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IRONSWORN_HOME", str(starforged_home))
        return SfGame()


def deck() -> list[Asset]:
    return list(load_library().in_ruleset("assets", "starforged").values())


def every_move() -> list[Move]:
    return list(load_library().in_ruleset("moves", "starforged").values())


def walked(game: SfGame, asset: Asset, ability: int, move: Move, patch: pytest.MonkeyPatch) -> int:
    """The moments at which the hooks, walking every card unindexed, find the ability."""
    engine = game.engine
    record = card_record(asset, ability)
    game.state.character("Kira").assets = [record]
    found = 0
    with patch.context() as inner:
        inner.setattr(reach, "reached", lambda ruleset, records, move: reach.EVERY)
        inner.setattr(matching, "_conditions_hold", lambda ctx, effect, record: True)
        inner.setattr(after_roll, "_companion_ready", lambda char, extra: True)
        step: JsonDict = {"step": "move", "move": move.id, "character": "Kira"}
        uses = matching.candidate_uses(Step(engine, step), move)
        if any(u["ability"] == ability for u in uses):
            found |= reach.USES
        every = [{"asset": record["id"], "ability": i} for i in range(len(record["abilities"]))]
        offers = after_roll._offers(engine, {**step, "asset_uses": every})
        if any(o["ability"] == ability for o in offers):
            found |= reach.AFTER_ROLL
        result = engine.operation("edit", "Kira", lambda: handlers.reminders(Step(engine, step)))
        if any(n.startswith("reminder: ") for n in result.notes):
            found |= reach.REMINDER
    return found


def test_the_index_names_exactly_the_moments_the_hooks_find_a_starforged_ability_at(
    kira: SfGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = kira.engine.ruleset
    moves = every_move()
    cards = deck()
    assert (len(cards), len(moves)) == (87, 56)  # the deck and the moves (no card gives one)
    wrong = []
    seen = 0
    for asset in cards:
        for ability in range(len(asset.abilities)):
            record = card_record(asset, ability)
            for move in moves:
                indexed = reach.reached(ruleset, [record], move)
                seen |= indexed
                found = walked(kira, asset, ability, move, monkeypatch)
                if indexed != found:
                    label = f"{asset.id.rsplit('/', 1)[-1]}:{ability + 1}"
                    wrong.append((label, move.id, f"index {indexed}", f"hooks {found}"))
    assert not wrong[:20], len(wrong)
    # The comparison meant something: Starforged abilities reach the uses and the adds after
    # the roll (no Starforged card has a reminder tied to moves).
    assert seen == reach.USES | reach.AFTER_ROLL
