"""The one way a test reaches `../shared/` (the seeds and reference files beside the clone).

`shared_file("seeds/000_186786d22efa1a6e.txt")` returns the path when the folder is there. On a
fresh clone without `../shared/` the test is skipped with a reason naming the missing folder;
with `IRONSWORN_REQUIRE_SHARED=1` (set by `.ci/run`, where the folder is always present) the
same test fails instead, so a comparison with the rulebook can never be skipped silently.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _shared_folder() -> Path:
    """``../shared`` beside the clone; for a git worktree checked out elsewhere (its ``.git``
    is a file naming ``<clone>/.git/worktrees/<name>``), the one beside the main clone."""
    checkout = Path(__file__).resolve().parents[1]
    candidates = [checkout.parent / "shared"]
    marker = checkout / ".git"
    if marker.is_file():
        text = marker.read_text(encoding="utf-8").strip()
        gitdir = Path(text.removeprefix("gitdir:").strip())
        if gitdir.parent.name == "worktrees" and len(gitdir.parents) > 2:
            candidates.append(gitdir.parents[2].parent / "shared")
    return next((c for c in candidates if c.is_dir()), candidates[0])


SHARED = _shared_folder()
REQUIRE_ENV = "IRONSWORN_REQUIRE_SHARED"

RULEBOOK_SEED = "seeds/000_186786d22efa1a6e.txt"
STARFORGED_SEED = "seeds/003_10a7abe2bed44713.txt"
CLASSIC_DATASWORN = "reference/datasworn/classic.json"
STARFORGED_DATASWORN = "reference/datasworn/starforged.json"
DELVE_DATASWORN = "reference/datasworn/delve.json"


def shared_required() -> bool:
    """True where a missing shared file is a failure (CI), not a skip."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def shared_file(relative: str) -> Path:
    """The path of `../shared/<relative>`, or skip (fail under CI) naming what is missing."""
    path = SHARED / relative
    if path.is_file():
        return path
    reason = (
        f"needs {path}: the {SHARED} folder beside the clone is missing"
        if not SHARED.is_dir()
        else f"needs {path}, which is not in {SHARED}"
    )
    if shared_required():
        pytest.fail(f"{reason} ({REQUIRE_ENV} is set)", pytrace=False)
    pytest.skip(reason)
