"""The campaign's ruleset described for a surface that draws it: what the table offers.

A front end that draws a sheet and its forms (the web page) holds no game facts of its own:
the stats, meters and momentum's range, the debilities (or Starforged's impacts) by kind, the
ranks, the odds, the track kinds with the fields a new one of each kind takes and the progress
move (or operation) that finishes it, the words of the initiative (Starforged: the position),
the asset cards a new character chooses, the vow ranks of setup, Swear an Iron Vow's move, the
marks a vehicle takes, the kinds of vehicle, how a crew card is told, come from here, read from
the rules' own modules, the content and the operations' declared inputs (their choices now). A
new ruleset or expansion then needs no change to the page.

:func:`describe` is the web's ``/api/c/NAME/ruleset`` (read once by the page).
"""

from __future__ import annotations

from typing import Any

from ironsworn.moves.tracks import progress_moves
from ironsworn.table.operation import JsonDict, Table

RULESET_NAMES = {"classic": "Ironsworn", "starforged": "Starforged"}
STARTING_ASSETS = 3  # "choose three assets" (classic); two paths and one more (Starforged)
# A scene challenge is resolved by an operation of its own (a progress roll the rulebook makes
# at the scene's end), not a move of the moves list.
RESOLVED_BY = {"scene": "scene_resolve"}
# A Delve site or threat is made by an operation of its own, which asks what it needs (a site's
# theme and domain, a threat's vow and category): a bare track of the kind has none of it, and
# Delve the Depths or Advance a Threat can then read nothing from it. The form's words go to
# the operation's ``text`` input.
MADE_BY: dict[str, JsonDict] = {
    "site": {"operation": "site", "text": "name"},
    "threat": {"operation": "threat", "text": "name"},
}
# The initiative's words by ruleset, as the sheet shows them and the initiative operation takes
# them (moves/condition.py): classic has or loses the initiative; Starforged's fighter is "in
# control" or "in a bad spot" (the sheet's ``position`` says which, in a fight only).
INITIATIVE: dict[str, JsonDict] = {
    "classic": {
        "name": "initiative",
        "have": {"value": "have", "label": "have it", "badge": "initiative"},
        "lose": {"value": "lose", "label": "lost", "badge": None},
    },
    "starforged": {
        "name": "position",
        "have": {"value": "in control", "label": "in control", "badge": "in control"},
        "lose": {"value": "bad spot", "label": "in a bad spot", "badge": "in a bad spot"},
    },
}
INITIATIVE_DURING = ("fight",)  # the kinds of track in which it means something


def describe(table: Table) -> JsonDict:
    """The campaign's ruleset as a surface draws it (see the module docstring)."""
    from ironsworn.campaign.character_state import CREATION_STATS
    from ironsworn.campaign.options import chosen_packs
    from ironsworn.meters import METER_MAX, METER_MIN
    from ironsworn.momentum import MOMENTUM_MIN
    from ironsworn.moves.setup import BACKGROUND_RANKS, FIRST_VOW_RANKS, MAX_BACKGROUND_BONDS
    from ironsworn.moves.sheet import RULESET_TRACKS
    from ironsworn.table import choices
    from ironsworn.table.registry import operation

    state = table.state()
    ruleset = str(state.ruleset)
    kinds = RULESET_TRACKS.get(ruleset, ())

    def offered(op: str, name: str) -> list[JsonDict]:
        """The choices a declared input offers now (no character: the ruleset's own)."""
        return [c.to_json() for c in operation(op).input(name).choices(table, {})]

    return {
        "ruleset": ruleset,
        "name": RULESET_NAMES.get(ruleset, ruleset),
        # A new character: classic's background bonds ("up to three"); a Starforged
        # character makes connections in play instead, and the party names its starship
        # (the command vehicle). Three asset cards in either.
        "creation": {
            "bonds": 0 if ruleset == "starforged" else MAX_BACKGROUND_BONDS,
            "assets": STARTING_ASSETS,
            "command_vehicle": ruleset == "starforged",
        },
        "stats": list(choices.STATS),
        "creation_stats": list(CREATION_STATS),  # given one each to the stats, in any order
        "meters": [
            {"name": m, "min": METER_MIN, "max": METER_MAX} for m in ("health", "spirit", "supply")
        ],
        "momentum_min": MOMENTUM_MIN,
        "marks": marks(ruleset),
        "ranks": offered("track", "rank"),
        "odds": offered("ask", "odds"),
        # The kinds a form offers: the track operation's, and Delve's site and threat, which
        # the form hands to their own operations (made_by), as the track operation does not
        # take them.
        "track_kinds": list(kinds),
        "track_fields": track_fields(list(kinds)),
        "resolved_by": {k: op for k, op in RESOLVED_BY.items() if k in kinds},
        "made_by": {k: made for k, made in MADE_BY.items() if k in kinds},
        "initiative": {**INITIATIVE[ruleset], "during": list(INITIATIVE_DURING)},
        "asset_steps": asset_steps(ruleset),
        "command_vehicle_deck": command_vehicle_deck(ruleset),
        "progress_moves": progress_moves(table.library(), ruleset),
        # The move that joins an ally's fight, journey or expedition (a page that does not
        # share one offers it).
        "joined_by": joined_by(table.library(), ruleset, list(kinds), chosen_packs(state)),
        "swear": swear_move(table.library(), ruleset),
        "background_ranks": list(BACKGROUND_RANKS),
        # "For an inciting incident, give your new vow a rank of troublesome, dangerous, or
        # formidable" (seed 000, Envision Your Inciting Incident).
        "inciting_ranks": list(FIRST_VOW_RANKS),
        "vehicle_marks": vehicle_marks(ruleset),
        "rulesets": rulesets(),
        "vehicle_troubles": vehicle_troubles(ruleset),
        "vehicle_kinds": vehicle_kinds(ruleset, table.library()),
        # The command vehicle's modules, as a sheet lists them, and the mark that breaks one.
        "modules": {"label": "modules", "mark": "broken"} if ruleset == "starforged" else None,
        "crew_card": crew_card(ruleset),
        # The campaign options a table of this ruleset may set (their values are the state's).
        "options": campaign_options(ruleset),
    }


