"""What the player wrote on an asset card, as every text shows it after the card's name.

A card's field is a name (the hound's, the god's, the starship's) or something else the card
asks for (the Wright's specialty). A name is shown in quotes, Hound “Brann”; anything else
with its label, Wright (specialty: bowyer), so that a craft does not read like somebody's name.
The sheet, the results, the journal and the story all word it here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def field_label(record: Mapping[str, Any]) -> str:
    """The label of the field holding the card's written words (``name`` when unknown)."""
    value = record.get("input")
    fields = record.get("fields") or {}
    return next((str(k) for k, v in fields.items() if v == value), "name")


def given_words(record: Mapping[str, Any], value: Any = None) -> str:
    """`` “Brann”`` or `` (specialty: bowyer)`` (with its leading space), or ``""`` when the
    player wrote nothing; ``value`` stands for the record's own words when given (a text
    already escaped for Markdown)."""
    written = record.get("input")
    if not written:
        return ""
    shown = written if value is None else value
    label = field_label(record)
    if "name" in label:
        return f" “{shown}”"
    return f" ({label.replace('_', ' ')}: {shown})"
