"""The campaign store: the append-only log of what happened, in a SQLite file or PostgreSQL.

A campaign is a sequence of **operations**, one per user action (a whole move with its chain,
a journal entry, a manual edit, an oracle roll). Each operation is a list of **events** (JSON
objects with a ``"type"``); the game state is the fold of the events of every live operation,
in order. The state model is not defined here: any class following :class:`Foldable` will do
(the default is ``ironsworn.campaign.state.CampaignState``, imported when first needed).

Every caller programs against :class:`Store` (``base.py``: the rules below, written once); a
backend supplies transactions and a handful of queries: :class:`CampaignStore` is a SQLite file
per campaign (``sqlite.py``, the default, for a player's machine), ``PostgresStore`` keeps many
campaigns in one PostgreSQL database (``postgres.py`` with ``pg_transactions.py`` and
``pg_database.py``, for a hosted table; psycopg is imported only there). The same test suite
runs against both.

API::

    store = CampaignStore.open(path, create=False, name=None, state_type=None)   # a file
    store.name                      # the campaign's name (recorded when it was created)
    store.location                  # where it is kept, for messages (CampaignStore.path: the file)
    store.state()                   # the folded state: a copy the caller owns
    with store.write() as tx:       # the campaign's write lock: one writer at a time, others wait
        tx.state                    # the state as of the lock (a working copy, yours to mutate)
        tx.append(kind, events, character=None, summary="")   # -> Operation
    # commit when the block ends; an exception rolls everything back (nothing is written)
    with store.group():             # group commit: one transaction, one commit for many steps
        store.step(work)            # work(store) in a savepoint: kept, or undone alone if it raises
    store.watch_writes()            # record what this store writes from now on ...
    store.written()                 # ... -> Written(appended=[Operation...] or None, lowest=seq)
    store.undo()                    # -> the Operation undone, or None
    store.redo()                    # -> the Operation restored, or None
    store.operations()              # live operations in order (include_undone=True: all)
    store.journal_add(text, character=None)                   # -> Operation
    store.close()                   # or use the store as a context manager

Rules the store keeps:

- **Append-only.** Rows are never deleted. Undo marks the last live operation ``undone`` (it is
  the top of the redo stack); redo marks the most recently undone one ``live`` again; a new
  operation after an undo marks the whole redo stack ``discarded``. Undone and discarded
  operations stay in the file and in the JSON export.
- **Durability and concurrency.** A commit returns only once it is durable (SQLite: WAL with
  ``synchronous=FULL``; PostgreSQL: its commit), so an acknowledged operation survives a killed
  process. Writes to one campaign take its lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the
  campaign's row, ``FOR UPDATE``) with a 30 s wait: a second writer waits for the first, and
  ``tx.state`` is read inside the lock, so it includes the other writer's operation.
- **Events are the truth.** ``tx.append`` stores the events as canonical JSON. ``tx.state``
  is built on first use and is the caller's to mutate (the move engine applies each event as
  it emits it); the store never reads it back. A state model may define
  ``check_event(event)`` (the game's does: :mod:`ironsworn.campaign.events`); the store then
  calls it on every event appended or imported, and refuses the write on ``InvalidValue``.
- **The state kept across writes.** A state model with ``fork()`` (the game's: a copy whose
  cost does not grow with the closed tracks of a long campaign) lets the store keep its own
  fold: ``tx.state`` and ``state()`` are forks of it, and at commit the store folds the new
  operations into it (undo reverts the undone operation in it, redo folds it again). It is
  checked cheaply against the log: it is the fold up to a head seq, and the head (one indexed
  query, which every write makes anyway) identifies the live set, so another writer's change
  (another process, another server) is seen and the fold rebuilt. A write that fails before
  the store touched its fold keeps it; one that fails after forgets it. Events the fold
  refuses roll the write back, except those of a caller that took ``tx.state``, which vouches
  for them (they are what it applied): the store forgets its fold and the next rebuild says
  what is wrong. Without ``fork()``, ``tx.state`` and ``state()`` hand over the store's own
  fold, and the next write folds again from the snapshot.
- **Snapshots.** Every :data:`SNAPSHOT_INTERVAL` live operations the folded state
  (``to_dict()`` JSON) is saved, keyed by the seq it folds up to and by the state model
  (class, its ``SNAPSHOT_VERSION`` attribute if any, and the package version), so opening a
  long campaign folds at most a few hundred events. Snapshots are a cache: undo drops those it
  invalidates, and a snapshot written by another state model or version is ignored.
  **State models must bump ``SNAPSHOT_VERSION`` when ``to_dict()`` or ``apply()`` change.**
- **Faults.** A missing, empty, corrupt, foreign (not ironsworn) or newer campaign raises
  :class:`~ironsworn.errors.CampaignError` with one line naming it, and is not written. An
  older schema is migrated (:mod:`ironsworn.campaign.schema`, ``store/pg_schema.py``).
"""

from ironsworn.campaign.store.base import (
    BUSY_TIMEOUT_S,
    SNAPSHOT_INTERVAL,
    SNAPSHOTS_KEPT,
    Foldable,
    Operation,
    Store,
    Transaction,
    check_kind,
    default_state_type,
    encode_event,
    utc_now,
)
from ironsworn.campaign.store.sqlite import CampaignStore, open_in_process

__all__ = [
    "BUSY_TIMEOUT_S",
    "SNAPSHOTS_KEPT",
    "SNAPSHOT_INTERVAL",
    "CampaignStore",
    "Foldable",
    "Operation",
    "Store",
    "Transaction",
    "check_kind",
    "default_state_type",
    "encode_event",
    "open_in_process",
    "utc_now",
]
