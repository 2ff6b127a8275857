"""Starforged quest moves: Swear an Iron Vow, Reach a Milestone, Fulfill Your Vow, Forsake Your
Vow. Fulfilling a vow marks the quests legacy track (and lifts a burden sworn at a threshold)."""

from __future__ import annotations

from collections.abc import Sequence

from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, before_roll, no_roll, on_outcome, on_resume
from ironsworn.moves.setup import vow_sworn
from ironsworn.moves.starforged._common import (
    RULESET,
    M,
    S,
    W,
    allies_of,
    clear_lowest_boxes,
    close,
    mark_legacy,
    new_track,
    reward,
    set_impact,
    set_track_field,
    sf,
    take_next_move_add,
)
from ironsworn.ranks import Rank


@before_roll("swear_an_iron_vow", ruleset=RULESET)
def swear_before(ctx: Step) -> None:
    """ "If you swear this vow to a connection, add +1; if you share a bond, add +2"."""
    ctx.engine.resolve_track(ctx, ("vow",))
    take_next_move_add(ctx)
    helper = ctx.data.get("with")
    if helper:
        track = ctx.state.track(str(helper), ("connection",))
        add = 2 if track.bonded else 1
        sworn = f"sworn to {track.name}" + (" (a bond)" if track.bonded else "")
        ctx.add_to_roll(add, f"a vow {sworn}")
        ctx.note(f"+{add}: {sworn}")


@on_outcome("swear_an_iron_vow", ruleset=RULESET)
def swear_an_iron_vow(ctx: Step) -> None:
    """Strong: +2 momentum; weak: +1 momentum; miss: a significant obstacle first."""
    vow_sworn(ctx.state, ctx.engine, ctx.char.name, str(ctx.data["track"]))
    if ctx.outcome is S:
        ctx.momentum(2)
    elif ctx.outcome is W:
        ctx.momentum(1)
        ctx.note("envision what you do to find a path forward")
    else:
        ctx.note("you must overcome a significant obstacle before you begin: envision it")


@before_roll("reach_a_milestone", ruleset=RULESET)
@before_roll("fulfill_your_vow", ruleset=RULESET)
def vow_before(ctx: Step) -> None:
    """The vow the move is made on, found (or the move refused) before it does anything (see
    the classic moves' vow_before)."""
    ctx.engine.resolve_track(ctx, ("vow",))


@no_roll("reach_a_milestone", ruleset=RULESET)
def reach_a_milestone(ctx: Step) -> None:
    """ "You may mark progress per the rank of the vow"."""
    ctx.mark_progress(ctx.track(("vow",)))  # (found by vow_before)


@on_outcome("fulfill_your_vow", ruleset=RULESET)
def fulfill_your_vow(ctx: Step) -> None:
    """Strong: the quests legacy reward per rank, for you and the allies on the vow. Weak: the
    full reward if you swear a vow to set things right, else one rank lower. Miss: forsake, or
    recommit (clear the lowest challenge die in boxes, raise the rank)."""
    if ctx.outcome is M:
        ctx.choose(
            "sf.fulfill_your_vow.miss",
            [
                ("forsake", "give up on the quest: Forsake Your Vow"),
                ("recommit", "recommit: clear progress (lowest challenge die), raise the rank"),
            ],
            prompt="your vow is undone: choose one",
        )
        return
    if ctx.outcome is W:
        ctx.choose(
            "sf.fulfill_your_vow.weak_hit",
            [
                ("swear", "Swear an Iron Vow to set things right: the full legacy reward"),
                ("lower", "the legacy reward one rank lower"),
            ],
            prompt="there is more to be done",
        )
        return
    _fulfilled(ctx, lower=False)


@on_resume("sf.fulfill_your_vow.weak_hit")
def fulfill_weak(ctx: Step, keys: list[str]) -> None:
    """ "If you Swear an Iron Vow to set things right, take your full legacy reward": the new
    vow's rank and name are asked, then it is sworn."""
    track = ctx.state.tracks[ctx.data["track"]]
    _fulfilled(ctx, lower=keys[0] == "lower")
    if keys[0] == "swear":
        ask_new_vow(ctx, "to set things right", f"Set right: {track.name}")


def ask_new_vow(
    ctx: Step,
    why: str,
    default: str,
    ranks: Sequence[Rank] = tuple(Rank),
    link: tuple[str, str] | None = None,
    swear: str | None = None,
    sworn_to: str | None = None,
) -> None:
    """An outcome that says to Swear an Iron Vow: ask the new vow's rank and name (the
    ``default`` when none is given), then create it and make Swear an Iron Vow on it.
    ``link`` (a flag, a track id) remembers what the vow's fulfilment brings (a bond).
    ``swear`` is the move made on it: Starforged's unless a classic move names its own;
    ``sworn_to``, whom the vow is to (its ``with``: a classic bond's +1, and Forge a Bond's
    reroll once it is fulfilled)."""
    ctx.choose(
        "sf.new_vow",
        [(r.label, f"{'an' if r.label[0] in 'aeiou' else 'a'} {r.label} vow") for r in ranks],
        prompt=f"Swear an Iron Vow {why}: choose its rank",
        text={"prompt": "name the vow", "default": default},
        link=list(link) if link else None,
        swear=swear,
        sworn_to=sworn_to,
    )


