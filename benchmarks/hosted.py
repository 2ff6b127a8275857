"""A hosted table's figures: two ``serve`` processes on one PostgreSQL database, against one
process on SQLite files, under the same load, on loopback.

Run: python benchmarks/hosted.py [--duration 60] [--clients 200] [--campaigns 100]
                                 [--rate 50] [--database URL] [--only postgres|sqlite]
                                 [--json FILE]

Without ``--database`` it starts a PostgreSQL server of its own (``tests/pg_server.py``: initdb
in a temporary folder, a socket there, as ``nobody`` when run as root) and a new database in it.

Each campaign has its clients spread over the servers (with two servers, one client of every
campaign on each). A client is a page: its event stream open, its own character (seat). In all
the clients make ``--rate`` moves a second (Face Danger with typed dice for a strong hit, so no
decision is left pending between two players of one table) for ``--duration`` seconds. Printed:
moves made, errors (any answer but 200), lost operations (moves answered 200 that the campaign
does not hold), pages behind (a page whose last event is not the campaign's head), clients
whose final state differs from the one folded straight from the store, and the move latency
(the whole POST): median, p95, max.

Each figure is printed beside its goal and its floor (one durable SQLite insert), MISSED where
missed. Goals (issue 12): 0 errors, 0 lost, every client's final state equal to the
database's, p95 under 100 ms; the rate asked reached (95 %). Issue 24's: two servers, 50 pages,
300 moves/s at p95 under 100 ms (``--clients 50 --campaigns 10 --rate 300 --only postgres``).
The servers' CPU per move is printed beside the budget the asked rate leaves each move on one
core per server (the design figure: what the servers could do on an idle machine).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from figures import Figure, Report, arguments, measure_floors, ms, percentile
from table_load import CHANGE, STATS, Connection, at_rate, face_danger, follow, spread

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))


def serve(home: Path, database: str | None) -> tuple[subprocess.Popen[str], str]:
    """Start ``ironsworn serve`` on a free port; its process and base address."""
    env = {**os.environ, "IRONSWORN_HOME": str(home)}
    env.pop("IRONSWORN_CAMPAIGN", None)
    command = [sys.executable, "-m", "ironsworn", "serve", "--campaign", "lobby", "--port", "0"]
    if database:
        command += ["--database", database]
    home.mkdir(parents=True, exist_ok=True)
    log = (home / "serve.log").open("w")  # a file: a full pipe would stall the server
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    if " at http://" not in line:
        raise SystemExit(f"serve did not start: {(home / 'serve.log').read_text()}")
    return process, line.split(" at ", 1)[1].split("/c/", 1)[0]


def cpu_seconds(pids: list[int]) -> float:
    """The processes' CPU time so far (user and system, every thread)."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def load_run(
    bases: list[str],
    names: list[str],
    clients: int,
    rate: float,
    duration: float,
    pids: list[int] | None = None,
) -> dict[str, Any]:
    # Client i plays campaign i % campaigns, through server i % servers, as Hero{i // campaigns}.
    seats = [
        (names[i % len(names)], f"Hero{i // len(names)}", bases[i % len(bases)])
        for i in range(clients)
    ]
    latencies: list[float] = []
    errors: list[str] = []
    sent: dict[str, int] = dict.fromkeys(names, 0)
    last_seen: dict[int, int | None] = {}
    limits = httpx.Limits(max_connections=64)
    https = {
        base: httpx.AsyncClient(base_url=base, headers=CHANGE, timeout=60, limits=limits)
        for base in bases
    }
    try:
        first = https[bases[0]]
        for name in names:
            answer = await first.post("/api/campaigns", json={"name": name})
            assert answer.status_code == 201, answer.text
        for name, seat, base in seats:
            answer = await https[base].post(
                f"/api/c/{name}/actions/character", json={"name": seat, "stats": STATS}
            )
            assert answer.status_code == 200, answer.text
        heads = {n: (await first.get(f"/api/c/{n}/state")).json()["head"] for n in names}

        listeners = [
            asyncio.create_task(follow(base, name, i, last_seen))
            for i, (name, _s, base) in enumerate(seats)
        ]
        await asyncio.sleep(2)

        pages = {seated: Connection(seated[2]) for seated in seats}  # a connection each

        async def move(seated: tuple[str, str, str]) -> None:
            name, seat, _base = seated
            await face_danger(pages[seated], name, seat, sent, errors, latencies)

        cpu = cpu_seconds(pids or [])
        unanswered: list[float] = []
        elapsed = await at_rate(rate, duration, seats, move, unanswered)
        errors += [f"no answer after {t:.0f} s" for t in unanswered]
        latencies += unanswered  # at least this long: counted, not left out
        cpu = cpu_seconds(pids or []) - cpu
        await asyncio.sleep(1.5)  # let every page hear the last change
        finals = [
            (await https[base].get(f"/api/c/{name}/state")).json() for name, _s, base in seats
        ]
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
        for page in pages.values():
            page.close()
    finally:
        for http in https.values():
            await http.aclose()
    return {
        "seats": seats,
        "heads": heads,
        "sent": sent,
        "last_seen": last_seen,
        "finals": finals,
        "elapsed": elapsed,
        "errors": errors,
        "latencies": latencies,
        "rate": rate,
        "cpu_per_move": cpu / max(1, sum(sent.values())) if pids else None,
    }


