"""The two store backends behind one test helper, so one store test suite runs on both.

``Backend.open(key)`` opens (creating) the campaign ``key`` of the running test: a file in the
test's folder on SQLite, a campaign with a name of the test's own in the session's database on
PostgreSQL. The ``raw_*`` helpers look at (or damage) the stored rows directly.
"""

from __future__ import annotations

import itertools
import sqlite3
from pathlib import Path
from typing import Any

from campaign_support import LedgerState

from ironsworn.campaign.store import CampaignStore, Store

_COUNTER = itertools.count(1)


class Backend:
    def __init__(self, kind: str, tmp_path: Path, url: str | None = None) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.url = url
        self.prefix = f"t{next(_COUNTER)}"

    def __repr__(self) -> str:
        return self.kind

    def name(self, key: str) -> str:
        return f"{self.prefix}-{key}"

    def path(self, key: str) -> Path:
        return self.tmp_path / f"{key}.sqlite"

    def open(
        self, key: str = "c", *, create: bool = True, state_type: type[Any] = LedgerState
    ) -> Store[Any]:
        if self.kind == "sqlite":
            return CampaignStore.open(self.path(key), create=create, state_type=state_type)
        from ironsworn.campaign.store.postgres import PostgresStore

        assert self.url is not None
        return PostgresStore.open(self.url, self.name(key), create=create, state_type=state_type)

    def fresh_key(self) -> str:
        return f"k{next(_COUNTER)}"

    # ------------------------------------------------------------------- raw rows

    def _query(self, key: str, sqlite_sql: str, pg_sql: str, *params: Any) -> list[tuple[Any, ...]]:
        if self.kind == "sqlite":
            conn = sqlite3.connect(self.path(key))
            try:
                with conn:
                    return list(conn.execute(sqlite_sql, params))
            finally:
                conn.close()
        import psycopg

        assert self.url is not None
        with psycopg.connect(self.url, autocommit=True) as conn:
            campaign = conn.execute(
                "SELECT id FROM ironsworn.campaigns WHERE name = %s", (self.name(key),)
            ).fetchone()
            assert campaign is not None
            # The campaign's id is an integer of our own, so formatting it in is safe.
            cursor = conn.execute(pg_sql.format(campaign=int(campaign[0])), params)
            return cursor.fetchall() if cursor.description else []

    def raw_op_count(self, key: str = "c") -> int:
        rows = self._query(
            key,
            "SELECT count(*) FROM operations",
            "SELECT count(*) FROM ironsworn.operations WHERE campaign = {campaign}",
        )
        return int(rows[0][0])

    def raw_snapshots(self, key: str = "c") -> list[tuple[int, str, int]]:
        rows = self._query(
            key,
            "SELECT seq, state_key, ops FROM snapshots ORDER BY seq",
            "SELECT seq, state_key, ops FROM ironsworn.snapshots WHERE campaign = {campaign} "
            "ORDER BY seq",
        )
        return [(int(s), str(k), int(o)) for s, k, o in rows]

    def raw_damage_snapshots(self, body: str, *, miscount: bool, key: str = "c") -> None:
        extra = ", ops = ops + 1" if miscount else ""
        self._query(
            key,
            f"UPDATE snapshots SET body = ?{extra}",
            f"UPDATE ironsworn.snapshots SET body = %s{extra} WHERE campaign = {{campaign}}",
            body,
        )
