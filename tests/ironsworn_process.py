"""The ``ironsworn`` command run as a new player runs it: a separate process on a data home of
its own (no campaign named by the environment), its output captured as text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def ironsworn(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``ironsworn ARGS`` with ``IRONSWORN_HOME=home`` and ``stdin`` typed in."""
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    return subprocess.run(
        [sys.executable, "-m", "ironsworn", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
