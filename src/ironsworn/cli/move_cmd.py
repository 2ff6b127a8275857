"""``ironsworn move``, ``burn``, ``choose``, ``decline``: make moves and answer decisions.

``ironsworn move list`` and ``ironsworn move show ID`` read moves (see :mod:`move_info`);
any other word is a move to make: ``ironsworn move face danger --stat edge``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ironsworn.cli.common import (
    JoinWords,
    Missing,
    UsageError,
    campaign_command,
    emit,
)


def register(sub: Any) -> None:
    move = campaign_command(
        sub,
        "move",
        "make a move, or list / show moves",
        description="Make a move (ironsworn move face_danger --stat edge), or "
        "'move list [--ruleset R]' / 'move show ID'.",
    )
    move.add_argument("words", nargs="+", metavar="MOVE", help="move id or name, list, or show")
    move.add_argument(
        "--character",
        help="who makes the move (default: the only character, or the only one still playing)",
    )
    move.add_argument("--stat", help="the stat or meter to roll (where the move offers a choice)")
    move.add_argument("--add", action="append", default=[], metavar="N", help="an add (repeat)")
    move.add_argument("--bond", action="store_true", help="you share a bond: the move's +1")
    move.add_argument(
        "--reroll",
        action="store_true",
        help="a move or asset lets you reroll any dice: you are asked which after the roll",
    )
    move.add_argument("--amount", help="harm, stress or other amount the move takes")
    move.add_argument(
        "--track",
        help="the track the move acts on: a vow, journey, fight, site or threat (Starforged: "
        "expedition, connection), by its id or text",
    )
    move.add_argument(
        "--choose",
        nargs="+",
        default=[],
        metavar="KEY",
        help="answer the move's choices in advance",
    )
    burn = move.add_mutually_exclusive_group()
    burn.add_argument(
        "--burn",
        dest="burn",
        action="store_true",
        default=None,
        help="burn momentum if it would improve the outcome",
    )
    burn.add_argument(
        "--no-burn", dest="burn", action="store_false", help="never burn momentum on this move"
    )
    move.add_argument("--ally", help="the ally you aid or heal")
    move.add_argument(
        "--supported-by", help="a progress move: the ally who stands with you (Loyalist 3)"
    )
    move.add_argument("--companion", help="the companion asset (Heal, Companion Endure Harm)")
    move.add_argument("--patient", help="Heal: a person who is not a companion (no health track)")
    move.add_argument(
        "--vehicle",
        help="Withstand Damage (Starforged): the vehicle, by name (default: the command vehicle)",
    )
    move.add_argument(
        "--abandon",
        action="store_true",
        help="Test Your Bond (Starforged: Test Your Relationship): you have no interest in "
        "maintaining it (no roll; classic: clear the bond, Pay the Price; Starforged: choose one)",
    )
    move.add_argument(
        "--with",
        dest="bond_with",
        nargs="+",
        action=JoinWords,
        help="the bond: Forge a Bond names it; Sojourn, Undertake a Journey and Test Your Bond "
        "name one on the sheet (a unique prefix is enough), and Sojourn and Undertake a "
        "Journey add +1 for it",
    )
    move.add_argument(
        "--asset",
        action="append",
        help="an asset whose ability fits the fiction: NAME, NAME:N or NAME:N:OPTION (several "
        "allowed); with Advance, the asset to buy (NAME[:N]=NAME) or upgrade",
    )
    move.add_argument("--ability", help="the ability number to upgrade (Advance)")
    move.add_argument("--name", help="Advance: the name of a companion you buy")
    move.add_argument("--odds", help="Ask the Oracle: the odds of a yes/no question")
    move.add_argument(
        "--foe",
        nargs="+",
        action=JoinWords,
        help="Enter the Fray with no fight yet: the foe (a foe's name, or your words)",
    )
    move.add_argument(
        "--destination",
        nargs="+",
        action=JoinWords,
        help="where you are going, when no journey or expedition is under way",
    )
    move.add_argument(
        "--vow",
        nargs="+",
        action=JoinWords,
        help="the vow in your own words, when you have none to swear on yet",
    )
    move.add_argument(
        "--rank",
        help="Make a Connection: the new connection's rank; Enter the Fray: the foe's; "
        "Undertake a Journey: the journey's; Swear an Iron Vow: the new vow's",
    )
    move.add_argument(
        "--role", nargs="+", action=JoinWords, help="Make a Connection: the new connection's role"
    )
    move.add_argument(
        "--as",
        dest="as_role",
        action="append",
        default=[],
        metavar="ROLE",
        help="a role that contributes (roles instead of assets): with --role-bonus",
    )
    move.add_argument(
        "--role-bonus", help="the role's bonus, chosen before rolling: +2 or momentum"
    )
    move.add_argument("--raise", dest="raise_stat", help="Advance without assets: +1 to this stat")
    move.add_argument("--new-role", help="Advance with roles: name another role (6 experience)")
    move.add_argument("--successor", help="Continue a Legacy: the new character's name")
    move.add_argument(
        "--stats", help="Continue a Legacy: the new character's stats (3,2,2,1,1 in stat order)"
    )
    move.add_argument("--against", help="move oppose: the ally you act against")
    move.add_argument("--against-stat", help="move oppose: the stat the ally rolls")
    move.add_argument("--against-add", help="move oppose: the ally's add")
    move.add_argument(
        "--against-burn", action="store_true", help="move oppose: the ally burns momentum"
    )
    move.add_argument("--ruleset", help="move list: classic, starforged, all, or a pack id")
    move.add_argument("--dice", help="your dice, in the order the moves roll them: 4,5,8,...")
    move.add_argument("--seed", help="seed for reproducible random dice")
    move.set_defaults(func=run_move)

    for name, text in (
        ("burn", "burn momentum on the pending roll"),
        ("decline", "decline the pending decision (no burn, or none of an optional list)"),
    ):
        p = campaign_command(sub, name, text)
        p.add_argument("--dice", help="your dice for rolls that follow")
        p.add_argument("--seed", help="seed for reproducible random dice")
        p.set_defaults(func=run_answer, answer=name)
    choose = campaign_command(sub, "choose", "answer a choice")
    choose.add_argument(
        "keys",
        nargs="*",
        metavar="KEY",
        help=(
            "option keys, or their numbers in the menu; among a table's rows (Pay the "
            "Price's) a number is a roll: the row holding it (none, at a terminal: a menu)"
        ),
    )
    choose.add_argument(
        "--text", help="the words the decision asks for with its answer (a new vow's name...)"
    )
    choose.add_argument("--dice", help="your dice for rolls that follow")
    choose.add_argument("--seed", help="seed for reproducible random dice")
    choose.set_defaults(func=run_answer, answer="choose")


# Options that only making a move uses (dest -> the option as typed).
MAKING_OPTIONS = {
    "character": "--character",
    "stat": "--stat",
    "add": "--add",
    "bond": "--bond",
    "reroll": "--reroll",
    "amount": "--amount",
    "track": "--track",
    "choose": "--choose",
    "burn": "--burn/--no-burn",
    "ally": "--ally",
    "supported_by": "--supported-by",
    "companion": "--companion",
    "vehicle": "--vehicle",
    "bond_with": "--with",
    "asset": "--asset",
    "ability": "--ability",
    "name": "--name",
    "odds": "--odds",
    "rank": "--rank",
    "foe": "--foe",
    "destination": "--destination",
    "vow": "--vow",
    "role": "--role",
    "dice": "--dice",
    "seed": "--seed",
    "campaign": "--campaign",
    "as_role": "--as",
    "role_bonus": "--role-bonus",
    "raise_stat": "--raise",
    "new_role": "--new-role",
    "successor": "--successor",
    "stats": "--stats",
    "against": "--against",
    "against_stat": "--against-stat",
    "against_add": "--against-add",
    "against_burn": "--against-burn",
    "database": "--database",
}
# What opposing an ally takes (``move oppose``); the other options of a move are refused.
OPPOSE_OPTIONS = frozenset(
    {"character", "stat", "add", "burn", "choose", "dice", "seed", "campaign", "database"}
    | {"against", "against_stat", "against_add", "against_burn"}
)


def check_move_options(args: argparse.Namespace, ignore: tuple[str, ...] = ()) -> None:
    """Refuse an option that the chosen form (list, show, or making a move) would ignore."""
    words: list[str] = args.words
    reading = (words[0] == "list" and len(words) == 1) or words[0] == "show"
    if reading:
        for dest, flag in MAKING_OPTIONS.items():
            if dest not in ignore and getattr(args, dest) not in (None, False, []):
                raise UsageError(
                    f"move {words[0]} takes no {flag} (accepted: --ruleset, --json); "
                    f"{flag} is for making a move"
                )
    elif args.ruleset is not None:
        raise UsageError(
            f"--ruleset {args.ruleset!r} is for 'move list' and 'move show', not for making "
            f"the move {' '.join(words)!r}"
        )


def run_move(args: argparse.Namespace) -> int:
    words: list[str] = args.words
    check_move_options(args)
    if words[0] == "list" and len(words) == 1:
        from ironsworn.cli.move_info import list_moves

        return list_moves(args)
    if words[0] == "show":
        if len(words) < 2:
            raise Missing("move show needs a move id or name", "move show: which move? (its name)")
        from ironsworn.cli.move_info import show_move

        args.id = " ".join(words[1:])
        return show_move(args)
    from ironsworn.cli.session import describe_result, table_write

    if words[0].strip().lower() == "oppose" and len(words) == 1 and not args.against:
        from ironsworn.cli.asking import at_terminal

        # At a terminal the engine's question (which ally) is asked; a script gets the line.
        if not at_terminal(["--json"] if args.json else []):
            raise UsageError("move oppose needs --against NAME (the ally you act against)")
    trailing_stat(args, library_names_a_move)
    if getattr(args, "decide", False):
        ask_before(args)
    given = one_role(move_given(args))
    # A script is not asked the fiction's questions (whom a vow is to...): the move is made
    # without a bond unless --bond or --with says so (a terminal asked them just above).
    if "with" not in given:
        given.setdefault("bond", False)
    (result,) = table_write(args, "move", given, MOVE_WORDS)
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def ask_before(args: argparse.Namespace) -> None:
    """At a terminal, what the move asks of the fiction before its roll, as play mode and the
    web ask it (:func:`ironsworn.table.moves.verify_move`): whom a vow is sworn to, whether
    a journey sets off from a bonded community, Sojourn's and Test Your Bond's bond. Raised
    as the table's question, which the command line asks and runs again with the answer as
    its flag. A script is not asked: it gives the flag, or the move is made without it."""
    from ironsworn.campaign.registry import resolve
    from ironsworn.table import Table, Unanswered
    from ironsworn.table.moves import verify_move

    ref = resolve(getattr(args, "campaign", None), getattr(args, "database", None))
    if not ref.started():
        return  # no campaign yet: the move itself says what is missing
    with ref.open(create=False) as store:
        question = verify_move(Table(store, store.name), move_inputs(args))
    if question is not None:
        raise Unanswered(question)


# The table's ``move`` inputs whose dest in the ``move`` parser is another name.
INPUT_DESTS = {"with": "bond_with", "as": "as_role", "raise": "raise_stat"}
# The table's ``move`` input the command takes as its words (the others are its flags).
MOVE_WORDS = {"move": "MOVE"}


def move_inputs(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``move`` arguments the ``move`` options give (checked, worded with flags)."""
    from ironsworn.errors import InvalidValue
    from ironsworn.table.moves import MOVE

    given: dict[str, Any] = {"move": " ".join(args.words)}
    for declared in MOVE.inputs:
        if declared.name in ("move", "dice", "seed"):
            continue
        value = getattr(args, INPUT_DESTS.get(declared.name, declared.name), None)
        if value in (None, False, []):
            continue
        if declared.name == "as" and isinstance(value, list):
            value = value if len(value) > 1 else value[0]
            if isinstance(value, list):
                given["as"] = value  # several roles: the engine refuses to combine them
                continue
        try:
            given[declared.name] = declared.check(value)
        except InvalidValue as exc:
            raise UsageError(exc.worded(flag_of(declared.name))) from None
    return given


