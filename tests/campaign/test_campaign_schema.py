"""The file's identity and versions: migration of an older file, refusal of everything else."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from campaign_support import LedgerState, build_v1_campaign, count_event, move_events

from ironsworn.campaign import schema
from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import CampaignError


def pragma(path: Path, name: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"PRAGMA {name}").fetchone()[0])
    finally:
        conn.close()


def test_a_new_file_carries_the_app_id_and_current_version(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    CampaignStore.open(path, create=True, state_type=LedgerState).close()
    assert pragma(path, "application_id") == schema.APP_ID
    assert pragma(path, "user_version") == schema.SCHEMA_VERSION
    header = path.read_bytes()[:100]
    assert int.from_bytes(header[68:72], "big") == schema.APP_ID  # in the main file itself
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_version_1_file_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    build_v1_campaign(
        path,
        [
            ("move", move_events(0)),
            ("edit", [count_event(1)]),
            ("journal", [{"type": "journal", "text": "Old days."}]),
        ],
    )
    assert pragma(path, "user_version") == 1
    with CampaignStore.open(path, state_type=LedgerState) as store:
        assert store.name == "old"
        state = store.state()
        assert state.counter == 2 and state.journal == ["Old days."]
        ops = store.operations()
        assert [(o.seq, o.kind, o.status) for o in ops] == [
            (1, "move", "live"),
            (2, "edit", "live"),
            (3, "journal", "live"),
        ]
        assert ops[0].time == "2023-01-02T03:00:01.000000Z"  # times survive the migration
        # What version 2 added works on the migrated file: undo, redo, snapshots.
        assert store.undo().seq == 3  # type: ignore[union-attr]
        assert store.redo().seq == 3  # type: ignore[union-attr]
        with store.write() as tx:
            tx.append("edit", [count_event(2)])
        assert store.state().counter == 3
    assert pragma(path, "user_version") == schema.SCHEMA_VERSION
    conn = sqlite3.connect(path)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(operations)")]
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
    conn.close()
    assert "status" in columns and "snapshots" in tables


def test_a_failed_migration_leaves_the_old_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite"
    build_v1_campaign(path, [("edit", [count_event(0)])])
    before = path.read_bytes()

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE operations ADD COLUMN status TEXT")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(schema.MIGRATIONS, 1, broken)
    with pytest.raises(CampaignError, match="disk I/O error"):
        CampaignStore.open(path, state_type=LedgerState)
    assert pragma(path, "user_version") == 1
    monkeypatch.undo()
    with CampaignStore.open(path, state_type=LedgerState) as store:
        assert store.state().counter == 1
    assert before != path.read_bytes()  # (the real migration did write)


# ------------------------------------------------------------------------------- refusals


def sqlite_file(path: Path, app_id: int, version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {app_id}")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.commit()
    conn.close()


def newer_campaign(path: Path) -> None:
    CampaignStore.open(path, create=True, state_type=LedgerState).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.commit()
    conn.close()


def corrupt_campaign(path: Path) -> None:
    with CampaignStore.open(path, create=True, state_type=LedgerState) as store:
        for n in range(50):
            with store.write() as tx:
                tx.append("move", move_events(n))
    data = bytearray(path.read_bytes())
    page = 4096
    data[page : 3 * page] = b"\xa5" * (2 * page)  # the schema's pages are garbage now
    path.write_bytes(bytes(data))


def truncated_campaign(path: Path) -> None:
    CampaignStore.open(path, create=True, state_type=LedgerState).close()
    path.write_bytes(path.read_bytes()[:60])


REFUSALS: list[tuple[str, Callable[[Path], None], str]] = [
    ("foreign sqlite", lambda p: sqlite_file(p, 0, 0), "not an ironsworn campaign"),
    ("other app id", lambda p: sqlite_file(p, 0x12345678, 2), "not an ironsworn campaign"),
    ("newer version", newer_campaign, f"version {schema.SCHEMA_VERSION + 1} is newer"),
    ("text file", lambda p: p.write_text("Kai, iron 2, heart 2\n" * 20), "not an SQLite database"),
    ("random bytes", lambda p: p.write_bytes(os.urandom(5000)), "not an SQLite database"),
    ("truncated", truncated_campaign, "truncated SQLite file"),
    ("corrupt pages", corrupt_campaign, "c.sqlite: "),
    ("empty file", lambda p: p.write_bytes(b""), "empty file"),
]


@pytest.mark.parametrize(("what", "make", "message"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_files_that_are_not_our_campaigns_are_refused_untouched(
    tmp_path: Path, what: str, make: Callable[[Path], None], message: str
) -> None:
    path = tmp_path / "c.sqlite"
    make(path)
    before = path.read_bytes()
    siblings = sorted(p.name for p in tmp_path.iterdir())
    with (
        pytest.raises(CampaignError, match=message) as caught,
        CampaignStore.open(path, state_type=LedgerState) as store,
    ):
        store.state()  # a corruption may only show when the data is read
    text = str(caught.value)
    assert "\n" not in text and str(path) in text
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == siblings


@pytest.mark.parametrize("make", [lambda p: sqlite_file(p, 0, 0), newer_campaign])
def test_create_does_not_take_over_a_foreign_or_newer_file(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / "c.sqlite"
    make(path)
    before = path.read_bytes()
    with pytest.raises(CampaignError):
        CampaignStore.open(path, create=True, state_type=LedgerState)
    assert path.read_bytes() == before


def test_an_empty_file_becomes_a_campaign_when_creating(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"")
    with CampaignStore.open(path, create=True, state_type=LedgerState) as store:
        assert store.state().counter == 0
    assert pragma(path, "application_id") == schema.APP_ID


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CampaignError, match="is a directory"):
        CampaignStore.open(tmp_path, state_type=LedgerState)
