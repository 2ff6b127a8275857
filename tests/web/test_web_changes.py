"""What a change carries (issue 19, "catch up by sequence"): the state as a patch that adds up
to the server's fresh read, the timeline entries that add up to a fresh timeline, the same text
for every page, and what a page missed, by the version it names."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from pathlib import Path
from typing import Any

import httpx
from hypothesis import given, settings
from hypothesis import strategies as st
from web_support import CHANGE, STATS, live_server

from ironsworn.campaign.journal_edits import current_texts, delete_entry, edit_entry
from ironsworn.campaign.store import CampaignStore
from ironsworn.web import changes, reads
from ironsworn.web.tables import Table

PAGE = {**CHANGE, "X-Ironsworn-Page": "1"}

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["a", "b"]))
records = st.fixed_dictionaries(
    {"id": st.sampled_from(["t1", "t2", "t3", "t4"])},
    optional={"ticks": st.integers(0, 40), "name": st.sampled_from(["x", "y"])},
)
values = st.recursive(
    st.one_of(scalars, records),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.sampled_from("pqrs"), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(values, values)
def test_a_patch_turns_the_old_state_into_the_new(old: Any, new: Any) -> None:
    steps = changes.diff(old, new)
    assert changes.patch(copy.deepcopy(old), json.loads(json.dumps(steps))) == new
    assert (steps == []) == (old == new and type(old) is type(new))


def test_a_new_track_is_one_splice_and_a_meter_one_set() -> None:
    old = {"tracks": [{"id": "a", "ticks": 0}, {"id": "b", "ticks": 4}], "hp": 5}
    new = {"tracks": [{"id": "a", "ticks": 4}, {"id": "c", "ticks": 0}, {"id": "b", "ticks": 4}]}
    new["hp"] = 4
    assert changes.diff(old, new) == [
        {"splice": ["tracks"], "at": 1, "remove": 0, "insert": [{"id": "c", "ticks": 0}]},
        {"set": ["tracks", 0, "ticks"], "value": 4},
        {"set": ["hp"], "value": 4},
    ]


def merged(timeline: list[dict[str, Any]], delta: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's merge (live.js mergeTimeline), for a page holding the latest entries."""
    changed = {e["seq"]: e for e in delta["entries"]}
    gone = set(delta["drop"])
    held = {e["seq"] for e in timeline}
    kept = [changed.get(e["seq"], e) for e in timeline if e["seq"] not in gone]
    fresh = [e for e in delta["entries"] if e["seq"] not in held]
    return sorted(kept + fresh, key=lambda e: e["seq"])


def test_timeline_deltas_add_up_to_a_fresh_timeline(home: Path) -> None:
    """Random appends, undos, redos, an append over undone ones, edits and deletions: after
    each, the page's timeline merged with the change's entries is the timeline read fresh."""
    chooser = random.Random(7)
    with CampaignStore.open(home / "c.sqlite", create=True, name="c") as store:
        timeline: list[dict[str, Any]] = []
        head = None
        for step in range(120):
            texts = current_texts(store.operations())
            entries = [seq for seq, text in texts.items() if text is not None]
            roll = chooser.random()
            if roll < 0.45 or not entries:
                store.journal_add(f"entry {step} *with* markdown")
            elif roll < 0.65:
                store.undo()
            elif roll < 0.8:
                store.redo()
            elif roll < 0.9:
                edit_entry(store, chooser.choice(entries), f"edited at {step}")
            else:
                delete_entry(store, chooser.choice(entries))
            last = store.last_operation()
            after = None if last is None else last.seq
            if after == head:
                continue  # the marker did not move: no change to tell
            delta = changes.timeline_delta(store, head, after)
            assert delta is not None
            timeline = merged(timeline, delta)
            assert timeline == reads.timeline(store, 2000), f"step {step}"
            head = after


