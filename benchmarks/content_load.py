"""Time to load the bundled content, and the one-shot ``oracle roll`` command.

Figures (each beside its goal and floor; MISSED where missed):
  - in-process: the median of N fresh (uncached) loads of every bundled pack and every kind of
    content (moves, oracle tables, NPCs, truths, regions, assets, odds), goal < 20 ms;
  - the same for the oracle tables alone (what ``oracle roll`` reads);
  - one-shot: ``ironsworn oracle roll action`` (the installed console script, with an empty
    IRONSWORN_HOME) over ``python -c pass``, from interleaved pairs, goal <= 2.5x (issue 24).

Run: python benchmarks/content_load.py [RUNS] [--json FILE]
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from statistics import median

from figures import BARE, Figure, Report, arguments, measure_floors, ms, paired, ratio


def load_everything() -> int:
    from ironsworn.content.loader import BUNDLED_PACKS, Ruleset

    count = 0
    for pack in BUNDLED_PACKS.values():
        ruleset = Ruleset(pack.id, (pack,)).load_all()  # a new Ruleset: nothing cached
        count += sum(len(ruleset.items(kind)) for kind in ("moves", "oracles", "npcs"))
        count += sum(len(ruleset.items(kind)) for kind in ("truths", "regions", "assets"))
    return count


def load_oracles() -> int:
    from ironsworn.content.loader import BUNDLED_PACKS, Ruleset

    return len(Ruleset("classic", (BUNDLED_PACKS["classic"],)).oracles)


def in_process(func: object, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def console_script() -> list[str]:
    script = Path(sysconfig.get_path("scripts")) / "ironsworn"
    if script.exists():
        return [str(script)]
    found = shutil.which("ironsworn")
    return [found] if found else [sys.executable, "-m", "ironsworn"]


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("runs", nargs="?", type=int, default=30, help="runs (pairs of runs)")
    args = parser.parse_args()
    runs = args.runs
    report = Report("content load and the one-shot oracle roll")
    measure_floors(report, disk=False)
    # The first load pays for importing the modules; later ones are the load itself.
    start = time.perf_counter()
    items = load_everything()
    first = time.perf_counter() - start
    report.fact("runs", runs)
    report.fact("bundled items", items)
    report.add(Figure("first load (imports + files + records)", ms(first), "ms", None))
    everything = in_process(load_everything, runs)
    report.add(Figure("all bundled content, fresh load", ms(median(everything)), "ms", 20.0))
    oracles = in_process(load_oracles, runs)
    report.add(Figure("classic oracle tables, fresh load", ms(median(oracles)), "ms", None))

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "IRONSWORN_HOME": home}
        roll = [*console_script(), "oracle", "roll", "action"]
        times = paired({"oracle": roll, "bare": BARE}, runs, env)
    report.fact("oracle roll median", f"{ms(median(times['oracle'])):.1f} ms")
    report.fact("bare median", f"{ms(median(times['bare'])):.1f} ms")
    report.add(
        Figure(
            "oracle roll action / bare (paired)",
            ratio(times["oracle"], times["bare"]),
            "x",
            2.5,
            1.0,
        )
    )
    report.summary()
    report.write(args.json)


if __name__ == "__main__":
    main()
