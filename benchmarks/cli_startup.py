"""Wall time of a one-shot roll against the bare interpreter, from interleaved pairs.

Figure: ``ironsworn roll action --stat 2 --dice 3,4,5`` (the installed console script) over
``python -c pass`` (the same interpreter), each round running one then the other, so drift on a
shared machine hits both (goal: <= 2.0x, issue 24). Also printed: the time the command adds,
and the modules it imports beyond the bare interpreter (``-X importtime``).

Run: python benchmarks/cli_startup.py [RUNS] [--json FILE]
The package's bytecode is written first (as an install does); see compile_package().
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
from pathlib import Path

from figures import BARE, Figure, Report, arguments, measure_floors, ms, paired, ratio


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


def compile_package() -> None:
    """Write the package's bytecode, as ``pip install`` does for an installed package.

    An editable checkout run with PYTHONDONTWRITEBYTECODE set (as on our CI machines) would
    otherwise compile every module from source on every run, which no user's install does.
    """
    import compileall

    import ironsworn

    compileall.compile_dir(str(Path(ironsworn.__file__).parent), quiet=1)


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("runs", nargs="?", type=int, default=30, help="pairs of runs")
    args = parser.parse_args()
    compile_package()
    report = Report("one-shot roll against the bare interpreter")
    measure_floors(report, disk=False)
    roll = [*console_script(), "roll", "action", "--stat", "2", "--dice", "3,4,5"]
    times = paired({"roll": roll, "bare": BARE}, args.runs)
    report.fact("pairs", args.runs)
    report.fact(
        "roll median", f"{ms(statistics.median(times['roll'])):.1f} ms ({' '.join(roll[:1])})"
    )
    report.fact("bare median", f"{ms(statistics.median(times['bare'])):.1f} ms")
    report.add(
        Figure(
            "roll action --dice / bare (paired)", ratio(times["roll"], times["bare"]), "x", 2.0, 1.0
        )
    )
    added = statistics.median(a - b for a, b in zip(times["roll"], times["bare"], strict=True))
    report.add(Figure("time the roll adds to start-up", ms(added), "ms", None, 0.0))
    report.fact("modules imported beyond the bare interpreter", len(extra_modules(roll)))
    report.summary()
    report.write(args.json)


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

    return sorted(imported(argv) - imported(BARE))


if __name__ == "__main__":
    main()
