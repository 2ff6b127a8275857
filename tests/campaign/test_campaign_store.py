"""The store's contract: append, fold, transactions, undo/redo, snapshots.

Every test taking ``backend`` runs on both stores: a SQLite file and a campaign in PostgreSQL
(a server the suite starts itself; see ``tests/pg_server.py``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from backends import Backend
from campaign_support import LedgerState, count_event, move_events
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ironsworn.campaign import store as store_module
from ironsworn.campaign.store import SNAPSHOT_INTERVAL, CampaignStore, Store
from ironsworn.errors import CampaignError, InvalidValue


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


def open_store(path: Path, **kwargs: Any) -> CampaignStore[LedgerState]:
    return CampaignStore.open(path, create=True, state_type=LedgerState, **kwargs)


def append_counts(store: Store[Any], n: int) -> None:
    for _ in range(n):
        with store.write() as tx:
            tx.append("edit", [count_event(tx.state.counter)])


def test_create_records_name_and_reopens(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "ironlands.sqlite"
    with open_store(path) as store:
        assert store.name == "ironlands"
        with store.write() as tx:
            op = tx.append("edit", [count_event(0)], character="Kai", summary="count")
    assert op.seq == 1 and op.kind == "edit" and op.character == "Kai" and op.summary == "count"
    assert op.time.endswith("Z")
    with CampaignStore.open(path, state_type=LedgerState) as again:
        assert again.state().counter == 1
        assert [o.to_dict() for o in again.operations()] == [op.to_dict()]
        assert again.meta()["name"] == "ironlands"


def test_name_given_at_creation(tmp_path: Path) -> None:
    with open_store(tmp_path / "x.sqlite", name="The Ironlands") as store:
        assert store.name == "The Ironlands"


def test_missing_file_without_create_is_refused_and_not_created(tmp_path: Path) -> None:
    path = tmp_path / "nope.sqlite"
    with pytest.raises(CampaignError, match=r"nope\.sqlite: campaign file not found"):
        CampaignStore.open(path, state_type=LedgerState)
    assert not path.exists()


def test_a_campaign_reopens_with_its_name_and_log(backend: Backend) -> None:
    with backend.open("ironlands") as store, store.write() as tx:
        op = tx.append("edit", [count_event(0)], character="Kai", summary="count")
    with backend.open("ironlands", create=False) as again:
        assert again.state().counter == 1
        assert [o.to_dict() for o in again.operations()] == [op.to_dict()]
        assert again.meta()["name"] == again.name
        assert again.meta()["created"] <= op.time
        assert again.meta()["created_by"].startswith("ironsworn ")


def test_a_missing_database_campaign_is_refused_and_not_created(postgres_url: str) -> None:
    from ironsworn.campaign.store.postgres import PostgresStore, database

    with pytest.raises(CampaignError, match=r"campaign 'nowhere' not found"):
        PostgresStore.open(postgres_url, "nowhere", state_type=LedgerState)
    assert database(postgres_url).campaign_id("nowhere") is None


def test_campaigns_in_one_database_are_separate(backend: Backend) -> None:
    with backend.open("one") as one, backend.open("two") as two:
        append_counts(one, 3)
        append_counts(two, 1)
        two.undo()
        assert [o.seq for o in one.operations()] == [1, 2, 3]
        assert two.operations() == [] and two.counts()["undone"] == 1
        assert one.state().counter == 3 and two.state().counter == 0


def test_operation_shape(backend: Backend) -> None:
    with backend.open() as store:
        store.clock = lambda: "2024-05-01T20:13:07.000000Z"
        with store.write() as tx:
            tx.append("move", move_events(0), character="Kai", summary="Face Danger")
        (op,) = store.operations()
    data = op.to_dict()
    assert list(data) == ["seq", "kind", "time", "character", "summary", "status", "events"]
    assert data["time"] == "2024-05-01T20:13:07.000000Z"
    assert data["status"] == "live"
    assert data["events"] == move_events(0)


def test_state_is_the_fold_and_tx_state_is_a_private_copy(backend: Backend) -> None:
    with backend.open() as store:
        append_counts(store, 3)
        with store.write() as tx:
            assert tx.state.counter == 3
            tx.state.counter = 99  # mutating the working copy must not leak anywhere
            tx.append("edit", [count_event(3)])
            assert tx.state.counter == 99
        assert store.state().counter == 4
        first = store.state()
        first.counter = -1
        assert store.state().counter == 4


def test_tx_state_is_read_inside_the_lock(backend: Backend) -> None:
    with backend.open() as one, backend.open() as two:
        assert one.state().counter == 0
        append_counts(two, 2)  # another connection writes meanwhile
        with one.write() as tx:
            assert tx.state.counter == 2
            tx.append("edit", [count_event(2)])
        assert two.state().counter == 3


@pytest.mark.parametrize(
    ("kind", "events", "message"),
    [
        ("", [count_event(0)], "operation kind"),
        ("two\nlines", [count_event(0)], "operation kind"),
        ("edit", [], "at least one event"),
        ("edit", {"type": "count"}, "must be a list"),
        ("edit", "count", "must be a list"),
        ("edit", [["type", "count"]], "not a JSON object"),
        ("edit", [{"from": 0}], "has no 'type'"),
        ("edit", [{"type": ""}], "has no 'type'"),
        ("edit", [{"type": "x", "value": math.nan}], "not plain JSON"),
        ("edit", [{"type": "x", "value": {1, 2}}], "not plain JSON"),
    ],
)
def test_bad_operations_are_refused_and_nothing_is_written(
    backend: Backend, kind: str, events: Any, message: str
) -> None:
    with backend.open() as store:
        append_counts(store, 1)
        with pytest.raises(InvalidValue, match=message), store.write() as tx:
            tx.append("edit", [count_event(1)])  # a good one first: it must roll back too
            tx.append(kind, events)
        assert store.state().counter == 1
        assert [o.seq for o in store.operations(include_undone=True)] == [1]
    assert backend.raw_op_count() == 1


def test_an_event_the_state_refuses_rolls_back_the_whole_write(backend: Backend) -> None:
    with backend.open() as store:
        append_counts(store, 2)
        with pytest.raises(CampaignError, match=r"refused a 'count' event"), store.write() as tx:
            tx.append("edit", [count_event(2)])
            tx.append("edit", [count_event(7)])  # from 7 while the counter will be 3
        assert store.state().counter == 2
        with pytest.raises(CampaignError, match="always refused"), store.write() as tx:
            tx.append("edit", [{"type": "refuse"}])
        append_counts(store, 1)  # and the store still works
        assert store.state().counter == 3
    assert backend.raw_op_count() == 3


def test_an_exception_in_the_block_writes_nothing(backend: Backend) -> None:
    with backend.open() as store:
        with pytest.raises(RuntimeError), store.write() as tx:
            tx.append("edit", [count_event(0)])
            raise RuntimeError("the move failed half way")
        assert store.state().counter == 0
        assert store.operations(include_undone=True) == []


def test_events_are_stored_in_canonical_form(backend: Backend) -> None:
    with backend.open() as store:
        with store.write() as tx:
            op = tx.append("edit", [{"type": "note", "pair": (1, 2), "b": 1, "a": "é"}])
        assert op.events == ({"a": "é", "b": 1, "pair": [1, 2], "type": "note"},)
        assert store.operations()[0].events == op.events


def test_nested_writes_are_refused(backend: Backend) -> None:
    with backend.open() as store:
        with store.write() as tx:
            tx.append("edit", [count_event(0)])
            with pytest.raises(CampaignError, match="already open"):
                store.journal_add("inside")
        assert store.state().counter == 1


def test_journal_add(backend: Backend) -> None:
    with backend.open() as store:
        op = store.journal_add("  I swear upon iron.\nAnd I mean it.  ", character="Kai")
        assert op.kind == "journal" and op.character == "Kai"
        assert op.events == ({"type": "journal", "text": "I swear upon iron.\nAnd I mean it."},)
        assert op.summary == "I swear upon iron."
        long = store.journal_add("x" * 100)
        assert len(long.summary) == 60 and long.summary.endswith("…")
        for bad in ("", "   \n "):
            with pytest.raises(InvalidValue, match="journal text is empty"):
                store.journal_add(bad)
        assert store.state().journal == ["I swear upon iron.\nAnd I mean it.", "x" * 100]


# ------------------------------------------------------------------------------ undo / redo


def test_undo_and_redo(backend: Backend) -> None:
    with backend.open() as store:
        assert store.undo() is None and store.redo() is None
        append_counts(store, 3)
        before = store.state().to_dict()
        undone = store.undo()
        assert undone is not None and undone.seq == 3 and undone.status == "undone"
        assert store.state().counter == 2
        assert store.undo().seq == 2  # type: ignore[union-attr]
        assert store.state().counter == 1
        assert store.redo().seq == 2  # type: ignore[union-attr]
        redone = store.redo()
        assert redone is not None and redone.seq == 3 and redone.status == "live"
        assert store.redo() is None
        assert store.state().to_dict() == before
        statuses = [(o.seq, o.status) for o in store.operations(include_undone=True)]
        assert statuses == [(1, "live"), (2, "live"), (3, "live")]


def test_a_new_operation_after_undo_discards_the_redo_stack(backend: Backend) -> None:
    with backend.open() as store:
        append_counts(store, 3)
        store.undo()
        store.undo()
        append_counts(store, 1)
        assert store.redo() is None
        assert store.state().counter == 2
        statuses = [(o.seq, o.status) for o in store.operations(include_undone=True)]
        assert statuses == [(1, "live"), (2, "discarded"), (3, "discarded"), (4, "live")]
        assert [o.seq for o in store.operations()] == [1, 4]
        # Undo skips the discarded operations.
        assert store.undo().seq == 4  # type: ignore[union-attr]
        assert store.undo().seq == 1  # type: ignore[union-attr]
        assert store.undo() is None
        assert store.state().counter == 0


def test_undo_everything_and_redo_everything_is_the_identical_state(backend: Backend) -> None:
    with backend.open() as store:
        for n in range(2 * SNAPSHOT_INTERVAL + 10):
            with store.write() as tx:
                tx.append("move", move_events(n))
        before = store.state().to_dict()
        while store.undo() is not None:
            pass
        assert store.state().to_dict() == LedgerState().to_dict()
        while store.redo() is not None:
            pass
        assert store.state().to_dict() == before


class UndoModel:
    """The undo/redo rules as a plain list model, to check the store against."""

    def __init__(self) -> None:
        self.live: list[int] = []
        self.redo: list[int] = []
        self.next = 1

    def append(self) -> None:
        self.live.append(self.next)
        self.next += 1
        self.redo.clear()

    def undo(self) -> int | None:
        if not self.live:
            return None
        self.redo.append(self.live.pop())
        return self.redo[-1]

    def redo_(self) -> int | None:
        if not self.redo:
            return None
        self.live.append(self.redo.pop())
        return self.live[-1]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=st.lists(st.sampled_from(["append", "undo", "redo", "reopen"]), max_size=40))
def test_undo_redo_follow_the_model(backend: Backend, actions: list[str]) -> None:
    key = backend.fresh_key()  # one campaign per example
    model = UndoModel()
    store = backend.open(key)
    try:
        for action in actions:
            if action == "append":
                with store.write() as tx:
                    tx.append("edit", [count_event(tx.state.counter)])
                model.append()
            elif action == "undo":
                op = store.undo()
                assert (op.seq if op else None) == model.undo()
            elif action == "redo":
                op = store.redo()
                assert (op.seq if op else None) == model.redo_()
            else:
                store.close()
                store = backend.open(key, create=False)
            assert [o.seq for o in store.operations()] == model.live
            assert store.state().counter == len(model.live)
    finally:
        store.close()


# -------------------------------------------------------------------------------- snapshots


def test_snapshots_bound_the_fold_when_opening(backend: Backend) -> None:
    total = 5 * SNAPSHOT_INTERVAL + 7
    with backend.open() as store:
        append_counts(store, total)
    seqs = [seq for seq, _key, _ops in backend.raw_snapshots()]
    assert seqs[-1] == 5 * SNAPSHOT_INTERVAL
    assert len(seqs) <= store_module.SNAPSHOTS_KEPT
    LedgerState.folded = 0
    with backend.open(create=False) as store:
        assert store.state().counter == total
    assert LedgerState.folded == 7  # only the operations after the last snapshot


def test_undo_past_a_snapshot_drops_it_and_stays_correct(backend: Backend) -> None:
    with backend.open() as store:
        append_counts(store, SNAPSHOT_INTERVAL + 1)
        store.undo()
        store.undo()  # the operation the snapshot was taken at
        assert all(seq < SNAPSHOT_INTERVAL for seq, _k, _o in backend.raw_snapshots())
        assert store.state().counter == SNAPSHOT_INTERVAL - 1
        store.redo()
        assert store.state().counter == SNAPSHOT_INTERVAL
    with backend.open(create=False) as store:
        assert store.state().counter == SNAPSHOT_INTERVAL


class OtherState(LedgerState):
    """Same data, another model: its snapshots must not be used for LedgerState."""

    SNAPSHOT_VERSION = 2


def test_snapshots_of_another_state_model_are_ignored(backend: Backend) -> None:
    with backend.open(state_type=OtherState) as store:
        append_counts(store, SNAPSHOT_INTERVAL + 3)  # type: ignore[arg-type]
    LedgerState.folded = 0
    with backend.open(create=False) as store:
        assert store.state().counter == SNAPSHOT_INTERVAL + 3
    assert LedgerState.folded == SNAPSHOT_INTERVAL + 3


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        json.dumps({"meters": {}}),
        json.dumps({"counter": 5, "meters": {}, "journal": [], "others": 0}),
    ],
)
def test_a_broken_or_wrong_snapshot_falls_back_to_the_full_fold(
    backend: Backend, body: str
) -> None:
    with backend.open() as store:
        append_counts(store, SNAPSHOT_INTERVAL + 3)
    # "counter": a well-formed snapshot whose operation count does not match the live log.
    backend.raw_damage_snapshots(body, miscount="counter" in body)
    with backend.open(create=False) as store:
        assert store.state().counter == SNAPSHOT_INTERVAL + 3


def test_a_long_fold_on_read_saves_a_snapshot(backend: Backend) -> None:
    with backend.open(state_type=OtherState) as store:
        append_counts(store, 2 * SNAPSHOT_INTERVAL + 5)  # type: ignore[arg-type]
    with backend.open(create=False) as store:
        store.state()
    keys = {key for _seq, key, _ops in backend.raw_snapshots()}
    assert any(key.startswith(f"{LedgerState.__module__}.LedgerState:1:") for key in keys)
    LedgerState.folded = 0
    with backend.open(create=False) as store:
        assert store.state().counter == 2 * SNAPSHOT_INTERVAL + 5
    assert LedgerState.folded == 0


def test_counts_and_last_operation(backend: Backend) -> None:
    with backend.open() as store:
        assert store.last_operation() is None
        for n in range(3):
            with store.write() as tx:
                tx.append("move", move_events(n))
        store.undo()
        assert store.counts() == {"live": 2, "undone": 1, "discarded": 0, "events": 10}
        assert store.last_operation().seq == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("include_undone", "last", "expected"),
    [
        (False, None, [1, 2, 4]),
        (False, 2, [2, 4]),
        (False, 10, [1, 2, 4]),
        (False, 0, []),
        (True, None, [1, 2, 3, 4, 5]),
        (True, 2, [4, 5]),
    ],
)
def test_operations_tail(
    backend: Backend, include_undone: bool, last: int | None, expected: list[int]
) -> None:
    with backend.open() as store:
        append_counts(store, 3)
        store.undo()
        append_counts(store, 2)
        store.undo()  # 1, 2 live; 3 discarded; 4 live; 5 undone
        ops = store.operations(include_undone=include_undone, last=last)
        assert [o.seq for o in ops] == expected
        assert all(len(o.events) == 1 for o in ops)


@pytest.mark.parametrize(
    ("include_undone", "last", "before", "expected"),
    [
        (True, 2, 4, [2, 3]),  # the page of earlier ones a table's "earlier" button reads
        (True, 10, 4, [1, 2, 3]),
        (True, None, 3, [1, 2]),
        (True, 2, 1, []),
        (False, 1, 4, [2]),  # live only: 3 is discarded
        (False, None, 99, [1, 2, 4]),
    ],
)
def test_operations_before_a_seq(
    backend: Backend, include_undone: bool, last: int | None, before: int, expected: list[int]
) -> None:
    with backend.open() as store:
        append_counts(store, 3)
        store.undo()
        append_counts(store, 2)
        store.undo()  # 1, 2 live; 3 discarded; 4 live; 5 undone
        ops = store.operations(include_undone=include_undone, last=last, before=before)
        assert [o.seq for o in ops] == expected
        assert all(len(o.events) == 1 for o in ops)  # their own events, none of later ones
