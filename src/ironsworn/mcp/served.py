"""The campaign an MCP server plays: its store on one worker thread, and the server's dice.

One store object per server, touched only by one worker thread (an SQLite connection belongs
to the thread that opened it), so the calls of every client run one after another, in the
order they arrived. The store re-reads its head on every read, so a change made meanwhile by
the command line, play mode or the web table is seen by the next call.

**Fair dice.** The server rolls: one random source for the server's whole life (seeded only
when the server is started with a seed, for reproducible tests and transcripts). A model
cannot name its dice unless the campaign's ``own_dice`` option is on (the players type in
the dice they rolled by hand, and a model at that table may too).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ironsworn.campaign.registry import CampaignRef
    from ironsworn.campaign.store import Store
    from ironsworn.content.loader import Ruleset
    from ironsworn.dice import Dice

T = TypeVar("T")


@dataclass
class ServedCampaign:
    """The campaign ``ref`` as one server serves it."""

    ref: CampaignRef
    seed: str | None = None
    _store: Store[Any] | None = None
    _started: bool = False  # the campaign held operations when the store was opened
    _dice: Dice | None = None
    _executor: ThreadPoolExecutor = field(init=False)

    def __post_init__(self) -> None:
        self._executor = ThreadPoolExecutor(1, thread_name_prefix=f"mcp-{self.ref.name}")

    @property
    def name(self) -> str:
        return self.ref.name

    # ------------------------------------------------------------------------ the worker

    async def call(self, work: Callable[[ServedCampaign], T]) -> T:
        """Run ``work(self)`` on the worker thread, after the calls queued before it."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, work, self)

    def close(self) -> None:
        """Close the store on its own thread and stop the thread."""

        def shut(_: ServedCampaign) -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._executor.submit(shut, self).result()
        self._executor.shutdown(wait=True)

    # ------------------------------------------------- on the worker thread (inside call)

    def store(self, *, create: bool = False) -> Store[Any] | None:
        """The campaign's store, opened on first use; None while it is not started and
        ``create`` is false (a server that was only read from leaves no empty campaign)."""
        if self._store is None:
            started = self.ref.started()
            if not create and not started:
                return None
            self._store = self.ref.open(create=create)
            self._started = started
        return self._store

    def discard_if_empty(self) -> None:
        """Remove the campaign again when the call that created it wrote nothing (a bad
        first call leaves no empty campaign behind, as on the command line)."""
        if self._store is None or self._started:
            return
        if any(self._store.counts().values()):
            self._started = True
            return
        from ironsworn.table.commit import discard_if_empty

        store, self._store = self._store, None
        discard_if_empty(store)

    def state(self) -> Any:
        """The campaign's state now (an empty one before anything was played)."""
        store = self.store()
        if store is None:
            from ironsworn.campaign.store import default_state_type

            return default_state_type()()
        return store.state()

    def library(self) -> Ruleset:
        from ironsworn.content import load_library

        return load_library()

    def dice(self) -> Dice:
        """The server's dice: one random source for every roll this server makes."""
        if self._dice is None:
            from ironsworn.dice import RandomDice

            self._dice = RandomDice(self.seed)
        return self._dice


def own_dice_allowed(state: Any) -> bool:
    """Whether the campaign lets players enter dice they rolled themselves."""
    option = getattr(state, "option", None)
    return bool(option("own_dice")) if option is not None else False
