"""Play mode with the Delve pack: ``/site`` and ``/threat`` make and show sites and threats, and
the delve moves play as any move (a real process, input piped in)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from shared_files import shared_file


def run(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_sites_and_threats_in_play_mode(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "content", "import", str(shared_file("reference/datasworn/delve.json")))
    assert run(home, "character", "new", "Asha", "--stats", "3,2,2,1,1").returncode == 0
    script = [
        "/site new The Barrow --theme ancient --domain barrow --rank dangerous",
        "/move delve the depths --stat wits --dice 5,2,3,45",
        "1",  # Find an Opportunity: gain insight, +1 momentum
        "/site show",
        "/vow Break the curse --rank dangerous",
        "/threat The Hollow King --vow curse --category roll --dice 3",
        "/site bogus",
    ]
    done = run(home, "play", stdin="".join(line + "\n" for line in script))
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert "site-1: The Barrow (dangerous site, Ancient Barrow; Asha)" in out
    assert "progress 8 ticks, score 2" in out
    assert "Asha: momentum 2 -> 3" in out
    assert "threat category rolled:" in out
    assert "Traceback" not in out
    listed = run(home, "track", "list", "--json")
    kinds = sorted(t["kind"] for t in json.loads(listed.stdout))
    assert kinds == ["site", "threat", "vow"]
