"""Outcomes that say to Swear an Iron Vow create the vow (its rank and name are asked, then the
move is made on it), and Forge a Bond's "expand their influence" gives the connection a second
role kept beside the first. Words asked with an answer (``choose KEY --text WORDS``) are
checked, and a refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from sf_support import MISS, STRONG, WEAK, StarforgedGame, move_text

from ironsworn.errors import IronswornError

VOW = "Find my sister"


def with_vow(game: StarforgedGame, rank: str = "troublesome", ticks: int = 40) -> str:
    track_id = game.track("vow", VOW, rank).id
    if ticks:
        game._keep(game.sheet.progress(track_id, True, ticks=ticks))
    return track_id


def made(events: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The tracks created: (id, name, rank)."""
    return [
        (e["track"]["id"], e["track"]["name"], e["track"]["rank"])
        for e in events
        if e["type"] == "track_created"
    ]


def moves_made(events: list[dict[str, Any]]) -> list[str]:
    return [str(e.get("name")) for e in events if e["type"] == "move"]


# Each row: the move, its quoted text, the dice, the answers before the vow's rank is asked,
# the vow's words (None: the default), what the vow is, and the flag that remembers it.
NEW_VOWS = [
    (
        "fulfill_your_vow.weak.swear",
        "fulfill your vow",
        "If you [Swear an Iron Vow](move:starforged/quest/swear_an_iron_vow) to set things "
        "right, take your full legacy reward",
        (9, 10),
        [["swear"]],
        "Free the Vault of Ash",
        ("vow-2", "Free the Vault of Ash", "extreme"),
        None,
    ),
    (
        "fulfill_your_vow.weak.swear.default",
        "fulfill your vow",
        "If you [Swear an Iron Vow]",
        (9, 10),
        [["swear"]],
        None,
        ("vow-2", f"Set right: {VOW}", "extreme"),
        None,
    ),
    (
        "forge_a_bond.weak.vow",
        "forge a bond",
        "(or [Swear an Iron Vow](move:starforged/quest/swear_an_iron_vow) to see it done)",
        (1, 9),
        [["vow"]],
        "Carry Dax's message to Hearth",
        ("vow-2", "Carry Dax's message to Hearth", "extreme"),
        "bond_vows",
    ),
]


@pytest.mark.parametrize(
    ("case", "move", "quote", "dice", "before", "words", "vow", "flag"),
    NEW_VOWS,
    ids=[row[0] for row in NEW_VOWS],
)
def test_an_outcome_that_says_swear_creates_the_vow(
    case: str,
    move: str,
    quote: str,
    dice: tuple[int, ...],
    before: list[list[str]],
    words: str | None,
    vow: tuple[str, str, str],
    flag: str | None,
) -> None:
    assert quote in move_text(move)
    game = StarforgedGame()
    if move == "fulfill your vow":
        track = with_vow(game)
    else:
        track = game.connection("Dax", "extreme", ticks=24)  # connection-1: the vow is vow-2
    result = game.move(move, dice, track=track)
    for keys in before:
        result = game.choose(keys)
    pending = game.state.pending
    assert pending is not None
    assert [o["key"] for o in pending["options"]] == [
        "troublesome",
        "dangerous",
        "formidable",
        "extreme",
        "epic",
    ]
    assert pending["text"]["prompt"] == "name the vow"
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["extreme"], text=words))
    assert made(result.events) == [vow]
    assert moves_made(result.events) == ["Swear an Iron Vow"]
    assert game.char().momentum == 4  # Swear an Iron Vow's strong hit: +2 momentum
    if flag is not None:
        assert game.char().flags[flag] == {vow[0]: track}
    # Undo: the fold without the last operation is the state before the choice.
    assert game.refold().to_dict() == game.state.to_dict()


def test_fulfilling_the_request_vow_forges_the_bond() -> None:
    """Forge a Bond's weak hit: "To gain the bond and the legacy reward, envision the nature
    of the request, and do it (or Swear an Iron Vow to see it done)"."""
    game = StarforgedGame()
    dax = game.connection("Dax", "troublesome", ticks=24)
    game.move("forge a bond", (1, 9), track=dax)
    game.choose(["vow"])
    game.dice(STRONG)
    game._keep(game.engine.choose(["troublesome"], text="Carry the message"))
    game._keep(game.sheet.progress("vow-2", True, ticks=40))
    game.move("fulfill your vow", (1, 1), track="vow-2")
    assert game.state.tracks[dax].bonded
    assert game.state.pending is not None  # bolster or expand their influence


def test_prove_your_loyalty_names_its_vow() -> None:
    """Test Your Relationship's miss: "Prove your loyalty ... Swear an Iron Vow (formidable or
    greater) to see it done"."""
    assert "(formidable or greater) to see it done" in move_text("test your relationship")
    game = StarforgedGame()
    dax = game.connection("Dax", "formidable")
    game.move("test your relationship", MISS, track=dax)
    assert game.state.pending is not None
    assert game.state.pending["text"]["keys"] == ["formidable", "extreme", "epic"]
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["epic"], text="Find the Ember Crown"))
    assert made(result.events) == [("vow-2", "Find the Ember Crown", "epic")]
    assert game.state.tracks[dax].no_benefit


def expand_ready(role: str | None = "navigator") -> tuple[StarforgedGame, str]:
    game = StarforgedGame()
    dax = game.connection("Dax", "dangerous", role=role or "", ticks=24)
    game.move("forge a bond", (1, 1), track=dax)
    return game, dax


