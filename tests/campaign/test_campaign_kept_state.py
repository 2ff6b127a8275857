"""The state the store keeps across writes (issue 24) equals a fresh fold of the live log.

Random sequences of real operations (moves and their decisions, new vows, progress, fulfilled
vows that close tracks, journal entries, refused writes), undo, redo, reopening the campaign,
and on PostgreSQL a second store writing the same campaign (and taking back an operation), on
both stores. After every step
the store's own state, and the state it hands out, equal the fold of every live operation from
nothing; and a state handed out earlier is never changed by later writes (forks are copies).
A view handed out to read (``state(to_read=True)``, the web table's page state) is the same
fold, and no track record it held is ever changed in place afterwards (a reader may keep what
it worked out from a track by the record's identity).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from backends import Backend
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import Store, base
from ironsworn.dice import RandomDice
from ironsworn.errors import IronswornError
from ironsworn.moves.engine import MoveEngine, OperationResult
from ironsworn.moves.sheet import SheetOperations

ACTIONS = ["move", "move", "move", "vow", "progress", "fulfill", "journal", "refused", "fall"]
ACTIONS += ["revive"]
ACTIONS += ["undo", "undo", "redo", "reopen", "other", "other_undo", "hold", "view", "view"]
MOVES = ("face_danger", "secure_an_advantage", "endure_harm", "endure_stress", "make_camp")


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "postgres":
        return Backend("postgres", tmp_path, request.getfixturevalue("postgres_url"))
    return Backend("sqlite", tmp_path)


@pytest.fixture(params=[3, base.SNAPSHOT_INTERVAL], ids=["snapshot every 3", "default"])
def interval(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """Snapshots every 3 operations bring the snapshot's unread closed tracks into play."""
    monkeypatch.setattr(base, "SNAPSHOT_INTERVAL", request.param)
    return int(request.param)


def fresh_fold(store: Store[CampaignState], upto: int | None = None) -> dict[str, Any]:
    """The fold from nothing of the live operations (up to seq ``upto``)."""
    state = CampaignState()
    for operation in store.operations():
        if upto is None or operation.seq <= upto:
            for event in operation.events:
                state.apply(event)
    return state.to_dict()


def operation(state: CampaignState, action: str, rng: random.Random) -> OperationResult:
    """One operation of ``action`` on ``state`` (IronswornError when the rules refuse it)."""
    engine = MoveEngine(state, dice=RandomDice(rng.randrange(1 << 30)))
    sheet = SheetOperations(engine)
    heroes = sorted(c.name for c in state.characters.values() if c.status == "active")
    if not heroes:
        return sheet.new_character(
            f"Hero {rng.randrange(10**6)}", "edge=3,heart=2,iron=2,shadow=1,wits=1"
        )
    who = rng.choice(heroes)
    gone = sorted(c.name for c in state.characters.values() if c.status != "active")
    if action in ("fall", "revive") and state.pending is None:
        # A character leaves play (their open tracks are then shared between copies), or one
        # who left comes back (a shared record is changed, so copied).
        name = rng.choice(gone) if action == "revive" and gone else who
        status = "active" if name in gone else "dead"
        event = {"type": "status", "character": name, "from": "", "to": status}
        event["from"] = state.characters[name].status
        return engine.operation("edit", name, lambda: engine.emit(event))
    vows = sorted(
        t.id
        for t in state.tracks.values()
        if t.kind == "vow" and t.status == "active" and who in t.characters
    )
    if state.pending is not None:
        pending = state.pending
        if pending["kind"] == "burn":
            return engine.decline()
        keys = [o["key"] for o in pending["options"]]
        return engine.choose(keys[: max(1, int(pending.get("min", 1)))])
    if action == "vow" or (action in ("progress", "fulfill") and not vows):
        return sheet.new_track("vow", f"vow {rng.randrange(10**6)}", "troublesome", [who])
    if action == "progress":
        return sheet.progress(rng.choice(vows), mark=True, times=rng.randint(1, 3))
    if action == "fulfill":
        return engine.make_move("fulfill_your_vow", who, track=rng.choice(vows))
    move = rng.choice(MOVES)
    amount = rng.randint(1, 3) if move.startswith("endure") else None
    return engine.make_move(move, who, stat="edge", amount=amount)


