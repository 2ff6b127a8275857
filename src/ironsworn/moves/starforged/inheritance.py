"""Continue a Legacy (seed 003): a new character in the same campaign, and what they inherit.

"When you retire from your life as Ironsworn, or succumb to death or desolation, you may create
a new character in your established setting. If you do, roll the challenge dice and compare to
each of the former character's legacy tracks: quests, bonds, and discoveries (one roll per
track)." The move is made for the former character (dead or lost characters too) with the new
one's name and stats (the ``successor`` and ``stats`` inputs: ``Nova``, ``3,2,2,1,1``); the
former retires when still active, the new character is created by a ``character_created``
event of the same operation (undone with it), and each track's result asks its choice,
applied to the new character:

- follow their path: one path or companion asset, copied with its marked abilities;
- share a connection: the connection passes to the new character (its progress, bond and
  influence kept);
- accept an inheritance: the command vehicle's card and one module or support vehicle card;
- see it through: one of their unfinished vows is sworn again by the new character with an
  automatic strong hit (+2 momentum) and half their progress (rounded down);
- rebuild a connection: the named connection is remembered; Make a Connection with them is an
  automatic strong hit that marks two ticks on the bonds legacy track;
- explore familiar ground: the place named is added to the world and remembered;
- the miss options are envisioned (noted).

ENGINE CHOICES: an option with nothing to take (no path asset, no connection...) is not
offered; the former character's sheet stays as it was (the record of their story), so what is
taken is copied, except a connection, which has one set of characters; "half their earned
progress" is half the vow's ticks, rounded down.
"""

from __future__ import annotations

from typing import Any

from ironsworn.campaign.state import LEGACY_TRACKS, CharacterState, TrackState
from ironsworn.errors import OptionNeeded, RuleViolation
from ironsworn.moves.engine import Step, no_roll, on_resume
from ironsworn.moves.starforged._common import RULESET, M, S, W, new_track
from ironsworn.moves.starforged.legacy import category_of

STRONG = [
    ("follow_their_path", "take one path or companion asset, with its marked abilities"),
    ("share_a_connection", "take one connection, with its progress and bond"),
    ("accept_an_inheritance", "take the command vehicle and one module or support vehicle"),
]
WEAK = [
    ("see_it_through", "swear to finish one of their quests (an automatic strong hit)"),
    ("rebuild_a_connection", "rebuild one of their connections"),
    ("explore_familiar_ground", "a place that was meaningful to them"),
]
MISS = [
    ("deal_with_the_aftermath", "one of their foes has gained power"),
    ("switch_loyalties", "you begin in opposition to them"),
    ("open_pandoras_box", "an advancement or discovery has dire consequences"),
]
TEXTS = dict(STRONG + WEAK + MISS)
STATS_HELP = "3,2,2,1,1 in the order edge, heart, iron, shadow, wits"


@no_roll("continue_a_legacy", ruleset=RULESET)
def continue_a_legacy(ctx: Step) -> None:
    """Create the new character, then roll against each legacy track of the former one."""
    from ironsworn.moves.sheet import check_new_name, parse_stats
    from ironsworn.rolls import roll_progress

    former = ctx.char
    if former.flags.get("successor"):
        raise RuleViolation(
            f"{former.name}'s legacy is continued already, by {former.flags['successor']}"
        )
    name, stats = ctx.data.get("successor"), ctx.data.get("stats")
    # The new character is asked, not refused: its name, then its stats.
    if not name:
        raise OptionNeeded(
            "Continue a Legacy: what is the new character's name?",
            "successor",
            (),
            subject="Continue a Legacy",
            open=True,
        )
    if not stats:
        raise OptionNeeded(
            f"Continue a Legacy: what are {name}'s stats? ({STATS_HELP})",
            "stats",
            (),
            subject=f"Continue a Legacy ({name})",
            open=True,
        )
    successor = check_new_name(ctx.state, str(name))
    parsed = parse_stats(str(stats))
    if former.status == "active":
        ctx.emit(
            {"type": "status", "character": former.name, "from": former.status, "to": "retired"}
        )
    character = {
        "name": successor,
        "stats": parsed,
        "bonds": [],
        "bond_ticks": 0,
        "assets": [],
        "ruleset": RULESET,
        "impacts": [],
        "legacy": {},
    }
    ctx.emit({"type": "character_created", "character": character})
    ctx.flag("successor", successor)
    outcomes = []
    for track in LEGACY_TRACKS:
        roll = roll_progress(ctx.engine.dice, former.legacy_score(track), ctx.engine.even_matches)
        ctx.emit(
            {
                "type": "roll",
                "character": former.name,
                "move": ctx.data["move"],
                "roll": roll.to_json(),
            }
        )
        first, second = roll.challenge
        ctx.note(f"{track}: score {roll.score} vs {first}, {second}: {roll.outcome.words}")
        outcomes.append(roll.outcome.value)
    _next(ctx, outcomes, successor)