def test_expand_their_influence_gives_a_second_role_that_counts() -> None:
    """Forge a Bond: "Expand their influence: Give them a second role. When they aid you on a
    move closely associated with either role, add +1 and take +1 momentum on a hit"."""
    assert "Give them a second role" in move_text("forge a bond")
    game, dax = expand_ready()
    pending = game.state.pending
    assert pending is not None and pending["text"]["keys"] == ["expand"]
    result = game._keep(game.engine.choose(["expand"], text="smuggler"))
    fields = [(e["field"], e["to"]) for e in result.events if e["type"] == "track_field"]
    assert fields == [("influence", "expanded"), ("second_role", "smuggler")]
    track = game.state.tracks[dax]
    assert track.roles == ["navigator", "smuggler"]
    assert game.state.to_dict()["tracks"][dax]["second_role"] == "smuggler"
    # Where a role counts: Dax aids a move of either role, +1 and +1 momentum on a hit.
    result = game.move("face danger", STRONG, stat="edge", **{"with": dax})
    assert "+1: Dax (navigator or smuggler) aids you on a move of their role" in result.notes
    assert game.refold().to_dict() == game.state.to_dict()


def test_a_connection_without_a_role_takes_the_role_given() -> None:
    game, dax = expand_ready(role=None)
    game._keep(game.engine.choose(["expand"], text="smuggler"))
    assert game.state.tracks[dax].roles == ["smuggler"]


@pytest.mark.parametrize(
    ("keys", "text", "named"),
    [
        (["expand"], None, "expand: give Dax a second role (your own words)"),
        (["expand"], "Navigator", "is Dax's role already"),
        (["bolster"], "smuggler", "only expand takes words"),
        (["expand"], "x" * 81, "1-80 characters"),
        (["expand"], "   ", "1-80 characters"),
    ],
    ids=["missing", "same_role", "not_asked", "too_long", "blank"],
)
def test_words_with_an_answer_are_checked_and_a_refusal_changes_nothing(
    keys: list[str], text: str | None, named: str
) -> None:
    game, _ = expand_ready()
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.engine.choose(keys, text=text)
    assert named in str(error.value) and "\n" not in str(error.value)
    assert game.snapshot() == before


def test_a_choice_made_in_advance_waits_for_the_words_it_needs() -> None:
    game = StarforgedGame()
    dax = game.connection("Dax", "dangerous", ticks=24)
    game.move("forge a bond", (1, 1), track=dax, choose=["expand"])
    pending = game.state.pending
    assert pending is not None and pending["text"]["keys"] == ["expand"]
    assert game.state.tracks[dax].influence is None


def test_words_where_none_are_asked_are_refused() -> None:
    game = StarforgedGame()
    game.move("face danger", WEAK, stat="edge")
    before = game.snapshot()
    with pytest.raises(IronswornError, match="is not asked for by this answer"):
        game.engine.choose(["lose_momentum"], text="anything")
    assert game.snapshot() == before


@pytest.mark.parametrize(
    ("options", "keys", "made"),
    [
        ({}, ["formidable"], ("formidable", "navigator")),
        ({"rank": "dangerous"}, ["role"], ("dangerous", "navigator")),
        ({"role": "pilot"}, ["epic"], ("epic", "pilot")),
    ],
    ids=["rank_and_role", "role", "rank"],
)
def test_make_a_connection_asks_the_rank_and_role_left_out(
    options: dict[str, str], keys: list[str], made: tuple[str, str]
) -> None:
    """Make a Connection: "you create a connection. Give them a role and rank"."""
    assert "Give them a role and rank" in move_text("make a connection")
    game = StarforgedGame()
    game.move("make a connection", STRONG, **{"with": "Dax"}, **options)
    pending = game.state.pending
    assert pending is not None
    words = "navigator" if "role" not in options else None
    if words is not None:
        assert pending["text"]["prompt"] == "give them a role"
        before = game.snapshot()
        with pytest.raises(IronswornError, match="give them a role"):
            game.engine.choose(keys)
        assert game.snapshot() == before
    game._keep(game.engine.choose(keys, text=words))
    dax = game.state.tracks["connection-1"]
    assert (dax.rank, dax.role) == made


@pytest.mark.parametrize(
    ("words", "name"),
    [("Drive off the Iron Wolves", "Drive off the Iron Wolves"), (None, "The community's demand")],
    ids=["named", "default"],
)
def test_sojourn_vow_to_see_the_demand_done(words: str | None, name: str) -> None:
    """Sojourn's miss: "If you do it, or [Swear an Iron Vow] to see it done, resolve this
    move as a strong hit": the vow is sworn, then two recover moves are chosen."""
    assert "or [Swear an Iron Vow](move:starforged/quest/swear_an_iron_vow) to see it done" in (
        move_text("sojourn")
    )
    game = StarforgedGame()
    game.move("sojourn", MISS)
    game.choose(["swear"])
    pending = game.state.pending
    assert pending is not None and pending["text"]["default"] == "The community's demand"
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["dangerous"], text=words))
    assert made(result.events) == [("vow-1", name, "dangerous")]
    assert moves_made(result.events) == ["Swear an Iron Vow"]
    pending = game.state.pending
    assert pending is not None and "choose a recover move" in pending["prompt"]
    assert game.refold().to_dict() == game.state.to_dict()
    before = game.snapshot()
    with pytest.raises(IronswornError, match="is not asked for by this answer"):
        game.engine.choose(["heal"], text="anything")
    assert game.snapshot() == before
