"""The vow sworn at a threshold (Face Death, Face Desolation: classic and Starforged) is the
player's to name: its name is asked with the answer that swears it (``choose KEY --text
WORDS``), the engine's name when none is given; then Swear an Iron Vow is made on it."""

from __future__ import annotations

import pytest
from moves_support import STRONG, WEAK, Game, fx
from sf_support import StarforgedGame, move_text

from ironsworn.errors import IronswornError
from shared_files import RULEBOOK_SEED, shared_file


def test_the_classic_rows_quote_the_rulebook() -> None:
    text = " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())
    for row in CLASSIC:
        assert row[1] in text, row


# Each row: the move, its rulebook line (seed 000), the weak hit's answer, the burden, the
# words given (None: the default) and the vow's name.
CLASSIC = [
    (
        "face death",
        # L2366-2368
        "Envision what it wants (Ask the Oracle if unsure), and Swear an",
        "death_desires",
        "debility:cursed",
        "Bring the Ember Crown to the barrow",
        "Bring the Ember Crown to the barrow",
    ),
    (
        "face death",
        "Death desires something",
        "death_desires",
        "debility:cursed",
        None,
        "What death desires",
    ),
    (
        "face desolation",
        # L2476-2478
        "dark future (Ask the Oracle if unsure), and Swear an Iron Vow",
        "vision",
        "debility:tormented",
        "Stop the burning of Deepwater",
        "Stop the burning of Deepwater",
    ),
    (
        "face desolation",
        "vision of a dreaded event",
        "vision",
        "debility:tormented",
        None,
        "Prevent the dreaded vision",
    ),
]


@pytest.mark.parametrize(
    ("move", "quote", "answer", "burden", "words", "name"),
    CLASSIC,
    ids=["death.named", "death.default", "desolation.named", "desolation.default"],
)
def test_classic_threshold_vow_is_named(
    game: Game, move: str, quote: str, answer: str, burden: str, words: str | None, name: str
) -> None:
    game.move(move, WEAK, choose=[answer])
    pending = game.state.pending
    assert pending is not None
    default = "What death desires" if move == "face death" else "Prevent the dreaded vision"
    assert pending["text"] == {
        "prompt": "name the vow",
        "default": default,
        "keys": ["formidable", "extreme"],
    }
    assert name == (words or default)
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["formidable"], text=words))
    assert fx(result) == [("vow-1", None, name), (burden, False, True), ("momentum", 2, 4)]
    assert game.state.tracks["vow-1"].rank == "formidable"
    assert [m.name for m in result.moves] == ["Swear an Iron Vow"]
    # Undo: the state is the fold of its events, and without the choice there is no vow.
    assert game.refold().to_dict() == game.snapshot()


def test_classic_refusal_takes_no_words(game: Game) -> None:
    """ "If you ... refuse the quest, you are dead" (L2369-2370): refusing names no vow."""
    game.move("face death", WEAK, choose=["death_desires"])
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.engine.choose(["refuse"], text="Anything")
    assert "only formidable, extreme takes words" in str(error.value)
    assert "\n" not in str(error.value)
    assert game.snapshot() == before


# Each row: the move, its quoted text (seed 003), the burden, the words and the quest's name.
STARFORGED = [
    (
        "face death",
        "[Swear an Iron Vow](move:starforged/quest/swear_an_iron_vow) to complete an extreme quest",
        "impact:doomed",
        "Return the Warden's heart",
        "Return the Warden's heart",
    ),
    (
        "face death",
        "When you complete the deathbound quest",
        "impact:doomed",
        None,
        "The deathbound quest",
    ),
    (
        "face desolation",
        "to prevent it through an extreme quest",
        "impact:tormented",
        "Stop the fall of Bleakhold",
        "Stop the fall of Bleakhold",
    ),
    (
        "face desolation",
        "When you complete the soul-bound quest",
        "impact:tormented",
        None,
        "The soul-bound quest",
    ),
]


@pytest.mark.parametrize(
    ("move", "quote", "burden", "words", "name"),
    STARFORGED,
    ids=["death.named", "death.default", "desolation.named", "desolation.default"],
)
def test_starforged_threshold_quest_is_named(
    move: str, quote: str, burden: str, words: str | None, name: str
) -> None:
    assert quote in move_text(move)
    game = StarforgedGame()
    game.move(move, WEAK)
    pending = game.state.pending
    assert pending is not None
    assert pending["text"]["keys"] == ["quest"]
    assert pending["text"]["prompt"] == "name the extreme quest"
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["quest"], text=words))
    assert fx(result, "Kira") == [(burden, False, True), ("vow-1", None, name), ("momentum", 2, 4)]
    assert game.state.tracks["vow-1"].rank == "extreme"
    assert game.char().flags["burden_vows"] == {"vow-1": burden.split(":")[1]}
    assert game.refold().to_dict() == game.snapshot()


