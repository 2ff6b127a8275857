"""The inciting incident's vow, made ``unsworn``: the table keeps it as a vow its character
still has to swear with Swear an Iron Vow (the sheet's ``unsworn_vows``), so every surface and
every page offers the same move on it, until the move is made on it (seed 000 L1359: "envision
your inciting incident and Swear an Iron Vow")."""

from __future__ import annotations

import pytest

from ironsworn.errors import InvalidValue
from ironsworn.table import Table, call


def unsworn(table: Table) -> list[str] | None:
    sheet = call(table, "sheet", {"character": "Asha"})
    assert isinstance(sheet, dict)
    found = sheet.get("unsworn_vows")
    return None if found is None else list(found)


def test_a_vow_made_unsworn_is_kept_until_it_is_sworn(asha: Table) -> None:
    assert unsworn(asha) is None
    vow = call(
        asha,
        "track",
        {"kind": "vow", "text": "Find my sister", "rank": "dangerous", "unsworn": True},
    )
    other = call(asha, "track", {"kind": "vow", "text": "Guard the pass", "rank": "troublesome"})
    assert unsworn(asha) == [vow["id"]]
    # Sworn on another vow: this one still waits.
    call(
        asha,
        "move",
        {"move": "swear an iron vow", "track": other["id"], "with": "none", "dice": [6, 1, 2]},
    )
    assert unsworn(asha) == [vow["id"]]
    call(
        asha,
        "move",
        {"move": "swear an iron vow", "track": vow["id"], "with": "none", "dice": [1, 9, 9]},
    )
    assert unsworn(asha) is None  # sworn (a miss too: the move was made)
    call(asha, "choose", {"keys": ["press_on"]})
    call(asha, "undo", {})
    call(asha, "undo", {})  # the swear undone: the vow waits again
    assert unsworn(asha) == [vow["id"]]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ({"kind": "journey", "text": "To the hills", "rank": "dangerous"}, "unsworn"),
        ({"kind": "vow", "text": "Avenge", "rank": "epic", "background": True}, "background vow"),
    ],
)
def test_only_a_vow_that_is_not_the_background_vow_is_made_unsworn(
    asha: Table, args: dict[str, object], named: str
) -> None:
    with pytest.raises(InvalidValue, match=named):
        call(asha, "track", {**args, "unsworn": True})
    assert unsworn(asha) is None
    assert call(asha, "sheet", {"character": "Asha"})["tracks"] == []
