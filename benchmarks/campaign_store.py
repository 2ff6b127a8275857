"""Build a campaign of 100,000 events and time what players wait for: open, append, undo.

Run: python benchmarks/campaign_store.py [EVENTS]   (default 100000)

The campaign is played by ``ironsworn.moves.autoplay.AutoPlayer`` (random classic moves, every
decision answered at random), so its operations are real moves with their chains, in a temp
directory, written through the real store with the real ``CampaignState``. It prints:

- open + fold + sheet: ``CampaignStore.open`` + ``state()`` + ``sheet(name)`` in-process, and
  the whole ``sheet`` command run in-process through ``cli.main`` (median of several cold
  opens: a new store object each time, nothing cached in memory);
- the same ``ironsworn sheet`` as a fresh process (adds interpreter start-up, for reference);
- append one move: the store alone (BEGIN IMMEDIATE, insert, fold into its own state, fsynced
  COMMIT; every 100th append also saves a snapshot, hence the max), the whole write path
  (``tx.state`` rebuilt from the snapshot + the engine's move + append), and a cold write as a
  one-shot command pays it (open, rebuild from the snapshot, append, close);
- undo, undo followed by reading the state back, and redo.

Targets (issue 5): open and print the sheet < 100 ms; append one move < 5 ms.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ironsworn.campaign.store import CampaignStore
from ironsworn.moves.autoplay import AutoPlayer
from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations


@contextlib.contextmanager
def recording() -> Iterator[list[OperationResult]]:
    """Every operation any engine completes, in order (the autoplayer keeps only some)."""
    results: list[OperationResult] = []
    original = MoveEngine.operation

    def record(self: MoveEngine, *args: Any, **kwargs: Any) -> OperationResult:
        result = original(self, *args, **kwargs)
        results.append(result)
        return result

    MoveEngine.operation = record  # type: ignore[method-assign]
    try:
        yield results
    finally:
        MoveEngine.operation = original  # type: ignore[method-assign]


def play(player: AutoPlayer, generation: list[int]) -> None:
    """One step of the random game; a new pair of heroes when everyone is dead or lost."""
    player.step()
    if not any(c.status == "active" for c in player.state.characters.values()):
        generation[0] += 1
        sheet = SheetOperations(player.engine)
        n = generation[0]
        sheet.new_character(f"Asha {n}", "edge=3,heart=2,iron=2,shadow=1,wits=1", ["Elda"])
        sheet.new_character(f"Kai {n}", "edge=1,heart=3,iron=2,shadow=2,wits=1")


def append(store: CampaignStore[Any], results: list[OperationResult]) -> int:
    """Write recorded operations in one transaction; returns the number of events."""
    events = 0
    with store.write() as tx:
        for result in results:
            if result.events:
                tx.append(
                    result.kind, result.events, character=result.character, summary=result.summary
                )
                events += len(result.events)
    return events


def median_ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.2f} ms, max {max(samples) * 1000:.2f} ms"


def timed(func: Callable[[], Any]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def main() -> None:
    target = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    folder = Path(tempfile.mkdtemp(prefix="ironsworn-bench-"))
    path = folder / "campaign.sqlite"
    generation = [0]

    # ------------------------------------------------------------------------------ build
    start = time.perf_counter()
    with recording() as results, CampaignStore.open(path, create=True) as store:
        player = AutoPlayer(seed=1)
        events = 0
        while events < target:
            while len(results) < 100:  # one transaction per 100 operations, to build faster
                play(player, generation)
            events += append(store, results)
            results.clear()
        counts = store.counts()
    build = time.perf_counter() - start
    size = path.stat().st_size / 1e6
    print(
        f"built {counts['live']:,} operations, {counts['events']:,} events "
        f"({counts['events'] / counts['live']:.1f} per operation) in {build:.1f} s; "
        f"file {size:.1f} MB (removed at the end)"
    )
    hero = next(c.name for c in player.state.characters.values() if c.status == "active")

    # ------------------------------------------------------------------------ open + sheet
    def open_and_sheet() -> None:
        with CampaignStore.open(path) as opened:
            opened.state().sheet(hero)

    open_and_sheet()  # the first run pays for imports, which a real command pays anyway
    samples = [timed(open_and_sheet) for _ in range(15)]
    print(f"open + fold + sheet(), in-process:            {median_ms(samples)}")

    from ironsworn.cli.main import main as cli

    def sheet_command() -> None:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert cli(["sheet", "--campaign", str(path), "--character", hero]) == 0
        assert hero in out.getvalue()

    sheet_command()
    samples = [timed(sheet_command) for _ in range(15)]
    print(f"'ironsworn sheet' through cli.main:           {median_ms(samples)}")
    with contextlib.redirect_stdout(io.StringIO()) as out:
        cli(["sheet", "--campaign", str(path), "--character", hero])
    sheet_text = out.getvalue()

    command = [sys.executable, "-m", "ironsworn", "sheet", "--campaign", str(path)]
    command += ["--character", hero]
    samples = [
        timed(lambda: subprocess.run(command, check=True, capture_output=True)) for _ in range(5)
    ]
    print(f"'ironsworn sheet' as a new process:           {median_ms(samples)}")

    # ----------------------------------------------------------------------------- append
    with recording() as results, CampaignStore.open(path) as store:
        player_state = store.state()
        player.state = player_state
        player.engine.state = player_state
        samples = []
        while len(samples) < 300:
            play(player, generation)  # untimed: the game decides the next operation
            for result in results:
                if result.events:
                    start = time.perf_counter()
                    append(store, [result])
                    samples.append(time.perf_counter() - start)
            results.clear()
        print(f"append one operation (store only, warm):      {median_ms(samples)}")

        def full_write() -> None:
            with store.write() as tx:
                engine = MoveEngine(tx.state, player.engine.ruleset, player.engine.dice)
                if tx.state.pending is not None:
                    result = (
                        engine.decline()
                        if tx.state.pending["kind"] == "burn"
                        else (engine.choose([tx.state.pending["options"][0]["key"]]))
                    )
                else:
                    who = next(c.name for c in tx.state.characters.values() if c.status == "active")
                    result = engine.make_move("face_danger", who, stat="edge")
                tx.append(result.kind, result.events, character=result.character)

        samples = []
        refused = 0
        for _ in range(100):
            try:
                samples.append(timed(full_write))
            except Exception:  # a move the rules refuse here: rolled back, not counted
                refused += 1
        print(
            f"write a move (tx.state + engine + append):    {median_ms(samples)}"
            + (f" ({refused} refused by the rules)" if refused else "")
        )

    def cold_write() -> None:
        with CampaignStore.open(path) as cold:
            cold.journal_add("A line of the story.")

    samples = [timed(cold_write) for _ in range(20)]
    print(f"cold write (open, rebuild, append, close):    {median_ms(samples)}")

    # ------------------------------------------------------------------------------- undo
    with CampaignStore.open(path) as store:
        undo, undo_read, redo = [], [], []
        for _ in range(50):
            undo.append(timed(store.undo))
            undo_read.append(timed(store.state))
            redo.append(timed(store.redo))
        undo_read = [a + b for a, b in zip(undo, undo_read, strict=True)]
        print(f"undo:                                         {median_ms(undo)}")
        print(f"undo + read the state back:                   {median_ms(undo_read)}")
        print(f"redo:                                         {median_ms(redo)}")
        final = store.counts()
    print(f"final: {final['live']:,} live operations, {final['events']:,} events")
    shutil.rmtree(folder, ignore_errors=True)
    print()
    print(sheet_text.rstrip())


if __name__ == "__main__":
    main()
