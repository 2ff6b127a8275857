"""Running a command against the campaign: open it, make the change, commit, print.

A writing command makes its change through the table's operation (:func:`table_write`: the
operation commits inside ``store.write()``, where the state is read under the write lock, the
engine changes a working copy and produces events, and the events are appended as one
operation); any error rolls the transaction back, so nothing is written. What the command
line adds: a campaign not started yet is made only when the command succeeds, the dice are
``--dice``/``--seed``, and at a terminal a decision left is asked.
"""

from __future__ import annotations

import argparse

from ironsworn.cli.common import UsageError
from ironsworn.counting import counted
from ironsworn.dice import Dice, FixedDice, typed_dice

# One-shot commands (ask, oracle roll --record) import this module: typing and pathlib are
# left to the commands that need them.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ironsworn.campaign.state import CampaignState
    from ironsworn.campaign.store import Store
    from ironsworn.moves.engine import MoveEngine, OperationResult


def dice_from(args: argparse.Namespace, default: Dice | None = None) -> Dice:
    """Typed dice from ``--dice`` (used in order), else ``--seed``, else ``default`` or random."""
    from ironsworn.table.commit import dice_from as table_dice

    text = getattr(args, "dice", None)
    seed = getattr(args, "seed", None)
    if text is not None and seed is not None:
        raise UsageError(
            f"--dice {text!r} and --seed {seed!r} cannot be combined (accepted: typed "
            "dice with --dice, or random dice with --seed)"
        )
    if text is not None:
        return typed_dice(text, source="--dice")
    return table_dice(None, seed, default)


def check_dice_used(dice: Dice) -> None:
    """Refuse typed dice that the command did not roll (they were meant for something)."""
    if isinstance(dice, FixedDice) and dice.remaining:
        raise UsageError(
            f"--dice: {counted(dice.remaining, 'value')} left over, not rolled (accepted: exactly "
            "the dice this command rolls; a pending decision's rolls take their own --dice); "
            "nothing was changed"
        )


def table_write(
    args: argparse.Namespace,
    name: str,
    given: dict[str, Any],
    names: dict[str, str] | None = None,
) -> list[OperationResult]:
    """Make the table's operation ``name`` with the arguments ``given`` (None: left out) on
    the campaign of ``args``, at the guide's seat: the engine's result of each commit it made.

    A campaign that does not exist yet is made only when the operation succeeds (it first
    runs on an empty campaign in memory, with a copy of the dice), the dice are
    ``--dice``/``--seed`` and typed dice must all be rolled, and at a terminal a decision it
    leaves is asked once the result is printed. Errors and questions are worded with the
    command's flags, the inputs of ``names`` with the command's own words
    (:func:`~ironsworn.cli.common.table_call`).
    """
    results = _table_run(args, name, given, names)[1]
    from ironsworn.cli.deciding import left_pending

    # At a terminal a decision the last commit leaves is asked once the result is printed.
    if results:
        results[-1] = left_pending(args, results[-1])
    return results


def table_answer(
    args: argparse.Namespace,
    name: str,
    given: dict[str, Any],
    names: dict[str, str] | None = None,
) -> Any:
    """:func:`table_write` for an operation whose answer is what is shown (an oracle roll
    kept, Ask the Oracle kept): its answer."""
    return _table_run(args, name, given, names)[0]


def _table_run(
    args: argparse.Namespace,
    name: str,
    given: dict[str, Any],
    names: dict[str, str] | None,
) -> tuple[Any, list[OperationResult]]:
    """Run the operation as :func:`table_write` says: its answer and the engine's results."""
    import copy

    from ironsworn.campaign.registry import resolve
    from ironsworn.cli.common import table_call
    from ironsworn.table import Table

    ref = resolve(getattr(args, "campaign", None), getattr(args, "database", None))
    dice = dice_from(args)
    sent = {key: value for key, value in given.items() if value is not None}
    if not ref.started():
        from ironsworn.campaign.store import default_state_type
        from ironsworn.table.trial import TrialStore

        # (a campaign not made yet, empty and in memory: the trial run keeps nothing)
        trial = TrialStore(ref.name, default_state_type()())
        table = Table(trial, ref.name, dice_default=copy.deepcopy(dice), results=[], dice_once=True)
        table_call(trial, name, sent, names, table)
    store = ref.open(create=True)
    with store:
        table = Table(store, store.name, dice_default=dice, results=[], dice_once=True)
        answer = table_call(store, name, sent, names, table)
    return answer, list(table.results or ())


