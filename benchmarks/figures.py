"""What every benchmark shares: its floors, its figures beside their goals, and ``--json``.

A **figure** is one number a benchmark measures, printed beside its **goal** (from the issue
that set it) and the **floor** under it: what this machine cannot beat whatever the code does
(the bare interpreter's start-up for a one-shot command; an fsync on this disk and one SQLite
insert for a durable write). A missed goal says ``MISSED`` on its line. ``--json FILE`` writes
the floors and figures as JSON, for comparing runs.

The machine is shared, so absolute times are noisy: a ratio is taken from **interleaved
pairs** (:func:`paired`: the command, then the bare interpreter, then the command...), never
from one block of runs followed by another.

Imported by the scripts from their own folder (``python benchmarks/x.py`` puts it first on
``sys.path``); it is no benchmark by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BARE = [sys.executable, "-c", "pass"]


@dataclass
class Figure:
    """One measured number, its goal (None: the issue sets none) and its floor."""

    name: str
    value: float
    unit: str  # "x" (a ratio), "ms", "/s", "" (a count)
    goal: float | None
    floor: float | None = None
    higher_is_better: bool = False
    note: str = ""

    @property
    def missed(self) -> bool:
        if self.goal is None:
            return False
        return self.value < self.goal if self.higher_is_better else self.value > self.goal

    def line(self, width: int) -> str:
        sign = ">=" if self.higher_is_better else "<="
        goal = (
            f"goal {sign} {_number(self.goal, self.unit)}" if self.goal is not None else "no goal"
        )
        floor = f"floor {_number(self.floor, self.unit)}" if self.floor is not None else ""
        verdict = "MISSED" if self.missed else ("met" if self.goal is not None else "")
        text = f"{self.name:<{width}} {_number(self.value, self.unit):>12}   {goal:<18} "
        text += f"{floor:<18} {verdict}"
        if self.note:
            text += f"   ({self.note})"
        return text.rstrip()


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "":
        return f"{value:,.0f}"  # a count
    if unit == "x":
        return f"{value:.2f}x"
    if unit == "/s":
        return f"{value:,.0f}/s"
    return f"{value:.2f} {unit}"


@dataclass
class Report:
    """The floors and figures of one benchmark run; printed, and written with ``--json``."""

    title: str
    floors: dict[str, float] = field(default_factory=dict)
    figures: list[Figure] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def add(self, figure: Figure) -> Figure:
        self.figures.append(figure)
        print(figure.line(56), flush=True)
        return figure

    def fact(self, name: str, value: Any) -> None:
        """Something about the run that is no figure (sizes, counts), kept in the JSON."""
        self.facts[name] = value
        print(f"{name}: {value}", flush=True)

    def summary(self) -> None:
        missed = [f.name for f in self.figures if f.missed]
        print()
        print(f"{self.title}: {len(self.figures)} figures, {len(missed)} MISSED")
        for name in missed:
            print(f"  MISSED: {name}")

    def write(self, path: str | None) -> None:
        if not path:
            return
        data = {
            "title": self.title,
            "floors": self.floors,
            "facts": self.facts,
            "figures": [{**asdict(f), "missed": f.missed} for f in self.figures],
        }
        Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {path}")


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """A script's parser with the shared ``--json FILE`` option."""
    parser = argparse.ArgumentParser(
        description=(doc or "").split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--json", metavar="FILE", help="write the floors and figures as JSON")
    return parser


# ------------------------------------------------------------------------------- timing


def timed_run(argv: Sequence[str], env: Mapping[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(list(argv), check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def paired(
    commands: Mapping[str, Sequence[str]], runs: int, env: Mapping[str, str] | None = None
) -> dict[str, list[float]]:
    """Wall times of each command, run in turn (A, B, C, A, B, C...) so drift hits them all.

    The order within each round alternates, so neither command always follows the other.
    """
    names = list(commands)
    for name in names:  # warm the file cache
        timed_run(commands[name], env)
    times: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(runs):
        for name in names if round_ % 2 == 0 else reversed(names):
            times[name].append(timed_run(commands[name], env))
    return times


def ratio(times: Sequence[float], bare: Sequence[float]) -> float:
    """The median of the per-round ratios of two paired series."""
    return statistics.median(a / b for a, b in zip(times, bare, strict=True))


def percentile(samples: Sequence[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def ms(seconds: float) -> float:
    return seconds * 1000


# ------------------------------------------------------------------------------- floors


def bare_start(runs: int = 15) -> float:
    """The bare interpreter's start-up (``python -c pass``), median ms."""
    timed_run(BARE)
    return ms(statistics.median(timed_run(BARE) for _ in range(runs)))


def fsync_floor(folder: Path, runs: int = 50) -> float:
    """One 4 KiB write and fsync of a file in ``folder`` (the disk a campaign is on), median ms."""
    samples = []
    path = folder / "fsync-floor"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for _ in range(runs):
            start = time.perf_counter()
            os.pwrite(fd, b"x" * 4096, 0)
            os.fsync(fd)
            samples.append(time.perf_counter() - start)
    finally:
        os.close(fd)
        path.unlink()
    return ms(statistics.median(samples))


class InsertFloor:
    """Durable SQLite inserts (WAL, synchronous=FULL, one transaction each) in ``folder``:
    timed beside a figure's own samples, so both see the same load on a shared machine."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "insert-floor.sqlite"
        self.conn = sqlite3.connect(self.path, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.conn.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)")
        self.samples: list[float] = []

    def sample(self) -> float:
        start = time.perf_counter()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("INSERT INTO t (body) VALUES (?)", ("{}",))
        self.conn.execute("COMMIT")
        self.samples.append(time.perf_counter() - start)
        return self.samples[-1]

    def median_ms(self) -> float:
        return ms(statistics.median(self.samples))

    def close(self) -> None:
        self.conn.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(self.path) + suffix).unlink(missing_ok=True)


def sqlite_insert_floor(folder: Path, runs: int = 50) -> float:
    """One durable SQLite insert (WAL, synchronous=FULL, its own transaction), median ms."""
    floor = InsertFloor(folder)
    try:
        for _ in range(runs):
            floor.sample()
        return floor.median_ms()
    finally:
        floor.close()


def measure_floors(report: Report, *, start: bool = True, disk: bool = True) -> None:
    """Measure and print the floors a benchmark's figures stand on."""
    if start:
        report.floors["bare_start_ms"] = bare_start()
    if disk:
        with tempfile.TemporaryDirectory(prefix="ironsworn-floor-") as folder:
            report.floors["fsync_ms"] = fsync_floor(Path(folder))
            report.floors["sqlite_insert_ms"] = sqlite_insert_floor(Path(folder))
    names = {
        "bare_start_ms": "bare interpreter start-up (python -c pass)",
        "fsync_ms": "an fsync on this disk (4 KiB)",
        "sqlite_insert_ms": "one SQLite insert (WAL, synchronous=FULL)",
    }
    print(f"{report.title}")
    for key, value in report.floors.items():
        print(f"floor: {names[key]:<44} {value:8.2f} ms")
    print()
