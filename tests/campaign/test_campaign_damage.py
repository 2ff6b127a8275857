"""Damaged campaign files and awkward paths (issue 8, reliability findings 1, 6, 7 and 9).

Each case comes from a fuzzing run: the command must end with one line and exit 2 (or work),
never a traceback, and a refused command must not change any file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ironsworn.cli.main import main

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> bool:
    return err.startswith("ironsworn: error: ") and err.count("\n") == 1


def fingerprint(folder: Path) -> dict[str, str]:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture
def home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """A data home with one campaign: a character, then a journal entry."""
    folder = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(folder))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "character", "new", "Kai", "--stats", STATS)[0] == 0
    assert run(capsys, "journal", "add", "The", "road", "north")[0] == 0
    return folder


def campaign(home: Path) -> Path:
    return home / "campaigns" / "default.sqlite"


def execute(path: Path, sql: str, *params: Any) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(sql, params)
        conn.commit()
    finally:
        conn.close()


# --- finding 1: export never renames over something that is not a regular file ------------


def test_export_writes_into_a_pipe_and_leaves_it_a_pipe(home: Path, tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []

    def read() -> None:
        with open(pipe, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        # In a child with a time limit: an export that opened the pipe to read would hang.
        done = subprocess.run(
            [sys.executable, "-m", "ironsworn", "export", "markdown", "-o", str(pipe)],
            capture_output=True,
            timeout=60,
            check=False,
        )
    finally:
        with contextlib.suppress(OSError):  # let a reader still waiting see the end
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=10)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)  # still the pipe, not a file renamed over it
    assert b"The road north" in received[0]


def test_export_to_a_device_writes_to_it(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-o /dev/null`` as root: a character device is written to, never replaced.

    A copy of /dev/null is made in the test folder (the real one is not put at risk).
    """
    null = tmp_path / "null"
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        null = Path(os.devnull)  # not root: the real one cannot be replaced anyway
    code, _out, err = run(capsys, "export", "markdown", "-o", str(null))
    assert code == 0, err
    assert stat.S_ISCHR(os.stat(null).st_mode)
    assert not list(tmp_path.glob(".null.*"))  # no temporary file left beside it


def test_export_through_a_link_keeps_the_link(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "story.md"
    real.write_text("old\n")
    link = tmp_path / "latest.md"
    link.symlink_to(real)
    assert run(capsys, "export", "markdown", "-o", str(link))[0] == 0
    assert link.is_symlink() and "The road north" in real.read_text()


def test_export_to_dash_is_standard_output(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "export", "markdown", "-o", "-")
    assert code == 0 and "The road north" in out
    assert not (tmp_path / "-").exists()


# --- finding 6: one line, exit 2, no file changed -----------------------------------------


def _drop_snapshots(home: Path) -> None:
    execute(campaign(home), "DROP TABLE snapshots")


def _header_byte_18(home: Path) -> None:
    with open(campaign(home), "r+b") as handle:
        handle.seek(18)
        handle.write(b"\x07")


def _current_not_utf8(home: Path) -> None:
    (home / "current").write_bytes(b"ab\xff\n")


def _nothing(home: Path) -> None:
    pass


# (what is damaged, how, the command, what the line names)
REFUSED: list[tuple[str, Callable[[Path], None], list[str], str]] = [
    ("no such user", _nothing, ["log", "--campaign", "~nouser_x/x.sqlite"], "'~nouser_x'"),
    ("no such user", _nothing, ["adjust", "health", "-1", "--campaign", "~nouser_x/c"], "home"),
    ("no such user", _nothing, ["export", "json", "-o", "~nouser_x/out.json"], "-o"),
    ("no such user", _nothing, ["import", "json", "~nouser_x/in.json"], "import file"),
    ("export to .", _nothing, ["export", "markdown", "-o", "."], "directory"),
    ("export to /", _nothing, ["export", "json", "-o", "/"], "directory"),
    ("current not UTF-8", _current_not_utf8, ["log"], "not UTF-8"),
    ("current not UTF-8", _current_not_utf8, ["adjust", "health", "-1"], "not UTF-8"),
    ("snapshots dropped", _drop_snapshots, ["adjust", "health", "-1"], "snapshots"),
    ("snapshots dropped", _drop_snapshots, ["sheet"], "snapshots"),
    ("snapshots dropped", _drop_snapshots, ["undo"], "snapshots"),
    ("header byte 18", _header_byte_18, ["adjust", "health", "-1"], "readonly"),
    ("header byte 18", _header_byte_18, ["journal", "add", "more"], "readonly"),
    ("header byte 18", _header_byte_18, ["undo"], "readonly"),
]


@pytest.mark.parametrize(
    ("damage", "argv", "named"),
    [pytest.param(d, a, n, id=f"{what}: {' '.join(a)}") for what, d, a, n in REFUSED],
)
def test_a_damaged_file_or_odd_path_is_one_line(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[Path], None],
    argv: list[str],
    named: str,
) -> None:
    damage(home)
    before = fingerprint(home)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert one_line(err), err
    assert named in err
    assert fingerprint(home) == before


