"""Wall time of a one-shot roll against the bare interpreter.

Prints the median and best of N runs of
  ironsworn roll action --stat 2 --json      (the installed console script)
  python -c pass                              (the same interpreter)
and their ratio. Target: the roll within 2x of the bare interpreter.

Run: python benchmarks/cli_startup.py [RUNS]
The package's bytecode is written first (as an install does); see compile_package().
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path


def console_script() -> list[str]:
    # Prefer the real entry script beside this interpreter: a version-manager shim on PATH
    # (pyenv) would add its own start-up to every run.
    script = Path(sysconfig.get_path("scripts")) / "ironsworn"
    if script.exists():
        return [str(script)]
    found = shutil.which("ironsworn")
    if found:
        return [found]
    return [sys.executable, "-m", "ironsworn"]


def timed(argv: list[str], runs: int) -> list[float]:
    times = []
    env = dict(os.environ)
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return times


def compile_package() -> None:
    """Write the package's bytecode, as ``pip install`` does for an installed package.

    An editable checkout run with PYTHONDONTWRITEBYTECODE set (as on our CI machines) would
    otherwise compile every module from source on every run, which no user's install does.
    """
    import compileall

    import ironsworn

    compileall.compile_dir(str(Path(ironsworn.__file__).parent), quiet=1)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    compile_package()
    roll = [*console_script(), "roll", "action", "--stat", "2", "--json"]
    bare = [sys.executable, "-c", "pass"]
    timed(roll, 3)  # warm the file cache
    timed(bare, 3)
    t_roll = timed(roll, runs)
    t_bare = timed(bare, runs)
    med_roll, med_bare = statistics.median(t_roll), statistics.median(t_bare)
    print(f"runs: {runs}")
    print(
        f"ironsworn roll action --stat 2 --json: median {med_roll * 1000:.1f} ms, "
        f"best {min(t_roll) * 1000:.1f} ms  ({' '.join(roll[:1])})"
    )
    print(
        f"python -c pass:                        median {med_bare * 1000:.1f} ms, "
        f"best {min(t_bare) * 1000:.1f} ms"
    )
    print(
        f"ratio (median): {med_roll / med_bare:.2f}x   ratio (best): "
        f"{min(t_roll) / min(t_bare):.2f}x   target: <= 2x"
    )
    # The ratio depends on the interpreter's own start-up (a site-packages .pth that imports
    # something inflates the baseline), so the time ironsworn adds is printed on its own too.
    print(f"added by the command: median {(med_roll - med_bare) * 1000:.1f} ms")
    print(f"modules the roll imports beyond the bare interpreter: {len(extra_modules(roll))}")


def extra_modules(argv: list[str]) -> list[str]:
    """Modules the command imports that ``python -c pass`` does not (from -X importtime)."""

    def imported(command: list[str]) -> set[str]:
        env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        return {
            line.split("|")[2].strip()
            for line in done.stderr.splitlines()
            if line.startswith("import time:") and "self [us]" not in line
        }

    return sorted(imported(argv) - imported([sys.executable, "-c", "pass"]))


if __name__ == "__main__":
    main()