def campaign_options(ruleset: str) -> list[JsonDict]:
    """The campaign options of ``ruleset``'s campaigns (Sundered Isles' for Starforged only,
    Delve's failure track for classic only), each with its default, accepted values, rulebook
    lines and words, as ``option`` lists them."""
    from ironsworn.campaign.options import OPTIONS, options_data

    return [o for o in options_data(None) if OPTIONS[o["name"]].ruleset in (None, ruleset)]


def marks(ruleset: str) -> list[JsonDict]:
    """What a character's sheet marks, by kind: classic debilities (conditions, banes,
    burdens), or Starforged's impacts (misfortunes, lasting effects, burdens...)."""
    groups: dict[str, list[str]] = {}
    if ruleset == "starforged":
        from ironsworn.impacts import IMPACTS

        for key, impact in IMPACTS.items():
            if not impact.on_vehicle:
                groups.setdefault(str(impact.kind.value), []).append(key)
    else:
        from ironsworn.debilities import DEBILITIES

        for name, debility in DEBILITIES.items():
            groups.setdefault(f"{debility.kind.value}s", []).append(name)
    return [{"kind": kind, "names": names} for kind, names in groups.items()]


def swear_move(library: Any, ruleset: str) -> str | None:
    """Swear an Iron Vow of the ruleset (offered on a vow just made)."""
    from ironsworn.errors import NotFound

    try:
        return str(library.find_in("moves", "swear an iron vow", ruleset).id)
    except NotFound:
        return None


def joined_by(
    library: Any, ruleset: str, kinds: list[str], chosen: tuple[str, ...] = ()
) -> dict[str, str]:
    """The move by which a character joins an ally's track of each kind, as its picker offers
    it (:data:`~ironsworn.table.choices.JOINED_BY`): ``{"fight": "move:classic/combat/
    enter_the_fray", ...}``; ``chosen``: the expansions the campaign plays (Sundered Isles'
    Enter the Fray in place of Starforged's)."""
    from ironsworn.moves.registry import short_name
    from ironsworn.table.choices import JOINED_BY

    found: dict[str, str] = {}
    for move in library.in_ruleset("moves", ruleset, chosen).values():
        kind = JOINED_BY.get(short_name(move.id))
        if kind in kinds:
            found.setdefault(kind, str(move.id))
    return found


