"""The character sheet and its tracks: create a character, adjust meters, mark debilities,
the initiative, progress and new tracks, equipment, assets marked or used by hand, lasting
effects, campaign options, the party's supply, scene challenges resolved; and the reads
``state`` and ``sheet``.

Each is an :class:`~ironsworn.table.operation.Operation` whose result is what the command
line prints as JSON for the same command.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ironsworn.errors import InvalidValue, IronswornError
from ironsworn.table import choices
from ironsworn.table.describe import MADE_BY, STARTING_ASSETS
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.moves import DICE, commit_at, committed
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.questions import Question

MARK = Input("mark", "bool", "true to mark (default), false to clear")


def character_input(help_text: str = "whose (default: the seat's character)") -> Input:
    return Input("character", "text", help_text, source=choices.characters)


def sheet_ops(engine: Any) -> Any:
    from ironsworn.moves.sheet import SheetOperations

    return SheetOperations(engine)


def new_character(table: Table, args: JsonDict) -> JsonDict:
    # Any seat may create a character: a new player's seat creates the one it will play.
    committed(
        table,
        lambda e: sheet_ops(e).new_character(
            args["name"],
            args["stats"],
            args.get("bonds", []),
            args.get("assets", []),
            args.get("reserve_bonds", 0),
            starship=args.get("starship"),
            starting=True,
        ),
    )
    from ironsworn.moves.assets.cards import sheet_with_cards

    # The same shape as the JSON of 'character new': each asset with its abilities' words.
    state = table.state()
    sheet: JsonDict = sheet_with_cards(state.sheet(args["name"].strip()))
    note = starting_cards_note(state, sheet)
    if note:
        sheet["notes"] = [note]
    return sheet


def starting_cards_note(state: Any, sheet: JsonDict) -> str:
    """What a new sheet with fewer cards than a character starts with says ("" when it has
    them, or the campaign plays without cards, or no pack of cards is imported): the cards
    are picked as the character is made, and nothing adds one later but Advance, so whoever
    left them out learns it now, with the way to take them."""
    if state.option("assets") != "cards":
        return ""
    name = sheet["name"]
    # (the crew's cards are the character's own pick only where they earned them: a module
    # or support vehicle taken as the third asset; the STARSHIP is everyone's)
    own = [a for a in sheet.get("assets") or () if not a.get("crew") or a.get("owner") == name]
    if len(own) >= STARTING_ASSETS:
        return ""
    from ironsworn.content.loader import load_library

    cards = load_library().in_ruleset("assets", state.ruleset)
    if not any("/command_vehicle/" not in card_id for card_id in cards):
        return ""
    picks = "two paths and one more asset" if state.ruleset == "starforged" else "three assets"
    has = f"{len(own)} of them" if own else "none yet"
    return (
        f"{name} starts with {picks} and has {has}: nothing adds a starting card later (only "
        f"Advance buys one); to take them, undo, then make {name} again, giving the assets"
    )


def adjust(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    delta = args["delta"]
    return committed(
        table, lambda e: sheet_ops(e).adjust(who, args["meter"], delta, args.get("vehicle"))
    )


def debility(table: Table, args: JsonDict) -> JsonDict:
    who = table.acting_for(args.get("character"))
    mark = args.get("mark", True)
    return committed(table, lambda e: sheet_ops(e).debility(who, args["name"], mark))


def progress(table: Table, args: JsonDict) -> JsonDict:
    ticks, times = args.get("ticks"), args.get("times")
    if ticks is not None and times is not None:
        raise InvalidValue(
            f"progress: ticks {ticks} and times {times} cannot be combined (accepted: exact "
            "ticks, or a number of marks by the track's rank)",
            input="times",
            value=times,
            accepted=("ticks or times, not both",),
        )
    mark = args.get("mark", True)
    who = _marker(table, args)
    if table.seat is not None:
        _check_shared(table, str(args["track"]), who)
    return committed(
        table,
        lambda e: sheet_ops(e).progress(
            args["track"], mark, ticks, 1 if times is None else times, character=who
        ),
    )


def _check_shared(table: Table, name: str, who: str | None) -> None:
    """Refuse a character's seat marking progress by hand on a track it does not share (an
    ally's own vow). The rulebook's allies mark progress together on a track they share ("If
    you share this quest with your allies, each of you write the vow and any progress is
    marked by all players"); an ally's own vow moves on by the milestones of its own holder,
    and Aid Your Ally gives them an advantage, never progress. The guide seat marks any."""
    from ironsworn.errors import Forbidden

    try:
        track = table.state().track(name)
    except IronswornError:
        return  # (the operation refuses the track, naming it)
    holders = [str(c) for c in track.characters]
    if not holders or (who or "").lower() in (h.lower() for h in holders):
        return
    whose = " and ".join([", ".join(holders[:-1]), holders[-1]] if len(holders) > 1 else holders)
    raise Forbidden(
        f"{track.name!r} is {whose}'s {track.kind}, not {who}'s: progress on it is marked by "
        f"those who share it (accepted: a track {who} shares, or the guide seat)"
    )


def _marker(table: Table, args: JsonDict) -> str | None:
    """Whose mark of progress by hand: the character named or the seat's, else the track's one
    holder (the guide's mark on Asha's vow is Asha's), else no one's. A player's page undoes
    its own character's operations only: a mark that was no one's it could not undo."""
    from ironsworn.campaign.journal import resolve_character

    state = table.state()
    who = table.acting_for(args.get("character"))
    if who is not None:
        return resolve_character(state, who)
    try:
        holders = list(state.track(str(args["track"])).characters)
    except IronswornError:
        return None  # (the operation refuses the track, naming it)
    return str(holders[0]) if len(holders) == 1 else None


def track_kinds(table: Table, args: Any) -> list[Choice]:
    """The kinds this operation begins: a Delve site or threat is begun by its own operation
    (which asks its theme and domain, or its vow and category), so it is not offered here."""
    return [Choice(k, k) for k in _kinds(table) if k not in MADE_BY]


def new_track(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.sheet import RULESET_TRACKS

    kind = args["kind"]
    ruleset = table.state().ruleset
    kinds = RULESET_TRACKS[ruleset]
    if kind not in kinds:
        raise InvalidValue(
            f"track: {kind!r} is not a track of a {ruleset} campaign (accepted: "
            f"{', '.join(kinds)})",
            input="kind",
            value=kind,
            accepted=kinds,
        )
    rank = args.get("rank")
    if rank not in (None, ""):
        from ironsworn.ranks import Rank

        # A bad rank is refused before anything is asked: with several characters, "which
        # ones?" came first and the rank was refused only once it was answered.
        Rank.parse(rank)
    characters = args.get("characters") or ([table.seat] if table.seat else [])
    for name in characters:
        table.acting_for(name)
    text = args.get("text", "")
    if kind == "fight":
        if not args.get("foe") and not text:
            raise InvalidValue(
                "track: a fight is against a foe (an id or name, or your own text)",
                input="foe",
                accepted=("a foe's id or name",),
            )
        count = args.get("count", 1)
        result = commit_at(
            table,
            lambda e: sheet_ops(e).new_track(
                "fight",
                text,
                args.get("rank") or "",
                characters,
                foe=args.get("foe") or text,
                count=count,
            ),
        )
    else:
        if not text.strip():
            raise InvalidValue(
                f"track: a {kind} is for something: give its text",
                input="text",
                accepted=("what it is for",),
            )
        result = commit_at(
            table,
            lambda e: sheet_ops(e).new_track(
                kind,
                text,
                args.get("rank") or "",
                characters,
                role=args.get("role"),
                background=bool(args.get("background")),
                unsworn=bool(args.get("unsworn")),
            ),
        )
    created = next(e for e in result.events if e["type"] == "track_created")
    track: JsonDict = dict(created["track"])
    track["score"] = 0
    return track


# What a new track is asked when its words are left out, in the game's words (a kind not
# named here: "What is the scene challenge about?").
TRACK_WORDS = {
    "vow": "What do you vow?",
    "journey": "Where does the journey lead?",
    "expedition": "Where does the expedition lead?",
    "connection": "Who is the connection?",
    "site": "What is the site called?",
    "threat": "What is the threat?",
}


def _kinds(table: Table) -> tuple[str, ...]:
    """The kinds of track of the campaign's ruleset."""
    from ironsworn.moves.sheet import RULESET_TRACKS

    return tuple(RULESET_TRACKS[table.state().ruleset])


def verify_track(table: Table, args: JsonDict) -> Question | None:
    """A new track with nothing said of it is asked, not refused: a fight its foe (one of the
    book's, or the player's own words), any other track what it is for."""
    kind = args.get("kind")
    made = MADE_BY.get(str(kind))
    if made is not None:
        # A bare site or threat has no theme and domain (no vow and category): Delve the
        # Depths and Advance a Threat read nothing from it, and an Iron Vault round trip keeps
        # it as a vow. Its own operation asks what it needs, as the web's form goes to it.
        needs = (
            "its theme and domain" if kind == "site" else "the vow it threatens and its category"
        )
        raise InvalidValue(
            f"track: a {kind} is begun by the {made['operation']} operation, which takes {needs} "
            f"(accepted here: {', '.join(k for k in _kinds(table) if k not in MADE_BY)})",
            input="kind",
            value=kind,
            accepted=tuple(k for k in _kinds(table) if k not in MADE_BY),
        )
    if kind == "fight":
        if args.get("foe") or str(args.get("text", "")).strip():
            return None
        track = next(o for o in OPERATIONS if o.name == "track")
        asked = track.question(
            table, track.input("foe"), args, "Which foe do you fight? (the book's, or your own)"
        )
        return replace(asked, open=True)
    if kind and not str(args.get("text", "")).strip():
        track = next(o for o in OPERATIONS if o.name == "track")
        words = TRACK_WORDS.get(str(kind), f"What is the {str(kind).replace('_', ' ')} about?")
        return track.question(table, track.input("text"), args, words)
    return None


def initiative(table: Table, args: JsonDict) -> JsonDict:
    """Have or lose the initiative by hand; Starforged: in control or in a bad spot."""
    from ironsworn.moves.sheet import parse_initiative

    who = table.acting_for(args.get("character"))
    value = parse_initiative(args["value"])
    return committed(table, lambda e: sheet_ops(e).initiative(who, value))


def resolve_scene(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.scene import resolve_scene as resolve

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: resolve(e, args["track"], who), args)


def equipment(table: Table, args: JsonDict) -> list[str]:
    who = table.acting_for(args.get("character"))
    add = args.get("add", True)
    committed(table, lambda e: sheet_ops(e).equipment(who, args["item"], add))
    items: list[str] = table.state().sheet(who)["equipment"]
    return items


def asset_mark(table: Table, args: JsonDict) -> JsonDict:
    """Mark or clear an asset's ability by hand (as ``asset mark|clear``)."""
    who = table.acting_for(args.get("character"))
    mark = args.get("mark", True)
    return committed(
        table, lambda e: sheet_ops(e).asset_mark(who, args["asset"], args["ability"], mark)
    )


def asset_use(table: Table, args: JsonDict) -> JsonDict:
    """Use an asset's ability outside a move (as ``asset use``)."""
    from ironsworn.moves.assets.uses import use_ability

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: use_ability(e, who, args["asset"], args["ability"]))


def asset_track(table: Table, args: JsonDict) -> JsonDict:
    """Set an asset's track (a companion's health) by hand (as ``asset track``)."""
    who = table.acting_for(args.get("character"))
    return committed(
        table,
        lambda e: sheet_ops(e).asset_track(who, args["asset"], args.get("track"), args["value"]),
    )


def lasting_end(table: Table, args: JsonDict) -> JsonDict:
    """End a lasting effect of an asset ability by hand (as ``lasting end``)."""
    from ironsworn.moves.assets.lasting import LastingOperations

    who = table.acting_for(args.get("character"))
    return committed(table, lambda e: LastingOperations(e).end(who, str(args["name"])))


def campaign_option(table: Table, args: JsonDict) -> JsonDict:
    """Set one of the rulebook's campaign options (as ``ironsworn option NAME VALUE``)."""
    from ironsworn.moves.setup import SetupOperations

    result = commit_at(table, lambda e: SetupOperations(e).set_option(args["name"], args["value"]))
    event = result.events[0]
    return {"name": event["setting"], "value": event["to"]}


def party(table: Table, args: JsonDict) -> JsonDict:
    together = args["together"]
    committed(table, lambda e: sheet_ops(e).share_supply(together))
    return {"shared_supply": together}


def read_state(table: Table, args: JsonDict) -> JsonDict:
    """The whole table as the web's ``/api/c/NAME/state`` shows it."""
    from ironsworn.table.reads import campaign_state

    data: JsonDict = campaign_state(table.state(), table.campaign)
    return data


def read_sheet(table: Table, args: JsonDict) -> JsonDict:
    """One character's sheet, as ``sheet`` prints it as JSON."""
    from ironsworn.moves.assets.cards import sheet_with_cards

    state = table.state()
    name = state.character(args.get("character") or table.seat).name
    data: JsonDict = sheet_with_cards(state.sheet(name))
    return data


ASSET = Input("asset", "text", "the asset's id or name", True, source=choices.assets)
ABILITY = Input(
    "ability", "int", "the ability, 1-3", True, low=1, high=3, source=choices.abilities_to_mark
)
USED_ABILITY = Input(
    "ability", "int", "the ability, 1-3", True, low=1, high=3, source=choices.abilities_marked
)

OPERATIONS = (
    Operation(
        "character",
        "create a character",
        new_character,
        (
            Input("name", "text", "the character's name", True),
            Input(
                "stats",
                "text",
                "the five stats, 3, 2, 2, 1 and 1 in any order: "
                "edge=3,heart=2,iron=2,shadow=1,wits=1",
                True,
            ),
            Input("bonds", "texts", "up to 3 bonds"),
            # (the ability and the words a card asks for: a companion starts with no ability
            # marked and is refused without both, and a model reads only this to know it)
            Input(
                "assets",
                "texts",
                "the starting cards, taken now (nothing adds one later but Advance): three "
                "assets (Starforged: two paths and one more; the STARSHIP comes with the "
                "party); asset ids or names; NAME:N picks the ability, NAME=WORDS fills the "
                "card's field (a companion: its ability and name, hawk:1=Kestrel)",
            ),
            Input("starship", "text", "Starforged: the name of the party's new starship"),
            Input(
                "reserve_bonds",
                "int",
                "background bonds held in reserve, marked later (0-3)",
                low=0,
                high=3,
            ),
        ),
    ),
    Operation(
        "adjust",
        "change a meter or a stat by hand (health, spirit, supply, momentum, experience, "
        "edge, heart, iron, shadow, wits; Starforged: the vehicle's integrity)",
        adjust,
        (
            Input(
                "meter",
                "text",
                "health, spirit, supply, momentum, experience, or a stat (Starforged: "
                "integrity too)",
                True,
                source=choices.meters_by_hand,
            ),
            Input("delta", "int", "-50 to +50", True, low=-50, high=50),
            character_input(),
            Input("vehicle", "text", "integrity: a support or incidental vehicle's name"),
        ),
    ),
    Operation(
        "debility",
        "mark or clear a debility (Starforged: an impact; a vehicle trouble goes on the "
        "command vehicle)",
        debility,
        (
            Input("name", "text", "the debility", True, source=choices.debilities),
            MARK,
            character_input(),
        ),
    ),
    Operation(
        "initiative",
        "have or lose the initiative by hand (Starforged: in control or in a bad spot)",
        initiative,
        (
            Input(
                "value",
                "text",
                "have or lose; Starforged: in control or bad spot",
                True,
                source=choices.initiative_values,
            ),
            character_input(),
        ),
    ),
    Operation(
        "progress",
        "mark or clear progress on a track",
        progress,
        (
            Input("track", "text", "the track's id or name", True, source=choices.tracks),
            MARK,
            Input("ticks", "int", "exact ticks, 0-40", low=0, high=40),
            Input("times", "int", "how many marks by rank, 1-10", low=1, high=10),
            character_input("whose mark (default: the seat's character, else the track's)"),
        ),
    ),
    Operation(
        "track",
        "start a vow, journey, fight or scene challenge (Starforged: a vow, expedition, "
        "fight, connection or scene challenge)",
        new_track,
        (
            Input(
                "kind",
                "text",
                "vow, journey, fight or scene; Starforged: vow, expedition, "
                "fight, connection or scene (a Delve site or threat: the site and threat "
                "operations)",
                True,
                source=track_kinds,
            ),
            Input("text", "text", "what the track is for"),
            Input(
                "rank",
                "text",
                "troublesome, dangerous, formidable, extreme or epic",
                source=choices.ranks,
            ),
            Input(
                "foe",
                "text",
                "fight: a foe's id or name",
                source=choices.foes,
                only_for=("fight",),
            ),
            Input(
                "count",
                "int",
                "fight: foes in the pack, 1-10",
                low=1,
                high=10,
                only_for=("fight",),
            ),
            Input("characters", "texts", "who shares the track", source=choices.characters),
            Input(
                "role",
                "text",
                "connection: their role (a pilot, an engineer...)",
                only_for=("connection",),
            ),
            Input(
                "background",
                "bool",
                "vow: the background vow (extreme or epic, no roll)",
                only_for=("vow",),
            ),
            Input(
                "unsworn",
                "bool",
                "vow: still to swear with Swear an Iron Vow (the inciting incident)",
                only_for=("vow",),
            ),
        ),
        extra_verify=verify_track,
    ),
    Operation(
        "scene_resolve",
        "resolve a scene challenge (progress roll)",
        resolve_scene,
        (
            Input("track", "text", "the scene's id or name", True, source=choices.scenes),
            character_input("who makes the progress roll"),
            *DICE,
        ),
    ),
    Operation(
        "equipment",
        "note or strike out equipment",
        equipment,
        (
            Input("item", "text", "the item", True),
            Input("add", "bool", "true to add (default), false to strike out"),
            character_input(),
        ),
    ),
    Operation(
        "asset_mark",
        "mark or clear an asset's ability by hand",
        asset_mark,
        (ASSET, ABILITY, MARK, character_input()),
    ),
    Operation(
        "asset_use",
        "use an asset's ability outside a move (Fortune Hunter 2, Commander 1...)",
        asset_use,
        (ASSET, USED_ABILITY, character_input()),
    ),
    Operation(
        "asset_track",
        "set an asset's track (a companion's health) by hand",
        asset_track,
        (
            ASSET,
            Input("value", "int", "the new value", True, low=0, high=10),
            Input("track", "text", "which track, when the asset has several"),
            character_input(),
        ),
    ),
    Operation(
        "lasting_end",
        "end a lasting effect of an asset ability by hand",
        lasting_end,
        (
            Input(
                "name", "text", "the effect's id (or name)", True, source=choices.lasting_effects
            ),
            character_input(),
        ),
    ),
    Operation(
        "option",
        "set one of the rulebook's campaign options (chapter 7)",
        campaign_option,
        (
            Input(
                "name",
                "text",
                "even_matches, setup_rules, one_shot, assets...",
                True,
                source=choices.campaign_options,
            ),
            Input(
                "value", "text", "on/off, or the option's value", True, source=choices.option_values
            ),
        ),
    ),
    Operation(
        "party",
        "travel together (one supply) or apart",
        party,
        (Input("together", "bool", "true: one shared supply", True),),
    ),
)

READS = (
    Operation(
        "state", "the whole table: characters, tracks, pending, world", read_state, writes="never"
    ),
    Operation("sheet", "one character's sheet", read_sheet, (character_input(),), writes="never"),
)
