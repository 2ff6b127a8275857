"""Leech 1's blood rune, kept on the sheet until spent.

Leech 1 (the card's facts, Datasworn classic assets): Draw Blood Rune, +iron; on a strong hit
the rune thirsts: one time only, a move to inflict harm rerolls any dice and inflicts +2 harm
on a hit, each point of harm taken as +1 health or momentum; on a weak hit the same, but the
card counts as a debility until the rune is spent. The rune is a lasting effect
(``blood_rune``); the Strike or Clash that names ``--asset leech`` needs it and spends it;
while a weak hit's rune lasts, the card lowers max momentum and its reset as a debility does
(rulebook L559: each debility lowers max momentum by 1; reset +1 with one).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from moves_support import ASHA_STATS, MISS, STRONG, WEAK, Game

from ironsworn.cli.main import main
from ironsworn.errors import InvalidValue, IronswornError, RuleViolation
from ironsworn.moves.assets.lasting import LastingOperations

FIGHT = "fight-1"


def _fight(g: Game) -> None:
    g.track("fight", "Wyvern", "formidable")
    g.move("enter the fray", STRONG, stat="heart")
    _settle(g)


def _settle(g: Game) -> int:
    """Answer what is pending: no reroll, no burn, each leech point as momentum. Returns the
    number of leech points asked."""
    points = 0
    while g.state.pending:
        pending = g.state.pending
        if pending["kind"] == "burn" or int(pending.get("min", 1)) == 0:
            g.decline()
            continue
        keys = [o["key"] for o in pending["options"]]
        if "momentum" in keys and "health" in keys:
            points += 1
        g.answer(["momentum" if "momentum" in keys else keys[0]])
    return points


def ids(g: Game) -> list[str]:
    return [e["id"] for e in g.char().lasting]


# --- Leech 1: the rune, kept until spent -------------------------------------------------


@dataclass(frozen=True)
class RuneRow:
    name: str
    draw: tuple[int, ...] | None  # Draw Blood Rune's dice (None: the ritual not performed)
    kept: list[str]  # the lasting effects after the ritual
    max_momentum: int  # while the rune lasts
    reset: int
    named: bool  # the strike names --asset leech:1
    extra_ticks: int  # fight ticks beyond the strike's own (formidable: 4 a harm)
    points: int  # harm points taken as health or momentum


RUNE_ROWS = [
    RuneRow("strong hit: the rune, spent by the strike", STRONG, ["blood_rune"], 10, 2, True,
            2 * 4, 5),
    RuneRow("weak hit: the rune, and the card a debility until it is spent", WEAK,
            ["blood_rune"], 9, 1, True, 2 * 4, 5),
    RuneRow("without: the strike alone", None, [], 10, 2, False, 0, 0),
]  # fmt: skip


@pytest.mark.parametrize("row", RUNE_ROWS, ids=[r.name for r in RUNE_ROWS])
def test_the_blood_rune_with_and_without(row: RuneRow) -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.set(momentum=2)
    if row.draw is not None:
        g.move("draw blood rune", row.draw)
        _settle(g)
    assert ids(g) == row.kept
    assert (g.char().momentum_max, g.char().momentum_reset) == (row.max_momentum, row.reset)
    _fight(g)
    before = g.state.tracks[FIGHT].ticks
    kwargs: dict[str, Any] = {"asset": ["leech:1"]} if row.named else {}
    result = g.move("strike", STRONG, stat="iron", **kwargs)
    points = _settle(g)
    own = 3 * 4  # the strike's own harm on a formidable foe (a strong hit with initiative)
    assert g.state.tracks[FIGHT].ticks - before == own + row.extra_ticks
    assert points == row.points  # the strike's 3 harm and the rune's 2, each point taken
    assert ids(g) == []  # spent, or never drawn
    assert (g.char().momentum_max, g.char().momentum_reset) == (10, 2)
    if row.named:
        assert "Leech 1" in result.to_json()["assets"]
    assert g.refold().to_dict() == g.snapshot()


def test_a_weak_hit_rune_lowers_momentum_above_its_new_maximum() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.set(momentum=10)
    g.move("draw blood rune", WEAK)
    assert g.char().momentum == 9
    assert g.char().sheet()["debility_count"] == 1  # the sheet shows the card counted


def test_a_miss_draws_no_rune() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.move("draw blood rune", MISS)
    _settle(g)
    assert ids(g) == []


def test_the_rune_is_spent_by_a_strike_that_misses() -> None:
    """ENGINE CHOICE: one time only, spent by the move that uses it, whatever its outcome."""
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.move("draw blood rune", WEAK)
    _fight(g)
    g.move("strike", MISS, stat="iron", asset=["leech:1"])
    _settle(g)
    assert ids(g) == []
    assert g.char().momentum_max == 10


def test_ending_the_rune_by_hand_ends_the_debility() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.move("draw blood rune", WEAK)
    assert g.char().momentum_max == 9
    g._keep(LastingOperations(g.engine).end(None, "blood_rune"))
    assert ids(g) == [] and g.char().momentum_max == 10


def test_undo_takes_back_the_rune_the_debility_and_the_spending() -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    g.set(momentum=10)
    before_draw = g.snapshot()
    drawn = g.move("draw blood rune", WEAK)
    after_draw = g.snapshot()
    _fight(g)
    before_strike = g.snapshot()
    struck = g.move("strike", STRONG, stat="iron", asset=["leech:1"])
    assert ids(g) == []
    for event in reversed(struck.events):
        g.state.revert(event)
    assert g.snapshot() == before_strike
    assert ids(g) == ["blood_rune"] and g.char().momentum_max == 9
    g2 = Game()
    g2.character("Asha", ASHA_STATS, assets=["leech"])
    g2.set(momentum=10)
    assert g2.snapshot() == before_draw
    drawn2 = g2.move("draw blood rune", WEAK)
    assert g2.snapshot() == after_draw
    for event in reversed(drawn2.events):
        g2.state.revert(event)
    assert g2.snapshot() == before_draw and g2.char().momentum == 10
    assert drawn.events == drawn2.events


BAD_RUNE = [
    ("no rune to spend", ["leech:1"], RuleViolation, "Leech: Asha has no blood_rune to spend"),
    ("the rune named itself", ["blood_rune"], InvalidValue, "asset: leech:1"),
]


@pytest.mark.parametrize(
    ("asset", "error", "says"), [r[1:] for r in BAD_RUNE], ids=[r[0] for r in BAD_RUNE]
)
def test_bad_rune_input_changes_nothing(
    asset: list[str], error: type[IronswornError], says: str
) -> None:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=["leech"])
    if asset == ["blood_rune"]:
        g.move("draw blood rune", STRONG)
    _fight(g)
    before = g.snapshot()
    with pytest.raises(error, match=says.replace(":", ".").replace("-", ".")):
        g.engine.make_move("strike", None, stat="iron", asset=asset)
    assert g.snapshot() == before


# --- on the command line -----------------------------------------------------------------


def test_the_command_line_refuses_a_rune_not_drawn(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["character", "new", "Asha", "--stats", "3,2,2,1,1", "--asset", "leech",
                 "--asset", "awakening", "--asset", "augur"]) == 0  # fmt: skip
    assert main(["fight", "new", "--foe", "bear"]) == 0
    enter = ["move", "enter the fray", "--stat", "heart", "--track", "fight-1"]
    assert main([*enter, "--dice", "6,1,2"]) == 0
    capsys.readouterr()
    main(["sheet", "--json"])
    before = capsys.readouterr().out
    argv = ["move", "strike", "--stat", "iron", "--track", "fight-1", "--asset", "leech:1"]
    assert main([*argv, "--dice", "6,1,2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "blood_rune" in err and "Traceback" not in err
    main(["sheet", "--json"])
    assert capsys.readouterr().out == before
