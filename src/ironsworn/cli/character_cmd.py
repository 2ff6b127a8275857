"""Characters and their sheets: ``character``, ``sheet``, ``adjust``, ``debility``,
``initiative`` (Starforged: the position), ``equipment`` and ``party`` (shared supply)."""

from __future__ import annotations

import argparse
from typing import Any

from ironsworn.cli.common import (
    WHOSE,
    Missing,
    UsageError,
    campaign_command,
    emit,
    filled,
    parse_int,
)


def register(sub: Any) -> None:
    character = campaign_command(sub, "character", "create characters, or list them")
    character.add_argument(
        "action",
        choices=["new", "list", "draw", "keep", "background", "bond"],
        help="new; list (the campaign's characters); the semi-random setup's steps: draw (a "
        "card, unseen, from DECK), keep "
        "(three of the five cards drawn), background (mark the oracle's background vow, in "
        "your WORDS if you like), bond (NAME the person the oracles describe)",
    )
    character.add_argument("name", nargs="?", metavar="NAME", help="the character's name")
    character.add_argument(
        "rest",
        nargs="*",
        metavar="DECK|CARDS|WORDS|NAME",
        help="draw: the deck (path, companion, combat_talent, ritual); keep: three cards of "
        "the hand, CARD,CARD,CARD; background: the vow in your words (default: the "
        "oracle's); bond: the person's name",
    )
    character.add_argument(
        "--stats",
        help="edge=3,heart=2,iron=2,shadow=1,wits=1, or five values in the order edge, heart, "
        "iron, shadow, wits: 3,2,2,1,1 gives edge 3 ... wits 1 (the values 3, 2, 2, 1, 1 in "
        "any order)",
    )
    character.add_argument("--bond", action="append", default=[], help="a bond (up to 3)")
    character.add_argument(
        "--reserve-bonds",
        default="0",
        metavar="N",
        help="background bonds held in reserve, marked later with 'bond background NAME'",
    )
    character.add_argument(
        "--asset",
        action="append",
        default=[],
        help="an asset to start with: NAME[:N][=NAME][,FIELD=VALUE] (hawk:1=Kestrel; N picks "
        "its first ability when none is marked; a companion needs a name)",
    )
    character.add_argument(
        "--starship",
        metavar="NAME",
        help="Starforged: the name of the party's starship, the STARSHIP card every new "
        "character starts with (the first character names it; later ones share it)",
    )
    semi = character.add_argument_group("the semi-random setup (rulebook p. 236)")
    semi.add_argument(
        "--semi-random",
        action="store_true",
        help="roll the +3 stat, draw five asset cards unseen, roll the background vow, a bond "
        "and the inciting incident",
    )
    semi.add_argument(
        "--prefer",
        metavar="STATS",
        help="the five stats ranked: +2, +2, +1, +1 go to the first ones the table did not "
        "roll (default edge,heart,iron,shadow,wits)",
    )
    semi.add_argument(
        "--decks",
        metavar="DECKS",
        help="the decks of the first draws, up to five (e.g. path,path,companion); the rest "
        "are drawn one at a time with 'character draw NAME DECK'",
    )
    semi.add_argument(
        "--exclude", action="append", default=[], help="a deck or card left out (repeat)"
    )
    semi.add_argument(
        "--background-rank",
        help="the background vow's rank: extreme or epic (at creation: the vow is marked in "
        "the oracle's words at once; else 'character background NAME' marks it)",
    )
    semi.add_argument(
        "--bond-name",
        help="the name of the person the oracles describe (else 'character bond NAME PERSON')",
    )
    semi.add_argument("--dice", help="your dice, in the order they are rolled")
    semi.add_argument("--seed", help="seed for reproducible random dice")
    character.set_defaults(func=run_character)

    sheet = campaign_command(sub, "sheet", "show a character sheet")
    sheet.add_argument(
        "--character",
        help="whose sheet (default: the only character, or the only one still playing)",
    )
    sheet.set_defaults(func=run_sheet)

    adjust = campaign_command(sub, "adjust", "change a meter or a stat by hand")
    adjust.add_argument(
        "meter",
        metavar="METER",
        help="health, spirit, supply, momentum, experience, or a stat (edge, heart, iron, "
        "shadow, wits)",
    )
    adjust.add_argument("delta", metavar="N", help="+2, -1 ...")
    adjust.add_argument("--character", help=WHOSE)
    adjust.add_argument(
        "--vehicle",
        help="integrity: which vehicle (a support or incidental vehicle's name; default: the "
        "command vehicle)",
    )
    adjust.set_defaults(func=run_adjust)

    debility = campaign_command(sub, "debility", "mark or clear a debility")
    debility.add_argument("action", choices=["mark", "clear"])
    debility.add_argument("name", metavar="NAME", help="the debility (wounded, shaken...)")
    debility.add_argument("--character", help=WHOSE)
    debility.set_defaults(func=run_debility)

    initiative = campaign_command(
        sub, "initiative", "have or lose the initiative (Starforged: your position) by hand"
    )
    initiative.add_argument(
        "value",
        nargs="+",
        metavar="VALUE",
        help="have or lose; Starforged: in control or bad spot",
    )
    initiative.add_argument("--character", help=WHOSE)
    initiative.set_defaults(func=run_initiative)
    register_sheet_extras(sub)


