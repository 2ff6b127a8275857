"""Group commit (issue 24): several steps in one transaction, each in a savepoint, one commit.

On both stores: the steps apply in order, each sees the ones before it; a step that fails is
undone alone (the others are kept, and the store's kept state folds only those); nothing of
a group is visible to another connection before its commit, and everything is after it; an
exception leaving the group keeps nothing; a group's steps survive a reopen, and a process
killed at random points while committing groups loses none it had seen committed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from backends import Backend
from campaign_support import LedgerState, count_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_campaign_kept_state import _attempt, check

from ironsworn.campaign.schema import LIVE, UNDONE
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import Store
from ironsworn.errors import CampaignError, InvalidValue, IronswornError, RuleViolation

HERE = Path(__file__).resolve().parent


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


def counted(store: Store[LedgerState]) -> int:
    """One step: append the next count (chained from the state, so order shows)."""
    with store.write() as tx:
        return tx.append("edit", [count_event(tx.state.counter)]).seq


def written_then_refused(store: Store[LedgerState]) -> int:
    """A step that writes, then fails (as a move the rules refuse half-way)."""
    counted(store)
    raise RuleViolation("refused after writing")


def test_steps_apply_in_order_and_a_failed_one_alone_is_undone(backend: Backend) -> None:
    store = backend.open(backend.fresh_key())
    try:
        answers: list[Any] = []
        with store.group():
            for step in (counted, counted, written_then_refused, counted):
                try:
                    answers.append(store.step(step))
                except RuleViolation as exc:
                    answers.append(str(exc))
            # Inside the group each step saw the ones before it; nobody else sees any yet.
            assert store.state().counter == 3
            assert [op.seq for op in store.operations()] == [1, 2, 3]
        assert answers == [1, 2, "refused after writing", 3]  # its seq was never kept
        assert store.state().counter == 3
        assert [op.events[0]["to"] for op in store.operations()] == [1, 2, 3]
    finally:
        store.close()


def failed_write(store: Store[LedgerState]) -> None:
    """A write refused inside its block, after appending (caught by the step's work)."""
    with pytest.raises(InvalidValue), store.write() as tx:
        tx.append("edit", [count_event(tx.state.counter)])
        raise InvalidValue("refused inside the write")


def test_a_write_refused_inside_a_step_is_undone_alone(backend: Backend) -> None:
    """A step's work may catch a refused write and go on (as a kept answer that fails to be
    recorded): that write alone is undone, first in its step or not."""

    def first_refused(store: Store[LedgerState]) -> list[int]:
        failed_write(store)
        return [counted(store), counted(store)]

    def middle_refused(store: Store[LedgerState]) -> list[int]:
        first = counted(store)
        failed_write(store)
        return [first, counted(store)]

    store = backend.open(backend.fresh_key())
    try:
        with store.group():
            assert store.step(first_refused) == [1, 2]
            assert store.step(middle_refused) == [3, 4]
        assert [op.events[0]["to"] for op in store.operations()] == [1, 2, 3, 4]
        assert store.state().counter == 4
    finally:
        store.close()


def test_nothing_is_visible_before_the_commit_and_all_of_it_after(backend: Backend) -> None:
    key = backend.fresh_key()
    store = backend.open(key)
    try:
        with store.group():
            for _ in range(3):
                store.step(counted)
            assert backend.raw_op_count(key) == 0  # another connection: not committed yet
        assert backend.raw_op_count(key) == 3
    finally:
        store.close()


def test_an_exception_leaving_the_group_keeps_nothing(backend: Backend) -> None:
    key = backend.fresh_key()
    store = backend.open(key)
    try:
        with pytest.raises(CampaignError, match="open group"):
            store.step(counted)
        counted(store)  # one committed before
        with pytest.raises(KeyError), store.group():
            store.step(counted)
            store.step(counted)
            raise KeyError("the caller gave up")
        assert backend.raw_op_count(key) == 1
        assert store.state().counter == 1  # the kept state forgot the rolled-back steps
        assert counted(store) == 2
    finally:
        store.close()


def test_a_group_survives_a_reopen(backend: Backend) -> None:
    key = backend.fresh_key()
    store = backend.open(key, state_type=CampaignState)
    with store.group():
        for text in ("one", "two", "three"):
            store.step(lambda s, text=text: s.journal_add(text))
    store.close()
    again = backend.open(key, create=False, state_type=CampaignState)
    try:
        assert [op.summary for op in again.operations()] == ["one", "two", "three"]
    finally:
        again.close()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    steps=st.lists(
        st.sampled_from(["move", "move", "journal", "undo", "redo", "refused", "written"]),
        max_size=30,
    ),
    cuts=st.lists(st.integers(1, 5), min_size=1, max_size=30),
    seed=st.integers(0, 2**32),
)
def test_the_kept_state_after_groups_is_a_fresh_fold(
    backend: Backend, steps: list[str], cuts: list[int], seed: int
) -> None:
    """Random groups of real operations (moves, journal entries, undo, redo, and steps the
    rules refuse before or after writing): after each group the store's own state, and the
    state it hands out, equal the fold of every live operation from nothing; and what the
    store says the group wrote (``written``, from which the web tells a change) is what the
    log holds: a group that only appended appended exactly the live operations above the head
    it began at, and after undos every operation whose status changed is above the lowest
    head it names."""
    rng = random.Random(seed)
    store: Store[CampaignState] = backend.open(backend.fresh_key(), state_type=CampaignState)

    def apply(action: str) -> Any:
        def work(s: Store[CampaignState]) -> Any:
            if action == "undo":
                return s.undo()
            if action == "redo":
                return s.redo()
            if action == "journal":
                return s.journal_add(f"line {rng.randrange(100)}")
            if action == "written":
                s.journal_add("kept only if the step is")
            with s.write() as tx:
                result = _attempt(tx.state, "move", rng)
                if result is not None and result.events:
                    tx.append(result.kind, result.events, character=result.character)
            if action in ("refused", "written"):
                raise RuleViolation("refused")
            return result

        return work

    try:
        at = 0
        for size in cuts:
            group, at = steps[at : at + size], at + size
            if not group:
                break
            before = store.operations(include_undone=True)
            head = store.head()
            with store.group():
                store.watch_writes()
                for action in group:
                    try:
                        store.step(apply(action))
                    except IronswornError:
                        assert action in ("refused", "written")
                written = store.written()
            check(store)
            assert written is not None and store.written() is None  # told once
            after = store.operations(include_undone=True)
            was = {o.seq: o for o in before}
            changed = [o for o in after if was.get(o.seq) != o]
            if all(action in ("move", "journal") for action in group):
                assert written.appended is not None, group
            if written.appended is not None:
                # Appending is all the group did: the live operations it changed are the new
                # ones; the others are undone ones its first append discarded.
                assert written.appended == [o for o in changed if o.status == LIVE], group
                assert all(was[o.seq].status == UNDONE for o in changed if o.status != LIVE)
                if written.appended and written.appended[0].seq == head + 1:
                    assert written.appended == [o for o in after if o.seq > head]
            assert written.lowest is None or "undo" in group
            low = min(head, store.head(), head if written.lowest is None else written.lowest)
            assert all(o.seq > low for o in changed), group
    finally:
        store.close()


