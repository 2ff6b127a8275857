"""The one commit path of every surface: run an engine body on the campaign and append.

:func:`commit` reads the state under the store's write lock, runs the body on a
:class:`~ironsworn.moves.engine.MoveEngine` with the dice given, checks that typed dice were
all rolled, and appends the events as one operation; any error rolls the transaction back,
so nothing is written. :func:`dice_from` makes the dice an operation's ``dice``/``seed``
inputs describe. :func:`discard_if_empty` removes a campaign a failed first command created.
"""

from __future__ import annotations

from ironsworn.counting import counted
from ironsworn.dice import Dice, FixedDice, RandomDice, typed_dice
from ironsworn.errors import InvalidValue

# One-shot commands import this module: typing is left to type checkers.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ironsworn.campaign.store import Store
    from ironsworn.moves.engine import MoveEngine, OperationResult


def dice_from(text: str | None, seed: str | None, default: Dice | None = None) -> Dice:
    """Typed dice from ``text`` (used in order), else random dice from ``seed``, else
    ``default`` or unseeded random dice."""
    if text is not None:
        if seed is not None:
            raise InvalidValue(
                f"dice {text!r} and seed {seed!r} cannot be combined (accepted: typed dice, "
                "or random dice with a seed)",
                input="seed",
                value=seed,
                accepted=("typed dice or a seed, not both",),
            )
        return typed_dice(text, source="dice")
    if seed is None and default is not None:
        return default
    return RandomDice(seed)


def check_dice_used(dice: Dice) -> None:
    """Refuse typed dice that the operation did not roll (they were meant for something)."""
    if isinstance(dice, FixedDice) and dice.remaining:
        # ({dice}: each surface names the input its own way, the command line its flag)
        raise InvalidValue(
            f"{{dice}}: {counted(dice.remaining, 'value')} left over, not rolled (accepted: "
            "exactly the dice this operation rolls; a pending decision's rolls take their own "
            "{dice}); nothing was changed",
            input="dice",
            accepted=("exactly the dice this operation rolls",),
        )


def commit(
    store: Store[Any],
    library: Any,
    dice: Dice,
    body: Callable[[MoveEngine], OperationResult],
    *,
    all_dice: bool = True,
) -> OperationResult:
    """Run ``body`` on an engine inside one write transaction and append what it produced.

    The state is read under the write lock, typed dice must all be rolled (unless
    ``all_dice`` is false: play mode's session dice serve many operations), and any error
    rolls the transaction back.
    """
    from ironsworn.moves.engine import MoveEngine

    with store.write() as tx:
        engine = MoveEngine(tx.state, library, dice)
        # (a decision asked now is told apart from one alike; a trial run keeps nothing)
        engine.asked_at = getattr(tx, "head", None)
        result = body(engine)
        if all_dice:
            check_dice_used(dice)
        if result.events:
            note_packs(tx.state, library, result.events)
            tx.append(
                result.kind, result.events, character=result.character, summary=result.summary
            )
        result.after = tx.state
    return result


def note_packs(state: Any, library: Any, events: list[dict[str, Any]]) -> None:
    """Add a ``packs`` event when the content packs in use are not the ones last recorded:
    a campaign remembers the packs it was played with. Those are the packs of its own ruleset
    (a classic campaign with Delve: classic, delve), not every pack the library holds: the
    bundled Starforged moves are no part of a classic campaign."""
    packs = [p.id for p in library.packs if p.ruleset == state.ruleset]
    if packs != state.packs:
        event = {"type": "packs", "from": list(state.packs), "to": packs}
        state.apply(event)  # the store trusts that the state it handed out saw every event
        events.append(event)


def discard_if_empty(store: Store[Any]) -> None:
    """Remove a campaign that holds no operation (one a failed command just created)."""
    from contextlib import suppress
    from pathlib import Path

    from ironsworn.campaign.store import CampaignStore
    from ironsworn.errors import IronswornError

    with suppress(IronswornError):
        counts = store.counts()
        if any(counts.values()):
            return
    from ironsworn.campaign.store import open_in_process

    store.close()
    if not isinstance(store, CampaignStore):
        from ironsworn.campaign.store.postgres import PostgresStore

        if isinstance(store, PostgresStore):
            with suppress(IronswornError):
                store.db.delete_campaign_if_empty(store.name)
        return
    if open_in_process(store.path):
        return  # another part of this process still has it open: never unlink a live file
    with suppress(OSError):
        store.path.unlink()
        for suffix in ("-wal", "-shm", "-journal"):
            Path(str(store.path) + suffix).unlink(missing_ok=True)


def keep(
    store: Store[Any], kind: str, event: dict[str, Any], summary: str, character: str | None
) -> None:
    """Append a one-shot roll (an oracle roll, Ask the Oracle) to the campaign's log; made
    by the only character when none is named and there is one."""
    with store.write() as tx:
        if character is None and len(tx.state.characters) == 1:
            character = next(iter(tx.state.characters))
        tx.append(kind, [{**event, "character": character}], character=character, summary=summary)
