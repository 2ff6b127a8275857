"""The web table's group commit (issue 24): writes queued for one campaign while its worker is
busy are applied in order in one transaction and committed once; a bad one is refused alone
(4xx over HTTP) and the others are kept; every answer comes after the commit, and what was
answered is there after a reopen. On both stores.

The worker is held busy by a call that waits for the test (no timing): the writes then queue,
and are committed as one group when it lets go.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from web_support import CHANGE, STATS, live_server

from ironsworn.campaign.registry import campaign_path, named
from ironsworn.errors import IronswornError, RuleViolation
from ironsworn.web.tables import Table, Tables

_NAMES = itertools.count(1)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> str | None:
    """None: campaign files in the data home; else the session's PostgreSQL database."""
    if request.param == "postgres":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return None


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Wait for the server to reach a state (bounded: the test fails, it never hangs)."""
    deadline = time.monotonic() + 20
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.005)


def hold(table: Table) -> threading.Event:
    """Keep the table's worker busy until the event returned is set."""
    gate = threading.Event()
    table._executor.submit(gate.wait, 30)
    return gate


def test_queued_writes_are_one_commit_in_order_and_a_bad_one_is_refused_alone(
    home: Path, database: str | None
) -> None:
    name = f"group{next(_NAMES)}"
    path = None if database else campaign_path(name)

    def journal(text: str) -> Callable[[Any], Any]:
        return lambda store: store.journal_add(text)

    def refused(store: Any) -> Any:
        store.journal_add("written, then refused")
        raise RuleViolation("the rules refuse it")

    async def scenario() -> tuple[list[Any], list[int], int]:
        table = Table(name, path, create=True, database=database)
        try:
            await table.write(journal("before"))
            store = table._store
            commits: list[int] = []
            original = store._commit

            def counting() -> None:
                commits.append(1)
                original()

            store._commit = counting
            gate = hold(table)
            works = [journal(f"entry {i}") for i in range(6)]
            works.insert(3, refused)
            writes = [asyncio.ensure_future(table.write(work)) for work in works]
            await asyncio.sleep(0)  # each write queues at its first step
            assert len(table._queue) == len(works)
            version = table.version
            gate.set()
            answers = await asyncio.gather(*writes, return_exceptions=True)
            assert table.version == version + 1  # one change published for the group
            return answers, commits, table.version
        finally:
            table.close()

    answers, commits, _version = asyncio.run(scenario())
    assert commits == [1]  # seven writes, one commit
    assert isinstance(answers[3], RuleViolation)
    kept = [a for i, a in enumerate(answers) if i != 3]
    assert [op.summary for op in kept] == [f"entry {i}" for i in range(6)]
    assert [op.seq for op in kept] == list(range(2, 8))
    # Durable: a fresh store sees every answered write, in order, and not the refused one.
    store = named(name, database).open()
    try:
        assert [op.summary for op in store.operations()] == ["before"] + [
            f"entry {i}" for i in range(6)
        ]
    finally:
        store.close()


def post(base: str, name: str, action: str, body: dict[str, Any], key: str | None = None) -> Any:
    headers = {**CHANGE, "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    request = urllib.request.Request(
        f"{base}/api/c/{name}/actions/{action}",
        data=json.dumps(body).encode(),
        headers=headers,
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, dict(answer.headers), json.load(answer)
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), json.load(refused)


