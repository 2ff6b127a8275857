"""Load content packs into a :class:`Ruleset`, lazily and once.

A *pack* is a directory holding any of ``moves.json``, ``oracles.json``, ``npcs.json``,
``truths.json``, ``regions.json`` and ``assets.json`` in our schema (see ``model.py``), plus,
for imported packs, a ``pack.json`` manifest written by the importer. Two packs ship inside the
package (``classic`` and ``starforged``); imported ones live in ``data_home()/packs/<id>/``.

A :class:`Ruleset` is a view over one or more packs. Each kind of content (moves, oracles, ...)
is read from disk the first time it is asked for, so ``ironsworn oracle roll action`` reads
only the oracle files. When two packs define the same id, the first pack wins (bundled packs
come first) and the clash is noted in :attr:`Ruleset.warnings`.

- :func:`load_ruleset` -- one bundled ruleset (``"classic"``, ``"starforged"``), or ``"all"``
  for :func:`load_library`. Cached.
- :func:`load_library` -- every bundled pack plus every imported pack. Cached until a pack is
  imported or removed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from ironsworn.content.lookup import GroupNamed, resolve
from ironsworn.content.model import (
    Asset,
    Move,
    Npc,
    Odds,
    OracleTable,
    Region,
    Truth,
    ruleset_of,
)
from ironsworn.content.sites import DelveSite, Rarity, SiteDomain, SiteTheme
from ironsworn.errors import ContentError, InvalidValue, NotFound, PackMissing
from ironsworn.record import record

T = TypeVar("T")

DATA_DIR = Path(__file__).resolve().parent / "data"
MANIFEST = "pack.json"

# kind -> the file of a pack holding it; the items are the list under the same key ("moves").
FILES: dict[str, str] = {
    "moves": "moves.json",
    "oracles": "oracles.json",
    "npcs": "npcs.json",
    "truths": "truths.json",
    "regions": "regions.json",
    "assets": "assets.json",
    # Ironsworn: Delve's site content (content/sites.py), from an imported Delve pack.
    "sites": "sites.json",
    "site_themes": "site_themes.json",
    "site_domains": "site_domains.json",
    "rarities": "rarities.json",
}

BUNDLED_RULESETS = ("classic", "starforged")
# Expansions whose moves a campaign plays only when it chose them (the campaign option of the
# same name): Sundered Isles is a setting of its own, its moves standing in for eight
# Starforged ones (Set a Course, Make a Discovery...); a Starforged campaign in a home that
# imported it for another keeps the Starforged moves. Other expansions (Delve, Lodestar) join
# every campaign of their ruleset.
CHOSEN_PACKS = frozenset({"sundered_isles"})
CHECKS_VERSION = 1  # in an imported pack's manifest: its records passed content/checks.py


@record
class Pack:
    """A directory of content files, bundled with the package or imported by a player."""

    id: str
    name: str
    ruleset: str
    path: Path
    bundled: bool
    kind: str = "ruleset"
    source: str = ""
    licence: str = ""
    imported_from: str = ""
    format: str = ""
    warnings: tuple[str, ...] = ()
    counts: Mapping[str, int] | None = None
    # Imported by a version whose importer checks every field (content/checks.py): its
    # records need no check when read. An older import is checked as it is read.
    checked: bool = True

    def file(self, kind: str) -> Path:
        """The path of this pack's file for ``kind`` (it may not exist)."""
        return self.path / FILES[kind]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "ruleset": self.ruleset,
            "kind": self.kind,
            "bundled": self.bundled,
            "path": str(self.path),
            "source": self.source,
            "licence": self.licence,
            "imported_from": self.imported_from,
            "format": self.format,
            "warnings": list(self.warnings),
            "counts": dict(self.counts) if self.counts is not None else self.counted(),
        }

    def counted(self) -> dict[str, int]:
        """How many items of each kind the pack's files hold (reads them)."""
        out: dict[str, int] = {}
        for kind in FILES:
            path = self.file(kind)
            if path.is_file():
                out[kind] = len(read_json(path).get(kind) or ())
        return out


BUNDLED_PACKS: dict[str, Pack] = {
    "classic": Pack(
        "classic",
        "Ironsworn",
        "classic",
        DATA_DIR / "classic",
        True,
        source="Ironsworn Rulebook, Shawn Tomkin",
        licence="CC BY-NC-SA 4.0",
    ),
    "starforged": Pack(
        "starforged",
        "Ironsworn: Starforged (moves)",
        "starforged",
        DATA_DIR / "starforged",
        True,
        source="Ironsworn: Starforged Rulebook, Shawn Tomkin (via Dataforged)",
        licence="CC BY 4.0",
    ),
}


