"""Build a campaign of 100,000 operations and time what players wait for: sheet, a move, undo.

Run: python benchmarks/campaign_store.py [OPERATIONS] [--keep FILE] [--json FILE]
(default 100000 live operations: moves with their chains, answers, character creations;
``--keep`` saves the built campaign for the next run, which works on a copy of it)

The campaign is played by ``ironsworn.moves.autoplay.AutoPlayer`` (random classic moves, every
decision answered at random), so its operations are real moves with their chains, in a temp
directory, written through the real store with the real ``CampaignState``. Figures, each
beside its goal and floor (MISSED where missed):

- ``ironsworn sheet`` as a new process over ``python -c pass``, interleaved pairs (goal <= 3x,
  issue 24), for a hero without an asset card and for a character with one (added as one more
  operation: that sheet also reads the cards' words from the content);
- open + fold + ``sheet()`` in process, cold (a new store each time; goal < 100 ms, issue 5);
- append one recorded operation, the store alone (goal < 5 ms, issue 5);
- one move written in process into the warm store: ``tx.state``, the engine's move or answer,
  append, the fsynced commit (goal p50 <= 3 ms, issue 24; p95 printed beside it);
- a cold journal write as a one-shot command pays it (open, append, close);
- undo, undo followed by reading the state back, and redo.
"""

from __future__ import annotations

import contextlib
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cli_startup import compile_package, console_script
from figures import (
    BARE,
    Figure,
    InsertFloor,
    Report,
    arguments,
    measure_floors,
    ms,
    paired,
    percentile,
    ratio,
)

from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import IronswornError
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


def add_carded_character(path: Path) -> str:
    """Write a character holding an asset card into the campaign (one operation)."""
    with CampaignStore.open(path) as store, store.write() as tx:
        result = SheetOperations(MoveEngine(tx.state)).new_character(
            "Wren", "edge=2,heart=3,iron=1,shadow=2,wits=1", ["Elda"], ["hawk:3=Kestrel"]
        )
        tx.append(result.kind, result.events, character=result.character, summary=result.summary)
    return "Wren"


def median_ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.2f} ms, max {max(samples) * 1000:.2f} ms"


