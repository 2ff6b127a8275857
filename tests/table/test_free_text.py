"""Free text a player writes (a journal entry, a note, an item): its lines and tabs are kept,
a form's line ends are read as new lines, and any other control character is refused in one
line before the store sees it, on SQLite and PostgreSQL (whose text cannot hold a NUL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.journal import entries
from ironsworn.campaign.state import CampaignState
from ironsworn.campaign.store import CampaignStore, Store
from ironsworn.errors import InvalidValue
from ironsworn.names import unwritable
from ironsworn.table import Table, call


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We reach the gate.", None),
        ("First line.\nSecond line.", None),
        ("Supplies:\trope, torch", None),
        ("Kai 🗡️ at the ford", None),
        ("\u202eright to left", None),  # a direction control stays inside the entry it is in
        ("a\x00b", "\x00"),
        ("clear\x1b[2J", "\x1b"),
        ("bell\x07", "\x07"),
        ("carriage\rreturn", "\r"),
        ("\x7fdel", "\x7f"),
        ("next line\x85", "\x85"),
    ],
)
def test_free_text_keeps_lines_and_tabs_and_finds_any_other_control(
    text: str, found: str | None
) -> None:
    assert unwritable(text) == found


@pytest.fixture(params=["sqlite", "postgres"])
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Table]:
    store: Store[Any]
    if request.param == "postgres":
        from ironsworn.campaign.store.postgres import PostgresStore

        url = request.getfixturevalue("postgres_url")
        store = PostgresStore.open(
            url, f"free-{tmp_path.name}", create=True, state_type=CampaignState
        )
    else:
        store = CampaignStore.open(tmp_path / "t.sqlite", create=True, name="t")
    with store:
        made = Table(store, "t")
        call(made, "character", {"name": "Asha", "stats": "edge=3,heart=2,iron=2,shadow=1,wits=1"})
        yield made


def journal_texts(table: Table) -> list[str]:
    return [e["text"] for e in entries(table.store.operations()) if e["text"] is not None]


def test_a_journal_entry_keeps_its_lines_and_tabs(table: Table) -> None:
    call(table, "journal", {"text": "At the gate.\n\tThe wind rises."})
    call(table, "journal", {"text": "A form's lines.\r\nRead as new lines."})
    assert journal_texts(table) == [
        "At the gate.\n\tThe wind rises.",
        "A form's lines.\nRead as new lines.",
    ]


@pytest.mark.parametrize(
    ("operation", "args", "named"),
    [
        ("journal", {"text": "a\x00b"}, "U+0000"),
        ("journal", {"text": "the end\x1b]0;pwned\x07"}, "U+001B"),
        ("note", {"text": "lone\rreturn"}, "U+000D"),
        ("equipment", {"item": "rope\x00", "add": True}, "U+0000"),
    ],
)
def test_other_controls_are_refused_in_one_line_and_nothing_is_kept(
    table: Table, operation: str, args: dict[str, Any], named: str
) -> None:
    before = len(table.store.operations())
    with pytest.raises(InvalidValue) as caught:
        call(table, operation, args)
    message = str(caught.value)
    assert f"holds {named} (a control character)" in message
    assert "accepted: text with no control character but a new line or a tab" in message
    assert "\n" not in message and "\x00" not in message and "PostgreSQL" not in message
    assert len(table.store.operations()) == before


def test_the_refused_characters_are_exactly_the_control_characters_but_two() -> None:
    import unicodedata

    for point in range(0x10000):
        char = chr(point)
        control = unicodedata.category(char) == "Cc" and char not in "\n\t"
        assert unwritable(f"a{char}b") == (char if control else None), hex(point)
