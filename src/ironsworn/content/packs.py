"""Import content packs a player owns, and list the packs that are available.

``import_pack(path)`` reads a Datasworn (schema 0.1 / 0.2) or Dataforged (v1) JSON file,
converts it to our schema and writes it to ``data_home()/packs/<pack id>/``:

- the whole file is read and converted in memory first; a file that cannot be used is refused
  with a :class:`~ironsworn.errors.ContentError` naming the file and its first problem, before
  anything is written;
- the pack is written into a temporary directory beside the others and renamed into place, so
  an import that fails half-way (disk full, crash) leaves every existing pack untouched, and
  re-importing a pack replaces the old one in one step;
- problems that do not stop the import (an unknown section, a row without a range) are listed
  in :attr:`ImportReport.warnings` and in the pack's manifest.
"""

from __future__ import annotations

import json
import re
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ironsworn.content.loader import (
    BUNDLED_PACKS,
    CHECKS_VERSION,
    FILES,
    MANIFEST,
    Pack,
    clear_cache,
    imported_packs,
    pack_from_manifest,
    pack_lock,
    packs_dir,
)
from ironsworn.content.model import Asset, Move, Npc, OracleTable, Region, Truth
from ironsworn.content.sites import DelveSite, Rarity, SiteDomain, SiteTheme
from ironsworn.errors import ContentError

_BUILDERS: dict[str, Any] = {
    "moves": Move.from_json,
    "oracles": OracleTable.from_json,
    "npcs": Npc.from_json,
    "truths": Truth.from_json,
    "regions": Region.from_json,
    "assets": Asset.from_json,
    "sites": DelveSite.from_json,
    "site_themes": SiteTheme.from_json,
    "site_domains": SiteDomain.from_json,
    "rarities": Rarity.from_json,
}
# One word: fullmatch, so "classic\n" is refused (a "$" would match before the newline), and a
# length a directory name can always have.
_PACK_ID = re.compile(r"[a-z0-9][a-z0-9_]{0,63}")
PACK_ID_WORDS = "1-64 lower-case letters, digits and _, starting with a letter or digit"
MAX_NESTING = 64  # levels of JSON arrays and objects in a pack file (Datasworn needs ~10)


@dataclass
class Converted:
    """A pack converted to our schema, in memory, ready to be checked and written."""

    pack_id: str
    name: str
    ruleset: str
    format: str
    kind: str = "ruleset"
    source: str = ""
    licence: str = ""
    items: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    odds: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # What the file holds that this program keeps no place for yet: kind -> (count, why).
    # Not warnings (there is nothing the player can do about them); shown as one line.
    unused: dict[str, tuple[int, str]] = field(default_factory=dict)

    def add(self, kind: str, item: dict[str, Any]) -> None:
        self.items.setdefault(kind, []).append(item)

    def leave_out(self, kind: str, why: str, count: int = 1) -> None:
        """Count ``count`` items of ``kind`` the program has no place for (``why``)."""
        if count > 0:
            before = self.unused.get(kind, (0, why))[0]
            self.unused[kind] = (before + count, why)

    def unused_line(self) -> str:
        """The one line naming what was left out, by kind and count ("" when nothing)."""
        return unused_line(self.unused)

    def counts(self) -> dict[str, int]:
        return {kind: len(items) for kind, items in self.items.items() if items}


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the pack, where it went, what it holds, and the problems seen."""

    pack: Pack
    replaced: bool
    counts: dict[str, int]
    warnings: tuple[str, ...]
    unused: dict[str, tuple[int, str]] = field(default_factory=dict)

    @property
    def unused_line(self) -> str:
        return unused_line(self.unused)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.pack.id,
            "name": self.pack.name,
            "ruleset": self.pack.ruleset,
            "format": self.pack.format,
            "path": str(self.pack.path),
            "replaced": self.replaced,
            "counts": self.counts,
            "warnings": list(self.warnings),
            "unused": {k: {"count": n, "why": why} for k, (n, why) in self.unused.items()},
        }


def unused_line(unused: dict[str, tuple[int, str]]) -> str:
    """``not used yet: 1 rules special track (...); 7 asset card changes (...)``."""
    from ironsworn.content.datasworn import RULES_AS_CODE

    if not unused:
        return ""
    by_why: dict[str, list[str]] = {}
    played: list[str] = []  # used, by the program's own rules: said apart, not "not used"
    for kind, (count, why) in unused.items():
        named = kind.removesuffix("s") if count == 1 else kind  # "1 special track"
        if why == RULES_AS_CODE:
            played.append(f"{count} {named}")
        else:
            by_why.setdefault(why, []).append(f"{count} {named}")
    said = []
    if by_why:
        told = "; ".join(f"{', '.join(k)} ({why})" for why, k in by_why.items())
        said.append(f"not used yet: {told}")
    if played:
        said.append(f"played by this program's own rules: {', '.join(played)}")
    return "; ".join(said)


def read_source(path: Path) -> Any:
    """Read a pack file as JSON, refusing it with a one-line message naming the file."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not UTF-8 text") from None
    except ValueError as exc:
        raise ContentError(f"{path}: not valid JSON ({exc})") from None
    except RecursionError:
        raise ContentError(
            f"{path}: JSON nested too deeply (accepted: up to {MAX_NESTING} levels)"
        ) from None
    if _nesting(data) > MAX_NESTING:
        raise ContentError(f"{path}: JSON nested too deeply (accepted: up to {MAX_NESTING} levels)")
    return data


