"""Setting up a campaign: the rulebook's options, background bonds and vows, one-shot play.

- :meth:`SetupOperations.set_option` records one of the campaign options of
  :mod:`ironsworn.campaign.options` as a ``setting`` event.
- Background bonds (seed 000 L4375-4395, summary L4555-4557): "Give yourself up to three bonds
  ... You do not need to make the Forge a Bond move for these starting bonds. Mark a tick for
  each bond". Bonds not yet named can be "held in reserve until you decide to bring them into
  your narrative"; :meth:`SetupOperations.background_bond` marks one of them later (a bond and
  its tick, no roll). The reserve is the character's ``reserved_bonds`` flag.
- The background vow (L4403-4412, L4559-4562): "give it a rank of extreme or epic. You don't
  need to make the Swear an Iron Vow move"; one per character, remembered in its
  ``background_vow`` flag. :func:`check_vow` holds the rank rules of new vows: with the option
  ``setup_rules`` the first vow a character swears is "troublesome, dangerous, or formidable"
  (L4568-4570); in one-shot play there is no background vow and the vow's rank defaults to
  troublesome for a short session, dangerous for a long one (L5163-5165).
- The inciting incident's vow (L1359: "envision your inciting incident and Swear an Iron Vow"):
  a vow made with ``unsworn`` is one the character still has to swear with the move; its id is
  kept in the character's ``unsworn_vows`` flag (every surface may offer the move on it) until
  :func:`vow_sworn` takes it out as Swear an Iron Vow is made on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.campaign.options import find_option, option_words
from ironsworn.counting import counted
from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.operation_group import EngineOperations
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.state import CampaignState
    from ironsworn.moves.engine import MoveEngine, OperationResult

MAX_BACKGROUND_BONDS = 3
BACKGROUND_RANKS = ("extreme", "epic")
FIRST_VOW_RANKS = ("troublesome", "dangerous", "formidable")
ONE_SHOT_RANKS = {"short": "troublesome", "long": "dangerous"}


# Starforged has no bonds held in reserve: "When your relationship with a connection is ready
# to evolve" (Forge a Bond, seed 003), made with Make a Connection.
NO_RESERVE_IN_STARFORGED = (
    "a Starforged character holds no background bonds in reserve: a bond is forged with a "
    "connection (accepted: Make a Connection, then Forge a Bond when the relationship is ready "
    "to evolve)"
)


def check_background_bonds(state: CampaignState, bonds: int, reserved: int) -> None:
    """Bonds named at creation and held in reserve: up to three, none in one-shot play; none
    held in reserve in Starforged."""
    if reserved < 0:
        raise InvalidValue(
            input="reserve_bonds", value=reserved, accepted="0 to 3", why="is out of range"
        )
    if reserved and state.ruleset == "starforged":
        raise RuleViolation(NO_RESERVE_IN_STARFORGED)
    if state.option("one_shot") and (bonds or reserved):
        raise RuleViolation(  # seed 000 L5152-5154
            "one-shot play ignores background bonds: create the "
            "character without {bond} or {reserve_bonds}, or set the option one_shot off",
            names=("bond", "reserve_bonds"),
        )
    if bonds + reserved > MAX_BACKGROUND_BONDS:
        raise InvalidValue(
            f"{counted(bonds, 'bond')} and {reserved} held in reserve: a new character has up to "
            f"{MAX_BACKGROUND_BONDS} background bonds"
        )


def vow_rank(
    state: CampaignState, rank: Rank | None, characters: list[str], background: bool
) -> tuple[Rank, str | None]:
    """The rank a new vow gets, checked against the campaign's setup options, with a note
    when the rank was chosen for the player (one-shot play)."""
    one_shot = state.option("one_shot")
    if background:
        if one_shot:
            raise RuleViolation(  # seed 000 L5152-5154
                "one-shot play ignores background vows; set the option one_shot off for a campaign"
            )
        if rank is None:
            raise OptionNeeded(
                "What is the background vow's rank? (accepted: extreme, epic)",
                "rank",
                (("extreme", "extreme"), ("epic", "epic")),
            )
        if rank.label not in BACKGROUND_RANKS:
            got = "none" if rank is None else rank.label
            raise InvalidValue(  # seed 000 L4404-4405
                f"a background vow's rank is extreme or epic (got {got})"
            )
        for name in characters:
            if state.character(name).flags.get("background_vow"):
                raise RuleViolation(f"{name} already has a background vow")
        return rank, None
    note = None
    if rank is None:
        if not one_shot:
            ranks = ("troublesome", "dangerous", "formidable", "extreme", "epic")
            raise OptionNeeded(
                f"What is the vow's rank? (accepted: {', '.join(ranks)})",
                "rank",
                tuple((r, r) for r in ranks),
            )
        label = ONE_SHOT_RANKS[str(one_shot)]
        rank = Rank.parse(label)
        hours = "one or two hours" if one_shot == "short" else "three or four hours"
        note = f"one-shot play: a {label} vow for a session of {hours}"  # seed 000 L5163-5165
    elif one_shot and rank.label not in ("troublesome", "dangerous"):
        # "Make it a troublesome vow (for a session of an hour or two) or dangerous (for a
        # session of three to four hours)": a warning, the player keeps the rank they chose.
        note = (
            f"one-shot play: a {rank.label} vow will not be fulfilled in one session (the "
            "rulebook's one-shot vow is troublesome or dangerous)"
        )
    if state.option("setup_rules") and rank.label not in FIRST_VOW_RANKS:
        first = [name for name in characters if not _has_sworn(state, name)]
        if first:
            raise RuleViolation(  # seed 000 L4568-4570
                f"{first[0]}'s first vow is troublesome, dangerous or formidable under the "
                f"campaign setup rules (got {rank.label})"
            )
    return rank, note


def vow_sworn(state: CampaignState, engine: MoveEngine, name: str, track: str) -> None:
    """Swear an Iron Vow made by ``name`` on ``track``: the vow is no longer one they still
    have to swear (their ``unsworn_vows`` flag)."""
    unsworn = state.character(name).flags.get("unsworn_vows") or []
    if track in unsworn:
        engine.set_flag(name, "unsworn_vows", [t for t in unsworn if t != track] or None)


def _has_sworn(state: CampaignState, name: str) -> bool:
    """Whether ``name`` holds a vow other than the background vow."""
    char = state.character(name)
    background = char.flags.get("background_vow")
    return any(
        t.kind == "vow" and char.name in t.characters and t.id != background
        for t in state.tracks.values()
    )


class SetupOperations(EngineOperations):
    """Operations of the campaign's setup, run through the engine like any other."""

    def set_option(self, name: str, value: Any) -> OperationResult:
        """Set a campaign option ('even_matches on', 'assets roles'...)."""

        def run() -> None:
            option = find_option(name)
            parsed = option.parse(value)
            current = self.state.option(option.name)
            if parsed == current:
                raise RuleViolation(f"the option {option.name} is already {option_words(current)}")
            if option.name == "semi_random" and parsed and self.state.ruleset == "starforged":
                raise RuleViolation(
                    "the option semi_random is the Ironsworn rulebook's setup (its asset decks "
                    "and oracles); this campaign plays Starforged (accepted: off)"
                )
            self.engine.emit(
                {"type": "setting", "setting": option.name, "from": current, "to": parsed}
            )

        return self.engine.operation("setting", None, run)

    def background_bond(self, character: str | None, bond: str) -> OperationResult:
        """Bring a background bond held in reserve into the story: mark it, one tick."""

        def run() -> None:
            char = self.state.character(character)
            if self.state.ruleset == "starforged":
                raise RuleViolation(NO_RESERVE_IN_STARFORGED)
            text = " ".join(bond.split())
            if not text:
                raise InvalidValue(f"bond {bond!r} is empty (accepted: a person or community)")
            reserved = int(char.flags.get("reserved_bonds") or 0)
            if reserved <= 0:
                raise RuleViolation(  # seed 000 L4384-4388
                    f"{char.name} holds no background bond in reserve: "
                    "make the Forge a Bond move instead"
                )
            if any(b.lower() == text.lower() for b in char.bonds):
                raise RuleViolation(f"{char.name} already shares a bond with {text}")
            self.engine.emit({"type": "bond_added", "character": char.name, "bond": text})
            self.engine.set_meter(char.name, "bond_ticks", char.bond_ticks + 1)
            self.engine.set_flag(char.name, "reserved_bonds", reserved - 1 or None)

        return self.engine.operation("bond", character, run)