def read_json(path: Path) -> dict[str, Any]:
    """Read a content file, turning any problem into a ContentError naming the file."""
    try:
        data = json.loads(path.read_bytes())
    except OSError as exc:
        raise ContentError(f"cannot read content file {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise ContentError(f"content file {path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ContentError(f"content file {path} does not hold a JSON object")
    return data


class Ruleset:
    """Moves, oracle tables, NPCs, truths, regions and assets of one or more packs, by full id.

    The dicts (``moves``, ``oracles``, ...) are built on first access. The lookup methods
    (``move``, ``oracle``, ...) accept a full id, an id without its type, or a name, and raise
    :class:`~ironsworn.errors.NotFound` with the closest candidates.
    """

    def __init__(self, name: str, packs: tuple[Pack, ...], preferred: tuple[str, ...] = ()):
        self.name = name
        self.packs = packs
        self.preferred = preferred or tuple(dict.fromkeys(p.ruleset for p in packs))
        self.warnings: list[str] = []
        self._loaded: dict[str, dict[str, Any]] = {}
        self._odds: dict[str, Odds] | None = None
        self._pack_of: dict[str, Pack] = {}
        # Items a later pack defines again under an id an earlier pack has (an imported
        # official pack over our own asset summaries): kept so their text can be shown.
        self._shadowed: dict[str, list[Any]] = {}
        # Lookups by what players type ("face danger", "face_danger"), kept once found: the
        # items of a Ruleset never change once loaded, and resolving scans every item.
        self._found: dict[tuple[str, str, str | None], Any] = {}
        self._memos: dict[str, dict[Any, Any]] = {}  # see memo()

    def __repr__(self) -> str:
        return f"Ruleset({self.name!r}, packs={[p.id for p in self.packs]!r})"

    # --- the items, loaded on first use --------------------------------------------------

    @property
    def moves(self) -> dict[str, Move]:
        return self._kind("moves", Move.from_json)

    @property
    def oracles(self) -> dict[str, OracleTable]:
        return self._kind("oracles", OracleTable.from_json)

    @property
    def npcs(self) -> dict[str, Npc]:
        return self._kind("npcs", Npc.from_json)

    @property
    def truths(self) -> dict[str, Truth]:
        return self._kind("truths", Truth.from_json)

    @property
    def regions(self) -> dict[str, Region]:
        return self._kind("regions", Region.from_json)

    @property
    def assets(self) -> dict[str, Asset]:
        return self._kind("assets", _asset)

    @property
    def sites(self) -> dict[str, DelveSite]:
        """Delve's sample sites (from an imported Delve pack), by id."""
        return self._kind("sites", DelveSite.from_json)

    @property
    def site_themes(self) -> dict[str, SiteTheme]:
        return self._kind("site_themes", SiteTheme.from_json)

    @property
    def site_domains(self) -> dict[str, SiteDomain]:
        return self._kind("site_domains", SiteDomain.from_json)

    @property
    def rarities(self) -> dict[str, Rarity]:
        return self._kind("rarities", Rarity.from_json)

    @property
    def asset_moves(self) -> dict[str, Move]:
        """The moves asset abilities give (a ritual, crafting an arrow), by id."""
        cached = self._loaded.get("asset_moves")
        if cached is None:
            cached = {m.id: m for a in self.assets.values() for b in a.abilities for m in b.moves}
            self._loaded["asset_moves"] = cached
        return cached

    def memo(self, name: str) -> dict[Any, Any]:
        """A cache named ``name`` for what the rules work out once from this content (an
        index of asset effects by move...): the content never changes once loaded."""
        found = self._memos.get(name)  # asked for on every step of a move: no key to build
        if found is None:
            found = self._memos[name] = {}
        return found

    def any_move(self, move_id: str) -> Move:
        """A move by exact id: a move of the ruleset or one an asset gives."""
        both: dict[str, Move] | None = self._loaded.get("any_moves")
        if both is None:
            # One index of both, built once: the engine looks a move up on every step.
            both = {**self.asset_moves, **self.moves}
            self._loaded["any_moves"] = both
        return both[move_id]

    @property
    def odds(self) -> dict[str, Odds]:
        """Ask the Oracle's odds by key (``likely``), from the first pack that has them."""
        if self._odds is None:
            self._odds = {}
            for pack in self.packs:
                path = pack.file("oracles")
                if not self._odds and path.is_file():
                    for entry in self._document(pack, "oracles").get("odds") or ():
                        odds = Odds(entry["key"], entry["name"], int(entry["yes_at_least"]))
                        self._odds[odds.key] = odds
        return self._odds

    def load_all(self) -> Ruleset:
        """Read every kind now (for benchmarks and checks); returns self."""
        for kind in FILES:
            getattr(self, kind)
        _ = self.odds
        return self

    def items(self, kind: str) -> dict[str, Any]:
        """The items of ``kind`` ("moves", "oracles", ...) by id."""
        if kind not in FILES:
            raise InvalidValue(f"content kind {kind!r} is unknown (accepted: {', '.join(FILES)})")
        result: dict[str, Any] = getattr(self, kind)
        return result

    def pack_of(self, item_id: str) -> Pack | None:
        """The pack an item came from (its kind must have been loaded), or None."""
        return self._pack_of.get(item_id)

    def in_ruleset(
        self, kind: str, ruleset: str | None, chosen: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        """Items of ``kind`` from packs of ``ruleset`` (an expansion counts for the ruleset it
        extends, so an imported classic expansion lists with classic); None or "all" = every.
        ``chosen``: the expansions of :data:`CHOSEN_PACKS` the campaign plays (their moves are
        left out otherwise)."""
        if ruleset is None or ruleset == "all":
            return self.items(kind)
        chosen = tuple(sorted(p for p in chosen if p in CHOSEN_PACKS))
        # Kept once built: a kind's items and their packs never change once loaded, and the
        # engine asks for a campaign's moves on every move it makes.
        key = f"in:{kind}:{ruleset}:{','.join(chosen)}"
        cached = self._loaded.get(key)
        if cached is None:
            cached = self._in_ruleset(kind, ruleset, chosen)
            self._loaded[key] = cached
        return cached

    def _in_ruleset(self, kind: str, ruleset: str, chosen: tuple[str, ...]) -> dict[str, Any]:
        items = self.items(kind)
        own = {
            key: item
            for key, item in items.items()
            if (pack := self._pack_of.get(key)) is not None
            and ruleset in (pack.ruleset, pack.id)
            and (kind != "moves" or self.plays_pack(pack.id, ruleset, chosen))
        }
        if kind != "moves":
            return own
        # An expansion's move that replaces another takes its place (Lodestar's Face Danger
        # for the rulebook's): the replaced move is not offered in that ruleset's campaigns.
        # A pack's own alternative of its own move (Delve's "Reveal a Danger (Alternate)")
        # is offered beside it: the player picks one, the book's optional rule.
        replaced = {
            r for move in own.values() for r in move.replaces if not self._alternative(move, r)
        }
        return {key: move for key, move in own.items() if key not in replaced}

    @staticmethod
    def plays_pack(pack: str, ruleset: str, chosen: tuple[str, ...]) -> bool:
        """Whether a campaign of ``ruleset`` that chose the expansions ``chosen`` plays the
        moves of ``pack`` (a pack of :data:`CHOSEN_PACKS` only when chosen, or asked for
        by its own id)."""
        return pack not in CHOSEN_PACKS or pack in chosen or pack == ruleset

    def _alternative(self, move: Move, replaced: str) -> bool:
        """True when ``move`` is an optional variant of ``replaced`` (or is it), not its
        replacement: both come from one pack."""
        return replaced == move.id or self._pack_of.get(replaced) is self._pack_of.get(move.id)

    def replacing(self, move: Move, ruleset: str, chosen: tuple[str, ...] = ()) -> Move:
        """The move that takes ``move``'s place in ``ruleset``'s campaigns that chose the
        expansions ``chosen`` (an expansion's move that ``replaces`` it), or ``move`` itself."""
        chosen = tuple(sorted(p for p in chosen if p in CHOSEN_PACKS))
        replacements: dict[str, Move] = self._loaded.setdefault(
            f"replacing:{ruleset}:{','.join(chosen)}", {}
        )
        found = replacements.get(move.id)
        if found is None:
            found = move
            for other in self.in_ruleset("moves", ruleset, chosen).values():
                if move.id in other.replaces and not self._alternative(other, move.id):
                    found = other
                    break
            replacements[move.id] = found
        return found

    def shadowed(self, kind: str, item_id: str) -> list[Any]:
        """Later packs' items with an id an earlier pack already has (loads ``kind``)."""
        self.items(kind)
        return list(self._shadowed.get(item_id, ()))

    def find(self, kind: str, query: str, prefer: str | None = None) -> Any:
        """Look up an item of ``kind`` ("moves", ...), preferring ruleset ``prefer`` on a tie."""
        key = (kind, query, prefer)
        found = self._found.get(key)
        if found is None:
            what = {"oracles": "oracle table", "npcs": "NPC"}.get(kind, kind[:-1])
            preferred = (prefer, *self.preferred) if prefer else self.preferred
            found = resolve(self.items(kind), query, what, _name, preferred)
            self._remember(key, found)
        return found

    def _remember(self, key: tuple[str, str, str | None], found: Any) -> None:
        if len(self._found) >= 4096:  # queries are typed by people: bound what is kept
            self._found.clear()
        self._found[key] = found

    def _needed(self, missing: NotFound, kind: str, ruleset: str) -> NotFound:
        """``missing``, saying what to import when the campaign's ruleset has none of ``kind``
        because the player's own file is not imported yet ('planet' before starforged.json)."""
        from ironsworn.content.own_content import content_needed

        needed = content_needed(self, ruleset)
        if needed is None or kind not in needed.kinds:
            return missing
        # (each surface says how its player imports the file: the pack named by it)
        return NotFound(
            f"{missing}; nothing imported for {ruleset} yet: your own Datasworn file "
            f"({needed.file}) brings its {needed.brings}",
            missing.candidates,
            kind=missing.kind,
            name=missing.name,
            pack=needed.pack,
        )

    def find_in(self, kind: str, query: str, ruleset: str | None) -> Any:
        """Look up an item of ``kind`` among the items of ``ruleset`` only (a campaign's: a
        classic campaign never shows a Starforged move, and the reverse). An item that only
        the other rulesets have is refused in one line naming its ruleset; None or "all"
        looks through the whole library, as :meth:`find` does."""
        if ruleset is None or ruleset == "all":
            return self.find(kind, query)
        what = {"oracles": "oracle table", "npcs": "NPC"}.get(kind, kind[:-1])
        own = self.in_ruleset(kind, ruleset)
        try:
            return resolve(own, query, what, _name, (ruleset,))
        except NotFound as missing:
            if isinstance(missing, GroupNamed) or " is ambiguous" in str(missing):
                # A group of the campaign's own items, or a name several of them share
                # ("feature"): their choices are the answer, not the other rulesets'.
                raise
            try:
                found = [self.find(kind, query)]
            except NotFound as wider:
                # A name several items of the other rulesets share ("First Look") is theirs
                # too; a merely unknown name keeps the campaign's own message.
                items = self.items(kind)
                ambiguous = " is ambiguous" in str(wider)
                found = [items[c] for c in wider.candidates if c in items] if ambiguous else []
                if not found:
                    raise self._needed(missing, kind, ruleset) from None
        pack = self._pack_of.get(found[0].id)
        theirs = pack.ruleset if pack is not None else ruleset_of(found[0].id)
        whose = (
            f"{found[0].name} is a {theirs} {what}"
            if len(found) == 1
            else f"{query!r} names {len(found)} {theirs} {what}s"
        )
        from ironsworn.content.own_content import OWN_FILES

        needed = OWN_FILES.get(ruleset) if not own else None
        if needed is not None:
            # Nothing of the kind yet: the player's own file brings it (each surface says
            # how its player imports the pack).
            raise PackMissing(
                f"{whose}; this campaign plays {ruleset}, and has no {what}s until your own "
                f"Datasworn file ({needed.file}) is imported",
                needed.pack,
            )
        # (what lists them is each surface's to say: a command, a tab of the web table)
        raise InvalidValue(
            f"{whose}; this campaign plays {ruleset} (accepted: the {ruleset} {what}s)"
        )

    def _kind(self, kind: str, build: Callable[[dict[str, Any]], T]) -> dict[str, T]:
        cached = self._loaded.get(kind)
        if cached is not None:
            return cached
        out: dict[str, T] = {}
        for pack in self.packs:
            path = pack.file(kind)
            if not path.is_file():
                continue
            document = self._document(pack, kind)
            for entry in document.get(kind) or ():
                try:
                    item = build(entry)
                except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
                    raise ContentError(
                        f"content file {path}: bad {kind[:-1]} {_label(entry)}: {exc!r}"
                    ) from None
                if not pack.checked:
                    # An import from before the checks: refuse a bad record in one line
                    # (naming the pack to import again) rather than let a command break.
                    from ironsworn.content.checks import check_record

                    check_record(item, f"content file {path} (import it again)")
                item_id: str = getattr(item, "id")  # noqa: B009 -- every record has an id
                if item_id in out:
                    self.warnings.append(f"{path}: duplicate id {item_id} ignored")
                    self._shadowed.setdefault(item_id, []).append(item)
                    continue
                out[item_id] = item
                self._pack_of[item_id] = pack
        if kind == "truths":
            out = self._in_book_order(out)
        self._loaded[kind] = out
        return out

    def _in_book_order(self, truths: dict[str, T]) -> dict[str, T]:
        """Each pack's truths in the order of their pages (the book's order); a truth without
        a page after the rest, where its file put it. A pack imported before the importer
        sorted them (its file is alphabetical) reads in the book's order too."""
        packs = {id(pack): index for index, pack in enumerate(self.packs)}

        def place(item: tuple[str, T]) -> tuple[int, bool, int]:
            page = getattr(item[1], "page", None)
            return (packs.get(id(self._pack_of[item[0]]), 0), page is None, page or 0)

        return dict(sorted(truths.items(), key=place))

    def _document(self, pack: Pack, kind: str) -> dict[str, Any]:
        # The oracle file is read for both tables and odds; keep it until both are built.
        key = f"file:{pack.path}:{kind}"
        cached = self._loaded.get(key)
        if cached is None:
            cached = read_json(pack.file(kind))
            self._loaded[key] = cached
        return cached

    # --- lookups ---------------------------------------------------------------------------

    def move(self, query: str) -> Move:
        key = ("move", query, None)
        found: Move | None = self._found.get(key)
        if found is None:
            found = resolve(self.moves, query, "move", _name, self.preferred)
            self._remember(key, found)
        return found

    def oracle(self, query: str) -> OracleTable:
        tables = self.oracles
        found = tables.get(query)  # (an exact id, as the rules name a table: no resolving)
        return (
            found
            if found is not None
            else resolve(tables, query, "oracle table", _name, self.preferred)
        )

    def npc(self, query: str) -> Npc:
        return resolve(self.npcs, query, "NPC", _name, self.preferred)

    def truth(self, query: str) -> Truth:
        return resolve(self.truths, query, "truth", _name, self.preferred)

    def region(self, query: str) -> Region:
        return resolve(self.regions, query, "region", _name, self.preferred)

    def asset(self, query: str) -> Asset:
        return resolve(self.assets, query, "asset", _name, self.preferred)

    def odds_for(self, query: str) -> Odds:
        """Ask the Oracle odds by key or name ("likely", "Small Chance", "50/50")."""
        return resolve(self.odds, query, "odds", _name, ())


def _name(item: Any) -> str:
    name: str = item.name
    return name


def _label(entry: Any) -> str:
    if isinstance(entry, dict):
        return str(entry.get("id") or entry.get("name") or "?")
    return repr(entry)[:40]


# --- caches ----------------------------------------------------------------------------------

_RULESETS: dict[str, Ruleset] = {}
_LIBRARY: dict[str, tuple[tuple[Any, ...], Ruleset]] = {}


def load_ruleset(name: str = "classic") -> Ruleset:
    """A bundled ruleset by name (``classic``, ``starforged``); ``all`` means the library."""
    key = name.strip().lower()
    if key == "all":
        return load_library()
    cached = _RULESETS.get(key)
    if cached is not None:
        return cached
    pack = BUNDLED_PACKS.get(key)
    if pack is None:
        accepted = ", ".join((*BUNDLED_RULESETS, "all"))
        raise InvalidValue(f"ruleset {name!r} is unknown (accepted: {accepted})")
    ruleset = Ruleset(key, (pack,))
    _RULESETS[key] = ruleset
    return ruleset


def packs_dir() -> Path:
    """Where imported packs live: ``data_home()/packs``."""
    from ironsworn.paths import data_home

    home = data_home()
    # Joined once per data home (every library load asks: the web table's worker on every
    # turn).
    found = _PACKS_DIRS.get(home)
    if found is None:
        found = _PACKS_DIRS[home] = home / "packs"
    return found


_PACKS_DIRS: dict[Path, Path] = {}


def imported_packs(directory: Path | None = None) -> list[Pack]:
    """The imported packs, sorted by id. Directories without a readable manifest are skipped
    (an import in progress, or left over by a crash) rather than breaking every command."""
    root = packs_dir() if directory is None else directory
    out: list[Pack] = []
    for entry in _pack_dirs(root):
        try:
            out.append(pack_from_manifest(entry, read_json(entry / MANIFEST)))
        except (ContentError, KeyError, TypeError, ValueError):
            continue
    return sorted(out, key=lambda p: p.id)


def _pack_dirs(root: Path) -> Iterator[Path]:
    try:
        entries = list(root.iterdir())
    except OSError:
        return
    if any(entry.name.startswith((".old-", ".tmp-")) for entry in entries):
        recover_packs(root)
        with suppress(OSError):
            entries = list(root.iterdir())
    for entry in entries:
        # Dot-names are the importer's temporary and old directories.
        if not entry.name.startswith(".") and (entry / MANIFEST).is_file():
            yield entry


@contextmanager
def pack_lock(root: Path, *, wait: bool) -> Iterator[bool]:
    """Hold the packs folder's lock (an ``flock`` on the folder itself); yields whether it
    was taken. ``wait=False`` gives up at once when another process holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock (Windows): imports are not concurrent
        yield True
        return
    descriptor = os.open(root, os.O_RDONLY)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(descriptor)  # closing the descriptor releases the lock


def recover_packs(root: Path) -> None:
    """Finish what an import killed half-way left behind (the start-up half of its promise).

    An import writes the new pack in ``.tmp-<id>-*`` and swaps it in with two renames, the old
    pack first moved to ``.old-<id>-*/pack``. Killed between the two, the pack is missing: the
    old one is put back (the import never reported success, so the pack stays as it was).
    Leftover temporary folders are removed. Nothing happens while an import holds the lock.
    """
    import shutil

    try:
        with pack_lock(root, wait=False) as locked:
            if not locked:
                return  # an import is running: its own folders, its own business
            for entry in sorted(root.iterdir()):
                if entry.name.startswith(".old-") and (entry / "pack" / MANIFEST).is_file():
                    pack_id = str(read_json(entry / "pack" / MANIFEST).get("id", ""))
                    usable = pack_id and "/" not in pack_id and not pack_id.startswith(".")
                    if usable and not (root / pack_id).exists():
                        (entry / "pack").rename(root / pack_id)
                if entry.name.startswith((".old-", ".tmp-")):
                    shutil.rmtree(entry, ignore_errors=True)
    except (OSError, ContentError):
        pass  # a read-only or damaged folder: leave it, the packs in it are still read


def pack_from_manifest(path: Path, data: dict[str, Any]) -> Pack:
    """Build the :class:`Pack` described by an imported pack's ``pack.json``."""
    return Pack(
        str(data["id"]),
        str(data.get("name") or data["id"]),
        str(data.get("ruleset") or data["id"]),
        path,
        False,
        kind=str(data.get("kind") or "ruleset"),
        source=str(data.get("source") or ""),
        licence=str(data.get("licence") or ""),
        imported_from=str(data.get("imported_from") or ""),
        format=str(data.get("format") or ""),
        warnings=tuple(data.get("warnings") or ()),
        counts=dict(data.get("counts") or {}),
        checked=data.get("checks") == CHECKS_VERSION,
    )


def load_library(directory: Path | None = None) -> Ruleset:
    """Every bundled pack and every imported pack as one Ruleset (classic preferred in lookups).

    Cached per packs directory; the cache is dropped when a pack is added, replaced or
    removed (the directory listing and manifest times are part of the key).
    """
    root = packs_dir() if directory is None else directory
    stamp = _stamp(root)
    cached = _LIBRARY.get(str(root))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    packs = (*BUNDLED_PACKS.values(), *imported_packs(root))
    ruleset = Ruleset("all", packs, ("classic", "starforged"))
    _LIBRARY[str(root)] = (stamp, ruleset)
    return ruleset


def _stamp(root: Path) -> tuple[Any, ...]:
    stamps: list[Any] = []
    for entry in _pack_dirs(root):
        try:
            stamps.append((entry.name, (entry / MANIFEST).stat().st_mtime_ns))
        except OSError:
            continue
    return tuple(sorted(stamps))


def clear_cache() -> None:
    """Forget every loaded ruleset (tests, benchmarks, after an import)."""
    _RULESETS.clear()
    _LIBRARY.clear()


def _asset(entry: dict[str, Any]) -> Asset:
    """An asset card from a pack; a Starforged card gets our effects (keyed by ability id)."""
    from ironsworn.content.starforged_effects import attach

    return attach(Asset.from_json(entry))