def test_over_http_a_bad_request_in_a_group_is_a_4xx_and_the_others_are_kept(
    home: Path, database: str | None
) -> None:
    name = f"http{next(_NAMES)}"
    tables = Tables(database=database)
    requests = [
        ("journal", {"text": "first"}, None),
        ("move", {"move": "face danger", "character": "Nobody", "stat": "edge"}, None),
        ("journal", {"text": "second"}, "key-2"),
        ("journal", {"text": ""}, None),
        ("move", {"move": "face danger", "stat": "edge", "dice": [6, 1, 2]}, None),
    ]
    answers: list[Any] = [None] * len(requests)
    with live_server(name, tables=tables) as server:
        made = post(server.url, name, "character", {"name": "Kai", "stats": STATS})
        assert made[0] == 200, made
        table = tables.get(name)
        gate = hold(table)
        threads = []
        for i, (action, body, key) in enumerate(requests):

            def send(i: int = i, action: str = action, body: Any = body, key: Any = key) -> None:
                answers[i] = post(server.url, name, action, body, key)

            thread = threading.Thread(target=send, daemon=True)
            thread.start()
            threads.append(thread)
            wait_until(lambda i=i: len(table._queue) == i + 1, f"request {i} queued")
        gate.set()
        for thread in threads:
            thread.join(60)
        statuses = [answer[0] for answer in answers]
        assert statuses[0] == statuses[2] == statuses[4] == 200, answers
        assert 400 <= statuses[1] < 500 and 400 <= statuses[3] < 500, answers
        assert all("error" in answers[i][2] for i in (1, 3))
        # One group, one change: every write answered names the same version.
        versions = {answers[i][1]["x-ironsworn-version"] for i in (0, 2, 4)}
        assert len(versions) == 1
        # A retry of the request with an id gets its first answer, applying nothing.
        again = post(server.url, name, "journal", {"text": "second"}, "key-2")
        assert again[0] == 200 and again[1].get("x-ironsworn-replayed") == "1"
    store = named(name, database).open()
    try:
        kinds = [(op.kind, op.summary) for op in store.operations()]
    finally:
        store.close()
    assert [k for k, _ in kinds] == ["character", "journal", "journal", "move"]
    assert [s for k, s in kinds if k == "journal"] == ["first", "second"]


def test_a_failed_commit_refuses_the_whole_group_and_publishes_nothing(
    home: Path, database: str | None
) -> None:
    """The change a group makes is worked out inside its transaction: when the commit then
    fails, every write of the group is refused, no change is published, and the next write's
    change follows the last one the pages heard."""
    from ironsworn.errors import CampaignError

    name = f"failed{next(_NAMES)}"
    path = None if database else campaign_path(name)

    async def scenario() -> tuple[list[Any], int, int, Any]:
        table = Table(name, path, create=True, database=database)
        try:
            await table.write(lambda store: store.journal_add("before"))
            queue = table.listen()
            store = table._store
            original = store._commit

            def failing() -> None:
                raise CampaignError("the disk is full")

            store._commit = failing
            gate = hold(table)
            writes = [
                asyncio.ensure_future(table.write(lambda s, i=i: s.journal_add(f"lost {i}")))
                for i in range(3)
            ]
            await asyncio.sleep(0)
            version = table.version
            gate.set()
            answers = await asyncio.gather(*writes, return_exceptions=True)
            heard_after_failure = queue.qsize()
            store._commit = original
            await table.write(lambda s: s.journal_add("after"))
            change = queue.get_nowait()
            return answers, version, heard_after_failure, (change, table.version)
        finally:
            table.close()

    answers, version, heard, (change, now) = asyncio.run(scenario())
    assert all(isinstance(a, CampaignError) and "disk is full" in str(a) for a in answers)
    assert heard == 0  # nothing published for writes that were rolled back
    assert change.version == now == version + 1 and change.since == version
    store = named(name, database).open()
    try:
        assert [op.summary for op in store.operations()] == ["before", "after"]
    finally:
        store.close()


