"""The web server's instructions per move under callgrind: its CPU per move, told apart on a
shared host.

Run: python benchmarks/web_instructions.py SRC [SRC...] [--moves 160] [--rounds 2]

On a machine other programs load, the server's CPU time per move (``web.py``) moves by 15 %
from one run to the next, more than most changes to it. Callgrind counts the instructions the
server's process runs instead, which the host's load leaves nearly as they are. Each ``SRC`` (a
``src`` folder: ``/work/main/src``, a worktree's) serves 4 campaigns, each with 5 characters
and 5 pages listening to its event stream, under ``valgrind --tool=callgrind`` with counting
off; 40 moves warm it up; counting is turned on for moves made 4 at a time (one a campaign),
and off (a dump) a few seconds after the last. A run of ``--moves`` and one of a third as many
are taken, and the difference of their counts over the difference of their moves is the
figure: what one more move costs, without the start and the idle seconds. The sources are
measured in turn, ``--rounds`` times (interleaved).

What it leaves out: the kernel's side (system calls, the threads' hand-overs of the
interpreter lock), which ``web.py``'s CPU figure has. Needs valgrind.
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from table_load import STATS, STRONG_HIT, Connection, follow

CAMPAIGNS = [f"c{i}" for i in range(4)]
PAGES = 5  # characters and listening pages a campaign


async def play(base: str, pid: int, moves: int) -> None:
    """Set the campaigns up, warm up, then count ``moves`` moves (4 at a time)."""
    setup = Connection(base)
    for name in CAMPAIGNS:
        status, _fields, content = await setup.request("POST", "/api/campaigns", {"name": name})
        for i in range(PAGES):
            body = {"name": f"Hero{i}", "stats": STATS}
            status, _fields, content = await setup.request(
                "POST", f"/api/c/{name}/actions/character", body
            )
            assert status == 200, content[:200]
    heard: dict[int, int | None] = {}
    pages = [
        asyncio.create_task(follow(base, name, i * PAGES + j, heard))
        for i, name in enumerate(CAMPAIGNS)
        for j in range(PAGES)
    ]
    await asyncio.sleep(3)
    own = [Connection(base) for _ in CAMPAIGNS]

    async def move(k: int) -> None:
        name = CAMPAIGNS[k % len(CAMPAIGNS)]
        status, _fields, content = await own[k % len(CAMPAIGNS)].request(
            "POST",
            f"/api/c/{name}/actions/move",
            {"move": "face danger", "stat": "edge", "dice": STRONG_HIT},
            {"X-Ironsworn-Seat": f"Hero{(k // len(CAMPAIGNS)) % PAGES}"},
        )
        assert status == 200, content[:200]

    async def rounds(first: int, count: int) -> None:
        for start in range(first, first + count, len(CAMPAIGNS)):
            await asyncio.gather(*(move(k) for k in range(start, start + len(CAMPAIGNS))))
            await asyncio.sleep(0.05)

    await rounds(0, 40)
    await asyncio.sleep(2)
    subprocess.run(["callgrind_control", "-i", "on", str(pid)], capture_output=True, check=False)
    await rounds(40, moves)
    await asyncio.sleep(3)  # every page hears the last change
    subprocess.run(["callgrind_control", "-d", str(pid)], capture_output=True, check=False)
    for page in pages:
        page.cancel()
    await asyncio.gather(*pages, return_exceptions=True)


def instructions(src: str, moves: int) -> int:
    """The instructions the server ran for ``moves`` counted moves (and what came with them)."""
    home = tempfile.mkdtemp(prefix="ironsworn-instructions-")
    out = str(Path(home) / "callgrind.out")
    env = {**os.environ, "IRONSWORN_HOME": home, "PYTHONPATH": src, "PYTHONUNBUFFERED": "1"}
    valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--instr-atstart=no"]
    serve = [sys.executable, "-m", "ironsworn", "serve", "--campaign", "c0", "--port", "0"]
    process = subprocess.Popen(
        [*valgrind, *serve],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    base = process.stdout.readline().split("is at ", 1)[1].strip().rsplit("/c/", 1)[0]
    try:
        asyncio.run(play(base, process.pid, moves))
    finally:
        process.terminate()
        process.wait(120)
    counted = 0
    for dump in glob.glob(out + "*"):
        for line in Path(dump).read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                counted = max(counted, int(line.split()[1]))
    shutil.rmtree(home, ignore_errors=True)
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="+", help="src folders to measure")
    parser.add_argument("--moves", type=int, default=160)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    few = max(len(CAMPAIGNS), args.moves // 3 // len(CAMPAIGNS) * len(CAMPAIGNS))
    many = args.moves // len(CAMPAIGNS) * len(CAMPAIGNS)
    for round_ in range(1, args.rounds + 1):
        for src in args.sources:
            per_move = (instructions(src, many) - instructions(src, few)) / (many - few)
            print(f"round {round_}: {src}: {per_move:,.0f} instructions a move", flush=True)


if __name__ == "__main__":
    main()
