"""The tables printed in the Starforged move texts (seed 003), each row applied: Endure Harm,
Endure Stress, Withstand Damage and Pay the Price. A row that names a move queues it (for each
character aboard, where the row says "All aboard"); a row that leaves a lasting state marks it
(a flag on the character, a mark on the vehicle) for the move that ends it; a row that needs
the player's word asks.

ENGINE CHOICES (the texts leave them open):
- "Endure Harm or Face Death, as appropriate" is asked of each character, with the harm's
  size (-1, -2 or -3).
- Withstand Damage 11-25 ("If you do not have the means or intention to get clear") is asked of
  everyone aboard: each may get clear.
- Everyone in the party is aboard the command vehicle (as its troubles count for everyone);
  who is aboard a support or incidental vehicle is asked when there is more than one character.
- Pay the Price rows that name a suffer move ask its size; "If the result doesn't fit the
  situation, roll again" is offered with them.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import InvalidValue
from ironsworn.moves.engine import Step, on_resume
from ironsworn.moves.starforged import vehicles
from ironsworn.moves.starforged._common import (
    companions,
    mark_legacy,
    move_table,
    party,
    roll_table,
    sf,
)
from ironsworn.moves.starforged.quest import discard_asset
from ironsworn.moves.starforged.vehicles import Vehicle

SIZES = [("1", "minor (-1)"), ("2", "serious (-2)"), ("3", "major (-3)")]
HARM_OR_DEATH = [(f"harm_{k}", f"Endure Harm, {t}") for k, t in SIZES] + [
    ("face_death", "Face Death")
]


def _queue(ctx: Step, point: str, who: str, **data: Any) -> None:
    """A step for ``who`` that asks them (run after the current step)."""
    ctx.engine.queue(
        {
            "step": "resume",
            "point": point,
            "move": ctx.data["move"],
            "character": who,
            "keys": [],
            **data,
        }
    )


# --- "Roll on the table below or choose one" -------------------------------------------------

ROLL = "roll_table"


def row_key(low: int, high: int) -> str:
    """A row's choice key: its range as printed ("41-52")."""
    return f"{low}-{high}" if high != low else str(low)


def row_options(ctx: Step, move: str) -> list[tuple[str, str]]:
    """One option per row of a move's table, keyed by its range."""
    return [
        (row_key(lo, hi), f"{row_key(lo, hi)}: {text}") for lo, hi, text in move_table(ctx, move)
    ]


def ask_roll_or_choose(
    ctx: Step,
    point: str,
    move: str,
    prompt: str,
    extra: list[tuple[str, str]] | None = None,
    count: int = 1,
    minimum: int | None = None,
    **context: Any,
) -> None:
    """Ask "roll on the table" or one of its rows (``extra``: the move's other options first)."""
    options = [*(extra or []), (ROLL, "roll on the table"), *row_options(ctx, move)]
    ctx.choose(point, options, count=count, minimum=minimum, prompt=prompt, **context)


def roll_or_row(ctx: Step, move: str, key: str) -> tuple[int, str]:
    """The row an answer stands for: rolled (recorded as a roll), or the chosen row, applied as
    a roll of its lowest number would be (and noted as chosen)."""
    if key == ROLL:
        return roll_table(ctx, move)
    for low, high, text in move_table(ctx, move):
        if key == row_key(low, high):
            name = ctx.engine.ruleset.moves[sf(move)].name
            ctx.note(f"{name} table (chosen, {key}): {text}")
            return low, text
    raise InvalidValue(f"{key!r} is not a row of the {move} table")


def is_row(ctx: Step, move: str, key: str) -> bool:
    return any(key == row_key(lo, hi) for lo, hi, _ in move_table(ctx, move))


# Make a Discovery: "roll on the table below or choose one".


def ask_discovery(ctx: Step) -> None:
    ask_roll_or_choose(
        ctx,
        "sf.make_a_discovery.row",
        "make_a_discovery",
        prompt="something wondrous: roll on the table or choose one",
    )


