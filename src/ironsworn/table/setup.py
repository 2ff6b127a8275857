"""The semi-random campaign setup at the table (seed 000 L5271-5319, issue 21 item 9): make a
character by the dice, then its steps, each a choice the player makes with the choices
declared: the deck of each unseen draw (the decks left), the three cards kept of the five
revealed (each with its abilities' words), the background vow the oracle sparks (in the
player's words, extreme or epic) and the name of the person the oracles describe.

Each is an :class:`~ironsworn.table.operation.Operation` whose result is what the command
line's ``character new`` (semi-random) / ``character draw|keep|background|bond`` print as
JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ironsworn.errors import IronswornError
from ironsworn.table import choices
from ironsworn.table.inputs import Choice, Input
from ironsworn.table.moves import DICE, committed
from ironsworn.table.operation import JsonDict, Operation, Table

BACKGROUND_RANKS = ("extreme", "epic")


def _character(table: Table, args: Mapping[str, Any]) -> Any:
    state = table.state()
    try:
        return state.character(args.get("character") or table.seat)
    except IronswornError:  # no single character: no choices to offer
        return None


def decks(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The decks the character may draw from now (with the cards left in each)."""
    from ironsworn.moves.semi_random import decks_left

    char = _character(table, args)
    name = None if char is None else char.name
    if char is None and table.state().characters:
        return []
    left = decks_left(table.library(), table.state(), name)
    return [
        Choice(deck, deck.replace("_", " "), f"{len(cards)} cards left")
        for deck, cards in left.items()
    ]


def new_decks(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The decks of a new character's first draws (those the exclusions leave)."""
    from ironsworn.moves.semi_random import asset_decks

    found = asset_decks(table.library(), args.get("exclude") or ())
    return [
        Choice(deck, deck.replace("_", " "), f"{len(cards)} cards") for deck, cards in found.items()
    ]


def hand(table: Table, args: Mapping[str, Any]) -> list[Choice]:
    """The five cards revealed, each with its abilities (none while cards are still unseen)."""
    from ironsworn.moves.assets.cards import ability_words

    char = _character(table, args)
    if char is None or char.flags.get("asset_draws"):
        return []
    library = table.library()
    found = []
    for asset_id in char.flags.get("asset_hand") or ():
        card = library.assets[asset_id]
        words = [" ".join(w.split()) for w in ability_words(library, card)]
        marked = [
            f"{n}. {'(starts marked) ' if a.enabled else ''}{w}"
            for n, (a, w) in enumerate(zip(card.abilities, words, strict=True), start=1)
        ]
        found.append(Choice(card.name, card.name, " ".join(marked)))
    return found


def semi_random(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves import semi_random as setup

    return committed(
        table,
        lambda e: setup.semi_random_character(
            e,
            args["name"],
            prefer=args.get("prefer") or setup.STATS,
            decks=args.get("decks") or (),
            exclude=args.get("exclude") or (),
            background_rank=args.get("background_rank"),
            bond_name=args.get("bond_name"),
        ),
        args,
    )


def draw(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.semi_random import draw_card

    who = table.acting_for(args.get("character"))
    return committed(table, partial(draw_card, character=who, deck=args["deck"]), args)


def keep(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.semi_random import keep_assets

    who = table.acting_for(args.get("character"))
    return committed(table, partial(keep_assets, character=who, cards=args["cards"]))


def background(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.semi_random import mark_background_vow

    who = table.acting_for(args.get("character"))
    body = partial(mark_background_vow, character=who, rank=args["rank"], vow=args.get("vow"))
    return committed(table, body)


def bond(table: Table, args: JsonDict) -> JsonDict:
    from ironsworn.moves.semi_random import name_bond

    who = table.acting_for(args.get("character"))
    return committed(table, partial(name_bond, character=who, person=args["person"]))


def _whose() -> Input:
    return Input(
        "character", "text", "whose (default: the seat's character)", source=choices.characters
    )


OPERATIONS = (
    Operation(
        "semi_random",
        "make a character by the semi-random setup: the +3 stat rolled, the background vow, a "
        "bond and the inciting incident from the oracles; the cards are drawn next",
        semi_random,
        (
            Input("name", "text", "the character's name", True),
            Input(
                "prefer",
                "texts",
                "the five stats ranked for the +2, +2, +1, +1 after the rolled +3 (default: "
                "edge, heart, iron, shadow, wits)",
            ),
            Input("decks", "texts", "the decks of the first draws (up to 5)", source=new_decks),
            Input("exclude", "texts", "decks or cards left out of the draw"),
            Input(
                "background_rank",
                "text",
                "mark the oracle's background vow at once at this rank (else later)",
                fixed=BACKGROUND_RANKS,
            ),
            Input("bond_name", "text", "name the person the oracles describe at once"),
            *DICE,
        ),
    ),
    Operation(
        "semi_random_draw",
        "draw a card unseen from the deck you choose (the fifth reveals the hand)",
        draw,
        (Input("deck", "text", "the deck to draw from", True, source=decks), _whose(), *DICE),
    ),
    Operation(
        "semi_random_keep",
        "keep three of the five cards revealed (the other two are discarded)",
        keep,
        (
            Input(
                "cards",
                "texts",
                "three cards of the hand (CARD:N picks the starting ability of a card that "
                "marks none; CARD:N=NAME names a companion)",
                True,
                source=hand,
            ),
            _whose(),
        ),
    ),
    Operation(
        "semi_random_vow",
        "mark the background vow the oracle sparked, in your words or its, extreme or epic",
        background,
        (
            Input("rank", "text", "the background vow's rank", True, fixed=BACKGROUND_RANKS),
            Input("vow", "text", "the vow in your words (default: the oracle's)"),
            _whose(),
        ),
    ),
    Operation(
        "semi_random_bond",
        "name the person the oracles described and mark a bond with them",
        bond,
        (Input("person", "text", "their name", True), _whose()),
    ),
)
