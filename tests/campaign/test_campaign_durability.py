"""Durability and concurrency, with real processes: SIGKILL at random points, two writers."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from campaign_support import LedgerState

from ironsworn.campaign import schema
from ironsworn.campaign.store import CampaignStore

HERE = Path(__file__).resolve().parent

# A child that appends move-sized operations forever, printing each seq once it is committed
# (the write() block has returned). Each operation's events chain from the state read inside
# the lock, so a lost or duplicated operation would make the fold refuse the log.
APPENDER = """
import sys, time
sys.path.insert(0, sys.argv[2])
from campaign_support import LedgerState, move_events
from ironsworn.campaign.store import CampaignStore

limit, start, pause = int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
store = CampaignStore.open(sys.argv[1], create=True, state_type=LedgerState)
while time.time() < start:  # a common start line, so that two children really overlap
    time.sleep(0.001)
done = 0
while limit < 0 or done < limit:
    with store.write() as tx:
        op = tx.append("move", move_events(tx.state.counter), character="Kai")
    sys.stdout.write(f"{op.seq}\\n")
    sys.stdout.flush()
    done += 1
    time.sleep(pause)
store.close()
"""


def start_appender(
    path: Path, limit: int = -1, start: float = 0.0, pause: float = 0.0
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", APPENDER, str(path), str(HERE), str(limit), str(start), str(pause)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_points_loses_no_acknowledged_operation(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    rng = random.Random(20240501)
    acknowledged: list[int] = []
    for _round in range(6):
        child = start_appender(path)
        assert child.stdout is not None
        first = child.stdout.readline()  # it is running and has committed at least once
        assert first.strip(), child.stderr.read() if child.stderr else ""
        acknowledged.append(int(first))
        # Then let it run for a random while, so the kill lands anywhere in the write path.
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
        # Through the same buffered reader as readline(), which may hold lines already read
        # from the pipe (communicate() would read the raw pipe and miss them).
        rest = child.stdout.read()
        child.stdout.close()
        if child.stderr is not None:
            child.stderr.close()
        acknowledged += [int(line) for line in rest.split()]

        with CampaignStore.open(path, state_type=LedgerState) as store:
            live = [op.seq for op in store.operations()]
            state = store.state()  # folds: the from/to chain is checked event by event
        assert set(acknowledged) <= set(live)
        assert state.counter == len(live)
        # At most the one operation in flight was committed without being acknowledged.
        assert len(live) - len(acknowledged) in (0, 1)
        acknowledged = live  # the next round continues this log
    assert len(acknowledged) > 6


# A writer told what to do, one line at a time, so that two of them overlap by construction
# rather than by timing: "hold" takes the write lock, says so with the counter it read inside
# the lock, and commits only on "commit"; "write" says it is about to write, then writes (and
# so waits for the lock while the other holds it). Each prints the seq it committed.
WRITER = """
import sys
sys.path.insert(0, sys.argv[2])
from campaign_support import LedgerState, move_events
from ironsworn.campaign.store import CampaignStore

store = CampaignStore.open(sys.argv[1], create=True, state_type=LedgerState)
print("ready", flush=True)
for line in sys.stdin:
    if line.strip() == "hold":
        with store.write() as tx:
            counter = tx.state.counter
            print(f"holding {counter}", flush=True)
            if sys.stdin.readline().strip() != "commit":
                raise SystemExit("expected commit")
            op = tx.append("move", move_events(counter), character="Kai")
    else:
        print("writing", flush=True)
        with store.write() as tx:
            op = tx.append("move", move_events(tx.state.counter), character="Kai")
    print(op.seq, flush=True)