def commit(
    store: Store[Any],
    library: Any,
    dice: Dice,
    body: Callable[[MoveEngine], OperationResult],
) -> OperationResult:
    """The table's commit path (:func:`ironsworn.table.commit.commit`), its leftover dice
    worded with the command line's ``--dice``."""
    from ironsworn.table.commit import commit as table_commit

    def checked(engine: MoveEngine) -> OperationResult:
        result = body(engine)
        check_dice_used(dice)
        return result

    return table_commit(store, library, dice, checked, all_dice=False)


def discard_if_empty(store: Store[Any]) -> None:
    """Remove a campaign that holds no operation (see :mod:`ironsworn.table.commit`)."""
    from ironsworn.table.commit import discard_if_empty as discard

    discard(store)


def read_state(args: argparse.Namespace | None) -> CampaignState:
    """The campaign's current state, for commands that only read."""
    from ironsworn.campaign.registry import open_campaign

    store = open_campaign(
        getattr(args, "campaign", None), create=False, database=getattr(args, "database", None)
    )
    with store:
        state: CampaignState = store.state()
    return state


def state_if_any(args: argparse.Namespace | None) -> CampaignState | None:
    """The campaign's current state, or None when there is no campaign yet or it cannot be
    read: for a command that only looks at the campaign when it is there (``args`` None or
    without ``campaign``: $IRONSWORN_CAMPAIGN or the current one)."""
    from ironsworn.errors import IronswornError

    try:
        return read_state(args)
    except IronswornError:
        return None


def describe_result(
    result: OperationResult, outcomes: bool = False, *, come_back: bool = True, aside: bool = True
) -> str:
    """Short, readable lines for a move or change, in the order it happened (see
    :mod:`ironsworn.cli.result_text`), then what is pending: the decision in full when this
    operation asked it, else one line reminding what is owed (:func:`pending_reminder`);
    ``outcomes``: with each move's outcome text; ``come_back``: with a decision set aside
    that the operation brought back (a menu that asks it next says False); ``aside``: with a
    line naming the decisions set aside for other characters (:func:`set_aside_line`)."""
    from ironsworn.cli.result_text import describe_result as told

    shown = pending_text if asked_now(result) else pending_reminder
    back = _come_back(result) if come_back else None
    if back is not None:
        from dataclasses import replace

        # Another character's decision, set aside, waits now: shown in full (a new one to
        # the command line's player), though the engine's result leaves it out.
        result, shown = replace(result, pending=back), pending_text
    text = told(result, shown, outcomes)
    waiting = set_aside_line(result.after) if aside else None
    return text if waiting is None else f"{text}\n{waiting}"


def set_aside_line(state: Any) -> str | None:
    """The decisions other characters owe, set aside while another acts, in one line (who,
    and what it asks), so that nobody forgets one waits; None when none is set aside."""
    parked: dict[str, Any] = getattr(state, "parked", None) or {}
    if not parked:
        return None
    from ironsworn.content import load_library

    moves = load_library().moves
    said = []
    for owner, entry in parked.items():
        decision = entry["pending"]
        move = moves.get(str(decision.get("move")))
        what = asks(decision) if decision.get("prompt") else "a decision"
        if move is not None and not what.startswith(move.name):
            what = f"{move.name}: {what}"
        said.append(f"{decision.get('character') or owner}'s decision ({what})")
    pending = getattr(state, "pending", None)
    now = pending.get("character") if isinstance(pending, dict) else None
    until = f", set aside until {now}'s is answered" if now else ", set aside"
    return f"also waiting: {'; '.join(said)}{until}"


def _come_back(result: OperationResult) -> dict[str, Any] | None:
    """The decision set aside that this operation brought back to wait now (its result
    names none: it is not the operation's own), or None."""
    pending: dict[str, Any] | None = getattr(result.after, "pending", None)
    if result.pending is not None or pending is None:
        return None
    for event in result.events:
        if event.get("type") == "parked":  # it left the decisions set aside: it is that one
            aside = (event.get("from") or {}).values()
            if any(entry.get("pending") == pending for entry in aside):
                return pending
    return None


def asked_now(result: OperationResult) -> bool:
    """Whether ``result``'s operation asked the decision it leaves pending (made it, or
    changed it), rather than leaving one that waited already as it was."""
    return result.pending is not None and any(
        e.get("type") == "pending" and e.get("to") is not None for e in result.events
    )


def pending_reminder(pending: dict[str, Any]) -> str:
    """A decision that waited already, after a command that did not touch it: one line of
    what is owed and how to see its options (a burn offer is one line as it is)."""
    if pending["kind"] == "burn":
        return pending_text(pending)
    count = len(pending.get("options") or ())
    options = "1 option" if count == 1 else f"{count} options"
    return (
        f"PENDING ({pending['character']}): {asks_in_move(pending)} ({options}) — ironsworn "
        "choose KEY; ironsworn sheet shows the options"
    )


