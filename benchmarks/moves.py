"""Resolve random classic moves in process and print moves per second beside the goal.

Run: python benchmarks/moves.py [OPERATIONS] [--json FILE]   (default 20000)
Each operation is a move or the answer to a pending decision, chosen at random by
ironsworn.moves.autoplay; refused operations (rule violations) are counted separately. Goal:
50,000 moves resolved a second in process (issue 24). Floor: the rate at which this interpreter
rolls a move's three dice and compares them, with no state, no event and no rule: no move
engine written in Python can resolve moves faster.

What is timed: the engine's operations, whole — every move (with the follow-on moves it
calls for), every answer to a decision and every refused operation (refusals take their
events back), each from the engine's entry to its result. What is not: the random player's
own choosing (which move, which stat, which answer; about a tenth of the loop) and the
setting up of a new campaign's characters when everyone has died. The rate is moves made
divided by the time of all those operations, so answers and refusals are paid for by the
moves. The loop's rate with the player's choosing is printed beside it, for comparison with
earlier runs of this script (which timed the whole loop).

The rates are taken on this process's CPU time (one thread, so it is the time the engine
worked): the machine is shared, and wall time counts the time other processes held the CPU.
The wall time is printed beside it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from figures import Figure, Report, arguments

from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.records import OperationResult


def dice_floor(rolls: int = 200_000) -> float:
    """Moves a second if a move were only its action roll: three dice and two comparisons."""
    rng = random.Random(1)
    start = time.process_time()
    hits = 0
    for _ in range(rolls):
        score = rng.randint(1, 6) + 2
        hits += (score > rng.randint(1, 10)) + (score > rng.randint(1, 10))
    return rolls / (time.process_time() - start)


class EngineClock:
    """The CPU time spent inside the engine's operations of the players it is given.

    Every public operation of :class:`~ironsworn.moves.engine.MoveEngine` (a move, an answer,
    a new track) runs through its ``operation`` method: the clock wraps that method of each
    engine. The clock's own two readings per operation are counted in (about 1 us).
    """

    def __init__(self) -> None:
        self.seconds = 0.0

    def watch(self, player: AutoPlayer) -> AutoPlayer:
        engine = player.engine
        inner = engine.operation
        clock = time.process_time

        def timed(kind: str, character: str | None, body: Callable[[], None]) -> OperationResult:
            start = clock()
            try:
                return inner(kind, character, body)
            finally:
                self.seconds += clock() - start

        engine.operation = timed  # type: ignore[method-assign]
        return player


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("operations", nargs="?", type=int, default=20_000)
    args = parser.parse_args()
    report = Report("moves resolved in process")
    floor = dice_floor()
    report.floors["three_dice_rolled_per_second"] = floor
    print(f"floor: a move's three dice rolled and compared          {floor:,.0f}/s")
    total = args.operations
    warm = AutoPlayer(seed=0)
    for _ in range(300):  # the rules modules' lazy imports are paid before the clock starts
        warm.step()
    engine = EngineClock()
    player = engine.watch(AutoPlayer(seed=1))
    answers = events = restarts = moves = 0
    start, wall = time.process_time(), time.perf_counter()
    for i in range(total):
        result: Any = player.step()
        if result is not None:
            events += len(result.events)
            if result.kind != "move":
                answers += 1
        if not any(c.status == "active" for c in player.state.characters.values()):
            restarts += 1
            moves += player.moves_made
            player = engine.watch(AutoPlayer(seed=i))
    moves += player.moves_made
    elapsed, wall = time.process_time() - start, time.perf_counter() - wall
    inside = engine.seconds
    report.fact(
        "operations attempted",
        f"{total:,} in {inside:.2f} s CPU in the engine, {elapsed:.2f} s CPU with the "
        f"player's choosing ({wall:.2f} s wall)",
    )
    report.fact("moves made", f"{moves:,}")
    report.fact("events produced", f"{events:,}")
    report.fact("answers to decisions", f"{answers:,}")
    report.fact("campaigns restarted after every character died", restarts)
    report.fact("share of the loop spent choosing (the player)", f"{1 - inside / elapsed:.0%}")
    report.add(
        Figure(
            "moves resolved per second",
            moves / inside,
            "/s",
            50_000,
            floor,
            higher_is_better=True,
            note=f"{inside / moves * 1e6:.0f} us a move; the goal needs 20 us",
        )
    )
    report.add(
        Figure(
            "operations (moves, answers, refusals) per second",
            total / inside,
            "/s",
            None,
            floor,
            higher_is_better=True,
        )
    )
    report.add(
        Figure(
            "moves per second with the player's choosing",
            moves / elapsed,
            "/s",
            None,
            floor,
            higher_is_better=True,
            note="the whole loop, as earlier runs of this script timed it",
        )
    )
    report.summary()
    report.write(args.json)


if __name__ == "__main__":
    main()