def register_sheet_extras(sub: Any) -> None:
    """``equipment`` and ``party``."""
    equipment = campaign_command(sub, "equipment", "note or strike out equipment on the sheet")
    equipment.add_argument("action", choices=["add", "remove"])
    equipment.add_argument("item", nargs="+", metavar="ITEM", help="the item")
    equipment.add_argument("--character", help=WHOSE)
    equipment.set_defaults(func=run_equipment)
    party = campaign_command(sub, "party", "travel together (one shared supply) or apart")
    party.add_argument("action", choices=["together", "apart"])
    party.set_defaults(func=run_party)


def _sheet_text(sheet: dict[str, Any]) -> str:
    from ironsworn.cli.sheet_text import sheet_text, unicode_ok

    library = None
    if sheet["assets"] or sheet.get("asset_hand"):
        from ironsworn.content import load_library

        library = load_library()  # the text of the marked abilities
    return sheet_text(sheet, library, unicode_ok())


def with_cards(sheet: dict[str, Any]) -> dict[str, Any]:
    """The sheet with each asset's words: its marked abilities' text (see ``record_view``)."""
    if not sheet["assets"]:
        return sheet  # no card to read: the cards module (and the content) stay unimported
    from ironsworn.moves.assets.cards import sheet_with_cards

    return sheet_with_cards(sheet)


