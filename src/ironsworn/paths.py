"""Where user data lives: ``$IRONSWORN_HOME``, or the platform's user data directory."""

from __future__ import annotations

import os
from pathlib import Path


def expand_path(value: str | os.PathLike[str], what: str) -> Path:
    """``value`` as a path with ``~`` and ``~user`` expanded; InvalidValue naming ``what``
    when there is no such home folder (``~nouser/x.sqlite``)."""
    try:
        return Path(value).expanduser()
    except RuntimeError:
        from ironsworn.errors import InvalidValue

        raise InvalidValue(
            f"{what} {str(value)!r}: no home folder for {str(value).split(os.sep)[0]!r} "
            "(accepted: a path, or ~/... in your own home)"
        ) from None


def data_home() -> Path:
    """The directory holding campaigns and imported content (not created here)."""
    env = os.environ.get("IRONSWORN_HOME")
    if env:
        return expand_path(env, "$IRONSWORN_HOME")
    # platformdirs is imported only when needed: most commands never touch user data.
    from platformdirs import user_data_dir

    return Path(user_data_dir("ironsworn", appauthor=False))