def test_the_changes_of_random_groups_add_up_to_a_fresh_read(
    home: Path, database: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random groups of writes (moves by three characters, vows made and marked, journal
    entries, undo, redo, and writes refused after writing), each committed as one group while
    a page follows, and now and then another process's entry or undo (and sometimes a vow
    after it), heard by a check: after
    each group, the page's state patched with the changes it heard is
    the state read afresh, and its timeline merged with their entries is the timeline read
    afresh. A group that only appended tells its timeline entries from what it appended (the
    log is not read again for them); any other reads them."""
    import copy
    import random

    from test_web_changes import merged

    from ironsworn.web import changes, reads
    from ironsworn.web.actions import Context, run_action

    name = f"random{next(_NAMES)}"
    path = None if database else campaign_path(name)
    heroes = ("Asha", "Kai", "Bren")
    chooser = random.Random(24)
    told_from_written: list[bool] = []
    original_delta = changes.timeline_delta

    def spying(*args: Any, **kwargs: Any) -> Any:
        told_from_written.append(kwargs.get("above") is not None)
        return original_delta(*args, **kwargs)

    monkeypatch.setattr(changes, "timeline_delta", spying)

    def action(kind: str, who: str) -> Callable[[Any], Any]:
        def work(store: Any) -> Any:
            if kind == "undo":
                return store.undo()
            if kind == "redo":
                return store.redo()
            if kind == "journal":
                return store.journal_add(f"*entry* by {who}")
            if kind == "refused":
                store.journal_add("written, then refused")
                raise RuleViolation("the rules refuse it")
            if kind == "vow":
                body: dict[str, Any] = {"kind": "vow", "text": f"{who}'s vow", "rank": "dangerous"}
                return run_action(Context(store, name, who), "track", body)
            open_vows = [t.id for t in store.state().tracks.values() if t.status == "active"]
            if kind == "progress" and open_vows:
                body = {"track": chooser.choice(open_vows)}
                return run_action(Context(store, name, who), "progress", body)
            dice = [chooser.randint(1, 6), chooser.randint(1, 10), chooser.randint(1, 10)]
            body = {"move": "face danger", "stat": "edge", "dice": dice}
            return run_action(Context(store, name, who), "move", body)

        return work

    async def scenario() -> None:
        table = Table(name, path, create=True, database=database)
        try:
            for hero in heroes:
                body = {"name": hero, "stats": STATS}
                await table.write(
                    lambda s, b=body: run_action(Context(s, name, None), "character", b)
                )
            queue = table.listen()
            await table.follow()
            page = copy.deepcopy(table.page)
            timeline = await table.call(lambda s: reads.timeline(s, 2000))
            kinds = ["move", "move", "move", "journal", "vow", "progress", "undo", "redo"]
            appending = others_moved = rereads = 0
            for round_ in range(30):
                group = [
                    chooser.choice([*kinds, "refused"] if round_ % 3 == 0 else kinds)
                    for _ in range(chooser.randint(1, 5))
                ]
                # An undone operation above the head: the group's first append discards it,
                # so the log is read for the change (its entry's status changes).
                redo_stack = await table.call(
                    lambda s: s.operations()[-1:] != s.operations(include_undone=True)[-1:]
                )
                gate = hold(table)
                writes = [
                    asyncio.ensure_future(table.write(action(kind, chooser.choice(heroes))))
                    for kind in group
                ]
                await asyncio.sleep(0)
                told_from_written.clear()
                gate.set()
                await asyncio.gather(*writes, return_exceptions=True)
                group_told = told_from_written[:]
                if round_ % 4 == 1:  # another process writes; a check hears it
                    with named(name, database).open() as other:
                        if chooser.random() < 0.7:
                            other.journal_add(f"from elsewhere, round {round_}")
                        else:
                            other.undo()
                        if round_ % 8 == 1:  # and a vow the kept state catches up with
                            with contextlib.suppress(IronswornError):  # a decision waits
                                action("vow", chooser.choice(heroes))(other)
                                others_moved += 1
                    await table.check()
                while not queue.empty():
                    event = queue.get_nowait().event.decode()
                    data = json.loads(event.split("\ndata: ", 1)[1].split("\n", 1)[0])
                    page = changes.patch(page, data["state"])
                    if data["timeline"] is None:  # the page reads its latest entries again
                        rereads += 1
                        timeline = await table.call(lambda s: reads.timeline(s, 2000))
                    else:
                        timeline = merged(timeline, data["timeline"])
                fresh = await table.call(lambda s: changes.page_state(s, name))
                assert page == json.loads(json.dumps(fresh)), f"round {round_}: {group}"
                fresh_timeline = await table.call(lambda s: reads.timeline(s, 2000))
                assert timeline == fresh_timeline, f"round {round_}: {group}"
                if not {"undo", "redo", "refused"} & set(group) and not redo_stack:
                    # One change at most (none when the rules refused every write).
                    assert group_told in ([], [True]), f"round {round_}: {group}"
                    appending += len(group_told)
            assert appending >= 5  # the rounds above did tell entries from what was appended
            assert others_moved >= 1  # a check caught the kept state up with another's vow
            assert 1 <= rereads <= 4  # only after another process's undo then append
        finally:
            table.close()

    asyncio.run(scenario())


def test_a_move_through_a_followed_table_on_postgres_is_three_round_trips(
    home: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: with pages following, a move through the table is the store's three round
    trips (the lock, the append, the commit): the change the pages hear (the state's patch and
    the timeline entry) is worked out from what the group appended, with no read of the log.
    It was four. Another server's write, heard by a check, is two: the head read with the
    operations above the pages' head and what catches the kept state up, then the end of the
    read (it was three: the state was caught up in a round trip of its own)."""
    from ironsworn.web.actions import Context, run_action
    from pg_server import round_trips

    name = f"trips{next(_NAMES)}"

    async def scenario() -> tuple[list[str], Any, list[str], Any]:
        table = Table(name, None, create=True, database=postgres_url)
        try:
            body = {"name": "Asha", "stats": STATS}
            await table.write(lambda s: run_action(Context(s, name, None), "character", body))
            queue = table.listen()
            await table.follow()
            trips = round_trips(monkeypatch)
            move = {"move": "face danger", "stat": "edge", "dice": [6, 1, 2]}
            await table.write(lambda s: run_action(Context(s, name, "Asha"), "move", move))
            monkeypatch.undo()
            moved = queue.get_nowait()
            with named(name, postgres_url).open() as other:  # another server's store
                other.journal_add("*elsewhere*")
            checked = round_trips(monkeypatch)
            await table.check()
            monkeypatch.undo()
            return trips, moved, checked, queue.get_nowait()
        finally:
            table.close()

    trips, moved, checked, heard = asyncio.run(scenario())
    assert len(trips) == 3, trips
    data = json.loads(moved.event.decode().split("\ndata: ", 1)[1].split("\n", 1)[0])
    assert [e["kind"] for e in data["timeline"]["entries"]] == ["move"]
    assert data["state"]  # the move's patch: momentum, at least
    assert len(checked) == 2, checked
    data = json.loads(heard.event.decode().split("\ndata: ", 1)[1].split("\n", 1)[0])
    assert [e["html"] for e in data["timeline"]["entries"]] == ["<p><em>elsewhere</em></p>\n"]


