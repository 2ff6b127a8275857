"""Which moments of a move a character's marked abilities can reach at all.

A move asks the character's cards at several moments whether an ability acts: the uses before
the roll (:func:`~ironsworn.moves.assets.matching.candidate_uses`, for an automatic result, an
action roll's stat and adds, a progress roll's gains), an add offered after the roll
(:mod:`~ironsworn.moves.assets.after_roll`), a reminder shown with the result
(:func:`~ironsworn.moves.assets.handlers.reminders`). On most moves no card of the character
acts, and each of those hooks would walk every card, ability and effect to learn it.

Which effects of a card act on which move is a fact of the content, which never changes once
loaded: for each card and move, this module keeps the abilities whose effects can act on the
move and at which moments (:data:`USES`, :data:`AFTER_ROLL`, :data:`REMINDER`), worked out
the first time they are asked for. A move then looks, for each card the character holds, at
those abilities only and whether they are marked: a dictionary look-up a card. No character's
state is kept here, so nothing goes stale when a card is gained, marked, broken or repaired,
its track or meter changes, or a lasting effect comes or goes.

The index is a superset. An ability reaching a moment may still not act there (a fight, its
companion at 0 health, the fiction the player names: the hook decides as before); one that
does not reach it cannot act there, whatever the state: each moment's test here is the first
test its hook applies to an effect (the same matching of the effect's moves, the same card
look-up), before any condition. A hook skips its walk only when nothing reaches it (and, for
the uses, when the player named no asset: naming one is checked against the cards even when
none acts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.moves.assets.matching import ELSEWHERE_KEYS, _matches_move, aids_with

if TYPE_CHECKING:
    from ironsworn.content.model import Asset, Move
    from ironsworn.moves.step import Step

# The moments of a move an ability can reach (bits of one int).
USES = 1  # an effect of the move used unasked before the roll (matching.candidate_uses)
AFTER_ROLL = 2  # an add offered after the roll (after_roll._offers)
REMINDER = 4  # a reminder shown with the result (handlers.reminders)
EVERY = USES | AFTER_ROLL | REMINDER

Reach = tuple[tuple[int, int], ...]  # (ability index, moments) for each ability reaching any


def card_reach(asset: Asset, move: Move) -> Reach:
    """The abilities of ``asset`` that can act on ``move``, each with the moments it reaches."""
    out: list[tuple[int, int]] = []
    for index, ability in enumerate(asset.abilities):
        moments = 0
        for effect in ability.effects:
            if (
                not ELSEWHERE_KEYS & set(effect)
                and not (effect.get("when") or effect.get("option"))
                and (_matches_move(effect, move) or aids_with(effect, move))
            ):
                moments |= USES  # one with a fiction or an option is used only when named
            if effect.get("after_roll") and _matches_move(effect, move):
                moments |= AFTER_ROLL
        if ability.reminder and move.id in ability.reminder_moves:
            moments |= REMINDER
        if moments:
            out.append((index, moments))
    return tuple(out)


def reached(ruleset: Any, records: Sequence[Mapping[str, Any]], move: Move) -> int:
    """The moments of ``move`` that the marked abilities of these asset records reach."""
    if not records:
        return 0
    index: dict[tuple[Any, str], Reach] = ruleset.memo("ability_reach")
    move_id = move.id
    moments = 0
    for record in records:
        key = (record["id"], move_id)
        found = index.get(key)
        if found is None:
            asset = ruleset.assets.get(str(record["id"]))
            if asset is None:
                # Not a card of the content: a homebrew card kept in the record is read by
                # the uses (homebrew.card_of), never by the other hooks. Not indexed: its id
                # is the player's, the card's abilities are the record's.
                if isinstance(record.get("card"), Mapping):
                    moments |= USES
                continue
            found = index[key] = card_reach(asset, move)
        marked = record["abilities"]
        for ability, reach in found:
            if ability < len(marked) and marked[ability]:
                moments |= reach
    return moments


def no_uses(ctx: Step, move: Move) -> bool:
    """Whether no ability can be used before this move's roll: no asset is named (the
    ``asset`` input, checked against the cards even when none acts) and no marked ability
    of the character reaches the move."""
    if ctx.data.get("asset") not in (None, [], ()):
        return False
    name = ctx.data["character"]  # (ctx.char, without the property's call: every roll)
    char = ctx.state.characters.get(name) or ctx.state.character(name)
    return not (reached(ctx.engine.ruleset, char.assets, move) & USES)
