"""PostgreSQL specifics: the schema's migrations, and writers in several processes at once.

The store's contract itself is tested on both backends in ``test_campaign_store.py``.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from campaign_support import LedgerState

from ironsworn.campaign.store import pg_schema
from ironsworn.campaign.store.postgres import Database, PostgresStore, database, redact
from ironsworn.errors import CampaignError
from pg_server import round_trips

HERE = Path(__file__).resolve().parent


def tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'ironsworn'"
        )
        return {str(name) for (name,) in rows}


def test_migrations_from_an_empty_database(empty_postgres_url: str) -> None:
    assert tables(empty_postgres_url) == set()
    with PostgresStore.open(
        empty_postgres_url, "first", create=True, state_type=LedgerState
    ) as store:
        store.journal_add("the first words")
    assert tables(empty_postgres_url) == {
        "schema_version",
        "campaigns",
        "operations",
        "events",
        "snapshots",
        "tokens",
        "requests",
    }
    with psycopg.connect(empty_postgres_url) as conn:
        versions = conn.execute("SELECT version, applied_by FROM ironsworn.schema_version")
        rows = versions.fetchall()
    assert [v for v, _by in rows] == list(range(1, pg_schema.SCHEMA_VERSION + 1))
    assert all(str(by).startswith("ironsworn ") for _v, by in rows)
    # A second process (a new Database object) finds the schema current and changes nothing.
    again = Database(empty_postgres_url)
    with psycopg.connect(empty_postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM ironsworn.schema_version").fetchone() == (
            pg_schema.SCHEMA_VERSION,
        )
    again.close()


def test_a_version_1_database_is_migrated_keeping_its_campaigns(
    empty_postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The database as an ironsworn of schema version 1 left it, with a campaign in it.
    monkeypatch.setattr(pg_schema, "SCHEMA_VERSION", 1)
    old = Database(empty_postgres_url)
    campaign = old.create_campaign("old")
    with PostgresStore(old, campaign, "old", LedgerState) as store:
        store.journal_add("written at version 1")
    old.close()
    assert "tokens" not in tables(empty_postgres_url)
    monkeypatch.undo()
    new = Database(empty_postgres_url)
    assert "tokens" in tables(empty_postgres_url)
    with psycopg.connect(empty_postgres_url) as conn:
        rows = conn.execute("SELECT version FROM ironsworn.schema_version ORDER BY version")
        assert [v for (v,) in rows] == list(range(1, pg_schema.SCHEMA_VERSION + 1))
    with PostgresStore(new, campaign, "old", LedgerState) as store:
        assert store.state().journal == ["written at version 1"]
    new.set_tokens("old", {"guide": "g", "player": "p"})
    assert new.tokens("old") == {"guide": "g", "player": "p"}
    new.close()


def test_two_processes_migrating_at_once_migrate_once(empty_postgres_url: str) -> None:
    script = (
        "import sys\n"
        "from ironsworn.campaign.store.postgres import Database\n"
        "Database(sys.argv[1]).close()\n"
    )
    children = [
        subprocess.Popen([sys.executable, "-c", script, empty_postgres_url], stderr=subprocess.PIPE)
        for _ in range(3)
    ]
    for child in children:
        _out, err = child.communicate(timeout=60)
        assert child.returncode == 0, err
    with psycopg.connect(empty_postgres_url) as conn:
        assert conn.execute("SELECT count(*) FROM ironsworn.schema_version").fetchone() == (
            pg_schema.SCHEMA_VERSION,
        )


def test_a_newer_database_is_refused(empty_postgres_url: str) -> None:
    Database(empty_postgres_url).close()
    newer = pg_schema.SCHEMA_VERSION + 1
    with psycopg.connect(empty_postgres_url) as conn:
        conn.execute(
            "INSERT INTO ironsworn.schema_version VALUES (%s, 'later', 'ironsworn 99')", (newer,)
        )
    with pytest.raises(CampaignError, match=rf"schema version {newer} is newer"):
        Database(empty_postgres_url)


def test_messages_never_show_the_password() -> None:
    assert redact("postgresql://kai:secret@db.example:5433/iron") == (
        "postgresql://kai@db.example:5433/iron"
    )
    assert redact("host=db password=secret dbname=iron") == "host=db dbname=iron"
    assert redact("postgresql://kai@/iron?host=/run/pg") == "postgresql://kai@/iron?host=/run/pg"


def test_an_unreachable_database_is_one_line(tmp_path: Path) -> None:
    url = f"postgresql://nobody:pw@/nothing?host={tmp_path}&port=1"
    with pytest.raises(CampaignError, match=r"cannot reach the database") as caught:
        database(url)
    assert "\n" not in str(caught.value) and "pw" not in str(caught.value)


# ------------------------------------------------------------------ writers in other processes

# A child that appends move-sized operations, printing each seq once its write() returned.
# Each operation's events chain from the state read inside the lock, so an interleaved, lost
# or duplicated operation would make the fold refuse the log.
APPENDER = """
import sys, time
sys.path.insert(0, sys.argv[2])
from campaign_support import LedgerState, move_events
from ironsworn.campaign.store.postgres import PostgresStore

