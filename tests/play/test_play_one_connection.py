"""One connection per campaign file per process (issue 8 §1: a journal entry lost to play mode).

POSIX record locks belong to a process: if anything in a process opens a campaign file a second
way and closes it, every lock SQLite holds on the file is dropped, and another process may then
checkpoint and delete the WAL under a live connection. These tests drive that scenario with play
mode in this process and a real second process writing beside it.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from play_support import ScriptReader, make_kai

from ironsworn.campaign.store import CampaignStore, open_in_process
from ironsworn.campaign.store import sqlite as store_module
from ironsworn.cli.play.session import PlaySession
from ironsworn.cli.play.terminal import Output
from ironsworn.dice import RandomDice


def cli_in_another_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=os.environ.copy(),
        check=False,
    )


class StepReader(ScriptReader):
    """Script lines; a callable in the script runs (between two prompts) at its turn."""

    def __init__(self, lines: list[str | Callable[[], None]]) -> None:
        super().__init__([])
        self.steps = lines

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        while self.steps and callable(self.steps[0]):
            step = self.steps.pop(0)
            assert callable(step)
            step()
        if not self.steps:
            raise EOFError
        line = self.steps.pop(0)
        assert isinstance(line, str)
        return line


def journal_texts(path: Path) -> list[str]:
    with CampaignStore.open(path) as store:
        return [
            str(event["text"])
            for op in store.operations()
            if op.kind == "journal"
            for event in op.events
        ]


def test_play_and_a_second_process_keep_every_acknowledged_write(tmp_path: Path) -> None:
    """The issue's reproduction: /sheet in play, a journal entry from another process, then a
    journal line in play and /quit. Both entries survive, with their own numbers."""
    path = tmp_path / "c.sqlite"
    make_kai(path)
    acknowledged: list[str] = []

    def other_process_writes() -> None:
        done = cli_in_another_process("journal", "add", "BBB", "--campaign", str(path))
        assert done.returncode == 0, done.stderr
        acknowledged.append(done.stdout)

    def other_process_writes_again() -> None:
        done = cli_in_another_process("journal", "add", "CCC", "--campaign", str(path))
        assert done.returncode == 0, done.stderr

    reader = StepReader(
        [
            "/sheet",
            other_process_writes,
            "The wind turns cold.",
            "/log",
            other_process_writes_again,
            "/tracks",
            "Kai walks on.",
            "/quit",
        ]
    )
    out, err = Output(False, _Buffer(), _Buffer()), _Buffer()
    out.err = err
    with CampaignStore.open(path, create=True) as store:
        session = PlaySession(store, out, RandomDice(7), reader)
        assert session.run() == 0
    assert "added" in acknowledged[0]
    assert err.getvalue() == ""
    assert journal_texts(path) == ["BBB", "The wind turns cold.", "CCC", "Kai walks on."]
    with CampaignStore.open(path) as store:
        seqs = [op.seq for op in store.operations()]
    assert len(seqs) == len(set(seqs))


class _Buffer:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def getvalue(self) -> str:
        return "".join(self.parts)


def try_write_from_another_process(path: Path) -> str:
    """Ask another process to take the write lock now (no waiting): 'locked' or 'wrote'."""
    script = (
        "import sqlite3, sys\n"
        "conn = sqlite3.connect(sys.argv[1], timeout=0.2, isolation_level=None)\n"
        "try:\n"
        "    conn.execute('BEGIN IMMEDIATE')\n"
        "    conn.execute('ROLLBACK')\n"
        "    print('wrote')\n"
        "except sqlite3.OperationalError as exc:\n"
        "    print('locked' if 'locked' in str(exc) else exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_opening_the_file_again_while_writing_keeps_the_write_lock(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    with CampaignStore.open(path) as store, store.write() as tx:
        tx.append("journal", [{"type": "journal", "text": "mine"}])
        assert try_write_from_another_process(path) == "locked"
        # What a read-only command does in play mode: open the campaign again, read, close.
        with CampaignStore.open(path) as again:
            assert again is store
        assert try_write_from_another_process(path) == "locked"
    assert try_write_from_another_process(path) == "wrote"
    assert journal_texts(path) == ["mine"]


def test_the_header_is_never_read_with_plain_io_while_the_file_is_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    calls: list[Path] = []
    real = store_module.schema.check_header

    def spy(p: Path) -> bool:
        calls.append(p)
        return real(p)

    monkeypatch.setattr(store_module.schema, "check_header", spy)
    with CampaignStore.open(path) as store:
        assert calls == [path]
        assert open_in_process(path)
        # The same file by another name (a symlink) is the same open file too.
        link = tmp_path / "link.sqlite"
        link.symlink_to(path)
        with CampaignStore.open(link) as again, CampaignStore.open(str(path)) as third:
            assert again is store and third is store
        assert calls == [path]
        assert store.state().characters  # still usable after the others closed
    assert not open_in_process(path)


def test_a_second_state_model_shares_the_connection(tmp_path: Path) -> None:
    """`campaign list` reads with a do-nothing state model: it must not open a second one."""
    from ironsworn.campaign.registry import describe

    path = tmp_path / "home" / "campaigns" / "default.sqlite"
    make_kai(path)
    connects: list[str] = []
    real_connect = sqlite3.connect

    def counting_connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        connects.append(str(args[0]))
        return real_connect(*args, **kwargs)  # type: ignore[arg-type]

    with CampaignStore.open(path) as store:
        store_module.sqlite3.connect = counting_connect  # type: ignore[assignment]
        try:
            info = describe("default")
        finally:
            store_module.sqlite3.connect = real_connect
        assert connects == []
        assert info.operations == 1
        assert store.state().characters


def test_threads_share_one_store_without_losing_a_write(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    make_kai(path)
    errors: list[BaseException] = []

    def writer(name: str) -> None:
        try:
            with CampaignStore.open(path) as store:
                for i in range(20):
                    store.journal_add(f"{name} {i}")
                    store.state()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    texts = journal_texts(path)
    assert sorted(texts) == sorted(f"t{n} {i}" for n in range(4) for i in range(20))


def test_export_onto_an_open_campaign_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The export's overwrite check must not open the file while this process has it open."""
    from ironsworn.cli.main import main

    path = tmp_path / "c.sqlite"
    make_kai(path)
    with CampaignStore.open(path) as store:
        for target in (path, Path(str(path) + "-wal")):
            code = main(["export", "json", "--campaign", str(path), "-o", str(target)])
            assert code == 2
            assert "is a campaign file" in capsys.readouterr().err
        done = cli_in_another_process("journal", "add", "theirs", "--campaign", str(path))
        assert done.returncode == 0, done.stderr
        store.journal_add("ours")
    assert journal_texts(path) == ["theirs", "ours"]