def asks_in_move(pending: dict[str, Any]) -> str:
    """What a decision asks, led by its move's name where the prompt does not begin with it
    ("Clash: choose one": a bare "choose one" did not say whose roll it follows)."""
    from ironsworn.content import load_library

    move = load_library().moves.get(str(pending.get("move")))
    said = asks(pending)
    return f"{move.name}: {said}" if move is not None and not said.startswith(move.name) else said


def pending_text(pending: dict[str, Any], aside_for: str | None = None) -> str:
    """How a pending decision is shown, with the commands that answer it; ``aside_for``: the
    character whose decision waits now, this one set aside until it is answered (choose
    answers theirs, so it is not offered for this one)."""
    head = f"PENDING ({pending['character']}): {asks_in_move(pending)}"
    aside = None
    if aside_for is not None:
        aside = (
            f"set aside until {aside_for}'s is answered (ironsworn choose answers "
            f"{aside_for}'s first)"
        )
    if pending["kind"] == "burn":
        return head if aside is None else f"{head} — {aside}"
    options = "\n".join(f"    {o['key']:<24} {o['text']}" for o in pending["options"])
    how = "ironsworn choose KEY" + (" (or decline)" if int(pending.get("min", 1)) == 0 else "")
    from ironsworn.table.decisions import offers_rows, rolls_offered

    rolls = rolls_offered(pending) if offers_rows(pending) else None
    if rolls is not None:
        # A number is a roll here (the row holding it), not an option's place in the list.
        how += f" or ROLL ({rolls[0]}-{rolls[1]}: the row holding it)"
    asked = pending.get("text")
    if asked:
        which = f" with {', '.join(asked['keys'])}" if asked.get("keys") else ""
        default = f"; default: {asked['default']}" if asked.get("default") is not None else ""
        options += f"\n  {asked['prompt']}{which}: --text WORDS{default}"
    return f"{head} — {aside or how}\n{options}"


def asks(pending: dict[str, Any]) -> str:
    """What a decision asks, without the name of whose it is where the prompt begins with it
    (Sojourn's "Asha: choose 3"): it is shown after PENDING already."""
    return str(pending["prompt"]).removeprefix(f"{pending.get('character')}: ")


def recording(args: argparse.Namespace) -> bool:
    """Whether a one-shot roll (oracle, ask) is kept: ``--record``; ``--campaign`` and
    ``--database`` name where, so without it they are refused."""
    if getattr(args, "record", False):
        return True
    if getattr(args, "campaign", None) is not None:
        raise UsageError(
            f"--campaign {args.campaign!r} is only used with --record (accepted: "
            "--record --campaign PATH, to keep the roll in that campaign)"
        )
    if getattr(args, "database", None) is not None:
        raise UsageError(
            f"--database {args.database!r} is only used with --record (accepted: "
            "--record --database URL, to keep the roll in a campaign there)"
        )
    return False


def record_options(parser: argparse.ArgumentParser) -> None:
    """``--record`` (and ``--campaign``) for one-shot rolls that can be kept in the log."""
    parser.add_argument(
        "--record", action="store_true", help="keep this roll in the campaign's log and journal"
    )
    parser.add_argument("--campaign", metavar="PATH", help="campaign file (with --record)")
    parser.add_argument(
        "--database", metavar="URL", help="PostgreSQL database of campaigns (with --record)"
    )


def undo_told(done: str, operation: Any, headline: str) -> str:
    """What undo or redo (``done``: "undid", "redid") took back or put back, in one line:
    ``#seq kind: headline``; an answer to a decision by whose answer it is and to which move
    ("undid #25: Kira's answer to Resupply: declined", not "undid #25 decline: declined");
    ``headline``: the operation's line in the log."""
    from ironsworn.campaign.journal import ANSWERS, without_name

    if operation.kind not in ANSWERS:
        return f"{done} #{operation.seq} {operation.kind}: {headline}"
    from ironsworn.content import load_library

    move_id = None
    for event in operation.events:
        asked = event.get("from") if event.get("type") == "pending" else event
        if isinstance(asked, dict) and asked.get("move"):
            move_id = asked["move"]
            break
    move = load_library().moves.get(str(move_id)) if move_id else None
    who = operation.character
    told = without_name(headline, who)
    whose = f"{who}'s answer" if who else "the answer"
    to = f" to {move.name}" if move is not None else ""
    return f"{done} #{operation.seq}: {whose}{to}: {told}"
