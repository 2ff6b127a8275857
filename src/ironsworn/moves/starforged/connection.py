"""Starforged connection moves: Make a Connection, Develop Your Relationship, Test Your
Relationship, Forge a Bond. A connection is a progress track with a role; a bond marks the
bonds legacy track."""

from __future__ import annotations

from ironsworn.campaign.state import TrackState
from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.moves.engine import Step, before_roll, on_outcome, on_resume
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
    set_track_field,
    sf,
    take_next_move_add,
)
from ironsworn.ranks import Rank

RANKS = [(r.label, r.label) for r in Rank]


@before_roll("make_a_connection", ruleset=RULESET)
def make_before(ctx: Step) -> None:
    if not ctx.data.get("with"):
        from ironsworn.errors import OptionNeeded

        # Asked, in the player's own words: the people the story has met come first.
        met = [p for p in ctx.state.people if not _is_connection(ctx, p)]
        raise OptionNeeded(
            "Make a Connection: whom do you seek out? (a name, in your words)",
            "with",
            tuple((p, f"{p} (met in the story)") for p in met),
            subject="Make a Connection",
            open=True,
        )
    rank = ctx.data.get("rank")
    if rank:
        ctx.data["rank"] = Rank.parse(str(rank)).label
    from ironsworn.moves.starforged.inheritance import rebuilt_connection

    if rebuilt_connection(ctx, str(ctx.data["with"])):
        # Continue a Legacy's rebuilt connection: no roll, the strong hit's connection.
        ctx.data["skip_roll"] = True
        ask_rank_and_role(ctx)
        return
    take_next_move_add(ctx)


def _is_connection(ctx: Step, name: str) -> bool:
    """Whether ``name`` is one of the campaign's connections already (open or not)."""
    return any(
        t.kind == "connection" and t.name.casefold() == name.casefold()
        for t in ctx.state.tracks.values()
    )


@on_outcome("make_a_connection", ruleset=RULESET)
def make_a_connection(ctx: Step) -> None:
    """Hit: "you create a connection. Give them a role and rank" (a weak hit also comes with a
    complication). Miss: Pay the Price."""
    if ctx.outcome is M:
        ctx.follow(sf("pay_the_price"))
        return
    if ctx.outcome is W:
        ctx.note("this connection comes with a complication or cost: envision it")
    ask_rank_and_role(ctx)


ROLE_WORDS = {"prompt": "give them a role", "default": None}


def ask_rank_and_role(ctx: Step) -> None:
    """ "Give them a role and rank": what the rank and role inputs left out is asked (the role as
    the words of the answer)."""
    rank, role = ctx.data.get("rank"), ctx.data.get("role")
    if rank and role:
        _connect(ctx, str(rank), str(role))
    elif rank:
        ctx.choose(
            "sf.make_a_connection.role",
            [("role", f"a {rank} connection: give them a role")],
            prompt="give the connection a role",
            text=ROLE_WORDS,
        )
    else:
        ctx.choose(
            "sf.make_a_connection.rank",
            RANKS,
            prompt="give the connection a rank" + ("" if role else " and a role"),
            text=None if role else ROLE_WORDS,
        )


@on_resume("sf.make_a_connection.rank")
def connection_rank(ctx: Step, keys: list[str]) -> None:
    _connect(ctx, keys[0], str(ctx.data.get("role") or ctx.data["text"]))


@on_resume("sf.make_a_connection.role")
def connection_role(ctx: Step, keys: list[str]) -> None:
    _connect(ctx, str(ctx.data["rank"]), str(ctx.data["text"]))


def _connect(ctx: Step, rank: str, role: str) -> None:
    new_track(ctx, "connection", str(ctx.data["with"]), rank, role=role)


def _connection(ctx: Step) -> TrackState:
    track = ctx.engine.resolve_track(ctx, ("connection",))
    return track


