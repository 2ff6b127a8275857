"""Counts in words, as a player reads them: "1 point", "2 points" (never "2 point(s)")."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, the noun plural unless the number is one (``plural``: a
    plural that is not the noun with an s: ``counted(2, "box", "boxes")``)."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
