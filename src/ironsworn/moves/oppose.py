"""Opposing an ally (seed 000 L5172-5217): two player characters Face Danger against each other.

"You both describe what you are doing to act against or resist your ally, and Face Danger
using an appropriate stat. If at least one of you scores a hit, determine who gains control of
the outcome by comparing your level of success (strong hit > weak hit > miss). If you both have
the same level of success, use your action score ... as a tie-breaker. If you are still tied,
envision how your actions lead to a complete stalemate. Whoever gains control of the outcome
decides which of the two moves should be resolved. The result of the other move is ignored. If
neither of you scored a hit, resolve the miss for both moves. Each of you must Pay the Price."

:func:`oppose` makes both rolls (the first character's three dice, then the ally's) as one
operation; the winner's choice is a pending decision (``own``: the winner's Face Danger is
resolved; ``ally``: the other one), after which that move's outcome is applied by the Face
Danger handler as usual. On two misses both misses are resolved, the first character's first.

ENGINE CHOICE: the rulebook says nothing of momentum in an opposed roll; each player may burn
before the rolls are compared (``burn`` / ``against_burn``, given in advance), as on any Face
Danger, and the comparison uses the outcome after the burn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ironsworn.errors import InvalidValue, OptionNeeded, RuleViolation
from ironsworn.moves.engine import MoveRecord, Step, on_resume
from ironsworn.outcomes import Outcome
from ironsworn.rolls import ActionRoll, roll_action

if TYPE_CHECKING:
    from ironsworn.campaign.state import CharacterState
    from ironsworn.moves.engine import MoveEngine, OperationResult

FACE_DANGER = "move:classic/adventure/face_danger"
STATS = ("edge", "heart", "iron", "shadow", "wits")


def control(first: ActionRoll, second: ActionRoll) -> int | None:
    """Who gains control: 0 (the first), 1 (the second), or None (both miss, or a stalemate).

    Level of success first, then the action score (L5193-5198).
    """
    if not (first.outcome.is_hit or second.outcome.is_hit):
        return None
    a = (first.outcome.rank, first.score)
    b = (second.outcome.rank, second.score)
    if a == b:
        return None
    return 0 if a > b else 1


def _stat(value: str | None, char: CharacterState, option: str) -> str:
    """The stat ``char`` rolls for their Face Danger: given (``option``: stat, against_stat),
    or asked."""
    if not value:
        raise OptionNeeded(
            f"{char.name}'s Face Danger: which stat does {char.name} roll? (accepted: "
            f"{', '.join(STATS)})",
            option,
            tuple((s, f"+{s} {char.stats[s]}") for s in STATS),
            subject=f"{char.name}'s Face Danger",
        )
    key = value.strip().lower()
    if key not in STATS:
        raise InvalidValue(input=option, value=value, accepted=STATS, why="is not a stat")
    return key


def oppose(
    engine: MoveEngine,
    character: str | None,
    against: str,
    stat: str | None,
    against_stat: str | None,
    *,
    adds: int = 0,
    against_adds: int = 0,
    burn: bool = False,
    against_burn: bool = False,
    choose: Sequence[str] = (),
) -> OperationResult:
    """Face Danger against an ally; see the module docstring."""

    def run() -> None:
        first = engine.state.character(character)
        second = engine.state.character(against)
        # Both act: a decision of either (or one either waits for) is answered first; another
        # character's is set aside, as for any move.
        for char in (first, second):
            engine.make_room(char.name)
        if first.name == second.name:
            raise InvalidValue(
                f"against {against!r}: a character cannot oppose themself",
                input="against",
                value=against,
                accepted=("another character",),
            )
        for char in (first, second):
            if char.status != "active":
                raise RuleViolation(f"{char.name} is {char.status}: no more moves")
        move = engine.ruleset.moves[FACE_DANGER]
        stats = (
            _stat(stat, first, "stat"),
            _stat(against_stat, second, "against_stat"),
        )
        rolls: list[ActionRoll] = []
        for char, key, add, burning in (
            (first, stats[0], adds, burn),
            (second, stats[1], against_adds, against_burn),
        ):
            record = MoveRecord(
                FACE_DANGER, move.name, char.name, key, first_event=len(engine.events)
            )
            engine.records.append(record)
            roll = roll_action(
                engine.dice, char.stats[key], add, char.momentum, engine.even_matches
            )
            engine.emit(
                {
                    "type": "roll",
                    "character": char.name,
                    "move": FACE_DANGER,
                    "roll": roll.to_json(char.momentum_reset),
                    "opposed": True,
                }
            )
            if burning:
                if roll.burn_outcome is None:
                    raise RuleViolation(
                        f"{char.name} cannot burn momentum {char.momentum:+d}: it would not "
                        f"improve the {roll.outcome.words}"
                    )
                roll = roll.burn()
                engine.burn_momentum(char)
            record.roll = roll.to_json(char.momentum_reset)
            record.outcome = roll.outcome.value
            rolls.append(roll)
        names = (first.name, second.name)
        steps = [
            {
                "step": "outcome",
                "move": FACE_DANGER,
                "character": names[i],
                "roll": rolls[i].to_json(),
                "outcome": rolls[i].outcome.value,
                "stat": stats[i],
            }
            for i in (0, 1)
        ]
        winner = control(rolls[0], rolls[1])
        engine.answers = list(choose)
        if not any(r.outcome.is_hit for r in rolls):
            engine.note("both miss: each of you must Pay the Price")  # seed 000 L5203-5204
            for step in steps:
                engine.queue(step)
        elif winner is None:
            engine.note(  # seed 000 L5196-5198
                "the same level of success and the same action score: envision how your "
                "actions lead to a complete stalemate"
            )
        else:
            loser = 1 - winner
            engine.note(
                f"{names[winner]} gains control of the outcome "
                f"({rolls[winner].outcome.words} {rolls[winner].score} against "
                f"{rolls[loser].outcome.words} {rolls[loser].score})"
            )
            engine.queue(
                {
                    "step": "resume",
                    "point": "oppose.control",
                    "move": FACE_DANGER,
                    "character": names[winner],
                    "own": steps[winner],
                    "ally": steps[loser],
                }
            )
        engine.run_queued()
        if engine.answers:
            engine.note("not asked for: the answers " + " ".join(engine.answers))

    return engine.operation("oppose", character, run)


@on_resume("oppose.control")
def _control(ctx: Step, keys: list[str]) -> None:
    """Ask the winner which of the two moves is resolved."""
    own, ally = ctx.data["own"], ctx.data["ally"]
    ctx.choose(
        "oppose.resolve",
        [
            ("own", f"resolve your Face Danger ({Outcome(own['outcome']).words})"),
            (
                "ally",
                f"resolve {ally['character']}'s Face Danger ({Outcome(ally['outcome']).words})",
            ),
        ],
        prompt="you gain control of the outcome: which of the two moves is resolved? (the "
        "other is ignored)",
    )


@on_resume("oppose.resolve")
def _resolve(ctx: Step, keys: list[str]) -> None:
    chosen: dict[str, Any] = dict(ctx.data[keys[0]])
    ctx.engine.queue(chosen)