@before_roll("develop_your_relationship", ruleset=RULESET)
def develop_before(ctx: Step) -> None:
    """Without a bond: mark progress per rank, no roll. With a bond: "roll +their rank"
    (troublesome=+1 ... epic=+5)."""
    track = _connection(ctx)
    if not track.bonded:
        ctx.mark_progress(track)
        ctx.data["skip_roll"] = True
        return
    ctx.data["custom_value"] = int(Rank.parse(track.rank))
    take_next_move_add(ctx)


@on_outcome("develop_your_relationship", ruleset=RULESET)
def develop_your_relationship(ctx: Step) -> None:
    """Strong: 2 ticks on bonds legacy (with a match, you may raise their rank). Weak: +2
    momentum. Miss: no lasting benefit."""
    track = ctx.track(("connection",))
    if ctx.outcome is S:
        mark_legacy(ctx.engine, ctx.name, "bonds", 2)
        if ctx.roll.get("match") and Rank.parse(track.rank) is not Rank.EPIC:
            ctx.choose(
                "sf.develop_your_relationship.raise",
                [("raise", f"raise {track.name}'s rank by one")],
                minimum=0,
                prompt="a match: recent events bolstered their standing",
            )
    elif ctx.outcome is W:
        ctx.momentum(2)
    else:
        ctx.note("you take no lasting benefit")


@on_resume("sf.develop_your_relationship.raise")
def develop_raise(ctx: Step, keys: list[str]) -> None:
    if keys:
        track = ctx.state.tracks[ctx.data["track"]]
        rank = Rank.parse(track.rank).raised().label
        ctx.emit({"type": "rank", "track": track.id, "from": track.rank, "to": rank})


@before_roll("test_your_relationship", ruleset=RULESET)
def test_before(ctx: Step) -> None:
    """ "If you share a bond, add +1". "On a miss, or if you have no interest in maintaining
    this relationship, choose one": with ``abandon`` no roll is made and the choice is asked."""
    track = _connection(ctx)
    if ctx.data.get("abandon"):
        ctx.data["skip_roll"] = True
        ctx.note(f"no interest in maintaining the relationship with {track.name}: choose one")
        _lose_or_prove(ctx, track)
        return
    take_next_move_add(ctx)
    if track.bonded:
        ctx.add_to_roll(1, f"a bond with {track.name}")
        ctx.note(f"+1: you share a bond with {track.name}")


@on_outcome("test_your_relationship", ruleset=RULESET)
def test_your_relationship(ctx: Step) -> None:
    """Hit: Develop Your Relationship (a weak hit adds a demand). Miss: lose the connection (Pay
    the Price), or prove your loyalty with a vow (formidable or greater), no benefit until done.
    """
    track = ctx.track(("connection",))
    if ctx.outcome is M:
        _lose_or_prove(ctx, track)
        return
    if ctx.outcome is W:
        ctx.note("envision a demand or complication as a fallout of this test")
    ctx.follow(sf("develop_your_relationship"), track=track.id)


def _lose_or_prove(ctx: Step, track: TrackState) -> None:
    """Lose the connection, or prove your loyalty with a vow (formidable or greater)."""
    ctx.choose(
        "sf.test_your_relationship.miss",
        [
            ("lose", "lose the connection: Pay the Price"),
            ("formidable", "prove your loyalty: a formidable vow"),
            ("extreme", "prove your loyalty: an extreme vow"),
            ("epic", "prove your loyalty: an epic vow"),
        ],
        prompt="choose one",
        text={
            "prompt": "name the vow that proves your loyalty",
            "default": f"Prove my loyalty to {track.name}",
            "keys": ["formidable", "extreme", "epic"],
        },
    )


