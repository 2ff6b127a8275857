"""What the table shows, read from the campaign's state: the whole table at once.

:func:`campaign_state` is the ``state`` operation's answer and the web's
``/api/c/NAME/state``: sheets, tracks, the pending decision and the world.
"""

from __future__ import annotations

from typing import Any

JsonDict = dict[str, Any]


def campaign_state(state: Any, name: str) -> JsonDict:
    """Everything the table shows: sheets, tracks, the pending decision and the world."""
    from ironsworn.content import load_library
    from ironsworn.moves.assets.cards import sheet_with_cards
    from ironsworn.moves.engine import public_pending
    from ironsworn.moves.sheet import RULESET_TRACKS

    ruleset = getattr(state, "ruleset", "classic")
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
    return {
        "campaign": name,
        "ruleset": ruleset,
        "impacts": marks,
        "vehicle_impacts": troubles,
        "vehicle": getattr(state, "vehicle", None),
        "vehicles": _vehicles(state) if ruleset == "starforged" else None,
        "track_kinds": list(RULESET_TRACKS.get(ruleset, RULESET_TRACKS["classic"])),
        # The library once for every sheet (each load checks the packs folder for changes).
        "characters": [sheet_with_cards(state.sheet(n), library) for n in state.characters],
        "tracks": [t.summary() for t in state.tracks.values()],
        "pending": public_pending(state.pending) if state.pending else None,
        # Every decision owed: the one waiting now, then those set aside while others act.
        "decisions": [
            public_pending(p)
            for p in ([state.pending] if state.pending else [])
            + [e["pending"] for e in getattr(state, "parked", {}).values()]
        ],
        "shared_supply": state.shared_supply,
        # Delve: each site by its track's id, with its cards' features and dangers and its
        # denizens, as 'site show' tells them.
        "sites": _sites(state),
        "options": _options(state),
        # Starforged's oracles, truths and assets come from the player's own file: what to
        # import when it is not there yet (None when nothing is missing).
        "content_needed": content_needed(ruleset),
        "world": {
            "people": [state.person_sheet(n) for n in state.people],
            "places": list(state.places.values()),
            "notes": list(state.notes),
            "truths": [{"truth": k, **v} for k, v in state.truths.items()],
        },
    }


def content_needed(ruleset: str) -> JsonDict | None:
    """The Datasworn file a campaign of ``ruleset`` still needs (``OwnFile.to_json``, with
    how to import it), or None."""
    from ironsworn.content import load_library
    from ironsworn.content.own_content import content_needed as needed

    own = needed(load_library(), ruleset)
    if own is None:
        return None
    return {**own.to_json(), "how": f"ironsworn content import {own.file}"}


def _vehicles(state: Any) -> JsonDict:
    """Every vehicle and module of the party, as ``vehicle list --json`` prints them."""
    from ironsworn.moves.starforged.vehicles import listing

    return listing(state)


def _options(state: Any) -> JsonDict:
    """The rulebook's campaign options (chapter 7) with their values."""
    from ironsworn.campaign.options import OPTIONS

    option = getattr(state, "option", None)
    return {name: option(name) if option else o.default for name, o in OPTIONS.items()}


def _sites(state: Any) -> dict[str, JsonDict]:
    """Each site track's theme and domain, features, dangers and denizens (none when the
    Delve pack is gone)."""
    sites = [t for t in state.tracks.values() if t.kind == "site"]
    if not sites:
        return {}
    from ironsworn.content import load_library
    from ironsworn.errors import IronswornError
    from ironsworn.moves.delve.sites import describe

    out: dict[str, JsonDict] = {}
    keys = ("theme_name", "domain_name", "features", "dangers", "denizens")
    for track in sites:
        try:
            told = describe(load_library(), track)
        except IronswornError:
            continue  # the pack is gone: the track alone
        out[track.id] = {k: told[k] for k in keys}
    return out
