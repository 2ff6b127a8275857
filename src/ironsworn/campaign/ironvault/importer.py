"""Reading an Iron Vault campaign folder into a new campaign, whole or not at all.

:func:`read_vault` reads the folder: its campaign file (``iron-vault-kind: campaign``, whose
playset says classic or Starforged), every character, progress and clock note, and the
journals (notes under ``Journals/``, and any other note holding a mechanics block), in
path order. It builds the campaign's operations:

- the ruleset (Starforged), then one operation per character (``character_created``, and the
  command vehicle a starship card gives), one per progress track (``track_created``);
- a clock that is a scene challenge's tension clock (as our export writes them) goes back on
  its scene; any other clock is kept as a note of the campaign (there are no free-standing
  clocks in ironsworn's campaign yet);
- each journal note after the first begins with a ``session`` mark titled by the note's name
  (the export starts a journal note at each), and each of its paragraphs is a journal entry;
  each mechanics block an ``imported`` record
  ({source, file, kdl: the block as written, lines: it in words}): shown in the log, never
  replayed as moves (the sheets already hold what they did).

Anything unreadable (no campaign file, a note whose frontmatter has a wrong type, a
mechanics block that is not KDL) raises :class:`~ironsworn.errors.CampaignError` in one line,
before anything is written; :func:`import_vault` then writes the campaign through the same
all-or-nothing path as a JSON import (a temporary file moved into place), where the
campaign's own checks run over every operation. Assets and moves the content does not know
are reported by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ironsworn.campaign.ironvault.frontmatter import read_note
from ironsworn.campaign.ironvault.history import describe, ids_in, journal_parts, plain
from ironsworn.campaign.ironvault.reading import (
    Found,
    character_order,
    link_target,
    read_character,
    read_clock,
    read_track,
)
from ironsworn.campaign.registry import CampaignRef
from ironsworn.campaign.store import Operation, utc_now
from ironsworn.counting import counted
from ironsworn.errors import CampaignError

JsonDict = dict[str, Any]
SOURCE = "iron-vault"
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass
class VaultImport:
    """What was read: the campaign's name and ruleset, its operations, what was not carried."""

    name: str
    ruleset: str
    operations: list[Operation]
    found: Found
    counts: dict[str, int] = field(default_factory=dict)

    def report(self) -> JsonDict:
        return {
            "ruleset": self.ruleset,
            **self.counts,
            "unknown_assets": list(self.found.unknown_assets),
            "unknown_moves": list(self.found.unknown_moves),
            "not_carried": list(self.found.not_carried),
        }


def campaign_name(text: str) -> str:
    """A campaign name (letters, digits, ``-`` and ``_``) made from a vault campaign's name."""
    clean = _NAME_CHARS.sub("-", text).strip("-_")[:64].strip("-_")
    return clean or "iron-vault"


def _natural(path: Path) -> list[Any]:
    return [int(p) if p.isdigit() else p.lower() for p in re.split(r"(\d+)", str(path))]


def _notes(folder: Path) -> list[Path]:
    out = []
    for path in folder.rglob("*.md"):
        relative = path.relative_to(folder)
        if any(part.startswith(".") for part in relative.parts):
            continue  # .obsidian, .trash: the vault's own machinery
        out.append(path)
    return sorted(out, key=lambda p: _natural(p.relative_to(folder)))


def _read(path: Path, folder: Path) -> tuple[str, dict[str, Any], str]:
    where = str(path.relative_to(folder))
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise CampaignError(f"{where}: not UTF-8 text") from None
    except OSError as exc:
        raise CampaignError(f"{where}: cannot be read ({exc.strerror})") from None
    fields, body = read_note(raw, where)
    return where, fields, body


