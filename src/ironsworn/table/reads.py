"""What the table shows, read from the campaign's state: the whole table at once.

:func:`campaign_state` is the ``state`` operation's answer and the web's
``/api/c/NAME/state``: sheets, tracks, the pending decision and the world.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from operator import is_not
from typing import Any

JsonDict = dict[str, Any]


def campaign_state(
    state: Any, name: str, memo: dict[str, Any] | None = None, library: Any = None
) -> JsonDict:
    """Everything the table shows: sheets, tracks, the pending decision and the world.

    ``memo``: what a caller reading the state after every change keeps between calls (the web
    table), so a change re-reads only what it touched: a track's summary is kept while the
    state holds the same track record (closed tracks are shared by the forks of a state), a
    sheet while its character, the open tracks, the vehicle and the content are as before.
    The answer's parts may then be shared with the previous answer: read them, never change
    them. ``library``: the content library, if the caller loaded it (each load looks at the
    packs folder)."""
    from ironsworn.content import load_library
    from ironsworn.moves.assets.cards import sheet_with_cards
    from ironsworn.moves.sheet import RULESET_TRACKS

    ruleset = getattr(state, "ruleset", "classic")
    if library is None:
        library = load_library()
    marks: list[JsonDict] = []
    troubles: list[JsonDict] = []
    if ruleset == "starforged":
        from ironsworn.impacts import IMPACTS

        # What a Starforged sheet marks in place of debilities, and the vehicle troubles its
        # command vehicle marks.
        for key, impact in IMPACTS.items():
            mark = {"name": key, "kind": str(impact.kind.value), "permanent": impact.permanent}
            (troubles if impact.on_vehicle else marks).append(mark)
    tracks = _track_summaries(state, memo)
    decisions = _decisions(state, library, memo)
    return {
        "campaign": name,
        "ruleset": ruleset,
        "impacts": marks,
        "vehicle_impacts": troubles,
        "vehicle": getattr(state, "vehicle", None),
        "vehicles": _vehicles(state) if ruleset == "starforged" else None,
        "track_kinds": list(RULESET_TRACKS.get(ruleset, RULESET_TRACKS["classic"])),
        "characters": _sheets(state, library, sheet_with_cards, memo, tracks),
        "tracks": tracks,
        "pending": decisions[0] if state.pending else None,
        # Every decision owed: the one waiting now, then those set aside while others act.
        "decisions": decisions,
        "shared_supply": state.shared_supply,
        # Delve: each site by its track's id, with its cards' features and dangers and its
        # denizens, as 'site show' tells them.
        "sites": _sites(state, library, memo),
        "options": _options(state),
        # Starforged's oracles, truths and assets come from the player's own file: what to
        # import when it is not there yet (None when nothing is missing).
        "content_needed": content_needed(ruleset, library),
        "world": {
            "people": [state.person_sheet(n) for n in state.people],
            "places": list(state.places.values()),
            "notes": list(state.notes),
            "truths": [{"truth": k, **v} for k, v in state.truths.items()],
        },
    }


def _decisions(state: Any, library: Any, memo: dict[str, Any] | None) -> list[JsonDict]:
    """Every decision owed as the table shows it (the one waiting now, then those set aside
    while others act), each saying whether an answer to it ``rolls`` dice (worked out once a
    decision: ``memo`` keeps it by the decision's token)."""
    from ironsworn.table.decisions import answers_roll, shown_decision

    owed = ([state.pending] if state.pending else []) + [
        e["pending"] for e in getattr(state, "parked", {}).values()
    ]
    if not owed:
        return []
    known: dict[str, bool] = {} if memo is None else memo.get("rolls", {})
    out = []
    rolls: dict[str, bool] = {}
    for pending in owed:
        shown = shown_decision(pending)
        token = shown["token"]
        if token not in known:
            known[token] = answers_roll(state, library, pending)
        rolls[token] = shown["rolls"] = known[token]
        out.append(shown)
    if memo is not None:
        memo["rolls"] = rolls  # (the decisions owed now: those answered are let go)
    return out


def content_needed(ruleset: str, library: Any = None) -> JsonDict | None:
    """The Datasworn file a campaign of ``ruleset`` still needs (``OwnFile.to_json``, with
    how to import it), or None; ``library``: the content library, if loaded."""
    from ironsworn.content import load_library
    from ironsworn.content.own_content import content_needed as needed

    own = needed(load_library() if library is None else library, ruleset)
    if own is None:
        return None
    return {**own.to_json(), "how": f"ironsworn content import {own.file}"}


def _track_summaries(state: Any, memo: dict[str, Any] | None) -> list[JsonDict]:
    if memo is None:
        return [t.summary() for t in state.tracks.values()]
    records = list(state.tracks.values())
    known: _Tracks | None = memo.get("tracks")
    if known is not None and len(known.records) == len(records):
        # The same tracks (none made or deleted): only a record that is not the one summed
        # up before is again, found by identity without a loop in Python (a long
        # campaign's hundreds of closed tracks are shared from change to change).
        out = list(known.summaries)
        active, sites = list(known.active), list(known.sites)
        changed = compress(range(len(records)), map(is_not, records, known.records))
        for i in changed:
            summary = out[i] = records[i].summary()
            active[i] = summary["status"] == "active"
            sites[i] = summary["kind"] == "site"
    else:
        # Made or deleted: matched by identity (the memo holds the records it names, so no
        # other record can take one's id meanwhile).
        before = (
            {} if known is None else dict(zip(map(id, known.records), known.summaries, strict=True))
        )
        out = [before.get(id(t)) or t.summary() for t in records]
        active = [summary["status"] == "active" for summary in out]
        sites = [summary["kind"] == "site" for summary in out]
    memo["tracks"] = _Tracks(records, out, active, sites)
    return out


@dataclass(slots=True)
class _Tracks:
    """What a page state keeps of the tracks (see campaign_state's ``memo``): each record
    summed up, its summary, and which are open and which are sites, in the state's order."""

    records: list[Any]
    summaries: list[JsonDict]
    active: list[bool]
    sites: list[bool]


def _sheets(
    state: Any,
    library: Any,
    with_cards: Any,
    memo: dict[str, Any] | None,
    tracks: list[JsonDict],
) -> list[Any]:
    # The library is loaded once for every sheet (each load checks the packs folder).
    if memo is None:
        return [with_cards(state.sheet(n), library) for n in state.characters]
    from ironsworn.campaign.character_state import copy_json

    # What a sheet reads besides its character: the open tracks (vows, journeys, fights,
    # connections), the command vehicle, the content's cards.
    kept: _Tracks = memo["tracks"]  # _track_summaries' of this state
    around = (
        list(compress(tracks, kept.active)),  # the open tracks' own
        copy_json(getattr(state, "vehicle", None)),
        id(library),
    )
    same_around = memo.get("around") == around
    known: dict[str, tuple[Any, JsonDict]] = memo.get("sheets") or {}
    sheets: dict[str, tuple[Any, JsonDict]] = {}
    out = []
    for name in state.characters:
        char = state.characters[name]
        found = known.get(name)
        if found is not None and found[0] == char:
            # Kept: a copy of the character as its sheet was made (the state's may change).
            seen = found[0]
            sheet = found[1] if same_around else with_cards(state.sheet(name), library)
        else:
            seen, sheet = char.copy(), with_cards(state.sheet(name), library)
        sheets[name] = (seen, sheet)
        out.append(sheet)
    memo["sheets"], memo["around"] = sheets, around
    return out


def _vehicles(state: Any) -> JsonDict:
    """Every vehicle and module of the party, as ``vehicle list`` prints them as JSON."""
    from ironsworn.moves.starforged.vehicles import listing

    return listing(state)


def _options(state: Any) -> JsonDict:
    """The rulebook's campaign options (chapter 7) with their values."""
    from ironsworn.campaign.options import OPTIONS

    option = getattr(state, "option", None)
    return {name: option(name) if option else o.default for name, o in OPTIONS.items()}


def _sites(state: Any, library: Any, memo: dict[str, Any] | None) -> dict[str, JsonDict]:
    """Each site track's theme and domain, features, dangers and denizens (none when the
    Delve pack is gone); ``memo``: campaign_state's, holding the tracks of this state."""
    if memo is None:
        sites = [t for t in state.tracks.values() if t.kind == "site"]
    else:
        kept: _Tracks = memo["tracks"]
        sites = list(compress(kept.records, kept.sites))
    if not sites:
        return {}
    from ironsworn.errors import IronswornError
    from ironsworn.moves.delve.sites import describe

    out: dict[str, JsonDict] = {}
    keys = ("theme_name", "domain_name", "features", "dangers", "denizens")
    for track in sites:
        try:
            told = describe(library, track)
        except IronswornError:
            continue  # the pack is gone: the track alone
        out[track.id] = {k: told[k] for k in keys}
    return out