@on_resume("sf.make_a_discovery.row")
def discovery_row(ctx: Step, keys: list[str]) -> None:
    """The row (91-100: "Roll twice"); then "you and your allies may mark two ticks on your
    discoveries legacy track" (ENGINE CHOICE: marked at once, for the party travelling
    together)."""
    roll, _ = roll_or_row(ctx, "make_a_discovery", keys[0])
    if roll >= 91:
        # Two discoveries: "Roll twice" again, or the first's row again, is rolled again.
        first, _ = roll_table(ctx, "make_a_discovery", avoid={91})
        low = next(lo for lo, hi, _ in move_table(ctx, "make_a_discovery") if lo <= first <= hi)
        roll_table(ctx, "make_a_discovery", avoid={91, low})
    for name in party(ctx):
        mark_legacy(ctx.engine, name, "discoveries", 2)


# Confront Chaos: "Roll that number of times or choose that number of aspects".


def ask_chaos(ctx: Step, aspects: int) -> None:
    ask_roll_or_choose(
        ctx,
        "sf.confront_chaos.rows",
        "confront_chaos",
        prompt=(
            f"something dreadful: roll {aspects} times, or choose {aspects} aspects "
            "(any not chosen are rolled)"
        ),
        count=aspects + 1,
        minimum=1,
        aspects=aspects,
    )


@on_resume("sf.confront_chaos.rows")
def chaos_rows(ctx: Step, keys: list[str]) -> None:
    """The chosen aspects, the rest rolled; one tick on the discoveries legacy per aspect, for
    you and your allies (marked at once)."""
    aspects = int(ctx.data["context"]["aspects"])
    chosen = [k for k in keys if k != ROLL]
    if len(chosen) > aspects:
        raise InvalidValue(f"choose at most {aspects} aspects (you chose {len(chosen)})")
    for key in chosen:
        roll_or_row(ctx, "confront_chaos", key)
    for _ in range(aspects - len(chosen)):
        roll_table(ctx, "confront_chaos")
    for name in party(ctx):
        mark_legacy(ctx.engine, name, "discoveries", aspects)


# --- Endure Harm -------------------------------------------------------------------------------


def endure_harm_row(ctx: Step) -> None:
    """Roll on Endure Harm's table and apply the row."""
    roll, _ = roll_table(ctx, "endure_harm")
    if roll <= 10:  # "You suffer mortal harm. Face Death."
        ctx.follow(sf("face_death"))
    elif roll <= 20:
        # "You are dying. Within an hour or two, you must Heal and raise your health above 0,
        # or Face Death": marked until a Heal raises health above 0 (recover.py).
        ctx.flag("dying", True)
    elif roll <= 35:
        ctx.choose(
            "sf.endure_harm.unconscious",
            [
                ("left_alone", "left alone: you come back to your senses in an hour or two"),
                ("vulnerable", "vulnerable to ongoing harm: Face Death"),
            ],
            prompt="you are unconscious and out of action",
        )
    elif roll <= 50:
        # "You are reeling. If you engage in any vigorous activity before taking a breather,
        # roll on this table again (before resolving the other move)": asked before your next
        # action roll (_common.reeling).
        ctx.flag("reeling", True)


@on_resume("sf.endure_harm.unconscious")
def unconscious(ctx: Step, keys: list[str]) -> None:
    """ "You are unconscious and out of action. If left alone, you come back to your senses in
    an hour or two. If you are vulnerable to ongoing harm, Face Death." Left alone, the
    character is marked unconscious: out of action, they make no action move until they come
    back to their senses (asked before their next one: :func:`ask_out_of_action`)."""
    if keys[0] == "vulnerable":
        ctx.follow(sf("face_death"))
    else:
        ctx.flag("unconscious", True)


def ask_out_of_action(ctx: Step) -> bool:
    """Before an action roll of an unconscious character: has an hour or two passed (back to
    their senses: the move goes on), or are they still out of action (the move is not made)?
    True when the question is asked (the move waits for it)."""
    if not ctx.char.flags.get("unconscious") or ctx.data.get("senses_asked"):
        return False
    ctx.data["skip_roll"] = True
    ctx.choose(
        "sf.unconscious",
        [
            ("senses", "an hour or two has passed: you come back to your senses"),
            ("out_of_action", f"still out of action: {ctx.move.name} is not made"),
        ],
        prompt=f"{ctx.name} is unconscious and out of action",
    )
    return True


