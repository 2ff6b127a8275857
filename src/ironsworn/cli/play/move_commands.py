"""Play mode's moves: ``/move`` (made with the command line's own ``move`` parser, asking what
it leaves open as numbered menus) and the answers to a pending decision: ``/choose``, ``/burn``
and ``/decline``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import Missing
from ironsworn.errors import RuleViolation

if TYPE_CHECKING:
    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.slash import Runner


def move(session: PlaySession, words: list[str], _raw: str) -> None:
    run_move(session, words)


# Inputs the engine may ask of the move being made, whatever the move's own options list.
ASKED_ANYWAY = frozenset(
    {"against", "against_stat", "foe", "destination", "rank", "role_bonus", "asset", "raise"}
    | {"module", "vow", "stat"}  # stat: an ability's own "+wits or +heart" (Battle-Scarred 3)
)


def run_move(session: PlaySession, words: list[str]) -> None:
    """``/move``: make the move, asking for what it leaves open (see :mod:`.asking`): the
    table's questions (:func:`ironsworn.table.moves.verify_move`) and what the engine finds
    it needs, each as a numbered menu."""
    from ironsworn.cli.move_cmd import check_move_options, move_call, move_inputs
    from ironsworn.cli.play import asking
    from ironsworn.cli.play.slash import leading_words
    from ironsworn.errors import OptionNeeded
    from ironsworn.table.moves import verify_move

    if not leading_words(words)[0] and not {"-h", "--help"} & set(words):
        raise Missing(
            "/move: the following arguments are required: MOVE",
            "/move: which move? (its name; Tab completes it, /move list lists them)",
        )
    args = session.parse("move", words)
    # Play mode sets --campaign itself, and --character to the one acting (/as).
    check_move_options(args, ignore=("campaign", "character") if session.acting else ("campaign",))
    if args.words[0] == "show" or args.words == ["list"]:
        # The command line's own move list / move show, called past its option check (which
        # would refuse the --campaign play mode sets).
        from ironsworn.cli.move_info import list_moves, show_move

        if args.words[0] == "show":
            if len(args.words) < 2:
                raise Missing("/move show needs a move id or name", "/move show: which move?")
            args.id = " ".join(args.words[1:])
        args.func = show_move if args.words[0] == "show" else list_moves
        session.run_cli(args)
        return
    waiting = session.state().pending
    who = args.character or session.character_name()
    if waiting is not None and waiting.get("character") in (None, who):
        from ironsworn.errors import DecisionPending

        # Refused before its questions are asked: the answers would be thrown away.
        raise DecisionPending(f"{who}'s decision is pending: answer it first")
    asked: set[str] = set()
    while True:
        asking.ask_bond(session, args, asked)
        asking.ask_assets(session, args, asked)
        question = verify_move(session.at_table(), move_inputs(args))
        if question is not None and question.input not in asked:
            asked.add(question.input)
            options = [(c.key, beside(c.key, c.shown())) for c in question.choices]
            answer = asking.menu(session, question.prompt, options, question.open)
            put_answer(args, question.input, answer)
            continue
        try:
            result = session.commit(move_call(args), session.dice_for(args))
            break
        except OptionNeeded as exc:
            if (
                exc.option in asked
                or getattr(args, input_dest(exc.option), None)
                or not (exc.choices or exc.open)
                or not (exc.option in ASKED_ANYWAY or _takes(session, args, exc.option))
            ):
                raise  # asked already, or a follow-on needs it: the engine's message says why
            asked.add(exc.option)
            who = args.character or session.character_name() or "you"
            prompt = str(exc).split(" (accepted:", 1)[0]
            # The move's stat or track, in play mode's words; an ability's own choice of two
            # stats (Battle-Scarred 3) in the ability's.
            if exc.option in ("stat", "track") and "which do you roll, +" not in prompt:
                prompt = asking.option_question(session, args, exc.option)
            else:
                prompt = f"{who} — {prompt}"
            options = [(key, beside(key, label)) for key, label in exc.choices]
            put_answer(args, exc.option, asking.menu(session, prompt, options, exc.open))
    session.report(result, args.json)


def beside(key: str, label: str) -> str:
    """What a menu shows beside a choice's key: its label, less the key it repeats."""
    if label.lower().startswith(key.lower()):
        label = label[len(key) :].lstrip(" :")
    return label


def input_dest(name: str) -> str:
    """The ``move`` parser's dest for a table input or an engine option."""
    from ironsworn.cli.move_cmd import INPUT_DESTS

    return INPUT_DESTS.get(name, name)


def put_answer(args: argparse.Namespace, name: str, key: str) -> None:
    """Set a menu's answer on the ``move`` options, in the shape the parser gives them."""
    from ironsworn.table.moves import MOVE

    declared = MOVE.options.get(name)
    value: Any = key
    if declared is not None and declared.kind == "bool":
        value = key == "yes"
    elif (declared is not None and declared.kind in ("texts", "ints")) or name == "as":
        value = [key]
    setattr(args, input_dest(name), value)


def _takes(session: PlaySession, args: argparse.Namespace, option: str) -> bool:
    """Whether the move named in ``args`` takes ``option`` (so asking for it can help)."""
    from ironsworn.cli.common import OPTION_FLAGS
    from ironsworn.cli.play.move_completion import move_flags
    from ironsworn.errors import IronswornError
    from ironsworn.table.moves import OPPOSE_INPUTS

    if " ".join(args.words).strip().lower() == "oppose":
        return option in OPPOSE_INPUTS  # Face Danger against an ally: not a move of the book
    try:
        move = session.named_move(args.words)
    except IronswornError:
        return False
    return OPTION_FLAGS.get(option, f"--{option}") in move_flags(move)


def choose(session: PlaySession, words: list[str], _raw: str) -> None:
    from ironsworn.cli.play.decisions import resolve_keys

    args = session.parse("choose", words)
    pending = session.state().pending
    if pending is None:
        raise RuleViolation("there is no pending decision")
    if pending["kind"] != "choose":
        raise RuleViolation("the pending decision is a burn offer: /burn or /decline")
    keys = resolve_keys(args.keys, pending)
    session.choose(keys, session.dice_for(args), args.json)


def answer(kind: str) -> Runner:
    def run(session: PlaySession, words: list[str], _raw: str) -> None:
        args = session.parse(kind, words)
        if session.state().pending is None:
            raise RuleViolation("there is no pending decision")  # as /choose says it
        done = session.table(kind, {}, command=kind, dice=session.dice_for(args))
        session.report(done.result, args.json)

    return run