def test_checks_asked_while_one_waits_read_the_marker_once(home: Path) -> None:
    """A burst of checks (another server's notices, one per write) while the worker is busy is
    one read of the change marker, made after all of them were asked: each hears the change
    another process made; a check asked once that read has begun reads again."""
    name = f"checks{next(_NAMES)}"
    path = campaign_path(name)

    async def scenario() -> tuple[list[Any], int, Any, int]:
        table = Table(name, path, create=True)
        try:
            await table.write(lambda store: store.journal_add("before"))
            looks: list[int] = []
            original = table._observe_at_once

            def counting(store: Any) -> Any:
                looks.append(1)
                return original(store)

            table._observe_at_once = counting  # type: ignore[method-assign]
            gate = hold(table)
            with named(name, None).open() as other:  # another process's write
                other.journal_add("from elsewhere")
            checks = [asyncio.ensure_future(table.check()) for _ in range(5)]
            await asyncio.sleep(0)
            gate.set()
            heard = await asyncio.gather(*checks)
            once = len(looks)
            with named(name, None).open() as other:
                other.journal_add("and again")
            again = await table.check()
            return heard, once, again, len(looks)
        finally:
            table.close()

    heard, once, again, looks = asyncio.run(scenario())
    assert once == 1
    assert all(change is heard[0] for change in heard) and heard[0] is not None
    assert heard[0].head == 2
    assert again is not None and again.head == 3 and looks == 2