def _nesting(data: Any) -> int:
    """How deep arrays and objects nest in ``data`` (counted without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_NESTING:
            stack.extend((child, depth + 1) for child in children)
    return deepest


def convert_file(path: Path) -> Converted:
    """Read and convert a Datasworn or Dataforged file, refusing a broken one."""
    data = read_source(path)
    from ironsworn.content import dataforged, datasworn

    try:
        if datasworn.looks_like(data):
            converted = datasworn.convert(data)
        elif dataforged.looks_like(data):
            converted = dataforged.convert(data)
        else:
            raise ContentError(
                "neither a Datasworn file (an object with datasworn_version or _id) "
                "nor a Dataforged file (items with $id)"
            )
    except ContentError as exc:
        raise ContentError(f"{path}: {exc}") from None
    except (AttributeError, KeyError, TypeError, ValueError, ArithmeticError) as exc:
        # A field of the wrong type deep inside the file (or a number such as 1e999 where a
        # whole number belongs): refuse it, naming what broke.
        raise ContentError(f"{path}: unreadable content ({type(exc).__name__}: {exc})") from None
    check(converted, path)
    return converted


def check(converted: Converted, path: Path) -> None:
    """Refuse a conversion that holds nothing or items our loader cannot read."""
    from ironsworn.content.checks import check_record, check_text

    for what in ("name", "ruleset", "kind", "source", "licence"):
        check_text(getattr(converted, what), f"{path}: pack {what}")
    if not _PACK_ID.fullmatch(converted.pack_id):
        raise ContentError(
            f"{path}: pack id {converted.pack_id!r} is not usable (accepted: {PACK_ID_WORDS}; "
            "give one ({as}))",
            names=("as",),
        )
    if converted.pack_id in BUNDLED_PACKS:
        # The bundled packs keep their directory names; an import of the same game sits beside
        # (the report names the pack it made: nothing for the player to act on, no warning).
        converted.pack_id += "_import"
    if not any(converted.items.values()):
        raise ContentError(
            f"{path}: no moves, oracles, assets, NPCs, truths, regions or delve sites found"
        )
    for kind, items in converted.items.items():
        seen: set[str] = set()
        for item in items:
            label = _label(item)
            try:
                built = _BUILDERS[kind](item)
            except (AttributeError, KeyError, TypeError, ValueError, ArithmeticError) as exc:
                raise ContentError(f"{path}: {kind[:-1]} {label}: unreadable ({exc!r})") from None
            # Every field the pack keeps is checked: an accepted pack never breaks a command.
            check_record(built, f"{path}: {kind[:-1]} {label}")
            if built.id in seen:
                converted.warnings.append(f"duplicate {kind[:-1]} id {built.id}; first kept")
            seen.add(built.id)
            if kind == "oracles":
                converted.warnings.extend(_coverage_problems(built))


def _label(item: Any) -> str:
    label = (item.get("id") or item.get("name") or "?") if isinstance(item, dict) else "?"
    return label if isinstance(label, str) else repr(label)[:40]


def _coverage_problems(table: OracleTable) -> list[str]:
    """The first roll of the table's dice that matches no row, or more than one."""
    if not table.rows:
        return [] if table.then else [f"oracle {table.id} has no rows"]
    low, high = table.range  # check_record refused unreadable or huge dice
    # Rows sorted by start: a gap or an overlap shows between neighbours (no roll-by-roll scan).
    expected = low
    for row in sorted(table.rows, key=lambda r: (r.min, r.max)):
        if row.min > expected:
            return [f"oracle {table.id}: roll {expected} matches 0 rows"]
        if row.min < expected:
            return [f"oracle {table.id}: roll {row.min} matches 2 rows"]
        expected = row.max + 1
    if expected <= high:
        return [f"oracle {table.id}: roll {expected} matches 0 rows"]
    return []