def timed(func: Callable[[], Any]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def build(path: Path, target: int) -> tuple[AutoPlayer, list[int]]:
    """Play a campaign of ``target`` live operations into ``path`` (100 per transaction)."""
    generation = [0]
    with recording() as results, CampaignStore.open(path, create=True) as store:
        player = AutoPlayer(seed=1)  # its characters' creation is recorded too
        operations = store.counts()["live"]
        while operations < target:
            while len(results) < min(100, target - operations):
                play(player, generation)
            kept = [r for r in results[: target - operations] if r.events]
            append(store, kept)
            operations += len(kept)
            results.clear()
    return player, generation


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument(
        "operations", nargs="?", type=int, default=100_000, help="live operations to build"
    )
    parser.add_argument(
        "--keep",
        metavar="FILE",
        help="keep the built campaign here (built when missing); each run works on a copy",
    )
    parser.add_argument("--runs", type=int, default=15, help="runs of each one-shot figure")
    parser.add_argument("--writes", type=int, default=300, help="moves written in process")
    args = parser.parse_args()
    report = Report(f"a campaign of {args.operations:,} operations")
    measure_floors(report)
    folder = Path(tempfile.mkdtemp(prefix="ironsworn-bench-"))
    path = folder / "campaign.sqlite"

    # ------------------------------------------------------------------------------ build
    start = time.perf_counter()
    kept = Path(args.keep) if args.keep else None
    if kept is not None and kept.exists():
        shutil.copyfile(kept, path)
        how = f"copied from {kept}"
    else:
        build(path, args.operations)
        how = f"built in {time.perf_counter() - start:.1f} s"
        if kept is not None:
            shutil.copyfile(path, kept)
    with CampaignStore.open(path) as store:
        counts = store.counts()
        state = store.state()
    if kept is not None:
        # Opening saved a snapshot if the kept one was of another state model version.
        shutil.copyfile(path, kept)
    closed = sum(t.status != "active" for t in state.tracks.values())
    report.fact(
        "campaign",
        f"{counts['live']:,} live operations, {counts['events']:,} events "
        f"({counts['events'] / counts['live']:.1f} per operation), {len(state.tracks):,} tracks "
        f"({closed:,} closed); {how}; file {path.stat().st_size / 1e6:.1f} MB",
    )
    if counts["live"] != args.operations:
        raise SystemExit(
            f"the campaign holds {counts['live']:,} operations, not {args.operations:,}"
        )
    hero = next(c.name for c in state.characters.values() if c.status == "active")
    player = AutoPlayer(seed=2)
    generation = [1_000]

    # ------------------------------------------------------------- one-shot sheet / bare
    # The autoplayer's later heroes hold no asset card; a sheet with one also reads the cards'
    # words (the content), so a character with a card is added (one more operation) and both
    # sheets are timed.
    carded = add_carded_character(path)
    compile_package()  # an installed package has its bytecode written
    sheet = [*console_script(), "sheet", "--campaign", str(path), "--character", hero]
    with_card = [*console_script(), "sheet", "--campaign", str(path), "--character", carded]
    times = paired({"sheet": sheet, "card": with_card, "bare": BARE}, args.runs)
    report.add(
        Figure(
            "'ironsworn sheet' / bare (paired)",
            ratio(times["sheet"], times["bare"]),
            "x",
            3.0,
            1.0,
            note=f"median {ms(statistics.median(times['sheet'])):.0f} ms; {hero}, no asset card",
        )
    )
    report.add(
        Figure(
            "'ironsworn sheet' with an asset card / bare (paired)",
            ratio(times["card"], times["bare"]),
            "x",
            3.0,
            1.0,
            note=f"median {ms(statistics.median(times['card'])):.0f} ms; {carded}",
        )
    )

    added = statistics.median(a - b for a, b in zip(times["sheet"], times["bare"], strict=True))
    report.add(Figure("time 'sheet' adds to start-up", ms(added), "ms", None, 0.0))

    def open_and_sheet() -> None:
        with CampaignStore.open(path) as opened:
            opened.state().sheet(hero)

    open_and_sheet()  # the first run pays for imports, which a real command pays anyway
    samples = [timed(open_and_sheet) for _ in range(args.runs)]
    report.add(
        Figure(
            "open + fold + sheet(), in process, cold", ms(statistics.median(samples)), "ms", 100.0
        )
    )

    # ---------------------------------------------------------------- writes in process
    floor = report.floors["sqlite_insert_ms"]
    with recording() as results, CampaignStore.open(path) as store:
        player.state = store.state()
        player.engine.state = player.state
        ruleset = player.engine.ruleset
        appends: list[float] = []
        while len(appends) < args.writes:
            play(player, generation)  # untimed: the game decides the next operation
            for result in results:
                if result.events:
                    appends.append(timed(lambda: append(store, [result])))  # noqa: B023
            results.clear()
        report.add(
            Figure(
                "append one operation (store only, warm) p50",
                ms(statistics.median(appends)),
                "ms",
                5.0,
                floor,
            )
        )

        def write_a_move() -> None:
            with store.write() as tx:
                engine = MoveEngine(tx.state, ruleset, player.engine.dice)
                pending = tx.state.pending
                if pending is not None:
                    result = (
                        engine.decline()
                        if pending["kind"] == "burn"
                        else engine.choose([pending["options"][0]["key"]])
                    )
                else:
                    who = next(c.name for c in tx.state.characters.values() if c.status == "active")
                    result = engine.make_move("face_danger", who, stat="edge")
                tx.append(result.kind, result.events, character=result.character)

        writes: list[float] = []
        refused = 0
        # The floor is sampled between the writes, on the same disk, under the same load.
        beside = InsertFloor(folder)
        while len(writes) < args.writes:
            try:
                writes.append(timed(write_a_move))
            except IronswornError:  # a move the rules refuse here: rolled back, not counted
                refused += 1
            beside.sample()
        floor = beside.median_ms()
        beside.close()
        report.floors["sqlite_insert_beside_writes_ms"] = floor
        note = f"{len(writes)} moves" + (f", {refused} refused by the rules" if refused else "")
        note += f"; floor sampled between the writes: {floor:.2f} ms"
        report.add(
            Figure(
                "one move written, in process, warm: p50",
                ms(statistics.median(writes)),
                "ms",
                3.0,
                floor,
                note=note,
            )
        )
        report.add(
            Figure(
                "one move written, in process, warm: p95",
                ms(percentile(writes, 0.95)),
                "ms",
                None,
                floor,
            )
        )

    def cold_write() -> None:
        with CampaignStore.open(path) as cold:
            cold.journal_add("A line of the story.")

    samples = [timed(cold_write) for _ in range(args.runs)]
    report.add(
        Figure(
            "cold journal write (open, append, close)",
            ms(statistics.median(samples)),
            "ms",
            None,
            floor,
        )
    )

    # ------------------------------------------------------------------------------- undo
    with CampaignStore.open(path) as store:
        undo, undo_read, redo = [], [], []
        for _ in range(30):
            undo.append(timed(store.undo))
            undo_read.append(timed(store.state))
            redo.append(timed(store.redo))
        undo_read = [a + b for a, b in zip(undo, undo_read, strict=True)]
    report.add(Figure("undo", ms(statistics.median(undo)), "ms", None, floor))
    report.add(
        Figure("undo + read the state back", ms(statistics.median(undo_read)), "ms", None, floor)
    )
    report.add(Figure("redo", ms(statistics.median(redo)), "ms", None, floor))
    shutil.rmtree(folder, ignore_errors=True)
    report.summary()
    report.write(args.json)


if __name__ == "__main__":
    main()