def check(store: Store[CampaignState], *, kept_fits: bool = True) -> None:
    # The store's own state: the fold up to the head it was kept at (another writer may have
    # moved the campaign on since; the store sees that by the head at its next use). After
    # another writer's undo it may fold an operation no longer live: then it must not be used.
    kept = store._cache
    if kept is not None and kept_fits:
        assert kept.to_dict() == fresh_fold(store, store._cache_head)
    state = store.state()
    assert state.to_dict() == fresh_fold(store)
    assert store._cache is not None  # and it is kept after a read
    for copy in (kept, store._cache, state):
        if copy is not None:  # the index of open tracks agrees with a scan of them all
            for name in copy.characters:
                assert [t.id for t in copy.open_tracks_of(name)] == [
                    t.id
                    for t in copy.tracks.values()
                    if t.status == "active" and name in t.characters
                ]
                assert [t.id for t in copy.open_tracks_of(name, "vow")] == [
                    t.id
                    for t in copy.tracks.values()
                    if t.status == "active" and name in t.characters and t.kind == "vow"
                ]


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
# Found by Hypothesis: a state handed out while the hero is dead shares the vow only they
# held; the death undone, a fork no longer took that vow as the kept state's own to change.
@example(actions=["move", "vow", "fall", "hold", "undo", "progress"], seed=0)
@given(actions=st.lists(st.sampled_from(ACTIONS), max_size=40), seed=st.integers(0, 2**32))
def test_the_kept_state_is_a_fresh_fold(
    backend: Backend, interval: int, actions: list[str], seed: int
) -> None:
    key = backend.fresh_key()  # one campaign per example
    rng = random.Random(seed)
    store: Store[CampaignState] = backend.open(key, state_type=CampaignState)
    others: list[Store[CampaignState]] = []
    held: list[tuple[CampaignState, dict[str, Any]]] = []
    viewed: dict[int, tuple[Any, dict[str, Any]]] = {}  # each track a view held, as it was
    try:
        for action in actions:
            if action == "undo":
                store.undo()
            elif action == "redo":
                store.redo()
            elif action == "journal":
                store.journal_add(f"line {rng.randrange(100)}")
            elif action == "reopen":
                store.close()
                store = backend.open(key, create=False, state_type=CampaignState)
            elif action == "hold":
                state = store.state()
                held.append((state, state.to_dict()))
            elif action == "view":
                view = store.state(to_read=True)
                assert view.to_dict() == fresh_fold(store)
                for track in view.tracks.values():
                    viewed[id(track)] = (track, track.to_dict())
            elif action == "other":
                # Another writer (on SQLite the same process shares one store per file).
                other: Store[CampaignState] = backend.open(key, state_type=CampaignState)
                others.append(other)
                with other.write() as tx:
                    result = _attempt(tx.state, "move", rng)
                    if result is not None and result.events:
                        tx.append(result.kind, result.events, character=result.character)
            elif action == "other_undo":
                # Another writer takes back the newest operation (which this store's state may
                # fold): the store must not catch up past it, it folds afresh.
                other = backend.open(key, state_type=CampaignState)
                others.append(other)
                other.undo()
                check(store, kept_fits=other is store)
                continue
            elif action == "refused":
                # A write that fails inside its block changes nothing, kept state included.
                with pytest.raises(IronswornError), store.write() as tx:
                    MoveEngine(tx.state).make_move("face_danger", "Nobody", stat="edge")
            else:
                with store.write() as tx:
                    result = _attempt(tx.state, action, rng)
                    if result is not None and result.events:
                        tx.append(result.kind, result.events, character=result.character)
            check(store)
            for track, seen in viewed.values():
                assert track.to_dict() == seen, f"{action}: a viewed track changed in place"
        for state, seen in held:
            assert state.to_dict() == seen  # later writes never reach a state handed out
    finally:
        for other in others:
            other.close()
        store.close()


