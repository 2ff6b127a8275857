"""``ironsworn odds action|progress``: exact probabilities by enumeration."""

from __future__ import annotations

import argparse

from ironsworn.cli.common import CliParser, common_options, emit, parse_int
from ironsworn.odds import RollOdds, action_odds, progress_odds

TYPE_CHECKING = False  # typing is not imported at run time: see ironsworn.record

if TYPE_CHECKING:
    from typing import Any


EVEN_HELP = "a match only on even challenge dice (the rulebook's option, p. 230)"


def register(sub: Any) -> None:
    odds: CliParser = sub.add_parser("odds", help="exact odds of an action or progress roll")
    kinds = odds.add_subparsers(dest="kind", metavar="KIND", parser_class=CliParser)
    kinds.required = True
    action = common_options(kinds.add_parser("action", help="odds of an action roll"))
    action.add_argument("--stat", required=True, help="stat (or meter) value, 0-5")
    action.add_argument("--adds", default="0", help="adds, 0-10")
    action.add_argument("--momentum", default="0", help="momentum, -6 to +10")
    action.add_argument("--debilities", default="0", help="marked debilities, 0-8")
    action.add_argument("--even-matches", action="store_true", help=EVEN_HELP)
    action.set_defaults(func=run_action)
    progress = common_options(kinds.add_parser("progress", help="odds of a progress roll"))
    progress.add_argument("--score", required=True, help="progress score, 0-10")
    progress.add_argument("--even-matches", action="store_true", help=EVEN_HELP)
    progress.set_defaults(func=run_progress)


def run_action(args: argparse.Namespace) -> int:
    result = action_odds(
        parse_int(args.stat, "--stat", 0, 5),
        parse_int(args.adds, "--adds", 0, 10),
        parse_int(args.momentum, "--momentum", -6, 10),
        parse_int(args.debilities, "--debilities", 0, 8),
        even_matches=args.even_matches,
    )
    emit(args, result.to_json(), lambda: describe(result))
    return 0


def run_progress(args: argparse.Namespace) -> int:
    result = progress_odds(parse_int(args.score, "--score", 0, 10), args.even_matches)
    emit(args, result.to_json(), lambda: describe(result))
    return 0


def describe(odds: RollOdds) -> str:
    def pct(value: object) -> str:
        return f"{float(value) * 100:5.1f}%"  # type: ignore[arg-type]

    lines = [
        f"strong hit {pct(odds.strong_hit)}   weak hit {pct(odds.weak_hit)}   "
        f"miss {pct(odds.miss)}   match {pct(odds.match)}"
    ]
    if odds.with_burn is not None and odds.with_burn != odds:
        b = odds.with_burn
        lines.append(
            f"burning when it helps: strong hit {pct(b.strong_hit)}   "
            f"weak hit {pct(b.weak_hit)}   miss {pct(b.miss)}"
        )
    return "\n".join(lines)
