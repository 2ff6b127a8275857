"""Resolve random classic moves in-process and print moves per second.

Run: python benchmarks/moves.py [OPERATIONS]   (default 100000)
Each operation is a move or the answer to a pending decision, chosen at random by
ironsworn.moves.autoplay; refused operations (rule violations) are counted separately.
"""

from __future__ import annotations

import sys
import time

from ironsworn.moves.autoplay import AutoPlayer


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    player = AutoPlayer(seed=1)
    answers = 0
    events = 0
    start = time.perf_counter()
    restarts = 0
    moves = 0
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
    print(f"operations attempted: {total} in {elapsed:.2f} s")
    print(
        f"moves resolved: {moves:,}; moves per second: {moves / elapsed:,.0f}; "
        f"operations (moves, answers, refusals) per second: {total / elapsed:,.0f}"
    )
    print(
        f"events produced: {events:,}; answers to decisions: {answers:,}; "
        f"campaigns restarted after every character died: {restarts}"
    )


if __name__ == "__main__":
    main()