def check_pack_id(pack_id: str) -> str:
    """A pack id a player chose (the ``as`` input): one word that is not a bundled pack's id."""
    if not _PACK_ID.fullmatch(pack_id):
        raise ContentError(f"pack id {pack_id[:80]!r} is not usable (accepted: {PACK_ID_WORDS})")
    if pack_id in BUNDLED_PACKS:
        raise ContentError(
            f"pack id {pack_id!r} is a bundled pack (accepted: any other id of {PACK_ID_WORDS})"
        )
    return pack_id


def import_pack(path: str | Path, pack_id: str | None = None) -> ImportReport:
    """Convert ``path`` and install it as ``data_home()/packs/<pack id>/`` (atomically)."""
    if pack_id is not None:
        check_pack_id(pack_id)  # before reading anything: a bad pack id changes nothing
    source = Path(path)
    converted = convert_file(source)
    if pack_id is not None:
        check_pack_id(pack_id)
        converted.pack_id = pack_id
    return install(converted, source)


def install(converted: Converted, source: Path) -> ImportReport:
    """Write a checked conversion of ``source`` as ``data_home()/packs/<pack id>/``."""
    root = packs_dir()
    target = root / converted.pack_id
    manifest = {
        "id": converted.pack_id,
        "name": converted.name,
        "ruleset": converted.ruleset,
        "kind": converted.kind,
        "source": converted.source,
        "licence": converted.licence,
        "imported_from": source.name,
        "format": converted.format,
        "counts": converted.counts(),
        "warnings": converted.warnings,
        "unused": {k: {"count": n, "why": why} for k, (n, why) in converted.unused.items()},
        "checks": CHECKS_VERSION,
    }
    replaced = _install(root, target, converted, manifest)
    clear_cache()
    pack = pack_from_manifest(target, manifest)
    return ImportReport(
        pack, replaced, converted.counts(), tuple(converted.warnings), dict(converted.unused)
    )


def _install(root: Path, target: Path, converted: Converted, manifest: dict[str, Any]) -> bool:
    """Write the pack beside the others, then swap it in (see :func:`loader.recover_packs`).

    The swap is two renames (the old pack aside, the new one in); the packs lock is held from
    the first write to the last, so a start-up that finds the old pack set aside and no new
    one knows the import was killed between the renames, and puts the old pack back.
    """
    import shutil
    import tempfile

    created_root = not root.exists()
    staging: Path | None = None
    old: Path | None = None
    try:
        root.mkdir(parents=True, exist_ok=True)
        with pack_lock(root, wait=True):
            staging = Path(tempfile.mkdtemp(prefix=f".tmp-{converted.pack_id}-", dir=root))
            staging.chmod(0o755)  # mkdtemp makes it private; a pack is ordinary user data
            for kind, items in converted.items.items():
                if not items:
                    continue
                document: dict[str, Any] = {
                    "_licence": converted.licence,
                    "source": converted.source,
                    kind: items,
                }
                if kind == "oracles" and converted.odds:
                    document["odds"] = converted.odds
                _write_json(staging / FILES[kind], document)
            # The manifest goes last: a directory without one is never read as a pack.
            _write_json(staging / MANIFEST, manifest)
            replaced = target.exists()
            if replaced:
                old = Path(tempfile.mkdtemp(prefix=f".old-{converted.pack_id}-", dir=root))
                target.rename(old / "pack")
            staging.rename(target)
            staging = None
    except BaseException as exc:
        # Whatever stopped the import (disk full, text that cannot be written, Ctrl-C), the
        # packs are left as they were: no temporary directory, the old pack back in place.
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
        if old is not None and not target.exists():
            with suppress(OSError):
                (old / "pack").rename(target)  # put the previous version back
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        if created_root:
            with suppress(OSError):
                root.rmdir()  # only if still empty: the failed import leaves no packs folder
        if isinstance(exc, OSError):
            raise ContentError(
                f"cannot install pack {converted.pack_id} in {root}: {exc.strerror or exc}"
            ) from None
        if isinstance(exc, ValueError):  # e.g. text that cannot be encoded
            raise ContentError(f"cannot install pack {converted.pack_id}: {exc}") from None
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return replaced


def _write_json(path: Path, data: Any) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1)
        handle.write("\n")


def list_packs() -> list[Pack]:
    """The bundled packs, then the imported ones (sorted by id)."""
    return [*BUNDLED_PACKS.values(), *imported_packs()]