def rulesets() -> list[JsonDict]:
    """The rulesets a new campaign may play (the campaign_new operation's choices), each with
    its name and the player's own file it needs (Starforged's content), if any."""
    from ironsworn.content.own_content import OWN_FILES
    from ironsworn.table.home import home_registry

    out: list[JsonDict] = []
    for key in home_registry()["campaign_new"].input("ruleset").fixed:
        own = OWN_FILES.get(key)
        out.append({"key": key, "name": RULESET_NAMES.get(key, key), "own_file": own and own.file})
    return out


def track_fields(kinds: list[str]) -> dict[str, list[str]]:
    """Per kind of track, the inputs of the ``track`` operation a new one takes, in their
    declared order (a fight's foe and pack, a connection's role, a vow's background; the
    kind itself left out): ``{"fight": ["text", "rank", "foe", "count", "characters"], ...}``."""
    from ironsworn.table.registry import operation

    inputs = [i for i in operation("track").inputs if i.name != "kind"]
    return {k: [i.name for i in inputs if not i.only_for or k in i.only_for] for k in kinds}


def asset_steps(ruleset: str) -> list[JsonDict]:
    """The asset cards a new character chooses, in order, each with the decks it is chosen
    from (None: any deck). Classic: three assets; Starforged: two paths ("Step 2: Choose Two
    Paths"), then a final asset from the decks beside them (the STARSHIP is given)."""
    if ruleset != "starforged":
        return [{"label": f"asset {n}", "decks": None} for n in range(1, STARTING_ASSETS + 1)]
    from ironsworn.moves.starforged.starting import FINAL_ASSET_TYPES, PATHS

    steps: list[JsonDict] = [{"label": f"path {n}", "decks": ["path"]} for n in range(1, PATHS + 1)]
    return [*steps, {"label": "final asset", "decks": list(FINAL_ASSET_TYPES)}]


def command_vehicle_deck(ruleset: str) -> str | None:
    """The deck of the party's command vehicle (Starforged's STARSHIP, named once at
    creation), or None."""
    if ruleset != "starforged":
        return None
    from ironsworn.moves.starforged.crew import COMMAND_VEHICLE

    return COMMAND_VEHICLE


def vehicle_marks(ruleset: str) -> list[str]:
    """What Withstand Damage's table leaves on a vehicle until it is dealt with."""
    if ruleset != "starforged":
        return []
    from ironsworn.moves.starforged.vehicles import MARKS

    return list(MARKS)


def vehicle_troubles(ruleset: str) -> dict[str, list[str]]:
    """The troubles each kind of vehicle may be marked with (a support vehicle: battered)."""
    if ruleset != "starforged":
        return {}
    from ironsworn.moves.starforged.vehicles import TROUBLES

    return {kind: list(names) for kind, names in TROUBLES.items()}


def vehicle_kinds(ruleset: str, library: Any) -> list[JsonDict]:
    """The kinds of vehicle a sheet lists (``vehicle list``'s ``kind``), each with its words,
    its meter, whether it is the party's command vehicle (``card``: the name of its deck's
    card, the STARSHIP, once imported), and whether the players name one and leave it behind
    by hand (an incidental vehicle)."""
    if ruleset != "starforged":
        return []
    from ironsworn.moves.starforged import vehicles
    from ironsworn.moves.starforged.crew import COMMAND_VEHICLE, category

    card = next(
        (a.name for i, a in library.in_ruleset("assets", ruleset).items()
         if category(i) == COMMAND_VEHICLE),
        None,
    )  # fmt: skip
    return [
        {
            "key": kind,
            "label": label,
            "meter": vehicles.INTEGRITY,
            "command": kind == vehicles.COMMAND,
            "card": card.lower() if card and kind == vehicles.COMMAND else None,
            "by_hand": kind == vehicles.INCIDENTAL,
        }
        for kind, label in vehicles.KIND_WORDS.items()
    ]


def crew_card(ruleset: str) -> JsonDict | None:
    """How a sheet tells a crew card (a record marked ``crew``: the STARSHIP, a module, a
    support vehicle) and who earned it (its ``owner``; ``{owner}`` is replaced)."""
    if ruleset != "starforged":
        return None
    return {
        "label": "crew",
        "owner": "{owner}'s",
        "title": "the crew's card: one for the whole crew, used by anyone aboard",
    }


__all__ = [
    "asset_steps",
    "campaign_options",
    "crew_card",
    "describe",
    "joined_by",
    "marks",
    "progress_moves",
    "rulesets",
    "swear_move",
    "track_fields",
    "vehicle_kinds",
    "vehicle_marks",
]
