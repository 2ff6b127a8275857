"""Making moves and answering decisions: ``move``, ``choose``, ``burn``, ``decline``.

``move`` takes the move (an id or name of the campaign's ruleset) and what the move reads
(stat, adds, track, amount, assets...); what it needs and was not given comes back as a
question (which stat, which track, the role's bonus, Advance's purchase, the ally opposed).
``move`` with the move ``oppose`` is Face Danger against an ally (``against`` and its
``against_*`` inputs). The answer is the move's result as ``move`` prints it as JSON.
"""

from __future__ import annotations

from typing import Any

from ironsworn.errors import Forbidden, InvalidValue, OptionNeeded, RuleViolation
from ironsworn.table import choices
from ironsworn.table.bond_questions import NO_BOND, bond_question
from ironsworn.table.commit import commit, dice_from
from ironsworn.table.inputs import Input
from ironsworn.table.operation import JsonDict, Operation, Table
from ironsworn.table.questions import Asked, Question

DICE = (
    Input("dice", "dice", "your dice in the order they are rolled: [action, c1, c2, ...]"),
    Input("seed", "text", "seed for reproducible random dice"),
)


def dice_of(table: Table, args: JsonDict) -> Any:
    """The dice the arguments give (typed dice, a seed), else the table's default."""
    return dice_from(args.get("dice"), args.get("seed"), table.dice_default)


def commit_at(table: Table, body: Any, args: JsonDict | None = None) -> Any:
    """Commit ``body`` (dice from ``args``, else the table's) and answer the engine's result,
    kept in ``table.results`` when the table keeps them. Dice the arguments give must all be
    rolled; the table's own only when it says they are this operation's alone
    (``dice_once``: the command line's typed dice), not when they serve a session."""
    dice = dice_of(table, args or {})
    once = dice is not table.dice_default or table.dice_once
    result = commit(table.store, table.library(), dice, body, all_dice=once)
    if table.results is not None:
        table.results.append(result)
    return result


def committed(table: Table, body: Any, args: JsonDict | None = None) -> JsonDict:
    """Commit ``body`` (see :func:`commit_at`) and answer its JSON."""
    data: JsonDict = commit_at(table, body, args).to_json()
    return data


# What ``with`` is in the words of each move that asks it (see Input.helps).
WITH_HELPS = (
    (
        "Swear an Iron Vow",
        "whom the vow is to: a bond on your sheet (+1), another person or community in your "
        "words (Forge a Bond with them may reroll once the vow is fulfilled), or none",
    ),
    (
        "Undertake a Journey",
        "the community you set off from, when you share a bond with it (+1), or none",
    ),
    (
        "Forge a Bond",
        "whom you forge the bond with: a person or community (one you fulfilled a vow to: "
        "reroll any dice), or none to name them later",
    ),
    ("Sojourn", "the community you sojourn in, when you share a bond with it (+1), or none"),
    ("Test Your Bond", "the bond tested: one on your sheet, or none (a bond without a name)"),
    (
        "Make a Connection",
        "whom you seek out: the new connection's name, in your words (someone met in the "
        "story, or someone new)",
    ),
)

