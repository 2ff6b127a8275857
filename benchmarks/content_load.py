"""Time to load the bundled content, and the one-shot ``oracle roll`` command.

Prints:
  - in-process: the median and best of N fresh (uncached) loads of every bundled pack and every
    kind of content (moves, oracle tables, NPCs, truths, regions, assets, odds), target < 20 ms;
  - the same for the oracle tables alone (what ``oracle roll`` reads);
  - one-shot: the median and best wall time of ``ironsworn oracle roll action --json`` (the
    installed console script, with an empty IRONSWORN_HOME), beside ``python -c pass``.

Run: python benchmarks/content_load.py [RUNS]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path


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


def one_shot(argv: list[str], runs: int, env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    print(
        f"{label:<44} median {statistics.median(times) * 1000:7.2f} ms, "
        f"best {min(times) * 1000:7.2f} ms"
    )


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    # The first load pays for importing the modules; later ones are the load itself.
    start = time.perf_counter()
    items = load_everything()
    first = time.perf_counter() - start
    print(f"runs: {runs}; bundled items: {items}")
    print(f"{'first load (imports + files + records)':<44} {first * 1000:7.2f} ms")
    report("all bundled content, fresh load", in_process(load_everything, runs))
    report("classic oracle tables, fresh load", in_process(load_oracles, runs))

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "IRONSWORN_HOME": home}
        roll = [*console_script(), "oracle", "roll", "action", "--json"]
        bare = [sys.executable, "-c", "pass"]
        one_shot(roll, 3, env)  # warm the file cache
        report("ironsworn oracle roll action --json", one_shot(roll, runs, env))
        report("python -c pass", one_shot(bare, runs, env))


if __name__ == "__main__":
    main()
