"""Names a player gives: any script, mark, symbol or emoji; no control character, no
text-direction override."""

from __future__ import annotations

import pytest

from ironsworn.names import unshowable, unshowable_words


@pytest.mark.parametrize(
    "name", ["Asha", "Ōkami", "أمير", "Kai 🗡️", "👩‍🚀 crew", "Ælfrida Þorn", "李 白"]
)
def test_names_of_any_script_and_emoji_are_showable(name: str) -> None:
    assert unshowable(name) is None


@pytest.mark.parametrize(
    ("name", "found", "words"),
    [
        ("Z\x00ed", "\x00", "U+0000 (a control character)"),
        ("Kai\x1b[2J", "\x1b", "U+001B (a control character)"),
        ("bell\x07", "\x07", "U+0007 (a control character)"),
        ("\x7fdel", "\x7f", "U+007F (a control character)"),
        ("\u202eZed", "\u202e", "U+202E (a text-direction control)"),
        ("a\u2066b\u2069", "\u2066", "U+2066 (a text-direction control)"),
    ],
)
def test_control_characters_are_found_and_named(name: str, found: str, words: str) -> None:
    assert unshowable(name) == found
    assert unshowable_words(found) == words