@pytest.mark.parametrize(
    ("keys", "text", "named"),
    [
        (["noble_sacrifice"], "My last stand", "only quest takes words"),
        (["quest"], "x" * 81, "1-80 characters"),
        (["quest"], "  ", "1-80 characters"),
    ],
    ids=["not_asked", "too_long", "blank"],
)
def test_starforged_bad_words_change_nothing(keys: list[str], text: str, named: str) -> None:
    game = StarforgedGame()
    game.move("face death", WEAK)
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.engine.choose(keys, text=text)
    assert named in str(error.value) and "\n" not in str(error.value)
    assert game.snapshot() == before


# Classic bonds whose weak hit says "do it (or Swear an Iron Vow)": the move, its rulebook
# line (seed 000), its --with, the words (None: the default) and the vow made, and the bond
# effects of the answer before the vow.
BOND_VOWS = [
    (
        "forge a bond",
        "is (Ask the Oracle if unsure), do it (or Swear an Iron Vow), and mark",  # L1976
        "Kei",
        "Guard the ferry at Deepwater",
        "Guard the ferry at Deepwater",
        [("bond:Kei", False, True), ("bonds", 1, 2)],
    ),
    (
        "forge a bond",
        "do it (or Swear an Iron Vow)",
        "Kei",
        None,
        "The request of Kei",
        [("bond:Kei", False, True), ("bonds", 1, 2)],
    ),
    (
        "test your bond",
        "Envision what they ask of you (Ask the Oracle if unsure), and do it (or",  # L1992
        "Elda",
        "Find Elda's lost son",
        "Find Elda's lost son",
        [],
    ),
    ("test your bond", "and do it (or", "Elda", None, "Prove my loyalty to Elda", []),
]


def test_the_bond_rows_quote_the_rulebook() -> None:
    text = " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())
    for row in BOND_VOWS:
        assert row[1] in text, row


@pytest.mark.parametrize(
    ("move", "quote", "bond", "words", "name", "bonded"),
    BOND_VOWS,
    ids=["forge.named", "forge.default", "test.named", "test.default"],
)
def test_classic_bond_vow_is_sworn(
    game: Game,
    move: str,
    quote: str,
    bond: str,
    words: str | None,
    name: str,
    bonded: list[tuple[str, object, object]],
) -> None:
    result = game.move(move, WEAK, **{"with": bond})
    result = game.choose(["swear"])
    assert fx(result) == bonded
    pending = game.state.pending
    assert pending is not None
    assert [o["key"] for o in pending["options"]] == [
        "troublesome",
        "dangerous",
        "formidable",
        "extreme",
        "epic",
    ]
    default = f"The request of {bond}" if move == "forge a bond" else f"Prove my loyalty to {bond}"
    assert pending["text"] == {"prompt": "name the vow", "default": default, "keys": None}
    assert name == (words or default)
    game.dice(STRONG)
    result = game._keep(game.engine.choose(["dangerous"], text=words))
    assert fx(result) == [("vow-1", None, name), ("momentum", 2, 4)]
    assert [m.name for m in result.moves] == ["Swear an Iron Vow"]
    assert game.state.tracks["vow-1"].rank == "dangerous"
    assert game.refold().to_dict() == game.snapshot()


@pytest.mark.parametrize(
    ("keys", "text", "named"),
    [
        (["dangerous"], "x" * 81, "1-80 characters"),
        (["mythic"], "Guard the ferry", "'mythic' is not offered"),
    ],
    ids=["too_long", "bad_rank"],
)
def test_classic_bond_vow_bad_answer_changes_nothing(
    game: Game, keys: list[str], text: str, named: str
) -> None:
    game.move("test your bond", WEAK, **{"with": "Elda"})
    game.choose(["swear"])
    before = game.snapshot()
    with pytest.raises(IronswornError) as error:
        game.engine.choose(keys, text=text)
    assert named in str(error.value) and "\n" not in str(error.value)
    assert game.snapshot() == before


@pytest.mark.parametrize(
    ("words", "name"),
    [("Break the Iron Wolves' hold", "Break the Iron Wolves' hold"), (None, "Set right: Avenge")],
    ids=["named", "default"],
)
def test_classic_fulfill_your_vow_weak_hit_swears_now(
    game: Game, words: str | None, name: str
) -> None:
    """Fulfill Your Vow's weak hit: "You may Swear an Iron Vow to set things right. If you do,
    add +1" (L2553-2554): the new vow is sworn now, its roll +1."""
    game.track("vow", "Avenge", "dangerous", ticks=16)
    game.move("fulfill your vow", (1, 9))
    game.choose(["swear"])
    pending = game.state.pending
    assert pending is not None and pending["text"]["default"] == "Set right: Avenge"
    game.dice((3, 5, 10))  # 3 + heart 2 + 1 = 6 beats 5: a weak hit only with the +1
    result = game._keep(game.engine.choose(["formidable"], text=words))
    assert fx(result)[0] == ("vow-2", None, name)
    swear = result.moves[0]
    assert swear.name == "Swear an Iron Vow" and swear.outcome == "weak_hit"
    assert swear.roll is not None and swear.roll["adds"] == 1
    assert "vow_add" not in game.char().flags
    assert game.refold().to_dict() == game.snapshot()


def test_the_fulfill_row_quotes_the_rulebook() -> None:
    text = " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())
    assert "You may Swear an Iron Vow to set things right. If" in text