def find_campaign(folder: Path) -> Path:
    """The campaign file: the note with ``iron-vault-kind: campaign`` at the folder's top (or
    in the one campaign folder just below it)."""
    if not folder.is_dir():
        what = "not a folder" if folder.exists() else "no such folder"
        raise CampaignError(f"{folder}: {what} (accepted: an Iron Vault campaign folder)")
    for depth in ("*.md", "*/*.md"):
        found = []
        for path in sorted(folder.glob(depth)):
            if path.name.startswith(".") or path.parent.name.startswith("."):
                continue
            try:
                fields, _ = read_note(path.read_text(encoding="utf-8"), str(path))
            except (CampaignError, OSError, UnicodeDecodeError):
                continue  # judged below, if it is part of the campaign
            if fields.get("iron-vault-kind") == "campaign":
                found.append(path)
        if len(found) > 1:
            names = ", ".join(str(p.relative_to(folder)) for p in found)
            raise CampaignError(f"{folder}: holds several campaigns ({names}); give one's folder")
        if found:
            return found[0]
    raise CampaignError(
        f"{folder}: no campaign file (a note with iron-vault-kind: campaign) in the folder"
    )


def ruleset_of(fields: Mapping[str, Any], where: str, characters: list[dict[str, Any]]) -> str:
    """classic or starforged, from our own mark or Iron Vault's playset."""
    extra = fields.get("ironsworn")
    if isinstance(extra, Mapping) and extra.get("ruleset") in ("classic", "starforged"):
        return str(extra["ruleset"])
    settings = fields.get("ironvault")
    playset = settings.get("playset") if isinstance(settings, Mapping) else None
    if isinstance(playset, Mapping):
        words = str(playset.get("key") or "") + " " + " ".join(map(str, playset.get("lines") or []))
        if "starforged" in words or "sundered_isles" in words:
            return "starforged"
        if "classic" in words:
            return "classic"
        raise CampaignError(
            f"{where}: the playset {words.strip()!r} is not a ruleset ironsworn plays "
            "(accepted: Iron Vault's classic or Starforged playsets)"
        )
    legacy = any("Quests_Progress" in c for c in characters)
    return "starforged" if legacy else "classic"