def _attempt(state: CampaignState, action: str, rng: random.Random) -> OperationResult | None:
    try:
        return operation(state, action, rng)
    except IronswornError:
        return None  # the rules refused it (the engine reverted its events): nothing to write


def test_a_snapshot_leaves_closed_tracks_unread_until_used() -> None:
    state = CampaignState()
    engine = MoveEngine(state, dice=RandomDice(7))
    sheet = SheetOperations(engine)
    sheet.new_character("Kai", "edge=3,heart=2,iron=2,shadow=1,wits=1")
    for n in range(6):
        sheet.new_track("vow", f"vow {n}", "troublesome", ["Kai"])
    for ident in ("vow-1", "vow-4"):
        state.apply({"type": "track_closed", "track": ident, "from": "active", "to": "fulfilled"})
    whole = state.to_dict()
    text = state.snapshot_text()
    read = CampaignState.from_snapshot(text)
    assert read._closed is not None
    assert read.sheet("Kai") == state.sheet("Kai")  # the sheet needs only the open tracks
    assert read._closed is not None
    fork = read.fork()
    # An event on a closed track of the fork reads them, and copies the one it changes.
    fork.apply({"type": "track_closed", "track": "vow-1", "from": "fulfilled", "to": "active"})
    assert list(fork.tracks) == list(state.tracks)  # creation order kept
    assert fork.tracks["vow-1"].status == "active"
    assert read.tracks["vow-1"].status == "fulfilled"  # the state it was forked from is unchanged
    assert read.to_dict() == whole
    assert CampaignState.from_snapshot(text).to_dict() == whole
    # A snapshot re-encodes only the closed tracks that changed since the last one.
    state.snapshot_text()
    state.apply({"type": "rank", "track": "vow-4", "from": "troublesome", "to": "epic"})
    assert "vow-4" not in state._closed_json and "vow-1" in state._closed_json
    assert CampaignState.from_snapshot(state.snapshot_text()).to_dict() == state.to_dict()
    # A snapshot of a state with closed tracks still unread carries them over.
    again = CampaignState.from_snapshot(CampaignState.from_snapshot(text).snapshot_text())
    assert again.to_dict() == whole


def test_a_store_catches_up_with_another_writer_instead_of_folding_afresh(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers on one database: the operations one writes are folded into the other's
    kept state (only those); an undo by the other means the kept state no longer fits, and it
    is folded afresh."""
    backend = Backend("postgres", tmp_path, postgres_url)
    key = backend.fresh_key()
    rng = random.Random(5)
    mine: Store[CampaignState] = backend.open(key, state_type=CampaignState)
    theirs: Store[CampaignState] = backend.open(key, state_type=CampaignState)
    rebuilds: list[int] = []
    original = type(mine)._rebuild

    def counting(self: Any, head: int) -> None:
        if self is mine:
            rebuilds.append(head)
        original(self, head)

    monkeypatch.setattr(type(mine), "_rebuild", counting)

    def write(store: Store[CampaignState]) -> None:
        with store.write() as tx:
            result = _attempt(tx.state, "move", rng)
            if result is not None and result.events:
                tx.append(result.kind, result.events, character=result.character)

    try:
        for _ in range(4):
            write(mine)
        check(mine)
        rebuilds.clear()
        for _ in range(3):  # the other server writes
            write(theirs)
        check(mine)
        assert rebuilds == []  # caught up: only the new operations folded into the kept state
        # The other server takes back an operation this store folds, and writes another in
        # its place: the kept state no longer fits the log.
        assert theirs.undo() is not None
        write(theirs)
        check(mine, kept_fits=False)
        assert len(rebuilds) == 1
    finally:
        theirs.close()
        mine.close()