def _next(ctx: Step, outcomes: list[str], successor: str) -> None:
    """Ask the choice of the next track's result (a strong hit may take a weak-hit or miss
    option, a weak hit a miss option)."""
    if not outcomes:
        return
    outcome = outcomes[0]
    offered = {S.value: STRONG + WEAK + MISS, W.value: WEAK + MISS, M.value: MISS}[outcome]
    options = [(k, t) for k, t in offered if _available(ctx, k, successor)]
    track = LEGACY_TRACKS[len(LEGACY_TRACKS) - len(outcomes)]
    ctx.choose(
        "sf.continue_a_legacy.pick",
        options,
        prompt=f"{track}: a {outcome.replace('_', ' ')}: choose one for {successor}",
        text={
            "prompt": "name a place that was meaningful to them",
            "default": None,
            "keys": ["explore_familiar_ground"],
        },
        rest=outcomes[1:],
        successor=successor,
    )


def _available(ctx: Step, key: str, successor: str) -> bool:
    if key == "follow_their_path":
        return bool(_cards(ctx, successor, ("path", "companion")))
    if key == "share_a_connection":
        return bool(_connections(ctx, active=True))
    if key == "accept_an_inheritance":
        kinds = ("command_vehicle", "module", "support_vehicle")
        return bool(_cards(ctx, successor, kinds))
    if key == "see_it_through":
        return bool(_vows(ctx))
    if key == "rebuild_a_connection":
        return bool(_connections(ctx, active=False))
    return True


