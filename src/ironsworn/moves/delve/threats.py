"""Delve's threats: a danger tied to a vow, with a menace track (Advance a Threat, Take a Hiatus).

A threat is a track of kind ``threat`` whose ``vow`` is the vow it endangers and whose
``category`` is one of the pack's threat categories (Burgeoning Conflict...). Its progress is
its menace.

- Advance a Threat: d100 on the move's table. 1-30: the threat readies its next step; the
  player says whether they prevent it (then Reach a Milestone on the vow) or not (mark menace);
  31-70 mark menace; 71-100 mark menace twice. A match on the d100 (11, 22 ... 99, and 100)
  exposes a surprising aspect of the threat. Marking the last box means the threat achieves its
  goal: the vow must be forsaken (Forsake Your Vow is made on it).
- A threat ends with the vow it menaces: the pack's threat oracles have you swear a vow "to
  see its goal undone", so a vow fulfilled leaves the threat ``overcome``; a vow forsaken
  (the last box of menace, or a vow given up) leaves it ``prevailed`` (:func:`end_with_vow`,
  made by Fulfill Your Vow and Forsake Your Vow).
- Take a Hiatus: health, spirit, supply and companions' health to their maximum, momentum to
  its reset, the conditions cleared; then Advance a Threat for each active threat.

ENGINE CHOICE: "mark menace" marks the menace track as progress is marked, by the threat's
rank (the vow's rank unless told otherwise); the pack's data does not say how much a mark is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, before_roll, no_roll, on_resume
from ironsworn.progress import MAX_TICKS

if TYPE_CHECKING:
    from ironsworn.moves.engine import MoveEngine, OperationResult

THREAT = ("threat",)
ADVANCE_TABLE = "move.oracle_rollable:delve/threat/advance_a_threat.advance_a_threat"
CATEGORY_PREFIX = "oracle_rollable:delve/threat/"
ADVANCE = "move:delve/threat/advance_a_threat"
CONDITIONS = ("wounded", "shaken", "unprepared", "encumbered")


def categories(engine: MoveEngine) -> dict[str, str]:
    """The pack's threat categories: oracle id -> name (Burgeoning Conflict...)."""
    return {
        key: table.name
        for key, table in engine.ruleset.oracles.items()
        if key.startswith(CATEGORY_PREFIX) and key != CATEGORY_PREFIX + "category"
    }


def find_category(known: dict[str, str], category: str) -> str:
    """The id of the threat category ``category`` names (its name, or its id's last part),
    of ``known`` (:func:`categories`); refused naming the categories accepted."""
    key = " ".join(category.split()).casefold()
    found = [k for k, n in known.items() if key in (n.casefold(), k.rsplit("/", 1)[-1])]
    if not found:
        raise InvalidValue(
            f"threat category {category!r} is unknown (accepted: "
            f"{', '.join(sorted(known.values()))}, or roll)"
        )
    return found[0]


def new_threat(
    engine: MoveEngine,
    name: str,
    vow: str,
    category: str,
    rank: str | None = None,
) -> OperationResult:
    """A threat to ``vow`` of a ``category`` (by name, or ``roll`` on the pack's Category
    table); its menace track has the vow's rank unless ``rank`` is given."""
    from ironsworn.moves.delve.sites import require_delve
    from ironsworn.moves.sheet import track_event
    from ironsworn.ranks import Rank

    def run() -> None:
        require_delve(engine)
        known = categories(engine)
        if category.strip().lower() == "roll":
            chosen = sorted(known)[engine.dice.roll(len(known)) - 1]
            engine.note(f"threat category rolled: {known[chosen]}")
        else:
            chosen = find_category(known, category)
        track = engine.state.track(vow, ("vow",))
        parsed = Rank.parse(rank) if rank else Rank.parse(track.rank)
        text = " ".join(name.split()) or known[chosen]
        event = track_event(engine.state, "threat", text, parsed, list(track.characters), None, 1)
        event["track"].update(vow=track.id, category=chosen)
        engine.emit(event)

    return engine.operation("threat", None, run)


@before_roll("advance_a_threat", ruleset="delve")
def advance_before(ctx: Step) -> None:
    ctx.engine.resolve_track(ctx, THREAT)


@no_roll("advance_a_threat", ruleset="delve")
def advance_a_threat(ctx: Step) -> None:
    from ironsworn.moves.delve.delving import table_roll

    threat = ctx.track(THREAT)
    roll, row, _ = table_roll(ctx, ADVANCE_TABLE)
    if roll == 100 or (roll > 10 and roll % 11 == 0):
        ctx.note("a match: this development also exposes a surprising aspect of the threat")
    if row == 0:
        ctx.choose(
            "delve.threat.prevent",
            [
                ("prevented", "you prevent it: Reach a Milestone on the vow"),
                ("mark_menace", "you cannot, or do not: mark menace"),
            ],
            prompt="the threat readies its next step",
        )
    else:
        _menace(ctx, threat.id, 1 if row == 1 else 2)


@on_resume("delve.threat.prevent")
def threat_prevent(ctx: Step, keys: list[str]) -> None:
    threat = ctx.track(THREAT)
    if keys[0] == "prevented":
        if threat.vow:
            ctx.follow("reach_a_milestone", track=threat.vow)
    else:
        _menace(ctx, threat.id, 1)


def _menace(ctx: Step, threat_id: str, times: int) -> None:
    threat = ctx.state.tracks[threat_id]
    ctx.mark_progress(threat, times)
    if threat.ticks >= MAX_TICKS:
        ctx.note(f"{threat.name} achieves its goal: you must Forsake Your Vow")
        vow = ctx.state.tracks.get(threat.vow or "")
        if vow is not None and vow.status == "active":
            ctx.follow("forsake_your_vow", track=vow.id)


# How a threat ends, by how its vow ended.
THREAT_ENDS = {"fulfilled": "overcome", "forsaken": "prevailed"}


def end_with_vow(ctx: Step, vow_id: str) -> None:
    """End the active threats to the vow ``vow_id`` once it is fulfilled or forsaken (nothing
    while it stays open: a vow recommitted keeps its threat). Only the open threats tied to
    that vow are looked at: a threat overcome or prevailed before keeps how it ended, another
    vow's threat is not touched, and a long campaign's closed tracks are not read."""
    state = ctx.state
    threats = [t for t in state.open_tracks("threat") if t.vow == vow_id]
    if not threats:
        return
    vow = state.track_by_id(vow_id)
    status = THREAT_ENDS.get(vow.status) if vow is not None else None
    if status is None:
        return
    for threat in threats:
        ctx.engine.close_track(threat, status)


@no_roll("take_a_hiatus", ruleset="delve")
def take_a_hiatus(ctx: Step) -> None:
    """The recovery the move allows, all of it taken (each only ever helps), then the threats."""
    char = ctx.char
    for condition in CONDITIONS:
        if condition in char.debilities:
            ctx.debility(condition, False)
    for meter in ("health", "spirit", "supply"):
        top = char.meter_max(meter)
        if getattr(char, meter) < top:
            ctx.engine.set_meter(char.name, meter, top)
    if char.momentum < char.momentum_reset:
        ctx.momentum(char.momentum_reset - char.momentum)
    for asset in char.assets:
        health = asset.get("meter")
        if health and int(health["value"]) < int(health["max"]):
            ctx.engine.companion_meter(char.name, asset["id"], int(health["max"]))
    threats = [
        t
        for t in ctx.state.tracks.values()
        if t.kind == "threat" and t.status == "active" and ctx.name in t.characters
    ]
    for threat in threats:
        ctx.follow(ADVANCE, track=threat.id)
