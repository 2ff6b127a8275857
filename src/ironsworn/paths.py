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
        # Expanded once per value (the web table's worker asks on every turn); "~" is
        # the home folder's, so that is part of the key.
        key = (env, os.environ.get("HOME"))
        found = _HOMES.get(key)
        if found is None:
            found = _HOMES[key] = expand_path(env, "$IRONSWORN_HOME")
        return found
    # Worked out once for the environment that decides it (every library load asks: the
    # web table's worker loads it on every move).
    return _platform_home(os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))


_HOMES: dict[tuple[str, str | None], Path] = {}
_PLATFORM_HOMES: dict[tuple[str | None, str | None], Path] = {}


def _platform_home(xdg: str | None, home: str | None) -> Path:
    found = _PLATFORM_HOMES.get((xdg, home))
    if found is None:
        # platformdirs is imported only when needed: most commands never touch user data.
        from platformdirs import user_data_dir

        found = _PLATFORM_HOMES[xdg, home] = Path(user_data_dir("ironsworn", appauthor=False))
    return found
