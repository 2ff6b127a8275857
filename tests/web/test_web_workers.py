"""The campaigns' workers (issue 24): each campaign's calls run one at a time, in the order
they came, on a few threads every open campaign shares; a campaign held up holds one thread,
not the others. No timing: the calls wait for events the test sets."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from ironsworn.web.tables import Tables
from ironsworn.web.workers import WORKERS, Lane, workers


def test_a_lanes_calls_run_in_order_one_at_a_time() -> None:
    pool = workers("t", 4)
    lane = Lane(pool)
    gate = threading.Event()
    running: list[int] = []
    order: list[int] = []
    overlaps: list[int] = []

    def call(i: int) -> int:
        if running:
            overlaps.append(i)
        running.append(i)
        if i == 0:
            assert gate.wait(20)
        order.append(i)
        running.remove(i)
        return i * 10

    try:
        futures = [lane.submit(call, i) for i in range(50)]
        gate.set()
        assert [f.result(timeout=20) for f in futures] == [i * 10 for i in range(50)]
        assert order == list(range(50))
        assert overlaps == []  # four threads, yet never two of the lane's calls at once
    finally:
        lane.shutdown()
        pool.shutdown()


def test_a_lane_held_up_does_not_hold_up_another() -> None:
    pool = workers("t", 2)
    held, other = Lane(pool), Lane(pool)
    gate = threading.Event()
    try:
        stuck = held.submit(gate.wait, 20)
        queued = held.submit(lambda: "after the held call")
        assert other.submit(lambda: "through").result(timeout=20) == "through"
        assert not queued.done()  # the held lane's next call waits for its turn
        gate.set()
        assert stuck.result(timeout=20) is True
        assert queued.result(timeout=20) == "after the held call"
    finally:
        for lane in (held, other):
            lane.shutdown()
        pool.shutdown()


def test_an_error_is_the_calls_own_and_the_lane_goes_on() -> None:
    lane = Lane(workers("t", 1), owned=True)

    def refused() -> None:
        raise ValueError("refused")

    try:
        with pytest.raises(ValueError, match="refused"):
            lane.submit(refused).result(timeout=20)
        assert lane.submit(lambda: 2).result(timeout=20) == 2
    finally:
        lane.shutdown()


def test_shutdown_waits_for_the_calls_submitted_and_takes_no_more() -> None:
    lane = Lane(workers("t", 1), owned=True)
    gate = threading.Event()
    done: list[str] = []
    lane.submit(gate.wait, 20)
    lane.submit(done.append, "last")
    closing = threading.Thread(target=lane.shutdown)
    closing.start()
    gate.set()
    closing.join(20)
    assert not closing.is_alive()
    assert done == ["last"]
    with pytest.raises(RuntimeError):
        lane.submit(done.append, "too late")


def test_a_servers_tables_share_its_workers(home: Path) -> None:
    """Every table a server opens runs on the same few threads (not one thread each)."""
    tables = Tables()

    async def scenario() -> set[str]:
        names = [f"shared{i}" for i in range(2 * WORKERS + 3)]
        opened = [tables.get(name, create=True) for name in names]
        threads = await asyncio.gather(
            *(t.call(lambda _store: threading.current_thread().name) for t in opened)
        )
        await tables.stop()
        return set(threads)

    threads = asyncio.run(scenario())
    assert 1 <= len(threads) <= WORKERS
    assert all(name.startswith("campaigns") for name in threads)


def test_a_database_campaign_keeps_a_thread_of_its_own(postgres_url: str, home: Path) -> None:
    """Its work waits on round trips to the database: those of two campaigns overlap."""
    tables = Tables(database=postgres_url)

    async def scenario() -> set[str]:
        opened = [tables.get(f"ownthread{i}", create=True) for i in range(2)]
        threads = await asyncio.gather(
            *(t.call(lambda _store: threading.current_thread().name) for t in opened)
        )
        await tables.stop()
        return set(threads)

    threads = asyncio.run(scenario())
    assert {name.split("_")[0] for name in threads} == {
        "campaign-ownthread0",
        "campaign-ownthread1",
    }


def test_a_posted_call_keeps_its_place_and_one_that_fails_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A call posted without a future (a group commit) runs in the lane's order; one that
    raises is logged, and the lane goes on."""
    lane = Lane(workers("t", 2), owned=True)
    gate = threading.Event()
    order: list[str] = []

    def fails() -> None:
        order.append("fails")
        raise ValueError("a posted call failed")

    try:
        lane.submit(gate.wait, 20)
        lane.post(order.append, "posted")
        lane.post(fails)
        last = lane.submit(order.append, "submitted")
        gate.set()
        last.result(timeout=20)
        assert order == ["posted", "fails", "submitted"]
        failed = [r.exc_info[1] for r in caplog.records if r.exc_info and r.exc_info[1]]
        assert [str(exc) for exc in failed] == ["a posted call failed"]
    finally:
        lane.shutdown()


