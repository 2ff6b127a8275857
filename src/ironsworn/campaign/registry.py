"""Where campaigns live and which one a command uses.

Campaigns are files ``data_home()/campaigns/<name>.sqlite``; the current campaign's name is
recorded in ``data_home()/current`` (plain text). A command chooses its campaign by, in order:

1. ``--campaign VALUE`` on the command line;
2. ``$IRONSWORN_CAMPAIGN``;
3. the current campaign;
4. the campaign named ``default``.

A VALUE is a path when it contains a path separator, ends in ``.sqlite`` or names an existing
file; otherwise it is the NAME of a campaign in the registry. Names are 1-64 letters, digits,
``-`` and ``_``, starting with a letter or digit (they become file names).
"""

from __future__ import annotations

import os
import re
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ironsworn.errors import CampaignError, InvalidValue, NotFound

if TYPE_CHECKING:
    from ironsworn.campaign.store import CampaignStore

DEFAULT_NAME = "default"
SUFFIX = ".sqlite"
ENV_VAR = "IRONSWORN_CAMPAIGN"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign in the registry, as ``campaign list`` shows it."""

    name: str
    path: Path
    current: bool
    operations: int | None  # None when the file cannot be read
    last_played: str | None
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "path": str(self.path),
            "current": self.current,
            "operations": self.operations,
            "last_played": self.last_played,
            "problem": self.problem,
        }


def campaigns_dir() -> Path:
    """The folder of the registry's campaign files."""
    from ironsworn.paths import data_home

    return data_home() / "campaigns"


def check_name(name: str) -> str:
    """Return ``name`` if it can be a campaign name, else raise :class:`InvalidValue`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidValue(
            f"campaign name {name!r} is not valid (accepted: 1-64 letters, digits, '-' and "
            "'_', starting with a letter or digit)"
        )
    return name


def campaign_path(name: str) -> Path:
    """The file of the campaign called ``name`` (which need not exist)."""
    return campaigns_dir() / f"{check_name(name)}{SUFFIX}"


def current_name() -> str:
    """The current campaign's name (``default`` when none was chosen)."""
    from ironsworn.paths import data_home

    try:
        recorded = (data_home() / "current").read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return DEFAULT_NAME
    except OSError as exc:
        raise CampaignError(f"{data_home() / 'current'}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CampaignError(
            f"{data_home() / 'current'}: not UTF-8 text (accepted: a campaign name; "
            "'ironsworn campaign use NAME' writes it again)"
        ) from None
    return recorded if _NAME.fullmatch(recorded) else DEFAULT_NAME


def names() -> list[str]:
    """The names of the campaigns in the registry, sorted."""
    folder = campaigns_dir()
    if not folder.is_dir():
        return []
    return sorted(
        p.name[: -len(SUFFIX)]
        for p in folder.iterdir()
        if p.name.endswith(SUFFIX) and _NAME.fullmatch(p.name[: -len(SUFFIX)])
    )


def use(name: str) -> Path:
    """Make the existing campaign ``name`` the current one; returns its path."""
    path = campaign_path(name)
    if not path.is_file():
        import difflib

        known = names()
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.4)
        raise NotFound(
            f"campaign {name!r} does not exist in {campaigns_dir()}", tuple(close or known)
        )
    from ironsworn.paths import data_home

    _write_atomically(data_home() / "current", name + "\n")
    return path


def resolve_campaign_path(cli_value: str | None) -> Path:
    """The campaign file a command should use (see the module docstring for the order)."""
    for value in (cli_value, os.environ.get(ENV_VAR)):
        if value:
            return _path_or_name(value)
    return campaign_path(current_name())


def not_started(path: Path) -> bool:
    """True when ``path`` holds no campaign yet: no file, or an empty one (which a command
    would turn into a campaign). A stat only: nothing is opened."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False  # let opening it say what is wrong


def open_campaign(
    cli_value: str | None, *, create: bool = True, state_type: type[Any] | None = None
) -> CampaignStore[Any]:
    """Open the campaign a command should use, creating it on first use when ``create``."""
    from ironsworn.campaign.store import CampaignStore

    path = resolve_campaign_path(cli_value)
    if not create and not path.exists():
        hint = ""
        if path.parent == campaigns_dir():
            hint = " (start one with 'ironsworn campaign new NAME', or make a move)"
        raise CampaignError(f"{path}: campaign not found{hint}")
    return CampaignStore.open(path, create=create, state_type=state_type)


def create(name: str, *, state_type: type[Any] | None = None) -> CampaignStore[Any]:
    """Create the registry campaign ``name``; refuses an existing one."""
    from ironsworn.campaign.store import CampaignStore

    path = campaign_path(name)
    if path.exists():
        raise InvalidValue(f"campaign {name!r} already exists at {path}")
    return CampaignStore.open(path, create=True, name=name, state_type=state_type)


def describe(name: str) -> CampaignInfo:
    """What ``campaign list`` shows for one campaign, even when its file is unreadable."""
    from ironsworn.campaign.store import CampaignStore

    path = campaign_path(name)
    current = name == current_name()

    class _Nothing:
        # Listing needs no state; a do-nothing model avoids folding every campaign.
        def apply(self, event: Any) -> None:
            pass

        def to_dict(self) -> dict[str, Any]:
            return {}

        @classmethod
        def from_dict(cls, data: Any) -> _Nothing:
            return cls()

    try:
        with CampaignStore.open(path, state_type=_Nothing) as store:
            last = store.last_operation()
            operations = store.counts()["live"]
    except CampaignError as exc:
        return CampaignInfo(name, path, current, None, None, str(exc))
    return CampaignInfo(name, path, current, operations, last.time if last else None)


def _path_or_name(value: str) -> Path:
    looks_like_path = (
        os.sep in value
        or (os.altsep is not None and os.altsep in value)
        or value.endswith(SUFFIX)
        or value.startswith((".", "~"))
        or Path(value).exists()
    )
    if looks_like_path:
        from ironsworn.paths import expand_path

        return expand_path(value, "campaign path")
    return campaign_path(value)


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)  # nothing left behind by a failed write
        raise CampaignError(f"{path}: cannot write ({exc.strerror})") from None
