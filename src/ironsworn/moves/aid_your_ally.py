"""Aid Your Ally, as both rulesets ask it: which ally is aided (seed 000, seed 003).

Classic Ironsworn makes the move as a roll of its own; Starforged has the player make Secure an
Advantage or Gain Ground for the ally. Either way the ally is another character of the
campaign, asked for when none is named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.errors import InvalidValue, OptionNeeded

if TYPE_CHECKING:
    from ironsworn.moves.step import Step


def aided_ally(ctx: Step, refusal: str) -> str:
    """The name of the ally ``ctx``'s character aids (the ``ally`` input, as the campaign
    spells it). With none named, the other characters are offered; naming the character
    itself is refused with ``refusal`` (each ruleset words it its own way)."""
    ally = ctx.data.get("ally")
    if not ally:
        others = [n for n in ctx.state.characters if n != ctx.name]
        raise OptionNeeded(
            f"{ctx.name} — Aid Your Ally: which ally do you aid?",
            "ally",
            tuple((n, n) for n in others),
            subject="Aid Your Ally",
        )
    found = ctx.state.character(str(ally))
    if found.name == ctx.name:
        raise InvalidValue(refusal, input="ally", value=ally, accepted="another character")
    return found.name