@on_resume("sf.test_your_relationship.miss")
def test_miss(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "lose":
        close(ctx, track, "lost")
        ctx.follow(sf("pay_the_price"))
        return
    vow = new_track(ctx, "vow", str(ctx.data["text"]), keys[0])
    set_track_field(ctx, track, "no_benefit", True)
    vows = dict(ctx.char.flags.get("loyalty_vows") or {})
    vows[vow] = track.id
    ctx.flag("loyalty_vows", vows)
    ctx.follow(sf("swear_an_iron_vow"), track=vow)


@before_roll("forge_a_bond", ruleset=RULESET)
def forge_before(ctx: Step) -> None:
    track = _connection(ctx)
    if track.bonded:
        raise RuleViolation(f"you already share a bond with {track.name}")


@on_outcome("forge_a_bond", ruleset=RULESET)
def forge_a_bond(ctx: Step) -> None:
    """Strong: a bond; the bonds legacy reward per rank (and for allies on the connection);
    then bolster or expand their influence. Weak: they ask something more first (do it now, or
    swear a vow: the bond comes when it is fulfilled). Miss: recommit (clear the lowest
    challenge die in boxes, raise the rank) or let it be."""
    track = ctx.track(("connection",))
    if ctx.outcome is S:
        gain_bond(ctx, track)
    elif ctx.outcome is W:
        ctx.choose(
            "sf.forge_a_bond.weak_hit",
            [
                ("done", "you do what they ask now: gain the bond"),
                ("vow", "Swear an Iron Vow to see it done: the bond comes when it is fulfilled"),
            ],
            prompt="they ask something more of you first",
        )
    else:
        ctx.choose(
            "sf.forge_a_bond.miss",
            [
                ("recommit", "recommit: clear progress (lowest challenge die), raise the rank"),
                ("at_odds", "leave the relationship at odds"),
            ],
            prompt="they reveal a motivation that puts you at odds",
        )


def gain_bond(ctx: Step, track: TrackState) -> None:
    set_track_field(ctx, track, "bonded", True)
    for name in allies_of(ctx, track):
        mark_legacy(ctx.engine, name, "bonds", reward(track.rank))
    ctx.choose(
        "sf.forge_a_bond.influence",
        [
            ("bolster", "bolster their influence: +2 instead of +1 when they aid you"),
            ("expand", "expand their influence: give them a second role"),
        ],
        prompt=f"you share a bond with {track.name}: choose one",
        text={"prompt": f"give {track.name} a second role", "default": None, "keys": ["expand"]},
        connection=track.id,
    )


@on_resume("sf.forge_a_bond.influence")
def forge_influence(ctx: Step, keys: list[str]) -> None:
    """Bolster: +2 instead of +1 when they aid you. Expand: "Give them a second role. When
    they aid you on a move closely associated with either role, add +1 and take +1 momentum
    on a hit" (the second role is kept on the connection, beside the first)."""
    track = ctx.state.tracks[str(ctx.data["context"]["connection"])]
    if keys[0] == "bolster":
        set_track_field(ctx, track, "influence", "bolstered")
        return
    role = str(ctx.data["text"])
    if track.role is not None and role.lower() == track.role.lower():
        raise InvalidValue(
            input="text",
            value=role,
            accepted="a second, other role",
            why=f"is {track.name}'s role already",
        )
    set_track_field(ctx, track, "influence", "expanded")
    if track.role is None:
        # A connection made without a role: the role given now is its first.
        set_track_field(ctx, track, "role", role)
        ctx.note(f"{track.name} had no role yet: {role} is their role")
    else:
        set_track_field(ctx, track, "second_role", role)


@on_resume("sf.forge_a_bond.weak_hit")
def forge_weak(ctx: Step, keys: list[str]) -> None:
    track = ctx.state.tracks[ctx.data["track"]]
    if keys[0] == "done":
        gain_bond(ctx, track)
        return
    from ironsworn.moves.starforged.quest import ask_new_vow

    ask_new_vow(ctx, "to see it done", f"The request of {track.name}", link=("bond_vows", track.id))


@on_resume("sf.forge_a_bond.miss")
def forge_miss(ctx: Step, keys: list[str]) -> None:
    if keys[0] == "recommit":
        clear_lowest_boxes(ctx, ctx.state.tracks[ctx.data["track"]])
    else:
        ctx.note("the relationship stays at odds")