# A child that commits groups of three counts forever, printing each seq once its group's
# block has returned (committed); killed at random points, it must lose none it printed.
GROUPER = """
import sys
sys.path.insert(0, sys.argv[2])
from campaign_support import LedgerState, count_event
from ironsworn.campaign.store import CampaignStore

where = sys.argv[1]
if where.startswith("postgresql://"):
    from ironsworn.campaign.store.postgres import PostgresStore
    store = PostgresStore.open(where, sys.argv[3], create=True, state_type=LedgerState)
else:
    store = CampaignStore.open(where, create=True, state_type=LedgerState)

def step(s):
    with s.write() as tx:
        return tx.append("edit", [count_event(tx.state.counter)]).seq

while True:
    with store.group():
        seqs = [store.step(step) for _ in range(3)]
    sys.stdout.write("".join(f"{seq}\\n" for seq in seqs))
    sys.stdout.flush()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_process_loses_no_committed_group(backend: Backend) -> None:
    key = backend.fresh_key()
    where = backend.url if backend.kind == "postgres" else str(backend.path(key))
    assert where is not None
    rng = random.Random(2024)
    acknowledged: list[int] = []
    for _round in range(3):
        child = subprocess.Popen(
            [sys.executable, "-c", GROUPER, where, str(HERE), backend.name(key)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        assert first.strip(), child.stderr.read()
        acknowledged.append(int(first))
        time.sleep(rng.uniform(0.0, 0.2))  # the kill lands anywhere in a group
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait() == -signal.SIGKILL
        acknowledged += [int(line) for line in child.stdout.read().split()]
        child.stdout.close()
        child.stderr.close()
        store = backend.open(key, create=False)
        try:
            seqs = [op.seq for op in store.operations()]
            assert set(acknowledged) <= set(seqs)
            assert store.state().counter == len(seqs)  # whole groups only, in order
            assert len(seqs) % 3 == 0
        finally:
            store.close()


def test_reads_in_one_transaction_see_one_moment_and_start_no_write(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``reading()`` (the web table's change check): several reads in one transaction. A long
    fold inside it would save a snapshot on its own (a write): not inside a read, after it."""
    from ironsworn.campaign.store import base, state_cache

    key = backend.fresh_key()
    store = backend.open(key)
    for module in (base, state_cache):
        monkeypatch.setattr(module, "SNAPSHOT_INTERVAL", 1000)
    for _ in range(10):
        counted(store)
    store.close()
    for module in (base, state_cache):
        monkeypatch.setattr(module, "SNAPSHOT_INTERVAL", 2)
    store = backend.open(key, create=False)
    try:
        with store.reading():
            assert store.head() == 10
            assert store.state().counter == 10  # folded from nothing: 10 >= 2 x 2
            assert [op.seq for op in store.operations(last=2)] == [9, 10]
        assert backend.raw_snapshots(key) == []  # no write inside the read
        assert store.state().counter == 10
        assert [s for s, _k, _o in backend.raw_snapshots(key)] == [10]  # after it, saved
    finally:
        store.close()


