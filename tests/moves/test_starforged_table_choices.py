"""The tables a Starforged move lets you roll on *or choose from* (seed 003): Make a Discovery
("roll on the table below or choose one"), Confront Chaos ("Roll that number of times or choose
that number of aspects"), Begin a Session ("you may roll or choose on the table below") and Pay
the Price ("choose one ... Roll on the table below", its obvious outcome being one of the rows).
Each row is offered; a chosen row is applied exactly as the same row rolled (table-driven: every
row, chosen and rolled)."""

from __future__ import annotations

from typing import Any

import pytest
from moves_support import fx
from sf_support import PRICE, StarforgedGame, keys, move_text, row_keys

from ironsworn.errors import InvalidValue
from ironsworn.moves.sheet import SheetOperations
from ironsworn.moves.starforged import vehicles

DISCOVERY_ROWS = row_keys("make a discovery")
CHAOS_ROWS = row_keys("confront chaos")
SESSION_ROWS = row_keys("begin a session")
PRICE_ROWS = row_keys("pay the price")


def low(key: str) -> int:
    return int(key.split("-")[0])


def notes(result: Any) -> list[str]:
    return [str(e.get("text")) for e in result.events if e.get("type") == "note"]


def test_the_texts_offer_the_choice() -> None:
    assert "roll on the table below or choose one" in move_text("make a discovery")
    assert "Roll that number of times or choose that number of aspects" in move_text(
        "confront chaos"
    )
    assert "you may roll or choose on the table below" in move_text("begin a session")
    assert "Roll on the table below. If the result doesn’t fit" in move_text("pay the price")
    # Every row of each table is a key (its range as printed), in order.
    assert DISCOVERY_ROWS[0] == "1-4" and DISCOVERY_ROWS[-1] == "91-100"
    assert len(CHAOS_ROWS) == 23 and len(SESSION_ROWS) == 10 and len(PRICE_ROWS) == 20


# --- Make a Discovery ------------------------------------------------------------------------


def test_make_a_discovery_asks_roll_or_a_row() -> None:
    g = StarforgedGame()
    result = g.move("make a discovery")
    assert keys(result) == ("roll_table", *DISCOVERY_ROWS)


@pytest.mark.parametrize("row", DISCOVERY_ROWS)
def test_make_a_discovery_row_chosen_or_rolled(row: str) -> None:
    """ "When you first experience or engage with the discovery, you and your allies may mark
    two ticks on your discoveries legacy track"; 91-100 "Roll twice" (chosen or rolled)."""
    twice = (5, 20) if row == "91-100" else ()
    results = {}
    for how, answer, dice in (("rolled", "roll_table", (low(row), *twice)), ("chosen", row, twice)):
        g = StarforgedGame()
        g.move("make a discovery")
        result = g.choose([answer], dice)
        results[how] = (fx(result, g.main), keys(result))
        said = " ".join(notes(result))
        text = next(
            line
            for line in move_text("make a discovery").splitlines()
            if line.startswith(f"{row} |")
        )
        assert text.split("| ", 1)[1] in said
        if twice:
            assert (
                "Ancient archive or message" in said and "Extraordinary natural phenomenon" in said
            )
        assert g.refold().to_dict() == g.state.to_dict()
    assert results["rolled"] == results["chosen"]
    assert results["chosen"][0] == [("legacy:discoveries", 0, 2)]


# --- Confront Chaos ----------------------------------------------------------------------------


@pytest.mark.parametrize("row", CHAOS_ROWS)
def test_confront_chaos_row_chosen_or_rolled(row: str) -> None:
    """One aspect: the row chosen, or rolled; "you and your allies may mark one tick"."""
    said = {}
    for how, answer, dice in (("rolled", "roll_table", (low(row),)), ("chosen", row, ())):
        g = StarforgedGame()
        result = g.move("confront chaos")
        assert keys(result) == ("roll_table", *CHAOS_ROWS)
        result = g.choose([answer], dice)
        assert fx(result, g.main) == [("legacy:discoveries", 0, 1)]
        said[how] = " ".join(notes(result))
    text = next(
        line for line in move_text("confront chaos").splitlines() if line.startswith(f"{row} |")
    )
    assert text.split("| ", 1)[1] in said["rolled"] and text.split("| ", 1)[1] in said["chosen"]


