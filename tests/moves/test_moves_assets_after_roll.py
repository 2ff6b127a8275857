"""Adds decided after the roll (Rider 2, Improviser 2, Wright 2), made with and without them.

"you may push your horse harder and add +1 (after rolling). If you do, make the Companion
Endure Harm move (1 harm)" (Rider 2); "After rolling, you may also suffer -1 supply and add +1
more" (Improviser 2); "As above, and you may suffer -1 supply (after rolling) to add an
additional +1" (Wright 2). The engine asks once the dice are known, only when the add would
change the outcome, before any burn; the answer is an event, and the result names the ability.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from moves_support import ASHA_STATS, Game, keys

from ironsworn.cli.main import main
from ironsworn.errors import InvalidValue


@dataclass(frozen=True)
class Row:
    name: str
    assets: tuple[str, ...]
    mark: tuple[tuple[str, int], ...]  # abilities marked after creation
    move: str
    dice: tuple[int, ...]
    kwargs: dict[str, Any]
    offered: tuple[str, ...] | None  # the after-roll offer's keys, or None when not asked
    answer: tuple[str, ...] = ()  # the keys taken ("decline" when empty)
    outcome: str | None = None  # the roll's outcome once answered
    supply: int = 0  # supply change by the answer
    follows: tuple[str, ...] = ()  # follow-on moves made after the outcome
    named: tuple[str, ...] = field(default=())  # abilities the result names


JOURNEY = {"track": "journey-1"}
# Asha: edge 3, wits 1. Undertake a Journey rolls +wits; Face Danger here +edge.
ROWS = [
    Row(
        "rider 2: a weak hit pushed to a strong hit; the horse endures harm after",
        ("rider", "horse:1=Etana"),
        (("rider", 2),),
        "undertake a journey",
        (4, 6, 2),  # 4 + wits 1 + Horse 1 = 6 vs 6, 2: weak; +1 = 7: strong
        JOURNEY,
        ("rider_2",),
        ("rider_2",),
        "strong_hit",
        follows=("Companion Endure Harm",),
        named=("Rider 2",),
    ),
    Row(
        "rider 2 declined: the weak hit stands, the horse is spared",
        ("rider", "horse:1=Etana"),
        (("rider", 2),),
        "undertake a journey",
        (4, 6, 2),
        JOURNEY,
        ("rider_2",),
        (),
        "weak_hit",
    ),
    Row(
        "without rider 2: nothing is offered",
        ("rider", "horse:1=Etana"),
        (),
        "undertake a journey",
        (4, 6, 2),
        JOURNEY,
        None,
    ),
    Row(
        "rider 2 on a strong hit: nothing to change, nothing asked",
        ("rider", "horse:1=Etana"),
        (("rider", 2),),
        "undertake a journey",
        (5, 1, 2),
        JOURNEY,
        None,
    ),
    Row(
        "rider 2 on a miss +1 cannot mend: nothing asked",
        ("rider", "horse:1=Etana"),
        (("rider", 2),),
        "undertake a journey",
        (1, 9, 10),
        JOURNEY,
        None,
    ),
    Row(
        "improviser 2: -1 supply turns a weak hit into a strong hit",
        ("improviser",),
        (("improviser", 2),),
        "face danger",
        (3, 7, 1),  # 3 + 3 + 1 = 7 vs 7, 1: weak; +1 = 8: strong
        {"stat": "edge", "asset": ["improviser:2"]},
        ("improviser_2",),
        ("improviser_2",),
        "strong_hit",
        supply=-1,
        named=("Improviser 2",),
    ),
    Row(
        "improviser 2 without the tool named: its after-roll add needs the tool",
        ("improviser",),
        (("improviser", 2),),
        "face danger",
        (4, 7, 1),  # 4 + 3 = 7 vs 7: weak
        {"stat": "edge"},
        None,
    ),
    Row(
        "without improviser 2: the same roll asks nothing",
        ("improviser", "wright,specialty=bowyer"),
        (),
        "face danger",
        (3, 7, 1),
        {"stat": "edge", "asset": ["wright"]},
        None,
    ),
    Row(
        "wright 2: as above, -1 supply for +1 more",
        ("wright,specialty=bowyer",),
        (("wright", 2),),
        "secure an advantage",
        (3, 7, 1),
        {"stat": "edge", "asset": ["wright"]},
        ("wright_2",),
        ("wright_2",),
        "strong_hit",
        supply=-1,
        named=("Wright (specialty: bowyer) 1", "Wright (specialty: bowyer) 2"),
    ),
    Row(
        "wright 2 without wright 1's craft: nothing asked",
        ("wright,specialty=bowyer",),
        (("wright", 2),),
        "secure an advantage",
        (4, 7, 1),
        {"stat": "edge"},
        None,
    ),
]


def _game(row: Row) -> Game:
    g = Game()
    g.character("Asha", ASHA_STATS, assets=list(row.assets))
    for asset, number in row.mark:
        g._keep(g.sheet.asset_mark(None, asset, number, True))
    g.set(supply=3)
    if row.kwargs.get("track"):
        g.track("journey", "Hills", "dangerous")
    return g


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_an_add_after_the_roll(row: Row) -> None:
    g = _game(row)
    result = g.move(row.move, row.dice, **row.kwargs)
    if row.offered is None:
        assert result.pending is None or "after rolling" not in str(result.pending["prompt"])
        return
    assert keys(result) == row.offered
    assert result.moves[0].outcome != row.outcome or not row.answer
    g.dice([5] * 12)  # for what follows (the horse's Companion Endure Harm)
    answered = g.engine.choose(list(row.answer)) if row.answer else g.engine.decline()
    # A declined offer leaves the roll as it was (the answer reports no new roll).
    main = next((m for m in answered.moves if m.move == result.moves[0].move), result.moves[0])
    assert main.outcome == row.outcome
    assert main.roll is not None
    assert main.roll["adds"] - result.moves[0].roll["adds"] == len(row.answer)
    for label in row.named:
        assert any(label in a for a in main.assets), main.assets
    if not row.answer:
        assert not any(a.startswith("Rider 2") for a in main.assets), main.assets
    taken = [e for e in answered.events if e.get("type") == "roll" and e.get("asset_add")]
    assert len(taken) == (1 if row.answer else 0)
    rest = [answered, *_settle(g)]
    made = [m.name for r in rest for m in r.moves]
    for follow in row.follows:
        assert follow in made, made
    if not row.follows:
        assert "Companion Endure Harm" not in made
    assert _cost(answered) == row.supply


def _settle(g: Game) -> list[Any]:
    out = []
    while g.state.pending:
        pending = g.state.pending
        if pending["kind"] == "burn" or int(pending.get("min", 1)) == 0:
            out.append(g.engine.decline())
        else:
            count = int(pending["min"])
            out.append(g.engine.choose([o["key"] for o in pending["options"][:count]]))
    return out


def _cost(answered: Any) -> int:
    """The supply the answer paid, before the move's outcome (which may cost supply too)."""
    total = 0
    for event in answered.events:
        if event.get("type") == "move":
            break
        if event.get("type") == "meter" and event.get("meter") == "supply":
            total += int(event["to"]) - int(event["from"])
    return total