MOVE_INPUTS = (
    Input("move", "text", "the move to make: its id or name", True, source=choices.moves),
    Input(
        "character",
        "text",
        "who makes the move (default: the seat's character)",
        source=choices.characters,
    ),
    Input("stat", "text", "the stat or meter to roll", source=choices.stats),
    Input("add", "ints", "adds, 0-10 each", low=0, high=10),
    Input("bond", "bool", "you share a bond: the move's +1"),
    Input("reroll", "bool", "a move or asset lets you reroll dice"),
    Input("amount", "int", "harm, stress or other amount", low=0, high=10),
    Input(
        "track",
        "text",
        "the track: a vow, journey, expedition, connection, fight, site or threat (its id or name)",
        source=choices.move_tracks,
    ),
    Input("choose", "texts", "the move's choices answered in advance"),
    Input("burn", "bool", "true: burn momentum when it helps; false: never"),
    Input("ally", "text", "the ally you aid or heal", source=choices.others),
    Input(
        "supported_by",
        "text",
        "a progress move: the ally who stands with you (Loyalist 3)",
        source=choices.others,
    ),
    Input("companion", "text", "the companion asset"),
    Input("vehicle", "text", "Withstand Damage: the vehicle (default: the command vehicle)"),
    Input("patient", "text", "Heal: a person with no health track"),
    Input(
        "abandon",
        "bool",
        "Test Your Bond (Starforged: Test Your Relationship): no interest in keeping it",
    ),
    Input(
        "with",
        "text",
        "whom: a person or community the move names (a bond, a connection, whom a vow is to)",
        source=choices.bonds,
        helps=WITH_HELPS,
    ),
    Input(
        "asset",
        "texts",
        "assets whose ability fits the fiction (NAME, NAME:N), or the one to buy (Advance)",
        source=choices.purchases,
    ),
    Input("ability", "int", "Advance: the ability to upgrade, 1-3", low=1, high=3),
    Input("name", "text", "Advance: the name of a companion you buy"),
    Input("odds", "text", "Ask the Oracle: the odds", source=choices.odds),
    Input(
        "foe",
        "text",
        "Enter the Fray with no fight yet: the foe (a foe's name, or your words)",
        source=choices.foes,
    ),
    Input(
        "destination",
        "text",
        "where you are going, when no journey or expedition is under way",
    ),
    Input("vow", "text", "the vow in your own words, when you have none to swear on yet"),
    Input(
        "rank",
        "text",
        "the rank of a new connection, foe, journey, expedition or vow",
        source=choices.ranks,
    ),
    Input("role", "text", "Make a Connection: the new connection's role"),
    Input("against", "text", "oppose: the ally you act against", source=choices.others),
    Input("against_stat", "text", "oppose: the stat the ally rolls", source=choices.stats),
    Input("against_add", "int", "oppose: the ally's add", low=0, high=10),
    Input("against_burn", "bool", "oppose: the ally burns momentum"),
    Input("as", "text", "a role that contributes (roles instead of assets)", source=choices.roles),
    Input(
        "role_bonus",
        "text",
        "the role's bonus, chosen before rolling: +2 or momentum",
        source=choices.role_bonuses,
    ),
    Input("raise", "text", "Advance without assets: +1 to this stat", source=choices.stats),
    Input("new_role", "text", "Advance with roles: name another role"),
    Input("successor", "text", "Continue a Legacy: the new character's name"),
    Input("stats", "text", "Continue a Legacy: the new character's stats"),
    *DICE,
)
AGAINST = ("against", "against_stat", "against_add", "against_burn")
# What opposing an ally takes; the other inputs of a move are refused with it.
OPPOSE_INPUTS = frozenset({"move", "character", "stat", "add", "burn", "choose", *AGAINST})
OPPOSE_INPUTS |= {"dice", "seed"}


def is_oppose(args: JsonDict) -> bool:
    return str(args.get("move", "")).strip().lower() == "oppose"


def make_move(table: Table, args: JsonDict) -> JsonDict:
    """Make the move the arguments describe (or oppose an ally), in one write transaction.

    The questions of the fiction (:func:`~ironsworn.table.bond_questions.bond_question`: whom
    a vow is to, a journey's bond) are asked in that transaction, of the state the move is
    made on: asked, the transaction rolls back (nothing is written)
    and the question is the answer. (Asked before it, it cost a second read of the state
    on every move.)"""
    given = args  # as the operation was called: the question's own
    args = dict(args)
    args["character"] = table.acting_for(args.get("character"))
    body = move_body(args)
    if is_oppose(args):
        return committed(table, body, args)

    def asking_first(engine: Any) -> Any:
        seated = given.get("character") or table.seat
        question = bond_question(engine.state, table.library(), given, seated)
        if question is not None:
            raise Asked(question)
        return body(engine)

    return committed(table, asking_first, args)


