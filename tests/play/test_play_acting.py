"""/as: with several characters, the acting one stands in for --character."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ironsworn.campaign.store import CampaignStore


def play(home: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", "play"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_as_sets_the_acting_character(tmp_path: Path) -> None:
    for name, stats in (
        ("Asha", "edge=3,heart=2,iron=2,shadow=1,wits=1"),
        ("Kai", "edge=1,heart=2,iron=3,shadow=2,wits=1"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "ironsworn", "character", "new", name, "--stats", stats],
            env={**os.environ, "IRONSWORN_HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.returncode == 0
    result = play(
        tmp_path,
        [
            "/as Kai",
            "/move face danger --stat iron --dice 6,1,2",
            "Kai strides across the ford.",
            "/as",
            "/as Nobody",
        ],
    )
    assert result.returncode == 0, result.stderr
    assert "now acting as Kai" in result.stdout + result.stderr
    assert "acting: Kai" in result.stdout + result.stderr
    assert "'Nobody'" in result.stderr
    with CampaignStore.open(tmp_path / "campaigns" / "default.sqlite") as store:
        state = store.state()
        assert state.characters["Kai"].momentum == 3  # the strong hit went to Kai
        assert state.characters["Asha"].momentum == 2
        journal = [op for op in store.operations() if op.kind == "journal"]
        assert journal[-1].character == "Kai"
