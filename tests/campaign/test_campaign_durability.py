"""Durability and concurrency, with real processes: SIGKILL at random points, two writers."""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from campaign_support import LedgerState

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


def test_two_writers_at_once_both_succeed(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"  # not created yet: both race to create it too
    each = 150
    start = time.time() + 1.5
    # A millisecond between operations, like commands typed or scripted one after another:
    # with none, one child would simply finish before the other's busy handler wakes.
    children = [start_appender(path, each, start, 0.001) for _ in range(2)]
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
        assert "locked" not in err
        assert len(out.split()) == each
    seqs = sorted(int(s) for out, _err in outputs for s in out.split())
    assert seqs == list(range(1, 2 * each + 1))
    first = [int(s) for s in outputs[0][0].split()]
    assert any(b != a + 1 for a, b in itertools.pairwise(first)), "the writers never overlapped"
    with CampaignStore.open(path, state_type=LedgerState) as store:
        assert store.state().counter == 2 * each
        assert [op.seq for op in store.operations()] == seqs


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
