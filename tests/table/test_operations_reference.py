"""``docs/operations.md`` is the table API's reference written from its declarations: the page
must be what :func:`ironsworn.table.reference.markdown` writes now (set
``IRONSWORN_UPDATE_GOLDEN=1`` to write it again after changing an operation), and it names
every operation and every input of each, so a developer reads the registry itself."""

from __future__ import annotations

import os
from pathlib import Path

from ironsworn.table import operations
from ironsworn.table.home import home_operations
from ironsworn.table.inputs import Input
from ironsworn.table.operation import Operation
from ironsworn.table.reference import markdown, section

PAGE = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def test_the_page_is_the_registry_as_it_is_now() -> None:
    written = markdown()
    if os.environ.get("IRONSWORN_UPDATE_GOLDEN"):
        PAGE.write_text(written, encoding="utf-8")
    assert PAGE.read_text(encoding="utf-8") == written, (
        "docs/operations.md is stale: python -m ironsworn.table.reference > docs/operations.md"
    )


def test_every_operation_and_input_is_on_the_page() -> None:
    page = PAGE.read_text(encoding="utf-8")
    for operation in [*operations(), *home_operations()]:
        start = page.index(f"### `{operation.name}`\n")
        end = page.find("\n### ", start + 1)
        told = page[start : end if end != -1 else None]
        assert operation.summary.split()[0] in told
        for declared in operation.inputs:
            assert f"| `{declared.name}` |" in told, (operation.name, declared.name)


def test_a_section_says_kind_range_fixed_values_and_escapes_pipes() -> None:
    def body(_table: object, _args: object) -> None:
        return None

    made = Operation(
        "roll_it",
        "roll something | or not",
        body,
        (
            Input("count", "int", "how many | at most 3", required=True, low=1, high=3),
            Input("odds", "text", "the odds", fixed=("likely", "unlikely")),
        ),
        writes="never",
    )
    lines = section(made)
    assert lines[0] == "### `roll_it`"
    assert lines[2] == "roll something \\| or not (reads only)."
    assert "| `count` | integer; 1 to 3 | yes | how many \\| at most 3 |" in lines
    assert "| `odds` | text; fixed: `likely`, `unlikely` |  | the odds |" in lines