url, name = sys.argv[1], sys.argv[3]
limit, start, pause = int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
store = PostgresStore.open(url, name, create=True, state_type=LedgerState)
while time.time() < start:  # a common start line, so that the children really overlap
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
    url: str, name: str, limit: int = -1, start: float = 0.0, pause: float = 0.0
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", APPENDER, url, str(HERE), name, str(limit), str(start), str(pause)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_writing_one_campaign_never_interleave(postgres_url: str) -> None:
    name = f"race-{os.getpid()}"
    each = 100
    start = time.time() + 1.5
    children = [start_appender(postgres_url, name, each, start, 0.001) for _ in range(2)]
    outputs = [child.communicate(timeout=120) for child in children]
    for child, (_out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
    seqs = [sorted(int(s) for s in out.split()) for out, _err in outputs]
    assert sorted(seqs[0] + seqs[1]) == list(range(1, 2 * each + 1))
    # Both got turns in the middle of the other's run: the lock really was contended.
    assert seqs[0][0] < seqs[1][-1] and seqs[1][0] < seqs[0][-1]
    with PostgresStore.open(postgres_url, name, state_type=LedgerState) as store:
        assert store.state().counter == 2 * each  # the from/to chain held throughout
        assert [op.seq for op in store.operations()] == list(range(1, 2 * each + 1))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_of_a_writer_loses_nothing_acknowledged(postgres_url: str) -> None:
    name = f"killed-{os.getpid()}"
    rng = random.Random(20261130)
    acknowledged: list[int] = []
    steady = start_appender(postgres_url, name, pause=0.002)  # another writer that lives on
    assert steady.stdout is not None
    try:
        for _round in range(4):
            child = start_appender(postgres_url, name)
            assert child.stdout is not None
            first = child.stdout.readline()
            assert first.strip(), child.stderr.read() if child.stderr else ""
            acknowledged.append(int(first))
            time.sleep(rng.uniform(0.0, 0.2))
            os.kill(child.pid, signal.SIGKILL)
            assert child.wait() == -signal.SIGKILL
            acknowledged += [int(line) for line in child.stdout.read().split()]
            child.stdout.close()
            if child.stderr is not None:
                child.stderr.close()
        assert steady.poll() is None, "the other writer must keep going"
    finally:
        steady.kill()
        steady.wait()
    assert steady.stdout is not None
    acknowledged += [int(line) for line in steady.stdout.read().split()]
    steady.stdout.close()
    if steady.stderr is not None:
        steady.stderr.close()
    with PostgresStore.open(postgres_url, name, state_type=LedgerState) as store:
        live = [op.seq for op in store.operations()]
        state = store.state()  # folds: the from/to chain is checked event by event
    assert set(acknowledged) <= set(live)
    assert state.counter == len(live) == live[-1]
    # Only operations in flight when a process died were committed without acknowledgement.
    assert len(live) - len(set(acknowledged)) <= 5


def test_a_write_in_a_group_takes_three_round_trips(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: a group of one write is three round trips to the database: the lock taken
    (begin, the campaign's row, the head read under it), the operation appended (its
    savepoint, the redo stack, the row, its events and the count of live operations in one
    statement), and the commit (the savepoint released, the NOTIFY, COMMIT). It took eleven.
    A savepoint in which nothing was done costs none; what was written is all there."""
    store = PostgresStore.open(postgres_url, "round-trips", create=True)
    try:
        store.journal_add("the first words")  # the store's state is built and kept
        trips = round_trips(monkeypatch)
        with store.group():
            store.step(lambda s: s.journal_add("the second"))
        assert len(trips) == 3, trips
        trips.clear()
        with store.group():
            store.step(lambda s: None)  # a step that sends nothing
            store.step(lambda s: s.journal_add("the third"))
            store.step(lambda s: s.journal_add("the fourth"))
        assert len(trips) == 4, trips
        # The web table's worker reads the change inside the group: the last operations with
        # their events are one round trip (the step's release goes with it).
        trips.clear()
        with store.group():
            store.step(lambda s: s.journal_add("the fifth"))
            told = store.operations(include_undone=True, last=2)
        assert [o.events[0]["text"] for o in told] == ["the fourth", "the fifth"]
        assert len(trips) == 4, trips
        # A read of its own: its BEGIN goes with its first statement, then the COMMIT.
        trips.clear()
        assert [o.seq for o in store.operations(last=2)] == [4, 5]
        assert len(trips) == 2, trips
        # Another store of the campaign (another server's) catches its kept state up with a
        # write it did not make: the head, then the live total, the count and the events
        # together, then the COMMIT.
        with PostgresStore.open(postgres_url, "round-trips") as other:
            other.state()
            other.journal_add("the sixth")
            trips.clear()
            caught_up = store.state()
            assert len(trips) == 3, trips
            assert caught_up.to_dict() == other.state().to_dict()
        monkeypatch.undo()
        assert [o.events[0]["text"] for o in store.operations()] == [
            "the first words",
            "the second",
            "the third",
            "the fourth",
            "the fifth",
            "the sixth",
        ]
        assert store.head() == 6 and store.counts()["live"] == 6
        with store.reading():  # the running total of live operations kept in the append
            assert store._live_total() == 6
    finally:
        store.close()


def test_a_write_waiting_too_long_for_the_lock_is_refused_and_changes_nothing(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock is taken in one round trip with its timeout: a writer that waits past it is
    told the campaign is busy (one line), its connection goes back clean, and it can write
    once the lock is free."""
    import ironsworn.campaign.store.pg_transactions as pg  # where a write takes the lock

    store = PostgresStore.open(postgres_url, "held", create=True)
    try:
        store.journal_add("first")
        monkeypatch.setattr(pg, "BUSY_TIMEOUT_S", 0.2)
        with psycopg.connect(postgres_url, autocommit=True) as other:
            other.execute("BEGIN")
            other.execute(
                "SELECT id FROM ironsworn.campaigns WHERE id = %s FOR UPDATE", (store.campaign,)
            )
            with pytest.raises(CampaignError, match="campaign is busy"):
                store.journal_add("refused")
            other.execute("ROLLBACK")
        store.journal_add("second")
        assert [o.events[0]["text"] for o in store.operations()] == ["first", "second"]
        assert store.head() == 2
    finally:
        store.close()
