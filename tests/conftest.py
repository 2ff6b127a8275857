"""Fixtures shared by the test folders: a data home of the test's own, and a PostgreSQL
server of the suite's own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import pg_server


@pytest.fixture(autouse=True)
def _no_outside_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test talks to a database it did not start: a developer's own setting is ignored."""
    monkeypatch.delenv("IRONSWORN_DATABASE", raising=False)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data home of the test's own (``IRONSWORN_HOME``), with no campaign chosen by the
    environment, and the content cache emptied before and after (a pack imported in this
    home is not seen by the next test)."""
    from ironsworn.content import clear_cache

    path = tmp_path / "home"
    monkeypatch.setenv("IRONSWORN_HOME", str(path))
    monkeypatch.delenv("IRONSWORN_CAMPAIGN", raising=False)
    clear_cache()
    yield path
    clear_cache()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[pg_server.PgServer]:
    """A PostgreSQL server started for this test session (see ``pg_server``), stopped after.

    Where none can be started the test is skipped with the reason; under CI
    (``IRONSWORN_REQUIRE_SHARED`` set, as ``.ci/run`` does) it fails instead.
    """
    reason = pg_server.unavailable()
    if reason is not None:
        if os.environ.get("IRONSWORN_REQUIRE_SHARED"):
            pytest.fail(f"PostgreSQL tests cannot run: {reason}")
        pytest.skip(reason)
    server = pg_server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_url(postgres_server: pg_server.PgServer) -> str:
    """One database for the session's tests (each test uses campaigns of its own in it)."""
    return postgres_server.create_database("suite")


@pytest.fixture
def empty_postgres_url(postgres_server: pg_server.PgServer) -> str:
    """A new, empty database (no ironsworn schema yet) for this test alone."""
    return postgres_server.create_database("empty")