def test_every_page_gets_the_same_text_and_a_late_page_what_it_missed(home: Path) -> None:
    path = home / "c.sqlite"
    with CampaignStore.open(path, create=True, name="c") as store:
        store.journal_add("one")

    async def scenario() -> None:
        table = Table("c", path)
        try:
            await table.check()
            first, second = table.listen(), table.listen()
            await table.follow()
            base = copy.deepcopy(table.page)
            held = f"{table.epoch}.{table.version}"

            def write(store: Any) -> None:
                store.journal_add("two")

            await table.write(write)
            one, two = first.get_nowait(), second.get_nowait()
            assert one is two and one.event  # one change, serialised once
            data = json.loads(one.event.decode().split("data: ", 1)[1].split("\n", 1)[0])
            assert data["since"] == data["version"] - 1 and data["state"] == []
            assert [e["text"] for e in data["timeline"]["entries"]] == ["two"]
            # A page that held the version before it is told exactly that change; one that
            # holds the latest nothing; another epoch's, or an unknown version, must read.
            assert table.missed(held) == [one]
            assert table.missed(f"{table.epoch}.{table.version}") == []
            assert table.missed(f"beef.{table.version}") is None
            assert table.missed(f"{table.epoch}.{table.version + 5}") is None
            assert table.page is not None and base is not None
        finally:
            table.close()

    asyncio.run(scenario())


def events_of(lines: Any, count: int) -> list[tuple[str, dict[str, Any]]]:
    """The next ``count`` events of a stream: (id, data)."""
    out: list[tuple[str, dict[str, Any]]] = []
    data: dict[str, Any] | None = None
    for line in lines:
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif line.startswith("id: ") and data is not None:
            out.append((line[4:], data))
            data = None
            if len(out) == count:
                return out
    raise AssertionError("the stream ended")


def test_a_page_that_reconnects_receives_what_it_missed(home: Path) -> None:
    with live_server("t") as server, httpx.Client(base_url=server.url, headers=PAGE) as http:
        http.post("/api/c/t/actions/character", json={"name": "Asha", "stats": STATS})
        with http.stream("GET", "/api/c/t/events", timeout=10) as stream:
            ((last, _current),) = events_of(stream.iter_lines(), 1)
        state = http.get("/api/c/t/state").json()
        assert last == f"{state['epoch']}.{state['version']}"
        # Away: three changes made meanwhile (a move, an entry, an undo).
        move = {"move": "face danger", "stat": "edge", "dice": "6,1,2"}
        http.post("/api/c/t/actions/move", json=move, headers={"X-Ironsworn-Seat": "Asha"})
        http.post("/api/c/t/actions/journal", json={"text": "meanwhile"})
        http.post("/api/c/t/actions/undo", json={})
        fresh = http.get("/api/c/t/state").json()
        headers = {"Last-Event-ID": last}
        with http.stream("GET", "/api/c/t/events", headers=headers, timeout=10) as stream:
            missed = events_of(stream.iter_lines(), 3)
        assert [m["version"] for _id, m in missed] == [
            state["version"] + 1,
            state["version"] + 2,
            state["version"] + 3,
        ]
        held = {k: v for k, v in state.items() if k not in ("version", "head")}
        for _id, change in missed:
            assert change["since"] == change["version"] - 1
            held = changes.patch(held, change["state"])
        assert held == {k: v for k, v in fresh.items() if k not in ("version", "head")}
        # The same by the query (a page opening its stream anew), and a restart's id: the
        # current version alone (no patch), so the page reads the state.
        since = f"?since={last}"
        with http.stream("GET", f"/api/c/t/events{since}", timeout=10) as stream:
            assert len(events_of(stream.iter_lines(), 3)) == 3
        with http.stream("GET", "/api/c/t/events?since=beef.1", timeout=10) as stream:
            ((_id, current),) = events_of(stream.iter_lines(), 1)
        assert current == {"version": fresh["version"], "head": fresh["head"]}
        refused = http.get("/api/c/t/events?since=../x")
        assert refused.status_code == 400 and "since" in refused.json()["error"]