def test_the_add_comes_before_the_burn_which_is_offered_on_the_new_roll() -> None:
    g = _game(ROWS[0])
    g.set(momentum=10)
    first = g.move("undertake a journey", (1, 3, 9), track="journey-1")  # 3 vs 3, 9: a miss
    assert keys(first) == ("rider_2",)  # the add is asked first
    pushed = g.choose(["rider_2"])  # 4 vs 3, 9: a weak hit
    assert pushed.moves[0].outcome == "weak_hit"
    assert keys(pushed) == ("burn",)  # momentum 10 beats the 9 too: the burn is offered now
    burned = g.burn()
    assert burned.moves[0].outcome == "strong_hit"


def test_answering_is_undone_as_one_operation() -> None:
    g = _game(ROWS[0])
    g.move("undertake a journey", (4, 6, 2), track="journey-1")
    before = g.snapshot()
    answered = g.choose(["rider_2"])
    assert g.snapshot() != before
    for event in reversed(answered.events):
        g.state.revert(event)
    assert g.snapshot() == before
    assert keys_of(g) == ("rider_2",)  # asked again


def keys_of(g: Game) -> tuple[str, ...]:
    pending = g.state.pending
    assert pending is not None
    return tuple(o["key"] for o in pending["options"])


def test_an_option_not_offered_is_refused_and_changes_nothing() -> None:
    g = _game(ROWS[0])
    g.move("undertake a journey", (4, 6, 2), track="journey-1")
    before = g.snapshot()
    with pytest.raises(InvalidValue, match="'wright_2' is not offered \\(accepted: rider_2\\)"):
        g.engine.choose(["wright_2"])
    assert g.snapshot() == before


def test_a_horse_at_zero_health_cannot_be_pushed() -> None:
    g = _game(ROWS[0])
    g._keep(g.sheet.asset_track(None, "horse", "health", 0))
    result = g.move("undertake a journey", (4, 6, 2), track="journey-1")
    assert (
        result.pending is None
        or result.pending["kind"] != "choose"
        or ("rider_2" not in keys_of(g))
    )


# --- on the command line ---------------------------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else None, err


def test_the_command_line_asks_and_refuses_a_bad_answer(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stats = "edge=3,heart=2,iron=2,shadow=1,wits=1"
    assert main(["character", "new", "Asha", "--stats", stats, "--asset", "rider",
                 "--asset", "horse:1=Etana", "--asset", "improviser"]) == 0  # fmt: skip
    assert main(["asset", "mark", "rider", "2"]) == 0
    assert main(["journey", "new", "Hills", "--rank", "dangerous"]) == 0
    capsys.readouterr()
    code, made, _ = _cli(capsys, "move", "undertake", "a", "journey", "--dice", "4,6,2")
    assert code == 0 and made["outcome"] == "weak_hit"
    assert [o["key"] for o in made["pending"][0]["options"]] == ["rider_2"]
    _, before, _ = _cli(capsys, "sheet")
    code, out, err = _cli(capsys, "choose", "push")
    assert code == 2 and out is None
    assert err.count("\n") == 1 and "'push'" in err and "rider_2" in err
    assert _cli(capsys, "sheet")[1] == before
    code, taken, _ = _cli(capsys, "choose", "rider_2")
    assert code == 0 and taken["outcome"] == "strong_hit"
    assert any("Rider 2" in a for a in taken["assets"])