def flag_of(name: str) -> str:
    from ironsworn.cli.common import flag

    return MAKING_OPTIONS.get(INPUT_DESTS.get(name, name), flag(name))


# The words a roll's stat (or meter) goes by, typed after the move's name: "move strike iron".
STAT_WORDS = frozenset({"edge", "heart", "iron", "shadow", "wits", "health", "spirit", "supply"})


def trailing_stat(args: argparse.Namespace, names_a_move: Callable[[str], bool]) -> None:
    """'strike iron' (or 'strike +iron'): a move's name with the stat to roll after it, as a
    player says it, takes the stat as ``--stat`` (it was refused, "unknown move 'strike
    iron'"). Only where no ``--stat`` is given, and the words name a move without the stat
    and none with it (``names_a_move`` says whether words name one)."""
    words = " ".join(args.words).split()
    if getattr(args, "stat", None) or len(words) < 2:
        return
    stat = words[-1].lower().removeprefix("+")
    if stat not in STAT_WORDS:
        return
    if names_a_move(" ".join(words)) or not names_a_move(" ".join(words[:-1])):
        return
    args.words, args.stat = words[:-1], stat


def library_names_a_move(words: str) -> bool:
    """Whether ``words`` name a move of the library (one, or several of its rulesets')."""
    from ironsworn.content import load_library
    from ironsworn.errors import NotFound

    try:
        load_library().find("moves", words)
    except NotFound as exc:
        return " is ambiguous" in str(exc)  # (a name both rulesets give a move: "Strike")
    return True


