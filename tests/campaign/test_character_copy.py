"""A character's copy (issue 24: every fork copies the active characters, looking only at the
fields that hold lists and dicts): equal to the original, sharing no list or dict with it at
any depth, whatever the fields hold; a change to the copy leaves the original as it was."""

from __future__ import annotations

import copy as copy_module
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ironsworn.campaign.character_state import CharacterState

SCALARS = st.none() | st.booleans() | st.integers(-5, 10) | st.text(max_size=4)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)
LISTS = st.lists(JSON, max_size=3)
DICTS = st.dictionaries(st.text(max_size=4), JSON, max_size=3)


def containers(value: Any) -> list[Any]:
    """Every list and dict inside ``value``, itself included."""
    found: list[Any] = []
    if isinstance(value, dict | list):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            found += containers(item)
    return found


@settings(max_examples=200, deadline=None)
@given(
    stats=st.dictionaries(st.sampled_from(["edge", "heart", "iron"]), st.integers(0, 4)),
    debilities=st.lists(st.sampled_from(["wounded", "shaken"]), max_size=2),
    bonds=st.lists(st.text(max_size=4), max_size=2),
    assets=st.lists(DICTS, max_size=2),
    flags=DICTS,
    legacy=DICTS,
    lasting=st.lists(DICTS, max_size=2),
    extra=st.none() | JSON,
)
def test_a_copy_is_equal_and_shares_no_list_or_dict(
    stats: dict[str, int],
    debilities: list[str],
    bonds: list[str],
    assets: list[Any],
    flags: dict[str, Any],
    legacy: dict[str, Any],
    lasting: list[Any],
    extra: Any,
) -> None:
    char = CharacterState(
        "Hero", stats, debilities=debilities, bonds=bonds, assets=assets, flags=flags
    )
    char.legacy, char.lasting = legacy, lasting
    if extra is not None:
        char.__dict__["kept_beside"] = extra  # something beside the fields: copied too
    before = copy_module.deepcopy(char.__dict__)
    copy = char.copy()
    assert copy == char and copy.__dict__ == char.__dict__
    mine = {id(c) for value in char.__dict__.values() for c in containers(value)}
    assert not any(id(c) in mine for value in copy.__dict__.values() for c in containers(value))
    copy.stats["edge"] = 99
    copy.debilities.append("x")
    copy.flags["new"] = 1
    assert char.__dict__ == before
