"""Roles instead of assets through the table API (issue 21 item 9): the roles offered for a
move, and the refusal of another's role, name only the acting character's own roles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import InvalidValue
from ironsworn.table import Table, call, operation

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        call(made, "option", {"name": "assets", "value": "roles"})
        call(made, "character", {"name": "Asha", "stats": STATS})
        call(made, "character", {"name": "Bo", "stats": STATS})
        yield made


def test_the_roles_offered_are_the_characters_own(table: Table) -> None:
    # "Name a role for your character" (seed 000 L5358): a role is one character's; the
    # choices and the refusal name only the roles of the character making the move.
    call(table, "move", {"move": "advance", "character": "Asha", "new_role": "scout"})
    call(table, "move", {"move": "advance", "character": "Bo", "new_role": "healer"})
    declared = operation("move").input("as")
    assert [c.key for c in declared.choices(table, {"character": "Asha"})] == ["scout"]
    assert [c.key for c in declared.choices(table, {"character": "Bo"})] == ["healer"]
    args = {"move": "face danger", "character": "Asha", "stat": "edge", "dice": "6,1,2"}
    with pytest.raises(InvalidValue) as refused:
        call(table, "move", {**args, "as": "healer", "role_bonus": "+2"})
    assert str(refused.value) == "Asha has no role 'healer' (accepted: scout)"