def _cards(ctx: Step, successor: str, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """The former character's asset cards of these categories the new one does not hold."""
    held = {a["id"] for a in ctx.state.character(successor).assets}
    return [
        a for a in ctx.char.assets if category_of(str(a["id"])) in kinds and a["id"] not in held
    ]


def _connections(ctx: Step, active: bool) -> list[TrackState]:
    return [
        t
        for t in ctx.state.tracks.values()
        if t.kind == "connection"
        and ctx.name in t.characters
        and (t.status == "active" or not active)
    ]


def _vows(ctx: Step) -> list[TrackState]:
    return [
        t
        for t in ctx.state.tracks.values()
        if t.kind == "vow" and t.status == "active" and ctx.name in t.characters
    ]


def _context(ctx: Step) -> tuple[list[str], str]:
    context = ctx.data["context"]
    return list(context["rest"]), str(context["successor"])


@on_resume("sf.continue_a_legacy.pick")
def legacy_pick(ctx: Step, keys: list[str]) -> None:
    rest, successor = _context(ctx)
    key = keys[0]
    ctx.note(f"{key.replace('_', ' ')}: {TEXTS[key]}")
    if key == "follow_their_path":
        _ask(ctx, "path", _cards(ctx, successor, ("path", "companion")), rest, successor)
    elif key == "share_a_connection":
        _ask(ctx, "connection", _connections(ctx, active=True), rest, successor)
    elif key == "accept_an_inheritance":
        for card in _cards(ctx, successor, ("command_vehicle",)):
            _take_card(ctx, card, successor)
        extra = _cards(ctx, successor, ("module", "support_vehicle"))
        if extra:
            _ask(ctx, "module", extra, rest, successor)
            return
        ctx.note(f"{ctx.name} had no module or support vehicle to pass on")
        _next(ctx, rest, successor)
    elif key == "see_it_through":
        _ask(ctx, "quest", _vows(ctx), rest, successor)
    elif key == "rebuild_a_connection":
        _ask(ctx, "rebuild", _connections(ctx, active=False), rest, successor)
    elif key == "explore_familiar_ground":
        _familiar_ground(ctx, str(ctx.data["text"]), successor)
        _next(ctx, rest, successor)
    else:
        _next(ctx, rest, successor)


PROMPTS = {
    "path": "which path or companion asset do they take up?",
    "connection": "which connection do they share?",
    "module": "which module or support vehicle comes with the command vehicle?",
    "quest": "which unfinished quest do they swear to see through?",
    "rebuild": "which connection is rebuilt?",
}


def _ask(ctx: Step, what: str, items: list[Any], rest: list[str], successor: str) -> None:
    options = [
        (str(i["id"]), str(i["name"])) if isinstance(i, dict) else (i.id, f"{i.name} ({i.rank})")
        for i in items
    ]
    ctx.choose(
        f"sf.continue_a_legacy.{what}",
        options,
        prompt=PROMPTS[what],
        rest=rest,
        successor=successor,
    )


def _take_card(ctx: Step, card: dict[str, Any], successor: str) -> None:
    from ironsworn.campaign.state import copy_json
    from ironsworn.moves.starforged.crew import add_card

    # The crew's card (a module, a support vehicle) the successor holds already as a crew
    # member is not added twice; an older per-character copy becomes the crew's.
    add_card(ctx.state, successor, copy_json(card), ctx.emit)


@on_resume("sf.continue_a_legacy.path")
@on_resume("sf.continue_a_legacy.module")
def take_card(ctx: Step, keys: list[str]) -> None:
    rest, successor = _context(ctx)
    card = next(a for a in ctx.char.assets if a["id"] == keys[0])
    _take_card(ctx, card, successor)
    _next(ctx, rest, successor)


@on_resume("sf.continue_a_legacy.connection")
def share_connection(ctx: Step, keys: list[str]) -> None:
    rest, successor = _context(ctx)
    track = ctx.state.tracks[keys[0]]
    after = [successor if c == ctx.name else c for c in track.characters]
    ctx.emit({"type": "track_characters", "track": track.id, "from": track.characters, "to": after})
    _next(ctx, rest, successor)


@on_resume("sf.continue_a_legacy.quest")
def see_it_through(ctx: Step, keys: list[str]) -> None:
    """ "Swear an Iron Vow (with an automatic strong hit) to see it done. You may immediately
    mark up to half their earned progress (round down) on this quest." """
    rest, successor = _context(ctx)
    old = ctx.state.tracks[keys[0]]
    vow = new_track(ctx, "vow", old.name, old.rank, who=[successor])
    ctx.engine.set_ticks(ctx.state.tracks[vow], old.ticks // 2)
    ctx.note(f"{successor} swears to see {old.name} through: Swear an Iron Vow, a strong hit")
    ctx.momentum(2, who=successor)
    _next(ctx, rest, successor)


@on_resume("sf.continue_a_legacy.rebuild")
def rebuild_connection(ctx: Step, keys: list[str]) -> None:
    rest, successor = _context(ctx)
    name = ctx.state.tracks[keys[0]].name
    heir: CharacterState = ctx.state.character(successor)
    rebuilt = [*list(heir.flags.get("rebuilt_connections") or []), name]
    ctx.flag("rebuilt_connections", rebuilt, who=successor)
    ctx.note(
        f"envision how {name} has changed; when {successor} makes a connection with them: an "
        "automatic strong hit, and two ticks on the bonds legacy track"
    )
    _next(ctx, rest, successor)


def _familiar_ground(ctx: Step, place: str, successor: str) -> None:
    """ "Name a location that was meaningful to the former character. When you first visit
    that place ... mark two ticks on your discoveries legacy track." """
    heir = ctx.state.character(successor)
    places = [*list(heir.flags.get("familiar_ground") or []), place]
    ctx.flag("familiar_ground", places, who=successor)
    if place.lower() not in (p.lower() for p in ctx.state.places):
        description = f"meaningful to {ctx.name}; {successor} has not visited it yet"
        ctx.emit(
            {
                "type": "place_added",
                "place": {"name": place, "description": description, "region": None},
            }
        )
    ctx.note(
        f"when {successor} first visits {place}: envision how it has changed or is endangered, "
        "and mark two ticks on the discoveries legacy track"
    )


def rebuilt_connection(ctx: Step, name: str) -> bool:
    """Make a Connection with a connection rebuilt by Continue a Legacy: "take an automatic
    strong hit and mark two ticks on your bonds legacy track" (True: it is one; the flag is
    spent)."""
    from ironsworn.moves.starforged._common import mark_legacy

    rebuilt = list(ctx.char.flags.get("rebuilt_connections") or [])
    found = next((r for r in rebuilt if r.lower() == " ".join(name.split()).lower()), None)
    if found is None:
        return False
    rebuilt.remove(found)
    ctx.flag("rebuilt_connections", rebuilt or None)
    ctx.note(f"{found}: a connection rebuilt from a legacy: an automatic strong hit")
    mark_legacy(ctx.engine, ctx.name, "bonds", 2)
    return True
