"""Homebrew assets are reachable in play mode (issue 21 item 8): /homebrew new and reskin."""

from __future__ import annotations

from pathlib import Path

from play_support import KAI_STATS, operations, run_script

from ironsworn.campaign.store import CampaignStore
from ironsworn.moves.engine import MoveEngine
from ironsworn.moves.sheet import SheetOperations


def test_homebrew_new_and_reskin_in_play(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with CampaignStore.open(path, create=True) as store, store.write() as tx:
        engine = MoveEngine(tx.state)
        result = SheetOperations(engine).new_character("Kai", KAI_STATS, assets=["shield-bearer"])
        tx.append("character", result.events, character="Kai")
    run = run_script(
        path,
        [
            '/homebrew new Gunner --type combat_talent --ability "bonus:strike:taking aim"',
            '/homebrew reskin shield bearer --name "Riot Shield"',
            "/homebrew",
        ],
    )
    assert "Kai gains the asset Gunner" in run.out  # named as the player named it, not its id
    assert "card Shield-Bearer -> Riot Shield" in run.out
    assert "/homebrew needs new or reskin" in run.err
    # Two operations, each undoable; the refused one changed nothing.
    assert [kind for kind, _ in operations(path)] == ["character", "asset", "asset"]
