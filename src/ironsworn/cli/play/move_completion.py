"""Completion that knows the move being typed: its own options, stats, bonds and tracks.

Once ``/move NAME`` names a move, ``--`` completes only the options that move uses (the
engine refuses the others), ``--stat`` only the stats it offers, ``--with`` the character's
bond names (people met, for Forge a Bond), and ``--track`` the open tracks of the kind it
acts on (completed by id, matched by id or name, the name shown beside it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.content.model import Move

# Options every move takes.
ALWAYS = frozenset({"--character", "--choose", "--dice", "--seed", "--json"})
# Options of a move that makes an action roll.
ACTION = frozenset({"--add", "--burn", "--no-burn", "--reroll", "--asset"})
# The track kinds a move acts on, by its category (moves that act on one kind of track).
CATEGORY_TRACKS = {"combat": ("fight",), "quest": ("vow",)}
JOURNEY_MOVES = frozenset({"undertake_a_journey", "reach_your_destination"})


def move_flags(move: Move) -> set[str]:
    """The ``--options`` of ``ironsworn move`` that ``move`` uses."""
    from ironsworn.cli.common import OPTION_FLAGS
    from ironsworn.moves.engine import OPTION_MOVES, ruleset_name, short_name

    flags = set(ALWAYS)
    action = move.roll_type == "action_roll"
    if action:
        flags |= ACTION
        if len(stats_of(move)) > 1:
            flags.add("--stat")
        if move.adds:
            flags.add("--bond")
    short = short_name(move.id)
    if ruleset_name(move.id) == "classic":
        for option, users in OPTION_MOVES.items():
            if short in users:
                flags.add(OPTION_FLAGS.get(option, f"--{option}"))
    elif move.roll_type == "progress_roll":
        flags.add("--track")
    if short == "advance":
        flags.add("--asset")
    return flags


def stats_of(move: Move) -> list[str]:
    """The stats (or meters) ``--stat`` may name for ``move``."""
    return list(dict.fromkeys(o.using[0] for o in move.roll_options if len(o.using) == 1))


def track_kinds(move: Move) -> tuple[str, ...] | None:
    """The kinds of track ``--track`` names for ``move`` (None: any)."""
    from ironsworn.moves.engine import PROGRESS_KINDS, short_name

    if move.roll_type == "progress_roll" and move.rolls:
        return PROGRESS_KINDS.get(move.rolls[0])
    if short_name(move.id) in JOURNEY_MOVES:
        return ("journey",)
    category = move.id.split("/")[1] if "/" in move.id else ""
    return CATEGORY_TRACKS.get(category)


def option_values(
    move: Move, option: str, state: CampaignState | None, character: str | None
) -> list[tuple[str, str]] | None:
    """The values ``option`` takes for ``move``: (text, shown beside it); None: not move-bound."""
    from ironsworn.moves.engine import BOND_NAMED, short_name

    if option == "--stat":
        return [(stat, "") for stat in stats_of(move)]
    if state is None:
        return None
    if option == "--with":
        if short_name(move.id) in BOND_NAMED:
            chars = [state.characters[character]] if character in state.characters else []
            chars = chars or list(state.characters.values())
            return [(bond, "") for char in chars for bond in char.bonds]
        return [(name, "") for name in state.people]
    if option == "--track":
        kinds = track_kinds(move)
        return [
            (t.id, t.name)
            for t in state.tracks.values()
            if t.status == "active"
            and (kinds is None or t.kind in kinds)
            and (character is None or character in t.characters)
        ]
    return None
