"""Ironsworn: Delve at the table: sites made, rarities bought and listed (the rules are
:mod:`ironsworn.moves.delve`).

- ``site``: a new perilous site from a theme and a domain (the pack's, or ``roll``), a rank
  and an objective, or one of the pack's sample sites by name (as ``site new``);
  ``denizen``: a roll on a site's denizen matrix (as ``site denizen``).
- ``feature``: a roll on a site's features (as ``site feature``); ``denizen_fill``: a slot of
  its denizen table filled with a foe or the player's words (as ``site fill``).
- ``failure``: a character's failure track set by hand, in ticks (as ``failure``).
- ``threat``: a threat to a vow of a category (the pack's, or ``roll``), with its menace
  track (as ``threat new``).

- ``rarity_buy``: a character takes a rarity for one of their assets, paying its experience;
  the ``rarity`` input's choices are the rarities of the assets on the character's sheet that
  hold none yet, each with its cost.
- ``rarities``: the character's rarities, those they could buy, and what the engine does of
  Wield a Rarity (counted), as ``rarity list`` prints them as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ironsworn.errors import IronswornError
from ironsworn.table import choices
from ironsworn.table.choices import _character
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.moves import DICE, committed
from ironsworn.table.operation import JsonDict, Operation, Table, Verify
from ironsworn.table.questions import Question
from ironsworn.table.sheet import character_input


def themes(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The Delve pack's site themes (and ``roll``)."""
    found = table.library().site_themes.values()
    return [Choice(t.name, t.name) for t in found] + ([Choice("roll", "roll")] if found else [])