store.close()
"""


def test_two_writers_at_once_both_succeed(tmp_path: Path) -> None:
    """Two processes write one campaign: in every round one holds the write lock while the
    other starts its write, which must wait for it (not fail with "locked") and then read the
    state the holder committed; no operation is lost or duplicated."""
    path = tmp_path / "c.sqlite"  # not created yet: both race to create it too
    rounds = 30
    children = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(HERE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    # A hung child ends the test (its reads see end of file) instead of hanging the suite.
    watchdog = threading.Timer(120, lambda: [c.kill() for c in children])
    watchdog.start()

    def tell(child: subprocess.Popen[str], line: str) -> None:
        assert child.stdin is not None
        child.stdin.write(line + "\n")
        child.stdin.flush()

    def hear(child: subprocess.Popen[str]) -> str:
        assert child.stdout is not None and child.stderr is not None
        line = child.stdout.readline()
        if not line:  # it ended (or the watchdog ended it): say why
            child.wait(timeout=60)
            pytest.fail(f"a writer ended early: {child.stderr.read()}")
        return line.strip()

    try:
        assert [hear(child) for child in children] == ["ready", "ready"]
        committed: list[list[int]] = [[], []]
        for n in range(rounds):
            holder, waiter = (0, 1) if n % 2 == 0 else (1, 0)  # each takes both parts
            tell(children[holder], "hold")
            assert hear(children[holder]) == f"holding {2 * n}"  # both earlier writes seen
            tell(children[waiter], "write")
            assert hear(children[waiter]) == "writing"
            # The waiter is on its way into the lock the holder has: let it get there (a
            # late waiter only makes this round sequential; it cannot make the test fail).
            time.sleep(0.005)
            tell(children[holder], "commit")
            committed[holder].append(int(hear(children[holder])))
            committed[waiter].append(int(hear(children[waiter])))
            # The waiter's write came after the holder's and chained from it.
            assert committed[waiter][-1] == committed[holder][-1] + 1 == 2 * n + 2
        outputs = [child.communicate(timeout=60) for child in children]  # stdin closed: done
    finally:
        watchdog.cancel()
    for child, (_out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
        assert "locked" not in err
    for mine in committed:
        assert len(mine) == rounds
    seqs = sorted(committed[0] + committed[1])
    assert seqs == list(range(1, 2 * rounds + 1))
    with CampaignStore.open(path, state_type=LedgerState) as store:
        assert store.state().counter == 2 * rounds  # the fold checks the from/to chain
        assert [op.seq for op in store.operations()] == seqs


def test_opening_a_new_campaign_waits_while_another_process_checks_it(tmp_path: Path) -> None:
    """The moment two commands race to create one campaign: the first has written the schema
    but not yet switched the file to WAL, and the second holds the write lock to check it.
    SQLite refuses that switch at once, without waiting as it does for every other lock (CI
    saw "campaign is busy" 4 ms into a 30 s timeout), so the open must wait it out itself."""
    path = tmp_path / "c.sqlite"
    made = sqlite3.connect(path, isolation_level=None)
    made.execute("BEGIN IMMEDIATE")
    schema.initialize(made, name="c", created="2026-12-04T00:00:00Z", created_by="test")
    made.execute("COMMIT")
    made.close()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # the other command's check, inside the write lock
    other.execute("SELECT count(*) FROM sqlite_schema").fetchone()
    threading.Timer(0.3, lambda: other.execute("COMMIT")).start()
    began = time.monotonic()
    with CampaignStore.open(path, state_type=LedgerState) as store:
        assert store.state().counter == 0
    assert time.monotonic() - began >= 0.25  # it waited for the other, then switched
    other.close()
    (mode,) = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()
    assert mode == "wal"


def test_two_cli_commands_at_once_on_a_new_default_campaign(tmp_path: Path) -> None:
    env = {**os.environ, "IRONSWORN_HOME": str(tmp_path / "home")}
    env.pop("IRONSWORN_CAMPAIGN", None)
    script = (
        "import sys\n"
        "from ironsworn.cli.main import main\n"
        "for i in range(5):\n"
        "    assert main(['journal', 'add', f'{sys.argv[1]} {i}']) == 0\n"
    )
    children = [
        subprocess.Popen(
            [sys.executable, "-c", script, who],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
            stdout=subprocess.DEVNULL,
        )
        for who in ("alpha", "beta")
    ]
    for child in children:
        _out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
    path = tmp_path / "home" / "campaigns" / "default.sqlite"
    with CampaignStore.open(path, state_type=LedgerState) as store:
        texts = store.state().journal
    assert sorted(texts) == sorted(f"{who} {i}" for who in ("alpha", "beta") for i in range(5))
