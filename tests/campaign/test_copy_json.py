"""copy_json (issue 24 made it tell a value by its type first): the copy the isinstance-only
version made, for JSON-shaped data and for the other values a state or a step may hold.

Dicts of any dict type come out as dicts, lists and tuples of any type as lists, each a new
container all the way down; anything else (a scalar, an enum member, a set, an object) is the
very same object.
"""

from __future__ import annotations

from collections import OrderedDict, namedtuple
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from ironsworn.campaign.character_state import copy_json
from ironsworn.outcomes import Outcome

Pair = namedtuple("Pair", "a b")
_NESTED = (dict, list, tuple)


def reference(value: Any) -> Any:
    """The copy as copy_json made it before (isinstance only)."""
    if isinstance(value, dict):
        return {k: reference(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [reference(v) if isinstance(v, _NESTED) else v for v in value]
    return value


def same(copied: Any, original: Any) -> bool:
    """Equal, of the same types, and sharing no container with ``original``."""
    if type(copied) is not type(reference(original)) or copied != reference(original):
        return False
    if isinstance(original, _NESTED):
        if copied is original:
            return False
        pairs = (
            zip(copied.values(), original.values(), strict=True)
            if isinstance(original, dict)
            else zip(copied, original, strict=True)
        )
        return all(same(c, o) for c, o in pairs)
    return copied is original


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.sampled_from(list(Outcome)),
    st.frozensets(st.integers(), max_size=2),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=2), inner, max_size=3),
        st.dictionaries(st.text(max_size=2), inner, max_size=3).map(OrderedDict),
        st.tuples(inner, inner).map(lambda t: Pair(*t)),
    ),
    max_leaves=12,
)


@given(VALUES)
def test_copy_json_copies_as_it_did(value: Any) -> None:
    assert same(copy_json(value), value)


def test_the_types_it_copies_and_the_values_it_keeps() -> None:
    value = {
        "adds": [1, (2, 3)],
        "context": OrderedDict(keys=[Pair(["Kai"], 1)]),
        "outcome": Outcome.MISS,
        "seen": {1, 2},
    }
    copied = copy_json(value)
    assert copied == {
        "adds": [1, [2, 3]],
        "context": {"keys": [[["Kai"], 1]]},
        "outcome": Outcome.MISS,
        "seen": {1, 2},
    }
    assert type(copied["context"]) is dict and copied["outcome"] is Outcome.MISS
    assert copied["seen"] is value["seen"]  # not JSON's: taken as it is
