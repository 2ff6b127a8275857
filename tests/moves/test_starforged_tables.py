"""The rows of the tables printed in the Starforged suffer and fate moves (Endure Harm, Endure
Stress, Pay the Price), each applied: the move it names queued, the mark it leaves set, the
question it raises asked. Each row quotes its move's text in seed 003. (Withstand Damage's
table is in test_starforged_vehicles.py.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from sf_support import MISS, STRONG, WEAK, Case, StarforgedGame, keys, move_text, play

HARM = {"amount": 1}
# Endure Harm at health 1: -1 to 0, a miss, Lose Momentum (-2), then the table.
HARM_TO_ZERO = [("health", 1, 0), ("momentum", 2, 0)]
STRESS_TO_ZERO = [("spirit", 1, 0), ("momentum", 2, 0)]
PRICE = ("obvious", "ask_oracle", "roll_table")
SIZES = ("1", "2", "3", "roll_again")


def harm_table(roll: int) -> list[tuple[list[str], tuple[int, ...]]]:
    return [(["momentum"], ()), (["roll_table"], (roll,))]


def low(meter: str) -> Any:
    return lambda g: g.set(**{meter: 1})


def flag(name: str, value: object) -> Any:
    def check(g: StarforgedGame) -> None:
        assert g.char().flags.get(name) == value

    return check


ENDURE_HARM = [
    Case(
        "endure_harm.table.1",
        "endure harm",
        "1-10 | You suffer mortal harm. [Face Death](move:starforged/threshold/face_death).",
        MISS,
        HARM,
        setup=low("health"),
        answers=[(["momentum"], ()), (["roll_table"], (5, *STRONG))],
        effects=HARM_TO_ZERO,
    ),
    Case(
        "endure_harm.table.11",
        "endure harm",
        "11-20 | You are dying. Within an hour or two, you must [Heal]",
        MISS,
        HARM,
        setup=low("health"),
        answers=harm_table(15),
        effects=HARM_TO_ZERO,
        check=flag("dying", True),
    ),
    Case(
        "endure_harm.table.21",
        "endure harm",
        "21-35 | You are unconscious and out of action.",
        MISS,
        HARM,
        setup=low("health"),
        answers=harm_table(30),
        effects=HARM_TO_ZERO,
        pending=("left_alone", "vulnerable"),
    ),
    Case(
        "endure_harm.table.21.vulnerable",
        "endure harm",
        "If you are vulnerable to ongoing harm, [Face Death]",
        MISS,
        HARM,
        setup=low("health"),
        answers=[*harm_table(30), (["vulnerable"], MISS)],
        effects=[*HARM_TO_ZERO, ("status", "active", "dead")],
    ),
    Case(
        "endure_harm.table.36",
        "endure harm",
        "36-50 | You are reeling.",
        MISS,
        HARM,
        setup=low("health"),
        answers=harm_table(40),
        effects=HARM_TO_ZERO,
        check=flag("reeling", True),
    ),
    Case(
        "endure_harm.table.51",
        "endure harm",
        "51-100 | You are still standing.",
        MISS,
        HARM,
        setup=low("health"),
        answers=harm_table(77),
        effects=HARM_TO_ZERO,
        check=flag("dying", None),
    ),
]

ENDURE_STRESS = [
    Case(
        "endure_stress.table.1",
        "endure stress",
        "1-10 | You are overwhelmed. [Face Desolation]",
        MISS,
        HARM,
        setup=low("spirit"),
        answers=[(["momentum"], ()), (["roll_table"], (2, *MISS))],
        effects=[*STRESS_TO_ZERO, ("status", "active", "lost")],
    ),
    Case(
        "endure_stress.table.11",
        "endure stress",
        "11-25 | You give up. [Forsake Your Vow](move:starforged/quest/forsake_your_vow).",
        MISS,
        HARM,
        setup=lambda g: (g.set(spirit=1), g.track("vow", "Find my sister", "formidable")),
        answers=[*harm_table(20), (["vow-1"], ())],
        effects=[*STRESS_TO_ZERO, ("vow-1:status", "active", "forsaken")],
        pending=("endure_stress", "test_relationship", "someone_pays", "enemy_gains", "reputation"),
    ),
    Case(
        "endure_stress.table.11.no_vow",
        "endure stress",
        "11-25 | You give up.",
        MISS,
        HARM,
        setup=low("spirit"),
        answers=harm_table(20),
        effects=STRESS_TO_ZERO,
    ),
    Case(
        "endure_stress.table.26",
        "endure stress",
        "26-50 | You give in to fear or compulsion, and act against your better instincts.",
        MISS,
        HARM,
        setup=low("spirit"),
        answers=harm_table(40),
        effects=STRESS_TO_ZERO,
    ),
    Case(
        "endure_stress.table.51",
        "endure stress",
        "51-100 | You persevere.",
        MISS,
        HARM,
        setup=low("spirit"),
        answers=harm_table(60),
        effects=STRESS_TO_ZERO,
    ),
]


def price(roll: int, *more: tuple[list[str] | str, tuple[int, ...]]) -> list[Any]:
    return [(["roll_table"], (roll,)), *more]


PAY_THE_PRICE = [
    Case(
        "pay_the_price.table.1",
        "pay the price",
        "1-2 | A trusted individual or community acts against you",
        answers=price(1),
    ),
    Case(
        "pay_the_price.table.57",
        "pay the price",
        "57-62 | Your equipment or vehicle malfunctions",
        vehicle=True,
        setup=lambda g: _module(g),
        answers=price(60, (["engine_upgrade"], ())),
        effects=[("asset:starforged/module/engine_upgrade:broken", False, True)],
    ),
    Case(
        "pay_the_price.table.57.no_module",
        "pay the price",
        "57-62 | Your equipment or vehicle malfunctions",
        answers=price(60),
    ),
    Case(
        "pay_the_price.table.63",
        "pay the price",
        "63-68 | Your vehicle suffers damage",
        vehicle=True,
        answers=price(65, (["2"], ()), (["press_on"], ())),
        effects=[("vehicle:integrity", 5, 3)],
    ),
    Case(
        "pay_the_price.table.63.no_vehicle",
        "pay the price",
        "If the result doesn’t fit the situation, roll again.",
        answers=[(["roll_table"], (65, 70)), (["3"], ())],
        effects=[("supply", 5, 2)],
    ),
    Case(
        "pay_the_price.table.63.which",
        "pay the price",
        "63-68 | Your vehicle suffers damage",
        setup=lambda g: (_skiff(g), _skiff(g, "Raft")),
        answers=price(65, (["1"], ()), (["raft"], ()), (["press_on"], ())),
        effects=[("vehicle:Raft:integrity", 3, 2)],
    ),
    Case(
        "pay_the_price.table.69",
        "pay the price",
        "69-74 | You waste resources",
        answers=price(70, (["1"], ())),
        effects=[("supply", 5, 4)],
    ),
    Case(
        "pay_the_price.table.75",
        "pay the price",
        "75-81 | You are harmed",
        answers=price(80, (["3"], ()), (["press_on"], ())),
        effects=[("health", 5, 2)],
    ),
    Case(
        "pay_the_price.table.82",
        "pay the price",
        "82-88 | You are stressed",
        answers=price(85, (["1"], ()), (["press_on"], ())),
        effects=[("spirit", 5, 4)],
    ),
    Case(
        "pay_the_price.table.89",
        "pay the price",
        "89-95 | You are delayed or put at a disadvantage",
        answers=price(90, (["2"], ())),
        effects=[("momentum", 2, 0)],
    ),
    Case(
        "pay_the_price.table.89.roll_again",
        "pay the price",
        "If the result doesn’t fit the situation, roll again.",
        answers=price(90, (["roll_again"], (1,))),
    ),
    Case(
        "pay_the_price.table.96",
        "pay the price",
        "96-100 | Roll twice",
        answers=[(["roll_table"], (99, 70)), (["1"], (1,))],
        effects=[("supply", 5, 4)],
    ),
]

CASES = ENDURE_HARM + ENDURE_STRESS + PAY_THE_PRICE


def _skiff(g: StarforgedGame, name: str = "Skiff") -> None:
    from ironsworn.moves.starforged.vehicles import add_incidental

    g._keep(add_incidental(g.engine, name, 3))


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


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_table_row(case: Case) -> None:
    assert case.quote in move_text(case.move), f"{case.move} does not say {case.quote!r}"
    game, effects, result = play(case)
    assert effects == case.effects
    assert keys(result) == case.pending
    if case.check is not None:
        case.check(game)
    assert game.refold().to_dict() == game.state.to_dict()


@pytest.mark.parametrize(
    ("move", "cases"), [("endure harm", ENDURE_HARM), ("endure stress", ENDURE_STRESS)]
)
def test_every_row_has_a_case(move: str, cases: list[Case]) -> None:
    lows = sorted({int(c.id.split(".")[2]) for c in cases})
    text = move_text(move)
    assert lows == [int(n) for n in re.findall(r"^(\d+)-\d+ \|", text, re.MULTILINE)]


def test_a_reeling_character_is_asked_before_a_vigorous_move() -> None:
    """ "If you engage in any vigorous activity before taking a breather, roll on this table
    again (before resolving the other move)"."""
    g = StarforgedGame()
    g.set(health=1)
    g.move("endure harm", MISS, amount=1)
    g.choose(["momentum"])
    g.choose(["roll_table"], (40,))
    assert g.char().flags.get("reeling") is True
    result = g.move("face danger", stat="edge")
    assert keys(result) == ("vigorous", "breather")
    # Vigorous: the table first (15: dying), then Face Danger is rolled.
    result = g.choose(["vigorous"], (15, *STRONG))
    assert g.char().flags.get("reeling") is None and g.char().flags.get("dying") is True
    made = [(m.name, m.outcome) for m in result.moves]
    assert made == [("Face Danger", "strong_hit")] and g.char().momentum == 1
    # A breather instead: no table.
    g2 = StarforgedGame()
    g2.event({"type": "flag", "character": "Kira", "flag": "reeling", "from": None, "to": True})
    g2.move("face danger", stat="edge")
    result = g2.choose(["breather"], WEAK)
    assert g2.char().flags.get("reeling") is None
    assert keys(result) == ("lose_momentum", "endure_harm", "endure_stress", "sacrifice_resources")


def test_heal_above_zero_ends_dying() -> None:
    """ "you must Heal and raise your health above 0, or Face Death"."""
    g = StarforgedGame()
    g.set(health=0)
    g.event({"type": "flag", "character": "Kira", "flag": "dying", "from": None, "to": True})
    assert g.state.sheet("Kira")["conditions"] == ["dying"]
    g.move("heal", STRONG, stat="iron")
    assert g.state.sheet("Kira")["conditions"] == []
    assert g.char().health == 3 and "dying" not in g.char().flags
    assert g.refold().to_dict() == g.state.to_dict()


def test_face_death_ends_dying() -> None:
    """ "you must Heal and raise your health above 0, or Face Death": after Face Death (here a
    strong hit, cast back into the mortal world), Kira is no longer dying."""
    g = StarforgedGame()
    g.event({"type": "flag", "character": "Kira", "flag": "dying", "from": None, "to": True})
    g.move("face death", STRONG)
    assert g.state.sheet("Kira")["conditions"] == [] and g.char().status == "active"
