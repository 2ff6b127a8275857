"""The campaign state's indexes of its tracks (issue 24) give what a scan of every track gives.

Random sequences of the events that make, change, close, reopen, share and take back tracks
(each applied, or reverted as an undo does), with copies of the state taken on the way (a
fork, a view, a snapshot read back with its closed tracks unread, a fresh fold of the JSON).
Track ids differ only in case here, as an imported campaign's may. After every step:

- ``open_tracks_of(name)`` and ``open_tracks_of(name, kind)`` list what a scan of the open
  tracks lists, in the same order; ``holds_open(name, kind)`` says whether that scan finds any;
- ``track(query, kinds)`` finds the track (or refuses with the message and candidates) that the
  scan it replaced finds, for ids in any case, names, parts of names and unknown words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ironsworn.campaign.state import CampaignState, TrackState
from ironsworn.errors import NotFound

HEROES = ("Kai", "Asha", "kai")
KINDS = ("vow", "fight", "journey")
IDS = ("vow-1", "VOW-1", "Vow-1", "fight-1", "Fight-1", "journey-2", "x")
QUERIES = (*IDS, " vow-1 ", "VOW-1", "fight-1", "FIGHT-1", "journey-2", "Vow", "oath", "of", "")
KIND_SETS = ((), ("vow",), ("fight",), ("vow", "journey"), ("journey", "fight"))


def scanned_track(state: CampaignState, query: str, kinds: tuple[str, ...]) -> TrackState:
    """A track by id or by its text, as the lookup found it by a scan of every track (before
    the index): the specification the index must meet."""
    key = query.strip().lower()
    tracks = state.tracks.values()
    for t in tracks:
        if t.id.lower() == key and (not kinds or t.kind in kinds):
            return t
    pool = [t for t in tracks if not kinds or t.kind in kinds]
    exact = [t for t in pool if t.name.lower() == key]
    partial = [t for t in pool if key in t.name.lower()]
    for found in (exact, partial):
        active = [t for t in found if t.status == "active"]
        for group in (active, found):
            if len(group) == 1:
                return group[0]
            if len(group) > 1:
                raise NotFound(
                    f"track {query!r} is ambiguous", tuple(f"{t.id} ({t.name})" for t in group)
                )
    what = "/".join(kinds) if kinds else "track"
    open_ones = tuple(f"{t.id} ({t.name})" for t in pool if t.status == "active")[:5]
    none = "" if open_ones else f" (accepted: an active {what}'s id or name; there is none)"
    raise NotFound(f"{what} {query!r} is unknown{none}", open_ones)


def found(lookup: Callable[[str, tuple[str, ...]], TrackState], *query: Any) -> tuple[str, Any]:
    """What a lookup gives: the track found (by identity), or the refusal's words."""
    try:
        return ("track", id(lookup(*query)))
    except NotFound as error:
        return ("refused", (str(error), error.candidates))


def agrees_with_a_scan(state: CampaignState) -> None:
    # The indexes first (a snapshot's closed tracks may be unread yet), then the scans.
    held = {
        (name, kind): [t.id for t in state.open_tracks_of(name, kind)]
        for name in (*HEROES, "Nobody")
        for kind in (None, *KINDS)
    }
    holds = {
        (name, kind): state.holds_open(name, kind) for name in (*HEROES, "Nobody") for kind in KINDS
    }
    lookups = {
        (query, kinds): found(state.track, query, kinds) for query in QUERIES for kinds in KIND_SETS
    }
    tracks = list(state.tracks.values())
    for (name, kind), ids in held.items():
        mine = [t for t in tracks if t.status == "active" and name in t.characters]
        assert ids == [t.id for t in mine if kind is None or t.kind == kind], (name, kind)
        if kind is not None:
            assert holds[name, kind] is bool(ids), (name, kind)
    for (query, kinds), answer in lookups.items():
        assert answer == found(partial(scanned_track, state), query, kinds), (query, kinds)


def next_event(state: CampaignState, step: Mapping[str, Any]) -> dict[str, Any] | None:
    """The event ``step`` asks for, fitted to the state (None when it cannot apply)."""
    tracks = state.tracks
    ident = IDS[step["n"] % len(IDS)]
    if step["what"] == "create":
        if ident in tracks:
            return None
        who = [HEROES[i % len(HEROES)] for i in step["who"]]
        kind = KINDS[step["n"] % len(KINDS)]
        status = "active" if step["n"] % 5 else "completed"  # imported closed, now and then
        track = TrackState(ident, kind, f"{kind} of oath {step['n']}", "dangerous")
        track.characters, track.status = who, status
        return {"type": "track_created", "track": track.to_dict()}
    if ident not in tracks:
        return None
    track = tracks[ident]
    if step["what"] == "close":
        to = "active" if track.status != "active" else "failed"  # closed, or reopened
        return {"type": "track_closed", "track": ident, "from": track.status, "to": to}
    if step["what"] == "share":
        who = [HEROES[i % len(HEROES)] for i in step["who"]]
        return {"type": "track_characters", "track": ident, "from": track.characters, "to": who}
    ticks = (track.ticks + 4) % 40
    return {"type": "progress", "track": ident, "from": track.ticks, "to": ticks}


STEPS = st.fixed_dictionaries(
    {
        "what": st.sampled_from(
            ["create", "create", "close", "share", "progress", "undo", "undo", "copy"]
        ),
        "n": st.integers(0, 50),
        "who": st.lists(st.integers(0, 5), max_size=3),
    }
)
COPIES = ("fork", "view", "snapshot", "fold", "fork_back")


@settings(max_examples=150, deadline=None)
# Two ids differing only in case, the first of them closed: the lookup of either takes the
# first of the kinds asked in the order of the tracks.
@example(
    steps=[
        {"what": "create", "n": 0, "who": [0]},
        {"what": "create", "n": 1, "who": [1]},
        {"what": "close", "n": 0, "who": []},
        {"what": "copy", "n": 2, "who": []},
        {"what": "undo", "n": 0, "who": []},
    ]
)
@given(steps=st.lists(STEPS, max_size=30))
def test_the_track_indexes_agree_with_a_scan(steps: list[dict[str, Any]]) -> None:
    state = CampaignState()
    applied: list[dict[str, Any]] = []  # the events to take back, newest last
    for step in steps:
        if step["what"] == "undo":
            if applied:
                state.revert(applied.pop())
        elif step["what"] == "copy":
            how = COPIES[step["n"] % len(COPIES)]
            if how == "fork":
                state = state.fork()
            elif how == "view":
                state = state.view()
            elif how == "snapshot":  # its closed tracks left unread until used
                state = CampaignState.from_snapshot(state.snapshot_text())
            elif how == "fold":
                state = CampaignState.from_dict(state.to_dict())
            else:  # a fork taken, the state itself goes on (and its copy stays as it was)
                copy, seen = state.fork(), state.to_dict()
                agrees_with_a_scan(copy)
                event = next_event(state, {"what": "create", "n": step["n"] + 1, "who": [2]})
                if event is not None:
                    state.apply(event)
                    applied.append(event)
                agrees_with_a_scan(copy)
                assert copy.to_dict() == seen
        else:
            event = next_event(state, step)
            if event is not None:
                state.apply(event)
                applied.append(event)
        agrees_with_a_scan(state)
