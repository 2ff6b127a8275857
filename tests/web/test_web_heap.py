"""The server's long-lived objects (issue 24): ``serve`` loads what a move uses, then sets
every object left aside from the collector's full collections, and lets more objects be made
between two young collections. Run in a process of its own
(a test process that froze its objects would keep its later tests' cycles)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import ironsworn

SRC = str(Path(ironsworn.__file__).resolve().parent.parent)

PROGRAM = """
import gc, json, sys
from ironsworn.web.heap import WARM, settle
assert gc.get_freeze_count() == 0
frozen = settle()
print(json.dumps({
    "frozen": frozen,
    "count": gc.get_freeze_count(),
    "warm": all(name in sys.modules for name in WARM),
    "library": "ironsworn.content.loader" in sys.modules,
    "threshold": gc.get_threshold(),
}))
"""


def test_settle_loads_what_a_move_uses_and_freezes_what_is_left(home: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "IRONSWORN_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["warm"] and found["library"]
    assert found["frozen"] == found["count"] > 10_000  # the modules, classes, the library
    assert found["threshold"][0] == 10_000