def move_given(args: argparse.Namespace) -> dict[str, Any]:
    """The table's ``move`` arguments of the ``move`` options, with the refusals of options
    the form does not take (``move oppose``'s, the others') worded with their flags."""
    given = move_inputs(args)
    query = given["move"]
    if query.strip().lower() == "oppose":
        for dest, option in MAKING_OPTIONS.items():
            if dest not in OPPOSE_OPTIONS and getattr(args, dest, None) not in (None, False, []):
                raise UsageError(
                    f"move oppose takes no {option} (accepted: --character, --stat, --add, "
                    "--burn, --against, --against-stat, --against-add, --against-burn, --choose)"
                )
        if len(args.add) > 1:
            raise UsageError("move oppose takes one --add (the first character's)")
    else:
        against = [d for d in MAKING_OPTIONS if d.startswith("against")]
        named = next((d for d in against if getattr(args, d, None) not in (None, False)), None)
        if named is not None:
            raise UsageError(f"{MAKING_OPTIONS[named]} is for 'move oppose', not {query!r}")
    return given


def one_role(given: dict[str, Any], said_of: str | None = "--as") -> dict[str, Any]:
    """``given``, refused when ``--as`` names several roles (the table's move takes one);
    the refusal is said of ``said_of`` (play mode's: of nothing)."""
    if isinstance(given.get("as"), list):
        raise UsageError(
            (f"{said_of}: " if said_of else "")
            + "bonuses from multiple roles may not be combined for a single move: choose "
            f"one of {', '.join(given['as'])}"
        )
    return given