def move_body(args: JsonDict) -> Any:
    """The engine call the ``move`` arguments describe (checked), for :func:`commit`."""
    if is_oppose(args):
        return oppose_body(args)
    given = next((a for a in AGAINST if args.get(a) not in (None, False)), None)
    if given is not None:
        raise InvalidValue(
            f"{given} is for opposing an ally (the move 'oppose'), not {args['move']!r}",
            input=given,
            value=args[given],
            accepted=("the move oppose",),
        )
    args = answered(args)
    extra: dict[str, Any] = {}
    for name, keyword in (
        ("with", "with"),
        ("as", "as_role"),
        ("role_bonus", "role_bonus"),
        ("raise", "raise"),
        ("new_role", "new_role"),
        ("successor", "successor"),
        ("stats", "stats"),
        ("destination", "destination"),
        ("vow", "vow"),
    ):
        if args.get(name):
            extra[keyword] = args[name]

    def body(engine: Any) -> Any:
        return engine.make_move(
            args["move"],
            args.get("character"),
            stat=args.get("stat"),
            adds=list(args.get("add") or []),
            amount=args.get("amount"),
            track=args.get("track"),
            choose=list(args.get("choose") or []),
            bond=bool(args.get("bond")),
            burn=args.get("burn"),
            ally=args.get("ally"),
            supporter=args.get("supported_by"),
            companion=args.get("companion"),
            vehicle=args.get("vehicle"),
            asset=args.get("asset") or None,
            ability=args.get("ability"),
            name=args.get("name"),
            odds=args.get("odds"),
            reroll=args.get("reroll") or None,
            patient=args.get("patient"),
            abandon=args.get("abandon") or None,
            rank=args.get("rank"),
            foe=args.get("foe"),
            role=args.get("role"),
            **extra,
        )

    return body


def answered(args: JsonDict) -> JsonDict:
    """The arguments with the questions' answers in their own words made plain: ``with``
    "none" (no bond: no +1) and a bool's "yes"/"no"."""
    out = dict(args)
    if str(out.get("with") or "").strip().lower() == NO_BOND.key:
        out["with"] = None
        out["bond"] = False
    return out


def oppose_body(args: JsonDict) -> Any:
    """Face Danger against an ally (seed 000 L5172-5217): the ally is asked when not named."""
    for name, value in args.items():
        if name not in OPPOSE_INPUTS and value not in (None, False, []):
            raise InvalidValue(
                f"oppose takes no {name} (accepted: {', '.join(sorted(OPPOSE_INPUTS))})",
                input=name,
                value=value,
                accepted=sorted(OPPOSE_INPUTS),
            )
    adds = list(args.get("add") or [])
    if len(adds) > 1:
        raise InvalidValue(
            "oppose takes one add (the first character's)",
            input="add",
            value=adds,
            accepted=("one add",),
        )

    def body(engine: Any) -> Any:
        from ironsworn.moves.oppose import oppose

        if not args.get("against"):
            alone(len(engine.state.characters))
            me = engine.state.character(args.get("character")).name
            raise OptionNeeded(
                "Oppose: which ally do you act against?",
                "against",
                tuple((n, n) for n in engine.state.characters if n != me),
                subject="move oppose",
            )
        return oppose(
            engine,
            args.get("character"),
            args["against"],
            args.get("stat"),
            args.get("against_stat"),
            adds=adds[0] if adds else 0,
            against_adds=int(args.get("against_add") or 0),
            burn=bool(args.get("burn")),
            against_burn=bool(args.get("against_burn")),
            choose=list(args.get("choose") or []),
        )

    return body


def alone(count: int) -> None:
    """Refuse to oppose an ally with fewer than two characters: there is no one to ask about.
    "When you act against an ally" (seed 000 L5172) takes a second player character."""
    if count < 2:
        raise RuleViolation(
            "oppose: opposing is between two player characters, and this campaign has "
            f"{count or 'none'} (accepted: another character of the campaign)"
        )


def verify_oppose(table: Table, args: JsonDict) -> Question | None:
    """Opposing an ally with none named: which ally (asked before the move is made)."""
    if is_oppose(args) and not args.get("against"):
        who = args.get("character") or table.seat
        alone(len(table.state().characters))
        prefix = f"{who} — " if who else ""
        return MOVE.question(
            table,
            MOVE.input("against"),
            args,
            f"{prefix}Oppose: which ally do you act against?",
        )
    return None


def verify_move(table: Table, args: JsonDict) -> Question | None:
    """What a move asks before it is made, where the engine cannot know the fiction:

    - opposing an ally: which ally;
    - Swear an Iron Vow (classic): whom is the vow to (one of your bonds: +1); Undertake a
      Journey's initial roll by a character with bonds: do you set off from a community you
      share a bond with; Forge a Bond after a vow to someone was fulfilled: with whom (they
      first: the reroll) (:mod:`~ironsworn.table.bond_questions`).
    (The reroll itself, and Companion Endure Harm's amount outside a fight, the engine knows
    and asks itself.)

    The ``move`` operation asks the first when it is verified and the second inside its own
    write (:func:`make_move`), which is where play mode and the web get them; the command
    line asks both at a terminal before it makes the move.
    """
    if is_oppose(args):
        return verify_oppose(table, args)
    who = args.get("character") or table.seat
    return bond_question(table.state(), table.library(), args, who)


