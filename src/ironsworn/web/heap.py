"""The server's long-lived objects, set aside from the garbage collector once, at start.

Python's cycle collector now and then makes a full collection: it walks every object that has
survived the younger collections. In the table's server most of those are the modules,
classes and functions loaded at start and the content library, which live as long as the
process: under load (``benchmarks/web.py``, spread: 500 moves a second) a full collection
walked some 50,000 of them and held every request for 30 to 60 ms, a few times a minute,
and each such pause left pages waiting past their next turn. :func:`settle` loads what a move
and a page read use, collects once, then freezes what is left (``gc.freeze``): the collector
never walks those objects again, and a full collection walks only what the server made since.

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


def settle() -> int:
    """Load what the table's work uses, collect, and freeze every object left (they are the
    process's own for good); how many objects were frozen."""
    for name in WARM:
        importlib.import_module(name)
    from ironsworn.content import load_library

    load_library()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
