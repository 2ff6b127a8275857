"""Resolve random classic moves in process and print moves per second beside the goal.

Run: python benchmarks/moves.py [OPERATIONS] [--json FILE]   (default 20000)
Each operation is a move or the answer to a pending decision, chosen at random by
ironsworn.moves.autoplay; refused operations (rule violations) are counted separately. Goal:
50,000 moves resolved a second in process (issue 24). Floor: the rate at which this interpreter
rolls a move's three dice and compares them, with no state, no event and no rule: no move
engine written in Python can resolve moves faster.

The rates are taken on this process's CPU time (one thread, so it is the time the engine
worked): the machine is shared, and wall time counts the time other processes held the CPU.
The wall time is printed beside it.
"""

from __future__ import annotations

import random
import time

from figures import Figure, Report, arguments

from ironsworn.moves.autoplay import AutoPlayer


def dice_floor(rolls: int = 200_000) -> float:
    """Moves a second if a move were only its action roll: three dice and two comparisons."""
    rng = random.Random(1)
    start = time.process_time()
    hits = 0
    for _ in range(rolls):
        score = rng.randint(1, 6) + 2
        hits += (score > rng.randint(1, 10)) + (score > rng.randint(1, 10))
    return rolls / (time.process_time() - start)


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
    player = AutoPlayer(seed=1)
    answers = events = restarts = moves = 0
    start, wall = time.process_time(), time.perf_counter()
    for i in range(total):
        result = player.step()
        if result is not None:
            events += len(result.events)
            if result.kind != "move":
                answers += 1
        if not any(c.status == "active" for c in player.state.characters.values()):
            restarts += 1
            moves += player.moves_made
            player = AutoPlayer(seed=i)
    moves += player.moves_made
    elapsed, wall = time.process_time() - start, time.perf_counter() - wall
    report.fact("operations attempted", f"{total:,} in {elapsed:.2f} s CPU ({wall:.2f} s wall)")
    report.fact("events produced", f"{events:,}")
    report.fact("answers to decisions", f"{answers:,}")
    report.fact("campaigns restarted after every character died", restarts)
    report.add(
        Figure(
            "moves resolved per second",
            moves / elapsed,
            "/s",
            50_000,
            floor,
            higher_is_better=True,
            note=f"{elapsed / moves * 1e6:.0f} us a move; the goal needs 20 us",
        )
    )
    report.add(
        Figure(
            "operations (moves, answers, refusals) per second",
            total / elapsed,
            "/s",
            None,
            floor,
            higher_is_better=True,
        )
    )
    report.summary()
    report.write(args.json)


if __name__ == "__main__":
    main()