@on_resume("sf.unconscious")
def back_to_senses(ctx: Step, keys: list[str]) -> None:
    if keys[0] != "senses":
        ctx.note(f"{ctx.name} is unconscious and out of action: {ctx.move.name} is not made")
        return
    ctx.flag("unconscious", None)
    ctx.note(f"{ctx.name} comes back to their senses")
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step.pop("skip_roll", None)
    step["step"] = "move"
    step["senses_asked"] = True
    ctx.engine.queue(step)


@on_resume("sf.reeling")
def reeling(ctx: Step, keys: list[str]) -> None:
    """Before the next action roll of a reeling character: a vigorous activity rolls on the
    table first; a breather ends it. Then the move goes on."""
    step = {k: v for k, v in ctx.data.items() if k not in ("point", "keys", "context")}
    step.pop("skip_roll", None)
    step["step"] = "move"
    step["reeling_asked"] = True
    ctx.flag("reeling", None)
    if keys[0] == "vigorous":
        endure_harm_row(ctx)
    ctx.engine.queue(step)


# --- Endure Stress -----------------------------------------------------------------------------


def endure_stress_row(ctx: Step) -> None:
    roll, _ = roll_table(ctx, "endure_stress")
    if roll <= 10:  # "You are overwhelmed. Face Desolation."
        ctx.follow(sf("face_desolation"))
    elif roll <= 25:  # "You give up. Forsake Your Vow."
        vows = [
            t
            for t in ctx.state.tracks.values()
            if t.kind == "vow" and t.status == "active" and ctx.name in t.characters
        ]
        if vows:
            ctx.choose(
                "sf.endure_stress.forsake",
                [(t.id, t.name) for t in vows],
                prompt="you give up: which vow do you forsake?",
            )
        else:
            ctx.note("you give up, but you hold no vow to forsake")


@on_resume("sf.endure_stress.forsake")
def stress_forsake(ctx: Step, keys: list[str]) -> None:
    ctx.follow(sf("forsake_your_vow"), track=keys[0])


# --- Withstand Damage --------------------------------------------------------------------------


def withstand_damage_row(ctx: Step, vehicle: Vehicle) -> None:
    """Roll on Withstand Damage's table for ``vehicle`` and apply the row."""
    roll, _ = roll_table(ctx, "withstand_damage")
    apply_damage_row(ctx, vehicle, roll)


def apply_damage_row(
    ctx: Step, vehicle: Vehicle, roll: int, aboard: list[str] | None = None
) -> None:
    """Apply the row ``roll`` of Withstand Damage's table to ``vehicle``."""
    if (roll <= 25 or 71 <= roll <= 85) and aboard is None:
        aboard = _aboard(ctx, vehicle, roll)
        if aboard is None:
            return  # who is aboard is asked first
    if roll <= 10:
        # "Immediate catastrophic destruction. All aboard must Endure Harm or Face Death, as
        # appropriate."
        for who in aboard or ():
            _queue(ctx, "sf.vehicle.harm_or_death", who, escape=False)
        destroy(ctx, vehicle)
    elif roll <= 25:
        # "Destruction is imminent and unavoidable. If you do not have the means or intention
        # to get clear, Endure Harm or Face Death, as appropriate."
        for who in aboard or ():
            _queue(ctx, "sf.vehicle.harm_or_death", who, escape=True)
        destroy(ctx, vehicle)
    elif roll <= 40:
        vehicles.set_mark(ctx.engine, vehicle, "destruction_imminent", True)
    elif roll <= 55:
        if "needs_part" in vehicles.marks_of(ctx.state, vehicle):
            ctx.note("this result again before the part is found: see 11-25")
            apply_damage_row(ctx, vehicle, 11)
        else:
            vehicles.set_mark(ctx.engine, vehicle, "needs_part", True)
    elif roll <= 70:
        vehicles.set_mark(ctx.engine, vehicle, "crippled", True)
    elif roll <= 85:
        # "It's a rough ride. All aboard must make the Endure Harm, Endure Stress, or Companion
        # Takes a Hit move, suffering a serious (-2) cost."
        for who in aboard or ():
            _queue(ctx, "sf.vehicle.rough_ride", who)
    elif roll <= 95:
        ctx.follow(sf("sacrifice_resources"), amount=2)


