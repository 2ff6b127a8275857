"""Names a player gives (a character, a track, a person or a place): text every surface shows
as it is, in a log line, a terminal, a page's list and an exported file.

A name may hold any letter, mark, symbol or emoji, but not a control character (a NUL, an
escape that a terminal reads as a command, a bell) nor a bidirectional embedding, override
or isolate, which turns the text after it around wherever the name is shown (a log line
"Zed: momentum 2 → 3" read backwards): one player's name is shown on every other player's
screen.
"""

from __future__ import annotations

import unicodedata

# The bidirectional controls that change the direction of the text after them (an Arabic or
# Hebrew name needs none: its letters carry their direction).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unshowable(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, or None."""
    return next((c for c in text if unicodedata.category(c) == "Cc" or c in BIDI_CONTROLS), None)


def unshowable_words(char: str) -> str:
    """``char`` (from :func:`unshowable`) as a message names it: ``U+001B (a control
    character)``."""
    kind = "a control character" if char not in BIDI_CONTROLS else "a text-direction control"
    return f"U+{ord(char):04X} ({kind})"