def run_character(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import table_write

    if args.action == "list":
        return run_list(args)
    if args.name is None:
        raise Missing(
            f"character {args.action} needs a NAME",
            f"character {args.action}: the character's name",
            dest="name",
        )
    if args.action != "new" or args.semi_random:
        return run_semi_random(args)
    if args.rest:
        got = " ".join(args.rest)
        raise UsageError(f"character new takes one NAME (got also {got!r}); quote a name")
    semi = ("prefer", "decks", "bond_name", "background_rank", "dice", "seed")
    given = next((o for o in semi if getattr(args, o) is not None), None)
    if given is not None or args.exclude:
        flag = "--" + (given or "exclude").replace("_", "-")
        raise UsageError(f"{flag} is for 'character new NAME --semi-random'")
    if args.stats is None:
        raise Missing(
            "character new needs --stats (edge=3,heart=2,...) or --semi-random (the stat table)",
            f"{args.name}'s stats: 3, 2, 2, 1, 1 given to edge, heart, iron, shadow and wits "
            "(edge=3,heart=2,iron=2,shadow=1,wits=1)",
            flag="--stats",
        )
    reserved = parse_int(args.reserve_bonds, "--reserve-bonds", 0, 3)
    made = {
        "name": args.name,
        "stats": args.stats,
        "bonds": args.bond or None,
        "assets": args.asset or None,
        "reserve_bonds": reserved or None,
        "starship": args.starship,
    }
    (result,) = table_write(args, "character", made, {"name": "NAME", "bonds": "--bond"})
    name = args.name.strip()

    from ironsworn.cli.session import read_state

    state = read_state(args)
    sheet = with_cards(state.sheet(name))
    hint = _starting_assets_hint(state, sheet)
    from ironsworn.table.sheet import starting_cards_note

    # (JSON: the table's words of the cards left out, as the web and MCP answer)
    note = starting_cards_note(state, sheet)
    told = {**sheet, "notes": [note]} if note else sheet
    if result.pending is None:
        emit(args, told, lambda: _sheet_text(sheet) + hint)
        return 0
    # A card asks for its one-time change (Battle-Scarred 1): shown after the sheet.
    from ironsworn.cli.session import pending_text
    from ironsworn.moves.engine import public_pending

    pending = result.pending
    shown = {**told, "pending": [public_pending(pending)]}
    emit(args, shown, lambda: _sheet_text(sheet) + "\n" + pending_text(pending))
    return 0


def run_list(args: argparse.Namespace) -> int:
    """``character list``: each character of the campaign in a line, its meters, and whether
    its story ended (dead, lost, retired): the names ``--character`` takes."""
    from ironsworn.cli.session import read_state

    if args.name is not None or args.rest:
        got = " ".join([args.name or "", *args.rest]).strip()
        raise UsageError(f"character list takes no NAME (got {got!r}); 'sheet --character NAME'")
    state = read_state(args)
    rows: list[dict[str, Any]] = []
    for name, char in state.characters.items():
        rows.append(
            {
                "name": name,
                "status": char.status,
                "health": char.health,
                "spirit": char.spirit,
                "supply": char.supply,
                "momentum": char.momentum,
            }
        )
    width = max((len(str(r["name"])) for r in rows), default=0)

    def line(row: dict[str, Any]) -> str:
        ended = "" if row["status"] == "active" else f"  ({row['status']})"
        return (
            f"{row['name']:<{width}}  health {row['health']}  spirit {row['spirit']}  "
            f"supply {row['supply']}  momentum {row['momentum']:+d}{ended}"
        )

    emit(args, rows, lambda: "\n".join(line(r) for r in rows) or "no characters yet")
    return 0


# The decks a semi-random character draws from (the first three steps of the setup).
DECKS = ("path", "companion", "combat_talent", "ritual")


# The semi-random setup's inputs that ``character`` takes as its words.
SETUP_WORDS = {
    "name": "NAME",
    "character": "NAME",
    "deck": "DECK",
    "cards": "CARDS",
    "vow": "WORDS",
    "person": "NAME",
    "rank": "--background-rank",
}


def run_semi_random(args: argparse.Namespace) -> int:
    """``character new NAME --semi-random`` and its steps: ``character draw NAME DECK``,
    ``keep NAME CARD,CARD,CARD``, ``background NAME [WORDS] --background-rank R`` and
    ``bond NAME PERSON``: the table's ``semi_random`` operations."""
    from ironsworn.cli.session import describe_result, table_write

    rest = " ".join(args.rest).strip()
    step: tuple[str, dict[str, Any]] | None = None
    if args.action == "keep":
        if not rest:
            raise Missing(
                "character keep NAME CARD,CARD,CARD: name the three cards kept",
                f"character keep {args.name}: the three cards kept (CARD,CARD,CARD)",
            )
        cards = [c.strip() for c in rest.split(",") if c.strip()]
        step = ("semi_random_keep", {"cards": cards})
    elif args.action == "draw":
        if not rest:
            raise Missing(
                "character draw NAME DECK: name the deck (path, companion, combat_talent, ritual)",
                f"character draw {args.name}: from which deck?",
                choices=[(d, d.replace("_", " ")) for d in DECKS],
            )
        step = ("semi_random_draw", {"deck": rest})
    elif args.action == "background":
        if args.background_rank is None:
            raise Missing(
                "character background NAME [WORDS] needs --background-rank (accepted: extreme, "
                "epic)",
                "What is the background vow's rank?",
                flag="--background-rank",
                choices=[("extreme", "extreme"), ("epic", "epic")],
            )
        step = ("semi_random_vow", {"rank": args.background_rank, "vow": rest or None})
    elif args.action == "bond":
        if not rest:
            raise Missing(
                "character bond NAME PERSON: give the person a name",
                f"character bond {args.name}: the person's name",
            )
        step = ("semi_random_bond", {"person": rest})
    if step is not None:
        name, given = step
        (result,) = table_write(args, name, {**given, "character": args.name}, SETUP_WORDS)
        emit(args, result.to_json(), lambda: describe_result(result) + _next_step(result))
        return 0
    if args.stats is not None:
        raise UsageError(
            f"--stats {args.stats!r} and --semi-random cannot be combined (the stat table "
            "rolls the +3; --prefer ranks the others)"
        )
    if args.bond or args.asset:
        flag = "--bond" if args.bond else "--asset"
        raise UsageError(f"{flag} and --semi-random cannot be combined (the oracles and the draw)")
    made = {
        "name": args.name,
        "prefer": None if args.prefer is None else args.prefer.replace(" ", "").split(","),
        "decks": [d for d in (args.decks or "").replace(" ", "").split(",") if d] or None,
        "exclude": args.exclude or None,
        "background_rank": args.background_rank,
        "bond_name": args.bond_name,
    }
    (result,) = table_write(args, "semi_random", made, SETUP_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result) + _next_step(result))
    return 0