def check_against_store(run: dict[str, Any], open_store: Any) -> dict[str, int]:
    """Compare what the clients saw with the store itself (folded here, not by a server)."""
    from ironsworn.web import reads

    lost = unequal = behind = 0
    seen_heads: dict[str, int] = {}
    states: dict[str, Any] = {}
    for name in run["sent"]:
        with open_store(name) as store:
            operations = store.operations()
            moves = sum(1 for op in operations if op.kind == "move" and op.seq > run["heads"][name])
            lost += max(0, run["sent"][name] - moves)
            seen_heads[name] = operations[-1].seq if operations else 0
            states[name] = reads.campaign_state(store, name)
    for index, ((name, _seat, _base), final) in enumerate(
        zip(run["seats"], run["finals"], strict=True)
    ):
        # version, head, epoch and the caller's role are about the page, not the campaign.
        shown = {k: v for k, v in final.items() if k not in ("version", "head", "role", "epoch")}
        if shown != json.loads(json.dumps(states[name])) or final["head"] != seen_heads[name]:
            unequal += 1
        if run["last_seen"].get(index) != seen_heads[name]:
            behind += 1
    return {"lost": lost, "unequal": unequal, "behind": behind}


def report(out: Report, title: str, run: dict[str, Any], checked: dict[str, int]) -> None:
    moves = sum(run["sent"].values())
    print(f"{title}:")
    out.fact(
        f"{title}: load",
        f"{moves} moves in {run['elapsed']:.1f} s by {len(run['seats'])} clients on "
        f"{len(run['sent'])} campaigns",
    )
    rate = run["rate"]
    out.add(
        Figure(
            f"{title}: moves a second",
            moves / run["elapsed"],
            "/s",
            0.95 * rate,
            None,
            True,
            f"asked {rate:g}/s",
        )
    )
    # Goals of issue 12: nothing lost or wrong under load; p95 under 100 ms.
    out.add(Figure(f"{title}: errors", len(run["errors"]), "", 0))
    out.add(Figure(f"{title}: lost operations", checked["lost"], "", 0))
    out.add(Figure(f"{title}: pages behind", checked["behind"], "", 0))
    out.add(Figure(f"{title}: states unlike the store's", checked["unequal"], "", 0))
    if run["errors"]:
        print(f"  first error: {run['errors'][0]}")
    latencies = run["latencies"] or [0.0]
    floor = out.floors.get("sqlite_insert_ms")
    out.add(Figure(f"{title}: move latency p50", ms(median(latencies)), "ms", None, floor))
    out.add(
        Figure(f"{title}: move latency p95", ms(percentile(latencies, 0.95)), "ms", 100.0, floor)
    )
    print(f"  move latency: {spread(run['latencies'])}")
    # By design: the serve processes' CPU per move (all of them together), beside what the
    # asked rate leaves a move on one core per process.
    cpu = run.get("cpu_per_move")
    if cpu is not None:
        servers = max(1, len({base for _n, _s, base in run["seats"]}))
        out.add(
            Figure(
                f"{title}: server CPU per move",
                ms(cpu),
                "ms",
                1000 * servers / rate,
                floor,
                False,
                f"{servers / max(cpu, 1e-9):,.0f} moves/s on {servers} core(s)",
            )
        )
    sys.stdout.flush()


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--campaigns", type=int, default=100)
    parser.add_argument("--rate", type=float, default=50.0, help="moves a second, in all")
    parser.add_argument("--database", help="an empty PostgreSQL database (default: our own)")
    parser.add_argument("--only", choices=("postgres", "sqlite"))
    parser.add_argument("--servers", type=int, default=2, help="serve processes on PostgreSQL")
    args = parser.parse_args()
    out = Report("a hosted table under load")
    measure_floors(out, start=False)
    names = [f"table{i:03d}" for i in range(args.campaigns)]
    folder = Path(tempfile.mkdtemp(prefix="ironsworn-hosted-"))
    processes: list[subprocess.Popen[str]] = []
    pg = None
    try:
        if args.only != "sqlite":
            url = args.database
            if url is None:
                import pg_server

                reason = pg_server.unavailable()
                if reason:
                    raise SystemExit(f"cannot start PostgreSQL: {reason}")
                pg = pg_server.start()
                url = pg.create_database("hosted")
            servers = [serve(folder / f"pg-home{i}", url) for i in range(args.servers)]
            processes += [p for p, _b in servers]
            bases, pids = [b for _p, b in servers], [p.pid for p, _b in servers]
            run = asyncio.run(load_run(bases, names, args.clients, args.rate, args.duration, pids))
            import psycopg

            from ironsworn.campaign.store.postgres import PostgresStore

            # The servers' driver: its pure-Python implementation costs about twice the CPU.
            out.fact("psycopg implementation", psycopg.pq.__impl__)

            checked = check_against_store(run, lambda n: PostgresStore.open(url, n))
            report(out, f"PostgreSQL, {args.servers} serve process(es)", run, checked)
            for process in processes:
                process.kill()
        if args.only != "postgres":
            home = folder / "sqlite-home"
            process, base = serve(home, None)
            processes.append(process)
            run = asyncio.run(
                load_run([base], names, args.clients, args.rate, args.duration, [process.pid])
            )
            from ironsworn.campaign.store import CampaignStore

            def open_file(name: str) -> Any:
                return CampaignStore.open(home / "campaigns" / f"{name}.sqlite")

            checked = check_against_store(run, open_file)
            report(out, "SQLite files, one serve process", run, checked)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait()
        if pg is not None:
            pg.stop()
        shutil.rmtree(folder, ignore_errors=True)
    out.summary()
    out.write(args.json)


if __name__ == "__main__":
    main()
