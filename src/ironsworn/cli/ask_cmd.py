"""``ironsworn ask ODDS``: Ask the Oracle a yes/no question."""

from __future__ import annotations

import argparse

from ironsworn.cli.common import UsageError, common_options, emit, parse_int
from ironsworn.cli.session import record, record_options
from ironsworn.dice import RandomDice
from ironsworn.oracle import Odds, OracleAnswer, ask_the_oracle

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any


def register(sub: Any) -> None:
    ask = common_options(sub.add_parser("ask", help="ask the oracle a yes/no question"))
    ask.add_argument(
        "odds",
        metavar="ODDS",
        help="almost_certain, likely, fifty_fifty (or 50/50), unlikely, small_chance",
    )
    ask.add_argument("--value", help="your own d100 roll, 1-100 (00 = 100)")
    ask.add_argument("--seed", help="seed for a reproducible roll")
    ask.add_argument("--question", help="the question asked (kept with --record)")
    ask.add_argument(
        "--even-matches",
        action="store_true",
        help="a match only on 22, 44, 66, 88 or 00 (the rulebook's option, p. 230)",
    )
    record_options(ask)
    ask.set_defaults(func=run)


def check_value_or_seed(args: argparse.Namespace) -> None:
    """``--value`` is the roll itself, so a ``--seed`` for it would be ignored: refuse both."""
    if args.value is not None and args.seed is not None:
        raise UsageError(
            f"--value {args.value!r} and --seed {args.seed!r} cannot be combined (accepted: "
            "your own roll with --value, or a seeded roll with --seed)"
        )


def run(args: argparse.Namespace) -> int:
    check_value_or_seed(args)
    odds = Odds.parse(args.odds)
    if args.value is not None:
        value = parse_int(args.value, "--value", 0, 100)
        answer = ask_the_oracle(odds, value=value, even_matches=args.even_matches)
    else:
        answer = ask_the_oracle(odds, RandomDice(args.seed), even_matches=args.even_matches)
    event = {"type": "ask", **answer.to_json()}
    if args.question:
        event["question"] = args.question
    word = "yes" if answer.yes else "no"
    record(args, "ask", event, f"{args.question or answer.odds.label}: {word}")
    emit(args, answer.to_json(), lambda: describe(answer))
    return 0


def describe(answer: OracleAnswer) -> str:
    word = "YES" if answer.yes else "NO"
    text = f"{answer.odds.label} ({answer.odds.yes_at_least}+): rolled {answer.roll} — {word}"
    if answer.match:
        text += " — MATCH: an extreme result or a twist"
    return text