def run_answer(args: argparse.Namespace) -> int:
    from ironsworn.campaign.registry import resolve
    from ironsworn.cli.session import describe_result, read_state, table_write
    from ironsworn.errors import RuleViolation

    if args.answer == "choose" and not args.keys:
        return _choose_asked(args)
    ref = resolve(getattr(args, "campaign", None), getattr(args, "database", None))
    state = read_state(args) if ref.started() else None
    if state is None or (state.pending is None and not getattr(state, "parked", None)):
        raise RuleViolation("there is no pending decision")  # as play mode says it
    # The table's choose, burn or decline: the decision waiting now (the guide's seat).
    given = {"keys": args.keys, "text": args.text} if args.answer == "choose" else {}
    if args.answer == "choose" and state.pending is not None:
        given["keys"] = numbered_keys(args.keys, state.pending)
    (result,) = table_write(args, args.answer, given, {"keys": "KEY"})
    emit(args, result.to_json(), lambda: describe_result(result))
    return 0


def numbered_keys(keys: list[str], pending: dict[str, Any]) -> list[str]:
    """``choose 1``: an option by its number, as the menu at a terminal and play mode number
    them (it was refused: "option '1' is not offered"). A number that is an option's key
    stays that key, and a decision of a table's rows ("28-40") takes a number as the roll
    whose row holds it (the table's reading)."""
    from ironsworn.table.decisions import offers_rows

    offered = [str(o["key"]) for o in pending.get("options") or ()]
    if pending.get("kind") != "choose" or offers_rows(pending):
        return keys
    out = []
    for key in keys:
        typed = key.strip()
        if typed.isdigit() and typed not in offered:
            if not 1 <= int(typed) <= len(offered):
                raise UsageError(
                    f"option {typed!r} is not offered (accepted: a number 1 to "
                    f"{len(offered)}, or {', '.join(offered)})"
                )
            key = offered[int(typed) - 1]
        out.append(key)
    return out


def _choose_asked(args: argparse.Namespace) -> int:
    """``choose`` without a key: at a terminal the pending decision is asked as a menu
    (:mod:`ironsworn.cli.deciding`); a script is told the keys it takes."""
    from ironsworn.cli.session import read_state
    from ironsworn.errors import RuleViolation

    pending = read_state(args).pending
    if pending is None:
        raise RuleViolation("choose KEY: no decision is pending (nothing to choose)")
    if pending["kind"] == "burn":
        raise UsageError(
            "choose: the decision pending is a burn offer (accepted: ironsworn burn, or "
            "ironsworn decline)"
        )
    if getattr(args, "decide", False):
        args.decision = pending  # asked once this command returns
        return 0
    keys = ", ".join(str(o["key"]) for o in pending.get("options") or ())
    raise UsageError(f"choose needs KEY, an option of the pending decision (accepted: {keys})")
