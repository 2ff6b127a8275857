"""The big campaign's first load in Chromium, two source trees side by side (issue 24).

Run: python benchmarks/first_load_ab.py A_SRC B_SRC [--loads 8] [--operations 10000] [--phone]

Each tree's server (``ironsworn serve`` with ``PYTHONPATH=A_SRC`` or ``B_SRC``) serves its own
copy of one campaign of ``--operations`` random classic moves; the loads alternate between the
two (A B, then B A, ...), each a cold browser context, so a host whose load drifts during the
run weighs on both alike. For each tree: goto to drawn (as ``web.py`` measures it) and the
page's own clock, medians and every sample; the requests the page made until drawn and the
bytes they brought, which do not depend on the host's load. The first load of each server is
left out (its first read of each list).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_load import CHANGE, STATS

from web import build, cold_load, serve


def serve_tree(source: Path, home: Path) -> tuple[subprocess.Popen[str], str]:
    """``ironsworn serve`` of the tree ``source`` on a free port, its home ``home``, with the
    character the big campaign is drawn for."""
    process, base = serve(home, "big", source=source)
    httpx.post(
        base + "/api/c/big/actions/character",
        json={"name": "Bench", "stats": STATS},
        headers=CHANGE,
    )
    return process, base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="the first tree's source folder (its src/)")
    parser.add_argument("b", type=Path, help="the second tree's source folder")
    parser.add_argument("--loads", type=int, default=8, help="loads of each tree measured")
    parser.add_argument("--operations", type=int, default=10_000)
    parser.add_argument("--phone", action="store_true", help="a phone's screen (390 x 844)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    viewport = {"width": 390, "height": 844} if args.phone else {"width": 1280, "height": 800}
    work = Path(tempfile.mkdtemp(prefix="ironsworn-first-load-"))
    trees = {"A": args.a.resolve(), "B": args.b.resolve()}
    servers = {}
    try:
        built = work / "built" / "campaigns" / "big.sqlite"
        built.parent.mkdir(parents=True)
        build(built, args.operations)
        for label, source in trees.items():
            home = work / label
            shutil.copytree(work / "built", home)
            servers[label] = serve_tree(source, home)
        figures: dict[str, dict[str, list[float]]] = {k: {} for k in trees}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            for round_ in range(args.loads + 1):
                order = list(trees) if round_ % 2 == 0 else list(trees)[::-1]
                for label in order:
                    wall_s, clock, requests, received = cold_load(
                        browser, f"{servers[label][1]}/c/big", viewport
                    )
                    if round_ == 0:
                        continue  # the server's first read of each list
                    wall = wall_s * 1000
                    for name, value in (
                        ("wall", wall),
                        ("clock", clock),
                        ("requests", requests),
                        ("bytes", received),
                    ):
                        figures[label].setdefault(name, []).append(value)
            browser.close()
    finally:
        for process, _base in servers.values():
            process.terminate()
            process.wait(timeout=15)
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for label, source in trees.items():
        got = figures[label]
        print(f"{label} {source}")
        for name, title in (("wall", "goto to drawn"), ("clock", "by the page's clock")):
            samples = " ".join(f"{x:.0f}" for x in sorted(got[name]))
            print(f"  {title}: median {median(got[name]):.0f} ms ({samples})")
        print(
            f"  requests until drawn: {min(got['requests']):.0f} to {max(got['requests']):.0f};"
            f" bytes received: {max(got['bytes']) / 1000:,.0f} kB"
        )


if __name__ == "__main__":
    main()
