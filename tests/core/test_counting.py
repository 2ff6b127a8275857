"""Counts in words: "1 point", "2 points", never "2 point(s)"."""

from __future__ import annotations

import pytest

from ironsworn.counting import counted


@pytest.mark.parametrize(
    ("number", "noun", "plural", "said"),
    [
        (1, "point", None, "1 point"),
        (2, "point", None, "2 points"),
        (0, "value", None, "0 values"),
        (1, "more card", None, "1 more card"),
        (3, "box", "boxes", "3 boxes"),
        (1, "box", "boxes", "1 box"),
    ],
)
def test_a_count_in_words(number: int, noun: str, plural: str | None, said: str) -> None:
    assert counted(number, noun, plural) == said