@pytest.mark.parametrize(
    ("aspects", "answer", "dice", "shown"),
    [
        (2, ["roll_table"], (1, 97), ["Baneful weapon", "Worshipers of great"]),
        (2, ["1-4", "97-100"], (), ["Baneful weapon", "Worshipers of great"]),
        (3, ["1-4", "roll_table"], (10, 33), ["Baneful weapon", "Dead given", "Impostors"]),
        (3, ["1-4"], (10, 33), ["Baneful weapon", "Dead given", "Impostors"]),
    ],
)
def test_confront_chaos_aspects_chosen_the_rest_rolled(
    aspects: int, answer: list[str], dice: tuple[int, ...], shown: list[str]
) -> None:
    """ "Roll that number of times or choose that number of aspects": any aspect not chosen is
    rolled; one tick per aspect."""
    g = StarforgedGame()
    g.move("confront chaos", amount=aspects)
    result = g.choose(answer, dice)
    said = " ".join(notes(result))
    assert all(s in said for s in shown)
    assert fx(result, g.main) == [("legacy:discoveries", 0, aspects)]


def test_confront_chaos_refuses_more_aspects_than_decided() -> None:
    g = StarforgedGame()
    g.move("confront chaos", amount=1)
    before = g.state.to_dict()
    with pytest.raises(InvalidValue, match="at most 1 aspects"):
        g.engine.choose(["1-4", "5-9"])
    assert g.state.to_dict() == before


# --- Take Decisive Action ----------------------------------------------------------------------

DECISIVE_ROWS = row_keys("take decisive action")


def _decisive(answer: str, dice: tuple[int, ...]) -> tuple[Any, ...]:
    """A weak hit in control (progress 5 against 1 and 9), then the cost rolled or chosen."""
    g = StarforgedGame()
    g.track("fight", "Drive off the raiders", "dangerous", ticks=20)
    g.move("enter the fray", (6, 1, 2), stat="iron")
    result = g.move("take decisive action", (1, 9))
    assert keys(result) == ("roll_table", *DECISIVE_ROWS)
    result = g.choose([answer], dice)
    return fx(result, g.main), keys(result), g.state.tracks["fight-1"].status


@pytest.mark.parametrize("row", DECISIVE_ROWS)
def test_take_decisive_action_cost_chosen_or_rolled(row: str) -> None:
    """ "On a weak hit, you achieve your objective, but not without cost. Roll on the table
    below or choose one": 1-40 "It's worse than you thought: Make a suffer move (-2)" asks
    which suffer move; the other rows are envisioned."""
    assert "Roll on the table below or choose one" in move_text("take decisive action")
    rolled = _decisive("roll_table", (low(row),))
    chosen = _decisive(row, ())
    assert rolled == chosen
    suffer = ("lose_momentum", "endure_harm", "endure_stress", "sacrifice_resources")
    assert chosen[1] == (suffer if row == "1-40" else None)
    assert chosen[2] == "won"


# --- Begin a Session ---------------------------------------------------------------------------


@pytest.mark.parametrize("row", SESSION_ROWS)
def test_begin_a_session_row_chosen_or_rolled(row: str) -> None:
    """ "envision a brief vignette (you may roll or choose on the table below for inspiration).
    Then, all players take +1 momentum"."""
    for answer, dice in (("vignette", (low(row),)), (row, ())):
        g = StarforgedGame()
        result = g.move("begin a session")
        assert keys(result) == ("vignette", "spotlight", *SESSION_ROWS)
        result = g.choose([answer], dice)
        assert fx(result, g.main) == [("momentum", 2, 3)]
        text = next(
            line
            for line in move_text("begin a session").splitlines()
            if line.startswith(f"{row} |")
        )
        assert text.split("| ", 1)[1] in " ".join(notes(result))


# --- Pay the Price -----------------------------------------------------------------------------

# What follows a row (rolled or chosen alike): the answers after it, the dice they use.
AFTER: dict[str, tuple[tuple[list[str], tuple[int, ...]], ...]] = {
    "57-62": ((["engine_upgrade"], ()),),
    "63-68": ((["2"], ()), (["press_on"], ())),
    "69-74": ((["1"], ()),),
    "75-81": ((["3"], ()), (["press_on"], ())),
    "82-88": ((["1"], ()), (["press_on"], ())),
    "89-95": ((["2"], ()),),
}


def _module(g: StarforgedGame) -> None:
    record = {
        "id": "asset:starforged/module/engine_upgrade",
        "name": "Engine Upgrade",
        "type": "Module",
        "input": None,
        "abilities": [True, False, False],
        "meter": None,
        "toggles": ["broken"],
        "marks": [],
    }
    g.event({"type": "asset_added", "character": g.main, "asset": record})


