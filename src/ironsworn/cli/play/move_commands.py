"""Play mode's moves: ``/move`` (parsed with the command line's own ``move`` parser, made by the
table's ``move`` operation, asking what it leaves open as numbered menus) and the answers to a
pending decision: ``/choose``, ``/burn`` and ``/decline``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ironsworn.cli.common import Missing
from ironsworn.errors import RuleViolation

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ironsworn.cli.play.session import PlaySession
    from ironsworn.cli.play.slash import Runner
    from ironsworn.cli.play.table_calls import Asker
    from ironsworn.table.questions import Question


def move(session: PlaySession, words: list[str], _raw: str) -> None:
    run_move(session, words)


# Inputs the engine may ask of the move being made, whatever the move's own options list.
ASKED_ANYWAY = frozenset(
    {"against", "against_stat", "foe", "destination", "rank", "role_bonus", "asset", "raise"}
    | {"module", "vow", "stat"}  # stat: an ability's own "+wits or +heart" (Battle-Scarred 3)
)


def run_move(session: PlaySession, words: list[str]) -> None:
    """``/move``: the table's ``move`` operation, asking for what it leaves open (see
    :mod:`.asking`): the fitting assets and Forge a Bond's whom before it is called, then
    the operation's questions (:func:`ironsworn.table.moves.verify_move`'s of the fiction,
    and what the engine finds it needs), each as a numbered menu (:func:`move_asker`)."""
    from ironsworn.cli.move_cmd import (
        MOVE_WORDS,
        check_move_options,
        move_given,
        one_role,
        trailing_stat,
    )
    from ironsworn.cli.play import asking
    from ironsworn.cli.play.slash import leading_words

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
    trailing_stat(args, lambda words: _names_a_move(session, words))
    waiting = session.state().pending
    who = args.character or session.character_name()
    if waiting is not None and waiting.get("character") in (None, who):
        from ironsworn.errors import DecisionPending

        # Refused before its questions are asked: the answers would be thrown away.
        raise DecisionPending(f"{who}'s decision is pending: answer it first")
    if who and _discovers_a_new_site(session, args, who):
        # "When you resolve to enter a perilous site ..., choose the theme and domain ...,
        # and give it a rank" (Delve): with no site yet, the move asks what /site new asks.
        from ironsworn.cli.play.delve_commands import delve
        from ironsworn.moves.delve.sites import require_delve_in

        require_delve_in(session.state().ruleset, session.library)  # (before asking)
        name = asking.menu(session, "Discover a Site: the new site's name", [], free=True)
        delve("site", each_asked=True)(session, ["new", *name.split()], "")
    asked: set[str] = set()
    asking.ask_bond(session, args, asked)
    applies = asking.ask_assets(session, args, asked)
    given = one_role(move_given(args), said_of=None)  # (the engine's words, as before)
    done = session.table(
        "move",
        given,
        command="move",
        names=MOVE_WORDS,
        dice=session.dice_for(args),
        ask=move_asker(session, args, asked, applies),
    )
    session.report(done.result, args.json)


def _discovers_a_new_site(session: PlaySession, args: argparse.Namespace, who: str) -> bool:
    """Whether the move is Discover a Site, with no site named and none active for ``who``."""
    words = " ".join(args.words).replace("'", "").lower()
    key = "_".join(words.split()).rsplit("/", 1)[-1]
    if key != "discover_a_site" or getattr(args, "track", None):
        return False
    return not session.state().open_tracks_of(who, "site")


def move_asker(
    session: PlaySession, args: argparse.Namespace, asked: set[str], applies: Sequence[str] = ()
) -> Asker:
    """How ``/move`` asks the ``move`` operation's questions: a numbered menu (in a script
    too: the next line answers it), the answer kept on ``args`` as the move's option.

    The table's questions of the fiction (whom a vow is to, the ally opposed) are asked as
    the table words them. What the engine finds it needs is asked in play's words (the
    move's stat or track), unless it was asked already, given already, has nothing to
    answer with, or the move itself takes no such option (a follow-on needs it): then it
    is the table's question unanswered, which a terminal asks as the line's option and a
    script is told as one line (its wording, no option named).

    ``applies``: the lines naming the abilities that act on the move unasked
    (:func:`~ironsworn.cli.play.asking.ask_assets`), shown before its first question."""
    from ironsworn.cli.play import asking
    from ironsworn.table import Unanswered

    unshown = list(applies)
    told = False  # what the move asks after its first menu, said to a script once

    def ask(question: Question) -> Any:
        nonlocal told
        name = question.input
        fiction = not question.subject and name in FICTION_INPUTS
        if name in asked or (
            not fiction
            and (
                getattr(args, input_dest(name), None)
                or not (question.choices or question.open)
                or not (name in ASKED_ANYWAY or _takes(session, args, name))
            )
        ):
            raise Unanswered(question)
        asked.add(name)
        while unshown:
            session.out.say(unshown.pop(0))
        # (the engine's own labels: the detail the table adds to a stat says it again)
        options = [
            (c.key, beside(c.key, c.shown() if fiction else c.label)) for c in question.choices
        ]
        prompt = question.prompt
        if fiction:
            pass  # the table's own words, naming who
        elif name in ("stat", "track") and "which do you roll, +" not in prompt:
            # The move's stat or track, in play mode's words.
            prompt = asking.option_question(session, args, name)
        else:
            # An ability's own choice of two stats (Battle-Scarred 3) in the ability's.
            who = args.character or session.character_name() or "you"
            prompt = f"{who} — {prompt}"
        then = ""
        if not told and not session.reader.interactive:
            told = True
            then = asked_next(session, question)
        key = asking.menu(session, prompt, options, question.open, then)
        put_answer(args, name, key)
        return input_value(name, key)

    return ask


def asked_next(session: PlaySession, question: Question) -> str:
    """For a script: what the move asks after ``question`` and before its roll, in play's
    words ("" when nothing): told at its first menu, where it met them one a run (it wrote
    the answer to the first, ran again and met the second)."""
    from ironsworn.table.questions_ahead import questions_ahead

    ahead = questions_ahead(session.at_table(), question)
    if not ahead:
        return ""
    asked = []
    for later in ahead:
        what = ASKED_WORDS.get(later.input, "the " + later.input.replace("_", " "))
        listed = ", ".join(later.keys())
        if later.open:
            listed = f"your own words, or: {listed}" if listed else "your own words"
        asked.append(f"{what} ({listed})" if listed else what)
    return "then asked, a line each: " + "; ".join(asked)


# How a script is told of an input a move asks for later (the others: "the rank").
ASKED_WORDS = {"with": "with whom", "against_stat": "the ally's stat", "as": "the role"}


# The table's questions of the fiction, asked before the engine's (in the table's words):
# a bond (:mod:`ironsworn.table.bond_questions`) and the ally opposed.
FICTION_INPUTS = frozenset({"with", "against"})


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
    value = input_value(name, key)
    setattr(args, input_dest(name), [value] if name == "as" else value)


def input_value(name: str, key: str) -> Any:
    """A menu's answer as the ``move`` operation's input ``name`` takes it."""
    from ironsworn.table.moves import MOVE

    declared = MOVE.options.get(name)
    if declared is not None and declared.kind == "bool":
        return key == "yes"
    if declared is not None and declared.kind in ("texts", "ints"):
        return [key]
    return key


def _names_a_move(session: PlaySession, words: str) -> bool:
    """Whether ``words`` name a move of the campaign's ruleset."""
    from ironsworn.errors import NotFound

    try:
        session.named_move(words.split())
    except NotFound:
        return False
    return True


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
    if not args.keys:
        session.show_decision(pending)  # /choose alone: the options, to choose from
        return
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
