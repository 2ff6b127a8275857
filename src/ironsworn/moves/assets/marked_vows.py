"""Vows an asset gives a special mark, and what the mark does later.

Fortune Hunter 1: "When you Swear an Iron Vow to someone under the promise of payment ...
give the quest a special mark. When you successfully Fulfill Your Vow to them, take +wealth
equal to the rank of the quest." Oathbreaker 1: "One time only, when you Swear an Iron Vow to
redeem yourself (extreme or greater), give that vow a special mark"; Oathbreaker 3: "When you
Fulfill Your Vow on your marked quest and score a hit, you find redemption and automatically
activate this ability at no cost."

The marks are kept in the character's flag ``marked_vows`` ({track id: [mark, ...]}). In
``assets.json`` a gain ``mark_vow`` gives one, the condition ``marked_vow`` asks for one, the
gain ``activate`` marks another ability of the card at no cost (its one-time change is then
asked, see :mod:`~ironsworn.moves.assets.sheet_changes`), and ``track:NAME: "rank"`` adds the
vow's rank to a card's track.

Shadow-Kin 3: "On a weak hit [of Face Death], if you choose to undertake a deathbound quest,
you may roll +shadow (instead of +heart) and reroll any dice as you Swear an Iron Vow. When you
Fulfill Your Vow on that quest and mark experience, take +2 experience": the vow sworn at
death's door is marked ``deathbound`` (see :func:`deathbound_swear`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.moves.step import Step

# The rules of each mark: the least rank it takes, and whether a character gives it once.
MARKS: dict[str, dict[str, Any]] = {
    "paid": {"min_rank": 1, "once": False},
    "redemption": {"min_rank": 4, "once": True},
    "deathbound": {"min_rank": 1, "once": False},
}
SHADOW_KIN_3 = "asset.ability:classic/path/shadow_kin.2"


def _marks(ctx: Step) -> dict[str, list[str]]:
    return {k: list(v) for k, v in (ctx.char.flags.get("marked_vows") or {}).items()}


def is_marked(ctx: Step, mark: str) -> bool:
    """Whether this move's vow carries ``mark``."""
    track = ctx.data.get("track")
    return bool(track) and mark in _marks(ctx).get(str(track), [])


def mark_vow(ctx: Step, use: Mapping[str, Any], mark: str) -> None:
    """Give this move's vow the card's mark (refused with a note when the card says no)."""
    track_id = ctx.data.get("track")
    if not track_id or track_id not in ctx.state.tracks:
        ctx.note(f"{use['label']}: no vow to mark")
        return
    track = ctx.state.tracks[str(track_id)]
    rules = MARKS[mark]
    marks = _marks(ctx)
    if rules["once"] and any(mark in v for v in marks.values()):
        ctx.note(f"{use['label']}: a vow already carries its mark (one time only)")
        return
    if Rank.parse(track.rank).value < int(rules["min_rank"]):
        least = Rank(int(rules["min_rank"])).label
        ctx.note(
            f"{use['label']}: {track.name} is {track.rank}; the mark is for a vow of {least} "
            "or more"
        )
        return
    marks.setdefault(track.id, []).append(mark)
    ctx.flag("marked_vows", marks)
    ctx.note(f"{use['label']}: {track.name} is marked ({mark})")


def rank_of(ctx: Step) -> int:
    """The rank (1-5) of this move's vow."""
    return Rank.parse(ctx.state.tracks[str(ctx.data["track"])].rank).value


def activate(ctx: Step, use: Mapping[str, Any], index: int) -> None:
    """Mark ability ``index`` of the card at no cost, then ask its one-time change (asked now
    too when it was marked already: Oathbreaker 3 bought with Advance waits for this hit)."""
    from ironsworn.moves.assets.sheet_changes import after_marking, ask_when_met

    record = ctx.char.asset(str(use["asset"]))
    if record["abilities"][index]:
        ask_when_met(ctx, str(record["id"]), index)
        return
    ctx.emit(
        {
            "type": "asset_ability",
            "character": ctx.name,
            "asset": record["id"],
            "ability": index,
            "from": False,
            "to": True,
        }
    )
    ctx.note(f"{record['name']} {index + 1} is marked at no cost")
    after_marking(ctx.engine, ctx.name, str(record["id"]), index, True, condition_met=True)


def deathbound_swear(ctx: Step) -> dict[str, Any]:
    """What the vow sworn after Face Death's weak hit takes when Shadow-Kin 3 was used on
    Face Death: +shadow and Shadow-Kin 3 named (its reroll, and the vow's mark)."""
    if short_move(ctx) != "face_death":
        return {}
    uses = ctx.data.get("asset_uses") or ()
    if not any(u.get("ability_id") == SHADOW_KIN_3 for u in uses):
        return {}
    return {"stat": "shadow", "asset": "shadow_kin:3"}


def short_move(ctx: Step) -> str:
    return str(ctx.data.get("move") or "").rsplit("/", 1)[-1]