def read_vault(folder: Path) -> VaultImport:
    """Read a campaign folder into operations (nothing is written)."""
    from ironsworn.content.loader import load_library

    campaign_file = find_campaign(folder)
    root = campaign_file.parent
    where, fields, _ = _read(campaign_file, root)
    notes = [p for p in _notes(root) if p != campaign_file]
    kinds: dict[str, list[tuple[str, dict[str, Any], str]]] = {}
    for path in notes:
        note = _read(path, root)
        kind = note[1].get("iron-vault-kind")
        kinds.setdefault(str(kind) if kind else "", []).append(note)
    ruleset = ruleset_of(fields, where, [n[1] for n in kinds.get("character", [])])
    library = load_library()
    found = Found()
    name = fields.get("name")
    vault_name = name if isinstance(name, str) and name.strip() else campaign_file.stem
    now = utc_now()
    operations: list[Operation] = []

    def add(kind: str, events: list[JsonDict], who: str | None, summary: str) -> None:
        operations.append(Operation(len(operations) + 1, kind, now, who, summary, tuple(events)))

    if ruleset == "starforged":
        add("ruleset", [{"type": "ruleset", "from": "classic", "to": "starforged"}], None, "")
    names: list[str] = []
    aliases: dict[str, str] = {}  # a character's name and note name (lower case) -> name
    vehicle_taken = False
    crew: dict[str, JsonDict] = {}
    # The crew in the order they were made (our export's ``order``), so the first brings the
    # command vehicle as in play; notes without one follow in path order.
    made = sorted(kinds.get("character", []), key=lambda n: character_order(n[1], n[0]))
    for at, data, _ in made:
        char, vehicle = read_character(data, at, ruleset, library, found)
        _crew_cards(char, crew, found)
        if char["name"].lower() in (n.lower() for n in names):
            raise CampaignError(f"{at}: a second character named {char['name']!r}")
        names.append(char["name"])
        aliases[char["name"].lower()] = char["name"]
        aliases.setdefault(Path(at).stem.lower(), char["name"])
        events: list[JsonDict] = [{"type": "character_created", "character": char}]
        if vehicle is not None and not vehicle_taken:
            events.append({"type": "vehicle", "from": None, "to": vehicle})
            vehicle_taken = True
        add("character", events, char["name"], f"{char['name']} (from Iron Vault)")
    clocks = [read_clock(data, at) for at, data, _ in kinds.get("clock", [])]
    scene_clocks = {c["track"]: c for c in clocks if c["track"]}
    tracks = [
        read_track(data, at, aliases, found, library) for at, data, _ in kinds.get("progress", [])
    ]

    # Tracks our export wrote keep their ids and the campaign's order; others follow in path
    # order with new ids.
    def number(track: JsonDict) -> int:
        return int(str(track["id"]).rsplit("-", 1)[1])

    kept = sorted((t for t in tracks if t["id"]), key=number)
    latest = max((number(t) for t in kept), default=0)
    seen: set[str] = set()
    ordered = [*kept, *(t for t in tracks if not t["id"])]
    for track in ordered:
        if track["id"] is None or track["id"] in seen:  # a new track, or a copied note
            latest += 1
            track["id"] = f"{track['kind']}-{latest}"
        seen.add(track["id"])
    vows = {t["id"] for t in ordered if t["kind"] == "vow"}
    for track in ordered:
        if track["kind"] == "threat" and track["vow"] not in vows:
            # A threat endangers a vow of the campaign: without it, the track is a vow itself.
            found.not_carried.append(
                f"Progress/{track['name']}: a threat to {track['vow']!r}, a vow not in the "
                "vault, is kept as a vow"
            )
            track.update(kind="vow", vow=None, category=None)
    for track in ordered:
        clock = scene_clocks.pop(track["name"], None)
        if clock is not None and track["kind"] == "scene":
            track["countdown"] = clock["filled"]
        add("track", [{"type": "track_created", "track": track}], None, track["name"])
    for clock in clocks:
        if clock["track"] and clock["track"] not in scene_clocks:
            continue  # back on its scene challenge
        done = " (resolved)" if clock["complete"] else ""
        said = f"Clock {clock['name']}: {clock['filled']} of {clock['segments']} segments{done}"
        add("note", [{"type": "note_added", "note": {"text": said, "character": None}}], None, said)
    who = names[0] if len(names) == 1 else None
    setup = _setup_blocks(operations)
    journals = 0
    others: list[str] = []  # notes that are not journals (lore, custom content...)
    known_moves = {m.name.lower() for m in library.moves.values()}
    move_names = {ident: m.name for ident, m in library.moves.items()}
    for at, _fields, body in kinds.get("", []):
        in_journals = "journals" in (p.lower() for p in Path(at).parts[:-1])
        parts = journal_parts(body, at)
        if not in_journals and not any(p.nodes is not None for p in parts):
            others.append(at)
            continue
        journals += 1
        if journals > 1:
            # A journal note after the first is a new session (titled by the note's name), so
            # the export writes it as a journal of its own again, not run on into the first.
            title = Path(at).stem
            add("session", [{"type": "session", "title": title}], None, title)
        for part in parts:
            if part.nodes is None:
                add("journal", [{"type": "journal", "text": part.text}], who, part.text[:80])
                continue
            if journals == 1 and _setup_key(part.text) in setup:
                # The setup our export wrote at the start (the ruleset, each character, each
                # track, each clock): made again above from the notes, not kept twice.
                setup.remove(_setup_key(part.text))
                continue
            _check_moves(part.nodes, library, known_moves, found)
            lines = describe(part.nodes, move_names)
            record = {"type": "imported", "source": SOURCE, "file": at, "kdl": part.text}
            actor = _actor(part.nodes, aliases) or who
            add("imported", [{**record, "lines": lines}], actor, (lines or ["mechanics"])[0][:80])
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        found.not_carried.append(
            f"{counted(len(others), 'note')} outside the journals (no mechanics, not under "
            "Journals/): " + shown
        )
    for kind, notes_of_kind in kinds.items():
        if kind not in ("", "character", "progress", "clock"):
            found.not_carried.append(counted(len(notes_of_kind), f"{kind} note"))
    counts = {
        "characters": len(names),
        "tracks": len(tracks),
        "clocks": len(clocks),
        "journals": journals,
        "operations": len(operations),
    }
    return VaultImport(vault_name.strip(), ruleset, operations, found, counts)


