"""Fixtures of the web table's tests: a fresh data home and the app behind a test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import chromium_browser, client


@pytest.fixture
def api(home: Path) -> Iterator[Any]:
    """The app on loopback, home campaign ``t``, through Starlette's test client."""
    from ironsworn.web.app import create_app

    with client(create_app("t")) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def browser(server: Any) -> Iterator[Any]:
    """Chromium for a module's browser tests (a module with its own ``server``)."""
    with chromium_browser() as chromium:
        yield chromium
