"""How a character sheet and progress tracks read as text (``sheet``, ``track list``, play).

A track is drawn as its ten boxes with their ticks (:func:`ironsworn.progress.progress_boxes`),
with its rank and progress score; in Unicode where the terminal can show it, else in ASCII
(pipes, files and transcripts stay plain). The sheet lists the character's open vows, journeys,
fights (and Delve's sites and threats) the same way, and each asset with the text of the
abilities marked on it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from ironsworn.progress import UNICODE_BOXES, progress_boxes

if TYPE_CHECKING:
    from ironsworn.content.loader import Ruleset

# Headings of the sheet's track sections, in the order they are shown.
TRACK_SECTIONS = (
    ("vow", "vows"),
    ("journey", "journeys"),
    ("expedition", "expeditions"),
    ("fight", "fights"),
    ("scene", "scene challenges"),
    ("connection", "connections"),
    ("site", "sites"),  # Delve's perilous sites, and the threats to your vows (menace)
    ("threat", "threats"),
)


def unicode_ok(stream: TextIO | None = None) -> bool:
    """True when ``stream`` (stdout) is a terminal whose encoding can show the Unicode boxes."""
    stream = stream if stream is not None else sys.stdout
    try:
        if not stream.isatty():
            return False
        "".join(UNICODE_BOXES).encode(stream.encoding or "ascii")
    except (AttributeError, ValueError, LookupError, UnicodeEncodeError):
        return False
    return True


ROW_WIDTHS = (9, 8)  # the id and kind columns of a track's row, at their narrowest


def row_widths(tracks: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """The id and kind columns wide enough for every row of ``tracks`` (Starforged's
    ``expedition-3`` and ``connection``), so the rows line up."""
    return (
        max([ROW_WIDTHS[0], *(len(str(t["id"])) for t in tracks)]),
        max([ROW_WIDTHS[1], *(len(str(t.get("kind", ""))) for t in tracks)]),
    )


def track_row(
    track: Mapping[str, Any],
    unicode: bool = False,
    *,
    kind: bool = True,
    widths: tuple[int, int] = ROW_WIDTHS,
) -> str:
    """``vow-1  vow  extreme  [#][#][/][ ]...  9 ticks, score 2  Avenge my kin``."""
    ticks = int(track.get("ticks", 0))
    score = min(10, ticks // 4)
    status = track.get("status", "active")
    parts = [f"{track['id']:<{widths[0]}}"]
    if kind:
        parts.append(f"{track['kind']:<{widths[1]}}")
    parts += [
        f"{track['rank']:<11}",
        progress_boxes(ticks, unicode),
        f"{ticks:>2} ticks, score {score:>2}",
        str(track["name"]) + ("" if status == "active" else f" [{status}]"),
    ]
    return "  ".join(parts)


def tracks_text(tracks: Sequence[Mapping[str, Any]], unicode: bool = False) -> str:
    """The rows of ``track list`` (or ``no tracks``)."""
    if not tracks:
        return "no tracks"
    widths = row_widths(tracks)
    return "\n".join(track_row(t, unicode, widths=widths) for t in tracks)


def _top(sheet: Mapping[str, Any], meter: str) -> str:
    """`` (max +4)`` when an asset lowered a meter's maximum (Battle-Scarred)."""
    top = sheet.get(f"{meter}_max")
    return "" if top is None else f" (max {int(top):+d})"


def sheet_text(sheet: Mapping[str, Any], library: Ruleset | None, unicode: bool = False) -> str:
    """The character sheet: stats, meters, open tracks drawn, assets with marked abilities."""
    stats = "  ".join(f"{k} {v}" for k, v in sheet["stats"].items())
    xp = sheet["experience"]
    lines = [
        f"{sheet['name']}" + (f" ({sheet['status']})" if sheet["status"] != "active" else ""),
        f"  {stats}",
        f"  health {sheet['health']}{_top(sheet, 'health')}  spirit {sheet['spirit']}"
        f"{_top(sheet, 'spirit')}  supply {sheet['supply']}  "
        f"momentum {sheet['momentum']:+d} (max {sheet['momentum_max']:+d}, reset "
        f"{sheet['momentum_reset']:+d})",
    ]
    starforged = sheet.get("ruleset") == "starforged"
    if starforged:
        lines += _starforged_lines(sheet, unicode)
    else:
        debilities = ", ".join(sheet["debilities"]) or "none"
        if sheet.get("debility_count") is not None:
            # An asset counts as a debility, or maimed no longer does (Oathbreaker...).
            debilities += f" (counted as {sheet['debility_count']}, with assets)"
        lines += [
            f"  debilities: {debilities}",
            f"  experience {xp['earned']} earned, {xp['spent']} spent   bonds "
            f"{sheet['bonds']['ticks']} tick{'' if sheet['bonds']['ticks'] == 1 else 's'}"
            + (f" ({', '.join(sheet['bonds']['list'])})" if sheet["bonds"]["list"] else ""),
        ]
    if sheet.get("failure"):
        ticks = sheet["failure"]["ticks"]
        lines.append(f"  failure track  {progress_boxes(ticks, unicode)}  {_ticks(ticks)}")
    if sheet.get("roles"):
        lines.append("  roles: " + ", ".join(sheet["roles"]))
    if sheet.get("reserved_bonds"):
        lines.append(
            f"  background bonds held in reserve: {sheet['reserved_bonds']} "
            "('bond background NAME' marks one)"
        )
    if sheet.get("asset_draws"):
        # "Don't look at it": the cards are not named until all five are drawn.
        drawn = len(sheet.get("asset_hand") or ())
        lines.append(
            f"  cards drawn unseen: {drawn} of 5 (draw the next: 'character draw "
            f"{sheet['name']} DECK')"
        )
    elif sheet.get("asset_hand"):
        cards = [
            library.assets[i].name if library is not None and i in library.assets else i
            for i in sheet["asset_hand"]
        ]
        lines.append(
            f"  cards drawn: {', '.join(cards)} (keep three: 'character keep "
            f"{sheet['name']} CARD,CARD,CARD')"
        )
    if sheet.get("background_goal"):
        lines.append(
            f"  background vow from the oracle: {sheet['background_goal']} (mark it: "
            f"'character background {sheet['name']} --background-rank extreme|epic')"
        )
    if sheet.get("bond_oracle"):
        from ironsworn.moves.semi_random import with_article

        lines.append(
            f"  a bond from the oracles: {with_article(sheet['bond_oracle'])} (name them: "
            f"'character bond {sheet['name']} NAME')"
        )
    tracks = list(sheet.get("tracks") or sheet.get("vows") or [])
    for kind, heading in TRACK_SECTIONS:
        mine = [t for t in tracks if t.get("kind", "vow") == kind]
        if mine:
            if starforged and kind == "fight":
                heading = "combat objectives"  # Starforged's words for a fight's track
            lines.append(f"  {heading}:")
            widths = row_widths(mine)
            lines += [
                "    " + track_row({"kind": kind, **t}, unicode, kind=False, widths=widths)
                for t in mine
            ]
    if sheet["assets"]:
        lines.append("  assets:")
    for asset in sheet["assets"]:
        lines += ["    " + line for line in asset_lines(asset, library, unicode)]
    if sheet.get("lasting"):
        lines.append("  lasting effects:")
        lines += [f"    {e['id']}: {e['text']} ({e['source']})" for e in sheet["lasting"]]
    if sheet.get("equipment"):
        lines.append("  equipment: " + ", ".join(sheet["equipment"]))
    if starforged:
        if sheet.get("position"):
            lines.append(f"  position: {sheet['position']}")
    elif sheet["initiative"]:
        lines.append("  you have initiative")
    return "\n".join(lines)


def _starforged_lines(sheet: Mapping[str, Any], unicode: bool = False) -> list[str]:
    """Impacts, legacy tracks (drawn as ten boxes), experience, connections' roles and the
    command vehicle."""
    impacts = ", ".join(i.replace("_", " ") for i in sheet["impacts"]) or "none"
    xp = sheet["experience"]
    lines = [f"  impacts: {impacts}"]
    if sheet.get("conditions"):
        lines.append("  " + ", ".join(sheet["conditions"]))
    lines.append("  legacy:")
    width = max((len(name) for name in sheet["legacy"]), default=0)
    for name, t in sheet["legacy"].items():
        lines.append(
            f"    {name:<{width}}  {progress_boxes(t['ticks'], unicode)}  {_ticks(t['ticks'])}"
            + (" (completed)" if t["completed"] else "")
        )
    lines.append(f"  experience {xp['earned']} earned, {xp['spent']} spent")
    for c in sheet.get("connections") or ():
        roles = [r for r in (c["role"], c.get("second_role")) if r]
        role = f", {' and '.join(roles)}" if roles else ""
        bond = ", a bond" if c["bonded"] else ""
        lines.append(f"  connection {c['name']}{role}{bond}")
    vehicle = sheet.get("vehicle")
    if vehicle:
        marks = vehicle["impacts"] + (vehicle.get("marks") or [])
        troubles = ", ".join(i.replace("_", " ") for i in marks) or "none"
        lines.append(
            f"  command vehicle {vehicle['name']}: integrity {vehicle['integrity']}/"
            f"{vehicle['max']}  impacts: {troubles}"
        )
    return lines


def asset_lines(
    asset: Mapping[str, Any], library: Ruleset | None, unicode: bool = False
) -> list[str]:
    """An asset on the sheet: its name, marks and meter, then each marked ability's text."""
    marked: list[bool] = [bool(m) for m in asset.get("abilities") or []]
    on, off = ("●", "○") if unicode else ("*", "-")
    marks = "".join(on if m else off for m in marked)
    meters = [asset["meter"]] if asset.get("meter") else []
    meters += [{"name": k, **v} for k, v in (asset.get("tracks") or {}).items()]
    extra = "".join(f" ({m['name']} {m['value']}/{m['max']})" for m in meters)
    from ironsworn.card_fields import given_words

    named = given_words(asset)
    # A module's broken flip, a support vehicle's battered or what its table left on it.
    shown = [m for m in asset.get("marks") or () if not m.startswith("rarity:")]  # Delve: below
    flags = "".join(f" [{m.replace('_', ' ')}]" for m in shown)
    # A Starforged crew card: the crew's one record, on every crew member's sheet.
    crew = ""
    if asset.get("crew"):
        crew = f" ({asset['owner']}'s, the crew's)" if asset.get("owner") else " (the crew's)"
    lines = [f"{asset['name']}{named}{crew} {marks}{extra}{flags}"]
    if asset.get("requirement"):
        lines.append(f"  {asset['requirement']}")  # a reskin's or homebrew card's condition
    if asset.get("rarity"):
        rarity = asset.get("rarity_name") or asset["rarity"]
        lines.append(f"  rarity: {rarity} (a move this asset aids rolls the rarity die)")
    texts = ability_texts(asset, library)
    for number, (is_marked, text) in enumerate(zip(marked, texts, strict=False), start=1):
        if is_marked and text:
            lines += _ability_lines(number, text)
    return lines


def _ability_lines(number: int, text: str) -> list[str]:
    """A marked ability's text under its number: each paragraph and list item of the card's
    Markdown on a line of its own ("choose one." then "* Follow the fastest path: ..."), not
    run together ("Add +1 On a strong hit")."""
    from ironsworn.moves.assets.cards import unlinked

    parts = [" ".join(line.split()) for line in unlinked(text).splitlines()]
    parts = [p for p in parts if p] or [""]
    return [f"  {number}. {parts[0]}", *(f"     {p}" for p in parts[1:])]


def ability_texts(asset: Mapping[str, Any], library: Ruleset | None) -> list[str]:
    """The text of each ability of a character's asset, from the content (empty if unknown)."""
    listed = asset.get("ability_list")
    if isinstance(listed, list) and listed and all(a.get("text") for a in listed):
        # The sheet's view already holds each ability's words (a homebrew card's too).
        return [str(a["text"]) for a in listed]
    card = asset.get("card")
    if isinstance(card, Mapping):  # a homebrew asset holds its own card
        own = [str(a.get("text") or a.get("summary") or "") for a in card.get("abilities", [])]
        if all(own) or library is None:
            return own
        from ironsworn.content.model import Asset
        from ironsworn.moves.assets.cards import ability_words

        # A homebrew ability made from a pattern has no text: its effect in words.
        words = ability_words(library, Asset.from_json(dict(card)))
        return [text or said for text, said in zip(own, words, strict=False)]
    if library is None:
        return []
    from ironsworn.errors import IronswornError

    try:
        card = library.assets.get(str(asset["id"])) or library.asset(str(asset["id"]))
    except IronswornError:  # from a pack no longer loaded: the sheet still shows its marks
        return []
    from ironsworn.moves.assets.cards import ability_words

    return ability_words(library, card)  # an imported official pack's text, else ours


def _ticks(count: int) -> str:
    """``1 tick``, ``0 ticks``."""
    return f"{count} tick" + ("" if count == 1 else "s")