def test_a_full_disk_during_a_large_journal_entry_is_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite reports a full disk while the events are written (a large entry spills pages
    to the file before the commit): one line, and the campaign keeps what it had."""
    from ironsworn.campaign.store import sqlite as backend

    def full(self: Any, seq: int, encoded: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    before = fingerprint(home)
    monkeypatch.setattr(backend.CampaignStore, "_insert_events", full)
    code, out, err = run(capsys, "journal", "add", "x" * 5_000_000)
    assert (code, out) == (2, "")
    assert one_line(err) and "disk is full" in err
    monkeypatch.undo()
    assert fingerprint(home) == before


def test_a_campaign_path_that_is_not_utf8(home: Path, tmp_path: Path) -> None:
    """A file name with bytes that are not UTF-8 works, on an output that only takes UTF-8."""
    path = os.fsdecode(bytes(tmp_path) + b"/bad\xff.sqlite")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for argv in (
        ["journal", "add", "hello", "--campaign", path],
        ["campaign", "show", "--campaign", path, "--json"],
        ["export", "markdown", "--campaign", path, "-o", str(tmp_path / "out.md")],
        ["log", "--campaign", path],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "ironsworn", *argv],
            env=env,
            capture_output=True,
            check=False,
        )
        assert done.returncode == 0, (argv, done.stderr)
        assert b"Traceback" not in done.stderr
        done.stdout.decode("utf-8")  # valid UTF-8 whatever the file name


# --- finding 7: one damaged event row ------------------------------------------------------


@pytest.mark.parametrize("body", ["{", "null", "5", b"\xff\x00", '{"no": "type"}'])
def test_a_damaged_event_row_is_reported_and_the_log_still_reads(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str | bytes
) -> None:
    assert run(capsys, "adjust", "health", "-1")[0] == 0  # operation 3, which gets damaged
    execute(campaign(home), "UPDATE events SET body = ? WHERE op_seq = 3", body)

    code, out, err = run(capsys, "log")
    assert code == 0, err
    assert "#3" in out and "DAMAGED" in out and "The road north" in out
    code, out, err = run(capsys, "journal")
    assert code == 0 and "The road north" in out

    code, out, err = run(capsys, "sheet")
    assert (code, out) == (2, "") and one_line(err)
    assert "operation 3 is damaged" in err

    exported = tmp_path / "rescue.json"
    code, out, err = run(capsys, "export", "json", "-o", str(exported))
    assert code == 0
    assert "left out damaged operation 3" in err
    assert '"seq": 3' not in exported.read_text() and '"seq": 2' in exported.read_text()
    assert run(capsys, "import", "json", str(exported), "--name", "rescued")[0] == 0
    code, out, err = run(capsys, "export", "markdown")
    assert code == 0 and "The road north" in out and "operation 3 is damaged" in out
    code, out, _ = run(capsys, "journal", "--campaign", "rescued")
    assert code == 0 and "The road north" in out

    # The damaged operation is the last one: undo takes it back and play goes on.
    code, out, err = run(capsys, "undo")
    assert code == 0, err
    code, out, err = run(capsys, "sheet")
    assert code == 0 and "Kai" in out


# --- finding 9: a refused command leaves the disk as it was --------------------------------


def test_a_refused_command_leaves_an_empty_campaign_file_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "home"
    (folder / "campaigns").mkdir(parents=True)
    empty = folder / "campaigns" / "default.sqlite"
    empty.touch()
    monkeypatch.setenv("IRONSWORN_HOME", str(folder))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    for argv in (["adjust", "health", "-1"], ["journal", "add", "x", "--character", "Nobody"]):
        code, _out, err = run(capsys, *argv)
        assert code == 2 and one_line(err)
        assert empty.stat().st_size == 0
        assert sorted(p.name for p in (folder / "campaigns").iterdir()) == ["default.sqlite"]
    # A command that succeeds makes the campaign in the empty file, as before.
    assert run(capsys, "character", "new", "Kai", "--stats", STATS)[0] == 0
    assert empty.stat().st_size > 0


@pytest.mark.parametrize(
    "argv",
    [["log"], ["sheet"], ["undo"], ["adjust", "health", "-1"], ["journal", "add", "x"]],
    ids=" ".join,
)
def test_a_read_only_campaign_is_one_line_and_leaves_no_files(
    home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    """Finding 6: a read-only campaign file is refused before SQLite opens it, so no
    ``-wal``/``-shm`` appear and undo changes nothing. (Root may write any file, so for root
    ``access`` answers as it would for the file's other users.)"""
    path = campaign(home)
    path.chmod(0o444)
    if os.geteuid() == 0:
        real_access = os.access

        def access(target: Any, mode: int, **kwargs: Any) -> bool:
            if mode & os.W_OK and Path(target) == path:
                return False
            return real_access(target, mode, **kwargs)

        monkeypatch.setattr(os, "access", access)
    before = fingerprint(home)
    files = sorted(p.name for p in path.parent.iterdir())
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert one_line(err) and "read-only" in err
    assert fingerprint(home) == before
    assert sorted(p.name for p in path.parent.iterdir()) == files
