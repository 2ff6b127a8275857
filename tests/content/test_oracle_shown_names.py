"""An oracle table's shown name (with its groups where another table shares its name) is
worked out once per content, not on every roll: the classic tables share no name, and their
empty table of labels was worked out again on every Pay the Price (a fifth of a move's
instructions in the move benchmark)."""

from __future__ import annotations

import pytest

from ironsworn.content import load_library, oracle_roller
from ironsworn.content.oracle_roller import shown_name


def test_the_labels_are_worked_out_once_even_when_there_are_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    library = load_library()
    classic = [t for i, t in library.oracles.items() if ":classic/" in i]
    assert classic
    calls = []
    real = oracle_roller._shown_names

    def counted(tables: object) -> dict[str, str]:
        calls.append(1)
        return real(tables)

    monkeypatch.setattr(oracle_roller, "_shown_names", counted)
    library.memo("oracle_shown_names").clear()
    names = [shown_name(library, t) for t in classic for _ in range(3)]
    assert len(calls) == 1
    # The classic tables share no name: each is shown by its own.
    assert names[::3] == [t.name for t in classic]