def test_a_pool_shut_down_takes_no_more_calls() -> None:
    pool = workers("t", 1)
    assert pool.submit(lambda: "ran").result(timeout=20) == "ran"
    pool.shutdown()
    with pytest.raises(RuntimeError):
        pool.post(lambda: None)
    lane = Lane(workers("t", 1), owned=True)
    lane.shutdown()
    lane.shutdown()  # twice: the second returns at once
    with pytest.raises(RuntimeError):
        lane.post(lambda: None)


def test_no_more_than_count_calls_run_at_once_and_a_call_wakes_a_sleeping_thread() -> None:
    pool = workers("t", 2)
    lanes = [Lane(pool) for _ in range(3)]
    started = [threading.Event() for _ in lanes]
    gates = [threading.Event() for _ in lanes]

    def call(i: int) -> int:
        started[i].set()
        assert gates[i].wait(20)
        return i

    try:
        futures = [lane.submit(call, i) for i, lane in enumerate(lanes)]
        assert started[0].wait(20) and started[1].wait(20)
        assert not started[2].is_set() and len(pool._calls) == 1  # two run: the third waits
        gates[0].set()
        assert started[2].wait(20)  # the first thread done takes it
        for gate in gates:
            gate.set()
        assert [f.result(timeout=20) for f in futures] == [0, 1, 2]
        # Two threads, asleep: a call wakes one of them, none is started.
        assert pool.submit(lambda: "one").result(timeout=20) == "one"
        assert len(pool._threads) == 2
    finally:
        for lane in lanes:
            lane.shutdown()
        pool.shutdown()
    assert not any(thread.is_alive() for thread in pool._threads)  # shut down: all ended


def test_a_thread_the_system_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call that cannot get a thread is refused, nothing of it queued, when no thread runs;
    while another runs, it is queued for that one."""
    real = threading.Thread.start
    refuse = [True]

    def start(thread: threading.Thread) -> None:
        if refuse[0] and thread.name.startswith("refused"):
            raise RuntimeError("can't start new thread")
        real(thread)

    monkeypatch.setattr(threading.Thread, "start", start)
    pool = workers("refused", 2)
    with pytest.raises(RuntimeError):
        pool.post(lambda: None)
    assert not pool._calls and pool._running == 0 and not pool._threads
    refuse[0] = False
    gate, inside = threading.Event(), threading.Event()
    order: list[str] = []

    def first() -> None:
        inside.set()
        assert gate.wait(20)
        order.append("first")

    try:
        one = pool.submit(first)
        assert inside.wait(20)
        refuse[0] = True  # a second thread is refused: the call waits for the first
        two = pool.submit(order.append, "second")
        assert len(pool._calls) == 1 and len(pool._threads) == 1
        gate.set()
        one.result(timeout=20)
        two.result(timeout=20)
        assert order == ["first", "second"]
    finally:
        refuse[0] = False
        pool.shutdown()
