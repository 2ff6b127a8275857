"""What the Starforged moves share: impacts, legacy rewards, suffer choices, the tables printed
in the move texts, the party, and the engine rules that differ from classic (a loss of momentum
at -6, a loss of supply while unprepared).

The move texts are in ``content/data/starforged/moves.json`` (seed 003); each category module
says what the outcomes do. Resume points are named ``sf.<move>.<point>``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, RuleViolation
from ironsworn.impacts import IMPACTS
from ironsworn.moves.engine import Step, before_roll, on_resume, short_name
from ironsworn.outcomes import Outcome
from ironsworn.progress import TICKS_PER_BOX, LegacyTrack
from ironsworn.ranks import Rank

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState, TrackState
    from ironsworn.moves.engine import MoveEngine

RULESET = "starforged"
S, W, M = Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.MISS

# "Mark a reward on your ... legacy track per the rank: troublesome=1 tick; dangerous=2 ticks;
# formidable=1 box; extreme=2 boxes; epic=3 boxes" (Fulfill Your Vow, Forge a Bond, Finish an
# Expedition).
LEGACY_REWARD = {
    Rank.TROUBLESOME: 1,
    Rank.DANGEROUS: 2,
    Rank.FORMIDABLE: 4,
    Rank.EXTREME: 8,
    Rank.EPIC: 12,
}
# Lose Momentum at -6: "clear 1 unit of progress on that track per its rank: troublesome=3
# boxes; dangerous=2 boxes; formidable=1 box; extreme=2 ticks; epic=1 tick".
SETBACK_TICKS = {
    Rank.TROUBLESOME: 12,
    Rank.DANGEROUS: 8,
    Rank.FORMIDABLE: 4,
    Rank.EXTREME: 2,
    Rank.EPIC: 1,
}


def sf(name: str) -> str:
    """The full id of a Starforged move from its short name (the category is looked up)."""
    if not MOVE_IDS:
        _load_ids()
    return MOVE_IDS[name]


MOVE_IDS: dict[str, str] = {}


def _load_ids() -> None:
    from ironsworn.content import load_ruleset

    for move_id in load_ruleset(RULESET).moves:
        MOVE_IDS.setdefault(short_name(move_id), move_id)


def reward(rank: str | Rank, lower: bool = False) -> int:
    """The legacy reward in ticks for a track of ``rank`` ("one rank lower" on some weak hits:
    troublesome then gives nothing)."""
    parsed = Rank.parse(rank) if not isinstance(rank, Rank) else rank
    if lower:
        return 0 if parsed is Rank.TROUBLESOME else LEGACY_REWARD[Rank(parsed - 1)]
    return LEGACY_REWARD[parsed]


# --- the sheet ----------------------------------------------------------------------------


def set_impact(engine: MoveEngine, name: str, impact: str, value: bool) -> None:
    """Mark or clear an impact on a character (vehicle troubles go to the vehicle)."""
    if IMPACTS[impact].on_vehicle:
        set_vehicle_impact(engine, impact, value)
        return
    char = engine.state.character(name)
    if (impact in char.impacts) == value:
        return
    engine.emit(
        {"type": "impact", "character": char.name, "impact": impact, "from": not value, "to": value}
    )
    clamp_momentum(engine)


def set_vehicle_impact(engine: MoveEngine, impact: str, value: bool) -> None:
    vehicle = need_vehicle(engine)
    if (impact in vehicle["impacts"]) == value:
        return
    engine.emit({"type": "vehicle_impact", "impact": impact, "from": not value, "to": value})
    clamp_momentum(engine)


def clamp_momentum(engine: MoveEngine) -> None:
    """An impact lowers max momentum at once (as a debility does in classic)."""
    for char in engine.state.characters.values():
        if char.momentum > char.momentum_max:
            engine.set_meter(char.name, "momentum", char.momentum_max)


def need_vehicle(engine: MoveEngine) -> dict[str, Any]:
    vehicle = engine.state.vehicle
    if vehicle is None:
        raise InvalidValue(
            "there is no command vehicle yet: the party's starship is named first (accepted: "
            "a campaign with a command vehicle)"
        )
    return vehicle


def integrity(engine: MoveEngine, delta: int) -> int:
    """Change the command vehicle's integrity (0 to its max); return the loss past 0.

    A gain is blocked while the vehicle is battered ("If your vehicle is not battered, take +1
    integrity").
    """
    vehicle = need_vehicle(engine)
    now, top = int(vehicle["integrity"]), int(vehicle["max"])
    if delta > 0 and "battered" in vehicle["impacts"]:
        engine.note(f"{vehicle['name']}: +{delta} integrity blocked (battered)")
        return 0
    after = max(0, min(top, now + delta))
    if after != now:
        engine.emit({"type": "vehicle_meter", "from": now, "to": after})
        card_follows(engine, vehicle, after)
    return max(0, -(now + delta)) if delta < 0 else 0


def card_follows(engine: MoveEngine, vehicle: dict[str, Any], value: int) -> None:
    """The STARSHIP card's integrity meter shows the command vehicle's integrity: the crew's
    card follows it in the fold (the vehicle's one event); a card of a campaign begun before
    the crew shared one record is each holder's, changed here."""
    asset_id = vehicle.get("asset")
    for char in engine.state.characters.values():
        card = next((a for a in char.assets if a["id"] == asset_id and a.get("meter")), None)
        if card is not None and card.get("crew"):
            continue
        if card is not None and card["meter"]["value"] != value:
            engine.emit(
                {
                    "type": "asset_meter",
                    "character": char.name,
                    "asset": card["id"],
                    # Named, so the log says integrity (a companion's meter is its health).
                    "meter": str(card["meter"].get("name") or "integrity"),
                    "from": card["meter"]["value"],
                    "to": value,
                }
            )


def mark_legacy(engine: MoveEngine, name: str, track: str, ticks: int) -> None:
    """Mark ticks on a legacy track; every box filled is Earn Experience (a follow-on move)."""
    if ticks <= 0:
        return
    char = engine.state.character(name)
    before = char.legacy_track(track)
    legacy = LegacyTrack(
        track, int(before["ticks"]), bool(before["completed"]), int(before["xp_boxes"])
    )
    after, earned = legacy.mark_ticks(ticks)
    data = {"ticks": after.ticks, "completed": after.completed, "xp_boxes": after.xp_boxes}
    engine.emit(
        {"type": "legacy", "character": char.name, "track": track, "from": before, "to": data}
    )
    if after.completed and not before["completed"]:
        engine.note(
            f"{char.name}: the {track} legacy track is full: it is cleared, and its boxes are "
            "now worth 1 experience (Earn Experience)"
        )
    if earned:
        engine.follow(char.name, sf("earn_experience"), amount=earned, legacy=track)


def party(ctx: Step) -> list[str]:
    """You and your allies: the active characters travelling together (shared supply)."""
    return [c.name for c in ctx.state.party(ctx.name)]


def allies_of(ctx: Step, track: TrackState) -> list[str]:
    """Who marks a reward for a shared track: every character on it ("Any allies who shared
    this vow also mark the reward")."""
    return list(track.characters) or [ctx.name]


def new_track(
    ctx: Step, kind: str, name: str, rank: str, who: Sequence[str] = (), role: str | None = None
) -> str:
    from ironsworn.moves.sheet import track_event

    event = track_event(ctx.state, kind, name, Rank.parse(rank), list(who) or [ctx.name])
    if role is not None:
        event["track"]["role"] = role
        event["track"]["bonded"] = False
    ctx.emit(event)
    return str(event["track"]["id"])


def close(ctx: Step, track: TrackState, status: str) -> None:
    ctx.engine.close_track(track, status)


def set_track_field(ctx: Step, track: TrackState, name: str, value: Any) -> None:
    """Change a connection's role, bond or influence (an event like any other)."""
    before = getattr(track, name)
    if before != value:
        ctx.emit(
            {"type": "track_field", "track": track.id, "field": name, "from": before, "to": value}
        )


def clear_lowest_boxes(ctx: Step, track: TrackState) -> None:
    """ "Roll both challenge dice, take the lowest value, and clear that number of progress
    boxes. Then, raise the rank by one (if not already epic)" (Fulfill Your Vow, Forge a Bond,
    Finish an Expedition)."""
    first, second = ctx.engine.dice.roll(10), ctx.engine.dice.roll(10)
    boxes = min(first, second)
    ctx.emit(
        {"type": "roll", "character": ctx.name, "move": ctx.data["move"], "dice": [first, second]}
    )
    plural = "box" if boxes == 1 else "boxes"
    ctx.note(f"challenge dice {first}, {second}: clear {boxes} progress {plural}")
    ctx.engine.set_ticks(track, track.ticks - boxes * TICKS_PER_BOX)
    rank = Rank.parse(track.rank)
    if rank is not Rank.EPIC:
        ctx.emit({"type": "rank", "track": track.id, "from": track.rank, "to": rank.raised().label})


def next_move_add(ctx: Step, who: str | None = None) -> None:
    """ "Add +1 on your next move (not a progress move)"."""
    name = who or ctx.name
    char = ctx.state.character(name)
    ctx.flag("next_move_add", int(char.flags.get("next_move_add") or 0) + 1, who=name)


def take_next_move_add(ctx: Step) -> None:
    """Spend a +1 an earlier move granted on this action roll; a connection that aids you on
    a move of their role adds +1 (+2 once bolstered) and +1 momentum on a hit. A reeling
    character is asked first whether this is a vigorous activity (Endure Harm's table); an
    unconscious one whether they are back to their senses."""
    from ironsworn.moves.starforged.tables import ask_out_of_action

    if ask_out_of_action(ctx):
        return
    if ctx.char.flags.get("reeling") and not ctx.data.get("reeling_asked"):
        # "If you engage in any vigorous activity before taking a breather, roll on this table
        # again (before resolving the other move)": the move waits for the answer.
        ctx.data["skip_roll"] = True
        ctx.choose(
            "sf.reeling",
            [
                ("vigorous", "a vigorous activity: roll on the Endure Harm table first"),
                ("breather", "you took a breather first: you are no longer reeling"),
            ],
            prompt=f"{ctx.name} is reeling: is {ctx.move.name} a vigorous activity?",
        )
        return
    bonus = int(ctx.char.flags.get("next_move_add") or 0)
    if bonus:
        ctx.flag("next_move_add", None)
        ctx.add_to_roll(bonus, "your last move")
        ctx.note(f"+{bonus} from your last move")
    helper = ctx.data.get("with")
    if helper and short_name(ctx.data["move"]) not in OWN_WITH:
        track = ctx.state.track(str(helper), ("connection",))
        if ctx.name not in track.characters:
            raise InvalidValue(f"{track.name} is not {ctx.name}'s connection")
        if track.no_benefit:
            raise RuleViolation(
                f"{track.name} gives no benefit until you prove your loyalty (your vow)"
            )
        add = 2 if track.influence == "bolstered" else 1
        roles = " or ".join(track.roles) or "connection"
        ctx.add_to_roll(add, f"{track.name} ({roles})")
        ctx.data["asset_momentum"] = (1, 0)
        ctx.note(f"+{add}: {track.name} ({roles}) aids you on a move of their role")


# Moves that read the with input themselves (Swear an Iron Vow: the connection you swear to).
OWN_WITH = frozenset({"swear_an_iron_vow", "make_a_connection"})


def action_before(ctx: Step) -> None:
    take_next_move_add(ctx)


def register_action_before(names: Sequence[str]) -> None:
    for name in names:
        before_roll(name, ruleset=RULESET)(action_before)


# --- suffer choices -------------------------------------------------------------------------

SUFFER_MOVES = (
    ("lose_momentum", "Lose Momentum"),
    ("endure_harm", "Endure Harm (health)"),
    ("endure_stress", "Endure Stress (spirit)"),
    ("sacrifice_resources", "Sacrifice Resources (supply)"),
    ("companion_takes_a_hit", "Companion Takes a Hit (a companion's health)"),
    ("withstand_damage", "Withstand Damage (the vehicle's integrity)"),
)


def suffer_options(
    ctx: Step, exclude: Sequence[str] = (), payable: bool = False
) -> list[tuple[str, str]]:
    """The suffer moves that can be made now: a companion or a vehicle only when there is one.
    ``payable``: only those whose meter can take a loss (above 0, supply not unprepared); a
    suffer move at 0 turns the loss back into Lose Momentum."""
    out = []
    for key, text in SUFFER_MOVES:
        if key in exclude:
            continue
        if key == "companion_takes_a_hit" and not companions(ctx.char):
            continue
        if payable and not _can_take(ctx, key):
            continue
        if key == "withstand_damage":
            out += _damage_options(ctx, text, payable)
            continue
        out.append((key, text))
    return out


def _can_take(ctx: Step, key: str) -> bool:
    """Whether the meter of the suffer move ``key`` is above 0 (what it can take of a loss)."""
    char = ctx.char
    if key == "endure_harm":
        return char.health > 0
    if key == "endure_stress":
        return char.spirit > 0
    if key == "sacrifice_resources":
        return char.supply > 0 and "unprepared" not in char.impacts
    if key == "companion_takes_a_hit":
        return int(companions(char)[0]["meter"]["value"]) > 0
    return True  # (a vehicle: by each vehicle's integrity, _damage_options)


def _damage_options(ctx: Step, text: str, payable: bool = False) -> list[tuple[str, str]]:
    """Withstand Damage when there is a vehicle: the command vehicle (or the only vehicle),
    else one option per vehicle (``withstand_damage:SLUG``); ``payable``: only a vehicle
    whose integrity is above 0."""
    from ironsworn.moves.starforged.vehicles import all_vehicles, integrity_of

    found = all_vehicles(ctx.state)
    if ctx.state.vehicle is not None or len(found) == 1:
        if payable and integrity_of(ctx.state, found[0]) <= 0:  # (the command vehicle first)
            return []
        return [("withstand_damage", text)]
    if payable:
        found = [v for v in found if integrity_of(ctx.state, v) > 0]
    return [(f"withstand_damage:{v.slug}", f"Withstand Damage ({v.name})") for v in found]


def companions(char: CharacterState) -> list[dict[str, Any]]:
    """The assets with a health meter (a starship's meter is its integrity, not health)."""
    return [a for a in char.assets if a.get("meter") and a["meter"]["name"] == "health"]


def ask_suffer(ctx: Step, amount: int, times: int = 1, exclude: Sequence[str] = ()) -> None:
    """ "Make a suffer move (-N)": ask which, then make it."""
    ctx.choose(
        "sf.suffer.which",
        suffer_options(ctx, exclude),
        prompt=f"make a suffer move (-{amount})",
        amount=amount,
        times=times,
    )


@on_resume("sf.suffer.which")
def suffer_which(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    amount, times = int(context["amount"]), int(context.get("times", 1))
    follow_suffer(ctx, keys[0], amount)
    if times > 1:
        # The next suffer move is asked once this one is made.
        ctx.engine.queue(
            {
                "step": "resume",
                "point": "sf.suffer.again",
                "move": ctx.data["move"],
                "character": ctx.name,
                "amount": amount,
                "times": times - 1,
                "keys": [],
            }
        )


@on_resume("sf.suffer.again")
def suffer_again(ctx: Step, keys: list[str]) -> None:
    ask_suffer(ctx, int(ctx.data["amount"]), int(ctx.data["times"]))


# The most a suffer move takes (its amount input's range): no meter holds more than 5, and
# momentum goes no lower than -6.
MOST_SUFFERED = 10


def follow_suffer(ctx: Step, key: str, amount: int) -> None:
    # A cost carried on from a larger loss made by hand (supply -22 at 0) is paid as the most
    # a suffer move takes: offered as another suffer move, it was then refused as out of
    # range.
    args: dict[str, Any] = {"amount": min(amount, MOST_SUFFERED)}
    key, _, slug = key.partition(":")
    if key == "companion_takes_a_hit":
        args["companion"] = companions(ctx.char)[0]["id"]
    if slug:
        from ironsworn.moves.starforged.vehicles import all_vehicles

        args["vehicle"] = next(v.key for v in all_vehicles(ctx.state) if v.slug == slug)
    ctx.follow(sf(key), **args)


@on_resume("sf.suffer.costs")
def suffer_costs(ctx: Step, keys: list[str]) -> None:
    """Undertake an Expedition / Set a Course: "Make a suffer move (-2), or two suffer moves
    (-1)"."""
    if keys[0] == "one_serious":
        ask_suffer(ctx, 2)
    else:
        ask_suffer(ctx, 1, times=2)


def ask_suffer_costs(ctx: Step) -> None:
    ctx.choose(
        "sf.suffer.costs",
        [("one_serious", "one suffer move (-2)"), ("two_minor", "two suffer moves (-1 each)")],
        prompt="suffer costs en route",
    )


# --- tables printed in the move texts --------------------------------------------------------

_ROW = re.compile(r"^\s*(\d+)(?:-(\d+))?\s*\|\s*(.+?)\s*$")


def move_table(ctx: Step, move: str, section: str | None = None) -> list[tuple[int, int, str]]:
    """The d100 table of a move's text (the rows "1-10 | ..."), from seed 003."""
    text = ctx.engine.ruleset.moves[sf(move)].text
    if section is not None:
        text = text[text.index(section) :]
    rows = []
    for line in text.splitlines():
        found = _ROW.match(line)
        if found:
            low = int(found.group(1))
            rows.append((low, int(found.group(2) or low), found.group(3)))
        elif rows and not line.strip():
            break
    return rows


def roll_table(
    ctx: Step, move: str, section: str | None = None, avoid: Collection[int] = ()
) -> tuple[int, str]:
    """Roll d100 on a move's table; the roll and its row are recorded and shown. A roll on a
    row whose lowest number is in ``avoid`` is set aside and rolled again, shown as rerolled
    (a "Roll twice" row's two rolls: "Roll twice" again, or the row already rolled, is not an
    answer; Datasworn: duplicates reroll, as an oracle table's own rolls are)."""
    from ironsworn.content.oracle_roller import MAX_REROLLS, oracle_event

    rows = move_table(ctx, move, section)
    set_aside: list[int] = []
    for attempt in range(MAX_REROLLS):
        roll = ctx.engine.dice.roll(100)
        found = next((row for row in rows if row[0] <= roll <= row[1]), None)
        if found is None:
            raise RuleViolation(f"internal: no row of the {move} table holds {roll}")
        if found[0] in avoid and attempt < MAX_REROLLS - 1:
            set_aside.append(roll)
            continue
        text = found[2]
        name = ctx.engine.ruleset.moves[sf(move)].name
        ctx.emit(oracle_event(sf(move), name, roll, text, [roll], ctx.name))
        dice = "".join(f"{d} rerolled, " for d in set_aside)
        ctx.note(f"{name} ({dice}{roll}): {text}")  # (as a classic table roll is noted)
        return roll, text
    raise RuleViolation(f"internal: the {move} table would not settle")  # (unreachable)


# --- engine rules that differ from classic -----------------------------------------------------


def momentum_overflow(engine: MoveEngine, name: str, overflow: int) -> None:
    """Lose Momentum: "When your momentum is at its minimum (-6) and you must suffer -momentum,
    choose one" (a different suffer move, or clear progress on a track)."""
    engine.note(f"{name}: momentum is at -6; {overflow} more must be paid another way")
    engine.queue(
        {
            "step": "resume",
            "point": "sf.lose_momentum.at_minimum",
            "move": sf("lose_momentum"),
            "character": name,
            "amount": overflow,
            "keys": [],
        }
    )


def supply(engine: MoveEngine, name: str, delta: int) -> None:
    """Supply is shared: a change applies to the party. At 0, the party marks unprepared
    (Sacrifice Resources); a loss while unprepared is paid with a different suffer move."""
    from ironsworn.meters import change_meter

    party = engine.state.party(name)
    if delta < 0 and any("unprepared" in c.impacts for c in party):
        _redirect(engine, name, -delta, "you are unprepared")
        return
    overflow = 0
    for char in party:
        change = change_meter("supply", char.supply, delta, char.blocked_by("supply"))
        engine.set_meter(char.name, "supply", change.after)
        if change.blocked and change.blocked_by:
            engine.note(f"{char.name}: +{change.blocked} supply blocked (unprepared)")
        if delta < 0 and change.after == 0:
            set_impact(engine, char.name, "unprepared", True)
            overflow = max(overflow, change.overflow)
    if overflow:
        # ENGINE CHOICE: the part of a loss that 0 could not absorb is paid like a loss while
        # unprepared (the book's rule for "further" losses).
        _redirect(engine, name, overflow, "supply is exhausted")


def _redirect(engine: MoveEngine, name: str, amount: int, why: str) -> None:
    most = "" if amount <= MOST_SUFFERED else f" (as -{MOST_SUFFERED}, the most one takes)"
    engine.note(f"{name}: {why}: -{amount} supply is paid with a different suffer move{most}")
    amount = min(amount, MOST_SUFFERED)
    engine.queue(
        {
            "step": "resume",
            "point": "sf.sacrifice_resources.redirect",
            "move": sf("sacrifice_resources"),
            "character": name,
            "amount": amount,
            "keys": [],
        }
    )


@on_resume("sf.sacrifice_resources.redirect")
def redirect_supply(ctx: Step, keys: list[str]) -> None:
    amount = int(ctx.data["amount"])
    if not keys:
        ctx.choose(
            "sf.sacrifice_resources.redirect",
            suffer_options(ctx, exclude=("sacrifice_resources",)),
            prompt=f"apply the cost (-{amount}) to a different suffer move",
        )
        return
    follow_suffer(ctx, keys[0], amount)


@on_resume("sf.lose_momentum.at_minimum")
def at_minimum(ctx: Step, keys: list[str]) -> None:
    amount = int(ctx.data["amount"])
    if not keys:
        tracks = setback_tracks(ctx)
        # ENGINE CHOICE: only a suffer move whose meter is above 0: one at 0 would turn the
        # loss straight back into Lose Momentum, asking this again without end.
        options = suffer_options(ctx, exclude=("lose_momentum",), payable=True)
        options += [(f"clear:{t.id}", f"clear progress on {t.name}") for t in tracks]
        if not options:
            ctx.note(
                f"{ctx.name}: nothing is left to pay -{amount} with (momentum, meters and "
                "progress all at their lowest): envision what it costs in the story"
            )
            return
        ctx.choose(
            "sf.lose_momentum.at_minimum",
            options,
            prompt=f"momentum is at -6: pay -{amount} with another suffer move, or clear "
            "progress on a track",
        )
        return
    key = keys[0]
    if key.startswith("clear:"):
        track = ctx.state.tracks[key.removeprefix("clear:")]
        ticks = SETBACK_TICKS[Rank.parse(track.rank)]
        ctx.engine.set_ticks(track, track.ticks - ticks)
    else:
        follow_suffer(ctx, key, amount)


def setback_tracks(ctx: Step) -> list[TrackState]:
    """The vows, expeditions, connections and combat objectives a setback can undermine."""
    return [
        t
        for t in ctx.state.tracks.values()
        if t.kind in ("vow", "expedition", "connection", "fight")
        and t.status == "active"
        and ctx.name in t.characters
        and t.ticks > 0
    ]


# The options of make_move each Starforged move reads (others are refused, naming these).
_ACTION_MOVES = frozenset(
    {
        "face_danger",
        "secure_an_advantage",
        "gather_information",
        "compel",
        "check_your_gear",
        "swear_an_iron_vow",
        "make_a_connection",
        "develop_your_relationship",
        "test_your_relationship",
        "undertake_an_expedition",
        "explore_a_waypoint",
        "set_a_course",
        "enter_the_fray",
        "gain_ground",
        "react_under_fire",
        "strike",
        "clash",
        "battle",
        "sojourn",
        "heal",
        "hearten",
        "resupply",
        "repair",
    }
)
# Which Starforged moves read each option of a move (the Starforged rules' option table).
OPTIONS: dict[str, frozenset[str]] = {
    "amount": frozenset(
        {
            "lose_momentum",
            "endure_harm",
            "endure_stress",
            "companion_takes_a_hit",
            "sacrifice_resources",
            "withstand_damage",
            "confront_chaos",
        }
    ),
    "track": frozenset(
        {
            "face_danger",
            "secure_an_advantage",
            "swear_an_iron_vow",
            "reach_a_milestone",
            "forsake_your_vow",
            "develop_your_relationship",
            "test_your_relationship",
            "undertake_an_expedition",
            "explore_a_waypoint",
            "enter_the_fray",
            "gain_ground",
            "react_under_fire",
            "strike",
            "clash",
            "face_defeat",
            "begin_the_scene",
        }
    ),
    "ally": frozenset({"aid_your_ally", "heal"}),
    "companion": frozenset({"heal", "companion_takes_a_hit"}),
    "vehicle": frozenset({"withstand_damage"}),
    "with": _ACTION_MOVES - {"develop_your_relationship", "test_your_relationship"},
    # (Swear an Iron Vow with no vow yet writes it at the rank asked, as classic's does.)
    "rank": frozenset(
        {"make_a_connection", "enter_the_fray", "undertake_an_expedition", "swear_an_iron_vow"}
    ),
    "foe": frozenset({"enter_the_fray"}),
    "destination": frozenset({"undertake_an_expedition"}),
    "vow": frozenset({"swear_an_iron_vow"}),
    "role": frozenset({"make_a_connection"}),
    "asset": frozenset({"advance"}),
    "ability": frozenset({"advance"}),
    "name": frozenset({"advance"}),
    "odds": frozenset({"ask_the_oracle"}),
    "patient": frozenset(),
    "abandon": frozenset({"test_your_relationship"}),
    "successor": frozenset({"continue_a_legacy"}),
    "stats": frozenset({"continue_a_legacy"}),
}