def _setup_blocks(operations: list[Operation]) -> list[str]:
    """The mechanics blocks our export writes for the setup operations read from the notes
    (each as one line of words: a block read back is compared whitespace aside)."""
    from ironsworn.campaign.ironvault.export import block_text, block_writer
    from ironsworn.campaign.state import CampaignState

    state = CampaignState()
    for operation in operations:
        for event in operation.events:
            state.apply(event)
    writer = block_writer(state)
    texts = (block_text([operation], writer) for operation in operations)
    return [_setup_key(text) for text in texts if text]


_FIGURES = re.compile(r"\s*\([^()\"]*\)")
_PACKS = re.compile(r'^\s*- "content packs: [^"\n]*"\s*$', re.MULTILINE)
_ACTOR = re.compile(r'^actor name="[^"]*" \{$')


def _setup_key(text: str) -> str:
    """A setup block as compared: whitespace aside, without its figures in brackets (the
    notes give a character's stats and a ship's integrity as they are now, the block as
    they were at the start), without the content packs line an older export wrote, without
    the character it was written for (a co-op track's block is its maker's), and its lines
    in any order (the command line made the starship before its first character, the table
    after)."""
    lines = (" ".join(line.split()) for line in _FIGURES.sub("", _PACKS.sub("", text)).splitlines())
    return "\n".join(sorted(x for x in lines if x and x != "}" and not _ACTOR.match(x)))


def _actor(nodes: Any, aliases: Mapping[str, str]) -> str | None:
    """The character a co-op block is about: its one ``actor`` (Iron Vault wraps each
    character's nodes in one), when that names a character of the vault."""
    names = {link_target(n.prop("name")) for n in nodes if n.name == "actor"}
    if len(names) != 1 or any(n.name != "actor" for n in nodes):
        return None
    name = names.pop()
    return aliases.get(name.lower()) if name else None


def _check_moves(nodes: Any, library: Any, known: set[str], found: Found) -> None:
    for name, ident in ids_in(nodes, "move"):
        if ident is not None and ident.startswith("move:"):
            ok = ident in library.moves or ident in library.asset_moves
        else:
            ok = plain(name).strip().lower() in known
        label = name or ident or "a move"
        if not ok and label not in found.unknown_moves:
            found.unknown_moves.append(label)


def import_vault(folder: Path, target: CampaignRef, *, name: str) -> VaultImport:
    """Import the folder as the new campaign ``target``, whole or not at all."""
    from ironsworn.campaign.export import load_campaign

    if target.exists():
        raise CampaignError(f"{target.location}: a campaign already exists there")
    vault = read_vault(folder)
    load_campaign(target, None, vault.operations, name=name, source=str(folder))
    return vault


def _crew_cards(char: JsonDict, crew: dict[str, JsonDict], found: Found) -> None:
    """The crew's cards (the STARSHIP, modules, support vehicles) as the first note that
    lists each gives it: that character earned a module or support vehicle (its ``owner``). A
    later note whose card differs (other abilities marked) is reported: the crew shares the
    first one."""
    for record in char["assets"]:
        if not record.get("crew"):
            continue
        first = crew.get(record["id"])
        if first is None:
            if "/command_vehicle/" not in record["id"]:
                record["owner"] = char["name"]
            crew[record["id"]] = record
        elif record["abilities"] != first["abilities"]:
            found.not_carried.append(
                f"{char['name']}'s {record['name']}: the crew shares one {record['name']} "
                "card; the first character's is kept"
            )
