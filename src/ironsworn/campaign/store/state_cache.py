"""The state a campaign store keeps across writes, and its snapshots.

The store folds every committed operation into its own copy of the state and hands callers
forks of it (when the state model can fork); it rebuilds that copy from the newest snapshot
that fits the log, and saves a snapshot every :data:`SNAPSHOT_INTERVAL` live operations.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Generic

from ironsworn.campaign.store.backend import Backend
from ironsworn.campaign.store.operations import SNAPSHOT_INTERVAL, S, _fold, decode_event
from ironsworn.errors import CampaignError

if TYPE_CHECKING:
    from ironsworn.campaign.store.base import Transaction


class StateCache(Backend, Generic[S]):
    """The store's own state (the fold of the live operations up to ``_cache_head``) and its
    snapshots; set up by :class:`~ironsworn.campaign.store.base.Store`."""

    state_type: type[S]
    _state_key: str
    _cache: S | None
    _cache_head: int
    _since: int
    _forks: bool
    _changing: bool
    _reading: int
    # How many live operations _cache folds (None: not known), so that a state another
    # process has written past can be caught up instead of rebuilt (see _catch_up).
    _cache_total: int | None

    def _refresh(self, head: int) -> None:
        """Bring the store's state to ``head``: fold only the operations written since it was
        folded (by another process) when nothing before them changed, else rebuild it."""
        if self._cache is not None and self._cache_head == head:
            return
        if not self._catch_up(head):
            self._rebuild(head)

    def _catch_up(self, head: int) -> bool:
        """Fold the live operations after ``_cache_head`` up to ``head`` into the store's
        state, if every operation it folds is still live; False (nothing changed) otherwise.

        The live operations at or before ``_cache_head`` can only become fewer (an undone
        operation follows every live one, a discarded one never comes back), so they are the
        ones the state folds exactly when the backend's running total of live operations is
        the state's own count plus the live operations after ``_cache_head``.
        """
        cache, folded, after = self._cache, self._cache_total, self._cache_head
        if cache is None or folded is None or not self._forks or head < after:
            return False
        total, added, events = self._catch_up_reads(after, head)
        if total is None or total != folded + added:
            return False
        try:
            index, last_seq = 0, -1
            for op_seq, body in events:
                index = index + 1 if op_seq == last_seq else 0
                last_seq = op_seq
                _fold(cache, decode_event(body, index), int(op_seq), self.location)
        except CampaignError:
            self._forget()  # half folded: rebuild it, and let the fold say what is wrong
            return False
        self._cache_head, self._cache_total = head, total
        self._since += added
        return True

    def _rebuild(self, head: int) -> None:
        """Load the newest usable snapshot at or before ``head`` and fold the rest."""
        state: S | None = None
        base = base_ops = 0
        row = self._snapshot_row(self._state_key, head)
        if row is not None:
            seq, ops, body = row
            if self._snapshot_fits(seq, ops, head):
                try:
                    state = self._read_snapshot(body)
                    base, base_ops = seq, ops
                except Exception:
                    state = None  # an unreadable snapshot is only a lost cache: fold it all
        if state is None:
            state = self.state_type()
            base = base_ops = 0
        since = self._count_live(base, head)
        self._cache_total = None  # until the fold below is complete
        index, last_seq = 0, -1
        for op_seq, body in self._live_events(base, head):
            index = index + 1 if op_seq == last_seq else 0
            last_seq = op_seq
            _fold(state, decode_event(body, index), int(op_seq), self.location)
        self._cache, self._cache_head, self._since = state, head, since
        self._cache_total = base_ops + since

    def _take(self, head: int, *, to_read: bool = False) -> S:
        """The fold up to ``head`` for the caller: a fork of the store's own (``to_read``: a
        view of it, where the model has ``view``), or (for a state model without ``fork``) the
        store's own, which it then forgets."""
        if self._cache is None or self._cache_head != head:
            with self._read():
                self._refresh(head)
        state = self._cache
        assert state is not None
        if self._forks:
            view = getattr(state, "view", None) if to_read else None
            forked: S = state.fork() if view is None else view()  # type: ignore[attr-defined]
            return forked
        self._cache, self._cache_head = None, -1
        return state

    def _forget(self) -> None:
        self._cache, self._cache_head, self._cache_total = None, -1, None

    def _fold_and_snapshot(self, transaction: Transaction[S]) -> None:
        """At commit: fold the new operations into the store's state, save a snapshot if due."""
        appended = transaction.appended
        if not appended:
            return
        if not self._append_counts_live:
            self._bump_live_total(len(appended))
        head = appended[-1].seq
        if self._forks or not transaction.took_state:
            # The store folds the events into its own state, and keeps it for the next write.
            if self._cache is None or self._cache_head != transaction.head:
                self._refresh(transaction.head)
            assert self._cache is not None
            self._changing = True
            try:
                for operation in appended:
                    for event in operation.events:
                        _fold(self._cache, event, operation.seq, self.location)
            except CampaignError:
                if not transaction.took_state:
                    raise  # the store checks the events itself: the whole write rolls back
                # A caller that took tx.state vouched for its events (they are what it applied
                # to its fork); the log keeps them, and the next fold says what is wrong.
                self._forget()
            else:
                self._cache_head = head
                self._since += len(appended)
                if self._cache_total is not None:
                    self._cache_total += len(appended)
        # Otherwise (a state model without fork) the caller built its events on tx.state,
        # which it now owns, and the store has no copy left.
        if self._cache is None and self._ops_since_snapshot(head) >= SNAPSHOT_INTERVAL:
            self._rebuild(head)  # inside the transaction, so it sees the new operations
        if self._cache is not None and self._since >= SNAPSHOT_INTERVAL:
            self._save_snapshot(head, self._cache)
            self._since = 0

    def _ops_since_snapshot(self, head: int) -> int:
        return self._count_live(self._snapshot_base(self._state_key, head), head)

    def _snapshot_fits(self, seq: int, ops: int, head: int) -> bool:
        """Whether a snapshot at ``seq`` saying it folds ``ops`` live operations fits the log.

        The backend's running total of live operations (if it keeps one), less the few live
        ones after ``seq``, answers without scanning the whole log; when that disagrees (a
        total an older version did not keep up to date), the count itself decides. Every
        snapshot saved sets the total from a full count again.
        """
        total = self._live_total()
        if total is not None and total - self._count_live(seq, head) == ops:
            return True
        return self._count_live(0, seq) == ops

    def _bump_live_total(self, delta: int) -> None:
        total = self._live_total()
        if total is not None:
            self._set_live_total(total + delta)

    def _read_snapshot(self, body: str) -> S:
        # A state model may keep its own snapshot text (the game's leaves closed tracks
        # unread until used); otherwise a snapshot is to_dict() JSON.
        reader = getattr(self.state_type, "from_snapshot", None)
        if reader is not None:
            state: S = reader(body)
            return state
        return self.state_type.from_dict(json.loads(body))

    def _save_snapshot(self, head: int, state: S) -> None:
        writer = getattr(state, "snapshot_text", None)
        body = writer() if writer is not None else json.dumps(state.to_dict(), ensure_ascii=False)
        ops = self._count_live(0, head)  # ``head`` is the last live operation: the total
        self._put_snapshot(head, self._state_key, ops, body)
        self._set_live_total(ops)

    def _snapshot_opportunistically(self) -> None:
        """After a long fold on a read, save a snapshot if the lock is free right now.

        This happens after an upgrade made the old snapshots unusable; a busy or read-only
        campaign just skips it (it is only a cache).
        """
        if self._in_write or self._in_group or self._reading:
            return  # inside a transaction already: skipped (a snapshot is only a cache)
        try:
            with self._errors():
                self._begin_write(wait=False)
        except CampaignError:
            return
        self._in_write = True
        try:
            with self._errors():
                if self._cache is not None and self._head() == self._cache_head:
                    self._save_snapshot(self._cache_head, self._cache)
                    self._since = 0
                self._commit()
        except CampaignError:
            self._rollback()
        finally:
            self._in_write = False