def _starting_assets_hint(state: Any, sheet: dict[str, Any]) -> str:
    """A line after a new sheet with fewer cards than a character starts with ("" when it
    has them, or the campaign plays without cards): the cards are picked as the character
    is made, and nothing adds one later but Advance, so a player who left them out learns
    it now, with the way to take them."""
    from ironsworn.table.describe import STARTING_ASSETS

    if state.option("assets") != "cards":
        return ""
    name = sheet["name"]
    starforged = state.ruleset == "starforged"
    # (the crew's cards are the character's own pick only where they earned them: a module
    # or support vehicle taken as the third asset; the STARSHIP is everyone's)
    own = [a for a in sheet.get("assets") or () if not a.get("crew") or a.get("owner") == name]
    if len(own) >= STARTING_ASSETS:
        return ""
    from ironsworn.content.loader import load_library

    cards = load_library().in_ruleset("assets", state.ruleset)
    if not any("/command_vehicle/" not in card_id for card_id in cards):
        return ""  # (no pack of cards is imported: the cards are not there to take)
    picks = "two paths and one more asset" if starforged else "three assets"
    has = f"{len(own)} of them" if own else "none yet"
    return (
        f"\n({name} starts with {picks} and has {has}: 'ironsworn asset list' shows the cards;"
        f" to take them, 'ironsworn undo', then make {name} again with --asset NAME for each)"
    )


def _next_step(result: Any) -> str:
    """The command of the semi-random setup's next step (the engine's notes say what it is;
    play mode asks it instead)."""
    from ironsworn.errors import IronswornError

    try:
        char = result.after.character(result.character)
    except (IronswornError, AttributeError):
        return ""
    if char.flags.get("asset_draws"):
        return f"\n(draw each card: 'character draw {char.name} DECK')"
    if char.flags.get("asset_hand"):
        return f"\n(keep three: 'character keep {char.name} CARD,CARD,CARD')"
    return ""


def run_sheet(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state

    state = read_state(args)
    sheet = with_cards(state.sheet(args.character))
    owed = _owed(state, str(sheet["name"])) if getattr(args, "owed", True) else ""
    emit(args, sheet, lambda: _sheet_text(sheet) + owed)
    return 0


def _owed(state: Any, name: str) -> str:
    """The decision ``name`` owes, in full with its options, after the sheet ("" when none):
    where a command that left it waiting points for its options."""
    # (as the table's waiting_decision finds it, without importing the table: a one-shot
    # sheet stays light)
    pending = state.pending
    owed = pending if pending is not None and pending.get("character") == name else None
    aside_for = None  # whose decision waits now, when name's is set aside (co-op)
    for entry in (getattr(state, "parked", None) or {}).values():
        if owed is None and entry["pending"].get("character") == name:
            owed = entry["pending"]
            aside_for = (pending or {}).get("character")
    if owed is None and pending is not None and pending.get("character") is None:
        owed = pending
    if owed is None:
        return ""
    from ironsworn.cli.session import pending_text

    return "\n" + pending_text(owed, aside_for)


def run_adjust(args: argparse.Namespace) -> int:
    delta = parse_int(args.delta, "N", -50, 50)
    given = {"meter": args.meter, "delta": delta, "vehicle": args.vehicle}
    return _sheet_change(args, "adjust", given)


def run_initiative(args: argparse.Namespace) -> int:
    return _sheet_change(args, "initiative", {"value": " ".join(args.value)})


def run_debility(args: argparse.Namespace) -> int:
    return _sheet_change(args, "debility", {"name": args.name, "mark": args.action == "mark"})


# The sheet operations' inputs that these commands take as arguments.
SHEET_WORDS = {"meter": "METER", "delta": "N", "value": "VALUE", "name": "NAME", "item": "ITEM"}


def _sheet_change(args: argparse.Namespace, name: str, given: dict[str, Any]) -> int:
    """The table's operation ``name`` for the character of ``--character``, printed as the
    engine's result."""
    from ironsworn.cli.session import describe_result, table_write

    (result,) = table_write(args, name, {**given, "character": args.character}, SHEET_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def run_equipment(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import read_state, table_write

    item = filled(" ".join(args.item), "equipment", "a description")
    given = {"item": item, "add": args.action == "add", "character": args.character}
    table_write(args, "equipment", given, SHEET_WORDS)
    sheet = read_state(args).sheet(args.character)
    emit(
        args, sheet["equipment"], lambda: "equipment: " + (", ".join(sheet["equipment"]) or "none")
    )
    return 0


def run_party(args: argparse.Namespace) -> int:
    from ironsworn.cli.session import table_write

    together = args.action == "together"
    table_write(args, "party", {"together": together})
    emit(
        args,
        {"shared_supply": together},
        "the party travels together: one supply for all"
        if together
        else "the characters travel apart: each keeps their own supply",
    )
    return 0
