"""Every name in ironsworn.__all__ resolves, and importing the package stays light."""

from __future__ import annotations

import subprocess
import sys

import ironsworn


def test_all_names_resolve() -> None:
    for name in ironsworn.__all__:
        assert getattr(ironsworn, name) is not None, name


def test_import_is_lazy() -> None:
    code = (
        "import sys, ironsworn; print(sorted(m for m in sys.modules if m.startswith('ironsworn.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
