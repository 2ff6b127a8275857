"""``ironsworn play`` with input piped in: a real process, no terminal, exit 0 at end of input."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from play_support import WALKTHROUGH, make_kai, operations


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
        # A decision waits (Endure Harm's choice): prose is written with /journal (issue 18:
        # a line that does not answer the decision is refused, never journal).
        "/journal The raiders' tracks lead north.",
        "/sheet",
        "/bogus",
        "/journal still playing",
    ]
    done = play(home, script, "--seed", "11")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == ["error: /bogus is not a command (/help lists them)"]
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
        "truth",
        "move",
        "choice",
        "journal",
        "journal",
    ]
    move_events = ops[5][1]
    roll = next(e for e in move_events if e["type"] == "roll")
    assert roll["roll"]["action_die"] == 4 and roll["roll"]["challenge"] == [5, 9]
    choice = next(e for e in ops[6][1] if e["type"] == "choice")
    assert choice["keys"] == ["endure_harm"]
    health = [e for e in ops[6][1] if e["type"] == "meter" and e["meter"] == "health"]
    assert health[0]["from"] == 5 and health[0]["to"] == 4
    assert ops[7][1][0]["text"] == "The raiders' tracks lead north."
    assert ops[8][1][0]["text"] == "still playing"


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


def test_what_play_mode_acknowledged_survives_a_kill(tmp_path: Path) -> None:
    """Each command is committed before its answer is printed: SIGKILL right after loses none."""
    home = tmp_path / "home"
    path = home / "campaigns" / "default.sqlite"
    make_kai(path)
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "ironsworn", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(b"/adjust health -1\n")
        process.stdin.flush()
        acknowledged = _read_until(process.stdout.fileno(), b"Kai: health 4")
        assert b"Kai: health 5 -> 4" in acknowledged
    finally:
        process.send_signal(signal.SIGKILL)  # no chance to clean up or commit anything late
        process.wait(timeout=60)
        process.stdin.close()
        process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()
    assert [kind for kind, _ in operations(path)] == ["character", "adjust"]


def _read_until(fd: int, text: bytes, deadline_s: float = 60.0) -> bytes:
    """Read a pipe until ``text`` arrives (the deadline only turns a hang into a failure)."""
    seen = b""
    deadline = time.monotonic() + deadline_s
    while text not in seen:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, 65536) if ready else b""
        if not chunk:
            raise AssertionError(f"{text!r} never came; got {seen!r}")
        seen += chunk
    return seen
