"""``ironsworn play`` with input piped in: a real process, no terminal, exit 0 at end of input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from play_support import WALKTHROUGH, operations


def play(home: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", "play", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,  # a hang is a failure, not a wait forever
    )


def test_a_piped_session_creates_plays_and_keeps_everything(tmp_path: Path) -> None:
    home = tmp_path / "home"
    script = [
        *WALKTHROUGH,
        "/move face danger --stat edge --dice 4,5,9",
        "2",  # Endure Harm (1 harm): a follow-on roll with the session's dice
        "The raiders' tracks lead north.",
        "/sheet",
        "/bogus",
        "/journal still playing",
    ]
    done = play(home, script, "--seed", "11")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "error: /bogus is not a command; did you mean /log? (/help lists them)"
    ]
    out = done.stdout
    assert "Kai is made" in out
    assert "WEAK HIT" in out and "Kai decides — Face Danger: choose one" in out
    assert "Endure Harm (+health)" in out  # the follow-on move the answer started
    assert "experience 0 earned" in out  # the sheet

    ops = operations(home / "campaigns" / "default.sqlite")
    assert [kind for kind, _ in ops] == [
        "character",
        "vow",
        "vow",
        "journal",
        "move",
        "choice",
        "journal",
        "journal",
    ]
    move_events = ops[4][1]
    roll = next(e for e in move_events if e["type"] == "roll")
    assert roll["roll"]["action_die"] == 4 and roll["roll"]["challenge"] == [5, 9]
    choice = next(e for e in ops[5][1] if e["type"] == "choice")
    assert choice["keys"] == ["endure_harm"]
    health = [e for e in ops[5][1] if e["type"] == "meter" and e["meter"] == "health"]
    assert health[0]["from"] == 5 and health[0]["to"] == 4
    assert ops[6][1][0]["text"] == "The raiders' tracks lead north."
    assert ops[7][1][0]["text"] == "still playing"


def test_an_empty_input_exits_zero_and_writes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = play(home, [])
    assert done.returncode == 0
    assert operations(home / "campaigns" / "default.sqlite") == []


def test_play_takes_campaign_and_json(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "elsewhere.sqlite"
    script = ["/skip", "/ask likely --value 80", "A quiet night."]
    done = play(home, script, "--campaign", str(path))
    assert done.returncode == 0, done.stderr
    assert "Likely (26+): rolled 80 — YES" in done.stdout
    assert [kind for kind, _ in operations(path)] == ["ask", "journal"]
    assert not (home / "campaigns" / "default.sqlite").exists()

    done = play(home, ["/ask unlikely --value 80"], "--campaign", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert '"answer": "yes"' in done.stdout