def _price(answer: str, dice: tuple[int, ...], row: str) -> tuple[Any, ...]:
    g = StarforgedGame(vehicle=True)
    _module(g)
    result = g.move("pay the price")
    assert keys(result) == PRICE
    result = g.choose([answer], dice)
    effects = fx(result, g.main)
    for more, more_dice in AFTER.get(row, ()):
        result = g.choose(more, more_dice)
        effects += fx(result, g.main)
    broken = [m.key for m in vehicles.modules(g.state) if m.broken]
    assert g.refold().to_dict() == g.state.to_dict()
    return effects, keys(result), broken, g.state.vehicle


@pytest.mark.parametrize("row", PRICE_ROWS)
def test_pay_the_price_row_chosen_is_applied_as_rolled(row: str) -> None:
    """A row of Pay the Price's table chosen as the most obvious outcome is applied as the same
    row rolled: the suffer move it names asked and made, a module broken, "Roll twice"."""
    twice = (1, 3) if row == "96-100" else ()
    rolled = _price("roll_table", (low(row), *twice), row)
    chosen = _price(row, twice, row)
    assert rolled == chosen


@pytest.mark.parametrize(
    ("row", "effect"),
    [
        ("63-68", ("vehicle:integrity", 5, 3)),
        ("69-74", ("supply", 5, 4)),
        ("75-81", ("health", 5, 2)),
        ("82-88", ("spirit", 5, 4)),
        ("89-95", ("momentum", 2, 0)),
    ],
)
def test_pay_the_price_rows_that_name_a_suffer_move(row: str, effect: tuple[Any, ...]) -> None:
    effects, *_ = _price(row, (), row)
    assert effects == [effect]


def test_pay_the_price_rolled_twice_gives_two_different_results() -> None:
    """96-100 "Roll twice" (Datasworn: duplicates reroll): "Roll twice" again, or the row the
    first roll found, is set aside and rolled again; each result is applied in turn."""
    g = StarforgedGame()
    g.move("pay the price")
    # 99: roll twice; 97 again (rerolled), 70: you waste resources (how bad?).
    result = g.choose(["roll_table"], (99, 97, 70))
    assert "Pay the Price (97 rerolled, 70): You waste resources" in notes(result)
    assert keys(result) == ("1", "2", "3", "roll_again")
    # Then the second: 72 is the same row (rerolled), 30: collateral damage.
    result = g.choose(["1"], (72, 30))
    assert fx(result, g.main) == [("supply", 5, 4)]
    said = " ".join(notes(result))
    assert "Pay the Price (72 rerolled, 30): Your action causes collateral damage" in said
    assert keys(result) is None  # nothing more to pay
    assert g.refold().to_dict() == g.state.to_dict()


# --- adjust integrity --vehicle ----------------------------------------------------------------


def _shuttle(g: StarforgedGame) -> None:
    record = {
        "id": "asset:starforged/support_vehicle/shuttle",
        "name": "Shuttle",
        "type": "Support Vehicle",
        "input": "Wren",
        "abilities": [True, False, False],
        "meter": {"name": "integrity", "value": 4, "max": 4},
        "toggles": ["battered"],
        "marks": [],
    }
    g.event({"type": "asset_added", "character": g.main, "asset": record})


def test_adjust_integrity_of_a_support_vehicle() -> None:
    g = StarforgedGame(vehicle=True)
    _shuttle(g)
    ops = SheetOperations(g.engine)
    g._keep(ops.adjust(None, "integrity", -3, vehicle="wren"))
    wren = g.char().asset("shuttle")
    assert wren["meter"]["value"] == 1 and g.state.vehicle is not None
    assert g.state.vehicle["integrity"] == 5
    g._keep(ops.adjust(None, "integrity", -1, vehicle="Firebird"))
    assert g.state.vehicle["integrity"] == 4
    before = g.state.to_dict()
    with pytest.raises(LookupError, match="'ark' is unknown"):
        ops.adjust(None, "integrity", -1, vehicle="ark")
    with pytest.raises(InvalidValue, match="vehicle is for integrity"):
        ops.adjust(None, "health", -1, vehicle="wren")
    assert g.state.to_dict() == before
    assert g.refold().to_dict() == g.state.to_dict()


# --- Endure Harm 21-35: unconscious and out of action -------------------------------------------

UNCONSCIOUS = (
    "21-35 | You are unconscious and out of action. If left alone, you come back to your senses "
    "in an hour or two."
)


