"""The server's long-lived objects, set aside from the garbage collector once, at start.

Python's cycle collector now and then makes a full collection: it walks every object that has
survived the younger collections. In the table's server most of those are the modules,
classes and functions loaded at start and the content library, which live as long as the
process: under load (``benchmarks/web.py``, spread: 500 moves a second) a full collection
walked some 50,000 of them and held every request for 30 to 60 ms, a few times a minute,
and each such pause left pages waiting past their next turn. :func:`settle` loads what a move
and a page read use, collects once, then freezes what is left (``gc.freeze``): the collector
never walks those objects again, and a full collection walks only what the server made since.

It also lets more objects be made between two young collections (:data:`YOUNG`, 700 by
default): a change's page state lives until the next change, tens of milliseconds, long
enough to outlive a few young collections at the default and be promoted, and promotions are
what bring the full collections on. At 10,000 the young collections ran 79 times in a 20 s
spread run instead of 416, the full ones once instead of three times, and the collector's time
fell from about 200 ms to 50 ms, none of its pauses over 4 ms but the full one.

Only ``serve`` settles its process (a test run that froze its objects would keep every cycle
its later tests leave behind).
"""

from __future__ import annotations

import gc
import importlib

# What a page's move and reads load on first use: loaded before the freeze, they are set
# aside with the rest.
WARM = (
    "ironsworn.campaign.journal",
    "ironsworn.campaign.store",
    "ironsworn.moves.engine",
    "ironsworn.table.moves",
    "ironsworn.table.reads",
    "ironsworn.web.actions",
    "ironsworn.web.changes",
)


YOUNG = 10_000  # objects made between two young collections (the first threshold)


def settle() -> int:
    """Load what the table's work uses, collect, and freeze every object left (they are the
    process's own for good); the young collections' threshold raised to :data:`YOUNG`. How
    many objects were frozen."""
    for name in WARM:
        importlib.import_module(name)
    from ironsworn.content import load_library

    load_library()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
    return gc.get_freeze_count()
