"""Where campaigns live and which one a command uses.

Campaigns are files ``data_home()/campaigns/<name>.sqlite``; the current campaign's name is
recorded in ``data_home()/current`` (plain text). A command chooses its campaign by, in order:

1. the VALUE the caller names (the command line's campaign option);
2. ``$IRONSWORN_CAMPAIGN``;
3. the current campaign;
4. the campaign named ``default``.

A VALUE is a path when it contains a path separator, ends in ``.sqlite`` or names an existing
file; otherwise it is the NAME of a campaign in the registry. Names are 1-64 letters, digits,
``-`` and ``_``, starting with a letter or digit (they become file names).

**A database.** With a database named by the caller (or ``$IRONSWORN_DATABASE``), a
PostgreSQL URL (``postgresql://USER@HOST/DB``), the registry is that database instead of the
folder: a NAME (named by the caller, the environment, or the current campaign) names a
campaign there, ``new`` creates it there and ``list`` lists its campaigns. A path
(``x.sqlite``, ``./x``) still means a file. A :class:`CampaignRef` says which of the two a
command uses.
"""

from __future__ import annotations

import os
import re
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ironsworn.errors import CampaignError, InvalidValue, NotFound
from ironsworn.record import record

if TYPE_CHECKING:
    from ironsworn.campaign.store import Store

DEFAULT_NAME = "default"
SUFFIX = ".sqlite"
ENV_VAR = "IRONSWORN_CAMPAIGN"
DATABASE_ENV = "IRONSWORN_DATABASE"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@record
class CampaignInfo:
    """A campaign in the registry, as ``campaign list`` shows it."""

    name: str
    path: Path | str  # the file, or the campaign's place in a database
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


@record
class CampaignRef:
    """Where one campaign is kept: a file (``path``), or a NAME in a database (``database``)."""

    name: str
    path: Path | None = None
    database: str | None = None

    @property
    def location(self) -> str:
        """The campaign as messages name it (a database without its password)."""
        if self.path is not None:
            return str(self.path)
        from ironsworn.campaign.store.postgres import redact

        return f"{redact(self.database or '')} campaign {self.name!r}"

    def __str__(self) -> str:
        return self.location

    def exists(self) -> bool:
        """Whether the campaign is there already."""
        if self.path is not None:
            return self.path.exists()
        return postgres_database(self.database).campaign_id(self.name) is not None

    def started(self) -> bool:
        """Whether the campaign is there (a missing or empty file is not: a command would
        turn it into a campaign). Nothing is opened."""
        if self.path is not None:
            return not not_started(self.path)
        return self.exists()

    def open(self, *, create: bool = False, state_type: type[Any] | None = None) -> Store[Any]:
        """Open the campaign (created when ``create``)."""
        if self.path is not None:
            from ironsworn.campaign.store import CampaignStore

            return CampaignStore.open(self.path, create=create, state_type=state_type)
        assert self.database is not None
        store: Store[Any] = _postgres().PostgresStore.open(
            self.database, self.name, create=create, state_type=state_type
        )
        return store


def database_url(cli_value: str | None = None) -> str | None:
    """The database a command uses: the one it names (``cli_value``), else
    ``$IRONSWORN_DATABASE``, else none."""
    for value, source in ((cli_value, "{database}"), (os.environ.get(DATABASE_ENV), DATABASE_ENV)):
        if value:
            if not value.startswith(("postgresql://", "postgres://")):
                raise InvalidValue(
                    f"{source} {value!r} is not a PostgreSQL URL (accepted: "
                    "postgresql://USER@HOST/DB)",
                    names=("database",),
                )
            return value
    return None


def _postgres() -> Any:
    """The PostgreSQL store module (psycopg is imported only now)."""
    try:
        from ironsworn.campaign.store import postgres
    except ModuleNotFoundError as exc:
        if exc.name != "psycopg":
            raise
        raise CampaignError(
            "a PostgreSQL database is read with the psycopg package, which is not installed "
            "(pip install 'ironsworn[postgres]')"
        ) from None
    return postgres


def postgres_database(url: str | None) -> Any:
    """The PostgreSQL database at ``url`` (a ``store.postgres.Database``, shared in-process)."""
    assert url is not None
    return _postgres().database(url)


def campaigns_dir() -> Path:
    """The folder of the registry's campaign files."""
    from ironsworn.paths import data_home

    return data_home() / "campaigns"