def test_the_kept_sheets_and_tracks_equal_a_fresh_read(home: Path) -> None:
    """The page state a table keeps between changes (sheets and track summaries reused while
    unchanged) is, after every operation, the state read afresh: random moves, shared vows
    and journeys marked, fulfilled and forsaken, meters adjusted, decisions answered, undo
    and redo."""
    from ironsworn.errors import IronswornError
    from ironsworn.table import Table as Seat
    from ironsworn.table import call
    from ironsworn.table.reads import campaign_state

    chooser = random.Random(11)
    names = ("Asha", "Kai", "Bren")
    memo: dict[str, Any] = {}
    view_memo: dict[str, Any] = {}
    viewed: tuple[Any, Any] | None = None
    with CampaignStore.open(home / "c.sqlite", create=True, name="c") as store:
        for name in names:
            call(Seat(store, "c"), "character", {"name": name, "stats": STATS})
        for step in range(160):
            state = store.state()
            who = chooser.choice(names)
            open_tracks = [t for t in state.tracks.values() if t.status == "active"]
            dice = ",".join(str(chooser.randint(1, 10)) for _ in range(3))
            action: tuple[str, dict[str, Any]]
            if state.pending is not None:
                options = [o["key"] for o in state.pending.get("options") or []]
                if state.pending["kind"] == "burn" or not options:
                    action = ("decline", {})
                else:
                    action = ("choose", {"keys": options[: int(state.pending["count"])]})
            else:
                roll = chooser.random()
                if roll < 0.15:
                    kind = chooser.choice(("vow", "journey"))
                    sharing = chooser.sample(names, chooser.randint(1, 2))
                    action = (
                        "track",
                        {"kind": kind, "text": f"{kind} {step}", "rank": "troublesome"},
                    )
                    action[1]["characters"] = sharing
                elif roll < 0.3 and open_tracks:
                    track = chooser.choice(open_tracks)
                    action = ("progress", {"track": track.id})
                elif roll < 0.4 and open_tracks:
                    track = chooser.choice(open_tracks)
                    move = "fulfill your vow" if track.kind == "vow" else "reach your destination"
                    action = ("move", {"move": move, "track": track.id, "dice": dice[:3]})
                elif roll < 0.5:
                    action = ("adjust", {"meter": "health", "delta": chooser.choice((-1, 1))})
                elif roll < 0.6:
                    action = ("undo", {})
                elif roll < 0.65:
                    action = ("redo", {})
                else:
                    move = chooser.choice(("face danger", "secure an advantage"))
                    action = ("move", {"move": move, "stat": "edge", "dice": dice})
            try:
                call(Seat(store, "c", who if action[0] in ("move", "adjust") else None), *action)
            except IronswornError:
                continue  # refused by the rules: nothing changed
            kept = campaign_state(store.state(), "c", memo)
            assert kept == campaign_state(store.state(), "c"), f"step {step}: {action}"
            # As the web table reads it: from a view (sharing the characters the store goes
            # on changing), with its own memo; the page read before is left as it was (the
            # base of the next patch).
            if viewed is not None:
                assert viewed[0] == viewed[1], f"step {step}: {action} changed the page read"
            read = campaign_state(store.state(to_read=True), "c", view_memo)
            assert read == kept, f"step {step}: {action}"
            viewed = (read, copy.deepcopy(read))


def test_the_kept_track_summaries_follow_records_replaced_made_and_deleted() -> None:
    """The page state's tracks kept between changes: after random changes of a state's
    tracks (a record replaced by a copy, closed, a track made, one deleted, none changed),
    each summary, which are open and which are sites are those of a fresh scan; a record
    kept is not summed up again."""
    from types import SimpleNamespace

    from ironsworn.table.reads import _track_summaries

    summed: list[str] = []

    def record(ident: str, kind: str, status: str = "active") -> Any:
        def summary() -> dict[str, Any]:
            summed.append(ident)
            return {"id": ident, "kind": kind, "status": status}

        return SimpleNamespace(id=ident, kind=kind, status=status, summary=summary)

    chooser = random.Random(5)
    tracks: dict[str, Any] = {}
    memo: dict[str, Any] = {}
    made = 0
    for _step in range(400):
        roll = chooser.random()
        if roll < 0.25 or not tracks:
            made += 1
            kind = chooser.choice(("vow", "site", "fight"))
            tracks[f"t{made}"] = record(f"t{made}", kind)
        elif roll < 0.35:
            del tracks[chooser.choice(list(tracks))]
        elif roll < 0.7:
            ident = chooser.choice(list(tracks))
            old = tracks[ident]
            status = chooser.choice(("active", "fulfilled", "active"))
            tracks[ident] = record(ident, old.kind, status)
        summed.clear()
        state = SimpleNamespace(tracks=dict(tracks))
        out = _track_summaries(state, memo)
        assert out == [{"id": t.id, "kind": t.kind, "status": t.status} for t in tracks.values()]
        kept = memo["tracks"]
        assert kept.active == [t.status == "active" for t in tracks.values()]
        sites = [t for t in tracks.values() if t.kind == "site"]
        assert [t for t, site in zip(kept.records, kept.sites, strict=True) if site] == sites
        assert len(summed) <= 1  # at most the one record this step made or replaced
