"""Where user data lives: ``$IRONSWORN_HOME``, or the platform's user data directory."""

from __future__ import annotations

import os
from pathlib import Path


def data_home() -> Path:
    """The directory holding campaigns and imported content (not created here)."""
    env = os.environ.get("IRONSWORN_HOME")
    if env:
        return Path(env).expanduser()
    # platformdirs is imported only when needed: most commands never touch user data.
    from platformdirs import user_data_dir

    return Path(user_data_dir("ironsworn", appauthor=False))