def _aboard(ctx: Step, vehicle: Vehicle, roll: int) -> list[str] | None:
    """Who is aboard: the party on the command vehicle; asked for another vehicle when the
    party has more than one character (None: the question is asked)."""
    party = [c.name for c in ctx.state.party(ctx.name)]
    if vehicle.kind == vehicles.COMMAND or len(party) == 1:
        return party
    ctx.choose(
        "sf.vehicle.aboard",
        [(n, n) for n in party],
        count=len(party),
        minimum=0,
        prompt=f"who is aboard {vehicle.name}?",
        vehicle=vehicle.key,
        roll=roll,
    )
    return None


@on_resume("sf.vehicle.aboard")
def aboard(ctx: Step, keys: list[str]) -> None:
    context = ctx.data["context"]
    vehicle = vehicles.by_key(ctx.state, str(context["vehicle"]))
    if vehicle is not None:
        apply_damage_row(ctx, vehicle, int(context["roll"]), list(keys))


def destroy(ctx: Step, vehicle: Vehicle) -> None:
    """The vehicle is destroyed: a command vehicle is Overcome Destruction (queued after what
    those aboard suffer: "If you survive"); a support vehicle's asset is discarded; an
    incidental vehicle is gone."""
    if vehicle.kind == vehicles.COMMAND:
        ctx.engine.queue(
            {"step": "move", "move": sf("overcome_destruction"), "character": ctx.name}
        )
    elif vehicle.kind == vehicles.SUPPORT:
        ctx.note(f"{vehicle.name} is destroyed: the asset is discarded")
        discard_asset(ctx, str(vehicle.asset), who=vehicle.owner)
    else:
        ctx.note(f"{vehicle.name} is destroyed")
        vehicles.remove_incidental(ctx.engine, vehicle)


@on_resume("sf.vehicle.harm_or_death")
def harm_or_death(ctx: Step, keys: list[str]) -> None:
    if not keys:
        options = list(HARM_OR_DEATH)
        if ctx.data.get("escape"):
            options.insert(0, ("get_clear", "you have the means and intention to get clear"))
        ctx.choose(
            "sf.vehicle.harm_or_death",
            options,
            prompt=f"{ctx.name}: Endure Harm or Face Death, as appropriate",
        )
        return
    key = keys[0]
    if key == "face_death":
        ctx.follow(sf("face_death"))
    elif key.startswith("harm_"):
        ctx.follow(sf("endure_harm"), amount=int(key.removeprefix("harm_")))
    else:
        ctx.note(f"{ctx.name} gets clear")


@on_resume("sf.vehicle.rough_ride")
def rough_ride(ctx: Step, keys: list[str]) -> None:
    if not keys:
        options = [("endure_harm", "Endure Harm (-2)"), ("endure_stress", "Endure Stress (-2)")]
        options += [
            (
                f"companion_takes_a_hit:{a['id'].rsplit('/', 1)[-1]}",
                f"Companion Takes a Hit (-2): {a.get('input') or a['name']}",
            )
            for a in companions(ctx.char)
        ]
        ctx.choose("sf.vehicle.rough_ride", options, prompt=f"{ctx.name}: a rough ride")
        return
    move, _, companion = keys[0].partition(":")
    args: dict[str, Any] = {"amount": 2}
    if companion:
        args["companion"] = next(
            a["id"] for a in companions(ctx.char) if a["id"].rsplit("/", 1)[-1] == companion
        )
    ctx.follow(sf(move), **args)


# --- Pay the Price -----------------------------------------------------------------------------