@on_resume("sf.new_vow")
def new_vow(ctx: Step, keys: list[str]) -> None:
    vow = new_track(ctx, "vow", str(ctx.data["text"]), keys[0])
    link = ctx.data["context"].get("link")
    if link:
        flag, target = str(link[0]), str(link[1])
        vows = dict(ctx.char.flags.get(flag) or {})
        vows[vow] = target
        ctx.flag(flag, vows)
    to = ctx.data["context"].get("sworn_to")
    ctx.follow(
        str(ctx.data["context"].get("swear") or sf("swear_an_iron_vow")),
        track=vow,
        **({"with": str(to)} if to else {}),
    )


def _fulfilled(ctx: Step, lower: bool) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    close(ctx, track, "fulfilled")
    ticks = reward(track.rank, lower)
    for name in allies_of(ctx, track):
        mark_legacy(ctx.engine, name, "quests", ticks)
        _quest_done(ctx, name, track.id)


def _quest_done(ctx: Step, name: str, vow: str) -> None:
    """A burden clears when its quest is done; a connection's loyalty vow restores it."""
    char = ctx.state.character(name)
    burdens = dict(char.flags.get("burden_vows") or {})
    if vow in burdens:
        impact = str(burdens.pop(vow))
        ctx.flag("burden_vows", burdens or None, who=name)
        set_impact(ctx.engine, name, impact, False)
    loyalty = dict(char.flags.get("loyalty_vows") or {})
    if vow in loyalty:
        connection = ctx.state.tracks[str(loyalty.pop(vow))]
        ctx.flag("loyalty_vows", loyalty or None, who=name)
        set_track_field(ctx, connection, "no_benefit", False)
    bonds = dict(char.flags.get("bond_vows") or {})
    if vow in bonds:
        from ironsworn.moves.starforged.connection import gain_bond

        connection = ctx.state.tracks[str(bonds.pop(vow))]
        ctx.flag("bond_vows", bonds or None, who=name)
        gain_bond(ctx, connection)


@on_resume("sf.fulfill_your_vow.miss")
def fulfill_miss(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "recommit":
        clear_lowest_boxes(ctx, track)
    else:
        ctx.follow(sf("forsake_your_vow"), track=track.id)


FORSAKE = [
    ("endure_stress", "you are demoralized: Endure Stress"),
    ("test_relationship", "a connection loses faith: Test Your Relationship when you next meet"),
    ("discard_asset", "you must abandon a path or resource: discard an asset"),
    ("someone_pays", "someone else pays a price"),
    ("enemy_gains", "someone else takes advantage: an enemy gains power"),
    ("reputation", "your reputation suffers"),
]


@no_roll("forsake_your_vow", ruleset=RULESET)
def forsake_your_vow(ctx: Step) -> None:
    """ "Clear the vow. Then ... choose one or more as appropriate"."""
    track = ctx.engine.resolve_track(ctx, ("vow",))
    close(ctx, track, "forsaken")
    for name in allies_of(ctx, track):
        for key in ("loyalty_vows", "bond_vows"):
            vows = dict(ctx.state.character(name).flags.get(key) or {})
            if track.id in vows and key == "loyalty_vows":
                # "If you refuse or fail the quest, the connection is permanently undone."
                close(ctx, ctx.state.tracks[str(vows[track.id])], "lost")
    options = [o for o in FORSAKE if o[0] != "discard_asset" or ctx.char.assets]
    ctx.choose(
        "sf.forsake_your_vow.cost",
        options,
        count=len(options),
        minimum=1,
        prompt="envision the impact of this failure: choose one or more",
        rank=track.rank,
    )


@on_resume("sf.forsake_your_vow.cost")
def forsake_cost(ctx: Step, keys: list[str]) -> None:
    for key in keys:
        if key == "endure_stress":
            # ENGINE CHOICE: the stress is the vow's rank, at most -3 (major stress): the move
            # names no amount.
            amount = min(3, Rank.parse(str(ctx.data["context"]["rank"])).harm)
            ctx.follow(sf("endure_stress"), amount=amount)
        elif key == "discard_asset":
            from ironsworn.moves.assets.cards import HELD_ASSETS, held_options

            ctx.choose(
                "sf.forsake_your_vow.discard",
                held_options(ctx.char.assets),
                prompt="which asset do you discard?",
                answers=HELD_ASSETS,
            )
        elif key == "test_relationship":
            ctx.note("a connection loses faith: Test Your Relationship when you next interact")
        else:
            ctx.note(dict(FORSAKE)[key])


@on_resume("sf.forsake_your_vow.discard")
def forsake_discard(ctx: Step, keys: list[str]) -> None:
    # (its name; an older decision's key: its id)
    discard_asset(ctx, str(ctx.char.asset(keys[0])["id"]))


def discard_asset(ctx: Step, asset_id: str, who: str | None = None) -> None:
    """Discard a card from ``who``'s sheet; a crew card (the STARSHIP, a module, a support
    vehicle: one record for the crew) from every crew member's."""
    char = ctx.state.character(who or ctx.name)
    index = next((i for i, a in enumerate(char.assets) if a["id"] == asset_id), None)
    if index is None:
        raise InvalidValue(f"{char.name} has no asset {asset_id!r}")
    holders = [char.name]
    if char.assets[index].get("crew"):
        holders += [
            c.name
            for c in ctx.state.characters.values()
            if c.name != char.name and any(a["id"] == asset_id and a.get("crew") for a in c.assets)
        ]
    for name in holders:
        cards = ctx.state.character(name).assets
        at = next(i for i, a in enumerate(cards) if a["id"] == asset_id)
        ctx.emit(
            {
                "type": "asset_removed",
                "character": name,
                "asset": asset_id,
                "index": at,
                "record": cards[at],
            }
        )