def _knocked_out() -> StarforgedGame:
    """Kira at health 1: Endure Harm (-1), a miss, Lose Momentum (-2), the table: 30."""
    g = StarforgedGame()
    g.set(health=1)
    g.move("endure harm", (1, 9, 10), amount=1)
    g.choose(["momentum"])
    result = g.choose(["roll_table"], (30,))
    assert keys(result) == ("left_alone", "vulnerable")
    g.choose(["left_alone"])
    return g


def test_left_alone_the_character_is_unconscious_on_the_sheet() -> None:
    assert UNCONSCIOUS in move_text("endure harm")
    g = _knocked_out()
    assert g.char().flags.get("unconscious") is True
    assert g.state.sheet("Kira")["conditions"] == ["unconscious"]
    assert g.refold().to_dict() == g.state.to_dict()


def test_out_of_action_no_action_move_is_made() -> None:
    """Out of action: Face Danger waits for the answer; still out of action, it is not made
    (no roll, nothing changed but the record); back to their senses, it is rolled."""
    g = _knocked_out()
    momentum = g.char().momentum
    result = g.move("face danger", stat="edge")
    assert keys(result) == ("senses", "out_of_action")
    result = g.choose(["out_of_action"])
    assert not [e for e in result.events if e.get("type") == "roll"]
    assert "Face Danger is not made" in " ".join(notes(result))
    assert g.char().flags.get("unconscious") is True and g.char().momentum == momentum
    g.move("face danger", stat="edge")
    result = g.choose(["senses"], (6, 1, 2))
    assert [(m.name, m.outcome) for m in result.moves] == [("Face Danger", "strong_hit")]
    assert g.char().flags.get("unconscious") is None
    assert g.char().momentum == momentum + 1
    assert g.state.sheet("Kira")["conditions"] == []
    # Back to their senses, the next move is not asked.
    result = g.move("face danger", (6, 1, 2), stat="edge")
    assert keys(result) is None
    assert g.refold().to_dict() == g.state.to_dict()


@pytest.mark.parametrize(
    ("move", "setup"),
    [
        ("secure an advantage", None),
        ("swear an iron vow", ("vow", "Find the fleet")),
        ("enter the fray", ("fight", "Raiders")),
        ("battle", None),
        ("heal", None),
        ("repair", None),
        ("set a course", None),
    ],
)
def test_every_action_move_waits_while_out_of_action(
    move: str, setup: tuple[str, str] | None
) -> None:
    """Each category's action moves ask first; still out of action, none is rolled."""
    g = StarforgedGame(vehicle=True)
    if setup is not None:
        g.track(setup[0], setup[1], "dangerous")
    g.event({"type": "flag", "character": "Kira", "flag": "unconscious", "from": None, "to": True})
    before = g.char().to_dict()
    result = g.move(move, stat="iron")
    assert keys(result) == ("senses", "out_of_action")
    result = g.choose(["out_of_action"])
    assert not [e for e in result.events if e.get("type") == "roll"]
    assert g.char().to_dict() == before


def test_suffer_and_threshold_moves_are_not_asked() -> None:
    """Out of action is about what the character does: harm still befalls them."""
    g = StarforgedGame()
    g.event({"type": "flag", "character": "Kira", "flag": "unconscious", "from": None, "to": True})
    result = g.move("endure harm", amount=1)
    assert keys(result) == ("resist", "press_on")
    g.choose(["press_on"])
    result = g.move("face death", (6, 1, 2))
    assert [(m.name, m.outcome) for m in result.moves] == [("Face Death", "strong_hit")]


def test_make_a_discovery_rolled_twice_gives_two_discoveries() -> None:
    """91-100 "Roll twice" (Datasworn: duplicates reroll): a second "Roll twice", or the row
    the first roll found, is set aside and rolled again (shown as rerolled), so the move
    gives two different discoveries, as an oracle table's "Roll twice" does."""
    g = StarforgedGame()
    g.move("make a discovery")
    result = g.choose(["91-100"], (95, 5, 6, 20))
    said = notes(result)
    assert "Make a Discovery (95 rerolled, 5): Ancient archive or message" in said
    assert "Make a Discovery (6 rerolled, 20): Extraordinary natural phenomenon" in said
    assert not any("Roll twice" in n for n in said[1:])
    assert fx(result, g.main) == [("legacy:discoveries", 0, 2)]
    assert g.refold().to_dict() == g.state.to_dict()
