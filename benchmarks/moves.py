"""Resolve random classic moves in process and print moves per second beside the goal.

Run: python benchmarks/moves.py [OPERATIONS] [--json FILE]   (default 20000)
Each operation is a move or the answer to a pending decision, chosen at random by
ironsworn.moves.autoplay; refused operations (rule violations) are counted separately. Goal:
50,000 moves resolved a second in process (issue 24).
"""

from __future__ import annotations

import time

from figures import Figure, Report, arguments

from ironsworn.moves.autoplay import AutoPlayer


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("operations", nargs="?", type=int, default=20_000)
    args = parser.parse_args()
    report = Report("moves resolved in process")
    total = args.operations
    player = AutoPlayer(seed=1)
    answers = events = restarts = moves = 0
    start = time.perf_counter()
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
    elapsed = time.perf_counter() - start
    report.fact("operations attempted", f"{total:,} in {elapsed:.2f} s")
    report.fact("events produced", f"{events:,}")
    report.fact("answers to decisions", f"{answers:,}")
    report.fact("campaigns restarted after every character died", restarts)
    report.add(
        Figure("moves resolved per second", moves / elapsed, "/s", 50_000, higher_is_better=True)
    )
    report.add(
        Figure(
            "operations (moves, answers, refusals) per second",
            total / elapsed,
            "/s",
            None,
            higher_is_better=True,
        )
    )
    report.summary()
    report.write(args.json)


if __name__ == "__main__":
    main()