def answer(kind: str) -> Any:
    """``choose``, ``burn`` or ``decline``: answer the decision pending (the seat's own)."""

    def run(table: Table, args: JsonDict) -> JsonDict:
        def body(engine: Any) -> Any:
            # Every decision owed (several in co-op play, where the engine sets them aside
            # while others act); else the one pending.
            waiting_on = getattr(engine, "waiting_on", None)
            pending = engine.state.pending
            waiting = (
                list(waiting_on())
                if waiting_on is not None
                else ([pending.get("character")] if pending is not None else [])
            )
            if not waiting:
                raise RuleViolation(f"{kind}: no decision is pending")
            # Whose decision: the seat's character's, or the one named, or the one the token
            # names (a decision set aside while another's waits), or the one waiting now.
            whose = _whose(table, engine.state, args) or waiting[0]
            if whose not in waiting and table.seat is not None:
                raise Forbidden(
                    f"this seat plays {table.seat}: it cannot answer "
                    f"{', '.join(str(w) for w in waiting)}'s decision (accepted: "
                    f"{table.seat}'s own, or the guide seat)"
                )
            if whose not in waiting:
                raise RuleViolation(
                    f"{kind}: {whose} has no decision pending (accepted: a decision of "
                    f"{', '.join(str(w) for w in waiting)})"
                )
            from ironsworn.table.decisions import check_answered_decision

            # A page drawn before the decision changed answers only the one it showed.
            check_answered_decision(engine.state, whose, args.get("decision"), table.store)
            who: dict[str, Any] = {"character": whose} if waiting_on is not None else {}
            if kind == "burn":
                return engine.burn(**who)
            if kind == "decline":
                return engine.decline(**who)
            from ironsworn.table.decisions import named_keys, waiting_decision

            # An asset named as the sheet shows it stands for its option.
            keys = named_keys(engine.state, waiting_decision(engine.state, whose), args["keys"])
            return engine.choose(keys, text=args.get("text"), **who)

        if args.get("seen") is not None:
            from ironsworn.table.decisions import check_nothing_answered_since

            state = table.state()
            whose = _whose(table, state, args) or _waiting_first(state)
            if whose is not None:
                check_nothing_answered_since(table.store, whose, args["seen"])
        return committed(table, body, args)

    return run


def _whose(table: Table, state: Any, args: JsonDict) -> str | None:
    """The character an answer is for: the one named (or the seat's), else the one owing the
    decision its token names; None when neither says."""
    named = table.acting_for(args.get("character"))
    if named is not None:
        return named
    from ironsworn.table.decisions import token_owner

    return token_owner(state, args.get("decision"))


def _waiting_first(state: Any) -> str | None:
    """The character whose decision waits now (None when none does)."""
    pending = state.pending
    return None if pending is None else pending.get("character")


WHOSE = Input(
    "character",
    "text",
    "whose decision (default: the seat's character, or the one waiting now)",
    source=choices.characters,
)
# The decision answered, as the state showed it: refused if another waits by now.
DECISION = (
    Input("decision", "text", "the token of the decision answered, as the state shows it"),
    Input("seen", "int", "the campaign's head the decision was read at", low=0),
)

MOVE = Operation(
    "move",
    "make a move",
    make_move,
    MOVE_INPUTS,
    extra_verify=verify_oppose,
)

OPERATIONS = (
    MOVE,
    Operation(
        "choose",
        "answer the pending decision",
        answer("choose"),
        (
            Input("keys", "texts", "the chosen option keys", True, source=choices.pending_options),
            Input("text", "text", "the words the decision asks for (a new vow's name...)"),
            WHOSE,
            *DECISION,
            *DICE,
        ),
    ),
    Operation(
        "burn", "burn momentum on the pending roll", answer("burn"), (WHOSE, *DECISION, *DICE)
    ),
    Operation(
        "decline", "decline the pending decision", answer("decline"), (WHOSE, *DECISION, *DICE)
    ),
)
