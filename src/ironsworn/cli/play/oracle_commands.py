"""Play mode's oracles: ``/oracle TABLE`` rolls one of the campaign's tables and ``/ask ODDS
[QUESTION]`` asks the oracle a yes/no question; both are the table's ``oracle`` and ``ask``
operations with ``keep`` (:mod:`ironsworn.table.oracles`), rolled with the session's dice,
so the journal holds every roll, made by the character acting. What play adds: a group of
tables named is asked as a menu, and the odds and the question are read from the line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ironsworn.cli.common import Missing, parse_int
from ironsworn.cli.play.slash import leading_words
from ironsworn.errors import InvalidValue

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.content.model import OracleTable

# Play's words for the inputs the slash commands take as words (the rest are their options).
NAMES = {"oracle": "TABLE", "odds": "ODDS", "question": "QUESTION"}
# (/oracle's options are its "roll" parser's, not found by the input's name on /oracle's)
ROLL_NAMES = {**NAMES, "value": "--value", "dice": "--dice", "seed": "--seed"}


def oracle(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.content.oracle_roller import OracleResult

    if words[:1] in (["list"], ["show"]):
        session.run_cli(session.parse("oracle", words))
        return
    if words[:1] == ["roll"]:
        words = words[1:]
    name, options = leading_words(words)
    if not name:
        raise Missing(
            "/oracle needs a table: /oracle action (Tab completes the names)",
            "/oracle: which table? (its name: action, theme... /oracle list lists them)",
        )
    args = session.parse("oracle", ["roll", " ".join(name), *options])
    value = None if args.value is None else parse_int(args.value, "--value")
    table = _oracle_table(session, args.id)
    who = session.character_name()
    given = {"oracle": table.id, "value": value, "keep": True, "character": who}
    dice = session.dice_for(args)  # --dice, --seed, or the session's
    answer = session.table("oracle", given, command="oracle", names=ROLL_NAMES, dice=dice).answer
    result = OracleResult.from_json(answer)
    session.out.result(result.to_json(), "\n".join(result.lines()), as_json=args.json)


def _oracle_table(session: PlaySession, query: str) -> OracleTable:
    """The campaign's own table ``query`` names (a classic campaign never rolls a Starforged
    table); a name of a group of tables ("planet") asks which, as a numbered menu, until one
    table is chosen."""
    from ironsworn.cli.play.asking import menu
    from ironsworn.content.lookup import GroupNamed

    while True:
        try:
            table: OracleTable = session.library.find_in("oracles", query, session.state().ruleset)
            return table
        except GroupNamed as group:
            query = menu(session, f"{group.query!r} names a group of oracle tables:", group.choices)


def ask(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.ask_cmd import own_roll
    from ironsworn.oracle import Odds, OracleAnswer

    leading, options = leading_words(words)
    odds_needed = Missing(
        "/ask needs the odds: almost_certain, likely, fifty_fifty (50/50), unlikely, "
        "small_chance — then, if you like, the question",
        "/ask: what are the odds of a yes?",
        choices=[
            ("almost_certain", "almost certain"),
            ("likely", "likely"),
            ("fifty_fifty", "50/50"),
            ("unlikely", "unlikely"),
            ("small_chance", "small chance"),
        ],
    )
    if not leading:
        raise odds_needed
    # "/ask likely Is the gate open?" and "/ask small chance ...": the odds, then the question.
    odds_words = leading[:1]
    question_words: list[str] | None = None
    for size in (2, 1):
        if _odds(leading[:size]):
            odds_words, question_words = leading[:size], leading[size:]
            break
    else:
        # A question asked without its odds ("/ask is the village burning?"): the odds are
        # asked, and given after it (the line runs again with the answer as its last word).
        for size in (2, 1):
            if len(leading) > size and _odds(leading[-size:]):
                odds_words, question_words = leading[-size:], leading[:-size]
                break
        else:
            if len(leading) > 1:
                raise odds_needed
    question = " ".join(leading[1:] if question_words is None else question_words)
    args = session.parse("ask", [" ".join(odds_words), *options])
    value = own_roll(args)
    question = question or args.question or ""
    odds = Odds.parse(args.odds)
    given = {
        "odds": odds.value,
        "question": question or None,
        "value": value,
        "seed": args.seed,
        # The campaign's table and even-matches option (or --even-matches), as everywhere.
        "even_matches": args.even_matches or None,
        "keep": True,
        "character": session.character_name(),
    }
    answer = OracleAnswer.from_json(session.table("ask", given, command="ask", names=NAMES).answer)
    text = answer.describe()
    # --json prints the answer as it is kept: the ask event of the log.
    event = session.store.operations(last=1)[0].events[0] if args.json else answer.to_json()
    session.out.result(event, f"{question}\n{text}" if question else text, as_json=args.json)


def _odds(words: list[str]) -> bool:
    """Whether ``words`` name the odds of a yes ("likely", "small chance", "50/50")."""
    from ironsworn.oracle import Odds

    try:
        Odds.parse(" ".join(words))
    except InvalidValue:
        return False
    return True