# Rows that name a suffer move: (low, high) -> the move.
PRICE_MOVES = {
    (63, 68): "withstand_damage",  # "Your vehicle suffers damage"
    (69, 74): "sacrifice_resources",  # "You waste resources"
    (75, 81): "endure_harm",  # "You are harmed"
    (82, 88): "endure_stress",  # "You are stressed"
    (89, 95): "lose_momentum",  # "You are delayed or put at a disadvantage"
}
ROLL_AGAIN = ("roll_again", "it doesn't fit the situation: roll again")


def pay_the_price_row(ctx: Step, key: str = ROLL) -> None:
    """Roll on Pay the Price's table (or take the row ``key`` chosen) and apply the row."""
    roll, _ = roll_or_row(ctx, "pay_the_price", key)
    apply_price_row(ctx, roll)


TWICE = 96  # "96-100 | Roll twice"


def apply_price_row(ctx: Step, roll: int) -> None:
    """Apply the row of Pay the Price's table that holds ``roll``."""
    if roll >= TWICE:
        # "Roll twice": two results, each rolled in turn (the second once the first is
        # applied); "Roll twice" again, or the first's row, is rolled again (Datasworn:
        # duplicates reroll), so the price is two different results.
        _queue(ctx, "sf.pay_the_price.roll", ctx.name, avoid=[TWICE], second=True)
        return
    move = next((m for (low, high), m in PRICE_MOVES.items() if low <= roll <= high), None)
    if move == "withstand_damage" and not vehicles.all_vehicles(ctx.state):
        ctx.note("you have no vehicle: the result doesn't fit, roll again")
        pay_the_price_row(ctx)
        return
    if move is not None:
        name = ctx.engine.ruleset.moves[sf(move)].name
        ctx.choose(
            "sf.pay_the_price.size",
            [*SIZES, ROLL_AGAIN],
            prompt=f"{name}: how bad is it?",
            suffer=move,
        )
    elif 57 <= roll <= 62:
        # "Your equipment or vehicle malfunctions": a module may break.
        working = [m for m in vehicles.modules(ctx.state) if not m.broken]
        if working:
            ctx.choose(
                "sf.pay_the_price.malfunction",
                [("equipment", "your equipment malfunctions")]
                + [(m.key, f"{m.name} is broken") for m in working],
                prompt="what malfunctions?",
            )


@on_resume("sf.pay_the_price.roll")
def price_roll(ctx: Step, keys: list[str]) -> None:
    """One roll of "Roll twice" (a step queued without ``avoid`` by an earlier version rolls
    as any roll does)."""
    avoid = ctx.data.get("avoid")
    if avoid is None:
        pay_the_price_row(ctx)
        return
    roll, _ = roll_table(ctx, "pay_the_price", avoid=set(avoid))
    apply_price_row(ctx, roll)
    if ctx.data.get("second"):
        low = next(lo for lo, hi, _ in move_table(ctx, "pay_the_price") if lo <= roll <= hi)
        _queue(ctx, "sf.pay_the_price.roll", ctx.name, avoid=[TWICE, low])


@on_resume("sf.pay_the_price.size")
def price_size(ctx: Step, keys: list[str]) -> None:
    if keys[0] == ROLL_AGAIN[0]:
        pay_the_price_row(ctx)
        return
    move = str(ctx.data["context"]["suffer"])
    found = vehicles.all_vehicles(ctx.state)
    if move == "withstand_damage" and ctx.state.vehicle is None and len(found) > 1:
        ctx.choose(
            "sf.pay_the_price.vehicle",
            [(v.slug, v.name) for v in found],
            prompt="which vehicle suffers damage?",
            amount=int(keys[0]),
        )
        return
    ctx.follow(sf(move), amount=int(keys[0]))


@on_resume("sf.pay_the_price.vehicle")
def price_vehicle(ctx: Step, keys: list[str]) -> None:
    vehicle = next(v for v in vehicles.all_vehicles(ctx.state) if v.slug == keys[0])
    ctx.follow(
        sf("withstand_damage"), amount=int(ctx.data["context"]["amount"]), vehicle=vehicle.key
    )


@on_resume("sf.pay_the_price.malfunction")
def price_malfunction(ctx: Step, keys: list[str]) -> None:
    if keys[0] != "equipment":
        vehicles.break_module(ctx.engine, vehicles.module(ctx.state, keys[0]), True)
