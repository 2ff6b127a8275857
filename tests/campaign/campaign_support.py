"""Helpers for the campaign tests: a small state model, fixture builders, the command runner.

:class:`LedgerState` follows the store's ``Foldable`` protocol and checks from/to pairs the way
the real state does, so a stale ``tx.state`` or a lost operation shows up as a refused event.
It is deliberately independent of ``ironsworn.campaign.state`` so the store is tested on its
own contract.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import pytest

from ironsworn.cli.main import main
from ironsworn.errors import InvalidValue

V1_APP_ID = 0x49524F4E


class LedgerState:
    """Meters per character, a counter, the journal; counts every event it folds."""

    SNAPSHOT_VERSION = 1
    folded: ClassVar[int] = 0  # events applied by any instance (tests reset it)

    def __init__(self) -> None:
        self.meters: dict[str, int] = {}
        self.counter = 0
        self.journal: list[str] = []
        self.others: int = 0

    def apply(self, event: Mapping[str, Any]) -> None:
        LedgerState.folded += 1
        kind = event["type"]
        if kind == "meter":
            key = f"{event['character']}.{event['meter']}"
            current = self.meters.get(key, 5)
            if current != event["from"]:
                raise InvalidValue(f"{key} is {current}, the event says {event['from']}")
            self.meters[key] = int(event["to"])
        elif kind == "count":
            if self.counter != event["from"]:
                raise InvalidValue(f"counter is {self.counter}, the event says {event['from']}")
            self.counter = int(event["to"])
        elif kind == "journal":
            self.journal.append(str(event["text"]))
        elif kind == "refuse":
            raise InvalidValue("this event is always refused")
        else:
            self.others += 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "meters": dict(self.meters),
            "counter": self.counter,
            "journal": list(self.journal),
            "others": self.others,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        state = cls()
        state.meters = dict(data["meters"])
        state.counter = int(data["counter"])
        state.journal = list(data["journal"])
        state.others = int(data["others"])
        return state


def count_event(n: int) -> dict[str, Any]:
    return {"type": "count", "from": n, "to": n + 1}


def move_events(n: int) -> list[dict[str, Any]]:
    """A move-sized operation: move, roll, two meter changes and the counter (5 events)."""
    return [
        {
            "type": "move",
            "move": "move:classic/adventure/face_danger",
            "name": "Face Danger",
            "character": "Kai",
            "stat": "edge",
            "outcome": "weak_hit",
            "text": "You succeed, but not without cost.",
        },
        {
            "type": "roll",
            "character": "Kai",
            "move": "move:classic/adventure/face_danger",
            "roll": {
                "type": "action",
                "action_die": 4,
                "action_die_cancelled": False,
                "stat": 3,
                "adds": 0,
                "score": 7,
                "challenge": [5, 8],
                "outcome": "weak_hit",
                "match": False,
                "momentum": 2,
                "burn": None,
            },
        },
        {
            "type": "meter",
            "character": "Kai",
            "meter": "health",
            "from": 5 - n % 2,
            "to": 4 + n % 2,
        },
        {
            "type": "meter",
            "character": "Kai",
            "meter": "spirit",
            "from": 5 - n % 2,
            "to": 4 + n % 2,
        },
        count_event(n),
    ]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in process: its exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """Run a command with ``--json`` that must succeed; its parsed output."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert out == ""
    assert err.startswith("ironsworn: error: ") and err.count("\n") == 1
    return err


def file_bytes(path: Path) -> bytes:
    return path.read_bytes()


# ---------------------------------------------------------------- the version-1 file format

# Written out here on purpose, not imported from the package: the fixture must stay what
# version 1 was even when the package's schema code changes.
V1_SCHEMA = [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    """CREATE TABLE operations (
        seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, time TEXT NOT NULL, character TEXT,
        summary TEXT NOT NULL DEFAULT '')""",
    """CREATE TABLE events (
        op_seq INTEGER NOT NULL REFERENCES operations (seq), idx INTEGER NOT NULL,
        type TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (op_seq, idx)) WITHOUT ROWID""",
]


def build_v1_campaign(path: Path, operations: list[tuple[str, list[dict[str, Any]]]]) -> None:
    """Write a version-1 campaign file (no undo, no snapshots) holding ``operations``."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        conn.execute(f"PRAGMA application_id = {V1_APP_ID}")
        conn.execute("PRAGMA user_version = 1")
        for statement in V1_SCHEMA:
            conn.execute(statement)
        conn.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("name", "old"), ("created", "2023-01-02T03:04:05.000000Z")],
        )
        for seq, (kind, events) in enumerate(operations, start=1):
            conn.execute(
                "INSERT INTO operations (seq, kind, time, character, summary) "
                "VALUES (?, ?, ?, ?, ?)",
                (
                    seq,
                    kind,
                    f"2023-01-02T03:{seq // 60 % 60:02d}:{seq % 60:02d}.000000Z",
                    "Kai",
                    "",
                ),
            )
            for idx, event in enumerate(events):
                conn.execute(
                    "INSERT INTO events VALUES (?, ?, ?, ?)",
                    (seq, idx, event["type"], json.dumps(event, sort_keys=True)),
                )
        conn.execute("COMMIT")
    finally:
        conn.close()