def check_name(name: str) -> str:
    """Return ``name`` if it can be a campaign name, else raise :class:`InvalidValue`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidValue(
            f"campaign name {name!r} is not valid (accepted: 1-64 letters a-z, digits, '-' "
            "and '_', starting with a letter or digit: no spaces or accents)"
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
            "choosing the campaign to play again writes it)"
        ) from None
    return recorded if _NAME.fullmatch(recorded) else DEFAULT_NAME


def names(database: str | None = None) -> list[str]:
    """The names of the campaigns in the registry (the folder, or ``database``), sorted."""
    if database is not None:
        return [row.name for row in postgres_database(database).campaigns()]
    folder = campaigns_dir()
    if not folder.is_dir():
        return []
    return sorted(
        p.name[: -len(SUFFIX)]
        for p in folder.iterdir()
        if p.name.endswith(SUFFIX) and _NAME.fullmatch(p.name[: -len(SUFFIX)])
    )


def use(name: str, database: str | None = None) -> CampaignRef:
    """Make the existing campaign ``name`` the current one; returns where it is."""
    ref = named(name, database)
    if not ref.exists():
        import difflib

        known = names(database)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.4)
        where = campaigns_dir() if database is None else ref.location.rsplit(" campaign ", 1)[0]
        raise NotFound(f"campaign {name!r} does not exist in {where}", tuple(close or known))
    from ironsworn.paths import data_home

    _write_atomically(data_home() / "current", name + "\n")
    return ref


def named(name: str, database: str | None = None) -> CampaignRef:
    """The registry campaign ``name``: a file in the folder, or a campaign in ``database``."""
    check_name(name)
    if database is not None:
        return CampaignRef(name, database=database)
    return CampaignRef(name, path=campaign_path(name))


def place(value: str, database: str | None = None) -> CampaignRef:
    """``value`` as one side of a copy: a path is a file, a NAME is in ``database`` (if any)."""
    if _looks_like_path(value):
        path = Path(value).expanduser()
        return CampaignRef(path.stem, path=path)
    return named(value, database)


def ref_of(store: Store[Any]) -> CampaignRef:
    """Where an open store's campaign is (to point other commands at the same campaign)."""
    from ironsworn.campaign.store import CampaignStore

    if isinstance(store, CampaignStore):
        return CampaignRef(store.name, path=store.path)
    # Not a file, so a database store: psycopg is imported already.
    return CampaignRef(store.name, database=_postgres().PostgresStore.url_of(store))


def resolve(cli_value: str | None, database: str | None = None) -> CampaignRef:
    """The campaign a command should use (see the module docstring for the order).

    ``database`` is the database URL the caller names (None: ``$IRONSWORN_DATABASE``, if set).
    """
    url = database_url(database)
    for value in (cli_value, os.environ.get(ENV_VAR)):
        if value:
            if _looks_like_path(value) or url is None:
                path = _path_or_name(value)
                return CampaignRef(path.stem, path=path)
            return named(value, url)
    return named(current_name(), url)


def resolve_campaign_path(cli_value: str | None) -> Path:
    """The campaign file a command should use, when campaigns are files."""
    ref = resolve(cli_value)
    if ref.path is None:
        raise CampaignError(f"{ref.location} is in a database, not a file")
    return ref.path


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
    cli_value: str | None,
    *,
    create: bool = True,
    state_type: type[Any] | None = None,
    database: str | None = None,
) -> Store[Any]:
    """Open the campaign a command should use, creating it on first use when ``create``."""
    ref = resolve(cli_value, database)
    if not create and not ref.exists():
        hint = ""
        if ref.path is None or ref.path.parent == campaigns_dir():
            # (a move needs a character: making one is what creates the campaign)
            hint = " (create a campaign first, or a character: making one creates it)"
        raise CampaignError(f"{ref.location}: campaign not found{hint}")
    return ref.open(create=create, state_type=state_type)


def create(
    name: str, *, state_type: type[Any] | None = None, database: str | None = None
) -> Store[Any]:
    """Create the registry campaign ``name`` (in ``database`` if given); refuses an existing one."""
    ref = named(name, database)
    if ref.path is not None:
        from ironsworn.campaign.store import CampaignStore

        if ref.path.exists():
            raise InvalidValue(f"campaign {name!r} already exists at {ref.path}")
        return CampaignStore.open(ref.path, create=True, name=name, state_type=state_type)
    try:
        postgres_database(database).create_campaign(name, exclusive=True)
    except CampaignError:
        if ref.exists():
            raise InvalidValue(f"campaign {name!r} already exists in {ref.location}") from None
        raise
    return ref.open(state_type=state_type)


def describe(name: str, database: str | None = None) -> CampaignInfo:
    """What ``campaign list`` shows for one campaign, even when its file is unreadable."""
    ref = named(name, database)
    where: Path | str = ref.path if ref.path is not None else ref.location
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
        with ref.open(state_type=_Nothing) as store:
            last = store.last_operation()
            operations = store.counts()["live"]
    except CampaignError as exc:
        return CampaignInfo(name, where, current, None, None, str(exc))
    return CampaignInfo(name, where, current, operations, last.time if last else None)


def _looks_like_path(value: str) -> bool:
    return (
        os.sep in value
        or (os.altsep is not None and os.altsep in value)
        or value.endswith(SUFFIX)
        or value.startswith((".", "~"))
    )


def _path_or_name(value: str) -> Path:
    if _looks_like_path(value) or Path(value).exists():
        from ironsworn.paths import expand_path

        return expand_path(value, "campaign path")
    return campaign_path(value)


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Owner-only from the start (it may hold access tokens): never readable by others,
        # not even for the moment between creating and a chmod.
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o600)  # an older temporary file left with other bits
        os.replace(temporary, path)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)  # nothing left behind by a failed write
        raise CampaignError(f"{path}: cannot write ({exc.strerror})") from None