def test_a_first_step_refused_after_writing_is_undone_alone(backend: Backend) -> None:
    """The group's first step has no savepoint (nothing is kept before it): refused after
    writing, the transaction is rolled back and begun again, and the steps after it are kept
    and committed as before."""
    key = backend.fresh_key()
    store = backend.open(key)
    try:
        counted(store)  # one committed before the group
        answers: list[Any] = []
        with store.group():
            for step in (written_then_refused, counted, written_then_refused, counted):
                try:
                    answers.append(store.step(step))
                except RuleViolation as exc:
                    answers.append(str(exc))
            assert store.state().counter == 3
        assert answers == ["refused after writing", 2, "refused after writing", 3]
        assert backend.raw_op_count(key) == 3
        assert [op.events[0]["to"] for op in store.operations()] == [1, 2, 3]
        assert store.state().counter == 3
    finally:
        store.close()


def test_a_group_of_one_sqlite_write_reads_the_head_once_and_takes_no_savepoint(
    tmp_path: Path,
) -> None:
    """What a quiet table's write costs the campaign file: its transaction, one read of the
    head (kept while only its own writes move it), the operation and its events, the running
    total, the commit; no savepoint, and no redo stack to discard when none is left."""
    store = Backend("sqlite", tmp_path).open("quiet", state_type=CampaignState)
    try:
        store.journal_add("before")
        store.state()  # the store keeps its state from here on
        statements: list[str] = []
        store._conn.set_trace_callback(statements.append)  # type: ignore[attr-defined]
        with store.group():
            store.watch_writes()
            assert store.step(lambda s: s.journal_add("quiet")).seq == 2
            assert store.head() == 2
            assert store.state(to_read=True) is not None  # the kept state: no read
        store._conn.set_trace_callback(None)  # type: ignore[attr-defined]
        words = [" ".join(s.split()[:3]) for s in statements]
        assert words == [
            "BEGIN IMMEDIATE",
            "SELECT (SELECT max(seq)",
            "INSERT INTO operations",
            "INSERT INTO events",
            "SELECT value FROM",
            "COMMIT",
        ]
    finally:
        store.close()


def test_the_head_a_sqlite_transaction_keeps_follows_undo_redo_and_rollbacks(
    tmp_path: Path,
) -> None:
    """The head the transaction keeps is dropped whenever the log may have moved under it: an
    undo or a redo (a status changed), a step rolled back to its savepoint, the commit; an
    append after an undo inside the group discards the redo stack."""
    store = Backend("sqlite", tmp_path).open("heads")
    try:
        for _ in range(3):
            counted(store)

        def undo_then_refused(s: Store[LedgerState]) -> None:
            s.undo()
            raise RuleViolation("refused after an undo")

        with store.group():
            assert store.step(counted) == 4
            with pytest.raises(RuleViolation):
                store.step(undo_then_refused)  # rolled back to its savepoint: 4 is live again
            assert store.head() == 4
            store.step(lambda s: s.undo())
            assert store.head() == 3
            store.step(lambda s: s.redo())
            assert store.head() == 4
            store.step(lambda s: s.undo())
            assert store.step(counted) == 5  # discards the undone 4
            assert store.head() == 5
        assert store.head() == 5
        assert [op.seq for op in store.operations()] == [1, 2, 3, 5]
        assert store.redo() is None  # nothing left to redo: 4 was discarded
        assert store.state().counter == 4
    finally:
        store.close()


def test_a_head_read_in_a_siblings_write_is_forgotten_when_that_write_ends(
    tmp_path: Path,
) -> None:
    """Two stores on one file (two state models) share its connection: one reading inside the
    other's write keeps the head for that transaction only, so a head another process moved
    meanwhile is read again in the next."""
    import sqlite3

    path = tmp_path / "siblings.sqlite"
    ledger = Backend("sqlite", tmp_path).open("siblings")
    game = Backend("sqlite", tmp_path).open("siblings", create=False, state_type=CampaignState)
    try:
        counted(ledger)
        with game.write():
            assert ledger.head() == 1  # read inside the sibling's transaction
        other = sqlite3.connect(path)  # another process's append
        with other:
            other.execute(
                "INSERT INTO operations (seq, kind, time, character, summary, status) "
                "VALUES (2, 'journal', 't', NULL, '', 'live')"
            )
        other.close()
        with game.write():
            assert ledger.head() == 2
    finally:
        game.close()
        ledger.close()