def domains(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The Delve pack's site domains (and ``roll``)."""
    found = table.library().site_domains.values()
    return [Choice(d.name, d.name) for d in found] + ([Choice("roll", "roll")] if found else [])


def samples(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The Delve pack's sample sites, with their rank."""
    return [
        Choice(s.name, s.name, s.rank)
        for s in sorted(table.library().sites.values(), key=lambda s: s.name)
    ]


def threat_categories(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The Delve pack's threat categories (and ``roll``)."""
    from ironsworn.moves.delve.threats import CATEGORY_PREFIX

    found = sorted(
        oracle.name
        for key, oracle in table.library().oracles.items()
        if key.startswith(CATEGORY_PREFIX) and key != CATEGORY_PREFIX + "category"
    )
    return [Choice(n, n) for n in found] + ([Choice("roll", "roll")] if found else [])


def new_site(table: Table, args: JsonDict) -> JsonDict:
    """A new site (as ``site new``)."""
    from ironsworn.moves.delve.sites import new_site as make

    who = table.acting_for(args.get("character"))
    sharing = [who] if who else []
    for name in args.get("characters") or ():
        table.acting_for(name)  # (a character's seat makes sites of its own only)
        sharing.append(name)
    return committed(
        table,
        lambda e: make(
            e,
            args.get("name", ""),
            theme=args.get("theme"),
            domain=args.get("domain"),
            rank=args.get("rank"),
            objective=args.get("objective"),
            sample=args.get("sample"),
            characters=sharing,
        ),
        args,
    )


def threat_given_first(table: Table, args: JsonDict) -> Question | None:
    """A new threat checks what it was given before it asks what it left out: a vow or a
    category mistyped is refused at once (as a new site's theme is), not after the player has
    answered the other's question (a vow 'nope' asked the category, then refused the vow)."""
    from ironsworn.moves.delve.threats import CATEGORY_PREFIX, find_category

    if args.get("vow") is None and args.get("category") is None:
        return None  # (nothing given: each is asked)
    known = {
        key: oracle.name
        for key, oracle in table.library().oracles.items()
        if key.startswith(CATEGORY_PREFIX) and key != CATEGORY_PREFIX + "category"
    }
    if not known or table.state().ruleset != "classic":
        return None  # (no Delve here: the rules say so)
    if args.get("vow") is not None and args.get("category") is None:
        table.state().track(str(args["vow"]), ("vow",))
    category = args.get("category")
    if category is not None and args.get("vow") is None and str(category).strip() != "roll":
        find_category(known, str(category))
    return None


def new_threat(table: Table, args: JsonDict) -> JsonDict:
    """A threat to a vow, with its menace track (as ``threat new``)."""
    from ironsworn.moves.delve.threats import new_threat as make

    def body(engine: Any) -> Any:
        return make(engine, args.get("name", ""), args["vow"], args["category"], args.get("rank"))

    return committed(table, body, args)


def denizen(table: Table, args: JsonDict) -> JsonDict:
    """A roll on a site's denizen matrix (as ``site denizen``)."""
    from ironsworn.moves.delve.sites import roll_denizen

    return committed(table, lambda e: roll_denizen(e, args.get("site")), args)


def feature(table: Table, args: JsonDict) -> JsonDict:
    """A roll on a site's features (as ``site feature``)."""
    from ironsworn.moves.delve.sites import roll_feature

    return committed(table, lambda e: roll_feature(e, args.get("site")), args)


def denizen_fill(table: Table, args: JsonDict) -> JsonDict:
    """A slot of a site's denizen table filled (as ``site fill``)."""
    from ironsworn.moves.delve.sites import fill_denizen

    def body(engine: Any) -> Any:
        return fill_denizen(engine, args.get("site"), args["slot"], args["denizen"])

    return committed(table, body)


def failure(table: Table, args: JsonDict) -> JsonDict:
    """A character's failure track set by hand (as ``failure``)."""
    from ironsworn.moves.delve.failure import set_failure_track

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: set_failure_track(e, who, args["ticks"]))


def sites(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The active sites, by name."""
    found = table.state().tracks.values()
    return [Choice(t.name, t.name) for t in found if t.kind == "site" and t.status == "active"]


def site_asked(name: str) -> Verify:
    """The check of operation ``name``: a site left out while several are under way is asked
    (its features, dangers and denizens are each site's own)."""

    def verify(table: Table, args: JsonDict) -> Question | None:
        if args.get("site") or len(sites(table, args)) < 2:
            return None  # named, the only one, or none (said by the rules)
        made = next(o for o in OPERATIONS if o.name == name)
        return made.question(table, made.input("site"), args, "Which site?")

    return verify


def denizen_slots(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The slots of the site's denizen table (the only active site's, or the one named),
    numbered, with their frequency and what each holds now."""
    from ironsworn.moves.delve.sites import denizen_words, site_denizens

    state = table.state()
    query = args.get("site")
    try:
        if query:
            site = state.track(str(query), ("site",))
        else:
            (site,) = [
                t for t in state.tracks.values() if t.kind == "site" and t.status == "active"
            ]
    except (IronswornError, ValueError):
        return []
    library = table.library()
    return [
        Choice(str(n), str(row["frequency"]).replace("_", " "), denizen_words(library, row))
        for n, row in enumerate(site_denizens(library, site), 1)
    ]


def buyable_rarities(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The rarities of the character's assets that hold none yet, with their cost."""
    from ironsworn.moves.delve.rarities import buyable

    char = _character(table, args)
    if char is None:
        return []
    return [
        Choice(r.name, r.name, f"augments {record['name']}", r.xp_cost)
        for r, record in buyable(table.library(), char)
    ]


def rarity_buy(table: Table, args: JsonDict) -> JsonDict:
    """Buy a rarity for an asset on the sheet (as ``rarity buy``)."""
    from ironsworn.moves.delve.rarities import buy_rarity

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: buy_rarity(e, who, args["rarity"]))


def rarities(table: Table, args: JsonDict) -> JsonDict:
    """The character's rarities and those they could buy (as the JSON of ``rarity list``)."""
    return rarity_lists(table.library(), table.state(), args.get("character") or table.seat)


def rarity_lists(library: Any, state: Any, character: str | None) -> JsonDict:
    """``held`` and ``buyable`` for the character (empty when there is none to name), and
    the engine's ``coverage`` of Wield a Rarity."""
    from ironsworn.moves.delve.rarities import buyable, coverage, owned, view

    try:
        char = state.character(character)
    except IronswornError:
        if character:
            raise
        char = None
    return {
        "character": char.name if char else None,
        "held": owned(library, char) if char else [],
        "buyable": [view(library, r) for r, _ in buyable(library, char)] if char else [],
        "coverage": coverage(library),
    }


# The site a denizen, a feature or a filled slot is of: asked by name when several are under
# way (site_asked).
SITE = Input("site", "text", "the site (default: the one being delved)", source=sites)

OPERATIONS = (
    Operation(
        "site",
        "discover a perilous site (Delve): a theme, a domain, a rank, an objective",
        new_site,
        (
            Input("name", "text", "the site's name (a sample site's own by default)"),
            Input("theme", "text", "a theme of the Delve pack, or roll", source=themes),
            Input("domain", "text", "a domain of the Delve pack, or roll", source=domains),
            Input("rank", "text", "the site's rank", source=choices.ranks),
            Input("objective", "text", "what you seek there"),
            Input("sample", "text", "one of the pack's sample sites, by name", source=samples),
            character_input(),
            Input("characters", "texts", "others who share the site", source=choices.characters),
            *DICE,
        ),
    ),
    Operation(
        "threat",
        "a threat to a vow (Delve), with its menace track",
        new_threat,
        (
            Input("vow", "text", "the vow it threatens: its id or name", True, source=choices.vows),
            Input(
                "category",
                "text",
                "a threat category of the Delve pack, or roll",
                True,
                source=threat_categories,
            ),
            Input("name", "text", "the threat's name"),
            Input(
                "rank", "text", "the menace track's rank (default: the vow's)", source=choices.ranks
            ),
            *DICE,
        ),
        verify_first=threat_given_first,
    ),
    Operation(
        "denizen",
        "roll on a site's denizen matrix (Delve): the denizen met",
        denizen,
        (SITE, *DICE),
        verify_first=site_asked("denizen"),
    ),
    Operation(
        "feature",
        "roll a feature of a site (Delve): the theme's rows 1-20, the domain's 21-100",
        feature,
        (SITE, *DICE),
        verify_first=site_asked("feature"),
    ),
    Operation(
        "denizen_fill",
        "fill a slot of a site's denizen table (Delve): a foe, or your own words",
        denizen_fill,
        (
            Input(
                "slot",
                "int",
                "the slot, 1 (very common) to 12 (unforeseen)",
                True,
                low=1,
                high=12,
                source=denizen_slots,
                asks="Which slot of the site's denizen table do you fill?",
            ),
            Input(
                "denizen",
                "text",
                "a foe by its name, your own words, or blank to empty the slot",
                True,
                asks="Who or what dwells there? (a foe by its name, your own words, or blank)",
            ),
            SITE,
        ),
        verify_first=site_asked("denizen_fill"),
    ),
    Operation(
        "failure",
        "set a character's failure track (Delve) by hand, in ticks",
        failure,
        (
            Input("ticks", "int", "the failure track's ticks, 0 to 40", True, low=0, high=40),
            character_input(),
        ),
    ),
    Operation(
        "rarity_buy",
        "take a rarity (Delve) for an asset on the sheet, paying its experience",
        rarity_buy,
        (
            Input(
                "rarity",
                "text",
                "the rarity: its name (one of an asset on the sheet)",
                True,
                source=buyable_rarities,
            ),
            character_input(),
        ),
    ),
    Operation(
        "rarities",
        "a character's rarities (Delve), and those they could buy",
        rarities,
        (character_input(),),
        writes="never",
    ),
)
