"""A campaign file saved by schema version 1 (committed in fixtures/) opens, migrated, with the
real game state: the sheet, the vow, the journal, and undo works on it."""

from __future__ import annotations

import shutil
from pathlib import Path

from ironsworn.campaign.store import CampaignStore

FIXTURE = Path(__file__).parent / "fixtures" / "v1_campaign.sqlite"


def test_saved_v1_campaign_migrates_with_its_game_state(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURE, path)
    with CampaignStore.open(path) as store:
        state = store.state()
        sheet = state.sheet("Kai")
        # strong hit +1 momentum (2 -> 3); weak hit, suffer -1 supply (5 -> 4)
        assert (sheet["momentum"], sheet["supply"], sheet["health"]) == (3, 4, 5)
        assert sheet["bonds"]["list"] == ["Elda"]
        assert sheet["vows"] == [
            {
                "id": "vow-1",
                "name": "Avenge the burned village",
                "rank": "dangerous",
                "ticks": 8,
                "score": 2,
            }
        ]
        ops = store.operations()
        assert [o.kind for o in ops] == [
            "character",
            "vow",
            "move",
            "move",
            "choice",
            "move",
            "journal",
        ]
        assert ops[-1].events[0]["text"].startswith("Smoke on the horizon")
        undone = store.undo()
        assert undone is not None and undone.kind == "journal"
        store.undo()  # the milestone
        assert store.state().tracks["vow-1"].ticks == 0
        store.redo()
        assert store.state().tracks["vow-1"].ticks == 8
    # The committed fixture itself is never written.
    assert FIXTURE.read_bytes() != path.read_bytes()
