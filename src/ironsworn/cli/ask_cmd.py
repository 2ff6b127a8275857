"""``ironsworn ask ODDS``: Ask the Oracle a yes/no question."""

from __future__ import annotations

import argparse

from ironsworn.cli.common import UsageError, common_options, emit, parse_int
from ironsworn.cli.session import record_options, recording, state_if_any, table_answer
from ironsworn.dice import RandomDice
from ironsworn.errors import InvalidValue
from ironsworn.oracle import (
    CampaignRules,
    Odds,
    OracleAnswer,
    OracleRule,
    ask_in_campaign,
    campaign_rules,
)

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
    ask.add_argument(
        "words",
        nargs="*",
        metavar="QUESTION",
        help="the question, in your words (as --question): ask likely Is the gate open?",
    )
    ask.add_argument("--value", help="your own d100 roll, 1-100 (00 = 100)")
    # Every other command takes a player's own dice as --dice: so does this one.
    # (its own name on args: --record's typed dice are read from args.dice, and this is the
    # roll itself, not dice left for the operation to use)
    ask.add_argument("--dice", dest="own_d100", help="your own d100 roll (as --value)")
    ask.add_argument("--seed", help="seed for a reproducible roll")
    ask.add_argument("--question", help="the question asked (kept with --record)")
    ask.add_argument(
        "--even-matches",
        action="store_true",
        help="a match only on 22, 44, 66, 88 or 00 (the rulebook's option, p. 230; on by "
        "itself where the campaign has the option)",
    )
    ask.add_argument(
        "--ruleset",
        help="whose table answers: classic (yes on X or greater) or starforged (yes on X or "
        "less); by default the current campaign's (classic when there is none)",
    )
    record_options(ask)
    ask.set_defaults(func=run)


def own_roll(args: argparse.Namespace) -> int | None:
    """The player's own d100 roll, given as ``--value`` or ``--dice`` (named as typed in a
    refusal); a ``--seed`` for it would be ignored, so one with it is refused."""
    typed = [
        (flag, raw)
        for flag, raw in (("--value", args.value), ("--dice", args.own_d100))
        if raw is not None
    ]
    if len(typed) > 1:
        raise UsageError(
            f"--value {args.value!r} and --dice {args.own_d100!r} are the same roll (accepted: "
            "one of them)"
        )
    if not typed:
        return None
    flag, raw = typed[0]
    if args.seed is not None:
        raise UsageError(
            f"{flag} {raw!r} and --seed {args.seed!r} cannot be combined (accepted: "
            f"your own roll with {flag}, or a seeded roll with --seed)"
        )
    return parse_int(raw, flag, 0, 100)


def run(args: argparse.Namespace) -> int:
    value = own_roll(args)
    odds = odds_and_question(args)
    if recording(args):
        answer = kept(args, odds, value)
    else:
        # The current campaign's table (classic or Starforged) and its even-matches option,
        # read only: a player asking beside their Starforged campaign gets Starforged's
        # table. --ruleset names the table and opens no campaign; with no campaign at all
        # the table is classic.
        campaign = campaign_rules_of(args) if args.ruleset is None else None
        dice = None if value is not None else RandomDice(args.seed)
        answer = ask_in_campaign(
            campaign, odds, dice, value, args.even_matches, rule_of(args, None)
        )
    emit(args, answer.to_json(), lambda: describe(answer))
    return 0


def kept(args: argparse.Namespace, odds: Odds, value: int | None) -> OracleAnswer:
    """``--record``: the table's ``ask``, kept in the campaign (its own table and option; a
    ``--ruleset`` that is not the campaign's is refused first)."""
    if args.ruleset is not None:
        # (a campaign made by this --record plays classic, as every new campaign)
        rule_of(args, campaign_rules(campaign_rules_of(args))[0])
    given = {
        "odds": odds.value,
        "question": args.question,
        "value": value,
        "seed": args.seed,
        "even_matches": args.even_matches or None,
        "keep": True,
    }
    return OracleAnswer.from_json(table_answer(args, "ask", given, {"odds": "ODDS"}))


def odds_and_question(args: argparse.Namespace) -> Odds:
    """The odds, and the question in the words after them (``ask small chance Is it
    raining?``: odds of two words are read too); the words are the ``--question``."""
    words: list[str] = list(getattr(args, "words", None) or [])
    try:
        odds = Odds.parse(args.odds)
    except InvalidValue as unknown:
        try:
            if not words:
                raise
            try:
                odds = Odds.parse(f"{args.odds} {words[0]}")
            except InvalidValue:
                raise unknown from None
        except InvalidValue:
            if _a_question(args.odds):
                # A question asked without its odds ('ask Is the gate open?'): the error
                # says where the odds go, with the player's own question.
                asked = " ".join([args.odds, *words])
                raise UsageError(
                    f"{unknown}: the odds come first, then the question: ironsworn ask "
                    f"likely {asked}"
                ) from None
            raise
        words = words[1:]
    if words:
        if args.question is not None:
            raise UsageError(
                f"the question is given twice: {' '.join(words)!r} and --question "
                f"{args.question!r} (accepted: one of them)"
            )
        args.question = " ".join(words)
    return odds


# The words a yes/no question begins with, as a player types one.
_ASKING = frozenset(
    [
        "is",
        "are",
        "am",
        "was",
        "were",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "shall",
        "should",
        "has",
        "have",
        "had",
        "may",
        "might",
        "must",
        "who",
        "what",
        "where",
        "when",
        "why",
        "how",
        "which",
    ]
)


def _a_question(text: str) -> bool:
    """Whether the ODDS argument is the start of a question rather than mistyped odds."""
    first = text.split()[0].lower() if text.split() else ""
    return text.rstrip().endswith("?") or first in _ASKING


def rule_of(args: argparse.Namespace, own: OracleRule | None) -> OracleRule | None:
    """The table ``--ruleset`` names (None: the campaign's, or classic); one that is not
    ``own``, the table of the campaign the answer is kept in, is refused."""
    if args.ruleset is None:
        return None
    try:
        rule = OracleRule.parse(args.ruleset)
    except InvalidValue:
        raise UsageError(
            f"--ruleset {args.ruleset!r} is unknown (accepted: "
            f"{', '.join(r.value for r in OracleRule)})"
        ) from None
    if own is not None and own is not rule:
        raise UsageError(
            f"--ruleset {args.ruleset!r} is not this campaign's (accepted: "
            f"{own.value}, or leave it out)"
        )
    return rule


def campaign_rules_of(args: argparse.Namespace) -> CampaignRules | None:
    """The state of the campaign ``--record`` keeps the roll in (``--campaign``,
    $IRONSWORN_CAMPAIGN or the current one), or None when there is none yet or it cannot be
    read (a new campaign plays classic)."""
    return state_if_any(args)


def describe(answer: OracleAnswer) -> str:
    return answer.describe()
