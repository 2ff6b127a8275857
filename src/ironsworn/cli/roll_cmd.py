"""``ironsworn roll action|progress``: exact dice rolls, random, seeded or typed in."""

from __future__ import annotations

import argparse

from ironsworn.cli.common import CliParser, UsageError, common_options, emit, int_list, parse_int
from ironsworn.counting import counted
from ironsworn.dice import Dice, FixedDice, RandomDice
from ironsworn.momentum import check_momentum, momentum_reset
from ironsworn.progress import MAX_TICKS, progress_score
from ironsworn.rolls import ActionRoll, ProgressRoll, roll_action, roll_progress

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any


EVEN_HELP = "a match only on even challenge dice (the rulebook's option, p. 230)"


def register(sub: Any) -> None:
    roll: CliParser = sub.add_parser("roll", help="make an action or progress roll")
    kinds = roll.add_subparsers(dest="kind", metavar="KIND", parser_class=CliParser)
    kinds.required = True

    action = common_options(
        kinds.add_parser("action", help="action die + stat vs 2 challenge dice")
    )
    action.add_argument("--stat", required=True, help="stat (or meter) value, 0-5")
    action.add_argument("--adds", default="0", help="adds, 0-10 (default 0)")
    action.add_argument("--momentum", default="0", help="current momentum, -6 to +10")
    action.add_argument("--debilities", default="0", help="marked debilities, 0-8")
    action.add_argument("--dice", help="your dice: ACTION,CHALLENGE1,CHALLENGE2 (e.g. 4,5,8)")
    action.add_argument("--seed", help="seed for reproducible random dice")
    action.add_argument("--even-matches", action="store_true", help=EVEN_HELP)
    action.set_defaults(func=run_action)

    progress = common_options(kinds.add_parser("progress", help="progress score vs 2 d10"))
    group = progress.add_mutually_exclusive_group(required=True)
    group.add_argument("--score", help="progress score (full boxes), 0-10")
    group.add_argument("--ticks", help=f"ticks on the track, 0-{MAX_TICKS}")
    progress.add_argument("--dice", help="your challenge dice: C1,C2 (e.g. 7,3)")
    progress.add_argument("--seed", help="seed for reproducible random dice")
    progress.add_argument("--even-matches", action="store_true", help=EVEN_HELP)
    progress.set_defaults(func=run_progress)


def _dice(args: argparse.Namespace, count: int, shape: str) -> Dice:
    if args.dice is not None and args.seed is not None:
        raise UsageError(
            f"--dice {args.dice!r} and --seed {args.seed!r} cannot be combined (accepted: "
            "typed dice with --dice, or random dice with --seed)"
        )
    if args.dice is not None:
        values = int_list(args.dice, "--dice")
        if len(values) != count:
            raise UsageError(
                f"--dice {args.dice!r} has {counted(len(values), 'value')}; expected {count}: "
                f"{shape}"
            )
        return FixedDice(values, source="--dice")
    return RandomDice(args.seed)


def run_action(args: argparse.Namespace) -> int:
    stat = parse_int(args.stat, "--stat", 0, 5)
    adds = parse_int(args.adds, "--adds", 0, 10)
    debilities = parse_int(args.debilities, "--debilities", 0, 8)
    momentum = check_momentum(parse_int(args.momentum, "--momentum", -6, 10), debilities)
    dice = _dice(args, 3, "ACTION(1-6),C1(1-10),C2(1-10)")
    roll = roll_action(dice, stat, adds, momentum, args.even_matches)
    reset = momentum_reset(debilities)
    data = roll.to_json(momentum_reset=reset)
    emit(args, data, lambda: describe_action(roll, reset))
    return 0


def run_progress(args: argparse.Namespace) -> int:
    if args.ticks is not None:
        score = progress_score(parse_int(args.ticks, "--ticks", 0, MAX_TICKS))
    else:
        score = parse_int(args.score, "--score", 0, 10)
    roll = roll_progress(_dice(args, 2, "C1(1-10),C2(1-10)"), score, args.even_matches)
    emit(args, roll.to_json(), lambda: describe_progress(roll))
    return 0


def describe_action(roll: ActionRoll, reset: int | None = None) -> str:
    """One or two readable lines for an action roll, with the burn offer if any."""
    die = f"{roll.action_die}"
    if roll.action_die_cancelled:
        die += f" (cancelled by momentum {roll.momentum:+d})"
    parts = f"action {die} + stat {roll.stat}"
    if roll.adds:
        parts += f" + {roll.adds}"
    c1, c2 = roll.challenge
    if roll.burned:
        # Burning cancels the challenge dice below momentum (seed 000 L508-514): say how much.
        parts = f"{parts} = {roll.score}, momentum {roll.momentum:+d} burned"
        line = f"{parts} vs {c1} | {c2}: {roll.outcome.words.upper()}"
    else:
        line = f"{parts} = {roll.score} vs {c1} | {c2}: {roll.outcome.words.upper()}"
    if roll.match:
        line += " — MATCH"
    offer = roll.burn_outcome
    if offer is not None:
        after = "" if reset is None else f", momentum {roll.momentum:+d} -> {reset:+d}"
        line += f"\nburn momentum to make it a {offer.words}{after}"
    return line


def describe_progress(roll: ProgressRoll) -> str:
    shown = [str(c) for c in roll.challenge]
    if roll.cancelled is not None:
        shown[roll.cancelled] += " (cancelled)"
    line = f"progress {roll.score} vs {shown[0]} | {shown[1]}: {roll.outcome.words.upper()}"
    if roll.match:
        line += " — MATCH"
    return line
