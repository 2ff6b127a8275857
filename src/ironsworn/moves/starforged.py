"""Starforged moves: rolled with the same machinery; effects automated where they mirror a
classic move (momentum gains, the suffer choice of Face Danger's weak hit, milestones).

Everything else (legacy rewards, connections, expeditions, vehicles, the Starforged suffer and
threshold moves) is left to the player, and the result says so in its notes.
"""

from __future__ import annotations

from ironsworn.moves.engine import Step, no_roll, on_outcome, on_resume
from ironsworn.outcomes import Outcome

# Momentum taken on a strong / weak hit, as the Starforged move text says.
MOMENTUM_ON_HIT: dict[str, tuple[int, int]] = {
    "secure_an_advantage": (2, 1),
    "gather_information": (2, 1),
    "compel": (1, 1),
    "swear_an_iron_vow": (2, 1),
    "make_a_connection": (1, 0),
    "battle": (2, 0),
}

SUFFER_OPTIONS = [
    ("lose_momentum", "Lose Momentum (-1)"),
    ("endure_harm", "Endure Harm: -1 health"),
    ("endure_stress", "Endure Stress: -1 spirit"),
    ("sacrifice_resources", "Sacrifice Resources: -1 supply"),
]


def _pay(ctx: Step) -> None:
    ctx.note("Pay the Price (Starforged): envision the cost, ask the oracle, or roll its table")


def _momentum_move(name: str) -> None:
    strong, weak = MOMENTUM_ON_HIT[name]

    @on_outcome(name, ruleset="starforged")
    def outcome(ctx: Step) -> None:
        if ctx.outcome is Outcome.STRONG_HIT and strong:
            ctx.momentum(strong)
        elif ctx.outcome is Outcome.WEAK_HIT and weak:
            ctx.momentum(weak)
        elif ctx.outcome is Outcome.MISS:
            _pay(ctx)
        if ctx.outcome is not Outcome.MISS and name in ("swear_an_iron_vow", "battle"):
            ctx.note("any other effect of the outcome text is left to the player")


for _name in MOMENTUM_ON_HIT:
    _momentum_move(_name)


@on_outcome("face_danger", ruleset="starforged")
def face_danger(ctx: Step) -> None:
    if ctx.outcome is Outcome.STRONG_HIT:
        ctx.momentum(1)
    elif ctx.outcome is Outcome.WEAK_HIT:
        ctx.choose(
            "starforged.face_danger.weak_hit", SUFFER_OPTIONS, prompt="make a suffer move (-1)"
        )
    else:
        _pay(ctx)


@on_resume("starforged.face_danger.weak_hit")
def face_danger_weak(ctx: Step, keys: list[str]) -> None:
    key = keys[0]
    if key == "lose_momentum":
        ctx.momentum(-1)
    elif key == "endure_harm":
        ctx.meter("health", -1)
    elif key == "endure_stress":
        ctx.meter("spirit", -1)
    else:
        ctx.supply(-1)


@no_roll("reach_a_milestone", ruleset="starforged")
def reach_a_milestone(ctx: Step) -> None:
    track = ctx.engine.resolve_track(ctx, ("vow",))
    ctx.mark_progress(track)
