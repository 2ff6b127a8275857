"""The options of a move call that only some moves read, and the check that refuses the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, shown_value
from ironsworn.moves.registry import NO_ROLL_ASSET_MOVES, ruleset_name, short_name

if TYPE_CHECKING:
    from ironsworn.content.model import Move

# The options of make_move that only some classic moves read (the rest refuse them, rather
# than silently ignore them).
OPTION_MOVES: dict[str, frozenset[str]] = {
    "amount": frozenset(
        {
            "endure_harm",
            "endure_stress",
            "companion_endure_harm",
            "strike",
            "clash",
            "end_the_fight",
            "face_a_setback",
            "out_of_supply",
        }
    ),
    "track": frozenset(
        {
            "undertake_a_journey",
            "reach_your_destination",
            "draw_the_circle",
            "enter_the_fray",
            "strike",
            "clash",
            "end_the_fight",
            "swear_an_iron_vow",
            "reach_a_milestone",
            "fulfill_your_vow",
            "forsake_your_vow",
            "face_danger",
            "secure_an_advantage",
        }
    ),
    "ally": frozenset({"aid_your_ally", "heal"}),
    # Enter the Fray with no fight yet: the foe it begins against (and its rank).
    "foe": frozenset({"enter_the_fray"}),
    # Undertake a Journey with none under way: where it goes (and its rank).
    "destination": frozenset({"undertake_a_journey"}),
    # Swear an Iron Vow with no vow yet: the vow, in the player's words (and its rank).
    "vow": frozenset({"swear_an_iron_vow"}),
    "patient": frozenset({"heal"}),
    "abandon": frozenset({"test_your_bond"}),
    "companion": frozenset({"heal", "companion_endure_harm", "forge_a_bond"}),
    "with": frozenset(
        {"forge_a_bond", "test_your_bond", "sojourn", "undertake_a_journey", "swear_an_iron_vow"}
    ),
    "ability": frozenset({"advance"}),
    # Advance: the name of a companion bought (the card's first field).
    "name": frozenset({"advance"}),
    "odds": frozenset({"ask_the_oracle"}),
    "raise": frozenset({"advance"}),
    "new_role": frozenset({"advance"}),
    # Starforged's Continue a Legacy only: the new character (no classic move takes them).
    "successor": frozenset(),
    "stats": frozenset(),
}
# make_move's keywords named otherwise as the table's inputs (each surface words an input:
# the command line as its flag, the web as its option).
INPUT_NAMES = {"adds": "add", "as_role": "as"}


# Moves whose "with" names a bond already on the sheet (a unique prefix is enough), and those
# of them that add +1 for it: Sojourn "roll +heart. If you share a bond, add +1" (seed 000
# L1876-1877); Undertake a Journey "If you are setting off from a community with which you
# share a bond, add +1 to your initial roll" (L1734-1736). (Swear an Iron Vow's +1 for a bond
# is its own handler's, which keeps whom the vow is to even when they are not on the sheet.)
BOND_NAMED = frozenset({"sojourn", "undertake_a_journey", "test_your_bond"})
BOND_ADDS = frozenset(
    {
        "move:classic/adventure/undertake_a_journey",
        "move:classic/relationship/sojourn",
    }
)


# Starforged moves that make no roll of their own but another move with a stat the player
# may give with them: Aid Your Ally ("Secure an Advantage or Gain Ground to take action").
STAT_FOR_ITS_ACTION = frozenset({"aid_your_ally"})


def check_options(move: Move, options: dict[str, Any], table: Mapping[str, frozenset[str]]) -> None:
    """Refuse an option the move would not use, naming the moves that do use it.

    ``table`` is the option table of the move's pack (the rules' ``options_for``): which moves
    read each option; a pack without one (Delve) reads none that classic's table names.
    """
    name = short_name(move.id)
    classic = ruleset_name(move.id) == "classic"
    action = move.roll_type == "action_roll"
    for option, value in options.items():
        if value in (None, [], ()):
            continue
        given = INPUT_NAMES.get(option, option)
        flag = "{" + given + "}"
        if option in ("as_role", "role_bonus") and not action:
            raise InvalidValue(  # seed 000 L5328-5331
                f"{flag} does not apply to {move.name}: a role contributes to a move that is "
                "not a progress move and makes an action roll",
                input=given,
                value=value,
            )
        if option in ("stat", "adds", "burn", "reroll", "bond"):
            if option == "stat" and not classic and name in STAT_FOR_ITS_ACTION:
                continue  # the stat of the move it is made with (checked there)
            if not action:
                rolls = (
                    ", but a progress roll on its track"
                    if move.roll_type == "progress_roll"
                    else ""
                )
                raise InvalidValue(
                    f"{flag} {shown_value(value)} does not apply to {move.name}: it makes no "
                    f"action roll{rolls} (accepted: the move without {flag})",
                    input=given,
                    value=value,
                )
            continue
        if option == "asset":
            if move.roll_type == "no_roll" and name not in ("advance", *NO_ROLL_ASSET_MOVES):
                raise InvalidValue(
                    f"{flag} {shown_value(value)} does not apply to {move.name}: it makes no "
                    f"roll (accepted: the move without {flag})",
                    input=given,
                    value=value,
                )
            continue
        if option == "track" and move.roll_type in ("progress_roll",) and not classic:
            continue  # a Starforged progress move rolls against the track it is given
        users = table.get(option) if table else OPTION_MOVES.get(option)
        if users is None and option == "vehicle":
            raise InvalidValue(
                f"{flag} does not apply to {move.name}: vehicles are Starforged (it is for: "
                "Withstand Damage)",
                input=given,
                value=value,
            )
        if users is None:
            continue
        if not table or name not in users:
            accepted = ", ".join(sorted(u.replace("_", " ") for u in users))
            raise InvalidValue(
                f"{flag} does not apply to {move.name} (it is for: {accepted})",
                input=given,
                value=value,
            )
